"""Results tables a harness prints (lm-evaluation-harness's ``make_table``), pasted into model cards: one model's
results, one row per task and metric, with the task printed once and an empty Task cell on its further metrics."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.parsing.labels import canonical_metric
from claimcheck.pipeline import audit
from claimcheck.readers.model_card import card_model

TABLES = Path(__file__).resolve().parents[1] / "fixtures" / "harness" / "lm_eval" / "tables"

# lm-eval 0.3's table as printed in a model card (values x100), under the model card's own heading
V03 = """\
# zephyr-7b-gemma-v0.1

### GPT4All
|    Task     |Version| Metric |Value|   |Stderr|
|-------------|------:|--------|----:|---|-----:|
|arc_challenge|      0|acc     |49.15|±  |  1.46|
|             |       |acc_norm|52.47|±  |  1.46|
|boolq        |      1|acc     |79.69|±  |  0.70|
|hellaswag    |      0|acc     |60.59|±  |  0.49|
|             |       |acc_norm|78.00|±  |  0.41|

### AGIEval
|             Task             |Version| Metric |Value|   |Stderr|
|------------------------------|------:|--------|----:|---|-----:|
|agieval_aqua_rat              |      0|acc     |21.65|±  |  2.59|
|                              |       |acc_norm|25.20|±  |  2.73|
|agieval_lsat_ar               |      0|acc     |19.57|±  |  2.62|
|                              |       |acc_norm|21.74|±  |  2.73|
"""


def _run(tmp_path, text: str, name: str = "card.md"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return audit([str(path)])


def test_a_table_printed_by_lm_eval_reads_as_the_runs_model_with_its_metrics_and_shots():
    report = audit([str(TABLES / "dummy-seed1.md")])
    got = {(s.model, s.label, s.resolution.metric, s.value, s.unit) for s in report.scores}
    assert got == {("dummy-seed1", "arith_gen", "em", 0.0, "fraction"),
                   ("dummy-seed1", "arith_mc", "accuracy", 0.25, "fraction")}
    assert report.readings[0].kind == "long"
    assert {s.title for s in report.scores} == {"arith_gen · version 2 · exact_match · 2-shot",
                                                "arith_mc · version 1 · acc · 0-shot"}
    assert {s.cell.plus_minus for s in report.scores} == {0.0, 0.1118}  # the Stderr column, beside its value


def test_the_version_column_is_no_model_and_a_metric_row_continues_the_task_above(tmp_path):
    report = _run(tmp_path, V03)
    assert {s.model for s in report.scores} == {"zephyr-7b-gemma-v0.1"}
    arc = {s.resolution.metric: s.value for s in report.scores if s.benchmark == "arc-challenge"}
    assert arc == {"accuracy": 49.15, "acc-norm": 52.47}
    assert [s.title for s in report.scores if s.row == 7] == ["arc_challenge · acc_norm"]
    codes = {f.code for f in report.findings}
    assert not codes & {"CC404", "CC407", "CC102"}  # no "Version 0" below chance, no subtasks in conflict
    assert not [f for f in report.findings if f.code == "CC206"]  # the Metric column says they are two metrics


def test_acc_norm_is_its_own_metric():
    assert canonical_metric("acc_norm") == "acc-norm"
    assert canonical_metric("macro_avg / acc_norm") == "acc-norm"
    assert canonical_metric("acc_char") == "acc-char"
    assert canonical_metric("acc") == canonical_metric("Acc.") == "accuracy"


def test_answer_filters_are_two_protocols_and_none_is_no_filter(tmp_path):
    text = ("hf (pretrained=mistralai/Mistral-7B-v0.1), gen_kwargs: (None), limit: None, num_fewshot: None, batch_size: 8\n"
            "|Tasks|Version|     Filter     |n-shot|  Metric   |   |Value |   |Stderr|\n"
            "|-----|------:|----------------|-----:|-----------|---|-----:|---|-----:|\n"
            "|gsm8k|      3|flexible-extract|     5|exact_match|↑  |0.4079|±  |0.0135|\n"
            "|     |       |strict-match    |     5|exact_match|↑  |0.3995|±  |0.0135|\n"
            "|boolq|      2|none            |     0|acc        |↑  |0.8379|±  |0.0064|\n")
    report = _run(tmp_path, text)
    got = {(s.benchmark, s.resolution.protocol, s.resolution.budget.get("shots")) for s in report.scores}
    assert got == {("gsm8k", "flexible-extract filter", 5), ("gsm8k", "strict-match filter", 5), ("boolq", None, 0)}
    assert {s.model for s in report.scores} == {"mistralai/Mistral-7B-v0.1"}
    assert not [f for f in report.findings if f.code == "CC404"]


@pytest.mark.parametrize("line, model", [
    ("hf (pretrained=mistralai/Mistral-7B-v0.1,dtype=bfloat16), gen_kwargs: (None), limit: None, batch_size: 8",
     "mistralai/Mistral-7B-v0.1"),
    ("dummy ({'pretrained': 'dummy-seed1'}), gen_kwargs: ({}), limit: None, num_fewshot: None, batch_size: 1",
     "dummy-seed1"),
    ("hf-causal-experimental (pretrained=./out,use_accelerate=True), limit: None, provide_description: False", "./out"),
    ("we ran it with (pretrained=x)", ""),  # not the harness's line
])
def test_the_harness_run_line_names_the_page_model(line, model):
    assert card_model(f"{line}\n| Tasks | Value |\n", (), "") == model


def test_two_runs_on_one_page_name_no_single_model():
    text = ("hf (pretrained=a/one), gen_kwargs: (None), limit: None\n\nhf (pretrained=b/two), gen_kwargs: (None), limit: None\n")
    assert card_model(text, (), "") == ""


def test_a_results_table_on_a_page_naming_no_model_says_so(tmp_path):
    report = _run(tmp_path, "| Task | Metric | Value |\n|---|---|---|\n| boolq | acc | 80.1 |\n")
    assert [s.model for s in report.scores] == ["(the page's model)"]


def test_a_one_row_trainer_log_is_no_score_table(tmp_path):
    text = ("### Training results\n\n| Training Loss | Epoch | Step | Validation Loss | Rewards/chosen | Logps/rejected |\n"
            "|:---:|:---:|:---:|:---:|:---:|:---:|\n| 0.1923 | 1.9 | 100 | 0.4736 | -3.4575 | -459.1662 |\n")
    report = _run(tmp_path, text)
    assert [r.kind for r in report.readings] == ["resource"]
    assert not report.scores and not report.findings


def test_front_matter_is_no_prose_that_glosses_a_label(tmp_path):
    text = ("---\nmodel-index:\n- name: m\n  results:\n  - dataset:\n      name: HellaSwag (10-Shot)\n      type: hellaswag\n"
            "    metrics:\n    - type: acc_norm\n      value: 83.48\n---\n# m\n\n| Task | Metric | Value |\n|---|---|---|\n"
            "| hellaswag | acc | 60.59 |\n")
    report = _run(tmp_path, text)
    table = [s for s in report.scores if s.value == 60.59]
    assert len(table) == 1 and "shots" not in table[0].resolution.budget
    assert "gloss" not in table[0].resolution.reasons


def test_a_sort_arrow_is_no_part_of_a_benchmark_name(tmp_path):
    report = _run(tmp_path, "| Model | MT Bench⬇️ | IFEval ↑ |\n|---|---|---|\n| a | 7.81 | 28.76 |\n| b | 7.34 | 43.81 |\n")
    assert {s.benchmark for s in report.scores} == {"mt-bench", "ifeval"}


def test_a_metric_only_in_the_labels_is_still_noted_as_a_setup_of_the_model(tmp_path):
    report = _run(tmp_path, "# m\n\n| Benchmark | m |\n|---|---|\n| HellaSwag (acc) | 60.6 |\n| HellaSwag (acc_norm) | 78.0 |\n")
    notes = [f for f in report.findings if f.code == "CC206"]
    assert len(notes) == 1 and "accuracy vs acc-norm" in notes[0].message  # no Metric column says so: the note does
