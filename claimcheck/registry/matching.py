"""Find catalogue names inside free text, token by token.

A label is split into tokens the way :func:`normalize` splits aliases, so
"GPQA-Diamond (Pass@1)" and "GPQA Diamond" share the tokens "gpqa diamond".
Matching returns the character span in the original text, so the words left
over ("(Pass@1)", "v2026.08.08") reach the facet reader exactly as printed.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Iterable, Sequence

from claimcheck.registry.catalogue import normalize

_TOKEN = re.compile(r"[^\s\-_–—·/,:;()\[\]{}'\"’‘“”.!?*^†‡§¶#]+")
_CJK = re.compile(r"[\u3000-\u9fff\uac00-\ud7af]")


@dataclass(frozen=True)
class Match:
    """An alias found in a text: what it names and where."""

    key: str  # the id the alias belongs to
    alias: str
    start: int
    end: int
    prefix: bool  # the alias starts the text


def tokens(text: str) -> list[tuple[str, int, int]]:
    """(normalized token, start, end) for each token of the NFKC text."""
    text = unicodedata.normalize("NFKC", text)
    return [(m.group(0).casefold(), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def _find(alias_tokens: Sequence[str], toks: list[tuple[str, int, int]]) -> Iterable[tuple[int, int]]:
    k = len(alias_tokens)
    for i in range(len(toks) - k + 1):
        if all(toks[i + j][0] == alias_tokens[j] for j in range(k)):
            yield i, i + k


def find_aliases(text: str, aliases: Iterable[tuple[str, str]], *, every: bool = False) -> list[Match]:
    """The (key, alias) pairs found in ``text``, longest alias first: the first place each alias
    occurs, or with ``every`` each place ("Terminal-Bench Science and Terminal-Bench 4.0")."""
    text = unicodedata.normalize("NFKC", text or "")
    toks = tokens(text)
    found: list[Match] = []
    for key, alias in aliases:
        norm = normalize(alias)
        if not norm:
            continue
        hits = list(_find(norm.split(" "), toks)) if every else list(_find(norm.split(" "), toks))[:1]
        for i, j in hits:
            found.append(Match(key, alias, toks[i][1], toks[j - 1][2], prefix=i == 0))
        if not hits and _CJK.search(norm) and norm.replace(" ", "") in text.casefold().replace(" ", ""):
            pos = text.casefold().find(norm.replace(" ", ""))
            if pos >= 0:
                found.append(Match(key, alias, pos, pos + len(norm.replace(" ", "")), prefix=pos == 0))
    found.sort(key=lambda m: (-(m.end - m.start), m.start))
    return found


def best_match(text: str, aliases: Iterable[tuple[str, str]]) -> Match | None:
    """The alias that best names the text: a prefix beats an inner match, longer beats shorter."""
    found = find_aliases(text, aliases)
    if not found:
        return None
    return min(found, key=lambda m: (not m.prefix, -(m.end - m.start), m.start))


def remove_span(text: str, start: int, end: int) -> str:
    """The text without one span, tidied of the separators left dangling."""
    text = unicodedata.normalize("NFKC", text)
    rest = (text[:start] + " " + text[end:]).strip()
    rest = re.sub(r"^[\s,;:()\-–—]+|[\s,;:(\-–—]+$", "", rest)
    return re.sub(r"\(\s*\)", "", rest).strip()
