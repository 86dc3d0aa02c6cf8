"""The rule base class, the context rules read, and docs taken from docstrings.

A rule is a small class with a stable code, a slug, a family, a severity and one
``check(context)`` method that yields findings.  Its docstring is its
documentation:

    One-line summary.

    Why it matters (one or more paragraphs).

    Bad:
        a table snippet that triggers the rule
    Good:
        one that does not
    Reference: where the reasoning comes from
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, ClassVar, Iterator, Mapping, Sequence, TypeVar

from claimcheck.records import (
    ClaimVerdict, Comparison, Counterpart, Difference, Family, Finding, Legend, RankedRow, ReferenceSource, RuleDoc,
    Score, Severity, SourceTable, Subject, TableReading,
)

T = TypeVar("T")


@dataclass(frozen=True)
class CheckContext:
    """Everything rules may read: the scores, the comparisons and the settings."""

    scores: tuple[Score, ...]
    comparisons: tuple[Comparison, ...]
    tables: tuple[SourceTable, ...] = ()
    alpha: float = 0.05
    power: float = 0.8
    settings: Mapping[str, Any] = field(default_factory=dict)
    claims: tuple[ClaimVerdict, ...] = ()  # verdicts on the text claims, judged before the rules run
    readings: tuple[TableReading, ...] = ()  # how each table was read, with its legend
    subject: Subject = Subject()  # the vendor's model: whose gaps a reader of the release looks at
    families: tuple[Family, ...] = ()  # the judged comparisons of each table, Holm-corrected together
    ranks: tuple[RankedRow, ...] = ()  # rank confidence sets per row of three or more models
    as_of: str | None = None  # --as-of: the date the inputs were published, beating the dates their text mentions
    references: tuple[ReferenceSource, ...] = ()  # the published tables the cells were set against
    counterparts: tuple[Counterpart, ...] = ()  # each page cell's values in them (claimcheck.reference.reconcile)

    def page_date(self, table: int) -> str | None:
        """The date of the page a table is printed on: ``--as-of``, else the latest date the page's text
        mentions (``SourceTable.page_date``), else None."""
        if self.as_of:
            return self.as_of
        return self.tables[table].page_date if 0 <= table < len(self.tables) else None

    def legend(self, table: int) -> Legend:
        """What the notes of a table say about its marks, as the reading stage recorded it (an empty
        legend when the context was built without readings)."""
        return next((r.legend for r in self.readings if r.table == table), Legend())

    def score(self, score_id: str) -> Score:
        return self._by_id[score_id]

    def memo(self, key: str, build: Callable[[], T]) -> T:
        """``build()``, computed once per context and kept under ``key`` (helpers several rules read)."""
        memos = self.__dict__.get("_memos")
        if memos is None:
            memos = {}
            object.__setattr__(self, "_memos", memos)
        if key not in memos:
            memos[key] = build()
        return memos[key]

    @cached_property
    def _by_id(self) -> dict[str, Score]:
        """The scores by id, built once per context (rules look up millions on a board)."""
        return {s.id: s for s in self.scores}

    def checked(self) -> Iterator[Score]:
        """The scores that were checked, in input order (found once: every rule walks them)."""
        return iter(self.memo("checked", lambda: tuple(s for s in self.scores if s.status == "checked")))

    def rows(self) -> dict[str, list[Score]]:
        """Scores grouped by line item (a printed row of a wide table), in input order (shared: do not modify)."""
        def group() -> dict[str, list[Score]]:
            out: dict[str, list[Score]] = {}
            for s in self.scores:
                out.setdefault(s.group, []).append(s)
            return out
        return self.memo("rows", group)

    def by_table(self) -> dict[tuple[int, int], list[Score]]:
        """Scores grouped by (input, table), every status, in input order (shared: do not modify)."""
        def group() -> dict[tuple[int, int], list[Score]]:
            out: dict[tuple[int, int], list[Score]] = {}
            for s in self.scores:
                out.setdefault((s.input, s.table), []).append(s)
            return out
        return self.memo("by-table", group)

    def table(self, index: int) -> SourceTable:
        """The source table a score came from; a nameless empty one when the tables were not given."""
        if index < len(self.tables):
            return self.tables[index]
        return SourceTable(input=0, name=f"table {index + 1}", header=(), rows=())


class Rule:
    """Base class of every check."""

    code: ClassVar[str]
    slug: ClassVar[str]
    family: ClassVar[str]
    severity: ClassVar[Severity]
    #: the other severities a finding of this rule may carry, each with when (``rules --explain`` prints them)
    levels: ClassVar[Mapping[str, str]] = {}

    def check(self, context: CheckContext) -> Iterator[Finding]:
        raise NotImplementedError

    def finding(self, message: str, *, scores=(), comparisons=(), severity: Severity | None = None, doubts=(),
                **details) -> Finding:
        """A finding of this rule; ``details`` are the numbers it was decided on; ``doubts`` the cells whose
        value it puts in doubt, with why (no ranking is concluded from them).  A severity other than the
        rule's must be one of its documented ``levels``; the finding records which and why."""
        if severity is not None and severity != self.severity:
            why = self.levels.get(severity)
            if why is None:
                raise ValueError(f"{self.code} has no documented {severity!r} level")
            details = {**details, "severity_why": why}
        return Finding(
            code=self.code, slug=self.slug, severity=severity or self.severity, message=message,
            scores=tuple(scores), comparisons=tuple(comparisons), details=details, doubts=tuple(doubts),
        )

    @classmethod
    def doc(cls) -> RuleDoc:
        parts = parse_docstring(inspect.getdoc(cls) or "")
        return RuleDoc(
            code=cls.code, slug=cls.slug, family=cls.family, severity=cls.severity,
            summary=parts["summary"], explanation=parts["why"], reference=parts["reference"],
            levels=tuple(cls.levels.items()),
        )


