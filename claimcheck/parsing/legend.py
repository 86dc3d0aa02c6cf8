"""A table's legend and notes, read once into typed facts every later stage uses.

    read_legend(["Bold denotes global SOTA, and underlined denotes open-source SOTA.",
                 "Data points marked with * are directly from the model's tech report."])
    -> Legend(bold="best", underline="group-best", underline_group="open-source",
              secondhand_marks=("*",), notes=(Note(None, "Bold…"), Note("*", "Data points…")))

A note that names its mark inside a sentence explains it by that mark's clause only ("For the models marked by
*star* we evaluated the tasks internally, while for the models marked by two *stars* the results were taken from
paper": Note("*", "For the models … internally"), Note("**", "for the models … taken from paper")).

What bold and underline mean (the best of the row, the best of a group of models, the vendor's own
model, the runner-up), the tie gap a note allows, and which marks a note explains (a second-hand
value, a subset, another n).  A note names its mark at its start ("* on the text-only subset",
"¹ from the tech report") or in its text ("values marked with * are …", "† denotes …").
"""

from __future__ import annotations

import re
from typing import Sequence

from claimcheck.records import Legend, Note

_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_LEAD_MARK = re.compile(
    r"^\s*\\?((?:[*†‡§¶#^](?:\\(?=[*†‡§¶#^]))?)+|[⁰¹²³⁴⁵⁶⁷⁸⁹]+|\[\^?\d+\]|\(\w\)|\^\w+|<sup>\s*[^<]{1,4}\s*</sup>)\s*[:.)]?\s*(.+)$",
    re.S | re.I)
_NAMED_MARK = re.compile(
    r"(?:marked|denoted|indicated|labell?ed|flagged|annotated)\s+(?:with|by|as)\s+(?:an?\s+|the\s+)?"
    r"(?:\"|'|`)?(\\?[*†‡§¶]+|[⁰¹²³⁴⁵⁶⁷⁸⁹]+|\^\w)(?:\"|'|`)?"
    r"|^\s*(?:\"|'|`)?(\\?[*†‡§¶]+)(?:\"|'|`)?\s+(?:denotes|indicates|means|marks)\b"
    r"|(?:带有?|标有|标注)\s*(\\?[*†‡§¶]+)", re.I)
_SUP_TAG = re.compile(r"</?sup>", re.I)

_BOLD = r"(?:\bbold\w*|\bin bold\b|\bbolded\b|加粗|粗体)"
_UNDERLINE = r"(?:\bunderlin\w*|下划线)"
_BEST = re.compile(r"\bbest\b|\bsota\b|state[- ]of[- ]the[- ]art|\bhighest\b|\btop\b|最佳|最优|最好|最高", re.I)
_OWN = re.compile(r"\b(?:our|ours|the proposed|this model)\b|本文|我们的|我方", re.I)
_SECOND = re.compile(r"\bsecond\b|runner[- ]up|次优|第二", re.I)
_GROUP = re.compile(
    r"\b(open[- ]?(?:source|weights?)|closed[- ]?(?:source|weights?)|proprietary|non[- ]reasoning|reasoning|"
    r"(?:similar|same|comparable)[- ]size\w*|each (?:group|block|size|section|category)|within (?:each |the same )?\w+|"
    r"among [\w -]+?models?|in (?:each|its) \w+)\b|开源|闭源|同尺寸|同规模|同组", re.I)
_GLOBAL = re.compile(r"\b(?:global(?:ly)?|overall|all models)\b|全局|全部", re.I)
_TIE_RULE = re.compile(
    r"(?:gaps?|differences?|差距|差值|相差)[^.;。]*?"
    r"(?:≤|<=|≦|<|within|at most|up to|less than|no more than|not (?:exceeding|more than|above|over)|"
    r"不超过|不大于|小于|以内)\s*([0-9]+(?:\.[0-9]+)?)", re.I)
_TIE_WORDS = re.compile(r"\bties?\b|\btied\b|same level|on par|\bequal(?:ly)?\b|equivalent|持平|并列|同一水平|相当", re.I)
_CLAUSES = re.compile(r"[;；。]|,\s*(?:and|while|whereas)\s+|\s+and\s+(?=(?:the\s+)?(?:bold|underlin))|，", re.I)


