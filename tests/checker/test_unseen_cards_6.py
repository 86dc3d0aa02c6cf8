"""Readings met on model cards not seen before (the 2026-12-06 run, third set): each a general form of table.

- an F1 over a benchmark's items is no accuracy, so the benchmark's chance level (that of guessing an answer) is
  not its floor: a constant guess on a two-way task scores about 1/3 macro F1;
- a benchmark named inside a link ("…/tree/polyglot") is no benchmark the section's text names;
- a row named "… Improvement" holding signed percentages is a difference, not a model's scores;
- a percentage above 100 on a line the registry does not know may be relative to a reference model;
- the sentence above a table that says what its bold means ("the bolded scores represent the best performances
  within the 13B-33B parameter range") is the table's legend;
- a table printed under "different categories across 80 public benchmark datasets" has category lines.
"""

from __future__ import annotations

from tests.checker.cards import audit_card as _audit
from tests.checker.cards import codes as _codes


BOOLQ = """\
# Zed-7B

### BoolQ ({metric})

| Model | 0-shot | 5-shot |
| --- | --- | --- |
| Zed-7B | 0.3356 | 0.6014 |
| Other-7B | 0.4464 | 0.3324 |
"""


def test_an_f1_below_the_accuracy_chance_level_is_no_guessing_failure(tmp_path):
    report = _audit(tmp_path, BOOLQ.format(metric="F1"))
    assert not _codes(report, "CC407")
    (score,) = [s for s in report.scores if s.value == 0.3356]
    assert score.benchmark == "boolq" and score.resolution.metric == "f1" and score.resolution.chance is None


def test_an_accuracy_below_chance_is_still_flagged(tmp_path):
    report = _audit(tmp_path, BOOLQ.format(metric="Acc"))
    flagged = {f.scores[0] for f in _codes(report, "CC407") if str(f.severity) == "error"}
    values = {s.id: s.value for s in report.scores}
    assert {values[i] for i in flagged} == {0.3356, 0.4464, 0.3324}


LINKED = """\
# Zed-7B

## LM Eval Harness - Korean

- Used EleutherAI's lm-evaluation-harness https://github.com/EleutherAI/lm-evaluation-harness/tree/polyglot

### COPA (F1)

| Model | 0-shot | 5-shot |
| --- | --- | --- |
| Zed-7B | 0.6696 | 0.6477 |
| Other-7B | 0.7345 | 0.7287 |
"""


def test_a_benchmark_named_inside_a_link_is_not_read_from_the_text(tmp_path):
    report = _audit(tmp_path, LINKED)
    assert {s.benchmark for s in report.scores} == {None}
    assert not _codes(report, "CC404")


def test_lead_names_skip_links_only():
    from claimcheck.registry.catalogue import load_catalogue
    from claimcheck.registry.resolver import Resolver

    resolver = Resolver(load_catalogue(()))
    assert resolver.lead_names("Used the harness https://github.com/x/lm-evaluation-harness/tree/polyglot") == ()
    assert resolver.lead_names("Used the harness (www.example.com/polyglot) on Polyglot and GSM8K") == ("Polyglot", "GSM8K")


IMPROVEMENT = """\
# Zed-72B

### Model improvement with layer duplication:
|                 | Average | IFEval | MMLU-PRO |
|-----------------|--------:|-------:|---------:|
| Zed Improvement |    2.61% |  -2.05% |     0.31% |
"""


def test_an_improvement_row_is_a_difference_not_scores(tmp_path):
    report = _audit(tmp_path, IMPROVEMENT)
    assert not [f for f in report.findings if f.code in ("CC402", "CC407", "CC408")]
    assert {s.status for s in report.scores} == {"skipped"}
    assert all("a difference between two setups" in s.reason for s in report.scores)


RELATIVE = """\
# Zed-13B

| Model | MT-Bench | WizardEval | HumanEval |
| ----- | ---- | ----- | ----- |
| Zed-13B | 7.06 | 101.4% | 36.6 |
| Zed-13B-old | 6.76 | 99.3% | 25.0 |
| Zed-30B | 7.01 | 97.8% | 37.8 |
"""


def test_a_percentage_above_100_on_an_unknown_line_may_be_relative(tmp_path):
    report = _audit(tmp_path, RELATIVE)
    (over,) = _codes(report, "CC408")
    assert str(over.severity) == "warning" and "relative to a reference model" in over.message
    assert not [f for f in _codes(report, "CC305") if "WizardEval" in f.message]  # no share, so no ceiling
    registered = _audit(tmp_path, RELATIVE.replace("WizardEval", "GSM8K"))
    (error,) = _codes(registered, "CC408")
    assert str(error.severity) == "error" and "relative" not in error.message


SCOPED = """\
# Zed-20B

## Performance Evaluation
InternLM-like results (the bolded scores represent the best performances within the 13B-33B parameter range).

| Capability | Zed-13B | Zed-20B | Zed-33B | Zed-70B |
|----------|-----------|------------|---------------|--------------|
| MMLU     | 42.5      | **55**     | 44.6          | 57.6         |
| GSM8K    | 58.2      | 60.1       | **64**        | 67.7         |
"""


