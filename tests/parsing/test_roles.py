"""The reading stage's roles: setup rows, stacked rows, composite cells, sections, spacers, text tables."""

from __future__ import annotations

import pytest

from claimcheck.parsing.cells import parse_cell
from claimcheck.parsing.roles import (
    fold_header_rows, is_section_row, label_parts, split_stacked_rows, value_parts,
)
from claimcheck.pipeline import audit
from claimcheck.readers.markdown import read_markdown
from claimcheck.records import RawCell, SourceTable


def _table(header, rows, lines=None) -> SourceTable:
    body = tuple(
        tuple(RawCell(text=t, row=i + 2, col=j, lines=(lines or {}).get((i, j), ())) for j, t in enumerate(r))
        for i, r in enumerate(rows))
    return SourceTable(input=0, name="t", header=tuple(header), rows=body)


def _audit_md(tmp_path, text: str):
    path = tmp_path / "t.md"
    path.write_text(text, encoding="utf-8")
    return audit([str(path)])


def test_a_row_of_shots_under_the_header_qualifies_the_columns():
    t = _table(["Model", "GSM8K", "MATH"], [["", "4-shot", "4-shot"], ["A", "50.1", "20.2"]])
    folded, rows = fold_header_rows(t)
    assert folded.header == ("Model", "GSM8K (4-shot)", "MATH (4-shot)")
    assert len(folded.rows) == 1 and [r for r, _ in rows] == [2]


def test_a_labelled_setup_row_is_folded_even_without_descriptor_words():
    t = _table(["Task", "X", "Y"], [["Metric (→)", "EM", "Foo"], ["A", "1.0", "2.0"]])
    assert fold_header_rows(t)[0].header == ("Task", "X (EM)", "Y (Foo)")


@pytest.mark.parametrize("row", [
    ["A", "50.1", "20.2"],          # values: a model row
    ["", "4-shot", "57.9"],         # one value: not a setup row
    ["Release date", "2024-05", "2024-07"],  # text, but no setup words and a label that is no setup
])
def test_rows_that_are_not_setup_rows_stay(row):
    t = _table(["Model", "GSM8K", "MATH"], [row, ["B", "1.0", "2.0"]])
    assert fold_header_rows(t)[1] == ()


def test_a_table_of_setup_text_only_is_not_folded():
    t = _table(["Model", "X"], [["", "4-shot"], ["", "5-shot"]])
    assert fold_header_rows(t)[1] == ()


def test_br_stacked_rows_become_one_row_per_line():
    lines = {(0, 0): ("AIME 2024", "AIME 2025"), (0, 1): ("74.3", "79.2"), (0, 2): ("70.0", "**80.0**")}
    t = _table(["Benchmark", "A", "B"], [["AIME 2024 AIME 2025", "74.3 79.2", "70.0 80.0"]], lines)
    split, rows = split_stacked_rows(t)
    assert rows == (2,)
    assert [[c.text for c in r] for r in split.rows] == [["AIME 2024", "74.3", "70.0"], ["AIME 2025", "79.2", "**80.0**"]]
    assert [r[0].part for r in split.rows] == [1, 2]


def test_a_label_broken_over_two_lines_alone_is_not_stacked():
    t = _table(["Benchmark", "A"], [["Hella Swag", "75.6"]], {(0, 0): ("Hella", "Swag")})
    assert split_stacked_rows(t)[1] == ()


def test_stacked_counts_must_agree():
    lines = {(0, 0): ("a", "b", "c"), (0, 1): ("1", "2")}
    assert split_stacked_rows(_table(["B", "A"], [["a b c", "1 2"]], lines))[1] == ()


def test_label_parts_and_value_parts():
    assert label_parts("AIME 2024 (pass@1 / cons@64)") == ("AIME 2024 (pass@1)", "AIME 2024 (cons@64)")
    assert label_parts("AIME 2024 (pass@1)") == ()
    assert label_parts("En→Zh / Zh→En") == ()  # no bracketed group: not split on a bare slash
    cell = RawCell(text="72.1 / 90.0", row=2, col=1, marked="72.1 / **90.0**")
    assert value_parts(cell, 2) == ("72.1", "**90.0**")
    assert parse_cell(value_parts(cell, 2)[1]).emphasis == ("bold",)
    assert value_parts(RawCell(text="72.1", row=2, col=1), 2) == ()
    assert value_parts(RawCell(text="- / 80.0", row=2, col=1), 2) == ("-", "80.0")
    assert value_parts(RawCell(text="a / b", row=2, col=1), 2) == ()


def test_section_rows_have_a_label_and_no_text_in_any_value_cell():
    row = tuple(RawCell(text=t, row=3, col=j) for j, t in enumerate(["***通用任务***", "", ""]))
    assert is_section_row(row, 0, (1, 2))
    missing = tuple(RawCell(text=t, row=3, col=j) for j, t in enumerate(["MMLU", "-", ""]))
    assert not is_section_row(missing, 0, (1, 2))


def test_composite_cells_give_one_score_per_part(tmp_path):
    report = _audit_md(tmp_path, "| Model | AIME 2024 (pass@1 / cons@64) |\n|---|---|\n"
                                 "| A | 72.1 / **90.0** |\n| B | 72.6 / 83.3 |\n")
    got = {(s.model, s.label): (s.value, s.cell.emphasis) for s in report.scores}
    assert got == {("A", "AIME 2024 (pass@1)"): (72.1, ()), ("A", "AIME 2024 (cons@64)"): (90.0, ("bold",)),
                   ("B", "AIME 2024 (pass@1)"): (72.6, ()), ("B", "AIME 2024 (cons@64)"): (83.3, ())}
    budgets = {s.label: s.resolution.metric for s in report.scores}
    assert budgets["AIME 2024 (cons@64)"] != budgets["AIME 2024 (pass@1)"]


