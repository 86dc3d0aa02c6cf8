"""Average and total rows: which rows they summarise, the readings tried, and whether they recompute.

An aggregate cell (Average / Total / Overall) is recomputed from the cells of the same column
(wide tables) or model (long tables): the benchmark rows above it back to the previous
aggregate or heading row, else those below it, else every benchmark row of the table; each
with and without rows of another kind (ratings, lower-is-better metrics); as a plain mean,
an item-weighted mean and a sum.  Each input may be off by half a unit of its last printed
digit, and the aggregate by half of its own.  The parts of one benchmark (its categories, "STEM",
"Humanities") are averaged over items or over subjects, with weights the table does not print, so
their average is checked only against what any weighting can give: a value between the smallest
and the largest part.

Scores in, frozen records out: CC105, CC401 and CC402 read the same fits, computed once per
context by :func:`aggregate_fits`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator, Sequence

from claimcheck.checker.base import CheckContext
from claimcheck.records import Score

_EPS = 1e-9  # absorbs float error in printed units
_TOTAL = re.compile(r"^\s*(?:total|sum|合计|总分|总计|总和)", re.I)
_MEAN = re.compile(r"^\s*(?:average|avg\b|mean|平均|均值)", re.I)

#: How a message names each value kind.
KIND_WORDS = {"elo": "rating", "percentile": "percentile", "lower-is-better": "lower-is-better",
              "percent": "percentage", "count": "count of correct items"}


def half_unit(s: Score) -> float:
    """Half a unit of the score's last printed digit: how far rounding can have moved the value."""
    return s.cell.half_unit


def value_kind(s: Score) -> str:
    """What a value may be averaged with: percent, elo, percentile, count or lower-is-better.

    Fractions count as percentages here: a row of small unlabelled values is read as 0–1
    fractions by its values alone, and a scale mix is CC102's finding, not an averaging error.
    """
    if s.lower_is_better:
        return "lower-is-better"
    if s.unit == "count":  # k correct of n averages as the percentage k/n (OCRBench's 864 of 1,000 as 86.4)
        return "percent" if s.n else "count"
    return s.unit if s.unit in ("elo", "percentile") else "percent"


def averaged_value(s: Score) -> float:
    """The value an average takes for the cell: a count of correct items as its percentage of n."""
    return 100 * s.value / s.n if s.unit == "count" and s.n else s.value  # type: ignore[operator,return-value]


def averaged_half_unit(s: Score) -> float:
    return 100 * half_unit(s) / s.n if s.unit == "count" and s.n else half_unit(s)


def is_benchmark_row(s: Score) -> bool:
    """A row that can feed an aggregate: a benchmark, known to the registry or not."""
    return s.resolution.row_kind in ("benchmark", "unknown")


def rows_text(rows: tuple[int, ...], axis: str = "rows") -> str:
    """Row (or column) numbers as a message names them: "row 3", "rows 2, 5", "columns 2–8"."""
    one = axis[:-1]
    if len(rows) > 2 and list(rows) == list(range(rows[0], rows[-1] + 1)):
        return f"{axis} {rows[0]}–{rows[-1]}"
    return (f"{one} " if len(rows) == 1 else f"{axis} ") + ", ".join(map(str, rows))


def position(s: Score, axis: str) -> int:
    """Where a cell sits along an aggregate's line: its source row, or (models as rows) its 1-based column."""
    return s.row if axis == "rows" else s.col + 1


@dataclass(frozen=True)
class InputSet:
    """One reading of which rows an aggregate row summarises."""

    where: str  # "rows 2–8 above it", "every benchmark row of the table (rows 2–12)"
    rows: tuple[int, ...]  # positions along the line: source rows, or columns where models are rows
    kind: str = "percent"  # what the aggregate averages: the commonest kind of its section
    mixed: tuple[tuple[int, str], ...] = ()  # (position, kind) of inputs of another kind
    axis: str = "rows"  # "columns" for an Average column of a table with models as rows

    @property
    def other_units(self) -> list[tuple[int, str]]:
        """The mixed-in inputs of another unit (ratings, percentiles): CC402's case; lower-is-better is CC105's."""
        return [(row, kind) for row, kind in self.mixed if kind != "lower-is-better"]


