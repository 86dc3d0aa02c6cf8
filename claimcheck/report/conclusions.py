"""Plain-language conclusions for page 1: what the table supports and what it does not.

Head-to-head comparisons are summarised per line item around its leader
("A is ahead of B and C; statistically tied with D"), so a six-model table
reads as one sentence per benchmark, not thirty.  Cross-row comparisons that
cannot be judged are one line per pair of rows; configuration comparisons are
stated one by one (or once for the table when they are many).  Only stored numbers are formatted.
"""

from __future__ import annotations

from dataclasses import dataclass

from claimcheck.checker.base import points
from claimcheck.checker.denominators import n_caveat
from claimcheck.checker.emphasis import merit
from claimcheck.checker.rules.noise_gaps import NAMED_RIVALS
from claimcheck.records import Comparison, RankedRow, Score, ranked_by_score

REASON_WORDS = {
    "CC101": "a rating set beside percentages", "CC102": "a 0–1 value beside percentages",
    "CC201": "different benchmark versions", "CC202": "different subsets or benchmarks",
    "CC203": "different tool settings", "CC204": "different harnesses", "CC205": "different budgets",
    "CC206": "different metrics", "CC207": "different judges", "CC208": "separate vendor-protocol rows",
    "CC309": "the benchmark's measured protocol noise (another harness, prompt or judge)",
}


@dataclass(frozen=True)
class Conclusion:
    kind: str  # supported | tied | no-n | incomparable | configuration
    text: str
    codes: tuple[str, ...] = ()
    wording: str = ""  # what an analyst may write
    row: str = ""  # the line item of a whole row with no item count (such rows are said together)


def pp(x: float | None, digits: int = 1, signed: bool = False) -> str:
    """A proportion difference as percentage points."""
    if x is None:
        return "—"
    value = round(100 * x, digits) or 0.0  # never "-0.0 pp"
    return f"{value:+.{digits}f} pp" if signed else f"{value:.{digits}f} pp"


def _cell(s: Score) -> str:
    return f"{s.model} {s.cell.shown}"


