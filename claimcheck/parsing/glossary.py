"""Glosses: what a page's prose says a table's line label stands for.

Release pages often list their benchmarks in prose above the tables, each with its setup in
brackets: "MMLU (5-shot)、BBH (3-shot)", "Multi-Translation (Flores-101 5-shot)". The bracket that
follows a line's label, word for word, is read as more of that line's qualifiers, after the words
the table itself prints (which win where the two differ).  A line whose label differs from the prose's
spelling ("Theoremqa" under "Theorem QA (5-shot)") is glossed by the bracket after the prose's name
of the same benchmark (:meth:`Resolver.gloss_for`).  A bracket that lists several benchmarks
("Multi-Exam (M3Exam 5-shot、IndoMMLU 3-shot)") describes a composite, not one setup, and is not a
gloss, and neither is the bracket of a result the prose states ("achieves 68.5 on MATH (with Python)"):
it describes that one number, which may sit in another column ("MATH-Python"), not the line.
"""

from __future__ import annotations

import re
from typing import Sequence

_MAX_GLOSS = 80  # characters: a setup, not a paragraph
_LIST = re.compile(r"[、,，;；]")  # a bracket listing several things
_CITATION = re.compile(r"\bet al\b|\bcitation\b|arxiv", re.I)  # "(Hendrycks et al. 2021)": a reference, not a setup


#: a score stated just before the mention: "achieves 68.5 on", "91.8% in"
_RESULT_BEFORE = re.compile(r"\d(?:[.,]\d+)?\s?%?\s+(?:on|in|at|for|of)\s+$", re.I)
_BRACKET = re.compile(rf"\s*[(（]([^()（）]{{1,{_MAX_GLOSS}}})[)）]")


def bracket_after(text: str, end: int) -> str | None:
    """The bracket right after position ``end`` of the text ("TruthfulQA (0-shot)" -> "0-shot"), if one."""
    m = _BRACKET.match(text, end)
    return m.group(1).strip() if m else None


def states_result(text: str, start: int) -> bool:
    """Whether a score is stated just before the mention at ``start`` ("achieves 68.5 on MATH")."""
    return _RESULT_BEFORE.search(text[max(0, start - 24):start]) is not None


def as_setup(bracket: str) -> str | None:
    """The bracket as a line's setup, or None when it lists several things or cites a paper."""
    return None if _LIST.search(bracket) or _CITATION.search(bracket) else bracket


#: a setup followed by the benchmarks it applies to: "EvalPlus (0-shot) (HumanEval, MBPP, HumanEval+, MBPP+)"
_SETUP_OF_LIST = re.compile(rf"[(（]([^()（）]{{1,{_MAX_GLOSS}}})[)）]\s*[(（]([^()（）]{{1,200}})[)）]")


def gloss(label: str, prose: Sequence[str]) -> str | None:
    """The bracket that follows ``label`` in the prose, when exactly one distinct gloss is given for it; or the
    setup bracket before a bracket listing the label among its benchmarks ("EvalPlus (0-shot) (HumanEval, MBPP)"
    glosses "MBPP" as 0-shot)."""
    name = " ".join(label.replace("*", " ").replace("_", " ").split())
    if len(name) < 2:
        return None
    pattern = re.compile(rf"(?<![\w\-+.]){re.escape(name)}", re.I)
    found = {b for text in prose for m in pattern.finditer(text)
             if (b := bracket_after(text, m.end())) and not states_result(text, m.start())}
    item = re.compile(rf"^\s*{re.escape(name)}\s*$", re.I)
    found |= {m.group(1).strip() for text in prose for m in _SETUP_OF_LIST.finditer(text)
              if as_setup(m.group(1)) and any(item.match(x) for x in _LIST.split(m.group(2)))}
    return as_setup(found.pop()) if len(found) == 1 else None
