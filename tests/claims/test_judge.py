"""Judging text claims against the bundled example tables, and the CC6xx rules that report them.

The helper mirrors what the pipeline does: audit the table, parse the sentences
against its models and unresolved labels, judge them against the report's scores
and comparisons, then run the claim rules over a context holding the verdicts.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from claimcheck.checker.base import CheckContext, parse_docstring
from claimcheck import checker
from claimcheck.checker.rules.claims import RULES
from claimcheck.claims import parse_claims, read_claims
from claimcheck.pipeline import Options, audit, claim_vocabulary
from claimcheck.records import ClaimVerdict, Report
from claimcheck.registry.catalogue import load_catalogue
from claimcheck.registry.resolver import Resolver
from tests.conftest import EXAMPLES

ASTRA, AGENT, LINK = "astra_fable_release.csv", "agent_index_preview.csv", "one_link_changed.csv"


@lru_cache(maxsize=None)
def report(table: str, assume_n: int | None = None) -> Report:
    return audit([str(EXAMPLES / table)], Options(assume_n=assume_n))


def judge(table: str, *texts: str, assume_n: int | None = None) -> tuple[ClaimVerdict, ...]:
    rep = report(table, assume_n)
    models, labels, benchmarks = claim_vocabulary(rep.scores)
    items = [(t, f"claims.txt:{i}") for i, t in enumerate(texts, 1)]
    parsed = parse_claims(items, models, Resolver(load_catalogue(), assume_n=assume_n), labels=labels,
                          benchmarks=benchmarks)
    return _checked(rep, parsed)


def _checked(rep: Report, parsed) -> tuple[ClaimVerdict, ...]:
    """The claims judged as the pipeline judges them: their pairs join their table's Holm family."""
    context, _, _ = checker.run(rep.scores, rep.tables, alpha=rep.meta.alpha, claims=parsed, readings=rep.readings,
                                subject=rep.subject)
    return context.claims


def one(table: str, text: str, assume_n: int | None = None) -> ClaimVerdict:
    return judge(table, text, assume_n=assume_n)[0]


def findings(table: str, verdicts, assume_n: int | None = None):
    rep = report(table, assume_n)
    context = CheckContext(scores=rep.scores, comparisons=rep.comparisons, claims=tuple(verdicts))
    return [f for rule in RULES for f in rule().check(context)]


