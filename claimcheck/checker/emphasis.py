"""Emphasis: which cells a table marks as best, the tie rules its notes state, and what each row shows.

Bold, a "best"/"SOTA" marker or (with no bold in the table) underline marks a cell as the best
of its row; underline beside bold marks the runner-up.  A column set wholly in bold is the
vendor's own model highlighted, not a claim of best, and so is bold when the notes say it marks
"our" model.  Notes such as "gaps ≤ 0.3 are ties and both bolded" give a tie gap; "best results
in bold" says every row's best should be bold.

The notes are read once, into the table's :class:`~claimcheck.records.Legend`, by the reading
stage; :func:`table_marks` reads them per context (CC105 and CC306).
"""

from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from claimcheck.checker.base import CheckContext
from claimcheck.records import PROPORTION_UNITS, Legend, Score

_EPS = 1e-9  # absorbs float error when comparing printed values
_BEST_WORDS = re.compile(r"\bbest\b|\bsota\b|state[- ]of[- ]the[- ]art|最佳|最优|最好", re.I)


def claims_best(s: Score) -> bool:
    """Bold, or a "best"/"SOTA" mark printed with the value."""
    return (any(e in ("bold", "best", "sota") for e in s.cell.emphasis)
            or any(_BEST_WORDS.search(m) for m in s.cell.markers))


def merit(s: Score) -> float:
    """The value with larger meaning better, whatever the metric's direction."""
    return -s.value if s.lower_is_better else s.value  # type: ignore[operator]


def misread_direction(s: Score, row: list[Score]) -> bool:
    """A lower-is-better cell marked best although it is the highest value of its row (CC105's case)."""
    if not s.lower_is_better:
        return False
    values = [x.value for x in row]
    return s.value == max(values) and max(values) > min(values)  # type: ignore[type-var]


@dataclass(frozen=True)
class TableMarks:
    """How one table uses emphasis, read from its cells and its notes."""

    best: frozenset[str]  # ids of cells marked as the best of their row
    second: frozenset[str]  # ids of cells underlined as runner-up (underline beside bold)
    tie_gap: float | None = None  # notes: gaps up to this (printed units) are ties, all marked
    best_is_bold: bool = False  # notes: the best result of each row is bold
    rule: str | None = None  # the note that states the bolding rule
    own: frozenset[str] = frozenset()  # models the emphasis sets apart as the vendor's own (not as best)


def table_marks(context: CheckContext) -> dict[tuple[int, int], TableMarks]:
    """The emphasis of every table, keyed by (input, table); computed once per context."""
    return context.memo("emphasis.table_marks", lambda: read_table_marks(context.scores, context.legend))


def read_table_marks(scores: Sequence[Score], legend_of: Callable[[int], Legend]) -> dict[tuple[int, int], TableMarks]:
    """The emphasis of every table with a checked value, keyed by (input, table)."""
    by_table: dict[tuple[int, int], list[Score]] = {}
    for s in scores:
        if s.status == "checked" and s.value is not None:
            by_table.setdefault((s.input, s.table), []).append(s)
    return {key: marks_of(cells, legend_of(cells[0].table)) for key, cells in by_table.items()}


def marks_of(scores: list[Score], legend: Legend) -> TableMarks:
    """How one table's cells use emphasis, as its legend explains it.

    Bold the legend says marks the vendor's model, or the best of a group of models the table does
    not mark, claims no row best; underline said to mark a group's best is not a runner-up mark.
    """
    if legend.bold == "own":
        return TableMarks(frozenset(), frozenset(), rule=legend.rule,
                          own=frozenset(s.model for s in scores if claims_best(s)))
    if legend.bold == "group-best":
        return TableMarks(frozenset(), frozenset(), rule=legend.rule)
    if _best_of_open_models(scores):
        return TableMarks(frozenset(), frozenset(), rule="bold is the best of the open models (the models named "
                                                        "closed-source are never bold and lead where bold is not best)")
    highlighted = _highlighted(scores)
    group_underline = legend.underline in ("group-best", "own")  # underline (even over bold) marks another group's best
    styled = set(legend.styled_rows)  # a row bold as a whole is styled, not marked best
    best = {s.id for s in scores if claims_best(s) and s.model not in highlighted and s.row not in styled
            and not (group_underline and "underline" in s.cell.emphasis)}
    underlined = set() if group_underline else \
        {s.id for s in scores if "underline" in s.cell.emphasis and s.model not in highlighted}
    second = underlined - best if best else set()
    best |= underlined if not best else set()
    return TableMarks(frozenset(best), frozenset(second), legend.tie_gap, legend.bold == "best", legend.rule,
                      frozenset(highlighted))


