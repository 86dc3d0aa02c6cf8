"""CC1xx — units: ratings, fractions, percentiles and lower-is-better values mixed with percentages."""

from __future__ import annotations

import re

from typing import Iterator

from claimcheck.checker.aggregates import AggregateFit, aggregate_fits, position
from claimcheck.checker.base import CheckContext, Rule, cell_name, rows_ref
from claimcheck.checker.emphasis import marked_rows, misread_direction
from claimcheck.checker.printed_rows import metric_column_tables, rows_where
from claimcheck.records import Finding, Score


_RATING_WORDS = re.compile(r"\belo\b|\brating\b|bradley|评级|等级分", re.I)


def _tables(context: CheckContext) -> dict[tuple[int, int], list[Score]]:
    """The checked scores of each table."""
    return {key: kept for key, cells in context.by_table().items() if (kept := [s for s in cells if s.status == "checked"])}


def _column_mates(scores: list[Score], s: Score, unit: str) -> list[Score]:
    """Scores of another unit printed in the same column (or, failing that, the same table)."""
    same_col = [o for o in scores if o.column == s.column and o.unit == unit and o.id != s.id]
    return same_col or [o for o in scores if o.unit == unit and o.id != s.id]


class EloPercentMix(Rule):
    """A rating (Elo, Bradley–Terry, Codeforces rating) printed or ranked together with percentages.

    A rating is a position on a relative scale fitted to pairwise comparisons; 1853 is not
    1853%, and a rating gap means an expected win rate (1/(1+10^(−d/400))), not points of
    accuracy.  Ranking, bolding or averaging a rating with percentages treats two different
    quantities as one, and ratings also drift as the pool of rated systems changes.

    Bad:
        | Benchmark     | Fable 5.1 |
        | GPQA Diamond  | 87.0%     |
        | GDPval-AA v2  | 1853      |
    Good:
        | Benchmark     | Fable 5.1 | Unit         |
        | GDPval-AA v2  | 1853      | Elo (rating) |   (kept out of averages and ranks)
    Reference: Elo, A. E. (1978). The Rating of Chessplayers, Past and Present. Arco; Chiang, W.-L. et al.
        (2024). "Chatbot Arena: An Open Platform for Evaluating LLMs by Human Preference." ICML 2024,
        arXiv:2403.04132 (GDPval-AA's 1853 is an Elo rating, not 1853%).
    """

    code, slug, family, severity = "CC101", "elo-percent-mix", "units", "error"
    levels = {"warning": "the table labels the rating as a rating, so the mix is printed, not yet ranked or averaged"}

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for scores in _tables(context).values():
            for line in _lines(scores, "elo"):
                s = line[0]
                mates = _column_mates(scores, s, "percent")
                if not mates:
                    continue
                printed = " ".join((s.label, *s.qualifiers))
                labelled = "table says" in (s.resolution.unit_reason or "") or bool(_RATING_WORDS.search(printed))
                where = "column" if mates[0].column == s.column else "table"
                msg = (f"{_line_name(line)} {'is an Elo rating' if len(line) == 1 else 'are Elo ratings'} printed in "
                       f"the same {where} as percentages (e.g. {cell_name(mates[0])})")
                msg += ("; the table labels it, but it must not be ranked, bolded or averaged with them"
                        if labelled else "; nothing in the table says it is not a percentage")
                yield self.finding(msg, scores=(*(x.id for x in line), *(m.id for m in mates[:3])),
                                   severity="warning" if labelled else None,
                                   value=s.value, unit_reason=s.resolution.unit_reason,
                                   **({"cells": len(line)} if len(line) > 1 else {}))


def _lines(scores: list[Score], unit: str) -> list[list[Score]]:
    """The cells of one unit, grouped by the printed line they stand on (one finding per benchmark row)."""
    lines: dict = {}
    for s in scores:
        if s.unit == unit:
            lines.setdefault(s.group, []).append(s)
    return list(lines.values())


def _line_name(line: list[Score]) -> str:
    """A line's cells as a message names them: one cell as cell_name does, several as the row and its values."""
    if len(line) == 1:
        return cell_name(line[0])
    shown = ", ".join(f"{x.model} {x.cell.shown}" for x in line[:4]) + (f" and {len(line) - 4} more" if len(line) > 4 else "")
    return f"{line[0].title!r} ({rows_ref(line)}: {shown})"


