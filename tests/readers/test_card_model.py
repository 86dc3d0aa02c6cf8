"""A model card's "| Benchmark | Value |" table holds the scores of the model the card is about."""

from __future__ import annotations

from claimcheck.pipeline import Options, audit

_INDEX = """---
model-index:
- name: tiny-lm-7b
  results:
  - task:
      type: text-generation
    dataset:
      name: IFEval (0-Shot)
      type: HuggingFaceH4/ifeval
      args:
        num_few_shot: 0
    metrics:
    - type: inst_level_strict_acc and prompt_level_strict_acc
      value: 33.36
---
"""


def _audit(tmp_path, text: str):
    path = tmp_path / "card.md"
    path.write_text(text, encoding="utf-8")
    return audit([str(path)], Options())


def test_a_score_column_holds_the_model_a_model_card_heading_names(tmp_path):
    report = _audit(tmp_path, "# 🚀 Tiny-LM-7B\n\n# Model Card for Tiny-LM-7B-Base\n\n## Evaluation\n\n"
                              "| Task | **Score** |\n|---|---|\n| MMLU | 0.6372 |\n| GSM8K | 0.0250 |\n")
    assert {s.model for s in report.scores} == {"Tiny-LM-7B-Base"}


def test_a_value_column_holds_the_model_of_the_model_index(tmp_path):
    report = _audit(tmp_path, _INDEX + "\n#  Table of Contents\n\n# Open LLM Leaderboard Evaluation Results\n\n"
                                       "|Metric|Value|\n|---|---:|\n|IFEval (0-Shot)|33.36|\n|MMLU (5-Shot)|62.11|\n")
    assert {s.model for s in report.scores} == {"tiny-lm-7b"}
    # the model-index and the table print one result twice: no setup effect is measured between the two prints
    assert not [c for c in report.comparisons if c.kind == "configuration"]


def test_a_first_heading_shaped_like_a_model_names_it_but_not_one_in_a_code_block(tmp_path):
    card = ("---\nlicense: other\n---\n```bash\n# Llama-3-8B install\n```\n## Tiny-LM-7B-Instruct\n\n### Results\n\n"
            "| Benchmark | Value |\n|---|---|\n| MMLU | 78.7 |\n")
    assert {s.model for s in _audit(tmp_path, card).scores} == {"Tiny-LM-7B-Instruct"}


def test_with_no_model_named_by_the_page_the_column_is_its_tables_model(tmp_path):
    # not one model "Score" shared by every such table of the page, as a record table names none either
    report = _audit(tmp_path, "#  Table of Contents\n\n## Results\n\n| Task | Score |\n|---|---|\n| MMLU | 63.7 |\n")
    assert {s.model for s in report.scores} == {"(table 1's model)"}


def test_a_model_column_keeps_its_header_on_a_model_card(tmp_path):
    report = _audit(tmp_path, "# Model Card for Tiny-LM-7B\n\n| Benchmark | Tiny-LM-7B | Llama-3-8B |\n|---|---|---|\n"
                              "| MMLU | 63.7 | 66.2 |\n")
    assert {s.model for s in report.scores} == {"Tiny-LM-7B", "Llama-3-8B"}


def test_a_different_value_of_the_model_in_another_table_is_still_a_configuration_pair(tmp_path):
    report = _audit(tmp_path, _INDEX + "\n# Results\n\n|Metric|Value|\n|---|---:|\n|IFEval (0-Shot)|35.10|\n")
    assert {s.model for s in report.scores} == {"tiny-lm-7b"}
    assert [c for c in report.comparisons if c.kind == "configuration"]  # two numbers for one result: said
