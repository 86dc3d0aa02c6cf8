"""Protocol noise: the registry's sourced figures, the total interval of a score, the caveat of a gap."""

from __future__ import annotations

import math

import pytest

from claimcheck.pipeline import audit
from claimcheck.registry.catalogue import load_catalogue
from claimcheck.stats import z_crit
from claimcheck.stats.ranges import expected_range


def test_every_figure_is_sourced_and_the_smallest_is_used():
    catalogue = load_catalogue(())
    with_noise = [b for b in catalogue if b.protocol_noise]
    assert len(with_noise) >= 10
    for b in with_noise:
        for x in b.protocol_noise:
            assert x.source and x.quote and x.varied
            assert x.sd == (x.figure if x.kind == "sd" else pytest.approx(x.figure / expected_range(x.conditions)))
        assert b.protocol_sd.sd == min(x.sd for x in b.protocol_noise)
    assert catalogue.get("gsm8k").protocol_sd is None  # not measured: nothing is assumed


def test_a_scores_total_interval_adds_the_protocol_noise(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text("Benchmark,Qwen2-7B,Llama-3-8B\nHumanEval,80.0,70.0\nGSM8K,80.2,70.6\n", encoding="utf-8")
    report = audit([str(path)])
    he = next(s for s in report.scores if s.label == "HumanEval" and s.model == "Qwen2-7B")
    sd = load_catalogue(()).get("humaneval").protocol_sd.sd
    half = (he.ci[1] - he.ci[0]) / 2
    total = math.sqrt(half ** 2 + (z_crit(0.05) * sd / 100) ** 2)
    assert he.ci_total == pytest.approx(((he.ci[0] + he.ci[1]) / 2 - total, min(1.0, (he.ci[0] + he.ci[1]) / 2 + total)))
    assert all(s.ci_total is None for s in report.scores if s.label == "GSM8K")
    (c,) = [c for c in report.comparisons if c.benchmark == "humaneval"]
    assert c.verdict == "significant" and "CC309" not in c.caveats  # both measured here: one protocol


def test_a_gap_to_a_score_from_another_report_carries_the_protocol_caveat(tmp_path):
    path = tmp_path / "t.md"
    path.write_text("| Benchmark | Qwen2-7B | Llama-3-8B |\n|---|---|---|\n| HumanEval | 80.0 | 70.0* |\n"
                    "| GSM8K | 80.2 | 70.6* |\n\n\\* From the Llama 3 technical report.\n", encoding="utf-8")
    report = audit([str(path)])
    (c,) = [c for c in report.comparisons if c.benchmark == "humaneval"]
    assert "CC309" in c.caveats and c.verdict == "significant"
    (g,) = [c for c in report.comparisons if c.benchmark == "gsm8k"]
    assert "CC309" not in g.caveats  # GSM8K: no sourced figure