def test_a_composite_cell_that_does_not_split_is_kept_whole_and_unreadable(tmp_path):
    report = _audit_md(tmp_path, "| Benchmark (pass@1 / cons@64) | A | B | C |\n|---|---|---|---|\n"
                                 "| AIME 2024 (pass@1 / cons@64) | 72.1 / 90.0 | 70.0 / 80.0 | 55 |\n")
    whole = [s for s in report.scores if s.model == "C"]
    assert len(whole) == 2 and all(s.cell.status == "unparseable" and s.value is None for s in whole)
    assert any(f.code == "CC405" for f in report.findings)
    assert sorted(s.value for s in report.scores if s.model == "A") == [72.1, 90.0]


def test_br_stacked_markdown_rows_are_read_line_by_line(tmp_path):
    report = _audit_md(tmp_path, "| Benchmark | A | B |\n|---|---|---|\n"
                                 "| AIME 2024<br>AIME 2025<br>MATH-500 | 74.3<br>79.2<br>96.4 | 70.1<br>60.2<br>90.3 |\n")
    got = {(s.label, s.model): s.value for s in report.scores}
    assert got[("AIME 2025", "A")] == 79.2 and got[("MATH-500", "B")] == 90.3 and len(got) == 6
    assert len({s.group for s in report.scores}) == 3  # three line items, not one
    assert report.readings[0].stacked == (3,)


def test_section_and_spacer_rows_make_no_scores_and_are_recorded(tmp_path):
    report = _audit_md(tmp_path, "| Benchmark | A | B |\n|---|---|---|\n| ***Math*** | | |\n"
                                 "| GSM8K | 50.1 | 40.2 |\n| | | |\n| MATH | 30.1 | - |\n")
    assert sorted(s.label for s in report.scores) == ["GSM8K", "GSM8K", "MATH", "MATH"]
    r = report.readings[0]
    assert r.sections == ((3, "Math"),) and r.spacers == (5,)
    assert all(s.status != "skipped" for s in report.scores)


def test_a_summary_row_named_in_the_category_column(tmp_path):
    report = _audit_md(tmp_path, "| Category | Benchmark | A | B |\n|---|---|---|---|\n"
                                 "| Math | GSM8K | 50.0 | 40.0 |\n| | MATH | 30.0 | 20.0 |\n"
                                 "| **Average** | | **40.0** | **30.0** |\n")
    avg = [s for s in report.scores if s.label == "Average"]
    assert len(avg) == 2 and avg[0].resolution.row_kind == "aggregate"


def test_a_table_without_numbers_is_read_as_text(tmp_path):
    report = _audit_md(tmp_path, "| Domain | Model A | Model B |\n|---|---|---|\n"
                                 "| Mathematics | [Mathematics](a) | [Mathematics](b) |\n| Code | [Code](c) | [Code](d) |\n")
    assert report.scores == () and report.readings[0].kind == "text"
    assert not any(f.code == "CC405" for f in report.findings)


def test_na_with_a_footnote_mark_is_missing():
    c = parse_cell("N/A (\\*)")
    assert c.status == "missing" and c.markers == ("*",)


def test_an_unnamed_empty_column_is_a_spacer_not_a_model(tmp_path):
    report = _audit_md(tmp_path, "| Capability | | Benchmark | A | B |\n|---|---|---|---|---|\n"
                                 "| General | | MMLU | 49.3 | 43.3 |\n")
    assert sorted(s.model for s in report.scores) == ["A", "B"]
    assert ("", "spacer") in report.readings[0].columns


def test_markdown_reader_keeps_br_lines():
    tables = read_markdown("| a | b |\n|---|---|\n| x<br>y | 1<br/>**2** |\n", "t.md")
    row = tables[0].rows[0]
    assert row[0].lines == ("x", "y") and row[1].lines == ("1", "**2**")


@pytest.mark.parametrize("label, base, word", [
    ("GSM8K-Platinum", "gsm8k", "Platinum"), ("MMLU-CF", "mmlu", "CF"), ("Math Odyssey", "math", "Odyssey"),
    ("HumanEval FIM", "humaneval", "FIM"), ("CSAT Math 2025 (pass@1)", "math", "CSAT"), ("MMLU-Quux", "mmlu", "Quux"),
    ("MT-Bench-101 (Score 1-10)", "mt-bench", "101"),
])
def test_a_near_namesake_is_not_the_base_benchmark(label, base, word):
    """Never the base benchmark with the base's n: its own entry where the registry has one, else unknown."""
    from claimcheck.registry.catalogue import load_catalogue
    from claimcheck.registry.resolver import Resolver
    from claimcheck.records import RowContext

    res = Resolver(load_catalogue(())).resolve(RowContext(label=label, qualifiers=(), fields={}),
                                               [parse_cell("57.9")])
    assert res.benchmark != base
    if res.benchmark is None:
        assert res.n is None and repr(word) in res.reasons["benchmark"]


@pytest.mark.parametrize("label, bench", [
    ("GSM8K (8-shot, CoT)", "gsm8k"), ("GPQA Diamond", "gpqa"), ("BigBench Hard CoT (0-shot)", "bbh"),
    ("MMLU 5-shot", "mmlu"), ("HMMT Feb 2025", "hmmt"), ("MBPP+", "mbpp-plus"), ("FrontierMath Tier 4", "frontiermath"),
    ("AIME-2024", "aime"), ("AIME-24", "aime"),
])
def test_protocol_words_and_registered_variants_still_resolve(label, bench):
    from claimcheck.registry.catalogue import load_catalogue
    from claimcheck.registry.resolver import Resolver
    from claimcheck.records import RowContext

    res = Resolver(load_catalogue(())).resolve(RowContext(label=label, qualifiers=(), fields={}), [parse_cell("57.9")])
    assert res.benchmark == bench


@pytest.mark.parametrize("text, mode", [
    ("Claude Opus 4 (w/o extended thinking)", "off"), ("without thinking", "off"), ("thinking off", "off"),
    ("no thinking", "off"), ("non-thinking", "off"), ("extended thinking", "on"), ("thinking", "on"),
    ("Claude Sonnet 4 (extended thinking)", "on"),
])
def test_a_negated_thinking_mode_is_off(text, mode):
    from claimcheck.parsing.labels import facets_of

    assert facets_of(text, ()).thinking_budget == mode


