"""Readings met on model cards not seen before (the 2026-12-06 run, fourth set): each a general form of table.

- a header that prints one title over several columns, with a second line telling them apart ("v.s. ChatGPT");
- model rows set wholly in bold, the name too, whose bold cannot be best marks: the vendor's models set apart;
- "ARC (25-shot)", the Open LLM Leaderboard's label for ARC-Challenge, with its shots kept;
- ToxiGen, a share of toxic generations, where lower is better;
- a quantisation "Bits" column, a data mixture's "Tokens" and a config file's "hidden_size" are no scores;
- a line the notes define as an average of several benchmarks ("*Math:* the average of GSM8K and MATH") is a
  category, not the benchmark it shares a name with;
- a model-index whose metrics share one type ("code_eval") and differ by name ("pass@1", "pass@10");
- sizes printed in millions ("OpenELM-270M") as size classes of one table.
"""

from __future__ import annotations

from claimcheck.pipeline import audit
from tests.checker.cards import audit_card as _audit
from tests.checker.cards import codes as _codes


TWO_LINE_HEADER = """\
# Zed-70B

### Zed performance on AlpacaEval

| **Model** | **AlpacaEval (winrate %)** | **AlpacaEval (winrate %)** | **AlpacaEval (winrate %)** |
|---|---|---|---|
| | **v.s. Text-Davinci-003** | **v.s. ChatGPT** | **v.s. GPT4** |
| **Zed-70B** | **95.57** | **87.50** | **60.61** |
| GPT-4 | 95.28 | 84.66 | 50.00 |
| **Zed-13B** | **91.76** | **81.79** | **55.30** |
| Other-13B | 89.37 | 75.75 | 41.91 |
"""


def test_a_second_header_line_tells_apart_columns_of_one_title(tmp_path):
    report = _audit(tmp_path, TWO_LINE_HEADER)
    titles = {s.title for s in report.scores}
    assert titles == {"AlpacaEval (winrate %) (v.s. Text-Davinci-003)", "AlpacaEval (winrate %) (v.s. ChatGPT)",
                      "AlpacaEval (winrate %) (v.s. GPT4)"}
    assert not _codes(report, "CC404") and not _codes(report, "CC405")
    assert report.readings[0].header_rows  # the folded line is shown as such


def test_a_repeated_title_over_values_is_not_folded(tmp_path):
    """The second line folds only when it prints no value: a first row of scores under a repeated title stays a row."""
    text = TWO_LINE_HEADER.replace("| | **v.s. Text-Davinci-003** | **v.s. ChatGPT** | **v.s. GPT4** |\n", "")
    report = _audit(tmp_path, text)
    assert not report.readings[0].header_rows
    assert {s.value for s in report.scores if s.model == "Zed-70B"} == {95.57, 87.5, 60.61}


def test_model_rows_bold_throughout_with_different_values_are_the_vendors_models(tmp_path):
    report = _audit(tmp_path, TWO_LINE_HEADER)
    assert not _codes(report, "CC409")  # Zed-13B's bold 91.76 is below GPT-4's 95.28: no best mark
    legend = report.readings[0].legend
    assert len(legend.styled_rows) == 2


def test_one_model_row_bold_and_best_everywhere_keeps_its_marks(tmp_path):
    text = TWO_LINE_HEADER.replace("| **Zed-13B** | **91.76** | **81.79** | **55.30** |",
                                   "| Zed-13B | 91.76 | 81.79 | 55.30 |")
    report = _audit(tmp_path, text)
    assert not report.readings[0].legend.styled_rows
    marked = [s for s in report.scores if "bold" in s.cell.emphasis]
    assert {s.model for s in marked} == {"Zed-70B"}


BEATEN_ROW = """\
# Zed-7B

| Model | GSM8k Pass@1 | MATH Pass@1 |
|---|---|---|
| Other-7B (POT) | 53.6 | 31.5 |
| Other-13B | 72.3 | 22.4 |
| {label} | **77.7** | **28.2** |
"""


def test_one_model_row_bold_throughout_but_beaten_is_the_vendors_model(tmp_path):
    report = _audit(tmp_path, BEATEN_ROW.format(label="🔥 **Zed-7B**"))
    assert not _codes(report, "CC409")
    assert report.readings[0].legend.styled_rows


def test_a_bold_row_beaten_with_its_name_unbolded_keeps_its_marks(tmp_path):
    report = _audit(tmp_path, BEATEN_ROW.format(label="Zed-7B"))
    assert not report.readings[0].legend.styled_rows
    (finding,) = _codes(report, "CC409")
    assert "31.5" in finding.message


BLOCKS = """\
# Zed

| **Model** | **overall** | **easy** |
|---|---|---|
| Human | 53.7 | 100.0 |
| **w/ CoT** | | |
| Other | 51.4 | 54.2 |
| **Zed** | **56.5** | **66.1** |
| **w/o CoT** | | |
| Other | 50.1 | 57.4 |
| **Zed** | **52.9** | 56.9 |
"""


def test_a_bold_row_is_judged_within_its_own_block(tmp_path):
    """Beaten by a row of another block (Human) only: the bold row is the best of its block and keeps its marks."""
    report = _audit(tmp_path, BLOCKS)
    assert not report.readings[0].legend.styled_rows


