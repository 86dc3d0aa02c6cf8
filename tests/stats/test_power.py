"""Minimum detectable effect, sample size and power against the seed 002 tables and statsmodels."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import norm
from statsmodels.stats.power import NormalIndPower

from claimcheck.stats import achieved_power, minimum_detectable_effect, n_per_group


def test_mde_z_only_n500():
    assert minimum_detectable_effect(500, 0.9, power=0.5) == pytest.approx(0.0372, abs=5e-5)
    assert round(100 * minimum_detectable_effect(500, 0.9, power=0.5), 1) == 3.7


@pytest.mark.parametrize(
    "n,points", [(50, 11.8), (100, 8.3), (200, 5.9), (500, 3.7), (1000, 2.6), (2000, 1.9)]
)
def test_mde_table_of_seed_002(n, points):
    assert round(100 * minimum_detectable_effect(n, 0.9, power=0.5), 1) == points


@pytest.mark.parametrize("delta,n", [(0.05, 277), (0.03, 769), (0.01, 6915)])
def test_n_to_resolve_gap_z_only(delta, n):
    assert n_per_group(delta, 0.9, power=0.5) == n


def test_n_per_group_p_half():
    # SPEC says "about 1568": that uses z rounded to 1.96 + 0.84 = 2.8 (2 * 0.25 * 7.84 / 0.0025).
    # Exact quantiles give (1.959964 + 0.841621)^2 = 7.84887 -> 1569.8 -> 1570.
    n = n_per_group(0.05, 0.5)
    assert n == 1570


def test_n_per_group_brute_force_is_smallest():
    for delta, p, power in [(0.05, 0.9, 0.5), (0.02, 0.7, 0.8), (0.1, 0.5, 0.9)]:
        n = n_per_group(delta, p, power=power)
        assert minimum_detectable_effect(n, p, power=power) <= delta + 1e-12
        assert n == 1 or minimum_detectable_effect(n - 1, p, power=power) > delta


def test_n_per_group_matches_statsmodels():
    # statsmodels solves the same normal approximation with effect size delta / sqrt(p(1-p))
    # (its far-tail term is negligible at these sizes, so the rounded-up n agree)
    for delta, p in [(0.05, 0.5), (0.03, 0.8), (0.1, 0.3), (0.05, 0.9)]:
        effect = delta / math.sqrt(p * (1 - p))
        n = NormalIndPower().solve_power(effect_size=effect, alpha=0.05, power=0.8, ratio=1.0)
        assert n_per_group(delta, p) == math.ceil(n)


def test_n_per_group_sign_and_degenerate_p():
    assert n_per_group(-0.05, 0.9, power=0.5) == 277
    assert n_per_group(0.05, 1.0) == 1


def test_mde_unequal_groups():
    expected = (norm.ppf(0.975) + norm.ppf(0.8)) * math.sqrt(0.09 * (1 / 500 + 1 / 2000))
    assert minimum_detectable_effect(500, 0.9, n2=2000) == pytest.approx(expected)
    assert minimum_detectable_effect(500, 0.9, n2=500) == minimum_detectable_effect(500, 0.9)


def test_achieved_power_inverts_mde():
    for power in (0.5, 0.8, 0.95):
        delta = minimum_detectable_effect(500, 0.9, power=power)
        assert achieved_power(delta, 500, 0.9) == pytest.approx(power, abs=1e-12)


def test_achieved_power_vs_statsmodels_two_sided():
    # statsmodels includes the far tail; ours ignores it, so ours is smaller by at most alpha/2
    for delta, n, p in [(0.028, 500, 0.89), (0.05, 800, 0.5), (0.01, 100, 0.9)]:
        effect = delta / math.sqrt(p * (1 - p))
        full = NormalIndPower().power(effect_size=effect, nobs1=n, alpha=0.05, ratio=1.0)
        ours = achieved_power(delta, n, p)
        assert 0.0 <= full - ours <= 0.025


def test_achieved_power_of_top_gap_is_low():
    # se = sqrt(0.89 * 0.11 * 2/500) = 0.019789; 0.028/se - 1.959964 = -0.545026 -> Phi = 0.2929
    assert achieved_power(0.028, 500, 0.89) == pytest.approx(0.2929, abs=1e-4)


def test_achieved_power_edges():
    assert achieved_power(0.0, 500, 0.9) == pytest.approx(0.025)
    assert achieved_power(0.1, 10, 1.0) == 1.0
    assert achieved_power(0.0, 10, 0.0) == pytest.approx(0.025)


@pytest.mark.parametrize(
    "call",
    [
        lambda: minimum_detectable_effect(0, 0.5),
        lambda: minimum_detectable_effect(10, 1.5),
        lambda: minimum_detectable_effect(10, 0.5, alpha=0.0),
        lambda: minimum_detectable_effect(10, 0.5, power=1.0),
        lambda: minimum_detectable_effect(10, 0.5, n2=0),
        lambda: n_per_group(0.0, 0.5),
        lambda: n_per_group(1.5, 0.5),
        lambda: n_per_group(0.05, -0.1),
        lambda: achieved_power(0.05, 0, 0.5),
        lambda: achieved_power(0.05, 10, 0.5, alpha=1.0),
    ],
)
def test_impossible_inputs_raise(call):
    with pytest.raises(ValueError):
        call()


@given(n=st.integers(1, 10**6), p=st.floats(0.01, 0.99))
def test_mde_shrinks_with_n(n, p):
    assert minimum_detectable_effect(n + 1, p) < minimum_detectable_effect(n, p)
