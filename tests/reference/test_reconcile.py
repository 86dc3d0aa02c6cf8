"""Reconciliation: which printed values are one figure, which names are one model, the verdicts and
their multiplicity correction, and the bundled references themselves."""

from __future__ import annotations

import pytest
from statsmodels.stats.multitest import multipletests

from claimcheck.models.names import identity
from claimcheck.pipeline import Options, audit
from claimcheck.reference import bundled, reference_scores
from claimcheck.reference.reconcile import equal_as_printed, identical
from claimcheck.records import COUNTERPART_VERDICTS, CellValue, Resolution, Score
from claimcheck.registry.catalogue import load_catalogue
from claimcheck.registry.resolver import Resolver


def _score(value: float, decimals: int, unit: str = "percent") -> Score:
    scale = {"percent": 100.0, "fraction": 1.0, "rating": 1.0}[unit]
    return Score(id="s", input=0, table=0, row=2, column="A", label="X", model="A",
                 cell=CellValue(raw=str(value), status="ok", value=value, decimals=decimals), resolution=Resolution(),
                 col=1, unit=unit, status="checked", value=value,
                 proportion=value / scale if unit != "rating" else None)


@pytest.mark.parametrize("a, da, b, db, want", [
    (79.8, 1, 79.8, 1, True),
    (79.8, 1, 79.9, 1, False),  # one unit apart: two figures
    (79.8, 1, 79.85, 2, True),  # the coarser print covers the finer
    (79.8, 1, 79.86, 2, False),
    (86.0, 0, 86.0, 1, False),  # whole numbers below 100 print alike too easily
    (2029.0, 0, 2029.0, 0, True),  # a rating of 2029 does not
])
def test_identical_at_the_coarser_precision(a, da, b, db, want):
    unit = "rating" if a > 100 else "percent"
    assert identical(_score(a, da, unit), _score(b, db, unit)) is want


def test_equal_as_printed_includes_whole_numbers():
    assert equal_as_printed(_score(77.0, 0), _score(77.0, 1))
    assert not identical(_score(77.0, 0), _score(77.0, 1))


def test_a_fraction_and_a_percentage_compare_as_proportions():
    assert identical(_score(0.798, 3, "fraction"), _score(79.8, 1))
    assert not identical(_score(0.797, 3, "fraction"), _score(79.8, 1))
    assert identical(_score(0.8, 1, "fraction"), _score(79.8, 1))  # 0.8 covers 0.75-0.85: the coarser print decides


@pytest.mark.parametrize("a, b, same", [
    ("Claude-3.5-Sonnet (10-22)", "Claude-3.5-Sonnet-1022", True),
    ("OpenAI o1-mini", "o1-mini", True),
    ("DeepSeek-R1 (671B)", "DeepSeek R1", True),  # the size printed once
    ("R1-Distill-Qwen-14B", "DeepSeek-R1-Distill-Qwen-14B", True),
    ("**Llama-3.1-405B-Inst.**", "Llama 3.1 405B Instruct", True),
    ("Deepseek-V3 (w/o CoT)", "DeepSeek-V3", True),  # a setup remark, not another model
    ("GPT-4o", "GPT-4o-2024-05-13", True),  # no snapshot printed: not known to differ
    ("GPT-4o-2024-08-06", "GPT-4o 0513", False),
    ("GPT-4o-2024-05-13", "GPT-4o-0513", True),  # the snapshot is its month and day however printed
    ("Llama 3.1 405B", "Llama 3.1 405B Instruct", False),  # base is not instruct
    ("Llama 3.1 70B Instruct", "Llama 3.1 405B Instruct", False),
    ("DeepSeek-R1-Distill-Qwen-7B", "DeepSeek-R1-Distill-Llama-8B", False),
    ("QwQ-32B-Preview", "QwQ-32B", False),
])
def test_one_model_or_two(a, b, same):
    x, y = identity(a), identity(b)
    assert x is not None and y is not None
    assert x.same_model(y) is same and y.same_model(x) is same