@dataclass(frozen=True)
class Recomputed:
    """An aggregate cell recomputed from one input set by one method, with its rounding tolerance.

    Each input may be off by half a unit of its last printed digit, so a mean may be off by
    the mean of those half-units, and the printed aggregate by half of its own unit more.
    """

    inputs: InputSet
    method: str  # mean | n-weighted mean | sum | weighted mean (weights unknown)
    printed: float
    cells: tuple[Score, ...]  # input cells with a value
    missing: tuple[Score, ...]  # input cells printed as missing
    expected: float
    tolerance: float
    expected_zero: float | None = None  # the mean with the missing cells counted as zero
    tolerance_zero: float | None = None

    @property
    def diff(self) -> float:
        """Printed minus recomputed."""
        return self.printed - self.expected

    @property
    def matches(self) -> bool:
        """Whether the printed value is the recomputed one within rounding."""
        return abs(self.diff) <= self.tolerance + _EPS

    @property
    def matches_zero(self) -> bool:
        """Whether the printed value is the mean with the missing inputs counted as zero."""
        return (self.expected_zero is not None and bool(self.missing)
                and abs(self.printed - self.expected_zero) <= self.tolerance_zero + _EPS)  # type: ignore[operator]

    def excess(self) -> float:
        """How far outside the rounding tolerance the printed value lies."""
        return abs(self.diff) - self.tolerance

    def numbers(self) -> dict:
        """The numbers a finding stores."""
        axis = self.inputs.axis
        return dict(printed=self.printed, expected=self.expected, tolerance=self.tolerance, diff=self.diff,
                    method=self.method, input_rows=list(self.inputs.rows), inputs=self.inputs.where,
                    missing_rows=[position(m, axis) for m in self.missing], axis=axis)


@dataclass(frozen=True)
class AggregateFit:
    """Every recomputation tried for one printed aggregate cell, in order of preference."""

    aggregate: Score
    tried: tuple[Recomputed, ...]

    @property
    def match(self) -> Recomputed | None:
        """The first reading that recomputes within rounding."""
        return next((r for r in self.tried if r.matches), None)

    @property
    def zero_match(self) -> Recomputed | None:
        """The first reading that recomputes only with missing inputs counted as zero."""
        return next((r for r in self.tried if r.matches_zero), None)

    @property
    def closest(self) -> Recomputed | None:
        """The reading that misses by the least."""
        return min(self.tried, key=Recomputed.excess, default=None)

    @property
    def used(self) -> Recomputed | None:
        """The reading the aggregate follows, else the first one tried (the rows above it)."""
        return self.match or self.zero_match or (self.tried[0] if self.tried else None)

    @property
    def counts_missing_as_zero(self) -> bool:
        """Whether the aggregate recomputes only with its missing inputs counted as zero."""
        return self.match is None and self.zero_match is not None


@dataclass(frozen=True)
class CoverageGap:
    """An aggregate cell that leaves out benchmarks (printed missing) which others of its row include."""

    fit: AggregateFit
    reading: Recomputed  # the reading it follows, with the missing inputs it leaves out
    others: tuple[AggregateFit, ...]  # the aggregates of the row that include one of them


def covered_rows(fits: Sequence[AggregateFit]) -> dict[str, set[int]]:
    """The input rows with a value behind each aggregate cell: aggregate score id -> rows."""
    return {f.aggregate.id: {position(c, f.used.inputs.axis) for c in f.used.cells} for f in fits if f.used is not None}


def coverage_gaps(fits: Sequence[AggregateFit]) -> list[CoverageGap]:
    """The cells of one aggregate row that average fewer benchmarks than other cells of the row.

    A cell whose missing inputs recompute only as zeros is not a gap: it counts them, as zero.
    """
    present = covered_rows(fits)
    gaps = []
    for f in fits:
        u = f.used
        if u is None or not u.missing or f.counts_missing_as_zero:
            continue
        others = tuple(g for g in fits if g is not f
                       and any(position(m, u.inputs.axis) in present.get(g.aggregate.id, ()) for m in u.missing))
        if others:
            gaps.append(CoverageGap(f, u, others))
    return gaps


