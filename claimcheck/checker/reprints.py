"""Tables a page prints twice: a README's English and Chinese halves carry the same results table, value for
value.  Read as two tables, every finding of the first would be raised again on the second, so the second is
recorded as a reprint of the first: its cells are kept (skipped, with the table they repeat) and judged once.

A table is a reprint when an earlier table of the same input prints the same models and, cell for cell in the
same order, the same printed values with the same bold and marks, at least ``MIN_VALUES`` of them.  Labels
may differ (one language each) where they name the same registered benchmark, or none.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from claimcheck.records import Score

#: values two tables must share, all of them equal, before one is read as the other's reprint: a two-cell
#: table repeating another's two numbers may be a summary of the same results, not a copy of the table
MIN_VALUES = 6


def reprinted(scores: Sequence[Score]) -> dict[tuple[int, int], int]:
    """(input, table) -> the earlier table it reprints, value for value."""
    tables: dict[tuple[int, int], list[Score]] = {}
    for s in scores:
        tables.setdefault((s.input, s.table), []).append(s)
    first: dict[tuple, int] = {}  # (input, printed content) -> the first table printing it
    out = {}
    for (inp, table), cells in tables.items():
        shown = tuple((s.model, s.benchmark, s.cell.raw.strip(), s.cell.emphasis, s.cell.markers)  # bold: as printed
                      for s in cells if s.status in ("checked", "missing"))
        if sum(s.status == "checked" for s in cells) < MIN_VALUES:
            continue
        key = (inp, shown)
        if key in first:
            out[(inp, table)] = first[key]
        else:
            first[key] = table
    return out


def skip_reprints(scores: Sequence[Score]) -> list[Score]:
    """The scores, those of a reprinted table skipped with the table they repeat."""
    twins = reprinted(scores)
    if not twins:
        return list(scores)
    out = []
    for s in scores:
        twin = twins.get((s.input, s.table))
        out.append(s if twin is None or s.status == "skipped" else replace(
            s, status="skipped", reprint_of=twin,
            reason=f"table {twin + 1} printed again, value for value (the page in another language, say): judged there once"))
    return out
