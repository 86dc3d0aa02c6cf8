"""CC3xx — noise: missing n, gaps inside sampling noise, small and saturated benchmarks, assumed n."""

from __future__ import annotations

from typing import Iterator

from claimcheck.checker.base import CheckContext, Rule, cell_name
from claimcheck.records import PROPORTION_UNITS, Finding, Score


def _pp(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f} pp"


def _rows(context: CheckContext, keep) -> dict[str, list[Score]]:
    out: dict[str, list[Score]] = {}
    for s in context.checked():
        if keep(s):
            out.setdefault(s.group, []).append(s)
    return out


class MissingN(Rule):
    """No item count from the table or the registry: intervals and tests cannot be computed.

    A percentage without its denominator is not yet data: 90% of 20 and 90% of 2,000
    carry very different uncertainty.  With no n, claimcheck states only what the
    numbers are and makes no claim about noise; it never invents an n.

    Bad:
        | Terminal-Bench 4.0 | 57.9% | 55.8% |      (no n anywhere)
    Good:
        | Terminal-Bench 4.0 (n=…) | 57.9% | 55.8% |
    Reference: seed 002 (rule 1: a score must come with n; pitfall 3: do not compute with an unknown n).
    """

    code, slug, family, severity = "CC301", "missing-n", "noise", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        rows = _rows(context, lambda s: s.unit in PROPORTION_UNITS and s.n is None and s.proportion is not None)
        for scores in rows.values():
            s = scores[0]
            note = s.resolution.n_note
            yield self.finding(
                f"{s.title!r} (row {s.row}): no item count in the table or the registry"
                f"{' (' + note + ')' if note else ''}; no interval or test can be computed for "
                f"{', '.join(x.model + ' ' + x.cell.raw for x in scores)}",
                scores=[x.id for x in scores], registry_note=note,
            )


class GapWithinNoise(Rule):
    """A gap between models that is not significant after correction for the comparisons in the report.

    A gap is evidence only when it is larger than the sampling noise of the benchmark.
    claimcheck tests each comparable gap with an unpaired two-proportion z test (vendor
    tables give no per-item pairing; the same items make it conservative) and applies
    Holm's correction over every test in the report.  "Not significant" means the data
    cannot tell the models apart, not that they are equal.

    Bad:
        "Opus 5.5 leads with 90.4 vs 87.6" (n=500 each: z = 1.42, not significant).
    Good:
        "Opus 5.5 and Astra are statistically tied on Agent Index v1.2 (n=500)."
    Reference: seed 002 §2 (z = 1.42 for 90.4 vs 87.6 at n=500); Holm (1979).
    """

    code, slug, family, severity = "CC302", "gap-within-noise", "noise", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for c in context.comparisons:
            if c.verdict != "within-noise":
                continue
            a, b = (context.score(i) for i in c.scores)
            ci = f"[{_pp(c.diff_ci[0])}, {_pp(c.diff_ci[1])}]" if c.diff_ci else "from published intervals"
            gap = _pp(c.diff) if c.diff is not None else f"{c.gap:g} points"
            yield self.finding(
                f"{a.model} vs {b.model} on {a.title!r}: gap {gap}, 95% CI {ci}, z = {c.z:.2f}, "
                f"Holm-adjusted p = {c.p_adjusted:.3g}: within sampling noise"
                + (" (n assumed)" if "assumed" in c.n_source else ""),
                scores=c.scores, comparisons=(c.id,),
                diff=c.diff, diff_ci=c.diff_ci, z=c.z, p=c.p, p_adjusted=c.p_adjusted,
                alpha=context.alpha, n=list(c.n),
            )


