"""Recognise model names as vendors print them in benchmark tables.

``recognise("**Qwen2.5-7B-Instruct**")`` finds the catalogued family (Qwen, by
Alibaba, open weights), the size (7B), the variant words (Instruct) and how
sure it is.  A name of no catalogued family is still recognised by its shape
(a size token as in "Foo-7B", an "-Instruct"/"-Chat"/"-Base" suffix, a dotted
version as in "Fable 5.1"), with a lower confidence and no family.  Benchmark
labels are rejected by their words ("bench", "eval", "QA", "MMLU", "AIME" ...):
a number followed by B is a size, but "GSM8K", "MATH-500" and "AIME 2024"
carry no size token and no family.  Markup, footnote markers and remarks in
parentheses ("Claude Sonnet 4 (w/o extended thinking)") do not change the
answer; the remarks are kept as ``notes``.

The reading stage uses it to decide a table's orientation (:func:`model_share`
of the headers against that of the first column), to find the subject (the
family whose vendor published the page, or a name marked "(This Model)"), and
to resolve legends that name a group (``open_weights``).
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable

from claimcheck.models.catalogue import Family, FamilyCatalogue, load_families

#: The confidence at or above which :func:`looks_like_model` says yes.
MODEL_THRESHOLD = 0.5

_BR = re.compile(r"<br\s*/?>", re.I)
_SUP = re.compile(r"<sup>.*?</sup>", re.I | re.S)
_TAG = re.compile(r"<[^>]*>")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_FOOTNOTE = re.compile(r"\[\^?\w{1,3}\]|[†‡§¶¹²³⁴⁵⁶⁷⁸⁹⁰]+|\\(?=[*_#\[\]()|])")
_EMPHASIS = re.compile(r"[*~`]+|(?<![A-Za-z0-9])_+|_+(?![A-Za-z0-9])")
_TRAILING_MARK = re.compile(r"[\s#^*]+$")
_SPACE = re.compile(r"\s+")
_HYPHEN_GAP = re.compile(r"(?<=\S)\s+-(?=\S)|(?<=\S)-\s+(?=\S)")
_PARENS = re.compile(r"\(([^()]*)\)|\[([^\[\]]*)\]")
_OWN = re.compile(r"\b(?:this model|ours|our model|proposed)\b|本模型|我们的", re.I)

_WITHOUT = re.compile(r"\bw/o\b", re.I)
_SEPARATORS = re.compile(r"[\s\-_/,:;|+]+")
_ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
_SHORT_DATE = re.compile(r"^\d{2}-\d{2}$")
_PAIR = re.compile(r"\b(\d+(?:\.\d+)?)[bB]-(\d+(?:\.\d+)?)[bB]\b")
_SIZE = re.compile(r"(?<![\d.])\d{1,6}(?:\.\d{1,4})?[bB]\d{0,4}|(?<!\d)\d{1,4}x\d{1,6}(?:\.\d{1,4})?[bB]|[eE]\d{1,6}[bB]")
_SIZE_SMALL = re.compile(r"(?<![\d.])\d{1,6}(?:\.\d{1,4})?[mMtT]")
_ACTIVE = re.compile(r"[aA]\d+(?:\.\d+)?[bB]")
_CONTEXT = re.compile(r"(?<![\d.])\d{1,6}(?:\.\d{1,4})?[kK]")
_DATE = re.compile(r"\d{4}|\d{6}|\d{8}")
_VERSION = re.compile(r"[vV]?\d+(?:\.\d+)*[a-zA-Z]?")
_DOTTED = re.compile(r"(?:^|[\s\-_]|[A-Za-z])(?<![vV])(\d+\.\d+)\b")
_TAG_NUMBER = re.compile(r"\d{1,3}")
_ALPHA_DIGIT = re.compile(r"^([A-Za-z]+)(\d+(?:\.\d+)?)$")
_STEM_VERSION = re.compile(r"(?<![A-Za-z])[A-Za-z]?\d{1,6}(?:\.\d{1,6}){0,4}$")  # "o1", "R1", "GPT-2": the stem holds the version
_GROUP = re.compile(r"\s(?:and|vs\.?|versus|or|&)\s|[、，]", re.I)  # "GPT-4 Turbo and GPT-4": a heading over models

#: Words vendors put after a model's name: tuning stage, tier, mode, quantisation, context.
VARIANT_WORDS = frozenset("""
    instruct inst it chat base preview exp experimental latest turbo mini nano micro pro max plus flash lite
    ultra large medium small tiny sonnet opus haiku instant thinking non think reasoning rl sft dpo ppo grpo
    rlhf zero distill distilled coder code math vision vl omni audio moe long hf awq gptq gguf int4 int8 fp8
    fp16 bf16 qlora lora ptq qat quant quantized spinquant vanilla python mc deep new original online
    api beta alpha rc high low default extended w o without with tools tool search agent agentic nemo scout
    maverick behemoth super air next expanse text edge
