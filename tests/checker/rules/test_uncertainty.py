"""CC307 stays quiet on every printed uncertainty that does go with the score and n."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.pipeline import Options, audit
from claimcheck.stats import binomial_se, wilson_interval


def _cc307(lines: list[str]) -> list:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "t.csv"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return [f for f in audit([str(path)], Options()).findings if f.code == "CC307"]


@settings(max_examples=40, deadline=None)
@given(n=st.integers(20, 5000), k=st.floats(0.02, 0.98))
def test_consistent_plus_minus_and_intervals_are_not_flagged(n, k):
    p = round(k * n) / n
    if p in (0.0, 1.0):
        return
    se = 100 * binomial_se(p, n)
    low, high = wilson_interval(p, n)
    lines = [
        "Benchmark,A,B,n",
        f"FooBench,{100 * p:.1f} ± {se:.2f},{100 * p:.1f} ± {1.96 * se:.2f},{n}",  # B: a 95% half-width, unlabelled
        f'BarBench,"{100 * p:.1f}% [{100 * low:.1f}, {100 * high:.1f}]",{100 * p:.1f},{n}',
    ]
    found = _cc307(lines)
    # an unlabelled ± that fits only as a 95% half-width is worth an info, never a warning
    assert all(f.severity == "info" and f.details.get("alternative") == "ci" for f in found), lines


def test_implied_n_is_reported_with_the_numbers_it_was_decided_on():
    (f,) = _cc307(["Benchmark,A,n", "FooBench,70.0 ± 0.5,200"])
    d = f.details
    assert f.severity == "warning" and d["reading"] == "se" and d["n"] == 200
    assert abs(d["implied_n"] - 0.7 * 0.3 / 0.005 ** 2) < 1e-6 and abs(d["expected_se"] - binomial_se(0.7, 200)) < 1e-12
