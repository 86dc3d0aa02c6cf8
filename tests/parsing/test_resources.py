"""Tables of resource, speed, deployment and configuration figures are read as such, never as score grids;
score tables with a few attribute columns or rows keep their scores."""

from __future__ import annotations

import json

import pytest

from claimcheck.parsing.resources import carries_unit, names_condition, names_resource
from claimcheck.pipeline import Options, audit


def _audit(tmp_path, text: str, **options):
    path = tmp_path / "page.md"
    path.write_text(text, encoding="utf-8")
    return audit([str(path)], Options(**options))


@pytest.mark.parametrize("text", ["16.3GB", "**24.1 GB**", "7.5 GiB", "40.93 tokens/s", "118 tok/s", "2.1 s", "35 ms",
                                  "1.0s/it", "6.7G / 1.0s/it", "51.2 / 1.7s/it", "144.69GB (2xA100)", "2xA100",
                                  "H100 x 16", "H20 (96GiB) x 4", "8 × H800", "32K", "316B", "1.8×", "OOM", "oot",
                                  "135 MWh", "700 W", "2.4 kW", "420 tCO2eq", "8K [[HF]](https://x.test/a) ; [[ONNX]](https://x.test/b)",
                                  "128K [HF](https://x.test/c)"])
def test_a_cell_with_a_physical_unit_is_a_figure(text):
    assert carries_unit(text)


@pytest.mark.parametrize("text", ["57.9", "57.9%", "**91.5**", "79.8 ± 1.2", "1287 (+5/-4)", "-", "MFA", "Deepseek V3",
                                  "LoRA", "Max3", "23.11.30", "12/164", "Yes", "[57.9](https://x.test/log)", "[HF](https://x.test)"])
def test_a_score_or_a_word_carries_no_unit(text):
    assert not carries_unit(text)


@pytest.mark.parametrize("name", ["Peak GPU memory", "Speed (tokens/s)", "Throughput", "Latency (ms)", "Batch Size (per GPU)",
                                  "GPU Type and Count", "#GPUs per node", "Strategy", "Precision", "Quantization",
                                  "Number of Experts", "Hidden Dimension", "Max Context Length", "Tokenizer",
                                  "Total Parameters (LLM)", "**Number of Query Heads**", "显存占用", "量化",
                                  "peak LR", "beta2", "LR schedule", "gradient clipping", "Validation Loss", "warmup steps",
                                  "d_model", "num heads", "MLP ratio", "pos embeddings", "activation", "weight tying",
                                  "Power Consumption From GPUs", "Carbon Emissions (tCO2eq)", "Training Time (GPU hours)",
                                  "层数", "头数", "词表大小", "位置编码"])
def test_resource_quantities_are_named(name):
    assert names_resource(name)


@pytest.mark.parametrize("name", ["MMLU", "GSM8K (8-shot)", "Tool Selection (Acc.↑)", "Average", "Qwen-7B", "Value",
                                  "bs=4", "sl=2048", "Sequence Length / 1024", "Batch size 32", "32K context", "Release Date", "License"])
def test_benchmarks_models_and_setup_values_name_no_resource(name):
    assert not names_resource(name)


@pytest.mark.parametrize("name", ["bs=4", "sl=512", "Sequence Length / 4096", "Batch size 32", "128K context"])
def test_a_name_fixing_one_setup_value_is_a_condition(name):
    assert names_condition(name)


MEMORY_BY_BATCH = """\
## Memory with the cache

| Cache on | bs=1 | bs=8 | bs=32 | bs=128 |
|---|:---:|:---:|:---:|:---:|
| No  | 12.4GB | 19.0GB | 41.7GB | OOM |
| Yes | 11.9GB | 13.6GB | 20.3GB | 47.5GB |
"""