#: an average over the items of one difficulty level ("Avg(Hard)", "Average (Hard)"): not over the lines printed
_OF_A_LEVEL = re.compile(r"^\W*(?:average|avg\.?|mean|平均)\s*[(（]\s*(?:hard|easy|medium|difficult|challenging|难)\s*[)）]\W*$",
                         re.I)


def aggregate_fits(context: CheckContext) -> tuple[AggregateFit, ...]:
    """The fits of the context's aggregate cells (:func:`fit_aggregates`), computed once per context."""
    return context.memo("aggregates.fits", lambda: fit_aggregates(context.scores))


def fits_by_row(context: CheckContext) -> list[list[AggregateFit]]:
    """The aggregate fits grouped by printed row (line item), in score order."""
    rows: dict[str, list[AggregateFit]] = {}
    for fit in aggregate_fits(context):
        rows.setdefault(fit.aggregate.group, []).append(fit)
    return list(rows.values())


def fit_aggregates(scores: Sequence[Score]) -> tuple[AggregateFit, ...]:
    """A fit for every printed cell of an Average / Total / Overall line, in score order.

    The line is the aggregate's column (its model's cells, by row) or, where models are rows and
    the aggregate is a column, its row (its model's cells, by column).
    """
    by_model: dict[tuple, list[Score]] = {}
    for s in scores:
        by_model.setdefault((s.input, s.table, s.model), []).append(s)
    fits = []
    for s in scores:
        if s.status != "checked" or not _is_aggregate(s) or s.value is None:
            continue
        if _OF_A_LEVEL.match(s.label):
            continue  # C-Eval's "Avg(Hard)": the mean over its hard subjects, which the table does not print
        line, axis = aggregate_line(s, by_model[(s.input, s.table, s.model)])
        if axis == "columns" and not (_MEAN.match(s.label) or _TOTAL.match(s.label)):
            continue  # an "Overall" column beside its parts is the benchmark's own overall score
        tried = tuple(r for inputs in input_sets(s, line, axis) for r in _recompute_all(s, line, inputs))
        if tried:
            fits.append(AggregateFit(s, tried))
    return tuple(fits)


def aggregate_line(agg: Score, same_model: list[Score]) -> tuple[list[Score], str]:
    """The cells an aggregate may summarise, in order, and the axis they lie on."""
    across = [x for x in same_model if x.row == agg.row and x.col != agg.col]
    if across:  # "| Model | MMLU | GSM8K | Avg |": the average of the row
        return sorted([x for x in same_model if x.row == agg.row], key=lambda x: x.col), "columns"
    return sorted([x for x in same_model if x.col == agg.col], key=lambda x: x.row), "rows"


def _is_aggregate(s: Score) -> bool:
    return s.resolution.row_kind == "aggregate"


def _is_boundary(s: Score) -> bool:
    heading = s.status == "skipped" and (s.reason or "").startswith("a heading row")
    return _is_aggregate(s) or heading


def _section(column: list[Score], i: int, step: int) -> list[Score]:
    """The benchmark rows from position i back (step -1) or forward (+1) to the next boundary, in row order: an
    aggregate, a heading row, or a row under another section heading than position i's ("OpenLLM v1" / "v2")."""
    out, j = [], i + step
    while 0 <= j < len(column) and not _is_boundary(column[j]) and column[j].section == column[i].section:
        if is_benchmark_row(column[j]):
            out.append(column[j])
        j += step
    return out[::step]


