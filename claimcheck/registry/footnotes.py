"""Footnotes that change what a cell measures.

"* conducted on the text-only HLE subset" turns every cell marked ``*`` into a
text-only score; "values for our models are calculated on n=486 of the 500
tasks" changes a row's denominator.  A marked note refines the resolution of
the cells carrying its marker; an unmarked note that names a benchmark and a
denominator without saying which columns it concerns puts the row's
denominator in doubt (a CC202 caveat), because guessing the columns would be
inventing an n.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable, Sequence

from claimcheck.parsing.labels import copied_words, extract_facets
from claimcheck.parsing.legend import mark_key, marked_notes
from claimcheck.records import Note, Resolution

_LABEL_MARKS = re.compile(r"([*†‡§¶]+|[⁰¹²³⁴⁵⁶⁷⁸⁹]+)(?=\s|$|[(),])")
_COUNT = re.compile(
    r"\bn\s*=\s*([\d,]+)|\b([\d,]+)\s+(?:of|out of)\s+(?:the\s+)?([\d,]+)\b|"
    r"\bon\s+(?:a\s+)?(?:subset\s+of\s+)?([\d,]+)\s+(?:\w+\s+){0,2}(?:tasks|problems|questions|items|instances|samples)\b|"
    # "we sampled nearly 500 test cases": a subset the note drew, of about that size
    r"\b(?:sampled|selected|drew|used|evaluated on|tested on)\s+(?:(?P<approx>nearly|about|approximately|around|roughly|"
    r"some|over|~)\s*)?(?P<sampled>[\d,]+)\s+(?:\w+\s+){0,2}(?:cases|examples|tasks|problems|questions|items|instances|samples)\b",
    re.I,
)


#: Budget phrases, never subsets: "extended" in "w/o extended thinking" is not GPQA Extended.
_BUDGET_PHRASES = re.compile(
    r"(?:\b(?:w/o|w/|without|with|no|non)[- ]?)?\s*\bextended\s+(?:thinking|reasoning)\b|\b(?:non[- ]?)?thinking\b|"
    r"\b(?:minimal|low|medium|high|max)\s+(?:effort|reasoning)\b|\breasoning effort\b", re.I)


def read_notes(notes: Sequence[str]) -> list[Note]:
    """Split a table's notes into marked and unmarked ones (the legend's reading of them)."""
    return [note for raw in notes for note in marked_notes(raw)]


def label_markers(label: str) -> tuple[str, ...]:
    """Footnote marks printed on a row label ("SWE-bench Verified†", "HLE*"): they concern every cell of it."""
    from claimcheck.parsing.cells import strip_emphasis

    text, _ = strip_emphasis((label or "").strip())  # "**LiveCodeBench***": the bold's closing ** is no mark
    return tuple(_LABEL_MARKS.findall(text))


def note_for(markers: Sequence[str], notes: Sequence[Note], names: Callable[[str], bool] | None = None) -> Note | None:
    """The marked note that explains one of a cell's markers.  Where several notes share the marker (two
    "*" notes under one table), the one that ``names`` the cell's benchmark is it, if one does."""
    keys = {mark_key(m) for m in markers}
    found = [n for n in notes if n.marker is not None and mark_key(n.marker) in keys]
    if len(found) > 1 and names is not None:
        return next((n for n in found if names(n.text)), found[0])
    return found[0] if found else None


def stated_count(text: str) -> int | None:
    """The denominator a note states ("n=486", "486 of the 500 tasks", "on 486 tasks")."""
    m = _COUNT.search(text)
    if not m:
        return None
    value = m.group(1) or m.group(2) or m.group(4) or m.group("sampled")
    return int(value.replace(",", "")) if value else None