CASES = [
    # supported
    (ASTRA, 500, "Astra significantly outperforms Fable 5.1 on Terminal-Bench Science (64.6% vs 52.6%)",
     "supported", ()),
    (ASTRA, 500, "GPT-6 Astra 在 Terminal-Bench Science 上大幅领先 Claude Fable 5.1", "supported", ()),
    (ASTRA, 500, "Astra delivers a 10-point jump over Fable 5.1 on AutomationBench", "supported", ()),
    (ASTRA, None, "Astra scores 98% on FrontierMath", "supported", ()),
    (ASTRA, None, "Astra 在 FrontierMath 上得分 98%", "supported", ()),
    (AGENT, 500, "Opus 5.5 is on par with Astra on Agent Index", "supported", ()),
    (AGENT, 500, "Claude Opus 5.5 与 GPT-6 Astra 在 Agent Index 上相当", "supported", ()),
    (LINK, None, "Claude Mythos Preview scores 93.9% on SWE-bench Verified", "supported", ()),
    # within noise
    (AGENT, 500, "Opus 5.5 is state of the art on Agent Index", "within-noise", ("CC601",)),
    (AGENT, 500, "Claude Opus 5.5 在 Agent Index 上排名第一", "within-noise", ("CC601",)),
    (AGENT, 500, "GPT-6 Astra beats Claude Fable 5.1 on Agent Index", "within-noise", ("CC601",)),
    (ASTRA, 500, "GPT-6 Astra 在 Terminal-Bench 4.0 上领先", "within-noise", ("CC601",)),
    # contradicted
    (ASTRA, None, "Fable 5.1 outperforms Astra on AutomationBench", "contradicted", ("CC602",)),
    (ASTRA, None, "Fable 5.1 在 AutomationBench 上超过 Astra", "contradicted", ("CC602",)),
    (ASTRA, None, "Astra trails Fable 5.1 on Terminal-Bench Science", "contradicted", ("CC602",)),
    (AGENT, None, "Fable 5.1 is the best on Agent Index", "contradicted", ("CC602",)),
    (ASTRA, 500, "Astra is on par with Fable 5.1 on Terminal-Bench Science", "contradicted", ("CC602",)),
    (ASTRA, None, "Fable 5.1 outperforms Astra on AutomationBench (35.0% vs 41.4%)", "contradicted",
     ("CC602", "CC603")),
    # number mismatch
    (ASTRA, None, "Astra scores 99% on FrontierMath", "number-mismatch", ("CC603",)),
    (ASTRA, None, "Astra 在 FrontierMath 上得分 99%", "number-mismatch", ("CC603",)),
    (ASTRA, None, "Astra delivers a 12-point jump over Fable 5.1 on AutomationBench", "number-mismatch", ("CC603",)),
    (ASTRA, None, "Astra 在 AutomationBench 上比 Fable 5.1 高 12 个百分点", "number-mismatch", ("CC603",)),
    (ASTRA, None, "Astra outperforms Fable 5.1 on Terminal-Bench (59.9% vs 55.8%)", "number-mismatch", ("CC603",)),
    (LINK, None, "GPT-5.2-Codex scores 64.7% on Terminal-Bench with Codex CLI", "number-mismatch", ("CC603",)),
    # incomparable
    (ASTRA, None, "Fable 5.1 leads on HLE with tools", "incomparable", ("CC604",)),
    (ASTRA, None, "Fable 5.1 在 HLE（有工具）上领先", "incomparable", ("CC604",)),
    (ASTRA, None, "Astra is #1 on OSWorld", "incomparable", ("CC604",)),
    (ASTRA, None, "Astra 在 OSWorld 上优于 Fable 5.1", "incomparable", ("CC604",)),
    (LINK, None, "GPT-5.2-Codex gains 7.2 points on Terminal-Bench by switching from Codex CLI to Terminus-2",
     "incomparable", ("CC604",)),
    # a bound on the gap, and denials
    (ASTRA, None, "Astra is within 3 points of Fable 5.1 on Terminal-Bench 4.0", "supported", ()),
    (ASTRA, None, "Astra 与 Fable 5.1 在 Terminal-Bench 4.0 上相差不到 3 分", "supported", ()),
    (ASTRA, None, "Astra is within 1 point of Fable 5.1 on Terminal-Bench 4.0", "number-mismatch", ("CC603",)),
    (ASTRA, None, "Astra is within 5 points of Fable 5.1 on HLE with tools", "incomparable", ("CC604",)),
    (ASTRA, None, "Astra is within 1 point of GPT-5.2-Codex on Terminal-Bench", "unverifiable", ("CC605",)),
    (ASTRA, 500, "Fable 5.1 is no worse than Astra on Terminal-Bench 4.0", "supported", ()),
    (ASTRA, 500, "Fable 5.1 is no worse than Astra on Terminal-Bench Science", "contradicted", ("CC602",)),
    # passive voice, denials of "best", relative gaps, Chinese 比…高, several benchmarks, qualifiers
    (ASTRA, 500, "Fable 5.1 is outperformed by Astra on Terminal-Bench Science", "supported", ()),
    (ASTRA, 500, "Fable 5.1 was surpassed by Astra by 12 points on Terminal-Bench Science", "supported", ()),
    (ASTRA, 500, "Fable 5.1 在 Terminal-Bench Science 上被 Astra 超越", "supported", ()),
    (ASTRA, 500, "Fable 5.1 is beaten by Astra on AutomationBench", "supported", ()),
    (ASTRA, 500, "Fable 5.1 is not the best on AutomationBench", "supported", ()),
    (ASTRA, 500, "Fable 5.1 在 AutomationBench 上并非最佳", "supported", ()),
    (ASTRA, 500, "Astra is not the best on AutomationBench", "contradicted", ("CC602",)),
    (ASTRA, None, "Astra does not lead across the board", "unverifiable", ("CC605",)),
    (ASTRA, None, "Astra 并非在所有基准上都领先", "unverifiable", ("CC605",)),
    (ASTRA, None, "Astra is not on par with Fable 5.1 on Terminal-Bench Science", "unverifiable", ("CC605",)),
    (ASTRA, None, "Astra 在 AutomationBench 上比 Fable 5.1 高 10 分", "unverifiable", ("CC605",)),
    (ASTRA, None, "Astra 在 AutomationBench 上比 Fable 5.1 高 12 分", "number-mismatch", ("CC603",)),
    (AGENT, 500, "Claude Opus 5.5 在 Agent Index 上比 GPT-6 Astra 高 3%", "within-noise", ("CC601",)),
    (ASTRA, None, "Astra is 32% better than Fable 5.1 on AutomationBench", "unverifiable", ("CC605",)),
    (ASTRA, None, "Astra 在 Terminal-Bench Science 上较 Fable 5.1 提升 23%", "unverifiable", ("CC605",)),
    (ASTRA, None, "Astra is 50% better than Fable 5.1 on AutomationBench", "number-mismatch", ("CC603",)),
    (ASTRA, None, "Astra leads Fable 5.1 by up to 15 points on AutomationBench", "unverifiable", ("CC605",)),
    (ASTRA, None, "Astra leads Fable 5.1 by more than 15 points on AutomationBench", "number-mismatch", ("CC603",)),
    (ASTRA, None, "Astra leads Fable 5.1 by 2 to 3 points on Terminal-Bench 4.0", "unverifiable", ("CC605",)),
    (ASTRA, None, "Astra scores between 55% and 60% on Terminal-Bench 4.0", "supported", ()),
    (ASTRA, None, "Astra scores between 58% and 60% on Terminal-Bench 4.0", "number-mismatch", ("CC603",)),
    (ASTRA, 500, "Astra leads Fable 5.1 on Terminal-Bench Science and Terminal-Bench 4.0", "within-noise", ("CC601",)),
    (ASTRA, None, "Astra scores 64.6% on Terminal-Bench Science and 57.9% on Terminal-Bench 4.0", "supported", ()),
    (ASTRA, None, "Astra achieves 96% on FrontierMath and 97.6% on GPQA Diamond", "number-mismatch", ("CC603",)),
    (ASTRA, None, "Astra scores above 95% on GPQA Diamond, FrontierMath and BrowseComp", "number-mismatch",
     ("CC603",)),
    (ASTRA, None, "Astra is 10 points ahead of Fable 5.1 on AutomationBench and 2 points ahead on Terminal-Bench 4.0",
     "unverifiable", ("CC605",)),
    (ASTRA, None, "Fable 5.1 scores 77.9% on OSWorld with strict completion", "number-mismatch", ("CC603",)),
    (ASTRA, 500, "Astra 在 AutomationBench 上比 Fable 5.1 高 10 分，在 Terminal-Bench Science 上高 12 分", "supported",
     ()),
    (ASTRA, None, "Fable 5.1 在 OSWorld 严格完成口径下得分 41.7%", "supported", ()),
    (ASTRA, None, "Astra leads Fable 5.1 on Terminal-Bench 4.0 but trails it on HLE with tools", "unverifiable",
     ("CC605",)),
    (AGENT, None, "Astra is the best non-Anthropic model on Agent Index", "unverifiable", ("CC605",)),
    (AGENT, None, "GPT-6 Astra 是开源模型中 Agent Index 最高的", "unverifiable", ("CC605",)),
    (ASTRA, 500, "Astra is ahead of Fable 5.1 and GPT-5 on Terminal-Bench Science", "unverifiable", ("CC605",)),
    (ASTRA, None, "Astra trails Fable 5.1 and GPT-5 on AutomationBench", "contradicted", ("CC602",)),
    # every benchmark: the worst row decides
    (ASTRA, None, "Astra leads on every benchmark", "incomparable", ("CC604",)),
    (ASTRA, None, "GPT-6 Astra 在所有基准上全面领先", "incomparable", ("CC604",)),
    (ASTRA, None, "Fable 5.1 beats Astra across the board", "contradicted", ("CC602",)),
    (ASTRA, None, "Astra leads on all benchmarks except HLE", "unverifiable", ("CC605",)),
    (ASTRA, None, "Astra leads on most benchmarks", "unverifiable", ("CC605",)),
    (ASTRA, None, "Astra leads on all coding benchmarks", "unverifiable", ("CC605",)),
    # unverifiable
    (ASTRA, None, "Astra outperforms Fable 5.1 on Terminal-Bench (57.9% vs 55.8%)", "unverifiable", ("CC605",)),
    (ASTRA, None, "GPT-6 Astra 在 Terminal-Bench 4.0 上领先", "unverifiable", ("CC605",)),
    (ASTRA, None, "Gemini 4 Ultra beats Astra on Terminal-Bench", "unverifiable", ("CC605",)),
    (ASTRA, None, "Gemini 4 Ultra 在 Terminal-Bench 上超过 Astra", "unverifiable", ("CC605",)),
    (ASTRA, None, "Astra leads on SWE-bench Verified", "unverifiable", ("CC605",)),
    (ASTRA, None, "Astra leads on Terminal-Bench 2.0", "unverifiable", ("CC605",)),
    (ASTRA, None, "Astra is best on CursorBench", "unverifiable", ("CC605",)),
    (ASTRA, None, "Fable 5.1 在 HLE（无工具）上最佳", "unverifiable", ("CC605",)),
    (ASTRA, None, "a 10-point jump on AutomationBench", "unverifiable", ("CC605",)),
    (ASTRA, None, "We are excited to share our latest model.", "unverifiable", ()),
    (ASTRA, None, "我们很高兴发布新模型。", "unverifiable", ()),
]


