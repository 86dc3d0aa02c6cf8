"""CSV and TSV tables: delimiter, encoding, BOM and line endings detected.

The stdlib ``csv`` module keeps each record's row number, which the rest of
the pipeline cites; pandas would re-index and turn "n/a" into NaN.
"""

from __future__ import annotations

import csv
import io

from claimcheck.errors import InputError
from claimcheck.parsing.cells import looks_decimal_comma
from claimcheck.parsing.notes import is_footnote_line, note_start
from claimcheck.records import RawCell, SourceTable

_ENCODINGS = ("utf-8-sig", "gb18030")
_DELIMITERS = ",;\t|"


def decode(data: bytes, path: str) -> tuple[str, str]:
    """Decode bytes as UTF-8 (with or without BOM), then GB18030; say which."""
    if not data.strip():
        raise InputError("the file is empty: expected a table with a header row", path=path)
    wide = "utf-32" if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")) else \
        "utf-16" if data.startswith((b"\xff\xfe", b"\xfe\xff")) else None  # the BOM says which (UTF-32 first)
    if b"\x00" in data[:8192] and not wide:
        raise InputError("this is a binary file, not a text table (CSV, TSV, Markdown or HTML)", path=path)
    if wide:
        try:
            return data.decode(wide), wide
        except UnicodeDecodeError as exc:
            raise InputError(f"the file starts with a {wide.upper()} byte-order mark but is not valid {wide.upper()} "
                             f"at byte {exc.start} ({exc.reason})", path=path) from None
    for encoding in _ENCODINGS:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if encoding == "gb18030" and _converts(bytes.decode, data, "shift_jis") \
                and not _converts(str.encode, text, "gb2312"):
            # GB18030 decodes almost any bytes: a Shift-JIS "数学テスト" comes out as "悢妛僥僗僩", characters outside
            # GB2312 that Chinese text rarely uses; GBK text that happens to be valid Shift-JIS stays in GB2312
            raise InputError("the file is not UTF-8, and its bytes read as Shift-JIS as well as GB18030 (where they "
                             "give rare characters), so claimcheck cannot tell which text it holds: save it as UTF-8",
                             path=path)
        return text, ("utf-8" if encoding == "utf-8-sig" else encoding)
    raise InputError("cannot decode the file as UTF-8 or GB18030", path=path)


def _converts(convert, value, encoding: str) -> bool:
    """Whether ``convert(value, encoding)`` (``bytes.decode`` or ``str.encode``) succeeds."""
    try:
        convert(value, encoding)
    except UnicodeError:
        return False
    return True


def sniff_delimiter(text: str, path: str, hint: str | None = None) -> str:
    """The delimiter that splits the header and the next rows consistently."""
    if hint:
        return hint
    lines = [line for line in text.splitlines() if line.strip()]  # blank lines above the header say nothing
    if not lines:
        raise InputError("the file has no rows", path=path)
    sample, first = "\n".join(lines[:20]), lines[0]
    try:
        delimiter = csv.Sniffer().sniff(sample, delimiters=_DELIMITERS).delimiter
    except csv.Error:
        delimiter = None
    if delimiter is None or _width(first, delimiter, path) < 2:
        counts = {d: _width(first, d, path) for d in _DELIMITERS}
        delimiter, width = max(counts.items(), key=lambda kv: kv[1])
        if width < 2:
            raise InputError(
                "found no delimiter (comma, semicolon, tab or |): expected a table with at least two columns",
                path=path,
            )
    return delimiter


def _width(line: str, delimiter: str, path: str) -> int:
    """How many fields the delimiter cuts the first row into; a row the csv module refuses (a field
    beyond its size limit) is the file's error, said once."""
    try:
        return len(next(csv.reader([line], delimiter=delimiter)))
    except csv.Error as exc:
        raise InputError(f"malformed CSV: {exc}", path=path, row=1) from None


def _records(text: str, delimiter: str, path: str) -> list[list[str]]:
    try:
        return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True))
    except csv.Error as exc:
        raise InputError(f"malformed CSV: {exc}", path=path) from None


def read_delimited(data: bytes, path: str, *, delimiter: str | None = None) -> tuple[SourceTable, str, str]:
    """Read one delimited table; return it with the encoding and delimiter used."""
    text, encoding = decode(data, path)
    delimiter = sniff_delimiter(text, path, delimiter)
    records = [r for r in _records(text, delimiter, path)]
    numbered = [(i + 1, r) for i, r in enumerate(records) if any(c.strip() for c in r)]
    if not numbered:
        raise InputError("the file has no rows", path=path)
    (header_row, header), body = numbered[0], numbered[1:]
    header = [h.strip() for h in header]
    while header and not header[-1]:
        header.pop()
    width = len(header)
    if width < 2:
        raise InputError("the header has fewer than two columns", path=path, row=header_row)
    if not body:
        raise InputError("the table has a header but no data rows", path=path)
    from claimcheck.limits import current

    limits = current()
    if len(body) * width > limits.table_cells:
        raise limits.refuse("table_cells", "the table", f"{len(body):,} rows × {width:,} columns", path)
    body, notes = split_trailing_notes(body)
    rows = []
    for number, record in body:
        if len(record) > width and not any(c.strip() for c in record[width:]):
            record = record[:width]
        if len(record) != width:
            raise InputError(
                f"ragged row: {len(record)} fields where the header has {width}", path=path, row=number
            )
        rows.append(tuple(RawCell(text=restore(c.strip()), row=number, col=j) for j, c in enumerate(record)))
    if not rows:
        raise InputError("the table has a header but no data rows", path=path)
    decimal_comma = delimiter != "," and looks_decimal_comma([c.text for r in rows for c in r[1:]])
    table = SourceTable(input=0, name=path, header=tuple(header), rows=tuple(rows), notes=notes,
                        decimal_comma=decimal_comma)
    return table, encoding, delimiter


def restore(text: str) -> str:
    """A cell written with the apostrophe that keeps a spreadsheet from running it as a formula
    ("'=SUM(A1)", as claimcheck's --export-claims and spreadsheets write them) read as its text."""
    return text[1:] if text[:1] == "'" and text.lstrip("'")[:1] in ("=", "+", "-", "@", "\t", "\r") else text


_NOTE_START = note_start(r"\\?\#")  # the shared footnote starts, and a "# …" comment line


def split_trailing_notes(body: list[tuple[int, list[str]]]) -> tuple[list[tuple[int, list[str]]], tuple[str, ...]]:
    """Footnotes pasted under a table ("* on the text-only subset"), one cell a line with the rest of
    the line empty or absent, are notes, not data rows (nor ragged ones)."""
    notes: list[str] = []
    while body and body[-1][1] and is_footnote_line(body[-1][1][0], _NOTE_START) and not any(c.strip() for c in body[-1][1][1:]):
        notes.insert(0, body.pop()[1][0].strip())
    return body, tuple(notes)
