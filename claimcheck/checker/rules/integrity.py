"""CC4xx — integrity: values that cannot be what they claim, unreadable cells, unknown rows.

Average and total rows are recomputed by :mod:`claimcheck.checker.aggregates` (the units family
reads the same fits for CC105); duplicates are found by :mod:`claimcheck.checker.duplicates`.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Iterator

from claimcheck.checker.aggregates import (
    KIND_WORDS, AggregateFit, CategoryFit, Recomputed, aggregate_fits, category_fits, coverage_gaps, covered_rows,
    fits_by_row, is_benchmark_row, position,
)
from claimcheck.checker.base import CheckContext, Rule, cell_name, rows_ref
from claimcheck.checker.denominators import n_caveat
from claimcheck.checker.duplicates import conflicting_values, linked_conflicts, same_line, same_number
from claimcheck.checker.rules import integrity_cells, integrity_pages, integrity_parts
from claimcheck.checker.emphasis import MarkedRow, marked_rows, merit, misread_direction
from claimcheck.checker.printed_rows import printed_model, where_printed
from claimcheck.records import PROPORTION_UNITS, Finding, Score, SourceTable
from claimcheck.stats.granularity import DISCOVER_MAX

_RUNS = re.compile(r"^(?:avg|mean)@(\d+)$")


class Granularity(Rule):
    """A score that cannot be k/n for any whole k at the stated precision.

    With n items and one binary result each, a score can only be k/n.  85.7% is not
    k/500 for any whole k (428/500 = 85.6%, 429/500 = 85.8%), so the number was averaged
    over runs, gave partial credit, used another n, or is wrong.  Each of those changes
    what the number means and how uncertain it is.

    A cell is judged with its line (the benchmark's row, or its column where models are rows).
    When most cells of the line are exact counts, far more than chance allows (13 of 15 HumanEval
    cells are k/164, where a value fits by chance 16% of the time), the line is single-run counts
    and a cell off the grid is an anomaly, even under pass@1 or on a benchmark the registry does
    not call binary (there at least 70% of the line must fit, beyond chance).  A note or label saying
    the benchmark was scored in a single run or by one greedy sample ("pass@1, greedy") makes every cell
    of its line a count.  When the line's cells fit no better than chance, its values are not counts at
    all (a blend of sub-scores, samples averaged) and no cell is flagged.  A line of fewer than five
    cells cannot show that, so each cell is judged alone, except pass@k (an estimate over samples,
    perhaps) and benchmarks not known to be binary; pass@1 cells off the grid there are named once per
    table, at info level, as impossible for one greedy sample and possible for a mean of samples,
    unless the page says elsewhere that it averaged samples on that benchmark.  One model's cells off
    the grid on two lines or more of one table, under any of its setup sections ("w/ CoT", "w/o CoT"),
    are one finding about the model's numbers: one source made them.
    A line whose values are not k/n for its n but are, beyond chance, k/m for another count the
    registry holds for the benchmark (MBPP+'s 399 for a row labelled MBPP) gets one finding naming m.  A
    line that names no version, whose values are counts of none of the benchmark's versions (MBPP: more
    than half the cells are neither k/500 nor k/257), is said once, at info level: its values are means
    over samples, another split, or errors, and no n is used.  A line the registry gives no count and
    that states none, printed to two decimals, whose values are all but one k/m for one m (searched
    from 2 to 1,000, the evidence corrected for the search), has its one misfit named at info level.  Metrics averaged over k runs
    (avg@k) are judged on the grid k/(n·k); partial credit and F1 are never checked, nor values a note
    says were copied from other reports (another protocol made them; CC209 names them).

    Bad:
        | Agent Index v1.2 | 85.7 |   (n = 500)
    Good:
        | Agent Index v1.2 | 85.8 |   (429/500), or state "mean of 3 runs".
    Reference: Brown, N. J. L. & Heathers, J. A. J. (2017). "The GRIM Test: A Simple Technique Detects
        Numerous Anomalies in the Reporting of Results in Psychology." Soc. Psychol. Personal. Sci. 8(4),
        363–369, doi:10.1177/1948550616673876 (85.7% is no k/500; 85.8% = 429/500).
    """

    code, slug, family, severity = "CC403", "granularity", "integrity", "warning"
    levels = {"info": "pass@1 values off the grid on lines too short to show whether they are counts: one greedy sample "
                      "cannot give them, several samples can, and the table does not say which; or a line naming no "
                      "version whose values are counts of none of the benchmark's versions; or the one value off the "
                      "grid of a count inferred from a line that states none (searched, or one of the benchmark's "
                      "registered sets read off the values)"}
    #: a line this long can show by its fits whether it is made of counts
    LINE = 5
    #: one-sided binomial p below which the line's fits are not chance
    EVIDENCE = 0.01
    #: the share of a line's cells that must be exact counts before one that is not stands out
    MOST = 0.7
    #: … and the one-sided binomial p below which that share is more than chance (a short n fits often)
    STANDS_OUT = 0.05
    #: this many misfits of one model in one table (under any of its setup sections) are one finding about
    #: the model's numbers: one source made them
    SAME_MODEL = 2
    #: this many misfits in one table, half its judged cells or more, are one finding about the table's numbers
    SAME_TABLE = 4

    def check(self, context: CheckContext) -> Iterator[Finding]:
        by_model: dict[tuple[int, int, str], list[Finding]] = {}
        undecided: dict[tuple[int, int], list[Score]] = {}
        for f, cell in self._cells(context):  # cell: the one misfit a finding is about (None: a whole line)
            if f is None:  # a pass@1 off the grid that only the sampling protocol could explain
                undecided.setdefault((cell.input, cell.table), []).append(cell)
            elif cell is None:
                yield f
            else:
                by_model.setdefault((cell.input, cell.table, printed_model(cell)), []).append(f)
        by_table: dict[tuple[int, int], list[Finding]] = {}
        for (i, t, _), found in by_model.items():
            by_table.setdefault((i, t), []).extend(found)
        judged = Counter((s.input, s.table) for s in context.checked() if self._applies(s))
        for key, found in by_table.items():
            if len(found) >= self.SAME_TABLE and 2 * len(found) >= judged[key]:
                yield self._whole_table(context, found, judged[key])  # the table's numbers, not a model's or a line's
                continue
            for (i, t, _), mine in by_model.items():
                if (i, t) == key:
                    yield from mine if len(mine) < self.SAME_MODEL else [self._one_model(context, mine)]
        # a page that says elsewhere how it estimated pass@1 on a benchmark (avg@32 in another table) has said it
        averaged = {(s.input, s.benchmark) for s in context.checked() if s.benchmark and self._runs(s) > 1}
        for cells in undecided.values():
            if cells := [s for s in cells if (s.input, s.benchmark) not in averaged]:
                yield self._undecided(cells)
        yield from self._no_registered_count(context)
        yield from self._discovered(context)

    def _discovered(self, context: CheckContext) -> Iterator[Finding]:
        """Lines that state no item count and that the registry gives none, whose values (two decimals or
        more) are all but one k/m for one m well beyond chance over every m tried (a win rate over 28
        pairings: 78.57, 67.86, 57.14 …): the one value off that grid (85.72, where 24/28 prints 85.71)
        is a typo or was computed another way.  Info: the count is inferred, not documented."""
        from claimcheck.stats import check_granularity
        from claimcheck.stats.granularity import discovered_denominator

        for line in context.rows().values():
            cells = [s for s in line if s.status == "checked" and s.n is None and self._countable(s)
                     and not s.resolution.other_counts and self._runs(s) == 1]
            found = discovered_denominator([(s.proportion, s.cell.decimals, s.scale) for s in cells]) if cells else None
            if found is None:
                continue
            for s in cells:
                g = check_granularity(s.proportion, s.cell.decimals, found.n, scale=s.scale)
                if g.attainable:
                    continue
                yield self.finding(
                    f"{cell_name(s)} is not k/{found.n}, though the line's other {found.fits} values are "
                    f"(p = {found.p:.1g} by chance, allowing for every count from 2 to {DISCOVER_MAX:,} tried; the "
                    f"table states none): the nearest, {g.nearest_k}/{found.n}, prints "
                    f"{s.scale * g.nearest_value:.{s.cell.decimals}f}{'%' if s.scale == 100 else ''}, so this value is "
                    f"a typo or was computed another way", scores=[c.id for c in [s, *cells] if c is s or c.id != s.id],
                    severity="info", n=found.n, nearest_k=g.nearest_k, nearest_value=g.nearest_value,
                    line_fits=found.fits, line_cells=found.cells, line_p=found.p, inferred=True,
                )

    def _undecided(self, cells: list[Score]) -> Finding:
        """pass@1 cells that are not k/n on lines too short to show what they are: one greedy sample per
        problem cannot give them, several samples averaged can, and the table does not say which."""
        shown = "; ".join(f"{cell_name(s)} (not k/{s.n})" for s in cells[:4]) + \
            (f"; and {len(cells) - 4} more" if len(cells) > 4 else "")
        return self.finding(
            f"{len(cells)} pass@1 value{'s are' if len(cells) != 1 else ' is'} not a whole count of the benchmark's "
            f"problems ({shown}): impossible for one greedy sample per problem, possible for pass@1 estimated from "
            f"several samples; the table does not say which, so {'they are' if len(cells) != 1 else 'it is'} not "
            f"checked further", scores=[s.id for s in cells], severity="info", cells=len(cells),
        )

    def _whole_table(self, context: CheckContext, found: list[Finding], judged: int) -> Finding:
        """Most of a table's values off their benchmarks' grids: the table's numbers are means over runs or
        samples (or rest on other counts), which it does not say; one finding, not one per cell."""
        cells = [context.score(f.scores[0]) for f in found]
        shown = "; ".join(f"{s.model} {s.cell.shown} on {s.title!r} (not k/{s.n})" for s in cells[:4]) + \
            (f"; and {len(cells) - 4} more" if len(cells) > 4 else "")
        where = cells[0].origin or f"table {cells[0].table + 1}"
        return self.finding(
            f"{len(cells)} of the {judged} values of {where} that could be whole counts of their benchmarks' items "
            f"are not ({shown}): its numbers are means over several runs or samples, or rest on other item counts, "
            f"and the table says neither; how many runs each value averages is needed to judge its gaps",
            scores=[s.id for s in cells], cells=len(cells), judged=judged,
        )

    def _one_model(self, context: CheckContext, found: list[Finding]) -> Finding:
        """One model's cells that are not counts on several lines whose other cells are: its numbers, not
        the lines, are the odd ones out (a row from another protocol or report)."""
        cells = [context.score(f.scores[0]) for f in found]
        model = printed_model(cells[0])
        setups = list(dict.fromkeys(s.section for s in cells if s.model != model))
        under = f" (under {' and '.join(repr(x) for x in setups)})" if len(setups) > 1 else ""
        shown = "; ".join(f"{s.title!r}{f' {s.section}' if under else ''} {s.cell.shown} (not k/{s.n})"
                          for s in cells[:5]) + (f"; and {len(cells) - 5} more" if len(cells) > 5 else "")
        return self.finding(
            f"{model}'s values{under} are not whole counts on {len(cells)} lines ({shown}) where the table's other "
            f"values are: this model's numbers were probably made another way (averaged runs, another n, or "
            f"copied from another report)", scores=[s.id for s in cells], model=model, cells=len(cells),
            lines=[f.details for f in found],
        )

    def _cells(self, context: CheckContext) -> Iterator[tuple[Finding, Score | None]]:
        from claimcheck.stats import chance_of_fit, check_granularity, fits_beyond_chance

        averaged = self._printed_as_means(context)
        for line in context.rows().values():
            cells = [s for s in line if s.status == "checked" and self._applies(s) and self._key(s) not in averaged]
            judged = [(s, check_granularity(s.proportion, s.cell.decimals, s.n, runs=self._runs(s), scale=s.scale))
                      for s in cells]
            misfits = [(s, g) for s, g in judged if not g.attainable]
            if not misfits:
                continue
            fits = len(judged) - len(misfits)
            chance = sum(chance_of_fit(s.n, s.cell.decimals, self._runs(s), s.scale) for s in cells) / len(cells)
            p = fits_beyond_chance(fits, len(cells), chance)
            most = fits >= self.MOST * len(cells)
            if any(s.resolution.single_run for s in cells):  # a note says: one run, one result per item
                counts = True
            elif self._sampled(cells[0]):  # an estimate over samples may fit now and then: ask for more
                counts = len(cells) >= 3 and most and p < self.EVIDENCE
            else:
                counts = len(cells) >= 3 and (p < self.EVIDENCE or (len(cells) >= self.LINE and most and p < self.STANDS_OUT))
            if not counts and (other := self._other_denominator(cells, fits)) is not None:
                yield other, None
                continue
            single = any(s.resolution.single_run for s in cells)
            for s, g in misfits:
                if not counts and len(cells) < self.LINE and self._pass_at_1(s):
                    yield None, s  # one greedy sample could not give it; several samples could: say we cannot know
                    continue
                if not counts and (len(cells) >= self.LINE or self._sampled(s)):
                    continue  # the line is no count data as a whole: nothing to single out
                yield self._finding(s, g, fits, len(cells), p if counts and not single else None, single), s

    def _other_denominator(self, cells: list[Score], fits: int) -> Finding | None:
        """A line that is not k/n for its n but is, well beyond chance, k/m for another registered
        count of the benchmark (MBPP printed as MBPP but every cell k/399, MBPP+'s count)."""
        from claimcheck.checker.denominators import implied_count

        other = implied_count(cells, beyond=fits) if self._runs(cells[0]) == 1 else None
        if other is None:
            return None
        first = cells[0]
        return self.finding(
            f"{first.title!r} ({first.line_ref}): only {fits} of the line's {len(cells)} values are k/{first.n}, but "
            f"{other.fits} are k/{other.n} (p = {other.p:.1g} by chance): the rows are probably {other.name} "
            f"({other.n} items), not the {first.n} the label implies", scores=[s.id for s in cells], n=first.n,
            other_n=other.n, other=other.name, line_fits=fits, other_fits=other.fits, line_cells=len(cells),
            line_p=other.p,
        )

    def _finding(self, s: Score, g, fits: int, cells: int, p: float | None, single: bool = False) -> Finding:
        runs = self._runs(s)
        grid = f"k/{s.n}" if runs == 1 else f"k/({s.n}×{runs} runs)"
        line = (f"; {fits} of the line's {cells} cells are exact counts (p = {p:.1g} that this many fit by chance), "
                f"so this one stands out" if p is not None else "")
        if single:
            line = "; the table says each item was scored once (a single run or greedy sample), so it must be a count"
        return self.finding(
            f"{cell_name(s)} is not {grid} for any whole k at the printed precision "
            f"(nearest {g.nearest_k}/{s.n * runs} = {s.scale * g.nearest_value:.{s.cell.decimals}f}"
            f"{'%' if s.scale == 100 else ''}): averaging over runs, partial credit, a different n, or an error"
            + n_caveat([s.resolution.n_source]) + line,
            scores=(s.id,), n=s.n, runs=runs, nearest_k=g.nearest_k, nearest_value=g.nearest_value,
            decimals=s.cell.decimals, n_source=s.resolution.n_source, line_fits=fits, line_cells=cells, line_p=p,
            # a count read off the line's own values: the fits that chose n are what make this one stand out
            severity="info" if s.resolution.n_source == "implied" else None,
        )

    @staticmethod
    def _key(s: Score) -> tuple:
        from claimcheck.parsing.attribution import base_model

        return (base_model(s.model).casefold(), s.benchmark, s.value)

    def _printed_as_means(self, context: CheckContext) -> set[tuple]:
        """(model, benchmark, value) printed somewhere as a mean over runs or samples ("Pass@1 (Avg@64)"):
        the same number in a table that does not say so is that mean, not a count."""
        return {self._key(s) for s in context.checked() if s.benchmark and self._runs(s) > 1}

    @classmethod
    def _applies(cls, s: Score) -> bool:
        return cls._countable(s) and s.n is not None and s.resolution.n_fixed

    @staticmethod
    def _countable(s: Score) -> bool:
        """A printed proportion that would be a whole count of items if it came from one run, and that
        the vendor made: a value its notes say was copied from another report was made by another
        protocol, so the line's counts say nothing of it (CC209 names it)."""
        return (
            s.unit in PROPORTION_UNITS and s.proportion is not None and not s.resolution.secondhand
            and s.cell.decimals is not None and s.ci_method != "published"
            and s.resolution.granularity not in ("partial", "averaged", "pairwise", "composite", "rating")
            and not (s.resolution.metric or "").startswith(("partial", "f1", "blend"))  # a blend of metrics is no k/n
        )

    @staticmethod
    def _version_counts(s: Score) -> dict[int, str]:
        """The verified item counts of the versions a line that names none could be (MBPP full 500,
        sanitized 257), when every one of them has a count; else nothing (and nothing for a line that
        names its version)."""
        named = {f"{s.resolution.benchmark_name} {v}" for v in s.resolution.unstated_versions}
        counts = {n: name for name, n in s.resolution.other_counts if name in named}
        return counts if len(counts) == len(named) else {}

    def _no_registered_count(self, context: CheckContext) -> Iterator[Finding]:
        """Lines that name no version, and whose values are whole counts of none of the benchmark's
        versions (MBPP: 500 full, 257 sanitized): were they counts of one, every cell would fit it.
        pass@1 averaged over samples, another split, or an error; the table says neither, and no n is
        used.  Subsets are left out: a line over all of a benchmark's parts (MGSM's languages) is an
        average of parts, not a count of one."""
        from claimcheck.stats import check_granularity

        for line in context.rows().values():
            cells = [s for s in line if s.status == "checked" and s.n is None and self._countable(s)
                     and s.resolution.granularity == "binary" and self._runs(s) == 1]
            names = self._version_counts(cells[0]) if len(cells) >= 3 else {}
            if not names:
                continue
            misfits = {n: sum(not check_granularity(s.proportion, s.cell.decimals, n, scale=s.scale).attainable
                              for s in cells) for n in names}
            if any(m < len(cells) / 2 for m in misfits.values()):
                continue  # one version fits most cells (a line of another set's counts is read as that set)
            first = cells[0]
            shown = ", ".join(f"{m} not k/{n} ({names[n]})" for n, m in misfits.items())
            yield self.finding(
                f"{first.title!r} ({first.line_ref}) names no version, and its values are whole counts of none of "
                f"the benchmark's versions ({len(cells)} values: {shown}): "
                + ("pass@1 estimated from several samples per problem, " if self._pass_at_1(first) else "averaged runs, ")
                + "another split, or an error; the table says neither, so no item count is used",
                scores=[s.id for s in cells], severity="info", misfits={names[n]: m for n, m in misfits.items()},
                cells=len(cells), sampled=self._pass_at_1(first),
            )

    @staticmethod
    def _sampled(s: Score) -> bool:
        """pass@k may be estimated from many samples per item, and a benchmark the registry does not
        call binary (TruthfulQA: MC1 counts, MC2 a probability mass) may not be counts: one cell alone
        proves nothing."""
        unsure = s.benchmark is not None and s.resolution.granularity is None
        return unsure or (s.resolution.metric or "").startswith("pass@")

    @staticmethod
    def _pass_at_1(s: Score) -> bool:
        """A pass@1 on a benchmark the registry knows to be scored right or wrong per problem."""
        return s.resolution.metric == "pass@1" and s.resolution.granularity is not None and not s.resolution.single_run

    @staticmethod
    def _runs(s: Score) -> int:
        m = _RUNS.match(s.resolution.metric or "")
        return int(m.group(1)) if m else 1


class UnparseableCell(Rule):
    """A cell that cannot be read as a value.

    A value cell that is neither a number nor a recognised missing marker is reported
    rather than dropped or read as zero; the rest of the table is still checked.  So is a Markdown row
    that prints cells past its header's last column, which no renderer shows (often two rows run together).

    Bad:
        | MMLU | 88.1 | about 86 |
    Good:
        | MMLU | 88.1 | 86.0     |
    Reference: Broman, K. W. & Woo, K. H. (2018). "Data Organization in Spreadsheets." The American
        Statistician 72(1), 2–10, doi:10.1080/00031305.2017.1375989 (one value per cell; a cell that cannot be
        read is reported, never dropped or read as 0).
    """

    code, slug, family, severity = "CC405", "unparseable-cell", "integrity", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for s in context.scores:
            if s.cell.status == "unparseable" and s.resolution.row_kind != "skipped":
                yield self.finding(f"{s.model} on {s.title!r} ({s.ref}, column {s.column!r}): {s.cell.problem}",
                                   scores=(s.id,), raw=s.cell.raw)
        for t in context.tables:  # cells a row prints past the header's last column: a row run into the next?
            rows: dict[int, list[tuple[int, str]]] = {}
            for row, col, text in t.overflow:
                rows.setdefault(row, []).append((col, text))
            for row, cells in rows.items():
                shown = ", ".join(repr(text) for _, text in cells[:6]) + (f" and {len(cells) - 6} more" if len(cells) > 6 else "")
                yield self.finding(
                    f"{t.name} row {row} prints {len(cells)} cell{'s' if len(cells) != 1 else ''} past the header's "
                    f"{len(t.header)} columns ({shown}): a Markdown renderer shows them nowhere and they are not read; "
                    f"the row may be two rows run together, or its values shifted by a column",
                    table=t.name, row=row, cells=len(cells), overflow=[text for _, text in cells])


_COST = re.compile(r"\bcost\b|\bprice\b|pricing|\$|latency|seconds|成本|价格|费用|延迟", re.I)


def _is_cost_row(s: Score) -> bool:
    """A cost, price or latency row is a lower-is-better measurement, not an unknown benchmark."""
    return s.unit == "lower-is-better" and bool(_COST.search(s.label))


class UnknownBenchmark(Rule):
    """A row label the registry cannot resolve.

    Without knowing the benchmark, claimcheck cannot know its versions, item count,
    unit or standing, so only unit-free checks apply.  Extend the catalogue with
    ``--registry my.yaml`` or correct the label.

    A line that names no benchmark ("Python", "JavaScript") but that the section's text places
    under named benchmarks ("HumanEval …, JavaScript … from MultiPL-E") is read as that benchmark,
    and said so at info level: the table alone does not tell its reader what was measured, and the
    reading rests on prose that may describe another table.  A known benchmark beside a Language column
    ("MMLU" | "Portuguese") is a translation the registry does not hold: said once, at info level, with
    its languages.  A line derived from the table's other lines or models ("Avg Win Rate", "Rank") is
    no benchmark at all and is left out.

    Bad:
        | Agent Index v1.2 | 90.4 |   (not in the registry)
    Good:
        a label the registry knows, or a --registry entry with its source.
    Reference: Reuel, A. et al. (2024). "BetterBench: Assessing AI Benchmarks, Uncovering Issues, and
        Establishing Best Practices." NeurIPS 2024 Datasets and Benchmarks, arXiv:2411.12990 (without a
        benchmark's versions, item count and unit, a score cannot be interpreted).
    """

    code, slug, family, severity = "CC406", "unknown-benchmark", "integrity", "warning"
    levels = {"info": "the line names no benchmark, and the section's text says which it is; or it names a known "
                      "benchmark translated into a language the registry holds no entry for"}
    #: this many unknown lines in one table are one finding for the table (one unknown benchmark's two lines,
    #: "CORE" and "EXTENDED", or "ANLI" and "SociQA" side by side, are one gap in the registry to fill)
    SAME_TABLE = 2

    def check(self, context: CheckContext) -> Iterator[Finding]:
        rows: dict[str, list[Score]] = {}
        from_text: dict[str, dict[str, list[Score]]] = {}
        translated: dict[str, list[Score]] = {}  # "MMLU" beside a Language column: the benchmark's translations
        for s in context.scores:
            if s.status == "skipped" or _is_cost_row(s) or s.resolution.derived:
                continue  # a derived line (an average win rate over the table's models) is no unknown benchmark
            if s.resolution.row_kind == "unknown" and s.resolution.translation:
                translated.setdefault(s.resolution.translation[0], []).append(s)
            elif s.resolution.row_kind == "unknown":  # a blank label continuing the row above is that row's line
                rows.setdefault(s.label.strip() or s.title.split(" · ")[0], []).append(s)
            elif s.resolution.named_in_text:
                from_text.setdefault(s.resolution.named_in_text, {}).setdefault(s.label, []).append(s)
        by_table: dict[tuple[int, int], list[str]] = {}
        for label, scores in rows.items():
            by_table.setdefault((scores[0].input, scores[0].table), []).append(label)
        for labels in by_table.values():
            if len(labels) >= self.SAME_TABLE:  # a table of another field's benchmarks: one finding, not one per line
                first = rows[labels[0]][0]
                shown = ", ".join(map(repr, labels[:4])) + (f" and {len(labels) - 4} more" if len(labels) > 4 else "")
                yield self.finding(
                    f"{len(labels)} lines of {first.origin or f'table {first.table + 1}'} match no registry entry ({shown}): their versions, item "
                    f"counts, units and standing are unknown; add them with --registry",
                    scores=[s.id for label in labels for s in rows[label]], labels=labels,
                )
                continue
            for label in labels:
                scores = rows[label]
                where = sorted({s.row for s in scores})
                yield self.finding(
                    f"{label!r} (row{'s' if len(where) > 1 else ''} {', '.join(map(str, where))}) matches no registry "
                    f"entry: its version, item count, unit and standing are unknown",
                    scores=[s.id for s in scores], label=label,
                )
        for name, scores in translated.items():
            languages = list(dict.fromkeys(s.resolution.translation[1] for s in scores))
            yield self.finding(
                f"{scores[0].title.split(' · ')[0]!r} ({rows_ref(scores)}) names {name} translated into {', '.join(languages)}: the registry holds {name} "
                f"itself, not {'this translation' if len(languages) == 1 else 'these translations'}, so the "
                f"item counts and standing are unknown", scores=[s.id for s in scores], severity="info",
                benchmark=name, languages=languages,
            )
        for text, lines in from_text.items():
            read = "; ".join(f"{label!r} ({', '.join(dict.fromkeys(s.origin or s.ref for s in group))}) as "
                             f"{_read_as(group[0])}" for label, group in lines.items())
            quote = text if len(text) <= 120 else text[:117].rstrip() + "…"
            yield self.finding(
                f"{len(lines)} line{'s' if len(lines) > 1 else ''} name{'' if len(lines) > 1 else 's'} no benchmark: "
                f"claimcheck reads {read} from the section's text ({quote!r}); the table itself does not say what "
                f"was measured", scores=[s.id for group in lines.values() for s in group], severity="info",
                labels=list(lines), text=text,
            )


def _read_as(s: Score) -> str:
    """The benchmark a line was read as, with the part it names: "MultiPL-E (humaneval-js)"."""
    res = s.resolution
    part = res.subset or res.part
    return f"{res.benchmark_name}" + (f" ({part})" if part else "")


# ── aggregate rows: average and total rows that do not follow from their inputs ──


def _fmt(x: float, agg: Score) -> str:
    return f"{x:.{(agg.cell.decimals or 0) + 2}f}"


class MissingAsZero(Rule):
    """A missing cell counted as zero in an average, or an average over different benchmarks per model.

    "—" means the vendor did not report the benchmark, not that the model scored 0.
    Counting it as zero drags the average down by the missing benchmark's whole weight;
    leaving it out instead makes the average cover fewer (and usually easier or
    friendlier) benchmarks for one model than for the others.  Either way the average
    row no longer compares like with like.

    Bad:
        | Benchmark | A    | B    |
        | MMLU      | 80.0 | 70.0 |
        | GPQA      | 60.0 | —    |
        | Average   | 70.0 | 35.0 |   (B's "—" counted as 0)
    Good:
        | Average   | 70.0 | —    |   (no average where a benchmark is missing)
    Reference: Little, R. J. A. & Rubin, D. B. (2019). Statistical Analysis with Missing Data, 3rd ed. Wiley;
        Broman, K. W. & Woo, K. H. (2018). The American Statistician 72(1), 2–10 (a missing cell is not 0;
        Agent Index v1.2 scored only models with all seven items).
    """

    code, slug, family, severity = "CC401", "missing-as-zero", "integrity", "error"
    levels = {"warning": "the averages cover different benchmarks per model, with no sign that a gap counted as zero"}

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for fits in fits_by_row(context):
            for fit in fits:
                if fit.counts_missing_as_zero:
                    yield self._as_zero(fit.aggregate, fit.zero_match)  # type: ignore[arg-type]
                elif (zero := self._printed_zero(context, fit)) is not None:
                    yield zero
            found = self._different_sets(fits)
            if found:
                yield found

    def _printed_zero(self, context: CheckContext, fit: AggregateFit) -> Finding | None:
        """An average that takes in a printed 0.0 on a row where every other model scores 10 or more:
        the zero most likely stands for a result that was not run."""
        r = fit.match
        if r is None:
            return None
        for c in r.cells:
            if c.value != 0:
                continue
            others = [s for s in context.rows().get(c.group, []) if s.id != c.id and s.value is not None
                      and s.status == "checked"]
            if len(others) >= 2 and all(s.value >= 10 for s in others):  # type: ignore[operator]
                return self.finding(
                    f"{cell_name(fit.aggregate)} averages in {cell_name(c)}, a 0.0 where every other model scores "
                    f"{min(s.value for s in others):g} or more: most likely a result not run, counted as zero",
                    scores=(fit.aggregate.id, c.id), printed_zero=c.id, **r.numbers(),
                    doubts=((fit.aggregate.id, "an average that counts a result not run as zero"),),
                )
        return None

    def _as_zero(self, agg: Score, r: Recomputed) -> Finding:
        names = ", ".join(f"{m.title!r} ({m.line_ref})" for m in r.missing)
        return self.finding(
            f"{cell_name(agg)} is the mean of {r.inputs.where} only if the missing {names} "
            f"{'counts' if len(r.missing) == 1 else 'count'} as zero ({_fmt(r.expected_zero, agg)}; "
            f"without {'it' if len(r.missing) == 1 else 'them'} the mean is {_fmt(r.expected, agg)})",
            scores=(agg.id, *(c.id for c in r.cells + r.missing)),
            **r.numbers(), expected_zero=r.expected_zero, tolerance_zero=r.tolerance_zero, counted_as_zero=True,
            doubts=((agg.id, "an average that counts missing results as zero"),),
        )

    def _different_sets(self, fits: list[AggregateFit]) -> Finding | None:
        """Columns whose average leaves out a benchmark (printed missing) that another column's includes."""
        gaps = coverage_gaps(fits)
        if not gaps:
            return None
        agg, present = fits[0].aggregate, covered_rows(fits)
        parts = [f"{g.fit.aggregate.model} has no value on {', '.join(repr(m.title) for m in g.reading.missing)}, "
                 f"which the average of {', '.join(o.aggregate.model for o in g.others)} includes" for g in gaps]
        return self.finding(
            f"{agg.title!r} ({agg.line_ref}) averages different benchmarks for different models: {'; '.join(parts)}",
            scores=[f.aggregate.id for f in fits] + [m.id for g in gaps for m in g.reading.missing],
            severity="warning", counted_as_zero=False,
            doubts=tuple((g.fit.aggregate.id, "averaged over a different set of benchmarks") for g in gaps),
            per_model={f.aggregate.model: sorted(present.get(f.aggregate.id, ())) for f in fits},
            missing={g.fit.aggregate.model: [position(m, g.reading.inputs.axis) for m in g.reading.missing] for g in gaps},
        )


class AggregateMismatch(Rule):
    """An average or total row that does not recompute from its inputs, allowing for rounding.

    An average row is a claim about the rows it summarises; if it does not follow from them,
    either the inputs shown are not the ones averaged (another set, other weights, unrounded
    or unpublished numbers) or the arithmetic is wrong.  claimcheck recomputes each average
    from the benchmark rows above it (back to the previous average or heading), below it, and
    from every benchmark row of the table, as a plain mean, an item-weighted mean (when every
    n is known) and a sum, and flags a cell only when no reading comes within rounding: each
    input may be off by half a unit of its last printed digit, and the aggregate by half of
    its own.  The categories of one benchmark ("STEM", "Humanities" of MMLU; lines the registry
    does not list under a caption naming the benchmark, or under a line header such as
    "supercategory" or "Subject") are averaged over items or subjects with weights the table
    does not print, so their average is flagged only when it lies outside the range of the
    categories, where no weighting can put it.  A line of averages that fails for several
    models is one finding naming each.  A reading that works only by averaging a rating or percentile with percentages
    is flagged here too (the CC101 mistake, made inside an average); a lower-is-better row
    averaged in is CC105's.  A table of category averages ("Reasoning 78.7") is set against the
    rows the page files under each category elsewhere (a category column, or a table under a
    heading of that name): rows that recompute from none of them, and categories the page shows
    nowhere, average benchmarks the page does not list (one info finding per table).

    Bad:
        | Benchmark | A    | B    |
        | MMLU      | 80.0 | 70.0 |
        | GPQA      | 60.0 | 50.0 |
        | Average   | 72.0 | 60.0 |   (A: mean is 70.0)
    Good:
        | Average   | 70.0 | 60.0 |
    Reference: Brown, N. J. L. & Heathers, J. A. J. (2017). "The GRIM Test: A Simple Technique Detects
        Numerous Anomalies in the Reporting of Results in Psychology." Soc. Psychol. Personal. Sci. 8(4),
        363–369, doi:10.1177/1948550616673876 (averages must recompute within rounding).
    """

    code, slug, family, severity = "CC402", "aggregate-mismatch", "integrity", "error"
    levels = {"info": "category averages the page's rows of those categories do not recompute, or that no row on "
                      "the page feeds: they average benchmarks the page does not show, so they cannot be checked"}

    def check(self, context: CheckContext) -> Iterator[Finding]:
        lines: dict[str, list[AggregateFit]] = {}  # an average line -> the fits of its cells
        for fit in aggregate_fits(context):
            lines.setdefault(fit.aggregate.group, []).append(fit)
        for fits in lines.values():
            off = [f for f in fits if f.match is None and f.zero_match is None]
            if len(off) == 1:
                yield self._mismatch(off[0])
            elif off:  # one finding per line: the analyst reads one broken average row, not one per model
                yield self._line_mismatch(off, len(fits))
            for fit in fits:
                if fit.match is not None and fit.match.inputs.other_units:
                    yield self._mixed(fit.aggregate, fit.match)
        yield from self._unshown(context)

    def _unshown(self, context: CheckContext) -> Iterator[Finding]:
        """A table of category averages ("Reasoning 78.7") beside the page's rows of those categories: the
        rows that do not recompute from any place the page shows the category, and the rows of categories
        the page shows nowhere.  Said once per table, and only when at least one of its categories is
        shown elsewhere (the table then invites the comparison); a row some of whose cells recompute is
        named with the cells that do not."""
        tables: dict[tuple[int, int], dict[str, list[CategoryFit]]] = {}
        for fit in category_fits(context):
            tables.setdefault((fit.aggregate.input, fit.aggregate.table), {}).setdefault(fit.aggregate.group, []).append(fit)
        for rows in tables.values():
            if not any(f.tried for fits in rows.values() for f in fits):
                continue
            off = {g: [f for f in fits if f.tried and f.match is None] for g, fits in rows.items()}
            off = {g: fits for g, fits in off.items() if fits}
            unseen = [fits[0].aggregate for fits in rows.values() if not any(f.shown for f in fits)]
            if not off and not unseen:
                continue
            parts = []
            for fits in off.values():
                f = fits[0]
                r = f.closest
                assert r is not None
                of = len(rows[f.aggregate.group])
                gives = f"{f.aggregate.model} {f.aggregate.cell.shown} where {r.inputs.where} give {_fmt(r.expected, f.aggregate)}"
                parts.append(f"{f.aggregate.title!r} (row {f.aggregate.row}) recomputes for none of the {of} models ({gives})"
                             if len(fits) == of else
                             f"{f.aggregate.title!r} (row {f.aggregate.row}) recomputes from nothing the page shows for "
                             f"{len(fits)} of its {of} models ({gives})")
            if unseen:
                names = [repr(a.title) for a in unseen]
                parts.append(f"{' and '.join(names) if len(names) <= 2 else ', '.join(names[:-1]) + ' and ' + names[-1]} "
                             f"{'has' if len(unseen) == 1 else 'have'} no row on the page")
            cells = [f.aggregate for fits in off.values() for f in fits] + unseen
            where = cells[0].origin or f"table {cells[0].table + 1}"
            yield self.finding(
                f"The category averages of {where} do not follow from the rows the page shows: {'; '.join(parts)}. "
                f"They average benchmarks the page does not list, so they cannot be checked",
                scores=[c.id for c in cells], severity="info",
                categories=[fits[0].aggregate.title for fits in off.values()], unseen=[a.title for a in unseen],
                recomputed=[{"row": f.aggregate.title, "model": f.aggregate.model, **f.closest.numbers()}
                            for fits in off.values() for f in fits if f.closest is not None],
            )

    def _mismatch(self, fit: AggregateFit) -> Finding:
        agg, r = fit.aggregate, fit.closest
        assert r is not None
        return self.finding(
            f"{cell_name(agg)} does not recompute from its inputs: the closest reading, the {r.method} of "
            f"{r.inputs.where}, gives {_fmt(r.expected, agg)} (rounding allows ±{_fmt(r.tolerance, agg)}), "
            f"{abs(r.diff):.{(agg.cell.decimals or 0) + 1}f} away; {len(fit.tried)} reading(s) of its inputs tried",
            scores=(agg.id, *(c.id for c in r.cells)), **r.numbers(), readings_tried=len(fit.tried),
            doubts=((agg.id, "an average that does not recompute from its rows"),),
        )

    def _line_mismatch(self, off: list[AggregateFit], of: int) -> Finding:
        first = off[0].aggregate
        closest = [f.closest for f in off]
        assert all(r is not None for r in closest)
        readings = {(r.method, r.inputs.where) for r in closest}
        if len(readings) == 1:  # one reading is closest for every model: name it once
            ((method, where),) = readings
            said = f"the closest reading, the {method} of {where}, gives " + "; ".join(
                f"{_fmt(r.expected, f.aggregate)} for {f.aggregate.model}'s {f.aggregate.cell.shown} (±{_fmt(r.tolerance, f.aggregate)})"
                for f, r in zip(off, closest))
        else:
            said = "the closest readings: " + "; ".join(
                f"{f.aggregate.model} {f.aggregate.cell.shown} (the {r.method} of {r.inputs.where} gives "
                f"{_fmt(r.expected, f.aggregate)}, ±{_fmt(r.tolerance, f.aggregate)})" for f, r in zip(off, closest))
        return self.finding(
            f"{first.title!r} ({first.line_ref}) does not recompute from its inputs for {len(off)} of its {of} models; {said}",
            scores=tuple(dict.fromkeys(i for f, r in zip(off, closest) for i in (f.aggregate.id, *(c.id for c in r.cells)))),
            recomputed=[{"model": f.aggregate.model, **r.numbers(), "readings_tried": len(f.tried)} for f, r in zip(off, closest)],
            doubts=tuple((f.aggregate.id, "an average that does not recompute from its rows") for f in off),
        )

    def _mixed(self, agg: Score, r: Recomputed) -> Finding:
        mixed = r.inputs.other_units
        what = ", ".join(f"{r.inputs.axis[:-1]} {row} ({KIND_WORDS[kind]})" for row, kind in mixed)
        return self.finding(
            f"{cell_name(agg)} recomputes only as the {r.method} of {r.inputs.where}, which averages {what} "
            f"with {KIND_WORDS[r.inputs.kind]}s as if they were one unit (CC101)",
            scores=(agg.id, *(c.id for c in r.cells)), **r.numbers(),
            mixed_rows=[row for row, _ in mixed], mixed_kinds=[kind for _, kind in mixed],
            doubts=((agg.id, "an average over values of different units"),),
        )


# ── duplicates and chance ───────────────────────────────────────────────────

#: a heading naming a public leaderboard: the table below it is the board's run ("Open LLM Leaderboard Evaluation
#: Results", which Hugging Face's bot appends to model cards), not the page's own
_LEADERBOARD = re.compile(r"\bleader\s?-?board\b|排行榜|榜单", re.I)


def leaderboard_heading(table: SourceTable) -> str:
    """The heading of a table naming a public leaderboard, or ""."""
    return next((h for h in (*table.headings, *table.parents) if _LEADERBOARD.search(h)), "")



class ConflictingValues(Rule):
    """The same model, benchmark and protocol given two different values.

    When a table (or two tables of one report) prints the same model on the same benchmark,
    version, subset, tools, harness, judge, metric and budget twice with values that differ
    by more than printed rounding, at least one of them is not what it claims to be: a
    copying error, a silent rerun, or a protocol difference the table does not state.
    Within one table, two rows count as the same only when everything they print besides
    their values (label, metric, qualifiers) is the same: a vendor who prints a benchmark
    twice with different qualifiers ("Inhouse framework" / "Terminus") means two setups,
    even where claimcheck cannot read the difference.  Across tables, the labels must agree
    or both must name the benchmark and nothing else; the conflicts between two tables are
    one finding.  One number printed twice at one precision prints the same digits, so 63.3
    and 63.4 conflict while 70.24 and 70.2 agree.  A model's row printed twice in one table is
    one finding, naming each benchmark whose values differ; when a second table prints the model
    too, the cross-table finding names every cell, those two rows included, and is the only one.

    A summary table that repeats one setup of a detailed table (the "Pass@1 (Avg@64)" column
    beside "Majority@64") without naming it is read as that setup when most of the values the
    two share for it are equal (see ``duplicates.linked_conflicts``); its values that differ are
    conflicts too.  So is a baseline column that reprints its publisher's own earlier table (a
    bundled reference: two rows or more print its figures exactly) and differs from it on a row
    measured the same way: a re-run or a corrected figure the page does not mention (info).
    A table under a heading naming a public leaderboard ("Open LLM Leaderboard Evaluation
    Results", which Hugging Face appends to model cards) is the board's own run: where it differs
    from the page's table, two evaluators measured the model (info).

    Bad:
        | Benchmark    | A     |        | Benchmark    | A     |
        | GPQA Diamond | 71.2% |   and  | GPQA Diamond | 68.4% |
    Good:
        the same value in both places, or labels that state how the two runs differ.
    Reference: Biderman, S. et al. (2024). "Lessons from the Trenches on Reproducible Evaluation of Language
        Models." arXiv:2405.14782 (a score is bound to data, model, harness, budget, scoring and aggregation:
        one setup, one value).
    """

    code, slug, family, severity = "CC404", "conflicting-values", "integrity", "error"
    levels = {"warning": "a table repeating another's column differs from it only by one unit of the last printed "
                         "digit: a copy slip or a rerun, small but one measurement cannot have two values",
              "info": "a baseline column reprinting its publisher's own earlier table differs from it on some rows: "
                      "a re-run, another setup or a corrected figure of the same model, which the page does not say; "
                      "or a table under a leaderboard's heading (its own run) differs from the page's own table"}

    def check(self, context: CheckContext) -> Iterator[Finding]:
        across: dict[tuple[int, ...], list[list[Score]]] = {}
        direct = list(conflicting_values(context))
        told = {s.id for involved in direct for s in involved}
        within: dict[tuple, list[list[Score]]] = {}  # one model's rows printed twice in a table -> their cells
        for group in direct:
            tables = tuple(sorted({s.table for s in group}))
            if len(tables) > 1:  # the cross-table finding names every cell, those two rows of one table too
                across.setdefault(tables, []).append(group)
                continue
            involved = group  # the same line printed twice in one table with two values
            if not any(same_number(a, b) is False and same_line(context, a, b)
                       for i, a in enumerate(involved) for b in involved[i + 1:]):
                continue  # two setups of one line in this table ("setting A", "setting B"): no conflict here
            rows = (involved[0].input, involved[0].table, involved[0].model, tuple(sorted({s.row for s in involved})))
            within.setdefault(rows, []).append(involved)
        for groups in within.values():  # one finding per duplicated row, however many of its cells differ
            yield self._within(context, groups)
        for tables, groups in across.items():
            items = "; ".join(f"{g[0].model.split(' · ')[0]} on {g[0].title!r}: "
                              + ", ".join(f"{s.cell.raw.strip()} ({s.ref})" for s in g) for g in groups)
            names = " and ".join(dict.fromkeys(next(s.origin or context.table(t).name for s in groups[0] if s.table == t)
                                               for t in tables))
            involved = [s for g in groups for s in g]
            boards = {t: leaderboard_heading(context.table(t)) for t in tables}
            if len(set(boards.values())) > 1:  # a leaderboard's own run beside the vendor's: two evaluators
                board = next(h for h in boards.values() if h)
                yield self.finding(
                    f"{names[0].upper()}{names[1:]} give {len(groups)} model-and-benchmark cell{'s' if len(groups) > 1 else ''} "
                    f"different values: {items}. The table under {board!r} is that leaderboard's own run, the other the "
                    f"page's: two evaluations (harness version, prompts, answer extraction), so quote either with its source",
                    scores=[s.id for s in involved], values=[s.value for s in involved], severity="info",
                    rows=[s.row for s in involved], tables=[s.table for s in involved], board=board,
                )
                continue
            yield self.finding(
                f"{names[0].upper()}{names[1:]} give {len(groups)} model-and-benchmark cell{'s' if len(groups) > 1 else ''} "
                f"different values for what they print as the same benchmark and protocol: {items}. Nothing printed says "
                f"how the tables differ (base or tuned checkpoints, a rerun, another setup)",
                scores=[s.id for s in involved], values=[s.value for s in involved],
                rows=[s.row for s in involved], tables=[s.table for s in involved],
            )
        yield from self._reprints(context)
        said: set[frozenset[str]] = set()  # two tables linked both ways give one conflict once
        for column, equal, pairs in linked_conflicts(context):
            pairs = [(s, t) for s, t in pairs if not {s.id, t.id} <= told and frozenset((s.id, t.id)) not in said]
            if not pairs:
                continue
            said.update(frozenset((s.id, t.id)) for s, t in pairs)
            summary, detailed = pairs[0][0].table, pairs[0][1].table
            items = "; ".join(f"{s.model} on {s.title!r} {s.cell.raw.strip()} ({s.ref}) vs {t.cell.raw.strip()} ({t.ref})"
                              for s, t in pairs)
            slip = all(abs(s.value - t.value) <= 2 * max(s.cell.half_unit, t.cell.half_unit) + 1e-9 for s, t in pairs)
            where = pairs[0][0].origin or context.table(summary).name
            yield self.finding(
                f"{where[0].upper()}{where[1:]} repeats the {repr(column) + ' ' if column else ''}values of "
                f"{pairs[0][1].origin or context.table(detailed).name} ({equal} of the cells they share are equal) but "
                f"prints {len(pairs)} of them differently: {items}. One measurement, two values"
                + (": a copy slip or a rerun" if slip else ""),
                scores=[x.id for pair in pairs for x in pair], severity="warning" if slip else None,
                values=[[s.value, t.value] for s, t in pairs], equal=equal, setup=column,
                tables=[summary, detailed],
            )

    def _reprints(self, context: CheckContext) -> Iterator[Finding]:
        """Columns that reprint the page publisher's own earlier table (two rows or more print its figures
        exactly) but differ from it on other rows measured the same way."""
        from claimcheck.checker.rules.comparability import COPIED_MIN, printed_alike, own_references

        sources = {r.id: r for r in context.references}
        own = own_references(context, sources)
        columns: dict[tuple[int, int, str, str], list] = {}
        for c in context.counterparts:
            if c.reference in own:
                s = context.score(c.score)
                columns.setdefault((s.input, s.table, s.model, c.reference), []).append(c)
        for (_, _, model, ref), found in columns.items():
            same = {c.score for c in found if c.verdict == "identical"}
            if len({context.score(i).group for i in same}) < COPIED_MIN:
                continue
            differ = [c for c in found if c.score not in same and c.comparison is not None  # measured the same way
                      and not c.comparison.why_not and not printed_alike(context.score(c.score), c)]
            if not differ:
                continue
            title = sources[ref].title.split(",")[0]
            by_cell: dict[str, list] = {}  # a cell the reference prints on two rows is named once, with both
            for c in differ:
                by_cell.setdefault(c.score, []).append(c)
            shown = "; ".join(f"{context.score(i).title!r} {context.score(i).cell.shown} (there {_there(cs)}"
                              f"{_unstated_between(cs)})" for i, cs in list(by_cell.items())[:4])
            yield self.finding(
                f"{model} in {context.score(differ[0].score).origin or f'table {context.score(differ[0].score).table + 1}'} "
                f"prints {sources[ref].publisher}'s own {title} figures on {len(same)} rows, but not on {shown}: a re-run, "
                f"another setup or a corrected figure of the same model, which the page does not say",
                scores=list(by_cell), severity="info", reference=ref,
                values=[[context.score(c.score).value, c.value] for c in differ], copied=len(same))

    def _within(self, context: CheckContext, groups: list[list[Score]]) -> Finding:
        """One model's line printed twice (or more) in one table, with the benchmarks whose values differ."""
        first = groups[0]
        if len(groups) == 1:
            where = "; ".join(f"{s.cell.raw.strip()} ({where_printed(context, s)})" for s in first)
            message = (f"{first[0].model} on {first[0].title!r} is given conflicting values for the same benchmark "
                       f"and protocol: {where}")
        else:
            rows = sorted({s.row for s in first})
            listed = "; ".join(f"{g[0].title!r} " + " vs ".join(s.cell.raw.strip() for s in g) for g in groups)
            message = (f"{first[0].model} is printed on {len(rows)} rows of {context.table(first[0].table).name} "
                       f"(rows {', '.join(map(str, rows))}) with conflicting values on {len(groups)} benchmarks of "
                       f"the same protocol: {listed}")
        involved = [s for g in groups for s in g]
        return self.finding(
            message, scores=[s.id for s in involved], values=[s.value for s in involved],
            rows=[s.row for s in involved], tables=[s.table for s in involved], cells=len(groups),
        )


class BelowChance(Rule):
    """A score below the benchmark's chance level, which points to a format or extraction failure.

    On a 4-way multiple-choice benchmark a model that guesses scores 25%.  A score well below
    that means answers were not extracted, the output format was rejected, or the model
    refused: the number measures the harness, not the knowledge.  With n known, a one-sided
    Wilson bound says whether the score is significantly below guessing.  Scores within noise of
    chance are one note per row when several models of the row sit there, else one per model and
    table.

    Bad:
        | MMLU | 20.0% |   (chance 25%, n = 14,042: the one-sided 95% upper bound 20.6% < 25%)
    Good:
        | MMLU | 20.0% |   with a note on the answer-extraction failure, or a fixed rerun.
    Reference: Hendrycks, D. et al. (2021). "Measuring Massive Multitask Language Understanding." ICLR 2021,
        arXiv:2009.03300; Wilson, E. B. (1927). J. Am. Stat. Assoc. 22(158), 209–212 (4-way multiple choice:
        guessing scores 25%; far below that, answer extraction or format failed).
    """

    code, slug, family, severity = "CC407", "below-chance", "integrity", "warning"
    #: with no item count, a score this far below chance is significant on any benchmark of this many items
    SMALL_N = 100
    levels = {"error": "significantly below chance at a known (not assumed) item count",
              "info": "within sampling noise of the chance level (guessing explains it), near it with no item "
                      "count to test, or below it on a set whose items were chosen to defeat shallow solvers"}

    def check(self, context: CheckContext) -> Iterator[Finding]:
        notes: list[Finding] = []  # within noise of chance: one finding per row, else per model and table
        for s in context.checked():
            chance, p = s.resolution.chance, s.proportion
            if chance is None or p is None or s.unit not in PROPORTION_UNITS or p >= chance:
                continue
            f = self._below(context, s, chance, p)
            if f.severity == "info":
                notes.append(f)
            else:
                yield f
        rows: dict[str, list[Finding]] = {}  # several models at chance on one row: the row's issue, said once
        for f in notes:
            rows.setdefault(context.score(f.scores[0]).group, []).append(f)
        quiet: dict[tuple, list[Finding]] = {}
        for found in rows.values():
            if len(found) > 1:
                yield self._one_row(context, found)
                continue
            s = context.score(found[0].scores[0])
            quiet.setdefault((s.input, s.table, s.model), []).append(found[0])
        for found in quiet.values():
            yield found[0] if len(found) == 1 else self._together(context, found)

    def _one_row(self, context: CheckContext, found: list[Finding]) -> Finding:
        """Several models of one row below the chance level, each within noise of it: one note for the row."""
        cells = [context.score(f.scores[0]) for f in found]
        first = cells[0]
        shown = ", ".join(f"{c.model} {c.cell.shown}" for c in cells[:6]) + (f" and {len(cells) - 6} more" if len(cells) > 6 else "")
        untested = any(c.n is None for c in cells)
        return self.finding(
            f"{len(cells)} models are below the chance level {100 * first.resolution.chance:.0f}% of "
            f"{first.resolution.benchmark_name} on {first.title!r} ({first.line_ref}): {shown}, each by less than sampling "
            f"noise can explain" + (" (with no item count, not testable against guessing)" if untested else
                                    n_caveat([c.resolution.n_source for c in cells]))
            + ": guessing, or an answer-format or extraction failure", scores=[c.id for c in cells], severity="info",
            cells=len(cells), models=[c.model for c in cells], proportions=[c.proportion for c in cells],
            chance=first.resolution.chance, n=first.n, n_source=first.resolution.n_source, alpha=context.alpha,
        )

    def _together(self, context: CheckContext, found: list[Finding]) -> Finding:
        """Several lines of one table where one model sits below chance within noise: said once."""
        cells = [context.score(f.scores[0]) for f in found]
        shown = "; ".join(f"{c.title!r} {c.cell.shown}" for c in cells[:6]) + (f"; and {len(cells) - 6} more" if len(cells) > 6 else "")
        return self.finding(
            f"{cells[0].model} is below the chance level on {len(cells)} lines of {cells[0].origin or f'table {cells[0].table + 1}'} "
            f"({shown}), each by less than sampling noise can explain: guessing, or an answer-format or extraction "
            f"failure", scores=[c.id for c in cells], severity="info", lines=len(cells),
            proportions=[c.proportion for c in cells], chances=[c.resolution.chance for c in cells], alpha=context.alpha,
        )

    def _below(self, context: CheckContext, s: Score, chance: float, p: float) -> Finding:
        from claimcheck.stats import wilson_interval, z_crit

        msg = f"{cell_name(s)} is below the chance level {100 * chance:.0f}% of {s.resolution.benchmark_name}"
        numbers = dict(proportion=p, chance=chance, n=s.n, n_source=s.resolution.n_source, alpha=context.alpha)
        if s.n is None:  # untestable: a warning only when no benchmark of SMALL_N items or more could explain it
            far = chance - p > z_crit(context.alpha) * math.sqrt(chance * (1 - chance) / self.SMALL_N)
            return self.finding(msg + (f" by {100 * (chance - p):.1f} points, more than guessing explains on any "
                                       f"benchmark of {self.SMALL_N} items or more: this points to an answer-format "
                                       f"or extraction failure" if far else ", by less than sampling noise could "
                                       "explain on a small benchmark") + "; with no item count it cannot be tested "
                                "against guessing", scores=(s.id,), severity=None if far else "info", **numbers,
                                doubts=((s.id, "below chance (an extraction failure?)"),) if far else ())
        # one-sided test at alpha: the upper end of the two-sided (1 - 2·alpha) Wilson interval
        bound = wilson_interval(p, s.n, alpha=2 * context.alpha).high
        assumed = s.resolution.n_source == "assumed"
        at = f"at n = {s.n:,}{' (assumed)' if assumed else ', inferred from the values' if s.resolution.n_source == 'implied' else ''}"
        expected = s.resolution.below_chance
        if bound < chance and expected:  # a set built to defeat shallow solvers: a weak model lands below guessing
            verdict = (f"significantly so (one-sided {100 * (1 - context.alpha):.0f}% Wilson upper bound "
                       f"{100 * bound:.1f}% {at}), which a weak model may score with nothing wrong: {expected}")
        elif bound < chance:
            verdict = (f"significantly so (one-sided {100 * (1 - context.alpha):.0f}% Wilson upper bound "
                       f"{100 * bound:.1f}% {at}): this points to an answer-format or extraction failure, "
                       f"not to what the model knows")
        else:
            verdict = (f"though not significantly (one-sided upper bound {100 * bound:.1f}% {at}): guessing, "
                       f"or an answer-format or extraction failure")
        significant = bound < chance
        failure = significant and not expected
        return self.finding(
            f"{msg}, {verdict}", scores=(s.id,),
            severity=("error" if not assumed else None) if failure else "info",
            upper_bound=bound, significant=significant, **numbers,
            doubts=((s.id, "below chance (an extraction failure?)"),) if failure else (),
        )


class OutOfRange(Rule):
    """A value outside the range its unit allows (a percentage above 100 or below 0).

    105% or −3% cannot be a share of items solved: the cell holds a typo, a different unit (a
    delta, a rating, a count), or a value copied from the wrong column.  No interval or test is
    computed for it, and comparisons that involve it say why.

    Bad:
        | GPQA Diamond | 105.0% | 68.7% |
    Good:
        | GPQA Diamond | 75.0%  | 68.7% |
    Reference: Broman, K. W. & Woo, K. H. (2018). "Data Organization in Spreadsheets." The American
        Statistician 72(1), 2–10, doi:10.1080/00031305.2017.1375989 (validate data on entry: a share of items
        solved lies between 0% and 100%).
    """

    code, slug, family, severity = "CC408", "out-of-range", "integrity", "error"
    levels = {"warning": "above 100% on a line the registry does not know: it may be a score relative to a reference "
                         "model (WizardLM's 'WizardEval', a share of ChatGPT's score), not a share of items"}

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for s in context.checked():
            if s.unit not in PROPORTION_UNITS or s.value is None:
                continue
            top = s.scale
            if not 0.0 <= s.value <= top:
                relative = s.benchmark is None and s.value > top  # nothing says the line counts items solved
                yield self.finding(
                    f"{cell_name(s)} lies outside 0–{top:g}{'' if top == 1 else '%'}: it cannot be a share of items"
                    + ("; the registry does not know the line, so the percentage may be relative to a reference "
                       "model's score: say what it is a percentage of" if relative else ""),
                    scores=(s.id,), value=s.value, low=0.0, high=top, severity="warning" if relative else None,
                    doubts=((s.id, "outside its unit's range"),),
                )


class MarkNotBest(Rule):
    """A bold, underline or "best" mark that the values contradict, or a stated bolding rule the table breaks.

    Bold in a benchmark table is a claim: this is the best result.  On a cell that is not the
    highest (or, for lower-is-better metrics, the lowest) of its row or block, the claim is
    false; an underline read as "second best" is false when an unmarked cell beats it; a mark on one
    of two equal cells presents a tie as a lead.  When the
    table's notes state a bolding rule ("best results in bold", "gaps ≤ 0.3 are ties and both
    bolded"), a best cell left plain or a tie left plain breaks the table's own rule.  Whether a
    correct bold is more than noise is a different question, CC306.

    Bad:
        | MMLU | **85.0** | 86.2 |   (bold on the lower value)
    Good:
        | MMLU | 85.0 | **86.2** |
    Reference: Dror, R. et al. (2018). "The Hitchhiker’s Guide to Testing Statistical Significance in Natural
        Language Processing." ACL 2018, 1383–1392 (a bold or “best” mark claims the best value of its row, the
        lowest for lower-is-better metrics).
    """

    code, slug, family, severity = "CC409", "mark-not-best", "integrity", "error"
    levels = {"warning": "a mark on one of two equal cells: no value contradicts it, but it leaves a co-leader out "
                         "and presents a tie as a lead"}

    #: this many cells of one table with one mark style, each beaten: one convention, said once
    SAME_MARK = 3

    def check(self, context: CheckContext) -> Iterator[Finding]:
        wrong: dict[tuple, list[tuple[MarkedRow, Score]]] = {}
        runners: dict[tuple, list[tuple[MarkedRow, Score, Score]]] = {}
        for view in marked_rows(context):
            for s in view.marked:
                if not view.is_top(s) and s.id not in view.tied and not misread_direction(s, view.cells):
                    wrong.setdefault((s.input, s.table, s.cell.emphasis), []).append((view, s))
            yield from self._rule_followed(view)
            yield from self._lone_tie(view)
            for s, better in view.beaten_runners_up():
                runners.setdefault((s.input, s.table), []).append((view, s, better))
        for cells in wrong.values():
            if len(cells) < self.SAME_MARK:
                yield from (self._not_best(view, s, view.best) for view, s in cells)
            else:
                yield self._convention(cells)
        for beaten in runners.values():
            if len(beaten) < self.SAME_MARK:
                yield from (self._not_best(view, s, better, runner_up=True) for view, s, better in beaten)
            else:
                yield self._runners_up(beaten)

    def _runners_up(self, beaten: list[tuple[MarkedRow, Score, Score]]) -> Finding:
        """Many cells of one table underlined as runner-up with a better unmarked cell: one finding."""
        shown = "; ".join(f"{s.model} {s.cell.shown} on {s.title!r} ({s.ref}; {better.model} {better.cell.shown})"
                          for _, s, better in beaten[:5]) + (f"; and {len(beaten) - 5} more" if len(beaten) > 5 else "")
        return self.finding(
            f"{len(beaten)} cells underlined as the runner-up are not second in their rows: {shown}",
            scores=[i for _, s, better in beaten for i in (s.id, better.id)], cells=len(beaten), mark="underline",
        )

    def _convention(self, cells: list[tuple[MarkedRow, Score]]) -> Finding:
        """Many cells of one mark style, none the best of its row: the mark means something the notes
        do not say (the best of a group, say), so each cell is not a separate error."""
        mark = ", ".join(cells[0][1].cell.emphasis) or "marker"
        shown = "; ".join(f"{s.model} {s.cell.shown} on {s.title!r} ({s.ref}; {view.best.model} {view.best.cell.shown})"
                          for view, s in cells[:5]) + (f"; and {len(cells) - 5} more" if len(cells) > 5 else "")
        return self.finding(
            f"{len(cells)} cells marked best ({mark}) are not the best of their rows: {shown}. If this mark means the "
            f"best of a group (open-weight models, say), the table's notes do not say so",
            scores=[i for view, s in cells for i in (s.id, view.best.id)], cells=len(cells), mark=mark,
        )

    def _not_best(self, view: MarkedRow, s: Score, best: Score, runner_up: bool = False) -> Finding:
        mark = "underlined as the runner-up" if runner_up else f"marked best ({', '.join(s.cell.emphasis) or 'marker'})"
        return self.finding(
            f"{cell_name(s)} is {mark}, but {best.model} {best.cell.shown} is "
            + ("lower (lower is better)" if view.lower else "higher"),
            scores=(s.id, best.id), value=s.value, best_value=best.value,
            best_model=best.model, direction="lower" if view.lower else "higher", tie_gap=view.marks.tie_gap,
        )

    def _lone_tie(self, view: MarkedRow) -> Iterator[Finding]:
        marked = next((s for s in view.marked if view.is_top(s)), None)
        for s in view.unmarked_equals():
            yield self.finding(
                f"{cell_name(marked)} is marked best, but {s.model} {s.cell.shown} has the same value and is "
                f"not marked: the mark presents a tie as a lead",
                scores=(marked.id, s.id), value=marked.value, best_value=s.value, best_model=s.model,
                direction="lower" if view.lower else "higher", tie_gap=None, severity="warning",
            )

    def _rule_followed(self, view: MarkedRow) -> Iterator[Finding]:
        marks, best = view.marks, view.best
        if marks.tie_gap is not None and view.marked:
            for s in view.unmarked_ties():
                yield self.finding(
                    f"{cell_name(s)} is within {marks.tie_gap:g} of the best, which the notes call a tie to be "
                    f"bolded ({marks.rule!r}), but it is not bolded",
                    scores=(s.id, best.id), tie_gap=marks.tie_gap, gap=view.top - merit(s), rule=marks.rule,
                )
        elif marks.best_is_bold and marks.best and not any(view.is_top(s) for s in view.marked):
            yield self.finding(
                f"the notes say the best result is bold ({marks.rule!r}), but the best on {best.title!r} "
                f"({best.line_ref}), {best.model} {best.cell.shown}, is not",
                scores=(best.id,), rule=marks.rule,
            )


class DuplicatedValues(Rule):
    """Two different models printed with the same values on several rows: one column filled from the other.

    Two models evaluated independently tie on a row only by chance: at one decimal, on a row whose
    values spread over 20 points, about one time in two hundred.  Several exact ties between the
    same two models are then no coincidence: a column was copied, a cell range pasted twice, or one
    model's numbers were reused for the other.  The chance is computed per row from the printed
    precision and the spread of the row's values (a tie is one printed value among those the row's
    range allows; on a line of whole counts of n items, one count among those the range holds, so 98.80
    twice on an 83-item set is no surprise), and corrected for the number of model pairs in the table; a single tie (84.0 and
    84.0 on a 10,000-item set) is never flagged, and neither are ties at 0 or 100.  Models whose columns
    print the same values on the same rows are one finding together, not one per pair.

    Bad:
        | CMMLU | **78.0** | 74.5 | 74.5 |
        | BBH   | 70.1     | 69.6 | 69.6 |
        | MATH  | 60.1     | 51.1 | 51.1 |
    Good:
        the two columns as each model actually scored.
    Reference: Brown, N. J. L. & Heathers, J. A. J. (2017). "The GRIM Test: A Simple Technique Detects Numerous
        Anomalies in the Reporting of Results in Psychology." Soc. Psychol. Personal. Sci. 8(4), 363–369 (printed
        values carry evidence of how they were made; exact repeats across independent runs are improbable).
    """

    code, slug, family, severity = "CC410", "duplicated-values", "integrity", "warning"
    #: ties needed, and the family-wise chance below which they are no coincidence
    TIES = 2
    EVIDENCE = 0.01

    def check(self, context: CheckContext) -> Iterator[Finding]:
        from claimcheck.parsing.attribution import base_model
        from claimcheck.stats.granularity import tie_chance

        tables: dict[tuple[int, int], list[tuple[float, dict[str, Score]]]] = {}  # per row: tie chance, cell by model
        for line in context.rows().values():
            cells = [s for s in line if s.status == "checked" and s.value is not None and is_benchmark_row(s)]
            chance = tie_chance([s.value for s in cells], self._spacing(cells))
            if chance is not None:
                tables.setdefault((cells[0].input, cells[0].table), []).append((chance, {s.model: s for s in cells}))
        for rows in tables.values():
            models = list(dict.fromkeys(m for _, by_model in rows for m in by_model))
            order = {m: i for i, m in enumerate(models)}
            bases = Counter(base_model(m).casefold() for m in models)
            tested = len(models) * (len(models) - 1) // 2 - sum(k * (k - 1) // 2 for k in bases.values())
            clones: dict[tuple, list] = {}
            for a, b, tie_rows, p, shared, printed in self._tied_pairs(rows, order, tested):
                if p < self.EVIDENCE:  # models printing the same values on the same rows: one finding for them all
                    clones.setdefault((printed, shared), []).append((a, b, tie_rows, p, shared))
            for found in clones.values():
                yield self._clones(found, rows, tested)

    def _tied_pairs(self, rows: list[tuple[float, dict[str, Score]]], order: dict[str, int],
                    tested: int) -> Iterator[tuple[str, str, tuple[int, ...], float, int, tuple]]:
        """(a, b, the rows they tie on, p corrected for ``tested`` pairs, rows shared, (line, value) of each tie)
        of every pair of models
        of different bases printing one value on ``TIES`` rows or more, in the order of the models.  Only pairs
        that tie are looked at (found through the values, not all pairs), and models whose columns print alike
        (a board repeating one column) are one signature: what two signatures share is worked out once."""
        from claimcheck.parsing.attribution import base_model

        def mark(x: Score | None) -> tuple | None:  # all a pair's test reads of one cell
            return None if x is None else (x.cell.shown, x.cell.decimals, x.value not in (0, x.scale))

        signature = {m: tuple(mark(by_model.get(m)) for _, by_model in rows) for m in order}
        kinds = {sig: i for i, sig in enumerate(dict.fromkeys(signature.values()))}
        kind = {m: kinds[signature[m]] for m in order}
        tied: Counter = Counter()  # pairs of two signatures, counted by row; a signature's own pairs below
        for _, by_model in rows:
            same: dict[tuple, list[str]] = {}
            for m, x in by_model.items():
                if x.value not in (0, x.scale):
                    same.setdefault((x.cell.shown, x.cell.decimals), []).append(m)
            for group in same.values():
                if len(group) > 1 and len({kind[m] for m in group}) > 1:
                    group.sort(key=order.__getitem__)
                    tied.update((a, b) for i, a in enumerate(group) for b in group[i + 1:] if kind[a] != kind[b])
        members: dict[int, list[str]] = {}
        for m in order:
            members.setdefault(kind[m], []).append(m)
        for sig, k in kinds.items():  # every pair of one signature ties on each row its cells print tie-able
            count = sum(1 for x in sig if x is not None and x[2])
            if len(members[k]) > 1 and count >= self.TIES:
                group = members[k]
                tied.update({(a, b): count for i, a in enumerate(group) for b in group[i + 1:]})
        pairs = sorted(((a, b) for (a, b), k in tied.items()
                        if k >= self.TIES and base_model(a).casefold() != base_model(b).casefold()),
                       key=lambda ab: (order[ab[0]], order[ab[1]]))
        judged: dict[tuple[int, int], tuple[tuple[int, ...], float, int] | None] = {}
        for a, b in pairs:
            both = (kind[a], kind[b])
            if both not in judged:
                judged[both] = self._judge_pair(signature[a], signature[b], rows, tested)
            if judged[both] is not None:
                yield (a, b, *judged[both])

    def _judge_pair(self, mine: tuple, theirs: tuple, rows: list[tuple[float, dict[str, Score]]],
                    tested: int) -> tuple[tuple[int, ...], float, int, tuple] | None:
        """The rows two columns (their cells' signatures) tie on, the chance of so many ties corrected for
        ``tested`` pairs, the rows they share, and each tie's line and printed value; None when they tie on
        fewer than ``TIES``."""
        from claimcheck.stats import fits_beyond_chance

        shared, ties = [], []
        for r, (x, y) in enumerate(zip(mine, theirs)):
            if x is None or y is None:
                continue
            shared.append(rows[r][0])
            if x[0] == y[0] and x[2] and x[1] == y[1]:
                ties.append(r)
        if len(ties) < self.TIES:
            return None
        printed = tuple((next(iter(rows[r][1].values())).group, mine[r][0]) for r in ties)  # a row is one line
        p = fits_beyond_chance(len(ties), len(shared), sum(shared) / len(shared)) * tested
        return tuple(ties), p, len(shared), printed

    def _clones(self, found: list, rows: list[tuple[float, dict[str, Score]]], tested: int) -> Finding:
        """One finding for the models whose columns print the same values on the same rows ("M1 and M2",
        or "M1, M2, M3, M4 and 14 more" when a board repeats one column many times)."""
        a, b, tie_rows, p, shared = found[0]  # rows and values are the group's key: every pair has these ties and p
        ties = [(rows[r][1][a], rows[r][1][b]) for r in tie_rows]
        models = list(dict.fromkeys(m for a, b, *_ in found for m in (a, b)))
        cells = list(dict.fromkeys(i for a, b, ts, *_ in found for r in ts for i in (rows[r][1][a].id, rows[r][1][b].id)))
        shown = ", ".join(f"{x.title} {x.cell.shown}" for x, _ in ties)
        names = (f"{', '.join(models[:-1])} and {models[-1]}" if len(models) <= 5
                 else f"{', '.join(models[:4])} and {len(models) - 4} more")
        return self.finding(
            f"{names} print the same value on {len(ties)} of the {shared} rows they share "
            f"({shown}): by chance that happens with p ≈ {p:.1g} (corrected for {tested} model pairs), "
            f"so one column was probably filled from {'the other' if len(models) == 2 else 'another'}",
            scores=cells, models=models, ties=len(ties), shared=shared, p=p, pairs=tested,
            doubts=tuple((i, "printed with the same values as another model's column") for i in cells),
        )

    @staticmethod
    def _spacing(cells: list[Score]) -> float:
        """The step between the values a row can print: its printed precision, or, on a line whose values
        are whole counts of n items, the step of one item when that is coarser (98.80, 96.39 and 93.98 are
        82, 80 and 78 of 83: two models tie there far more often than two decimals suggest)."""
        from claimcheck.stats import check_granularity
        from claimcheck.stats.granularity import discovered_denominator

        unit = max((2 * s.cell.half_unit for s in cells), default=0)
        counts = [s for s in cells if Granularity._countable(s) and Granularity._runs(s) == 1]
        if len({(s.n, s.scale) for s in counts}) != 1:  # none, or counts of several sets
            return unit
        n, scale = counts[0].n, counts[0].scale
        if n is None:
            found = discovered_denominator([(s.proportion, s.cell.decimals, s.scale) for s in counts])
            n = found.n if found else None
        elif sum(not check_granularity(s.proportion, s.cell.decimals, n, scale=scale).attainable for s in counts) > 1:
            n = None  # not a line of counts of its n (means over runs, another split): the printed step it is
        return max(unit, scale / n) if n else unit


def _unstated_between(counterparts: list) -> str:
    """What one side states and the other leaves unsaid ("; version v2 vs not stated"), which may be the
    difference: the page's "BFCL V2" against a card's bare "BFCL"."""
    said = dict.fromkeys(d.describe() for c in counterparts for d in c.comparison.differences if not d.known)
    return f"; {', '.join(said)}" if said else ""


def _there(counterparts: list) -> str:
    """What a reference prints for one cell, as "33.8 and 38.9 for Claude-3.5-Sonnet-1022"."""
    by_model: dict[str, list[str]] = {}
    for c in counterparts:
        by_model.setdefault(c.model, []).append(c.printed)
    return " and ".join(f"{' and '.join(values)} for {model}" for model, values in by_model.items())


class ReferenceDiscrepant(Rule):
    """A cell that an independent measurement of the same model and benchmark contradicts.

    With ``--reference FILE`` (a leaderboard export, an independent evaluator's table, your own
    harness run), each cell of the page is set against the reference's value for the same model
    and benchmark.  Where both have item counts and no comparability rule finds a difference of
    protocol, the gap is tested as a gap between two models is, with Holm's correction over every
    cell the reference can test; a cell beyond the sampling noise of both is reported with the
    reference's value beside it.  Cells whose protocols differ are listed as not comparable, and
    the cells the reference agrees with are counted, so the finding says what was checked.

    Bad:
        vendor: HumanEval 72.6 for the model; an independent leaderboard: 61.0 on the same 164 problems.
    Good:
        the vendor's number within the noise of independent measurements, or the protocol difference stated.
    Reference: Biderman, S. et al. (2024). "Lessons from the Trenches on Reproducible Evaluation of Language
        Models." arXiv:2405.14782 (independent re-runs are the check on a reported number).
    """

    code, slug, family, severity = "CC411", "reference-discrepant", "integrity", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        given = {r.id: r for r in context.references if not r.bundled}
        per_ref: dict[str, list] = {}
        for c in context.counterparts:
            if c.reference in given:
                per_ref.setdefault(c.reference, []).append(c)
        for ref_id, found in per_ref.items():
            bad = [c for c in found if c.verdict == "discrepant"]
            if not bad:
                continue
            counts = Counter(c.verdict for c in found)
            shown = "; ".join(
                f"{context.score(c.score).model} {context.score(c.score).cell.shown} on {context.score(c.score).title!r} "
                f"vs {c.printed} there (p = {c.comparison.p_adjusted:.2g} after Holm)" for c in bad[:4])
            more = f" and {len(bad) - 4} more" if len(bad) > 4 else ""
            rest = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()) if k != "discrepant")
            yield self.finding(
                f"{len(bad)} cell{'s' if len(bad) != 1 else ''} differ from {given[ref_id].title} beyond the sampling "
                f"noise of both: {shown}{more}" + (f" (of the other counterparts: {rest})" if rest else ""),
                scores=[c.score for c in bad], reference=ref_id, counts=dict(counts),
                doubts=tuple((c.score, f"an independent measurement gives {c.printed}") for c in bad),
            )


