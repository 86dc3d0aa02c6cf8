"""Which gaps the report judges, fixed before any gap is looked at, and Holm's correction over them.

A table invites a reader to a known set of comparisons, and that set is decided by the table's
structure and text, never by which gaps turned out large:

- every pair a claim sentence compares (``claim``);
- the subject — the vendor's own model — against each rival in its rows (``subject``);
- a cell marked best (bold, "SOTA") against each other model of its row (``mark``);
- the one gap of a two-model row (``pair``);
- (where size blocks of a row each mark their own best, the subject and marks within their block only);
- models of different rows of one benchmark, where no row holds both (``cross-row``);
- every other pair of a row (or size block) whose best mark the scores chose, that is any mark but
  the cell of a subject named in advance (``row``): the vendor bolds whichever cell came out on top,
  so "the marked cell leads each rival" is a hypothesis picked after looking, and Holm keeps its
  family-wise error only over a family that holds every pair it could have picked.  Marking the
  maximum of ten models at 50% on 500 items, the marked-against-rivals family alone gave 16% family-wise
  error under the global null (2,000 seeded tables); with all its pairs in, 3.8% (4,000 tables, and 4.0% at
  26 models: tests/checker/test_family_error.py).  These members count in the
  correction, but their verdicts stay ``descriptive``: the table claims no order among its unmarked
  cells;
- a best mark the scores chose is also one claim, that it beats every rival of its block: judged by
  its largest p, Holm-corrected across the table's claims (``Family.claims``); a claim that holds makes
  its gaps significant, which the all-pair correction alone would bury (an intersection-union test:
  see :func:`_judge_claims`);
- a row's leader against each rival where the gaps have only a lower-bound p (ratings with vote counts
  but no published interval, means of whole-step judge ratings, ``leader-bound``): such a family can show
  the lead within noise and never that it is real, so picking the leader by its score cannot make a false
  lead of it.

These are one family per table, Holm-corrected together, and the report states each family.
Whatever else was tested (two unmarked runners-up, say) stays in the comparisons as data with its
unadjusted p and the verdict ``descriptive``; who leads a row is a question about ranks, answered by
the rank sets of :mod:`claimcheck.checker.ranking`, not by a pairwise test chosen after ranking.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Collection, Sequence

from claimcheck.checker.base import CheckContext
from claimcheck.records import FAMILY_REASONS, Comparison, Family


def declare(context: CheckContext, claimed: Collection[frozenset[str]]) -> tuple[Family, ...]:
    """The families of the report: the judged comparisons of each table, with why each is in."""
    from claimcheck.checker.emphasis import marked_blocks, marked_rows, merit

    subject = context.subject.model if context.subject else None
    leaders = {group: max(valued, key=merit).id for group, row in context.rows().items()
               if (valued := [s for s in row if s.status == "checked" and merit(s) is not None])}
    views = list(marked_rows(context))
    marked = {s.id for view in views for s in view.marked}
    # a block whose mark the scores chose (not the cell of a subject named in advance): all its pairs
    in_advance = subject is not None and not context.subject.by_marks
    pooled = {s.id: k for k, view in enumerate(views)
              if any(not (in_advance and m.model == subject) for m in view.marked) for s in view.cells}
    # where size blocks each mark a best, each block is its own contest: no gap across blocks is invited
    block = {s.id: k for row in context.rows().values() for k, part in enumerate(marked_blocks(row)) for s in part}
    tested_in_row: dict[str, set[str]] = {}
    for c in context.comparisons:
        if c.kind == "head-to-head" and c.p is not None:
            tested_in_row.setdefault(context.score(c.scores[0]).group, set()).update(c.models)
    members: dict[tuple[int, int], dict[str, str]] = {}
    for c in context.comparisons:
        if c.p is None:
            continue
        first = context.score(c.scores[0])
        apart = block.get(c.scores[0]) != block.get(c.scores[1])
        reason = _reason(c, first.group, claimed, subject, marked, tested_in_row, apart)
        if reason is None and c.kind == "head-to-head" and pooled.get(c.scores[0], -1) == pooled.get(c.scores[1], -2):
            reason = "row"
        if reason is None and c.p_is_bound and c.kind == "head-to-head" and leaders.get(first.group) in c.scores:
            reason = "leader-bound"
        if reason:
            members.setdefault((first.input, first.table), {})[c.id] = reason
    tops = {s.id for view in views for s in view.marked if view.is_top(s)}  # marks on the best cell of their block
    claims: dict[tuple[int, int], dict[str, list[str]]] = {}  # table -> chosen best mark -> its "mark" comparisons
    for c in context.comparisons:
        first = context.score(c.scores[0])
        if members.get((first.input, first.table), {}).get(c.id) != "mark" or c.p_is_bound:
            continue
        top = next(i for i in c.scores if i in marked)
        if top in pooled and top in tops:
            claims.setdefault((first.input, first.table), {}).setdefault(top, []).append(c.id)
    out = []
    for (inp, table), why in members.items():
        counts = {r: sum(1 for x in why.values() if x == r) for r in FAMILY_REASONS}
        out.append(Family(inp, table, tuple(why), tuple((r, k) for r, k in counts.items() if k),
                          silent=tuple(m for m, r in why.items() if r == "row"),
                          claims=tuple((m, tuple(ids)) for m, ids in claims.get((inp, table), {}).items())))
    return tuple(out)


def _reason(c: Comparison, group: str, claimed, subject, marked, tested_in_row, apart: bool = False) -> str | None:
    if frozenset(c.scores) in claimed:
        return "claim"
    if c.kind == "head-to-head" and not apart:
        if subject is not None and subject in c.models:
            return "subject"
        if len(marked & set(c.scores)) == 1:  # a marked cell against an unmarked rival (two marks claim no order)
            return "mark"
        if len(tested_in_row.get(group, ())) == 2:
            return "pair"
    if c.kind == "cross-row":
        return "cross-row"
    return None


def adjust(comparisons: Sequence[Comparison], families: Sequence[Family], alpha: float) -> tuple[Comparison, ...]:
    """Holm over each family; tested comparisons outside every family, and a family's silent members
    (in it for the correction only), become ``descriptive``, the latter keeping their adjusted p."""
    from claimcheck.stats import holm_adjust

    index = {c.id: i for i, c in enumerate(comparisons)}
    out = list(comparisons)
    judged: set[str] = set()
    for family in families:
        # lower-bound p values (ratings known by their votes) are stepped down apart: among real ones they would
        # lower every other member's adjusted p; apart, they can only show gaps within noise
        for bound in (False, True):
            members = [m for m in family.members if comparisons[index[m]].p_is_bound is bound]
            for m, p_adj in zip(members, holm_adjust([comparisons[index[m]].p for m in members]) if members else ()):
                c = out[index[m]]
                verdict = "within-noise" if p_adj >= alpha else "no-n" if bound else "significant"
                out[index[m]] = replace(c, p_adjusted=p_adj, verdict=verdict)
                if m not in family.silent:
                    judged.add(m)
        _judge_claims(family, comparisons, index, out, alpha)
    for i, c in enumerate(out):
        if c.p is not None and c.id not in judged:
            out[i] = replace(c, verdict="descriptive")
    return tuple(out)


def _judge_claims(family: Family, comparisons: Sequence[Comparison], index: dict[str, int], out: list, alpha: float) -> None:
    """A best mark is one claim, that the cell beats every rival of its block: it holds when each of its
    gaps is significant on its own (an intersection-union test, Berger 1982, needs no correction among
    the rivals, and picking the maximum cannot inflate it: under the global null the maximum clears every
    rival at level α less often than α).  The claims of one table are Holm-corrected together, by each
    claim's largest p; a claim that holds makes all its gaps significant at the claim's adjusted p, which
    the family's all-pair correction would otherwise bury, and a claim that fails gives its gaps its own
    adjusted p where that is the smaller (still at or above alpha: a gap within noise either way)."""
    from claimcheck.stats import holm_adjust

    if not family.claims:
        return
    worst = [max(comparisons[index[m]].p for m in ids) for _, ids in family.claims]
    for (_, ids), p_claim in zip(family.claims, holm_adjust(worst)):
        for m in ids:
            c = out[index[m]]
            if c.verdict != "within-noise":
                continue
            if p_claim < alpha:
                out[index[m]] = replace(c, p_adjusted=p_claim, verdict="significant")
            elif c.p_adjusted is not None and p_claim < c.p_adjusted:  # the claim's test is the sharper one: print it
                out[index[m]] = replace(c, p_adjusted=p_claim)
