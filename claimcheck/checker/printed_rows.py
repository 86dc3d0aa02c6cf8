"""The printed source behind each score: its row of cells, what that row says, its table's notes.

Helpers several rule families read (CC306 and CC307 read the notes, CC404 and CC505 the rows).
The rows are found once per context (:meth:`CheckContext.memo`).
"""

from __future__ import annotations

import re
from typing import Callable, Sequence

from claimcheck.checker.base import CheckContext
from claimcheck.records import RawCell, Score, SourceTable

# columns that say where a number came from or how uncertain it is, not what it measures: two rows
# that differ only there ("rerun", another stderr) still print the same line item
_SOURCE_HEADER = re.compile(
    r"^\s*(?:source|sources|url|link|reference|来源|出处|notes?|remarks?|comments?|备注|说明|"
    r"stderr|se|std\.? ?err(?:or)?|standard error|ci|ci[ _]low|ci[ _]high|lower|upper|95% ci|votes|标准误)\s*$", re.I)


def source_rows(context: CheckContext) -> dict[str, tuple[RawCell, ...]]:
    """The printed source row of every score: score id -> its cells; computed once per context."""
    return context.memo("printed_rows.source_rows", lambda: find_source_rows(context.scores, context.tables))


def find_source_rows(scores: Sequence[Score], tables: Sequence[SourceTable]) -> dict[str, tuple[RawCell, ...]]:
    """The printed source row of every score that has one: score id -> its cells.

    Found by row number and checked against the cell's printed text and label, so a table
    whose rows were renumbered (an exported claims file read back) still finds its own row: among
    the rows printing the cell's text in its column (an index built once per table that needs it, so
    200,000 rows of per-item results, whose scores no row prints, are not searched once per score).
    """
    numbered = [{r[0].row: r for r in table.rows if r} for table in tables]
    by_text: dict[int, dict[tuple[int, str], list[tuple[RawCell, ...]]]] = {}
    found: dict[str, tuple[RawCell, ...]] = {}
    for s in scores:
        if s.table >= len(tables):
            continue
        row = numbered[s.table].get(s.row)
        if row is None or not _own_row(s, row):
            if s.table not in by_text:
                index: dict[tuple[int, str], list[tuple[RawCell, ...]]] = {}
                for r in tables[s.table].rows:
                    for c in r:
                        index.setdefault((c.col, c.text.strip()), []).append(r)
                by_text[s.table] = index
            candidates = by_text[s.table].get((s.col, s.cell.raw.strip()), ())
            row = next((r for r in candidates if _own_row(s, r)), None)
        if row is not None:
            found[s.id] = row
    return found


def _own_row(s: Score, row: tuple[RawCell, ...]) -> bool:
    """Whether a printed row holds this score: its text in its column, and its label (or, where
    models are the rows, its model) somewhere."""
    names = {s.label.strip(), s.model.split(" · ")[0].strip()}
    return s.col < len(row) and row[s.col].text.strip() == s.cell.raw.strip() and any(
        c.text.strip() in names for c in row)


def rows_where(context: CheckContext, keep: Callable[[Score], bool]) -> dict[str, list[Score]]:
    """The checked scores that pass ``keep``, grouped by printed row (line item), in input order."""
    out: dict[str, list[Score]] = {}
    for s in context.checked():
        if keep(s):
            out.setdefault(s.group, []).append(s)
    return out


def table_notes(context: CheckContext, s: Score) -> tuple[str, ...]:
    """The notes printed with the score's table (none when the table is not known)."""
    return context.table(s.table).notes


def printed_model(s: Score) -> str:
    """The model as its table prints it, without the setup section it was read under ("GPT-4o (w/ CoT)" under
    a "w/ CoT" section row is GPT-4o): one model's rows under several setups come from one source."""
    suffix = f" ({s.section})"
    return s.model[:-len(suffix)] if s.section and s.model.endswith(suffix) else s.model


def where_printed(context: CheckContext, s: Score) -> str:
    """Where a score is printed, as a message names it: "Table 2, row 5"."""
    name = context.table(s.table).name
    return f"{name}, row {s.row}"


def row_words(context: CheckContext, s: Score) -> tuple[str, ...] | None:
    """What a score's row says besides its values: label, qualifiers, metric, harness (not the source column).

    Each cell is case-folded with its white space collapsed; None when the row is not found.
    """
    row = source_rows(context).get(s.id)
    if row is None:
        return None
    header = context.tables[s.table].header
    values = _value_columns(context).get(s.table, set())
    words = tuple(" ".join(c.text.casefold().split()) for j, c in enumerate(row)
                  if j not in values and not (j < len(header) and _SOURCE_HEADER.match(header[j])))
    # a row continuing the line above (an empty label under "agieval_aqua_rat", "acc_norm" beside it) is that line's
    return (" ".join(s.title.casefold().split()), *words) if not s.label.strip() and s.title else words


def _value_columns(context: CheckContext) -> dict[int, set[int]]:
    """The columns of each table that hold scores: table -> column indexes."""
    def build() -> dict[int, set[int]]:
        out: dict[int, set[int]] = {}
        for s in context.scores:
            out.setdefault(s.table, set()).add(s.col)
        return out

    return context.memo("printed_rows.value_columns", build)


def metric_column_tables(context: CheckContext) -> frozenset[int]:
    """The tables that print each row's metric in a column of its own (a harness's results table, a model card's
    model-index): their rows say which metric each value is."""
    return context.memo("printed_rows.metric_column_tables", lambda: frozenset(
        r.table for r in context.readings if any(role == "metric" for _, role in r.columns)))
