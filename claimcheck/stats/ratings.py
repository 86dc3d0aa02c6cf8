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