def test_a_line_is_read_under_the_caption_that_names_its_benchmark(tmp_path):
    report = _audit_md(tmp_path, "## Ruler\n\n| Model | 4k | 128k | Foo |\n|---|---|---|---|\n| A | 0.95 | 0.80 | 0.5 |\n")
    got = {s.label: (s.benchmark, s.resolution.subset) for s in report.scores}
    assert got["4k"][0] == "ruler" and got["4k"][1] is not None
    assert got["128k"][0] == "ruler"
    assert got["Foo"] == (None, None)  # a line naming no part of the caption's benchmark stays unknown
    assert "caption" in next(s for s in report.scores if s.label == "4k").resolution.reasons["benchmark"]


def test_a_caption_that_names_no_benchmark_changes_nothing(tmp_path):
    report = _audit_md(tmp_path, "## Evaluation results\n\n| Model | 4k |\n|---|---|\n| A | 0.95 |\n")
    assert report.scores[0].benchmark is None


@pytest.mark.parametrize("text, harness, tools", [
    ("SWE-bench Verified (Agentless)", "Agentless", False), ("Terminus 2", "Terminus 2", None),
    ("OpenHands", "OpenHands", None), ("in-house framework", "in-house framework", None),
    ("SWE-agent", "SWE-agent", None), ("HLE (Python + Search)", None, True), ("w/ browsing", None, True),
    ("the evaluation harness", None, None), ("MMLU (5-shot)", None, None), ("Codex CLI", "Codex CLI", None),
    # program-aided: code that is run (issue 8, yi-coder's "Math Programming"); "pal" and "programming
    # languages" are words, not the PAL protocol
    ("Math Programming", None, True), ("GSM8K (PAL)", None, True), ("program-aided", None, True),
    ("with code interpreter", None, True), ("tool-integrated reasoning", None, True), ("pal", None, None),
    ("Paladin", None, None), ("programming languages", None, None),
    ("Math (w/o code interpreter)", None, False), ("GSM8K (no PAL)", None, False), ("without python", None, False),
])
def test_harness_and_tools_qualifiers(text, harness, tools):
    from claimcheck.parsing.labels import facets_of

    f = facets_of(text, ())
    assert (f.harness, f.tools) == (harness, tools)


def test_extended_thinking_in_a_model_header_is_a_budget_not_gpqas_extended_subset(tmp_path):
    report = _audit_md(tmp_path, "| Benchmark | Kimi K2 | Claude Opus 4 (w/o extended thinking) | Claude Sonnet 4 (extended thinking) |\n"
                                 "|---|---|---|---|\n| GPQA-Diamond | 75.1 | 74.9 | 70.0 |\n")
    got = {s.model: (s.resolution.subset, s.n, dict(s.resolution.budget).get("thinking_budget")) for s in report.scores}
    assert got["Claude Opus 4 (w/o extended thinking)"] == ("diamond", 198, "off")
    assert got["Claude Sonnet 4 (extended thinking)"] == ("diamond", 198, "on")


def test_a_label_and_a_metric_broken_over_two_lines_beside_one_value_are_one_row():
    lines = {(0, 0): ("SWE-bench Verified", "(Agentless)"), (0, 1): ("Single Patch", "(Acc)")}
    t = _table(["Benchmark", "Metric", "A"], [["SWE-bench Verified (Agentless)", "Single Patch (Acc)", "65.8"]], lines)
    assert split_stacked_rows(t)[1] == ()


def test_models_as_rows_is_found_from_the_model_names_when_the_headers_name_no_benchmark(tmp_path):
    report = _audit_md(tmp_path, "| | **CN-EN** | **CN-FR** | Average |\n|---|---|---|---|\n"
                                 "| GPT-4 | 29.94 | 29.56 | 29.75 |\n| Baichuan2-7B-Base | 27.90 | 26.10 | 27.00 |\n"
                                 "| LLaMA2-7B | 17.22 | 16.00 | 16.61 |\n")
    reading = report.readings[0]
    assert reading.kind == "transposed" and "models" in reading.why
    assert {s.model for s in report.scores} == {"GPT-4", "Baichuan2-7B-Base", "LLaMA2-7B"}


def test_models_as_columns_stays_when_headers_are_models(tmp_path):
    report = _audit_md(tmp_path, "| Task | Qwen2.5-7B | Llama3-8B |\n|---|---|---|\n| Foo | 50.1 | 40.2 |\n| Bar | 30.1 | 20.2 |\n")
    assert report.readings[0].kind == "wide"
    assert {s.model for s in report.scores} == {"Qwen2.5-7B", "Llama3-8B"}


SIZES = ("| **Model** | **Pass@1 (Avg@64)** | **Majority@64** |\n|---|---|---|\n| **7B** | | |\n"
         "| **AIME24** | 84.7 | 93.3 |\n| **AIME25** | 78.2 | 86.7 |\n| **14B** | | |\n| **AIME24** | 87.8 | 93.3 |\n"
         "| **AIME25** | 82.0 | 90.0 |\n")


def test_section_headings_that_name_models_over_setup_columns(tmp_path):
    report = _audit_md(tmp_path, SIZES)
    assert "section headings name the models" in report.readings[0].why
    got = {(s.model, s.label): (s.value, s.resolution.metric) for s in report.scores}
    assert got[("7B (Pass@1 (Avg@64))", "AIME24")] == (84.7, "avg@64")
    assert got[("14B (Majority@64)", "AIME25")] == (90.0, "maj@64")
    assert not any(f.code == "CC404" for f in report.findings)  # 7B and 14B are two models, not one printed twice
    cross = [c for c in report.comparisons if c.kind == "cross-row"]
    assert cross and all(report.scores[int(c.scores[0][1:]) - 1].column == report.scores[int(c.scores[1][1:]) - 1].column
                         for c in cross)  # like for like: the same setup column


@pytest.mark.parametrize("text, metric", [
    ("Pass@1 (Avg@64)", "avg@64"), ("Majority@64", "maj@64"), ("majority voting over 16", "maj@16"), ("Pass@1", "pass@1"),
])
def test_metric_words(text, metric):
    from claimcheck.parsing.labels import facets_of

    assert facets_of(text, ()).metric == metric