def input_sets(agg: Score, column: list[Score], axis: str = "rows") -> list[InputSet]:
    """The readings of which cells of its line an aggregate summarises, in order of preference."""
    i = next(j for j, s in enumerate(column) if s.id == agg.id)
    above, below = _section(column, i, -1), _section(column, i, +1)
    every = [s for s in column if is_benchmark_row(s)]
    kinds = [value_kind(s) for s in (above or below or every)]
    kind = max(sorted(set(kinds), key=lambda k: k != "percent"), key=kinds.count) if kinds else "percent"
    before, after, whole = (("above it", "below it", "every benchmark row of the table") if axis == "rows"
                            else ("before it", "after it", "every benchmark column of the row"))
    out: list[InputSet] = []
    for members, where in ((above, before), (below, after), (every, whole)):
        same = [s for s in members if value_kind(s) == kind]
        for group in (same, members):
            rows = tuple(position(s, axis) for s in group)
            if rows and rows not in {x.rows for x in out}:
                text = (f"{rows_text(rows, axis)} {where}" if not where.startswith("every")
                        else f"{where} ({rows_text(rows, axis)})")
                mixed = tuple((position(s, axis), value_kind(s)) for s in group if value_kind(s) != kind)
                out.append(InputSet(text, rows, kind, mixed, axis))
    return out


UNKNOWN_WEIGHTS = "weighted mean (weights unknown)"
#: a mean that puts a judge's 1–10 score on 0–100 first (MT-Bench 8.41 as 84.1), as vendors' averages often do
RESCALED = "mean with the 1–10 scores ×10"


def _short_scale(c: Score) -> float:
    """The factor that puts a score on a short registered scale (a 1–10 judge score) on 0–100; 1 for any other."""
    high = (c.resolution.value_range or (0, 0))[1]
    return 100 / high if c.unit == "points" and 0 < high <= 10 else 1.0


def parts_of_one_benchmark(cells: Sequence[Score]) -> bool:
    """Whether the cells are two or more named parts (categories, subsets) of one benchmark: its registered
    subsets, or lines naming no benchmark under a caption naming one ("Culture", "Language" under "CLIcK")."""
    if len(cells) >= 2 and all(c.benchmark is None for c in cells):
        under = {c.resolution.category_of for c in cells}
        return len(under) == 1 and None not in under and len({c.label for c in cells}) == len(cells)
    return (len(cells) >= 2 and len({c.benchmark for c in cells}) == 1 and cells[0].benchmark is not None
            and all(c.resolution.subset for c in cells) and len({c.resolution.subset for c in cells}) == len(cells))


def _methods(agg: Score, cells: list[Score]) -> list[str]:
    """The methods to try, as the aggregate's label suggests."""
    weighted = ["n-weighted mean"] if all(c.n for c in cells) and len({c.n for c in cells}) > 1 else []
    if _TOTAL.match(agg.label):
        return ["sum", "mean"]
    unknown = [UNKNOWN_WEIGHTS] if parts_of_one_benchmark(cells) else []
    rescaled = [RESCALED] if any(_short_scale(c) != 1 for c in cells) else []
    if _MEAN.match(agg.label):
        return ["mean", *rescaled, *weighted, *unknown]
    return ["mean", *rescaled, *weighted, *unknown, "sum"]  # "Overall", "Aggregate", "综合": the label does not say


def _recompute_all(agg: Score, column: list[Score], inputs: InputSet) -> Iterator[Recomputed]:
    members = [s for s in column if position(s, inputs.axis) in inputs.rows]
    cells = [s for s in members if s.status == "checked" and s.value is not None]
    missing = [s for s in members if s.status == "missing"]
    if not cells or len(cells) + len(missing) != len(members):  # an unreadable input: cannot recompute
        return
    for method in _methods(agg, cells):
        yield recompute(agg, inputs, method, cells, missing)


