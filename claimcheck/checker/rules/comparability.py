"""CC2xx — comparability: cells compared across versions, subsets, tools, harnesses, budgets, metrics, judges.

Each rule owns one protocol facet.  ``difference(a, b)`` says whether two scores
differ on it (known) or cannot be matched on it (not stated); the comparison
builder asks every rule, and ``check`` reports the comparisons the rule broke.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from claimcheck.checker.base import CheckContext, ComparabilityRule, Rule, cell_name, rows_ref
from claimcheck.checker.duplicates import same_number
from claimcheck.checker.printed_rows import metric_column_tables
from claimcheck.checker.rules import comparability_checkpoints
from claimcheck.records import Counterpart, Difference, Finding, ReferenceSource, Score

_MANY_ATTEMPTS = re.compile(r"^(?:pass@(?:[2-9]|\d\d+)|best-of-\d+|(?:maj|cons)@(?:[2-9]|\d\d+)|selection)$")  # several tries per item
_SAMPLE_MEAN = re.compile(r"^(?:avg|mean)@\d+$")  # a single-attempt score averaged over k samples
_SAMPLING = re.compile(r"^(?:pass@\d+|avg@\d+|cons@\d+|maj@\d+|best-of-\d+|selection|accuracy|resolved)$")


def _per_page(lines: list[list[Score]]) -> list[list[list[Score]]]:
    """Printed rows grouped by the input (page or file) they are in, in input order: a caveat about a
    benchmark is said once for a page, however many of its tables print the benchmark."""
    pages: dict[int, list[list[Score]]] = {}
    for line in lines:
        pages.setdefault(line[0].input, []).append(line)
    return list(pages.values())


def _said_to_differ(a: Score, b: Score, facet: str) -> bool:
    """The table itself says the facet differs between the columns of this row."""
    return a.group == b.group and facet in a.resolution.differs


def _not_stated(a: Score, b: Score, facet: str) -> bool:
    return facet in a.resolution.unknown or facet in b.resolution.unknown


def _other_item_set(rule: ComparabilityRule, context: CheckContext) -> Iterator[Finding]:
    """Cells that print exactly a published figure of the same model for another version or subset
    of the benchmark (a row headed "GPQA Diamond" holding the model card's GPQA main-set number): the
    cell was copied from another item set, so it measures that set, not the row's.  One finding per
    table; an equal figure on the same item set is a copy (CC209), not this."""
    sources = {r.id: r for r in context.references}
    tables: dict[tuple[int, int], list[tuple[Score, Counterpart, Difference]]] = {}
    seen: set[str] = set()
    for c in context.counterparts:
        if c.verdict != "identical" or c.comparison is None or c.score in seen:
            continue
        diff = next((d for d in c.comparison.differences if d.code == rule.code and d.a and d.b), None)  # both sets named
        if diff is not None:
            s = context.score(c.score)
            seen.add(c.score)
            tables.setdefault((s.input, s.table), []).append((s, c, diff))
    for cells in tables.values():
        shown = "; ".join(
            f"{s.model} {s.cell.shown} on {s.title!r} ({s.ref}) is {sources[c.reference].title.split(',')[0]}'s "
            f"figure for {c.label!r}, {d.facet} {d.b}" for s, c, d in cells[:3])
        more = f"; and {len(cells) - 3} more" if len(cells) > 3 else ""
        facet = cells[0][2].facet
        yield rule.finding(
            f"{'A cell prints' if len(cells) == 1 else f'{len(cells)} cells print'} exactly a published figure of the "
            f"same model for another {facet} of the benchmark: {shown}{more}. "
            f"{'It measures' if len(cells) == 1 else 'Each measures'} that item set, not the row's, and is no "
            f"like-for-like entry in the row",
            scores=[s.id for s, _, _ in cells],
            copied=[{"score": s.id, "reference": c.reference, "label": c.label, "printed": c.printed,
                     facet: d.b} for s, c, d in cells],
            doubts=tuple((s.id, f"the published {d.facet} {d.b} figure ({c.label} {c.printed})") for s, c, d in cells),
        )


def _by_benchmark(lines: list[list[Score]], facet: str) -> dict[str, list[Score]]:
    """The first checked cell of each line whose resolution has ``facet`` (its unstated versions or subsets,
    its averaged parts), grouped by benchmark: one page's caveat names each benchmark once."""
    by_bench: dict[str, list[Score]] = {}
    for line in lines:
        first = next(s for s in line if s.status == "checked" and getattr(s.resolution, facet))
        by_bench.setdefault(first.resolution.benchmark_name or first.title, []).append(first)
    return by_bench


def _listed(items, most: int) -> str:
    """The first ``most`` items, the rest counted: "v1, v2, v3, v4 and 2 more"."""
    return ", ".join(items[:most]) + (f" and {len(items) - most} more" if len(items) > most else "")


class VersionMismatch(ComparabilityRule):
    """Cells compared across different benchmark versions or date windows.

    A version changes the items: tasks are fixed, added or removed, and date windows
    select different problems.  Terminal-Bench 2.1 fixed 28 of 89 tasks and most
    agents scored higher; LiveCodeBench windows differ in difficulty.  A gap across
    versions mixes the change of test with the change of model.  A cell that prints
    exactly a reference's figure for the same model on another version (an AIME 2024
    number under AIME 2025) was copied from that version.

    Bad:
        | Benchmark                         | A     | B     |
        | OSWorld 2.0, v2026.08.08 offline   | 72.6% | —     |
        | OSWorld 2.0, August task version   | —     | 77.9% |
    Good:
        | Benchmark              | A     | B     |
        | OSWorld 2.0 (2026-08)  | 72.6% | 74.1% |
    Reference: Jain, N. et al. (2024). "LiveCodeBench: Holistic and Contamination Free Evaluation of Large
        Language Models for Code." arXiv:2403.07974; Terminal-Bench Team (2026). "Terminal-Bench 2.1."
        tbench.ai blog (a revision of the 89 tasks; most agents scored higher).
    """

    code, slug, family, severity, facet = "CC201", "version-mismatch", "comparability", "warning", "version"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        yield from super().check(context)
        yield from _other_item_set(self, context)
        lines = [line for line in context.rows().values()
                 if any(s.status == "checked" and s.resolution.unstated_versions for s in line)]
        for page in _per_page(lines):
            yield self._unstated(page)

    def _unstated(self, lines: list[list[Score]]) -> Finding:
        """The rows of one page that name no version of a benchmark whose versions are different
        item sets: one caveat for the page, benchmark by benchmark."""
        by_bench = _by_benchmark(lines, "unstated_versions")
        parts = [f"{name} ({rows_ref(firsts)}; versions {_listed(firsts[0].resolution.unstated_versions, 4)})"
                 for name, firsts in by_bench.items()]
        return self.finding(
            f"{'A row names' if len(lines) == 1 else f'{len(lines)} rows name'} no version or date window of "
            f"{'a benchmark whose versions are' if len(by_bench) == 1 else 'benchmarks whose versions are'} different "
            f"item sets: {'; '.join(parts)}. These scores cannot be set beside another report's numbers for the same "
            f"benchmarks", scores=[s.id for line in lines for s in line if s.status == "checked"],
            severity="info", benchmarks=list(by_bench), versions={k: list(v[0].resolution.unstated_versions)
                                                                  for k, v in by_bench.items()},
        )

    def difference(self, a: Score, b: Score) -> Difference | None:
        if a.benchmark != b.benchmark:
            return None
        va, vb = a.resolution.version, b.resolution.version
        if _said_to_differ(a, b, "version"):
            return Difference(self.facet, self.code, va, vb)
        if va and vb and va != vb:
            return Difference(self.facet, self.code, va, vb)
        if (va is None) != (vb is None) and a.group != b.group:
            return Difference(self.facet, self.code, va, vb, known=False)
        return None


def _near_miss(firsts: list[Score]) -> str:
    """Why a line's values settle no subset: what they came closest to, or what settling it takes."""
    from claimcheck.stats.granularity import EVIDENCE, LINE

    e = firsts[0].resolution.near_count
    if e is None:
        return (f"; settling it takes {LINE} or more values, all or all but one whole counts of one subset, "
                f"beyond chance")
    return (f"; {e.fits} of the line's {e.cells} values are k/{e.n} ({e.name}), but chance fits so many with "
            f"p = {e.p:.2g} over the counts tried, above the {EVIDENCE:g} a reading needs: the table should say")


class SubsetMismatch(ComparabilityRule):
    """Cells compared across different subsets or denominators.

    GPQA Diamond (198 questions) is not GPQA main (448); HLE text-only is not full HLE;
    SWE-bench Verified and SWE-bench Pro are different task sets; a score "on 486 of the
    500 tasks" has another denominator.  The same benchmark name does not make two
    numbers comparable.  A cell that prints exactly a reference's figure for the same
    model on another subset (Meta's GPQA main-set number under "GPQA Diamond") was
    copied from that set.  A line that names no subset is read as one when its values are
    whole counts of it beyond chance (five values or more, all or all but one fitting, p < 0.01
    over every registered count tried); every interval and test then uses that n, marked
    inferred, and this rule says the table did not state it (info), once per page for a label
    however many lines print it (a reprint, or each size's table); a line whose values fit one count
    but not beyond chance (six of six k/448 at one decimal, p = 0.018 over GPQA's three counts) is named
    with the count it came closest to and that p.  A benchmark whose registered
    subsets are its parts (MGSM's languages) printed under its plain name is the average over them,
    the benchmark's own score: no subset is missing, and the one caveat, said at info level once per
    page, is that which parts were averaged is not stated.

    Bad:
        | Model | Benchmark  | Version  | Score |
        | X     | SWE-bench  | Verified | 93.9  |
        | X     | SWE-bench  | Pro      | 45.9  |
    Good:
        compare models within SWE-bench Pro only.
    Reference: Rein, D. et al. (2023). "GPQA: A Graduate-Level Google-Proof Q&A Benchmark." arXiv:2311.12022;
        Deng, X. et al. (2025). "SWE-Bench Pro: Can AI Agents Solve Long-Horizon Software Engineering Tasks?"
        arXiv:2509.16941 (one model: 93.9 on Verified, 45.9 on Pro, 48.0 pp).
    """

    code, slug, family, severity, facet = "CC202", "subset-mismatch", "comparability", "warning", "subset"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        yield from super().check(context)
        yield from _other_item_set(self, context)
        yield from self._implied_subsets(context)

    def _unstated(self, lines: list[list[Score]]) -> Finding:
        """The rows of one page of benchmarks whose registered subsets are different item sets (C-Eval
        val vs test) that name none of them, and whose values do not settle which: one caveat per page,
        benchmark by benchmark."""
        by_bench = _by_benchmark(lines, "unstated_subsets")
        parts = [f"{name} ({rows_ref(firsts)}; subsets {', '.join(firsts[0].resolution.unstated_subsets[:4])}"
                 f"{_near_miss(firsts)})" for name, firsts in by_bench.items()]
        return self.finding(
            f"{'A row names' if len(lines) == 1 else f'{len(lines)} rows name'} no subset, and the values do not settle "
            f"which: {'; '.join(parts)}. The item count, and any comparison with another report, are unknown",
            scores=[s.id for line in lines for s in line if s.status == "checked"], severity="info",
            subsets={name: list(firsts[0].resolution.unstated_subsets) for name, firsts in by_bench.items()},
            closest={name: {"name": e.name, "n": e.n, "fits": e.fits, "cells": e.cells, "p": e.p}
                     for name, firsts in by_bench.items() if (e := firsts[0].resolution.near_count) is not None},
        )

    def _implied_subsets(self, context: CheckContext) -> Iterator[Finding]:
        """A line with no stated count that the resolver read as one registered subset or version off its
        values ("GPQA" whose every cell is k/198: Diamond; "MBPP" whose every cell is k/399: MBPP+): the
        n every rule uses, said once here with its evidence, once per page for a label; a line whose
        values settle nothing is named with the others of its page, and a benchmark of parts under its
        plain name is said as their average."""
        silent, averaged = [], []
        # one label of a page read as one set is one issue, however many tables print it (a reprint, or the
        # same benchmark under each size's table): said once, at its first line, naming every line
        read_as: dict[tuple, list[list[Score]]] = {}
        for line in context.rows().values():
            if any(s.status == "checked" and s.resolution.averaged_parts and s.resolution.n_source != "implied"
                   for s in line):
                averaged.append(line)
            read = [s for s in line if s.status == "checked" and s.resolution.n_source == "implied"]
            if read:  # the resolver read the part off the values: say so, and ask the table to
                first = read[0]
                key = (first.input, " ".join(first.title.casefold().split()), first.n, first.resolution.n_note)
                read_as.setdefault(key, []).append(read)
                continue
            if any(s.status == "checked" and s.resolution.unstated_subsets
                   and not (s.resolution.metric or "").startswith("f1") for s in line):
                silent.append(line)  # an F1 (XSTest's refusal F1) is over all the sets at once: no subset to name
        for lines in read_as.values():
            first, why = lines[0][0], lines[0][0].resolution.n_evidence
            every = [s for line in lines for s in line]
            many = len(lines) > 1
            evidence = (f"{why.fits} of the {'first ' if many else ''}line's {why.cells} values are k/{first.n} "
                        f"(p = {why.p:.1g} by chance): {why.name}" if why else first.resolution.n_note)
            yield self.finding(
                f"{first.title!r} ({rows_ref([line[0] for line in lines])}) states no subset or item count; "
                f"{'their' if many else 'its'} values are whole counts of {first.n} items ({evidence}), so "
                f"{f'the {len(lines)} lines are' if many else 'it is'} read as that set: "
                + ("the tables should say which set they used" if len({line[0].table for line in lines}) > 1
                   else "the table should say which set it used"),
                scores=[s.id for s in every], severity="info", implied_n=first.n,
                implied=why.name if why else first.resolution.n_note,
                fits=why.fits if why else None, cells=why.cells if why else None, p=why.p if why else None,
                lines=len(lines),
            )
        for page in _per_page(silent):
            yield self._unstated(page)
        for page in _per_page(averaged):
            yield self._averaged(page)

    def _averaged(self, lines: list[list[Score]]) -> Finding:
        """The rows of one page that print a benchmark made of parts (MGSM's languages) under its plain name:
        read as the average over the parts, which is the benchmark's own score, with one caveat per page:
        which parts went into the average is not stated."""
        by_bench = _by_benchmark(lines, "averaged_parts")
        parts = [f"{name} ({rows_ref(firsts)}; over {len(ids)} parts: {_listed(ids, 6)})"
                 for name, firsts in by_bench.items() for ids in [firsts[0].resolution.averaged_parts]]
        return self.finding(
            f"{'A row names' if len(lines) == 1 else f'{len(lines)} rows name'} no part of a benchmark made of parts, "
            f"and {'is' if len(lines) == 1 else 'are'} read as the average over them, the benchmark's own score: "
            f"{'; '.join(parts)}. Which parts were averaged is not stated",
            scores=[s.id for line in lines for s in line if s.status == "checked"], severity="info",
            averaged={name: list(firsts[0].resolution.averaged_parts) for name, firsts in by_bench.items()},
        )

    def difference(self, a: Score, b: Score) -> Difference | None:
        if a.benchmark != b.benchmark:
            if a.resolution.suite and a.resolution.suite == b.resolution.suite:
                return Difference("benchmark", self.code, a.resolution.benchmark_name, b.resolution.benchmark_name)
            return None
        sa, sb = a.resolution.subset, b.resolution.subset
        if sa and sb and sa != sb:
            return Difference(self.facet, self.code, sa, sb)
        if (sa is None) != (sb is None):
            if "note" in (a.resolution.reasons.keys() | b.resolution.reasons.keys()):
                return Difference(self.facet, self.code, sa or "not stated", sb or "not stated")  # a footnote moved one
            return Difference(self.facet, self.code, sa, sb, known=False)  # one row names a subset, one does not
        if "table" in (a.resolution.n_source, b.resolution.n_source) and a.n and b.n and a.n != b.n:
            return Difference("denominator", self.code, str(a.n), str(b.n))
        if _not_stated(a, b, "denominator"):
            return Difference("denominator", self.code, None, None, known=False)
        return None


class ToolsMismatch(ComparabilityRule):
    """Cells compared with tools on versus off, or with different tool sets.

    Search, code execution or a browser turn a closed-book question into an open-book
    one: HLE with tools and HLE without tools measure different things, and two
    vendors' "with tools" rows may give the model different tools.  A table whose heading makes
    its plain-named rows tools-on ("Math Programming": program-aided, the model's code is run) is
    an info finding: its GSM8K is not the GSM8K other reports print.

    Bad:
        | Benchmark       | A     | B     |
        | HLE, with tools | 57.2% | —     |
        | HLE, no tools   | —     | 60.9% |
    Good:
        | Benchmark       | A     | B     |
        | HLE, no tools   | 52.0% | 60.9% |
    Reference: Phan, L. et al. (2025). "Humanity’s Last Exam." arXiv:2501.14249, lastexam.ai (HLE runs with
        and without search or code tools are different configurations and must be reported separately).
    """

    code, slug, family, severity, facet = "CC203", "tools-mismatch", "comparability", "warning", "tools"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        yield from super().check(context)
        tables: dict[tuple[int, int, str], list[Score]] = {}
        for s in context.checked():
            if s.resolution.tools and s.resolution.tools_heading:
                tables.setdefault((s.input, s.table, s.resolution.tools_heading), []).append(s)
        for (_, _, heading), cells in tables.items():
            lines = list(dict.fromkeys(s.title for s in cells))
            shown = ", ".join(repr(t) for t in lines[:4]) + (f" and {len(lines) - 4} more" if len(lines) > 4 else "")
            yield self.finding(
                f"{shown} ({rows_ref(cells)}) {'carries' if len(lines) == 1 else 'carry'} the benchmarks' plain names, but the table's heading "
                f"{heading!r} makes them tools-on: the model "
                f"writes code that is run, or calls tools, so these numbers cannot be set beside the benchmarks' "
                f"usual figures without tools", scores=[s.id for s in cells], severity="info", heading=heading,
                rows=len(lines))

    def difference(self, a: Score, b: Score) -> Difference | None:
        ta, tb = a.resolution.tools, b.resolution.tools
        if ta is not None and tb is not None and ta != tb:
            return Difference(self.facet, self.code, _onoff(ta), _onoff(tb))
        if _said_to_differ(a, b, "tools"):
            return Difference("tool protocol", self.code, None, None)
        return None


def _publisher(makers: dict[str, str], sentence: str) -> str | None:
    """Whose page it is when no subject is known, from its models' vendors (``makers``): the one vendor
    whose models the first-person sentence names ("we compare Phi-3.5-MoE with a set of models"), else the
    vendor that makes more of the page's models than any other; None on a tie."""
    from collections import Counter

    from claimcheck.parsing.attribution import named_in

    def names(model: str) -> bool:  # "Phi-3.5" of "Phi-3.5-MoE-instruct" is enough
        short = re.match(r"[^\s_-]+[\s_-][^\s_-]+", model)
        return named_in(sentence, model) or bool(short and re.search(rf"(?<!\w){re.escape(short.group(0))}(?![\w.])",
                                                                     sentence, re.I))

    named = {vendor for model, vendor in makers.items() if names(model)}
    if len(named) == 1:
        return named.pop()
    top = Counter(makers.values()).most_common(2)
    return top[0][0] if top and (len(top) == 1 or top[0][1] > top[1][1]) else None


def _onoff(v: bool) -> str:
    return "with tools" if v else "no tools"


class HarnessMismatch(ComparabilityRule):
    """Cells compared under different or unknown harnesses or scaffolds.

    An agentic score belongs to a model inside a harness: the same model moved 7.2 pp
    between Codex CLI and Terminus-2 on Terminal-Bench, more than the gap between the
    top two models.  A comparison is a model comparison only when the harness is fixed.
    Where the page says its numbers come from its publisher's own evaluation code that is not
    public ("based on the internal, non-open-source hai-llm evaluation framework"), the other
    publishers' models in it are re-runs nobody outside can repeat: one caveat per page.

    Bad:
        | Model   | Benchmark      | Harness    | Score |
        | X       | Terminal-Bench | Codex CLI  | 57.5  |
        | X       | Terminal-Bench | Terminus-2 | 64.7  |
    Good:
        two models, both under Terminus-2.
    Reference: Merrill, M. A. et al. (2026). "Terminal-Bench: Benchmarking Agents on Hard, Realistic Tasks in
        Command Line Interfaces." arXiv:2601.11868, tbench.ai (one model moved 7.2 pp between the Codex CLI
        and Terminus-2 harnesses, more than the gap between the top two models).
    """

    code, slug, family, severity, facet = "CC204", "harness-mismatch", "comparability", "warning", "harness"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        yield from super().check(context)
        yield from self._private(context)

    def _private(self, context: CheckContext) -> Iterator[Finding]:
        """Other publishers' models scored with the subject's publisher's own, unpublished evaluation code
        (a note or the section's opening text: "the results we report are based on the internal,
        non-open-source hai-llm evaluation framework"): those numbers are the publisher's re-runs, which no
        one outside can repeat, not the figures their makers report.  One caveat per page and sentence; a
        cell marked as taken from another report is no re-run."""
        from claimcheck.models.names import clean, recognise

        pages: dict[tuple[int, str], dict[str, list[Score]]] = {}  # (input, sentence) -> model -> cells
        makers: dict[int, dict[str, str]] = {}  # input -> model -> its vendor, over the whole page
        for s in context.checked():
            name = recognise(s.model)
            if name is None or not name.vendor:
                continue
            makers.setdefault(s.input, {})[clean(s.model)] = name.vendor
            sentence = context.legend(s.table).private_harness
            if sentence and not s.resolution.secondhand:
                pages.setdefault((s.input, sentence), {}).setdefault(clean(s.model), []).append(s)
        subject = recognise(context.subject.model) if context.subject else None
        for (page, sentence), models in pages.items():
            own = subject.vendor if subject is not None and subject.vendor else _publisher(makers[page], sentence)
            others = {m: cells for m, cells in models.items() if own is not None and makers[page][m] != own}
            if not others:
                continue
            cells = [s for found in others.values() for s in found]
            shown = list(others)[:4] + ([f"{len(others) - 4} more"] if len(others) > 4 else [])
            names = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"
            tables = sorted({s.table + 1 for s in cells})
            where = f"table {tables[0]}" if len(tables) == 1 else f"tables {', '.join(map(str, tables))}"
            yield self.finding(
                f"{names} ({where}) {'was' if len(others) == 1 else 'were'} scored with the publisher's own "
                f"evaluation code, which is not public ({sentence[:200]!r}): these are its re-runs, which no one "
                f"outside can repeat, not the figures the models' makers report, and they may not match other reports",
                scores=[s.id for s in cells], severity="info", models=list(others), publisher=own, sentence=sentence,
            )

    def difference(self, a: Score, b: Score) -> Difference | None:
        ha, hb = a.resolution.harness, b.resolution.harness
        if ha and hb and ha.casefold() != hb.casefold():
            return Difference(self.facet, self.code, ha, hb)
        if _said_to_differ(a, b, "harness"):
            return Difference(self.facet, self.code, None, None)
        if _not_stated(a, b, "harness"):
            return Difference(self.facet, self.code, ha, hb, known=False)
        if (ha is None) != (hb is None):
            return Difference(self.facet, self.code, ha, hb, known=False)
        return None


def _solved_by(metric: str) -> str:
    """How a many-attempt metric counts a problem solved, in words."""
    if metric == "selection":
        return "one answer a model or verifier picks among several samples"
    if metric.startswith(("maj@", "cons@")):
        return "a majority vote over several samples"
    return "any success among several attempts"  # pass@k, best-of-k


class BudgetMismatch(ComparabilityRule):
    """Cells compared under different budgets: attempts, samples, effort, thinking tokens, limits.

    pass@1 and pass@8, avg@64 and cons@64, "high" and "max" reasoning effort, or the best
    score over several effort levels are different amounts of test-time compute.  More
    samples or selection raise the number without a better model.  Rows whose shots a table leaves
    unstated, where it states others', are one caveat per page for the tables that leave the same rows
    silent.

    Bad:
        | Benchmark | A (cons@64) | B (pass@1) |
    Good:
        | Benchmark | A (pass@1)  | B (pass@1) |
    Reference: Chen, M. et al. (2021). "Evaluating Large Language Models Trained on Code." arXiv:2107.03374;
        Brown, B. et al. (2024). "Large Language Monkeys: Scaling Inference Compute with Repeated Sampling."
        arXiv:2407.21787 (a vendor's best effort level is not a fixed budget).
    """

    code, slug, family, severity, facet = "CC205", "budget-mismatch", "comparability", "warning", "budget"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        found = list(super().check(context))
        yield from found
        said = {i for f in found for i in f.scores}  # one model under several budgets already names each value
        tables: dict[tuple[int, int], list[Score]] = {}  # one note per table, naming its many-attempt metrics
        for s in context.checked():
            if _MANY_ATTEMPTS.match(s.resolution.metric or "") and s.id not in said:
                tables.setdefault((s.input, s.table), []).append(s)
        for cells in tables.values():
            metrics = list(dict.fromkeys(s.resolution.metric for s in cells))
            lines = list(dict.fromkeys(repr(s.title) for s in cells))
            shown = ", ".join(lines[:5]) + (f" and {len(lines) - 5} more" if len(lines) > 5 else "")
            ways = list(dict.fromkeys(_solved_by(m) for m in metrics))
            yield self.finding(
                f"{shown} ({rows_ref(cells)}) report {', '.join(metrics)}: a problem counts as solved by "
                f"{' or by '.join(ways)}, so these scores sit above single-attempt pass@1 and "
                f"cannot be set beside other reports' pass@1 figures", scores=[s.id for s in cells],
                severity="info", metric=metrics[0], metrics=metrics,
            )
        yield from self._shots_partly_stated(context)

    def _shots_partly_stated(self, context: CheckContext) -> Iterator[Finding]:
        """A table that states the shots of some of its rows (in labels, a setup row or a note) and not of
        others whose number depends on them: the silent rows' setting is unknown, and the table's own
        practice shows it was a choice.  One caveat per table."""
        tables: dict[tuple[int, int], dict[int, list[Score]]] = {}
        for s in context.checked():
            if "shots" in s.resolution.knobs:
                tables.setdefault((s.input, s.table), {}).setdefault(s.group, []).append(s)
        pages: dict[tuple, list[list[Score]]] = {}  # one page's tables leaving the same rows silent: said once
        for rows in tables.values():
            stated = [cells for cells in rows.values() if any("shots" in s.resolution.budget for s in cells)]
            silent = [cells for cells in rows.values() if not any("shots" in s.resolution.budget for s in cells)]
            if not stated or not silent:
                continue
            names = tuple(dict.fromkeys(cells[0].title for cells in silent))
            given = tuple(dict.fromkeys(cells[0].title for cells in stated))
            pages.setdefault((silent[0][0].input, names, given), []).extend(silent)
        for (_, names, given), silent in pages.items():
            shown = ", ".join(repr(x) for x in names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
            yield self.finding(
                f"The table states the shots for {', '.join(repr(x) for x in given[:4])}"
                f"{' and others' if len(given) > 4 else ''} but not for {shown} ({rows_ref([c[0] for c in silent])}): "
                f"how many examples those rows' prompts held is unknown, so they cannot be set beside another "
                f"report's figures", scores=[s.id for cells in silent for s in cells], severity="info",
                unstated=list(names), stated=list(given), tables=sorted({cells[0].table for cells in silent}),
            )

    _KEYS = ("attempts", "effort", "thinking_budget", "selection", "shots")

    def difference(self, a: Score, b: Score) -> Difference | None:
        ba, bb = dict(a.resolution.budget), dict(b.resolution.budget)
        ma, mb = a.resolution.metric or "", b.resolution.metric or ""
        if _SAMPLING.match(ma) and _SAMPLING.match(mb) and _norm_sampling(ma) != _norm_sampling(mb):
            return Difference("attempts", self.code, ma, mb)
        for key in self._KEYS:
            va, vb = ba.get(key), bb.get(key)
            if va is not None and vb is not None and str(va) != str(vb):
                return Difference(key.replace("_", " "), self.code, str(va), str(vb))
            if key == "selection" and (va is None) != (vb is None):
                return Difference("selection", self.code, va, vb)
            if key in ("effort", "thinking_budget") and (va is None) != (vb is None):
                # one column states its effort, the other does not: the gap may be the budget
                return Difference(key.replace("_", " "), self.code, _str(va), _str(vb), known=False)
        if _said_to_differ(a, b, "budget"):
            return Difference(self.facet, self.code, None, None)
        return None


def _str(value) -> str | None:
    return None if value is None else str(value)


def _norm_sampling(metric: str) -> str:
    """The quantity a sampling metric estimates: a mean over k samples (avg@k) estimates the same
    single-attempt pass@1 as one sample does, only more precisely (DeepSeek's "pass@1" is its mean over 64
    responses), so avg@32 against pass@1 is no budget difference; pass@k and majority votes are."""
    if metric in ("accuracy", "resolved", "pass@1") or _SAMPLE_MEAN.match(metric):
        return "pass@1"
    return metric


class MetricMismatch(ComparabilityRule):
    """Cells compared under different metrics.

    Partial credit and strict completion, pass@k and pass^k, prompt- and
    instruction-level IFEval, length-controlled and raw win rates, EM and F1 are
    different quantities: two tasks each meeting 4 of 5 and 2 of 5 requirements score
    60% with partial credit and 0% strict.

    A row that prints an average of several of its benchmark's own metrics ("Avg(Prompt/Instruction
    acc Loose/Strict)" for IFEval) is noted at info level: nothing else is measured that way, so its
    values stand beside no other report's.  So are multiple-choice rows a note says were scored by
    ranking the options' likelihood ("we use ppl for the MCQ metrics of base models"): a model that
    would not write the right letter can still rank it first.

    Bad:
        | OSWorld 2.0, partial credit      | A 72.6% |
        | Same as above, strict completion | B 41.7% |
    Good:
        both rows strict, or both partial credit.
    Reference: Zhou, J. et al. (2023). "Instruction-Following Evaluation for Large Language Models."
        arXiv:2311.07911; Yao, S. et al. (2024). "τ-bench: A Benchmark for Tool-Agent-User Interaction in
        Real-World Domains." arXiv:2406.12045 (tasks meeting 4/5 and 2/5 requirements: 60% partial, 0%
        strict).
    """

    code, slug, family, severity, facet = "CC206", "metric-mismatch", "comparability", "warning", "metric"

    def difference(self, a: Score, b: Score) -> Difference | None:
        sa, sb = a.resolution.scoring, b.resolution.scoring
        if sa and sb and sa != sb:  # options ranked by likelihood vs an answer generated
            return Difference(self.facet, self.code, f"{sa} scoring", f"{sb} scoring")
        ma, mb = a.resolution.metric, b.resolution.metric
        if not ma or not mb or ma == mb:
            return None
        if _SAMPLING.match(ma) and _SAMPLING.match(mb):
            return None  # attempts, not metric: CC205 owns it
        if a.resolution.metric_assumed != b.resolution.metric_assumed and a.model == b.model and same_number(a, b):
            # "TruthfulQA 57.45" with no metric beside "TruthfulQA mc2 57.449" for one model: one measurement
            # printed twice, its metric said once (the other side's is the registry's default): no difference
            return Difference(self.facet, self.code, ma, mb, known=False)
        if bool(_SAMPLE_MEAN.match(ma)) != bool(_SAMPLE_MEAN.match(mb)) and not (_SAMPLING.match(ma) and _SAMPLING.match(mb)):
            # "avg@8" against IFEval's "prompt-strict": one side says how many samples it averaged, not which of
            # the benchmark's metrics it scored; the two may be the same, so the difference is unknown, not known
            return Difference(self.facet, self.code, ma, mb, known=False)
        return Difference(self.facet, self.code, ma, mb)

    def printed_as_setups(self, context: CheckContext, comp) -> bool:
        """Both scores in one table of one model's results that prints each row's metric in a column (a harness's
        results table: "acc" and "acc_norm" in its Metric column)."""
        a, b = (context.score(i) for i in comp.scores[:2])
        return (a.input, a.table) == (b.input, b.table) and a.table in metric_column_tables(context) \
            and a.table in _one_model_tables(context)

    def check(self, context: CheckContext) -> Iterator[Finding]:
        yield from super().check(context)
        yield from self._mixed_averages(context)
        yield from self._blends(context)
        yield from self._likelihood_scored(context)

    def _likelihood_scored(self, context: CheckContext) -> Iterator[Finding]:
        """Multiple-choice rows a note says were scored by ranking the options' likelihood ("we use ppl
        for the MCQ metrics of base models"): a model that would not write the right letter can still
        rank it first, so these scores sit beside no generated-answer score of the same benchmark (and
        the page's own generative rows of it, when it has some).  One caveat per page."""
        pages: dict[int, list[Score]] = {}
        for s in context.checked():
            if s.resolution.scoring == "likelihood":
                pages.setdefault(s.input, []).append(s)
        for cells in pages.values():
            names = list(dict.fromkeys(s.title for s in cells))
            benches = {s.benchmark for s in cells}
            others = [s for s in context.checked() if s.input == cells[0].input and s.benchmark in benches
                      and s.resolution.scoring != "likelihood"]
            generated = list(dict.fromkeys(s.title for s in others))
            yield self.finding(
                f"{', '.join(repr(x) for x in names[:6])}{' and more' if len(names) > 6 else ''} ({rows_ref(cells)}) "
                f"are scored by ranking the answer options by likelihood ({cells[0].resolution.reasons.get('scoring', 'a note')}), "
                f"not by a generated answer: the numbers stand beside no generative score of the same benchmarks"
                + (f", including this page's own rows of them ({rows_ref(others)})" if others else ""),
                scores=[s.id for s in cells], severity="info", rows=names, generative=generated, cells=len(cells),
            )

    def _blends(self, context: CheckContext) -> Iterator[Finding]:
        """Rows that print an average of several of their benchmark's own metrics ("Avg(Prompt/Instruction acc
        Loose/Strict)"): other reports print one of those metrics, so the row stands alone.  One note per table."""
        tables: dict[tuple[int, int], list[Score]] = {}
        for s in context.checked():
            if s.resolution.metric == "blend" and s.benchmark:
                tables.setdefault((s.input, s.table), []).append(s)
        for cells in tables.values():
            rows = list(dict.fromkeys(f"{s.title!r} ({s.resolution.reasons.get('metric', 'a blend of metrics')})"
                                      for s in cells))
            names = ", ".join(dict.fromkeys(s.resolution.benchmark_name or s.title for s in cells))
            yield self.finding(
                f"{'; '.join(rows)} ({rows_ref(cells)}): one number averaging several of the benchmark's own metrics, "
                f"while other reports print one of them, so these values cannot be set beside another report's "
                f"{names} figures", scores=[s.id for s in cells], severity="info", metric="blend",
            )

    def _mixed_averages(self, context: CheckContext) -> Iterator[Finding]:
        """An average printed over rows measured with different metrics (EM, pass@10, % win, F1): a
        number with no unit of its own.  One finding per average row."""
        from claimcheck.checker.aggregates import fits_by_row

        for fits in fits_by_row(context):
            reading = next((f.used for f in fits if f.used is not None), None)
            if reading is None:
                continue
            kinds: dict[str, list[Score]] = {}
            for c in reading.cells:
                kinds.setdefault(_metric_kind(c.resolution.metric), []).append(c)
            named = {k: v for k, v in kinds.items() if k != "accuracy"}
            if len(kinds) < 2 or not named:
                continue
            agg = fits[0].aggregate
            what = "; ".join(f"{k} ({', '.join(dict.fromkeys(c.title for c in v))})" for k, v in kinds.items())
            yield self.finding(
                f"{agg.title!r} ({agg.line_ref}) averages rows measured with different metrics — {what}: "
                f"the average has no unit of its own", scores=[f.aggregate.id for f in fits],
                metrics=sorted(kinds), severity="warning",
            )


def _one_model_tables(context: CheckContext) -> frozenset[int]:
    """The tables whose scores all belong to one model."""
    def build() -> frozenset[int]:
        models: dict[int, set[str]] = {}
        for s in context.scores:
            models.setdefault(s.table, set()).add(s.model)
        return frozenset(t for t, names in models.items() if len(names) == 1)

    return context.memo("comparability.one_model_tables", build)


def _metric_kind(metric: str | None) -> str:
    """What a metric counts, for averaging: accuracy-like (a share of items or prompts passed: accuracy, EM, pass@1,
    IFEval's strict or loose prompt accuracy, a length-normalised choice accuracy, a mean of runs) or its own kind."""
    if metric is None or metric in ("accuracy", "em", "resolved", "pass@1", "acc-norm", "acc-char", "strict", "loose",
                                    "prompt-strict", "prompt-loose", "instruction-strict", "instruction-loose") \
            or metric.startswith(("avg@", "mean@")):
        return "accuracy"
    return metric


class JudgeMismatch(ComparabilityRule):
    """Cells judged by different judges or graders.

    LLM-judged benchmarks (HLE, BrowseComp, Arena-Hard) depend on the judge: the same
    model scored 79.0 with one judge and 49.1 with another on Arena-Hard v2.  Two
    vendors' numbers with their own judges are not one measurement.

    Bad:
        | HLE, with tools | A 57.2% | B 65.0% |  answer accuracy; judge protocols differ
    Good:
        both columns graded by the same judge model and prompt.
    Reference: Li, T. et al. (2024). "From Crowdsourced Data to High-Quality Benchmarks: Arena-Hard and
        BenchBuilder Pipeline." arXiv:2406.11939; LMArena, arena-hard-auto README,
        github.com/lmarena/arena-hard-auto (v2.0: gemini-2.5 scores 79.0 under a Gemini-2.5 judge, 49.1 under
        GPT-4.1).
    """

    code, slug, family, severity, facet = "CC207", "judge-mismatch", "comparability", "warning", "judge"

    def difference(self, a: Score, b: Score) -> Difference | None:
        ja, jb = a.resolution.judge, b.resolution.judge
        if ja and jb and ja.casefold() != jb.casefold():
            return Difference(self.facet, self.code, ja, jb)
        if _said_to_differ(a, b, "judge"):
            return Difference(self.facet, self.code, None, None)
        return None


class SplitProtocolRows(ComparabilityRule):
    """One benchmark split into rows by vendor protocol, leaving no valid head-to-head.

    When each vendor reports a benchmark under its own protocol and the table gives each
    protocol its own row, every row has one model's number: the reader is invited to
    compare across rows, but no row compares the models under one protocol.

    Bad:
        | OSWorld 2.0, Astra release protocol | 72.6% | —     |
        | OSWorld 2.0, Fable release protocol | —     | 77.9% |
    Good:
        | OSWorld 2.0 (one protocol)          | 72.6% | 74.0% |
    Reference: Xie, T. et al. (2024). "OSWorld: Benchmarking Multimodal Agents for Open-Ended Tasks in Real
        Computer Environments." arXiv:2404.07972; Epoch AI (2025). "What does OSWorld tell us about AI’s
        ability to use computers?" (72.6% vs 77.9% under two vendors' protocols decides nothing).
    """

    code, slug, family, severity, facet = "CC208", "split-protocol-rows", "comparability", "warning", "rows"

    def difference(self, a: Score, b: Score) -> Difference | None:
        pa, pb = a.resolution.protocol, b.resolution.protocol
        if a.group != b.group and a.benchmark == b.benchmark and a.model != b.model and (pa or pb) and pa != pb:
            return Difference("protocol", self.code, pa, pb)
        return None

    def check(self, context: CheckContext) -> Iterator[Finding]:
        by_bench: dict[str, list] = {}
        for comp in context.comparisons:
            if self.code in comp.why_not:
                by_bench.setdefault(comp.benchmark or "", []).append(comp)
        for bench, comps in by_bench.items():
            ids = list(dict.fromkeys(i for c in comps for i in c.scores))
            scores = [context.score(i) for i in ids]
            rows = sorted({s.row for s in scores})
            models = sorted({s.model for s in scores})
            yield self.finding(
                f"{scores[0].resolution.benchmark_name or bench} is split into rows by vendor protocol "
                f"({rows_ref(scores)}): no row gives {' and '.join(models)} a value under one "
                f"protocol, so the table offers no valid head-to-head",
                scores=ids, comparisons=[c.id for c in comps], rows=rows, models=models,
            )


#: Rows of one model column that must print a reference's figures before the column counts as copied.
COPIED_MIN = 2
#: a broken-down table has a summary line and at least this many parts
SUMMARY_PARTS_MIN = 2


def line_has(line: dict[str, Score], group: str) -> bool:
    """Whether a model's cells of one table hold a value on the line ``group``."""
    return group in line and line[group].status == "checked"


class SecondhandScore(Rule):
    """A value copied from another report beside values measured in-house.

    Numbers "from the tech report" were produced with another harness, prompt, judge and
    date; a table that mixes them with its own runs presents two measurements as one.

    A note says which values: those it marks ("values marked with * are sourced from other
    public reports", "† are from OpenCompass"), the models it names ("we report Lumen-7B numbers
    from its technical report"), or, naming none, every model but the publisher's own ("results
    of other models are reported in their original papers"; the publisher's models are those
    called "ours", the one the page title names, and their maker's others; with none of them
    known, no column is called copied), or every model ("all results are taken from the official
    leaderboard").  The publisher's own runs ("results of our model are from our internal
    evaluation", "we evaluate all models with our own pipeline") are no copies.

    Copies are also found by value: a model column that prints, on two rows or more, exactly
    the figures a published table gives for the same model and benchmark (the release tables
    bundled with claimcheck, such as DeepSeek-R1's, or a ``--reference`` file) was copied from
    it.  That is a warning when the page does not say so; the finding names the source, its
    stated protocol, the setups that differ, and cells of the same column whose values differ
    from the source under the same setup (copied and re-run values mixed).  One equal figure is
    left alone (it can be chance), and so is a publisher reprinting its own earlier models on a
    page that also shows a model of its own the references do not hold.

    And a model whose only value in a broken-down table is the summary ("overall", "average")
    while every part is missing, where most other models have every part, did not go through the
    table's own runs: a single overall number is what a leaderboard or another report prints.

    Bad:
        | MMLU | 88.1* | 86.0 |   * from the vendor's technical report
    Good:
        re-run every column, or mark the copied ones and keep them out of comparisons.
    Reference: Biderman, S. et al. (2024). "Lessons from the Trenches on Reproducible Evaluation of Language
        Models." arXiv:2405.14782 (a number copied from another report was produced with another harness,
        prompt, judge and date).
    """

    code, slug, family, severity = "CC209", "secondhand-score", "comparability", "info"
    levels = {"warning": "the values print a published table's figures exactly and the page does not say they are copied"}

    def check(self, context: CheckContext) -> Iterator[Finding]:
        copies = list(self._copies(context))
        found = {i for f in copies for i in f.scores}
        columns: dict[tuple[int, int, str], list[Score]] = {}  # one finding per marked column, not per cell
        for s in context.checked():
            if s.resolution.secondhand:
                columns.setdefault((s.input, s.table, s.model), []).append(s)
        for cells in columns.values():
            if all(s.id in found for s in cells):
                continue  # the copy finding names the source
            s = cells[0]
            yield self.finding(
                (f"{cell_name(s)} is" if len(cells) == 1 else
                 f"{s.model}'s {len(cells)} values ({rows_ref(cells)}) are") + " reported as copied from another "
                "report, not measured here", scores=[c.id for c in cells], words=s.resolution.reasons.get("secondhand"))
        yield from copies
        yield from self._summary_only(context)

    def _summary_only(self, context: CheckContext) -> Iterator[Finding]:
        """Models of a table with a summary value and every part missing, where most models have every part."""
        for cells in context.by_table().values():
            summary = {s.group for s in cells if s.resolution.row_kind == "aggregate"}
            parts = list(dict.fromkeys(s.group for s in cells if s.resolution.row_kind in ("benchmark", "unknown")))
            if len(summary) != 1 or len(parts) < SUMMARY_PARTS_MIN:
                continue
            models: dict[str, dict[str, Score]] = {}
            for s in cells:
                if s.group in summary or s.group in parts:
                    models.setdefault(s.model, {})[s.group] = s
            total, = summary
            full = [m for m, line in models.items() if all(line_has(line, g) for g in [total, *parts])]
            lone = [m for m, line in models.items() if line_has(line, total) and all(
                g not in line or line[g].status == "missing" for g in parts)]
            if len(full) < max(2, 2 * len(lone)):
                continue  # lone overalls are the table's habit, not one model's exception
            for model in lone:
                line = models[model]
                top = line[total]
                if top.resolution.secondhand or top.cell.markers:
                    continue  # the page marks the value: the mark's own finding (or note) says where it comes from
                others = [m for m in models if m != model and line_has(models[m], total)]
                yield self.finding(
                    f"{cell_name(top)} is the model's only value in its table: all {len(parts)} parts "
                    f"({', '.join(sorted({line[g].title for g in parts if g in line})[:6])}) are missing, while "
                    f"{len(full)} of the other {len(others)} models have every part. A lone overall figure is what a "
                    f"leaderboard or another report prints: it was probably copied, not run under this table's setup, "
                    f"and the page does not say so",
                    scores=[top.id, *(line[g].id for g in parts if g in line)], model=model, parts=len(parts),
                    complete=len(full))

    def _copies(self, context: CheckContext) -> Iterator[Finding]:
        """Baseline columns that print a bundled or given reference's figures exactly, found by value."""
        by_column: dict[tuple[int, int, str], dict[str, list[Counterpart]]] = {}  # (input, table, model) -> reference
        for c in context.counterparts:
            s = context.score(c.score)
            by_column.setdefault((s.input, s.table, s.model), {}).setdefault(c.reference, []).append(c)
        sources = {r.id: r for r in context.references}
        own = own_references(context, sources)
        tables: dict[tuple[int, int], list[_Copied]] = {}
        for (inp, table, model), per_ref in by_column.items():
            per_ref = {ref: found for ref, found in per_ref.items() if ref not in own}
            if not per_ref:
                continue
            ref, found = max(per_ref.items(), key=lambda kv: len({c.score for c in kv[1] if c.verdict == "identical"}))
            same = list(dict.fromkeys(c.score for c in found if c.verdict == "identical"))
            if len({context.score(i).group for i in same}) < COPIED_MIN:  # one equal figure can be chance
                continue
            gaps = {(d.facet, d.b) for c in found if c.verdict == "identical" and c.comparison
                    for d in c.comparison.differences if d.known}
            rerun: dict[str, Counterpart] = {}
            for c in found:
                if c.score not in same and c.score not in rerun and _same_setup(c, gaps) \
                        and c.verdict != "identical" \
                        and not printed_alike(context.score(c.score), c):
                    rerun[c.score] = c
            tables.setdefault((inp, table), []).append(_Copied(model, sources[ref], same, rerun))
        for columns in tables.values():
            yield self._copied_finding(context, columns)

    def _copied_finding(self, context: CheckContext, columns: list[_Copied]) -> Finding:
        ids = [i for col in columns for i in col.same]
        cells = [context.score(i) for i in ids]
        unmarked = any(not s.resolution.secondhand for s in cells)
        refs = list({col.ref.id: col.ref for col in columns}.values())
        by_publisher: dict[str, list[str]] = {}
        for r in refs:
            by_publisher.setdefault(r.publisher, []).append(r.title.split(",")[0])
        named = " and ".join(f"{who}'s ({', '.join(titles)})" for who, titles in by_publisher.items())
        if len(columns) <= 2:
            listed = "; ".join(f"{col.model}: " + ", ".join(f"{context.score(i).title} {context.score(i).cell.shown}"
                                                          for i in col.same[:3])
                               + (f" and {len(col.same) - 3} more" if len(col.same) > 3 else "") for col in columns)
        else:
            listed = ", ".join(f"{col.model} {len(col.same)}" for col in columns) + " values"
        mixed = [f"{col.model} ({', '.join(f'{context.score(i).title} {context.score(i).cell.shown} vs {c.printed} there' for i, c in list(col.rerun.items())[:2])})"
                 for col in columns if col.rerun]
        setups = sorted({d for c in context.counterparts if c.score in set(ids) and c.verdict == "identical"
                         for d in c.differences})
        where = cells[0].origin or f"table {cells[0].table + 1}"
        plural = "s" if len(columns) != 1 else ""
        message = (f"{len(columns)} column{plural} of {where} print {named} published figures exactly, so they were "
                   f"copied, not measured under this table's setup{', and the page does not say so' if unmarked else ''}: "
                   f"{listed}"
                   + (f". Copied and re-run values mixed in one column: {'; '.join(mixed)}" if mixed else "")
                   + (f". {refs[0].publisher} states: {refs[0].protocol}" if len(refs) == 1 and refs[0].protocol else "")
                   + (f". Setups differ: {', '.join(setups[:3])}" if setups else ""))
        return self.finding(message, scores=ids, severity="warning" if unmarked else None,
                            copied=[{"model": col.model, "reference": col.ref.id, "scores": list(col.same),
                                     "rerun": list(col.rerun)} for col in columns])


@dataclass(frozen=True)
class _Copied:
    """One model column of a table that prints a reference's figures."""

    model: str
    ref: ReferenceSource
    same: list[str]  # score ids printing the reference's figure
    rerun: dict[str, Counterpart]  # score ids of the same edition whose value differs from the reference's


def printed_alike(s: Score, c: Counterpart) -> bool:
    """77 and 77.0: one figure at the coarser precision, though too coarse to call a copy."""
    if s.value is None or s.cell.decimals is None:
        return False
    return abs(s.value - c.value) <= s.cell.half_unit + 1e-9


def own_references(context: CheckContext, sources: dict[str, ReferenceSource]) -> set[str]:
    """References whose publisher makes the page's subject, or a model of the page that no reference
    prints: the page is that publisher's own release, and its older models' numbers are its own to
    reprint (Meta's Llama 3.2 card reusing its Llama 3.1 figures), not another report's."""
    from claimcheck.models.names import identity, vendors_making

    copied = [i for i in {identity(context.score(c.score).model) for c in context.counterparts
                          if c.verdict == "identical"} if i is not None]
    fresh = [m for m in {s.model for s in context.checked()}
             if not any((i := identity(m)) is not None and i.same_model(k) for k in copied)]
    if context.subject:
        fresh.append(context.subject.model)
    making = vendors_making(fresh, [ref.publisher for ref in sources.values()])
    return {ref.id for ref in sources.values() if ref.publisher in making}


def _same_setup(c: Counterpart, gaps: set[tuple[str, str | None]]) -> bool:
    """Whether a differing counterpart measures what the column's copied cells were copied from: no
    other version or subset, and no setup of the reference's beyond those the copies came from (AIME
    2025 is not a re-run of AIME 2024, nor a cons@64 figure of a pass@1 one)."""
    if c.comparison is None:
        return False
    diffs = c.comparison.differences
    return not any(d.facet in ("version", "subset") for d in diffs) and all((d.facet, d.b) in gaps for d in diffs if d.known)


class BestOfConfigurations(Rule):
    """A score that is the best over several configurations, prompts or runs.

    Reporting the maximum over reasoning-effort levels, prompts or seeds picks the
    luckiest draw; with several tries the maximum is biased upwards even when nothing
    changed, and it is not a fixed-cost comparison.

    Bad:
        "Astra: best score across reasoning-effort levels" beside a fixed-effort competitor.
    Good:
        one pre-declared configuration per model, or every configuration with its cost.
    Reference: Dodge, J. et al. (2019). "Show Your Work: Improved Reporting of Experimental Results." EMNLP
        2019; Cawley, G. C. & Talbot, N. L. C. (2010). "On Over-fitting in Model Selection and Subsequent
        Selection Bias in Performance Evaluation." JMLR 11, 2079–2107 (best-of-k is biased up).
    """

    code, slug, family, severity = "CC210", "best-of-configurations", "comparability", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for s in context.checked():
            selection = dict(s.resolution.budget).get("selection")
            if selection:
                yield self.finding(f"{cell_name(s)} is the best of several runs or configurations ({selection})",
                                   scores=(s.id,), selection=selection)


RULES = [VersionMismatch, SubsetMismatch, ToolsMismatch, HarnessMismatch, BudgetMismatch,
         MetricMismatch, JudgeMismatch, SplitProtocolRows, SecondhandScore, BestOfConfigurations,
         *comparability_checkpoints.RULES]
