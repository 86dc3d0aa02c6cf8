"""CC5xx — validity: benchmarks reported flawed, deprecated or contaminated; indices and systems."""

from __future__ import annotations

import functools

import re
from typing import Iterator

from claimcheck.checker.base import CheckContext, Rule, rows_ref
from claimcheck.checker.printed_rows import rows_where, source_rows
from claimcheck.parsing.dates import on_or_after
from claimcheck.records import Finding, Score, SourceTable, StatusNote


def _by_row_with(context: CheckContext, state: str) -> Iterator[tuple[list[Score], list[StatusNote]]]:
    rows = rows_where(context, lambda s: any(st.state == state for st in s.resolution.statuses))
    for scores in rows.values():
        date = context.page_date(scores[0].table)
        notes = [st for st in scores[0].resolution.statuses if st.state == state and _in_force(st, date)]
        if notes:
            yield scores, notes


#: states that begin when they are stated: a benchmark retired, or contamination found in the models of that day
_DATED_STATES = frozenset({"deprecated", "contaminated"})


def _in_force(note: StatusNote, date: str | None) -> bool:
    """Whether a statement holds for a page of this date: a state with an onset (labels published on a
    day), a deprecation or a contamination report (about the models of its day) does not reach a page
    known to be older; a flaw in the items does (it was there all along); an undated page is not known to
    be older."""
    dated = note.onset or note.state in _DATED_STATES
    return not (dated and note.when and date) or on_or_after(date, note.when)


def _who(st: StatusNote, dated: bool = True) -> str:
    when = f" on {st.when}" if st.when else ""
    hedge = " (reported second-hand)" if st.unverified else ""
    undated = (f" (the page prints no date, so whether its results were measured after {st.when} is unknown)"
               if st.onset and not dated else "")
    return f"{st.who}{when}{hedge}: {st.what}{undated}"


class _StatusRule(Rule):
    state: str
    verb: str

    def check(self, context: CheckContext) -> Iterator[Finding]:
        same: dict[tuple, list[tuple[list[Score], list[StatusNote]]]] = {}  # one finding per benchmark version
        for scores, notes in _by_row_with(context, self.state):
            same.setdefault((scores[0].benchmark, scores[0].resolution.version), []).append((scores, notes))
        for lines in same.values():
            s, notes = lines[0][0][0], lines[0][1]
            notes = sorted(notes, key=lambda n: (n.impact != "major", n.unverified, n.when is None))
            version = f" {s.resolution.version}" if s.resolution.version else ""
            where = (f"{s.title!r} ({s.line_ref})" if len(lines) == 1
                     else f"{len(lines)} rows ({rows_ref([line[0] for line, _ in lines])})")
            yield self.finding(
                f"{where}: {s.resolution.benchmark_name}{version} {self.verb} — "
                f"{_who(notes[0], context.page_date(s.table) is not None)}",
                scores=[x.id for line, _ in lines for x in line], severity=self.severity_for(notes[0]),
                statements=[{"who": n.who, "when": n.when, "what": n.what, "source": n.source,
                             "unverified": n.unverified, "impact": n.impact, "onset": n.onset} for n in notes],
                page_date=context.page_date(s.table),
            )

    def severity_for(self, note: StatusNote):
        """The rule's severity for a first-hand statement that the scores are invalid; a warning for a
        second-hand report (whatever it claims, its size is not established); info for a first-hand, measured
        defect rate too small to void the scores (a caveat for every table that prints the benchmark, which
        changes no comparison)."""
        if self.severity != "error":
            return None
        if note.unverified:
            return "warning"
        return "info" if note.impact != "major" else None