""".split())
#: Words that make a label a benchmark even after a family's name ("Alpaca-Eval", "Vicuna Bench").
STRONG_BENCHMARK_WORDS = ("bench", "eval", "arena", "leaderboard", "exam")
#: Parts of benchmark names: a label holding one is not a model unless a family's name starts it.
BENCHMARK_PARTS = STRONG_BENCHMARK_WORDS + (
    "mmlu", "gsm", "math", "aime", "gpqa", "swag", "squad", "codeforces", "gaokao", "trivia", "truthful",
    "winogrande", "ruler", "needle", "mmmu", "vqa", "chart", "score", "index", "average", "overall",
    "accuracy", "test", "swe", "hmmt", "olympiad", "puzzle", "quiz", "retrieval", "translation", "summar",
    "pass@", "@", "shot", "humaneval", "mbpp", "livecode", "simpleqa", "browsecomp", "terminal", "tau",
    "toolcall", "function", "instruction", "following", "multilingual", "question", "reading", "comprehension",
)
#: The benchmark words that veto even a name with a size token.
SIZED_BENCHMARK_PARTS = STRONG_BENCHMARK_WORDS + ("mmlu", "gsm8k", "gpqa", "aime", "humaneval", "mbpp", "@", "shot")
BENCHMARK_TOKENS = frozenset("""
    qa em f1 mc cot arc hle lcb avg set dev val win elo bbh drop piqa siqa boolq mgsm flores wmt c cn en
    mt ifeval hard easy diamond verified subset split overall total mean rate metric task tasks suite
    pass cons maj rouge bleu chrf acc norm strict loose prompt level human size params tokens
