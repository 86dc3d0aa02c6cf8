"""CC3xx — noise: missing n, small and saturated benchmarks, printed errors, assumed n.

The gaps a reader is invited to see (CC302 gaps within noise, CC303 underpowered, CC306 bold leads)
are in :mod:`claimcheck.checker.rules.noise_gaps`; how a table says to read a printed ± is read by
:mod:`claimcheck.checker.uncertainty`.
"""

from __future__ import annotations

from typing import Iterator

from claimcheck.checker.base import CheckContext, Rule, cell_name
from claimcheck.checker.emphasis import is_reference
from claimcheck.checker.printed_rows import rows_where
from claimcheck.checker.rules.noise_gaps import BestNotSignificant, GapWithinNoise, Underpowered, WithinProtocolNoise
from claimcheck.checker.uncertainty import (
    FACTOR, Reading, averaged, goes_with_n, interval_implied_n, known_n, reading_of, widest_half_width, within_factor,
)
from claimcheck.records import PROPORTION_UNITS, Finding, Score

_TOO_SMALL = "computed over runs rather than items, or on more items than stated"
_TOO_WIDE = "clustered tasks, fewer items than stated, or not what the table calls it"


class MissingN(Rule):
    """No item count from the table or the registry: intervals and tests cannot be computed.

    A percentage without its denominator is not yet data: 90% of 20 and 90% of 2,000
    carry very different uncertainty.  With no n, claimcheck states only what the
    numbers are and makes no claim about noise; it never invents an n.  Average rows, and lines
    derived from the table's other lines or models (an average win rate, a rank), have no items of
    their own and are left out.

    Bad:
        | Terminal-Bench 4.0 | 57.9% | 55.8% |      (no n anywhere)
    Good:
        | Terminal-Bench 4.0 (n=…) | 57.9% | 55.8% |
    Reference: Miller, E. (2024). "Adding Error Bars to Evals: A Statistical Approach to Language Model
        Evaluations." arXiv:2411.00640 (a score must come with its item count n; with n unknown no interval or
        test is computed).
    """

    code, slug, family, severity = "CC301", "missing-n", "noise", "warning"
    # one finding per input: the rows without n are one gap in the evidence, not one problem each, and a
    # line reprinted in several tables of a page (a "Primary" and a "Plus" table) is named once with them all

    def check(self, context: CheckContext) -> Iterator[Finding]:
        rows = rows_where(context, lambda s: s.unit in PROPORTION_UNITS and s.n is None and s.proportion is not None
                          and s.ci is None  # an interval printed, or made from a printed standard error
                          and s.resolution.row_kind != "aggregate" and not s.resolution.derived)  # an average,
        # a win rate or rank over the table's models, has no items of its own
        pages: dict[int, dict[tuple, list[list[Score]]]] = {}  # input -> line (title, why) -> its printings
        for scores in rows.values():
            s = scores[0]
            line = (" ".join(s.title.casefold().split()), s.resolution.n_note)
            pages.setdefault(s.input, {}).setdefault(line, []).append(scores)
        for lines in pages.values():
            named = [f"{printed[0][0].title!r} ({'; '.join(p[0].line_ref for p in printed)}"
                     + (f"; {printed[0][0].resolution.n_note}" if printed[0][0].resolution.n_note else "") + ")"
                     for printed in lines.values()]
            shown = "; ".join(named[:8]) + (f"; and {len(named) - 8} more" if len(named) > 8 else "")
            cells = sum(len(p) for printed in lines.values() for p in printed)
            yield self.finding(
                (f"{named[0]}: no item count" if len(lines) == 1 else f"{len(lines)} rows have no item count: {shown}")
                + f"; no interval or test is computed for {'its' if len(lines) == 1 else 'their'} {cells} "
                f"value{'s' if cells != 1 else ''}",
                scores=[x.id for printed in lines.values() for p in printed for x in p],
                rows=[printed[0][0].title for printed in lines.values()],
                registry_notes=[printed[0][0].resolution.n_note for printed in lines.values()],
            )