def refine(res: Resolution, note: Note, resolver) -> Resolution:
    """A cell's resolution after its marked note: version or date window, subset, n, tools, selection,
    second-hand."""
    if res.benchmark is None:
        return res
    facets = extract_facets(note.text)
    bench = resolver.catalogue.get(res.benchmark)
    changes: dict = {"reasons": {**res.reasons, "note": f"footnote {note.marker}: {note.text[:120]}"}}
    subset = resolver.subset_named(bench, _BUDGET_PHRASES.sub(" ", note.text), res.version)
    if subset is not None and subset.id != res.subset:
        changes.update(_subset_changes(res, bench, subset, resolver, changes["reasons"]))
    # "LiveCodeBench version 6, date range 2408-2505": a date window, or a version the registry lists by that name
    # ("from the December 2024 technical report" names no version of the benchmark)
    named = resolver.version_named(bench, facets.version) if bench is not None and facets.version else None
    if res.version is None and (facets.window or named):
        changes["version"] = facets.window or named.id
        changes["unstated_versions"] = ()
    count = stated_count(note.text)
    if count:
        changes.update(n=count, n_source="table", n_note=None, n_evidence=None)
    if facets.tools is not None:
        changes["tools"] = facets.tools
    if facets.metric and facets.metric not in ("accuracy", "resolved"):
        changes["metric"] = facets.metric  # "avg@64", "Average of 8 runs": what the cell's number is
        changes["unstated_metrics"] = ()
    if facets.secondhand or (note.marker is not None and copied_words(note.text, marked=True)):
        changes["secondhand"] = True  # "values marked with † are from OpenCompass"
    budget = dict(res.budget)
    for key in ("selection", "effort", "thinking_budget"):
        if getattr(facets, key):
            budget[key] = getattr(facets, key)
    for key in ("shots", "cot"):  # "4.0 (5 shot)", "† 8-shot CoT": the cell's own prompt
        if getattr(facets, key) is not None:
            budget[key] = getattr(facets, key)
    changes["budget"] = budget
    return replace(res, **changes)


def _subset_changes(res: Resolution, bench, subset, resolver, reasons: dict) -> dict:
    """The fields a note's subset changes: the subset, and the registry's count for it unless the table
    printed a count of its own."""
    changes: dict = {"subset": subset.id, "unstated_subsets": ()}
    if res.n_source != "table":  # a count printed in the table stays; the registry's follows the subset
        reasons = dict(reasons)
        n, source, why = resolver.catalogue_n(bench, bench.version(res.version), subset, reasons)
        changes.update(n=n, n_source=source, reasons=reasons, n_evidence=None,
                       n_note=why or (None if source == "registry" else f"the note's subset {subset.id!r} has no verified count"))
    return changes


#: "using the main set", "on the Diamond subset", "the test split": a note naming the item set it used
_ITEM_SET = re.compile(r"\b(\w+(?:-\w+)?)[ -](?:sub)?(?:set|split)\b|\b(?:sub)?(?:set|split)\s+(?:of\s+)?(\w+)", re.I)


def stated_subset(res: Resolution, sentence: str, resolver) -> Resolution:
    """A note's sentence that names the benchmark and the one registered item set it used ("For GPQA,
    we ... report exact match scores ... using the main set") settles the subset of a row that names
    none, and with it the registry's count.  A word is an item set only beside "set", "subset" or
    "split": "our main results" names no subset."""
    if res.benchmark is None or not res.unstated_subsets:  # the row names its set, or the benchmark has none
        return res
    bench = resolver.catalogue.get(res.benchmark)
    if bench is None:
        return res
    named = {s.id: s for m in _ITEM_SET.finditer(_BUDGET_PHRASES.sub(" ", sentence))
             if (s := resolver.subset_named(bench, m.group(1) or m.group(2), res.version)) is not None}
    if len(named) != 1:  # none, or two sets in one sentence: the sentence does not say which cells used which
        return res
    subset = next(iter(named.values()))
    reasons = {**res.reasons, "subset": f"note: {sentence[:160]}"}
    return replace(res, **{"reasons": reasons, **_subset_changes(res, bench, subset, resolver, reasons)})


