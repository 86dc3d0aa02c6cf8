"""XLSX sheets: cells as displayed (number formats), merges, fonts, notes, bad files."""

import datetime as dt
import io

import pytest
from openpyxl import Workbook
from openpyxl.styles import Font

from claimcheck.errors import InputError
from claimcheck.readers.xlsx import format_number, read_xlsx


def to_bytes(wb: Workbook) -> bytes:
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


@pytest.fixture()
def release() -> bytes:
    wb = Workbook()
    ws = wb.active
    ws.title = "Release"
    ws["A1"] = "Table 1: vendor release"
    ws.merge_cells("A1:D1")
    ws.append([])
    ws.append(["Benchmark", "Astra", "Fable 5.1", "Notes"])
    ws.append(["GPQA Diamond", 0.579, 0.558, "pass@1"])
    ws["B4"].number_format = "0.0%"
    ws["C4"].number_format = "0.0%"
    ws["B4"].font = Font(bold=True)
    ws.append(["GDPval-AA v2", 1853, "—", None])
    ws.append(["HLE", 57.900000000000006, "n/a", "with tools"])
    ws["B6"].font = Font(underline="single")
    ws.append(["MMLU", 88.456, 88.4, "released"])
    ws["B7"].number_format = "0.00"
    ws["C7"].number_format = "#,##0.0"
    ws["D7"] = dt.datetime(2025, 1, 31)
    ws.append(["基准或计分项", "1,853", 72.6, None])
    ws.merge_cells("D5:D6")
    ws["D5"] = "same protocol"
    ws.append([])
    ws.append(["* from the tech report"])
    wb.create_sheet("Empty")
    lonely = wb.create_sheet("List")
    lonely.append(["just one column"])
    lonely.append(["x"])
    return to_bytes(wb)


def test_one_table_per_usable_sheet(release):
    (table,) = read_xlsx(release, "r.xlsx")
    assert table.name == "r.xlsx [Release]"
    assert table.header == ("Benchmark", "Astra", "Fable 5.1", "Notes")


def test_cells_render_as_displayed(release):
    (table,) = read_xlsx(release, "r.xlsx")
    rows = {row[0].text: [c.text for c in row] for row in table.rows}
    assert rows["GPQA Diamond"] == ["GPQA Diamond", "57.9%", "55.8%", "pass@1"]
    assert rows["GDPval-AA v2"][1:3] == ["1853", "—"]
    assert rows["HLE"][1:3] == ["57.9", "n/a"]
    assert rows["MMLU"][1:] == ["88.46", "88.4", "2025-01-31"]
    assert rows["基准或计分项"][1:3] == ["1,853", "72.6"]


def test_merged_cells_repeat_their_value(release):
    (table,) = read_xlsx(release, "r.xlsx")
    assert [row[3].text for row in table.rows[1:3]] == ["same protocol", "same protocol"]
    # the copy under the merge's first row says it is one, as an HTML rowspan's does
    assert [row[3].spanned for row in table.rows[1:3]] == [False, True]
    assert not any(c.spanned for row in table.rows for c in row[:3])


def test_row_numbers_are_sheet_rows_and_fonts_are_emphasis(release):
    (table,) = read_xlsx(release, "r.xlsx")
    assert [row[0].row for row in table.rows] == [4, 5, 6, 7, 8]
    assert table.rows[0][1].emphasis == ("bold",)
    assert table.rows[2][1].emphasis == ("underline",)
    assert table.rows[0][2].emphasis == ()


def test_title_and_footnote_rows_become_notes(release):
    (table,) = read_xlsx(release, "r.xlsx")
    assert table.notes == ("Table 1: vendor release", "* from the tech report")


def test_two_row_header_under_merged_cells():
    wb = Workbook()
    ws = wb.active
    ws.append(["Benchmark", "Model A", None, "Model B", None])
    ws.append([None, "Score", "Shots", "Score", "Shots"])
    ws.append(["MMLU", 72.6, 5, 70.1, 5])
    ws.merge_cells("A1:A2")
    ws.merge_cells("B1:C1")
    ws.merge_cells("D1:E1")
    (table,) = read_xlsx(to_bytes(wb), "h.xlsx")
    assert table.header == ("Benchmark", "Model A / Score", "Model A / Shots", "Model B / Score", "Model B / Shots")
    assert [c.text for c in table.rows[0]] == ["MMLU", "72.6", "5", "70.1", "5"]
    assert table.rows[0][0].row == 3


@pytest.mark.parametrize(
    ("value", "fmt", "shown"),
    [
        (0.579, "0.0%", "57.9%"),
        (0.5785, "0.0%", "57.9%"),
        (0.12, "0%", "12%"),
        (57.900000000000006, "General", "57.9"),
        (1853.0, "General", "1853"),
        (1853, "#,##0", "1,853"),
        (0.5, "0.00", "0.50"),
        (57.9, "0.0#", "57.9"),
        (-1.25, "0.0;(0.0)", "(1.3)"),
        (12.5, '0.0" pts"', "12.5 pts"),
        (3, "[Red]0.00", "3.00"),
        (0.75, '0.0"%"', "0.8%"),
    ],
)
def test_format_number(value, fmt, shown):
    assert format_number(value, fmt) == shown


@pytest.mark.parametrize("data", [b"not a zip at all", b"PK\x03\x04garbage", b""])
def test_corrupt_file_is_one_line_input_error(data):
    with pytest.raises(InputError) as err:
        read_xlsx(data, "bad.xlsx")
    line = err.value.one_line()
    assert line.startswith("bad.xlsx: ") and "\n" not in line


def test_zip_that_is_not_a_workbook_is_an_input_error():
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("hello.txt", "hi")
    with pytest.raises(InputError):
        read_xlsx(buf.getvalue(), "z.xlsx")


def test_read_input_routes_xlsx_files(tmp_path):
    from claimcheck.readers import read_input

    wb = Workbook()
    wb.active.append(["Benchmark", "Astra"])
    wb.active.append(["GPQA", 0.579])
    wb.active["B2"].number_format = "0.0%"
    path = tmp_path / "t.xlsx"
    wb.save(path)
    info, tables = read_input(str(path), 3)
    assert info.format == "xlsx" and [t.input for t in tables] == [3]
    assert tables[0].rows[0][1].text == "57.9%"


def test_a_label_merged_over_two_rows_names_the_second_by_its_setup(tmp_path):
    """A benchmark label merged down over two rows that differ in a metric column: the second row is the
    first's benchmark under its own setup, as in a CSV copy that leaves its label empty."""
    from claimcheck.pipeline import audit

    wb = Workbook()
    ws = wb.active
    for row in (["Benchmark", "Metric", "Astra", "Fable"], ["TerminalBench", "In-house (Acc)", 30.0, 25.0],
                [None, "Terminus (Acc)", 25.0, 20.0]):
        ws.append(row)
    ws.merge_cells("A2:A3")
    path = tmp_path / "t.xlsx"
    path.write_bytes(to_bytes(wb))
    titles = {s.row: s.title for s in audit([str(path)]).scores}
    assert titles == {2: "TerminalBench", 3: "TerminalBench · Terminus (Acc)"}
