"""Elo expected score and its inverse."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

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