def stated_window(res: Resolution, sentence: str) -> Resolution:
    """A note's sentence that gives the date window of the release the row names ("LiveCodeBench v5
    (20240801-20250201), LiveCodeBench v6 (20250201-20250501) …"): the row's problems are that window
    of the release, not all of it, so none of the release's subsets is the row's and no count is known."""
    if res.benchmark is None or not res.version or res.subset is not None or res.n_source == "table" \
            or res.version.casefold() not in sentence.casefold():  # the cheap test first: this runs per cell and note
        return res
    m = re.search(rf"(?<![\w.]){re.escape(res.version)}\s*[(（]([^()（）]{{1,40}})[)）]", sentence, re.I)
    window = extract_facets(m.group(1)).window if m else None
    if window is None:
        return res
    return replace(res, part=f"{res.version}, window {window}", unstated_subsets=(), n=None, n_source=None, n_evidence=None,
                   n_note=f"the note's window {window} of {res.version} has no registered count",
                   reasons={**res.reasons, "subset": f"note: the {res.version} problems of {window} ({sentence[:120]})"})


#: "we use `ppl` for the MCQ metrics of base models", "perplexity-based evaluation", "选择题使用生成式评测"
_LIKELIHOOD = re.compile(r"\bppl\b|perplexity|log[- ]?likelihood|\blikelihood\b|困惑度", re.I)
_GENERATION = re.compile(r"\bgen(?:eration|erative)?[- ]based\b|\bgenerative (?:evaluation|scoring)\b|生成式", re.I)
_MULTIPLE_CHOICE = re.compile(r"\bMCQs?\b|multiple[- ]choice|选择题|多选", re.I)


def stated_scoring(res: Resolution, sentence: str, model: str) -> Resolution:
    """A note's sentence saying how multiple-choice items were scored ("我们使用 `ppl` 对基座模型进行 MCQ
    指标的评测": base models' MCQ rows ranked by likelihood) sets it for the rows of multiple-choice
    benchmarks (a chance level in the registry) and, when the sentence names a kind of checkpoint, for
    those models only.  A sentence naming both methods, or no multiple-choice items, says nothing."""
    if res.benchmark is None or res.chance is None or not _MULTIPLE_CHOICE.search(sentence):
        return res
    likelihood, generation = bool(_LIKELIHOOD.search(sentence)), bool(_GENERATION.search(sentence))
    if likelihood == generation:
        return res
    group = sentence_group(sentence)
    if group is not None and model_group(model) != group:
        return res
    return replace(res, scoring="likelihood" if likelihood else "generation",
                   reasons={**res.reasons, "scoring": f"note: {sentence[:160]}"})


_RUNS = re.compile(r"\b(?:averaged?|mean)\b[^.;。；]{0,40}?\bover\s+(\d+)\s+(?:runs?|trials?|seeds?|samples?|repetitions?)\b|"
                   r"\b(\d+)\s+(?:runs?|trials?|seeds?|repetitions?)\s+(?:were\s+)?averaged\b", re.I)


def sampled_from(res: Resolution, note: Note) -> Resolution:
    """A note that says the benchmark was scored on a sample of it ("we sampled nearly 500 test cases … and
    averaged the results over 3 runs"): that sample's size is the n, approximate when the note says so, and
    a mean over runs is no whole count.  Only a count below the registry's replaces it."""
    m = _COUNT.search(note.text)
    if m is None or m.group("sampled") is None:
        return doubt_denominator(res, note)
    k = int(m.group("sampled").replace(",", ""))
    if res.n is not None and k >= res.n:
        return doubt_denominator(res, note)
    approx = m.group("approx") is not None
    why = f"the page's note: {note.text[:160]}" + (" (an approximate count)" if approx else "")
    changes: dict = dict(n=k, n_source="table", n_fixed=not approx, n_evidence=None,
                         n_note=f"the registry's {res.n:,} is the full set; the note says {k:,} were sampled" if res.n else None,
                         reasons={**res.reasons, "n": why})
    if (runs := _RUNS.search(note.text)) and int(runs.group(1) or runs.group(2)) > 1:
        changes.update(granularity="averaged", reasons={**changes["reasons"], "granularity": why})
    return replace(res, **changes)