ARC = """\
# Zed-7B

| Model | MMLU 5-shot | ARC 25-shot | ARC (25-shot) | ARC 0-shot |
|---|---|---|---|---|
| Zed-7B | 50.1 | 60.2 | 60.2 | 55.0 |
| Other-7B | 51.1 | 61.2 | 61.2 | 56.0 |
"""


def test_arc_25_shot_is_the_open_llm_leaderboards_arc_challenge(tmp_path):
    report = _audit(tmp_path, ARC)
    by_title = {s.title: s for s in report.scores if s.model == "Zed-7B"}
    for title in ("ARC 25-shot", "ARC (25-shot)"):
        s = by_title[title]
        assert s.benchmark == "arc-challenge" and s.n == 1172
        assert s.resolution.budget.get("shots") == 25  # the alias names the shots; they still hold
    assert by_title["ARC 0-shot"].benchmark is None  # "ARC" alone stays ambiguous


TOXIGEN = """\
# Zed

|||TruthfulQA|Toxigen|
|---|---|---|---|
|Zed|7B|33.29|**21.25**|
|Zed|13B|41.86|26.10|
|Zed|70B|**50.18**|24.60|
"""


def test_toxigen_is_lower_is_better(tmp_path):
    report = _audit(tmp_path, TOXIGEN)
    assert not _codes(report, "CC409")
    tox = [s for s in report.scores if s.title == "Toxigen"]
    assert tox and all(s.benchmark == "toxigen" and s.lower_is_better for s in tox)


def test_a_bold_highest_toxigen_is_a_misread_direction(tmp_path):
    report = _audit(tmp_path, TOXIGEN.replace("**21.25**", "21.25").replace("26.10", "**26.10**"))
    (finding,) = _codes(report, "CC105")
    assert "26.1" in finding.message


QUANT = """\
# Zed-7B-GGUF

## Provided files

| Name | Quant method | Bits | Size | Max RAM required | Use case |
| ---- | ---- | ---- | ---- | ---- | ----- |
| zed-7b.Q2_K.gguf | Q2_K | 2 | 2.83 GB| 5.33 GB | smallest, significant quality loss |
| zed-7b.Q3_K_S.gguf | Q3_K_S | 3 | 2.95 GB| 5.45 GB | very small, high quality loss |
| zed-7b.Q4_K_M.gguf | Q4_K_M | 4 | 4.08 GB| 6.58 GB | medium, balanced quality |
"""


def test_quantisation_bits_are_no_benchmark(tmp_path):
    report = _audit(tmp_path, QUANT)
    assert not [s for s in report.scores if s.status == "checked"]
    assert not _codes(report, "CC406") and not _codes(report, "CC301")


CONFIGS = """\
# Zed

## Data mixture

| Subset      | Tokens (Billion) |
| ----------- | ----------- |
| Arxiv      | 30.00       |
| Book   | 28.86        |
| C4   | 197.67        |
| Total | 256.53 |

## Hyperparameters

| Model Hyperparameter      | Value |
| ----------- | ----------- |
| Total Parameters      | 6.7B       |
| Hidden Size   | 4096        |
| Number of Hidden Lyaers  | 32        |
| Vocab Size | 32000 |

## Architecture

|     | layer_num | hidden_size | ffn_hidden_size | head_num |
|-----| --------- | ----------- | --------------- | -------- |
| 7B  | 30        | 4096        | 12288           | 32       |
| 12B  | 38        | 5120        | 12288           | 32       |
"""


def test_token_counts_hyperparameters_and_config_keys_are_no_scores(tmp_path):
    report = _audit(tmp_path, CONFIGS)
    assert [r.kind for r in report.readings] == ["resource", "resource", "resource"]
    assert not report.findings


GROUPED = """\
# Zed

|Model|Size|Code|Commonsense Reasoning|Math|MMLU|
|---|---|---|---|---|---|
|Zed|7B|16.8|63.9|14.6|45.3|
|Zed|13B|24.5|66.9|28.7|54.8|

**Overall performance on grouped academic benchmarks.** *Code:* We report the average pass@1 scores of our models on HumanEval and MBPP. *Commonsense Reasoning:* We report the average of PIQA, SIQA and HellaSwag. *MATH:* We report the average of the GSM8K (8 shot) and MATH (4 shot) benchmarks at top 1.
"""


def test_lines_the_notes_define_as_averages_are_categories(tmp_path):
    report = _audit(tmp_path, GROUPED)
    by_title = {s.title: s for s in report.scores if s.model.endswith("7B")}
    for title in ("Code", "Commonsense Reasoning", "Math"):
        assert by_title[title].benchmark is None and by_title[title].resolution.row_kind == "aggregate"
    assert by_title["Math"].n is None  # not MATH's 5,000 problems
    assert by_title["MMLU"].benchmark == "mmlu"  # a line the notes leave alone
    assert "as averages of several benchmarks" in report.readings[0].why


def test_a_note_naming_one_benchmark_defines_no_category(tmp_path):
    text = GROUPED.replace("We report the average of the GSM8K (8 shot) and MATH (4 shot) benchmarks at top 1.",
                           "We report MATH (4 shot) at top 1.")
    report = _audit(tmp_path, text)
    math = next(s for s in report.scores if s.title == "Math")
    assert math.benchmark == "math"