class BenchmarkFlawed(_StatusRule):
    """The registry records the benchmark (version) as reported flawed, with who said so.

    When a review finds that defects (broken tasks, wrong answers, tests that reject
    correct solutions) affect a large share of the score, the score stops measuring the
    capability it names.  Epoch AI judged Terminal-Bench 4.0.0 Flawed on 2026-09-04
    (threshold: defects affecting ≥ 20% of the total score).  Such a first-hand verdict is an
    error; a second-hand report is a warning that says who reported what; a known defect rate too small
    to void the scores (MMLU's estimated 6.5% erroneous questions) is an info caveat.

    Bad:
        | Terminal-Bench 4.0 | 57.9% | 55.8% |
    Good:
        a version the maintainers have fixed, or a benchmark without open defect reports.
    Reference: Epoch AI, Benchmarking Hub, epoch.ai/benchmarks (Terminal-Bench 4.0.0 judged Flawed on
        2026-09-04: defects affecting ≥ 20% of the score); Gema, A. P. et al. (2024). "Are We Done with MMLU?"
        arXiv:2406.04127 (an estimated 6.49% of MMLU questions are erroneous).
    """

    code, slug, family, severity = "CC501", "benchmark-flawed", "validity", "error"
    levels = {"warning": "the report is second-hand: what it claims is not established",
              "info": "a first-hand, measured defect rate too small to void the scores (a caveat, not a broken "
                      "comparison)"}
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
    Reference: OpenAI (2026). "Why SWE-bench Verified no longer measures frontier coding capabilities."
        openai.com (20 Feb 2026: OpenAI stopped reporting it and recommends SWE-bench Pro); OpenAI (2024).
        "Introducing SWE-bench Verified." openai.com/index/introducing-swe-bench-verified.
    """

    code, slug, family, severity = "CC502", "benchmark-deprecated", "validity", "warning"
    state, verb = "deprecated", "is deprecated"


class ContaminationRisk(_StatusRule):
    """A public test set with known contamination reports.

    When test items or their answers are in training data, a high score can be recall;
    gaps between models then measure exposure as much as capability.

    A report that begins on a day (a test set whose labels were published then) does not reach a page
    known to be older: the page's date is ``--as-of``, else the latest date its text mentions; an undated
    page is not known to be older, and the finding says so.

    Bad:
        comparing models on a test set reported to be in training corpora.
    Good:
        held-out or private sets (HLE private, ARC semi-private) or fresh date windows.
    Reference: Sainz, O. et al. (2023). "NLP Evaluation in trouble: On the Need to Measure LLM Data
        Contamination for each Benchmark." EMNLP Findings 2023, arXiv:2310.18018; Magar, I. & Schwartz, R.
        (2022). "Data Contamination: From Memorization to Exploitation." ACL 2022 (seen items measure recall).
    """

    code, slug, family, severity = "CC503", "contamination-risk", "validity", "warning"
    state, verb = "contaminated", "has contamination reports"


_INDEX_LABEL = re.compile(r"\bindex\b|指数", re.I)


class CompositeIndex(Rule):
    """A composite index presented as if it were one dataset.

    An index (Artificial Analysis Intelligence Index, Coding Agent Index, a vendor's
    "Agent Index") is a weighted summary of several benchmarks.  Its components and weights
    change between versions, so index values from different versions are different
    quantities, the index cannot be compared with its own components, and no binomial
    interval applies to it.  Read it as a summary, and look at the components for evidence.

    Bad:
        | Artificial Analysis Intelligence Index | 73 | 70 |   (read as a dataset of items)
    Good:
        | Artificial Analysis Intelligence Index v4 (composite of 10 evaluations) | 73 | 70 |
    Reference: Artificial Analysis (2025). "Intelligence Benchmarking Methodology."
        artificialanalysis.ai/methodology/intelligence-benchmarking; Nardo, M. et al. (2008). Handbook on
        Constructing Composite Indicators: Methodology and User Guide. OECD (an index is a weighted summary,
        not a dataset).
    """

    code, slug, family, severity = "CC504", "composite-index", "validity", "info"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        rows: dict[str, list[Score]] = {}
        for s in context.checked():
            res = s.resolution
            if res.composite or s.unit == "index" or (res.row_kind == "unknown" and _INDEX_LABEL.search(s.label)):
                rows.setdefault(s.group, []).append(s)
        lines: dict[tuple, list[list[Score]]] = {}  # one index reprinted in several tables of a page: said once
        for scores in rows.values():
            s = scores[0]
            lines.setdefault((s.input, s.resolution.benchmark or " ".join(s.title.casefold().split()),
                              s.resolution.version), []).append(scores)
        for printed in lines.values():
            s = printed[0][0]
            res = s.resolution
            known = res.composite or s.unit == "index"
            name = f"{res.benchmark_name}{' ' + res.version if res.version else ''}" if known else repr(s.title)
            why = "" if known else " (the label calls it an index; the registry does not know it)"
            yield self.finding(
                f"{s.title!r} ({'; '.join(p[0].line_ref for p in printed)}): {name} is a composite index over several "
                f"benchmarks, not one dataset{why}: its components and weights change between versions, so compare "
                f"it only within one version and read its components for evidence",
                scores=[x.id for p in printed for x in p], benchmark=res.benchmark, version=res.version, registry=known,
            )


_FALLBACK_WORDS = re.compile(
    r"\bfall(?:s|ing)?[- ]?back\b|\bfell back\b|\bcompleted by\b|\b(?:handed|passed|routed) (?:off |over )?to\b|"
    r"\btook over\b|\btaken over\b|回退|接替|改由|转由",
    re.I,
)
_MODEL_WORD = re.compile(r"\bmodels?\b|模型", re.I)
_CLAUSE = re.compile(r"[.;。；\n]")


@functools.lru_cache(maxsize=4096)  # one printed row is the text of each of its cells' scores: judged once
def _says_fallback(text: str) -> bool:
    """A clause that speaks of a fallback and of a model ("completed by an earlier model", "由较早模型接替")."""
    return any(_FALLBACK_WORDS.search(c) and _MODEL_WORD.search(c) for c in _CLAUSE.split(text))
_HARNESS_PRODUCT = re.compile(
    r"\b(?:codex[- ]cli|claude[- ]code|terminus(?:[- ]?\d+)?|openhands|opendevin|(?:mini[- ])?swe[- ]agent|aider|"
    r"cursor(?: agent| cli)?|devin|agentless|moatless|autocoderover|goose|gemini[- ]cli|factory droid|junie|"
    r"github copilot|copilot agent|cline|roo code|kilo code|qwen[- ]code|kimi[- ]cli|forge ?code|trae agent|"
    r"browser[- ]use|computer[- ]use agent|openai agents sdk|langgraph|deep agents)\b",
    re.I,
)


def _row_texts(context: CheckContext) -> dict[str, str]:
    """Every printed cell of each score's source row, joined: score id -> text."""
    joined: dict[int, str] = {}  # one string per printed row, shared by the scores of its cells
    out = {}
    for sid, row in source_rows(context).items():
        if id(row) not in joined:
            joined[id(row)] = " ; ".join(c.text for c in row if c.text)
        out[sid] = joined[id(row)]
    return out


