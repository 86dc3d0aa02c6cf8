"""A README's English and Chinese halves print one results table twice: it is judged once (the second table's
cells are kept, skipped as a reprint of the first), so no finding is raised twice."""

from __future__ import annotations

from claimcheck.checker.reprints import MIN_VALUES
from claimcheck.pipeline import audit

TABLE = """\
| Benchmark | A | B | C |
|---|---|---|---|
| MMLU (5-shot) | 72.8 | 71.4 | 66.4 |
| GSM8K (0-shot CoT) | 86.0 | 88.9 | 78.9 |
| GPQA (0-shot) | **38.4** | 38.4 | 26.1 |
"""


def _run(tmp_path, second):
    path = tmp_path / "README.md"
    path.write_text(f"# Model\n\n## Performance\n\n{TABLE}\n# 模型\n\n## 性能评测\n\n{second}", encoding="utf-8")
    return audit([str(path)])


def test_a_table_printed_twice_is_judged_once(tmp_path):
    twice = _run(tmp_path, TABLE.replace("Benchmark", "评测集"))
    assert {(s.status, s.reprint_of) for s in twice.scores if s.table == 1} == {("skipped", 0)}
    assert {s.reprint_of for s in twice.scores if s.table == 0} == {None}
    assert {s.reason for s in twice.scores if s.table == 1} == {
        "table 1 printed again, value for value (the page in another language, say): judged there once"}
    (tmp_path / "once.md").write_text(TABLE, encoding="utf-8")
    once = audit([str(tmp_path / "once.md")])
    assert sorted(f.code for f in twice.findings) == sorted(f.code for f in once.findings)
    assert any(f.code == "CC409" for f in twice.findings)  # the tie marked as a lead, once


def test_a_table_differing_in_one_value_is_no_reprint(tmp_path):
    report = _run(tmp_path, TABLE.replace("26.1", "26.3"))
    assert {s.status for s in report.scores} == {"checked"}
    assert [f.code for f in report.findings].count("CC409") == 2


def test_a_table_setting_other_cells_in_bold_is_no_reprint(tmp_path):
    report = _run(tmp_path, TABLE.replace("**38.4**", "38.4").replace("| 88.9 |", "| **88.9** |"))
    assert {s.status for s in report.scores} == {"checked"}


def test_the_same_values_on_another_benchmark_are_no_reprint(tmp_path):
    report = _run(tmp_path, TABLE.replace("MMLU (5-shot)", "IFEval"))
    assert {s.status for s in report.scores} == {"checked"}


def test_a_small_table_repeating_values_is_no_reprint(tmp_path):
    rows = [("MMLU", "72.8", "71.4"), ("GSM8K", "86.0", "88.9"), ("HumanEval", "61.0", "59.8")]

    def statuses(k):  # a table of k rows (2k values), printed twice
        table = "| Benchmark | A | B |\n|---|---|---|\n" + "".join(f"| {r[0]} | {r[1]} | {r[2]} |\n" for r in rows[:k])
        path = tmp_path / "small.md"
        path.write_text(f"## One\n\n{table}\n## Two\n\n{table}", encoding="utf-8")
        return {s.status for s in audit([str(path)]).scores if s.table == 1}

    assert MIN_VALUES == 6
    assert statuses(2) == {"checked"}  # 4 values: a summary may repeat them
    assert statuses(3) == {"skipped"}  # 6 values, all equal: the table again
