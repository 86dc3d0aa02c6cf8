"""The cells and comparisons a text claim is about, and how claim numbers meet printed cells.

Helpers of :mod:`claimcheck.checker.claims`.  A claim's protocol words narrow
the rows: tools on/off, a version or subset written after the benchmark name,
a harness the table names.  When the table states a facet for some rows and
not others, rows that state the claimed one are preferred and rows that leave it
unstated are kept only when none state it.

Rounding: a number written with d decimals stands for anything within half a
unit of its last digit, and so does a printed cell; the two agree when those
ranges overlap (|text − cell| < ½·10^−d_text + ½·10^−d_cell; touching at one end
is not enough).  "98%" agrees with
97.6 (0.4 ≤ 0.55); "99%" and "97%" do not.  Numbers reach the judge as floats,
so "98.0%" is read with the precision of "98%".
"""

from __future__ import annotations

from typing import Callable, Sequence

from claimcheck.checker.base import cell_name
from claimcheck.claims.wording import gap_unit
from claimcheck.records import Comparison, ParsedClaim, RankedRow, Score, half_unit, ranked_by_score

#: Units the claim parser gives to gaps ("+2.1 pp", "a 10-point jump"); all others are values.


class Cells:
    """Scores and comparisons indexed for claim look-ups."""

    def __init__(self, scores: Sequence[Score], comparisons: Sequence[Comparison],
                 ranks: Sequence[RankedRow] = ()) -> None:
        self.scores = tuple(scores)
        self.comparisons = tuple(comparisons)
        self._by_id = {s.id: s for s in self.scores}
        self._by_pair = {frozenset(c.scores): c for c in self.comparisons}
        self.asked: list[tuple[Score, Score]] = []  # every pair a claim was tested on, in order
        self.ranks = ranked_by_score(ranks)  # score id -> the rank sets of its printed row, where it has them

    def score(self, score_id: str) -> Score:
        """The score with this id."""
        return self._by_id[score_id]

    def comparison(self, a: Score, b: Score) -> Comparison | None:
        """The report's comparison of two cells, if it made one."""
        return self._by_pair.get(frozenset((a.id, b.id)))

    def touching(self, a: Score, b: Score) -> list[Comparison]:
        """The comparisons of a's row that involve either cell."""
        return [c for c in self.comparisons if {a.id, b.id} & set(c.scores)
                and all(self.score(i).group == a.group for i in c.scores)]

    def rows(self, claim: ParsedClaim, bench: str) -> list[Score]:
        """The cells about one benchmark that the claim's wording allows."""
        found = [s for s in self.scores if s.status != "skipped" and s.benchmark == bench]
        found = found or [s for s in self.scores if s.status != "skipped" and (
            s.resolution.suite == bench or (s.benchmark is None and s.label == bench))]
        tools = claim.tools
        if tools is not None:
            found = _prefer(found, lambda s: s.resolution.tools == tools, lambda s: s.resolution.tools is None)
        version = dict(claim.versions).get(bench)
        if version:
            found = _prefer(found, lambda s: _same_version(s.resolution.version, version),
                            lambda s: s.resolution.version is None)
        subset = dict(claim.subsets).get(bench)
        if subset:
            found = _prefer(found, lambda s: s.resolution.subset == subset, lambda s: s.resolution.subset is None)
        if claim.metric:
            found = _prefer(found, lambda s: s.resolution.metric == claim.metric, lambda s: s.resolution.metric is None)
        named = {s.resolution.harness for s in found if s.resolution.harness
                 and s.resolution.harness.casefold() in claim.text.casefold()}
        if named:
            found = [s for s in found if s.resolution.harness in named or s.resolution.harness is None]
        return found

    def titles(self, bench: str) -> list[str]:
        """The printed rows about a benchmark, whatever the claim's protocol words."""
        return list(dict.fromkeys(s.title for s in self.scores if s.status != "skipped" and (
            s.benchmark == bench or s.resolution.suite == bench or (s.benchmark is None and s.label == bench))))

    def pairs(self, mine: list[Score], theirs: list[Score]) -> list[tuple[Score, Score]]:
        """The pairs a reader compares: same printed row first, else pairs the report compared."""
        same = [(a, b) for a in mine for b in theirs if a.group == b.group]
        return same or [(a, b) for a in mine for b in theirs if self.comparison(a, b)]

    def name(self, bench: str, claim: ParsedClaim) -> str:
        """How an explanation names the benchmark, with the protocol words of the claim."""
        base = next((s.resolution.benchmark_name for s in self.scores
                     if s.benchmark == bench and s.resolution.benchmark_name), None) or repr(bench)
        version = dict(claim.versions).get(bench)
        subset = dict(claim.subsets).get(bench)
        tools = {True: " with tools", False: " without tools", None: ""}[claim.tools]
        metric = f" ({claim.metric})" if claim.metric else ""
        return f"{base}{' ' + version if version else ''}{' ' + subset if subset else ''}{tools}{metric}"


def _prefer(scores: list[Score], exact: Callable[[Score], bool], unstated: Callable[[Score], bool]) -> list[Score]:
    return [s for s in scores if exact(s)] or [s for s in scores if unstated(s)]


