"""Footnotes that change what a cell measures: subsets, denominators, second-hand values."""

from __future__ import annotations

from claimcheck.pipeline import audit
from claimcheck.registry.footnotes import read_notes, stated_count

TABLE = (
    "Task,MiniMax-M1-80K,DeepSeek-R1,Claude 4 Opus\n"
    "HLE (no tools),8.4*,8.6*,10.7\n"
    "SWE-bench Verified,56.0†,49.2,72.5\n"
    "AIME 2024,86.0,79.8,76.0\n"
    "* conducted on the text-only HLE subset.,,,\n"
    "\"† calculated on the subset of n=486 verified tasks which work on our infrastructure.\",,,\n"
)


def _report(tmp_path, text: str):
    path = tmp_path / "t.csv"
    path.write_text(text, encoding="utf-8")
    return audit([str(path)])


def test_notes_under_a_csv_table_are_notes_not_rows(tmp_path):
    report = _report(tmp_path, TABLE)
    assert len(report.tables[0].rows) == 3
    assert report.tables[0].notes[0].startswith("* conducted")


def test_a_marked_note_moves_its_cells_to_a_subset(tmp_path):
    report = _report(tmp_path, TABLE)
    hle = {s.model: s for s in report.scores if s.benchmark == "hle"}
    assert hle["MiniMax-M1-80K"].resolution.subset == "text-only" and hle["Claude 4 Opus"].resolution.subset is None
    comps = [c for c in report.comparisons if c.benchmark == "hle" and "Claude 4 Opus" in c.models]
    assert comps and all("CC202" in c.why_not for c in comps)


def test_a_marked_denominator_changes_n_and_breaks_comparability(tmp_path):
    report = _report(tmp_path, TABLE)
    swe = {s.model: s for s in report.scores if s.benchmark == "swe-bench-verified"}
    assert (swe["MiniMax-M1-80K"].n, swe["MiniMax-M1-80K"].resolution.n_source) == (486, "table")
    assert swe["DeepSeek-R1"].n == 500
    by_models = {frozenset(c.models): c for c in report.comparisons if c.benchmark == "swe-bench-verified"}
    assert "CC202" in by_models[frozenset({"MiniMax-M1-80K", "DeepSeek-R1"})].why_not
    assert by_models[frozenset({"Claude 4 Opus", "DeepSeek-R1"})].comparable


def test_an_unmarked_denominator_note_is_a_caveat_not_a_guess(tmp_path):
    text = TABLE.replace("56.0†", "56.0").replace(
        '"† calculated', '"Note: SWE-bench values for our models are calculated')
    report = _report(tmp_path, text)
    swe = [s for s in report.scores if s.benchmark == "swe-bench-verified"]
    assert all(s.n == 500 and "denominator" in s.resolution.unknown for s in swe)
    comps = [c for c in report.comparisons if c.benchmark == "swe-bench-verified"]
    assert comps and all("CC202" in c.caveats for c in comps)


def test_reading_notes_and_counts():
    notes = read_notes(["¹ from the technical report", "\\* text-only", "Our models use T=1.0"])
    assert [(n.marker, n.text) for n in notes] == [("1", "from the technical report"), ("*", "text-only"),
                                                  (None, "Our models use T=1.0")]
    assert stated_count("on 486 of the 500 tasks") == 486
    assert stated_count("the subset of n=486 verified tasks") == 486
    assert stated_count("evaluated on 120 problems") == 120
    assert stated_count("temperature 0.6") is None


def test_a_marker_on_the_row_label_concerns_every_cell_of_the_row(tmp_path):
    path = tmp_path / "r.md"
    path.write_text(
        "| Benchmark | A | B |\n|---|---|---|\n| SWE-bench Verified† | 56.0% | 49.2% |\n| AIME 2024 | 80.0% | 70.0% |\n\n"
        "† n=486 of 500 tasks\n", encoding="utf-8")
    report = audit([str(path)])
    swe = [s for s in report.scores if s.benchmark == "swe-bench-verified"]
    assert [s.n for s in swe] == [486, 486]


def test_a_sup_tag_note_explains_cells_marked_with_that_number(tmp_path):
    path = tmp_path / "s.md"
    path.write_text(
        "| Benchmark | A | B |\n|---|---|---|\n| HLE (no tools) | 8.4<sup>1</sup> | 10.7 |\n\n"
        "<sup>1</sup> Text-only subset.\n", encoding="utf-8")
    report = audit([str(path)])
    a = next(s for s in report.scores if s.model == "A")
    assert a.resolution.subset == "text-only"


