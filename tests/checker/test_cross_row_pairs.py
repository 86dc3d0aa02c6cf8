"""Which cells of different rows are set against each other (checker.comparisons._pairs_across_rows)."""

from claimcheck.pipeline import audit


def _kinds(report):
    label = {s.id: (s.input, s.table, s.model, s.title) for s in report.scores}
    return {(c.kind, *sorted(label[i] for i in c.scores)) for c in report.comparisons}


def test_two_inputs_on_one_benchmark_are_compared_across_their_rows(tmp_path):
    one, two = tmp_path / "vendor.csv", tmp_path / "rival.csv"
    one.write_text("Benchmark,Nova\nGPQA Diamond,60.1%\n", encoding="utf-8")
    two.write_text("Benchmark,Rival\nGPQA Diamond,50.0%\n", encoding="utf-8")
    pairs = _kinds(audit([str(one), str(two)]))
    assert ("cross-row", (0, 0, "Nova", "GPQA Diamond"), (1, 1, "Rival", "GPQA Diamond")) in pairs  # tables are numbered across inputs


def test_two_tables_of_one_page_are_not_and_two_rows_of_one_table_are(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("| Benchmark | Nova |\n|---|---|\n| GPQA Diamond | 60.1 |\n\n"
                    "| Benchmark | Rival |\n|---|---|\n| GPQA Diamond | 50.0 |\n", encoding="utf-8")
    assert not any(k[0] == "cross-row" for k in _kinds(audit([str(page)])))
    rows = tmp_path / "rows.csv"
    rows.write_text("Benchmark,Nova,Rival\n\"HLE, with tools\",40.0%,-\n\"HLE, no tools\",-,30.0%\n", encoding="utf-8")
    kinds = {k[0] for k in _kinds(audit([str(rows)])) if {k[1][2], k[2][2]} == {"Nova", "Rival"}}
    assert kinds == {"cross-row"}


def test_one_model_on_one_benchmark_in_two_rows_is_a_configuration(tmp_path):
    rows = tmp_path / "rows.csv"
    rows.write_text("Benchmark,Nova\n\"HLE, with tools\",40.0%\n\"HLE, no tools\",30.0%\nMMLU,80.0%\n", encoding="utf-8")
    pairs = _kinds(audit([str(rows)]))
    configuration = {(a[3], b[3]) for kind, a, b in pairs if kind == "configuration"}
    assert configuration == {("HLE, no tools", "HLE, with tools")}  # not HLE against MMLU
