"""Elo expected score and its inverse."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import norm as scipy_norm

from claimcheck.stats import elo_expected_score, elo_gap_for_expected_score


def test_known_values():
    assert elo_expected_score(0) == 0.5
    assert elo_expected_score(400) == pytest.approx(10 / 11)
    assert elo_expected_score(-400) == pytest.approx(1 / 11)
    assert elo_expected_score(100) == pytest.approx(1 / (1 + 10 ** (-0.25)))
    assert elo_expected_score(100) == pytest.approx(0.6401, abs=1e-4)


def test_other_scale():
    assert elo_expected_score(173.72, scale=173.72) == pytest.approx(1 / 1.1)


def test_huge_gaps_do_not_overflow():
    assert elo_expected_score(1e6) == 1.0
    assert elo_expected_score(-1e6) == 0.0


def test_inverse_known_values():
    assert elo_gap_for_expected_score(0.5) == 0.0
    assert elo_gap_for_expected_score(10 / 11) == pytest.approx(400)
    assert elo_gap_for_expected_score(0.75) == pytest.approx(400 * math.log10(3))


@given(st.floats(-2000, 2000))
def test_round_trip(gap):
    assert elo_gap_for_expected_score(elo_expected_score(gap)) == pytest.approx(gap, abs=1e-6)


@given(st.floats(-3000, 3000), st.floats(0, 500))
def test_monotone_and_symmetric(gap, step):
    assert elo_expected_score(gap + step) >= elo_expected_score(gap)
    assert elo_expected_score(gap) + elo_expected_score(-gap) == pytest.approx(1.0)


@pytest.mark.parametrize(
    "call",
    [
        lambda: elo_gap_for_expected_score(0.0),
        lambda: elo_gap_for_expected_score(1.0),
        lambda: elo_gap_for_expected_score(1.5),
        lambda: elo_expected_score(100, scale=0),
        lambda: elo_expected_score(float("inf")),
        lambda: elo_gap_for_expected_score(0.6, scale=-400),
    ],
)
def test_impossible_inputs_raise(call):
    with pytest.raises(ValueError):
        call()


def test_rating_gap_uses_the_facing_sides_of_asymmetric_intervals():
    """1300 (+12/-8) against 1280 (+6/-10): the gap's lower end is bound by a's lower and b's upper side,
    sqrt(8^2 + 6^2) = 10 points at 95%; averaging to ±10 and ±8 would give 12.8."""
    import pytest

    from claimcheck.stats.ratings import rating_gap_test

    t = rating_gap_test(1300, (1292, 1312), 1280, (1270, 1286))
    assert t.ci.low == pytest.approx(20 - 10.0, abs=1e-9)
    assert t.ci.high == pytest.approx(20 + (12 ** 2 + 10 ** 2) ** 0.5, abs=1e-9)
    assert t.z == pytest.approx(20 / (10 / 1.959963984540054), rel=1e-9)
    # the interval at the report's level is rescaled, and verdict and interval agree
    wide = rating_gap_test(1300, (1292, 1312), 1280, (1270, 1286), alpha=0.00001)  # z = 3.92, p = 8.9e-5
    assert wide.ci.low < 0 and wide.p > 0.00001
    assert rating_gap_test(1300, (1292, 1312), 1280, (1270, 1286), alpha=0.0001).ci.low > 0
    assert rating_gap_test(1280, (1270, 1286), 1300, (1292, 1312)).ci.high == pytest.approx(-10.0, abs=1e-9)
    with pytest.raises(ValueError):
        rating_gap_test(1300, (1310, 1320), 1280, (1270, 1286))


def test_vote_bound_worked_figure_and_lower_bound_p():
    """50,000 and 40,000 votes: SE >= (400 / ln 10) 4 / sqrt(50000 + 40000 + 80000) = 1.6853, so a 2-point gap
    has z <= 1.19."""
    from claimcheck.stats.ratings import vote_bound_gap_test

    t = vote_bound_gap_test(2.0, 50_000, 40_000)
    se = 400 / math.log(10) * 4 / math.sqrt(170_000)
    assert se == pytest.approx(1.685310, abs=1e-6)
    assert t.z == pytest.approx(2.0 / se, rel=1e-12)
    assert t.p == pytest.approx(2 * scipy_norm.sf(2.0 / se), rel=1e-12)
    assert t.ci.low == pytest.approx(2.0 - 1.959963985 * se, rel=1e-9)
    assert vote_bound_gap_test(0.0, 10, 10).p == 1.0
    assert vote_bound_gap_test(2.0, 50_000, 40_000, alpha=0.01).ci.high == pytest.approx(2.0 + 2.5758293 * se, rel=1e-7)
    with pytest.raises(ValueError):
        vote_bound_gap_test(2.0, 0, 10)


def test_vote_bound_is_below_a_fitted_bradley_terry_standard_error():
    """Fitted by logistic regression (statsmodels), the SE of each gap is at or above the bound from the models'
    vote counts (games played): three equal models with 3,000 seeded games per pair, and two that only played
    each other (where the bound is reached)."""
    import numpy as np
    import statsmodels.api as sm

    from claimcheck.stats.ratings import vote_bound_gap_test

    rng = np.random.default_rng(7)
    rows, wins = [], []
    for a, b in ((0, 1), (0, 2), (1, 2)):
        for _ in range(3000):
            x = np.zeros(3)
            x[a], x[b] = 1.0, -1.0
            rows.append(x[1:])  # model 0 is the anchor
            wins.append(rng.random() < 0.5)
    fit = sm.Logit(np.array(wins, dtype=float), np.array(rows)).fit(disp=0)
    scale = 400 / math.log(10)
    fitted_gap_01 = scale * float(fit.bse[0])  # rating of model 1 relative to the anchor
    fitted_gap_12 = scale * math.sqrt(fit.cov_params()[0, 0] + fit.cov_params()[1, 1] - 2 * fit.cov_params()[0, 1])
    bound = vote_bound_gap_test(1.0, 6000, 6000)  # each model played 6,000 games
    se_bound = (bound.ci.high - bound.ci.low) / (2 * 1.959963985)
    assert fitted_gap_01 >= se_bound * 0.999 and fitted_gap_12 >= se_bound * 0.999
    assert fitted_gap_01 <= 1.5 * se_bound  # a bound, but not a loose one for even matches
    head_to_head = sm.Logit(np.array(wins[:3000], dtype=float), np.ones((3000, 1))).fit(disp=0)
    only = vote_bound_gap_test(1.0, 3000, 3000)
    assert scale * float(head_to_head.bse[0]) == pytest.approx((only.ci.high - only.ci.low) / (2 * 1.959963985),
                                                              rel=0.02)