class ComparabilityRule(Rule):
    """A rule that owns one protocol facet and says when two scores differ on it."""

    facet: ClassVar[str]
    levels = {"info": "a caveat, not a broken comparison: the table leaves the facet unstated for some cells, "
                      "the row's numbers cannot be set beside other reports', or one model is printed under "
                      "labelled setups (how much the setup moves it, not a model comparison)"}

    def difference(self, a: Score, b: Score) -> Difference | None:
        raise NotImplementedError

    def printed_as_setups(self, context: CheckContext, comp: Comparison) -> bool:
        """Whether the table itself prints the two scores of a configuration pair as setups of one model, so a
        note saying so again is noise (none by default; see :class:`MetricMismatch`)."""
        return False

    def check(self, context: CheckContext) -> Iterator[Finding]:
        unstated: dict[tuple[str, str], list[Comparison]] = {}
        setups: dict[tuple[str, str], list[tuple[Comparison, list[Difference]]]] = {}
        crossed: dict[tuple[str, str], list[tuple[Comparison, list[Difference]]]] = {}
        broken: dict[tuple, list[tuple[Comparison, list[Difference]]]] = {}
        for comp in context.comparisons:
            diffs = [d for d in comp.differences if d.code == self.code]
            if diffs and comp.kind == "configuration" and self.printed_as_setups(context, comp):
                continue  # the table itself says the two rows are setups of its one model
            if diffs and comp.kind == "configuration":  # one finding per pair of rows, not per model
                rows = tuple(sorted(context.score(i).group for i in comp.scores))
                setups.setdefault(rows, []).append((comp, diffs))  # type: ignore[arg-type]
            elif diffs and comp.kind == "cross-row":  # one finding per pair of rows, not per pair of cells
                rows = tuple(sorted(context.score(i).group for i in comp.scores))
                crossed.setdefault(rows, []).append((comp, diffs))  # type: ignore[arg-type]
            elif diffs and all(not d.known for d in diffs) and comp.kind == "head-to-head":
                facet = diffs[0].facet  # caveats of one row are said once, not once per pair
                unstated.setdefault((context.score(comp.scores[0]).group, facet), []).append(comp)
            elif diffs and comp.kind == "head-to-head":  # one table's pairs broken the same way: said once
                first = context.score(comp.scores[0])
                how = tuple(sorted((d.facet, tuple(sorted((str(d.a), str(d.b))))) for d in diffs))  # either order
                broken.setdefault((first.input, first.table, how), []).append((comp, diffs))
            elif diffs:
                yield self.comparison_finding(context, comp, diffs)
        for pairs in broken.values():
            yield (self.comparison_finding(context, *pairs[0]) if len(pairs) == 1
                   else self.broken_finding(context, "; ".join(d.describe() for d in pairs[0][1]), pairs))
        caveats: dict[tuple, list[list[Comparison]]] = {}  # the rows of one table with this caveat, said once
        for (_, facet), comps in unstated.items():
            first = context.score(comps[0].scores[0])
            caveats.setdefault((first.input, first.table, facet), []).append(comps)
        for (_, _, facet), rows in caveats.items():
            yield self.caveat_finding(context, facet, self._caveat(context, facet, [c for r in rows for c in r]), rows)
        ranked = context.memo("ranked_rows", lambda: {context.score(c.scores[0]).group for c in context.comparisons
                                                     if c.kind == "head-to-head"})
        alone: dict[tuple, list[tuple[Comparison, list[Difference]]]] = {}  # one model's rows of one line item
        for rows, pairs in setups.items():
            if ranked & set(rows) or len(set(rows)) == 1:
                continue  # one model under labelled setups beside a ranking, or as columns of one row: the design
            if len(pairs) == 1:  # one model on two rows: with its other rows of the same benchmark set, one finding
                a = context.score(pairs[0][0].scores[0])  # of the input, whichever tables print the rows
                key = (a.input, a.model, a.benchmark or a.title, a.resolution.version, a.resolution.subset)
                alone.setdefault(key, []).append(pairs[0])
            else:
                yield self.setup_finding(context, pairs)
        for pairs in alone.values():
            yield self.comparison_finding(context, *pairs[0]) if len(pairs) == 1 else self.model_setups_finding(context, pairs)
        for pairs in crossed.values():
            yield (self.comparison_finding(context, *pairs[0]) if len(pairs) == 1
                   else self.crossed_finding(context, pairs))

    def broken_finding(self, context: CheckContext, what: str,
                       pairs: list[tuple[Comparison, list[Difference]]]) -> Finding:
        """Pairs within rows of one table that differ the same way: one finding naming the rows."""
        scores = [context.score(i) for c, _ in pairs for i in c.scores]
        shown = "; ".join(f"{context.score(c.scores[0]).model} vs {context.score(c.scores[1]).model} on "
                          f"{context.score(c.scores[0]).title!r}" for c, _ in pairs[:3])
        more = f" and {len(pairs) - 3} more" if len(pairs) > 3 else ""
        return self.finding(
            f"{len(pairs)} comparisons within {rows_ref(scores)} are not comparable: {what} ({shown}{more})",
            scores=list(dict.fromkeys(s.id for s in scores)), comparisons=[c.id for c, _ in pairs],
            facet=self.facet, pairs=len(pairs),
            differences=[{"a": d.a, "b": d.b, "known": d.known} for d in pairs[0][1]],
        )

    def crossed_finding(self, context: CheckContext, pairs: list[tuple[Comparison, list[Difference]]]) -> Finding:
        """Models of one row set against models of another row of the same benchmark, the two rows
        differing in one facet: one finding for the two rows, naming how many comparisons it spoils."""
        a, b = (context.score(i) for i in pairs[0][0].scores)
        what = "; ".join(dict.fromkeys(d.describe() for _, diffs in pairs for d in diffs))
        known = all(d.known for _, diffs in pairs for d in diffs)
        models = list(dict.fromkeys(context.score(i).model for c, _ in pairs for i in c.scores))
        tail = "they are not comparable" if known else "the gaps may reflect the setup rather than the model"
        return self.finding(
            f"{a.title!r} ({a.line_ref}) vs {b.title!r} ({b.line_ref}): {what}; {len(pairs)} comparisons between models "
            f"of the two rows ({len(models)} models) are affected, and {tail}",
            scores=list(dict.fromkeys(i for c, _ in pairs for i in c.scores)), comparisons=[c.id for c, _ in pairs],
            severity=None if known else "info", facet=self.facet, models=models,
            differences=[{"a": d.a, "b": d.b, "known": d.known} for d in pairs[0][1]],
        )

    def model_setups_finding(self, context: CheckContext, pairs: list[tuple[Comparison, list[Difference]]]) -> Finding:
        """One model printed on three or more rows of one benchmark that differ in this facet (an agent under
        Moatless, Agentless and OpenHands): one finding naming each setup and value, not one per pair."""
        setups: dict[str, str] = {}  # score id -> the facet's value for it
        for c, diffs in pairs:
            for sid, value in zip(c.scores, (diffs[0].a, diffs[0].b)):
                setups.setdefault(sid, value or "not stated")
        cells = [context.score(i) for i in setups]
        values = [points(x) for x in cells if x.value is not None]
        spread = f" ({max(values) - min(values):.1f} points apart)" if len(values) > 1 else ""
        shown = ", ".join(f"{setups[x.id]} {x.cell.shown}" for x in cells)
        known = all(d.known for _, diffs in pairs for d in diffs)
        return self.finding(
            f"{cells[0].model} on {cells[0].title!r} ({rows_ref(cells)}) is printed under {len(cells)} {self.facet} "
            f"settings ({shown}){spread}: a configuration effect, not a model comparison",
            scores=list(setups), comparisons=[c.id for c, _ in pairs], facet=self.facet, setups=len(cells),
            severity="info" if known else None,
            differences=[{"a": d.a, "b": d.b, "known": d.known} for _, diffs in pairs for d in diffs],
        )

    def setup_finding(self, context: CheckContext, pairs: list[tuple[Comparison, list[Difference]]]) -> Finding:
        """Several models printed on two rows that differ in one setup: one finding for the two rows."""
        first = [context.score(i) for i in pairs[0][0].scores]
        gaps = [abs(points(a) - points(b)) for c, _ in pairs
                for a, b in [tuple(context.score(i) for i in c.scores)] if a.value is not None and b.value is not None]
        models = list(dict.fromkeys(context.score(c.scores[0]).model for c, _ in pairs))
        what = "; ".join(d.describe() for d in pairs[0][1])
        spread = f" ({min(gaps):.1f}–{max(gaps):.1f} points apart)" if gaps else ""
        known = all(d.known for _, diffs in pairs for d in diffs)
        return self.finding(
            f"{first[0].title!r} ({first[0].line_ref}) vs {first[1].title!r} ({first[1].line_ref}): {what} for each of "
            f"{len(models)} models{spread}: a configuration effect, not a model comparison",
            scores=[i for c, _ in pairs for i in c.scores], comparisons=[c.id for c, _ in pairs],
            severity=None if known else "info", facet=self.facet, models=models,
            differences=[{"a": d.a, "b": d.b, "known": d.known} for d in pairs[0][1]],
        )

    @staticmethod
    def _caveat(context: CheckContext, facet: str, comps: list[Comparison]) -> str:
        """What a row whose pairs cannot be matched on a facet leaves unstated, in words."""
        said: dict[str, set[str]] = {}  # model -> the values stated for it, in column order
        for s in sorted((context.score(i) for c in comps for i in c.scores), key=lambda s: s.col):
            said.setdefault(s.model, set()).update(filter(None, [_stated(s, facet)]))
        stated, silent = [m for m, v in said.items() if v], [m for m, v in said.items() if not v]
        if stated and silent:
            shown = ", ".join(f"{m} ({', '.join(sorted(said[m]))})" for m in stated)
            return (f"{facet} stated for {shown} "
                    f"only, not for {', '.join(silent)}")
        return f"{facet} not stated"

    def caveat_finding(self, context: CheckContext, facet: str, what: str, rows: list[list[Comparison]]) -> Finding:
        """One info finding for the rows of a table whose pairs cannot be matched on a facet the table
        does not state, when every one of them leaves the same thing unstated."""
        comps = [c for row in rows for c in row]
        ids = list(dict.fromkeys(i for c in comps for i in c.scores))
        scores = [context.score(i) for i in ids]
        where = (f"{scores[0].title!r} ({scores[0].line_ref})" if len(rows) == 1
                 else f"{len(rows)} rows ({rows_ref(scores)})")
        return self.finding(
            f"{where}: {what}, so gaps in {'this row' if len(rows) == 1 else 'these rows'} may reflect the setup "
            f"rather than the model", scores=ids, comparisons=[c.id for c in comps], severity="info",
            facet=facet, pairs=len(comps), rows=len(rows),
        )

    def comparison_finding(self, context: CheckContext, comp: Comparison, diffs: list[Difference]) -> Finding:
        a, b = (context.score(i) for i in comp.scores)
        what = "; ".join(d.describe() for d in diffs)
        known = all(d.known for d in diffs)
        head = _pair(a, b)
        if comp.kind == "configuration":
            apart = abs(points(a) - points(b)) if a.value is not None and b.value is not None else None
            gap = "" if apart is None else (" (the same value)" if apart == 0 else f" ({apart:.1f} points apart)")
            message = f"{head}: same model, {what}{gap}: a configuration effect, not a model comparison"
        elif known:
            message = f"{head} are not comparable: {what}"
        else:
            message = f"{head}: {what}, so the gap may reflect the setup rather than the model"
        return self.finding(  # a labelled setup of one model is the table's design: how much it moves, said as info
            message, scores=comp.scores, comparisons=(comp.id,),
            severity="info" if not known or comp.kind == "configuration" else None,
            facet=self.facet, differences=[{"a": d.a, "b": d.b, "known": d.known} for d in diffs],
        )