def test_averaged_lines_reads_each_definition_up_to_the_next():
    from claimcheck.parsing.definitions import averaged_lines

    note = ("*Code:* We report HumanEval only. *World Knowledge:* We evaluate the 5-shot performance on "
            "NaturalQuestions and TriviaQA and report the average. *Average:* the mean of all columns.")
    found = averaged_lines(["Code", "World Knowledge", "Average", "MMLU"], [note])
    assert list(found) == ["World Knowledge"]  # Code's text names one benchmark, no average; Average is the table's own
    assert found["World Knowledge"].endswith("report the average.")


MODEL_INDEX = """\
---
model-index:
- name: zed
  results:
  - task:
      type: code-generation
    dataset:
      name: "HumanEval"
      type: openai_humaneval
    metrics:
       - name: pass@1
         type: code_eval
         value: 3.99
       - name: pass@10
         type: code_eval
         value: 8.69
---
# Zed
"""


def test_model_index_metrics_of_one_type_are_told_apart_by_name(tmp_path):
    report = _audit(tmp_path, MODEL_INDEX)
    assert not _codes(report, "CC404")
    metrics = sorted(s.resolution.metric for s in report.scores)
    assert metrics == ["pass@1", "pass@10"]


SIZES = """\
# Zed

| **Model Size** | **ARC-c** | **ARC-e** | **BoolQ** |
|---|---|---|---|
| Zed-270M | 26.45 | 45.08 | **53.98** |
| Zed-270M-Instruct | **30.55** | **46.68** | 48.56 |
| Zed-450M | 27.56 | 48.06 | 55.83 |
| Zed-450M-Instruct | **30.38** | **50.00** | **60.37** |
| Zed-3B | 35.58 | 59.89 | 67.40 |
| Zed-3B-Instruct | **39.42** | **61.74** | **68.17** |
"""


def test_sizes_in_millions_make_size_classes(tmp_path):
    report = _audit(tmp_path, SIZES)
    assert not _codes(report, "CC409")
    assert "size classes" in report.readings[0].why


FENCED = """\
# Zed-7B

GPT-4All Benchmark Set
```
|    Task     |Version| Metric |Value |   |Stderr|
|-------------|------:|--------|-----:|---|-----:|
|arc_challenge|      0|acc     |0.5623|±  |0.0145|
|             |       |acc_norm|0.6007|±  |0.0143|
|boolq        |      1|acc     |0.8657|±  |0.0060|
Average: 73.12
```

Code
```
| a | b |
|---|---|
| 1 | 2 |
```
"""


def test_a_harness_results_table_in_a_code_fence_is_read(tmp_path):
    """lm-evaluation-harness's printed table pasted in a fence is the run's output; any other table in a fence is code."""
    report = _audit(tmp_path, FENCED)
    assert len(report.tables) == 1
    values = sorted(s.value for s in report.scores if s.status == "checked")
    assert values == [0.5623, 0.6007, 0.8657]
    assert {s.benchmark for s in report.scores} == {"arc-challenge", "boolq"}
    assert all(s.cell.plus_minus for s in report.scores)  # the Stderr column is each score's standard error


def test_the_harness_header_pattern_needs_metric_value_and_stderr():
    from claimcheck.readers.markdown import _HARNESS_HEADER

    assert _HARNESS_HEADER.match("|    Tasks    |Version|Filter|n-shot| Metric |   |Value |   |Stderr|")
    assert _HARNESS_HEADER.match("|    Task     |Version| Metric |Value |   |Stderr|")
    assert not _HARNESS_HEADER.match("|    Task     |Version| Metric |Value |")
    assert not _HARNESS_HEADER.match("| Model | Metric | Value | Stderr |")


BELOW = """\
# Zed-70M

| Metric | Value |
|---|---|
| ARC (25-shot) | 21.59 |
| MMLU (5-shot) | 20.00 |
"""


def test_below_chance_on_arc_challenge_is_expected_of_a_weak_model(tmp_path):
    """ARC's Challenge set keeps only items shallow solvers got wrong: below 25% there is no extraction failure,
    while the same gap on MMLU is."""
    report = _audit(tmp_path, BELOW)
    by_value = {context_value: f for f in _codes(report, "CC407")
                for context_value in [next(s.value for s in report.scores if s.id == f.scores[0])]}
    assert str(by_value[21.59].severity) == "info" and "Challenge set" in by_value[21.59].message
    assert by_value[21.59].details["significant"] is True
    assert str(by_value[20.0].severity) == "error" and "extraction failure" in by_value[20.0].message


STUBS = """\
# Zed

| Details on MT-Bench-tw (0 shot):<br/>Models | STEM | Extraction | ↑ AVG |
|---|---|---|---|
| gpt-3.5-turbo | 7.8 | 6.1 | 6.95 |
| Zed-7B | 6.2 | 5.0 | 5.6 |

| Details on TMMLU+ (0 shot):<br/>Model | STEM | Humanities | ↑ AVG |
|---|---|---|---|
| gpt-3.5-turbo | 41.58 | 40.96 | 41.27 |
| Zed-7B | 36.2 | 35.0 | 35.6 |
"""


