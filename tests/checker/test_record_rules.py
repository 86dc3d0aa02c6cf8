"""Rules on records and on printed zeros: a long table whose rows name their metric mixes no scales in a column
(CC106), a 0.00 is 0 on either scale (CC102), and a metric nothing prints is no known difference (CC206)."""

from __future__ import annotations

from claimcheck.pipeline import audit


def _codes(tmp_path, text: str, name: str = "t.md"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    report = audit([str(path)])
    return report, [f.code for f in report.findings]


LONG = "| model | benchmark | score |{metric_h}\n|---|---|---|{metric_d}\n| a | MT-Bench | 8.1 |{m1}\n| a | MMLU | 78.9 |{m2}\n"


def test_records_naming_their_metric_mix_no_scales_but_a_bare_long_table_does(tmp_path):
    bare = LONG.format(metric_h="", metric_d="", m1="", m2="")
    named = LONG.format(metric_h=" metric |", metric_d="---|", m1=" unknown |", m2=" acc |")
    assert "CC106" in _codes(tmp_path, bare, "bare.md")[1]
    assert "CC106" not in _codes(tmp_path, named, "named.md")[1]


def test_a_zero_printed_as_0_00_is_no_fraction_among_percentages(tmp_path):
    rows = "| Benchmark | A | B |\n|---|---|---|\n| MMLU | 70.1 | 65.2 |\n| GSM8K | 0.00 | 55.5 |\n"
    report, codes = _codes(tmp_path, rows)
    assert "CC102" not in codes
    report, codes = _codes(tmp_path, rows.replace("0.00", "0.35"), "nonzero.md")
    assert "CC102" in codes  # the same cell, not zero: a fraction among percentages


CARD = """\
---
model-index:
- name: zb
  results:
  - dataset:
      name: TruthfulQA (0-shot)
      type: truthful_qa
      config: multiple_choice
      split: validation
      args:
        num_few_shot: 0
    metrics:
    - type: mc2
      value: 57.44916942762855
---
# zb

| Metric | Value |
|---|---|
| TruthfulQA (0-shot) | 57.45 |
| MMLU (5-shot) | 61.07 |
"""


def test_an_unprinted_metric_is_assumed_and_no_known_difference(tmp_path):
    report, codes = _codes(tmp_path, CARD)
    truthful = {s.table: s.resolution for s in report.scores if s.benchmark == "truthfulqa"}
    assert [r.metric_assumed for _, r in sorted(truthful.items())] == [False, True]  # model-index: mc2; table: nothing
    assert "CC206" not in codes  # 57.449 (mc2) and 57.45 (metric unprinted) are no "configuration effect"