@pytest.mark.parametrize("table, assume_n, text, verdict, codes", CASES, ids=[c[2][:48] for c in CASES])
def test_verdicts_on_the_bundled_examples(table, assume_n, text, verdict, codes):
    v = one(table, text, assume_n)
    assert (v.verdict, v.codes) == (verdict, codes), v.explanation
    assert v.explanation and v.text == text and v.claim == "t1"


# ── rounding ────────────────────────────────────────────────────────────────


@pytest.mark.parametrize("text, verdict", [
    ("Astra scores 98% on FrontierMath", "supported"),        # 97.6 rounds up to 98
    ("Fable 5.1 scores 56% on Terminal-Bench", "supported"),  # 55.8 rounds up to 56
    ("Astra scores 41% on AutomationBench", "supported"),     # 41.4 rounds down to 41
    ("Astra scores 97.6% on FrontierMath", "supported"),
    ("Astra scores 97% on FrontierMath", "number-mismatch"),  # truncated, not rounded
    ("Astra scores 57% on Terminal-Bench", "number-mismatch"),
    ("Astra scores 97.5% on FrontierMath", "number-mismatch"),  # as precise as the table, and different
])
def test_rounding_tolerance_is_half_a_unit_of_the_printed_precision(text, verdict):
    assert one(ASTRA, text).verdict == verdict


