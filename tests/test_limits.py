"""The limits on what is read: one policy, each refusal one line naming the limit and how to raise it."""

from __future__ import annotations

import pytest

from claimcheck.errors import ConfigError, InputError
from claimcheck.limits import Limits, applied, current, parse, parse_pairs
from claimcheck.pipeline import Options, audit
from tests.conftest import EXAMPLES, run_cli


def test_the_defaults_and_their_names():
    limits = Limits()
    assert (limits.input_bytes, limits.download_bytes, limits.table_cells) == (64 * 2 ** 20, 32 * 2 ** 20, 250_000)
    assert current() == limits
    assert set(Limits.NAMES.values()) == {"input-bytes", "download-bytes", "fetch-seconds", "table-cells",
                                          "xlsx-cells", "xlsx-bytes", "archive-bytes", "tables"}
    assert limits.tables == 1_000


def test_parse_reads_names_as_on_the_command_line():
    assert parse({"table-cells": "1_000_000", "fetch-seconds": "2.5"}) == Limits(table_cells=1_000_000, fetch_seconds=2.5)
    assert parse(None) == Limits() and parse_pairs(("table-cells=7", " input-bytes = 9 ")) == {
        "table-cells": "7", "input-bytes": "9"}
    for bad, words in (({"tablecells": 3}, "unknown limit"), ({"table-cells": "x"}, "positive whole number"),
                       ({"table-cells": 0}, "positive"), ({"fetch-seconds": -1}, "positive number"),
                       ({"table-cells": "2.5"}, "whole number")):
        with pytest.raises(ConfigError, match=words):
            parse(bad)
    with pytest.raises(ConfigError, match="NAME=VALUE"):
        parse_pairs(("table-cells",))


def test_a_refusal_is_one_line_with_the_way_to_raise_it():
    err = Limits(table_cells=10).refuse("table_cells", "table 2", "12 rows × 3 columns", "t.html")
    assert isinstance(err, InputError) and err.exit_status == 2
    assert err.one_line() == ("t.html: table 2 (12 rows × 3 columns) exceeds the table-cells limit of 10 "
                              "(raise it with --limit table-cells=N)")
    assert "of 64 MiB" in Limits().refuse("input_bytes", "the file", "x").one_line()
    assert "of 60 s" in Limits().refuse("fetch_seconds", "the page", "x").one_line()


def test_applied_sets_the_limits_for_a_block_only():
    with applied(Limits(table_cells=5)):
        assert current().table_cells == 5
    assert current().table_cells == 250_000


@pytest.mark.parametrize("limit, text", [
    ("input-bytes=100", "the file (1,044 bytes) exceeds the input-bytes limit of 100 bytes"),
    ("table-cells=55", "the table (14 rows × 4 columns) exceeds the table-cells limit of 55"),  # 56 cells
])
def test_the_command_line_raises_and_lowers_a_limit(limit, text):
    path = str(EXAMPLES / "astra_fable_release.csv")
    result = run_cli(path, "--no-pdf", "--limit", limit)
    assert result.exit_code == 2 and text in result.stderr and result.stderr.count("\n") == 1
    assert run_cli(path, "--no-pdf", "--limit", "table-cells=56", "--fail-on", "never").exit_code == 0  # 14 × 4


def test_stdin_past_the_input_limit_is_refused():
    from claimcheck.readers import read_input

    with applied(Limits(input_bytes=10)), pytest.raises(InputError, match="input-bytes limit of 10 bytes"):
        read_input("-", 0, stdin=b"Benchmark,A\nGPQA,1\n")


