"""Implied n from a reported SE or interval, and SE consistency."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from statsmodels.stats.proportion import proportion_confint

from claimcheck.stats import (
    SeCheck,
    binomial_se,
    implied_n_from_interval,
    implied_n_from_se,
    se_consistency,
    wilson_interval,
)


def test_implied_n_from_se_round_trip():
    assert implied_n_from_se(0.9, binomial_se(0.9, 500)) == pytest.approx(500)
    assert implied_n_from_se(0.5, 0.05) == pytest.approx(100)


def test_implied_n_from_wald_interval_matches_statsmodels_normal():
    low, high = proportion_confint(452, 500, method="normal")
    assert implied_n_from_interval(0.904, low, high) == pytest.approx(500, rel=1e-9)
    low, high = proportion_confint(30, 120, alpha=0.1, method="normal")
    assert implied_n_from_interval(0.25, low, high, alpha=0.1) == pytest.approx(120, rel=1e-9)


@pytest.mark.parametrize("k,n", [(452, 500), (19, 20), (0, 20), (20, 20), (3, 7), (1, 1)])
def test_implied_n_from_wilson_interval_matches_statsmodels(k, n):
    low, high = proportion_confint(k, n, method="wilson")
    assert implied_n_from_interval(k / n, low, high, method="wilson") == pytest.approx(n, rel=1e-8)


def test_implied_n_from_rounded_printed_interval():
    # "90.4% [87.5, 92.7]" -> n close to 500 despite rounding to 0.1 point
    n = implied_n_from_interval(0.904, 0.875, 0.927, method="wilson")
    assert 480 < n < 530


def test_se_consistency_values():
    check = se_consistency(0.9, 500, 0.0134)
    assert check.expected_se == pytest.approx(math.sqrt(0.09 / 500))
    assert check.ratio == pytest.approx(0.0134 / math.sqrt(0.09 / 500))
    assert check == SeCheck(check.expected_se, 0.0134, check.ratio)
    assert se_consistency(1.0, 20, 0.0) == SeCheck(0.0, 0.0, 1.0)
    assert se_consistency(0.0, 20, 0.01).ratio == math.inf


def test_averaged_runs_se_is_below_binomial():
    # the documented bound: item means over r runs have SE between sqrt(p(1-p)/(n r)) and
    # sqrt(p(1-p)/n); check with a simulated benchmark of 400 items and 5 runs
    rng = np.random.default_rng(1)
    q = rng.beta(2, 1, size=400)
    item_means = rng.binomial(5, q[None, :], size=(4000, 400)) / 5
    empirical_se = item_means.mean(axis=1).std()
    p = q.mean()
    # empirical SE here is the run-noise SE for fixed items, the lower end
    assert empirical_se < binomial_se(p, 400)
    assert empirical_se == pytest.approx(math.sqrt(np.mean(q * (1 - q)) / 5 / 400), rel=0.05)
    assert se_consistency(p, 400, empirical_se).ratio < 1.0


@given(p=st.floats(0.01, 0.99), n=st.integers(1, 100_000))
def test_wilson_inversion_property(p, n):
    low, high = wilson_interval(p, n)
    if low > 0.0 and high < 1.0:  # clamping changes the width
        assert implied_n_from_interval(p, low, high, method="wilson") == pytest.approx(n, rel=1e-6)


@pytest.mark.parametrize(
    "call",
    [
        lambda: implied_n_from_se(0.0, 0.01),
        lambda: implied_n_from_se(0.5, 0.0),
        lambda: implied_n_from_se(1.2, 0.01),
        lambda: implied_n_from_interval(0.5, 0.6, 0.4),
        lambda: implied_n_from_interval(0.5, 0.4, 0.6, method="exact"),
        lambda: implied_n_from_interval(1.0, 0.8, 1.0),
        lambda: implied_n_from_interval(0.5, 0.0, 1.0, method="wilson"),
        lambda: implied_n_from_interval(0.5, 0.4, 0.6, alpha=0),
        lambda: se_consistency(0.5, 0, 0.01),
        lambda: se_consistency(0.5, 10, -0.01),
    ],
)
def test_impossible_inputs_raise(call):
    with pytest.raises(ValueError):
        call()
