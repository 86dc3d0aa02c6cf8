"""Power and sample size for comparing two proportions (normal approximation, two-sided).

With ``z_a = z_{1-alpha/2}`` and ``z_b = z_{power}`` (``Phi^{-1}`` of the power), two groups of
``n1`` and ``n2`` items around a common proportion ``p`` resolve a gap ``delta`` when::

    delta = (z_a + z_b) * sqrt(p(1-p) (1/n1 + 1/n2))

``power=0.5`` gives ``z_b = 0``: the "z only" minimum detectable effect, i.e. the gap that would
just reach significance if it were observed exactly.

Reference: Chow, Shao & Wang (2008), Sample Size Calculations in Clinical Research, 2nd ed.,
sec. 4.2; Fleiss, Levin & Paik (2003), Statistical Methods for Rates and Proportions, ch. 4.
"""

from __future__ import annotations

import math

from ._normal import norm_cdf, norm_ppf

from .intervals import _require_alpha, _require_count, _require_proportion, _require_real, z_crit
from .twosample import _pooled_se

_CEIL_SLACK = 1e-9  # keeps 277.0000000001 (float noise) from becoming 278


def _require_power(power: float) -> float:
    return _require_alpha(power, "power")


def _pooled_sd(p: float, n: int, n2: int | None) -> float:
    n = _require_count(n)
    n2 = n if n2 is None else _require_count(n2, "n2")
    return _pooled_se(p, n, n2)


def detectable_effect(se: float, alpha: float = 0.05, power: float = 0.8) -> float:
    """The smallest gap a two-sided test at ``alpha`` detects with ``power`` when the gap's standard error is
    ``se``: ``(z_{1-alpha/2} + z_power) * se``."""
    return (z_crit(alpha) + float(norm_ppf(_require_power(power)))) * se


def minimum_detectable_effect(
    n: int, p: float, alpha: float = 0.05, power: float = 0.8, n2: int | None = None
) -> float:
    """Smallest gap two groups of ``n`` and ``n2`` (default ``n``) items detect with ``power``.

    ``delta = (z_{1-alpha/2} + z_power) * sqrt(p(1-p)(1/n + 1/n2))``.  Worked figure (z only,
    ``power=0.5``): ``n=500, p=0.9`` gives 0.0372 (3.7 percentage points).
    """
    p = _require_proportion(p)
    return detectable_effect(_pooled_sd(p, n, n2), alpha=alpha, power=power)


def n_per_group(delta: float, p: float, alpha: float = 0.05, power: float = 0.8) -> int:
    """Items per group needed to detect a gap ``delta`` at proportion ``p`` (at least 1).

    ``n = ceil(2 p(1-p) (z_{1-alpha/2} + z_power)^2 / delta^2)``; the sign of ``delta`` is ignored.
    Worked figures: ``p=0.9, power=0.5`` gives 277 / 769 / 6915 for 5 / 3 / 1 points.
    ``p=0.5, delta=0.05, power=0.8`` gives 1570 with exact quantiles; textbooks print 1568
    because they round the quantiles to 1.96 and 0.84 first.
    """
    delta = abs(_require_real(delta, "delta"))
    if delta == 0.0 or delta > 1.0:
        raise ValueError(f"delta must be a non-zero gap of at most 1 in size, got {delta!r}")
    p = _require_proportion(p)
    z_total = z_crit(alpha) + float(norm_ppf(_require_power(power)))
    n = 2.0 * p * (1.0 - p) * z_total**2 / delta**2
    return max(1, math.ceil(n - _CEIL_SLACK))


def achieved_power(
    delta: float, n: int, p: float, alpha: float = 0.05, n2: int | None = None
) -> float:
    """Power of the two-sided two-proportion z test to detect a true gap ``delta``.

    ``power = Phi(|delta| / se - z_{1-alpha/2})`` with ``se = sqrt(p(1-p)(1/n + 1/n2))``.  The
    far tail ``Phi(-|delta|/se - z_{1-alpha/2})`` (rejecting in the wrong direction) is ignored,
    which understates power by less than ``alpha/2``, so this is the exact inverse of
    :func:`minimum_detectable_effect`.  At ``delta = 0`` it returns ``alpha/2``; when ``se = 0``
    (``p`` is 0 or 1) any non-zero gap is detected with power 1.
    """
    delta = abs(_require_real(delta, "delta"))
    p = _require_proportion(p)
    z_a = z_crit(alpha)
    se = _pooled_sd(p, n, n2)
    if se == 0.0:
        return 1.0 if delta > 0.0 else alpha / 2.0
    return float(norm_cdf(delta / se - z_a))


def paired_minimum_detectable_effect(n: int, discordance: float, alpha: float = 0.05, power: float = 0.8) -> float:
    """Smallest gap McNemar's test detects with ``power`` on ``n`` shared items with discordance rate
    ``psi`` (the share of items the two models score differently).

    Solves Connor's sample-size equation for ``delta``:
    ``n delta^2 = (z_{1-alpha/2} sqrt(psi) + z_power sqrt(psi - delta^2))^2``, by fixed-point iteration
    from ``delta = (z_a + z_b) sqrt(psi / n)``.  Paired items make this far smaller than the unpaired
    MDE when the models mostly agree: 5 discordant of 100 gives 6.2 pp where the unpaired MDE at
    p = 0.5 is 19.8 pp (a gap that large cannot arise from 5% discordance: at this n and discordance no
    gap is detected with that power).  A discordance of 0 gives 0.

    Reference: Connor, R. J. (1987). "Sample size for testing differences in proportions for the
    paired-sample design." Biometrics 43, 207-211.
    """
    n = _require_count(n)
    psi = _require_proportion(discordance, "discordance")
    z_a, z_b = z_crit(alpha), float(norm_ppf(_require_power(power)))
    delta = (z_a + z_b) * math.sqrt(psi / n)
    for _ in range(100):
        nxt = (z_a * math.sqrt(psi) + z_b * math.sqrt(max(psi - delta * delta, 0.0))) / math.sqrt(n)
        if abs(nxt - delta) < 1e-13:
            break
        delta = nxt
    return delta
