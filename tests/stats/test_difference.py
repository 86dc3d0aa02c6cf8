"""One procedure for a gap between two independent proportions: the interval and the test it inverts.

References: statsmodels' Newcombe interval; exact enumeration of every outcome for the size of the
test (no Monte Carlo error); the Wald z test's size for contrast.
"""

import math

import numpy as np
import pytest
from scipy.stats import binom
from statsmodels.stats.proportion import confint_proportions_2indep

from claimcheck.stats import two_proportion_ztest
from claimcheck.stats.difference import difference_test, mover_interval

METHODS = ("wilson", "clopper-pearson", "jeffreys")


def test_issue_case_13_3_vs_0_of_30_is_not_significant():
    """Wald z = 2.15 calls 4/30 vs 0/30 significant; the Newcombe interval [-0.6, 29.6] pp holds 0."""
    wald = two_proportion_ztest(4 / 30, 30, 0.0, 30, pooled=False)
    assert round(wald.z, 2) == 2.15 and wald.p < 0.05
    t = difference_test(4 / 30, 30, 0.0, 30)
    assert t.ci.low == pytest.approx(-0.0057, abs=1e-4) and t.ci.high == pytest.approx(0.2968, abs=1e-4)  # [-0.6, 29.7] pp
    assert t.p > 0.05 and t.p == pytest.approx(0.0573, abs=5e-4)
    assert t.z == pytest.approx(1.9014, abs=1e-3)


def test_seed_figure_90_4_vs_87_6_at_500():
    t = difference_test(0.904, 500, 0.876, 500)
    # seed 002 prints the Wald z, 1.42 (1.4164); the inverted Newcombe test gives 1.4126: not significant either way
    assert t.z == pytest.approx(1.4126, abs=1e-3) and t.p > 0.05


@pytest.mark.parametrize("k1,n1,k2,n2", [(452, 500, 438, 500), (5, 83, 12, 99), (0, 20, 3, 20), (20, 20, 17, 20),
                                         (1, 1, 0, 1), (0, 5, 5, 5), (30, 40, 100, 200)])
def test_wilson_mover_is_statsmodels_newcombe(k1, n1, k2, n2):
    low, high = confint_proportions_2indep(k1, n1, k2, n2, method="newcomb", compare="diff")
    got = mover_interval(k1 / n1, n1, k2 / n2, n2)
    assert got.low == pytest.approx(low, abs=1e-12) and got.high == pytest.approx(high, abs=1e-12)


@pytest.mark.parametrize("method", METHODS)
def test_p_is_the_level_where_the_interval_touches_zero(method):
    t = difference_test(17 / 40, 40, 9 / 40, 40, method=method)
    at = mover_interval(17 / 40, 40, 9 / 40, 40, alpha=t.p, method=method)
    assert at.low == pytest.approx(0.0, abs=1e-9)
    assert t.z == pytest.approx(-difference_test(9 / 40, 40, 17 / 40, 40, method=method).z)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("alpha", [0.05, 0.01, 0.2])
def test_verdict_and_interval_never_disagree(method, alpha):
    """Every outcome at n = 20 and 23 (and unequal n): p < alpha exactly when the interval excludes 0."""
    for n1, n2 in ((20, 20), (23, 17)):
        for k1 in range(n1 + 1):
            for k2 in range(n2 + 1):
                t = difference_test(k1 / n1, n1, k2 / n2, n2, alpha=alpha, method=method)
                excludes = t.ci.low > 0 or t.ci.high < 0
                assert (t.p < alpha) == excludes, (k1, n1, k2, n2, t)


def _size(n: int, test, grid=np.linspace(0.02, 0.98, 49)) -> float:
    """The largest rejection rate of a true null p1 = p2 = p over ``grid``, summed over every outcome
    whose probability is not negligible (within 8 SD of n p: the rest weigh < 1e-14)."""
    ks = np.arange(n + 1)
    worst = 0.0
    for p in grid:
        sd = math.sqrt(n * p * (1 - p))
        near = ks[(ks >= n * p - 8 * sd) & (ks <= n * p + 8 * sd)]
        reject = np.array([[test(a, b) for b in near] for a in near], dtype=float)
        w = binom.pmf(near, n, p)
        worst = max(worst, float(w @ reject @ w))
    return worst


@pytest.mark.parametrize("n", [20, 50, 100, 500])
def test_size_at_most_alpha_plus_0_01(n):
    """Exact size over common proportions 0.02..0.98 (0.3..0.7 at n = 500, where the worst case sits at
    p = 1/2).  The interval decides (p < alpha exactly when it excludes 0, tested above), which is
    faster to evaluate than solving for p."""
    grid = np.linspace(0.3, 0.7, 5) if n == 500 else np.linspace(0.02, 0.98, 49)

    def rejects(a, b):
        low, high = mover_interval(a / n, n, b / n, n)
        return low > 0 or high < 0

    assert _size(n, rejects, grid) <= 0.06


def test_wald_z_is_too_liberal_where_ours_is_not():
    """The contrast that motivated the change (n = 20, p = 1/2): Wald rejects 7.9% of true nulls."""
    n = 20
    wald = _size(n, lambda a, b: two_proportion_ztest(a / n, n, b / n, n, pooled=False).p < 0.05, np.array([0.5]))
    ours = _size(n, lambda a, b: difference_test(a / n, n, b / n, n).p < 0.05, np.array([0.5]))
    assert wald == pytest.approx(0.079, abs=0.002) and ours < 0.06


def test_exact_limits_are_conservative():
    n = 20
    size = _size(n, lambda a, b: difference_test(a / n, n, b / n, n, method="clopper-pearson").p < 0.05,
                 np.array([0.2, 0.5]))
    assert size <= 0.05


@pytest.mark.parametrize("args", [(0.0, 10, 0.0, 10), (1.0, 1, 1.0, 1), (0.5, 7, 0.5, 9)])
def test_equal_proportions(args):
    t = difference_test(*args)
    assert (t.p, t.z, t.diff) == (1.0, 0.0, 0.0) and t.ci.low <= 0 <= t.ci.high


@pytest.mark.parametrize("method,floor", [("wilson", 1e-290), ("clopper-pearson", 1e-80), ("jeffreys", 1e-80)])
def test_extreme_gap_floors_p(method, floor):
    t = difference_test(1.0, 100000, 0.0, 100000, method=method)
    assert 0 < t.p < floor and math.isfinite(t.z) and t.z > 0


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown interval method"):
        difference_test(0.5, 10, 0.4, 10, method="wald")
    with pytest.raises(ValueError):
        difference_test(0.5, 0, 0.4, 10)
    with pytest.raises(ValueError):
        mover_interval(1.5, 10, 0.4, 10)