def test_rows_of_a_category_column_are_category_scores_not_benchmarks(tmp_path):
    report = _audit_md(tmp_path, "| Category | A | B |\n|---|---|---|\n| Reasoning | 78.7 | 72.2 |\n| Math | 74.1 | 57.7 |\n"
                                 "| Code generation | 68.3 | 56.9 |\n")
    math = [s for s in report.scores if s.label == "Math"]
    assert math and all(s.benchmark is None and s.n is None and s.resolution.row_kind == "aggregate" for s in math)


def test_a_category_column_of_benchmarks_is_read_as_benchmarks(tmp_path):
    report = _audit_md(tmp_path, "| Category | A | B |\n|---|---|---|\n| MGSM | 58.7 | 63.3 |\n| GSM8K | 74.1 | 57.7 |\n")
    assert {s.benchmark for s in report.scores} == {"mgsm", "gsm8k"}


def test_a_line_right_above_a_table_is_its_caption(tmp_path):
    report = _audit_md(tmp_path, "RULER: a retrieval-based benchmark\n| Model | 4K | 8K |\n|---|---|---|\n| A | 94.8 | 93.0 |\n")
    assert report.tables[0].caption == "RULER: a retrieval-based benchmark"
    assert {s.benchmark for s in report.scores} == {"ruler"}


def test_a_language_column_makes_an_english_benchmark_a_translation(tmp_path):
    report = _audit_md(tmp_path, "| Category | Benchmark | Language | A | B |\n|---|---|---|---|---|\n"
                                 "| General | MMLU (5-shot) | Portuguese | 39.8 | 34.9 |\n| | | Spanish | 41.5 | 36.0 |\n"
                                 "| Math | MGSM | German | 50.0 | 40.0 |\n")
    got = {(s.label or s.title, s.qualifiers): (s.benchmark, s.n) for s in report.scores}
    portuguese = [v for (label, q), v in got.items() if "Portuguese" in q]
    assert portuguese and all(v == (None, None) for v in portuguese)  # not MMLU with its 14,042 English items
    assert any(v[0] == "mgsm" for (label, q), v in got.items() if "German" in q)  # MGSM is multilingual


def test_a_setup_row_needs_most_of_its_cells_to_describe_a_setup():
    folded = _table(["Model", "A", "B", "C"], [["", "4-shot", "EM", "odd"], ["X", "1.0", "2.0", "3.0"]])
    assert fold_header_rows(folded)[1] != ()  # two of three cells name a setup
    kept = _table(["Model", "A", "B", "C"], [["", "4-shot", "odd", "words"], ["X", "1.0", "2.0", "3.0"]])
    assert fold_header_rows(kept)[1] == ()  # one of three does not


def test_one_stacked_cell_alone_does_not_split_a_row():
    t = _table(["Benchmark", "A"], [["AIME", "74.3 79.2"]], {(0, 1): ("74.3", "79.2")})
    assert split_stacked_rows(t)[1] == ()


def test_a_composite_column_needs_most_cells_to_split(tmp_path):
    report = _audit_md(tmp_path, "| Model | AIME 2024 (pass@1 / cons@64) |\n|---|---|\n| A | 72.1 / 90.0 |\n"
                                 "| B | 70.0 / 80.0 |\n| C | 60.0 / 70.0 |\n| D | 55.0 |\n")
    parts = {(s.model, s.label): s for s in report.scores}
    assert parts[("A", "AIME 2024 (cons@64)")].value == 90.0
    assert parts[("D", "AIME 2024 (pass@1)")].cell.status == "unparseable"  # one value under two names


def test_a_row_whose_only_content_is_a_footnote_mark_is_no_section():
    row = (RawCell(text="MMLU", row=3, col=0), RawCell(text="", row=3, col=1, markers=("1",)))
    assert not is_section_row(row, 0, (1,))
    assert is_section_row((RawCell(text="Math", row=3, col=0), RawCell(text="", row=3, col=1)), 0, (1,))


def test_a_word_before_the_alias_makes_another_benchmark():
    from claimcheck.registry.catalogue import load_catalogue
    from claimcheck.registry.resolver import Resolver
    from claimcheck.records import RowContext

    res = Resolver(load_catalogue(())).resolve(RowContext(label="Zorblax MATH", qualifiers=(), fields={}), [parse_cell("57.9")])
    assert res.benchmark is None and "'Zorblax'" in res.reasons["benchmark"]


def test_relative_model_names_and_setup_sections_name_distinct_models(tmp_path):
    report = _audit_md(tmp_path, "| Model | MMLU | GSM8K |\n|---|---|---|\n| OLMo-1B | 25.0 | 7.0 |\n| +SFT | 36.0 | 12.5 |\n"
                                 "| OLMo-7B | 50.8 | 32.5 |\n| +SFT | 54.2 | 25.0 |\n")
    assert {s.model for s in report.scores} == {"OLMo-1B", "OLMo-1B +SFT", "OLMo-7B", "OLMo-7B +SFT"}
    assert not any(f.code == "CC404" for f in report.findings)
    report = _audit_md(tmp_path, "| Model | easy | hard |\n|---|---|---|\n| **w/ CoT** | | |\n| GPT-4o | 54.2 | 40.1 |\n"
                                 "| **w/o CoT** | | |\n| GPT-4o | 57.4 | 41.0 |\n")
    assert {s.model for s in report.scores} == {"GPT-4o (w/ CoT)", "GPT-4o (w/o CoT)"}
    assert not any(f.code == "CC404" for f in report.findings)


def test_a_short_line_between_a_heading_and_a_table_is_its_caption(tmp_path):
    report = _audit_md(tmp_path, "## CodeEditorBench\n1) Primary\n\n| Models | Debug |\n|---|---|\n| A | 49.3 |\n| B | 30.1 |\n\n"
                                 "2) Plus\n\n| Models | Debug |\n|---|---|\n| A | 31.6 |\n| B | 20.0 |\n")
    assert [t.caption for t in report.tables] == ["1) Primary", "2) Plus"]
    assert not any(f.code == "CC404" for f in report.findings)  # Primary and Plus are two versions


