"""Standard normal quantile and tails from the standard library.

``statistics.NormalDist.inv_cdf`` implements Wichura's AS 241 (full double
precision) and ``math.erfc`` keeps the upper tail accurate far out, so the
common path (Wilson, z tests, power) needs no scipy import at start-up; scipy
is loaded only for the beta quantiles of exact intervals.
"""

from __future__ import annotations

import math
from statistics import NormalDist

_STANDARD = NormalDist()


def norm_ppf(q: float) -> float:
    """Quantile of the standard normal."""
    return _STANDARD.inv_cdf(q)


def norm_cdf(x: float) -> float:
    """Lower tail P(Z ≤ x)."""
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def norm_sf(x: float) -> float:
    """Upper tail P(Z > x), accurate for large x."""
    return 0.5 * math.erfc(x / math.sqrt(2.0))