class SmallBenchmark(Rule):
    """A benchmark so small that one item moves the score by a point or more.

    AIME has 30 problems per year: one problem is 3.3 pp, and a "2-point lead" is less
    than one problem.  Below about 100 items, gaps of a few points are single items.  Said once
    per page, naming each such benchmark with its item count and every row it applies to.

    Bad:
        | AIME 2025 | 86.7% | 83.3% |   (one problem apart)
    Good:
        report k/n ("26/30 vs 25/30") and average over several contests.
    Reference: Miller, E. (2024). "Adding Error Bars to Evals: A Statistical Approach to Language Model
        Evaluations." arXiv:2411.00640; MAA. "MAA Invitational Competitions: AIME."
        maa.org/maa-invitational-competitions (an AIME paper has 15 problems: one problem is 6.67 pp).
    """

    code, slug, family, severity = "CC304", "small-benchmark", "noise", "info"

    #: benchmarks named in full; the rest are counted
    SHOWN = 6

    def check(self, context: CheckContext) -> Iterator[Finding]:
        rows = rows_where(context, lambda s: s.unit in PROPORTION_UNITS and s.n and s.resolution.n_source != "assumed"
                     and 100.0 / s.n >= 1.0)
        pages: dict[int, dict[tuple, list[list[Score]]]] = {}  # one finding per page, one entry per benchmark and n
        for scores in rows.values():
            s = scores[0]
            key = (s.benchmark or s.title.casefold(), s.resolution.version, s.resolution.subset, s.n)
            pages.setdefault(s.input, {}).setdefault(key, []).append(scores)
        for benchmarks in pages.values():
            entries = list(benchmarks.values())
            if len(entries) == 1:
                (lines,) = entries
                s = lines[0][0]
                yield self.finding(
                    f"{s.title!r} ({s.line_ref}) has {s.n} items{self._also(lines)}: one item moves the score by "
                    f"{100.0 / s.n:.1f} pp",
                    scores=[x.id for line in lines for x in line], n=s.n, step_pp=100.0 / s.n, rows=len(lines),
                    benchmarks=[self._entry(lines)],
                )
                continue
            counts = {lines[0][0].n for lines in entries}
            one_n = len(counts) == 1
            shown = "; ".join(f"{lines[0][0].title!r} ({lines[0][0].line_ref}{self._also(lines, short=True)})"
                              + ("" if one_n else f": {lines[0][0].n} items, {100.0 / lines[0][0].n:.1f} pp")
                              for lines in entries[:self.SHOWN])
            more = f"; and {len(entries) - self.SHOWN} more" if len(entries) > self.SHOWN else ""
            n = min(counts)
            head = (f"{len(entries)} benchmarks have {n} items each: one item moves the score by {100.0 / n:.1f} pp"
                    if one_n else f"{len(entries)} benchmarks are so small that one item moves the score by a point or more")
            yield self.finding(
                f"{head}: {shown}{more}",
                scores=[x.id for lines in entries for line in lines for x in line],
                n=n if one_n else None, step_pp=max(100.0 / lines[0][0].n for lines in entries),
                rows=sum(len(lines) for lines in entries), benchmarks=[self._entry(lines) for lines in entries],
            )

    @staticmethod
    def _entry(lines: list[list[Score]]) -> dict:
        s = lines[0][0]
        return {"title": s.title, "n": s.n, "step_pp": 100.0 / s.n, "rows": len(lines)}

    @staticmethod
    def _also(lines: list[list[Score]], short: bool = False) -> str:
        also = [line[0] for line in lines[1:]]
        if not also:
            return ""
        if short:
            return f", and {len(also)} more row{'s' if len(also) > 1 else ''}"
        return (f" (so do {', '.join(f'{x.title!r} ({x.line_ref})' for x in also[:4])}"
                f"{f' and {len(also) - 4} more rows' if len(also) > 4 else ''})")