def test_unknown_lines_under_label_columns_headed_apart_are_two_line_items(tmp_path):
    report = _audit(tmp_path, STUBS)
    assert not _codes(report, "CC404")  # 'STEM' of MT-Bench-tw and of TMMLU+ are two lines
    avg = [s for s in report.scores if s.title == "↑ AVG"]
    assert avg and all(s.resolution.row_kind == "aggregate" for s in avg)  # an arrow before 'AVG' keeps it an average
    assert not _codes(report, "CC402")  # 6.95 and 41.27 are the means of their rows


def test_unknown_lines_under_one_stub_still_conflict(tmp_path):
    report = _audit(tmp_path, STUBS.replace("Details on TMMLU+ (0 shot):<br/>Model", "Details on MT-Bench-tw (0 shot):<br/>Model"))
    assert _codes(report, "CC404")


SETUP_LINES = """\
# Zed

| Models | |↑ TMMLU+ (ACC) | DRCD (EM) | MMLU (ACC) |
|---|---|---|---|---|
| | |TC, Knowledge |TC, Reasoning|EN, Knowledge|
| | | 5 shot | 3 shot | 5 shot |
| Yi-34B | 34B | 63.10 | 84.57 | 77.42 |
| Zed-7B | 7B | 40.61 | 80.58 | 61.25 |
"""


def test_lines_of_words_above_a_setup_row_fold_into_the_header_with_it(tmp_path):
    report = _audit(tmp_path, SETUP_LINES)
    assert not _codes(report, "CC405")
    assert len(report.readings[0].header_rows) == 2
    mmlu = next(s for s in report.scores if s.benchmark == "mmlu" and s.model == "Zed-7B")
    assert mmlu.resolution.budget.get("shots") == 5


def test_lines_of_words_with_no_setup_row_below_stay_rows(tmp_path):
    text = SETUP_LINES.replace("| | | 5 shot | 3 shot | 5 shot |\n", "")
    report = _audit(tmp_path, text)
    assert not report.readings[0].header_rows


RUNTIME = """\
# Zed

| Parameters | Layers | Heads  | Sequence Length  | GQA num_key_value_heads*  |
|:----------|:----------|:----------|:----------|:----------|
| 7.04 billion    | 32    | 32    | 8192   | Variable  |

### Runtime Benchmarks

| Inference Tool | Hardware | Prompt length | Generation length | Generated tokens/sec | Batch Size | Number of Prompts |
|:----------|:----------|:---------:|:---------:|:---------:|:---------:|:---------:|
| HuggingFace (PyTorch) | A100 (SXM4-80GB-400W) | 512 | 512 | **1174** |  352 | 352 |
| HuggingFace (PyTorch) | A100 (SXM4-80GB-400W) | 2048 | 2048 | **328** | 72 | 72 |
| Infery-LLM | A10 | 2048 | 2048 | **599** | 32 | 128 |
"""


def test_a_spec_naming_gqa_heads_and_a_load_test_are_no_scores(tmp_path):
    report = _audit(tmp_path, RUNTIME)
    assert [r.kind for r in report.readings] == ["resource", "resource"]
    assert not report.findings


FORMATS = """\
# Zed

It beats models ten times its size:

Model | Size | HumanEval pass@1 |
------|------|------------------|
<b>Zed-1.6b</b> | <b>1.6b</b> | <b>32.0%</b> |
Other | 7b | 33.5% |

HumanEval results using instruction following (chat) format, against models specialized for chat only:

Model | Size | HumanEval pass@1 |
------|------|------------------|
<b>Zed-1.6b</b> | 1.6b | 38.4% |
Other | 7b | 34.8% |
"""


def test_tables_under_captions_naming_another_prompt_format_are_two_runs(tmp_path):
    report = _audit(tmp_path, FORMATS)
    assert not _codes(report, "CC404")


def test_tables_under_plain_captions_still_conflict(tmp_path):
    report = _audit(tmp_path, FORMATS.replace("using instruction following (chat) format, ", ""))
    assert _codes(report, "CC404")


PLACEHOLDER = """\
---
model-index:
- name: zed
  results:
  - task: {type: text-generation}
    dataset: {type: openai_humaneval, name: HumanEval}
    metrics:
    - {name: pass@1, type: pass@1, value: 32.0}
  - task: {type: text-generation}
    dataset: {type: bigcode/humanevalpack, name: HumanEvalSynthesize Go}
    metrics:
    - {name: pass@1, type: pass@1, value: -1}
---
# Zed
"""


def test_a_model_index_value_of_minus_one_is_not_evaluated(tmp_path):
    report = _audit(tmp_path, PLACEHOLDER)
    go = next(s for s in report.scores if "Go" in s.title)
    assert go.status != "checked" and go.value is None
    assert any("-1" in n and "not evaluated" in n for n in report.tables[0].notes)
    assert not _codes(report, "CC103") and not _codes(report, "CC408")


def test_minus_one_among_other_negative_values_is_a_value(tmp_path):
    report = _audit(tmp_path, PLACEHOLDER.replace("value: 32.0", "value: -3.5"))
    go = next(s for s in report.scores if "Go" in s.title)
    assert go.value == -1
    assert not any("not evaluated" in n for n in report.tables[0].notes)