""".split())
#: Suffixes that mark an unknown name as a model ("Foo-7B-Instruct", "Bar Chat").
MODEL_SUFFIXES = frozenset({"instruct", "chat", "base", "it", "inst"})
#: The words that say which checkpoint of a model a name is, training stages included.
CHECKPOINT_WORDS = MODEL_SUFFIXES | {"sft", "dpo", "rlhf", "rl", "pt", "pretrained"}


def checkpoint_stem(text: str) -> str:
    """A name without its checkpoint words ("Zephyrine-7B-Chat" -> "zephyrine 7b"): one stem for a model's base
    and tuned checkpoints, for names the catalogue does not know."""
    return " ".join(w for w in re.findall(r"[^\W_]+", text.casefold()) if w not in CHECKPOINT_WORDS)


@dataclass(frozen=True, slots=True)
class ModelName:
    """A model name read from a table label; ``family`` is None for a name known only by its shape."""

    text: str  # the label with markup, footnote marks and remarks in parentheses removed
    family: str | None
    vendor: str | None
    version: str | None
    size: str | None  # total parameters as printed: "7B", "1.5B", "8x7B", "135M"
    active: str | None  # active parameters of a mixture of experts: "22B" (printed "A22B" or "3B-16B")
    variants: tuple[str, ...]  # Instruct, Chat, Base, Preview, 0513, 2024-07-18, bf16 ...
    notes: tuple[str, ...]  # remarks printed in parentheses or brackets, as printed
    based_on: str | None  # another family named inside the name ("R1-Distill-Qwen-7B" -> qwen)
    open_weights: bool | None
    open_weights_source: str | None
    own: bool  # marked as the vendor's own model: "(This Model)", "(ours)"
    confidence: float
    why: str  # what the decision rests on, for --explain

    @property
    def known(self) -> bool:
        """Whether the name belongs to a catalogued family."""
        return self.family is not None


@lru_cache(maxsize=1 << 17)  # pure; asked of a board's every label, once per rule that reads it
def clean(text: str) -> str:
    """The label without markup, footnote markers, emphasis or line breaks, NFKC-normalised."""
    text = _LINK.sub(r"\1", _BR.sub(" ", html.unescape(text or "")))
    text = _TAG.sub("", _SUP.sub("", text))
    text = _EMPHASIS.sub("", _FOOTNOTE.sub("", text))
    text = unicodedata.normalize("NFKC", text)
    text = _HYPHEN_GAP.sub("-", _SPACE.sub(" ", text).strip())
    return _TRAILING_MARK.sub("", text)


def _split_notes(text: str) -> tuple[str, tuple[str, ...]]:
    notes = tuple((a or b).strip() for a, b in _PARENS.findall(text) if (a or b).strip())
    main = _SPACE.sub(" ", _PARENS.sub(" ", text)).strip(" -")
    return main, notes


@dataclass(frozen=True)
class _Index:
    """The catalogue compiled once: family patterns, vendor prefixes, family words."""

    catalogue: FamilyCatalogue
    patterns: tuple[tuple[Family, re.Pattern, int], ...]
    vendor_prefix: re.Pattern
    family_words: dict[str, str]
    versions: dict[str, re.Pattern]


@lru_cache(maxsize=1)
def _index() -> _Index:
    cat = load_families()
    patterns = tuple((fam, re.compile(p, re.I), len(p)) for fam in cat for p in fam.patterns)
    prefixes = sorted({a for v in cat.vendors.values() for a in (*v.aliases, *v.orgs)}, key=len, reverse=True)
    vendor_prefix = re.compile(r"^(%s)(?:\s*/\s*|[\s\-]+)(?=\S)" % "|".join(map(re.escape, prefixes)), re.I)
    words: dict[str, str] = {}
    for fam in cat:
        for alias in fam.aliases:
            first = re.match(r"[A-Za-z]{3,}", clean(alias))
            if first and first.group(0).casefold() not in VARIANT_WORDS:
                words.setdefault(first.group(0).casefold(), fam.id)
    versions = {f.id: re.compile(f.version_pattern, re.I) for f in cat if f.version_pattern}
    return _Index(cat, patterns, vendor_prefix, words, versions)


def _match_family(main: str) -> tuple[Family, int] | None:
    """The family whose pattern starts ``main`` over the longest stretch (ties: the more specific pattern)."""
    best: tuple[int, int, Family] | None = None
    for fam, pattern, specificity in _index().patterns:
        m = pattern.match(main)
        if not m or (m.end() < len(main) and main[m.end()].islower()):
            continue
        if best is None or (m.end(), specificity) > best[:2]:
            best = (m.end(), specificity, fam)
    return (best[2], best[0]) if best else None


def _tokens(text: str) -> list[str]:
    """Split on separators, keeping ISO dates and "3B-16B" pairs whole; "Inst." loses its dot."""
    keep: list[str] = []

    def hold(m: re.Match) -> str:
        keep.append(m.group(0))
        return f" \x00{len(keep) - 1} "

    text = _PAIR.sub(hold, _ISO_DATE.sub(hold, text))
    out: list[str] = []
    for tok in _SEPARATORS.split(text):
        tok = tok.strip(".")
        if tok.startswith("\x00"):
            out.append(keep[int(tok[1:])])
            continue
        split = _ALPHA_DIGIT.match(tok)
        if split and split.group(1).casefold() in VARIANT_WORDS:
            out.extend(split.groups())  # "Large2" -> "Large", "2"
        elif tok:
            out.append(tok)
    return out


@dataclass
class _Parts:
    """What the tokens after a family's name say, filled in as they are read."""

    version: str | None = None
    size: str | None = None
    active: str | None = None
    based_on: str | None = None
    variants: list[str] = field(default_factory=list)
    unknown: int = 0


def _read_token(tok: str, parts: _Parts, family: Family | None, in_notes: bool) -> None:
    """Classify one token into the parts; count the ones no rule explains."""
    idx, low = _index(), tok.casefold()
    pair = _PAIR.fullmatch(tok)
    version_pattern = idx.versions.get(family.id) if family else None
    if pair:
        small, large = sorted((pair.group(1), pair.group(2)), key=float)
        parts.active, parts.size = parts.active or small + "B", parts.size or large + "B"
    elif _ISO_DATE.fullmatch(tok) or _SHORT_DATE.fullmatch(tok) or _DATE.fullmatch(tok):
        parts.variants.append(tok)
    elif _ACTIVE.fullmatch(tok):
        parts.active = parts.active or tok[1:].upper()
    elif _SIZE.fullmatch(tok):
        if parts.size:
            parts.variants.append(tok)  # a second size ("JetMoE-8B (2.2B active)") is a remark
        else:
            parts.size = tok[:-1] + "B" if tok[-1] in "bB" else tok.upper()
    elif _SIZE_SMALL.fullmatch(tok) and not parts.size:
        parts.size = tok.upper()
    elif _CONTEXT.fullmatch(tok) or _SIZE_SMALL.fullmatch(tok):
        parts.variants.append(tok)
    elif version_pattern and version_pattern.fullmatch(tok) and not parts.version:
        parts.version = tok
    elif _VERSION.fullmatch(tok) or (version_pattern and version_pattern.fullmatch(tok)):
        if parts.version or in_notes:
            parts.variants.append(tok)
        else:
            parts.version = tok
    elif _TAG_NUMBER.fullmatch(tok):
        parts.variants.append(tok)
    elif low in VARIANT_WORDS:
        parts.variants.append(tok)
    elif low in idx.family_words and (family is None or idx.family_words[low] != family.id):
        parts.based_on = parts.based_on or idx.family_words[low]
    elif not in_notes:
        parts.unknown += 1


