"""CC414 — one part of a benchmark that nearly every model scores far below its other parts."""

from __future__ import annotations

import re
from statistics import median
from typing import Iterator

from claimcheck.checker.base import CheckContext, Rule
from claimcheck.records import Finding, Score


_DIFFICULTY = re.compile(r"\b(?:easy|medium|hard|harder|hardest|extreme|expert|difficult|challenging|level\s*\d|tier\s*\d)\b|"
                         r"简单|中等|困难", re.I)


class PartAtFloor(Rule):
    """A part of a benchmark that nearly every model scores far below the benchmark's other parts.

    A part (a language direction, a task) that is merely hard spreads the models out; one on which
    almost every model collapses to a few points, while the same models score five times as much
    on the sibling parts, is more often scored differently: another metric under the same unit
    (CodeEditorBench's Polish is an optimisation score, not a pass rate), a tokenizer that does not
    fit the language (BLEU on Japanese or Arabic without a suitable tokenizer), or a broken reference.  Its gaps say little, and an
    average over the parts inherits the artefact.  Parts split by difficulty ("Hard", "Tier 3") are
    meant to differ and are left alone.  Needs three parts or more in one table, and three
    models or more with a value on the part and on another part; the part's value must be at most
    ``RATIO`` of the model's median over the other parts for at least ``SHARE`` of them.

    Bad:
        | Flores | CN-EN | CN-FR | CN-AR |
        | A      | 27.7  | 26.0  | 0.4   |
        | B      | 25.8  | 24.1  | 1.2   |
    Good:
        the part's metric and tokenization stated, or the part left out of the average.
    Reference: Post, M. (2018). "A Call for Clarity in Reporting BLEU Scores." WMT 2018, arXiv:1804.08771
        (BLEU depends on tokenization; a tokenizer that does not fit the language changes the number, not the
        translation).
    """

    code, slug, family, severity = "CC414", "part-at-floor", "integrity", "info"

    #: a model's value on the part is at most this share of its median over the other parts
    RATIO = 0.2
    #: … for at least this share of the models
    SHARE = 0.6
    #: parts of one benchmark in one table, and models with a value on the part and another
    PARTS, MODELS = 3, 3

    def check(self, context: CheckContext) -> Iterator[Finding]:
        benchmarks: dict[tuple[int, int, str], dict[str, dict[str, Score]]] = {}
        for s in context.checked():
            if s.benchmark and s.unit in ("percent", "points") and s.value is not None and s.value >= 0:
                benchmarks.setdefault((s.input, s.table, s.benchmark), {}).setdefault(s.group, {})[s.model] = s
        found: dict[tuple[int, str], list[tuple[dict[str, Score], list[str], dict[str, float], list[str]]]] = {}
        for (page, _, bench), lines in benchmarks.items():
            if len(lines) < self.PARTS or any(_DIFFICULTY.search(next(iter(line.values())).title) for line in lines.values()):
                continue  # parts split by difficulty (Easy / Medium / Hard): a hard part is meant to be low
            for group, cells in lines.items():
                ratios: dict[str, float] = {}
                for model, s in cells.items():
                    others = [line[model].value for g, line in lines.items() if g != group and model in line]
                    if others and (mid := median(others)) > 0:
                        ratios[model] = s.value / mid  # type: ignore[operator]
                low = [m for m, r in ratios.items() if r <= self.RATIO]
                if len(ratios) >= self.MODELS and len(low) >= self.SHARE * len(ratios):
                    siblings = [next(iter(line.values())).title for g, line in lines.items() if g != group]
                    found.setdefault((page, bench), []).append((cells, low, ratios, siblings))
        for parts in found.values():  # one finding per benchmark of a page, however many tables reprint it
            cells, low, ratios, siblings = parts[0]
            s = next(iter(cells.values()))
            titles = list(dict.fromkeys(next(iter(c.values())).title for c, *_ in parts))
            where = ", ".join(sorted({f"table {next(iter(c.values())).table + 1}" for c, *_ in parts}))
            yield self.finding(
                f"{' and '.join(repr(t) for t in titles)} ({where}) sit{'s' if len(titles) == 1 else ''} far below "
                f"{s.resolution.benchmark_name or 'the benchmark'}'s other parts "
                f"({', '.join([x for x in siblings if x not in titles][:5])}) for most models: {len(low)} of {len(ratios)} "
                f"score at most a fifth of their median over the other parts on {titles[0]!r} "
                f"({', '.join(cells[m].cell.shown for m in low[:4])} …). A part nearly every model fails this way is more "
                f"likely scored differently (another metric under the same unit, a tokenizer that does not fit the "
                f"language, a broken reference) than hard, so its gaps, and any average over the parts, say little",
                scores=[c[m].id for c, _, r, _ in parts for m in r], parts=titles,
                low=[len(lw) for _, lw, _, _ in parts], models=[len(r) for _, _, r, _ in parts])

RULES = [PartAtFloor]
