"""The expected range of k normal draws, in standard deviations (Tippett's d2): how a published spread over
k protocols ("81.7, 77.4 and 70.1 under three harnesses") becomes the standard deviation it implies.

    d2(k) = E[max - min] / sigma = integral over x of 1 - Phi(x)^k - (1 - Phi(x))^k

d2(2) = 2 / sqrt(pi) = 1.1284; d2(5) = 2.326; d2(10) = 3.078 (the tabulated control-chart constants).
Reference: Tippett, L. H. C. (1925). "On the extreme individuals and the range of samples taken from a
normal population." Biometrika 17(3/4), 364-387, doi:10.2307/2332087.
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=64)
def expected_range(k: int) -> float:
    """d2(k): the expected range of ``k`` independent standard normal draws (``k`` >= 2)."""
    if k < 2:
        raise ValueError("a range needs at least two draws")
    from scipy import integrate, stats

    def integrand(x: float) -> float:
        return 1.0 - stats.norm.cdf(x) ** k - stats.norm.sf(x) ** k

    value, _ = integrate.quad(integrand, -12.0, 12.0, limit=200)
    return float(value)


def total_difference_se(sampling_se: float, protocol_sd_pp: float) -> float:
    """The SE of a difference of two proportions when each score is also exposed to protocol noise of SD
    ``protocol_sd_pp`` points, independently: sqrt(SE² + 2 σ²), in proportion units."""
    import math

    if sampling_se < 0 or protocol_sd_pp < 0:
        raise ValueError("standard errors must be >= 0")
    return math.sqrt(sampling_se ** 2 + 2 * (protocol_sd_pp / 100) ** 2)
