"""CC302, CC303, CC306 — the gaps a reader of a row is invited to see, and whether the data support them.

The row's leader against its rivals (judged by rank sets where the row has them), the subject against
its rivals, a marked best cell against its runner-up: each read from the comparisons and rank sets the
checker built (:mod:`claimcheck.checker.comparisons`, :mod:`claimcheck.checker.family`,
:mod:`claimcheck.checker.ranking`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from claimcheck.checker.base import CheckContext, Rule, cell_name
from claimcheck.checker.denominators import n_caveat
from claimcheck.checker.emphasis import MarkedRow, marked_rows, merit, table_marks
from claimcheck.records import Comparison, Finding, Score, ranked_by_score

def _level(context: CheckContext) -> str:
    """The confidence level the report runs at ("95%", "99%")."""
    return f"{100 * (1 - context.alpha):g}%"


def _pp(x: float | None) -> str:
    if x is None:
        return "—"
    value = round(100 * x, 1)
    return f"{value + 0.0 if value else 0.0:.1f} pp"  # never "-0.0 pp"


def _gap(c: Comparison) -> str:
    """A comparison's gap as a message prints it: points of a proportion, or of the printed scale."""
    return _pp(abs(c.diff)) if c.diff is not None else f"{abs(c.gap or 0):g} points"


def _pair_list(rows: list[tuple[Comparison, Score, Score, str]], most: int = 5) -> str:
    """Gaps of one table as a finding lists them, each with a note on its evidence:
    "'MMLU' (row 3): A 60.0 vs B 55.0, 5.0 pp (p = 0.024 alone …); and 2 more"."""
    return "; ".join(f"{a.title!r} ({a.line_ref}): {a.model} {a.cell.shown} vs {b.model} {b.cell.shown}, {_gap(c)} ({note})"
                     for c, a, b, note in rows[:most]) + (f"; and {len(rows) - most} more" if len(rows) > most else "")


@dataclass(frozen=True)
class ReadRow:
    """The gaps a reader of one printed row is invited to see: the leader against each rival, and
    the subject (the vendor's model) against each model it was compared with."""

    cells: tuple[Score, ...]
    leader: Score
    subject: Score | None
    judged: tuple[Comparison, ...]  # head-to-head tests involving the leader or the subject, in a Holm family
    looked_at: tuple[Comparison, ...] = ()  # every head-to-head test of the leader or the subject

    def within_noise(self, who: Score) -> list[tuple[Comparison, Score]]:
        """The judged comparisons of ``who`` left within noise, with the rival, rivals in row order."""
        out = [(c, next(x for x in self.cells if x.id != who.id and x.id in c.scores))
               for c in self.judged if who.id in c.scores and c.verdict == "within-noise"
               and (c.diff if c.diff is not None else c.gap)]  # an exact tie is no lead to doubt
        return sorted(out, key=lambda pair: self.cells.index(pair[1]))

    def tested(self, who: Score) -> int:
        return sum(1 for c in self.judged if who.id in c.scores and c.p is not None)


#: rivals a leader's clause names before counting the rest ("and 92 more")
NAMED_RIVALS = 4


def read_rows(context: CheckContext) -> list[ReadRow]:
    """Every printed row with head-to-head tests, seen as a reader of the release sees it (shared by
    CC302 and CC303: one row, one view).  A row whose models sit in blocks (size classes under
    headings, "w/ CoT" and "w/o CoT" sections) is read block by block: each block has its leader, and
    a gap across blocks is no gap the table invites."""
    def build() -> list[ReadRow]:
        tests: dict[str, list[Comparison]] = {}
        for c in context.comparisons:
            if c.kind == "head-to-head" and c.p is not None:
                tests.setdefault(context.score(c.scores[0]).group, []).append(c)
        out = []
        for group, comps in tests.items():
            ids = {i for c in comps for i in c.scores}
            row = [s for s in context.rows()[group] if s.id in ids]
            for block in dict.fromkeys(s.block for s in row):
                cells = tuple(s for s in row if s.block == block)
                inside = {s.id for s in cells}
                within = [c for c in comps if set(c.scores) <= inside]
                if not within:
                    continue
                tested = {i for c in within for i in c.scores}  # one set, not a scan of the tests per cell
                cells = tuple(s for s in cells if s.id in tested)
                leader = max(cells, key=merit)
                subject = next((s for s in cells if context.subject and s.model == context.subject.model), None)
                looked = tuple(c for c in within
                               if leader.id in c.scores or (subject is not None and subject.id in c.scores))
                out.append(ReadRow(cells, leader, subject, tuple(c for c in looked if c.p_adjusted is not None), looked))
        return out
    return context.memo("read_rows", build)


