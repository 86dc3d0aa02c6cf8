"""Single-proportion intervals against statsmodels, scipy and the SPEC §5 worked figures."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import beta
from statsmodels.stats.proportion import proportion_confint

from claimcheck.stats import (
    Interval,
    binomial_se,
    clopper_pearson_interval,
    jeffreys_interval,
    proportion_interval,
    wilson_interval,
    zero_failure_upper_bound,
)

CASES = [(0, 1), (1, 1), (0, 20), (1, 20), (19, 20), (20, 20), (452, 500), (7, 13), (0, 500),
         (500, 500), (1, 1000), (999, 1000)]


# --- worked figures (SPEC §5) -------------------------------------------------------------


def test_wilson_452_of_500():
    low, high = wilson_interval(452 / 500, 500)
    assert (round(low, 3), round(high, 3)) == (0.875, 0.927)


def test_wilson_from_printed_proportion():
    assert wilson_interval(0.904, 500) == pytest.approx(wilson_interval(452 / 500, 500), abs=1e-15)
    assert [round(x, 3) for x in wilson_interval(0.904, 500)] == [0.875, 0.927]


def test_wilson_19_of_20_upper_below_one():
    low, high = wilson_interval(19 / 20, 20)
    assert high < 1.0
    assert high == pytest.approx(0.9911, abs=1e-4)
    assert low == pytest.approx(0.7639, abs=1e-4)


def test_wilson_20_of_20():
    assert wilson_interval(1.0, 20) == pytest.approx((0.8389, 1.0), abs=5e-5)
    z = 1.959963984540054
    assert wilson_interval(1.0, 20).low == pytest.approx(20 / (20 + z * z), rel=1e-12)


def test_wilson_0_of_20():
    assert wilson_interval(0.0, 20) == pytest.approx((0.0, 0.1611), abs=5e-5)


def test_zero_failures_in_20():
    assert zero_failure_upper_bound(20) == pytest.approx(0.1391, abs=5e-5)
    assert zero_failure_upper_bound(20) == pytest.approx(1 - 0.05 ** (1 / 20), rel=1e-15)


def test_zero_failures_is_one_sided_clopper_pearson():
    for n in (1, 5, 20, 300):
        # failures: 0 of n; one-sided 95% upper = two-sided 90% Clopper-Pearson upper
        assert zero_failure_upper_bound(n) == pytest.approx(
            clopper_pearson_interval(0, n, alpha=0.10).high, rel=1e-10)
    # "rule of three": about -ln(alpha)/n = 2.996/n, a little above the exact bound
    assert 0.0099 < zero_failure_upper_bound(300) < -math.log(0.05) / 300 < 3 / 300


def test_binomial_se():
    assert binomial_se(0.9, 500) == pytest.approx(math.sqrt(0.09 / 500))
    assert binomial_se(0.0, 10) == 0.0
    assert binomial_se(0.5, 1) == 0.5


# --- independent references ---------------------------------------------------------------


@pytest.mark.parametrize("k,n", CASES)
@pytest.mark.parametrize("alpha", [0.05, 0.01, 0.2])
def test_wilson_matches_statsmodels(k, n, alpha):
    expected = proportion_confint(k, n, alpha=alpha, method="wilson")
    assert wilson_interval(k / n, n, alpha) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("k,n", CASES)
@pytest.mark.parametrize("alpha", [0.05, 0.01])
def test_clopper_pearson_matches_statsmodels(k, n, alpha):
    expected = proportion_confint(k, n, alpha=alpha, method="beta")
    assert clopper_pearson_interval(k, n, alpha) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("k,n", [c for c in CASES if 0 < c[0] < c[1]])
@pytest.mark.parametrize("alpha", [0.05, 0.01])
def test_jeffreys_matches_statsmodels_inside(k, n, alpha):
    expected = proportion_confint(k, n, alpha=alpha, method="jeffreys")
    assert jeffreys_interval(k, n, alpha) == pytest.approx(expected, abs=1e-12)


def test_jeffreys_boundary_convention_differs_from_statsmodels():
    # statsmodels returns raw beta quantiles at k=0 and k=n; we pin the ends (Brown et al. 2001)
    sm_low, sm_high = proportion_confint(0, 20, method="jeffreys")
    assert sm_low > 0.0
    low, high = jeffreys_interval(0, 20)
    assert low == 0.0
    assert high == pytest.approx(sm_high, abs=1e-12)
    sm_low, sm_high = proportion_confint(20, 20, method="jeffreys")
    assert sm_high < 1.0
    assert jeffreys_interval(20, 20) == pytest.approx((sm_low, 1.0), abs=1e-12)


def test_clopper_pearson_non_integer_successes_uses_real_beta():
    low, high = clopper_pearson_interval(452.5, 500)
    assert low == pytest.approx(beta.ppf(0.025, 452.5, 48.5), rel=1e-12)
    assert high == pytest.approx(beta.ppf(0.975, 453.5, 47.5), rel=1e-12)


def test_jeffreys_is_beta_quantiles():
    low, high = jeffreys_interval(3, 10, alpha=0.1)
    assert (low, high) == pytest.approx((beta.ppf(0.05, 3.5, 7.5), beta.ppf(0.95, 3.5, 7.5)))


def test_dispatcher():
    assert proportion_interval(0.904, 500) == wilson_interval(0.904, 500)
    assert proportion_interval(0.904, 500, "clopper-pearson") == clopper_pearson_interval(452, 500)
    assert proportion_interval(0.904, 500, "Jeffreys") == jeffreys_interval(452, 500)
    assert proportion_interval(1.0, 20, "jeffreys").high == 1.0
    assert proportion_interval(0.25, 4, "clopper-pearson", alpha=0.1) == pytest.approx(
        proportion_confint(1, 4, alpha=0.1, method="beta"), abs=1e-12)
    with pytest.raises(ValueError, match="unknown interval method"):
        proportion_interval(0.5, 10, "wald")


def test_interval_is_a_frozen_low_high_pair():
    result = wilson_interval(0.5, 10)
    assert isinstance(result, Interval)
    assert result.low == result[0] and result.high == result[1]
    # Wilson 5/10: 0.5 ± 1.96 * sqrt(0.025 + 0.96) / 11.84 (statsmodels: 0.236593, 0.763407)
    assert (result.low, result.high) == pytest.approx((0.236593090512564, 0.763406909487436), abs=1e-12)
    assert Interval._fields == ("low", "high")
    with pytest.raises(AttributeError):
        result.low = 0.0  # type: ignore[misc]


# --- edge cases -----------------------------------------------------------------------------

METHODS = ["wilson", "clopper-pearson", "jeffreys"]


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("k,n", [(0, 1), (1, 1), (0, 20), (20, 20), (0, 2), (1, 2), (2, 2)])
def test_edges_stay_in_unit_interval_and_contain_estimate(method, k, n):
    low, high = proportion_interval(k / n, n, method)
    assert 0.0 <= low <= k / n <= high <= 1.0
    assert low < high
    if k == 0:
        assert low == 0.0
    if k == n:
        assert high == 1.0


def test_n_equals_one_values():
    assert clopper_pearson_interval(1, 1) == pytest.approx((0.025, 1.0))  # beta(1,1) quantile
    assert clopper_pearson_interval(0, 1) == pytest.approx((0.0, 0.975))
    z2 = 1.959963984540054 ** 2
    assert wilson_interval(1.0, 1).low == pytest.approx(1 / (1 + z2))


@pytest.mark.parametrize(
    "call",
    [
        lambda: wilson_interval(0.5, 0),
        lambda: wilson_interval(-0.01, 10),
        lambda: wilson_interval(1.01, 10),
        lambda: wilson_interval(0.5, 10, alpha=0.0),
        lambda: wilson_interval(0.5, 10, alpha=1.0),
        lambda: wilson_interval(float("nan"), 10),
        lambda: wilson_interval(0.5, 10.5),
        lambda: wilson_interval(0.5, True),
        lambda: clopper_pearson_interval(11, 10),
        lambda: clopper_pearson_interval(-1, 10),
        lambda: jeffreys_interval(3, 2),
        lambda: jeffreys_interval(1, 0),
        lambda: zero_failure_upper_bound(0),
        lambda: zero_failure_upper_bound(10, alpha=1.5),
        lambda: binomial_se(2.0, 10),
        lambda: proportion_interval(0.5, -3),
    ],
)
def test_impossible_inputs_raise(call):
    with pytest.raises(ValueError):
        call()


def test_whole_float_n_accepted():
    assert wilson_interval(0.5, 10.0) == wilson_interval(0.5, 10)


# --- properties -----------------------------------------------------------------------------


@given(
    p=st.floats(0.0, 1.0),
    n=st.integers(1, 100_000),
    alpha=st.floats(0.001, 0.5),
)
def test_wilson_contains_estimate_and_stays_in_unit_interval(p, n, alpha):
    low, high = wilson_interval(p, n, alpha)
    assert 0.0 <= low <= p <= high <= 1.0


@given(k=st.integers(0, 300), extra=st.integers(0, 300), method=st.sampled_from(METHODS))
def test_every_method_contains_estimate(k, extra, method):
    n = max(1, k + extra)
    low, high = proportion_interval(k / n, n, method)
    assert 0.0 <= low <= k / n <= high <= 1.0