SPEED_BY_PRECISION = """\
## Inference speed

| Size | Precision | Speed (tokens/s) | Peak GPU memory |
|---|---|---|---|
| 3B | BF16 | 61.20 | 7.10GB |
| 3B | Int4 | 74.85 | 3.02GB |
| 30B | BF16 | 18.44 | 62.5GB (2xA100) |
| 30B | Int4 | 25.01 | 19.8GB |
"""

SPEC = """\
## Architecture

| Config | Value |
|---|---|
| **Number of Layers** | 48 |
| **Hidden Dimension** | 5120 |
| **Attention Mechanism** | GQA |
| **Number of Experts** | 64 |
| **Selected Experts per Token** | 4 |
| **Max Context Length** | 131072 |
| **Tokenizer** | BPE, 151k vocabulary |
| **Total Parameters** | 235B |
"""

FINETUNE = """\
## Fine-tuning with toolkit A

| Model | GPU Type and Count | Strategy | Batch Size (per GPU) |
|---|---|---|---|
| Orca-Large | A800 x 8 | LoRA | 1 |
| Orca-Small | A800 x 2 | LoRA | 2 |

## Fine-tuning with toolkit B

| Model | Launcher | GPU Type and Count | Strategy | Batch Size (per GPU) |
|---|---|---|---|---|
| Orca-Large | torchrun | A800 x 64 | Full | 1 |
| Orca-Small | deepspeed | A800 x 16 | Full | 1 |
"""

TRAINING_PROFILE = """\
## Memory and speed of fine-tuning

<table>
<tr><th rowspan="2">Size</th><th rowspan="2">Method</th><th colspan="3">Sequence Length</th></tr>
<tr><th>256</th><th>1024</th><th>4096</th></tr>
<tr><th rowspan="2">3B</th><td>LoRA</td><td>9.1G / 1.2s/it</td><td>10.4G / 1.4s/it</td><td>18.0G / 3.9s/it</td></tr>
<tr><td>Q-LoRA (int4)</td><td>6.2G / 1.9s/it</td><td>6.9G / 2.0s/it</td><td>OOM</td></tr>
<tr><th rowspan="2">30B</th><td>LoRA + ZeRO3</td><td>88.3G / 9.8s/it</td><td>91.0G / 12.5s/it</td><td>-</td></tr>
<tr><td>Full-parameter</td><td>301.7G / 20.2s/it</td><td>-</td><td>-</td></tr>
</table>
"""


OPTIMIZER = """\
## Optimizer settings

|                 | Orca 7B | Zeta 7B | Kappa 7B |
|-----------------|---------|---------|----------|
| warmup steps    | 4000    | 2000    | 500      |
| peak LR         | 3.0E-04 | 2.0E-04 | 6.0E-04  |
| beta2           | 0.95    | 0.95    | 0.999    |
| weight decay    | 0.1     | 0.1     | 0.05     |
| LR schedule     | linear  | cosine  | cosine   |
| gradient clipping | global 1.0 | global 1.0 | global 0.5 |
"""

ARCHITECTURES = """\
## Architectures compared

|                 | Orca 7B | Zeta 7B |
|-----------------|---------|---------|
| d_model         | 4096    | 4544    |
| num heads       | 32      | 71      |
| num layers      | 32      | 32      |
| MLP ratio       | ~8/3    | 4       |
| activation      | SwiGLU  | GeLU    |
| sequence length | 2048    | 2048    |
"""

ENERGY = """\
## Environmental impact

|          | GPU Type | Power Consumption From GPUs | Carbon Intensity (kg CO₂e/KWh) | Carbon Emissions (tCO₂eq) |
|----------|----------|-----------------------------|--------------------------------|---------------------------|
| Orca 7B  | A100-80GB | 98 MWh                     | 0.61                           | 59.8                      |
| Zeta 7B  | MI250X    | 120 MWh                    | 0*                             | 0*                        |
"""

