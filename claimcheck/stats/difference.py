"""The gap between two independent proportions, judged by one procedure: an interval and the test it inverts.

A report that prints a Newcombe interval beside the verdict of a Wald z test can contradict itself:
at 4/30 against 0/30 the Wald z is 2.15 ("significant") while the 95% Newcombe interval,
[-0.6, 29.6] pp, contains 0.  Here the interval comes first and the test is its inversion: the
p-value is the smallest alpha whose (1 - alpha) interval still excludes 0.  So "the interval
excludes 0" and "p < alpha" are one statement, for every count, by construction.

The interval is the square-and-add (MOVER) combination of two single-proportion intervals,
``low = d - sqrt((p1 - l1)^2 + (u2 - p2)^2)``, ``high = d + sqrt((u1 - p1)^2 + (p2 - l2)^2)``,
with the limits of the method the user chose for single scores (``--ci-method``):

- ``wilson`` (default): Newcombe's hybrid score interval (1998, method 10).  As a test its size stays
  within 0.057 at n = 20, 50, 100 and 500 per model for every common proportion (computed exactly
  over all outcomes in tests/stats/test_difference.py), where the Wald z test reaches 0.079.
- ``clopper-pearson``: MOVER with exact limits (conservative: size below alpha).
- ``jeffreys``: MOVER with Jeffreys limits (Brown & Li 2005's recommendation for small n).

Reference: Newcombe (1998), Statistics in Medicine 17, 873-890; Zou & Donner (2008), Statistics
in Medicine 27, 1693-1702 (MOVER); Fagerland, Lydersen & Laake (2015), Statistical Methods in
Medical Research 24, 224-254.
"""

from __future__ import annotations

import functools
import math
from typing import NamedTuple

from ._normal import norm_sf
from .intervals import Interval, _require_alpha, _require_count, _require_proportion, proportion_interval, wilson_at, z_crit

#: How each single-proportion method is named when it builds a difference interval.
METHOD_NAMES = {
    "wilson": "Newcombe hybrid score interval (MOVER-Wilson) and the test it inverts",
    "clopper-pearson": "MOVER interval with Clopper-Pearson limits and the test it inverts",
    "jeffreys": "MOVER interval with Jeffreys limits and the test it inverts",
}

_Z_MIN = 1e-6  # alpha = 1 - 8e-7: an interval this narrow that still holds 0 means p = 1
_Z_MAX = {"wilson": 37.0, "clopper-pearson": 20.0, "jeffreys": 20.0}  # the smallest p reported: 1e-299 and
# 5.5e-89 (scipy's beta quantiles return NaN for tails much thinner than that)


class DifferenceTest(NamedTuple):
    """``p1 - p2`` with its interval at the caller's alpha and the p-value of the inverted test.

    ``z`` is the normal deviate of ``p`` signed like ``diff`` (``|z| = Phi^-1(1 - p/2)``), the
    statistic to print beside the interval; ``method`` says in words how both were computed.
    """

    diff: float
    ci: Interval
    p: float
    z: float
    method: str


def mover_interval(p1: float, n1: int, p2: float, n2: int, alpha: float = 0.05, method: str = "wilson") -> Interval:
    """MOVER (square-and-add) interval for ``p1 - p2`` from single-proportion limits of ``method``.

    With ``method="wilson"`` this is Newcombe's method 10 and equals statsmodels
    ``confint_proportions_2indep(..., method="newcomb")``.
    """
    p1, p2 = _require_proportion(p1, "p1"), _require_proportion(p2, "p2")
    n1, n2 = _require_count(n1, "n1"), _require_count(n2, "n2")
    alpha = _require_alpha(alpha)
    return _mover(p1, n1, p2, n2, alpha, method)