def test_a_missing_detail_cell_is_not_glued_to_the_model_name(tmp_path):
    report = _audit_md(tmp_path, "| | #TP | HumanEval | MBPP |\n|---|---|---|---|\n| GPT-4o | - | 91.0 | 73.5 |\n"
                                 "| DeepSeek-Coder-V2 | 236B | 90.2 | 76.2 |\n")
    assert {s.model for s in report.scores} == {"GPT-4o", "DeepSeek-Coder-V2"}  # the names alone tell them apart
    assert {s.details for s in report.scores if s.model == "DeepSeek-Coder-V2"} == {(("#TP", "236B"),)}
    report = _audit_md(tmp_path, "| | #TP | HumanEval | MBPP |\n|---|---|---|---|\n| GPT-4o | - | 91.0 | 73.5 |\n"
                                 "| Llama 2 | 7B | 12.2 | 20.8 |\n| Llama 2 | 70B | 29.9 | 45.4 |\n")
    assert {s.model for s in report.scores} == {"GPT-4o", "Llama 2 · 7B", "Llama 2 · 70B"}


def test_a_column_describing_the_models_is_not_their_name(tmp_path):
    # Orion-14B's multilingual table: "Train Lang" says what each model was trained on; the names are unique
    report = _audit_md(tmp_path, "| Model | Train Lang | Japanese | Korean |\n|---|---|---|---|\n"
                                 "| PLaMo-13B | En,Jp | 52.3 | * |\n| KoGPT-6B | En,Ko | * | 70.1 |\n"
                                 "| Qwen-14B | Multi | 65.8 | 73.7 |\n")
    assert {s.model for s in report.scores} == {"PLaMo-13B", "KoGPT-6B", "Qwen-14B"}
    assert {s.cell.status for s in report.scores if s.cell.raw.strip() == "*"} == {"missing"}
    assert not [f for f in report.findings if f.code == "CC405"]


LEAD = ("## Translation\n\nWe evaluate on the Flores-101 dataset, seven directions.\n\n### 7B models\n\n"
        "| | **CN-EN** | **CN-FR** | Foo |\n|---|---|---|---|\n| GPT-4 | 29.94 | 29.56 | 3.1 |\n| LLaMA2-7B | 27.67 | 26.15 | 2.2 |\n")


def test_a_sections_opening_paragraph_that_names_one_benchmark_names_its_tables_directions(tmp_path):
    report = _audit_md(tmp_path, LEAD)
    assert report.readings[0].leads == ("We evaluate on the Flores-101 dataset, seven directions.",)
    from claimcheck.explain import scrape_lines

    shown = scrape_lines(report.tables, report.readings, (), explain=True)
    assert "  section text: 'We evaluate on the Flores-101 dataset, seven directions.'" in shown
    got = {s.label: (s.benchmark, s.resolution.version, s.resolution.part) for s in report.scores}
    assert got["CN-EN"] == ("flores", "flores-101", "CN-EN")
    assert got["CN-FR"] == ("flores", "flores-101", "CN-FR")
    assert got["Foo"] == (None, None, None)  # no direction, no part of Flores: stays unknown
    assert "translation direction" in next(s for s in report.scores if s.label == "CN-EN").resolution.reasons["benchmark"]


def test_two_directions_of_one_benchmark_are_neither_conflicting_values_nor_a_cross_row_pair(tmp_path):
    report = _audit_md(tmp_path, LEAD)
    assert not [f for f in report.findings if f.code == "CC404"]
    en = {s.id for s in report.scores if s.label == "CN-EN"}
    fr = {s.id for s in report.scores if s.label == "CN-FR"}
    assert not [c for c in report.comparisons if set(c.scores) & en and set(c.scores) & fr]
    from claimcheck.checker.comparisons import candidate_pairs

    assert not [(a, b) for a, b, _ in candidate_pairs(report.scores) if {a.id, b.id} & en and {a.id, b.id} & fr]


def test_a_paragraph_naming_two_benchmarks_names_a_line_that_is_a_part_of_one_of_them(tmp_path):
    """"CN-EN" is a direction of Flores, not a part of MMLU; a direction of both named benchmarks is neither's."""
    two = _audit_md(tmp_path, LEAD.replace("the Flores-101 dataset", "Flores-101 and MMLU")).scores
    assert {(s.label, s.benchmark) for s in two} == {("CN-EN", "flores"), ("CN-FR", "flores"), ("Foo", None)}
    assert {s.resolution.named_in_text for s in two if s.benchmark} == {"We evaluate on Flores-101 and MMLU, seven directions."}
    both = _audit_md(tmp_path, LEAD.replace("the Flores-101 dataset", "Flores-101 and MTOB")).scores
    assert {s.benchmark for s in both} == {None}


def test_a_paragraph_under_another_heading_names_nothing(tmp_path):
    sibling = LEAD.replace("### 7B models", "## 7B models")  # a new section: the paragraph is not above it
    assert _audit_md(tmp_path, sibling).readings[0].leads == ()
    assert {s.benchmark for s in _audit_md(tmp_path, sibling).scores} == {None}


@pytest.mark.parametrize("label, direction", [
    ("CN-EN", True), ("zh→en", True), ("eng→kalam", True), ("English-French", True), ("en2de", True),
    ("MMLU", False), ("Average", False), ("4k", False),
])
def test_translation_directions(label, direction):
    from claimcheck.registry.resolver import _DIRECTION

    assert bool(_DIRECTION.fullmatch(label)) is direction


def test_directions_of_one_benchmark_in_two_inputs_are_not_compared_across(tmp_path):
    first, second = tmp_path / "a.md", tmp_path / "b.md"
    first.write_text(LEAD, encoding="utf-8")
    second.write_text(LEAD.replace("| **CN-EN** | **CN-FR** | Foo |", "| **CN-DE** | **CN-FR** | Foo |")
                      .replace("GPT-4", "Qwen2-7B").replace("LLaMA2-7B", "Mistral-7B"), encoding="utf-8")
    report = audit([str(first), str(second)])
    label = {s.id: s.label for s in report.scores}
    crossed = [c for c in report.comparisons if c.kind == "cross-row" and len({label[i] for i in c.scores}) > 1]
    assert not crossed
    assert any(c.kind == "cross-row" and {label[i] for i in c.scores} == {"CN-FR"} for c in report.comparisons)