class FractionPercentMix(Rule):
    """Values on a 0–1 scale and on a 0–100 scale in one table, compared as one.

    0.87 and 87% are the same score, but printed side by side a reader (or a script
    that averages the column) takes 0.87 for a score under 1%.  Every score in a
    comparison has to be on one scale.  A row of percentages with cells printed as fractions ("1"
    beside 96.8) is one finding for the row, naming each such cell.

    Bad:
        | Benchmark | A     | B     |
        | MMLU      | 0.871 | 86.4% |
    Good:
        | Benchmark | A     | B     |
        | MMLU      | 87.1% | 86.4% |
    Reference: JCGM 200:2012. International Vocabulary of Metrology (VIM), 3rd ed., BIPM; Broman, K. W. & Woo,
        K. H. (2018). "Data Organization in Spreadsheets." The American Statistician 72(1), 2–10 (0.871 and
        87.1% are one score on two scales; use one).
    """

    code, slug, family, severity = "CC102", "fraction-percent-mix", "units", "warning"
    levels = {"info": "one page prints whole tables on a 0–1 scale and others on 0–100: no cell is compared "
                      "across them, but a reader or a script setting the tables side by side mixes the scales"}

    def check(self, context: CheckContext) -> Iterator[Finding]:
        pages: dict[int, tuple[list[list[Score]], list[list[Score]]]] = {}
        for scores in _tables(context).values():
            fractions = [s for s in scores if s.unit == "fraction" and s.value]  # 0.00 is 0 on either scale
            percents = [s for s in scores if s.unit == "percent"]
            if fractions and percents:
                yield self.finding(
                    f"{len(fractions)} value(s) on a 0–1 scale (e.g. {cell_name(fractions[0])}) sit beside "
                    f"{len(percents)} percentage(s) (e.g. {cell_name(percents[0])})",
                    scores=[s.id for s in fractions + percents[:3]],
                )
            elif percents or any(s.benchmark for s in fractions):  # a 0-1 table of no known benchmark may be no score
                pages.setdefault(scores[0].input, ([], []))[0 if fractions else 1].append(fractions or percents)
        for fraction_tables, percent_tables in pages.values():
            if fraction_tables and percent_tables:
                yield self._page_mix(context, fraction_tables, percent_tables)
        for row in context.rows().values():
            yield from self._fraction_cells(row)

    def _page_mix(self, context: CheckContext, fraction_tables: list[list[Score]],
                  percent_tables: list[list[Score]]) -> Finding:
        """One page, tables on a 0–1 scale and tables on 0–100."""
        def where(tables: list[list[Score]]) -> str:
            return ", ".join(f"{t[0].origin or 'table ' + str(t[0].table + 1)} (e.g. {cell_name(t[0])})" for t in tables[:3]) \
                + (f" and {len(tables) - 3} more" if len(tables) > 3 else "")

        return self.finding(
            f"The page prints {'a table' if len(fraction_tables) == 1 else f'{len(fraction_tables)} tables'} on a 0–1 "
            f"scale, {where(fraction_tables)}, and {len(percent_tables)} on 0–100, {where(percent_tables)}: set side "
            f"by side the tables mix scales (0.97 is 97%); state the scale in each header or print one",
            scores=[s.id for t in fraction_tables for s in t] + [t[0].id for t in percent_tables], severity="info",
            tables=sorted({t[0].table for t in fraction_tables + percent_tables}),
        )

    def _fraction_cells(self, row: list[Score]) -> Iterator[Finding]:
        """Cells of a percentage row printed as fractions ("1" for 100% beside 96.8): a value of at
        most 1, printed to another precision than the row's other cells, which are all 20 times larger."""
        cells = [s for s in row if s.status == "checked" and s.unit == "percent" and s.value is not None]
        if len(cells) < 2:
            return
        larger = [o for o in cells if o.value > 1]  # type: ignore[operator]
        odd = [s for s in cells if 0 < s.value <= 1 and s.cell.decimals is not None  # type: ignore[operator]
               and larger and all(o.value >= 20 * s.value and o.cell.decimals != s.cell.decimals  # type: ignore[operator]
                                  for o in larger)]
        if not odd:
            return
        s = odd[0]  # the row's fraction cells are one issue of the row: one finding names them all
        beside = f"beside {', '.join(o.cell.shown for o in larger[:3])} in the same row"
        if len(odd) == 1:
            message = (f"{cell_name(s)} reads as {s.value:g}% {beside}: it is probably a fraction "
                       f"({s.value:g} = {100 * s.value:g}%)")
        else:
            message = (f"{len(odd)} cells of {s.title!r} ({s.line_ref}) read as at most 1% {beside}: "
                       + ", ".join(f"{x.model} {x.cell.shown}" for x in odd)
                       + f"; they are probably fractions ({s.value:g} = {100 * s.value:g}%)")
        yield self.finding(message, scores=[*(x.id for x in odd), *(o.id for o in larger)], value=s.value,
                           values=[x.value for x in odd], cells=len(odd))


