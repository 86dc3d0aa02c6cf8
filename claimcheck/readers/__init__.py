"""Read inputs (CSV/TSV, XLSX, Markdown, HTML, URL, stdin) into SourceTables.

Readers only find tables and keep each cell's printed text with its position,
footnote markers and emphasis; they interpret nothing.
"""

from __future__ import annotations

import dataclasses
import hashlib
import sys
from pathlib import Path
from typing import Callable

from claimcheck.errors import InputError
from claimcheck.records import InputFile, SourceTable

_FORMATS = {
    ".csv": "csv", ".txt": "csv", ".tsv": "tsv", ".tab": "tsv",
    ".xlsx": "xlsx", ".xlsm": "xlsx",
    ".md": "md", ".markdown": "md",
    ".html": "html", ".htm": "html",
}


def is_url(source: str) -> bool:
    return source.startswith(("http://", "https://"))


def sniff_format(data: bytes) -> str:
    """Guess the format of bytes with no telling file name (stdin)."""
    if data.startswith(b"PK\x03\x04"):
        return "xlsx"
    head = data[:4096].lstrip().lower()
    if head.startswith((b"<!doctype html", b"<html", b"<table", b"<?xml")) or b"<table" in head:
        return "html"
    lines = [ln.strip() for ln in data[:65536].splitlines() if ln.strip()]
    for first, second in zip(lines, lines[1:]):  # a pipe table anywhere, prose before it or not
        if b"|" in first and b"-" in second and set(second) <= set(b"|-: "):
            return "md"
    return "csv"


def _load(source: str, stdin: bytes | None) -> tuple[bytes, str]:
    if source == "-":
        data = stdin if stdin is not None else sys.stdin.buffer.read()
        return data, sniff_format(data)
    path = Path(source)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError("file not found", path=source) from None
    except IsADirectoryError:
        raise InputError("is a directory, expected a table file", path=source) from None
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror}", path=source) from None
    fmt = _FORMATS.get(path.suffix.lower()) or sniff_format(data)
    return data, fmt


def _parse(data: bytes, fmt: str, source: str) -> tuple[list[SourceTable], str | None, str | None]:
    if fmt in ("csv", "tsv"):
        from claimcheck.readers.delimited import read_delimited

        table, encoding, delimiter = read_delimited(data, source, delimiter="\t" if fmt == "tsv" else None)
        return [table], encoding, delimiter
    if fmt == "xlsx":
        from claimcheck.readers.xlsx import read_xlsx

        return read_xlsx(data, source), None, None
    from claimcheck.readers.delimited import decode

    text, encoding = decode(data, source)
    if fmt == "md":
        from claimcheck.readers.markdown import read_markdown

        tables = read_markdown(text, source)
        if "<table" in text.lower():  # model cards often embed HTML tables in Markdown
            from claimcheck.readers.html import read_html

            tables += read_html(text, source)
        return tables, encoding, None
    from claimcheck.readers.html import read_html

    return read_html(text, source), encoding, None


def read_input(
    source: str,
    index: int,
    *,
    stdin: bytes | None = None,
    fetch: Callable[[str], tuple[str, str]] | None = None,
) -> tuple[InputFile, list[SourceTable]]:
    """Read one input into its tables.  ``fetch`` is injectable for URLs (tests)."""
    if is_url(source):
        if fetch is None:
            from claimcheck.scrapers import fetch_html as fetch
        text, final_url = fetch(source)
        data, fmt = text.encode("utf-8"), "html"
        from claimcheck.readers.html import read_html

        tables, encoding, delimiter = read_html(text, source), "utf-8", None
        fmt = "url"
    else:
        data, fmt = _load(source, stdin)
        tables, encoding, delimiter = _parse(data, fmt, source)
    if not tables:
        raise InputError("found no table in this input", path=source)
    name = "<stdin>" if source == "-" else source
    info = InputFile(
        index=index, path=name, sha256=hashlib.sha256(data).hexdigest(),
        format="csv" if fmt == "tsv" else fmt,  # the JSON contract names csv|xlsx|md|html|url; delimiter says tab
        encoding=encoding, delimiter=delimiter,
    )
    return info, [dataclasses.replace(t, input=index) for t in tables]