def _same_version(printed: str | None, claimed: str) -> bool:
    return printed is not None and (printed == claimed or printed.startswith(claimed + "-"))


def text_half_unit(x: float) -> float:
    """Half a unit of the last digit of a number as a sentence writes it ("98" → 0.5, "97.6" → 0.05)."""
    text = f"{x:g}"
    return half_unit(len(text.split(".")[1]) if "." in text and "e" not in text else 0)


def _in_claim_units(s: Score, unit: str) -> tuple[float, int | None]:
    decimals = s.cell.decimals
    if s.unit == "fraction" and unit == "%":
        return s.value * 100, (max(decimals - 2, 0) if decimals is not None else None)  # type: ignore[operator]
    return s.value, decimals  # type: ignore[return-value]


def agrees(value: float, cell_value: float, s: Score, t: Score | None = None, *, unit: str = "") -> bool:
    """Whether a number in the text and a printed cell (or a gap between two) agree within rounding.

    A bound (unit ">%" for "over 90%", "<%" for "under 90%") agrees when the cell,
    within its own rounding, lies on the stated side.
    """
    if t is None:
        cell_value, decimals = _in_claim_units(s, unit.lstrip("<>"))
        if not unit and s.unit == "percent" and 0 <= value <= 1 < cell_value:  # "0.646" for a printed 64.6%
            cell_value, decimals = cell_value / 100, (decimals + 2 if decimals is not None else None)
        if unit[:1] in "<>" and unit:
            slack = half_unit(decimals) + 1e-9
            return cell_value + slack > value if unit[0] == ">" else cell_value - slack < value
        tolerance = text_half_unit(value) + half_unit(decimals)
    else:
        tolerance = text_half_unit(value) + s.cell.half_unit + t.cell.half_unit
    return abs(value - cell_value) < tolerance - 1e-9  # a tie at the boundary is not agreement


def value_targets(claim: ParsedClaim) -> list[tuple[float, str, tuple[str, ...], tuple[str, ...]]]:
    """(value, unit, models it may belong to, benchmarks it is about) for each score the text prints.

    One model and as many values as benchmarks: one value per benchmark in order of mention
    ("64.6% on Terminal-Bench Science and 57.9% on Terminal-Bench 4.0").  One value and several
    benchmarks: the value is claimed on each ("above 95% on GPQA Diamond and FrontierMath").
    Otherwise one value per model in order of mention when the counts match, and numbers past the
    named models belong to an unnamed rival ("Astra leads with 64.6% vs 52.6%").
    """
    values = [(v, u) for v, u in claim.numbers if not gap_unit(u)]
    benches = tuple(claim.benchmarks)
    if len(claim.models) == 1 and len(benches) > 1 and len(values) in (1, len(benches)):
        if len(values) == 1:
            return [(values[0][0], values[0][1], claim.models, (b,)) for b in benches]
        return [(v, u, claim.models, (b,)) for (v, u), b in zip(values, benches)]
    if values and len(values) == len(claim.models):
        return [(v, u, (m,), benches) for (v, u), m in zip(values, claim.models)]
    if claim.models and len(values) > len(claim.models):
        named = [(v, u, (m,), benches) for (v, u), m in zip(values, claim.models)]
        return named + [(v, u, (ANY_OTHER,), benches) for v, u in values[len(claim.models):]]
    return [(v, u, tuple(claim.models), benches) for v, u in values]


ANY_OTHER = "*"  # owner of a number that belongs to a model the sentence does not name


def number_text(value: float, unit: str) -> str:
    """A claim number as the text wrote it: "98%", "over 90%", "96 分", "1853"."""
    bound = {">": "over ", "<": "under "}.get(unit[:1], "")
    unit = unit.lstrip("<>")
    return f"{bound}{value:g}{unit if unit in ('%', '') else ' ' + unit}"


def pair_text(s: Score, t: Score) -> str:
    """Two cells as a reader finds them: "Astra 57.9% vs Fable 5.1 55.8% on 'Terminal-Bench 4.0' (row 2)"."""
    if s.group == t.group:
        return f"{s.model} {s.cell.shown} vs {t.model} {t.cell.shown} on {s.title!r} ({s.ref})"
    return f"{cell_name(s)} vs {cell_name(t)}"


def gap_text(s: Score, t: Score, *, adjective: bool = True) -> str:
    """The printed gap between two cells at the table's precision: "2.1-point" (or "2.1 points")."""
    decimals = max(s.cell.decimals or 0, t.cell.decimals or 0)
    gap = f"{abs(s.value - t.value):.{decimals}f}"  # type: ignore[operator]
    return f"{gap}-point" if adjective else f"{gap} points"


def rows_text(rows: list[Score]) -> str:
    """What the table's first matching row holds, for context: "The table's 'X' row has A 41.4%, B 31.4%."."""
    valued = [s for s in rows if s.value is not None]
    if not valued:
        return ""
    first = [s for s in valued if s.group == valued[0].group]
    cells = ", ".join(f"{s.model} {s.cell.shown}" for s in first[:4])
    return f"The table's {first[0].title!r} row has {cells}."
