"""CC4xx — integrity: values that cannot be what they claim, unreadable cells, unknown rows.

Average and total rows are recomputed here (``aggregate_fits``): the units family
reuses the fits to see whether a lower-is-better row was averaged in (CC105).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from claimcheck.checker.base import CheckContext, Rule, cell_name
from claimcheck.records import PROPORTION_UNITS, Finding, RawCell, Score

_RUNS = re.compile(r"^(?:avg|mean)@(\d+)$")
_EPS = 1e-9  # absorbs float error in printed units


class Granularity(Rule):
    """A score that cannot be k/n for any whole k at the stated precision.

    With n items and one binary result each, a score can only be k/n.  85.7% is not
    k/500 for any whole k (428/500 = 85.6%, 429/500 = 85.8%), so the number was averaged
    over runs, gave partial credit, used another n, or is wrong.  Each of those changes
    what the number means and how uncertain it is.

    Bad:
        | Agent Index v1.2 | 85.7 |   (n = 500)
    Good:
        | Agent Index v1.2 | 85.8 |   (429/500), or state "mean of 3 runs".
    Reference: seed 002 (Agent Index preview with n = 500); SPEC §4 (CC403).
    """

    code, slug, family, severity = "CC403", "granularity", "integrity", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        from claimcheck.stats import check_granularity

        for s in context.checked():
            if not self._applies(s):
                continue
            runs = self._runs(s)
            scale = 1.0 if s.unit == "fraction" else 100.0
            g = check_granularity(s.proportion, s.cell.decimals, s.n, runs=runs, scale=scale)
            if g.attainable:
                continue
            grid = f"k/{s.n}" if runs == 1 else f"k/({s.n}×{runs} runs)"
            yield self.finding(
                f"{cell_name(s)} is not {grid} for any whole k at the printed precision "
                f"(nearest {g.nearest_k}/{s.n * runs} = {scale * g.nearest_value:.{s.cell.decimals}f}"
                f"{'%' if scale == 100 else ''}): averaging over runs, partial credit, a different n, or an error"
                + (" (n assumed)" if s.resolution.n_source == "assumed" else ""),
                scores=(s.id,), n=s.n, runs=runs, nearest_k=g.nearest_k, nearest_value=g.nearest_value,
                decimals=s.cell.decimals, n_source=s.resolution.n_source,
            )

    @staticmethod
    def _applies(s: Score) -> bool:
        return (
            s.unit in PROPORTION_UNITS and s.proportion is not None and s.n is not None
            and s.cell.decimals is not None and s.ci_method != "published"
            and s.resolution.granularity not in ("partial", "pairwise", "composite", "rating")
            and not (s.resolution.metric or "").startswith(("partial", "f1"))
        )

    @staticmethod
    def _runs(s: Score) -> int:
        m = _RUNS.match(s.resolution.metric or "")
        return int(m.group(1)) if m else 1


class UnparseableCell(Rule):
    """A cell that cannot be read as a value.

    A value cell that is neither a number nor a recognised missing marker is reported
    rather than dropped or read as zero; the rest of the table is still checked.

    Bad:
        | MMLU | 88.1 | about 86 |
    Good:
        | MMLU | 88.1 | 86.0     |
    Reference: SPEC §2 (a cell that cannot be parsed is reported as a finding).
    """

    code, slug, family, severity = "CC405", "unparseable-cell", "integrity", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for s in context.scores:
            if s.cell.status == "unparseable":
                yield self.finding(f"{s.model} on {s.title!r} (row {s.row}, column {s.column!r}): {s.cell.problem}",
                                   scores=(s.id,), raw=s.cell.raw)


class UnknownBenchmark(Rule):
    """A row label the registry cannot resolve.

    Without knowing the benchmark, claimcheck cannot know its versions, item count,
    unit or standing, so only unit-free checks apply.  Extend the catalogue with
    ``--registry my.yaml`` or correct the label.

    Bad:
        | Agent Index v1.2 | 90.4 |   (not in the registry)
    Good:
        a label the registry knows, or a --registry entry with its source.
    Reference: SPEC §3 (an unknown benchmark is a finding, not a crash).
    """

    code, slug, family, severity = "CC406", "unknown-benchmark", "integrity", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        rows: dict[str, list[Score]] = {}
        for s in context.scores:
            if s.resolution.row_kind == "unknown" and s.status != "skipped":
                rows.setdefault(s.label, []).append(s)
        for label, scores in rows.items():
            where = sorted({s.row for s in scores})
            yield self.finding(
                f"{label!r} (row{'s' if len(where) > 1 else ''} {', '.join(map(str, where))}) matches no registry "
                f"entry: its version, item count, unit and standing are unknown",
                scores=[s.id for s in scores], label=label,
            )


# ── the printed row behind a score ──────────────────────────────────────────


def source_rows(context: CheckContext) -> dict[str, tuple[RawCell, ...]]:
    """The printed source row of every score: score id -> its cells.

    Found by row number and checked against the cell's printed text and label, so a table
    whose rows were renumbered (an exported claims file read back) still finds its own row.
    Computed once per context (CC404 and CC505 read it).
    """
    cached = context.__dict__.get("_source_rows")
    if cached is not None:
        return cached
    numbered = [{r[0].row: r for r in table.rows if r} for table in context.tables]
    cached = {}
    for s in context.scores:
        if s.table >= len(context.tables):
            continue

        def own(r: tuple[RawCell, ...]) -> bool:
            return s.col < len(r) and r[s.col].text.strip() == s.cell.raw.strip() and any(
                c.text.strip() == s.label.strip() for c in r)

        row = numbered[s.table].get(s.row)
        if row is None or not own(row):
            row = next((r for r in context.tables[s.table].rows if own(r)), None)
        if row is not None:
            cached[s.id] = row
    context.__dict__["_source_rows"] = cached
    return cached


# ── aggregate rows: which rows they summarise, and whether they recompute ────

_TOTAL = re.compile(r"^\s*(?:total|sum|合计|总分|总计|总和)", re.I)
_MEAN = re.compile(r"^\s*(?:average|avg\b|mean|平均|均值)", re.I)
_KIND_WORDS = {"elo": "rating", "percentile": "percentile", "lower-is-better": "lower-is-better",
               "percent": "percentage"}


def half_unit(s: Score) -> float:
    """Half a unit of the last printed digit: how far rounding can have moved the value."""
    return 0.0 if s.cell.decimals is None else 0.5 * 10.0 ** (-s.cell.decimals)


def value_kind(s: Score) -> str:
    """What a value may be averaged with: percent, elo, percentile or lower-is-better.

    Fractions count as percentages here: a row of small unlabelled values is read as 0–1
    fractions by its values alone, and a scale mix is CC102's finding, not an averaging error.
    """
    if s.resolution.direction == "lower" or s.unit == "lower-is-better":
        return "lower-is-better"
    return s.unit if s.unit in ("elo", "percentile") else "percent"


def _rows_text(rows: tuple[int, ...]) -> str:
    if len(rows) > 2 and list(rows) == list(range(rows[0], rows[-1] + 1)):
        return f"rows {rows[0]}–{rows[-1]}"
    return ("row " if len(rows) == 1 else "rows ") + ", ".join(map(str, rows))


@dataclass(frozen=True)
class InputSet:
    """One reading of which rows an aggregate row summarises."""

    where: str  # "rows 2–8 above it", "every benchmark row of the table (rows 2–12)"
    rows: tuple[int, ...]
    kind: str = "percent"  # what the aggregate averages: the commonest kind of its section
    mixed: tuple[tuple[int, str], ...] = ()  # (row, kind) of inputs of another kind


@dataclass(frozen=True)
class Recomputed:
    """An aggregate cell recomputed from one input set by one method, with its rounding tolerance.

    Each input may be off by half a unit of its last printed digit, so a mean may be off by
    the mean of those half-units, and the printed aggregate by half of its own unit more.
    """

    inputs: InputSet
    method: str  # mean | n-weighted mean | sum
    printed: float
    cells: tuple[Score, ...]  # input cells with a value
    missing: tuple[Score, ...]  # input cells printed as missing
    expected: float
    tolerance: float
    expected_zero: float | None = None  # the mean with the missing cells counted as zero
    tolerance_zero: float | None = None

    @property
    def diff(self) -> float:
        return self.printed - self.expected

    @property
    def matches(self) -> bool:
        return abs(self.diff) <= self.tolerance + _EPS

    @property
    def matches_zero(self) -> bool:
        return (self.expected_zero is not None and bool(self.missing)
                and abs(self.printed - self.expected_zero) <= self.tolerance_zero + _EPS)  # type: ignore[operator]

    def excess(self) -> float:
        """How far outside the rounding tolerance the printed value lies."""
        return abs(self.diff) - self.tolerance

    def numbers(self) -> dict:
        """The numbers a finding stores."""
        return dict(printed=self.printed, expected=self.expected, tolerance=self.tolerance, diff=self.diff,
                    method=self.method, input_rows=list(self.inputs.rows), inputs=self.inputs.where,
                    missing_rows=[m.row for m in self.missing])


@dataclass(frozen=True)
class AggregateFit:
    """Every recomputation tried for one printed aggregate cell, in order of preference."""

    aggregate: Score
    tried: tuple[Recomputed, ...]

    @property
    def match(self) -> Recomputed | None:
        return next((r for r in self.tried if r.matches), None)

    @property
    def zero_match(self) -> Recomputed | None:
        return next((r for r in self.tried if r.matches_zero), None)

    @property
    def closest(self) -> Recomputed | None:
        return min(self.tried, key=Recomputed.excess, default=None)

    @property
    def used(self) -> Recomputed | None:
        """The reading the aggregate follows, else the first one tried (the rows above it)."""
        return self.match or self.zero_match or (self.tried[0] if self.tried else None)


def _is_aggregate(s: Score) -> bool:
    return s.resolution.row_kind == "aggregate"


def _is_boundary(s: Score) -> bool:
    heading = s.status == "skipped" and (s.reason or "").startswith("a heading row")
    return _is_aggregate(s) or heading


def _is_input(s: Score) -> bool:
    return s.resolution.row_kind in ("benchmark", "unknown")


def aggregate_fits(context: CheckContext) -> tuple[AggregateFit, ...]:
    """A fit for every printed cell of an Average / Total / Overall row, in score order.

    The inputs are the cells of the same column (wide tables) or model (long tables): the
    benchmark rows above the aggregate back to the previous aggregate or heading row, else
    those below it, else every benchmark row of the table; each with and without rows of
    another kind (ratings, lower-is-better metrics).  Computed once per context (CC105,
    CC401 and CC402 read it).
    """
    cached = context.__dict__.get("_aggregate_fits")
    if cached is None:
        cached = context.__dict__["_aggregate_fits"] = tuple(_fit_all(context))
    return cached


def _fit_all(context: CheckContext) -> Iterator[AggregateFit]:
    columns: dict[tuple, list[Score]] = {}
    for s in context.scores:
        columns.setdefault((s.input, s.table, s.model, s.col), []).append(s)
    for s in context.checked():
        if not _is_aggregate(s) or s.value is None:
            continue
        column = sorted(columns[(s.input, s.table, s.model, s.col)], key=lambda x: x.row)
        tried = tuple(r for inputs in _input_sets(s, column) for r in _recompute_all(s, column, inputs))
        if tried:
            yield AggregateFit(s, tried)


def _section(column: list[Score], i: int, step: int) -> list[Score]:
    out, j = [], i + step
    while 0 <= j < len(column) and not _is_boundary(column[j]):
        if _is_input(column[j]):
            out.append(column[j])
        j += step
    return out[::step]


def _input_sets(agg: Score, column: list[Score]) -> list[InputSet]:
    i = next(j for j, s in enumerate(column) if s.id == agg.id)
    above, below = _section(column, i, -1), _section(column, i, +1)
    every = [s for s in column if _is_input(s)]
    kinds = [value_kind(s) for s in (above or below or every)]
    kind = max(sorted(set(kinds), key=lambda k: k != "percent"), key=kinds.count) if kinds else "percent"
    out: list[InputSet] = []
    for members, where in ((above, "above it"), (below, "below it"), (every, "every benchmark row of the table")):
        same = [s for s in members if value_kind(s) == kind]
        for group in (same, members):
            rows = tuple(s.row for s in group)
            if rows and rows not in {x.rows for x in out}:
                text = f"{_rows_text(rows)} {where}" if "every" not in where else f"{where} ({_rows_text(rows)})"
                mixed = tuple((s.row, value_kind(s)) for s in group if value_kind(s) != kind)
                out.append(InputSet(text, rows, kind, mixed))
    return out


def _methods(agg: Score, cells: list[Score]) -> list[str]:
    weighted = ["n-weighted mean"] if all(c.n for c in cells) and len({c.n for c in cells}) > 1 else []
    if _TOTAL.match(agg.label):
        return ["sum", "mean"]
    if _MEAN.match(agg.label):
        return ["mean", *weighted]
    return ["mean", *weighted, "sum"]  # "Overall", "Aggregate", "综合": the label does not say


def _recompute_all(agg: Score, column: list[Score], inputs: InputSet) -> Iterator[Recomputed]:
    members = [s for s in column if s.row in inputs.rows]
    cells = [s for s in members if s.status == "checked" and s.value is not None]
    missing = [s for s in members if s.status == "missing"]
    if not cells or len(cells) + len(missing) != len(members):  # an unreadable input: cannot recompute
        return
    for method in _methods(agg, cells):
        yield _recompute(agg, inputs, method, cells, missing)


def _recompute(agg: Score, inputs: InputSet, method: str, cells: list[Score], missing: list[Score]) -> Recomputed:
    values: list[float] = [c.value for c in cells]  # type: ignore[misc]
    halves = [half_unit(c) for c in cells]
    base = dict(inputs=inputs, method=method, printed=agg.value, cells=tuple(cells), missing=tuple(missing))
    if method == "sum":
        return Recomputed(**base, expected=sum(values), tolerance=sum(halves) + half_unit(agg))
    weights = [c.n if method == "n-weighted mean" else 1 for c in cells]
    total = sum(weights)  # type: ignore[arg-type]
    expected = sum(w * v for w, v in zip(weights, values)) / total  # type: ignore[operator]
    tolerance = sum(w * h for w, h in zip(weights, halves)) / total + half_unit(agg)  # type: ignore[operator]
    zero = {}
    if missing and method == "mean":
        count = len(cells) + len(missing)
        zero = dict(expected_zero=sum(values) / count, tolerance_zero=sum(halves) / count + half_unit(agg))
    return Recomputed(**base, expected=expected, tolerance=tolerance, **zero)


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
    Reference: SPEC §2 (missing cells are missing, never zero); seed 002 (Agent Index v1.2 scores only
        models with all seven items).
    """

    code, slug, family, severity = "CC401", "missing-as-zero", "integrity", "error"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        rows: dict[str, list[AggregateFit]] = {}
        for fit in aggregate_fits(context):
            rows.setdefault(fit.aggregate.group, []).append(fit)
        for fits in rows.values():
            for fit in fits:
                zero = fit.zero_match
                if fit.match is None and zero is not None:
                    yield self._as_zero(fit.aggregate, zero)
            found = self._different_sets(fits)
            if found:
                yield found

    def _as_zero(self, agg: Score, r: Recomputed) -> Finding:
        names = ", ".join(f"{m.title!r} (row {m.row})" for m in r.missing)
        return self.finding(
            f"{cell_name(agg)} is the mean of {r.inputs.where} only if the missing {names} "
            f"{'counts' if len(r.missing) == 1 else 'count'} as zero ({_fmt(r.expected_zero, agg)}; "
            f"without {'it' if len(r.missing) == 1 else 'them'} the mean is {_fmt(r.expected, agg)})",
            scores=(agg.id, *(c.id for c in r.cells + r.missing)),
            **r.numbers(), expected_zero=r.expected_zero, tolerance_zero=r.tolerance_zero, counted_as_zero=True,
        )

    def _different_sets(self, fits: list[AggregateFit]) -> Finding | None:
        """Columns whose average leaves out a benchmark (printed missing) that another column's includes."""
        present = {f.aggregate.id: {c.row for c in f.used.cells} for f in fits if f.used is not None}
        gaps = []
        for f in fits:
            u = f.used
            if u is None or not u.missing or (f.match is None and f.zero_match is not None):
                continue  # nothing missing, or counted as zero (reported above)
            others = [g for g in fits if g is not f and any(m.row in present.get(g.aggregate.id, ()) for m in u.missing)]
            if others:
                gaps.append((f, u, others))
        if not gaps:
            return None
        agg = fits[0].aggregate
        parts = [f"{f.aggregate.model} has no value on {', '.join(repr(m.title) for m in u.missing)}, which the "
                 f"average of {', '.join(g.aggregate.model for g in others)} includes" for f, u, others in gaps]
        return self.finding(
            f"{agg.title!r} (row {agg.row}) averages different benchmarks for different models: {'; '.join(parts)}",
            scores=[f.aggregate.id for f in fits] + [m.id for _, u, _ in gaps for m in u.missing],
            severity="warning", counted_as_zero=False,
            per_model={f.aggregate.model: sorted(present.get(f.aggregate.id, ())) for f in fits},
            missing={f.aggregate.model: [m.row for m in u.missing] for f, u, _ in gaps},
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
    its own.  A reading that works only by averaging a rating or percentile with percentages
    is flagged here too (the CC101 mistake, made inside an average); a lower-is-better row
    averaged in is CC105's.

    Bad:
        | Benchmark | A    | B    |
        | MMLU      | 80.0 | 70.0 |
        | GPQA      | 60.0 | 50.0 |
        | Average   | 72.0 | 60.0 |   (A: mean is 70.0)
    Good:
        | Average   | 70.0 | 60.0 |
    Reference: SPEC §4 (CC402); rounding tolerance as in the GRIM test, Brown & Heathers (2017).
    """

    code, slug, family, severity = "CC402", "aggregate-mismatch", "integrity", "error"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for fit in aggregate_fits(context):
            agg, match = fit.aggregate, fit.match
            if match is None and fit.zero_match is None:
                yield self._mismatch(fit)
            elif match is not None and any(kind != "lower-is-better" for _, kind in match.inputs.mixed):
                yield self._mixed(agg, match)

    def _mismatch(self, fit: AggregateFit) -> Finding:
        agg, r = fit.aggregate, fit.closest
        assert r is not None
        return self.finding(
            f"{cell_name(agg)} does not recompute from its inputs: the closest reading, the {r.method} of "
            f"{r.inputs.where}, gives {_fmt(r.expected, agg)} (rounding allows ±{_fmt(r.tolerance, agg)}), "
            f"{abs(r.diff):.{(agg.cell.decimals or 0) + 1}f} away; {len(fit.tried)} reading(s) of its inputs tried",
            scores=(agg.id, *(c.id for c in r.cells)), **r.numbers(), readings_tried=len(fit.tried),
        )

    def _mixed(self, agg: Score, r: Recomputed) -> Finding:
        mixed = [(row, kind) for row, kind in r.inputs.mixed if kind != "lower-is-better"]
        what = ", ".join(f"row {row} ({_KIND_WORDS[kind]})" for row, kind in mixed)
        return self.finding(
            f"{cell_name(agg)} recomputes only as the {r.method} of {r.inputs.where}, which averages {what} "
            f"with {_KIND_WORDS[r.inputs.kind]}s as if they were one unit (CC101)",
            scores=(agg.id, *(c.id for c in r.cells)), **r.numbers(),
            mixed_rows=[row for row, _ in mixed], mixed_kinds=[kind for _, kind in mixed],
        )


# ── duplicates and chance ───────────────────────────────────────────────────


def _protocol_key(s: Score) -> tuple:
    res = s.resolution
    what = res.benchmark or " ".join(s.label.casefold().split())
    table_n = res.n if res.n_source == "table" else None
    return (" ".join(s.model.casefold().split()), what, res.version, res.subset, res.tools, res.harness,
            res.judge, res.metric, res.protocol, tuple(sorted((k, str(v)) for k, v in res.budget.items())), table_n)


def _same_number(a: Score, b: Score) -> bool | None:
    """Whether two printed values are the same number within rounding; None if not comparable."""
    if a.proportion is not None and b.proportion is not None:
        scale = lambda s: 1.0 if s.unit == "fraction" else 100.0  # noqa: E731
        tolerance = half_unit(a) / scale(a) + half_unit(b) / scale(b)
        return abs(a.proportion - b.proportion) <= tolerance + _EPS
    if a.unit == b.unit and a.value is not None and b.value is not None:
        return abs(a.value - b.value) <= half_unit(a) + half_unit(b) + _EPS
    return None


_SOURCE_HEADER = re.compile(r"^\s*(?:source|sources|url|link|reference|来源|出处)\s*$", re.I)


def _row_words(context: CheckContext, rows: dict[str, tuple[RawCell, ...]], s: Score) -> tuple[str, ...] | None:
    """What a row says besides its values: label, qualifiers, metric, harness (not the source column)."""
    row = rows.get(s.id)
    if row is None:
        return None
    header = context.tables[s.table].header
    values = _value_columns(context).get(s.table, set())
    return tuple(" ".join(c.text.casefold().split()) for j, c in enumerate(row)
                 if j not in values and not (j < len(header) and _SOURCE_HEADER.match(header[j])))


def _value_columns(context: CheckContext) -> dict[int, set[int]]:
    out: dict[int, set[int]] = {}
    for s in context.scores:
        out.setdefault(s.table, set()).add(s.col)
    return out


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
    or both must name the benchmark and nothing else.

    Bad:
        | Benchmark    | A     |        | Benchmark    | A     |
        | GPQA Diamond | 71.2% |   and  | GPQA Diamond | 68.4% |
    Good:
        the same value in both places, or labels that state how the two runs differ.
    Reference: SPEC §4 (CC404); seed 000 §9.2 (a score is bound to data, model, harness, budget, scoring
        and aggregation).
    """

    code, slug, family, severity = "CC404", "conflicting-values", "integrity", "error"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        rows = source_rows(context)
        groups: dict[tuple, list[Score]] = {}
        for s in context.checked():
            if _is_input(s) and s.value is not None:
                groups.setdefault(_protocol_key(s), []).append(s)
        for scores in groups.values():
            pairs = [(a, b) for i, a in enumerate(scores) for b in scores[i + 1:]
                     if _same_number(a, b) is False and self._same_line(context, rows, a, b)]
            if not pairs:
                continue
            ids = {s.id for pair in pairs for s in pair}
            involved = [s for s in scores if s.id in ids]
            where = "; ".join(f"{s.cell.raw.strip()} ({self._where(context, s)})" for s in involved)
            yield self.finding(
                f"{involved[0].model} on {involved[0].title!r} is given conflicting values for the same benchmark and "
                f"protocol: {where}",
                scores=[s.id for s in involved], values=[s.value for s in involved],
                rows=[s.row for s in involved], tables=[s.table for s in involved],
            )

    @staticmethod
    def _same_line(context: CheckContext, rows, a: Score, b: Score) -> bool:
        """Whether the table prints the two as the same line item (see the class docstring)."""
        if (a.input, a.table) == (b.input, b.table):
            words = _row_words(context, rows, a)
            return words is not None and words == _row_words(context, rows, b)
        plain = a.resolution.confidence >= 1.0 and b.resolution.confidence >= 1.0
        return plain or " ".join(a.title.casefold().split()) == " ".join(b.title.casefold().split())

    @staticmethod
    def _where(context: CheckContext, s: Score) -> str:
        name = context.tables[s.table].name if s.table < len(context.tables) else f"table {s.table + 1}"
        return f"{name}, row {s.row}"


class BelowChance(Rule):
    """A score below the benchmark's chance level, which points to a format or extraction failure.

    On a 4-way multiple-choice benchmark a model that guesses scores 25%.  A score well below
    that means answers were not extracted, the output format was rejected, or the model
    refused: the number measures the harness, not the knowledge.  With n known, a one-sided
    Wilson bound says whether the score is significantly below guessing.

    Bad:
        | MMLU | 20.0% |   (chance 25%, n = 14,042: the one-sided 95% upper bound 20.6% < 25%)
    Good:
        | MMLU | 20.0% |   with a note on the answer-extraction failure, or a fixed rerun.
    Reference: SPEC §4 (CC407); seed 000 §9.2 (multiple-choice answer extraction is part of the protocol).
    """

    code, slug, family, severity = "CC407", "below-chance", "integrity", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        from claimcheck.stats import wilson_interval

        for s in context.checked():
            chance, p = s.resolution.chance, s.proportion
            if chance is None or p is None or s.unit not in PROPORTION_UNITS or p >= chance:
                continue
            msg = f"{cell_name(s)} is below the chance level {100 * chance:.0f}% of {s.resolution.benchmark_name}"
            numbers = dict(proportion=p, chance=chance, n=s.n, n_source=s.resolution.n_source, alpha=context.alpha)
            if s.n is None:
                yield self.finding(msg + ": this points to an answer-format or extraction failure; with no item "
                                   "count it cannot be tested against guessing", scores=(s.id,), **numbers)
                continue
            # one-sided test at alpha: the upper end of the two-sided (1 - 2·alpha) Wilson interval
            bound = wilson_interval(p, s.n, alpha=2 * context.alpha).high
            assumed = s.resolution.n_source == "assumed"
            at = f"at n = {s.n:,}{' (assumed)' if assumed else ''}"
            if bound < chance:
                verdict = (f"significantly so (one-sided {100 * (1 - context.alpha):.0f}% Wilson upper bound "
                           f"{100 * bound:.1f}% {at}): this points to an answer-format or extraction failure, "
                           f"not to what the model knows")
            else:
                verdict = (f"though not significantly (one-sided upper bound {100 * bound:.1f}% {at}): guessing, "
                           f"or an answer-format or extraction failure")
            yield self.finding(
                f"{msg}, {verdict}", scores=(s.id,), severity="error" if bound < chance and not assumed else None,
                upper_bound=bound, significant=bound < chance, **numbers,
            )


RULES = [
    MissingAsZero, AggregateMismatch, Granularity, ConflictingValues, UnparseableCell, UnknownBenchmark,
    BelowChance,
]