def _of(k: int, m: int) -> str:
    if k == m:
        return {1: "the one model", 2: "both models"}.get(m, f"all {m} models")
    return f"{k} of the {m} models"


def before_correction(c: Comparison, alpha: float) -> bool:
    """A gap left within noise by the correction alone: on its own it clears α (its p is a real p, not a
    bound), so the data tell the two models apart; the table's many other judged gaps are what keep it
    from counting.  Said as such, at info level, not as a gap the data cannot resolve."""
    return c.verdict == "within-noise" and c.p is not None and not c.p_is_bound and c.p < alpha


def corrected_finding(rule: Rule, context: CheckContext, pairs: list[tuple[Comparison, Score, Score]],
                      what: str) -> Finding:
    """One table's gaps that are significant on their own but not after its family's Holm correction:
    (comparison, leading cell, trailing cell) each, ``what`` naming one ("best mark", "gap")."""
    family = next((f for f in context.families if pairs[0][0].id in f.members), None)
    size = f" over its {len(family.members)} judged gaps" if family else ""
    first = pairs[0][1]
    where = first.origin or f"table {first.table + 1}"
    shown = _pair_list([(c, a, b, f"p = {c.p:.2g} alone, Holm-adjusted {c.p_adjusted:.2g}") for c, a, b in pairs])
    return rule.finding(
        f"{len(pairs)} {what}{'s' if len(pairs) > 1 else ''} of {where} {'are' if len(pairs) > 1 else 'is'} significant "
        f"on {'their' if len(pairs) > 1 else 'its'} "
        f"own but not after the Holm correction{size}: {shown}. The data tell these models apart; the "
        f"number of comparisons the table invites is what keeps each lead from being established",
        scores=list(dict.fromkeys(i for c, *_ in pairs for i in c.scores)), comparisons=[c.id for c, *_ in pairs],
        severity="info", verdict="within-noise", corrected=True, alpha=context.alpha,
        gaps=[{"row": a.title, "a": a.model, "b": b.model, "diff": c.diff, "p": c.p, "p_adjusted": c.p_adjusted}
              for c, a, b in pairs],
        tests=len(family.members) if family else None,
    )


def _rival_list(pairs: list[tuple[Comparison, Score]], level: str, most: int = 4) -> str:
    """The rivals a model is within noise of, the closest with its interval and statistic."""
    closest = min(range(len(pairs)), key=lambda i: abs(pairs[i][0].diff if pairs[i][0].diff is not None
                                                      else pairs[i][0].gap or 0))
    pairs = [pairs[closest], *pairs[:closest], *pairs[closest + 1:]]  # the closest first
    shown = []
    for i, (c, x) in enumerate(pairs[:most]):
        gap = _gap(c)
        if i == 0 and c.diff_ci:
            gap += f", {level} CI before correction [{_pp(c.diff_ci[0])}, {_pp(c.diff_ci[1])}]"
            gap += f", z = {c.z:.2f}" if c.z is not None else ""
        shown.append(f"{x.model} {x.cell.shown} ({gap})")
    more = len(pairs) - most
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