class NearCeiling(Rule):
    """Scores near 100%, or a benchmark its maintainers or reporters call saturated.

    Near the ceiling, differences carry little information about capability: the
    remaining errors are often label errors or ambiguous items, and intervals pile up
    against 100%.  A row is said to be there when two of its cells are (one cell alone at 95%
    among much lower ones is not a comparison made at the ceiling), or, for a benchmark called
    saturated, when its two best scores are at 90% or more; a benchmark called saturated is said
    once per page, at its first such row.  The same cells reprinted in another table of the page are
    said once, and from three such rows of one table on they are one finding for the table.

    Bad:
        | GPQA Diamond | 96.0% | 95.5% |
    Good:
        compare on an unsaturated benchmark, or report error counts ("8 vs 9 errors of 198").
    Reference: Kiela, D. et al. (2021). "Dynabench: Rethinking Benchmarking in NLP." NAACL 2021,
        doi:10.18653/v1/2021.naacl-main.324; Gema, A. P. et al. (2024). "Are We Done with MMLU?"
        arXiv:2406.04127 (near the ceiling gaps carry little information; many residual errors are label
        errors).
    """

    code, slug, family, severity = "CC305", "near-ceiling", "noise", "info"
    threshold = 0.95
    saturated_floor = 0.90  # a "saturated" statement matters only where these models score near the top
    #: this many rows of one table near the ceiling: one finding for the table, a clause per row
    SAME_TABLE = 3

    def check(self, context: CheckContext) -> Iterator[Finding]:
        rows = rows_where(context, lambda s: s.proportion is not None and not is_reference(s.model))
        # a line with a value above 100% is no share of items (a score relative to a reference model): no ceiling
        above = {s.group for s in context.checked() if s.unit in PROPORTION_UNITS and s.value is not None and s.value > s.scale}
        said: set = set()  # the same cells reprinted in another table of the page: said once
        by_table: dict[tuple[int, int], list[tuple[list[Score], str, str, list[Score]]]] = {}
        called: dict[tuple, list[Score]] = {}  # benchmark called saturated -> its later rows on the page
        for group, scores in rows.items():
            if group in above:
                continue
            s = scores[0]
            high = [x for x in scores if x.proportion >= self.threshold]
            if len(high) == 1 and len(scores) > 1:
                high = []  # one cell up there: the row's comparisons are not made at the ceiling
            same = (s.input, s.benchmark or s.title.casefold(),
                    frozenset((x.model, x.value) for x in high) if high else max(x.value for x in scores))
            if same in said:
                continue
            said.add(same)
            top = max(x.proportion for x in scores)
            second = sorted((x.proportion for x in scores), reverse=True)[1] if len(scores) > 1 else top
            sat = sorted((st for st in s.resolution.statuses if st.state == "saturated"),
                         key=lambda st: (st.unverified, st.when is None))
            if high:
                why = f"is near its ceiling: {', '.join(f'{x.model} {x.cell.shown}' for x in high)} at or above {100 * self.threshold:.0f}%"
                short = f"{', '.join(f'{x.model} {x.cell.shown}' for x in high[:3])}" + (
                    f" and {len(high) - 3} more" if len(high) > 3 else "") + f" at or above {100 * self.threshold:.0f}%"
            elif sat and second >= self.saturated_floor:  # a saturated benchmark, and the leading scores are up there
                if (s.input, s.benchmark) in called:  # a fact about the benchmark: said once per page, at its first row
                    called[(s.input, s.benchmark)].extend(scores)
                    continue
                called[(s.input, s.benchmark)] = []
                st = sat[0]
                by = f"{st.who} ({st.when or 'undated'}{', second-hand' if st.unverified else ''})"
                why = f"is called saturated by {by}, and the best score here is {100 * top:.1f}%"
                short = f"called saturated by {by}, best {100 * top:.1f}%"
            else:
                continue
            later = called.get((s.input, s.benchmark), []) if not high else []  # filled as later rows are met
            by_table.setdefault((s.input, s.table), []).append((scores, why, short, later))
        for found in by_table.values():
            if len(found) < self.SAME_TABLE:
                for scores, why, _, later in found:
                    tables = dict.fromkeys(x.origin or f"table {x.table + 1}" for x in later)
                    also = f"; the same holds for its rows in {', '.join(tables)}" if later else ""
                    yield self.finding(f"{scores[0].title!r} ({scores[0].line_ref}) {why}{also}",
                                       scores=[x.id for x in (*scores, *later)], threshold=self.threshold)
                continue
            where = found[0][0][0].origin or "the table"
            yield self.finding(
                f"{len(found)} rows of {where} are near their ceiling, where gaps carry little information: "
                + "; ".join(f"{scores[0].title!r} ({scores[0].line_ref}): {short}" for scores, _, short, _ in found),
                scores=[x.id for scores, _, _, later in found for x in (*scores, *later)], threshold=self.threshold,
                rows=len(found),
            )