def test_a_vendor_readme_with_sup_notes_headers_and_a_reported_numbers_note(tmp_path):
    path = tmp_path / "readme.md"
    path.write_text(
        "### Base\n\n| Benchmark | Kestrel-3-Base | Other-Base |\n|---|---|---|\n| GPQA Diamond | 47.1 | 47.5 |\n\n"
        "### Instruct\n\n| Benchmark | Kestrel-3 | Kestrel-3 (thinking) | GPT-5 (high) | Claude Sonnet 4.5 |\n"
        "|---|---|---|---|---|\n| GPQA Diamond | 74.9 | 84.2<sup>1</sup> | 85.7 | 83.4 |\n"
        "| SWE-bench Verified | 66.0 | 68.4<sup>2</sup> | 74.9 | 77.2 |\n\n"
        "<sup>1</sup> Average of 8 runs.\n"
        "<sup>2</sup> Internal scaffold with parallel test-time compute; n=490 of 500 tasks.\n\n"
        "> Note: GPT-5 and Claude numbers are taken from their official reports.\n",
        encoding="utf-8")
    report = audit([str(path)])
    by = {(s.label, s.model): s for s in report.scores}
    gpqa = by[("GPQA Diamond", "Kestrel-3 (thinking)")]
    assert gpqa.resolution.metric == "avg@8" and gpqa.n == 198
    swe = by[("SWE-bench Verified", "Kestrel-3 (thinking)")]
    assert swe.n == 490 and dict(swe.resolution.budget).get("selection") == "best-of-configurations"
    assert dict(by[("GPQA Diamond", "GPT-5 (high)")].resolution.budget).get("effort") == "high"
    assert by[("GPQA Diamond", "Claude Sonnet 4.5")].resolution.secondhand
    assert not by[("GPQA Diamond", "Kestrel-3")].resolution.secondhand
    assert not any(c.kind == "cross-row" for c in report.comparisons)  # the base table is not set against the instruct one


def test_a_subset_note_keeps_a_count_the_table_prints(tmp_path):
    text = ("Benchmark,n,A,B\n"
            "HLE,1234,8.4*,8.6\n"
            "* conducted on the text-only HLE subset.,,,\n")
    hle = {s.model: s for s in _report(tmp_path, text).scores if s.benchmark == "hle"}
    assert hle["A"].resolution.subset == "text-only"
    assert (hle["A"].n, hle["A"].resolution.n_source) == (1234, "table")


def test_a_subset_note_keeps_an_assumed_n_when_the_subset_has_no_verified_count(tmp_path):
    from claimcheck.pipeline import Options

    path = tmp_path / "t.csv"
    path.write_text("Benchmark,A,B\nHLE,8.4*,8.6\n* conducted on the text-only HLE subset.,,\n", encoding="utf-8")
    hle = {s.model: s for s in audit([str(path)], Options(assume_n=300)).scores if s.benchmark == "hle"}
    a = hle["A"].resolution
    assert (a.subset, a.n, a.n_source) == ("text-only", 300, "assumed")
    assert "2158 items from derived evidence" in (a.n_note or "")


def _md(tmp_path, table: str, note: str):
    path = tmp_path / "t.md"
    path.write_text(f"{table}\n{note}\n", encoding="utf-8")
    return {s.model: s for s in audit([str(path)]).scores if s.benchmark == "gpqa"}


GPQA_ROW = "| Benchmark | A | B |\n|---|---|---|\n| GPQA | 30.4 | 41.7 |\n"


def test_an_unmarked_note_naming_the_item_set_settles_the_subset_and_its_count(tmp_path):
    gpqa = _md(tmp_path, GPQA_ROW, "For GPQA, we report exact match scores using the main set.")
    assert {(s.resolution.subset, s.n, s.resolution.n_source) for s in gpqa.values()} == {("main", 448, "registry")}
    assert "main set" in gpqa["A"].resolution.reasons["subset"] and not gpqa["A"].resolution.unstated_subsets


def test_a_set_word_only_beside_set_subset_or_split_names_an_item_set(tmp_path):
    gpqa = _md(tmp_path, GPQA_ROW, "Our main results on GPQA are in the table.")
    assert {s.resolution.subset for s in gpqa.values()} == {None}
    for note in ("GPQA is scored on the Diamond subset.", "GPQA: subset Diamond, 0-shot."):
        gpqa = _md(tmp_path, GPQA_ROW, note)
        assert {(s.resolution.subset, s.n) for s in gpqa.values()} == {("diamond", 198)}, note


def test_a_sentence_naming_two_item_sets_settles_neither(tmp_path):
    gpqa = _md(tmp_path, GPQA_ROW, "GPQA uses the main set for base models and the diamond set for chat models.")
    assert {s.resolution.subset for s in gpqa.values()} == {None}


def test_a_note_does_not_override_the_set_the_row_names(tmp_path):
    row = "| Benchmark | A | B |\n|---|---|---|\n| GPQA Diamond | 30.3 | 41.9 |\n"
    gpqa = _md(tmp_path, row, "For GPQA, we report exact match scores using the main set.")
    assert {(s.resolution.subset, s.n) for s in gpqa.values()} == {("diamond", 198)}


def test_a_note_about_another_benchmark_leaves_the_row_alone(tmp_path):
    gpqa = _md(tmp_path, GPQA_ROW, "For MMLU, we use the main set.")
    assert {s.resolution.subset for s in gpqa.values()} == {None}


