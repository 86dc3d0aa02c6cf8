"""Tables of the Open LLM Leaderboard v2's rescaled scores (0 = random guessing, 100 = perfect) are not read as
raw accuracies: no chance level, no k/n grid, no fraction scale; the board's raw tables and a vendor's own
tables of the same benchmarks stay raw."""

from __future__ import annotations

import pytest

from claimcheck.pipeline import audit

V2 = """| Model | IFEval | BBH | GPQA | MuSR | MMLU-PRO | Average |
|---|---|---|---|---|---|---|
| Alpha-7B | 33.36 | 19.88 | 1.12 | 10.86 | 0.45 | 13.13 |
| Beta-7B | 22.46 | 6.71 | 8.05 | 5.51 | 14.47 | 11.44 |
"""

CHANCE_FINDINGS = {"CC407", "CC403", "CC102"}


def _page(tmp_path, text: str, name: str = "card.md"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return audit([str(path)])


def _codes(report) -> set[str]:
    return {f.code for f in report.findings}


def _units(report) -> set[str]:
    return {s.unit for s in report.scores if s.status == "checked"}


def test_a_table_headed_by_the_board_is_read_as_its_rescaled_scores(tmp_path):
    report = _page(tmp_path, "# Open LLM Leaderboard Evaluation Results\n\n" + V2)
    assert _units(report) == {"normalized"}
    assert not _codes(report) & CHANCE_FINDINGS
    gpqa = next(s for s in report.scores if s.benchmark == "gpqa" and s.model == "Alpha-7B")
    assert gpqa.proportion is None and gpqa.ci is None
    assert "Open LLM Leaderboard v2" in gpqa.resolution.unit_reason and "(25%)" in gpqa.resolution.unit_reason


def test_a_paragraph_saying_the_scores_were_normalized_marks_the_table(tmp_path):
    lead = ("# Evaluation\n\nWe evaluate on the new leaderboard's benchmarks and then normalize the results with "
            "Hugging Face's score normalization.\n\n")
    assert _units(_page(tmp_path, lead + V2)) == {"normalized"}


def test_the_same_lines_with_no_word_of_rescaling_are_raw_accuracies(tmp_path):
    report = _page(tmp_path, "# Evaluation\n\n" + V2)
    assert "normalized" not in _units(report)
    assert "CC407" in _codes(report)  # GPQA 1.12% is far below a chance of 25%: read raw, it is a finding


@pytest.mark.parametrize("lead", [
    "We report normalized accuracy (acc_norm) for every benchmark.",  # a length-normalized choice score: raw
    "The scores below are raw results, not normalized.",
    "Results are reported without normalization.",
])
def test_normalized_accuracy_or_raw_scores_are_raw_accuracies(tmp_path, lead):
    report = _page(tmp_path, f"# Evaluation\n\n{lead}\n\n" + V2)
    assert "normalized" not in _units(report) and "CC407" in _codes(report)


@pytest.mark.parametrize("lead", [
    "Inputs are normalized to NFC before tokenization.",  # normalized, but not the scores
    "We normalize answers before matching them. Results are averaged over three seeds.",  # two sentences apart
])
def test_other_things_normalized_do_not_mark_the_table(tmp_path, lead):
    report = _page(tmp_path, f"# Evaluation\n\n{lead}\n\n" + V2)
    assert "normalized" not in _units(report) and "CC407" in _codes(report)


def test_one_line_of_the_boards_benchmarks_is_not_enough(tmp_path):
    one = "| Model | GPQA |\n|---|---|\n| Alpha-7B | 1.12 |\n| Beta-7B | 8.05 |\n"
    report = _page(tmp_path, "# Open LLM Leaderboard Evaluation Results\n\n" + one)
    assert "normalized" not in _units(report) and "CC407" in _codes(report)


def test_the_boards_first_version_under_its_heading_stays_raw(tmp_path):
    v1 = """| Metric | Value |
|---|---:|
| Avg. | 47.70 |
| AI2 Reasoning Challenge (25-Shot) | 62.03 |
| HellaSwag (10-Shot) | 80.82 |
| MMLU (5-Shot) | 20.00 |
| Winogrande (5-shot) | 73.64 |
| GSM8k (5-shot) | 2.00 |
"""
    report = _page(tmp_path, "# Open LLM Leaderboard Evaluation Results\n\n" + v1)
    assert "normalized" not in _units(report)
    assert "CC407" in _codes(report)  # MMLU 20.00 on four choices


def test_a_table_with_any_benchmark_the_board_does_not_rescale_stays_raw(tmp_path):
    table = V2.replace("| Average |", "| HumanEval |").replace("13.13 |", "40.2 |").replace("11.44 |", "35.0 |")
    report = _page(tmp_path, "# Open LLM Leaderboard Evaluation Results\n\n" + table)
    assert "normalized" not in _units(report)


def test_an_average_of_rescaled_scores_is_still_recomputed(tmp_path):
    wrong = V2.replace("13.13 |", "15.00 |")
    report = _page(tmp_path, "# Open LLM Leaderboard Evaluation Results\n\n" + wrong)
    assert "CC402" in _codes(report)
    assert "CC402" not in _codes(_page(tmp_path, "# Open LLM Leaderboard Evaluation Results\n\n" + V2, "ok.md"))


_CARD = """---
model-index:
- name: alpha-7b
  results:
{results}
---

# Alpha 7B
"""
_RESULT = """  - task: {{type: text-generation}}
    dataset: {{name: {name}, type: {name}}}
    metrics:
    - {{type: acc_norm, value: {value}, name: normalized accuracy}}
{source}"""


def _card(source: str) -> str:
    src = f"    source: {{name: {source}, url: 'https://huggingface.co/spaces/open-llm-leaderboard'}}\n" if source else ""
    return _CARD.format(results="".join(_RESULT.format(name=n, value=v, source=src) for n, v in
                                        (("GPQA (0-shot)", 1.12), ("MMLU-PRO (5-shot)", 4.47), ("BBH (3-Shot)", 19.88))))


def test_a_model_index_citing_the_board_as_its_source_is_rescaled(tmp_path):
    report = _page(tmp_path, _card("Open LLM Leaderboard"))
    assert _units(report) == {"normalized"} and not _codes(report) & CHANCE_FINDINGS


def test_a_model_index_citing_no_source_is_raw(tmp_path):
    report = _page(tmp_path, _card(""))
    assert "normalized" not in _units(report) and "CC407" in _codes(report)
    assert report.readings[0].captions == ("model-index",)
    assert "model-index (source: Open LLM Leaderboard)" in _page(tmp_path, _card("Open LLM Leaderboard"),
                                                                 "b.md").readings[0].captions