TRAINER_LOG = """\
## Training results

| Training Loss | Epoch | Step | Validation Loss | Rewards/accuracies |
|:-------------:|:-----:|:----:|:---------------:|:------------------:|
| 0.6912        | 0.1   | 100  | 0.6871          | 0.6512             |
| 0.0231        | 2.9   | 5600 | 0.7011          | 0.7906             |
| 0.0231        | 3.0   | 5800 | 0.7142          | 0.7969             |
"""

DOWNLOADS = """\
## Variants

|        | Short Context | Long Context |
|:-------|:--------------|:-------------|
| Small  | 8K [[HF]](https://x.test/s8) ; [[GGUF]](https://x.test/s8g) | 128K [[HF]](https://x.test/s128) |
| Large  | 8K [[HF]](https://x.test/l8) | 128K [[HF]](https://x.test/l128) |
| Vision |  | 128K [[HF]](https://x.test/v128) |
"""

ARCHITECTURE_ZH = """\
## 模型结构

| 模型名称 | 隐含层维度 | 层数 | 头数 | 词表大小 | 位置编码 | 最大长度 |
|---------|-----------|------|------|---------|---------|---------|
| Orca-7B | 4,096 | 32 | 32 | 64,000 | [RoPE](https://x.test/rope) | 4,096 |
| Orca-13B | 5,120 | 40 | 40 | 64,000 | [ALiBi](https://x.test/alibi) | 4,096 |
"""


@pytest.mark.parametrize("page", [MEMORY_BY_BATCH, SPEED_BY_PRECISION, SPEC, FINETUNE, TRAINING_PROFILE, OPTIMIZER,
                                  ARCHITECTURES, ENERGY, DOWNLOADS, ARCHITECTURE_ZH])
def test_a_table_of_resource_figures_makes_no_score(tmp_path, page):
    report = _audit(tmp_path, page)
    assert {r.kind for r in report.readings} == {"resource"}
    assert not report.scores and not report.findings
    assert not report.account.unaccounted
    for r in report.readings:
        assert r.why.startswith("resource/configuration figures, not scores")
        assert {role for _, role in r.columns} <= {"label", "figure"}


def test_a_table_of_download_links_and_release_dates_stays_a_table_without_scores(tmp_path):
    # a release date is no resource figure: the table of links is text, as before
    report = _audit(tmp_path, """\
| Model | Hugging Face | ModelScope | Release Date |
|---|---|---|---|
| Orca-Small | [🤗 link](https://example.org/a) | [link](https://example.org/b) | 2025-01-15 |
| Orca-Large | [🤗 link](https://example.org/c) | [link](https://example.org/d) | 2025-03-02 |
""")
    assert [r.kind for r in report.readings] == ["text"]
    assert report.account.text_tables == 1 and report.account.resource_tables == 0


def test_a_table_of_links_under_a_quantization_header_prints_no_figure_and_stays_text(tmp_path):
    report = _audit(tmp_path, """\
| | Base | Chat | Chat (4-bit quantization) |
|---|---|---|---|
| Small | [🤗 Orca-Small-Base](https://example.org/a) | [🤗 Orca-Small-Chat](https://example.org/b) | [🤗 Orca-Small-Chat-Int4](https://example.org/c) |
| Large | [🤗 Orca-Large-Base](https://example.org/d) | [🤗 Orca-Large-Chat](https://example.org/e) | [🤗 Orca-Large-Chat-Int4](https://example.org/f) |
""")
    assert [r.kind for r in report.readings] == ["text"]


def test_a_score_table_with_params_and_context_columns_keeps_its_scores(tmp_path):
    report = _audit(tmp_path, """\
| Model | Params | Context length | MMLU | GSM8K |
|---|---|---|---|---|
| Orca-Small | 7B | 32K | 64.2 | 71.9 |
| Orca-Large | 70B | 128K | 79.5 | 88.0 |
""")
    (r,) = report.readings
    assert r.kind == "transposed"
    assert {s.cell.raw for s in report.scores if s.status == "checked"} == {"64.2", "71.9", "79.5", "88.0"}


