"""CC4xx — integrity: values that cannot be what they claim, unreadable cells, unknown rows."""

from __future__ import annotations

import re
from typing import Iterator

from claimcheck.checker.base import CheckContext, Rule, cell_name
from claimcheck.records import PROPORTION_UNITS, Finding, Score

_RUNS = re.compile(r"^(?:avg|mean)@(\d+)$")


class Granularity(Rule):
    """A score that cannot be k/n for any whole k at the stated precision.

    With n items and one binary result each, a score can only be k/n.  85.7% is not
    k/500 for any whole k (428/500 = 85.6%, 429/500 = 85.8%), so the number was averaged
    over runs, gave partial credit, used another n, or is wrong.  Each of those changes
    what the number means and how uncertain it is.

    Bad:
        | Agent Index v1.2 | 85.7 |   (n = 500)
    Good:
        | Agent Index v1.2 | 85.8 |   (429/500), or state "mean of 3 runs".
    Reference: seed 002 (Agent Index preview with n = 500); SPEC §4 (CC403).
    """

    code, slug, family, severity = "CC403", "granularity", "integrity", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        from claimcheck.stats import check_granularity

        for s in context.checked():
            if not self._applies(s):
                continue
            runs = self._runs(s)
            scale = 1.0 if s.unit == "fraction" else 100.0
            g = check_granularity(s.proportion, s.cell.decimals, s.n, runs=runs, scale=scale)
            if g.attainable:
                continue
            grid = f"k/{s.n}" if runs == 1 else f"k/({s.n}×{runs} runs)"
            yield self.finding(
                f"{cell_name(s)} is not {grid} for any whole k at the printed precision "
                f"(nearest {g.nearest_k}/{s.n * runs} = {scale * g.nearest_value:.{s.cell.decimals}f}"
                f"{'%' if scale == 100 else ''}): averaging over runs, partial credit, a different n, or an error"
                + (" (n assumed)" if s.resolution.n_source == "assumed" else ""),
                scores=(s.id,), n=s.n, runs=runs, nearest_k=g.nearest_k, nearest_value=g.nearest_value,
                decimals=s.cell.decimals, n_source=s.resolution.n_source,
            )

    @staticmethod
    def _applies(s: Score) -> bool:
        return (
            s.unit in PROPORTION_UNITS and s.proportion is not None and s.n is not None
            and s.cell.decimals is not None and s.ci_method != "published"
            and s.resolution.granularity not in ("partial", "pairwise", "composite", "rating")
            and not (s.resolution.metric or "").startswith(("partial", "f1"))
        )

    @staticmethod
    def _runs(s: Score) -> int:
        m = _RUNS.match(s.resolution.metric or "")
        return int(m.group(1)) if m else 1


class UnparseableCell(Rule):
    """A cell that cannot be read as a value.

    A value cell that is neither a number nor a recognised missing marker is reported
    rather than dropped or read as zero; the rest of the table is still checked.

    Bad:
        | MMLU | 88.1 | about 86 |
    Good:
        | MMLU | 88.1 | 86.0     |
    Reference: SPEC §2 (a cell that cannot be parsed is reported as a finding).
    """

    code, slug, family, severity = "CC405", "unparseable-cell", "integrity", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for s in context.scores:
            if s.cell.status == "unparseable":
                yield self.finding(f"{s.model} on {s.title!r} (row {s.row}, column {s.column!r}): {s.cell.problem}",
                                   scores=(s.id,), raw=s.cell.raw)


class UnknownBenchmark(Rule):
    """A row label the registry cannot resolve.

    Without knowing the benchmark, claimcheck cannot know its versions, item count,
    unit or standing, so only unit-free checks apply.  Extend the catalogue with
    ``--registry my.yaml`` or correct the label.

    Bad:
        | Agent Index v1.2 | 90.4 |   (not in the registry)
    Good:
        a label the registry knows, or a --registry entry with its source.
    Reference: SPEC §3 (an unknown benchmark is a finding, not a crash).
    """

    code, slug, family, severity = "CC406", "unknown-benchmark", "integrity", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        rows: dict[str, list[Score]] = {}
        for s in context.scores:
            if s.resolution.row_kind == "unknown" and s.status != "skipped":
                rows.setdefault(s.label, []).append(s)
        for label, scores in rows.items():
            where = sorted({s.row for s in scores})
            yield self.finding(
                f"{label!r} (row{'s' if len(where) > 1 else ''} {', '.join(map(str, where))}) matches no registry "
                f"entry: its version, item count, unit and standing are unknown",
                scores=[s.id for s in scores], label=label,
            )


RULES = [Granularity, UnparseableCell, UnknownBenchmark]