class GapWithinNoise(Rule):
    """A gap a reader of the row is invited to see that the data leave within sampling noise.

    A gap is evidence only when it is larger than the sampling noise of the benchmark.  Each
    comparable gap gets an interval (Newcombe's by default, ``--ci-method``) and the p-value of the
    test that interval inverts; Holm's correction runs within the table's family of judged gaps,
    fixed before any gap is looked at (the subject against each rival, marked cells, claims, the
    one gap of a two-model row).  "Not significant" means the data cannot tell the models apart,
    not that they are equal.  A finding is a row, not a pair: the subject (``--subject``, the
    claims file's model, or the model most often marked best) within noise of its rivals, and a
    leader that is not alone at first place; from three such rows of one table on, one finding for the
    table with a short clause per row (each row's full finding is kept in its details).  The leader is picked by looking at the scores, so in
    rows of three or more comparable models it is judged by simultaneous rank confidence sets
    (Mogstad et al. 2024), not by pairwise tests chosen after ranking.  Every pairwise test stays in
    the report's comparisons.  A gap that clears α on its own and is within noise only after the
    table's correction is not one the data cannot resolve: it is said once per table, at info level,
    with both p values.

    Bad:
        | Agent Index v1.2 (n=500) | 90.4 | 87.6 |: a 2.8-point gap, z = 1.41, not significant.
    Good:
        | GPQA Diamond (198 questions) | 80.0% | 50.0% |: z = 6.59, significant after Holm.
    Reference: Holm, S. (1979). "A Simple Sequentially Rejective Multiple Test Procedure." Scand. J. Stat. 6,
        65–70; Newcombe, R. G. (1998). "Interval estimation for the difference between independent
        proportions: comparison of eleven methods." Stat. Med. 17, 873–890 (90.4 vs 87.6, n = 500: z = 1.41);
        Mogstad, M., Romano, J. P., Shaikh, A. M. & Wilhelm, D. (2024). "Inference for Ranks." Rev. Econ. Stud.
        91, 476–518, doi:10.1093/restud/rdad006.
    """

    code, slug, family, severity = "CC302", "gap-within-noise", "noise", "warning"

    #: this many rows of one table with a finding: one finding for the table, a short clause per row
    SAME_TABLE = 3

    levels = {"info": "the gaps are significant on their own and within noise only after the table's Holm correction"}

    def check(self, context: CheckContext) -> Iterator[Finding]:
        by_table: dict[tuple[int, int], list[tuple[Finding, str]]] = {}
        corrected: dict[tuple[int, int], list[tuple[Comparison, Score, Score]]] = {}
        for finding, short in self._rows(context, corrected):
            first = context.score(finding.scores[0])
            by_table.setdefault((first.input, first.table), []).append((finding, short))
        for found in by_table.values():
            if len(found) < self.SAME_TABLE:
                yield from (f for f, _ in found)
            else:
                yield self._table(context, found)
        for pairs in corrected.values():
            yield corrected_finding(self, context, pairs, "gap")

    def _table(self, context: CheckContext, rows: list[tuple[Finding, str]]) -> Finding:
        """One finding for the rows of one table, each said in its short form."""
        found = [f for f, _ in rows]
        first = context.score(found[0].scores[0])
        where = first.origin or "the table"
        return self.finding(
            f"{len(found)} rows of {where} order models the data cannot tell apart at {_level(context)}: "
            + "; ".join(short for _, short in rows),
            scores=list(dict.fromkeys(i for f in found for i in f.scores)),
            comparisons=list(dict.fromkeys(i for f in found for i in f.comparisons)),
            rows=[{"message": f.message, **f.details} for f in found],
            alpha=context.alpha,
        )

    def _rows(self, context: CheckContext, corrected: dict) -> Iterator[tuple[Finding, str]]:
        """One finding per printed row, with the short clause a table's finding says it in; gaps within
        noise only after the correction go to ``corrected`` (by table), each once, not into the rows."""
        said_corrected: set[str] = set()

        def resolved(who: Score, noisy: list[tuple[Comparison, Score]]) -> list[tuple[Comparison, Score]]:
            for c, x in noisy:
                if before_correction(c, context.alpha) and c.id not in said_corrected:
                    said_corrected.add(c.id)
                    a, b = (who, x) if merit(who) >= merit(x) else (x, who)
                    corrected.setdefault((who.input, who.table), []).append((c, a, b))
            return [(c, x) for c, x in noisy if not before_correction(c, context.alpha)]

        ranked = ranked_by_score(context.ranks)
        family_size = {(f.input, f.table): len(f.members) for f in context.families}  # each table's Holm family
        repeated: set = set()
        # the cells a table marks best (a column set wholly in bold is the vendor's highlight, no mark)
        marked = {i for marks in table_marks(context).values() for i in marks.best}
        for row in read_rows(context):
            parts, pairs, rivals, short = [], [], [], []
            leader, subject = row.leader, row.subject
            ranks = ranked.get(leader.id)
            tests = family_size.get((leader.input, leader.table), 0)
            if leader.id in marked:
                pass  # a marked leader within noise is CC306's finding
            elif ranks is not None and leader.id in ranks.scores and (subject is None or subject.id != leader.id) \
                    and set(ranks.scores) <= {x.id for x in row.cells}:  # a block's leader is no row's: not by the row's sets
                # a leader picked by looking: judged by the simultaneous rank sets, not by pairs chosen after ranking
                rivals = [x for i in ranks.could_lead() if i != leader.id
                          and merit(x := context.score(i)) != merit(leader)]  # an exact tie is no lead to doubt
                if len(rivals) > NAMED_RIVALS:  # a board: the closest rivals are named, in order of merit
                    rivals.sort(key=merit, reverse=True)
                if rivals:
                    named = rivals[:NAMED_RIVALS]
                    more = f" and {len(rivals) - NAMED_RIVALS} more" if len(rivals) > NAMED_RIVALS else ""
                    sets = ranks.describe({leader.id, *(x.id for x in named)})  # the models the sentence names
                    parts.append(f"the leader {leader.model} {leader.cell.shown} is not alone at first place: "
                                 f"{', '.join(f'{x.model} {x.cell.shown}' for x in named)}{more} could rank first "
                                 f"too ({_level(context)} simultaneous rank sets: {sets}{more and ', …'})")
                    short.append(f"{leader.model} {leader.cell.shown} leads, but {_names(rivals)} could rank first too")
            elif noisy := resolved(leader, row.within_noise(leader)):
                parts.append(f"{_the_leader(leader, context)} {leader.model} {leader.cell.shown} is within sampling noise of "
                             f"{_of(len(noisy), row.tested(leader))} it was tested against: {_rival_list(noisy, _level(context))}")
                short.append(f"{_the_leader(leader, context)} {leader.model} {leader.cell.shown} is within noise of "
                             f"{_names([x for _, x in noisy])}")
                pairs += noisy
            if subject is not None and subject.id != leader.id:
                said = {c.id for c, _ in pairs}
                within = row.within_noise(subject)
                noisy = [(c, x) for c, x in within if c.id not in said]  # each gap said once
                unmarked = [x for x in row.cells if x.id not in marked]
                if leader.id in marked and unmarked and max(unmarked, key=merit).id == subject.id:
                    noisy = [(c, x) for c, x in noisy if x.id != leader.id]  # the bold lead over it is CC306's
                noisy = resolved(subject, noisy)
                if subject in rivals:  # already named as a possible first: its gap to the leader is evidence, said
                    pairs += [(c, x) for c, x in noisy if x.id == leader.id]
                    noisy = [(c, x) for c, x in noisy if x.id != leader.id]
                if noisy:
                    # its gap to the leader, said in the leader's clause (or CC306's), is not counted again here
                    besides = any(x.id == leader.id for _, x in within) and all(x.id != leader.id for _, x in noisy)
                    tested = row.tested(subject) - besides
                    parts.append(f"{subject.model} {subject.cell.shown} (the subject) is within sampling noise of "
                                 f"{_of(len(noisy), tested)} it was tested against"
                                 f"{' besides the leader' if besides else ''}: {_rival_list(noisy, _level(context))}")
                    short.append(f"{subject.model} {subject.cell.shown} (the subject) is within noise of "
                                 f"{_names([x for _, x in noisy])}")
                    pairs += noisy
            if not parts:
                continue
            first = row.leader
            ids = list(dict.fromkeys([*(i for c, _ in pairs for i in c.scores),
                                      *([leader.id, *(x.id for x in rivals)] if rivals else [])]))
            same = (first.input, first.title.casefold(), frozenset((context.score(i).model, context.score(i).value)
                                                                    for i in ids))
            if same in repeated:
                continue  # the same rows reprinted in a second table of the page: said once
            repeated.add(same)
            caveat = n_caveat([*(x for c, _ in pairs for x in c.n_source), *(x.resolution.n_source for x in [leader, *rivals])])
            holm = (f" (Holm-adjusted p ≥ {context.alpha:g} within the {tests} judged gap{'s' if tests != 1 else ''} "
                    f"of its table)") if pairs and "it was tested against" in parts[-1] else ""
            if bounds := list(dict.fromkeys(c.bound for c, _ in pairs if c.p_is_bound and c.bound)):
                holm += f", {bounds[0]}" if len(bounds) == 1 else ", even in the most favourable case"
            yield self.finding(
                f"{first.title!r} ({first.line_ref}): " + "; ".join(parts) + holm + caveat,
                scores=ids,
                rank_sets={m: list(span) for m, span in zip(ranks.models, ranks.simultaneous)} if rivals and ranks else None,
                comparisons=[c.id for c, _ in pairs], leader=row.leader.model,
                subject=row.subject.model if row.subject is not None else None,
                gaps=[{"a": context.score(c.scores[0]).model, "b": context.score(c.scores[1]).model, "diff": c.diff,
                       "diff_ci": c.diff_ci, "p_adjusted": c.p_adjusted} for c, _ in pairs],
                alpha=context.alpha, tests=tests, n=sorted({n for c, _ in pairs for n in c.n}),
            ), f"{first.title!r} ({first.line_ref}): " + "; ".join(short) + caveat


