"""Gaps a sentence states, against the gap two printed cells allow.

A gap written in points or percentage points is compared with the printed gap
allowing for both cells' rounding; one written with "%" ("32% better") may be
points or relative to the lower score, and either reading is accepted; bounds
("up to 5 points", "within 2 points", a range's ends) hold when the gap the
cells allow reaches the stated side.
"""

from __future__ import annotations

from claimcheck.checker.claim_cells import gap_text, text_half_unit
from claimcheck.claims.wording import gap_unit
from claimcheck.records import ParsedClaim, Score


def gaps_for(claim: ParsedClaim, bench: str | None) -> list[tuple[float, str]]:
    """The stated gaps about one benchmark: one per benchmark in order of mention when the counts
    match ("10 points ahead on A and 5 points ahead on B"), else every gap."""
    gaps = [(v, u) for v, u in claim.numbers if gap_unit(u)]
    if bench is not None and len(claim.benchmarks) > 1 and len(gaps) == len(claim.benchmarks):
        return [gaps[claim.benchmarks.index(bench)]]
    return gaps


def gap_range(s: Score, t: Score, relative: bool) -> tuple[float, float]:
    """The gap the two printed cells allow, given their rounding: in points, or in % of t's score."""
    hs, ht = s.cell.half_unit, t.cell.half_unit
    a, b = s.value, t.value  # type: ignore[assignment]
    if relative:
        hi, lo = max(a, b), min(a, b)
        if lo - ht <= 0:
            return 0.0, float("inf")
        return 100 * ((hi - hs) / (lo + ht) - 1), 100 * ((hi + hs) / (lo - ht) - 1)
    gap = abs(a - b)
    return max(0.0, gap - hs - ht), gap + hs + ht


def gap_agrees(value: float, unit: str, s: Score, t: Score) -> bool:
    bound, base = unit[:1] if unit[:1] in "<>" else "", unit.lstrip("<>")
    readings = (False, True) if base == "%gap" else (False,)
    for relative in readings:
        low, high = gap_range(s, t, relative)
        if bound == "<" and low <= value + 1e-9:
            return True
        if bound == ">" and high >= value - 1e-9:
            return True
        slack = text_half_unit(value)
        if not bound and low - slack < value < high + slack:
            return True
    return False


def gap_words(value: float, unit: str) -> str:
    """A stated gap in words: "a 12-point gap", "at most 5 percentage points", "a 32% gap"."""
    base = unit.lstrip("<>")
    if unit[:1] in "<>" and unit[:1]:
        return f"{'at most' if unit[0] == '<' else 'at least'} {amount(value, base)}"
    what = {"pp": "-percentage-point", "points": "-point", "%gap": "%"}[base]
    return f"a {value:g}{what} gap"


def amount(value: float, unit: str) -> str:
    """An amount of gap: "1 point", "2.5 percentage points", "5%"."""
    if unit == "%gap":
        return f"{value:g}%"
    word = "percentage point" if unit == "pp" else "point"
    return f"{value:g} {word}{'' if value == 1 else 's'}"


def gap_readings(s: Score, t: Score, unit: str) -> str:
    points = gap_text(s, t, adjective=False)
    if unit.lstrip("<>") != "%gap" or min(s.value, t.value) <= 0:  # type: ignore[type-var]
        return points
    hi, lo = max(s.value, t.value), min(s.value, t.value)  # type: ignore[type-var]
    return f"{points}, or {100 * (hi / lo - 1):.1f}% of the lower score"