def _names(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def conclusions(comparisons: tuple[Comparison, ...], by_id: dict[str, Score],
                suspect: dict[str, tuple[str, str]] | None = None,
                ranks: tuple[RankedRow, ...] = ()) -> tuple[list[Conclusion], list[Conclusion]]:
    """(supported, not supported), in table order; comparisons with a suspect score (score id -> (why, the
    code of the finding that doubts it)) are never supported.  A row whose leader's gaps are not judged
    pairwise (no claim, mark or subject names the leader) is said from its rank sets."""
    suspect = suspect or {}
    ranked_rows = ranked_by_score(ranks)
    yes: list[Conclusion] = []
    no: list[Conclusion] = []
    rows: dict[str, list[Comparison]] = {}
    setups: list[Comparison] = []
    crossed: dict[tuple, list[Comparison]] = {}
    judged: dict[tuple, list[Comparison]] = {}
    head_to_head = any(c.kind == "head-to-head" for c in comparisons)
    ranked = {by_id[c.scores[0]].group for c in comparisons if c.kind == "head-to-head"}
    for c in comparisons:
        if c.kind == "configuration" and ranked & {by_id[i].group for i in c.scores}:
            continue  # one model under two labelled setups beside a ranking: not a claim the table makes
        if c.kind == "configuration" and not head_to_head and _metrics_of_one_table(c, by_id):
            continue  # a harness's one-model table printing "acc" and "acc_norm" of a task: its design, no claim
        doubt = [(by_id[i], suspect[i]) for i in c.scores if i in suspect]
        if doubt:
            a, b = by_id[c.scores[0]], by_id[c.scores[1]]
            why = "; ".join(f"{s.model} {s.cell.shown} is {reason}" for s, (reason, _) in doubt)
            no.append(Conclusion("incomparable", f"{a.title}: {_cell(a)} vs {_cell(b)} — not a ranking: {why}.",
                                 tuple(dict.fromkeys(code for _, (_, code) in doubt)), "check the value first"))
        elif c.kind == "head-to-head":
            rows.setdefault(by_id[c.scores[0]].group, []).append(c)
        elif c.kind == "configuration" and head_to_head and _labelled_apart(by_id[c.scores[0]], by_id[c.scores[1]]):
            setups.append(c)  # "AIME 2024" vs "AIME 2025" for one model beside a model ranking: one line for all
        elif c.kind == "cross-row" and c.verdict in ("no-n", "incomparable"):
            rows_of = tuple(sorted(by_id[i].group for i in c.scores))
            crossed.setdefault((rows_of, c.verdict, c.note), []).append(c)  # one line per pair of rows
        elif c.kind == "cross-row" and c.verdict in ("within-noise", "significant"):
            titles = tuple(sorted({by_id[i].title for i in c.scores}))
            judged.setdefault((titles, c.verdict), []).append(c)  # one line per line item and verdict
        else:
            one = _single(c, by_id[c.scores[0]], by_id[c.scores[1]])
            (yes if one.kind == "supported" else no).append(one)
    for comps in rows.values():
        for item in _row(comps, by_id, ranked_rows.get(comps[0].scores[0])):
            (yes if item.kind == "supported" else no).append(item)
    silent = [c for c in no if c.row]
    if len(silent) > 2:  # rows with no n at all: one line naming them, not one line each
        at = no.index(silent[0])
        no = [c for c in no if not c.row]
        no.insert(at, Conclusion(
            "no-n", f"{len(silent)} rows have no item count, so no order in them can be judged against sampling "
            f"noise: {', '.join(c.row for c in silent)}.", tuple(dict.fromkeys(x for c in silent for x in c.codes)),
            "report the values without a ranking claim"))
    for comps in judged.values():
        one = _single(comps[0], by_id[comps[0].scores[0]], by_id[comps[0].scores[1]]) if len(comps) == 1 \
            else _judged(comps, by_id)
        (yes if one.kind == "supported" else no).append(one)
    for comps in crossed.values():
        no.append(_single(comps[0], by_id[comps[0].scores[0]], by_id[comps[0].scores[1]]) if len(comps) == 1
                  else _crossed(comps, by_id))
    if len(setups) > 2:
        no.append(_setups(setups, by_id))
    else:
        no.extend(_single(c, by_id[c.scores[0]], by_id[c.scores[1]]) for c in setups)
    return yes, no


def _some_pairs(comps: list[Comparison], by_id) -> tuple[str, str, str]:
    """Where a set of cross-row comparisons is, the first two pairs, and how many more."""
    a, b = by_id[comps[0].scores[0]], by_id[comps[0].scores[1]]
    where = a.title if a.title == b.title else f"{a.title} / {b.title}"
    shown = "; ".join(f"{_cell(by_id[c.scores[0]])} vs {_cell(by_id[c.scores[1]])}" for c in comps[:2])
    return where, shown, f" and {len(comps) - 2} more" if len(comps) > 2 else ""


def _judged(comps: list[Comparison], by_id) -> Conclusion:
    """Models of different rows of one line item (size sections, say) tested against each other, all
    with one verdict: one line naming a few of the pairs."""
    first = comps[0]
    where, shown, more = _some_pairs(comps, by_id)
    if first.verdict == "significant":
        return Conclusion("supported", f"{where}: {len(comps)} gaps between models of different rows hold after Holm "
                          f"correction ({shown}{more}).", tuple(dict.fromkeys(x for c in comps for x in c.caveats)),
                          f"the gaps on {where} between these models hold")
    return Conclusion("tied", f"{where}: {len(comps)} comparisons between models of different rows are within noise "
                      f"after Holm correction ({shown}{more}): no ranking between them is supported.", ("CC302",),
                      f"these models are statistically tied on {where}")


def _crossed(comps: list[Comparison], by_id) -> Conclusion:
    """Models of one row set against models of another row, none of the pairs judgeable: one line."""
    first = comps[0]
    where, shown, more = _some_pairs(comps, by_id)
    if first.verdict == "no-n":
        why = first.note or "no item count, so the gaps cannot be judged against sampling noise"
        return Conclusion("no-n", f"{where}: {len(comps)} comparisons between models of the two rows ({shown}{more}) — "
                          f"{why}.", tuple(dict.fromkeys(x for c in comps for x in c.caveats)),
                          "report the values without a ranking claim")
    reasons = "; ".join(dict.fromkeys(d.describe() for c in comps for d in c.differences if d.known)) or ", ".join(
        dict.fromkeys(REASON_WORDS.get(code, code) for c in comps for code in c.why_not))
    why_not = tuple(dict.fromkeys(x for c in comps for x in c.why_not))
    return Conclusion("incomparable", f"{where}: {len(comps)} comparisons between models of the two rows ({shown}{more}) "
                      f"— not comparable: {reasons}.", why_not,
                      f"not comparable: {', '.join(REASON_WORDS.get(x, x) for x in why_not)}")


def _setups(comps: list[Comparison], by_id) -> Conclusion:
    """Rows of one model that print different setups, said once for the whole table."""
    pairs = list(dict.fromkeys(f"{by_id[c.scores[0]].title} / {by_id[c.scores[1]].title}" for c in comps))
    models = list(dict.fromkeys(by_id[c.scores[0]].model for c in comps))
    shown = "; ".join(pairs[:3]) + (f" and {len(pairs) - 3} more" if len(pairs) > 3 else "")
    return Conclusion(
        "configuration", f"Rows that print one model under two setups ({shown}; {len(models)} model{'s' if len(models) > 1 else ''}): the gaps "
        f"between them are setup effects, not model comparisons.",
        tuple(dict.fromkeys(code for c in comps for code in c.why_not)), "Do not read these gaps as differences between models.")


def _labelled_apart(a: Score, b: Score) -> bool:
    """Whether two rows of one model print labels that already tell their setups apart."""
    def shown(title: str) -> str:
        return " ".join(title.replace("*", " ").split()).casefold()

    return shown(a.title) != shown(b.title)


def _row(comps: list[Comparison], by_id, ranked: RankedRow | None = None) -> list[Conclusion]:
    """One line item: the leader against each other model (adjacent pairs stay in the full list)."""
    leader = by_id[comps[0].scores[0]]
    against = [c for c in comps if c.scores[0] == leader.id]
    title = leader.title
    assumed = n_caveat(x for c in against for x in c.n_source)
    out = []
    named: set[str] = set()  # models a rank-set sentence already names as possible first places
    if ranked is not None and leader.id in ranked.scores and any(c.verdict == "descriptive" for c in against):
        out.append(_ranked(ranked, leader, by_id, assumed))
        named = set(ranked.could_lead())
        against = [c for c in against if c.verdict != "descriptive"]
    ahead = [by_id[c.scores[1]] for c in against if c.verdict == "significant"]
    tied = [by_id[c.scores[1]] for c in against if c.verdict == "within-noise" and c.scores[1] not in named]
    unknown = [by_id[c.scores[1]] for c in against if c.verdict == "no-n"]
    if ahead:
        caveats = tuple(dict.fromkeys(x for c in against if c.verdict == "significant" for x in c.caveats))
        caveat = (f" Caveat: {', '.join(REASON_WORDS.get(x, x) for x in caveats)} may explain part of the gap."
                  if caveats else "")
        out.append(Conclusion(
            "supported", f"{title}: {_cell(leader)} is ahead of {_names([_cell(s) for s in ahead])} "
            f"(significant after Holm correction{assumed}).{caveat}", caveats,
            f"{leader.model} leads {_names([s.model for s in ahead])} on {title}"))
    if tied:
        out.append(Conclusion(
            "tied", f"{title}: {_cell(leader)}'s lead over {_names([_cell(s) for s in tied])} is not significant "
            f"after Holm correction{assumed}: a ranking between them is not supported.", ("CC302",),
            f"{_names([leader.model] + [s.model for s in tied])} are statistically tied on {title}"))
    if unknown:
        why = next((c.note for c in against if c.verdict == "no-n" and c.note), None) or \
            "no item count, so the order cannot be judged against sampling noise"
        out.append(Conclusion(
            "no-n", f"{title}: {_names([_cell(leader)] + [_cell(s) for s in unknown])} — {why}.",
            tuple(dict.fromkeys(x for c in against for x in c.caveats)), "report the values without a ranking claim",
            row=title if not ahead and not tied and why.startswith("no item count") else ""))
    for c in against:
        if c.verdict == "incomparable":
            out.append(_single(c, by_id[c.scores[0]], by_id[c.scores[1]]))
    return out


def _ranked(ranked: RankedRow, leader: Score, by_id, assumed: str) -> Conclusion:
    """A row's leader judged by the rank sets: alone at first place, or one of several that could be."""
    level = f"{100 * (1 - ranked.alpha):g}%"
    title = leader.title
    first = [by_id[i] for i in ranked.could_lead() if i != leader.id]
    if not first:
        return Conclusion("supported", f"{title}: {_cell(leader)} ranks first: its {level} simultaneous rank set is "
                          f"first place alone{assumed}.", (), f"{leader.model} ranks first on {title}")
    more = ""
    if len(first) > NAMED_RIVALS:  # a board: its closest rivals by name, the rest counted
        first, more = sorted(first, key=merit, reverse=True), f" and {len(first) - NAMED_RIVALS} more"
        first = first[:NAMED_RIVALS]
    sets = ranked.describe({leader.id, *(s.id for s in first)})  # the models the sentence names; appendix A has all
    cells = ", ".join(_cell(s) for s in first) + more if more else _names([_cell(s) for s in first])
    return Conclusion("tied", f"{title}: {_cell(leader)} prints the top score, but {cells} could rank first too "
                      f"({level} simultaneous rank sets: {sets}{more and ', …'}){assumed}: no winner is supported.",
                      ("CC302",), f"{_names([leader.model] + [s.model for s in first])}{more} could each rank first on "
                                  f"{title}")


def _metrics_of_one_table(c: Comparison, by_id: dict[str, Score]) -> bool:
    """Whether a configuration pair is two metrics of one model printed in one table, differing in nothing else."""
    a, b = by_id[c.scores[0]], by_id[c.scores[1]]
    known = [d for d in c.differences if d.known]
    return (a.input, a.table) == (b.input, b.table) and bool(known) and all(d.facet == "metric" for d in known)


def _single(c: Comparison, a: Score, b: Score) -> Conclusion:
    where = a.title if a.title == b.title else f"{a.title} / {b.title}"
    if c.kind == "configuration":
        what = "; ".join(d.describe() for d in c.differences if d.known)
        # in points, as the comparability findings say it: a gap on a 0–1 scale (0.038) is 3.8 points
        gap = "" if c.gap is None else (" print the same value" if c.gap == 0 else f" differ by {abs(points(a) - points(b)):.1f} points")
        return Conclusion("configuration", f"{a.model} on {where}: {what}{gap}: a setup effect, not a model comparison.",
                          c.why_not, "Do not read this gap as a difference between models.")
    if c.verdict == "incomparable":
        reasons = "; ".join(d.describe() for d in c.differences if d.known) or ", ".join(
            REASON_WORDS.get(code, code) for code in c.why_not)
        return Conclusion("incomparable", f"{where}: {_cell(a)} vs {_cell(b)} — not comparable: {reasons}.",
                          c.why_not, f"not comparable: {', '.join(REASON_WORDS.get(x, x) for x in c.why_not)}")
    if c.verdict == "no-n":
        why = c.note or "no item count, so the gap cannot be judged against sampling noise"
        return Conclusion("no-n", f"{where}: {_cell(a)} vs {_cell(b)} — {why}.", c.caveats,
                          "report the values without a ranking claim")
    gap = pp(abs(c.diff)) if c.diff is not None else f"{abs(c.gap or 0):g} points"
    if c.verdict == "significant":
        lead, trail = (a, b) if (c.diff or c.gap or 0) >= 0 else (b, a)
        return Conclusion("supported", f"{lead.model} scores higher than {trail.model} on {where}: gap {gap}, "
                          f"Holm-adjusted p = {c.p_adjusted:.2g}.", c.caveats, f"{lead.model} leads {trail.model} on {where}")
    return Conclusion("tied", f"{a.model} and {b.model} are statistically tied on {where}: gap {gap}, "
                      f"Holm-adjusted p {c.p_relation} {c.p_adjusted:.2g}.", ("CC302",),
                      f"{a.model} and {b.model} are statistically tied on {where}")
