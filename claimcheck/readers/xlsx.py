"""XLSX workbooks: one table per sheet, each cell rendered as the sheet shows it.

Numbers are formatted by their number format (0.579 in ``0.0%`` reads
"57.9%"), dates as ISO; merged ranges repeat their value into every covered
cell; bold and underline fonts become emphasis.  Row numbers are the sheet's.
Leading title rows (a single value, often merged across the table) and trailing
footnote rows (a single value starting with *, †, "Note" …) become notes.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import warnings
import zlib
from decimal import ROUND_HALF_UP, Decimal

from claimcheck.errors import InputError
from claimcheck.parsing.notes import NOTE_START, is_footnote_line
from claimcheck.records import RawCell, SourceTable

_BRACKETS = re.compile(r"\[\$([^\]-]*)[^\]]*\]|\[[^\]]*\]")
_PRIVATE = 0xF0000  # supplementary private use area A
_NUMBER = re.compile(r"[0#?][0#?,]*(?:\.[0#?]*)?|\.[0#?]+")
_NOTE_START = NOTE_START


def general(value: float | int) -> str:
    """A number as Excel's General format shows it: no float noise, no trailing .0."""
    return f"{value:.15g}" if isinstance(value, float) else str(value)


def _hide(text: str) -> str:
    """Literal text moved out of the ASCII range so no format code matches it."""
    return "".join(chr(_PRIVATE + ord(ch)) if ord(ch) < 0x10000 else ch for ch in text)


def _restore(text: str) -> str:
    return "".join(chr(ord(ch) - _PRIVATE) if ord(ch) >= _PRIVATE else ch for ch in text)


def _literal(section: str) -> str:
    """A format section with quoted/escaped literals hidden, padding and fill dropped."""
    section = _BRACKETS.sub(lambda m: _hide(m.group(1) or ""), section)
    out, i = [], 0
    while i < len(section):
        ch = section[i]
        if ch == '"':
            end = section.find('"', i + 1)
            end = len(section) if end < 0 else end
            out.append(_hide(section[i + 1:end]))
            i = end + 1
        elif ch == "\\" and i + 1 < len(section):
            out.append(_hide(section[i + 1]))
            i += 2
        elif ch in "_*" and i + 1 < len(section):
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _digits(value: Decimal, token: str) -> str:
    """``value`` (non-negative) laid out by one numeric token such as ``#,##0.00``."""
    integer, _, fraction = token.partition(".")
    scale = len(integer) - len(integer.rstrip(","))
    integer = integer.rstrip(",")
    value = value / (Decimal(1000) ** scale)
    places = sum(ch in "0#?" for ch in fraction)
    keep = len(fraction.rstrip("#?")) if fraction else 0
    rounded = value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    whole, _, frac = f"{rounded:f}".partition(".")
    frac = frac.rstrip("0").ljust(keep, "0") if places else ""
    if whole == "0" and "0" not in integer:
        whole = ""
    whole = whole.zfill(integer.count("0"))
    if "," in integer:
        whole = f"{int(whole or 0):,}" if whole else ""
    return whole + ("." + frac if frac else "")


def format_number(value: float | int, number_format: str | None) -> str:
    """Render a number the way Excel shows it under ``number_format``."""
    fmt = (number_format or "General").strip()
    if fmt.lower() in ("general", "@", ""):
        return general(value)
    sections = re.split(r';(?=(?:[^"]*"[^"]*")*[^"]*$)', fmt)
    section, sign = sections[0], "-" if value < 0 else ""
    if value < 0 and len(sections) > 1:
        section, sign = sections[1], ""
    elif value == 0 and len(sections) > 2:
        section = sections[2]
    section = _literal(section)
    if re.search(r"[A-Za-z/]", section):
        return general(value)  # scientific, fraction, date or General inside: shown as General
    token = _NUMBER.search(section)
    number = Decimal(f"{abs(value):.15g}") * (Decimal(100) ** section.count("%"))
    if token is None:
        return _restore(section)
    text = _digits(number, token.group(0))
    return sign + _restore(section[: token.start()] + text + section[token.end():])