def doubt_denominator(res: Resolution, note: Note) -> Resolution:
    """An unmarked note names this benchmark and a denominator, not the columns it applies to."""
    return replace(res, unknown=tuple(dict.fromkeys((*res.unknown, "denominator"))),
                   reasons={**res.reasons, "note": f"footnote: {note.text[:160]}"})


_SINGLE_RUN = re.compile(r"\b(?:a |one )?single[- ]run\b|\bone run\b|\bgreedy(?: decoding)?\b|\bsingle sample\b|单次(?:运行|采样)", re.I)
_SENTENCES = re.compile(r"(?<=[.;。；])\s+")


#: "Benchmarks containing fewer than 1000 samples are tested multiple times …" (DeepSeek-V3): a rule by size
_REPEATED_BELOW = re.compile(
    r"(?:fewer|less) than\s+([\d,]+)\s+(?:samples|items|questions|problems|examples)\b[^.;。；]*?"
    r"\b(?:tested|run|evaluated|sampled|repeated)\s+(?:multiple|several|many|\d+)\s+times", re.I)


def repeated_below(res: Resolution, sentence: str) -> Resolution:
    """A page's note that benchmarks below some size were run several times and averaged: such a line's
    scores are means over runs, so no k/n grid applies to them (and their SE may be below the binomial one)."""
    m = _REPEATED_BELOW.search(sentence)
    if not m or res.n is None or res.n >= int(m.group(1).replace(",", "")) or res.granularity in ("partial", "averaged"):
        return res
    return replace(res, granularity="averaged", reasons={**res.reasons, "granularity": f"the page's note: {sentence[:160]}"})


def single_run(text: str) -> bool:
    """Whether a label or note says each item was scored once ("greedy", "single run", "one sample")."""
    return bool(_SINGLE_RUN.search(text))


def protocol_sentences(text: str) -> list[str]:
    """An unmarked note split into sentences, each of which may state how some benchmarks were run."""
    return [p.strip() for p in _SENTENCES.split(text) if p.strip()]


_GROUP_WORDS = {
    "tuned": re.compile(r"\b(?:chat|instruct(?:ion)?(?:[- ]tuned)?|aligned|post[- ]trained)[- ](?:models?|versions?|variants?)\b|"
                        r"对话模型|指令模型", re.I),
    "base": re.compile(r"\b(?:base|pre[- ]?trained)[- ](?:models?|versions?|variants?)\b|基座模型|基础模型|预训练模型", re.I),
}
def model_group(model: str) -> str:
    """Whether a model name reads as a tuned (chat, instruct) or a base checkpoint (the default)."""
    from claimcheck.models.names import checkpoint_kind

    return "tuned" if checkpoint_kind(model) == "tuned" else "base"


def sentence_group(sentence: str) -> str | None:
    """The kind of checkpoint a note's sentence speaks of ("We evaluate chat models with 0-shot"), if one."""
    hits = [group for group, pattern in _GROUP_WORDS.items() if pattern.search(sentence)]
    return hits[0] if len(hits) == 1 else None


def apply_protocol(res: Resolution, sentence: str, model: str = "") -> Resolution:
    """A sentence naming the benchmark states how it was run: "AIME24 and AIME25 are with averaged score
    of 32 repetitions" (avg@32), "MATH500 ... with a single run" (one result per item).  A sentence that
    gives the shots of one kind of checkpoint ("We evaluate chat models with 0-shot for MMLU") sets them
    for those models and says the others were run otherwise ("not 0-shot"), so the two are no
    like-for-like pair."""
    facets = extract_facets(sentence)
    reasons = {**res.reasons, "note": f"footnote: {sentence[:160]}"}
    group = sentence_group(sentence)
    if facets.shots is not None and group is not None and model:
        shots = facets.shots if model_group(model) == group else f"not {facets.shots}"
        return replace(res, budget={**res.budget, "shots": shots}, reasons=reasons)
    if facets.metric and facets.metric.startswith(("avg@", "maj@", "cons@", "pass@")):
        return replace(res, metric=facets.metric, reasons=reasons)
    if single_run(sentence):
        return replace(res, single_run=True, reasons=reasons)
    return res
