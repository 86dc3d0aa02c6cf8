"""Two-proportion tests, difference intervals and p-value adjustment against statsmodels."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import confint_proportions_2indep, proportions_ztest

from claimcheck.stats import (
    ZTest,
    bonferroni_adjust,
    holm_adjust,
    newcombe_interval,
    two_proportion_ztest,
    unpooled_se,
    wald_difference_interval,
)

COUNTS = [(452, 500, 438, 500), (5, 83, 12, 99), (0, 20, 3, 20), (20, 20, 17, 20),
          (1, 1, 0, 1), (650, 1000, 600, 1000), (30, 40, 100, 200), (0, 5, 5, 5)]


# --- worked figures -------------------------------------------------------------------------


def test_top_gap_is_not_significant():
    # SPEC/seed 002 print z = 1.42 from the *unpooled* SE (1.98 pp): 0.028 / 0.019769 = 1.4163.
    # The pooled test statistic (statsmodels' convention) is 1.4149, which rounds to 1.41.
    result = two_proportion_ztest(0.904, 500, 0.876, 500)
    assert round(result.diff / unpooled_se(0.904, 500, 0.876, 500), 2) == 1.42
    assert round(unpooled_se(0.904, 500, 0.876, 500) * 100, 2) == 1.98
    assert result.z == pytest.approx(1.42, abs=0.006)
    assert result.z == pytest.approx(1.4149, abs=1e-4)
    assert result.p > 0.05
    assert result.diff == pytest.approx(0.028)
    pooled = 0.89
    assert result.se == pytest.approx(math.sqrt(pooled * (1 - pooled) * 2 / 500))


def test_600_vs_650_of_1000():
    assert round(unpooled_se(0.65, 1000, 0.60, 1000), 4) == 0.0216
    low, high = wald_difference_interval(0.65, 1000, 0.60, 1000)
    assert (round(low, 4), round(high, 4)) == (0.0076, 0.0924)


# --- independent references -----------------------------------------------------------------


@pytest.mark.parametrize("k1,n1,k2,n2", COUNTS)
def test_ztest_matches_statsmodels(k1, n1, k2, n2):
    result = two_proportion_ztest(k1 / n1, n1, k2 / n2, n2)
    if (k1 + k2) in (0, n1 + n2):
        return  # statsmodels divides 0 by 0 here; covered by test_ztest_degenerate
    z, p = proportions_ztest([k1, k2], [n1, n2])
    assert result.z == pytest.approx(z, rel=1e-12)
    assert result.p == pytest.approx(p, rel=1e-10)


def test_ztest_degenerate():
    assert two_proportion_ztest(1.0, 20, 1.0, 30) == ZTest(0.0, 0.0, 0.0, 1.0)
    assert two_proportion_ztest(0.0, 20, 0.0, 5) == ZTest(0.0, 0.0, 0.0, 1.0)


def test_ztest_is_antisymmetric():
    forward = two_proportion_ztest(0.3, 50, 0.5, 70)
    backward = two_proportion_ztest(0.5, 70, 0.3, 50)
    assert forward.z == pytest.approx(-backward.z)
    assert forward.p == pytest.approx(backward.p)


@pytest.mark.parametrize("k1,n1,k2,n2", COUNTS)
@pytest.mark.parametrize("alpha", [0.05, 0.1])
def test_newcombe_matches_statsmodels(k1, n1, k2, n2, alpha):
    expected = confint_proportions_2indep(k1, n1, k2, n2, method="newcomb", alpha=alpha)
    assert newcombe_interval(k1 / n1, n1, k2 / n2, n2, alpha) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("k1,n1,k2,n2", COUNTS)
def test_wald_matches_statsmodels(k1, n1, k2, n2):
    low, high = confint_proportions_2indep(k1, n1, k2, n2, method="wald")
    ours = wald_difference_interval(k1 / n1, n1, k2 / n2, n2)
    assert ours == pytest.approx((max(low, -1.0), min(high, 1.0)), abs=1e-12)


def test_newcombe_extremes_stay_in_range():
    # one success vs one failure: high = 1 exactly, low = 1 - sqrt(2) (1 - 1/(1 + z^2))
    z2 = 1.959963984540054 ** 2
    low, high = newcombe_interval(1.0, 1, 0.0, 1)
    assert high == 1.0
    assert low == pytest.approx(1 - math.sqrt(2) * (1 - 1 / (1 + z2)), rel=1e-12)
    assert newcombe_interval(0.0, 1, 1.0, 1) == pytest.approx((-1.0, -low))


PVALUES = [
    [0.01, 0.04, 0.03, 0.005],
    [0.5, 0.5, 0.01],
    [0.2],
    [0.001, 0.9, 0.04, 0.04, 0.3, 0.02],
    [1.0, 0.0, 0.6],
]


@pytest.mark.parametrize("pvalues", PVALUES)
def test_holm_and_bonferroni_match_statsmodels(pvalues):
    assert holm_adjust(pvalues) == pytest.approx(tuple(multipletests(pvalues, method="holm")[1]))
    assert bonferroni_adjust(pvalues) == pytest.approx(
        tuple(multipletests(pvalues, method="bonferroni")[1]))


def test_holm_by_hand():
    # sorted 0.005, 0.01, 0.03, 0.04 -> x4, x3, x2, x1 = 0.02, 0.03, 0.06, 0.04 -> monotone 0.06
    assert holm_adjust([0.01, 0.04, 0.03, 0.005]) == pytest.approx((0.03, 0.06, 0.06, 0.02))
    assert bonferroni_adjust([0.01, 0.3]) == pytest.approx((0.02, 0.6))


def test_adjust_empty_and_invalid():
    assert holm_adjust([]) == ()
    assert bonferroni_adjust(()) == ()
    with pytest.raises(ValueError):
        holm_adjust([0.1, 1.2])
    with pytest.raises(ValueError):
        bonferroni_adjust([-0.1])


@pytest.mark.parametrize(
    "call",
    [
        lambda: two_proportion_ztest(0.5, 0, 0.5, 10),
        lambda: two_proportion_ztest(1.5, 10, 0.5, 10),
        lambda: unpooled_se(0.5, 10, 0.5, -1),
        lambda: wald_difference_interval(0.5, 10, 0.5, 10, alpha=0),
        lambda: newcombe_interval(0.5, 10, -0.2, 10),
        lambda: newcombe_interval(0.5, 10, 0.2, 10, alpha=2),
    ],
)
def test_impossible_inputs_raise(call):
    with pytest.raises(ValueError):
        call()


# --- properties -------------------------------------------------------------------------


@given(
    k1=st.integers(0, 400), n1=st.integers(1, 400),
    k2=st.integers(0, 400), n2=st.integers(1, 400),
    alpha=st.floats(0.001, 0.5),
)
def test_newcombe_contains_observed_difference(k1, n1, k2, n2, alpha):
    p1, p2 = min(k1, n1) / n1, min(k2, n2) / n2
    low, high = newcombe_interval(p1, n1, p2, n2, alpha)
    assert -1.0 - 1e-12 <= low <= p1 - p2 <= high <= 1.0 + 1e-12


@given(st.lists(st.floats(0.0, 1.0), max_size=30))
def test_holm_between_raw_and_bonferroni(pvalues):
    holm, bonf = holm_adjust(pvalues), bonferroni_adjust(pvalues)
    assert len(holm) == len(pvalues)
    for raw, h, b in zip(pvalues, holm, bonf):
        assert raw <= h <= b <= 1.0


@given(st.lists(st.floats(0.0, 1.0), min_size=1, max_size=30))
def test_holm_preserves_order(pvalues):
    holm = np.array(holm_adjust(pvalues))
    order = np.argsort(pvalues, kind="stable")
    assert np.all(np.diff(holm[order]) >= 0)


def test_unpooled_z_reproduces_seed_002_figure():
    """Seed 002 prints z = +1.42 for 90.4% vs 87.6% at n = 500: the Wald (unpooled) statistic."""
    from claimcheck.stats import two_proportion_ztest

    test = two_proportion_ztest(0.904, 500, 0.876, 500, pooled=False)
    assert round(test.z, 2) == 1.42
    assert round(test.se, 4) == 0.0198
    assert test.p > 0.05


def test_unpooled_z_falls_back_to_pooled_se_at_the_boundary():
    from claimcheck.stats import two_proportion_ztest

    both = two_proportion_ztest(0.0, 20, 1.0, 20, pooled=False)
    pooled = two_proportion_ztest(0.0, 20, 1.0, 20)
    assert both.se == pooled.se > 0 and both.z == pooled.z
    assert two_proportion_ztest(1.0, 20, 1.0, 30, pooled=False).p == 1.0
