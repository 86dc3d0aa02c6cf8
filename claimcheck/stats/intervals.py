"""Confidence intervals for a single proportion.

Every function takes and returns proportions in [0, 1] and is pure: the same arguments always give
the same interval.  Alpha is the two-sided error rate, so ``alpha=0.05`` gives a 95% interval.

The private ``_require_*`` validators live here because every other module of the package already
depends on this one; they raise ``ValueError`` with a message that names the offending argument.
"""

from __future__ import annotations

import math
from functools import lru_cache
from numbers import Integral, Real
from typing import NamedTuple

from ._normal import norm_ppf

_SNAP = 1e-9  # a success count this close to a whole number is treated as that number


class Interval(NamedTuple):
    """A closed interval ``[low, high]``; for a proportion both ends lie in [0, 1]."""

    low: float
    high: float


def _require_real(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number, got {value!r}")
    return float(value)


def _require_count(n: object, name: str = "n", minimum: int = 1) -> int:
    """Return ``n`` as an int; whole-valued floats (500.0) are accepted, anything else is not."""
    if isinstance(n, float) and n.is_integer():
        n = int(n)
    if isinstance(n, bool) or not isinstance(n, Integral):
        raise ValueError(f"{name} must be a whole number, got {n!r}")
    if n < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {n}")
    return int(n)


def _require_proportion(p: object, name: str = "p") -> float:
    value = _require_real(p, name)
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} must be a proportion in [0, 1], got {value!r}")
    return value


def _require_alpha(alpha: object, name: str = "alpha") -> float:
    value = _require_real(alpha, name)
    if not 0.0 < value < 1.0:
        raise ValueError(f"{name} must lie strictly between 0 and 1, got {value!r}")
    return value


def _require_successes(successes: object, n: int) -> float:
    k = _require_real(successes, "successes")
    if not 0.0 <= k <= n:
        raise ValueError(f"successes must lie in [0, n] = [0, {n}], got {k!r}")
    nearest = round(k)
    return float(nearest) if abs(k - nearest) < _SNAP else k


def z_crit(alpha: float = 0.05, *, level: float | None = None) -> float:
    """Two-sided normal critical value ``z_{1-alpha/2}``: 1.959964 for ``alpha=0.05``.

    Give either the error rate ``alpha`` (``z_crit(0.05)``) or, by keyword, the confidence
    ``level`` of the interval (``z_crit(level=0.95)``); the two spellings use the quantiles
    ``1 - alpha/2`` and ``1/2 + level/2`` respectively.  Both must lie strictly in (0, 1).
    """
    if level is None:
        return float(norm_ppf(1.0 - _require_alpha(alpha) / 2.0))
    return float(norm_ppf(0.5 + _require_alpha(level, "level") / 2.0))


def _binomial_se(p: float, n: float) -> float:
    """``sqrt(p(1-p)/n)`` without argument checks (callers have validated ``p`` and ``n``)."""
    return math.sqrt(p * (1.0 - p) / n)


def _wilson_half(p: float, n: float, z: float) -> float:
    """Half-width of the Wilson interval at ``p`` for a real ``n`` (before any clamping)."""
    return z * math.sqrt(p * (1.0 - p) / n + z * z / (4.0 * n * n)) / (1.0 + z * z / n)


def binomial_se(p: float, n: int) -> float:
    """Standard error of a binomial proportion: ``sqrt(p(1-p)/n)``.

    This is the sampling SE of the mean of ``n`` independent Bernoulli(p) items; for items scored
    in [0, 1] (partial credit, averages over runs) it is an upper bound (Bhatia-Davis inequality).
    """
    p = _require_proportion(p)
    n = _require_count(n)
    return _binomial_se(p, n)


def wilson_interval(p_hat: float, n: int, alpha: float = 0.05) -> Interval:
    """Wilson score interval for a proportion ``p_hat`` observed on ``n`` trials.

    With ``z = z_{1-alpha/2}``::

        centre = (p + z^2/(2n)) / (1 + z^2/n)
        half   = z * sqrt(p(1-p)/n + z^2/(4n^2)) / (1 + z^2/n)

    ``p_hat`` need not be ``k/n`` for a whole ``k`` (vendor scores are rounded proportions).
    The result is clamped to [0, 1] and always contains ``p_hat``.

    Reference: E. B. Wilson (1927), JASA 22, 209-212; Brown, Cai & DasGupta (2001),
    Statistical Science 16, 101-133.
    """
    return wilson_at(_require_proportion(p_hat, "p_hat"), _require_count(n), z_crit(alpha))


def wilson_at(p: float, n: int, z: float) -> Interval:
    """The Wilson interval at the critical value ``z`` itself, for callers that solve for the level
    (an alpha of 1e-200 has no representable ``1 - alpha/2``; its ``z`` is an ordinary number)."""
    centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n)
    half = _wilson_half(p, n, z)
    # Mathematically low <= p <= high; min/max only absorb rounding at p = 0 or 1.
    return Interval(max(0.0, min(centre - half, p)), min(1.0, max(centre + half, p)))