def _has_benchmark_word(tokens: Iterable[str], parts: tuple[str, ...], *, whole_words: bool = True) -> bool:
    """Whether a token holds one of ``parts``, or (``whole_words``) is a benchmark word or ends in "QA"."""
    for tok in tokens:
        low = tok.casefold()
        if any(p in low for p in parts):
            return True
        if whole_words and (low in BENCHMARK_TOKENS or (len(low) > 3 and low.endswith("qa"))):
            return True
    return False


def _strip_vendor(main: str) -> tuple[str, str | None]:
    m = _index().vendor_prefix.match(main)
    if not m:
        return main, None
    vendor = _index().catalogue.vendor(m.group(1))
    return main[m.end():], vendor.id if vendor else None


def _known(text: str, main: str, notes: tuple[str, ...], family: Family, end: int) -> ModelName | None:
    rest = _tokens(_WITHOUT.sub("without", main[end:]))
    if _has_benchmark_word(rest, STRONG_BENCHMARK_WORDS, whole_words=False):
        return None
    parts = _Parts()
    for tok in rest:
        _read_token(tok, parts, family, in_notes=False)
    for note in notes:
        for tok in ([note] if _SHORT_DATE.fullmatch(note) else _tokens(_WITHOUT.sub("without", note))):
            _read_token(tok, parts, family, in_notes=True)
    if parts.version is None and (stem_version := _STEM_VERSION.search(main[:end].rstrip(" -"))):
        parts.version = stem_version.group(0)
    bare = not rest and not notes
    confidence = 0.7 if parts.unknown > 3 else 0.95 - 0.05 * parts.unknown
    if family.generic and bare:
        confidence = 0.7
    if _GROUP.search(main):
        confidence = 0.4  # names several models: a group heading, not one model
    open_weights, source = family.openness(main)
    why = f"family {family.id!r} (name starts {main[:end]!r})" + (
        f"; {parts.unknown} unexplained word(s)" if parts.unknown else "")
    return _build(text, main, notes, parts, family.id, family.vendor, open_weights, source, confidence, why)


def _build(text, main, notes, parts, family, vendor, open_weights, source, confidence, why) -> ModelName:
    own = bool(_OWN.search(text))
    return ModelName(text=main, family=family, vendor=vendor, version=parts.version, size=parts.size,
                     active=parts.active, variants=tuple(parts.variants), notes=notes, based_on=parts.based_on,
                     open_weights=open_weights, open_weights_source=source, own=own,
                     confidence=round(confidence, 2), why=why)


def _by_shape(text: str, main: str, notes: tuple[str, ...], vendor: str | None) -> ModelName | None:
    """A name of no catalogued family, recognised by a size token, a model suffix or a dotted version."""
    tokens = _tokens(main)
    if not tokens or len(tokens) > 6 or not re.match(r"[^\W\d_]{2}", tokens[0]) or "%" in main:
        return None
    parts = _Parts()
    for tok in tokens[1:]:
        _read_token(tok, parts, None, in_notes=False)
    # billions of parameters are strong evidence: only the clearest benchmark words veto them ("MetaMath-7B"
    # is a model); "1M" or "128K" after a benchmark's name is a context length ("RULER 1M")
    sized = bool(parts.active or (parts.size and re.search(r"B\d*$", parts.size)))
    if _has_benchmark_word(tokens, SIZED_BENCHMARK_PARTS if sized else BENCHMARK_PARTS):
        return None
    dotted = _DOTTED.search(main) if len(tokens) <= 4 else None
    if sized:
        confidence, why = 0.7, f"no catalogued family; size token {parts.size or parts.active}"
    elif tokens[-1].casefold() in MODEL_SUFFIXES and len(tokens) > 1:
        confidence, why = 0.6, f"no catalogued family; model suffix {tokens[-1]!r}"
    elif dotted:
        # "Spider 2.0", "MRCR 1.5": a .0 release or an acronym's version is as often a benchmark's
        weak = dotted.group(1).endswith(".0") or (tokens[0].isupper() and len(tokens[0]) > 2)
        confidence, why = (0.45 if weak else 0.5), "no catalogued family; a name with a dotted version"
    else:
        return None
    if vendor:
        confidence, why = confidence + 0.05, why + f"; printed after vendor {vendor!r}"
    return _build(text, main, notes, parts, None, vendor, None, None, confidence, why)


