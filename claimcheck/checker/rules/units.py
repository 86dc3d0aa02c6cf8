"""CC1xx — units: ratings, fractions, percentiles and lower-is-better values mixed with percentages."""

from __future__ import annotations

from typing import Iterator

from claimcheck.checker.base import CheckContext, Rule, cell_name
from claimcheck.records import Finding, Score


def _tables(context: CheckContext) -> dict[tuple[int, int], list[Score]]:
    out: dict[tuple[int, int], list[Score]] = {}
    for s in context.checked():
        out.setdefault((s.input, s.table), []).append(s)
    return out


def _column_mates(scores: list[Score], s: Score, unit: str) -> list[Score]:
    """Scores of another unit printed in the same column (or, failing that, the same table)."""
    same_col = [o for o in scores if o.column == s.column and o.unit == unit and o.id != s.id]
    return same_col or [o for o in scores if o.unit == unit and o.id != s.id]


class EloPercentMix(Rule):
    """A rating (Elo, Bradley–Terry, Codeforces rating) printed or ranked together with percentages.

    A rating is a position on a relative scale fitted to pairwise comparisons; 1853 is not
    1853%, and a rating gap means an expected win rate (1/(1+10^(−d/400))), not points of
    accuracy.  Ranking, bolding or averaging a rating with percentages treats two different
    quantities as one, and ratings also drift as the pool of rated systems changes.

    Bad:
        | Benchmark     | Fable 5.1 |
        | GPQA Diamond  | 87.0%     |
        | GDPval-AA v2  | 1853      |
    Good:
        | Benchmark     | Fable 5.1 | Unit         |
        | GDPval-AA v2  | 1853      | Elo (rating) |   (kept out of averages and ranks)
    Reference: seed 000 §9.2 (GDPval-AA Elo is not a percentage); Elo (1978), The Rating of Chessplayers.
    """

    code, slug, family, severity = "CC101", "elo-percent-mix", "units", "error"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for scores in _tables(context).values():
            for s in (x for x in scores if x.unit == "elo"):
                mates = _column_mates(scores, s, "percent")
                if not mates:
                    continue
                labelled = "table says" in (s.resolution.unit_reason or "")
                where = "column" if mates[0].column == s.column else "table"
                msg = (f"{cell_name(s)} is an Elo rating printed in the same {where} as percentages "
                       f"(e.g. {cell_name(mates[0])})")
                msg += ("; the table labels it, but it must not be ranked, bolded or averaged with them"
                        if labelled else "; nothing in the table says it is not a percentage")
                yield self.finding(msg, scores=(s.id, *(m.id for m in mates[:3])),
                                   severity="warning" if labelled else None,
                                   value=s.value, unit_reason=s.resolution.unit_reason)


class FractionPercentMix(Rule):
    """Values on a 0–1 scale and on a 0–100 scale in one table, compared as one.

    0.87 and 87% are the same score, but printed side by side a reader (or a script
    that averages the column) takes 0.87 for a score under 1%.  Every score in a
    comparison has to be on one scale.

    Bad:
        | Benchmark | A     | B     |
        | MMLU      | 0.871 | 86.4% |
    Good:
        | Benchmark | A     | B     |
        | MMLU      | 87.1% | 86.4% |
    Reference: SPEC §4 (CC102).
    """

    code, slug, family, severity = "CC102", "fraction-percent-mix", "units", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for scores in _tables(context).values():
            fractions = [s for s in scores if s.unit == "fraction"]
            percents = [s for s in scores if s.unit == "percent"]
            if fractions and percents:
                yield self.finding(
                    f"{len(fractions)} value(s) on a 0–1 scale (e.g. {cell_name(fractions[0])}) sit beside "
                    f"{len(percents)} percentage(s) (e.g. {cell_name(percents[0])})",
                    scores=[s.id for s in fractions + percents[:3]],
                )


class UnitUnknown(Rule):
    """A value whose unit cannot be determined.

    Without a unit a number cannot be compared or given an interval: 1853 with no label
    could be a rating, a count or a cost.  The table should say what the number is.

    Bad:
        | Benchmark   | Model |
        | SomeBench   | 1853  |
    Good:
        | Benchmark   | Model | Unit |
        | SomeBench   | 1853  | Elo  |
    Reference: SPEC §4 (CC103).
    """

    code, slug, family, severity = "CC103", "unit-unknown", "units", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        rows: dict[str, list[Score]] = {}
        for s in context.checked():
            if s.unit == "unknown" and s.resolution.row_kind != "skipped":
                rows.setdefault(s.group, []).append(s)
        for scores in rows.values():
            s = scores[0]
            yield self.finding(
                f"{s.title!r} (row {s.row}): cannot tell what unit {', '.join(x.cell.raw for x in scores)} "
                f"{'is' if len(scores) == 1 else 'are'} in — {s.resolution.unit_reason or 'no unit printed'}",
                scores=[x.id for x in scores], reason=s.resolution.unit_reason,
            )


class PercentileAsScore(Rule):
    """A percentile or rank read as if it were an accuracy.

    A percentile (Codeforces 96.3 percentile) places a system among human competitors;
    it is not the share of items solved, so it cannot be averaged or compared with
    accuracies, and its sampling error is not binomial in the number of problems.

    Bad:
        | Benchmark              | A    | B     |
        | Codeforces             | 96.3 | 58.7% |
    Good:
        | Benchmark              | A              |
        | Codeforces (percentile)| 96.3 percentile|
    Reference: SPEC §4 (CC104); registry notes on Codeforces rating vs percentile.
    """

    code, slug, family, severity = "CC104", "percentile-as-score", "units", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for scores in _tables(context).values():
            for s in (x for x in scores if x.unit == "percentile"):
                mates = _column_mates(scores, s, "percent")
                if mates:
                    yield self.finding(
                        f"{cell_name(s)} is a percentile among competitors, printed beside accuracies "
                        f"such as {cell_name(mates[0])}",
                        scores=(s.id, mates[0].id),
                    )


RULES = [EloPercentMix, FractionPercentMix, UnitUnknown, PercentileAsScore]
