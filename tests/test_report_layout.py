"""The report leads with the verdict: errors on page 1, one chart page, everything else in appendices."""

from __future__ import annotations

from claimcheck.pipeline import Options, audit
from claimcheck.report.html import render_html
from claimcheck.report.view import build_view
from tests.conftest import EXAMPLES

DEMO = str(EXAMPLES / "astra_fable_release.csv")


def _html() -> tuple[str, object]:
    report = audit([DEMO])
    return render_html(build_view(report), charts=False), report


def test_page_one_lists_every_error_before_the_conclusions():
    html, report = _html()
    errors = [f for f in report.findings if f.severity == "error"]
    assert errors
    head = html[:html.index("What the table supports")]
    assert "<h3>Errors</h3>" in head and all(f.code in head for f in errors)


def test_the_body_comes_before_the_appendices_in_order():
    html, _ = _html()
    order = ["What the table supports", "The table as printed, annotated", "lead against its noise",
             "Findings by rule", "Appendix A. Every comparison", "Appendix B.", "Appendix C. What every row measures",
             "Appendix D. The rules that fired", "Appendix E. Methodology and registry entries"]
    at = [html.find(h) for h in order]
    assert -1 not in at and at == sorted(at), dict(zip(order, at))


def test_rule_explanations_and_references_are_in_the_appendix_only():
    html, report = _html()
    body = html[:html.index('id="comparisons"')]
    from markupsafe import escape

    for doc in report.rules:
        for text in (str(escape(doc.explanation[:60])), str(escape(doc.reference[:60]))):
            assert text not in body and text in html


def test_each_row_has_one_lead_bar_against_its_closest_rival():
    report = audit([str(EXAMPLES / "agent_index_preview.csv")], Options(assume_n=500))
    bars = build_view(report).lead_bars
    assert len(bars) == 1
    (bar,) = bars
    assert "Claude Opus 5.5 over GPT-6 Astra" in bar.label and round(bar.gap, 1) == 2.8  # 90.4 vs 87.6, the closest


def test_chart_labels_wrap_instead_of_being_cut():
    from claimcheck.report.charts import _wrapped

    label = "SWE-bench Verified (Agentic Coding) · Multiple Attempts (Acc): Claude Sonnet 4 over Claude Opus 4"
    wrapped = _wrapped(label)
    assert "\n" in wrapped and wrapped.replace("\n", " ") == label


def test_cross_row_comparisons_of_one_line_item_are_one_conclusion_per_verdict(tmp_path):
    from claimcheck.report.conclusions import conclusions

    table = ("| Benchmark | Nova (Pass@1) | Nova (Majority@64) |\n|---|---|---|\n"
             "| **7B** | | |\n| GPQA Diamond | 50.0 | 52.0 |\n| **32B** | | |\n| GPQA Diamond | 51.0 | 53.0 |\n")
    path = tmp_path / "t.md"
    path.write_text(table, encoding="utf-8")
    report = audit([str(path)])
    cross = [c for c in report.comparisons if c.kind == "cross-row" and c.verdict == "within-noise"]
    yes, no = conclusions(report.comparisons, {s.id: s for s in report.scores})
    tied = [c for c in no if c.kind == "tied" and "between models of different rows" in c.text]
    assert len(cross) >= 2 and len(tied) == 1 and f"{len(cross)} comparisons" in tied[0].text


def test_a_reference_row_leading_a_row_does_not_take_its_lead_bar(tmp_path):

    path = tmp_path / "t.csv"
    path.write_text("Benchmark,Human,Nova,Astra\nMMLU,95.0%,80.0%,78.0%\nGSM8K,70.0%,80.0%,75.0%\n", encoding="utf-8")
    bars = build_view(audit([str(path)], Options(assume_n=500))).lead_bars
    assert sorted(b.label for b in bars) == ["GSM8K: Nova over Astra", "MMLU: Nova over Astra"]
    assert all(b.gap > 0 for b in bars)  # the leader's lead, positive


def test_without_charts_the_report_still_says_there_are_leads():
    report = audit([str(EXAMPLES / "agent_index_preview.csv")], Options(assume_n=500))
    html = render_html(build_view(report), charts=False)
    assert "No lead could be tested" not in html and 'id="charts">Each row' in html


def test_a_rows_untestable_pairs_are_one_line_of_appendix_a():
    report = audit([str(EXAMPLES / "agent_index_preview.csv")])  # no n: every pair is untestable
    assert all(c.verdict == "no-n" for c in report.comparisons) and len(report.comparisons) == 5
    (line,) = build_view(report).comparisons
    assert line.pair.startswith("5 pairs: ") and line.verdict == "no n"
    tested = build_view(audit([str(EXAMPLES / "agent_index_preview.csv")], Options(assume_n=500)))
    assert len(tested.comparisons) == 5  # tested pairs keep a line each


def test_a_row_whose_rank_sets_name_the_possible_firsts_does_not_say_the_holm_tie_again(tmp_path):
    """The bold leader's gaps are judged (a mark) and the row has rank sets: one sentence says who could rank first."""
    from claimcheck.report.conclusions import conclusions

    path = tmp_path / "t.md"
    path.write_text("| Model | GPQA Diamond |\n|---|---|\n| **32B models** | |\n| A | **70.2%** |\n| B | 68.7% |\n| E | 50.0% |\n"
                    "| **7B models** | |\n| C | **66.1%** |\n| D | 40.4% |\n", encoding="utf-8")
    report = audit([str(path)])
    assert [c for c in report.comparisons if c.verdict == "within-noise"]  # A vs B is judged and tied
    yes, no = conclusions(report.comparisons, {s.id: s for s in report.scores}, ranks=report.ranks)
    about_a = [c.text for c in no if c.text.startswith("GPQA Diamond: A 70.2%")]
    assert len(about_a) == 1 and "could rank first too" in about_a[0], about_a