def _the_leader(leader: Score, context: CheckContext) -> str:
    """"the leader", or, where the row is read block by block (size classes under headings), the leader of the
    block it heads: "the leader of '<10B models'"."""
    blocks = {s.block for s in context.rows()[leader.group]}
    return f"the leader of {leader.section!r}" if len(blocks) > 1 and leader.section else "the leader"


def _names(scores: list[Score], most: int = 3) -> str:
    """A few models by name, the rest counted: "B, C and 2 more"."""
    names = [x.model for x in scores]
    if len(names) <= most:
        return ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]
    return f"{', '.join(names[:most])} and {len(names) - most} more"


class Underpowered(Rule):
    """Gaps smaller than the minimum detectable effect at the table's item counts.

    At a given n, gaps below the minimum detectable effect (α two-sided, the report's power)
    are missed more often than found.  The number of items per model needed to detect the
    observed gap, n = 2·p̄(1−p̄)(z₁₋α/₂ + z₁₋β)²/δ², says how far the table is from supporting
    it.  Said once per table, over the gaps a reader is invited to see (each row's leader and the
    subject against their rivals), with the rows where they fall.

    Bad:
        a 2.8 pp lead on a 500-item benchmark (MDE ≈ 5.5 pp at power 0.8).
    Good:
        report the MDE beside the gap, or run enough items (≈ 1,900 per model here).
    Reference: Cohen, J. (1988). Statistical Power Analysis for the Behavioral Sciences, 2nd ed. Erlbaum;
        Card, D. et al. (2020). "With Little Power Comes Great Responsibility." EMNLP 2020,
        doi:10.18653/v1/2020.emnlp-main.745 (at p ≈ 0.9, 95% confidence alone needs ≈769 items per model for 3
        pp).
    """

    code, slug, family, severity = "CC303", "underpowered", "noise", "info"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        tables: dict[tuple[int, int], list[tuple[ReadRow, list[Comparison]]]] = {}
        said: set = set()  # the same rows reprinted in another table of the page: counted once
        for row in read_rows(context):
            small = [c for c in row.looked_at if c.diff and c.mde is not None and abs(c.diff) < c.mde
                     and (c.verdict == "within-noise" or (c.verdict == "descriptive" and c.p >= context.alpha))]
            # a gap the test resolved needs no more items; power is no inference, so unjudged gaps count too;
            # an exact tie is no gap
            same = (row.leader.input, row.leader.title.casefold(),
                    frozenset((context.score(i).model, context.score(i).value) for c in small for i in c.scores))
            if small and same not in said:
                said.add(same)
                tables.setdefault((row.leader.input, row.leader.table), []).append((row, small))
        for blocks in tables.values():
            rows: dict[tuple[str, str], list[Comparison]] = {}  # a line's blocks (size classes) are one line
            parts: dict[tuple[str, str], int] = {}
            for row, small in blocks:
                line = (row.leader.title, row.leader.line_ref)
                rows.setdefault(line, []).extend(small)
                parts[line] = parts.get(line, 0) + 1
            comps = [c for small in rows.values() for c in small]
            mdes = [c.mde for c in comps]
            need = max((c.n_needed for c in comps if c.n_needed), default=None)
            listed = "; ".join(
                f"{title!r} ({ref}{f', {parts[title, ref]} blocks' if parts[title, ref] > 1 else ''}): MDE "
                f"{_span(small)} at n = {_ns(small)}, {len(small)} gap{'s' if len(small) != 1 else ''} below it"
                for (title, ref), small in list(rows.items())[:6]) + (f"; and {len(rows) - 6} more rows" if len(rows) > 6 else "")
            span = _span(comps)
            yield self.finding(
                f"{len(comps)} gap{'s' if len(comps) != 1 else ''} in {len(rows)} row{'s' if len(rows) != 1 else ''} "
                f"{'are' if len(comps) != 1 else 'is'} smaller than the minimum detectable effect ({span} at power {context.power:g}): {listed}"
                + (f"; the smallest would need about {need:,} items per model" if need else ""),
                scores=list(dict.fromkeys(i for c in comps for i in c.scores)), comparisons=[c.id for c in comps],
                mde=[min(mdes), max(mdes)], n_needed=need, alpha=context.alpha, power=context.power,
                rows=len(rows), gaps=len(comps),
            )