#: A note saying the marked model is not available to anyone else: "Model not released", "internal
#: checkpoint", "not publicly available", "未开源", "未发布".
_UNRELEASED = re.compile(
    r"\b(?:models?|weights|checkpoints?)\s+(?:(?:is|are|was|were|has|have)\s+)?(?:not|never)\s+(?:been\s+)?(?:publicly\s+)?"
    r"(?:released|available|open[- ]?sourced|published)\b|\bnot\s+(?:been\s+)?(?:publicly\s+)?released\b|"
    r"\bnot\s+publicly\s+available\b|\bunreleased\b|\binternal\s+(?:model|checkpoint|version)s?\b|未(?:开源|发布|公开)", re.I)


#: A sentence saying the scores come from the publisher's own evaluation code that no one else can run:
#: "based on the internal, non-open-source hai-llm evaluation framework", "we used our internal
#: evaluations library", "using our internal benchmark platform", "基于内部评测框架".  An in-house
#: *benchmark* is another matter (CC506): the sentence must name a framework, library or platform.
_PRIVATE = r"(?:internal|in[- ]house|proprietary|non[- ]open[- ]source|closed[- ]source|not open[- ]sourced?|private)"
_HARNESS_NOUN = (r"(?:evaluation|evaluations|eval|evals|benchmark|benchmarking|testing)[- ](?:framework|library|platform|"
                 r"harness|pipeline|toolkit|toolchain|codebase|suite|system|tool|infrastructure)s?")
_PRIVATE_HARNESS = re.compile(
    rf"\b{_PRIVATE}\b(?:[ ,]+(?:and\s+)?(?:{_PRIVATE}|(?!(?:of|the|an?|in|for|to|on|with|is|are|was|were)\b)[\w-]+)){{0,3}}?"
    rf"[ ,]+{_HARNESS_NOUN}\b"
    r"|(?:内部|自研|非开源)的?(?:评测|评估|测评)(?:框架|平台|工具|系统|代码)", re.I)
_SENTENCE_END = re.compile(r"(?<=[.;!?])\s+|(?<=[。；！？])\s*")


def private_harness(texts: Sequence[str]) -> str | None:
    """The first sentence of ``texts`` (notes, the opening paragraphs of the sections above a table)
    saying the scores were produced with evaluation code that is not public, or None."""
    for text in texts:
        for sentence in _SENTENCE_END.split(text):
            if _PRIVATE_HARNESS.search(sentence):
                return sentence.strip()
    return None


def mark_key(marker: str) -> str:
    """A mark as compared: superscript digits as digits, brackets and escapes dropped ("[1]" -> "1")."""
    return marker.translate(_SUPERSCRIPTS).strip("[]^() \\")


_BOLD_LEAD = re.compile(r"^(\s*)(?:\*\*|__)([^*_\n]{1,40}?)(?:\*\*|__)")  # "**Note:** …": emphasis, not a mark


def read_note(raw: str) -> Note:
    """One note with the mark it explains (None for an unmarked note)."""
    raw = _BOLD_LEAD.sub(r"\1\2", raw)
    m = _LEAD_MARK.match(raw)
    if m:
        mark = _SUP_TAG.sub("", m.group(1)).replace("\\", "").translate(_SUPERSCRIPTS).strip("[]^() ")
        return Note(mark or m.group(1), m.group(2).strip())
    named = _NAMED_MARK.search(raw)
    if named:
        mark = next(g for g in named.groups() if g)
        return Note(mark_key(mark) or mark, raw.strip())
    return Note(None, raw.strip())


#: a mark a note names inside a sentence, by its symbol or in words: "marked with *", "marked by *star*", "marked by
#: two *stars*" (**), "denoted by a dagger"
_NAMED_IN_TEXT = re.compile(
    r"(?:marked|denoted|indicated|labell?ed|flagged|annotated)\s+(?:with|by|as)\s+(?:an?\s+|the\s+|one\s+)?"
    r"(?:(two|double)\s+)?(?:\"|'|`)?(?:\*?(asterisks?|stars?|daggers?)\*?|(\\?[*†‡§¶]+|[⁰¹²³⁴⁵⁶⁷⁸⁹]+|\^\w))(?:\"|'|`)?",
    re.I)
_WORD_MARKS = {"asterisk": "*", "star": "*", "dagger": "†"}