class SystemNotModel(Rule):
    """An agent/harness system result, or a fallback to another model, presented as the model's result.

    On agentic benchmarks the score belongs to a system: the model inside a harness (Codex
    CLI, Terminus-2, OpenHands, Cursor) with its tools, budgets and retry policy; changing
    the harness alone moves scores by several points.  When tasks interrupted by a safety
    intervention are completed by another (earlier) model, the score also includes that
    fallback path and cannot be credited to the model named in the column.  claimcheck says
    so when the table names a harness product or a fallback, at most once per table for the
    harness case.

    Bad:
        | OSWorld 2.0 | 77.9% |   note: "some interrupted tasks were completed by an earlier model"
    Good:
        report the fallback share, or score interrupted tasks as failures and say so.
    Reference: Kapoor, S. et al. (2024). "AI Agents That Matter." arXiv:2407.01502; Yang, J. et al. (2024).
        "SWE-agent: Agent-Computer Interfaces Enable Automated Software Engineering." arXiv:2405.15793 (7.2 pp
        between Codex CLI and Terminus-2; fallback-finished tasks are system results).
    """

    code, slug, family, severity = "CC505", "system-not-model", "validity", "info"
    levels = {"warning": "the notes or the row say some tasks were finished by another model (a fallback)"}

    def check(self, context: CheckContext) -> Iterator[Finding]:
        texts = _row_texts(context)
        tables: dict[int, list[Score]] = {}
        for s in context.checked():
            tables.setdefault(s.table, []).append(s)
        for t, scores in tables.items():
            table = context.table(t)
            yield from self._fallback(table, scores, texts)
            found = self._harness(table, scores, texts)
            if found is not None:
                yield found

    def _fallback(self, table: SourceTable, scores: list[Score], texts: dict[str, str]) -> Iterator[Finding]:
        note = next((n for n in table.notes if _says_fallback(n)), None)
        if note is not None:
            named = [s for s in scores if s.model.casefold() in note.casefold()] or scores
            yield self.finding(
                f"{table.name}: the notes say some tasks fell back to another model ({note!r}); the scores of "
                f"{', '.join(dict.fromkeys(s.model for s in named))} are those of a system with a fallback path, "
                f"not of the model alone",
                scores=[s.id for s in named], severity="warning", evidence=note, where="notes",
            )
            return
        rows: dict[int, list[Score]] = {}
        for s in scores:
            if _says_fallback(texts.get(s.id, "")):
                rows.setdefault(s.row, []).append(s)
        for row, cells in rows.items():
            s = cells[0]
            yield self.finding(
                f"{s.title!r} ({s.line_ref}) says some tasks fell back to another model: the row's scores are those of "
                f"a system with a fallback path, not of {', '.join(c.model for c in cells)} alone",
                scores=[c.id for c in cells], severity="warning", evidence=texts.get(s.id), where="row",
            )

    def _harness(self, table: SourceTable, scores: list[Score], texts: dict[str, str]) -> Finding | None:
        """One finding for the first system-level row whose harness the table names."""
        notes = " ; ".join(table.notes)
        system = [s for s in scores if s.resolution.system_level]
        for s in system:
            sources = [("harness", s.resolution.harness or ""), ("column header", s.model),
                       ("row", texts.get(s.id, "").replace(s.label, " ")), ("notes", notes)]
            hit = next(((where, m.group(0)) for where, text in sources
                        if (m := _HARNESS_PRODUCT.search(text)) and m.group(0).casefold() not in s.label.casefold()),
                       None)
            if hit is None and s.resolution.harness:
                hit = ("harness", s.resolution.harness)
            if hit is not None:
                return self.finding(
                    f"{s.title!r} ({s.line_ref}) is a system-level benchmark run in {hit[1]!r} (named in the {hit[0]}): "
                    f"its scores belong to model + harness systems, and the harness alone can move them by several "
                    f"points",
                    scores=[x.id for x in system], harness=hit[1], where=hit[0],
                )
        return None