def test_a_known_benchmark_among_attribute_columns_keeps_the_table_a_score_table(tmp_path):
    # four of five columns are attributes and the ratings are no 0-100 scores: only the benchmark's name says so
    report = _audit(tmp_path, """\
| Model | Params | Activated Params | Context length | Training tokens | Codeforces |
|---|---|---|---|---|---|
| Orca-Small | 7B | 7B | 32K | 2T | 1450 |
| Orca-Large | 70B | 12B | 128K | 15T | 1890 |
""")
    assert [r.kind for r in report.readings] == ["transposed"]
    assert {s.cell.raw for s in report.scores if s.resolution.benchmark} == {"1450", "1890"}


def test_speed_rows_among_benchmark_rows_leave_the_benchmarks_scored(tmp_path):
    report = _audit(tmp_path, """\
| Benchmark | Orca-Small | Orca-Large |
|---|---|---|
| MMLU | 64.2 | 79.5 |
| GSM8K | 71.9 | 88.0 |
| Speed (tokens/s) | 95.1 | 31.4 |
| Peak memory | 15.2GB | 141GB |
""")
    assert [r.kind for r in report.readings] == ["wide"]
    checked = {(s.label, s.cell.raw) for s in report.scores if s.status == "checked"}
    assert {("MMLU", "64.2"), ("GSM8K", "88.0")} <= checked


def test_unknown_benchmark_rows_that_read_as_scores_keep_an_attribute_heavy_table(tmp_path):
    # four attribute rows and one row of scores the registry does not know: the scores veto the reading as figures
    report = _audit(tmp_path, """\
| | Orca-Small | Orca-Large |
|---|---|---|
| Params | 7B | 70B |
| Context length | 32K | 128K |
| Training tokens | 2T | 15T |
| Number of Experts | 8 | 64 |
| HouseQA | 61.4 | 72.9 |
""")
    assert [r.kind for r in report.readings] == ["wide"]
    assert {s.cell.raw for s in report.scores if s.label == "HouseQA"} == {"61.4", "72.9"}


def test_perplexity_by_sequence_length_is_a_score_table(tmp_path):
    # the columns fix a setup value ("Sequence Length / 4096"); their bare numbers are perplexities, not figures
    report = _audit(tmp_path, """\
<table>
<tr><th rowspan="2">Model</th><th colspan="4">Sequence Length</th></tr>
<tr><th>1024</th><th>4096</th><th>16384</th><th>32768</th></tr>
<tr><td>Orca-Small</td><td>4.31</td><td>3.95</td><td>212.40</td><td>-</td></tr>
<tr><td>+ long rope</td><td>4.31</td><td>3.91</td><td>3.77</td><td>4.02</td></tr>
<tr><td>Orca-Large</td><td>3.62</td><td>3.40</td><td>3.35</td><td>3.31</td></tr>
</table>
""")
    assert [r.kind for r in report.readings] != ["resource"]
    assert len(report.scores) == 12


def test_the_account_the_terminal_and_the_json_say_how_many_tables_hold_figures(tmp_path):
    from claimcheck.explain import scrape_lines
    from claimcheck.serialize import report_records

    report = _audit(tmp_path, MEMORY_BY_BATCH + "\n" + SPEC + """
## Results

| Benchmark | Orca-Small | Orca-Large |
|---|---|---|
| MMLU | 64.2 | 79.5 |
""")
    assert [r.kind for r in report.readings] == ["resource", "resource", "wide"]
    assert report.account.resource_tables == 2 and report.account.text_tables == 0
    assert report.account.describe() == "2 values, 0 missing, 0 skipped, 2 tables of resource/configuration figures, not scores"
    assert not report.account.unaccounted
    assert report_records(report)["cells"]["resource_tables"] == 2
    lines = scrape_lines(report.tables, report.readings, [], explain=True)
    assert any(": resource, 2 rows × 5 columns" in line for line in lines)
    assert any(line.strip().startswith("why: resource/configuration figures, not scores") for line in lines)
    assert json.dumps(report_records(report))  # serialisable