@pytest.mark.parametrize("text, verdict", [
    ("Astra scores over 90% on GPQA Diamond", "supported"),
    ("Astra 在 GPQA Diamond 上得分 90% 以上", "supported"),
    ("Astra scores over 97% on GPQA Diamond", "number-mismatch"),
    ("Astra scores under 50% on AutomationBench", "supported"),
    ("Astra 在 AutomationBench 上得分不到 40%", "number-mismatch"),
])
def test_bounds_hold_when_the_cell_lies_on_the_stated_side(text, verdict):
    assert one(ASTRA, text).verdict == verdict


@pytest.mark.parametrize("text, verdict", [
    ("Astra is within 2 points of Fable 5.1 on Terminal-Bench 4.0", "supported"),  # 57.85 - 55.85 = 2.0
    ("Astra is within 1.9 points of Fable 5.1 on Terminal-Bench 4.0", "number-mismatch"),
    ("Astra is within 2.1 percentage points of Fable 5.1 on Terminal-Bench 4.0", "supported"),
])
def test_a_gap_bound_allows_for_the_rounding_of_both_cells(text, verdict):
    v = one(ASTRA, text)
    assert v.verdict == verdict, v.explanation


def test_the_chinese_table_gives_the_same_verdicts():
    zh = "astra_fable_release.zh.csv"
    verdicts = judge(zh, "Fable 5.1 在 HLE（有工具）上领先 Astra", "Astra 在 OSWorld 上排名第一",
                     "Astra 在 FrontierMath 上得分 98%", "Fable 5.1 在 AutomationBench 上超过 Astra",
                     "Fable 5.1 在 HLE（无工具）上得分 60.9%")
    assert [v.verdict for v in verdicts] == [
        "incomparable", "incomparable", "supported", "contradicted", "supported"]