@pytest.mark.parametrize("label", ["Δ half book", "**Δ full book**", "∆ MMLU", "Delta vs base", "Gain over 0-shot"])
def test_a_difference_line_is_skipped_with_its_reason_not_read_as_a_score(label):
    from claimcheck.registry.catalogue import load_catalogue
    from claimcheck.registry.resolver import Resolver
    from claimcheck.records import RowContext

    res = Resolver(load_catalogue(())).resolve(RowContext(label=label, qualifiers=(), fields={}), [parse_cell("4.1")])
    assert res.row_kind == "skipped" and "difference" in res.skip_reason and res.n is None


@pytest.mark.parametrize("label", ["Delta", "Gain", "Improvement"])
def test_a_bare_difference_word_is_a_line_name_not_a_difference(label):
    from claimcheck.registry.catalogue import load_catalogue
    from claimcheck.registry.resolver import Resolver
    from claimcheck.records import RowContext

    res = Resolver(load_catalogue(())).resolve(RowContext(label=label, qualifiers=(), fields={}), [parse_cell("4.1")])
    assert res.row_kind == "unknown"


def test_difference_columns_under_a_benchmark_caption_are_skipped_and_counted(tmp_path):
    """Under "MMLU" the column "5-shot" is a score; "Δ 5-shot" is 5-shot minus 0-shot, said in the summary."""
    report = _audit_md(tmp_path, "#### MMLU\n| Model | 0-shot | 5-shot | Δ 5-shot |\n|---|---|---|---|\n"
                                 "| A | 60.0 | 65.0 | 5.0 |\n| B | 58.0 | 61.0 | 3.0 |\n")
    kinds = {s.column: s.status for s in report.scores}
    assert kinds == {"0-shot": "checked", "5-shot": "checked", "Δ 5-shot": "skipped"}
    assert all("difference" in (s.reason or "") for s in report.scores if s.column == "Δ 5-shot")


SETTINGS = ("| | Setting | A | B |\n|---|---|---|---|\n| IFEval | | 80.4 | 75.9 |\n| MMLU | 0-shot | 70.1 | 65.2 |\n"
            "| GSM8K | | 60.1 | 55.2 |\n\n"
            "### Evaluation protocol\n\n| | Evaluation setting | Metric | Evaluation tool |\n|---|---|---|---|\n"
            "| IFEval | 0-shot | mean of prompt_level_strict_acc and instruction_level_strict_acc | lm-eval-harness |\n"
            "| MMLU | 5-shot | macro_avg / acc | lm-eval-harness |\n| GSM8K | 8-shot | exact_match | lm-eval-harness |\n"
            "| GSM8K | 4-shot | exact_match | lm-eval-harness |\n")


def test_a_table_of_settings_gives_the_rows_of_its_benchmarks_their_protocol(tmp_path):
    """Shots, metric and tool come from the settings table; the line's own words win; a benchmark two
    settings rows describe gets neither."""
    report = _audit_md(tmp_path, SETTINGS)
    assert report.readings[1].kind == "text" and len(report.readings[1].settings) == 4
    res = {s.title: s.resolution for s in report.scores}
    assert res["IFEval"].metric == "blend" and res["IFEval"].budget.get("shots") == 0
    assert res["IFEval"].harness == "lm-eval-harness" and "settings table" in res["IFEval"].reasons["settings"]
    assert res["IFEval"].reasons["metric"].startswith("metric column")  # the settings table's metric column
    assert res["MMLU"].budget.get("shots") == 0 and res["MMLU"].harness == "lm-eval-harness"
    assert "settings" not in res["GSM8K"].reasons and res["GSM8K"].harness is None


@pytest.mark.parametrize("label, subset, n", [
    ("BBH (40 per task)", "open-instruct-1080", 1080), ("BBH", None, 6511), ("GSM8K (open-instruct 200)", "open-instruct-200", 200),
])
def test_open_instruct_samples_have_their_own_counts(label, subset, n):
    """open-instruct's scripts score seeded samples (27 BBH task files x 40, 200 GSM8K problems): a line naming
    the sample gets its count, a bare line the full set's."""
    from claimcheck.registry.catalogue import load_catalogue
    from claimcheck.registry.resolver import Resolver
    from claimcheck.records import RowContext

    res = Resolver(load_catalogue(())).resolve(RowContext(label=label), [parse_cell("30.6")])
    assert (res.subset, res.n) == (subset, n)


def test_a_line_named_mbpp_whose_values_are_all_k_over_399_is_evalplus_s_set(tmp_path):
    """MBPP's registry variant: ten values, all k/399 and not k/500 (p = 0.0001 by chance), are EvalPlus's
    399-problem MBPP; values of the 500-problem split stay MBPP; too little evidence adopts nothing."""
    from claimcheck.registry.catalogue import load_catalogue
    from claimcheck.registry.resolver import Resolver
    from claimcheck.records import RowContext

    resolver = Resolver(load_catalogue(()))
    evalplus = ["39.3", "41.1", "42.9", "48.1", "49.9", "55.1", "56.9", "63.9", "65.7", "70.9"]
    res = resolver.resolve(RowContext(label="MBPP"), [parse_cell(v) for v in evalplus])
    assert (res.benchmark, res.version, res.n, res.n_source) == ("mbpp-plus", "v0.1.0", 399, "implied")
    assert "labelled 'MBPP'" in res.reasons["benchmark"]
    full = resolver.resolve(RowContext(label="MBPP"), [parse_cell(f"{100 * k / 500:.1f}") for k in range(201, 401, 21)])
    assert full.benchmark == "mbpp"
    few = resolver.resolve(RowContext(label="MBPP"), [parse_cell(v) for v in evalplus[:4]])
    assert few.benchmark == "mbpp" and few.n is None