def points(s: Score) -> float:
    """A value in the points a gap between two cells is said in: a fraction (0.914) as a percentage (91.4),
    every other unit as printed."""
    return s.value * 100.0 if s.unit == "fraction" else s.value


def _stated(s: Score, facet: str) -> str | None:
    """The value a score states for a facet ("high" for effort), if any."""
    res = s.resolution
    value = {"harness": res.harness, "judge": res.judge, "subset": res.subset, "version": res.version}.get(facet)
    if value is None:
        value = dict(res.budget).get(facet.replace(" ", "_"))
    return None if value is None else str(value)


def cell_name(s: Score) -> str:
    """How a message names a cell: model, label and printed value."""
    return f"{s.model} {s.cell.shown or '(empty)'} on {s.title!r} ({s.ref})"


def rows_ref(scores: Sequence[Score]) -> str:
    """Several rows as a message names them: "rows 2, 5", or "a.csv rows 2, 5; b.csv row 3"."""
    by_origin: dict[str, set[int]] = {}
    for s in scores:
        by_origin.setdefault(s.origin, set()).add(s.row)
    parts = []
    for origin, rows in by_origin.items():
        words = f"{'rows' if len(rows) > 1 else 'row'} {', '.join(map(str, sorted(rows)))}"
        parts.append(f"{origin} {words}" if origin else words)
    return "; ".join(parts)


def _pair(a: Score, b: Score) -> str:
    if a.title == b.title:
        return f"{a.title!r}: {a.model} {a.cell.shown} vs {b.model} {b.cell.shown}"
    return f"{cell_name(a)} vs {cell_name(b)}"


_SECTION = re.compile(r"^(Bad|Good|Reference):[ \t]*(.*)$", re.M)


def parse_docstring(doc: str) -> dict[str, str]:
    """Split a rule docstring into summary, why, bad, good and reference."""
    summary, _, body = inspect.cleandoc(doc).partition("\n")
    parts = {"summary": summary.strip(), "why": "", "bad": "", "good": "", "reference": ""}
    pieces = _SECTION.split(body)
    parts["why"] = " ".join(pieces[0].split())
    for name, first, rest in zip(pieces[1::3], pieces[2::3], pieces[3::3] + [""] * len(pieces)):
        text = (first + "\n" + rest).strip("\n")
        parts[name.lower()] = inspect.cleandoc(text) if name != "Reference" else " ".join(text.split())
    return parts
