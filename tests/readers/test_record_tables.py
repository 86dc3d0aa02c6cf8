"""A record: one row of values under a header of labels, with no label column (model cards print one per
benchmark: "#### MMLU" over "| MMLU 0-shot |" and "| 78.7 |").  Its values are the page's model's, each
column is a line, and a one-column table is read, not dropped."""

from __future__ import annotations

from claimcheck.pipeline import Options, audit

_CARD = """## Tiny-LM-70B-Instruct

### Evaluation Results

#### MT-Bench (GPT-4-Turbo)

| total | writing | math | turn 1 | turn 2 |
| :--- | :--- | :--- | :--- | :--- |
| 8.22 | 8.70 | 8.40 | 8.61 | 7.84 |

#### IFEval

| Prompt-Strict Acc | Instruction-Strict Acc |
| :--- | :--- |
| 79.9 | 86.1 |

#### MMLU

|MMLU 0-shot |
| :--- |
| 78.7 |
"""


def _audit(tmp_path, text: str):
    path = tmp_path / "card.md"
    path.write_text(text, encoding="utf-8")
    return audit([str(path)], Options())


def _by_label(report):
    return {s.label: s for s in report.scores}


def test_every_value_of_a_record_is_read_as_the_page_models(tmp_path):
    report = _audit(tmp_path, _CARD)
    lines = _by_label(report)
    assert list(lines) == ["total", "writing", "math", "turn 1", "turn 2", "Prompt-Strict Acc", "Instruction-Strict Acc",
                           "MMLU 0-shot"]  # the one-column table is read; no value is taken for a row label
    assert {s.model for s in report.scores} == {"Tiny-LM-70B-Instruct"}
    assert [lines[k].value for k in ("total", "turn 2", "MMLU 0-shot")] == [8.22, 7.84, 78.7]
    assert [r.kind for r in report.readings] == ["transposed"] * 3
    assert lines["MMLU 0-shot"].benchmark == "mmlu" and lines["writing"].line_ref == "table 1 column 2"


def test_a_one_row_table_led_by_a_model_name_is_no_record(tmp_path):
    report = _audit(tmp_path, "## Results\n\n| Model | MMLU | GSM8K |\n|---|---|---|\n| Llama-3-8B | 66.2 | 79.6 |\n")
    assert {s.model for s in report.scores} == {"Llama-3-8B"} and len(report.scores) == 2


def test_a_record_on_a_page_naming_no_model_is_the_value_column(tmp_path):
    report = _audit(tmp_path, "## Evaluation\n\n| MMLU | GSM8K |\n|---|---|\n| 70.1 | 80.2 |\n")
    assert {s.model for s in report.scores} == {"(table 1's model)"} and {s.benchmark for s in report.scores} == {"mmlu", "gsm8k"}


def test_records_on_a_page_naming_no_model_are_not_one_model(tmp_path):
    # Smaug-72B's card: contamination figures of three models, each named only in the sentence above its table
    one = "| ARC | TruthfulQA | GSM8K |\n| --- | --- | --- |\n| {} | {} | {} |\n\n"
    report = _audit(tmp_path, "## Contamination\n\nX has:\n\n" + one.format("0.20", "0.45", "1.00")
                    + "By comparison, Y has:\n\n" + one.format("0.20", "0.39", "1.00"))
    assert len({s.model for s in report.scores}) == 2
    assert not [f for f in report.findings if f.code == "CC404"]