def _span(comps: list[Comparison]) -> str:
    """The minimum detectable effects of some gaps: one figure, or their range."""
    low, high = min(c.mde for c in comps), max(c.mde for c in comps)
    return _pp(low) if _pp(low) == _pp(high) else f"{_pp(low)}–{_pp(high)}"


def _ns(comps: list[Comparison]) -> str:
    """The items per model behind some gaps: one count, or the counts a line's blocks ran on."""
    counts = sorted({m for c in comps for m in c.n})
    return " / ".join(f"{m:,}" for m in counts) if len(counts) <= 3 else f"{counts[0]:,}–{counts[-1]:,}"


class BestNotSignificant(Rule):
    """A bold, "best" or "SOTA" cell that is the best of its row but not significantly ahead of the runner-up.

    Bold in a benchmark table is a claim of superiority the data must support.  When the
    marked cell is the highest (or, for lower-is-better metrics, the lowest) and the gap to the
    best unmarked cell is within sampling noise (the gap's interval and the test it inverts,
    Holm-corrected within the table's family of judged gaps), the bold marks a tie; where the row
    has rank sets, the finding gives the marked cell's marginal rank set, several cells tied at
    the top and all marked are one finding, and from three such marks of one table on they are
    one finding for the table.  A mark on a cell that is not the best is a different fault,
    CC409.  A marked lead significant on its own and within noise only after the table's Holm
    correction is said apart, once per table, at info level, with both p values.  Where the lead cannot be tested (no item count, cells not comparable), nothing is
    said here, CC301 and the CC2xx rules already name the reason, with one exception: a lead
    between two proportions so small that it would just reach significance only on more items
    per model than any benchmark holds (``LARGE_BENCHMARK``; the z-only sample size, power 0.5)
    is within noise whatever the unknown count (0.961 vs 0.960 needs about 291,000).  A mean of
    whole-step judge ratings (MT-Bench: two 1–10 ratings per question) has no binomial model, but a
    lead worth fewer than 1 + log2(1/α) rating steps in all cannot be significant under any pairing
    (exact sign-flip bound): 8.51 vs 8.49 over 160 ratings is at most 4.8 steps, p ≥ 0.125.

    Bad:
        | GPQA Diamond | **70.2%** | 68.7% |   (n = 198: gap 1.5 pp, p ≈ 0.76)
    Good:
        | GPQA Diamond | 70.2% | 68.7% |   (no bold, or a note that bold marks ties within noise)
    Reference: Altman, D. G. & Bland, J. M. (1995). "Absence of evidence is not evidence of absence." BMJ 311,
        485, doi:10.1136/bmj.311.7003.485; Holm, S. (1979). Scand. J. Stat. 6(2), 65–70 (even a 2.8 pp lead,
        90.4 vs 87.6 at n = 500, gives z = 1.41; not significant is not equal).
    """

    code, slug, family, severity = "CC306", "best-not-significant", "noise", "warning"
    levels = {"info": "the marked lead is significant on its own and within noise only after the table's Holm correction"}

    #: this many marks in one table within noise: one finding for the table's marks
    SAME_TABLE = 3
    #: more items per model than any benchmark test set holds (the registry's largest, the ImageNet-1k validation
    #: set, has 50,000)
    LARGE_BENCHMARK = 60_000

    def check(self, context: CheckContext) -> Iterator[Finding]:
        comparisons = {frozenset(c.scores): c for c in context.comparisons if c.kind == "head-to-head"}
        noisy: dict[tuple[int, int], list[tuple[Score, Score, Comparison | None, int | None]]] = {}
        corrected: dict[tuple[int, int], list[tuple[Comparison, Score, Score]]] = {}
        tied: dict[str, list[Score]] = {}  # marks tied at the top with the one a finding is about: one finding
        for view in marked_rows(context):
            tops = [s for s in view.marked if view.is_top(s)]
            if not tops:
                continue
            s = tops[0]
            if (found := self._within_noise(view, s, comparisons)) and before_correction(found[1], context.alpha):
                corrected.setdefault((s.input, s.table), []).append((found[1], s, found[0]))
                continue
            if found:
                noisy.setdefault((s.input, s.table), []).append((s, *found, None))
            elif tiny := self._beyond_any_count(view, s, comparisons, context.alpha):
                noisy.setdefault((s.input, s.table), []).append((s, tiny[0], None, tiny[1]))
            else:
                continue
            tied[s.id] = tops[1:]
        places = {i: r.places(i, simultaneous=False) for i, r in ranked_by_score(context.ranks).items()}
        for marks in noisy.values():
            if len(marks) >= self.SAME_TABLE:
                yield self._many(marks, context.alpha)
                continue
            for s, rival, c, need in marks:
                yield (self._tiny(s, rival, need, tied[s.id], context.alpha) if c is None
                       else self._one(s, rival, c, context.alpha, tied[s.id], places.get(s.id)))
        for pairs in corrected.values():
            yield corrected_finding(self, context, pairs, "best mark")

    @staticmethod
    def _within_noise(view: MarkedRow, s: Score, comparisons: dict) -> tuple[Score, Comparison] | None:
        rival = view.rival()
        if rival is None or merit(rival) == merit(s):
            return None  # an unmarked cell equal to the mark: a tie the marks hide, CC409's finding, not a lead
        c = comparisons.get(frozenset((s.id, rival.id)))
        return (rival, c) if c is not None and c.verdict == "within-noise" else None

    def _beyond_any_count(self, view: MarkedRow, s: Score, comparisons: dict, alpha: float) -> tuple[Score, int] | None:
        """(runner-up, items per model the lead would need) for an untested lead between proportions that
        would need more than ``LARGE_BENCHMARK`` items to just reach significance; else None."""
        from claimcheck.stats import n_per_group

        rival = view.rival()
        c = comparisons.get(frozenset((s.id, rival.id))) if rival is not None else None
        if c is None or c.verdict != "no-n" or not c.comparable or s.proportion is None or rival.proportion is None:
            return None
        if s.resolution.averaged or rival.resolution.averaged or s.proportion == rival.proportion:
            return None  # a mean over runs or partial credit can have a smaller SE than the binomial one
        if "aggregate" in (s.resolution.row_kind, rival.resolution.row_kind):
            return None  # an average over benchmarks pools their items: no one benchmark bounds it
        need = n_per_group(s.proportion - rival.proportion, (s.proportion + rival.proportion) / 2, alpha, power=0.5)
        return (rival, need) if need > self.LARGE_BENCHMARK else None

    def _tiny(self, s: Score, rival: Score, need: int, tied: list[Score], alpha: float) -> Finding:
        who = f"{cell_name(s)} is marked best" if not tied else (
            f"{', '.join(x.model for x in [s, *tied][:-1])} and {tied[-1].model} {s.cell.shown} on {s.title!r} "
            f"({s.ref}) are marked best, tied,")
        return self.finding(
            f"{who} over {rival.model} {rival.cell.shown}, a lead of {_pp(abs(s.proportion - rival.proportion))} that "
            f"would just reach significance (α = {alpha:g}, unpaired) only with about {need:,} items per model, more "
            f"than any benchmark holds: within sampling noise whatever the item count, which the table does not give",
            scores=(s.id, *(x.id for x in tied), rival.id), verdict="within-noise", n_needed=need,
            diff=s.proportion - rival.proportion, alpha=alpha, tied=[x.model for x in tied],
        )

    def _many(self, marks: list[tuple[Score, Score, Comparison | None, int | None]], alpha: float) -> Finding:
        """The best marks of one table, each within noise of its runner-up (or too small a lead for any count)."""
        models = list(dict.fromkeys(s.model for s, *_ in marks))
        whose = f"{models[0]}'s" if len(models) == 1 else "the table's"

        def gap(s: Score, rival: Score, c: Comparison | None, need: int | None) -> str:
            if c is None:
                return f"{_pp(abs(s.proportion - rival.proportion))}, which would need about {need:,} items per model"
            shown = _gap(c)
            return f"{shown} (p ≥ {c.p:.3g}, a lower bound)" if c.p_is_bound and c.p is not None else shown

        shown = "; ".join(f"{s.title!r} ({s.line_ref}): {'' if len(models) == 1 else s.model + ' '}{s.cell.shown} vs "
                          f"{rival.model} {rival.cell.shown}, {gap(s, rival, c, need)}"
                          for s, rival, c, need in marks[:6]) + (f"; and {len(marks) - 6} more" if len(marks) > 6 else "")
        tested = [c for *_, c, _ in marks if c is not None]
        untested = len(marks) - len(tested)  # leads too small for any item count: no test, no p
        how = (f" (Holm-adjusted p ≥ {alpha:g})" if tested and not untested else
               f" (Holm-adjusted p ≥ {alpha:g} for the {len(tested)} tested; {untested} too small a lead for any "
               f"item count)" if tested else "")
        return self.finding(
            f"{len(marks)} of {whose} best marks lead the runner-up by a gap within sampling noise{how}: {shown}",
            scores=list(dict.fromkeys(i for s, rival, *_ in marks for i in (s.id, rival.id))),
            comparisons=[c.id for c in tested], verdict="within-noise", models=models, marks=len(marks),
            model=models[0] if len(models) == 1 else None,
            gaps=[{"row": s.title, "model": s.model, "diff": c.diff if c else s.proportion - rival.proportion,
                   "diff_ci": c.diff_ci if c else None, "p_adjusted": c.p_adjusted if c else None, "n_needed": need}
                  for s, rival, c, need in marks],
            alpha=alpha,
        )

    def _one(self, s: Score, rival: Score, c: Comparison, alpha: float, tied: list[Score] = (),
             places: tuple[int, int] | None = None) -> Finding:
        gap = _gap(c)
        ci = f", {100 * (1 - alpha):g}% CI before correction [{_pp(c.diff_ci[0])}, {_pp(c.diff_ci[1])}]" if c.diff_ci else ""
        who = f"{cell_name(s)} is marked best" if not tied else (
            f"{', '.join(x.model for x in [s, *tied][:-1])} and {tied[-1].model} {s.cell.shown} on {s.title!r} "
            f"({s.ref}) are marked best, tied,")
        return self.finding(
            f"{who} over {rival.model} {rival.cell.shown}, but the gap ({gap}{ci}, "
            f"Holm-adjusted p {c.p_relation} {c.p_adjusted:.3g}"
            + (f", {c.bound}" if c.p_is_bound and c.bound else "") + ") is within sampling noise"
            + (f"; its {100 * (1 - alpha):g}% rank set is {places[0]}–{places[1]}, not first place alone"
               if places and places != (1, 1) else "")
            + n_caveat(c.n_source),
            scores=(s.id, *(x.id for x in tied), rival.id), rank_set=list(places) if places else None, comparisons=(c.id,), verdict="within-noise", diff=c.diff,
            diff_ci=c.diff_ci, z=c.z, p=c.p, p_adjusted=c.p_adjusted, alpha=alpha, n=list(c.n),
            tied=[x.model for x in tied],
        )


