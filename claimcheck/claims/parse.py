"""Read a vendor's text claims and parse each sentence into what it asserts about the tables.

    read_claims("claims.txt")              -> [(sentence, "claims.txt:3"), …]
    parse_claims(items, models, resolver)  -> [ParsedClaim t1, t2, …]

One claim per non-empty line; a line holding several sentences is split into
sentences (English ". ", "; ", "! ", "? "; Chinese "。", "；", "！", "？").  Lines
starting with "#" are comments.  A sentence names the tables' models (see
:mod:`claimcheck.claims.names`), benchmarks (registry aliases, with the version
or subset written right after them, and the tables' own labels the registry does
not know, such as "Agent Index v1.2" written "Agent Index"), tools words, a
relation, numbers and strength words (:mod:`claimcheck.claims.wording`).
A sentence that names no model or no benchmark is still a claim, with relation
"unknown" and ``unparsed`` saying what is missing.  One that names no benchmark
but claims them all ("leads on every benchmark", "across the board", 全面领先)
is about each benchmark the tables print (scope "all"); with exceptions or
hedges ("all but HLE", "most benchmarks", 除了) it is left unparsed, not guessed.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Sequence

from claimcheck.claims.benchmarks import BenchmarkFinder
from claimcheck.claims.names import ModelHit, find_models, unknown_name
from claimcheck.claims.wording import (
    Relation, both_ways, denies, find_numbers, restricted_field, find_relation, find_strength, gap_unit, scope_words,
)
from claimcheck.errors import InputError
from claimcheck.parsing.labels import extract_facets
from claimcheck.records import ParsedClaim

_CJK = r"\u3400-\u4dbf\u4e00-\u9fff"
_CJK_EDGE = re.compile(rf"(?<=[{_CJK}])(?=[A-Za-z0-9#+])|(?<=[A-Za-z0-9%)])(?=[{_CJK}])")
_SENTENCE_END = re.compile(r"[。！？；]|[.!?;](?=\s)")
_JOINT = re.compile(r"\b(?:and|or|nor)\s+|[,，、]\s*|(?:和|与|及|以及)\s*", re.I)
_SCOPE_WORDS = r"\b(?:on|in|at|across|for|by|under|according|while|with|thanks)\b"
_LIST_END = re.compile(_SCOPE_WORDS + r"|[(（在上;；。]", re.I)  # a list of rivals runs on past commas
_CLAUSE = re.compile(r",?\s+(?:while|whereas)\s+|，\s*(?:而|但|同时)\s*", re.I)
_ABBREV = re.compile(r"(?:\bvs|\be\.g|\bi\.e|\betc|\bapprox|\bno|\bfig|\bcf|\bincl|\bca)$", re.I)
_BULLET = re.compile(r"^(?:[-*•·]|\d+[.)])\s+")
_OBJECT_MARK = re.compile(r"(?:compared (?:with|to)|relative to|versus|vs\.?|\bover|\bagainst|与|和|相比|相较于?|对比)\s*$", re.I)
_OBJECT_END = re.compile(_SCOPE_WORDS + r"|[,，(（在上;；]", re.I)


# ── reading ─────────────────────────────────────────────────────────────────


def read_claims(path: str) -> list[tuple[str, str]]:
    """(sentence, "file:line") for every claim in a text file."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read the claims file: {exc.strerror or exc}", path=path) from None
    text, name = _decode(data, path), Path(path).name
    out: list[tuple[str, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        line = _BULLET.sub("", line.strip())
        if line and not line.startswith("#"):
            out.extend((sentence, f"{name}:{number}") for sentence in split_sentences(line))
    return out


def _decode(data: bytes, path: str) -> str:
    if b"\x00" in data:
        row = data[:data.index(b"\x00")].count(b"\n") + 1
        raise InputError("the claims file is binary, not text", path=path, row=row)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("gb18030")
    except UnicodeDecodeError as exc:
        row = data[:exc.start].count(b"\n") + 1
        raise InputError("the claims file is neither UTF-8 nor GB18030 text", path=path, row=row) from None


def split_sentences(line: str) -> list[str]:
    """The sentences of one line; abbreviations ("vs.") and brackets do not end a sentence."""
    out, start = [], 0
    for m in _SENTENCE_END.finditer(line):
        before = line[start:m.start()]
        if m.group() == "." and _ABBREV.search(before):
            continue
        if before.count("(") + before.count("（") > before.count(")") + before.count("）"):
            continue
        out.append(line[start:m.end()].strip())
        start = m.end()
    out.append(line[start:].strip())
    return [c.strip() for s in out for c in _clauses(s) if re.search(r"\w", c)]


def _clauses(sentence: str) -> list[str]:
    """A sentence cut at "…, while …", "… whereas …", "…，而 …": each side is its own claim."""
    parts, start = [], 0
    for m in _CLAUSE.finditer(sentence):
        parts.append(sentence[start:m.start()].rstrip(" ,，"))
        start = m.end()
    parts.append(sentence[start:])
    return parts


# ── parsing ─────────────────────────────────────────────────────────────────


def parse_claims(items: Sequence[tuple[str, str]], models: Sequence[str], resolver,
                 *, labels: Sequence[str] = (), benchmarks: Sequence[str] = ()) -> list[ParsedClaim]:
    """Read each (sentence, source) against the tables' model names and the registry.

    ``labels`` are the tables' row labels the registry could not resolve; a
    sentence naming one ("Agent Index" for "Agent Index v1.2") refers to that row.
    ``benchmarks`` are every benchmark the tables print (registry ids or labels):
    a sentence that names none but claims them all ("leads on every benchmark")
    is about each of them.
    """
    finder = BenchmarkFinder(resolver.catalogue, labels)
    return [_parse_one(f"t{i}", text, source, list(models), finder, tuple(benchmarks))
            for i, (text, source) in enumerate(items, 1)]


def prepare(text: str) -> str:
    """NFKC text with spaces between Chinese and Latin runs ("Astra在HLE上" → "Astra 在 HLE 上")."""
    return _CJK_EDGE.sub(" ", unicodedata.normalize("NFKC", text))


def _mask(text: str, spans) -> str:
    """The text with each (start, end) span blanked, so positions stay the same."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def _parse_one(cid: str, text: str, source: str, models: list[str], finder: BenchmarkFinder,
               every: tuple[str, ...] = ()) -> ParsedClaim:
    norm = prepare(text)
    hits = find_models(norm, models)
    found = finder.find(_mask(norm, [(h.start, h.end) for h in hits]))
    rest = _mask(norm, [(h.start, h.end) for h in hits] + [(b.start, b.end) for b in found])
    numbers = tuple(find_numbers(rest))
    relation = find_relation(rest, has_values=any(not gap_unit(u) for _, u in numbers))
    named = tuple(dict.fromkeys(h.model for h in hits))
    benchmarks = tuple(dict.fromkeys(b.key for b in found))
    scope = "all" if not benchmarks and every and scope_words(rest) == "all" else "named"
    if scope == "all":
        benchmarks = every
    subject, objects = _roles(relation, hits, rest)
    unparsed, stranger_leads = _missing(named, benchmarks, numbers, relation, rest, hits)
    if not unparsed and both_ways(rest):
        unparsed = ("compares in both directions in one sentence ('leads … but trails …'); put each comparison "
                    "on its own line")
    elif relation.name == "best" and not unparsed and (field := restricted_field(rest)):
        unparsed = f"ranks within a restricted field ({field!r}); which models count is not read, so it is not checked"
    elif scope_words(rest) == "all-but" and not unparsed:
        unparsed = ("claims most benchmarks, or all with exceptions; which rows it covers is not read, so it is "
                    "not checked")
    elif scope == "all" and not unparsed and denies(rest, relation):
        unparsed = ("denies a claim about every benchmark; which benchmark it has in mind is not read, so it is "
                    "not checked")
    elif relation.negated and relation.name in ("ties", "improves", "within", "value") and not unparsed:
        unparsed = f"denies a {_DENIED[relation.name]}; such denials are not read, so it is not checked"
    if stranger_leads:  # "Gemini 4 beats Astra": the subject is not in the tables
        subject, objects = None, named
    if not named or not benchmarks:
        relation = Relation("unknown")
    facets = extract_facets(norm)
    return ParsedClaim(
        id=cid, text=text, source=source, models=named, benchmarks=benchmarks, relation=relation.name,
        subject=subject, objects=objects, numbers=numbers, strength=find_strength(norm), unparsed=unparsed,
        tools=facets.tools, metric=facets.metric,
        versions=tuple((b.key, b.version) for b in found if b.version),
        subsets=tuple((b.key, b.subset) for b in found if b.subset), negated=relation.negated, scope=scope,
        unknown=() if unparsed else _also_named(relation, rest, hits),
    )


_DENIED = {"ties": "tie", "improves": "gain", "within": "bound on the gap", "value": "score"}


def _roles(relation: Relation, hits: list[ModelHit], rest: str) -> tuple[str | None, tuple[str, ...]]:
    """Subject and objects: the model before the keyword leads, unless the wording is reversed;
    for rankings, gains and scores, the first model not introduced as the baseline ("compared with")."""
    if not hits:
        return None, ()
    subject = hits[0].model
    if relation.name in ("best", "improves", "value"):  # "Compared with Fable 5.1, Astra improves …"
        free = [h for h in hits if not _OBJECT_MARK.search(rest[max(0, h.start - 24):h.start])]
        subject = (free or hits)[0].model
    elif relation.name in ("beats", "ties") and relation.start >= 0:
        before = [h.model for h in hits if h.start < relation.start]
        after = [h.model for h in hits if h.start >= relation.end]
        if relation.reversed and after:
            subject = after[0]
        elif relation.reversed and len(before) > 1:  # "Fable 5.1 被 Astra 超越": the agent precedes the verb
            subject = before[-1]
        elif not relation.reversed and before:
            subject = before[0]
    objects = tuple(m for m in dict.fromkeys(h.model for h in hits) if m != subject)
    return subject, objects


def _missing(named, benchmarks, numbers, relation: Relation, rest: str,
             hits: list[ModelHit]) -> tuple[str | None, bool]:
    """Why the sentence cannot be judged as it stands (or None), and whether an unknown model leads it."""
    if not named and not benchmarks and not numbers:
        return "not a claim about the tables: it names no model, benchmark or score from them", False
    if not named:
        stranger = unknown_name(rest)
        return "names no model from the tables" + (f" ({stranger!r} is not one of them)" if stranger else ""), False
    if not benchmarks:
        return "names no benchmark from the tables", False
    if relation.name == "unknown":
        return "states no comparison, ranking or score", False
    return _stranger(relation, rest, hits)


def _also_named(relation: Relation, rest: str, hits: list[ModelHit]) -> tuple[str, ...]:
    """Names beside the tables' models on the compared side ("ahead of Fable 5.1 and GPT-5")."""
    if relation.name not in ("beats", "ties", "within") or relation.start < 0:
        return ()
    before = re.split(r"[;；]|\b(?:on|in|at|for)\b", rest[:relation.start])[-1]
    after = _LIST_END.split(rest[relation.end:], maxsplit=1)[0]
    names = []
    for text, lo, hi in ((before, 0, relation.start), (after, relation.end, len(rest))):
        if not any(lo <= h.start < hi for h in hits):
            continue
        for joint in _JOINT.finditer(text):  # a name listed beside a model, not part of its name ("GPT-6 Astra")
            if name := unknown_name(text[joint.end():joint.end() + 40]):
                names.append(name)
                break
    return tuple(dict.fromkeys(names))


def _stranger(relation: Relation, rest: str, hits: list[ModelHit]) -> tuple[str | None, bool]:
    """A name-like phrase where a compared model should be ("Gemini 4 beats Astra"), and on which side."""
    if relation.name not in ("beats", "ties", "within") or relation.start < 0:
        return None, False
    before = re.split(r"[,，;；]", rest[:relation.start])[-1]  # the clause that leads to the keyword
    after = _OBJECT_END.split(rest[relation.end:], maxsplit=1)[0]  # up to "on Terminal-Bench", "在 … 上"
    has_before = any(h.start < relation.start for h in hits)
    has_after = any(h.start >= relation.end for h in hits)
    sides = [(before, has_before, not relation.reversed), (after, has_after, relation.reversed)]
    for text, has_model, is_subject in sides:
        name = None if has_model else unknown_name(text)
        if name:
            return f"compares with {name!r}, which is not a model in the tables", is_subject
    return None, False
