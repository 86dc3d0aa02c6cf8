"""A line under a caption that names a benchmark: read as a part of it when the registry lists it as one ("math"
under "MT-Bench" is MT-Bench's math category, not MATH), or scored on it when it names only a metric
("Prompt-Strict Acc" under "IFEval")."""

from __future__ import annotations

from tests.readers.test_record_tables import _CARD, _audit, _by_label


def test_a_line_naming_only_a_metric_is_scored_on_its_captions_benchmark(tmp_path):
    lines = _by_label(_audit(tmp_path, _CARD))
    strict = [lines["Prompt-Strict Acc"], lines["Instruction-Strict Acc"]]
    assert [(s.benchmark, s.resolution.metric) for s in strict] == [("ifeval", "prompt-strict"), ("ifeval", "instruction-strict")]


def test_a_registered_part_of_the_captions_benchmark_is_that_part_not_another_benchmark(tmp_path):
    lines = _by_label(_audit(tmp_path, _CARD))
    assert (lines["math"].benchmark, lines["math"].resolution.subset, lines["math"].n) == ("mt-bench", "math", 10)
    assert (lines["turn 1"].resolution.subset, lines["turn 1"].n) == ("turn-1", 80)


def test_a_records_total_over_its_columns_is_no_mix_of_metrics(tmp_path):
    report = _audit(tmp_path, _CARD)
    assert not [f for f in report.findings if f.code in ("CC206", "CC106") and "total" in f.message]


def test_a_line_with_words_beside_its_metric_is_not_read_under_the_caption(tmp_path):
    # "Distractor" is no word of a metric or a protocol: another task sitting under the heading, not IFEval scored by F1
    report = _audit(tmp_path, "## IFEval\n\n| Distractor F1 | Prompt-Strict Acc |\n|---|---|\n| 81.7 | 79.9 |\n")
    assert [s.benchmark for s in report.scores] == [None, "ifeval"]