def clopper_pearson_interval(successes: float, n: int, alpha: float = 0.05) -> Interval:
    """Exact (Clopper-Pearson) interval from beta quantiles.

    ``low = Beta(alpha/2; k, n-k+1)`` and ``high = Beta(1-alpha/2; k+1, n-k)``, with ``low = 0``
    when ``k = 0`` and ``high = 1`` when ``k = n``.  A non-integer ``k`` (a printed proportion
    times ``n``) is used as a real beta parameter.  Matches statsmodels
    ``proportion_confint(method="beta")``.

    Reference: Clopper & Pearson (1934), Biometrika 26, 404-413.
    """
    n = _require_count(n)
    k = _require_successes(successes, n)
    a = _require_alpha(alpha) / 2.0
    from scipy.special import betaincinv, betainccinv  # exact intervals only: load scipy on request

    low = 0.0 if k == 0 else float(betaincinv(k, n - k + 1, a))
    high = 1.0 if k == n else float(betainccinv(k + 1, n - k, a))
    return Interval(low, high)


def jeffreys_interval(successes: float, n: int, alpha: float = 0.05) -> Interval:
    """Jeffreys interval: equal-tailed quantiles of the Beta(k + 1/2, n - k + 1/2) posterior.

    Boundary convention of Brown, Cai & DasGupta (2001, sec. 4.1.2): ``low = 0`` when ``k = 0``
    and ``high = 1`` when ``k = n``, so the interval always contains ``k/n``.  statsmodels
    ``proportion_confint(method="jeffreys")`` does *not* apply this convention (it returns the
    raw quantiles, e.g. a positive lower bound at k = 0); elsewhere the two agree.

    Reference: Brown, Cai & DasGupta (2001), Statistical Science 16, 101-133.
    """
    n = _require_count(n)
    k = _require_successes(successes, n)
    a = _require_alpha(alpha) / 2.0
    from scipy.special import betaincinv, betainccinv

    low = 0.0 if k == 0 else float(betaincinv(k + 0.5, n - k + 0.5, a))
    high = 1.0 if k == n else float(betainccinv(k + 0.5, n - k + 0.5, a))
    return Interval(low, high)


_METHODS = {
    "wilson": "wilson",
    "clopper-pearson": "clopper-pearson",
    "clopper_pearson": "clopper-pearson",
    "jeffreys": "jeffreys",
}


@lru_cache(maxsize=2 ** 16, typed=True)  # pure; a board asks it of the same few hundred (value, n) once per cell
def proportion_interval(
    p_hat: float, n: int, method: str = "wilson", alpha: float = 0.05
) -> Interval:
    """Interval for a proportion by ``method``: "wilson", "clopper-pearson" or "jeffreys".

    The exact and Jeffreys methods use ``successes = p_hat * n`` (snapped to a whole number when
    it is one up to float error, so 0.904 of 500 is exactly 452).
    """
    key = _METHODS.get(str(method).lower())
    if key is None:
        raise ValueError(
            f"unknown interval method {method!r}; use wilson, clopper-pearson or jeffreys"
        )
    p = _require_proportion(p_hat, "p_hat")
    n = _require_count(n)
    if key == "wilson":
        return wilson_interval(p, n, alpha)
    successes = min(p * n, float(n))
    if key == "clopper-pearson":
        return clopper_pearson_interval(successes, n, alpha)
    return jeffreys_interval(successes, n, alpha)


def zero_failure_upper_bound(n: int, alpha: float = 0.05) -> float:
    """One-sided upper confidence bound on the failure rate after ``n`` successes in ``n`` trials.

    Solves ``(1 - q)^n = alpha``: ``q = 1 - alpha^(1/n)``, about ``-ln(alpha)/n`` (the "rule of
    three", 3/n at 95%).  It equals the one-sided Clopper-Pearson bound at zero failures.

    Reference: Hanley & Lippman-Hand (1983), JAMA 249, 1743-1745.
    """
    n = _require_count(n)
    alpha = _require_alpha(alpha)
    return 1.0 - alpha ** (1.0 / n)


def se_interval(p: float, se: float, alpha: float = 0.05) -> Interval:
    """The normal interval ``p ± z_{1-alpha/2}·se`` for a proportion printed with its standard error and no
    item count, clipped to [0, 1]: the uncertainty the table itself states.

    Reference: Casella & Berger (2002), Statistical Inference, 2nd ed., sec. 10.4 (Wald intervals).
    """
    p = _require_proportion(p)
    se = _require_real(se, "se")
    if se < 0:
        raise ValueError("a standard error cannot be negative")
    half = z_crit(_require_alpha(alpha)) * se
    return Interval(max(0.0, p - half), min(1.0, p + half))
