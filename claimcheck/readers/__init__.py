"""Read inputs (CSV/TSV, XLSX, Markdown, HTML, URL, stdin; eval-harness outputs, a HELM run folder) into SourceTables.

Readers only find tables and keep each cell's printed text with its position,
footnote markers and emphasis; they interpret nothing.  A URL is read as HTML,
or as Markdown when it serves Markdown or plain text (a raw GitHub README).

The HTML and Markdown readers tell a ``<sup>`` that prints a footnote mark from
one that prints words the same way (:func:`sup_marks`, :func:`sup_gap`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from claimcheck.errors import InputError
from claimcheck.records import InputFile, SourceTable

if TYPE_CHECKING:
    from claimcheck.scrapers.fetch import FetchedPage

_FORMATS = {
    ".csv": "csv", ".txt": "csv", ".tsv": "tsv", ".tab": "tsv",
    ".xlsx": "xlsx", ".xlsm": "xlsx",
    ".md": "md", ".markdown": "md",
    ".html": "html", ".htm": "html",
    ".json": "json", ".jsonl": "json", ".eval": "eval",  # eval-harness outputs (readers.harness)
    ".yaml": "yaml", ".yml": "yaml",  # a Hugging Face .eval_results file (readers.eval_results)
    ".parquet": "parquet",  # lighteval's per-item details (readers.lighteval_details)
}


# one footnote mark: *, †, ‡ (or a few of them), a number, a letter, ¹, [1], [^a], (a)
_MARK = re.compile(r"\\?[*†‡§¶#\d]{1,3}|[A-Za-z]|[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3}|\[\^?\w{1,3}\]|\(\w{1,2}\)")
_MAX_MARKS = 4


def sup_marks(text: str) -> tuple[str, ...] | None:
    """The footnote marks a ``<sup>`` prints, or None when it prints words that belong to the text.

        sup_marks("*") -> ("*",)      sup_marks("1, 2") -> ("1", "2")      sup_marks("") -> ()
        sup_marks("(w/o extended thinking)") -> None      sup_marks("Kimi K2 Instruct") -> None
    """
    marks = tuple(m for m in re.split(r"[,\s]+", text) if m)
    if len(marks) <= _MAX_MARKS and all(_MARK.fullmatch(m) for m in marks):
        return marks
    return None


_SUFFIX = re.compile(r"[^\s(\[（【]{1,3}")


def sup_gap(text: str) -> str:
    """What separates a ``<sup>`` that prints words from the text before it: a space before a
    qualifier ("Claude Sonnet 4 (w/o extended thinking)", "Astra preview"), nothing before a
    suffix of up to three characters ("4<sup>th</sup>" -> "4th")."""
    return "" if _SUFFIX.fullmatch(text.strip()) else " "


def read_stdin(limit: int) -> bytes:
    """Standard input, at most one byte past ``limit`` (enough to know it is too long)."""
    return sys.stdin.buffer.read(limit + 1)


def is_url(source: str) -> bool:
    return source.startswith(("http://", "https://"))


def sniff_format(data: bytes) -> str:
    """Guess the format of bytes with no telling file name (stdin)."""
    if _is_parquet(data):
        return "parquet"
    if data.startswith(b"PK\x03\x04"):
        return "eval" if _is_eval_archive(data) else "xlsx"
    head = data[:4096].lstrip().lower()
    if head.startswith(b"{") or re.match(rb"\[\s*\{", head):  # an eval harness's JSON (lines); HELM indents its lists
        return "json"
    from claimcheck.readers.eval_results import looks_like_eval_results

    if looks_like_eval_results(head):  # a Hugging Face .eval_results file's first entry
        return "yaml"
    if head.startswith((b"<!doctype html", b"<html", b"<table", b"<?xml")) or b"<table" in head:
        return "html"
    lines = [ln.strip() for ln in data[:65536].splitlines() if ln.strip()]
    for first, second in zip(lines, lines[1:]):  # a pipe table anywhere, prose before it or not
        if b"|" in first and b"-" in second and set(second) <= set(b"|-: "):
            return "md"
    return "csv"


def _is_parquet(data: bytes) -> bool:
    from claimcheck.readers.lighteval_details import is_parquet

    return is_parquet(data)


def _is_eval_archive(data: bytes) -> bool:
    from claimcheck.readers.inspect_archive import is_eval_archive

    return is_eval_archive(data)


def _is_helm_run(source: str) -> bool:
    from claimcheck.readers.helm import is_helm_run_dir

    return is_helm_run_dir(Path(source))


def _load(source: str, stdin: bytes | None) -> tuple[bytes, str]:
    from claimcheck.limits import current

    limits = current()
    if source == "-":
        data = stdin if stdin is not None else read_stdin(limits.input_bytes)
        if len(data) > limits.input_bytes:
            raise limits.refuse("input_bytes", "the input", f"more than {limits.input_bytes:,} bytes", "<stdin>")
        return data, sniff_format(data)
    path = Path(source)
    try:
        with path.open("rb") as f:  # read no further than the limit: a pipe or device says its size is 0
            data = f.read(limits.input_bytes + 1)
        if len(data) > limits.input_bytes:
            size = path.stat().st_size
            raise limits.refuse("input_bytes", "the file", f"{size:,} bytes" if size > limits.input_bytes
                                else f"more than {limits.input_bytes:,} bytes", source)
    except FileNotFoundError:
        raise InputError("file not found", path=source) from None
    except IsADirectoryError:
        raise InputError("is a directory, expected a table file", path=source) from None
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror}", path=source) from None
    fmt = _FORMATS.get(path.suffix.lower())
    if fmt is None or _is_parquet(data):  # a parquet is known by its magic bytes, whatever its name
        return data, sniff_format(data)
    return data, "eval" if fmt == "xlsx" and _is_eval_archive(data) else fmt  # a zip is known by what it holds


def _parse(data: bytes, fmt: str, source: str) -> tuple[list[SourceTable], str | None, str | None]:
    if fmt in ("csv", "tsv"):
        from claimcheck.readers.delimited import read_delimited

        table, encoding, delimiter = read_delimited(data, source, delimiter="\t" if fmt == "tsv" else None)
        from claimcheck.readers.opencompass import is_opencompass_summary, opencompass_table

        if is_opencompass_summary(table):  # known by its header: one column per model, read as long scores
            table = opencompass_table(table, source)
        from claimcheck.readers.epoch import epoch_table, is_epoch_benchmark

        if is_epoch_benchmark(table):  # known by its header: Epoch AI's runs of one benchmark, named by the file
            table = epoch_table(table, source)
        return [table], encoding, delimiter
    if fmt == "parquet":
        from claimcheck.readers.lighteval_details import read_lighteval_details

        return read_lighteval_details(data, source), None, None
    if fmt == "eval":
        from claimcheck.readers.inspect_archive import read_eval_archive

        return read_eval_archive(data, source), None, None
    if fmt == "xlsx":
        from claimcheck.readers.xlsx import read_xlsx

        return read_xlsx(data, source), None, None
    from claimcheck.readers.delimited import decode

    text, encoding = decode(data, source)
    if fmt == "json":
        from claimcheck.readers.harness import read_harness

        return read_harness(text, source), encoding, None
    if fmt == "yaml":
        from claimcheck.readers.eval_results import read_eval_results

        return read_eval_results(text, source), encoding, None
    return _parse_text(text, fmt, source), encoding, None


def _parse_text(text: str, fmt: str, source: str) -> list[SourceTable]:
    """The tables of a Markdown (``fmt == "md"``) or HTML document."""
    tables: list[SourceTable] = []
    if fmt == "md":
        from claimcheck.readers.markdown import read_markdown

        from claimcheck.readers.model_card import card_model, model_index_tables

        tables = read_markdown(text, source)
        cards = model_index_tables(text, source)  # a model card's front matter: its results, as more tables
        about = card_model(text, cards, tables[0].page_title if tables else "")
        tables = [dataclasses.replace(t, page_model=about) for t in [*cards, *tables]]
    else:  # Markdown reads the HTML tables model cards embed in it itself, under their headings
        from claimcheck.readers.html import read_html

        tables = read_html(text, source)
    from claimcheck.parsing.dates import latest_date
    from claimcheck.readers.images import result_images

    dated, images = latest_date(text), result_images(text, "md" if fmt == "md" else "html")  # one fact per document,
    if not tables and images:  # results printed only as pictures: say so rather than "no table"
        shown = ", ".join(f"{im.name} (line {im.line})" for im in images[:4]) + (" …" if len(images) > 4 else "")
        raise InputError(f"found no table in this input: its results are printed only as images ({shown}), which "
                         f"claimcheck cannot read; transcribe them into a table (CSV or Markdown) to audit them",
                         path=source)
    return [dataclasses.replace(t, page_date=dated, page_images=images) for t in tables]  # kept on each of its tables


def read_input(
    source: str,
    index: int,
    *,
    stdin: bytes | None = None,
    fetch: Callable[[str], FetchedPage] | None = None,
) -> tuple[InputFile, list[SourceTable]]:
    """Read one input into its tables.  ``fetch`` is injectable for URLs (tests); the page it
    returns is read as Markdown when its media type is Markdown or plain text, else as HTML."""
    if is_url(source):
        if fetch is None:
            from claimcheck.scrapers.fetch import fetch_page as fetch
        page = fetch(source)
        tables = _parse_text(page.text, "md" if page.is_markdown else "html", source)
        data, fmt, encoding, delimiter = page.text.encode("utf-8"), "url", "utf-8", None
    elif source != "-" and _is_helm_run(source):  # a HELM run folder: its run_spec.json, stats.json and per-item stats
        from claimcheck.readers.helm import read_helm_run

        (tables, data), fmt, encoding, delimiter = read_helm_run(Path(source), source), "json", "utf-8", None
    else:
        data, fmt = _load(source, stdin)
        tables, encoding, delimiter = _parse(data, fmt, source)
    if not tables:
        raise InputError("found no table in this input", path=source)
    from claimcheck.limits import current

    if len(tables) > current().tables:
        raise current().refuse("tables", "the input", f"{len(tables):,} tables", source)
    name = "<stdin>" if source == "-" else source
    info = InputFile(
        index=index, path=name, sha256=hashlib.sha256(data).hexdigest(),
        format="csv" if fmt == "tsv" else fmt,  # the JSON contract names csv|xlsx|md|html|url; delimiter says tab
        encoding=encoding, delimiter=delimiter,
    )
    return info, [dataclasses.replace(t, input=index) for t in tables]