#: A heading that bounds the size of the models below it: "<3B models", "10B+ models", "≤ 7B", "> 70B".
_SIZE_HEADING = re.compile(
    r"^[^\w<>≤≥]*(?P<op><=|>=|[<>≤≥])?\s*(?P<size>\d+(?:\.\d+)?)\s*(?P<unit>[BM])\s*(?P<plus>\+)?"
    r"\s*(?:models?|class|params|parameters|模型)?\W*$", re.I)


def _bound(heading: str) -> tuple[str, float] | None:
    """(operator, size in billions) of a size-bounding heading; None for a heading naming one size class
    ("7B models": 6.7B and 8B sit there too) or no size."""
    m = _SIZE_HEADING.match(heading or "")
    if not m or not (m.group("op") or m.group("plus")):
        return None
    op = {"<=": "≤", ">=": "≥"}.get(m.group("op"), m.group("op")) or "≥"  # "10B+": at least 10B
    size = float(m.group("size")) / (1000 if m.group("unit").upper() == "M" else 1)
    return op, size


def _billions(size: str | None) -> float | None:
    m = re.fullmatch(r"(\d+(?:\.\d+)?)([BM])", size or "", re.I)
    return float(m.group(1)) / (1000 if m.group(2).upper() == "M" else 1) if m else None


