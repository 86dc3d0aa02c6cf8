"""An "Overall" row over the categories of one benchmark (KMMLU's "Applied Science", "HUMSS", …; CLIcK's
"Culture", "Language") is pooled over items of unprinted weights: only a value outside the range of its parts is
a CC402.  The table says its lines are categories by its caption (a benchmark's name) or its line header
("supercategory").  A line of averages that fails for several models is one finding, not one per model."""

from __future__ import annotations

from claimcheck.pipeline import audit

# Phi-3.5-mini's shape: a per-category breakdown under a heading naming the benchmark
UNDER_KMMLU = """\
#### KMMLU (5-shot)

| supercategory   | A     | B     |
|:----------------|------:|------:|
| Applied Science | 37.42 | 19.24 |
| HUMSS           | 34.72 | 22.5  |
| Other           | 37.04 | 20.95 |
| STEM            | 38.9  | 19.55 |
| **Overall**     | {a} | {b} |
"""

# an unregistered benchmark: only the line header says the lines are categories
BY_HEADER = """\
#### Accuracy by {header}

| {header} | A     | B     |
|:---------|------:|------:|
| Culture  | 43.77 | 51.15 |
| Language | 41.38 | 40.92 |
| **Overall** | {a} | {b} |
"""


def _run(tmp_path, text):
    path = tmp_path / "t.md"
    path.write_text(text, encoding="utf-8")
    return audit([str(path)])


def _cc402(report):
    return [f for f in report.findings if f.code == "CC402"]


def test_an_overall_inside_the_range_of_its_categories_is_no_mismatch(tmp_path):
    # the plain means are 37.02 and 20.56: 37.35 and 20.21 are other weightings, not arithmetic errors
    report = _run(tmp_path, UNDER_KMMLU.format(a="37.35", b="20.21"))
    assert not _cc402(report)
    rows = {s.label: s.resolution for s in report.scores if s.model == "A"}
    assert rows["STEM"].benchmark is None and rows["STEM"].category_of == "KMMLU"
    assert "a category of 'KMMLU'" in rows["STEM"].reasons["benchmark"]


def test_an_overall_above_every_category_is_a_mismatch(tmp_path):
    report = _run(tmp_path, UNDER_KMMLU.format(a="37.35", b="23.10"))  # B's parts lie in 19.24–22.5
    (finding,) = _cc402(report)
    assert finding.message.startswith("B 23.10 on 'Overall'") and "weighted mean (weights unknown)" in finding.message


def test_the_line_header_says_its_lines_are_categories(tmp_path):
    # CLIcK's Overall 42.99 is not the mean 42.575 of Culture and Language, but lies between them
    for header in ("supercategory", "Sub-category", "Subject"):
        report = _run(tmp_path, BY_HEADER.format(header=header, a="42.99", b="47.82"))
        assert not _cc402(report), header
        assert {s.resolution.category_of for s in report.scores if s.label == "Culture"} == {f"Accuracy by {header}"}


def test_without_a_word_saying_categories_the_plain_mean_is_required(tmp_path):
    report = _run(tmp_path, BY_HEADER.format(header="Split", a="42.99", b="47.82"))
    assert {s.resolution.category_of for s in report.scores} == {None}
    (finding,) = _cc402(report)  # both models miss the plain mean: one finding for the line
    assert finding.message.startswith("'Overall' (row 7) does not recompute from its inputs for 2 of its 2 models;")
    assert "the mean of rows 5, 6 above it, gives 42.5750 for A's 42.99 (±0.0100); 46.0350 for B's 47.82" in finding.message
    assert [r["model"] for r in finding.details["recomputed"]] == ["A", "B"]
    assert len(finding.doubts) == 2


def test_a_caption_naming_a_benchmark_does_not_make_another_benchmark_a_category(tmp_path):
    text = UNDER_KMMLU.replace("| HUMSS           |", "| GSM8K           |").replace("| Other ", "| MMLU / GSM8K ")
    report = _run(tmp_path, text.format(a="37.35", b="20.21"))
    lines = {s.label: s.resolution for s in report.scores if s.model == "A"}
    assert lines["GSM8K"].category_of is None and lines["GSM8K"].benchmark == "gsm8k"
    assert lines["MMLU / GSM8K"].row_kind == "unknown" and lines["MMLU / GSM8K"].category_of is None  # names two
    assert lines["STEM"].category_of == "KMMLU"
