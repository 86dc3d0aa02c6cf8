"""Tables of a leaderboard's rescaled scores: read once, before any cell becomes a score.

The Open LLM Leaderboard v2 prints each benchmark rescaled, ``(raw - baseline) / (1 - baseline)`` with the
random-guess baseline as 0 and a perfect score as 100 (BBH and MuSR per subtask, then averaged), and
model cards copy those numbers.  Read as raw accuracies they look below chance (GPQA 8.05 against a chance
of 25%), not k/n of the benchmark's items, and 0.45 looks like a fraction.  None of that holds for a
rescaled number, so such a table's lines get the unit ``normalized``: no proportion of items, so no
binomial interval, no k/n check and no chance level.

A table is read as rescaled when both hold:

- every benchmark its lines name is one the registry lists as rescaled by one board's version
  (``normalized_on``), at least two of them: the board's earlier tables of raw scores (ARC, HellaSwag …)
  fail this, and so does a vendor's own table that adds any other benchmark;
- its heading or caption names that board ("Open LLM Leaderboard Evaluation Results", a model-index whose
  results cite it as their source), or its caption, opening paragraph or notes say the scores were
  normalized ("normalize the evaluation results with HuggingFace score normalization").  "Normalized
  accuracy" (``acc_norm``, a length-normalized choice score) is a raw accuracy and says nothing of this.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from claimcheck.records import TableReading

_NORMALIZED = re.compile(r"\bnormali[sz](?:e[ds]?|ing|ation)\b", re.I)
_SCORES = re.compile(r"\b(?:scores?|results?|numbers?|values?)\b", re.I)
#: "normalized accuracy" (acc_norm) is a raw accuracy; "raw, not normalized" says the opposite
_RAW_KIND = re.compile(r"\bnormali[sz]ed\s+accuracy\b|\bacc_norm\b|\blength[- ]normali[sz]|\braw\b|"
                       r"\b(?:not|un-?|before|without)\s*normali[sz]", re.I)
_SENTENCE = re.compile(r"(?<=[.;。；!?])\s+")

#: units a rescaled line may have been read in: the values look like percentages or fractions
_READ_AS = frozenset({"percent", "fraction", "unknown"})


@dataclass(frozen=True, slots=True)
class Rescaled:
    """A table whose lines are one board's rescaled scores, with the words that say so."""

    board: str
    version: str
    said: str  # the heading naming the board, or the sentence saying the scores were normalized
    how: Mapping[str, str]  # benchmark id -> how the board rescales it (registry)

    def reason(self, benchmark: str | None) -> str:
        """Why a line of the table is read as rescaled, as the report says it."""
        how = self.how.get(benchmark or "", "the random-guess baseline is 0 and a perfect score 100")
        return f"{self.board} {self.version} rescales its scores ({how}); the table says so: {self.said[:160]!r}"


def rescaled_tables(readings: Iterable[TableReading], benchmarks: Mapping[int, set[str]],
                    catalogue) -> dict[int, Rescaled]:
    """The tables (by index) whose lines are a board's rescaled scores; ``benchmarks`` holds the registry
    ids the lines of each table resolved to."""
    boards = _boards(catalogue)
    out = {}
    for r in readings:
        named = benchmarks.get(r.table, set())
        for (board, version), members in boards.items():
            if len(named) >= 2 and named <= members.keys() and (said := _board_named(r, board) or _said_normalized(r)):
                out[r.table] = Rescaled(board, version, said, members)
                break
    return out


def rescaled_sections(benchmarks: Mapping[tuple[int, str], set[str]], catalogue) -> dict[tuple[int, str], Rescaled]:
    """The sections of tables (by (table, section heading)) whose lines are a board's rescaled scores: the
    heading names the board and its version ("OpenLLM v2", "Open LLM Leaderboard v2" over MMLU-Pro, GPQA and
    MuSR), and at least two of the benchmarks the section's lines name, and more than the others, are ones that
    version rescales (the heading says what the section holds; a misprinted name, "Math-|v|-5", may resolve to
    another benchmark).  Only the lines of those benchmarks are read as rescaled.  A table printing the board's
    raw and rescaled sections one under the other is read section by section."""
    boards = _boards(catalogue)
    out = {}
    for (table, section), named in benchmarks.items():
        for (board, version), members in boards.items():
            inside = len(named & members.keys())
            if inside >= 2 and inside > len(named) - inside and _names_version(section, board, version):
                out[(table, section)] = Rescaled(board, version, section, members)
                break
    return out


def _boards(catalogue) -> dict[tuple[str, str], dict[str, str]]:
    """Each (board, version) that prints benchmarks rescaled, with how it rescales each one (benchmark id -> how)."""
    boards: dict[tuple[str, str], dict[str, str]] = {}
    for b in catalogue:
        for on in b.normalized_on:
            boards.setdefault((on.board, on.version), {})[b.id] = on.how
    return boards


def _names_version(heading: str, board: str, version: str) -> bool:
    """Whether a section heading names the board's version: its words without "Leaderboard", in any spacing
    ("OpenLLM v2", "Open LLM Leaderboard v2"), then the version."""
    compact = re.sub(r"[\W_]+", "", heading.casefold())
    name = re.sub(r"[\W_]+", "", board.casefold().replace("leaderboard", ""))
    tag = re.sub(r"[\W_]+", "", version.casefold())
    return bool(name) and re.search(rf"{name}(?:leaderboard)?{tag}(?!\d)", compact) is not None


def _board_named(r: TableReading, board: str) -> str:
    return next((c for c in r.captions if board.casefold() in c.casefold()), "")


def _said_normalized(r: TableReading) -> str:
    for text in (*r.captions, *r.leads, *(n.text for n in r.legend.notes)):
        for sentence in _SENTENCE.split(text):
            if _NORMALIZED.search(sentence) and _SCORES.search(sentence) and not _RAW_KIND.search(sentence):
                return sentence.strip()
    return ""


def read_as_rescaled(unit: str) -> bool:
    """Whether a line read in this unit can be a rescaled score (ratings and counts are not)."""
    return unit in _READ_AS