def recompute(agg: Score, inputs: InputSet, method: str, cells: list[Score], missing: list[Score]) -> Recomputed:
    """The aggregate recomputed from its input cells by one method, with the rounding tolerance."""
    scale = [_short_scale(c) if method == RESCALED else 1.0 for c in cells]
    values = [f * averaged_value(c) for f, c in zip(scale, cells)]
    halves = [f * averaged_half_unit(c) for f, c in zip(scale, cells)]
    base = dict(inputs=inputs, method=method, printed=agg.value, cells=tuple(cells), missing=tuple(missing))
    if method == "sum":
        return Recomputed(**base, expected=sum(values), tolerance=sum(halves) + half_unit(agg))
    if method == UNKNOWN_WEIGHTS:  # any weighting gives a value between the smallest and the largest part
        nearest = min(max(agg.value, min(values)), max(values))  # type: ignore[type-var]
        return Recomputed(**base, expected=nearest, tolerance=max(halves) + half_unit(agg))
    weights = [c.n if method == "n-weighted mean" else 1 for c in cells]
    total = sum(weights)  # type: ignore[arg-type]
    expected = sum(w * v for w, v in zip(weights, values)) / total  # type: ignore[operator]
    tolerance = sum(w * h for w, h in zip(weights, halves)) / total + half_unit(agg)  # type: ignore[operator]
    zero = {}
    if missing and method == "mean":
        count = len(cells) + len(missing)
        zero = dict(expected_zero=sum(values) / count, tolerance_zero=sum(halves) / count + half_unit(agg))
    return Recomputed(**base, expected=expected, tolerance=tolerance, **zero)


@dataclass(frozen=True)
class CategoryFit(AggregateFit):
    """A row of a table of category averages ("Reasoning", "Code generation") set against the rows the
    page files under that category elsewhere: the benchmark rows another table gives that category (a
    category column or section row), or the benchmark rows of a table printed under a heading of that
    name.  One plain mean per such place (``tried``), for the aggregate's own model; none when the page
    shows no row of the category.  ``match`` and ``closest`` are an aggregate fit's."""

    shown: bool = False  # the page prints rows of the category for this model (recomputable or not)


def _category_key(text: str) -> str:
    return " ".join(text.casefold().split())  # titles and headings come without their markup


def category_fits(context: CheckContext) -> tuple[CategoryFit, ...]:
    """A :class:`CategoryFit` for every cell of a category row (an aggregate row that is no Average or
    Total line), computed once per context."""
    return context.memo("aggregates.categories", lambda: _category_fits(context))


def _category_fits(context: CheckContext) -> tuple[CategoryFit, ...]:
    from claimcheck.models.names import clean

    rows: dict[tuple[int, str, str], dict[int, list[Score]]] = {}  # (input, category, model) -> table -> cells
    for s in context.scores:
        if s.section and is_benchmark_row(s) and s.status in ("checked", "missing"):
            rows.setdefault((s.input, _category_key(s.section), clean(s.model)), {}).setdefault(s.table, []).append(s)
    headed: dict[str, list[int]] = {}  # heading -> the tables printed under it
    for r in context.readings:
        for caption in r.captions:
            if caption:
                headed.setdefault(_category_key(caption), []).append(r.table)
    by_table: dict[tuple[int, int, str], list[Score]] = {}
    for s in context.scores:
        if is_benchmark_row(s) and s.status in ("checked", "missing"):
            by_table.setdefault((s.input, s.table, clean(s.model)), []).append(s)
    fits = []
    for s in context.checked():
        if not _is_aggregate(s) or s.value is None or _MEAN.match(s.label) or _TOTAL.match(s.label):
            continue
        key, model = _category_key(s.title), clean(s.model)
        places = [(f"the '{s.title}' rows of table {t + 1}", cells)
                  for t, cells in rows.get((s.input, key, model), {}).items()]
        places += [(f"the benchmark rows of table {t + 1}, printed under '{s.title}'", by_table[(s.input, t, model)])
                   for t in headed.get(key, ()) if t != s.table and (s.input, t, model) in by_table]
        tried = []
        for where, members in places:
            cells = [c for c in members if c.status == "checked" and c.value is not None]
            if cells and len(cells) == len(members) and len({value_kind(c) for c in cells}) == 1:
                rows_at = tuple(c.row for c in cells)
                tried.append(recompute(s, InputSet(where, rows_at, value_kind(cells[0])), "mean", cells, []))
        fits.append(CategoryFit(s, tuple(tried), bool(places)))
    return tuple(fits)