class Underpowered(Rule):
    """A gap smaller than the minimum detectable effect at this n.

    At a given n, gaps below the minimum detectable effect (α = 0.05 two-sided, power
    0.8) are missed more often than found.  The number of items per model needed to
    detect the observed gap, n = 2·p̄(1−p̄)(z₁₋α/₂ + z₁₋β)²/δ², says how far the table is
    from supporting it.

    Bad:
        a 2.8 pp lead on a 500-item benchmark (MDE ≈ 5.5 pp at power 0.8).
    Good:
        report the MDE beside the gap, or run enough items (≈ 1,900 per model here).
    Reference: seed 002 §2 (MDE table; 769 items per configuration to resolve 3 pp).
    """

    code, slug, family, severity = "CC303", "underpowered", "noise", "info"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for c in context.comparisons:
            if c.diff is None or c.mde is None or abs(c.diff) >= c.mde:
                continue
            a, b = (context.score(i) for i in c.scores)
            need = f"; about {c.n_needed:,} items per model would be needed to detect it" if c.n_needed else ""
            yield self.finding(
                f"{a.model} vs {b.model} on {a.title!r}: gap {_pp(abs(c.diff))} is below the minimum detectable "
                f"effect {_pp(c.mde)} at n = {c.n[0]}{need}",
                scores=c.scores, comparisons=(c.id,), diff=c.diff, mde=c.mde, n_needed=c.n_needed,
                alpha=context.alpha, power=context.power,
            )


class SmallBenchmark(Rule):
    """A benchmark so small that one item moves the score by a point or more.

    AIME has 30 problems per year: one problem is 3.3 pp, and a "2-point lead" is less
    than one problem.  Below about 100 items, gaps of a few points are single items.

    Bad:
        | AIME 2025 | 86.7% | 83.3% |   (one problem apart)
    Good:
        report k/n ("26/30 vs 25/30") and average over several contests.
    Reference: seed 000 §9.2 (one AIME problem changes the score by about 6.67 pp on a 15-problem paper).
    """

    code, slug, family, severity = "CC304", "small-benchmark", "noise", "info"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        rows = _rows(context, lambda s: s.unit in PROPORTION_UNITS and s.n and s.resolution.n_source != "assumed"
                     and 100.0 / s.n >= 1.0)
        for scores in rows.values():
            s = scores[0]
            yield self.finding(
                f"{s.title!r} (row {s.row}) has {s.n} items: one item moves the score by {100.0 / s.n:.1f} pp",
                scores=[x.id for x in scores], n=s.n, step_pp=100.0 / s.n,
            )


class NearCeiling(Rule):
    """Scores near 100%, or a benchmark its maintainers or reporters call saturated.

    Near the ceiling, differences carry little information about capability: the
    remaining errors are often label errors or ambiguous items, and intervals pile up
    against 100%.

    Bad:
        | GPQA Diamond | 96.0% | 95.5% |
    Good:
        compare on an unsaturated benchmark, or report error counts ("8 vs 9 errors of 198").
    Reference: seed 000 §9.2 (near-ceiling sets give less discriminating information).
    """

    code, slug, family, severity = "CC305", "near-ceiling", "noise", "info"
    threshold = 0.95

    def check(self, context: CheckContext) -> Iterator[Finding]:
        rows = _rows(context, lambda s: (s.proportion is not None and s.proportion >= self.threshold)
                     or any(st.state == "saturated" for st in s.resolution.statuses))
        for scores in rows.values():
            s = scores[0]
            sat = [st for st in s.resolution.statuses if st.state == "saturated"]
            why = (f"{sat[0].who} calls it saturated ({sat[0].when or 'undated'})" if sat
                   else f"{', '.join(cell_name(x) for x in scores if x.proportion and x.proportion >= self.threshold)} "
                        f"at or above {100 * self.threshold:.0f}%")
            yield self.finding(f"{s.title!r} (row {s.row}) is near its ceiling: {why}",
                               scores=[x.id for x in scores], threshold=self.threshold)


class AssumedN(Rule):
    """n was assumed by the user (``--assume-n``), not known.

    Intervals and tests computed with an assumed n show what the table would support
    if that were the item count; they are not findings about the real benchmark.

    Bad:
        quoting an interval computed with --assume-n as the benchmark's uncertainty.
    Good:
        "if the benchmark had 500 items, the interval would be 87.5–92.7%".
    Reference: seed 002 pitfall 3 (the n=500 in score_audit.py is an assumption, labelled as such).
    """

    code, slug, family, severity = "CC308", "assumed-n", "noise", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for scores in _rows(context, lambda s: s.resolution.n_source == "assumed").values():
            s = scores[0]
            yield self.finding(
                f"{s.title!r} (row {s.row}): n = {s.n} is assumed (--assume-n), not known; every interval and "
                f"test on this row rests on that assumption",
                scores=[x.id for x in scores], n=s.n,
            )


RULES = [MissingN, GapWithinNoise, Underpowered, SmallBenchmark, NearCeiling, AssumedN]