class InHouseBenchmark(Rule):
    """A benchmark the publisher keeps to itself: in-house data whose items are not released.

    A score on a private, in-house set cannot be reproduced, re-scored or compared with anyone
    else's run: its item count, its difficulty and its overlap with the vendor's training data are
    known only to the vendor, and the vendor is also a contender in the table.  Read it as the
    vendor's claim, not as a measurement others can check.  Said once per benchmark.

    Bad:
        | ChineseQA (in-house) | 78.9 | 58.1 |   (a 20-point lead nobody outside the vendor can check)
    Good:
        a public benchmark, or the in-house set released with its items and scoring.
    Reference: Reuel, A. et al. (2024). "BetterBench: Assessing AI Benchmarks, Uncovering Issues, and Establishing
        Best Practices." NeurIPS 2024 Datasets and Benchmarks, arXiv:2411.12990 (reproducibility requires the
        data, the code and the evaluation procedure to be available).
    """

    code, slug, family, severity = "CC506", "in-house-benchmark", "validity", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        rows = rows_where(context, lambda s: s.resolution.in_house)
        by_bench: dict[str, list[list[Score]]] = {}
        for scores in rows.values():
            by_bench.setdefault(scores[0].benchmark or scores[0].title, []).append(scores)
        for lines in by_bench.values():
            s = lines[0][0]
            where = (f"{s.title!r} ({s.line_ref})" if len(lines) == 1
                     else f"{len(lines)} rows ({rows_ref([line[0] for line in lines])})")
            yield self.finding(
                f"{where}: {s.resolution.benchmark_name} is in-house data whose items are not released, so its scores "
                f"cannot be reproduced or compared outside the publisher's own tables",
                scores=[x.id for line in lines for x in line], benchmark=s.benchmark,
            )


