"""Find the benchmarks a sentence names: registry aliases and the tables' own labels.

A registry alias may be followed by the edition it names ("Terminal-Bench 4.0",
"GPQA Diamond", "FrontierMath Tier 4 v2"): those version and subset aliases are
read only when they follow the name directly and are not a score ("by 2 points").
A table label the registry does not know ("Agent Index v1.2") is found by its
full text or by its core name without the trailing version ("Agent Index").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from claimcheck.claims.names import UNIT_AFTER
from claimcheck.registry.matching import AliasIndex, Match

_GAP = re.compile(r"[\s(\-–—]*")
_TRAILING_VERSION = re.compile(r"\s+v?\d+(?:\.\d+)*\s*$", re.I)


@dataclass(frozen=True)
class BenchmarkHit:
    """A benchmark named in a sentence: registry id or table label, span, edition."""

    key: str
    start: int
    end: int
    version: str | None = None
    subset: str | None = None


def label_core(label: str) -> str:
    """A table label without its qualifiers and trailing version: "Agent Index v1.2" → "Agent Index"."""
    core = re.split(r"[,，;；(（]", label)[0].strip()
    return _TRAILING_VERSION.sub("", core).strip()


class BenchmarkFinder:
    """Finds catalogue entries and unresolved table labels in free text."""

    def __init__(self, catalogue, labels: Sequence[str] = ()) -> None:
        self.catalogue = catalogue
        self.aliases = AliasIndex((b.id, a) for b in catalogue for a in (b.id, b.name, *b.aliases))
        ordered = list(dict.fromkeys(labels))
        self.label_keys = frozenset(ordered)
        self.labels = AliasIndex((label, form) for label in ordered
                                 for form in dict.fromkeys((label, label_core(label))) if len(form) >= 3)
        self._editions: dict[str, AliasIndex] = {}

    def find(self, text: str) -> list[BenchmarkHit]:
        """Non-overlapping benchmark mentions in order of appearance, longest reading first."""
        matches = self.aliases.find(text, every=True) + self.labels.find(text, every=True)
        matches.sort(key=lambda m: (-(m.end - m.start), m.key in self.label_keys, m.start))
        taken: list[Match] = []
        for m in matches:
            if all(m.end <= t.start or m.start >= t.end for t in taken):
                taken.append(m)
        hits = [self._edition(text, m) for m in sorted(taken, key=lambda m: m.start)]
        return hits

    def _edition(self, text: str, match: Match) -> BenchmarkHit:
        bench = self.catalogue.get(match.key)
        if bench is None:  # a table label: its edition is part of the label
            return BenchmarkHit(match.key, match.start, match.end)
        if bench.id not in self._editions:
            self._editions[bench.id] = AliasIndex(
                [(("v", v.id), a) for v in bench.versions for a in (v.id, *v.aliases)]
                + [(("s", s.id), a) for v in bench.versions for s in v.subsets for a in (s.id, s.name or s.id, *s.aliases)])
        found: dict[str, str] = {}
        end = match.end
        for _ in range(3):  # "FrontierMath Tier 4 v2": up to a version and a subset, in either order
            pos = end + _GAP.match(text, end).end() - end
            heads = [h for h in self._editions[bench.id].find(text[pos:pos + 48])
                     if h.start == 0 and h.key[0] not in found and not UNIT_AFTER.match(text, pos + h.end)]  # type: ignore[index]
            if not heads or pos == end and pos < len(text) and text[pos - 1:pos].isalnum():
                break
            kind, key = heads[0].key  # type: ignore[misc]
            found[kind] = key
            end = pos + heads[0].end
        return BenchmarkHit(match.key, match.start, end, found.get("v"), found.get("s"))