def test_a_variant_must_be_another_entry_of_the_catalogue(tmp_path):
    from claimcheck.errors import RegistryError
    from claimcheck.registry.catalogue import load_catalogue

    path = tmp_path / "mine.yaml"
    path.write_text("benchmarks:\n  - id: zeta\n    name: Zeta\n    family: code\n    variants: [no-such-entry]\n"
                    "    sources: [me]\n", encoding="utf-8")
    with pytest.raises(RegistryError, match="variant 'no-such-entry' of 'zeta'"):
        load_catalogue((path,))


def test_the_prose_above_a_table_glosses_its_lines(tmp_path):
    """Shots and versions given in brackets after a benchmark's name in the section's prose reach its line;
    the line's own words win; the reader keeps every prose line of the sections, list lines too."""
    report = _audit_md(tmp_path, "## Base models\n\nWe evaluate on:\n\n- **Knowledge**: MMLU (5-shot), GSM8K (4-shot)\n"
                                 "- **Translation**: Multi-Translation (Flores-101 5-shot)\n\n### 7B\n\n"
                                 "| Benchmark | A | B |\n|---|---|---|\n| MMLU | 70.1 | 65.2 |\n| GSM8K (8-shot) | 60.1 | 55.2 |\n"
                                 "| Flores | 30.1 | 25.2 |\n")
    assert "MMLU (5-shot)" in " ".join(report.tables[0].prose)
    res = {s.title: s.resolution for s in report.scores}
    assert res["MMLU"].budget.get("shots") == 5 and "glosses 'MMLU'" in res["MMLU"].reasons["gloss"]
    assert res["GSM8K (8-shot)"].budget.get("shots") == 8 and "gloss" not in res["GSM8K (8-shot)"].reasons
    assert "gloss" not in res["Flores"].reasons


def test_zero_width_characters_print_nothing_in_a_number():
    assert parse_cell("5\u200b7.9").value == 57.9 and parse_cell("\ufeff70.1%").value == 70.1


@pytest.mark.parametrize("text, shown", [
    ("Benchmark,A,B\nGPQA Diamond,57.9" + "*" * 30 + "x,60.1\nMMLU,70.1,65.0\n", "57.9***"),
    ("Benchmark,A\nGPQA,\"57.9 (n=,)\"\n", "57.9 (n=,)"),
    ("Benchmark,A\nGPQA," + "9" * 400 + "\n", "9999"),
])
def test_a_column_of_damaged_numbers_is_read_as_values_that_do_not_parse(tmp_path, text, shown):
    """Issue 11: a model column whose numbers do not parse was read as a text column (or the table as text)
    and its numbers vanished; each cell is now a skipped value with its reason and a CC405 finding."""
    path = tmp_path / "t.csv"
    path.write_text(text, encoding="utf-8")
    report = audit([str(path)])
    bad = [s for s in report.scores if s.model == "A" and s.label.startswith("GPQA")]
    assert len(bad) == 1 and bad[0].status == "skipped" and "expected a number" in bad[0].reason
    assert any(f.code == "CC405" and shown in f.message for f in report.findings)


def test_a_table_of_settings_with_digits_in_its_tool_column_stays_text(tmp_path):
    report = _audit_md(tmp_path, "| | Evaluation setting | Metric | Evaluation tool |\n|---|---|---|---|\n"
                                 "| MMLU | 5-shot | acc | [lm-eval-harness](https://x.test) #928e8bb |\n"
                                 "| GSM8K | 8-shot | em | [lm-eval-harness](https://x.test) #928e8bb |\n")
    assert report.readings[0].kind == "text" and not [f for f in report.findings if f.code == "CC405"]
    beside = _audit_md(tmp_path, "| Benchmark | Tool | A | B |\n|---|---|---|---|\n"
                                 "| MMLU | lm-eval #928e8bb | 70.1 | 65.2 |\n| GSM8K | lm-eval #928e8bb | 60.1 | 55.2 |\n")
    assert {s.model for s in beside.scores} == {"A", "B"} and not [f for f in beside.findings if f.code == "CC405"]


@pytest.mark.parametrize("text, facet, value", [
    ("Benchmark,Window,A,B\nLiveCodeBench,2408-2505,60.1,55.0\nLiveCodeBench,2501-2505,58.1,52.0\n",
     "version", "2024-08..2025-05"),
    ("Benchmark,Prompting,A,B\nMMLU,5-shot,70.1,65.0\nGSM8K,0-shot,60.1,55.0\n", "budget", {"shots": 5}),
])
def test_a_setup_column_that_opens_with_digits_is_no_damaged_model_column(tmp_path, text, facet, value):
    """Review: "2408-2505" and "5-shot" open with a number but state a setup; the column stays a qualifier."""
    path = tmp_path / "t.csv"
    path.write_text(text, encoding="utf-8")
    report = audit([str(path)])
    assert {s.model for s in report.scores} == {"A", "B"} and not [f for f in report.findings if f.code == "CC405"]
    assert getattr(report.scores[0].resolution, facet) == value


def test_a_range_of_lengths_names_no_one_subset():
    """"RULER (4-128K Average)" averages the lengths: not the 128K subset, whose name ends the range."""
    from claimcheck.registry.catalogue import load_catalogue
    from claimcheck.registry.resolver import Resolver
    from claimcheck.records import RowContext

    resolver = Resolver(load_catalogue(()))
    ranged = resolver.resolve(RowContext(label="RULER (4-128K Average)", qualifiers=(), fields={}), [parse_cell("87.9")])
    one = resolver.resolve(RowContext(label="RULER (128K)", qualifiers=(), fields={}), [parse_cell("87.9")])
    assert ranged.benchmark == one.benchmark == "ruler"
    assert one.subset is not None and ranged.subset is None


@pytest.mark.parametrize("label, unit", [
    ("MT-Bench-101 (Score 1-10)", "points"), ("Helpfulness, rated on a 1–5 scale", "points"), ("Judge (1-5)", "points"),
    ("AlignBench (1-10分)", "points"), ("LiveCodeBench 1-10 problems", None), ("pass@1-10", None), ("Tier 1-3", None),
])
def test_a_stated_rating_scale_is_points_not_percent(label, unit):
    from claimcheck.parsing.labels import extract_facets

    assert extract_facets(label).unit == unit


