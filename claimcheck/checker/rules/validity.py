"""CC5xx — validity: benchmarks reported flawed, deprecated or contaminated; indices and systems."""

from __future__ import annotations

from typing import Iterator

from claimcheck.checker.base import CheckContext, Rule
from claimcheck.records import Finding, Score, StatusNote


def _by_row_with(context: CheckContext, state: str) -> Iterator[tuple[list[Score], list[StatusNote]]]:
    rows: dict[str, list[Score]] = {}
    for s in context.checked():
        if any(st.state == state for st in s.resolution.statuses):
            rows.setdefault(s.group, []).append(s)
    for scores in rows.values():
        yield scores, [st for st in scores[0].resolution.statuses if st.state == state]


def _who(st: StatusNote) -> str:
    when = f" on {st.when}" if st.when else ""
    hedge = " (reported second-hand)" if st.unverified else ""
    return f"{st.who}{when}{hedge}: {st.what}"


class _StatusRule(Rule):
    state: str
    verb: str

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for scores, notes in _by_row_with(context, self.state):
            s = scores[0]
            version = f" {s.resolution.version}" if s.resolution.version else ""
            yield self.finding(
                f"{s.title!r} (row {s.row}): {s.resolution.benchmark_name}{version} {self.verb} — {_who(notes[0])}",
                scores=[x.id for x in scores],
                statements=[{"who": n.who, "when": n.when, "what": n.what, "source": n.source,
                             "unverified": n.unverified} for n in notes],
            )


class BenchmarkFlawed(_StatusRule):
    """The registry records the benchmark (version) as reported flawed, with who said so.

    When a review finds that defects (broken tasks, wrong answers, tests that reject
    correct solutions) affect a large share of the score, the score stops measuring the
    capability it names.  Epoch AI judged Terminal-Bench 4.0.0 Flawed on 2026-09-04
    (threshold: defects affecting ≥ 20% of the total score).

    Bad:
        | Terminal-Bench 4.0 | 57.9% | 55.8% |
    Good:
        a version the maintainers have fixed, or a benchmark without open defect reports.
    Reference: seed 002 (Epoch AI review: 10 of 21 benchmarks Flawed; Terminal-Bench 4.0.0 Flawed).
    """

    code, slug, family, severity = "CC501", "benchmark-flawed", "validity", "error"
    state, verb = "flawed", "is reported flawed"


class BenchmarkDeprecated(_StatusRule):
    """The benchmark is deprecated or retired by its maintainers or a major reporter.

    A deprecated benchmark is one its stewards no longer trust to separate frontier
    systems: OpenAI stopped reporting SWE-bench Verified on 2026-02-20 and recommends
    SWE-bench Pro.

    Bad:
        | SWE-bench Verified | 80.9% | 80.1% |
    Good:
        | SWE-bench Pro      | 45.9% | 43.2% |
    Reference: registry status statements (who, when, source).
    """

    code, slug, family, severity = "CC502", "benchmark-deprecated", "validity", "warning"
    state, verb = "deprecated", "is deprecated"


class ContaminationRisk(_StatusRule):
    """A public test set with known contamination reports.

    When test items or their answers are in training data, a high score can be recall;
    gaps between models then measure exposure as much as capability.

    Bad:
        comparing models on a test set reported to be in training corpora.
    Good:
        held-out or private sets (HLE private, ARC semi-private) or fresh date windows.
    Reference: seed 000 §9.7 (contamination, slices and selection bias).
    """

    code, slug, family, severity = "CC503", "contamination-risk", "validity", "warning"
    state, verb = "contaminated", "has contamination reports"


RULES = [BenchmarkFlawed, BenchmarkDeprecated, ContaminationRisk]
