"""Layouts: long tables with uncertainty columns, transposed tables with protocol columns."""

from __future__ import annotations

import pytest

from claimcheck.errors import InputError
from claimcheck.pipeline import Options, audit


def _audit(tmp_path, text: str, **options):
    path = tmp_path / "t.csv"
    path.write_text(text, encoding="utf-8")
    return audit([str(path)], Options(**options))


def test_long_table_stderr_and_interval_columns_reach_the_cell(tmp_path):
    report = _audit(tmp_path, "model,benchmark,score,stderr,ci_low,ci_high\nA,GPQA Diamond,60.1,3.5,,\nB,GPQA Diamond,58.0,,54.0,62.0\n")
    a, b = report.scores
    assert a.cell.plus_minus == 3.5 and a.cell.bounds is None
    assert b.cell.bounds == (54.0, 62.0) and b.ci == (0.54, 0.62) and b.ci_method == "published"


@pytest.mark.parametrize(("columns", "values", "column", "expected"), [
    ("stderr", "abc", "stderr", "expected a number or a blank, found 'abc'"),
    ("stderr", "1e309", "stderr", "expected a number or a blank, found '1e309'"),
    ("stderr", "-0.5", "stderr", "a standard error cannot be negative, found '-0.5'"),
    ("ci_low,ci_high", "60,50", "ci_low", "the interval's lower end '60' is above its upper end '50'"),
    ("ci_low,ci_high", "50,y", "ci_high", "expected a number or a blank, found 'y'"),
    ("ci_low,ci_high", "50,", "ci_high", "an interval needs both ends; this row gives ci_low but no ci_high"),
    ("ci_low,ci_high", ",62", "ci_low", "an interval needs both ends; this row gives ci_high but no ci_low"),
    ("95% CI", "about five", "95% CI", "expected an interval such as"),
])
def test_an_uncertainty_column_that_cannot_be_read_is_refused_with_its_cell(tmp_path, columns, values, column, expected):
    path = tmp_path / "t.csv"
    path.write_text(f"model,benchmark,score,{columns}\nA,GPQA Diamond,60.1,{values}\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        audit([str(path)])
    assert (caught.value.row, caught.value.column) == (2, column) and expected in caught.value.message


def test_a_dash_or_blank_in_an_uncertainty_column_is_no_uncertainty(tmp_path):
    report = _audit(tmp_path, "model,benchmark,score,stderr,ci_low,ci_high,95% CI\nA,GPQA Diamond,60.1,—,,,n/a\n"
                              "B,GPQA Diamond,58.0,0,58,58,\n")
    a, b = report.scores
    assert a.cell.plus_minus is None and a.cell.bounds is None
    assert b.cell.plus_minus == 0 and b.cell.bounds == (58.0, 58.0)  # a zero-width interval is one


def test_leaderboard_interval_column_is_read_as_published_bounds(tmp_path):
    report = _audit(tmp_path, "model,score,95% CI\nA,1301,+5/-4\nB,1290,+6/-6\n", benchmark="LMArena")
    assert [s.ci for s in report.scores] == [(1297.0, 1306.0), (1284.0, 1296.0)]


def test_transposed_rows_with_a_harness_column_are_separate_line_items(tmp_path):
    report = _audit(tmp_path, "Model,框架,SWE-bench Verified\nGLM-4-32B,Moatless,33.8\nGLM-4-32B,OpenHands,27.2\n")
    assert [s.resolution.harness for s in report.scores] == ["Moatless", "OpenHands"]
    (comp,) = report.comparisons
    assert comp.kind == "configuration" and comp.why_not == ("CC204",)


def test_a_unit_column_names_the_unit_of_an_unknown_benchmark(tmp_path):
    report = _audit(tmp_path, "Benchmark,Model,Unit\nSomeBench,1853,Elo\n")
    assert report.scores[0].unit == "elo"
    assert "CC103" not in {f.code for f in report.findings}


@pytest.mark.parametrize("values,unit", [
    (("864", "845", "794"), "count"),  # OCRBench's raw score: questions answered correctly of 1,000
    (("86.4", "84.5", "79.4"), "percent"),  # the same count printed per 100 items
    (("99", "100", "101"), "count"),  # one value above 100 can only be a count
    (("86.4", "100", "79.4"), "percent"),  # 100 is every item, still a percentage
])
def test_a_benchmark_scored_as_a_count_is_read_as_count_or_percentage_by_its_values(tmp_path, values, unit):
    report = _audit(tmp_path, "Benchmark,A,B,C\nOCRBench," + ",".join(values) + "\n")
    assert {s.unit for s in report.scores} == {unit}
    assert "CC103" not in {f.code for f in report.findings}
    if unit == "count":
        assert {c.note for c in report.comparisons} == {"counts of correct items are not yet tested as proportions"}


def test_a_perfect_score_states_the_zero_failure_bound(tmp_path):
    report = _audit(tmp_path, "Benchmark,A,n\nSomeBench,100.0%,20\n")
    (s,) = report.scores
    assert s.ci[0] == pytest.approx(0.8389, abs=1e-4)  # Wilson, seed 000 §9.6
    assert "13.9%" in s.ci_note  # 1 − 0.05^(1/20) = 0.1391


def test_a_rating_gap_is_shown_as_an_expected_win_rate(tmp_path):
    from claimcheck.report.view import build_view

    report = _audit(tmp_path, "model,score,95% CI\nA,1301,+5/-4\nB,1290,+6/-6\n", benchmark="LMArena")
    (line,) = build_view(report).comparisons
    assert "expected win rate 52%" in line.why


def test_a_qualifier_clause_naming_one_model_describes_that_cell_only(tmp_path):
    report = _audit(tmp_path, "Benchmark,Nova-2,Rival-X,Notes\nMMLU-Pro,84.1%,82.0%,Nova-2 high effort; Rival-X default\n")
    nova, rival = report.scores
    assert dict(nova.resolution.budget).get("effort") == "high"
    assert "effort" not in dict(rival.resolution.budget)
    (c,) = report.comparisons
    assert "CC205" in c.caveats


def test_two_columns_of_one_model_at_two_efforts_are_a_configuration_pair(tmp_path):
    report = _audit(tmp_path, "Benchmark,Nova-2 (low effort),Nova-2 (high effort),Rival-X\nMMLU-Pro,80.1%,84.1%,82.0%\n")
    kinds = {frozenset(c.models): (c.kind, c.why_not) for c in report.comparisons}
    assert kinds[frozenset({"Nova-2 (low effort)", "Nova-2 (high effort)"})] == ("configuration", ("CC205",))


def test_the_label_column_is_the_stub_that_names_benchmarks_not_a_category_column_headed_benchmark(tmp_path):
    """A category column headed "Benchmark" beside an unnamed column of benchmark names (InternLM3's README):
    the categories ("MATH") must not become the rows, nor AIME2024 inherit MATH's 5,000 items."""
    path = tmp_path / "t.md"
    path.write_text("| Benchmark | | A-8B | B-7B | C-8B |\n|---|---|---|---|---|\n"
                    "| General | MMLU(0-shot) | 76.6 | 76.5 | 71.8 |\n| | GPQA-Diamond(0-shot) | 37.4 | 33.3 | 24.2 |\n"
                    "| MATH | MATH-500(0-shot) | 83.0 | 72.4 | 48.4 |\n| | AIME2024(0-shot) | 20.0 | 16.7 | 6.7 |\n",
                    encoding="utf-8")
    report = audit([str(path)], Options())
    (reading,) = report.readings
    assert reading.label_col == 1 and reading.columns[0][1] == "category"
    rows = {s.label: (s.benchmark, s.n) for s in report.scores}
    assert rows == {"MMLU(0-shot)": ("mmlu", 14042), "GPQA-Diamond(0-shot)": ("gpqa", 198),
                    "MATH-500(0-shot)": ("math-500", 500), "AIME2024(0-shot)": ("aime", 30)}


def test_a_model_header_with_a_descriptive_word_stays_a_model_column(tmp_path):
    """"GPT-4o-mini(close source)": "source" names a field only in a header that names no model."""
    path = tmp_path / "t.md"
    path.write_text("| Benchmark | A-8B-Instruct | GPT-4o-mini(close source) | Source |\n|---|---|---|---|\n"
                    "| MMLU | **76.6** | 82.7 | paper |\n| GPQA-Diamond | **37.4** | 42.9 | paper |\n", encoding="utf-8")
    report = audit([str(path)], Options())
    assert [role for _, role in report.readings[0].columns] == ["label", "model", "model", "source"]
    assert {s.model for s in report.scores} == {"A-8B-Instruct", "GPT-4o-mini(close source)"}


def test_numbers_in_a_column_read_as_text_are_listed_as_not_read(tmp_path):
    path = tmp_path / "t.md"
    path.write_text("| Benchmark | A-7B | B-7B | Remark |\n|---|---|---|---|\n| MMLU | 70.1 | 60.2 | 55.0 |\n"
                    "| GSM8K | 50.3 | 40.1 | 44.4 |\n| MATH | 10.0 | 9.0 | see paper |\n", encoding="utf-8")
    account = audit([str(path)], Options()).account
    assert account.values == 6
    assert [(row, col, text) for _, row, col, text in account.unaccounted] == [(3, 4, "55.0"), (4, 4, "44.4"),
                                                                             (5, 4, "see paper")]


def test_dashes_do_not_make_a_column_of_sizes_a_column_of_scores(tmp_path):
    """DeepSeek-Coder-V2's Math table: #TP/#AP are "-" for closed models and "70B"/"8B" for open ones; read as
    scores, the two Llama3-Instruct sizes became one model with two values."""
    path = tmp_path / "t.md"
    path.write_text("|  | #TP | #AP | GSM8K | MATH |\n|:--|:--:|:--:|:--:|:--:|\n| GPT-4o-0513 | - | - | 95.8 | 76.6 |\n"
                    "| Claude-3-Opus | - | - | 95.0 | 60.1 |\n| Gemini-1.5-Pro | - | - | 90.8 | 67.7 |\n"
                    "| Llama3-Instruct | 70B | 70B | 93.0 | 50.4 |\n| Llama3-Instruct | 8B | 8B | 79.6 | 30.0 |\n",
                    encoding="utf-8")
    report = audit([str(path)], Options())
    assert [role for _, role in report.readings[0].columns] == ["model", "model-detail", "model-detail", "benchmark", "benchmark"]
    assert len({s.model for s in report.scores}) == 5 and "CC404" not in {f.code for f in report.findings}


@pytest.mark.parametrize("label", ["Memory Usage (GB)", "Ratio(%)", "VRAM", "GPU memory", "显存占用"])
def test_resource_and_data_mix_lines_are_skipped_with_their_reason(tmp_path, label):
    report = _audit(tmp_path, f"Benchmark,A-7B,B-7B\n{label},28.2,16.8\nMMLU,60.2,60.3\n")
    skipped = [s for s in report.scores if s.status == "skipped"]
    assert [s.label for s in skipped] == [label] * 2 and "not a score" in skipped[0].reason
    assert "CC406" not in {f.code for f in report.findings}


def test_a_numeric_setup_column_is_part_of_the_model_not_a_score(tmp_path):
    """InternVL's video table: one model at 1 and at 8 frames is two setups, not two conflicting values."""
    path = tmp_path / "t.md"
    path.write_text("| method | #frame | K400 | K600 |\n|---|:-:|:-:|:-:|\n| OpenCLIP-G | 1 | 65.9 | 66.1 |\n"
                    "| InternVL-C (ours) | 1 | 71.0 | 71.3 |\n| ViCLIP | 8 | 75.7 | 73.5 |\n| InternVL-C (ours) | 8 | 79.4 | 78.8 |\n",
                    encoding="utf-8")
    report = audit([str(path)], Options())
    assert [role for _, role in report.readings[0].columns] == ["model", "model-detail", "benchmark", "benchmark"]
    assert len(report.scores) == 8 and "CC404" not in {f.code for f in report.findings}


def test_a_score_column_of_values_with_printed_changes_is_read(tmp_path):
    path = tmp_path / "t.md"
    path.write_text("| method | crop size | mIoU |\n|---|---|---|\n| A-6B (frozen) | 504 | 47.2 (+12.6) |\n"
                    "| B-1.8B (frozen) | 512 | 39.3 |\n| C-6B (frozen) | 504 | 54.9 (+3.1) |\n", encoding="utf-8")
    report = audit([str(path)], Options())
    assert [role for _, role in report.readings[0].columns] == ["model", "model-detail", "benchmark"]
    assert sorted(s.value for s in report.scores) == [39.3, 47.2, 54.9]


def test_model_names_holding_a_benchmark_name_are_models(tmp_path):
    # "InternLM2-Math-7B" holds MATH's name, but names a model of a catalogued family: the rows are models
    names = ["ReProver", "LLMStep", "Llemma-7B", "InternLM2-Math-7B-Base", "InternLM2-Math-Plus-7B", "InternLM2-Math-Plus-20B"]
    path = tmp_path / "t.md"
    path.write_text("| Models | MiniF2F-test |\n|---|---|\n" + "".join(f"| {m} | {20 + i}.5 |\n" for i, m in enumerate(names)),
                    encoding="utf-8")
    report = audit([str(path)])
    assert [s.model for s in report.scores] == names
    assert {s.label for s in report.scores} == {"MiniF2F-test"}


def test_columns_that_measure_the_rows_config_make_a_table_of_resource_figures(tmp_path):
    # "GPU Mem (GB)" describes each precision, so nothing here is a benchmark score: the table is read as figures
    report = _audit(tmp_path, "Precision,GPU Mem (GB)\nbf16 / fp16,26.0\nint8,15.8\nint4,9.7\n")
    assert [r.kind for r in report.readings] == ["resource"]
    assert not report.scores and not report.findings
    assert report.account.resource_tables == 1 and not report.account.unaccounted


def test_link_columns_are_not_part_of_the_model_name(tmp_path):
    report = _audit(tmp_path, "Model,Checkpoint,Paper,HumanEval\nWizardCoder-33B-V1.1,HF Link,[WizardCoder],79.9\n"
                              "GPT-4-Turbo,-,-,85.4\n")
    assert {s.model for s in report.scores} == {"WizardCoder-33B-V1.1", "GPT-4-Turbo"}


@pytest.mark.parametrize("k,text", [(1, "1 table without scores"), (2, "2 tables without scores")])
def test_the_cell_account_names_one_and_several_in_english(k, text):
    from claimcheck.records import CellAccount

    assert CellAccount(values=3, text_tables=k).describe() == f"3 values, 0 missing, 0 skipped, {text}"


def test_a_unit_column_names_no_line_and_fraction_gaps_are_said_in_points(tmp_path):
    report = _audit(tmp_path, "model,benchmark,score,unit,budget\nA,GPQA Diamond,0.914,fraction,high\n"
                              "A,GPQA Diamond,0.879,fraction,low\n")
    assert [s.title for s in report.scores] == ["GPQA Diamond · high", "GPQA Diamond · low"]
    (setup,) = [f for f in report.findings if f.code == "CC205"]
    assert "(3.5 points apart)" in setup.message


@pytest.mark.parametrize("header", ["**Hyperparameter**,**Value**,**Comment**", "Parameter,Value", "Hyperparameter,Value",
                                    "参数,取值"])
def test_a_table_of_hyperparameters_and_their_values_reports_no_score(tmp_path, header):
    # Falcon2-11B's architecture table: 'd_model' 4096, 'head_dim' 128 are settings, not scores of unknown units
    columns = header.count(",") + 1
    rows = [["Layers", "60"], ["`d_model`", "4096"], ["`head_dim`", "128"], ["Vocabulary", "65024"]]
    text = header + "\n" + "\n".join(",".join(r + [""] * (columns - 2)) for r in rows) + "\n"
    report = _audit(tmp_path, text)
    assert [r.kind for r in report.readings] == ["text"]
    assert not report.scores and not report.findings


def test_a_metric_and_value_table_is_still_a_table_of_scores(tmp_path):
    report = _audit(tmp_path, "Metric,Value\nMMLU (5-Shot),62.11\nGSM8k (5-shot),52.54\n")
    assert len(report.scores) == 2
