"""Comparing two independent proportions, and adjusting many p-values at once.

Vendor tables report one score per model with no per-item pairing, so a gap between two models is
treated as a difference of two independent binomial proportions.  When both models really ran on
the same items, the positive correlation between them makes these unpaired tests and intervals
conservative (too wide), never anti-conservative.

The functions return statistics and p-values only; the caller applies alpha and decides.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from ._normal import norm_sf

from .intervals import (
    Interval,
    _require_alpha,
    _require_count,
    _require_proportion,
    wilson_interval,
    z_crit,
)


class ZTest(NamedTuple):
    """Result of a two-proportion z test.

    ``diff`` is ``p1 - p2``; ``se`` is the standard error the statistic was computed with;
    ``z = diff / se``; ``p`` is the two-sided p-value.
    """

    diff: float
    se: float
    z: float
    p: float


def _pooled_se(p: float, n1: float, n2: float) -> float:
    """SE of ``p1 - p2`` under a common proportion ``p``: ``sqrt(p(1-p)(1/n1 + 1/n2))``."""
    return math.sqrt(p * (1.0 - p) * (1.0 / n1 + 1.0 / n2))


def _unpooled_se(p1: float, n1: float, p2: float, n2: float) -> float:
    """``sqrt(p1(1-p1)/n1 + p2(1-p2)/n2)`` without argument checks."""
    return math.sqrt(p1 * (1.0 - p1) / n1 + p2 * (1.0 - p2) / n2)


def _checked(p1: float, n1: int, p2: float, n2: int) -> tuple[float, int, float, int]:
    return (
        _require_proportion(p1, "p1"),
        _require_count(n1, "n1"),
        _require_proportion(p2, "p2"),
        _require_count(n2, "n2"),
    )


def two_proportion_ztest(p1: float, n1: int, p2: float, n2: int, *, pooled: bool = True) -> ZTest:
    """Two-sided two-proportion z test.

    Pooled (score test, the default): ``pbar = (n1 p1 + n2 p2) / (n1 + n2)``,
    ``se = sqrt(pbar(1-pbar)(1/n1 + 1/n2))``.  Unpooled (Wald, ``pooled=False``):
    ``se = sqrt(p1(1-p1)/n1 + p2(1-p2)/n2)``, the statistic seed 002 prints (z = 1.42 for
    90.4% vs 87.6% at n = 500; the pooled z is 1.41).  The Wald SE is 0 when both proportions
    sit at the boundary; there the pooled SE is used instead, so 0/20 vs 20/20 still gets a
    finite z.  ``z = (p1 - p2) / se``, ``p = 2 (1 - Phi(|z|))``.  When ``se == 0`` (both
    proportions 0 or both 1, hence ``diff == 0``) the result is ``z = 0``, ``p = 1``.  The
    pooled version matches statsmodels ``proportions_ztest`` on integer counts.

    Reference: Agresti (2013), Categorical Data Analysis, 3rd ed., sec. 3.1.
    """
    p1, n1, p2, n2 = _checked(p1, n1, p2, n2)
    diff = p1 - p2
    pbar = (n1 * p1 + n2 * p2) / (n1 + n2)
    se_pooled = _pooled_se(pbar, n1, n2)
    se = se_pooled if pooled else _unpooled_se(p1, n1, p2, n2)
    if se == 0.0:
        se = se_pooled
    if se == 0.0:
        return ZTest(diff, 0.0, 0.0, 1.0)
    z = diff / se
    return ZTest(diff, se, z, float(2.0 * norm_sf(abs(z))))


def unpooled_se(p1: float, n1: int, p2: float, n2: int) -> float:
    """Unpooled standard error of ``p1 - p2``: ``sqrt(p1(1-p1)/n1 + p2(1-p2)/n2)``."""
    p1, n1, p2, n2 = _checked(p1, n1, p2, n2)
    return _unpooled_se(p1, n1, p2, n2)


def wald_difference_interval(
    p1: float, n1: int, p2: float, n2: int, alpha: float = 0.05
) -> Interval:
    """Wald interval for ``p1 - p2``: ``diff +/- z_{1-alpha/2} * unpooled_se``, clipped to [-1, 1].

    Worked figure: 650/1000 vs 600/1000 gives SE 0.0216 and the 95% interval [0.0076, 0.0924].
    Poor near 0 or 1 and for small n; prefer :func:`newcombe_interval`.

    Reference: Newcombe (1998), Statistics in Medicine 17, 873-890 (method 1).
    """
    half = z_crit(alpha) * unpooled_se(p1, n1, p2, n2)
    diff = float(p1) - float(p2)
    return Interval(max(-1.0, diff - half), min(1.0, diff + half))


def newcombe_interval(
    p1: float, n1: int, p2: float, n2: int, alpha: float = 0.05
) -> Interval:
    """Newcombe hybrid score interval for ``p1 - p2`` (Newcombe 1998, method 10).

    With Wilson intervals ``[l1, u1]`` for p1 and ``[l2, u2]`` for p2::

        low  = (p1 - p2) - sqrt((p1 - l1)^2 + (u2 - p2)^2)
        high = (p1 - p2) + sqrt((u1 - p1)^2 + (p2 - l2)^2)

    Matches statsmodels ``confint_proportions_2indep(..., method="newcomb")``.

    Reference: Newcombe (1998), Statistics in Medicine 17, 873-890.
    """
    p1, n1, p2, n2 = _checked(p1, n1, p2, n2)
    alpha = _require_alpha(alpha)
    l1, u1 = wilson_interval(p1, n1, alpha)
    l2, u2 = wilson_interval(p2, n2, alpha)
    diff = p1 - p2
    low = diff - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = diff + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return Interval(low, high)


def _checked_pvalues(pvalues: Sequence[float]) -> list[float]:
    return [_require_proportion(p, "p-value") for p in pvalues]


def bonferroni_adjust(pvalues: Sequence[float]) -> tuple[float, ...]:
    """Bonferroni-adjusted p-values ``min(1, m p_i)`` for ``m`` tests, in input order.

    Matches statsmodels ``multipletests(method="bonferroni")[1]``.  Empty input gives ``()``.

    Reference: Dunn (1961), JASA 56, 52-64.
    """
    values = _checked_pvalues(pvalues)
    m = len(values)
    return tuple(min(1.0, m * p) for p in values)


def holm_adjust(pvalues: Sequence[float]) -> tuple[float, ...]:
    """Holm step-down adjusted p-values, in input order.

    Sort ascending, ``p_(i)`` -> ``(m - i + 1) p_(i)`` for rank ``i = 1..m``, make the sequence
    non-decreasing by a running maximum, cap at 1.  Controls the family-wise error rate under any
    dependence.  Matches statsmodels ``multipletests(method="holm")[1]``.  Empty input gives ``()``.

    Reference: Holm (1979), Scandinavian Journal of Statistics 6, 65-70.
    """
    values = _checked_pvalues(pvalues)
    m = len(values)
    order = sorted(range(m), key=values.__getitem__)
    adjusted = [0.0] * m
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (m - rank) * values[index]))
        adjusted[index] = running
    return tuple(adjusted)