def test_one_models_budgets_are_said_once(tmp_path):
    """One model under pass@1 and pass@10 is one CC205 (a configuration effect); the per-table note on
    many-attempt metrics does not name the same cells again."""
    report = _audit(tmp_path, MODEL_INDEX)
    (finding,) = _codes(report, "CC205")
    assert "pass@10" in finding.message


MANY_ATTEMPTS = """\
# Zed

| Model | HumanEval pass@10 |
|---|---|
| Zed-7B | 53.0 |
| Other-7B | 47.5 |
"""


def test_a_many_attempt_line_across_models_keeps_its_note(tmp_path):
    report = _audit(tmp_path, MANY_ATTEMPTS)
    assert any("above single-attempt pass@1" in f.message for f in _codes(report, "CC205"))


SECTIONS = """\
# Zed-70B-quantized

| Benchmark | Zed-70B | Zed-70B-w4a16 (this model) | Recovery |
|---|---|---|---|
| **Arena Hard** | 57.0 | 57.0 | 100.0% |
| **OpenLLM v1** | | | |
| MMLU (5-shot) | 83.9 | 83.6 | 99.6% |
| ARC Challenge (0-shot) | 93.3 | 93.0 | 99.7% |
| Winogrande (5-shot) | 85.3 | 85.5 | 100.2% |
| Average | 87.5 | 87.4 | 99.9% |
| **OpenLLM v2** | | | |
| MMLU-Pro (5-shot) | 48.1 | 47.1 | 97.9% |
| BBH (3-shot) | 55.8 | 55.1 | 98.7% |
| GPQA (0-shot) | 15.4 | 13.9 | 90.3% |
| MuSR (0-shot) | 18.2 | 17.6 | 96.7% |
| Average | 34.4 | 33.4 | 97.1% |
"""


def test_a_section_headed_with_the_boards_version_is_read_rescaled(tmp_path):
    report = _audit(tmp_path, SECTIONS)
    gpqa = [s for s in report.scores if s.benchmark == "gpqa" and s.status == "checked"]
    assert gpqa and all(s.unit == "normalized" for s in gpqa)
    assert not _codes(report, "CC407")  # 15.4 is rescaled: 0 is guessing, not 15.4% right
    mmlu = next(s for s in report.scores if s.benchmark == "mmlu" and s.status == "checked")
    assert mmlu.unit == "percent"  # the v1 section's scores are raw


def test_names_version_reads_the_board_in_any_spacing():
    from claimcheck.registry.rescaled import _names_version

    board = "Open LLM Leaderboard"
    assert _names_version("OpenLLM v2", board, "v2") and _names_version("Open LLM Leaderboard v2", board, "v2")
    assert not _names_version("OpenLLM v1", board, "v2") and not _names_version("OpenLLM v21", board, "v2")
    assert not _names_version("Open evals v2", board, "v2")


def test_a_recovery_column_is_a_ratio_not_a_model(tmp_path):
    report = _audit(tmp_path, SECTIONS)
    assert not _codes(report, "CC408")  # 100.2% of the original's score is no share of items
    recovery = [s for s in report.scores if s.model == "Recovery"]
    assert recovery and all(s.status == "skipped" and "ratio of two models" in s.reason for s in recovery)


def test_an_average_row_averages_its_own_section(tmp_path):
    report = _audit(tmp_path, SECTIONS)
    assert not _codes(report, "CC402")  # 87.5 is the mean of the v1 section, not of Arena Hard with it
    wrong = _audit(tmp_path, SECTIONS.replace("| Average | 87.5 | 87.4 | 99.9% |", "| Average | 79.9 | 87.4 | 99.9% |"))
    (finding,) = _codes(wrong, "CC402")
    assert "79.9" in finding.message


CEVAL = """\
# Zed

We use the dev set of the C-Eval benchmark for few-shot prompting:

| Model 5-shot | Average | Avg(Hard) | STEM | Social Sciences | Humanities | Others |
|---|---|---|---|---|---|---|
| GPT-4 | 68.7 | 54.9 | 67.1 | 77.6 | 64.5 | 67.8 |
| ChatGPT | 54.4 | 41.4 | 52.9 | 61.8 | 50.9 | 53.6 |
"""


def test_an_average_over_one_difficulty_level_is_not_recomputed_from_the_columns(tmp_path):
    report = _audit(tmp_path, CEVAL)
    assert not _codes(report, "CC402")
    wrong = _audit(tmp_path, CEVAL.replace("| 68.7 |", "| 60.7 |"))
    (finding,) = _codes(wrong, "CC402")  # the plain Average is still recomputed: 60.7 is below every category
    assert "60.7" in finding.message


AWQ = """\
# Zed-AWQ

| Branch | Bits | GS | AWQ Dataset | Seq Len | Size |
| ------ | ---- | -- | ----------- | ------- | ---- |
| [main](https://example.org/tree/main) | 4 | 128 | [Evol Instruct Code](https://example.org/data) | 8192 | 3.89 GB
"""


def test_a_quantisations_branch_table_is_no_score_table(tmp_path):
    report = _audit(tmp_path, AWQ)
    assert [r.kind for r in report.readings] == ["resource"] and not report.findings


