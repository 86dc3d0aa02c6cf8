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
from typing import Hashable, Iterable

from claimcheck.registry.catalogue import PUNCT_CHARS, normalize

_TOKEN = re.compile(f"[^{PUNCT_CHARS}]+")  # the complement of what normalize() turns into spaces
_CJK = re.compile(r"[\u3000-\u9fff\uac00-\ud7af]")


@dataclass(frozen=True)
class Match:
    """An alias found in a text: what it names and where."""

    key: Hashable  # what the alias belongs to: a benchmark id, a version id, (version, subset), …
    alias: str
    start: int
    end: int
    prefix: bool  # the alias starts the text


def tokens(text: str) -> list[tuple[str, int, int]]:
    """(case-folded token, start, end) for each token of an NFKC text."""
    return [(m.group(0).casefold(), m.start(), m.end()) for m in _TOKEN.finditer(text)]


class AliasIndex:
    """(key, alias) pairs normalised once and indexed by their first token, so a text is matched
    against a large catalogue in one pass over its tokens."""

    def __init__(self, aliases: Iterable[tuple[Hashable, str]]) -> None:
        self._by_first: dict[str, list[tuple[int, Hashable, str, tuple[str, ...]]]] = {}
        self._cjk: list[tuple[int, Hashable, str, str]] = []  # aliases found by substring when tokens miss
        for order, (key, alias) in enumerate(aliases):
            norm = normalize(alias)
            if not norm:
                continue
            toks = tuple(norm.split(" "))
            self._by_first.setdefault(toks[0], []).append((order, key, alias, toks))
            if _CJK.search(norm):
                self._cjk.append((order, key, alias, norm.replace(" ", "")))

    def find(self, text: str, *, every: bool = False) -> list[Match]:
        """The aliases found in ``text``, longest first: the first place each alias occurs, or with
        ``every`` each place ("Terminal-Bench Science and Terminal-Bench 4.0")."""
        text = unicodedata.normalize("NFKC", text or "")
        toks = tokens(text)
        hits: dict[int, list[Match]] = {}
        for i, (tok, _, _) in enumerate(toks):
            for order, key, alias, alias_toks in self._by_first.get(tok, ()):
                k = len(alias_toks)
                if (every or order not in hits) and tuple(t for t, _, _ in toks[i:i + k]) == alias_toks:
                    hits.setdefault(order, []).append(Match(key, alias, toks[i][1], toks[i + k - 1][2], prefix=i == 0))
        if self._cjk:
            folded = text.casefold()
            for order, key, alias, joined in self._cjk:
                if order not in hits and joined in folded.replace(" ", ""):
                    pos = folded.find(joined)
                    if pos >= 0:
                        hits[order] = [Match(key, alias, pos, pos + len(joined), prefix=pos == 0)]
        found = [m for order in sorted(hits) for m in hits[order]]
        found.sort(key=lambda m: (-(m.end - m.start), m.start))
        return found

    def best(self, text: str) -> Match | None:
        """The alias that best names the text: a prefix beats an inner match, longer beats shorter."""
        return min(self.find(text), key=lambda m: (not m.prefix, -(m.end - m.start), m.start), default=None)


def remove_span(text: str, start: int, end: int) -> str:
    """The text without one span, tidied of the separators left dangling."""
    text = unicodedata.normalize("NFKC", text)
    rest = (text[:start] + " " + text[end:]).strip()
    rest = re.sub(r"^[\s,;:()\-–—]+|[\s,;:(\-–—]+$", "", rest)
    return re.sub(r"\(\s*\)", "", rest).strip()
