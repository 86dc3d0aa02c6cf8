"""Paired right/wrong items: one test and the interval it inverts (exact McNemar below 10 discordant items,
Tango's score interval above), checked against statsmodels, a numerical likelihood and simulation."""

import math

import numpy as np
import pytest
from scipy.optimize import minimize_scalar
from scipy.stats import multinomial
from statsmodels.stats.contingency_tables import mcnemar

from claimcheck.stats.paired_binary import EXACT_BELOW, paired_binary_test, tango_statistic
from claimcheck.stats.power import paired_minimum_detectable_effect
from claimcheck.stats.intervals import z_crit


def test_five_against_none_of_a_hundred():
    t = paired_binary_test(5, 0, 100)
    assert t.p == 0.0625 and t.ci.low < 0 < t.ci.high and "exact McNemar" in t.method


@pytest.mark.parametrize("b,c", [(5, 0), (3, 4), (9, 0), (15, 5), (40, 22), (0, 12)])
def test_p_is_mcnemars_exact_or_score_test(b, c):
    table = [[10, b], [c, 60]]
    want = mcnemar(table, exact=True).pvalue if b + c < EXACT_BELOW else \
        mcnemar(table, exact=False, correction=False).pvalue
    assert paired_binary_test(b, c, 70 + b + c).p == pytest.approx(want, rel=1e-9)


def _restricted_q(b, c, n, delta):
    """P(only the second model right) maximising the multinomial likelihood under p12 - p21 = delta."""
    def nll(q):
        p12, p21 = q + delta, q
        rest = 1 - p12 - p21
        return -(b * math.log(p12) + c * math.log(p21) + (n - b - c) * math.log(rest))
    lo, hi = max(0.0, -delta) + 1e-12, (1 - delta) / 2 - 1e-12
    return minimize_scalar(nll, bounds=(lo, hi), method="bounded", options={"xatol": 1e-12}).x


@pytest.mark.parametrize("b,c,n,delta", [(15, 5, 100, 0.02), (15, 5, 100, 0.18), (30, 10, 80, -0.05), (12, 3, 60, 0.3)])
def test_tango_statistic_uses_the_restricted_maximum_likelihood(b, c, n, delta):
    q = _restricted_q(b, c, n, delta)
    want = (b - c - n * delta) / math.sqrt(n * (2 * q + delta * (1 - delta)))
    assert tango_statistic(b, c, n, delta) == pytest.approx(want, rel=1e-5)


def test_tango_interval_inverts_its_statistic_and_is_mcnemar_at_zero():
    t = paired_binary_test(15, 5, 100)
    z = z_crit(0.05)
    assert tango_statistic(15, 5, 100, t.ci.low) == pytest.approx(z, abs=1e-8)
    assert tango_statistic(15, 5, 100, t.ci.high) == pytest.approx(-z, abs=1e-8)
    assert tango_statistic(15, 5, 100, 0.0) == pytest.approx(10 / math.sqrt(20))


@pytest.mark.parametrize("alpha", [0.05, 0.01, 0.2])
def test_verdict_and_interval_never_disagree(alpha):
    n = 40
    for b in range(n + 1):
        for c in range(n + 1 - b):
            t = paired_binary_test(b, c, n, alpha=alpha)
            assert (t.p < alpha) == (t.ci.low > 0 or t.ci.high < 0), (b, c, t)
            assert t.ci.low <= t.diff <= t.ci.high


CONFIGS = [(100, 0.2, 0.0), (100, 0.1, 0.1), (50, 0.3, 0.0), (200, 0.02, 0.05), (500, 0.02, 0.02),
           (500, 0.05, 0.2), (50, 0.15, 0.1)]


def test_coverage_at_least_93_percent_with_ten_or_more_discordant_items():
    """Seeded: every configuration expects at least ten discordant items; 600 tables each."""
    rng = np.random.default_rng(10)
    for n, p12, p21 in CONFIGS:
        assert n * (p12 + p21) >= 10
        draws = rng.multinomial(n, [p12, p21, 1 - p12 - p21], size=600)
        hits = sum(paired_binary_test(int(b), int(c), n).ci.low <= p12 - p21 <= paired_binary_test(int(b), int(c), n).ci.high
                   for b, c, _ in draws)
        assert hits / 600 >= 0.93, (n, p12, p21, hits / 600)


def test_no_discordant_items():
    t = paired_binary_test(0, 0, 30)
    assert (t.diff, t.p, t.z) == (0.0, 1.0, 0.0)


def test_bad_counts():
    with pytest.raises(ValueError, match="cannot exceed"):
        paired_binary_test(8, 5, 10)


def test_paired_mde_reaches_its_power():
    """Connor's MDE, checked by the exact power of McNemar's score test over every outcome (n = 100)."""
    assert paired_minimum_detectable_effect(100, 0.05) == pytest.approx(0.0619, abs=1e-4)  # issue 10: ~6 pp
    n, psi = 100, 0.2
    d = paired_minimum_detectable_effect(n, psi)
    p12, p21 = (psi + d) / 2, (psi - d) / 2
    power = sum(multinomial.pmf([b, c, n - b - c], n, [p12, p21, 1 - psi])
                for b in range(n + 1) for c in range(n + 1 - b) if b + c and abs(b - c) / math.sqrt(b + c) > 1.959964)
    assert 0.78 <= power <= 0.87
    assert paired_minimum_detectable_effect(100, 0.0) == 0.0


def test_exact_interval_is_the_product_over_the_two_exact_intervals():
    """5 vs 0 of 100: pi's Clopper-Pearson interval at alpha (lower end Beta(0.025; 5, 1)), psi's at alpha/5
    (upper end Beta(0.995; 6, 95)); the gap psi (2 pi - 1) runs from (2 pi_L - 1) psi_U to psi_U."""
    from scipy.stats import beta

    pi_low = beta.ppf(0.025, 5, 1)
    psi_high = beta.ppf(1 - 0.005, 6, 95)
    t = paired_binary_test(5, 0, 100)
    assert t.ci.low == pytest.approx((2 * pi_low - 1) * psi_high, rel=1e-9)
    assert t.ci.high == pytest.approx(psi_high, rel=1e-9)


def test_exact_region_coverage_holds_too():
    rng = np.random.default_rng(11)
    for n, p12, p21 in [(100, 0.06, 0.0), (200, 0.02, 0.01), (60, 0.05, 0.05)]:
        draws = rng.multinomial(n, [p12, p21, 1 - p12 - p21], size=600)
        tests = [paired_binary_test(int(b), int(c), n) for b, c, _ in draws]
        assert sum(t.ci.low <= p12 - p21 <= t.ci.high for t in tests) / 600 >= 0.94