SIDE_BY_SIDE = """\
# Zed

| Model | # Params | BBH MC | MMLU |
|---|---|---|---|
| Zed-3.5 | **7B** | **47.6** | 64.3 |
| ChatGPT (March)* | ? | **47.6** | **67.3** |
| | | | |
| Other 2.5 | 7B | 49.4 | 63.8 |
| Open-source SOTA** | 13B-70B | 49.7 | 63.7 |
"""


def test_marks_of_the_first_block_only_are_that_blocks_contest(tmp_path):
    report = _audit(tmp_path, SIDE_BY_SIDE)
    assert not _codes(report, "CC409")  # 47.6 ties the best of the two set side by side; 49.7 is below the spacer


def test_a_sota_row_is_a_reference_not_a_model():
    from claimcheck.checker.emphasis import is_reference

    assert is_reference("Open-source SOTA**") and is_reference("Previous SOTA") and is_reference("State-of-the-art")
    assert not is_reference("SOTA-7B") and not is_reference("Zed (SOTA)")


NEMOTRON = (
    "# Zed-340B\r\r\n\r\r\n"
    "*Chain of Thought (CoT)*. Multilingual capabilities evaluated using Multilingual Grade School Math:\r\r\n\r\r\n"
    "| ES Exact Match (%) | JA Exact Match (%) | TH Exact Match (%) |\r\r\n"
    "| :------------- | :------------- | :------------- |\r\r\n"
    "| 68.8 | 69.6 | 68.4 |\r\r\n\r\r\n"
    "*Code generation performance*. Evaluated using HumanEval:\r\r\n"
    "| p@1, 0-Shot |\r\r\n"
    "| :------------- |\r\r\n"
    "| 57.3 |\r\r\n"
)


def test_doubled_carriage_returns_are_one_line_break_and_captions_name_the_benchmark(tmp_path):
    path = tmp_path / "card.md"
    path.write_bytes(NEMOTRON.encode("utf-8"))
    report = audit([str(path)])
    by_label = {s.label: s for s in report.scores}
    assert by_label["p@1, 0-Shot"].benchmark == "humaneval" and by_label["p@1, 0-Shot"].resolution.metric == "pass@1"
    assert (by_label["ES Exact Match (%)"].benchmark, by_label["ES Exact Match (%)"].resolution.subset) == ("mgsm", "es")
    assert by_label["TH Exact Match (%)"].resolution.subset == "th"


def test_lead_names_are_the_names_as_printed_without_names_inside_them():
    from claimcheck.registry.catalogue import load_catalogue
    from claimcheck.registry.resolver import Resolver

    resolver = Resolver(load_catalogue())
    assert resolver.lead_names("evaluated using Multilingual Grade School Math:") == ("Multilingual Grade School Math",)
    assert resolver.lead_names("We use Flores-101 to evaluate") == ("Flores-101",)
    assert resolver.lead_names("results for multilingual HumanEval, CodeEditorBench, and math") == (
        "multilingual HumanEval", "CodeEditorBench", "math")


WIN_RATE = """\
# Zed

Below we present results for math programming.

1) Primary

| Models | Debug | Polish | Avg Win Rate |
| --- | --- | --- | --- |
| GPT-4 | 49.30% | 1.33% | 85.72% |
| Zed-9B | 46.09% | 7.04% | 78.57% |
"""


def test_a_win_rate_among_the_tables_models_is_read_under_no_caption(tmp_path):
    report = _audit(tmp_path, WIN_RATE)
    rate = next(s for s in report.scores if s.title == "Avg Win Rate")
    assert rate.benchmark is None and rate.resolution.derived


def test_harness_task_names_joined_by_underscores_name_one_task():
    """'agieval_lsat_ar' is one AGIEval task (not AGIEval as a whole, with its n), 'mmlu_abstract_algebra' one MMLU
    subject; 'arc_challenge', 'mmlu_pro' and 'gsm8k_cot' stay the benchmarks they name."""
    from claimcheck.parsing.cells import parse_cell
    from claimcheck.records import RowContext
    from claimcheck.registry.catalogue import load_catalogue
    from claimcheck.registry.resolver import Resolver

    resolver = Resolver(load_catalogue())

    def bench(label):
        return resolver.resolve(RowContext(label=label), [parse_cell("0.56")]).benchmark

    assert [bench(x) for x in ("agieval_lsat_ar", "agieval_logiqa_en", "mmlu_abstract_algebra")] == [None] * 3
    assert [bench(x) for x in ("arc_challenge", "mmlu_pro", "gsm8k_cot", "mmlu_flan_n_shot")] == [
        "arc-challenge", "mmlu-pro", "gsm8k", "mmlu"]
    assert bench("AGIEval English") == "agieval"


ONE_MODEL = """\
# Zed-7B

```
|    Task     |Version| Metric |Value |   |Stderr|
|-------------|------:|--------|-----:|---|-----:|
|arc_challenge|      0|acc     |0.5623|±  |0.0145|
|             |       |acc_norm|0.6007|±  |0.0143|
```
"""


def test_a_one_model_harness_tables_metrics_are_not_listed_as_unsupported_comparisons(tmp_path):
    from claimcheck.report.view import build_view

    report = _audit(tmp_path, ONE_MODEL)
    view = build_view(report)
    assert not view.not_supported and not view.supported


