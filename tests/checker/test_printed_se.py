"""A score printed with its standard error (a harness's "Stderr" column) and no item count: its interval is
p ± z·SE, two such scores are compared by the Wald test of their SEs, and CC301 does not call them untested."""

from __future__ import annotations

import math

import pytest
from scipy.stats import norm

from claimcheck.pipeline import Options, audit

BOARD = """\
model,benchmark,score,stderr
Zed-7B,House Riddles,0.5623,0.0145
Other-7B,House Riddles,0.5200,0.0150
Zed-7B,GSM8K,0.61,0.0134
Other-7B,GSM8K,0.58,0.0136
"""


def _audit(tmp_path, text, **options):
    path = tmp_path / "board.csv"
    path.write_text(text, encoding="utf-8")
    return audit([str(path)], Options(**options)) if options else audit([str(path)])


def test_an_unknown_n_with_a_printed_stderr_gives_the_normal_interval(tmp_path):
    report = _audit(tmp_path, BOARD)
    zed = next(s for s in report.scores if s.model == "Zed-7B" and s.title == "House Riddles")
    assert zed.n is None and zed.ci_method == "printed-se"
    half = norm.ppf(0.975) * 0.0145
    assert zed.ci == pytest.approx((0.5623 - half, 0.5623 + half), rel=1e-9)


def test_the_interval_follows_alpha(tmp_path):
    report = _audit(tmp_path, BOARD, alpha=0.1)
    zed = next(s for s in report.scores if s.model == "Zed-7B" and s.title == "House Riddles")
    assert zed.ci[1] - zed.ci[0] == pytest.approx(2 * norm.ppf(0.95) * 0.0145, rel=1e-9)


def test_a_known_n_keeps_its_wilson_interval(tmp_path):
    report = _audit(tmp_path, BOARD)
    gsm = next(s for s in report.scores if s.model == "Zed-7B" and s.benchmark == "gsm8k")
    assert gsm.n == 1319 and gsm.ci_method == "wilson"


def test_two_scores_with_printed_stderrs_are_compared_by_the_wald_test(tmp_path):
    report = _audit(tmp_path, BOARD)
    (c,) = [c for c in report.comparisons if c.benchmark is None and c.comparable]
    se = math.hypot(0.0145, 0.0150)
    assert c.se == pytest.approx(se) and c.z == pytest.approx((0.5623 - 0.52) / se)
    assert c.p == pytest.approx(2 * norm.sf(abs(0.0423 / se)), rel=1e-9)
    assert c.mde == pytest.approx((norm.ppf(0.975) + norm.ppf(0.8)) * se, rel=1e-9)
    assert "printed standard errors" in c.method


def test_rows_with_printed_stderrs_are_not_called_untested(tmp_path):
    report = _audit(tmp_path, BOARD)
    assert not [f for f in report.findings if f.code == "CC301"]
    bare = _audit(tmp_path, BOARD.replace(",0.0145", ",").replace(",0.0150", ","))
    (f,) = [f for f in bare.findings if f.code == "CC301"]
    assert "House Riddles" in f.message


def test_a_plus_minus_in_the_cell_is_not_taken_for_a_standard_error(tmp_path):
    """'56.2 ± 1.5' may be an SE, a CI half-width or an SD: with no n it gives no interval (CC307 reads it)."""
    text = "model,benchmark,score\nZed-7B,House Riddles,56.2 ± 1.5\nOther-7B,House Riddles,52.0 ± 1.5\n"
    report = _audit(tmp_path, text)
    assert all(s.ci is None for s in report.scores)