def test_a_line_under_a_paragraph_s_benchmark_must_name_only_its_parts(tmp_path):
    """XVERSE's LongBench table under a paragraph naming AGIEval: "-en" is a part of AGIEval, but
    "PassageRetrieval" makes the line another task, so it stays unknown instead of AGIEval's English half."""
    page = ("### Long context\n\nAGIEval is evaluated with the authors' prompts.\n\n"
            "| Dataset | Model A | Model B |\n|---|---|---|\n| PassageRetrieval-en | 63.0 | 71.0 |\n"
            "| English | 44.0 | 77.5 |\n")
    report = _audit_md(tmp_path, page)
    rows = {s.label: (s.benchmark, s.resolution.subset) for s in report.scores}
    assert rows["PassageRetrieval-en"] == (None, None)
    assert rows["English"][0] == "agieval"  # a line that names only the part is still read under the paragraph


def test_a_number_glued_to_an_alias_names_another_set_but_a_year_is_an_edition():
    from claimcheck.registry.namesakes import distinguishing_word

    never = lambda word: False  # noqa: E731 - no registered variant
    assert distinguishing_word("MT-Bench-101", 0, 8, never) == "101"
    assert distinguishing_word("FooBench-2024", 0, 8, never) is None and distinguishing_word("FooBench-24", 0, 8, never) is None
    assert distinguishing_word("FooBench-32k", 0, 8, never) is None  # a context length is a setting
    assert distinguishing_word("FooBench-101", 0, 8, lambda word: word == "101") is None  # a registered variant


def test_a_line_naming_a_two_word_part_under_its_caption_resolves(tmp_path):
    """"half book" under MTOB: each word belongs to a registered part's name, so none makes it another task."""
    report = _audit_md(tmp_path, "### MTOB (eng→kalam, chrF)\n\n| Setting | A | B |\n|---|---|---|\n| half book | 40.1 | 35.2 |\n")
    assert {s.benchmark for s in report.scores} == {"mtob"}


@pytest.mark.parametrize("name, summary", [
    ("Average", True), ("*Average*", True), ("Avg.", True), ("Mean", True), ("Median", True), ("平均", True),
    ("Average (open-source)", True), ("Avg. of 7B models", True), ("Mean over all models", True),
    ("Mean Teacher", False), ("Averaged-7B", False), ("MeanFlow-7B", False), ("Average Joe 7B", False),
    ("Nova-7B", False), ("Overall", False),
])
def test_a_model_named_as_a_mean_of_the_models_is_a_summary(name, summary):
    from claimcheck.parsing.roles import is_mean_of_models

    assert is_mean_of_models(name) is summary


def test_an_average_row_under_models_as_rows_is_no_model(tmp_path):
    """Found trying tables as a new user would: "*Average*" under models as rows was ranked as a model
    ("Rival-8B and Average could rank first too") and its 56.5 tested as k/198."""
    from claimcheck.pipeline import audit

    path = tmp_path / "t.md"
    path.write_text("| Model | GPQA Diamond | MMLU |\n|---|---|---|\n| Nova-7B | 57.6 | 80.1 |\n"
                    "| Rival-8B | 55.1 | 79.9 |\n| *Average* | 56.35 | 80.0 |\n", encoding="utf-8")
    report = audit([str(path)])
    average = [s for s in report.scores if s.model == "Average"]
    assert len(average) == 2 and all(s.status == "skipped" and "summary of the table's models" in s.reason
                                     for s in average)
    ids = {s.id for s in average}
    assert not any(ids & set(c.scores) for c in report.comparisons)
    assert not any(ids & set(f.scores) for f in report.findings)
    assert report.account.skipped == 2


def test_a_model_row_names_each_detail_once_and_not_what_its_name_says(tmp_path):
    """DeepSeek-Coder-V2's tables print #TP and #AP beside each model: a dense model's two equal sizes
    were both joined to its name ("DeepSeek-Coder-Base · 33B · 33B")."""
    path = tmp_path / "t.md"
    path.write_text("| Model | #TP | #AP | HumanEval | MBPP+ |\n|---|---|---|---|---|\n"
                    "| Coder-Base | 33B | 33B | 79.3 | 70.1 |\n| Coder-Lite | 16B | 2.4B | 81.1 | 68.8 |\n"
                    "| Llama-3-8B | 8B | 8B | 62.2 | 60.3 |\n| Coder-Base | 7B | 7B | 65.2 | 62.0 |\n", encoding="utf-8")
    models = list(dict.fromkeys(s.model for s in audit([str(path)]).scores))
    assert models == ["Coder-Base · 33B", "Coder-Lite · 16B · 2.4B", "Llama-3-8B", "Coder-Base · 7B"]


def test_a_caption_sentence_naming_a_suite_scopes_its_task_columns(tmp_path):
    """ChatGLM3's README: "we also tested on LongBench; the results are in the table below" over columns
    "Summary", "Single-Doc QA", "Code": the categories of the suite the sentence names, not unknown lines."""
    path = tmp_path / "t.md"
    path.write_text("We also test on LongBench, with results below:\n\n| Model | Summary | Single-Doc QA | Code |\n"
                    "|---|---|---|---|\n| A | 24.8 | 37.6 | 52.8 |\n| B | 26.6 | 45.8 | 56.2 |\n", encoding="utf-8")
    report = audit([str(path)])
    read = {s.title: (s.benchmark, s.resolution.subset, s.resolution.n) for s in report.scores}
    assert read == {"Summary": ("longbench", "summarization", 800), "Single-Doc QA": ("longbench", "single-doc-qa", 750),
                    "Code": ("longbench", "code", 1000)}
    plain = tmp_path / "plain.md"
    plain.write_text("The results are below:\n\n| Model | Summary | Code |\n|---|---|---|\n| A | 24.8 | 52.8 |\n",
                     encoding="utf-8")
    assert {s.benchmark for s in audit([str(plain)]).scores} == {None}  # no suite named: left unknown
