"""The checker's helper modules, each on a small table run through the real pipeline up to the checker.

CheckContext.memo; aggregates (which rows an Average row summarises, and whether it recomputes);
emphasis (best marks, tie rules, highlighted columns); printed_rows (each score's printed row);
duplicates (one line item printed twice); uncertainty (how the table says to read its ±).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.checker.aggregates import (
    aggregate_fits, coverage_gaps, fits_by_row, half_unit, rows_text, value_kind,
)
from claimcheck.checker.base import CheckContext
from claimcheck.checker.duplicates import conflicting_values, same_number
from claimcheck.checker.emphasis import marked_rows, merit, misread_direction, table_marks
from claimcheck.parsing.legend import tie_rule
from claimcheck.checker.printed_rows import row_words, rows_where, source_rows, table_notes, where_printed
from claimcheck.checker.uncertainty import (
    Reading, goes_with_n, known_n, reading_of, widest_half_width, within_factor,
)
from claimcheck.pipeline import Options, audit

REGISTRY = str(Path(__file__).parent / "rules" / "registry.yaml")


def context_of(tmp_path: Path, text: str, suffix: str = ".csv") -> CheckContext:
    """The context the rules would see for this table."""
    path = tmp_path / f"table{suffix}"
    path.write_text(text, encoding="utf-8")
    report = audit([str(path)], Options(registry_files=(REGISTRY,)))
    return CheckContext(scores=report.scores, comparisons=report.comparisons, tables=report.tables,
                        readings=report.readings)


def cell(context: CheckContext, model: str, row: int):
    """The score of one model on one printed row."""
    return next(s for s in context.scores if s.model == model and s.row == row)


# ── CheckContext.memo ────────────────────────────────────────────────────────


def test_memo_builds_once_per_key(tmp_path):
    context = context_of(tmp_path, "Benchmark,A\nGPQA Diamond,70.0%\n")
    calls = []
    first = context.memo("k", lambda: calls.append(1) or ["built"])
    assert context.memo("k", lambda: calls.append(1) or ["again"]) is first
    assert context.memo("other", lambda: "x") == "x"
    assert calls == [1]
    assert context.score(context.scores[0].id) is context.scores[0]


def test_memo_is_per_context(tmp_path):
    a = context_of(tmp_path, "Benchmark,A\nGPQA Diamond,70.0%\n")
    b = CheckContext(scores=a.scores, comparisons=a.comparisons, tables=a.tables)
    a.memo("k", lambda: 1)
    assert b.memo("k", lambda: 2) == 2


def test_shared_helpers_are_memoised(tmp_path):
    context = context_of(tmp_path, "Benchmark,A,B\nMMLU,80.0,70.0\nGPQA,60.0,50.0\nAverage,70.0,60.0\n")
    assert aggregate_fits(context) is aggregate_fits(context)
    assert table_marks(context) is table_marks(context)
    assert source_rows(context) is source_rows(context)


# ── aggregates ───────────────────────────────────────────────────────────────

AVERAGE = "Benchmark,A,B\nMMLU,80.0,70.0\nGPQA,60.0,—\nAverage,72.0,35.0\n"


def test_average_rows_are_fitted_per_cell(tmp_path):
    context = context_of(tmp_path, AVERAGE)
    fits = {f.aggregate.model: f for f in aggregate_fits(context)}
    assert set(fits) == {"A", "B"} and {f.aggregate.row for f in fits.values()} == {4}
    a, b = fits["A"], fits["B"]
    # A: mean(80.0, 60.0) = 70.0 against a printed 72.0, tolerance 0.05 per input + 0.05 for the average
    (ra,) = a.tried
    assert (ra.method, ra.printed, ra.missing) == ("mean", 72.0, ())
    assert (ra.expected, ra.tolerance, ra.diff) == pytest.approx((70.0, 0.1, 2.0))
    assert not ra.matches and not ra.matches_zero
    # B: only 70.0 has a value; with GPQA's "—" counted as zero the mean is the printed 35.0
    (rb,) = b.tried
    assert (rb.method, rb.printed, [m.row for m in rb.missing]) == ("mean", 35.0, [3])
    assert (rb.expected, rb.tolerance, rb.expected_zero, rb.tolerance_zero) == pytest.approx((70.0, 0.1, 35.0, 0.075))
    assert not rb.matches and rb.matches_zero and b.match is None and b.zero_match is rb
    assert a.match is None and a.closest.expected == pytest.approx(70.0)
    assert a.closest.inputs.where == "rows 2, 3 above it" and a.closest.inputs.rows == (2, 3)
    assert b.counts_missing_as_zero and b.zero_match.expected_zero == pytest.approx(35.0)
    assert [len(fits) for fits in fits_by_row(context)] == [2]


def test_an_average_that_leaves_out_a_missing_benchmark_is_a_coverage_gap(tmp_path):
    context = context_of(tmp_path, "Benchmark,A,B\nMMLU,80.0,70.0\nGPQA,60.0,—\nAverage,70.0,70.0\n")
    (gap,) = coverage_gaps(aggregate_fits(context))
    assert gap.fit.aggregate.model == "B" and [m.row for m in gap.reading.missing] == [3]
    assert [o.aggregate.model for o in gap.others] == ["A"]


def test_rounding_and_kinds(tmp_path):
    context = context_of(tmp_path, "Benchmark,A\nMMLU,80.25\nGPQA,60.0\n")
    assert half_unit(cell(context, "A", 2)) == pytest.approx(0.005)
    assert half_unit(cell(context, "A", 3)) == pytest.approx(0.05)
    assert value_kind(cell(context, "A", 2)) == "percent"
    assert rows_text((2, 3, 4)) == "rows 2–4" and rows_text((2, 5)) == "rows 2, 5" and rows_text((7,)) == "row 7"


# ── emphasis ─────────────────────────────────────────────────────────────────

BOLD = """| Benchmark | A | B | C |
|---|---|---|---|
| GPQA Diamond | **90.2%** | 90.0% | 60.1% |
| HLE | **40.2%** | **40.0%** | 30.1% |