def test_a_bold_rule_said_above_the_table_is_its_legend(tmp_path):
    assert not _codes(_audit(tmp_path, SCOPED), "CC409")
    plain = SCOPED.replace(" (the bolded scores represent the best performances within the 13B-33B parameter range)", "")
    assert len(_codes(_audit(tmp_path, plain), "CC409")) >= 1  # without it the marks contradict the values


CATEGORIES = """\
# Zed-7B

We take a closer look at different categories across 80 public benchmark datasets at the table below:

|Benchmark|Zed-7B|Other-7B|
|--------|------|------|
|Popular aggregated benchmark|70.6|59.4|
|Reasoning|80.3|69.1|
|Language understanding|67.4|58.4|
"""


def test_lines_a_caption_calls_categories_are_category_scores(tmp_path):
    report = _audit(tmp_path, CATEGORIES)
    assert not _codes(report, "CC406") and not _codes(report, "CC301")  # category scores: no benchmark, no n to miss
    other = _audit(tmp_path, CATEGORIES.replace("different categories across 80 public benchmark datasets",
                                                "our results"))
    assert any(str(f.severity) == "warning" for f in _codes(other, "CC406"))


def _result(name: str, metric: str, value: float, board: str, query: str = "query=zed/Zed-4B") -> str:
    return f"""\
  - task:
      type: text-generation
    dataset:
      name: {name}
      type: x
    metrics:
    - type: {metric}
      value: {value}
    source:
      url: https://huggingface.co/spaces/{board}/open_llm_leaderboard?{query}
      name: Open LLM Leaderboard
"""


MIXED_INDEX = "---\nmodel-index:\n- name: Zed-4B\n  results:\n" + "".join([
    _result("AI2 Reasoning Challenge (25-Shot)", "acc_norm", 63.48, "HuggingFaceH4"),
    _result("HellaSwag (10-Shot)", "acc_norm", 80.86, "HuggingFaceH4"),
    _result("IFEval (0-Shot)", "inst_level_strict_acc and prompt_level_strict_acc", 49.26, "open-llm-leaderboard"),
    _result("BBH (3-Shot)", "acc_norm", 37.66, "open-llm-leaderboard"),
    _result("GPQA (0-shot)", "acc_norm", 9.06, "open-llm-leaderboard"),
    _result("MuSR (0-shot)", "acc_norm", 7.75, "open-llm-leaderboard", "search=Zed-4B"),  # one board, asked otherwise
]) + "---\n\n# Zed-4B\n\nA model.\n"


def test_a_model_index_citing_two_boards_is_two_tables(tmp_path):
    report = _audit(tmp_path, MIXED_INDEX)
    tables = {s.table for s in report.scores}
    assert len(tables) == 2
    gpqa = next(s for s in report.scores if s.benchmark == "gpqa")
    assert gpqa.unit == "normalized"  # the second board's rescaled scores: no chance level, no k/n
    assert not _codes(report, "CC407") and not _codes(report, "CC403")
    arc = next(s for s in report.scores if s.value == 63.48)
    assert arc.table != gpqa.table and arc.unit == "percent"


def test_a_model_index_citing_one_board_is_one_table(tmp_path):
    report = _audit(tmp_path, MIXED_INDEX.replace("HuggingFaceH4", "open-llm-leaderboard"))
    assert len({s.table for s in report.scores}) == 1


TWO_COLUMNS = """\
# Zed-7B

| | MedQA | MedQA 5 opts | PubMedQA |
|---|---|---|---|
| **Zed 7B** | 50.6 | 42.8 | 77.5 |
| **Other 7B** | 42.0 | 40.9 | 75.7 |
"""


def test_two_columns_of_one_benchmark_in_a_models_as_rows_table_are_two_lines(tmp_path):
    assert not _codes(_audit(tmp_path, TWO_COLUMNS), "CC404")
    same = TWO_COLUMNS.replace("MedQA 5 opts", "MedQA")  # one label printed twice with two values: a conflict
    assert _codes(_audit(tmp_path, same), "CC404")


def test_a_bold_name_with_a_footnote_star_is_bold_and_keeps_the_star():
    from claimcheck.readers.markdown import read_cell

    assert read_cell("**GPT-3.5 Turbo 1106***") == ("GPT-3.5 Turbo 1106*", (), ("bold",))
    assert read_cell("***X***") == ("X", (), ("bold",))  # bold italic
    assert read_cell("**62.9**") == ("62.9", (), ("bold",))


VALUE_TABLES = """\
## Results

| Metric | Value |
|---|---|
| MMLU (5-shot) | 46.3 |
| GSM8K (5-shot) | 42.3 |

## More results

| Metric | Value |
|---|---|
| MMLU (5-shot) | 52.1 |
| GSM8K (5-shot) | 40.0 |
"""


def test_value_columns_on_a_page_naming_no_model_are_each_their_tables_model(tmp_path):
    report = _audit(tmp_path, VALUE_TABLES)
    assert {s.model for s in report.scores} == {"(table 1's model)", "(table 2's model)"}
    assert not _codes(report, "CC404")  # not one model 'Value' printed with two values
    named = _audit(tmp_path, "# Zed-3B\n\n" + VALUE_TABLES)
    assert {s.model for s in named.scores} == {"Zed-3B"}