def _by(scores: Sequence[Score], field: str) -> dict:
    """The scores grouped by one of their fields ("group": printed line, "model", "col"), in order."""
    out: dict = {}
    for s in scores:
        out.setdefault(getattr(s, field), []).append(s)
    return out


#: a model the table itself names closed ("GPT-4o-mini(close source)", "gpt-4-0613 · 闭源")
_CLOSED = re.compile(r"\bclosed?[- ]?source\b|\bproprietary\b|\bclosed[- ]weights?\b|闭源|商用", re.I)


def _best_of_open_models(scores: list[Score]) -> bool:
    """Whether the bold cells mark the best of the models not named closed-source: no closed model is bold,
    some bold cell is beaten by a closed model, and every bold cell is the best of its line's other models."""
    closed = {s.model for s in scores if _CLOSED.search(s.model)}
    if not closed or any(claims_best(s) for s in scores if s.model in closed):
        return False
    beaten = False
    for cells in _by(scores, "group").values():
        bold = [s for s in cells if claims_best(s)]
        if not bold:
            continue
        top = max(merit(s) for s in cells if s.model not in closed)
        if any(merit(s) < top for s in bold):
            return False
        beaten |= any(merit(s) > top for s in cells if s.model in closed)
    return beaten


#: at most this many models set wholly in bold are the vendor's own highlighted (its base and chat models)
HIGHLIGHTED_MAX = 2


def _highlighted(scores: list[Score]) -> set[str]:
    """The models set wholly in bold as the vendor's own, not as best, when nothing else is bold: the one
    column of a table of benchmark rows bold in three rows or more (:func:`_highlighted_column`), or one
    or two models bold in every cell where the bold cannot mean best (a bold cell below another model's)."""
    by_model = _by(scores, "model")
    whole = {m for m, cells in by_model.items()
             if len({x.label for x in cells}) >= 3 and all(claims_best(x) for x in cells)}
    if not whole or len(whole) >= len(by_model) or any(claims_best(s) for s in scores if s.model not in whole):
        return set()
    column = _highlighted_column(scores)
    if column:
        return {s.model for s in scores if s.col in column}
    beaten = any(merit(s) < max(merit(x) for x in cells)
                 for cells in _by(scores, "group").values() for s in cells if s.model in whole)
    return whole if len(whole) <= HIGHLIGHTED_MAX and beaten else set()


def _highlighted_column(scores: list[Score]) -> set[int]:
    """The one column set wholly in bold (the vendor's own model), when nothing else is bold."""
    whole = {c for c, cells in _by(scores, "col").items()
             if len({x.group for x in cells}) >= 3 and all(claims_best(x) for x in cells)}
    others_bold = any(claims_best(s) for s in scores if s.col not in whole)
    return whole if len(whole) == 1 and not others_bold else set()


@dataclass(frozen=True)
class MarkedRow:
    """One printed row with the table's emphasis: who is marked, who is best, who ties."""

    cells: list[Score]
    marks: TableMarks
    top: float  # the best value, larger is better
    tied: frozenset[str]  # cells within the notes' tie gap of the best
    lower: bool

    @classmethod
    def of(cls, cells: list[Score], marks: TableMarks) -> "MarkedRow":
        """The row's cells seen through its table's marks."""
        top = max(merit(s) for s in cells)
        # a stated tie gap ("≤ 0.3") is in the points of the percentage rows it was written for, not in
        # bits per byte or on a 0-1 scale, where it would tie everything
        gap = marks.tie_gap if all(s.unit == "percent" for s in cells) else None
        tied = frozenset(s.id for s in cells if gap is not None and top - merit(s) <= gap + _EPS)
        return cls(cells, marks, top, tied, cells[0].lower_is_better)

    @property
    def marked(self) -> list[Score]:
        """The cells marked best, in row order."""
        return [s for s in self.cells if s.id in self.marks.best]

    @property
    def best(self) -> Score:
        """The best cell of the row (the first, when several tie)."""
        return max(self.cells, key=merit)

    def is_top(self, s: Score) -> bool:
        """Whether the cell has the row's best value."""
        return merit(s) >= self.top - _EPS

    def rival(self) -> Score | None:
        """The best cell neither marked nor tied with the best: what a marked best cell leads."""
        rivals = [x for x in self.cells if x.id not in self.marks.best and x.id not in self.tied]
        return max(rivals, key=merit) if rivals else None

    def unmarked_ties(self) -> list[Score]:
        """Cells the notes' tie gap says should be bolded with the best, but are not."""
        return [x for x in self.cells if x.id in self.tied and x.id not in self.marks.best]

    def unmarked_equals(self) -> list[Score]:
        """Unmarked cells with exactly the marked best value, where no tie gap is stated: a tie
        the marks present as one cell's lead."""
        if self.marks.tie_gap is not None or not any(self.is_top(s) for s in self.marked):
            return []
        return [x for x in self.cells if self.is_top(x) and x.id not in self.marks.best]

    def beaten_runners_up(self) -> Iterator[tuple[Score, Score]]:
        """Each cell underlined as runner-up, with the best unmarked cell that beats it."""
        for s in (x for x in self.cells if x.id in self.marks.second):
            better = [x for x in self.cells if x.id not in self.marks.best and merit(x) > merit(s) + _EPS]
            if better:
                yield s, max(better, key=merit)


