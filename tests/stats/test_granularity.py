"""Granularity (GRIM-style) checks against a brute-force loop over every k."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimcheck.stats import Granularity, check_granularity, smallest_n_for


def brute_force_attainable(printed: float, decimals: int, total: int, scale: float = 100.0) -> bool:
    """Reference: does any k in [0, total] print as ``printed`` (ties count either way)?"""
    half = 0.5 * 10 ** (-decimals)
    return any(abs(k / total * scale - printed) <= half + 1e-9 for k in range(total + 1))


def brute_force_smallest_n(printed: float, decimals: int, scale: float = 100.0) -> int:
    return next(n for n in range(1, 100_000) if brute_force_attainable(printed, decimals, n, scale))


# --- worked figures -------------------------------------------------------------------------


def test_857_not_attainable_with_500():
    result = check_granularity(0.857, 1, 500)
    assert result.attainable is False
    assert result.nearest_k in (428, 429)
    assert round(result.nearest_value * 100, 1) in (85.6, 85.8)
    assert result.step == pytest.approx(0.002)


@pytest.mark.parametrize("value,k", [(0.904, 452), (0.876, 438), (0.858, 429)])
def test_vendor_scores_attainable_with_500(value, k):
    assert check_granularity(value, 1, 500) == Granularity(True, k, k / 500, 1 / 500)


def test_96_of_198():
    result = check_granularity(0.96, 1, 198)
    assert result.attainable
    assert result.nearest_k == 190
    assert result.nearest_value == pytest.approx(190 / 198)


def test_runs_refine_the_grid():
    assert not check_granularity(0.857, 1, 500).attainable
    result = check_granularity(0.857, 1, 500, runs=2)  # grid 1/1000
    assert result == Granularity(True, 857, 0.857, 0.001)


def test_smallest_n_for_857():
    assert smallest_n_for(0.857, 1) == 7  # 6/7 = 85.714
    assert smallest_n_for(0.857, 1) == brute_force_smallest_n(85.7, 1)


def test_fraction_scale():
    assert check_granularity(0.857, 3, 500, scale=1.0).attainable is False
    assert check_granularity(0.86, 2, 500, scale=1.0).attainable is True


def test_tolerance_is_inclusive():
    # 1/8 = 12.5% prints as 12 or 13 depending on the rounding rule: both accepted
    assert check_granularity(0.12, 0, 8).attainable
    assert check_granularity(0.13, 0, 8).attainable
    assert not check_granularity(0.14, 0, 8).attainable


def test_ends_of_the_grid():
    assert check_granularity(0.0, 1, 1) == Granularity(True, 0, 0.0, 1.0)
    assert check_granularity(1.0, 1, 1) == Granularity(True, 1, 1.0, 1.0)
    assert not check_granularity(0.5, 1, 1).attainable
    assert check_granularity(0.999, 1, 500).nearest_k == 500  # prints 99.9, nearest is 100.0


# --- brute force ----------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 3, 7, 20, 99, 198, 500])
@pytest.mark.parametrize("decimals", [0, 1])
def test_matches_brute_force_on_a_sweep(n, decimals):
    step = 10 ** (-decimals)
    for i in range(0, 100 * 10**decimals + 1, 7):
        printed = round(i * step, decimals)
        expected = brute_force_attainable(printed, decimals, n)
        assert check_granularity(printed / 100, decimals, n).attainable is expected, printed


@given(
    printed_tenths=st.integers(0, 1000),
    n=st.integers(1, 400),
    runs=st.integers(1, 3),
)
def test_matches_brute_force_property(printed_tenths, n, runs):
    printed = printed_tenths / 10
    result = check_granularity(printed / 100, 1, n, runs)
    assert result.attainable is brute_force_attainable(printed, 1, n * runs)
    assert 0 <= result.nearest_k <= n * runs


@pytest.mark.parametrize("printed,decimals", [(85.7, 1), (33.3, 1), (12.5, 1), (0.1, 1),
                                              (99.9, 1), (50.0, 0), (71.43, 2)])
def test_smallest_n_matches_brute_force(printed, decimals):
    assert smallest_n_for(printed / 100, decimals) == brute_force_smallest_n(printed, decimals)


def test_smallest_n_none_found():
    with pytest.raises(ValueError, match="not attainable"):
        smallest_n_for(0.857, 1, max_n=6)


@pytest.mark.parametrize(
    "call",
    [
        lambda: check_granularity(1.2, 1, 500),
        lambda: check_granularity(0.5, -1, 500),
        lambda: check_granularity(0.5, 1, 0),
        lambda: check_granularity(0.5, 1, 10, runs=0),
        lambda: check_granularity(0.5, 1, 10, scale=0.0),
        lambda: smallest_n_for(-0.1, 1),
        lambda: smallest_n_for(0.5, 1, max_n=0),
    ],
)
def test_impossible_inputs_raise(call):
    with pytest.raises(ValueError):
        call()


def test_chance_of_fit_counts_the_printable_values_a_grid_reaches():
    from claimcheck.stats import chance_of_fit

    assert chance_of_fit(164, 1) == pytest.approx(165 / 1001)  # each k/164 prints differently at 0.1
    assert chance_of_fit(30, 1, runs=64) == 1.0  # 1,921 grid points cover every printed value
    assert chance_of_fit(1, 0) == pytest.approx(2 / 101)  # n = 1: only 0 and 100
    assert chance_of_fit(2, 1, scale=1.0) == pytest.approx(3 / 11)  # 0, 0.5, 1 on a 0-1 scale
    brute = len({round(k / 817 * 100, 1) for k in range(818)}) / 1001
    assert chance_of_fit(817, 1) == pytest.approx(brute)
    with pytest.raises(ValueError):
        chance_of_fit(0, 1)


def test_fits_beyond_chance_is_the_binomial_upper_tail():
    from math import comb

    from claimcheck.stats import fits_beyond_chance

    def tail(f, m, p):
        return sum(comb(m, j) * p ** j * (1 - p) ** (m - j) for j in range(f, m + 1))

    for f, m, p in [(13, 15, 0.165), (6, 8, 0.5), (0, 5, 0.3), (5, 5, 0.3), (1, 1, 0.9)]:
        assert fits_beyond_chance(f, m, p) == pytest.approx(tail(f, m, p), rel=1e-12)
    assert fits_beyond_chance(0, 4, 0.2) == 1.0
    with pytest.raises(ValueError):
        fits_beyond_chance(6, 5, 0.5)


def test_an_implied_count_allows_one_outlier_but_not_two():
    from claimcheck.stats.granularity import implied_denominator

    fit = [k / 198 for k in (62, 55, 76, 67, 75, 73, 59, 41)]  # eight GPQA Diamond counts
    line = [(p, 1, 100.0) for p in fit] + [(0.261, 1, 100.0)]  # 26.1 is no k/198
    found = implied_denominator(line, [("diamond", 198), ("main", 448)])
    assert found is not None and (found.n, found.fits, found.cells) == (198, 8, 9)
    two_off = line[:7] + [(0.261, 1, 100.0), (0.262, 1, 100.0)]  # 26.2 is no k/198 either
    assert implied_denominator(two_off, [("diamond", 198)]) is None  # 7 of 9: below 90%, and two misfits


@pytest.mark.parametrize("decimals,scale,ns", [
    (0, 100.0, range(1, 201)), (1, 100.0, [*range(1, 121), 164, 198, 400, 500, 817, 999, 1000]),
    (0, 1.0, range(1, 60)), (1, 1.0, range(1, 60)), (2, 100.0, [80, 400, 1600, 2000, 9999]),
])
def test_chance_of_fit_is_the_share_of_printable_values_check_granularity_accepts(decimals, scale, ns):
    """The reference is check_granularity itself, asked of every printable value: a grid point exactly half
    a unit between two values (odd k of 400 at one decimal: 12.25) makes both fit, so both count."""
    from claimcheck.stats import chance_of_fit

    grid = round(scale * 10 ** decimals) + 1
    for n in ns:
        accepted = sum(check_granularity(i / 10 ** decimals / scale, decimals, n, scale=scale).attainable
                       for i in range(grid))
        assert chance_of_fit(n, decimals, scale=scale) == pytest.approx(accepted / grid, abs=1e-12), n


def test_a_grid_on_half_units_doubles_the_values_it_fits():
    from claimcheck.stats import chance_of_fit

    assert chance_of_fit(400, 1) == pytest.approx(601 / 1001)  # was 401/1001 when only round() counted
    assert chance_of_fit(80, 1) == pytest.approx(121 / 1001)
    assert check_granularity(0.122, 1, 400).attainable and check_granularity(0.123, 1, 400).attainable  # 49/400 = 12.25


# --- a count found for a line that states none --------------------------------------------

_WIN_RATES = [85.72, 78.57, 67.86, 57.14, 50.00, 39.29, 21.43]  # win rates over 28 pairings, 85.72 off by 0.01


def _line(values, decimals=2):
    return [(v / 100, decimals, 100.0) for v in values]


def test_a_line_of_win_rates_is_made_of_28ths():
    from claimcheck.stats.granularity import DISCOVER_MAX, discovered_denominator, fits_beyond_chance

    found = discovered_denominator(_line(_WIN_RATES))
    assert (found.n, found.fits, found.cells) == (28, 6, 7)  # not 56 or 84, which fit as well
    raw = fits_beyond_chance(6, 7, 29 / 10001)  # each value fits k/28 with chance 29/10,001
    assert found.p == pytest.approx(raw * (DISCOVER_MAX - 1))  # the search over 999 counts is paid for


def test_no_count_is_found_where_there_is_none():
    from claimcheck.stats.granularity import discovered_denominator

    assert discovered_denominator(_line(_WIN_RATES[:4])) is None  # too short to show a grid
    assert discovered_denominator(_line(_WIN_RATES, decimals=1)) is None  # one decimal: some n always fits
    looks_fine = [31.60, 26.44, 27.50, 20.90, 22.00, 17.60, 15.50]  # one-decimal values: k/1000 by their zeros
    assert discovered_denominator(_line(looks_fine)) is None
    three_zeros = [82.14, 75.00, 67.86, 60.72, 50.00, 39.29, 25.00]  # 7/28, 14/28, 21/28 end in 0 themselves
    assert discovered_denominator(_line(three_zeros)).n == 28
    two_off = [85.72, 78.57, 67.86, 57.15, 50.00, 39.29, 21.43]  # two misfits of seven: no count
    assert discovered_denominator(_line(two_off)) is None
    half_zeros = [82.14, 75.00, 67.86, 50.00, 39.29, 25.00]  # three of six end in 0: not most of them
    assert discovered_denominator(_line(half_zeros)).n == 28


def test_the_search_pays_for_the_counts_it_tries():
    """Five of six values k/997 (each fits by chance 998/10,001): p ~ 5e-5 for one count named in advance,
    which the search over 999 counts cannot call evidence."""
    from claimcheck.stats.granularity import discovered_denominator, implied_denominator

    line = _line([round(100 * k / 997, 2) for k in (123, 345, 567, 789, 901)] + [33.33])
    assert implied_denominator(line, [("997 items", 997)]) is not None
    assert discovered_denominator(line) is None


def test_random_lines_rarely_show_a_count():
    """Seeded lines of seven uniform two-decimal percentages: a count is found in at most 0.5% of them
    (measured: 6 of 5,000 at seed 11), the 1% the search's corrected evidence allows."""
    import random

    from claimcheck.stats.granularity import discovered_denominator

    rng = random.Random(7)
    lines = [[round(rng.uniform(5, 95), 2) for _ in range(7)] for _ in range(2000)]
    found = sum(discovered_denominator(_line(v)) is not None for v in lines)
    assert found <= 10
