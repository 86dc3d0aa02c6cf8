"""Judge text claims against the tables: supported, within noise, contradicted, and so on.

For each claim the judge finds the scores it is about (model × benchmark, keeping
to the rows its tools, version, subset and harness words name), the comparison
the report already made between the subject and each model it is compared with,
and decides:

- contradicted (CC602): the table orders them the other way, or the "best" model
  is not the best in the row;
- number-mismatch (CC603): a number in the text differs from the cell by more than
  rounding (half a unit of the text's precision plus half of the table's), or a
  stated gap differs from the table's gap;
- incomparable (CC604): the comparison exists but the rows are not comparable
  (tools on vs off, one row per vendor protocol, one model under two harnesses);
- within-noise (CC601): the direction matches but the gap is not significant
  after Holm correction; for "X is the best" on a row with rank sets, X prints the
  top score but its marginal rank set is wider than first place;
- unverifiable (CC605): no matching row or model — and, by policy, a superiority
  claim whose direction matches but whose gap cannot be tested because n is
  unknown: the judge never calls a gap noise, or real, without an n;
- supported: the direction matches and the gap is significant; a value within
  rounding; a tie whose gap is within noise.

A claim about every benchmark is judged on each; the explanation counts them
by verdict ("2 not comparable, 9 not checkable") before the deciding row.
Several problems in one claim give the most serious verdict (in the order above),
with CC603 added when a number is also wrong.  A pair that is not comparable is
"incomparable" even when its printed numbers point the other way: the table
offers no valid ordering to contradict.  A sentence that names no model,
benchmark or number of the tables is not a claim: verdict unverifiable, no code.
Every pair a claim compares is judged by the same comparison records as the table: the checker
first finds the claimed pairs (:func:`claimed_pairs`), builds a comparison for those the report
did not make, and puts them all in their table's Holm family (:mod:`claimcheck.checker.family`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from claimcheck.checker.claim_cells import (
    ANY_OTHER, Cells, agrees, gap_text, number_text, pair_text, rows_text, value_targets,
)
from claimcheck.checker.claim_gaps import amount, gap_agrees, gap_range, gap_readings, gap_words, gaps_for
from claimcheck.claims.wording import GAP_UNITS
from claimcheck.checker.denominators import n_caveat
from claimcheck.records import PROPORTION_UNITS, ClaimVerdict, Comparison, ParsedClaim, RankedRow, Score

#: Verdicts from the most to the least serious; a claim gets the most serious of its parts.
_RANK = {"contradicted": 0, "number-mismatch": 1, "incomparable": 2, "within-noise": 3,
         "unverifiable": 4, "supported": 5}
CODES = {"within-noise": "CC601", "contradicted": "CC602", "number-mismatch": "CC603",
         "incomparable": "CC604", "unverifiable": "CC605"}


@dataclass(frozen=True)
class Outcome:
    """One finding about one part of a claim, with the cells and comparison it rests on."""

    verdict: str
    why: str
    scores: tuple[str, ...] = ()
    comparisons: tuple[str, ...] = ()


@dataclass(frozen=True)
class PairTest:
    """What the data say about one pair of cells."""

    status: str  # significant | within-noise | no-n | incomparable
    comparison: Comparison | None = None
    z: float | None = None
    p_adjusted: float | None = None
    reasons: str = ""


def judge_claims(claims: Sequence[ParsedClaim], scores: Sequence[Score], comparisons: Sequence[Comparison],
                 alpha: float = 0.05, ranks: Sequence[RankedRow] = ()) -> tuple[ClaimVerdict, ...]:
    """A verdict for every claim, in order.  "X is the best on B" is judged by X's marginal rank set where
    the row has rank sets (the claim names X before looking, so the marginal set is the valid one)."""
    if not claims:  # nothing to index the cells for
        return ()
    cells = Cells(scores, comparisons, ranks)
    return tuple(_judge(claim, cells, alpha) for claim in claims)


def claimed_pairs(claims: Sequence[ParsedClaim], scores: Sequence[Score], comparisons: Sequence[Comparison],
                  alpha: float = 0.05, ranks: Sequence[RankedRow] = ()) -> list[tuple[Score, Score]]:
    """The pairs of cells the claims compare, found by judging them once before any gap is corrected:
    they join their table's family, and those the report did not compare get a comparison of their own.
    A "best" claim judged by rank sets compares no pair."""
    if not claims:  # nothing to index the cells for
        return []
    cells = Cells(scores, comparisons, ranks)
    for claim in claims:
        _judge(claim, cells, alpha)
    unique = {(s.id, t.id): (s, t) for s, t in cells.asked}
    return list(unique.values())


def _judge(claim: ParsedClaim, cells: Cells, alpha: float) -> ClaimVerdict:
    if claim.unparsed:
        if not (claim.models or claim.benchmarks or claim.numbers):
            return ClaimVerdict(claim.text, "unverifiable", claim.id, source=claim.source,
                                explanation=_sentence(claim.unparsed))
        context = [text for b in claim.benchmarks if (text := rows_text(cells.rows(claim, b)))]
        why = " ".join([f"The sentence {claim.unparsed}.", *context[:1]])
        return _verdict(claim, [Outcome("unverifiable", why)])
    outcomes: list[Outcome] = []
    worst: dict[str, str] = {}
    for bench in claim.benchmarks:
        found = _judge_benchmark(claim, bench, cells, alpha)
        outcomes += found
        worst[bench] = min((o.verdict for o in found), key=_RANK.__getitem__, default="supported")
    outcomes += _value_numbers(claim, {b: cells.rows(claim, b) for b in claim.benchmarks})
    return _verdict(claim, outcomes, _scope_summary(claim, worst))


#: How a summary counts benchmarks by their worst verdict.
_COUNTED = {"contradicted": "contradicted", "number-mismatch": "with a wrong number",
            "incomparable": "not comparable", "within-noise": "within noise", "unverifiable": "not checkable",
            "supported": "supported"}


def _scope_summary(claim: ParsedClaim, worst: dict[str, str]) -> str:
    """For a claim about every benchmark: how it fares on each, e.g. "1 contradicted, 6 not checkable"."""
    if claim.scope != "all":
        return ""
    counts: dict[str, int] = {}
    for verdict in sorted(worst.values(), key=_RANK.__getitem__):
        counts[verdict] = counts.get(verdict, 0) + 1
    parts = ", ".join(f"{k} {_COUNTED[v]}" for v, k in counts.items())
    return f"Read as a claim about each of the {len(worst)} benchmarks the tables print: {parts}."


def _verdict(claim: ParsedClaim, outcomes: list[Outcome], summary: str = "") -> ClaimVerdict:
    if claim.unknown:  # "ahead of Fable 5.1 and GPT-5": the part about GPT-5 cannot be checked
        names = " and ".join(repr(n) for n in claim.unknown)
        outcomes = [*outcomes, Outcome("unverifiable", f"The sentence also compares with {names}, which "
                                                       f"{'is' if len(claim.unknown) == 1 else 'are'} not in the "
                                                       f"tables, so that part cannot be checked.")]
    verdict = min((o.verdict for o in outcomes), key=_RANK.__getitem__, default="unverifiable")
    lead = [o for o in outcomes if o.verdict == verdict][:1]
    codes = [CODES[verdict]] if verdict in CODES else []
    mismatch = [o for o in outcomes if o.verdict == "number-mismatch"]
    if verdict != "number-mismatch" and mismatch:
        codes.append("CC603")
        lead.append(mismatch[0])
    return ClaimVerdict(
        text=claim.text, verdict=verdict, claim=claim.id, source=claim.source, codes=tuple(codes),  # type: ignore[arg-type]
        explanation=" ".join([summary, *(o.why for o in lead)] if summary else [o.why for o in lead]),
        scores=tuple(dict.fromkeys(s for o in outcomes for s in o.scores)),
        comparisons=tuple(dict.fromkeys(c for o in outcomes for c in o.comparisons)),
    )


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


# ── one benchmark ───────────────────────────────────────────────────────────


def _judge_benchmark(claim: ParsedClaim, bench: str, cells: Cells, alpha: float) -> list[Outcome]:
    rows = cells.rows(claim, bench)
    name = cells.name(bench, claim)
    if not rows:
        printed = cells.titles(bench)
        also = f"; they print {', '.join(map(repr, printed))}" if printed else ""
        return [Outcome("unverifiable", f"The tables have no {name} row{also}.")]
    mine = [s for s in rows if s.model == claim.subject]
    valued = [s for s in mine if s.value is not None]
    if not valued:
        shown = f" (printed {mine[0].cell.shown or 'empty'})" if mine else ""
        return [Outcome("unverifiable", f"The table has no value for {claim.subject} on {name}{shown}.",
                        scores=tuple(s.id for s in mine))]
    if claim.relation == "value":
        return []
    if claim.relation == "best" and not claim.negated and not claim.objects:
        if ranked := _best_by_rank(claim, valued, cells, name):
            return ranked
    rivals = claim.objects or _others(rows, claim.subject)
    denied_best = claim.negated and claim.relation == "best"
    if denied_best and not claim.objects:
        rivals = rivals[:1]  # "X is not the best": true when the strongest other model is level or ahead
    if not rivals:
        return _alone(claim, valued, cells, name, bench)
    outcomes: list[Outcome] = []
    for rival in rivals:
        theirs = [s for s in rows if s.model == rival and s.value is not None]
        if not theirs:
            printed = next((s.cell.shown for s in rows if s.model == rival), "")
            shown = f" (printed {printed})" if printed else ""
            outcomes.append(Outcome("unverifiable", f"The table has no value for {rival} on {name}{shown}."))
            continue
        pairs = cells.pairs(valued, theirs)
        if not pairs:
            outcomes.append(Outcome("unverifiable", f"{claim.subject} and {rival} are never in one row of {name}, "
                                                    f"and the report does not compare them."))
        if claim.relation == "within":
            outcomes += [_within_outcome(claim, s, t, _test(s, t, cells, alpha)) for s, t in pairs]
            continue
        relation = "not-beats" if claim.negated and claim.relation in ("beats", "best") else claim.relation
        outcomes += [_pair_outcome(relation, s, t, _test(s, t, cells, alpha)) for s, t in pairs]
    first = [cells.pairs(valued, [s for s in rows if s.model == r and s.value is not None]) for r in rivals[:1]]
    return outcomes + _gap_numbers(claim, [p for ps in first for p in ps], bench)


def _best_by_rank(claim: ParsedClaim, valued: list[Score], cells: Cells, name: str) -> list[Outcome]:
    """"X is the best": X's marginal rank set among the row's comparable models, for a row X leads as
    printed (a row where someone else prints higher is contradicted by the pairwise path)."""
    out = []
    for s in valued:
        ranked = cells.ranks.get(s.id)
        if ranked is None:
            return []
        cells_of = [cells.score(i) for i in ranked.scores]
        if any(_ahead(x, s) for x in cells_of):
            return []
        low, high = ranked.places(s.id, simultaneous=False)
        level = f"{100 * (1 - ranked.alpha):g}%"
        others = [x for x, (lo, _) in zip(cells_of, ranked.simultaneous) if x.id != s.id and lo == 1]
        where = f"{s.model} {s.cell.shown} on {s.title!r} ({s.ref})"
        assumed = n_caveat(x.resolution.n_source for x in cells_of)
        comps = tuple(c.id for x in cells_of if (c := cells.comparison(s, x)) is not None)
        if (low, high) == (1, 1):
            out.append(Outcome("supported", f"{where}: its {level} rank set among the {len(cells_of)} comparable models "
                                            f"is first place alone{assumed}.", ranked.scores, comps))
        else:
            rival = ", ".join(f"{x.model} {x.cell.shown}" for x in others[:4]) or "others"
            out.append(Outcome("within-noise", f"{where} prints the top score, but its {level} rank set among the "
                                               f"{len(cells_of)} comparable models is {low}–{high}{assumed}: {rival} "
                                               f"could be first too, so the data do not make it the best.",
                               ranked.scores, comps))
    return out


def _ahead(x: Score, s: Score) -> bool:
    """Whether x scores better than s (the emphasis module's merit: lower-is-better units included)."""
    from claimcheck.checker.emphasis import merit

    return x.id != s.id and merit(x) > merit(s)  # type: ignore[operator]


def _others(rows: list[Score], subject: str | None) -> tuple[str, ...]:
    """The other models with a value on the benchmark, best first (the runner-up leads)."""
    def rank(s: Score) -> float:
        return -s.value if s.resolution.direction == "higher" else s.value  # type: ignore[operator]

    ranked = sorted((s for s in rows if s.model != subject and s.value is not None), key=rank)
    return tuple(dict.fromkeys(s.model for s in ranked))


def _alone(claim: ParsedClaim, valued: list[Score], cells: Cells, name: str, bench: str) -> list[Outcome]:
    """A claim with no other model on the benchmark: a configuration gap, or nothing to compare."""
    configs = [c for a in valued for b in valued if a.id != b.id and (c := cells.comparison(a, b))]
    if configs and claim.relation in ("beats", "improves"):
        c = configs[0]
        a, b = (cells.score(i) for i in c.scores)
        return [Outcome("incomparable", f"The only gap on {name} is {claim.subject} against itself: "
                                        f"{pair_text(a, b)}, {'; '.join(d.describe() for d in c.differences)} — "
                                        f"a configuration effect, not a model comparison.",
                        scores=c.scores, comparisons=(c.id,))] + _gap_numbers(claim, [(a, b)], bench)
    return [Outcome("unverifiable", f"No other model has a value on {name}, so the table cannot rank "
                                    f"{claim.subject} against anyone.", scores=tuple(s.id for s in valued))]


# ── pairs ───────────────────────────────────────────────────────────────────


def _test(s: Score, t: Score, cells: Cells, alpha: float) -> PairTest:
    cells.asked.append((s, t))
    c = cells.comparison(s, t)
    if c is not None:
        reasons = "; ".join(d.describe() for d in c.differences if d.code in c.why_not) or ", ".join(c.why_not)
        return PairTest(c.verdict, c, c.z if c.scores[0] == s.id or c.z is None else -c.z, c.p_adjusted, reasons)
    blocking = [c for c in cells.touching(s, t) if not c.comparable]
    if blocking:
        return PairTest("incomparable", reasons="; ".join(d.describe() for c in blocking for d in c.differences))
    return PairTest("no-n")  # the checker builds a comparison for every claimed pair it can test


def _stats(test: PairTest, s: Score, t: Score) -> str:
    n = f"n = {s.n}" if s.n == t.n else f"n = {s.n} and {t.n}"
    assumed = n_caveat([s.resolution.n_source, t.resolution.n_source]).replace(" (n ", ", ").rstrip(")")
    z = f"z = {abs(test.z):.2f}, " if test.z is not None else ""
    rel = test.comparison.p_relation if test.comparison is not None else "="
    return f"{z}Holm-adjusted p {rel} {test.p_adjusted:.2g}, {n}{assumed}"


def _pair_outcome(relation: str, s: Score, t: Score, test: PairTest) -> Outcome:
    ids, comps = (s.id, t.id), ((test.comparison.id,) if test.comparison else ())
    both, gap = pair_text(s, t), gap_text(s, t)
    ahead = (s.value - t.value) * (1 if s.resolution.direction == "higher" else -1)  # type: ignore[operator]
    if test.status == "incomparable":
        even = f"; the printed numbers even put {t.model} ahead" if ahead < 0 and relation != "ties" else ""
        return Outcome("incomparable", f"{both} are not comparable ({test.reasons}), so the table cannot "
                                       f"rank them{even}.", ids, comps)
    if relation == "ties":
        return _tie_outcome(s, t, test, ahead, ids, comps)
    if relation == "not-beats":
        return _denial_outcome(s, t, test, ahead, ids, comps)
    if ahead <= 0:
        how = "prints the same score" if ahead == 0 else "has them the other way round"
        return Outcome("contradicted", f"The table {how}: {both}.", ids, comps)
    if test.status == "significant":
        return Outcome("supported", f"{both}: the {gap} gap is significant ({_stats(test, s, t)}).", ids, comps)
    if test.status == "within-noise":
        return Outcome("within-noise", f"{both}: the {gap} gap is within sampling noise ({_stats(test, s, t)}), "
                                       f"so the data cannot tell the two apart.", ids, comps)
    why = test.comparison.note if test.comparison and test.comparison.note else "no item count is known"
    return Outcome("unverifiable", f"The table orders them this way ({both}), but {why}: the {gap} gap can be "
                                   f"called neither real nor noise.", ids, comps)


def _within_outcome(claim: ParsedClaim, s: Score, t: Score, test: PairTest) -> Outcome:
    """"s is within 2 points of t": a bound on the printed gap, allowing for the cells' rounding."""
    ids, comps = (s.id, t.id), ((test.comparison.id,) if test.comparison else ())
    if test.status == "incomparable":
        return _pair_outcome("ties", s, t, test)
    bound = next(((v, u[1:]) for v, u in claim.numbers if u[:1] == "<" and u[1:] in GAP_UNITS), None)
    if bound is None:
        return Outcome("unverifiable", f"The sentence bounds the gap but gives no number of points "
                                       f"({pair_text(s, t)}).", ids, comps)
    limit, unit = bound
    words = amount(limit, unit)
    table = f"{gap_readings(s, t, unit)} ({pair_text(s, t)})"
    if not gap_agrees(limit, "<" + unit, s, t):
        return Outcome("number-mismatch", f"The text says within {words}, but the table's gap is {table}.", ids, comps)
    low, _ = gap_range(s, t, relative=False)
    if abs(s.value - t.value) > limit + 1e-9 and unit != "%gap":  # type: ignore[operator]
        return Outcome("supported", f"The table's gap is {table}; with both cells rounded it may be as small as "
                                    f"{low:.{max(s.cell.decimals or 0, t.cell.decimals or 0)}f}, so within {words} "
                                    f"can hold.", ids, comps)
    return Outcome("supported", f"The table's gap is {table}, within the stated {words}.", ids, comps)


def _denial_outcome(s: Score, t: Score, test: PairTest, ahead: float, ids, comps) -> Outcome:
    """"s does not beat t": false only when the table shows s significantly ahead."""
    both, gap = pair_text(s, t), gap_text(s, t)
    if ahead <= 0:
        return Outcome("supported", f"The table agrees: {both}.", ids, comps)
    if test.status == "significant":
        return Outcome("contradicted", f"{both}: {s.model} is ahead by a significant {gap} gap "
                                       f"({_stats(test, s, t)}).", ids, comps)
    if test.status == "within-noise":
        return Outcome("supported", f"{both}: the {gap} gap is within sampling noise ({_stats(test, s, t)}), so the "
                                    f"table shows no real lead.", ids, comps)
    return Outcome("unverifiable", f"{both}: {s.model} is printed ahead, and with no item count the {gap} gap "
                                   f"cannot be judged.", ids, comps)


def _tie_outcome(s: Score, t: Score, test: PairTest, ahead: float, ids, comps) -> Outcome:
    both, gap = pair_text(s, t), gap_text(s, t)
    if ahead == 0:
        return Outcome("supported", f"The table prints the same score: {both}.", ids, comps)
    if test.status == "significant":
        return Outcome("contradicted", f"{both}: the {gap} gap is significant ({_stats(test, s, t)}), so they are "
                                       f"not on par.", ids, comps)
    if test.status == "within-noise":
        return Outcome("supported", f"{both}: the {gap} gap is within sampling noise ({_stats(test, s, t)}); the data "
                                    f"cannot tell them apart, which is not proof that they are equal.", ids, comps)
    return Outcome("unverifiable", f"{both}: with no item count the {gap} gap cannot be judged, so a tie can be "
                                   f"neither confirmed nor ruled out.", ids, comps)


# ── numbers ─────────────────────────────────────────────────────────────────


def _gap_numbers(claim: ParsedClaim, pairs: list[tuple[Score, Score]], bench: str | None = None) -> list[Outcome]:
    """Stated gaps ("+10 points", "by 2.1 pp", "32% better", "up to 5 points") against the table's gap.

    A gap written with "%" may be points or relative to the rival's score; either reading that
    agrees within rounding is accepted.  Bounds ("up to", "more than", a range's ends) hold when the
    gap, within the rounding of both cells, lies on the stated side.
    """
    out = []
    for value, unit in gaps_for(claim, bench):
        if not pairs or claim.relation == "within":
            continue
        if any(gap_agrees(value, unit, s, t) for s, t in pairs):
            continue
        s, t = pairs[0]
        out.append(Outcome("number-mismatch", f"The text states {gap_words(value, unit)}; the table's gap is "
                                              f"{gap_readings(s, t, unit)} ({pair_text(s, t)}).", (s.id, t.id)))
    return out


_UNIT_WORDS = {"elo": "an Elo rating", "percentile": "a percentile", "lower-is-better": "a lower-is-better value",
               "count": "a count"}


def _value_numbers(claim: ParsedClaim, by_bench: dict[str, list[Score]]) -> list[Outcome]:
    """Printed scores in the text against the cells of the models and benchmarks they belong to."""
    out = []
    for value, unit, owners, benches in value_targets(claim):
        rows = [s for b in benches for s in by_bench.get(b, [])]
        if owners == (ANY_OTHER,):
            mine = [s for s in rows if s.model not in claim.models and s.value is not None]
        else:
            mine = [s for s in rows if s.model in owners and s.value is not None]
        if not mine:
            continue
        match = next((s for s in mine if agrees(value, s.value, s, unit=unit)), None)  # type: ignore[arg-type]
        shown, exact = number_text(value, unit), unit[:1] not in "<>" or not unit
        if match is not None:
            how = "agrees within rounding" if exact else "holds"
            also = [s for s in mine if s.model == match.model and s.group != match.group]
            other = (f" The table also prints {also[0].cell.shown} for {match.model} on {also[0].title!r} "
                     f"({also[0].ref}); the sentence does not say which setup it means.") if also else ""
            out.append(Outcome("supported", f"The table prints {match.cell.shown} for {match.model} on "
                                            f"{match.title!r} ({match.ref}); the text's {shown} {how}.{other}",
                               (match.id,)))
        else:
            near = min(mine, key=lambda s: abs(s.value - value))  # type: ignore[operator]
            how = "more than rounding apart" if exact else f"which is not {shown}"
            if unit.lstrip("<>") == "%" and near.unit not in PROPORTION_UNITS and near.unit != "unknown":
                how = f"which is {_UNIT_WORDS.get(near.unit, 'a ' + near.unit + ' value')}, not a percentage"
            out.append(Outcome("number-mismatch", f"The text says {shown} but the table prints "
                                                  f"{near.cell.shown} for {near.model} on {near.title!r} "
                                                  f"({near.ref}), {how}.", (near.id,)))
    return out
