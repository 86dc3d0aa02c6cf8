"""Consistency between a reported score, its sample size and its reported uncertainty.

Tables often print a score with a standard error or an interval but no ``n``, or an ``n`` with an
SE that cannot both be true.  These functions invert the binomial formulas to recover the ``n`` a
reported uncertainty implies, and compare a reported SE with the binomial one.

What the binomial SE ``sqrt(p(1-p)/n)`` means for scores that are not single 0/1 trials:

* Items scored in [0, 1] (partial credit, or each item's mean over ``r`` runs) and drawn
  independently: the item-level SE of the mean is *at most* the binomial SE at ``n`` items,
  because a variable in [0, 1] with mean ``p`` has variance at most ``p(1-p)`` (Bhatia & Davis
  2000).  For ``r`` runs per item with per-item pass rates ``q_i``,
  ``Var = (Var(q) + E[q(1-q)]/r) / n``, which lies between ``p(1-p)/(n r)`` (all items equally
  hard) and ``p(1-p)/n`` (every item always passes or always fails).
* So the binomial SE computed with ``n * r`` trials can *understate* the true SE (runs on one item
  are correlated), and an SE computed from run-to-run spread alone (the ``E[q(1-q)]/(r n)`` term)
  understates it further.
* Items in correlated clusters (several questions per document, per repository) can push the true
  SE *above* the binomial SE at ``n`` items, by the design effect ``1 + (m - 1) rho``.

Hence a ratio ``reported / binomial`` below 1 is compatible with averaging over runs or partial
credit; a ratio above 1 is compatible with clustering or a smaller ``n`` than stated.  The caller
decides which ratios it flags.

Reference: Miller (2024), "Adding Error Bars to Evals", arXiv:2411.00640; Kish (1965), Survey
Sampling, sec. 5.4.
"""

from __future__ import annotations

import math
from typing import NamedTuple


from .intervals import _binomial_se, _require_count, _require_proportion, _require_real, _wilson_half, z_crit

_N_BRACKET = (1e-9, 1e15)


class SeCheck(NamedTuple):
    """A reported SE next to the binomial SE at the stated ``n``; ``ratio`` is reported/expected."""

    expected_se: float
    reported_se: float
    ratio: float


def _require_interior(p: float) -> float:
    p = _require_proportion(p)
    if p in (0.0, 1.0):
        raise ValueError(f"p = {p} has zero binomial variance for every n, so n is not identified")
    return p


def implied_n_from_se(p: float, se: float) -> float:
    """Sample size whose binomial SE at ``p`` equals ``se``: ``n = p(1-p) / se^2``.

    Not rounded: a non-integer or implausibly small result is itself the finding.
    """
    p = _require_interior(p)
    se = _require_real(se, "se")
    if se <= 0.0:
        raise ValueError(f"se must be positive, got {se!r}")
    return p * (1.0 - p) / se**2


def implied_n_from_interval(
    p: float, low: float, high: float, alpha: float = 0.05, method: str = "wald"
) -> float:
    """Sample size whose ``method`` interval at ``p`` is as wide as ``[low, high]``.

    * ``"wald"``: ``n = z^2 p(1-p) / h^2`` with half-width ``h = (high - low) / 2``.
    * ``"wilson"``: the Wilson half-width ``h = z sqrt(p(1-p)/n + z^2/(4n^2)) / (1 + z^2/n)``
      falls strictly from 1/2 towards 0 as ``n`` grows.  Squaring ``h (n + z^2) =
      z sqrt(p(1-p) n + z^2/4)`` gives the quadratic
      ``h^2 n^2 + z^2 (2h^2 - p(1-p)) n - z^4 (1/4 - h^2) = 0``, whose constant term is negative
      for ``h < 1/2``, so it has exactly one positive root; that root is the ``n``.  A width no
      ``n`` in [1e-9, 1e15] gives raises ``ValueError``.

    Only the width is used, so an interval printed with rounded ends gives an approximate ``n``.
    """
    p = _require_proportion(p)
    low, high = _require_proportion(low, "low"), _require_proportion(high, "high")
    z = z_crit(alpha)
    width = high - low
    if width <= 0.0:
        raise ValueError(f"interval must have low < high, got [{low}, {high}]")
    if method == "wald":
        return z * z * _require_interior(p) * (1.0 - p) / (width / 2.0) ** 2
    if method != "wilson":
        raise ValueError(f"unknown interval method {method!r}; use wald or wilson")
    lo_n, hi_n = _N_BRACKET
    half = width / 2.0
    if not _wilson_half(p, hi_n, z) < half < _wilson_half(p, lo_n, z):
        raise ValueError(f"no n gives a Wilson interval of width {width} at p = {p}")
    return min(hi_n, max(lo_n, _wilson_n(p, half, z)))


def _wilson_n(p: float, half: float, z: float) -> float:
    """The positive root ``n`` of ``a n^2 + b n + c = 0`` (see :func:`implied_n_from_interval`).

    ``a = h^2 > 0`` and ``c = -z^4 (1/2 - h)(1/2 + h) < 0``; the root is written in whichever of
    its two equivalent forms avoids cancelling ``b`` against the square root.
    """
    a = half * half
    b = z * z * (2.0 * a - p * (1.0 - p))
    c = -(z**4) * (0.5 - half) * (0.5 + half)
    root = math.sqrt(b * b - 4.0 * a * c)
    return -2.0 * c / (b + root) if b > 0.0 else (root - b) / (2.0 * a)


def se_consistency(p: float, n: int, reported_se: float) -> SeCheck:
    """Compare ``reported_se`` with the binomial SE ``sqrt(p(1-p)/n)``.

    ``ratio = reported_se / expected_se``.  When ``p`` is 0 or 1 the expected SE is 0 and the
    ratio is 1.0 for a reported 0 and ``inf`` otherwise.  See the module docstring for which
    ratios are compatible with averaging, partial credit or clustering.
    """
    p = _require_proportion(p)
    n = _require_count(n)
    reported = _require_real(reported_se, "reported_se")
    if reported < 0.0:
        raise ValueError(f"reported_se must not be negative, got {reported!r}")
    expected = _binomial_se(p, n)
    if expected == 0.0:
        return SeCheck(0.0, reported, 1.0 if reported == 0.0 else math.inf)
    return SeCheck(expected, reported, reported / expected)