def render(value: object, number_format: str | None) -> str:
    """The text a reader of the sheet sees for one cell value."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, dt.datetime):
        return value.date().isoformat() if value.time() == dt.time() else value.isoformat(sep=" ")
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, (int, float)):
        return format_number(value, number_format)
    return " ".join(str(value).split())


#: a merged range, its ref attribute anywhere in the tag and in either quote (one tag is bounded by its ">")
_MERGE = re.compile(rb"""<(?:\w+:)?mergeCell\b[^>]*?\bref\s*=\s*["']\$?([A-Za-z]{1,3})\$?([0-9]{1,7}):\$?([A-Za-z]{1,3})\$?([0-9]{1,7})["']""")


def _precheck(data: bytes, path: str) -> None:
    """Before openpyxl reads the workbook: what its parts unzip to (zipfile never returns more than a
    part declares) against ``xlsx-bytes``, and the positions its merged ranges cover against
    ``xlsx-cells`` (openpyxl makes an object for each, so C3:Z100000 alone takes half a minute)."""
    import zipfile

    from openpyxl.utils import column_index_from_string

    from claimcheck.limits import current

    limits = current()
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            size = sum(info.file_size for info in archive.infolist())
            if size > limits.xlsx_bytes:
                raise limits.refuse("xlsx_bytes", "the workbook", f"{size:,} bytes unzipped", path)
            for info in archive.infolist():
                if not info.filename.startswith("xl/worksheets/"):
                    continue
                merged = sum(
                    (abs(int(r2) - int(r1)) + 1) * (abs(column_index_from_string(c2.decode().upper())
                                                        - column_index_from_string(c1.decode().upper())) + 1)
                    for c1, r1, c2, r2 in _MERGE.findall(archive.read(info)))
                if merged > limits.xlsx_cells:
                    raise limits.refuse("xlsx_cells", f"worksheet {info.filename}", f"its merged ranges span {merged:,} cells", path)
    except (zipfile.BadZipFile, NotImplementedError, EOFError, ValueError, OSError, zlib.error) as exc:  # a damaged archive
        raise InputError(f"cannot read the file as an XLSX workbook ({type(exc).__name__}: {exc})", path=path) from None


def _load(data: bytes, path: str):
    import openpyxl
    from openpyxl.utils.exceptions import InvalidFileException

    _precheck(data, path)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return openpyxl.load_workbook(io.BytesIO(data), read_only=False, data_only=True)
    except InvalidFileException as exc:
        raise InputError(f"not an XLSX workbook: {exc}", path=path) from None
    except Exception as exc:  # BadZipFile, KeyError, XML errors in a damaged archive …
        detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise InputError(f"cannot read the file as an XLSX workbook ({detail})", path=path) from None


_Pos = tuple[int, int]


def _within_limits(sheet, path: str) -> None:
    """A sheet whose range, or whose merged ranges, span more positions than the ``xlsx-cells`` limit is
    refused before its positions are walked (one cell at XFD1048576 spans 17 billion)."""
    from claimcheck.limits import current

    limits = current()
    area = (sheet.max_row - sheet.min_row + 1) * (sheet.max_column - sheet.min_column + 1)
    merged = sum((m.max_row - m.min_row + 1) * (m.max_col - m.min_col + 1) for m in sheet.merged_cells.ranges)
    for what, count in (("range spans", area), ("merged ranges span", merged)):
        if count > limits.xlsx_cells:
            raise limits.refuse("xlsx_cells", f"sheet {sheet.title!r}", f"its {what} {count:,} cells", path)


def _cells(sheet) -> dict[_Pos, tuple[str, tuple[str, ...], _Pos]]:
    """(row, col) -> (text, emphasis, source id) for every non-empty position, merges expanded."""
    found: dict[_Pos, tuple[str, tuple[str, ...], _Pos]] = {}
    for row in sheet.iter_rows():
        for cell in row:
            if cell.value is None:
                continue
            font = cell.font
            emphasis = tuple(e for e, on in (("bold", font.b), ("underline", font.u not in (None, "none"))) if on)
            found[(cell.row, cell.column)] = (render(cell.value, cell.number_format), emphasis, (cell.row, cell.column))
    first_col, width = sheet.min_column, sheet.max_column - sheet.min_column + 1
    for merged in sheet.merged_cells.ranges:
        origin = found.get((merged.min_row, merged.min_col))
        if origin is None:
            continue
        one_row = merged.min_row == merged.max_row
        if one_row and merged.min_col == first_col and merged.max_col - merged.min_col + 1 >= max(2, width // 2):
            continue  # a section label merged across the table ("Coding"): its text stays in the first cell
        for r in range(merged.min_row, merged.max_row + 1):
            for c in range(merged.min_col, merged.max_col + 1):
                found[(r, c)] = origin
    return {k: v for k, v in found.items() if v[0]}


def _continues_header(sheet, cells, header_rows: list[int], first_col: int) -> bool:
    """Whether the row after the header is a second header row under merged cells."""
    top, nxt = header_rows[0], header_rows[-1] + 1
    merges = [m for m in sheet.merged_cells.ranges if top <= m.min_row <= header_rows[-1]]
    if not merges or not any(c for (r, c) in cells if r == nxt):
        return False
    label = (nxt, first_col)
    covered = any(m.min_row < nxt <= m.max_row and m.min_col <= first_col <= m.max_col for m in merges)
    return label not in cells or covered


def _read_sheet(sheet, path: str) -> SourceTable | None:
    _within_limits(sheet, path)
    cells = _cells(sheet)
    if not cells:
        return None
    rows = sorted({r for r, _ in cells})
    cols = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
    notes: list[str] = []
    while rows and len({cells[(rows[0], c)][2] for c in cols if (rows[0], c) in cells}) < 2:
        notes.append(next(cells[(rows[0], c)][0] for c in cols if (rows[0], c) in cells))
        rows.pop(0)
    if not rows:
        return None
    kept = set(rows)
    cols = range(min(c for r, c in cells if r in kept), max(c for r, c in cells if r in kept) + 1)
    header_rows = [rows[0]]
    while len(rows) > len(header_rows) + 1 and _continues_header(sheet, cells, header_rows, cols[0]):
        header_rows.append(header_rows[-1] + 1)
    header = tuple(
        " / ".join(dict.fromkeys(cells[(r, c)][0] for r in header_rows if (r, c) in cells)) for c in cols
    )
    body = [r for r in rows if r > header_rows[-1]]
    footer: list[str] = []
    while body:
        present = [cells[(body[-1], c)][0] for c in cols if (body[-1], c) in cells]
        if len(present) != 1 or not is_footnote_line(present[0]):
            break
        footer.insert(0, present[0])
        body.pop()
    if not body:
        return None
    table_rows = tuple(
        tuple(
            RawCell(text=cells.get((r, c), ("", ()))[0], row=r, col=j, emphasis=cells.get((r, c), ("", ()))[1],
                    spanned=(r, c) in cells and cells[(r, c)][2][0] < r)  # merged down from a row above
            for j, c in enumerate(cols)
        )
        for r in body
    )
    return SourceTable(
        input=0, name=f"{path} [{sheet.title}]", header=header, rows=table_rows, notes=tuple(notes + footer)
    )


def read_xlsx(data: bytes, path: str) -> list[SourceTable]:
    """One table per non-empty worksheet whose header has at least two columns."""
    workbook = _load(data, path)
    try:
        tables = [_read_sheet(sheet, path) for sheet in workbook.worksheets]
    finally:
        workbook.close()
    return [t for t in tables if t is not None]