class ScaleMix(Rule):
    """A score on a short scale (a 1–10 judge score) printed among percentages with no scale shown.

    MT-Bench's 8.5 out of 10 sits beside MMLU's 78.9 out of 100 in many release tables.  Without
    "/10" or "(1–10)" a reader takes 8.5 for 8.5%, a script averages it in, and a 0.3-point judge
    gap looks like noise on a 100-point scale.  The registry says which benchmarks are reported on
    such a scale; the finding says so once per table, naming each such row and its scale.  A table most of whose percentage lines print
    their values with a "%" sign shows which numbers are not percentages, and is not flagged; nor is a long table
    whose rows each name their metric (a model card's model-index): records, not a column read as one.

    Bad:
        | MT-Bench | 8.51 |
        | MMLU     | 78.9 |
    Good:
        | MT-Bench (1–10) | 8.51 |
        | MMLU (%)        | 78.9 |
    Reference: Zheng, L. et al. (2023). "Judging LLM-as-a-Judge with MT-Bench and Chatbot Arena." NeurIPS 2023
        Datasets and Benchmarks, arXiv:2306.05685 (MT-Bench scores answers on a 1–10 scale, not in percent).
    """

    code, slug, family, severity = "CC106", "scale-mix", "units", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        records = {r.table for r in context.readings if r.kind == "long"} & metric_column_tables(context)
        for scores in _tables(context).values():
            if scores[0].table in records:  # one record per row, each naming its metric: no column mixes scales
                continue
            percents = [s for s in scores if s.unit in ("percent", "fraction", "win-rate")]
            if not percents or _marks_its_percentages(percents):
                continue
            short: dict[str, Score] = {}  # the table's rows on a short scale, first cell of each: one finding
            for s in scores:
                if s.unit != "points" or s.group in short or _states_scale(s):
                    continue
                low, high = s.resolution.value_range or (None, None)
                if high is None or high > 10:  # ROUGE, BLEU and other 0–100 points read like percentages
                    continue
                short[s.group] = s
            if not short:
                continue
            rows = list(short.values())
            among = f"printed with no unit among {len(percents)} percentage(s) (e.g. {cell_name(percents[0])})"
            ids = [x.id for x in scores if x.group in short] + [percents[0].id]
            if len(rows) == 1:
                (s,) = rows
                low, high = s.resolution.value_range
                yield self.finding(
                    f"{s.title!r} ({s.line_ref}) is a score on a {low:g}–{high:g} scale, {among}: {s.cell.shown} is not "
                    f"{s.cell.shown}%", scores=ids, value_range=s.resolution.value_range,
                    rows=[{"title": s.title, "value_range": list(s.resolution.value_range)}],
                )
                continue
            shown = "; ".join(f"{s.title!r} ({s.line_ref}, {s.resolution.value_range[0]:g}–{s.resolution.value_range[1]:g}): "
                              f"{s.cell.shown} is not {s.cell.shown}%" for s in rows)
            yield self.finding(
                f"{len(rows)} rows are scores on short scales, {among}: {shown}", scores=ids,
                value_range=None, rows=[{"title": s.title, "value_range": list(s.resolution.value_range)} for s in rows],
            )


def _marks_its_percentages(percents: list[Score]) -> bool:
    """Whether most of the table's percentage lines print most of their values with a "%" sign."""
    lines: dict[str, list[Score]] = {}
    for s in percents:
        lines.setdefault(s.group, []).append(s)
    signed = sum(2 * sum(s.cell.percent_sign for s in cells) > len(cells) for cells in lines.values())
    return 2 * signed > len(lines)