class WithinProtocolNoise(Rule):
    """A gap that clears sampling noise but not the noise of the evaluation protocol itself.

    The binomial error of one run covers which items were drawn and one random answer per item.  It
    does not cover the choices that move many items at once: the harness, prompt format, answer
    extraction, agent scaffold or judge.  For some benchmarks published work measures how far one
    model's score moves when those change (three harnesses put Llama 3 70B Instruct at 81.7, 77.4 and
    70.1 on HumanEval); the registry keeps the smallest such figure per benchmark, with its source, as
    a standard deviation (a range over k protocols divided by Tippett's d2(k)).  A judged gap that is
    significant on sampling error alone, where one of the two scores is taken from another report (so
    the two need not share a harness, prompt or judge), is set against the total uncertainty of a
    difference of two scores each exposed to that protocol noise, sqrt(SE² + 2·σ²); where it falls
    inside, the protocols may be the reason for the lead.  Two scores the table measured itself share
    its protocol, and the spread across protocols says nothing about their gap.  One finding per
    table.  Benchmarks with no sourced figure are "not measured": nothing is assumed.

    Bad:
        | HumanEval | 80.0 | 70.0* |   (* from the rival's report; n = 164: z ≈ 2.1; protocol SD 6.9 pp: inside)
    Good:
        both models run in one stated harness, or the gap stated with its protocol sensitivity.
    Reference: Biderman, S. et al. (2024). "Lessons from the Trenches on Reproducible Evaluation of Language
        Models." arXiv:2405.14782 (implementation details move scores by points); Tippett, L. H. C. (1925).
        Biometrika 17, 364–387 (the expected range of k normal draws, d2); the figures' own sources are
        in the registry (docs/research/protocol-noise.md).
    """

    code, slug, family, severity = "CC309", "within-protocol-noise", "noise", "info"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        from claimcheck.stats import z_crit
        from claimcheck.stats.ranges import total_difference_se

        z = z_crit(context.alpha)
        tables: dict[tuple[int, int], list[tuple[Comparison, Score, Score, float]]] = {}
        for c in context.comparisons:  # the comparison carries the caveat; only a lead it judged real is a finding
            if c.kind != "head-to-head" or c.verdict != "significant" or "CC309" not in c.caveats:
                continue
            a, b = (context.score(i) for i in c.scores)
            tables.setdefault((a.input, a.table), []).append((c, a, b, total_difference_se(c.se, a.resolution.protocol_sd)))
        for found in tables.values():
            shown = _pair_list([(c, a, b, f"sampling {100 * (1 - context.alpha):g}% CI ±{_pp(z * c.se)}, "
                                          f"with protocol noise ±{_pp(z * total)}") for c, a, b, total in found])
            sources = list(dict.fromkeys(f"{a.resolution.benchmark_name}: {a.resolution.protocol_noise}" for _, a, _, _ in found))
            yield self.finding(
                f"{len(found)} gap{'s' if len(found) != 1 else ''} that clear{'' if len(found) != 1 else 's'} sampling "
                f"noise sit{'' if len(found) != 1 else 's'} inside the run-to-run noise of the protocol itself: "
                f"{shown}. One score of each is taken from another report, so the two need not share a harness, "
                f"prompt or judge, and those alone move the benchmark that far; measured spreads: {' | '.join(sources)}",
                scores=list(dict.fromkeys(i for c, *_ in found for i in c.scores)), comparisons=[c.id for c, *_ in found],
                alpha=context.alpha, gaps=[{"row": a.title, "models": list(c.models), "diff": c.diff,
                                            "sampling_ci": [c.diff - z * c.se, c.diff + z * c.se],
                                            "total_ci": [c.diff - z * t, c.diff + z * t],
                                            "protocol_sd_pp": a.resolution.protocol_sd} for c, a, _, t in found],
            )