def test_a_more_precise_text_than_table_must_sit_inside_the_cells_rounding():
    assert one(AGENT, "Opus 5.5 scores 90.4% on Agent Index").verdict == "supported"
    assert one(AGENT, "Opus 5.5 scores 90.43% on Agent Index").verdict == "supported"
    assert one(AGENT, "Opus 5.5 scores 90.5% on Agent Index").verdict == "number-mismatch"


# ── explanations cite the cells and numbers ─────────────────────────────────


def test_a_best_claim_is_judged_by_the_subjects_marginal_rank_set():
    v = one(AGENT, "Opus 5.5 is state of the art on Agent Index", 500)
    assert v.verdict == "within-noise" and "rank set among the 4 comparable models is 1–" in v.explanation
    assert "GPT-6 Astra 87.6" in v.explanation and "(n assumed)" in v.explanation
    rep = report(AGENT, 500)
    assert rep.ranks and all(i in v.scores for i in rep.ranks[0].scores)
    c1 = next(c for c in rep.comparisons if set(c.models) == {"Claude Opus 5.5", "GPT-6 Astra"})
    assert c1.id in v.comparisons


def test_within_noise_explanation_cites_cells_statistics_and_assumed_n():
    v = one(AGENT, "Opus 5.5 beats Astra on Agent Index", 500)
    assert "Claude Opus 5.5 90.4 vs GPT-6 Astra 87.6" in v.explanation
    assert "z = 1.41" in v.explanation and "n = 500, assumed" in v.explanation  # the Newcombe test's z
    rep = report(AGENT, 500)
    c1 = next(c for c in rep.comparisons if set(c.models) == {"Claude Opus 5.5", "GPT-6 Astra"})
    assert c1.id in v.comparisons and set(c1.scores) <= set(v.scores)


def test_no_n_is_never_called_noise_or_support():
    v = one(ASTRA, "Astra outperforms Fable 5.1 on Terminal-Bench (57.9% vs 55.8%)")
    assert "orders them this way" in v.explanation and "no item count" in v.explanation
    assert v.scores == ("s1", "s2") and v.comparisons == ("c1",)


def test_incomparable_explanation_names_the_protocol_difference():
    v = one(ASTRA, "Astra beats Fable 5.1 on HLE")
    assert v.verdict == "incomparable" and "tool protocol differs" in v.explanation
    assert "even put Fable 5.1 ahead" in v.explanation


def test_number_mismatch_explanation_cites_the_printed_cell():
    v = one(ASTRA, "Astra scores 99% on FrontierMath")
    assert "99%" in v.explanation and "97.6%" in v.explanation and "row 13" in v.explanation


def test_a_model_not_in_the_table_is_named_in_the_explanation():
    v = one(ASTRA, "Gemini 4 Ultra beats Astra on Terminal-Bench")
    assert "'Gemini 4 Ultra'" in v.explanation and "Astra 57.9%" in v.explanation


def test_claims_on_several_benchmarks_take_the_most_serious_verdict():
    v = one(ASTRA, "Astra leads Fable 5.1 on AutomationBench and HLE", None)
    assert v.verdict == "incomparable"  # AutomationBench alone would be unverifiable (no n)


# ── rules ───────────────────────────────────────────────────────────────────


def test_each_rule_reports_the_verdicts_carrying_its_code():
    texts = [c[2] for c in CASES if c[0] == ASTRA and c[1] is None]
    verdicts = judge(ASTRA, *texts)
    found = findings(ASTRA, verdicts)
    expected = sorted(code for v in verdicts for code in v.codes)
    assert sorted(f.code for f in found) == expected
    severity = {f.code: f.severity for f in found}
    assert severity == {"CC602": "error", "CC603": "error", "CC604": "warning", "CC605": "info"}
    mismatch = next(f for f in found if f.code == "CC603" and "FrontierMath" in f.message)
    assert mismatch.slug == "claim-number-mismatch" and mismatch.scores == ("s23",)
    assert mismatch.details["verdict"] == "number-mismatch" and mismatch.details["claim"].startswith("t")


