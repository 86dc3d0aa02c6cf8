"""Find the tables' model names inside a sentence, exactly or by their distinctive tokens.

Vendors shorten and lengthen names: the table says "Fable 5.1" and the post
"Claude Fable 5.1", or the table says "GPT-6 Astra" and the post "Astra".  A
model is found when the sentence holds its whole name, or a run of its tokens
that no other model in the tables shares and that carries a real name token
(not a vendor family word such as "Claude" or "GPT", not a bare number).
Longer hits win over shorter ones; a short form followed by a different
version number ("Fable 5.0" when the table has "Fable 5.1") is not a match.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Sequence

_TOKEN = re.compile(r"[^\W_]+(?:\.\d+)*")
_NUMERIC = re.compile(r"^\d+(?:\.\d+)*$")
#: A score unit right after a number ("5 points", "5-point", "5 分"): the number is a score, not a name's part.
UNIT_AFTER = re.compile(r"\s*-?\s*(?:%|pp\b|points?\b|pts?\b|分|个百分点)", re.I)
#: Words that never identify a model on their own: vendor families and size/tier words.
FAMILY_WORDS = frozenset({
    "claude", "gpt", "gemini", "llama", "qwen", "deepseek", "grok", "mistral", "openai", "anthropic",
    "google", "meta", "model", "models", "preview", "pro", "max", "mini", "nano", "ultra", "flash",
    "turbo", "plus", "lite", "high", "low", "medium", "thinking", "instruct", "chat", "base", "new",
    "the", "and", "of", "latest",
})


@dataclass(frozen=True)
class ModelHit:
    """A model of the tables found in a sentence, with its character span."""

    model: str
    start: int
    end: int


def name_tokens(text: str) -> list[tuple[str, int, int]]:
    """(case-folded token, start, end); "5.1" stays one token, punctuation separates."""
    return [(m.group(0).casefold(), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def _runs(tokens: Sequence[str]) -> list[tuple[int, int]]:
    return [(i, j) for i in range(len(tokens)) for j in range(i + 1, len(tokens) + 1)]


def _contains(haystack: Sequence[str], needle: Sequence[str]) -> bool:
    k = len(needle)
    return any(list(haystack[i:i + k]) == list(needle) for i in range(len(haystack) - k + 1))


def _is_name_token(tok: str) -> bool:
    return not _NUMERIC.match(tok) and tok not in FAMILY_WORDS and (len(tok) > 1 or not tok.isascii())


def model_forms(models: Sequence[str]) -> list[tuple[str, tuple[str, ...]]]:
    """(model, token form) pairs: each full name, then its distinctive runs of tokens."""
    toks = {m: tuple(t for t, _, _ in name_tokens(unicodedata.normalize("NFKC", m))) for m in models}
    forms: list[tuple[str, tuple[str, ...]]] = []
    for model, mine in toks.items():
        if not mine:
            continue
        forms.append((model, mine))
        for i, j in _runs(mine):
            run = mine[i:j]
            if run == mine or not any(_is_name_token(t) for t in run):
                continue
            if any(_contains(other, run) for m, other in toks.items() if m != model):
                continue
            forms.append((model, run))
    return forms


def _version_conflict(model_toks: Sequence[str], form: Sequence[str], text: str,
                      sent: list[tuple[str, int, int]], j: int) -> bool:
    """A short form followed by another version number names a different model."""
    omitted = [t for t in model_toks if _NUMERIC.match(t) and t not in form]
    if not omitted or j >= len(sent):
        return False
    tok, _, end = sent[j]
    return bool(_NUMERIC.match(tok)) and tok not in omitted and not UNIT_AFTER.match(text[end:])


def find_models(text: str, models: Sequence[str]) -> list[ModelHit]:
    """The models named in ``text``, in order of mention, longest reading first, no overlaps."""
    sent = name_tokens(text)
    words = [t for t, _, _ in sent]
    full = {m: tuple(t for t, _, _ in name_tokens(unicodedata.normalize("NFKC", m))) for m in models}
    found: list[tuple[int, int, str]] = []
    for model, form in model_forms(models):
        k = len(form)
        for i in range(len(words) - k + 1):
            if tuple(words[i:i + k]) == form and not _version_conflict(full[model], form, text, sent, i + k):
                found.append((i, i + k, model))
    found.sort(key=lambda h: (-(h[1] - h[0]), h[0]))
    taken: set[int] = set()
    hits: list[ModelHit] = []
    for i, j, model in found:
        if taken.intersection(range(i, j)):
            continue
        taken.update(range(i, j))
        hits.append(ModelHit(model, sent[i][1], sent[j - 1][2]))
    return sorted(hits, key=lambda h: h.start)


_STOP_CAPS = frozenset({
    "the", "our", "its", "it", "this", "these", "we", "in", "on", "at", "with", "a", "an", "and", "but",
    "also", "overall", "compared", "new", "all", "every", "other", "both", "than", "vs", "versus",
})


def unknown_name(text: str) -> str | None:
    """A capitalised name-like phrase ("Gemini 4 Ultra") in a stretch of text, if any."""
    for m in re.finditer(r"(?<![\w.])[A-Z][\w.\-]*(?:\s+[A-Z0-9][\w.\-]*)*", text):
        words = [w for w in m.group(0).split() if w.casefold().strip(".") not in _STOP_CAPS]
        name = " ".join(words).strip(" .-")
        if any(c.isalpha() for c in name):
            return name
    return None
