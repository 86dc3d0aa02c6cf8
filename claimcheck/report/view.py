"""The report view-model: small dataclasses every human-facing renderer formats.

Built once from the :class:`~claimcheck.records.Report`; it formats stored
numbers and never recomputes a statistic (no import of the stats package or of
the rules).  Templates receive these objects and do no logic beyond loops.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from claimcheck.records import PROPORTION_UNITS, Comparison, Family, Finding, RankedRow, Report, RuleDoc, Score, ranked_by_score
from claimcheck.report.annotated import TableView, interval_text, table_view, worst
from claimcheck.report.conclusions import Conclusion, conclusions, pp

LONG_REPORT = 80  # findings + cells: above this the report gets a table of contents


@dataclass(frozen=True)
class FindingView:
    number: int
    code: str
    severity: str
    message: str
    cells: str
    numbers: str


@dataclass(frozen=True)
class RuleGroup:
    code: str
    slug: str
    severity: str
    summary: str
    explanation: str
    reference: str
    findings: list[FindingView]


@dataclass(frozen=True)
class ScoreLine:
    id: str
    title: str
    model: str
    printed: str
    status: str
    benchmark: str
    version: str
    unit: str
    n: str
    interval: str
    note: str


@dataclass(frozen=True)
class ComparisonLine:
    """One comparison as the full table lists it."""

    pair: str
    where: str
    gap: str
    interval: str
    test: str
    verdict: str
    why: str


@dataclass(frozen=True)
class RowLine:
    """What one printed line item measures (one row of a wide table)."""

    title: str
    benchmark: str
    version: str
    metric: str
    setup: str
    unit: str
    n: str
    note: str


@dataclass(frozen=True)
class BenchmarkView:
    id: str
    name: str
    unit: str
    counts: list[str]
    statuses: list[str]
    sources: list[str]


@dataclass(frozen=True)
class ClaimView:
    id: str
    source: str
    text: str
    verdict: str
    codes: str
    explanation: str


_VERDICT_WORDS = {
    "supported": "supported", "within-noise": "within noise", "contradicted": "contradicted",
    "number-mismatch": "number does not match", "incomparable": "compares incomparable rows",
    "unverifiable": "cannot be verified",
}


@dataclass(frozen=True)
class IntervalPoint:
    """One score on the interval chart, in percent."""

    row: str
    model: str
    value: float
    low: float | None
    high: float | None
    assumed: bool


@dataclass(frozen=True)
class RankLine:
    """One row's rank sets: each model with its simultaneous places and, in brackets, its marginal ones; a long
    row (a board) lists its best-placed RANK_MODELS models and counts the rest."""

    where: str
    places: list[str]
    more: int = 0


@dataclass(frozen=True)
class GapBar:
    """One tested gap on the noise chart, in percentage points."""

    label: str
    gap: float
    low: float
    high: float
    mde: float | None
    verdict: str


@dataclass(frozen=True)
class CounterpartLine:
    """A page cell beside a reference's value for the same model and benchmark."""

    cell: str  # "GPT-4o-0513 49.9 on 'GPQA Diamond' (row 4)"
    reference: str
    there: str  # the reference's row and value as printed
    verdict: str
    setups: str  # protocol differences in words