def test_within_noise_rule_is_a_warning_with_the_comparisons():
    verdicts = judge(AGENT, "Opus 5.5 is state of the art on Agent Index", assume_n=500)
    (finding,) = findings(AGENT, verdicts, 500)
    assert (finding.code, finding.slug, finding.severity) == ("CC601", "claim-within-noise", "warning")
    assert finding.message.startswith('claim t1 (claims.txt:1) "Opus 5.5 is state of the art on Agent Index": ')
    assert finding.comparisons == verdicts[0].comparisons


def test_supported_claims_and_non_claims_raise_no_finding():
    verdicts = judge(ASTRA, "Astra scores 98% on FrontierMath", "We are excited to share our latest model.")
    assert findings(ASTRA, verdicts) == []


def test_rule_catalogue_entries_are_complete():
    assert [(r.code, r.slug, r.severity) for r in RULES] == [
        ("CC601", "claim-within-noise", "warning"), ("CC602", "claim-contradicted", "error"),
        ("CC603", "claim-number-mismatch", "error"), ("CC604", "claim-incomparable", "warning"),
        ("CC605", "claim-unverifiable", "info"),
    ]
    for rule in RULES:
        assert rule.family == "claims"
        parts = parse_docstring(rule.__doc__ or "")
        assert all(parts[k].strip() for k in ("summary", "why", "bad", "good", "reference")), rule.code
        assert parts["summary"].endswith(".")


def test_a_denied_lead_is_judged_as_a_denial(tmp_path):
    from claimcheck.pipeline import Options, audit

    table = tmp_path / "neg.csv"
    table.write_text("Benchmark,Nova-2,Rival-Y\nAIME 2025,86.7%,90.0%\nGPQA Diamond,80.0%,50.0%\n", encoding="utf-8")
    claims = tmp_path / "neg.txt"
    claims.write_text("Nova-2 does not beat Rival-Y on AIME 2025.\nNova-2 does not beat Rival-Y on GPQA Diamond.\n"
                      "Nova-2 在 AIME 2025 上未超过 Rival-Y。\n", encoding="utf-8")
    report = audit([str(table)], Options(claims_files=(str(claims),)))
    assert [c.verdict for c in report.claims] == ["supported", "contradicted", "supported"]


def test_a_number_for_an_unnamed_rival_is_not_a_mismatch(tmp_path):
    from claimcheck.pipeline import Options, audit
    from tests.conftest import EXAMPLES

    claims = tmp_path / "c.txt"
    claims.write_text("Astra 在 Terminal-Bench Science 上以 64.6% 对 52.6% 大幅领先。\n"
                      "Astra leads on Terminal-Bench Science with 64.6% vs 52.6%.\n", encoding="utf-8")
    report = audit([str(EXAMPLES / "astra_fable_release.zh.csv")], Options(claims_files=(str(claims),)))
    assert [c.verdict for c in report.claims] == ["unverifiable", "unverifiable"]
    assert not any("CC603" in c.codes for c in report.claims)


# ── every benchmark ─────────────────────────────────────────────────────────


def _every(tmp_path, rows: str, *texts: str) -> tuple[ClaimVerdict, ...]:
    path = tmp_path / "table.csv"
    path.write_text("Benchmark,Alpha,Beta\n" + rows, encoding="utf-8")
    rep = audit([str(path)], Options())
    models, labels, benchmarks = claim_vocabulary(rep.scores)
    items = [(t, f"claims.txt:{i}") for i, t in enumerate(texts, 1)]
    parsed = parse_claims(items, models, Resolver(load_catalogue()), labels=labels, benchmarks=benchmarks)
    assert all(c.scope == "all" for c in parsed)
    return _checked(rep, parsed)


def test_every_benchmark_is_supported_only_when_each_row_is(tmp_path):
    # GPQA Diamond has 198 questions, SWE-bench Verified 500 (registry, verified)
    (v,) = _every(tmp_path, "GPQA Diamond,80.0%,50.0%\nSWE-bench Verified,70.0%,40.0%\n",
                  "Alpha leads on every benchmark")
    assert v.verdict == "supported", v.explanation
    assert v.explanation.startswith("Read as a claim about each of the 2 benchmarks the tables print: 2 supported.")