def marked_rows(context: CheckContext) -> Iterator[MarkedRow]:
    """Every printed row of two or more checked values of one kind, with its table's marks.

    Reference rows (Human, Random, Oracle) are no contenders for a best mark.  Where the models
    stand in blocks (separated by spacer or section rows) and two blocks each mark a best, each
    block is its own ranking; a row set wholly in bold (an "Average" row) marks no best.
    """
    marks = table_marks(context)
    for row in context.rows().values():
        cells = [s for s in row if s.status == "checked" and s.value is not None and not is_reference(s.model)]
        if len(cells) < 2 or len({_rank_kind(s) for s in cells}) != 1:
            continue
        table = marks[(cells[0].input, cells[0].table)]
        if len(cells) >= 3 and all(claims_best(s) for s in cells):
            continue  # the whole row is styled, not one cell marked best
        for part in _blocks(cells, table):
            if len(part) >= 2:
                yield MarkedRow.of(part, table)


def marked_blocks(cells: Sequence[Score], is_marked: Callable[[Score], bool] = claims_best) -> list[list[Score]]:
    """The row as one ranking, or one per block of models (size sections between spacer rows) when the marks
    are the blocks': two blocks each mark a best cell (as printed, or as the table's legend reads the marks), or
    every mark of the table's lines lies in its first block (the two models it sets side by side above a spacer,
    the others printed below for reference).  Each block is then its own contest."""
    blocks: dict[int, list[Score]] = {}
    for s in cells:
        blocks.setdefault(s.block, []).append(s)
    marked = [b for b in blocks.values() if any(is_marked(s) for s in b)]
    first = min(blocks, default=0)
    only_first = len(marked) == 1 and marked[0] is blocks[first] and len(blocks[first]) >= 2
    return list(blocks.values()) if len(blocks) > 1 and (len(marked) >= 2 or only_first) else [list(cells)]


def _blocks(cells: list[Score], marks: TableMarks) -> list[list[Score]]:
    return marked_blocks(cells, lambda s: s.id in marks.best)


_REFERENCE = re.compile(r"^\W*(?:human(?:s| experts?| baseline| performance)?|random(?: guess(?:ing)?| baseline| chance)?|"
                        r"oracle|chance|majority(?: class)?(?: baseline)?|人类(?:专家|水平)?|随机|"
                        # the best of several models per column ("Open-source SOTA"): a bound, not a model
                        r"(?:(?:open|closed)[- ]?source\s+|previous\s+|prior\s+)?(?:sota|state[- ]of[- ]the[- ]art)|"
                        r"previous\s+best)\W*$", re.I)


@lru_cache(maxsize=1 << 17)  # pure; asked of every cell of a board by several rules
def is_reference(model: str) -> bool:
    """A reference row (Human, Random, Oracle), not a model: it bounds the scores, it does not compete."""
    return bool(_REFERENCE.match(model.replace("*", "")))


def _rank_kind(s: Score) -> str:
    """What a value can be ranked against: percentages and win rates together, any other unit (fraction too) alone."""
    return "percent" if s.unit in PROPORTION_UNITS and s.unit != "fraction" else s.unit
