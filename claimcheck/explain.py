"""What ``claimcheck scrape`` prints: the tables read from a source and, with ``--explain``, how
each was read (its orientation, the role of every column, the rows that hold no score) and where
every value cell went (a score, a missing cell or a skipped cell with its reason)."""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from claimcheck.records import CellAccount, Observation, SourceTable, TableReading


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
        for row, text in r.annotations:
            lines.append(f"  row {row}: words annotating the row above, no score: {text!r}")
        for row in r.stacked:
            lines.append(f"  row {row}: <br>-stacked lines read as one row each")
        for note in table.notes:
            lines.append(f"  note: {note}")
        for lead in r.leads:  # the caption of lines that name no benchmark, when it names exactly one
            lines.append(f"  section text: {lead[:160]!r}{' …' if len(lead) > 160 else ''}")
    return lines



#: column roles that carry free text: a column of them that holds numbers lost its values
_TEXT_ROLES = ("qualifier", "category", "notes", "unused")


def _numbers_read_as_text(table: SourceTable, reading: TableReading, quiet: set[int]) -> list[int]:
    """Columns read as text whose cells are mostly numbers (two or more): values nothing scored, to be listed
    as not read rather than vanish into a qualifier."""
    from claimcheck.parsing.cells import parse_cell

    out = []
    for j, (_, role) in enumerate(reading.columns):
        if role not in _TEXT_ROLES:
            continue
        texts = [row[j].text for row in table.rows if row and row[0].row not in quiet and j < len(row) and row[j].text.strip()]
        numbers = sum(parse_cell(t, decimal_comma=table.decimal_comma).status == "ok" for t in texts)
        if numbers >= 2 and numbers >= 0.6 * len(texts):
            out.append(j)
    return out


def account(tables: Sequence[SourceTable], readings: Sequence[TableReading], scores: Sequence) -> CellAccount:
    """Where every cell of the tables went (see :class:`~claimcheck.records.CellAccount`): each cell of a
    value column is a score's cell (by its position), or lies in a row the reading records as holding
    no score, or in a table of text or of resource figures; anything else is listed as not read."""
    at = {(s.input, s.table, s.at) for s in scores}
    status = Counter(s.status for s in scores)
    setup = sections = spacers = text = items = resources = notes = 0
    lost: list[tuple[str, int, int, str]] = []
    for index, (table, r) in enumerate(zip(tables, readings)):
        lost += [(table.name, row, col, text) for row, col, text in table.overflow]  # past the header: shown nowhere
        setup, sections, spacers = setup + len(r.header_rows), sections + len(r.sections), spacers + len(r.spacers)
        notes += len(r.annotations)
        if r.kind == "text":
            text += 1
            continue
        if r.kind == "resource":  # memory, speed, hardware, settings: read, and no cell of it is a score
            resources += 1
            continue
        if r.kind == "items":  # every row is one item of a score's vector, or the reading refused the input
            items += len(table.rows)
            continue
        quiet = {row for row, _ in r.header_rows} | {row for row, _ in r.sections} | set(r.spacers) \
            | {row for row, _ in r.annotations}
        value = {"wide": "model", "transposed": "benchmark"}.get(r.kind, "score")  # the role of a value column
        columns = [j for j, (_, role) in enumerate(r.columns) if role == value]
        columns += _numbers_read_as_text(table, r, quiet)
        for row in table.rows:
            if not row or row[0].row in quiet:
                continue
            for j in columns:
                if j < len(row) and (table.input, index, (row[j].row, j)) not in at:
                    lost.append((table.name, row[j].row, j + 1, row[j].text))
    return CellAccount(values=status["checked"], missing=status["missing"], skipped=status["skipped"],
                       setup_rows=setup, section_rows=sections, spacer_rows=spacers, note_rows=notes, text_tables=text,
                       item_rows=items,
                       resource_tables=resources,
                       unaccounted=tuple(lost))