def marked_notes(raw: str) -> list[Note]:
    """A printed note as the notes it holds: one per mark it explains, with the words that say what that mark
    means (:func:`mark_meanings`), or the note itself when it explains no mark."""
    return [Note(mark, says) for mark, says in mark_meanings(raw)] or [read_note(raw)]


def mark_meanings(raw: str) -> list[tuple[str, str]]:
    """(mark, the words that say what it means) for each mark a note explains.  A note led by its mark ("* from
    the tech report") means it all; a mark named inside a sentence means its own clause only: in "For the models
    marked by *star* we evaluated the tasks internally, while for the models marked by two *stars* the results
    were taken from paper" one star is an internal run and two are copied, and in "results were obtained from
    OpenCompass (some data marked with \\*, which means evaluating with Thinking Mode)" the mark means the
    bracket's words, not the sentence's source."""
    note = read_note(raw)
    if note.marker is not None and _LEAD_MARK.match(_BOLD_LEAD.sub(r"\1\2", raw)):
        return [(mark_key(note.marker), note.text)]  # led by its mark
    out = []
    for m in _NAMED_IN_TEXT.finditer(raw):
        word = (m.group(2) or "").casefold().rstrip("s")
        mark = _WORD_MARKS.get(word, "") if word else mark_key(m.group(3) or "")
        if mark and m.group(1):
            mark *= 2  # "two stars": **
        if mark:
            out.append((mark, _clause_around(raw, m.start(), m.end())))
    return out or ([(mark_key(note.marker), note.text)] if note.marker is not None else [])


def _clause_around(text: str, start: int, end: int) -> str:
    """The clause of ``text`` holding ``text[start:end]``: the bracket around it, else the stretch between the
    clause breaks (a sentence end, a semicolon, ", while") before and after it."""
    opened = text.rfind("(", 0, start)
    if opened > text.rfind(")", 0, start) and (closed := text.find(")", end)) != -1:
        return text[opened + 1:closed].strip()
    breaks = [(m.start(), m.end()) for m in _COPIED_CLAUSES.finditer(text)]
    before = max((b for a, b in breaks if b <= start), default=0)
    after = min((a for a, b in breaks if a >= end), default=len(text))
    return text[before:after].strip()


def _meaning(clause: str) -> tuple[str | None, str | None]:
    """What a clause says a style marks, and over which group of models."""
    if _OWN.search(clause) and not _BEST.search(clause):
        return "own", None
    if _SECOND.search(clause):
        return "second", None
    if _BEST.search(clause):
        group = _GROUP.search(clause)
        if group and not _GLOBAL.search(clause):
            return "group-best", group.group(0)
        return "best", None
    return None, None


def _styles(notes: Sequence[str]) -> dict[str, tuple[str | None, str | None, str]]:
    """{"bold"|"underline": (meaning, group, note)} from every clause naming a style."""
    found: dict[str, tuple[str | None, str | None, str]] = {}
    for note in notes:
        for clause in _CLAUSES.split(note):
            for style, pattern in (("bold", _BOLD), ("underline", _UNDERLINE)):
                if style not in found and re.search(pattern, clause, re.I):
                    meaning, group = _meaning(clause)
                    if meaning is None and style == "bold" and _OWN.search(note) and not _BEST.search(note):
                        meaning = "own"
                    if meaning is not None:
                        found[style] = (meaning, group, note)
    return found


def tie_rule(notes: Sequence[str]) -> tuple[float | None, str | None]:
    """The tie gap the notes state for bolding ("gaps ≤ 0.3 are ties, both bolded") and the note saying it."""
    for note in notes:
        m = _TIE_RULE.search(note)
        if m and _TIE_WORDS.search(note) and re.search(_BOLD, note, re.I):
            return float(m.group(1)), note
    return None, None


