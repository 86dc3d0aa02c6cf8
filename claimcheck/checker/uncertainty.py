"""Printed uncertainty against n: how a table says to read its ±, and the item count it implies.

A proportion p on n items has a binomial standard error √(p(1−p)/n), so a printed ± read as a
standard error (or as a CI half-width when the notes say so) implies n = p(1−p)/SE², and a
printed interval implies the n whose Wilson interval is as wide.  The arithmetic is
:mod:`claimcheck.stats`'; this module says which reading applies and when an implied n still
goes with the known one.  Helpers of CC307.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from claimcheck.checker.base import CheckContext
from claimcheck.checker.printed_rows import table_notes
from claimcheck.records import Score

_CI_NOTE = re.compile(
    r"\b(\d{2})\s*%\s*(?:CI|confidence|conf\.?|interval)|confidence interval|\bCIs?\b|置信区间", re.I)
_SD_NOTE = re.compile(r"standard deviation|\bstd\.?\b|\bs\.?d\.?\b|标准差", re.I)
FACTOR = 2.0  # an implied n off by more than this factor from the known n is a clear inconsistency


@dataclass(frozen=True)
class Reading:
    """How the table says to read a printed ±: a standard error, a CI half-width or a standard deviation."""

    kind: str  # se | ci | sd
    level: float = 0.95  # for ci

    @property
    def z(self) -> float:
        """The normal quantile of a two-sided interval at this level."""
        from claimcheck.stats import z_crit

        return z_crit(level=self.level)

    def se(self, plus_minus: float) -> float:
        """The standard error a printed ± stands for under this reading."""
        return plus_minus / self.z if self.kind == "ci" else plus_minus

    def words(self) -> str:
        """How a message names this reading."""
        return f"a {100 * self.level:.0f}% interval half-width" if self.kind == "ci" else "a standard error"


def reading_of(context: CheckContext, s: Score) -> Reading:
    """The table's word on its ± (notes, label, column), else a standard error."""
    text = " ".join(table_notes(context, s)) + " " + s.label + " " + s.column
    if m := _CI_NOTE.search(text):
        return Reading("ci", int(m.group(1)) / 100 if m.group(1) else 0.95)
    return Reading("sd" if _SD_NOTE.search(text) else "se")


def known_n(s: Score) -> int | None:
    """n from the table or the registry: an assumed n cannot contradict anything."""
    return s.n if s.resolution.n_source in ("table", "registry") else None


def averaged(s: Score) -> bool:
    """A score averaged over runs or given partial credit, whose SE may be below the binomial one."""
    metric = s.resolution.metric or ""
    return s.resolution.granularity in ("partial", "averaged") or metric.startswith(("avg@", "mean@", "partial"))


def within_factor(implied: float, n: int) -> bool:
    """Whether an implied item count is within :data:`FACTOR` of the known one."""
    return 1 / FACTOR <= implied / n <= FACTOR


def goes_with_n(implied: float, n: int, s: Score) -> bool:
    """Whether an implied n goes with the known n: within the factor, or larger on an averaged score."""
    return within_factor(implied, n) or (implied > n and averaged(s))


def interval_implied_n(p: float, low: float, high: float, level: float) -> float | None:
    """The n whose Wilson interval at ``level`` around p is as wide as ``[low, high]``; None if none is.

    All three are proportions (0–1).
    """
    from claimcheck.stats import implied_n_from_interval

    try:
        return implied_n_from_interval(p, low, high, alpha=1 - level, method="wilson")
    except ValueError:
        return None


def widest_half_width(p: float) -> float:
    """The widest 95% half-width any item count allows at p: that of a single item."""
    return Reading("ci").z * (p * (1 - p)) ** 0.5