def test_a_rows_descriptive_pairs_beside_its_judged_ones_are_one_line(tmp_path):
    """The subject's gaps are judged; the pairs of two rivals are descriptive: one line for the row, with gaps."""
    path = tmp_path / "t.csv"
    path.write_text("Benchmark,A,B,C,D\nGPQA Diamond,70.2%,68.7%,60.1%,55.0%\n", encoding="utf-8")
    view = build_view(audit([str(path)], Options(subject="A")))
    assert [(x.pair, x.verdict) for x in view.comparisons] == [
        ("A vs B", "within noise"), ("A vs C", "within noise"), ("A vs D", "significant"),
        ("2 pairs: B vs C +8.6 pp; C vs D +5.1 pp", "descriptive")]
    assert view.comparisons[0].interval and view.comparisons[0].test.startswith("p = ")
    alone = audit([str(path)])  # no subject, mark or claim: every pair descriptive, each its own line
    assert len(build_view(alone).comparisons) == len(alone.comparisons) >= 3


def test_a_board_of_many_models_is_a_bounded_document(tmp_path, monkeypatch):
    """Issue 12: a 1,000-model board gave a 113-page PDF (39 pages of table, 66 of comparisons).  The
    annotated table keeps its first rows and the rows findings name, appendix lists their first lines,
    and each says how many more the JSON report holds; the JSON keeps every score and comparison."""
    import claimcheck.report.annotated as annotated
    import claimcheck.report.view as view

    monkeypatch.setattr(annotated, "SHOWN_ROWS", 10)
    monkeypatch.setattr(view, "APPENDIX_LINES", 15)
    path = tmp_path / "board.csv"
    path.write_text("model,benchmark,score\n" + "".join(f"M{i},GPQA Diamond,{30 + (i * 37) % 60}.{i % 10}\n"
                                                      for i in range(60)), encoding="utf-8")
    report = audit([str(path)], Options(subject="M0"))
    v = build_view(report)
    (table,) = v.tables
    named = {n for s in report.scores for n in [s.row] if any(s.id in f.scores for f in report.findings)}
    shown = [number for number, _ in table.rows]
    assert shown[:10] == [2 + k for k in range(10)] and 10 < len(shown) <= 20  # and rows findings name
    assert set(shown[10:]) <= named and table.left_out == 60 - len(shown)
    assert f"{table.left_out:,} of the table's 60 rows are not shown here" in table.notes[-1]
    assert len(v.comparisons) == 15
    monkeypatch.setattr(view, "APPENDIX_LINES", 10 ** 6)
    assert v.left_out["comparisons"] == len(build_view(report).comparisons) - 15 > 0
    html = render_html(v)
    assert f"{v.left_out['comparisons']:,} more comparisons are not listed here" in html
    wide = tmp_path / "wide.csv"  # page 1's conclusions: one or two per row, so a board of several rows
    wide.write_text("model,benchmark,score\n" + "".join(f"M{i},{b},{30 + (i * 37 + k * 11) % 60}.{i % 10}\n"
                                                      for i in range(30) for k, b in enumerate(
                                                          ["GPQA Diamond", "MMLU", "MATH-500", "HumanEval"])),
                    encoding="utf-8")
    report = audit([str(wide)], Options(subject="M0"))
    v = build_view(report)
    monkeypatch.setattr(view, "CONCLUSION_LINES", 1)
    few = build_view(report)
    shown_few = render_html(few)
    for name in ("supported", "not_supported"):  # page 1's conclusions: each list bounded on its own
        assert len(getattr(few, name)) == 1 and few.left_out[name] == len(getattr(v, name)) - 1 > 0
    assert shown_few.count("more, in appendix A and the JSON report") == 2
    assert f"({table.left_out:,} more rows are in the JSON report)" in html


def test_a_table_within_the_bounds_is_printed_whole():
    html, report = _html()
    v = build_view(report)
    assert all(t.left_out == 0 for t in v.tables) and not v.left_out and "every row appears below" in html


def test_a_boards_rank_sets_list_its_best_placed_models_and_count_the_rest(tmp_path):
    """A 60-model board: the rank-set line lists RANK_MODELS models, best sets first (not the board's order),
    and says how many more; a release table's row keeps its own order."""
    from claimcheck.pipeline import audit
    from claimcheck.report.view import RANK_MODELS, build_view

    path = tmp_path / "board.csv"
    path.write_text("model,benchmark,score\n" + "".join(f"M{i},MMLU-Pro,{50 + i * 0.2:.1f}\n" for i in range(60)),
                    encoding="utf-8")
    (line,) = build_view(audit([str(path)])).ranks
    assert len(line.places) == RANK_MODELS and line.more == 60 - RANK_MODELS
    assert line.places[0].startswith("M59 61.8: 1") and not any(p.startswith("M0 ") for p in line.places)
    path.write_text("model,benchmark,score\n" + "".join(f"M{i},MMLU-Pro,{50 + i * 5}\n" for i in range(4)), encoding="utf-8")
    (line,) = build_view(audit([str(path)])).ranks
    assert [p.split()[0] for p in line.places] == ["M0", "M1", "M2", "M3"] and line.more == 0