def test_a_configuration_gap_on_a_fraction_scale_is_said_in_points(tmp_path):
    from claimcheck.report.conclusions import _single

    report = _audit(tmp_path, ONE_MODEL)
    by_id = {s.id: s for s in report.scores}
    (c,) = [c for c in report.comparisons if c.kind == "configuration"]
    a, b = by_id[c.scores[0]], by_id[c.scores[1]]
    assert a.unit == "fraction" and "differ by 3.8 points" in _single(c, a, b).text


def test_a_second_line_repeating_one_text_tells_no_columns_apart(tmp_path):
    text = TWO_LINE_HEADER.replace("| | **v.s. Text-Davinci-003** | **v.s. ChatGPT** | **v.s. GPT4** |",
                                   "| | **ours** | **ours** | **ours** |")
    report = _audit(tmp_path, text)
    assert not report.readings[0].header_rows


def test_an_average_over_one_benchmarks_samples_defines_no_category():
    from claimcheck.parsing.definitions import averaged_lines

    assert averaged_lines(["Code"], ["*Code:* We report the average pass@1 on HumanEval."]) == {}
    assert list(averaged_lines(["Code"], ["*Code:* We report the average pass@1 on HumanEval and MBPP."])) == ["Code"]


def test_the_se_tests_detectable_gap_follows_the_power_setting(tmp_path):
    from scipy.stats import norm

    from claimcheck.pipeline import Options

    path = tmp_path / "board.csv"
    path.write_text("model,benchmark,score,stderr\nZed-7B,House Riddles,0.5623,0.0145\n"
                    "Other-7B,House Riddles,0.5200,0.0150\n", encoding="utf-8")
    report = audit([str(path)], Options(power=0.9))
    (c,) = [c for c in report.comparisons if c.comparable]
    se = (0.0145 ** 2 + 0.0150 ** 2) ** 0.5
    assert abs(c.mde - (norm.ppf(0.975) + norm.ppf(0.9)) * se) < 1e-12


def test_a_board_section_of_mostly_other_benchmarks_is_not_rescaled(tmp_path):
    text = SECTIONS.replace("| MuSR (0-shot) | 18.2 | 17.6 | 96.7% |",
                            "| HumanEval | 18.2 | 17.6 | 96.7% |\n| GSM8K | 18.2 | 17.6 | 96.7% |\n"
                            "| MATH | 18.2 | 17.6 | 96.7% |")
    text = text.replace("| MMLU-Pro (5-shot) | 48.1 | 47.1 | 97.9% |\n", "")
    report = _audit(tmp_path, text)
    assert not [s for s in report.scores if s.unit == "normalized"]  # BBH and GPQA, against three others


def test_only_the_boards_benchmarks_of_a_rescaled_section_are_rescaled(tmp_path):
    text = SECTIONS.replace("| MuSR (0-shot) | 18.2 | 17.6 | 96.7% |",
                            "| MuSR (0-shot) | 18.2 | 17.6 | 96.7% |\n| HumanEval | 18.2 | 17.6 | 96.7% |")
    report = _audit(tmp_path, text)
    humaneval = [s for s in report.scores if s.benchmark == "humaneval" and s.status == "checked"]
    assert humaneval and all(s.unit == "percent" for s in humaneval)
    assert all(s.unit == "normalized" for s in report.scores if s.benchmark == "gpqa" and s.status == "checked")


AGIEVAL = """\
# Zed-7B

AGI-Eval
```
|             Task             |Version| Metric |Value |   |Stderr|
|------------------------------|------:|--------|-----:|---|-----:|
|agieval_logiqa_en             |      0|acc     |0.3871|±  |0.0191|
|agieval_sat_en                |      0|acc     |0.7476|±  |0.0303|
```
"""


def test_a_task_under_its_benchmarks_caption_is_not_the_part_its_description_names(tmp_path):
    """'agieval_logiqa_en' under an 'AGI-Eval' caption is one task, not AGIEval's English part: the registry's
    description of AGIEval ('… LSAT, SAT, LogiQA …') names no part."""
    report = _audit(tmp_path, AGIEVAL)
    assert all(s.benchmark is None for s in report.scores)


def test_minus_one_is_a_placeholder_only_where_no_other_value_is_negative(tmp_path):
    text = PLACEHOLDER.replace("""    metrics:
    - {name: pass@1, type: pass@1, value: -1}""", """    metrics:
    - {name: pass@1, type: pass@1, value: -1}
  - task: {type: text-generation}
    dataset: {type: x, name: Delta Bench}
    metrics:
    - {name: pass@1, type: pass@1, value: -3.5}""")
    report = _audit(tmp_path, text)
    go = next(s for s in report.scores if "Go" in s.title)
    assert go.value == -1


def test_a_group_size_column_is_a_quantisation_setting(tmp_path):
    text = AWQ.replace(" AWQ Dataset |", "").replace(" ----------- |", "").replace(
        " [Evol Instruct Code](https://example.org/data) |", "")
    report = _audit(tmp_path, text)
    assert [r.kind for r in report.readings] == ["resource"]


RUN_TOGETHER = """\
# Zed

|Model|MMLU|GSM8K|
|-|-|-|
|Zed-1B|45.2|30.1|Other-1B|40.0|25.3|
|Other-1B|40.0|25.3|
"""