@lru_cache(maxsize=1 << 17)  # a board's every model name, asked by many rules: one pass must not evict the next
def recognise(text: str) -> ModelName | None:
    """The model a table label names, or None when it does not look like a model name."""
    cleaned = clean(text)
    main, notes = _split_notes(cleaned)
    if not main:
        return None
    found = _match_family(main)
    vendor = None
    if found is None:
        stripped, vendor = _strip_vendor(main)
        if vendor:
            found = _match_family(stripped)
            main = stripped
    if found is not None:
        return _known(text, main, notes, *found)
    return _by_shape(text, main, notes, vendor)


_TUNED_WORDS = re.compile(r"\binstruct|\bchat\b|-it\b|\btuned\b|\bsft\b|\bdpo\b|\brlhf\b|post-?train|对话|指令", re.I)
_BASE_WORDS = re.compile(r"\bbase\b|pre-?train|基座|预训练", re.I)


@lru_cache(maxsize=1 << 17)  # per model name: a board has tens of thousands
def names_base_checkpoint(text: str) -> bool:
    """Whether a name printed bare is, by its family's naming, the base checkpoint ("Qwen2.5-32B",
    "Llama 3.1 8B": the tuned ones are "-Instruct"); False when the name says which kind it is."""
    if checkpoint_kind(text) is not None or (name := recognise(text)) is None or not name.known:
        return False
    family = _index().catalogue.family(name.family)
    return bool(family and family.bare_is_base and re.search(family.bare_is_base, clean(text), re.I))


@lru_cache(maxsize=1 << 17)  # per model name or heading: a board has tens of thousands
def checkpoint_kind(text: str) -> str | None:
    """Which kind of checkpoint a model name or a table heading speaks of: "tuned" (chat, instruct, SFT,
    RLHF), "base" (base, pretrained), or None when it says neither or both."""
    tuned, base = bool(_TUNED_WORDS.search(text)), bool(_BASE_WORDS.search(text))
    if not tuned and (name := recognise(text)) is not None:  # "Qwen2.5-72B-Inst.", "Gemma 2 27B IT"
        tuned = any(v.casefold().rstrip(".") in _INSTRUCT for v in name.variants)
        family = _index().catalogue.family(name.family) if name.known else None
        tuned = tuned or bool(not base and family and family.tuned and re.search(family.tuned, clean(text), re.I))  # "Vicuna-13B"
    return "tuned" if tuned and not base else "base" if base and not tuned else None


def looks_like_model(text: str) -> bool:
    """Whether a label names a model (catalogued, or unknown but shaped like a model name)."""
    name = recognise(text)
    return name is not None and name.confidence >= MODEL_THRESHOLD


def names_known_family(text: str) -> bool:
    """Whether a label names a model of a catalogued family ("Qwen2.5-Math-7B", "DeepSeek-Coder-6.7B")."""
    name = recognise(text)
    return name is not None and name.family is not None and name.confidence >= MODEL_THRESHOLD


def model_share(labels: Iterable[str]) -> float:
    """The share of non-empty labels that name models (0 when there are none): orientation evidence."""
    texts = [t for t in labels if clean(t)]
    return sum(looks_like_model(t) for t in texts) / len(texts) if texts else 0.0


def same_vendor(text: str, vendor: str) -> bool:
    """Whether the named model is made by ``vendor``, given as a name, id or account ("deepseek-ai", "LG")."""
    name, maker = recognise(text), _index().catalogue.vendor(vendor)
    return bool(name and maker and name.vendor == maker.id)


