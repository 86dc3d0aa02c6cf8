"""Near-namesakes: a label that names a known benchmark plus a word that makes it another one.

"MMLU-CF", "GSM8K-Platinum", "Math Odyssey", "HumanEval FIM", "CSAT Math", "MBPP+" each contain
a registry alias, but the extra word names a different data set with a different item count.
A label resolves to a benchmark only through its aliases or a registered version or subset; a
word right beside the alias that is neither a registered variant nor a protocol word (shots,
metric, split, tools, language of the prompt) makes the row unknown instead of the base
benchmark with the base's n.

    distinguishing_word("GSM8K-Platinum", 0, 5, known)   -> "Platinum"
    distinguishing_word("GSM8K (8-shot, CoT)", 0, 5, known)  -> None
"""

from __future__ import annotations

import re
from typing import Callable

#: Words beside an alias that describe how it was run or scored, not which data set it is.
PROTOCOL_WORDS = frozenset("""
cot shot shots few zero test val dev validation full set overall score scores accuracy acc em f1 strict loose
resolved pass with without w wo no tools tool english en chinese zh mc mc1 mc2 avg average mean benchmark bench
eval evaluation evals subset split task tasks public official original rating elo percentile win rate
winrate lc judge judged chat base instruct greedy sampling maj majority cons of and or vs v ver version
results result leaderboard suite dataset problems questions gen ppl ppl-based generation multiple choice
non f fscore top exact match flan jan feb mar apr may jun jul aug sep sept oct nov dec
""".split())
_WORD_AFTER = re.compile(r"^(?:[-._]|\s+)([A-Za-z][A-Za-z]*)")  # "agieval_lsat_ar": lm-eval task names join words with "_"
_NUMBER_AFTER = re.compile(r"^-(\d{2,4})(?![\w.%+])")
_YEAR = re.compile(r"(?:19|20)\d\d|\d\d")  # "AIME-2024", "AIME-24": an edition, which the resolver reads
_WORD_BEFORE = re.compile(r"(?<![A-Za-z])([A-Za-z]{1,40})(?:[-.]|\s{1,10})$")


def distinguishing_word(text: str, start: int, end: int, is_variant: Callable[[str], bool]) -> str | None:
    """The word glued to or printed beside the alias at text[start:end] that makes the label name
    another benchmark, if any.  ``is_variant(word)`` says whether the benchmark registers the word
    as one of its versions or subsets ("Diamond", "Verified").  Text in brackets is never read here:
    "(5-shot, CoT)" qualifies the run."""
    if re.match(r"\s?\+(?![\w+])", text[end:]) and not text[start:end].endswith("+"):  # "MBPP+", "MBPP +"
        return "+"
    candidates = []  # (word, the phrase it starts, which may name a variant: "Tier 1-3", "core 0.1.1")
    if (m := _NUMBER_AFTER.match(text[end:])) and not _YEAR.fullmatch(m.group(1)) and not is_variant(m.group(1)):
        return m.group(1)  # "MT-Bench-101": a number glued on names another set (a year or "-32k" does not)
    if m := _WORD_AFTER.match(text[end:]):  # a task name's "_" joins one word, not a phrase ("agieval_logiqa_en")
        phrase = m.group(1) if text[end] == "_" else re.split(r"[(\[,;]", text[end + m.start(1):])[0].strip()
        candidates.append((m.group(1), phrase))
    if m := _WORD_BEFORE.search(text[:start]):
        candidates.append((m.group(1), m.group(1)))
    for word, phrase in candidates:
        if word.casefold() in PROTOCOL_WORDS or is_variant(word) or is_variant(phrase):
            continue
        return word
    return None
