"""What a footnote line under a table starts with, shared by every reader.

    NOTE_START.match("* on the text-only subset")      -> a note
    NOTE_START.match("Sources: vendor blog, 2025-06")  -> a note
    NOTE_START.match("GPQA Diamond")                    -> not a note

A reader that knows more about its format (a Markdown blockquote or ``<sup>``,
a ``#`` comment line in a CSV) adds those starts with :func:`note_start`.
"""

from __future__ import annotations

import re

#: Starts of a footnote line: a marker (``*``, ``\\*``, ``†``, ``¹``, ``[1]``,
#: ``[^1]``, ``(a)``) or a word that introduces notes or sources.
NOTE_MARKERS = (
    r"\\?[*†‡§¶]|[¹²³⁴⁵⁶⁷⁸⁹⁰]|\[\^?\d+\]|\(\w\)"
    r"|Notes?\b|Sources?\b|注|说明|备注|来源"
)


def note_start(extra: str = "", *, prefix: str = "") -> re.Pattern[str]:
    """The shared pattern, with a reader's own alternatives (``extra``) and an
    optional ``prefix`` allowed before the marker (a blockquote's ``>``)."""
    alternatives = NOTE_MARKERS + (f"|{extra}" if extra else "")
    return re.compile(rf"^\s*{prefix}(?:{alternatives})", re.I)


NOTE_START = note_start()


# Which table the text around it belongs to.  A README introduces a table with the line before it ("the
# results are shown below:", "**Base models**", "- Zero-shot retrieval"): that text is the caption of the
# table that follows.  Text after a table is its note only when it reads as one: a note mark or word (above),
# a reference back to the table ("in the table above", "the results above", "the models mentioned above"),
# or the vocabulary of a legend or a protocol ("bold denotes", "evaluated with").  Any other paragraph after a
# table is prose, or the caption of the next table.

#: A reference back to the table printed above: the paragraph under it is its note.
BACK_REFERENCE = re.compile(
    r"\babove\b|\bpreceding\b|\bprevious (?:table|results)\b|\b(?:this|the) table\b|"
    r"\b(?:these|the|all|our) (?:results?|scores?|numbers|values|figures|evaluations?)\b|上表|以上|上述", re.I)

#: Words that introduce what follows ("shown below", "the following table", a closing colon).
_FORWARD = (r"\b(?:tables?|results|given|shown|seen|see|in|\w+ed)\s+below\b|"  # "shown below", "the table below", not "scores below 10"
            r"\bthe following\b|\bas follows\b|\bhere (?:is|are)\b|下表|如下")  # not 以下: "10B 以下" is "under 10B"
FORWARD_REFERENCE = re.compile(rf"[:：]\s*(?:\*\*|__)?\s*$|{_FORWARD}", re.I)
#: The same words, without the closing colon ("Note:" heads a list of notes): a paragraph that says them
#: introduces what follows it (a table, a figure), and is no note of the table above.
_FORWARD_WORDS = re.compile(_FORWARD, re.I)

#: The vocabulary of a legend or of how the table was measured ("bold denotes", "evaluated with T=0.6").
NOTE_WORDS = re.compile(
    r"\b(?:bold\w*|underlin\w*|denot\w*|indicat\w*|represent\w*|refers? to|stands? for|marked|evaluat\w*|"
    r"temperature|top[_-]?p|sampl\w*|pass@|\d+[- ]?shots?|subset|harness|scaffold|judge[ds]?|averaged?|runs?|"
    r"reports?|reported|reproduced|copied|taken from|sourced from|scores?|scored|scoring|likelihood|perplexity|ppl|"
    r"metrics?|measured|tested|set|split|exact match|accuracy|prompts?|settings?|tools?)\b|表示|代表|指的?是|加粗|下划线|评测|采样|温度|子集|复制|来自",
    re.I)

#: A caption printed under the table ("Table 3: results on …").
_TABLE_CAPTION = re.compile(r"^\s*(?:\*\*|__)?(?:Table|Tab\.|表)\s*\d", re.I)

_BRACKETED_MARK = re.compile(r"^\s*\(\s*\\?[*†‡§¶]+\s*\)")  # "(*) since the model …"

#: A list item or a line set wholly in bold: in front of a table, its caption.
BULLET = re.compile(r"^\s*[-+•]\s+\S")  # "* " may be a note mark
_BOLD_LINE = re.compile(r"^\s*(?:\*\*|__)[^*_]{1,120}(?:\*\*|__)\s*[:：]?\s*$")


def reads_as_note(text: str) -> bool:
    """Whether a paragraph printed after a table is that table's note (see above)."""
    return bool(NOTE_START.match(text) or _BRACKETED_MARK.match(text) or text.lstrip().startswith(">") or _TABLE_CAPTION.match(text)
                or BACK_REFERENCE.search(text) or NOTE_WORDS.search(text))


#: fewer words on a line under a table are a label ("Average"), not a note's sentence
SENTENCE_WORDS = 4


def is_footnote_line(text: str, start: re.Pattern[str] = NOTE_START) -> bool:
    """Whether the one filled cell of a spreadsheet line under a table is a footnote: it starts as one (a
    mark, "Note", or a reader's own ``start``), is a list item ("• Bold denotes …"), or is a sentence in
    a legend's or a protocol's words ("All metrics are evaluated with an 8k output cap")."""
    text = text.strip()
    return bool(start.match(text) or BULLET.match(text)
                or (len(text.split()) >= SENTENCE_WORDS and reads_as_note(text)))


def speaks_forward(text: str) -> bool:
    """Whether a paragraph speaks of what follows it ("the results are shown below", "here is a table …")."""
    return bool(_FORWARD_WORDS.search(text))


def introduces(text: str) -> bool:
    """Whether text printed right before a table introduces it: a sentence ending in a colon or speaking of
    what is "below" or "following", a list item, or a line set in bold."""
    return bool(FORWARD_REFERENCE.search(text) or BULLET.match(text) or _BOLD_LINE.match(text))