class ModelUnpinned(Rule):
    """An API model named by an alias that has served several models over time.

    "GPT-4" was gpt-4-0314 and then gpt-4-0613; "Claude 3.5 Sonnet" is two models (June and
    October 2024); "Gemini 1.5 Pro" moved from -001 to -002.  A score printed under the bare
    name does not say which of them produced it, so it cannot be reproduced, and it cannot be
    set beside another report's figure for one snapshot: the snapshots differ by several points
    on the same benchmark.  Only snapshots released by the page's date count (a page of June
    2024 naming "Gemini 1.5 Flash" can only mean -001).  Said once per page.

    Bad:
        | Benchmark | Nova-2 | GPT-4 | GPT-3.5 Turbo |
    Good:
        | Benchmark | Nova-2 | GPT-4-0613 | GPT-3.5-Turbo-0613 |   (or the date the API was queried)
    Reference: Chen, L., Zaharia, M. & Zou, J. (2023). "How is ChatGPT's behavior changing over time?"
        arXiv:2307.09009 (GPT-4 March vs June 2023 snapshots: prime-number identification 84% vs 51%).
    """

    code, slug, family, severity = "CC507", "model-unpinned", "validity", "info"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        from claimcheck.models.names import moving_name

        pages: dict[int, dict[str, list[Score]]] = {}
        for s in context.checked():
            if s.model != context.subject.model:
                pages.setdefault(s.input, {}).setdefault(s.model, []).append(s)
        for models in pages.values():
            date = context.page_date(next(iter(models.values()))[0].table)
            named = []
            for model, cells in models.items():
                moving = moving_name(model)
                served = [x for x in moving.snapshots if date is None or on_or_after(date, x.released)] if moving else []
                if len(served) >= 2:
                    named.append((model, cells, served))
            if named:
                yield self._finding(named, date)

    def _finding(self, named: list, date: str | None) -> Finding:
        shown = "; ".join(f"{model} was {', then '.join(x.id for x in served)}" for model, _, served in named)
        names = " and ".join(m for m, _, _ in named[:2]) + (f" and {len(named) - 2} more" if len(named) > 2 else "")
        when = f"by the page's date ({date})" if date else "(the page prints no date)"
        return self.finding(
            f"{names} {'is' if len(named) == 1 else 'are'} named without a snapshot, and "
            f"{'the name has' if len(named) == 1 else 'each name has'} served several models {when}: {shown}. "
            f"Which model produced these scores is not stated, so they cannot be reproduced or set beside another "
            f"report's figures for one snapshot",
            scores=[c.id for _, cells, _ in named for c in cells], page_date=date,
            models={model: [x.id for x in served] for model, _, served in named},
        )


class ModelUnreleased(Rule):
    """A model the table's own note says is not released, compared with models that are.

    "Vanilla PTQ**  — **for comparison purposes only. Model not released." puts a column beside the
    released models that nobody outside the publisher can run, re-score or check; when the publisher
    also made the released models, the unreleased baseline is the one number in the comparison that
    only the interested party can produce.  Read it as the vendor's claim.  Said once per table.

    Bad:
        | Benchmark | Ours | Baseline** |   ** for comparison purposes only. Model not released.
    Good:
        a released baseline, or the unreleased one published with the release.
    Reference: Reuel, A. et al. (2024). "BetterBench: Assessing AI Benchmarks, Uncovering Issues, and Establishing
        Best Practices." NeurIPS 2024 Datasets and Benchmarks, arXiv:2411.12990 (results others cannot reproduce
        cannot be checked).
    """

    code, slug, family, severity = "CC508", "model-unreleased", "validity", "warning"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        from claimcheck.parsing.legend import mark_key
        from claimcheck.registry.footnotes import label_markers

        from claimcheck.models.names import clean

        pages: dict[tuple[int, str], dict[str, list[Score]]] = {}  # (input, the note) -> model -> cells
        for s in context.checked():
            marks = dict(context.legend(s.table).unreleased_marks)
            if not marks:
                continue
            hit = next((mark_key(m) for m in (*label_markers(s.model), *s.cell.markers) if mark_key(m) in marks), None)
            if hit is not None:
                pages.setdefault((s.input, f"{hit} {marks[hit]}"), {}).setdefault(clean(s.model), []).append(s)
        for (_, note), models in pages.items():
            cells = [s for found in models.values() for s in found]
            names = " and ".join(models) if len(models) <= 3 else f"{', '.join(list(models)[:3])} and {len(models) - 3} more"
            yield self.finding(
                f"{names} {'is' if len(models) == 1 else 'are'} marked {note!r} "
                f"({' and '.join(dict.fromkeys(c.origin or f'table {c.table + 1}' for c in cells))}): no one outside "
                f"the publisher can run or check {'this model' if len(models) == 1 else 'these models'}, so "
                f"{'its' if len(models) == 1 else 'their'} numbers are the publisher's claim, not a reproducible baseline",
                scores=[s.id for s in cells], models=list(models), note=note,
            )


