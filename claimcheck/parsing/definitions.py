"""What a table's notes define its lines to be: a line the notes call an average of several benchmarks.

A paper's table of grouped results prints one column per group and says under it what each averages:

    *Code:* We report the average pass@1 scores of our models on HumanEval and MBPP.
    *MATH:* We report the average of the GSM8K (8 shot) and MATH (4 shot) benchmarks at top 1.

"Code" and, here, "Math" are each a score over several benchmarks, not one benchmark of that name
(the second would otherwise be read as MATH, with MATH's item count).  :func:`averaged_lines` finds
the labels so defined; the reading stage makes those lines categories, as a "Category" header does.
"""

from __future__ import annotations

import re
from typing import Iterable

#: a definition's head inside a note: the label, in emphasis or not, then a colon ("*Code:*", "**Math**:", "Code:")
_HEAD = r"(?:^|(?<=[\s.;。；]))[*_]{0,3}%s[*_]{0,3}\s*[:：][*_]{0,3}\s*"
#: the next definition's head, which ends this one ("*World Knowledge:*")
_NEXT_HEAD = re.compile(r"(?:^|(?<=[\s.;。；]))[*_]{1,3}[^*_:：\n]{1,40}[:：][*_]{1,3}|[.。]\s+[A-Z][\w -]{0,40}[:：]\s")
#: words that make the defined score a mean over several parts
_AVERAGE = re.compile(r"\baverage[sd]?\b|\bmean\b|\baveraged\b|平均", re.I)
#: a list of two or more parts ("HumanEval and MBPP", "PIQA, SIQA, HellaSwag")
_LIST = re.compile(r"\S\s*(?:,|、|，|\band\b|&|和|及)\s*\S")

#: an average line of the table itself ("Average", "Avg."), which the aggregate check recomputes: never a category
_OWN_AVERAGE = re.compile(r"^\W*(?:average|avg\.?|mean|overall|平均|均值)\W*$", re.I)

#: at most this many characters of a note are one line's definition
DEFINITION_CHARS = 400


def averaged_lines(labels: Iterable[str], notes: Iterable[str]) -> dict[str, str]:
    """Each label the notes define as an average over several parts, with the definition as printed."""
    text = " ".join(n.strip() for n in notes if n.strip())
    if not text:
        return {}
    out: dict[str, str] = {}
    for label in dict.fromkeys(x.strip() for x in labels):
        if not label or len(label) > 60 or _OWN_AVERAGE.match(label):
            continue
        head = re.search(_HEAD % re.escape(label), text, re.I)
        if head is None:
            continue
        body = text[head.end():head.end() + DEFINITION_CHARS]
        end = _NEXT_HEAD.search(body)
        body = body[:end.start() + 1] if end else body
        if _AVERAGE.search(body) and _LIST.search(body):
            out[label] = body.strip().rstrip("*_ ").strip()
    return out