_SCALE_WORDS = re.compile(r"/\s*10\b|\(\s*[01]\s*[-–~]\s*(?:5|10)\s*\)|\bout of (?:5|10)\b|\bscore\b|\brating\b|分制", re.I)


def _states_scale(s: Score) -> bool:
    """Whether the row says its scale ("MT-Bench (1–10)", a unit column, "/10")."""
    text = " ".join((s.label, s.title, *s.qualifiers))
    return bool(_SCALE_WORDS.search(text)) or "unit" in s.resolution.reasons or s.resolution.unit_reason.startswith("the table says")


class UnitUnknown(Rule):
    """A value whose unit cannot be determined.

    Without a unit a number cannot be compared or given an interval: 1853 with no label
    could be a rating, a count or a cost.  The table should say what the number is.

    Bad:
        | Benchmark   | Model |
        | SomeBench   | 1853  |
    Good:
        | Benchmark   | Model | Unit |
        | SomeBench   | 1853  | Elo  |
    Reference: JCGM 200:2012. International Vocabulary of Metrology (VIM), 3rd ed., BIPM (a quantity value is
        a number together with a reference such as a unit: 1853 alone could be a rating, a count or a cost).
    """

    code, slug, family, severity = "CC103", "unit-unknown", "units", "warning"
    levels = {"info": "the benchmark is known but reported in several metrics on different scales (BLEU, chrF), and "
                      "the line names none: the number has a scale, just not a stated one"}

    def check(self, context: CheckContext) -> Iterator[Finding]:
        rows = rows_where(context, lambda s: s.unit == "unknown" and s.resolution.row_kind != "skipped")
        for scores in rows.values():
            s = scores[0]
            yield self.finding(
                f"{s.title!r} ({s.line_ref}): cannot tell what unit {', '.join(x.cell.shown for x in scores)} "
                f"{'is' if len(scores) == 1 else 'are'} in — {s.resolution.unit_reason or 'no unit printed'}",
                scores=[x.id for x in scores], reason=s.resolution.unit_reason,
            )
        pages: dict[tuple[int, str | None, tuple[str, ...]], list[Score]] = {}  # one per benchmark of a page
        for s in context.checked():
            if s.resolution.unstated_metrics:
                pages.setdefault((s.input, s.benchmark, s.resolution.unstated_metrics), []).append(s)
        for (_, _, metrics), scores in pages.items():
            s = scores[0]
            lines = list(dict.fromkeys(x.title for x in scores))
            shown = ", ".join(repr(t) for t in lines[:4]) + (f" and {len(lines) - 4} more" if len(lines) > 4 else "")
            yield self.finding(
                f"{shown} ({rows_ref(scores)}): {s.resolution.benchmark_name} is reported in "
                f"{', '.join(metrics[:-1])} or {metrics[-1]}, scores on different scales, and the table names none, so "
                f"what {s.cell.shown} ({s.model}) measures is not known and no other report's number can be set beside it",
                scores=[x.id for x in scores], metrics=list(metrics), severity="info",
            )


class PercentileAsScore(Rule):
    """A percentile or rank read as if it were an accuracy.

    A percentile (Codeforces 96.3 percentile) places a system among human competitors;
    it is not the share of items solved, so it cannot be averaged or compared with
    accuracies, and its sampling error is not binomial in the number of problems.

    Bad:
        | Benchmark              | A    | B     |
        | Codeforces             | 96.3 | 58.7% |
    Good:
        | Benchmark              | A              |
        | Codeforces (percentile)| 96.3 percentile|
    Reference: DeepSeek-AI (2025). "DeepSeek-R1: Incentivizing Reasoning Capability in LLMs via Reinforcement
        Learning." arXiv:2501.12948 (reports Codeforces both as a 2029 rating and a 96.3 percentile of human
        competitors, neither a share of problems solved).
    """

    code, slug, family, severity = "CC104", "percentile-as-score", "units", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for scores in _tables(context).values():
            for line in _lines(scores, "percentile"):
                mates = _column_mates(scores, line[0], "percent")
                if mates:
                    yield self.finding(
                        f"{_line_name(line)} {'is a percentile' if len(line) == 1 else 'are percentiles'} among "
                        f"competitors, printed beside accuracies such as {cell_name(mates[0])}",
                        scores=(*(x.id for x in line), mates[0].id), **({"cells": len(line)} if len(line) > 1 else {}),
                    )