def read_legend(notes: Sequence[str], leads: Sequence[str] = (), prose: Sequence[str] = ()) -> Legend:
    """Every fact a table's notes state about its marks and emphasis, and whether they (or ``leads``, the
    opening paragraphs of the sections it is printed in, or the rest of their ``prose``) say its scores come from
    private evaluation code.  Notes that say nothing of bold or underline leave it to the leads ("the bolded scores
    represent the best performances within the 13B-33B range", said above the table)."""
    from claimcheck.parsing.labels import copied_words

    parsed = tuple(note for raw in notes for note in marked_notes(raw))
    styles = _styles(notes) or _styles(leads)
    bold, bold_group, bold_note = styles.get("bold", (None, None, None))
    underline, underline_group, underline_note = styles.get("underline", (None, None, None))
    gap, gap_note = tie_rule(notes)
    secondhand = tuple(dict.fromkeys(mark_key(n.marker) for n in parsed
                                     if n.marker is not None and copied_words(n.text, marked=True)))
    unreleased = tuple(dict.fromkeys((mark_key(n.marker), n.text) for n in parsed
                                     if n.marker is not None and _UNRELEASED.search(n.text)))
    missing = next((n for n in (*notes, *leads, *prose) if _MISSING_NOTE.search(n)), None)
    return Legend(notes=parsed, bold=bold, bold_group=bold_group, underline=underline,
                  underline_group=underline_group, tie_gap=gap,
                  rule=gap_note or bold_note or underline_note, secondhand_marks=secondhand,
                  unreleased_marks=unreleased, private_harness=private_harness((*notes, *leads, *prose)),
                  missing_note=missing)


#: A note on what a missing cell means: "- denotes not reported", "N/A: not evaluated", "results not available".
_MISSING_NOTE = re.compile(
    r"(?:^|[\s(\"'“])(?:-|–|—|n/?a)(?:[\s)\"'”]|$)[^.;]{0,40}?\b(?:denote|mean|indicate|represent|stand|=|:)|"
    r"\bnot (?:reported|available|evaluated|tested|applicable|supported|released)\b|\b(?:unavailable|unreported)\b|"
    r"未(?:测试|评测|报告|公布)|不适用|无法(?:测试|评测)", re.I)


def carried(legend: Legend, before: Legend | None) -> Legend:
    """A table's legend with the emphasis rules an earlier table of the same document stated, when it
    states none of its own (vendors say "best results in bold; gaps ≤ 0.3 are ties" once per page)."""
    if before is None or legend.bold or legend.underline or legend.tie_gap is not None:
        return legend
    if not (before.bold or before.underline or before.tie_gap is not None):
        return legend
    from dataclasses import replace

    return replace(legend, bold=before.bold, bold_group=before.bold_group, underline=before.underline,
                   underline_group=before.underline_group, tie_gap=before.tie_gap,
                   rule=f"{before.rule} (stated under an earlier table)" if before.rule else None)


#: Whose values a note says are copied when it names no model: the other models ("baselines", "other models",
#: "competitors", "the compared models") or every model ("all results", "all scores").
_OTHERS = re.compile(
    r"\b(?:other|baseline|competitor|competing|compared|comparison|third[- ]party|rival|external|remaining|open[- ]source|"
    r"proprietary|closed[- ]source)\s+(?:models?|systems?|methods?|baselines?|results|numbers|scores|values|LLMs?|works)\b|"
    r"\bbaselines?\b|\bcompetitors?\b|\bothers\b|其他模型|其余模型|对比模型|基线", re.I)
_EVERY = re.compile(r"\ball (?:the )?(?:results|scores|numbers|values|figures|models|entries)\b|\bevery (?:model|result|score|value)\b|"
                    r"所有(?:结果|模型|分数)|全部", re.I)
_COPIED_CLAUSES = re.compile(r"[;；]|,\s*(?:and|while|whereas|but)\s+|\s+(?:while|whereas)\s+|(?<=[.!?])\s+(?=[A-Z])|(?<=[。！？])")


def copied_clauses(text: str) -> list[tuple[str, str]]:
    """Each clause of an unmarked note that says values were copied from another report, with whose:
    ("others", clause) for the models other than the publisher's ("baseline numbers are taken from their
    reports", and a clause that names no one: "results are reported in the original papers"), ("all", clause)
    for every model ("all results are taken from the official leaderboard").  A clause may also name models;
    the caller matches them.  A clause about the publisher's own runs ("results of our model are from our
    internal evaluation") says nothing was copied."""
    from claimcheck.parsing.labels import copied_words

    found = []
    for clause in _COPIED_CLAUSES.split(text):
        if clause and clause.strip() and copied_words(clause):
            scope = "all" if _EVERY.search(clause) and not _OTHERS.search(clause) else "others"
            found.append((scope, clause.strip()))
    return found