Note: gaps ≤ 0.3 are considered ties and both bolded.
"""


def test_bold_cells_and_the_tie_rule_are_read(tmp_path):
    context = context_of(tmp_path, BOLD, ".md")
    (marks,) = table_marks(context).values()
    assert {context.score(i).cell.raw.strip("*") for i in marks.best} == {"90.2%", "40.2%", "40.0%"}
    assert marks.tie_gap == 0.3 and "ties" in marks.rule
    gpqa = next(v for v in marked_rows(context) if v.cells[0].row == 3)
    assert [s.model for s in gpqa.unmarked_ties()] == ["B"]
    assert gpqa.rival().model == "C" and gpqa.best.model == "A"


def test_tie_rule_needs_ties_and_bold():
    assert tie_rule(("gaps ≤ 0.3 are ties, both in bold",)) == (0.3, "gaps ≤ 0.3 are ties, both in bold")
    assert tie_rule(("gaps ≤ 0.3 are ties",)) == (None, None)


def test_a_column_set_wholly_in_bold_is_a_highlight_not_a_best_claim(tmp_path):
    context = context_of(tmp_path, "| Benchmark | Ours | B |\n|---|---|---|\n| MMLU | **80.0** | 85.0 |\n"
                                   "| GPQA | **60.0** | 50.0 |\n| HLE | **30.0** | 20.0 |\n", ".md")
    (marks,) = table_marks(context).values()
    assert marks.best == frozenset()


def test_merit_and_misread_direction_follow_lower_is_better(tmp_path):
    context = context_of(tmp_path, "Benchmark,A,B\nWikiText BPB (↓),0.91,0.84\n")
    a, b = cell(context, "A", 2), cell(context, "B", 2)
    assert merit(a) < merit(b)
    assert misread_direction(a, [a, b]) and not misread_direction(b, [a, b])


# ── printed rows and duplicates ──────────────────────────────────────────────

TWICE = "Benchmark,A,B\nGPQA Diamond,71.2%,60.0%\nGPQA Diamond,68.4%,60.0%\n"


def test_each_score_finds_its_printed_row(tmp_path):
    context = context_of(tmp_path, TWICE)
    rows = source_rows(context)
    s = cell(context, "A", 3)
    assert [c.text for c in rows[s.id]] == ["GPQA Diamond", "68.4%", "60.0%"]
    assert row_words(context, s) == ("gpqa diamond",)
    assert where_printed(context, s).endswith(", row 3")
    assert table_notes(context, s) == ()
    assert list(rows_where(context, lambda x: x.model == "A")) == [cell(context, "A", 2).group, s.group]


def test_a_renumbered_row_is_found_by_its_text_and_an_item_score_has_no_row(tmp_path):
    from dataclasses import replace

    from claimcheck.checker.printed_rows import find_source_rows

    context = context_of(tmp_path, TWICE)
    s = cell(context, "A", 3)
    moved = replace(s, row=99)  # an exported claims file read back numbers its rows anew
    assert [c.text for c in find_source_rows([moved], context.tables)[s.id]] == ["GPQA Diamond", "68.4%", "60.0%"]
    gone = replace(s, row=99, cell=replace(s.cell, raw="68.5%"))
    assert find_source_rows([gone], context.tables) == {}
    items = context_of(tmp_path, "item,model,score,benchmark\nq1,A,1,GPQA Diamond\nq2,A,0,GPQA Diamond\n"
                                 "q1,B,1,GPQA Diamond\nq2,B,1,GPQA Diamond\n")
    assert all(x.items is not None for x in items.scores) and source_rows(items) == {}


def test_conflicting_values_are_the_pairs_outside_rounding(tmp_path):
    context = context_of(tmp_path, TWICE)
    (involved,) = conflicting_values(context)
    assert [(s.model, s.row) for s in involved] == [("A", 2), ("A", 3)]
    assert same_number(cell(context, "B", 2), cell(context, "B", 3)) is True


# ── uncertainty ──────────────────────────────────────────────────────────────


def test_the_notes_say_how_to_read_a_plus_minus(tmp_path):
    md = "| Benchmark | A |\n|---|---|\n| GPQA Diamond | 70.2 ± 6.4 |\n\nNote: ± is the 95% confidence interval.\n"
    context = context_of(tmp_path, md, ".md")
    reading = reading_of(context, context.scores[0])
    assert reading == Reading("ci", 0.95)
    assert reading.se(0.064) == pytest.approx(0.064 / 1.959964, rel=1e-6)
    plain = context_of(tmp_path, "Benchmark,A\nGPQA Diamond,70.2 ± 3.3\n")  # no note: ± is read as an SE
    assert reading_of(plain, plain.scores[0]).kind == "se"


def test_implied_n_goes_with_the_known_n_within_a_factor_of_two(tmp_path):
    s = context_of(tmp_path, "Benchmark,A\nGPQA Diamond,70.2 ± 3.3\n").scores[0]
    assert known_n(s) == 198
    assert within_factor(300, 198) and not within_factor(500, 198)
    assert not goes_with_n(500, 198, s)
    assert widest_half_width(0.5) == pytest.approx(1.959964 * 0.5, rel=1e-6)


def test_one_configuration_finding_per_pair_of_rows(tmp_path):
    from claimcheck.pipeline import audit

    path = tmp_path / "t.csv"  # one model under two efforts: the setups are what the table shows
    path.write_text("Benchmark,Nova (low effort),Nova (high effort)\nLiveCodeBench v5,80.0%,70.0%\n"
                    "LiveCodeBench v6,76.7%,66.7%\n", encoding="utf-8")
    found = [f for f in audit([str(path)]).findings if f.code == "CC201"]
    assert len(found) == 1 and "each of 2 models (3.3–3.3 points apart)" in found[0].message
    assert len(found[0].comparisons) == 2


def test_one_model_under_two_labelled_setups_beside_a_ranking_is_no_finding(tmp_path):
    from claimcheck.pipeline import audit

    path = tmp_path / "t.csv"
    path.write_text("Benchmark,A,B,C\nLiveCodeBench v5,80.0%,70.0%,60.0%\nLiveCodeBench v6,76.7%,66.7%,50.0%\n",
                    encoding="utf-8")
    assert not [f for f in audit([str(path)]).findings if f.code == "CC201"]


def test_findings_come_errors_first_then_in_table_order(tmp_path):
    from claimcheck.pipeline import audit
    from claimcheck.records import SEVERITY_RANK

    path = tmp_path / "t.csv"
    path.write_text("Benchmark,A,B\nGPQA Diamond,70.2%,68.7%\nFooBench,50.0%,40.0%\nMMLU,**80.0%**,86.2%\n"
                    "AIME 2025,105.0%,40.0%\n", encoding="utf-8")
    report = audit([str(path)])
    ranks = [SEVERITY_RANK[f.severity] for f in report.findings]
    assert ranks == sorted(ranks, reverse=True) and ranks[0] == SEVERITY_RANK["error"]
    errors = [f for f in report.findings if f.severity == "error"]
    rows = [min(report.scores[int(i[1:]) - 1].row for i in f.scores) for f in errors]
    assert len(errors) >= 2 and rows == sorted(rows)  # CC409 on row 4 before CC408 on row 5, whatever the codes
    assert [f.code for f in errors][:2] == ["CC409", "CC408"]


def test_a_gap_between_the_leader_and_the_subject_is_said_once(tmp_path):
    from claimcheck.pipeline import Options, audit

    path = tmp_path / "t.csv"
    path.write_text("Benchmark,A,B,C\nGPQA Diamond,70.2%,68.7%,20.0%\n", encoding="utf-8")
    found = [f for f in audit([str(path)], Options(subject="B")).findings if f.code == "CC302"]
    assert len(found) == 1 and len(found[0].details["gaps"]) == 1
    assert found[0].details["leader"] == "A" and found[0].details["subject"] == "B"
    assert "(the subject)" not in found[0].message  # the subject's only noisy gap is the leader's, said already


def test_every_rule_reference_is_a_readable_citation_not_an_internal_document():
    import re

    from claimcheck.checker import all_rules

    for rule in all_rules():
        ref = rule.doc().reference
        assert ref and not re.search(r"\bseed\b|\bSPEC\b|§", ref), (rule.code, ref)
        assert re.search(r"\((?:19|20)\d\d\)|\b(?:19|20)\d\d\b", ref), (rule.code, ref)  # authors and a year


def test_a_severity_other_than_the_rules_is_documented_and_recorded():
    from claimcheck.checker import all_rules
    from claimcheck.checker.rules.noise import UncertaintyInconsistent

    rule = UncertaintyInconsistent()
    f = rule.finding("x", severity="error")
    assert f.severity == "error" and f.details["severity_why"] == rule.levels["error"]
    assert "severity_why" not in rule.finding("x").details and "severity_why" not in rule.finding("x", severity="warning").details
    with pytest.raises(ValueError, match="no documented 'info' level"):
        type("R", (UncertaintyInconsistent,), {"levels": {}})().finding("x", severity="info")
    for r in all_rules():
        assert r.severity not in r.levels, r.code  # a level is another severity
        assert dict(r.doc().levels) == dict(r.levels)


def test_one_name_in_a_base_table_and_an_instruct_table_is_two_models(tmp_path):
    from claimcheck.pipeline import audit

    base = "| Benchmark | Llama 3.1 8B | Gemma 2 9B |\n|---|---|---|\n| MMLU | 66.7 | 70.1 |\n"
    tuned = "| Benchmark | Llama 3.1 8B | Gemma 2 9B |\n|---|---|---|\n| MMLU | 69.4 | 72.3 |\n"
    path = tmp_path / "card.md"
    path.write_text(f"## Base Pretrained Models\n\n{base}\n## Instruction Tuned Models\n\n{tuned}", encoding="utf-8")
    assert not [f for f in audit([str(path)]).findings if f.code == "CC404"]
    path.write_text(f"## Results\n\n{base}\n## More results\n\n{tuned}", encoding="utf-8")
    assert [f for f in audit([str(path)]).findings if f.code == "CC404"]  # nothing tells them apart


def test_an_unknown_line_under_two_captions_is_two_line_items(tmp_path):
    from claimcheck.pipeline import audit

    table = "| Model | Avg Win Rate |\n|---|---|\n| GPT-4 | {} |\n| Yi | {} |\n"
    path = tmp_path / "page.md"
    path.write_text("## Results\n\n1) Primary\n\n" + table.format("85.72", "78.57") + "\n2) Plus\n\n"
                    + table.format("82.14", "75.00"), encoding="utf-8")
    assert not [f for f in audit([str(path)]).findings if f.code == "CC404"]
    path.write_text("## Results\n\n" + table.format("85.72", "78.57") + "\n## Results\n\n"
                    + table.format("82.14", "75.00"), encoding="utf-8")  # one caption: one line item, two values
    assert [f for f in audit([str(path)]).findings if f.code == "CC404"]


def test_a_note_giving_the_shots_of_chat_models_makes_base_and_chat_cells_no_pair(tmp_path):
    from claimcheck.parsing.legend import read_note
    from claimcheck.pipeline import audit

    assert read_note("**Note:** We evaluate chat models with 0-shot.").marker is None  # bold, not a mark
    table = ("| Model | MMLU | TriviaQA |\n|---|---|---|\n| Nova 7B Base | 48.2 | 59.7 |\n| Nova 67B Base | 71.3 | 78.9 |\n"
             "| Nova 7B Chat | 49.4 | 57.9 |\n| Nova 67B Chat | 71.1 | 81.5 |\n\n"
             "**Note:** We evaluate chat models with 0-shot for MMLU.\n")
    path = tmp_path / "t.md"
    path.write_text(table, encoding="utf-8")
    report = audit([str(path)])
    shots = {s.model: s.resolution.budget.get("shots") for s in report.scores if s.benchmark == "mmlu"}
    assert shots == {"Nova 7B Base": "not 0", "Nova 67B Base": "not 0", "Nova 7B Chat": 0, "Nova 67B Chat": 0}
    assert all("shots" not in s.resolution.budget for s in report.scores if s.benchmark == "triviaqa")
    found = [f for f in report.findings if f.code == "CC205" and "pairs" in f.details]
    assert len(found) == 1 and found[0].details["pairs"] >= 2  # the table's broken pairs, said once
    silent = [f for f in report.findings if f.code == "CC205" and "unstated" in f.details]
    assert len(silent) == 1 and silent[0].details["unstated"] == ["TriviaQA"]  # the note gives MMLU's shots only



def test_cc303_names_a_lines_counts_and_mdes_as_one_figure_or_a_range():
    """A line's gaps may run on unequal counts (a model scored on fewer items): every count is named, up
    to three, then their range; MDEs that print alike are one figure."""
    from claimcheck.checker.rules.noise_gaps import _ns, _span
    from claimcheck.records import Comparison

    def comp(n, mde):
        return Comparison(id="c", scores=("a", "b"), models=("A", "B"), benchmark="x", kind="head-to-head",
                          comparable=True, n=n, mde=mde)

    assert _ns([comp((500, 500), 0.05)]) == "500"
    assert _ns([comp((500, 400), 0.05), comp((500, 1319), 0.05)]) == "400 / 500 / 1,319"
    assert _ns([comp((30, 40), 0.3), comp((50, 60), 0.3)]) == "30–60"
    assert _span([comp((500, 500), 0.0501), comp((500, 500), 0.0504)]) == "5.0 pp"
    assert _span([comp((500, 500), 0.05), comp((500, 500), 0.072)]) == "5.0 pp–7.2 pp"