@dataclass(frozen=True)
class ReportView:
    title: str
    inputs: list[tuple[str, str, str]]  # (path, format, sha256)
    registry_version: str
    claimcheck_version: str
    generated: str
    settings: str
    counts: dict[str, int]
    verdicts: dict[str, int]
    supported: list[Conclusion]
    not_supported: list[Conclusion]
    tables: list[TableView]
    groups: list[RuleGroup]
    scores: list[ScoreLine]
    rows: list[RowLine]
    comparisons: list[ComparisonLine]
    benchmarks: list[BenchmarkView]
    environment: list[str]
    skipped: list[ScoreLine]
    rows_total: int
    cells: str = ""  # where every cell went ("120 values, 12 missing, 0 skipped, 2 setup rows, 1 spacer row")
    level: str = "95%"  # the confidence level of every interval, from alpha
    test_settings: str = "α = 0.05 two-sided, power 0.8"
    long: bool = False  # long enough to need a table of contents
    claims: list[ClaimView] = field(default_factory=list)
    interval_points: list[IntervalPoint] = field(default_factory=list)
    lead_bars: list[GapBar] = field(default_factory=list)  # each row's leader over its closest rival
    families: list[str] = field(default_factory=list)  # each table's Holm family, described
    comparison_method: str = ""  # the procedure of most tested gaps, named once in appendix A
    ranks: list[RankLine] = field(default_factory=list)  # rank sets of the rows with three or more models
    errors: list[FindingView] = field(default_factory=list)  # the error findings, for page 1
    counterparts: list[CounterpartLine] = field(default_factory=list)  # cells set against references
    references: list[str] = field(default_factory=list)  # each reference with its source, for the legend
    left_out: dict[str, int] = field(default_factory=dict)  # list -> lines not printed (tables' rows too), in the JSON only


