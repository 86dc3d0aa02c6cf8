"""Messages name a row unambiguously: the file and table join the row number when several are read."""

from __future__ import annotations

from claimcheck.pipeline import Options, audit, table_origins
from claimcheck.records import InputFile, SourceTable
from tests.conftest import EXAMPLES


def _table(input_: int, name: str) -> SourceTable:
    return SourceTable(input=input_, name=name, header=("Benchmark", "A"), rows=())


def test_one_table_needs_no_origin():
    assert table_origins([_table(0, "a.csv")]) == [""]


def test_several_inputs_are_named_by_file_and_several_tables_by_number():
    tables = [_table(0, "dir/a.csv"), _table(1, "page.html — Coding"), _table(1, "page.html — Agents")]
    inputs = [InputFile(0, "dir/a.csv", "x", "csv"), InputFile(1, "https://example.com/news/page.html?x=1", "y", "url")]
    assert table_origins(tables, inputs) == ["a.csv", "page.html table 1", "page.html table 2"]


def test_several_tables_of_one_input_are_named_by_number_only():
    tables = [_table(0, "release.md table 1"), _table(0, "release.md table 2")]
    assert table_origins(tables, [InputFile(0, "release.md", "x", "md")]) == ["table 1", "table 2"]


def test_findings_across_two_files_say_which_file_each_row_is_in():
    report = audit([str(EXAMPLES / "astra_fable_release.csv"), str(EXAMPLES / "one_link_changed.csv")], Options())
    messages = [f.message for f in report.findings]
    assert any("(astra_fable_release.csv row 2)" in m and "(one_link_changed.csv row 4)" in m for m in messages)
    assert not any("(row " in m for m in messages), [m for m in messages if "(row " in m][:3]


def test_a_single_file_keeps_plain_row_numbers():
    report = audit([str(EXAMPLES / "astra_fable_release.csv")], Options())
    assert any("(row 7)" in f.message for f in report.findings)
    assert all(s.origin == "" for s in report.scores)


def test_rows_ref_groups_rows_by_origin():
    from types import SimpleNamespace as S

    from claimcheck.checker.base import rows_ref

    same = [S(origin="", row=9), S(origin="", row=10), S(origin="", row=9)]
    assert rows_ref(same) == "rows 9, 10"
    mixed = [S(origin="a.csv", row=9), S(origin="b.csv", row=3), S(origin="a.csv", row=10)]
    assert rows_ref(mixed) == "a.csv rows 9, 10; b.csv row 3"