class AssumedN(Rule):
    """n was assumed by the user (``--assume-n``), not known.

    Intervals and tests computed with an assumed n show what the table would support
    if that were the item count; they are not findings about the real benchmark.

    Bad:
        quoting an interval computed with --assume-n as the benchmark's uncertainty.
    Good:
        "if the benchmark had 500 items, the interval would be 87.5–92.7%".
    Reference: Miller, E. (2024). "Adding Error Bars to Evals: A Statistical Approach to Language Model
        Evaluations." arXiv:2411.00640 (an interval computed with an assumed n, e.g. 500 for illustration,
        describes that n, not the benchmark).
    """

    code, slug, family, severity = "CC308", "assumed-n", "noise", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for scores in rows_where(context, lambda s: s.resolution.n_source == "assumed").values():
            s = scores[0]
            yield self.finding(
                f"{s.title!r} ({s.line_ref}): n = {s.n} is assumed (--assume-n), not known; every interval and "
                f"test on this row rests on that assumption",
                scores=[x.id for x in scores], n=s.n,
            )


class UncertaintyInconsistent(Rule):
    """A printed ± or interval that cannot go with the score and its n.

    A proportion p measured on n items has a binomial standard error √(p(1−p)/n), and a
    95% interval about twice that wide on each side.  A printed ± read as a standard error
    (or as a 95% half-width when the notes say so) therefore implies an item count
    n = p(1−p)/SE².  When that implied n is off from the known n by more than a factor of
    two, the uncertainty was computed on something else (runs instead of items, a subset,
    clustered tasks) or is not what the table calls it.  An interval that does not contain
    its value, or a ± wider than any n allows, is wrong whatever n is.  Scores averaged over
    runs or given partial credit may legitimately have a smaller SE, so only a too-wide SE is
    flagged for them; with n unknown nothing is said.

    Bad:
        | GPQA Diamond | 70.2 ± 0.5 |   (n = 198: an SE of 0.5 pp implies n ≈ 8,400)
    Good:
        | GPQA Diamond | 70.2 ± 3.3 |   (binomial SE at n = 198 is 3.25 pp)
    Reference: Miller, E. (2024). "Adding Error Bars to Evals: A Statistical Approach to Language Model
        Evaluations." arXiv:2411.00640; Wilson, E. B. (1927). J. Am. Stat. Assoc. 22(158), 209–212,
        doi:10.1080/01621459.1927.10502953 (binomial SE at n = 198, p = 0.702: 3.25 pp).
    """

    code, slug, family, severity = "CC307", "uncertainty-inconsistent", "noise", "warning"
    levels = {"error": "a printed interval that does not contain its own value, wrong whatever n is",
              "info": "the ± fits when read the other way (a 95% half-width for a standard error, or back): the "
                      "table should say which it prints"}

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for s in context.checked():
            if s.unit not in PROPORTION_UNITS or s.proportion is None or s.value is None:
                continue
            scale = s.scale
            found = None
            if s.cell.bounds is not None:
                found = self._interval(s, scale, reading_of(context, s))
            elif s.cell.plus_minus:
                found = self._plus_minus(s, scale, reading_of(context, s))
            if found is not None:
                yield found

    def _interval(self, s: Score, scale: float, reading: Reading) -> Finding | None:
        low, high = s.cell.bounds  # type: ignore[misc]
        shown = f"[{low:.{s.cell.decimals or 0}f}, {high:.{s.cell.decimals or 0}f}]"
        numbers = dict(value=s.value, low=low, high=high, n=s.n, reading="interval")
        if not low <= s.value <= high:  # type: ignore[operator]
            return self.finding(f"{cell_name(s)}: the printed interval {shown} does not contain the value",
                                scores=(s.id,), severity="error", **numbers)
        if low < 0 or high > scale:
            return self.finding(f"{cell_name(s)}: the printed interval {shown} runs outside 0–{scale:g}, which no "
                                f"interval for a proportion can (a Wald interval near the boundary?)",
                                scores=(s.id,), **numbers)
        n = known_n(s)
        level = reading.level if reading.kind == "ci" else 0.95
        implied = interval_implied_n(s.proportion, low / scale, high / scale, level) if n else None
        if n is None or implied is None or goes_with_n(implied, n, s):
            return None
        return self.finding(
            f"{cell_name(s)}: the printed {100 * level:.0f}% interval {shown} is as wide as a Wilson interval on about "
            f"{implied:,.0f} items, not the {n:,} known ({s.resolution.n_source}): "
            + (_TOO_SMALL if implied > n else _TOO_WIDE),
            scores=(s.id,), implied_n=implied, factor=implied / n, level=level, **numbers,
        )

    def _plus_minus(self, s: Score, scale: float, reading: Reading) -> Finding | None:
        from claimcheck.stats import implied_n_from_se, se_consistency

        p, pm = s.proportion, s.cell.plus_minus / scale  # type: ignore[operator]
        numbers = dict(value=s.value, plus_minus=s.cell.plus_minus, reading=reading.kind, n=s.n)
        if p in (0.0, 1.0):
            return None
        widest = widest_half_width(p)
        if pm > widest:
            return self.finding(
                f"{cell_name(s)}: ± {s.cell.plus_minus:g} is wider than any item count allows at this score "
                f"(even one item gives at most ± {scale * widest:.1f} as a 95% half-width)",
                scores=(s.id,), widest=scale * widest, **numbers)
        n = known_n(s)
        if n is None or reading.kind == "sd":
            return None
        se = reading.se(pm)
        check, implied = se_consistency(p, n, se), implied_n_from_se(p, se)
        if goes_with_n(implied, n, s) or self._rounding_fits(s, p, n, scale, reading):
            return None
        numbers.update(expected_se=check.expected_se, reported_se=se, ratio=check.ratio, implied_n=implied,
                       factor=implied / n)
        msg = (f"{cell_name(s)}: ± {s.cell.plus_minus:g} read as {reading.words()}"
               f"{' (as the notes say)' if reading.kind == 'ci' else ''} implies about {implied:,.0f} items, not the "
               f"{n:,} known ({s.resolution.n_source}); the binomial SE at n = {n:,} is "
               f"{scale * check.expected_se:.2f}")
        other = Reading("se") if reading.kind == "ci" else Reading("ci")
        alt = implied_n_from_se(p, other.se(pm))
        if within_factor(alt, n):
            return self.finding(msg + f"; read as {other.words()} it fits, so the table should say which it prints",
                                scores=(s.id,), severity="info", alternative=other.kind, alternative_n=alt, **numbers)
        return self.finding(f"{msg} ({_TOO_SMALL if implied > n else _TOO_WIDE})", scores=(s.id,), **numbers)

    @staticmethod
    def _rounding_fits(s: Score, p: float, n: int, scale: float, reading: Reading) -> bool:
        """Whether some ± that prints as the cell's does (± 0.1 stands for anything in [0.05, 0.15)) goes
        with n: a binomial SE of 0.15 pp at n = 22,000 prints as ± 0.1 and is no inconsistency."""
        from claimcheck.stats import implied_n_from_se

        if s.cell.plus_minus_decimals is None:
            return False
        half = 0.5 * 10.0 ** -s.cell.plus_minus_decimals / scale
        pm = s.cell.plus_minus / scale  # type: ignore[operator]
        low, high = max(pm - half, 0.0), pm + half
        most = implied_n_from_se(p, reading.se(low)) if low > 0 else float("inf")  # the smaller ±, the more items
        fewest = implied_n_from_se(p, reading.se(high))
        # the implied counts of the rounding range run from fewest to most; they fit when they meet the band
        return (fewest <= FACTOR * n and most >= n / FACTOR) or (averaged(s) and most > n)


RULES = [
    MissingN, GapWithinNoise, Underpowered, SmallBenchmark, NearCeiling, BestNotSignificant,
    UncertaintyInconsistent, AssumedN, WithinProtocolNoise,
]