def _mover(p1: float, n1: int, p2: float, n2: int, alpha: float, method: str, z: float | None = None) -> Interval:
    """The interval at ``alpha``, or (Wilson limits) at the critical value ``z`` when it is given."""
    if method == "wilson" and z is not None:
        (l1, u1), (l2, u2) = wilson_at(p1, n1, z), wilson_at(p2, n2, z)
    else:
        l1, u1 = proportion_interval(p1, n1, method, alpha)
        l2, u2 = proportion_interval(p2, n2, method, alpha)
    diff = p1 - p2
    return Interval(diff - math.hypot(p1 - l1, u2 - p2), diff + math.hypot(u1 - p1, p2 - l2))


@functools.lru_cache(maxsize=1 << 16)  # a row of tied or repeated values asks the same root many times
def difference_test(p1: float, n1: int, p2: float, n2: int, alpha: float = 0.05,
                    method: str = "wilson") -> DifferenceTest:
    """The gap ``p1 - p2``, its (1 - alpha) MOVER interval, and the p-value of the test it inverts.

    ``p`` is found by solving for the confidence level at which the interval's nearer end touches
    0 (the ends move monotonically with the level for all three methods), so ``p < alpha`` exactly
    when ``ci`` excludes 0.  Equal proportions give ``p = 1``, ``z = 0``.
    """
    p1, p2 = _require_proportion(p1, "p1"), _require_proportion(p2, "p2")
    n1, n2 = _require_count(n1, "n1"), _require_count(n2, "n2")
    alpha = _require_alpha(alpha)
    if method not in METHOD_NAMES:
        raise ValueError(f"unknown interval method {method!r}; use wilson, clopper-pearson or jeffreys")
    diff = p1 - p2
    ci = _mover(p1, n1, p2, n2, alpha, method)
    z = _inverted_z(p1, n1, p2, n2, method) if diff != 0 else 0.0
    p = 1.0 if z == 0 else float(2.0 * norm_sf(z))
    return DifferenceTest(diff, ci, p, math.copysign(z, diff) if z else 0.0, METHOD_NAMES[method])


def se_difference_test(x1: float, se1: float, x2: float, se2: float, alpha: float = 0.05) -> DifferenceTest:
    """The gap ``x1 - x2`` between two independent estimates printed with their standard errors: the Wald
    interval ``gap ± z_{1-alpha/2} sqrt(se1² + se2²)`` and the two-sided z test it inverts.  With no item
    count this is all a printed standard error allows; both SEs zero and the gap zero give ``p = 1``.

    Reference: Casella & Berger (2002), Statistical Inference, 2nd ed., sec. 10.3 (Wald tests).
    """
    for name, x in (("x1", x1), ("x2", x2), ("se1", se1), ("se2", se2)):
        if not math.isfinite(x):
            raise ValueError(f"{name} must be finite, got {x!r}")
    if se1 < 0 or se2 < 0:
        raise ValueError("a standard error cannot be negative")
    alpha = _require_alpha(alpha)
    diff, se = x1 - x2, math.hypot(se1, se2)
    half = z_crit(alpha) * se
    if se == 0:
        z = 0.0 if diff == 0 else math.copysign(math.inf, diff)
    else:
        z = diff / se
    p = 1.0 if z == 0 else float(min(1.0, 2.0 * norm_sf(abs(z))))
    return DifferenceTest(diff, Interval(diff - half, diff + half), p, z,
                          "Wald z test from the printed standard errors (no item count)")


def _inverted_z(p1: float, n1: int, p2: float, n2: int, method: str) -> float:
    """The critical value at which the interval's end nearer 0 is exactly 0 (0 when no level excludes 0)."""
    from scipy.optimize import brentq

    def nearer_end(z: float) -> float:  # positive while the interval at this z excludes 0
        low, high = _mover(p1, n1, p2, n2, float(2.0 * norm_sf(z)), method, z)
        return low if p1 > p2 else -high

    if nearer_end(_Z_MIN) <= 0:
        return 0.0  # even a near-zero-width interval holds 0 (possible with exact limits)
    top = _Z_MAX[method]
    if nearer_end(top) > 0:
        return top
    return float(brentq(nearer_end, _Z_MIN, top, xtol=1e-12, rtol=1e-12))

