"""The vendor's table as printed, annotated: each cell with its interval, markers and footnotes.

Part of the report view-model; formats stored numbers only.
"""

from __future__ import annotations

from dataclasses import dataclass

from claimcheck.records import Report, Score
from claimcheck.checker.denominators import n_caveat

SEVERITIES = ("error", "warning", "info")


def interval_text(s: Score) -> str:
    """A score's interval in the unit it was printed in, and after it the interval with the benchmark's
    protocol noise ("62.1–75.3% (±protocol 55.0–82.4%)") where the registry holds a sourced figure."""
    if s.ci is None:
        return ""
    text = _span(s.ci, s.unit)
    return f"{text} (±protocol {_span(s.ci_total, s.unit)})" if s.ci_total else text


def _span(ci: tuple[float, float], unit: str) -> str:
    low, high = ci
    if unit in ("percent", "win-rate"):
        return f"{100 * low:.1f}–{100 * high:.1f}%"
    if unit == "fraction":
        return f"{low:.3f}–{high:.3f}"
    return f"{low:g}–{high:g}"


def worst(severities: list[str]) -> str:
    """The most severe of some findings' severities ("" for none)."""
    for sev in SEVERITIES:
        if sev in severities:
            return sev
    return ""


@dataclass(frozen=True)
class CellView:
    text: str
    kind: str  # label | value | missing | skipped | header-like | text
    interval: str = ""
    footnotes: tuple[int, ...] = ()  # the first few finding numbers
    more: int = 0  # how many further findings concern the cell
    severity: str = ""  # worst severity of its findings
    note: str = ""
    emphasis: str = ""  # "bold", "underline", "best" as printed


@dataclass(frozen=True)
class TableView:
    name: str
    input_path: str
    header: list[str]
    rows: list[tuple[int, list[CellView]]]
    notes: list[str]
    wide: bool = False  # many columns: laid out on a landscape page
    left_out: int = 0  # rows not printed (a board past SHOWN_ROWS), every one in the JSON report


#: rows an annotated table prints (a leaderboard export of 1,000 models would fill 40 pages); past them,
#: the rows findings name, up to as many again
SHOWN_ROWS = 60


def table_view(report: Report, t_index: int, notes_by_score) -> TableView:
    """One input table as printed, every cell annotated."""
    table = report.tables[t_index]
    mine = [s for s in report.scores if s.input == table.input and s.table == t_index]
    if any(s.items is not None for s in mine):
        return _items_view(report, table, mine, notes_by_score)
    cells = {s.at: s for s in mine}
    rows = []
    for raw_row in table.rows:
        views = []
        for raw in raw_row:
            s = cells.get((raw.row, raw.col))
            views.append(_cell_view(raw.text, s, notes_by_score.get(s.id, []) if s else [], raw.col))
        rows.append((raw_row[0].row, views))
    path = report.inputs[table.input].path if table.input < len(report.inputs) else table.name
    notes = list(table.notes)
    if len(rows) > SHOWN_ROWS:  # a board: its top rows, and every row a finding names
        kept = [r for k, r in enumerate(rows) if k < SHOWN_ROWS or any(c.footnotes for c in r[1])][:2 * SHOWN_ROWS]
        notes.append(f"{len(rows) - len(kept):,} of the table's {len(rows):,} rows are not shown here: the first "
                     f"{SHOWN_ROWS} and the rows findings name are; every cell is in the JSON report (--format json).")
        left_out, rows = len(rows) - len(kept), kept
    else:
        left_out = 0
    return TableView(name=table.name, input_path=path, header=list(table.header), rows=rows, notes=notes,
                     wide=len(table.header) > 6, left_out=left_out)



_FOOTNOTES_SHOWN = 4


def _items_view(report: Report, table, scores, notes_by_score) -> TableView:
    """A per-item input is summarised, one line per benchmark and model, not reprinted row by row."""
    rows = []
    for s in scores:
        notes = notes_by_score.get(s.id, [])
        value = _cell_view(s.cell.raw, s, notes, 1)
        items = s.items
        detail = (f"{len(items.items)} items" + (f" × {items.samples} samples" if items.samples > 1 else "")
                  + (f", {len(set(items.clusters))} clusters" if items.clusters else "")
                  + (f", {items.missing} empty" if items.missing else ""))
        rows.append((s.row, [CellView(s.title, "label"), CellView(s.model, "text"), value, CellView(detail, "text")]))
    path = report.inputs[table.input].path if table.input < len(report.inputs) else table.name
    notes = [f"Per-item input of {len(table.rows)} rows, summarised per benchmark and model."] + list(table.notes)
    return TableView(name=table.name, input_path=path, header=["benchmark", "model", "score", "items"],
                     rows=rows, notes=notes)


def _cell_view(text: str, s: Score | None, notes: list[tuple[int, str]], col: int) -> CellView:
    """One printed cell with its interval, finding numbers and the worst severity among them."""
    if s is None:
        return CellView(text=text, kind="label" if col == 0 else "text")
    numbers = tuple(sorted({n for n, _ in notes}))
    shown, more = numbers[:_FOOTNOTES_SHOWN], max(0, len(numbers) - _FOOTNOTES_SHOWN)
    severity = worst([sev for _, sev in notes])
    emphasis = " ".join(e for e in ("bold", "underline", "best") if e in s.cell.emphasis)
    if s.status == "missing":
        return CellView(text=text or "—", kind="missing")
    if s.status == "skipped":
        why = ("unreadable" if s.cell.status == "unparseable" and s.resolution.row_kind != "skipped"
               else f"as in table {s.reprint_of + 1}" if s.reprint_of is not None else "not a benchmark")
        return CellView(text=text, kind="skipped", footnotes=shown, more=more, severity=severity, note=why)
    note = n_caveat([s.resolution.n_source]).strip(" ()") if s.ci else ""
    return CellView(text=s.cell.shown, kind="value", interval=interval_text(s), footnotes=shown, more=more,
                    severity=severity, note=note, emphasis=emphasis)