def vendors_making(texts: Iterable[str], vendors: Iterable[str]) -> set[str]:
    """Those of ``vendors`` (names, ids or accounts) that make one of the named models: ``same_vendor`` for
    every pair, with each model recognised once (a board of 50,000 models against every publisher)."""
    makers = {name.vendor for text in dict.fromkeys(texts) if (name := recognise(text))}
    if not makers:
        return set()
    return {v for v in dict.fromkeys(vendors) if (maker := _index().catalogue.vendor(v)) and maker.id in makers}


def open_weights(text: str) -> bool | None:
    """Whether the named model's weights are published: True, False, or None when unknown."""
    name = recognise(text)
    return name.open_weights if name else None


_INSTRUCT = {"inst": "instruct", "instruct": "instruct", "it": "instruct", "chat": "chat"}
_SNAPSHOT = re.compile(r"\d{4}(?:\d{2}){0,2}|0\d\d")  # 0513, 2024-05-13, 20241022; Google's stable 002
#: A remark that names a release of an API model rather than the bare alias: "(exp)", "(preview)", "(1022)".
_RELEASE_REMARK = re.compile(r"\d|\b(?:exp|experimental|preview|latest)\b", re.I)


@dataclass(frozen=True)
class Identity:
    """Which model a printed name denotes, for telling whether two tables print the same one: the
    family, version, size and variant words, and the snapshot (month and day) where one is printed."""

    family: str
    version: str | None
    size: str | None
    variants: frozenset[str]
    snapshot: str | None  # "0513" from "0513", "05-13", "2024-05-13"; None when no snapshot is printed
    based_on: str | None = None  # "R1-Distill-Qwen-7B": qwen
    active: str | None = None  # "Qwen3-235B-A22B", "Qwen3-A22B": 22B active parameters of a mixture of experts

    def same_model(self, other: "Identity") -> bool:
        """The same model: family, version, base and variants equal, and the size, the active size and the
        snapshot equal where both print one ("DeepSeek-R1" may be "DeepSeek-R1 (671B)", "GPT-4o" may be
        "GPT-4o-0513"; "GPT-4o-0806" is not).  A name that prints only the active size is no model that
        prints only another total ("Qwen3-A22B" is not "Qwen3-32B", a dense 32B)."""
        def fits(a, b):
            return a is None or b is None or a == b

        def sizes_fit(a: "Identity", b: "Identity") -> bool:
            if a.size is None and a.active is not None and b.size is not None and b.active is None:
                return a.active == b.size
            return True

        return (self.family, self.version, self.based_on, self.variants) == \
            (other.family, other.version, other.based_on, other.variants) \
            and fits(self.size, other.size) and fits(self.active, other.active) \
            and sizes_fit(self, other) and sizes_fit(other, self) and fits(self.snapshot, other.snapshot)


def identity(text: str) -> Identity | None:
    """The identity of a catalogued model name (None for a name known only by its shape: two unknown
    names are not known to be one model)."""
    name = recognise(text)
    if name is None or not name.known:
        return None
    variants, snapshot = set(), None
    remarks = {n.casefold() for n in name.notes}
    for v in (*name.variants, *name.notes):
        digits = v.replace("-", "")
        if _SNAPSHOT.fullmatch(digits):
            snapshot = digits[-4:]
        elif v.casefold() not in remarks and v.casefold() != "without":  # "(w/o CoT)", "(671B)": a setup or the size
            variants.add(_INSTRUCT.get(v.casefold().rstrip("."), v.casefold().rstrip(".")))
    return Identity(name.family, (name.version or "").casefold() or None, (name.size or "").upper() or None,
                    frozenset(variants), snapshot, name.based_on, (name.active or "").upper() or None)


def moving_name(text: str):
    """The catalogue's moving API name (:class:`~claimcheck.models.catalogue.MovingName`) that a
    printed model name is, when it prints neither a snapshot nor a release remark: "GPT-4" is the
    alias that served gpt-4-0314 and then gpt-4-0613; "GPT-4 (0613)", "Gemini-1.5-Pro (002)" and
    "Gemini-1.5-Pro (exp)" name one release."""
    name = recognise(text)
    ident = identity(text)
    if name is None or ident is None or any(_RELEASE_REMARK.search(v) for v in (*name.variants, *name.notes)):
        return None  # a snapshot ("0613", "2024-08-06") or a release remark pins the model
    family = _index().catalogue.family(name.family)
    for moving in family.moving_names if family else ():
        if identity(moving.name) == ident:
            return moving
    return None