@pytest.mark.parametrize("k,text", [(1, "1 table of resource/configuration figures, not scores"),
                                    (3, "3 tables of resource/configuration figures, not scores")])
def test_the_account_names_tables_of_figures_in_english(k, text):
    from claimcheck.records import CellAccount

    assert CellAccount(values=3, resource_tables=k).describe() == f"3 values, 0 missing, 0 skipped, {text}"


SPEED_UNDER_A_HEADING = """\
### Inference Performance

| Model | Precision | bs=1 | bs=4 |
|---|---|---|---|
| Orca-Large | BF16 | 20.2 | 75.5 |
| Orca-Large | Int8 | 19.3 | 73.6 |
"""


@pytest.mark.parametrize("heading", ["### Inference Performance", "### Throughput (tokens/s)", "### 推理性能",
                                     "### GPU memory usage"])
def test_setup_value_columns_under_a_heading_that_names_a_measurement_hold_figures(tmp_path, heading):
    # "bs=4" fixes a setup; under "Inference Performance" its bare numbers are speeds, not scores
    report = _audit(tmp_path, SPEED_UNDER_A_HEADING.replace("### Inference Performance", heading))
    assert [r.kind for r in report.readings] == ["resource"] and not report.scores and not report.findings


@pytest.mark.parametrize("heading", ["### Results", "### Quantized models", "### Performance"])
def test_the_same_columns_under_another_heading_are_read_as_they_were(tmp_path, heading):
    report = _audit(tmp_path, SPEED_UNDER_A_HEADING.replace("### Inference Performance", heading))
    assert [r.kind for r in report.readings] != ["resource"]


def test_an_underscore_joins_a_resource_name_too():
    assert names_resource("input_length") and names_resource("Output length")


def test_a_table_whose_only_unnamed_column_is_an_input_length_is_read_as_figures(tmp_path):
    report = _audit(tmp_path, """\
| Framework | Model | Number of GPUs | input_length | batch=1 | batch=4 |
|---|---|---|---|---|---|
| vLLM | Orca-Large | 16 | 2048 | 20.2 | 75.5 |
| vLLM | Orca-Large (int8) | 8 | 2048 | 19.3 | 73.6 |
""")
    assert [r.kind for r in report.readings] == ["resource"] and not report.findings


def test_a_training_log_is_no_table_of_scores(tmp_path):
    """The results table a trainer writes into a model card (loss by epoch and step): its accuracy-like column is a
    reward model's training metric, and two log rows sharing a loss are no conflicting values."""
    report = _audit(tmp_path, TRAINER_LOG)
    assert [r.kind for r in report.readings] == ["resource"]
    assert report.readings[0].why.startswith("a training log, not scores")
    assert not report.scores and not report.findings and not report.account.unaccounted


def test_a_loss_column_alone_or_a_step_column_alone_is_no_training_log():
    from claimcheck.parsing.resources import _training_log

    assert _training_log(("Training Loss", "Epoch", "Validation Loss"))
    assert _training_log(("**Step**", "Train Loss"))
    assert not _training_log(("Model", "Validation Loss", "MMLU"))
    assert not _training_log(("Model", "Steps", "SWE-bench Verified"))


def test_a_score_table_with_a_steps_column_keeps_its_scores(tmp_path):
    report = _audit(tmp_path, """\
| Model | Steps | MMLU | GSM8K |
|---|---|---|---|
| Orca-7B | 10000 | 61.2 | 48.0 |
| Zeta-7B | 20000 | 63.5 | 51.3 |
""")
    assert {"mmlu", "gsm8k"} <= {s.benchmark for s in report.scores if s.status == "checked"}