def test_one_row_within_noise_makes_every_benchmark_within_noise(tmp_path):
    (v,) = _every(tmp_path, "GPQA Diamond,80.0%,50.0%\nSWE-bench Verified,70.0%,69.0%\n",
                  "Alpha outperforms Beta on all benchmarks")
    assert (v.verdict, v.codes) == ("within-noise", ("CC601",))
    assert "1 within noise, 1 supported" in v.explanation and "SWE-bench" in v.explanation


def test_one_row_the_other_way_contradicts_every_benchmark(tmp_path):
    (v,) = _every(tmp_path, "GPQA Diamond,80.0%,50.0%\nSWE-bench Verified,60.0%,70.0%\n",
                  "Alpha is best across the board")
    assert (v.verdict, v.codes) == ("contradicted", ("CC602",))
    assert "1 contradicted, 1 supported" in v.explanation


def test_a_setup_the_sentence_leaves_open_is_named():
    v = one(ASTRA, "Fable 5.1 scores 77.9% on OSWorld")
    assert v.verdict == "supported"
    assert "also prints 41.7% for Fable 5.1" in v.explanation and "which setup" in v.explanation


def test_relative_and_point_readings_are_both_shown_when_a_percent_gap_fails():
    v = one(ASTRA, "Astra is 50% better than Fable 5.1 on AutomationBench")
    assert "10.0 points, or 31.8% of the lower score" in v.explanation


def test_a_bound_that_holds_only_by_rounding_says_so():
    v = one(ASTRA, "Astra 与 Fable 5.1 在 Terminal-Bench 4.0 上差距在 2 分以内")
    assert v.verdict == "supported" and "may be as small as 2.0" in v.explanation


def test_two_clauses_of_one_line_are_judged_apart(tmp_path):
    path = tmp_path / "post.txt"
    path.write_text("Astra leads on Terminal-Bench Science by 12 points, while Fable 5.1 leads on HLE with tools "
                    "by 7.8 points.\n", encoding="utf-8")
    items = read_claims(str(path))
    assert [source for _, source in items] == ["post.txt:1", "post.txt:1"]
    first, second = judge(ASTRA, *(text for text, _ in items))
    assert first.verdict == "unverifiable" and "12.0-point gap" in first.explanation  # right gap, no n
    assert second.verdict == "incomparable" and second.codes == ("CC604",)


def test_a_percentage_claimed_for_a_rating_says_the_cell_is_a_rating():
    v = one(ASTRA, "Fable 5.1 reaches 85% on GDPval-AA v2")
    assert (v.verdict, v.codes) == ("number-mismatch", ("CC603",))
    assert "an Elo rating, not a percentage" in v.explanation


def test_gap_ranges_allow_for_both_cells_rounding():
    from claimcheck.checker.claim_gaps import gap_agrees, gap_range

    cells = {s.model: s for s in report(ASTRA).scores if s.title == "AutomationBench"}
    a, f = cells["Astra"], cells["Fable 5.1"]  # 41.4% vs 31.4%
    assert gap_range(a, f, relative=False) == pytest.approx((9.9, 10.1))
    assert gap_range(a, f, relative=True) == pytest.approx((100 * (41.35 / 31.45 - 1), 100 * (41.45 / 31.35 - 1)))
    assert gap_agrees(10, "points", a, f) and gap_agrees(32, "%gap", a, f) and gap_agrees(10, "%gap", a, f)
    assert not gap_agrees(50, "%gap", a, f) and not gap_agrees(11, "points", a, f)
    assert gap_agrees(9.9, "<points", a, f) and not gap_agrees(9.8, "<points", a, f)
    assert gap_agrees(10.1, ">points", a, f) and not gap_agrees(10.2, ">points", a, f)


def test_ahead_follows_merit_for_lower_is_better_units(tmp_path):
    """Review: "ahead" read only the registry's direction, not a lower-is-better unit (a cost row)."""
    from claimcheck.checker.claims import _ahead
    from claimcheck.pipeline import audit

    path = tmp_path / "t.csv"
    path.write_text("Benchmark,A,B\nCost per task ($),1.20,3.40\n", encoding="utf-8")
    a, b = audit([str(path)]).scores
    assert a.lower_is_better and _ahead(a, b) and not _ahead(b, a)
