"""Averages a vendor computes with a judge's 1–10 score put on 0–100, and columns that average something other
than a score ("Avg. Length"): neither is an average that fails to recompute (CC402)."""

from __future__ import annotations

from claimcheck.pipeline import audit

# MiniCPM3's shape: MT-Bench and AlignBench (1–10) enter the average ×10
RESCALED = """\
| Benchmark | A | B |
|---|---|---|
| MMLU | 70.5 | 72.4 |
| MT-Bench | 8.41 | 8.35 |
| GSM8K | 82.3 | 79.6 |
| AlignBench v1.1 | 7.10 | 6.61 |
| Average | {a} | {b} |
"""


def _run(tmp_path, text):
    path = tmp_path / "t.md"
    path.write_text(text, encoding="utf-8")
    return audit([str(path)])


def test_an_average_taking_the_1_to_10_scores_times_ten_recomputes(tmp_path):
    # A: (70.5 + 84.1 + 82.3 + 71.0) / 4 = 76.975; B: (72.4 + 83.5 + 79.6 + 66.1) / 4 = 75.4
    report = _run(tmp_path, RESCALED.format(a="77.0", b="75.4"))
    assert not [f for f in report.findings if f.code == "CC402"]
    # 77.02 is 0.045 from 76.975: inside the rounding of the rescaled inputs (8.41 is 84.1 ± 0.05, not ± 0.005)
    report = _run(tmp_path, RESCALED.format(a="77.02", b="75.40"))
    assert not [f for f in report.findings if f.code == "CC402"]


def test_an_average_that_fits_no_reading_still_fails(tmp_path):
    report = _run(tmp_path, RESCALED.format(a="80.0", b="75.4"))  # 80.0 is neither 76.98 nor the plain mean 42.1
    assert [f.code for f in report.findings if f.code == "CC402"] == ["CC402"]


def test_an_average_length_column_is_no_average_of_the_scores(tmp_path):
    text = ("| Model | LC. Win Rate | Win Rate | Avg. Length |\n|---|---|---|---|\n"
            "| A | 48.70 | 40.76 | 1669 |\n| B | 50.93 | 44.64 | 1759 |\n")
    report = _run(tmp_path, text)
    assert not [f for f in report.findings if f.code == "CC402"]
    assert {s.status for s in report.scores if s.column == "Avg. Length"} == {"skipped"}


def test_ifeval_prompt_accuracy_averages_with_accuracies_but_f1_does_not(tmp_path):
    text = ("| Benchmark | A |\n|---|---|\n| MMLU | 70.0 |\n| IFEval (Prompt Strict-Acc.) | 60.0 |\n| Average | 65.0 |\n")
    report = _run(tmp_path, text)
    assert not [f for f in report.findings if f.code == "CC206"]
    report = _run(tmp_path, text.replace("IFEval (Prompt Strict-Acc.)", "DROP (F1)"))
    assert [f.code for f in report.findings if f.code == "CC206"] == ["CC206"]