def test_cells_past_the_header_are_reported_not_refused_nor_lost(tmp_path):
    """A row run into the next one: read as GitHub shows it (the excess hidden), with the excess reported."""
    report = _audit(tmp_path, RUN_TOGETHER)
    assert sorted(s.value for s in report.scores if s.model == "Zed-1B") == [30.1, 45.2]
    (finding,) = [f for f in _codes(report, "CC405") if "past the header" in f.message]
    assert finding.details["row"] == 5 and finding.details["overflow"] == ["Other-1B", "40.0", "25.3"]
    assert [(r, c, x) for _, r, c, x in report.account.unaccounted] == [(5, 4, "Other-1B"), (5, 5, "40.0"), (5, 6, "25.3")]


def test_a_row_with_empty_cells_past_the_header_is_no_overflow(tmp_path):
    report = _audit(tmp_path, RUN_TOGETHER.replace("|Zed-1B|45.2|30.1|Other-1B|40.0|25.3|", "|Zed-1B|45.2|30.1| | |"))
    assert not [f for f in _codes(report, "CC405") if "past the header" in f.message]
    assert not report.account.unaccounted


GROUPED_HEADER = """\
# Zed

| MCP server | | gpt-4o | | | zed-4 | |
|---|---|---|---|---|---|---|
| | Name acc | Args acc | Value acc | Name acc | Args acc | Value acc |
| Airbnb | 89.3 | 67.9 | 53.6 | 96.4 | 67.9 | 50.0 |
| Slack | 100.0 | 70.0 | 60.0 | 90.0 | 80.0 | 70.0 |
"""


def test_one_title_per_block_of_a_repeated_sub_header_names_the_blocks_columns(tmp_path):
    report = _audit(tmp_path, GROUPED_HEADER)
    assert not _codes(report, "CC404") and not _codes(report, "CC405")
    models = {s.model for s in report.scores}
    assert models == {"gpt-4o (Name acc)", "gpt-4o (Args acc)", "gpt-4o (Value acc)",
                      "zed-4 (Name acc)", "zed-4 (Args acc)", "zed-4 (Value acc)"}


def test_a_block_naming_two_titles_is_no_grouped_header():
    from claimcheck.parsing.roles import _grouped_header
    from claimcheck.records import RawCell

    row = tuple(RawCell(text=t, row=3, col=j) for j, t in enumerate(["", "a", "b", "a", "b"]))
    assert _grouped_header(["M", "x", "", "y", ""], row, False) == ["M", "x (a)", "x (b)", "y (a)", "y (b)"]
    assert _grouped_header(["M", "x", "z", "y", ""], row, False) is None  # two titles over the first block
    same = tuple(RawCell(text=t, row=3, col=j) for j, t in enumerate(["", "a", "a", "a", "a"]))
    assert _grouped_header(["M", "x", "", "y", ""], same, False) is None  # one text repeated is no cycle of sub-headers
    assert _grouped_header(["M", "x", "", "y", ""], row[:1] + (RawCell(text="1.5", row=3, col=1),) + row[2:], False) is None


SIZED_ROW = """\
# Zed

| Model | Size | Spider EX | Bird EX |
|---|---|---|---|
| GPT-4 | - | 85.3 | 50.7 |
| Other-Instruct | 6.7B | 70.1 | 39.4 |
| **Zed-Chat** | {size} | **77.9** | **42.0** |
"""


def test_a_bold_name_and_scores_beside_an_unbolded_size_are_the_vendors_row(tmp_path):
    report = _audit(tmp_path, SIZED_ROW.format(size="7B"))
    assert not _codes(report, "CC409") and report.readings[0].legend.styled_rows


def test_a_bold_row_with_an_unbolded_score_keeps_its_marks(tmp_path):
    report = _audit(tmp_path, SIZED_ROW.format(size="7B").replace("**42.0**", "42.0"))
    assert not report.readings[0].legend.styled_rows
    assert _codes(report, "CC409")  # 77.9 marked best under GPT-4's 85.3


def test_a_row_of_names_under_a_sota_row_annotates_it(tmp_path):
    text = SIDE_BY_SIDE + "| | | Orca 13B | WizardLM 70B |\n"
    report = _audit(tmp_path, text)
    assert not _codes(report, "CC405")
    reading = report.readings[0]
    assert [row for row, _ in reading.annotations] == [10] and "Orca 13B" in reading.annotations[0][1]
    assert report.account.note_rows == 1 and not report.account.unaccounted
    assert not [s for s in report.scores if s.row == 10]


def test_a_row_of_words_under_a_row_without_values_is_no_annotation(tmp_path):
    text = SIDE_BY_SIDE.replace("| | | | |\n", "| | | | |\n| | | Orca 13B | WizardLM 70B |\n")
    report = _audit(tmp_path, text)
    assert not report.readings[0].annotations


def test_words_under_a_row_of_missing_values_are_no_annotation(tmp_path):
    text = SIDE_BY_SIDE + "| Mistral | 7B | - | - |\n| | | Orca 13B | WizardLM 70B |\n"
    report = _audit(tmp_path, text)
    assert not report.readings[0].annotations


def test_one_word_under_a_row_is_no_annotation(tmp_path):
    report = _audit(tmp_path, SIDE_BY_SIDE + "| | | Orca 13B | |\n")
    assert not report.readings[0].annotations
