"""Granularity: can a printed score be a whole number of successes out of ``n``?

A pass rate over ``n`` items scored 0/1 (``runs`` times each, averaged) lives on the grid
``k / (n * runs)`` for whole ``k``.  A value printed to ``decimals`` places stands for every
proportion within half a unit of its last printed place, so it is attainable when some grid point
rounds to it.  An unattainable value means the stated ``n`` (or the scoring) is not what the table
says.  This is the GRIM test of Brown & Heathers (2017), Social Psychological and Personality
Science 8, 363-369, applied to proportions.

The tolerance is inclusive (a grid point exactly half a unit away counts, whatever the rounding
rule) and widened by a small epsilon for float error, so a value is flagged only when no rounding
convention could have produced it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, Sequence

from .intervals import _require_count, _require_proportion, _require_real

_EPSILON = 1e-9  # in printed units, absorbs float error in k/N*scale


class Granularity(NamedTuple):
    """Whether a printed proportion is attainable on the grid ``k / (n * runs)``.

    ``nearest_k`` is the whole ``k`` closest to the printed value, ``nearest_value`` is
    ``nearest_k / (n * runs)`` and ``step`` is the grid spacing ``1 / (n * runs)``; all values are
    proportions in [0, 1].
    """

    attainable: bool
    nearest_k: int
    nearest_value: float
    step: float


def _printed(proportion: float, decimals: int, scale: float) -> tuple[float, float, float]:
    """The printed value, its half-unit tolerance and the scale, all in printed units."""
    proportion = _require_proportion(proportion, "proportion")
    decimals = _require_count(decimals, "decimals", minimum=0)
    scale = _require_real(scale, "scale")
    if scale <= 0.0:
        raise ValueError(f"scale must be positive, got {scale!r}")
    printed = round(proportion * scale, decimals)
    return printed, 0.5 * 10.0 ** (-decimals) + _EPSILON, scale


@lru_cache(maxsize=65536, typed=True)  # pure; a board asks it of the same few hundred printed values thousands of times
def check_granularity(
    proportion: float, decimals: int, n: int, runs: int = 1, scale: float = 100.0
) -> Granularity:
    """Is there a whole ``k`` in ``[0, n*runs]`` with ``k / (n*runs)`` printing as ``proportion``?

    The printed value is ``round(proportion * scale, decimals)`` (``scale=100`` for percentages,
    1 for fractions); ``k`` qualifies when ``|k/N * scale - printed| <= 0.5 * 10^-decimals``.
    Worked figures with ``n=500``: 85.7 is not attainable (nearest 85.6 and 85.8); 90.4, 87.6 and
    85.8 are.  96.0 with ``n=198`` is (190/198 = 95.96).
    """
    printed, tolerance, scale = _printed(proportion, decimals, scale)
    total = _require_count(n) * _require_count(runs, "runs")
    k = min(total, max(0, round(printed / scale * total)))
    attainable = abs(k / total * scale - printed) <= tolerance
    return Granularity(bool(attainable), int(k), k / total, 1.0 / total)


@lru_cache(maxsize=4096)  # a pure function of its arguments, asked for every cell of every line tried
def chance_of_fit(n: int, decimals: int, runs: int = 1, scale: float = 100.0) -> float:
    """The share of the values printable at ``decimals`` places in ``[0, scale]`` that
    :func:`check_granularity` accepts for ``n``: how often a value that is *not* a k/n count fits the
    grid by chance.

    A grid point exactly half a unit from two printed values makes both fit (the tolerance is
    inclusive, whatever the rounding rule), so both count here too.  For HumanEval (n=164) at one
    decimal that is 165/1001 = 0.165, so a row whose cells all fit is strong evidence of single-run
    counts; for n=400 it is 601/1001 = 0.60 (every odd k lands on a .x5 and fits two values), and for
    n=817 it is 0.82: a fit means little.
    """
    import numpy as np  # on request only

    decimals = _require_count(decimals, "decimals", minimum=0)
    total = _require_count(n) * _require_count(runs, "runs")
    scale = _require_real(scale, "scale")
    if scale <= 0.0:
        raise ValueError(f"scale must be positive, got {scale!r}")
    grid = round(scale * 10 ** decimals) + 1  # the printable values 0, 1, ..., grid - 1 (in last-place units)
    if scale * 10 ** decimals / total <= 1.0:
        return 1.0  # grid points at most a printed unit apart: every printable value has one within half a unit
    at = np.arange(total + 1) / total * scale * 10 ** decimals  # each k/n in last-place units
    slack = 0.5 + _EPSILON * 10 ** decimals  # check_granularity's tolerance, in the same units
    fits = np.unique(np.concatenate([np.ceil(at - slack), np.floor(at + slack)]))
    return float(np.count_nonzero((fits >= 0) & (fits < grid))) / grid


@lru_cache(maxsize=4096, typed=True)  # pure; CC410 asks it of every tied pair of a board, mostly with one (fits, cells, chance)
def fits_beyond_chance(fits: int, cells: int, chance: float) -> float:
    """One-sided binomial p of at least ``fits`` of ``cells`` values fitting a k/n grid by chance:
    small when the row is made of whole counts (and a cell that does not fit is then an anomaly)."""
    from scipy.stats import binom

    if not 0 <= fits <= cells:
        raise ValueError(f"fits must lie in [0, cells], got {fits} of {cells}")
    return float(binom.sf(fits - 1, cells, _require_proportion(chance, "chance")))


#: a line shows its denominator when at least this share of its values fit, the fits are this
#: unlikely by chance, and it is this long; the resolver then reads the line as that count (one
#: decision: every rule, interval and test rests on the n it records)
SHARE = 0.9
EVIDENCE = 0.01
LINE = 5


class ImpliedCount(NamedTuple):
    """A candidate count a line of printed values fits well beyond chance."""

    name: str
    n: int
    fits: int
    cells: int
    p: float


def implied_denominator(
    values: list[tuple[float, int, float]], candidates: list[tuple[str, int]], beyond: int = 0,
    evidence: float = EVIDENCE,
) -> ImpliedCount | None:
    """Which of the candidate counts ``(name, n)`` a line of printed values ``(proportion, decimals,
    scale)`` is made of: the one whose grid at least ``SHARE`` of the values fit (or all but one: a
    single outlier is the one value to question, not evidence against the count), more than ``beyond``
    of them, with a one-sided binomial p below ``evidence`` (default ``EVIDENCE``) that chance fits so many (the smallest p
    wins).  None for a line shorter than ``LINE``.  A line of single-run scores on n items lives on
    k/n, so this is the n the vendor used."""
    if len(values) < LINE:
        return None
    best: ImpliedCount | None = None
    for name, n in candidates:
        hits = sum(check_granularity(p, d, n, scale=scale).attainable for p, d, scale in values)
        if hits < min(SHARE * len(values), len(values) - 1) or hits <= beyond:  # one misfit is an outlier
            continue  # the cheap test first: the chance of so many fits is asked only of a real candidate
        chance = sum(chance_of_fit(n, d, 1, scale) for _, d, scale in values) / len(values)
        p = fits_beyond_chance(hits, len(values), chance)
        if p < evidence and (best is None or p < best.p):
            best = ImpliedCount(name, n, hits, len(values), p)
    return best


#: the largest count tried for a line that states none (its values at two decimals still show a grid there)
DISCOVER_MAX = 1000


def discovered_denominator(values: list[tuple[float, int, float]], evidence: float = EVIDENCE) -> ImpliedCount | None:
    """The item count a line that states none is made of: :func:`implied_denominator` over every n from 2
    to ``DISCOVER_MAX``, at ``evidence`` divided by the number of counts tried (Bonferroni: the search
    must not find a grid in noise), and only among values printed to two decimals or more (at one
    decimal most lines fit some n by chance; a line most of whose values end in 0 is printed one decimal
    coarser than it looks).  A multiple of the count fits as well and less
    surprisingly, so the smallest p names the count itself; the p returned is multiplied by the number
    of counts tried."""
    if len(values) < LINE or any(d < 2 for _, d, _ in values):
        return None
    zeros = sum(round(p * scale * 10 ** d) % 10 == 0 for p, d, scale in values)
    if 2 * zeros > len(values):  # "31.60, 27.50, 22.00": one-decimal values in two-decimal dress fit k/1000
        return None
    import numpy as np  # every count at once: a line costs microseconds, not one loop per count

    ns = np.arange(2, DISCOVER_MAX + 1, dtype=float)
    hits = np.zeros(ns.size, dtype=int)
    for proportion, decimals, scale in values:
        printed, tolerance, scale = _printed(proportion, decimals, scale)
        k = np.clip(np.round(printed / scale * ns), 0, ns)
        hits += np.abs(k / ns * scale - printed) <= tolerance
    near = ns[hits >= min(SHARE * len(values), len(values) - 1)].astype(int)  # the cheap test first, as there
    candidates = [(f"{n} items", int(n)) for n in near]
    found = implied_denominator(values, candidates, evidence=evidence / (DISCOVER_MAX - 1)) if candidates else None
    return found._replace(p=min(1.0, found.p * (DISCOVER_MAX - 1))) if found else None  # p allows for the search


def tie_chance(values: Sequence[float], unit: float) -> float | None:
    """The chance that two independent values of one printed row print the same: one printed value
    among those the row's range allows at precision ``unit`` (None for a row too flat or too short
    to tell)."""
    if len(values) < 3 or not unit:
        return None
    spread = max(values) - min(values)
    return min(1.0, unit / (spread + unit)) if spread > 0 else None


def smallest_n_for(
    proportion: float, decimals: int, scale: float = 100.0, max_n: int = 100000
) -> int:
    """Smallest ``n`` (single run) for which the printed ``proportion`` is attainable.

    For each ``n`` the printed value is attainable when the interval
    ``[(printed - tol) n / scale, (printed + tol) n / scale]`` contains a whole number; all
    ``n <= max_n`` are checked at once with numpy.  Raises ``ValueError`` if none is.
    Used to say e.g. "85.7% needs n >= 7" (6/7 = 85.71%).
    """
    import numpy as np  # loaded on request: the common path needs no numpy

    printed, tolerance, scale = _printed(proportion, decimals, scale)
    max_n = _require_count(max_n, "max_n")
    n = np.arange(1, max_n + 1, dtype=float)
    low = np.maximum(printed - tolerance, 0.0) / scale * n
    high = np.minimum(printed + tolerance, scale) / scale * n
    hits = np.flatnonzero(np.ceil(low - _EPSILON) <= np.floor(high + _EPSILON))
    if hits.size == 0:
        raise ValueError(f"{printed} is not attainable for any n <= {max_n}")
    return int(hits[0]) + 1