def test_a_project_file_sets_limits_and_a_flag_wins(tmp_path, monkeypatch):
    (tmp_path / "claimcheck.toml").write_text('limits = {table-cells = 50}\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    path = str(EXAMPLES / "astra_fable_release.csv")
    assert run_cli(path, "--no-pdf").exit_code == 2
    assert run_cli(path, "--no-pdf", "--limit", "table-cells=100", "--fail-on", "never").exit_code == 0
    (tmp_path / "claimcheck.toml").write_text('limits = {tablecells = 50}\n', encoding="utf-8")
    result = run_cli(path, "--no-pdf")
    assert result.exit_code == 2 and "unknown limit 'tablecells'" in result.stderr


def test_span_amplification_in_html_is_refused_before_it_is_built(tmp_path):
    """rowspan=65534 over 2,000 rows of colspan=1000: two million cells from 2,000 tags (hung past 60 s)."""
    page = tmp_path / "spans.html"
    page.write_text('<table><tr><th>Benchmark</th><th>A</th></tr><tr><td rowspan="65534">GPQA</td><td>70.2</td></tr>'
                    + '<tr><td colspan="1000">1</td></tr>' * 2000 + "</table>", encoding="utf-8")
    with pytest.raises(InputError, match=r"table 1 \(more than 250,000 cells once its colspan and rowspan"):
        audit([str(page)])
    tall = tmp_path / "tall.html"  # rowspans alone: 600 cells of the first row each spanning 600 rows
    tall.write_text("<table><tr>" + '<td rowspan="600">x</td>' * 600 + "</tr>" + "<tr></tr>" * 599 + "</table>",
                    encoding="utf-8")
    with pytest.raises(InputError, match="once its colspan and rowspan are spread out, at row 1"):
        audit([str(tall)])
    wide = tmp_path / "wide.html"  # short rows padded to one long one
    wide.write_text("<table><tr><th>B</th>" + "<th>m</th>" * 600 + "</tr>" + "<tr><td>x</td></tr>" * 500 + "</table>",
                    encoding="utf-8")
    with pytest.raises(InputError, match="501 rows × 601 columns"):
        audit([str(wide)])
    assert audit([str(wide)], Options(limits=Limits(table_cells=400_000))).scores == ()  # raised: read (no values)


def test_a_page_of_more_tables_than_the_limit_is_refused(tmp_path):
    """A hostile sweep: 5,000 one-row tables in one Markdown page ran past 60 s (every table is set
    beside every other); past the tables limit the page is one refusal, and the limit can be raised."""
    from tests.conftest import run_cli

    path = tmp_path / "many.md"
    path.write_text("".join(f"\n| B | A{i} | C |\n|---|---|---|\n| MMLU | 50.{i} | 40 |\n" for i in range(3)),
                    encoding="utf-8")
    refused = run_cli(str(path), "--no-pdf", "--limit", "tables=2")
    assert refused.exit_code == 2 and refused.stderr.count("\n") == 1
    assert "the input (3 tables) exceeds the tables limit of 2 (raise it with --limit tables=N)" in refused.stderr
    assert run_cli(str(path), "--no-pdf", "--limit", "tables=3", "--fail-on", "never").exit_code == 0


def test_a_markdown_table_past_the_cell_limit_is_refused(tmp_path):
    page = tmp_path / "t.md"
    page.write_text("| a | b |\n|---|---|\n" + "| x | 1 |\n" * 6, encoding="utf-8")
    with pytest.raises(InputError, match="more than 11 cells by row 8"):  # six rows of two: the sixth, line 8
        audit([str(page)], Options(limits=Limits(table_cells=11)))
    assert audit([str(page)], Options(limits=Limits(table_cells=12))).scores  # at the limit: read


def test_xlsx_ranges_and_unzipped_size_are_checked_before_they_are_walked(tmp_path):
    import openpyxl

    def book(name, fill):
        wb = openpyxl.Workbook()
        ws = wb.active
        ws["A1"], ws["B1"], ws["A2"], ws["B2"] = "Benchmark", "A", "GPQA Diamond", 0.702
        fill(ws)
        wb.save(tmp_path / name)
        return str(tmp_path / name)

    far = book("far.xlsx", lambda ws: ws.__setitem__("XFD1048576", "x"))
    with pytest.raises(InputError, match="its range spans 17,179,869,184 cells"):
        audit([far])
    merged = book("merged.xlsx", lambda ws: ws.merge_cells("C3:Z100000"))
    with pytest.raises(InputError, match="its merged ranges span 2,399,952 cells"):
        audit([merged])
    plain = book("plain.xlsx", lambda ws: None)
    assert audit([plain]).scores
    with pytest.raises(InputError, match="xlsx-bytes limit of 1,000 bytes"):
        audit([plain], Options(limits=Limits(xlsx_bytes=1000)))


def _rezip(path, name: str, edit) -> None:
    """Rewrite one part of an XLSX archive."""
    import zipfile

    with zipfile.ZipFile(path) as src:
        parts = {info.filename: src.read(info) for info in src.infolist()}
    parts[name] = edit(parts[name])
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for part, data in parts.items():
            out.writestr(part, data)


def test_merged_ranges_are_found_in_either_quote_and_any_attribute_order(tmp_path):
    """A review found <mergeCell ref='A10:Z300000'/> (single quotes) and an attribute before ref slipping past
    the pre-check, into openpyxl's 7.8 million cell objects."""
    import openpyxl

    for k, tag in enumerate(("<mergeCell ref='A10:Z300000'/>", '<mergeCell x="1" ref="a10:z300000"/>')):
        wb = openpyxl.Workbook()
        ws = wb.active
        ws["A1"], ws["B1"], ws["A2"], ws["B2"] = "Benchmark", "A", "GPQA Diamond", 0.702
        path = tmp_path / f"m{k}.xlsx"
        wb.save(path)
        _rezip(path, "xl/worksheets/sheet1.xml",
               lambda xml: xml.replace(b"</sheetData>", b'</sheetData><mergeCells count="1">' + tag.encode() + b"</mergeCells>"))
        with pytest.raises(InputError, match="its merged ranges span 7,799,766 cells"):
            audit([str(path)])


def test_a_damaged_archive_is_a_refusal_not_a_bug(tmp_path):
    """An archive whose part names an unknown compression method raised NotImplementedError (exit 3)."""
    import openpyxl

    wb = openpyxl.Workbook()
    wb.active["A1"], wb.active["B1"] = "Benchmark", "A"
    path = tmp_path / "meth.xlsx"
    wb.save(path)
    data = bytearray(path.read_bytes())
    for magic, offset in ((b"PK\x03\x04", 8), (b"PK\x01\x02", 10)):  # every local header and directory entry
        at = data.find(magic)
        while at != -1:
            data[at + offset:at + offset + 2] = (99).to_bytes(2, "little")  # compression method 99: unknown
            at = data.find(magic, at + 4)
    path.write_bytes(bytes(data))
    with pytest.raises(InputError, match="cannot read the file as an XLSX workbook"):
        audit([str(path)])


def test_a_pipe_is_read_no_further_than_the_input_limit(tmp_path):
    """A pipe's size is 0 to stat(): the read itself stops one byte past the limit."""
    import os
    import threading

    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)

    def write():
        with open(fifo, "wb") as f:
            try:
                f.write(b"Benchmark,A\n" + b"x,1\n" * 300_000)
            except BrokenPipeError:
                pass

    writer = threading.Thread(target=write)
    writer.start()
    with pytest.raises(InputError, match="more than 1,000 bytes"):
        audit([str(fifo)], Options(limits=Limits(input_bytes=1000)))
    writer.join(timeout=10)


def test_debug_after_a_double_dash_is_a_file_name(tmp_path, monkeypatch, capsys):
    from claimcheck.cli import main

    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        main(["check", "--no-pdf", "--", "--debug"])
    assert exit_.value.code == 2 and "--debug" in capsys.readouterr().err  # the file '--debug' is not found