def test_a_name_known_only_by_its_shape_has_no_identity():
    assert identity("Nova-2") is None


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_three_verdicts_and_holm_over_the_reference(tmp_path):
    page = _write(tmp_path, "page.csv", "Benchmark,Nova-2,Llama 3.1 8B Instruct\n"
                  "HumanEval,80.5,72.6\nGPQA Diamond,60.1,41.9\nMATH-500,88.0,90.0\nMMLU-Pro (5-shot),75.0,70.0\n")
    ref = _write(tmp_path, "ref.csv", "model,benchmark,score\nLlama-3.1-8B-Instruct,HumanEval,50.0\n"
                 "Llama-3.1-8B-Instruct,GPQA Diamond,40.4\nLlama-3.1-8B-Instruct,MATH-500,85.0\n"
                 "Llama-3.1-8B-Instruct,MMLU-Pro (0-shot),60.0\n")
    report = audit([page], Options(reference_files=(ref,), bundled_references=False))
    by_label = {next(s for s in report.scores if s.id == c.score).label: c for c in report.counterparts}
    assert {c.verdict for c in report.counterparts} <= set(COUNTERPART_VERDICTS)
    assert by_label["HumanEval"].verdict == "discrepant"
    assert by_label["GPQA Diamond"].verdict == "consistent"
    assert by_label["MMLU-Pro (5-shot)"].verdict == "not-comparable"  # 5-shot against 0-shot
    tested = [c for c in report.counterparts if c.comparison.p_adjusted is not None]
    assert len(tested) == 3  # the not-comparable pair is outside the family
    want = multipletests([c.comparison.p for c in tested], method="holm")[1]
    assert [c.comparison.p_adjusted for c in tested] == pytest.approx(list(want), rel=1e-12)
    assert by_label["MATH-500"].verdict == "discrepant"  # 90.0 vs 85.0 of 500: p 0.017, 0.034 after Holm


def test_holm_can_turn_a_raw_discrepancy_consistent(tmp_path):
    # two gaps with raw p = 0.032 each: Holm doubles the smaller to 0.063
    page = _write(tmp_path, "page.csv", "Benchmark,Llama 3.1 8B Instruct,Llama 3.1 70B Instruct\nGPQA Diamond,46.0,46.5\n")
    ref = _write(tmp_path, "ref.csv", "model,benchmark,score\nLlama-3.1-8B-Instruct,GPQA Diamond,35.4\n"
                 "Llama-3.1-70B-Instruct,GPQA Diamond,35.9\n")
    report = audit([page], Options(reference_files=(ref,), bundled_references=False))
    assert len(report.counterparts) == 2
    assert all(c.comparison.p < 0.05 <= c.comparison.p_adjusted for c in report.counterparts)
    assert {c.verdict for c in report.counterparts} == {"consistent"}


def test_alpha_moves_the_verdict(tmp_path):
    page = _write(tmp_path, "page.csv", "Benchmark,Nova-2,Llama 3.1 8B Instruct\nGPQA Diamond,60.1,45.5\n")
    ref = _write(tmp_path, "ref.csv", "model,benchmark,score\nLlama-3.1-8B-Instruct,GPQA Diamond,36.4\n")
    p = audit([page], Options(reference_files=(ref,), bundled_references=False)).counterparts[0].comparison.p
    assert 0.01 < p < 0.1
    strict = audit([page], Options(reference_files=(ref,), bundled_references=False, alpha=p / 2))
    loose = audit([page], Options(reference_files=(ref,), bundled_references=False, alpha=min(0.5, p * 2)))
    assert strict.counterparts[0].verdict == "consistent" and loose.counterparts[0].verdict == "discrepant"


def test_a_page_is_not_its_own_reference():
    ref, path = next((r, p) for r, p in bundled() if r.id == "deepseek-r1-readme")
    report = audit([str(path)], Options())
    assert not [c for c in report.counterparts if c.reference == ref.id]


