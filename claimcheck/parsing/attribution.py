"""Which model a qualifier is about.

"Nova-2 high effort; Rival-X default" in a notes column describes two cells,
not the row: clauses that name a model of the row belong to that model's cell.
A column header such as "Nova-2 (high effort)" or "Qwen3 (non-thinking)"
states the setup of every cell in its column.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Sequence

from claimcheck.records import RowContext

_CLAUSE = re.compile(r"\s*[;；,，]\s*")
_SETUP = re.compile(r"(?:\s*[(（/]|\s+-\s+).*$", re.S)
_SETUP_WORDS = re.compile(
    r"effort|thinking|reasoning|budget|\b(?:minimal|low|medium|high|xhigh|max)\b|best[- ]of|pass@|cons@|maj@|"
    r"avg@|mean@|majority|vot(?:e|ing)|select|"
    r"parallel|test-time|(?<!\d)\d{1,4}\s*k\b|思考|推理|预算|non-?thinking|\btools?\b|\bsearch\b|\bbrowsing\b|\bpython\b|"
    r"code execution|\bagentic\b|工具", re.I)


def _mentions(clause: str, model: str) -> bool:
    base = base_model(model)
    return bool(base) and base.casefold() in clause.casefold()


def split_by_model(context: RowContext, models: Sequence[str]) -> tuple[RowContext, dict[str, str]]:
    """The row's context without model-specific clauses, and those clauses per model."""
    shared: list[str] = []
    per_model: dict[str, list[str]] = {}
    for text in context.qualifiers:
        kept = []
        for clause in _CLAUSE.split(text):
            owners = [m for m in models if _mentions(clause, m)]
            if len(owners) == 1 and len(models) > 1:
                per_model.setdefault(owners[0], []).append(clause)
            elif clause:
                kept.append(clause)
        if kept:
            shared.append("; ".join(kept))
    if not per_model:
        return context, {}
    return replace(context, qualifiers=tuple(shared)), {m: "; ".join(c) for m, c in per_model.items()}


@lru_cache(maxsize=1 << 17)  # asked of every cell and pair of a board, of a few thousand names
def base_model(name: str) -> str:
    """A model name without the setup printed after it ("Nova-2 (high effort)" -> "Nova-2")."""
    return _SETUP.sub("", name.replace("\n", " ")).strip()


def header_setup(name: str) -> str | None:
    """The setup a model column header states, if any ("(high effort)", "/ non-thinking")."""
    m = _SETUP.search(name.replace("\n", " "))
    if m and _SETUP_WORDS.search(m.group(0)):
        text = m.group(0).strip(" /-")
        return text if text.startswith(("(", "（")) else f"({text})"  # "(high)" reads as an effort level
    return None


def named_in(text: str, model: str) -> bool:
    """Whether a note names a model, even loosely ("Claude" for "Claude Sonnet 4.5")."""
    base = base_model(model)
    if base and base.casefold() in text.casefold():
        return True
    first = re.split(r"[\s\-_]", base)[0] if base else ""
    return len(first) >= 4 and re.search(rf"\b{re.escape(first)}\b", text, re.I) is not None
