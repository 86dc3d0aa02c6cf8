"""What ``claimcheck scrape`` prints: the tables read from a source and, with ``--explain``, how
each was read (its orientation, the role of every column, the rows that hold no score) and where
every value cell went (a score, a missing cell or a skipped cell with its reason)."""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from claimcheck.records import Observation, SourceTable, TableReading


def cell_counts(observations: Sequence[Observation], table: int) -> Counter:
    """How the table's value cells were read: ok (a value), missing, unparseable."""
    return Counter(o.cell.status for o in observations if o.table == table)


def scrape_lines(tables: Sequence[SourceTable], readings: Sequence[TableReading],
                 observations: Sequence[Observation], *, explain: bool) -> list[str]:
    """The terminal text of ``claimcheck scrape``."""
    lines = []
    for table, r in zip(tables, readings):
        counts = cell_counts(observations, r.table)
        lines.append(f"{table.name}: {r.kind}, {len(table.rows)} rows × {len(table.header)} columns; "
                     f"{counts['ok']} values, {counts['missing']} missing, {counts['unparseable']} unreadable")
        if not explain:
            continue
        lines.append(f"  why: {r.why}")
        for j, (header, role) in enumerate(r.columns, start=1):
            lines.append(f"  column {j:<3} {role:<12} {header!r}")
        for row, text in r.header_rows:
            lines.append(f"  row {row}: setup row folded into the column headers: {text!r}")
        for row, heading in r.sections:
            lines.append(f"  row {row}: section heading {heading!r} (applies to the rows below)")
        for row in r.spacers:
            lines.append(f"  row {row}: empty spacer row")
        for row in r.stacked:
            lines.append(f"  row {row}: <br>-stacked lines read as one row each")
        for note in table.notes:
            lines.append(f"  note: {note}")
    return lines