def _scoring(tmp_path, note: str, models=("Nova-7B-Base", "Nova-7B-Chat")) -> dict[tuple[str, str], str | None]:
    a, b = models
    path = tmp_path / "s.md"
    path.write_text(f"| Benchmark | {a} | {b} |\n|---|---|---|\n| MMLU | 60.1 | 62.3 |\n| GSM8K | 40.2 | 55.1 |\n\n- {note}\n",
                    encoding="utf-8")
    return {(s.label, s.model): s.resolution.scoring for s in audit([str(path)]).scores}


def test_a_note_on_likelihood_scoring_of_base_models_mcq_rows(tmp_path):
    found = _scoring(tmp_path, "我们使用 `ppl` 对基座模型进行 MCQ 指标的评测。")
    assert found == {("MMLU", "Nova-7B-Base"): "likelihood", ("MMLU", "Nova-7B-Chat"): None,  # base models only
                     ("GSM8K", "Nova-7B-Base"): None, ("GSM8K", "Nova-7B-Chat"): None}  # GSM8K is no choice task


def test_a_scoring_note_without_a_group_speaks_for_every_model(tmp_path):
    found = _scoring(tmp_path, "Multiple-choice tasks are evaluated with generation-based scoring.")
    assert found[("MMLU", "Nova-7B-Base")] == found[("MMLU", "Nova-7B-Chat")] == "generation"


def test_a_scoring_note_naming_both_methods_or_no_choice_items_says_nothing(tmp_path):
    assert set(_scoring(tmp_path, "MCQ: ppl for base models, generation-based for chat models.").values()) == {None}
    assert set(_scoring(tmp_path, "We report perplexity on held-out text.").values()) == {None}


def test_a_note_giving_a_release_s_window_makes_the_row_that_window(tmp_path):
    path = tmp_path / "w.md"
    path.write_text("| Benchmark | A | B |\n|---|---|---|\n| LiveCodeBench v5 | 57.8 | 53.8 |\n| LiveCodeBench v6 | 49.3 | 46.8 |\n\n"
                    "> LiveCodeBench v5 (20240801-20250201), LiveCodeBench v6 (20250201-20250501) are averaged over 8 runs.\n",
                    encoding="utf-8")
    res = {s.label: s.resolution for s in audit([str(path)]).scores}
    assert res["LiveCodeBench v5"].part == "v5, window 2024-08..2025-02" and res["LiveCodeBench v5"].n is None
    assert res["LiveCodeBench v6"].part == "v6, window 2025-02..2025-05"
    assert "window 2024-08..2025-02 of v5" in res["LiveCodeBench v5"].n_note


def test_a_window_note_about_another_release_leaves_the_row_alone(tmp_path):
    path = tmp_path / "w.md"
    path.write_text("| Benchmark | A | B |\n|---|---|---|\n| LiveCodeBench v5 | 57.8 | 53.8 |\n\n"
                    "> LiveCodeBench v6 (20250201-20250501) is averaged over 8 runs.\n", encoding="utf-8")
    assert all(s.resolution.part is None for s in audit([str(path)]).scores)


def test_a_window_note_does_not_undo_a_count_the_table_prints(tmp_path):
    path = tmp_path / "w.md"
    path.write_text("| Benchmark | A | B |\n|---|---|---|\n| LiveCodeBench v5 (n=279) | 57.7 | 53.8 |\n\n"
                    "> LiveCodeBench v5 (20240801-20250201) is averaged over 8 runs.\n", encoding="utf-8")
    assert {(s.n, s.resolution.part) for s in audit([str(path)]).scores} == {(279, None)}


def test_a_note_that_sampled_the_benchmark_gives_the_sample_as_n():
    from claimcheck.records import Note, Resolution
    from claimcheck.registry.footnotes import sampled_from

    full = Resolution(benchmark="simpleqa", n=4326, n_source="registry", granularity="binary", row_kind="benchmark")
    res = sampled_from(full, Note(None, "For SimpleQA, we sampled nearly 500 test cases and averaged the results over 3 runs."))
    assert (res.n, res.n_source, res.n_fixed, res.granularity) == (500, "table", False, "averaged")
    exact = sampled_from(full, Note(None, "For SimpleQA we sampled 500 questions."))
    assert (exact.n, exact.n_fixed, exact.granularity) == (500, True, "binary")
    once = sampled_from(full, Note(None, "For SimpleQA we sampled 500 questions, averaged over 1 run."))
    assert once.granularity == "binary"
    # a count no smaller than the full set is no sample of it: the denominator is only put in doubt
    whole = sampled_from(full, Note(None, "For SimpleQA we used 4326 questions."))
    assert (whole.n, whole.unknown) == (4326, ("denominator",))
    other = sampled_from(full, Note(None, "SimpleQA: 486 of the 500 tasks."))
    assert (other.n, other.unknown) == (4326, ("denominator",))