class ModelRelativeName(Rule):
    """A model named only against the row above it ("+SFT", "+DPO", "+Chat" under a base model).

    "+SFT" under "OLMo-1B (0724)" says the row is that model after some fine-tuning, not which
    checkpoint it is: a released one, an internal one, with which data.  claimcheck reads the row
    as "OLMo-1B (0724) +SFT" so that its cells stay apart from the other "+SFT" rows, but the page
    names no model another report could run or match.  Said once per table.

    Bad:
        | OLMo-1B (0724) | 25.0 |
        | +SFT           | 36.0 |
    Good:
        | OLMo-1B-0724-SFT-hf | 36.0 |   (the checkpoint's own name)
    Reference: Mitchell, M. et al. (2019). "Model Cards for Model Reporting." FAT* 2019, doi:10.1145/3287560.3287596
        (a reported result names the exact model it was measured on).
    """

    code, slug, family, severity = "CC509", "model-relative-name", "validity", "info"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        tables: dict[tuple[int, int], dict[str, Score]] = {}
        for s in context.scores:
            if s.relative:
                tables.setdefault((s.input, s.table), {}).setdefault(s.model, s)
        for cells in tables.values():
            first = next(iter(cells.values()))
            where = first.origin or f"table {first.table + 1}"
            shown = ", ".join(f"{s.relative!r} ({s.model})" for s in list(cells.values())[:5]) + (
                f" and {len(cells) - 5} more" if len(cells) > 5 else "")
            yield self.finding(
                f"{len(cells)} model{'s' if len(cells) != 1 else ''} of {where} {'are' if len(cells) != 1 else 'is'} named "
                f"only against the row above: {shown}. Which checkpoint each row is, the page does not say, so no other "
                f"report's figure can be matched to it", scores=[s.id for s in cells.values()],
                models=list(cells), labels=[s.relative for s in cells.values()])


class ModelCheckpointUnstated(Rule):
    """A model named as its base checkpoint on benchmarks only a chat model can take.

    "Qwen2.5-32B" and "Llama 3.1 8B" are, by their vendors' naming, the pretrained checkpoints;
    the tuned ones are "-Instruct".  MT-Bench, Arena-Hard and AlpacaEval rate free-form chat
    answers, so the scores must come from a tuned checkpoint, but the table does not say which (an
    instruct release, an internal fine-tune, another variant): the numbers cannot be matched to a
    model anyone can run.  Only families whose bare names are documented as the base checkpoints
    count (the model catalogue's ``bare_is_base``, with the vendor's own words), and a table whose
    heading says it lists tuned models ("Instruction Tuned Models") states it.  Once per table.

    Bad:
        | Model        | MT-Bench |
        | Qwen 2.5 32B | 8.49     |
    Good:
        | Qwen2.5-32B-Instruct | 8.49 |
    Reference: Mitchell, M. et al. (2019). "Model Cards for Model Reporting." FAT* 2019, doi:10.1145/3287560.3287596
        (a reported result names the exact model it was measured on).
    """

    code, slug, family, severity = "CC510", "model-checkpoint-unstated", "validity", "info"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        from claimcheck.models.names import names_base_checkpoint

        tables: dict[tuple[int, int], dict[str, Score]] = {}
        rows: dict[tuple[int, int], set[str]] = {}
        for s in context.checked():
            if s.resolution.chat_judged and s.checkpoint != "tuned" and names_base_checkpoint(s.model):
                tables.setdefault((s.input, s.table), {}).setdefault(s.model, s)
                rows.setdefault((s.input, s.table), set()).add(s.resolution.benchmark_name or s.title)
        for key, cells in tables.items():
            first = next(iter(cells.values()))
            benches = sorted(rows[key])
            yield self.finding(
                f"{', '.join(cells)} {'are' if len(cells) > 1 else 'is'} printed under {'names' if len(cells) > 1 else 'a name'} "
                f"that, by {'their' if len(cells) > 1 else 'its'} vendor's naming, denote{'' if len(cells) > 1 else 's'} the "
                f"base checkpoint{'s' if len(cells) > 1 else ''}, on {', '.join(benches[:3])} ({first.origin or f'table {first.table + 1}'}), "
                f"which rate{'s' if len(benches) == 1 else ''} chat answers: which tuned checkpoint was run is not stated",
                scores=[s.id for s in cells.values()], models=list(cells), benchmarks=benches)


RULES = [BenchmarkFlawed, BenchmarkDeprecated, ContaminationRisk, CompositeIndex, SystemNotModel, InHouseBenchmark,
         ModelUnpinned, ModelUnreleased, ModelRelativeName, ModelCheckpointUnstated]
