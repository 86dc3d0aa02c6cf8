"""Elo-style ratings and the win rates they stand for.

A rating gap ``d`` on an Elo scale ``s`` (400 for chess and most model arenas) means an expected
score ``1 / (1 + 10^(-d/s))`` for the higher-rated side.  Ratings are a log-odds scale: they can
be compared with one another or turned into win rates, never averaged with percentages.

Reference: A. E. Elo (1978), The Rating of Chessplayers, Past and Present; Bradley & Terry
(1952), Biometrika 39, 324-345.
"""

from __future__ import annotations

import math


from .intervals import _require_real

_LN10 = math.log(10.0)


def _expit(x: float) -> float:
    """The logistic function, computed without overflow for large |x|."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def _require_scale(scale: float) -> float:
    scale = _require_real(scale, "scale")
    if scale <= 0.0:
        raise ValueError(f"scale must be positive, got {scale!r}")
    return scale


def elo_expected_score(gap: float, scale: float = 400.0) -> float:
    """Expected score of the side ``gap`` rating points ahead: ``1 / (1 + 10^(-gap/scale))``.

    Computed as the logistic function of ``gap * ln(10) / scale`` so huge gaps do not overflow.
    A gap of 0 gives 0.5; 400 points on the default scale gives 10/11.
    """
    gap = _require_real(gap, "gap")
    return float(_expit(gap * _LN10 / _require_scale(scale)))


def elo_gap_for_expected_score(w: float, scale: float = 400.0) -> float:
    """Rating gap whose expected score is ``w``: ``scale * log10(w / (1 - w))``.

    Inverse of :func:`elo_expected_score`; ``w`` must lie strictly between 0 and 1 (a win rate of
    exactly 0 or 1 corresponds to an infinite gap).
    """
    w = _require_real(w, "w")
    if not 0.0 < w < 1.0:
        raise ValueError(f"w must lie strictly between 0 and 1 (0 or 1 is an infinite gap): {w!r}")
    return _require_scale(scale) * math.log10(w / (1.0 - w))


def rating_gap_test(a: float, a_interval: tuple[float, float], b: float, b_interval: tuple[float, float],
                    level: float = 0.95, alpha: float = 0.05):
    """The gap ``a - b`` between two ratings published with (possibly asymmetric) ``level`` intervals.

    Square-and-add on the sides that face each other (MOVER; Zou & Donner 2008): the gap's lower end
    uses a's lower half-width and b's upper one, its upper end the other two, each rescaled from the
    published level to ``1 - alpha``; the p-value inverts the same construction, so p < alpha exactly
    when the interval excludes 0.  "+12/-8" is not averaged to "±10": the side towards the rival is the
    one that can close the gap.  The ratings are treated as independent; arena ratings are fitted
    jointly, so this is an approximation the caller must state.
    """
    from .difference import DifferenceTest
    from .intervals import Interval, z_crit
    from ._normal import norm_sf

    published = z_crit(level=level)
    halves = [_require_real(x, "interval end") for x in (a - a_interval[0], a_interval[1] - a,
                                                         b - b_interval[0], b_interval[1] - b)]
    if min(halves) < 0:
        raise ValueError("a published interval must contain its rating")
    a_low, a_high, b_low, b_high = (h / published for h in halves)  # standard errors, per side
    gap = a - b
    se_down, se_up = math.hypot(a_low, b_high), math.hypot(a_high, b_low)
    z = z_crit(alpha)
    ci = Interval(gap - z * se_down, gap + z * se_up)
    facing = se_down if gap >= 0 else se_up
    stat = gap / facing if facing > 0 else (0.0 if gap == 0 else math.copysign(math.inf, gap))
    p = 1.0 if stat == 0 else float(min(1.0, 2 * norm_sf(abs(stat))))
    return DifferenceTest(gap, ci, p, stat, "square-and-add of the published rating intervals, the facing sides "
                                            "(ratings treated as independent)")


def vote_bound_gap_test(gap: float, votes_a: int, votes_b: int, alpha: float = 0.05, scale: float = 400.0):
    """The gap between two Bradley-Terry (Elo-scale) ratings judged at the smallest standard error their
    vote counts allow.

    Each vote carries Fisher information ``p(1 - p) <= 1/4`` on the log-odds scale, so with ``I`` the
    fit's information matrix and ``c`` the contrast ``a - b``, ``c'Ic <= N_a/4 + N_b/4 + 2 n_ab/4``, where
    ``n_ab <= min(N_a, N_b)`` games were between the two.  By Cauchy-Schwarz ``Var(gap) >= (c'c)^2 / c'Ic``
    (the Cramer-Rao bound for the contrast), hence
    ``SE(gap) >= (scale / ln 10) * 4 / sqrt(N_a + N_b + 2 min(N_a, N_b))``, reached when the two only ever
    played each other in even matches.  The returned z and p are therefore an upper and a lower bound:
    ``p >= alpha`` shows the gap within noise whatever the real spread, ``p < alpha`` shows nothing.
    Worked figure: 50,000 and 40,000 votes give SE >= 1.685 points, so a 2-point gap has z <= 1.19.

    Reference: Bradley, R. A. & Terry, M. E. (1952). Biometrika 39, 324-345; Rao, C. R. (1945), Bull.
    Calcutta Math. Soc. 37, 81-91 (the variance bound); Chiang, W.-L. et al. (2024), "Chatbot Arena",
    arXiv:2403.04132 (ratings fitted by Bradley-Terry from pairwise votes).
    """
    from .difference import DifferenceTest
    from .intervals import Interval, _require_count, z_crit
    from ._normal import norm_sf

    gap = _require_real(gap, "gap")
    votes_a, votes_b = _require_count(votes_a, "votes_a"), _require_count(votes_b, "votes_b")
    se = _require_scale(scale) / _LN10 * 4.0 / math.sqrt(votes_a + votes_b + 2 * min(votes_a, votes_b))
    z = z_crit(alpha)
    stat = gap / se
    p = float(min(1.0, 2 * norm_sf(abs(stat)))) if gap else 1.0
    return DifferenceTest(gap, Interval(gap - z * se, gap + z * se), p, stat,
                          "smallest standard error the vote counts allow (a Bradley-Terry bound), so p is a lower "
                          "bound: it can show a gap within noise, not that it is real")