class SectionContradicted(Rule):
    """A model listed under a heading that bounds model size, whose own name says it is outside the bound.

    "<3B models" over "Stable Code 3B" and "StarCoder 2 3B" puts 3-billion-parameter models in a class
    they are not in, and a reader comparing "small models" compares the wrong ones.  Only headings that
    state a bound are checked ("<3B", "≤ 7B", "10B+", "> 70B"); a heading naming one size class ("7B
    models") holds 6.7B and 8B models by custom.  The size is the one the model's name prints.

    Bad:
        | <3B models     |       |
        | Stable Code 3B | 30.72 |
    Good:
        | ≤3B models     |       |
    Reference: Kaplan, J. et al. (2020). "Scaling Laws for Neural Language Models." arXiv:2001.08361 (scores
        grow with parameter count, so a size class is a comparison's premise).
    """

    code, slug, family, severity = "CC412", "section-contradicted", "integrity", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        from claimcheck.models.names import recognise
        from claimcheck.parsing.attribution import base_model

        out: dict[tuple[int, int, str], dict[str, tuple[str, list[Score]]]] = {}  # -> model name -> (size, cells)
        for s in context.checked():
            bound = _bound(s.section)
            name = base_model(s.model).split(" · ")[0] if bound else ""  # "Stable Code 3B · 1,300B": the name only
            printed = recognise(name).size if name and recognise(name) is not None else None
            size = _billions(printed)
            if bound is None or size is None:
                continue
            op, limit = bound
            inside = {"<": size < limit, "≤": size <= limit, ">": size > limit, "≥": size >= limit}[op]
            if not inside:
                out.setdefault((s.input, s.table, s.section), {}).setdefault(name, (printed, []))[1].append(s)
        for (_, _, heading), models in out.items():
            cells = [s for _, found in models.values() for s in found]
            named = {name: size for name, (size, _) in models.items()}
            listed = list(named)
            names = ", ".join(listed[:-1]) + " and " + listed[-1] if len(listed) > 1 else listed[0]
            sizes = " and ".join(dict.fromkeys(named.values()))
            yield self.finding(
                f"{names} {'is' if len(named) == 1 else 'are'} listed under {heading!r} ({rows_ref(cells)}), but "
                f"{'its name gives' if len(named) == 1 else 'their names give'} {sizes}: the heading's size class "
                f"does not hold {'it' if len(named) == 1 else 'them'}", scores=[s.id for s in cells],
                heading=heading, models=listed, sizes=named,
            )


RULES = [
    MissingAsZero, AggregateMismatch, Granularity, ConflictingValues, UnparseableCell, UnknownBenchmark,
    BelowChance, OutOfRange, MarkNotBest, DuplicatedValues, ReferenceDiscrepant, SectionContradicted,
    *integrity_pages.RULES, *integrity_parts.RULES, *integrity_cells.RULES,
]