class LowerIsBetter(Rule):
    """A lower-is-better metric (BPB, perplexity, cost, latency) bolded as if higher were better, or averaged in.

    For bits per byte, perplexity, error rates, cost and latency the best value is the
    smallest.  Marking the largest value best inverts the ranking, and averaging such a row
    with accuracies rewards a worse (higher) value exactly as much as a better accuracy.

    Bad:
        | Benchmark         | A        | B    |
        | WikiText BPB (↓)  | **0.91** | 0.84 |
        | Average           | 45.6     | 44.9 |   (BPB averaged with accuracies)
    Good:
        | WikiText BPB (↓)  | 0.91     | **0.84** |   (kept out of the average)
    Reference: Jelinek, F. et al. (1977). "Perplexity—a measure of the difficulty of speech recognition
        tasks." J. Acoust. Soc. Am. 62, S63, doi:10.1121/1.2016299; Gao, L. et al. (2020). "The Pile: An 800GB
        Dataset of Diverse Text for Language Modeling." arXiv:2101.00027 (BPB: lower is better).
    """

    code, slug, family, severity = "CC105", "lower-is-better", "units", "error"
    levels = {"warning": "the direction of the metric is inferred from the values, not certain"}

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for view in marked_rows(context):
            cells = view.cells
            if not all(s.lower_is_better for s in cells):
                continue
            best = min(cells, key=lambda x: x.value)  # type: ignore[arg-type, return-value]
            for s in view.marked:
                if misread_direction(s, cells):
                    yield self.finding(
                        f"{cell_name(s)} is marked best, but lower is better on this metric: it is the worst value "
                        f"of the row and {best.model} {best.cell.shown} is the best",
                        scores=(s.id, best.id), value=s.value, best_value=best.value, direction="lower",
                    )
        rows: dict[str, list[tuple[AggregateFit, list[Score], bool]]] = {}
        for fit in aggregate_fits(context):
            found = _lower_inputs(fit)
            if found is not None:
                rows.setdefault(fit.aggregate.group, []).append((fit, *found))
        for fits in rows.values():
            yield self._averaged(fits)

    def _averaged(self, fits: list[tuple[AggregateFit, list[Score], bool]]) -> Finding:
        agg = fits[0][0].aggregate
        lower = {s.group: s for _, cells, _ in fits for s in cells}  # one per line item (a row, or a column)
        names = ", ".join(f"{s.title!r} ({s.line_ref})" for s in lower.values())
        certain = [f.aggregate for f, _, sure in fits if sure]
        if certain:
            message = (f"{agg.title!r} ({agg.line_ref}) recomputes only with the lower-is-better {names} averaged in "
                       f"with higher-is-better scores ({', '.join(a.model for a in certain)}): a worse value raises "
                       f"the average")
        else:
            message = (f"{agg.title!r} ({agg.line_ref}) does not recompute, and the rows it summarises include the "
                       f"lower-is-better {names}: if averaged in, a worse value raises the average")
        return self.finding(
            message, scores=[f.aggregate.id for f, _, _ in fits] + [s.id for s in lower.values()],
            severity=None if certain else "warning", lower_rows=sorted({s.row for s in lower.values()}),
            recomputes=bool(certain),
        )


def _lower_inputs(fit: AggregateFit) -> tuple[list[Score], bool] | None:
    """The lower-is-better inputs an aggregate cell averages in, and whether recomputing proves it."""
    if fit.match is not None:
        reading, sure = fit.match, True
    elif fit.zero_match is None:
        reading = next((r for r in fit.tried if any(k == "lower-is-better" for _, k in r.inputs.mixed)
                        and not r.inputs.where.startswith("every")), None)  # its own section only
        sure = False
    else:
        return None
    if reading is None:
        return None
    rows = {row for row, kind in reading.inputs.mixed if kind == "lower-is-better"}
    cells = [c for c in reading.cells if position(c, reading.inputs.axis) in rows]
    return (cells, sure) if cells else None


RULES = [EloPercentMix, FractionPercentMix, UnitUnknown, PercentileAsScore, LowerIsBetter, ScaleMix]
