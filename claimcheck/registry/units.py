"""What unit a row's numbers are in: the table's words, then the registry, then the values.

A 1853 in a percentage table is not a percentage; "Elo, not a percentage" says what it is;
a column of 0.87s is on a 0–1 scale.
"""

from __future__ import annotations

from typing import Sequence

from claimcheck.parsing.labels import Facets
from claimcheck.records import UNITS, CellValue, RowContext
from claimcheck.registry.models import Benchmark

_UNITS = frozenset(UNITS) - {"unknown"}  # what a unit column may state


def unit_column(context: RowContext, unit: str, why: str) -> tuple[str, str]:
    """A unit column overrides the inferred unit only where it says something else."""
    stated = context.fields.get("unit", "").strip().casefold()
    if stated in _UNITS and stated != unit:
        return stated, "the unit column says so"
    return unit, why


def unit_from_values(cells: Sequence[CellValue]) -> tuple[str, str]:
    values = [c for c in cells if c.status == "ok" and c.value is not None]
    if not values:
        return "unknown", "no values"
    if any(c.percent_sign for c in values) and all(c.percent_sign or c.value <= 100 for c in values):  # type: ignore[operator]
        return "percent", "printed with %"
    if all(0 <= c.value <= 1 for c in values) and any(c.value < 1 for c in values):  # type: ignore[operator]
        return "fraction", "every value lies in [0, 1]"
    if all(0 <= c.value <= 100 for c in values):  # type: ignore[operator]
        return "percent", "every value lies in [0, 100]; read as a percentage (no unit printed)"
    return "unknown", "values outside [0, 100] with no unit printed"


def _count_or_percent(bench: Benchmark, values: list[float]) -> tuple[str, str]:
    """A benchmark scored as a count of correct items (OCRBench's 864 of 1,000) is printed either as
    that count or as a percentage of its items; values above 100 can only be the count."""
    if any(v > 100 for v in values):
        return "count", f"registry: {bench.name}'s score is the number of items answered correctly, not a percentage"
    return "percent", (f"registry: {bench.name}'s score is a count of correct items; values up to 100 "
                       "are read as that count per 100 items")


def decide_unit(bench: Benchmark | None, facets: Facets, cells: Sequence[CellValue]) -> tuple[str, str]:
    """The unit of a row, from the qualifiers, then the registry, then the values."""
    values = [c.value for c in cells if c.status == "ok" and c.value is not None]
    if facets.unit:
        return facets.unit, f"the table says so ({facets.reasons.get('unit', facets.unit)!r})"
    if bench is not None and bench.unit == "count":
        return _count_or_percent(bench, values)
    if bench is not None and bench.unit != "percent":
        return bench.unit, f"registry: {bench.name} is reported as {bench.unit}"
    if facets.not_percent:
        return "unknown", "the table says the value is not a percentage and names no unit"
    if bench is not None:
        outside = [v for v in values if v > 100 or v < 0]
        if outside and len(outside) * 2 >= len(values):  # mostly not percentages: another unit
            return "unknown", f"registry says {bench.name} is a percentage, but {outside[0]:g} cannot be one"
        # a stray 101.0 or -3.0 among percentages stays a percentage, and CC408 names that cell
        if values and all(0 <= v <= 1 for v in values) and not any(c.percent_sign for c in cells):
            return "fraction", "every value lies in [0, 1]"
        return "percent", f"registry: {bench.name} is a percentage"
    return unit_from_values(cells)