def test_every_bundled_reference_reads_into_models_and_benchmarks():
    resolver = Resolver(load_catalogue(()))
    for ref, path in bundled():
        assert ref.source.count("@") == 1 and ref.date, ref.id  # pinned to a commit, dated
        scores = reference_scores([(ref, path)], resolver, Options())[ref.id]
        assert len(scores) >= 90, ref.id  # the smallest, Qwen3's Table 13, is 24 rows of 4 models
        known = [s for s in scores if s.benchmark and identity(s.model) is not None]
        assert len(known) >= 0.8 * len(scores), (ref.id, len(known), len(scores))


def test_a_bundled_reference_reads_its_publishers_evaluation_details():
    # Meta's eval_details.md: "... using the main set" under "### GPQA"; the card's GPQA rows are the main set
    ref, path = next((r, p) for r, p in bundled() if r.id == "llama-3.1-model-card")
    assert any(n.startswith("GPQA: ") and "main set" in n for n in ref.notes)
    scores = reference_scores([(ref, path)], Resolver(load_catalogue(())), Options())[ref.id]
    gpqa = [s for s in scores if s.benchmark == "gpqa"]
    assert gpqa and {(s.resolution.subset, s.n) for s in gpqa} == {("main", 448)}


def test_a_page_printing_the_cards_main_set_figure_under_diamond(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("| Benchmark | Nova-2 | Llama-3.1-405B-Instruct |\n|---|---|---|\n"
                    "| GPQA (diamond) | 61.2 | 50.7 |\n| MMLU | 88.0 | 87.1 |\n", encoding="utf-8")
    report = audit([str(page)], Options())
    found = [f for f in report.findings if f.code == "CC202" and f.severity == "warning"]
    assert len(found) == 1 and found[0].details["copied"][0]["subset"] == "main"
    assert found[0].details["copied"][0]["reference"] == "llama-3.1-model-card"


def test_the_qwen3_reference_reads_table_13_of_the_report():
    ref, path = next((r, p) for r, p in bundled() if r.id == "qwen3-technical-report")
    scores = reference_scores([(ref, path)], Resolver(load_catalogue(())), Options())[ref.id]
    got = {(s.model, s.benchmark, s.resolution.version): s.value for s in scores}
    assert got[("Qwen3-32B", "aime", "2024")] == 81.4 and got[("Qwen3-32B", "aime", "2025")] == 72.9
    assert got[("QwQ-32B", "livecodebench", "v5")] == 62.7
    assert sum(1 for s in scores if s.model == "Qwen3-32B") == 24  # every benchmark row of the table


_TUNED_PAGE = """## Instruction Tuned Models

| Benchmark | Llama 3.2 3B | Llama 3.1 8B |
|---|---|---|
| GSM8K (CoT) | 77.7 | 84.5 |
| MATH (CoT) | 48.0 | 51.9 |
| Nexus | 34.3 | 38.5 |
| ARC-C | 78.6 | {arc} |
"""


def test_a_tuned_heading_makes_a_bare_name_the_instruct_checkpoint(tmp_path):
    # "Llama 3.1 8B" under "Instruction Tuned Models" is Llama 3.1 8B Instruct, not the base model of the card
    report = audit([_write(tmp_path, "page.md", _TUNED_PAGE.format(arc="83.4"))], Options())
    models = {c.model for c in report.counterparts if c.reference == "llama-3.1-model-card"}
    assert models == {"Llama 3.1 8B Instruct"}
    base = _write(tmp_path, "base.md", _TUNED_PAGE.replace("Instruction Tuned", "Base Pretrained").format(arc="83.4"))
    assert "Llama 3.1 8B Instruct" not in {c.model for c in audit([base], Options()).counterparts}


def test_a_reprinted_baseline_that_differs_from_its_publishers_card_is_said(tmp_path):
    # Meta's page reprints its Llama 3.1 card on three rows but prints ARC-C 85.0 where the card says 83.4
    report = audit([_write(tmp_path, "page.md", _TUNED_PAGE.format(arc="85.0"))], Options())
    found = [f for f in report.findings if f.code == "CC404" and f.severity == "info"]
    assert len(found) == 1 and found[0].details["values"] == [[85.0, 83.4]] and found[0].details["copied"] == 3
    same = audit([_write(tmp_path, "same.md", _TUNED_PAGE.format(arc="83.4"))], Options())
    assert not [f for f in same.findings if f.code == "CC404"]
    # a row that states a version the card leaves unsaid ("BFCL V2" against its bare "BFCL") says so
    bfcl = audit([_write(tmp_path, "bfcl.md", _TUNED_PAGE.format(arc="83.4") + "| BFCL V2 | 67.0 | 67.1 |\n")], Options())
    (found,) = [f for f in bfcl.findings if f.code == "CC404"]
    assert "'BFCL V2' 67.1 (there 76.1 for Llama 3.1 8B Instruct; version v2 vs not stated)" in found.message
    assert "'ARC-C'" not in found.message


def test_a_bare_name_with_no_heading_is_matched_as_before(tmp_path):
    # no heading: "Llama 3.1 8B" is the card's bare "Llama 3.1 8B" (its base table), never "… Instruct"
    page = _write(tmp_path, "bare.md", _TUNED_PAGE.replace("## Instruction Tuned Models\n\n", "").format(arc="83.4"))
    models = {c.model for c in audit([page], Options()).counterparts if c.reference == "llama-3.1-model-card"}
    assert models == {"Llama 3.1 8B"}


@pytest.mark.parametrize("ref_value", ["8.40", "7.20"])
def test_a_bound_p_never_makes_a_counterpart_discrepant(tmp_path, ref_value):
    # MT-Bench gaps have only a lower-bound p (whole-step ratings): it can show agreement, never a discrepancy
    page = _write(tmp_path, "page.csv", "Benchmark,Nova-2,Llama-2-7B-Chat\nMT-Bench,8.51,8.49\n")
    ref = _write(tmp_path, "ref.csv", f"model,benchmark,score\nLlama-2-7B-Chat,MT-Bench,{ref_value}\n")
    report = audit([page], Options(reference_files=(ref,), bundled_references=False))
    (c,) = [c for c in report.counterparts if c.reference == "ref1"]
    assert c.comparison.p_is_bound and c.verdict == "untestable"
    assert not [f for f in report.findings if f.code == "CC411"]


def test_an_epoch_file_of_fractions_is_a_reference_for_a_page_of_percentages(tmp_path):
    """Epoch AI prints shares (0.7172); a vendor prints percentages (71.5): one proportion on two scales,
    tested as proportions (the gap said on the page's scale), not set apart as mixed units."""
    from statsmodels.stats.proportion import test_proportions_2indep

    from tests.conftest import ROOT

    page = _write(tmp_path, "page.csv", "Benchmark,DeepSeek-R1,grok-3-beta\nGPQA Diamond,71.5,90.0\n")
    epoch = str(ROOT / "tests" / "fixtures" / "harness" / "epoch" / "gpqa_diamond.csv")
    report = audit([page], Options(reference_files=(epoch,), bundled_references=False))
    by_model = {c.model: c for c in report.counterparts}
    r1, grok = by_model["DeepSeek-R1"], by_model["grok-3-beta"]
    assert r1.comparison.comparable and r1.comparison.gap == pytest.approx(71.5 - 71.71717171717171)
    assert r1.verdict == "consistent" and grok.verdict == "discrepant"  # 90.0 vs 75.8 of 198
    want = test_proportions_2indep(round(0.900 * 198), 198, round(0.7575757575757576 * 198), 198,
                                   method="score", compare="diff").pvalue
    assert grok.comparison.p == pytest.approx(want, rel=0.05)