def _numbers(f: Finding) -> str:
    keep = {k: v for k, v in f.details.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
    parts = []
    for k, v in keep.items():
        parts.append(f"{k.replace('_', ' ')} = {v:.4g}" if isinstance(v, float) else f"{k.replace('_', ' ')} = {v}")
    return "; ".join(parts)


#: lines an appendix list prints at most; a board of 1,000 models has thousands, every one in the JSON report
APPENDIX_LINES = 400


#: conclusions page 1 prints at most, each list
CONCLUSION_LINES = 40


def _bounded(lines: list, name: str, left_out: dict[str, int], most: int | None = None) -> list:
    """The first ``most`` lines of a list (an appendix's: ``APPENDIX_LINES``); how many more there are is kept
    for the report to say."""
    most = APPENDIX_LINES if most is None else most
    if len(lines) > most:
        left_out[name] = len(lines) - most
    return lines[:most]


def build_view(report: Report) -> ReportView:
    """The view-model of a report.  The document stays bounded on a board of any size: an annotated
    table shows its first rows and every row a finding names, an appendix list its first lines, and
    each says how many more the JSON report holds."""
    by_id = {s.id: s for s in report.scores}
    numbered = list(enumerate(report.findings, start=1))  # the checker orders them
    notes_by_score: dict[str, list[tuple[int, str]]] = {}
    for number, f in numbered:
        for sid in f.scores:
            notes_by_score.setdefault(sid, []).append((number, f.severity))
    suspect = {sid: (why, f.code) for f in report.findings for sid, why in f.doubts}  # the rules say which
    usual = _usual_method(report.comparisons)
    supported, not_supported = conclusions(report.comparisons, by_id, suspect, report.ranks)
    groups = _groups(numbered, report.rules, by_id)
    meta = report.meta
    tables = [table_view(report, t_index, notes_by_score) for t_index in range(len(report.tables))]
    left_out: dict[str, int] = {"table_rows": sum(t.left_out for t in tables)} if any(t.left_out for t in tables) else {}
    return ReportView(
        title=", ".join(i.path.rsplit("/", 1)[-1] for i in report.inputs) or "claimcheck report",
        inputs=[(i.path, i.format, i.sha256) for i in report.inputs]
        + [(path, "claims", sha) for path, sha in meta.claims_files],
        registry_version=meta.registry_version, claimcheck_version=meta.claimcheck_version,
        generated=meta.generated,
        settings=(f"α = {meta.alpha:g} two-sided, power {meta.power:g}, {meta.ci_method} intervals, "
                  + _holm_words(report)
                  + (f"; n assumed = {meta.assume_n}" if meta.assume_n else "")),
        counts=report.counts(), verdicts=_verdicts(report.comparisons),
        supported=_bounded(supported, "supported", left_out, CONCLUSION_LINES),
        not_supported=_bounded(not_supported, "not_supported", left_out, CONCLUSION_LINES),
        tables=tables,
        groups=groups,
        scores=[_score_line(s) for s in report.scores if s.status == "checked"],
        rows=_bounded(_row_lines(report.scores), "rows", left_out),
        comparisons=_bounded(_comparison_lines(report.comparisons, by_id, usual), "comparisons", left_out),
        comparison_method=usual,
        skipped=_bounded([_score_line(s) for s in report.scores if s.status == "skipped"], "skipped", left_out),
        left_out=left_out,
        benchmarks=[_benchmark_view(b) for b in report.benchmarks],
        environment=list(meta.environment),
        rows_total=sum(len(t.rows) for t in report.tables), cells=report.account.describe(),
        level=f"{100 * (1 - meta.alpha):g}%",
        test_settings=f"α = {meta.alpha:g} two-sided, power {meta.power:g}",
        long=len(report.findings) + len(report.scores) > LONG_REPORT,
        claims=[ClaimView(c.claim, c.source, c.text, _VERDICT_WORDS[c.verdict], ", ".join(c.codes), c.explanation)
                for c in report.claims],
        interval_points=_interval_points(report.scores),
        lead_bars=_lead_bars(report.comparisons, by_id, report.ranks),
        families=[_family_line(report, f) for f in report.families],
        ranks=[_rank_line(r, by_id) for r in report.ranks],
        errors=[f for g in groups for f in g.findings if f.severity == "error"],
        counterparts=_counterpart_lines(report, by_id),
        references=[f"{r.title} ({r.publisher}; {r.source})" for r in report.references
                    if any(c.reference == r.id for c in report.counterparts)],
    )


def _counterpart_lines(report: Report, by_id) -> list[CounterpartLine]:
    """The counterparts a reader needs: every one from a reference the user gave, and the identical
    figures of the bundled ones (their other values are other vendors' runs, not measurements to judge by)."""
    given = {r.id for r in report.references if not r.bundled}
    titles = {r.id: r.title.split(",")[0] for r in report.references}
    lines = []
    for c in report.counterparts:
        if c.reference not in given and c.verdict != "identical":
            continue
        s = by_id[c.score]
        verdict = c.verdict.replace("-", " ")
        if c.comparison is not None and c.comparison.p_adjusted is not None:
            verdict += f" (p {c.comparison.p_relation} {c.comparison.p_adjusted:.2g} after Holm)"
        lines.append(CounterpartLine(cell=f"{s.model} {s.cell.shown} on {s.title!r} ({s.ref})", reference=titles[c.reference],
                                     there=f"{c.label}: {c.printed}", verdict=verdict, setups="; ".join(c.differences)))
    return lines


def _interval_points(scores) -> list[IntervalPoint]:
    """Percent-scale scores of the rows where at least one score has an interval."""
    with_ci = {s.group for s in scores if s.ci is not None and s.unit in PROPORTION_UNITS}
    points = []
    for s in scores:
        if s.group in with_ci and s.status == "checked" and s.proportion is not None:
            low, high = (100 * s.ci[0], 100 * s.ci[1]) if s.ci else (None, None)
            points.append(IntervalPoint(s.title, s.model, 100 * s.proportion, low, high,
                                        s.resolution.n_source == "assumed"))
    return points


def _lead_bars(comparisons, by_id, ranks=()) -> list[GapBar]:
    """One bar per row: the leader's gap to its closest tested rival, with its interval — the
    contest a reader of the row looks at first.  A gap not judged pairwise takes its verdict from the
    row's rank sets (the leader alone at first place, or not)."""
    alone = {i: r.leader_alone for i, r in ranked_by_score(ranks).items()}
    ranked = {i for c in comparisons if c.kind == "head-to-head" for i in c.scores}  # reference rows never are
    leaders: dict[str, Score] = {}
    for s in by_id.values():
        if s.id in ranked and s.value is not None:
            best = leaders.get(s.group)
            if best is None or (s.value < best.value if s.lower_is_better else s.value > best.value):
                leaders[s.group] = s
    closest: dict[str, Comparison] = {}
    for c in comparisons:
        if c.kind != "head-to-head" or c.diff is None or c.diff_ci is None:
            continue
        a = by_id[c.scores[0]]
        leader = leaders.get(a.group)
        if leader is not None and leader.id in c.scores and (a.group not in closest or abs(c.diff) < abs(closest[a.group].diff)):
            closest[a.group] = c
    bars = []
    for group, c in closest.items():
        a, b = (by_id[i] for i in c.scores)
        lead, rival = (a, b) if leaders[group].id == a.id else (b, a)
        # diff is a − b; the bar shows the leader's lead, positive, whichever way the metric points
        sign = (1 if lead is a else -1) * (-1 if a.lower_is_better else 1)
        low, high = sorted((sign * 100 * c.diff_ci[0], sign * 100 * c.diff_ci[1]))
        bars.append(GapBar(f"{a.title}: {lead.model} over {rival.model}", sign * 100 * c.diff, low, high,
                           100 * c.mde if c.mde is not None else None, _bar_verdict(c, lead.id, alone)))
    return bars


def _bar_verdict(c: Comparison, leader: str, alone: dict[str, bool]) -> str:
    if c.verdict != "descriptive" or leader not in alone:
        return c.verdict
    return "significant" if alone[leader] else "within-noise"


def _holm_words(report: Report) -> str:
    tested = sum(c.p is not None for c in report.comparisons)
    if tested == 0:
        return "no gap could be tested"
    judged = sum(len(f.members) for f in report.families)
    k = len(report.families)
    ranked = f"; {len(report.ranks)} row{'s' if len(report.ranks) != 1 else ''} ranked by rank sets" if report.ranks else ""
    if judged == 0:
        return f"no gap is judged pairwise (no subject, mark or claim names one){ranked}"
    return (f"Holm correction within each table's family of judged gaps ({judged} of {tested} tested gaps, "
            f"{k} famil{'ies' if k != 1 else 'y'}; appendix A lists them){ranked}")


def _family_line(report: Report, f: Family) -> str:
    caption = report.tables[f.table].caption if f.table < len(report.tables) else ""
    where = f"table {f.table + 1}" + (f" ({caption})" if caption else "")
    return f"{where}: {f.describe()}"


#: models a rank-set line lists at most, the best placed first; the others are in the JSON report
RANK_MODELS = 40


def _rank_line(r: RankedRow, by_id) -> RankLine:
    title = by_id[r.scores[0]].title
    places = [f"{m} {by_id[i].cell.shown}: {_places(s)} ({_places(g)})"
              for m, i, s, g in zip(r.models, r.scores, r.simultaneous, r.marginal)]
    if len(places) <= RANK_MODELS:  # a release table's row: in its own order
        return RankLine(title, places)
    best = sorted(range(len(places)), key=lambda at: (*r.simultaneous[at], *r.marginal[at], at))[:RANK_MODELS]
    return RankLine(title, [places[at] for at in best], more=len(places) - RANK_MODELS)


def _places(span) -> str:
    low, high = span
    return f"{low}" if low == high else f"{low}–{high}"


def _verdicts(comparisons: tuple[Comparison, ...]) -> dict[str, int]:
    out = {"significant": 0, "within-noise": 0, "no-n": 0, "incomparable": 0, "descriptive": 0}
    for c in comparisons:
        out[c.verdict] += 1
    return out


def _groups(numbered, docs: tuple[RuleDoc, ...], by_id) -> list[RuleGroup]:
    doc_by_code = {d.code: d for d in docs}
    groups: dict[str, RuleGroup] = {}
    for number, f in numbered:
        doc = doc_by_code.get(f.code)
        if f.code not in groups:
            groups[f.code] = RuleGroup(
                code=f.code, slug=f.slug, severity=doc.severity if doc else f.severity,
                summary=doc.summary if doc else "", explanation=doc.explanation if doc else "",
                reference=doc.reference if doc else "", findings=[],
            )
        cells = ", ".join(f"{by_id[i].model} {by_id[i].cell.shown} ({by_id[i].ref})" for i in f.scores if i in by_id)
        groups[f.code].findings.append(FindingView(number, f.code, f.severity, f.message, cells, _numbers(f)))
    # a group shows the worst severity it actually raised (a rule may lower it for one finding)
    return [replace(g, severity=worst([f.severity for f in g.findings])) for g in groups.values()]


def _setup(s: Score) -> str:
    res = s.resolution
    parts = []
    if res.tools is not None:
        parts.append("with tools" if res.tools else "no tools")
    parts += [f"harness {res.harness}"] if res.harness else []
    parts += [f"judge {res.judge}"] if res.judge else []
    parts += [f"{res.protocol} protocol"] if res.protocol else []
    parts += [f"{k.replace('_', ' ')} {v}" for k, v in res.budget.items()]
    parts += [f"{f} differs" for f in res.differs] + [f"{f} not stated" for f in res.unknown]
    return "; ".join(parts) or "—"


def _usual_method(comparisons) -> str:
    """The procedure most tested gaps share, said once in appendix A's legend instead of on every line."""
    methods = [c.method for c in comparisons if c.p is not None]
    return max(dict.fromkeys(methods), key=methods.count) if methods else ""


def _comparison_lines(comparisons, by_id, usual: str) -> list[ComparisonLine]:
    """Appendix A: one line per comparison, except that a row's head-to-head pairs that carry no verdict are
    one line for the row: the untestable ones (no n) by their names, and, in a row with judged gaps, the
    descriptive ones (outside every family) by their names and gaps, their tests being in the JSON
    report.  ``usual`` is the method named once."""
    lines: list[ComparisonLine] = []
    grouped: dict[tuple[str, str], list[Comparison]] = {}
    at: dict[tuple[str, str], int] = {}
    judged = {by_id[c.scores[0]].group for c in comparisons if c.p_adjusted is not None}
    for c in comparisons:
        untested = c.verdict == "no-n" and c.p is None  # a bound-judged gap keeps its numbers
        leftover = c.verdict == "descriptive" and by_id[c.scores[0]].group in judged  # beside the row's verdicts
        if c.kind == "head-to-head" and (untested or leftover):
            key = (by_id[c.scores[0]].group, c.verdict)
            if key not in grouped:
                at[key] = len(lines)
                lines.append(None)  # type: ignore[arg-type]  # filled below, in the row's first place
            grouped.setdefault(key, []).append(c)
        else:
            lines.append(_comparison_line(c, by_id, usual))
    for key, comps in grouped.items():
        if len(comps) == 1:
            lines[at[key]] = _comparison_line(comps[0], by_id, usual)
            continue
        first = by_id[comps[0].scores[0]]
        if key[1] == "descriptive":
            pairs = "; ".join(f"{by_id[c.scores[0]].model} vs {by_id[c.scores[1]].model} "
                              f"{pp(c.diff, signed=True) if c.diff is not None else f'{c.gap:+g}'}" for c in comps)
            why = "outside every family: data, not verdicts (their tests are in the JSON report)"
        else:
            pairs = "; ".join(f"{by_id[c.scores[0]].model} vs {by_id[c.scores[1]].model}" for c in comps)
            why = "; ".join(dict.fromkeys(c.note or "no item count" for c in comps))
        lines[at[key]] = ComparisonLine(pair=f"{len(comps)} pairs: {pairs}", where=first.title, gap="—", interval="",
                                        test="", verdict=_verdict_words("head-to-head", key[1]), why=why)
    return lines


def _comparison_line(c: Comparison, by_id, usual: str = "") -> ComparisonLine:
    a, b = by_id[c.scores[0]], by_id[c.scores[1]]
    where = a.title if a.title == b.title else f"{a.title} / {b.title}"
    gap = pp(c.diff, signed=True) if c.diff is not None else (f"{c.gap:+g}" if c.gap is not None else "—")
    # one short line each: the unit is the gap's, z is in the JSON report
    interval = (f"{pp(c.diff_ci[0], signed=True).removesuffix(' pp')}, {pp(c.diff_ci[1], signed=True).removesuffix(' pp')}"
                if c.diff_ci else f"{c.gap_ci[0]:+.0f}, {c.gap_ci[1]:+.0f}" if c.gap_ci else "")
    method = f"; {c.method}" if c.method != usual else ""
    rel = c.p_relation  # a lower bound (vote counts, whole-step ratings) is no p of its own
    test = (f"p {rel} {c.p:.2g}, Holm {rel} {c.p_adjusted:.2g}{method}" if c.p_adjusted is not None else
            f"p {rel} {c.p:.2g} (not judged: outside every family){method}" if c.p is not None else "")
    why = "; ".join(d.describe() for d in c.differences) or (c.note or "")
    if c.expected_win_rate is not None:  # a rating gap means a head-to-head win rate, not points of accuracy
        why = f"rating gap {c.gap:+g} = expected win rate {100 * c.expected_win_rate:.0f}%" + (f"; {why}" if why else "")
    # the row heads the pairs and the gap says what their values do, except between rows or setups of one model
    pair = f"{a.model} vs {b.model}" if a.title == b.title and a.model != b.model else \
        f"{a.model} {a.cell.shown} vs {b.model} {b.cell.shown}"
    return ComparisonLine(pair=pair, where=where, gap=gap,
                          interval=interval, test=test, verdict=_verdict_words(c.kind, c.verdict), why=why)


def _verdict_words(kind: str, verdict: str) -> str:
    """A comparison's verdict as appendix A prints it: "within noise"; other kinds than head-to-head named."""
    words = verdict.replace("-", " ")
    return words if kind == "head-to-head" else f"{kind.replace('-', ' ')}: {words}"


def _row_lines(scores) -> list[RowLine]:
    """One line per line item that holds at least one checked value."""
    seen: dict[str, Score] = {}
    for s in scores:
        if s.status == "checked" and s.group not in seen:
            seen[s.group] = s
    lines = []
    for s in seen.values():
        res = s.resolution
        n = "—" if res.n is None else f"{res.n:,} ({res.n_source})"
        states = sorted({st.state for st in res.statuses})
        note = "; ".join(x for x in (", ".join(states), res.n_note or "", s.ci_note or "") if x)
        lines.append(RowLine(
            title=s.title, benchmark=res.benchmark_name or ("an average of other rows" if res.row_kind == "aggregate" else "not in the registry"),
            version=" / ".join(x for x in (res.version, res.subset) if x) or "—", metric=res.metric or "—",
            setup=_setup(s), unit=s.unit, n=n, note=note,
        ))
    return lines


def _score_line(s: Score) -> ScoreLine:
    res = s.resolution
    n = "—" if res.n is None else f"{res.n:,} ({res.n_source})"
    return ScoreLine(
        id=s.id, title=s.title, model=s.model, printed=s.cell.raw, status=s.status,
        benchmark=res.benchmark_name or ("not a benchmark" if res.row_kind == "skipped" else "unknown"),
        version=" / ".join(x for x in (res.version, res.subset) if x) or "—",
        unit=s.unit, n=n, interval=interval_text(s), note=s.reason or s.ci_note or res.n_note or "",
    )


def _benchmark_view(b) -> BenchmarkView:
    counts = [f"{where}: n = {n:,} ({evidence}; {src})" if n else f"{where}: no item count" for where, n, evidence, src in b.n]
    statuses = [f"{st.state} — {st.who}{', ' + st.when if st.when else ''}: {st.what}"
                + (" [second-hand]" if st.unverified else "") + f" ({st.source})" for st in b.statuses]
    more = len(b.sources) - _SOURCES_SHOWN
    sources = list(b.sources[:_SOURCES_SHOWN]) + ([f"{more} more: claimcheck registry show {b.id}"] if more > 0 else [])
    return BenchmarkView(id=b.id, name=b.name, unit=b.unit, counts=counts, statuses=statuses, sources=sources)


_SOURCES_SHOWN = 3
