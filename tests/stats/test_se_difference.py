"""The gap between two estimates printed with standard errors (no item count), against statsmodels."""

from __future__ import annotations

import math

import pytest
from scipy.stats import norm
from statsmodels.stats.weightstats import _zstat_generic

from claimcheck.stats.difference import se_difference_test


@pytest.mark.parametrize("x1, se1, x2, se2", [
    (0.5623, 0.0145, 0.52, 0.0150),
    (0.346, 0.0213, 0.448, 0.0223),
    (0.9, 0.001, 0.899, 0.002),
    (0.0, 0.0, 0.05, 0.01),
])
def test_z_and_p_match_statsmodels(x1, se1, x2, se2):
    t = se_difference_test(x1, se1, x2, se2)
    z, p = _zstat_generic(x1, x2, math.hypot(se1, se2), "two-sided", 0)
    assert t.z == pytest.approx(z, rel=1e-12) and t.p == pytest.approx(float(p), rel=1e-10, abs=1e-300)
    assert t.diff == pytest.approx(x1 - x2)


def test_the_interval_is_the_gap_plus_or_minus_z_times_the_combined_se_and_inverts_the_test():
    t = se_difference_test(0.5623, 0.0145, 0.52, 0.0150, alpha=0.10)
    half = norm.ppf(0.95) * math.hypot(0.0145, 0.0150)
    assert (t.ci.low, t.ci.high) == pytest.approx((t.diff - half, t.diff + half), rel=1e-12)
    assert (t.p < 0.10) == (t.ci.low > 0 or t.ci.high < 0)
    assert se_difference_test(0.5623, 0.0145, 0.52, 0.0150, alpha=0.05).ci.low < t.ci.low  # wider at 95%


def test_edges():
    same = se_difference_test(0.5, 0.0, 0.5, 0.0)
    assert same.p == 1.0 and same.z == 0.0
    apart = se_difference_test(0.6, 0.0, 0.5, 0.0)
    assert apart.p == 0.0 and apart.z == math.inf
    assert se_difference_test(0.5, 0.01, 0.5, 0.02).p == 1.0
    with pytest.raises(ValueError):
        se_difference_test(0.5, -0.01, 0.4, 0.01)
    with pytest.raises(ValueError):
        se_difference_test(0.5, math.nan, 0.4, 0.01)
    with pytest.raises(ValueError):
        se_difference_test(0.5, 0.01, 0.4, 0.01, alpha=1.5)


def test_the_se_interval_is_the_normal_interval_clipped_to_0_1():
    from claimcheck.stats.intervals import se_interval

    ci = se_interval(0.346, 0.0213, alpha=0.1)
    assert (ci.low, ci.high) == pytest.approx(norm.interval(0.90, loc=0.346, scale=0.0213), rel=1e-12)
    assert se_interval(0.99, 0.02).high == 1.0 and se_interval(0.01, 0.02).low == 0.0
    assert se_interval(0.5, 0.0) == (0.5, 0.5)
    with pytest.raises(ValueError):
        se_interval(0.5, -0.1)
    with pytest.raises(ValueError):
        se_interval(1.2, 0.1)
