"""Every reader tells a footnote line under a table from a data row the same way."""

import csv
import html
import io

import pytest
from openpyxl import Workbook

from claimcheck.parsing.notes import NOTE_START
from claimcheck.readers.delimited import read_delimited
from claimcheck.readers.html import read_html
from claimcheck.readers.markdown import read_markdown
from claimcheck.readers.xlsx import read_xlsx

NOTES = [
    "* evaluated with tools", "\\* escaped star", "† pass@1", "‡ judged by a model", "§ self-reported", "¶ preview",
    "¹ from the tech report", "⁰ zero-based note", "[1] tech report", "[^1] tech report", "(a) text-only part",
    "(a)text-only part", "Note: averaged", "NOTES: averaged", "Source: vendor blog", "Sources: vendor blog, 2025",
    "注：使用工具", "说明：平均值", "备注：预览版", "来源：官方博客",
]
NOT_NOTES = ["GPQA Diamond", "Noteworthy gains", "Sourced from blogs", "72.6", "Astra leads"]


def _csv(line: str) -> bool:
    buf = io.StringIO()
    csv.writer(buf).writerows([["Benchmark", "A"], ["GPQA", "1"], [line, ""]])
    table, _, _ = read_delimited(buf.getvalue().encode("utf-8"), "t.csv", delimiter=",")
    return table.notes == (line,)


def _xlsx(line: str) -> bool:
    wb = Workbook()
    for row in (["Benchmark", "A"], ["GPQA", 1], [line]):
        wb.active.append(row)
    buf = io.BytesIO()
    wb.save(buf)
    (table,) = read_xlsx(buf.getvalue(), "t.xlsx")
    return table.notes == (line,)


def _html(line: str) -> bool:
    page = ("<table><tr><th>Benchmark</th><th>A</th></tr><tr><td>GPQA</td><td>1</td></tr></table>"
            f"<p>{html.escape(line)}</p>")
    (table,) = read_html(page, "t.html")
    return table.notes == (line,)


def _markdown(line: str) -> bool:
    # a first short paragraph is a caption whatever it says, so the line under test comes second
    (table,) = read_markdown(f"| Benchmark | A |\n|---|---|\n| GPQA | 1 |\n\n* first note\n\n{line}\n", "t.md")
    return table.notes == ("* first note", line)


READERS = {"csv": _csv, "xlsx": _xlsx, "html": _html, "md": _markdown}


@pytest.mark.parametrize("line", NOTES + NOT_NOTES)
def test_every_reader_classifies_a_footnote_line_alike(line):
    expected = line in NOTES
    assert bool(NOTE_START.match(line)) == expected
    assert {name: read(line) for name, read in READERS.items()} == dict.fromkeys(READERS, expected)


SHEET_NOTES = ["• Bold denotes global SOTA, and underlined denotes open-source SOTA.",
               "- Data points marked with * are taken from the tech report",
               "All metrics are evaluated with an 8k output token length.", "Evaluated with code tools.",
               "• Qwen figures come from Alibaba"]
SHEET_NOT_NOTES = ["Average", "Average score", "Evaluated with tools"]  # a label, however its words read


@pytest.mark.parametrize("line", SHEET_NOTES + SHEET_NOT_NOTES)
def test_spreadsheet_lines_under_a_table_are_notes_when_they_read_as_one(line):
    """A line pasted under a spreadsheet's table, one cell filled: a list item or a legend's sentence is a
    note, a short label is a row (in a CSV whose line has one field, a ragged one)."""
    assert {"csv": _csv(line), "xlsx": _xlsx(line)} == dict.fromkeys(("csv", "xlsx"), line in SHEET_NOTES)


def test_a_csv_footnote_line_of_one_field_is_a_note_and_a_short_one_a_ragged_row():
    from claimcheck.errors import InputError

    body = "Benchmark,A,B\nGPQA,1,2\n"
    table, _, _ = read_delimited((body + "\"• Bold denotes the best\"\n* copied\n").encode(), "t.csv")
    assert table.notes == ("• Bold denotes the best", "* copied") and len(table.rows) == 1
    table, _, _ = read_delimited((body + "* MMLU (our run),3,4\n").encode(), "t.csv")  # a marked row with values
    assert table.notes == () and table.rows[-1][0].text == "* MMLU (our run)"
    with pytest.raises(InputError, match="ragged row") as err:
        read_delimited((body + "Average\n").encode(), "t.csv")
    assert err.value.row == 3
    with pytest.raises(InputError, match="ragged row"):  # a note line above a data row is no trailing note
        read_delimited((body + "* copied\nMMLU,3,4\n").encode(), "t.csv")


def test_a_blank_line_above_the_header_and_a_file_of_only_a_bom(tmp_path):
    import pytest

    from claimcheck.errors import InputError
    from claimcheck.readers.delimited import read_delimited

    table, _, delimiter = read_delimited(b"\nBenchmark,A,B\nMMLU,50.1,60.2\n", "t.csv")
    assert delimiter == "," and table.header == ("Benchmark", "A", "B")
    with pytest.raises(InputError, match="no rows"):
        read_delimited(b"\xef\xbb\xbf", "bom.csv")


@pytest.mark.parametrize("data, message", [
    ("Benchmark,A\nMMLU,50.1\n".encode("utf-16") + b"\x00", "truncated data"),
    (b"\xff\xfe" + "Benchmark,A\nMMLU,".encode("utf-16-le") + b"\x00\xd8" + "5\n".encode("utf-16-le"), "surrogate"),
])
def test_a_broken_utf16_file_is_one_clear_error(data, message):
    from claimcheck.errors import InputError
    from claimcheck.readers.delimited import read_delimited

    with pytest.raises(InputError, match=f"UTF-16 byte-order mark but is not valid UTF-16 at byte \\d+ .*{message}"):
        read_delimited(data, "t.csv")


def test_a_utf32_file_is_read_as_utf32_not_as_utf16():
    from claimcheck.readers.delimited import read_delimited

    table, encoding, _ = read_delimited("Benchmark,A\nMMLU,50.1\n".encode("utf-32"), "t.csv")
    assert encoding == "utf-32" and table.header == ("Benchmark", "A") and table.rows[0][1].text == "50.1"
    big_endian = b"\x00\x00\xfe\xff" + "Benchmark,A\nMMLU,50.1\n".encode("utf-32-be")  # not taken for binary
    table, encoding, _ = read_delimited(big_endian, "t.csv")
    assert encoding == "utf-32" and table.rows[0][1].text == "50.1"
