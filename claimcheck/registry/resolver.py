"""Resolve a row label and its qualifiers to (benchmark, version, subset, knobs, unit, n).

The resolver says how sure it is and why for each field.  It never guesses a
count: n comes from the table, else from a verified registry count for the
resolved version/subset, else from ``--assume-n`` (marked assumed), else none.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace
from typing import Sequence

from claimcheck.parsing.labels import Facets, canonical_metric, counts_right_answers, facets_of
from claimcheck.parsing.roles import describes_model, is_difference
from claimcheck.records import PROPORTION_UNITS, CellValue, CountEvidence, Resolution, RowContext, StatusNote
from claimcheck.registry.catalogue import Catalogue, normalize
from claimcheck.registry.matching import AliasIndex, Match, remove_span
from claimcheck.registry.footnotes import single_run
from claimcheck.registry.namesakes import distinguishing_word
from claimcheck.registry.models import Benchmark, Count, Subset, Version

#: a translation direction: "CN-EN", "zh→en", "eng→kalam", "English-French"
_DIRECTION = re.compile(r"([a-z]{2,5}|[A-Z][a-z]{1,30})\s*(?:-|–|→|->|⇒|2| to )\s*([a-z]{2,5}|[A-Z][a-z]{1,30})", re.I)
_GLUED = re.compile(r"[^\s，。、（）()]+")  # a name and what is glued to it ("Flores-101")
from claimcheck.registry.units import decide_unit, unit_column, unit_from_values
from claimcheck.stats.granularity import EVIDENCE

#: a cell that says yes or no ("✅", "✗", "Yes"): a feature the model has, not a score
_YES_NO = re.compile(r"^[\s*_]*(?:[✅✓✔☑✗✘❌❎×⭕]|\\?[√]|yes|no|支持|不支持|是|否)[\s*_]*$", re.I)
_N_IN_LABEL = re.compile(r"[(\[（]\s*n\s*=\s*([\d,]+)\s*[)\]）]", re.I)
_HEADING_WORDS = re.compile(r"\btasks?\b|\bcategory\b|任务|类", re.I)
_GLUED_YEAR = re.compile(r"\b([A-Za-z][A-Za-z\-]{0,40}?[A-Za-z])(\d{4}|\d{2})\b")
#: evidence good enough for intervals that is still not the authors' own (a dataset mirror's count)
SECONDHAND_EVIDENCE = frozenset({"mirror"})
SECONDHAND_NOTE = "n = {n:,} from a dataset mirror, not from the benchmark's authors"
_AGGREGATE = re.compile(r"^[↑↓\s]*(?:average|avg\.?|mean|overall|total|sum|aggregate|平均|均值|总分|综合|合计)\b"
                        r"(?!\.?\s*(?:win[- ]?rate|rank|ranking|elo|rating|percentile|胜率|排名))", re.I)
#: an average over the answers of something other than a score: "Avg. Length", "Mean #Tokens", "平均长度"
_ANSWER_MEASURE = re.compile(r"^\W*(?:average|avg\.?|mean|平均)\s*(?:output\s+|response\s+|answer\s+|generation\s+)?"
                            r"(?:length|len|#?\s*tokens?|#?\s*words?|#?\s*char(?:acter)?s?|time|latency|duration|cost|"
                            r"price|turns|长度|字数|耗时|时长|成本)\b", re.I)
#: a line computed from the table's other lines or models, not measured on items of its own: an average win
#: rate or rank over the table's models ("Avg Win Rate", "Mean Rank"), a rank ("Rank", "排名")
_DERIVED = re.compile(r"^\W*(?:(?:average|avg\.?|mean|overall)\s*(?:win[- ]?rate|rank(?:ing)?|胜率|排名)|"
                      r"(?:avg\.?\s*|average\s*|mean\s*)?rank(?:ing)?|排名)\W*$", re.I)
_URL = re.compile(r"\b(?:https?://|www\.)\S+", re.I)
_DISTINCT_METRICS = frozenset({"partial-credit", "strict", "win-rate", "lc-win-rate", "rating", "percentile"})
#: a subset's name at either end of a range ("4-128K Average", "32K~128K") is the range's bound, not the subset
_RANGE_BEFORE = re.compile(r"(?<![\d.])\d+(?:\.\d+)?(?:\s?[kKmM])?\s?(?:-|–|—|~|to)\s?$")
_RANGE_AFTER = re.compile(r"^\s?(?:-|–|—|~|to)\s?\d")


def category_of(res: Resolution, name: str, why: str) -> Resolution:
    """An unknown line recorded as a category of ``name``, with the reason beside the resolver's own."""
    said = res.reasons.get("benchmark", "no registry entry matches the line")
    return replace(res, category_of=name, reasons={**res.reasons, "benchmark": f"{said}; {why}"})


class Resolver:
    """Maps free-text labels to catalogue entries."""

    def __init__(self, catalogue: Catalogue, assume_n: int | None = None) -> None:
        self.catalogue = catalogue
        self.assume_n = assume_n
        self._index = AliasIndex((b.id, a) for b in catalogue for a in (b.id, b.name, *b.aliases))
        self._matches: dict[str, Match | None] = {}  # layout detection and resolution ask about the same labels
        self._suites: dict[str, AliasIndex] = {}
        self._other_counts: dict[tuple[str, int | None], tuple[tuple[str, int], ...]] = {}
        self._editions: dict[tuple[str, str | None], tuple[AliasIndex, AliasIndex, list[Version]]] = {}

    def match(self, label: str) -> Match | None:
        """The catalogue entry a label names, if any."""
        if label not in self._matches:
            self._matches[label] = self._index.best(label)
        return self._matches[label]

    def split_glued_years(self, text: str) -> str:
        """The text with known names and glued years apart ("AIME24" -> "AIME 2024")."""
        return self._split_year_suffix(text)

    def is_benchmark(self, label: str) -> bool:
        """Whether a label names a catalogued benchmark ("AIME24" too: a known name with a year glued on),
        and not a model of a catalogued family whose name holds a benchmark's ("InternLM2-Math-7B")."""
        from claimcheck.models.names import names_known_family

        if self.match(label) is None and self.match(self._split_year_suffix(label)) is None:
            return False
        return not names_known_family(label)

    def subset_named(self, bench: Benchmark, text: str, version_id: str | None) -> Subset | None:
        """The subset of ``bench`` a piece of text names (a footnote, say), if any."""
        subset, _ = self._find_subset(bench, text, bench.version(version_id))
        return subset

    def mentions(self, text: str, bench_id: str) -> bool:
        """Whether the text names this benchmark or another entry of its suite."""
        suite = self.catalogue.entries[bench_id].suite_id
        if suite not in self._suites:
            self._suites[suite] = AliasIndex((b.id, a) for b in self.catalogue if b.suite_id == suite
                                             for a in (b.name, *b.aliases))
        return bool(self._suites[suite].find(text))

    def resolve(self, context: RowContext, cells: Sequence[CellValue], parent: Resolution | None = None) -> Resolution:
        """Resolve one printed row; ``parent`` is the resolution a "same as above" row inherits."""
        if cells and all(not c.raw.strip() for c in cells) and not context.qualifiers:
            return Resolution(row_kind="skipped", skip_reason="a heading row with no values")
        if cells and all(c.status == "missing" or _YES_NO.match(c.raw) for c in cells) \
                and any(_YES_NO.match(c.raw) for c in cells):
            return Resolution(row_kind="skipped", skip_reason=f"a feature row ({context.label.strip()!r} is marked "
                                                              f"yes or no per model, not scored)")
        if context.inherits_from is not None and parent is not None and parent.benchmark:
            return self._inherit(context, cells, parent)
        if context.inherits_from is not None and parent is not None and parent.translation and context.inherited_label \
                and not context.label.strip():  # "Spanish" under "MMLU … | Portuguese": the next translation
            return self.resolve(replace(context, label=context.inherited_label, inherits_from=None), cells)
        if context.fields.get("line_role") == "category":  # a score per category over many benchmarks
            unit, why = unit_from_values(cells)
            return Resolution(row_kind="aggregate", unit=unit, unit_reason=why, reasons={
                "benchmark": f"{context.label.strip()!r} is a category (its header, the caption or the notes say so): "
                             f"a score over several benchmarks, not the benchmark of that name"})
        if is_difference(context.label):  # "Δ half book": one column minus another, not a score
            return Resolution(row_kind="skipped", skip_reason=f"a difference between other lines ({context.label.strip()!r}), "
                                                              "not a score of its own")
        label = self._split_year_suffix(context.label.strip().replace("\n", " "))
        if self._names_two_benchmarks(context.label):
            return Resolution(row_kind="unknown", unit=unit_from_values(cells)[0],
                              reasons={"benchmark": f"{context.label!r} names two benchmarks in one row"})
        # Long tables may name the subset in its own column ("SWE-bench" + "Verified"):
        # matching the label with those columns finds the more specific entry.
        extra = " ".join(context.fields.get(k, "") for k in ("version", "subset")).strip()
        text = f"{label} {extra}".strip() if extra else label
        match = self.match(text)
        if match is None:
            return self._unresolved(context, cells)
        if match.start >= len(label):  # the alias lies wholly in the extra columns: not a label match
            return self._unresolved(context, cells)
        bench = self.catalogue.entries[match.key]
        word = distinguishing_word(label, match.start, match.end, lambda w: self._registers(bench, w))
        if word is not None:
            return self._near_namesake(context, cells, bench, word)
        rest = remove_span(text, match.start, match.end)
        if glued := self._glued_version(bench, match.alias):  # "AlignBench1.1": the alias carries the version
            rest = f"{glued} {rest}".strip()
        if shots := _ALIAS_SHOTS.search(match.alias):  # "ARC (25-shot)": the alias names a setup, which still holds
            rest = f"{shots.group(0)} {rest}".strip()
        if _HEADING_WORDS.search(rest) and not any(c.status != "missing" for c in cells):
            return Resolution(row_kind="skipped", skip_reason=f"a category heading ({label!r}) with no values")
        facets = facets_of(rest, context.qualifiers)
        confidence = 1.0 if not rest else (0.9 if match.prefix else 0.7)
        reasons = {"benchmark": f"label names {bench.name!r} (alias {match.alias!r})"}
        res = self._build(bench, rest, context, facets, cells, confidence, reasons)
        language = _translated(bench, context.qualifiers, res)
        if language is not None:  # "MMLU" over a Language column saying "Portuguese": a translation
            unknown = self._near_namesake(context, cells, bench, language)
            return replace(unknown, translation=(bench.name, language)) if unknown.row_kind == "unknown" else unknown
        return res

    # ── pieces ──────────────────────────────────────────────────────────────

    def _split_year_suffix(self, label: str) -> str:
        """"AIME25" / "HMMT2025" -> "AIME 2025": a known name with a year glued on."""
        def fix(m: re.Match[str]) -> str:
            name, digits = m.group(1), m.group(2)
            year = int(digits) + (2000 if len(digits) == 2 else 0)
            if normalize(name) in self.catalogue.aliases and 2000 <= year <= 2039:
                return f"{name} {year}"
            return m.group(0)

        return _GLUED_YEAR.sub(fix, label)

    def _names_two_benchmarks(self, label: str) -> bool:
        """A row such as "MGSM\nMATH" holds two benchmarks (and two values per cell)."""
        parts = [p.strip() for p in re.split(r"\n| / ", label) if p.strip()]
        if len(parts) < 2:
            return False
        ids = {m.key for p in parts if (m := self.match(p)) is not None and m.prefix}
        return len(ids) >= 2

    def _inherit(self, context: RowContext, cells: Sequence[CellValue], parent: Resolution) -> Resolution:
        bench = self.catalogue.entries[parent.benchmark]  # type: ignore[index]
        facets = facets_of(context.qualifiers[0] if context.qualifiers else "", context.qualifiers[1:])
        reasons = {"benchmark": f"'same as above': inherits {bench.name!r} from row {context.inherits_from}"}
        inherited = _facets_from_resolution(parent).merged_under(facets)
        text = " ; ".join(context.qualifiers)
        res = self._build(bench, text, context, inherited, cells, parent.confidence * 0.95, reasons, parent=parent)
        return res

    def resolve_under(self, caption: str, context: RowContext, cells: Sequence[CellValue], res: Resolution) -> Resolution:
        """An unknown line read under its table's caption: "C++" under "Multi-lingual HumanEval", "4K"
        under "Ruler".  Used only when the caption names a benchmark and the line then names one of
        its registered versions or subsets, or only the metric it is scored by ("Prompt-Strict Acc" under
        "IFEval"), and nothing the guard calls another benchmark; else the line stays unknown."""
        match = self.match(caption)
        if match is None or not match.prefix:
            return res
        bench = self.catalogue.entries[match.key]
        named = f"{caption[match.start:match.end]} {context.label.strip()}"
        if bench.family == "translation" and _DIRECTION.fullmatch(context.label.strip(" *_`")):
            whole = self.resolve(replace(context, label=_GLUED.match(caption, match.start).group(0)), cells)
            why = (f"the table's caption {caption!r} names {bench.name!r}; the line {context.label.strip()!r} "
                   f"is one of its translation directions")
            return replace(whole, part=context.label.strip(" *_`"), reasons={**whole.reasons, "benchmark": why})
        part = self.resolve(replace(context, label=named), cells)
        if part.benchmark != bench.id and self._scoring_only(bench, context.label, res):  # "Prompt-Strict Acc"
            named = f"{caption[match.start:match.end]} ({context.label.strip()})"
            part = self.resolve(replace(context, label=named), cells)
            if part.benchmark != bench.id:
                return res
        elif part.benchmark != bench.id or (part.subset is None and part.version is None):
            return res  # the line must name a part of the caption's benchmark, or how it is scored, not just sit under it
        elif self._other_words(bench, context.label):
            return res  # "PassageRetrieval-en" under an AGIEval paragraph: "-en" is a part, the rest another task
        rest = remove_span(caption, match.start, match.end)  # "1) Primary": a version the caption names
        under = self.resolve(replace(context, label=named, qualifiers=(*context.qualifiers, rest)), cells) if rest else part
        if under.benchmark != bench.id:
            under = part
        why = f"the table's caption {caption!r} names {bench.name!r}; the line {context.label.strip()!r} names its part"
        return replace(under, reasons={**under.reasons, "benchmark": why})

    def lead_names(self, text: str) -> tuple[str, ...]:
        """The benchmark names a section's opening paragraph gives its tables ("We use Flores-101 to
        evaluate …" -> "Flores-101"), one per catalogued benchmark it names, in order of first mention;
        each name is read as printed, with a version glued to it."""
        first: dict[str, tuple[int, int]] = {}
        links = [(u.start(), u.end()) for u in _URL.finditer(text)]  # ".../tree/polyglot" names a branch, not Aider Polyglot
        taken: list[tuple[int, int]] = []  # "Math" inside "Multilingual Grade School Math" is no name of its own
        for m in sorted(self._index.find(text, every=bool(links)), key=lambda m: (m.start, -m.end)):
            if any(a <= m.start < b for a, b in links) or any(a <= m.start and m.end <= b for a, b in taken):
                continue
            taken.append((m.start, m.end))
            first.setdefault(m.key, (m.start, m.end))
        # the name as printed, a version glued to its end ("Flores-101") kept
        return tuple((text[start:end] + _GLUED.match(text, end).group(0) if _GLUED.match(text, end) else text[start:end])
                     .rstrip(".,;:)") for start, end in first.values())

    def gloss_for(self, bench_id: str, prose: Sequence[str]) -> str | None:
        """The setup the prose brackets after its name of this benchmark ("Theorem QA (5-shot)"), when it
        gives exactly one.  A bracket that names a benchmark itself ("Multi-Translation (Flores-101
        5-shot)") describes what a group is made of, not this benchmark's setup."""
        from claimcheck.parsing.glossary import as_setup, bracket_after, states_result

        found = set()
        for text in prose:
            text = unicodedata.normalize("NFKC", text)
            for m in self._index.find(text, every=True):
                if m.key == bench_id and (g := bracket_after(text, m.end)) and not self._index.find(g) \
                        and not states_result(text, m.start):
                    found.add(g)
        return as_setup(found.pop()) if len(found) == 1 else None

    def category_under(self, caption: str, context: RowContext, res: Resolution) -> Resolution:
        """An unknown line (naming no benchmark itself) under a caption that begins with a benchmark's name: a
        category of that benchmark the registry does not list ("Applied Science" under "KMMLU (5-shot)").  The
        line stays unknown (no n, no version is read from the caption); ``category_of`` records the benchmark."""
        match = self.match(caption)
        if match is None or not match.prefix:
            return res
        bench = self.catalogue.entries[match.key]
        return category_of(res, bench.name, f"printed under {caption!r}, it is a category of {bench.name!r} "
                                            f"the registry does not list")

    def resolve_under_one_of(self, names: Sequence[str], context: RowContext, cells: Sequence[CellValue],
                             res: Resolution, text: str | None = None) -> Resolution:
        """An unknown line read under a caption, or under the paragraph ``text`` that names the benchmarks
        ``names`` ("HumanEval …, Java, JavaScript and C++ from MultiPL-E"): resolved when it names a part
        of exactly one of them ("JavaScript" is a MultiPL-E language, "Python" is HumanEval's), else left
        unknown.  A line read from a paragraph records it, since the table itself names no benchmark."""
        found = {}
        for name in names:
            under = self.resolve_under(name, context, cells, res)
            if under.row_kind != "unknown":
                found.setdefault(under.benchmark, under)
        if len(found) != 1:
            return res
        (under,) = found.values()
        if len(names) > 1:
            why = (f"the section's text names {', '.join(map(repr, names))}; the line {context.label.strip()!r} names "
                   f"a part of {self.catalogue.entries[under.benchmark].name!r} only")
            under = replace(under, reasons={**under.reasons, "benchmark": why})
        return replace(under, named_in_text=text) if text else under

    def _scoring_only(self, bench: Benchmark, label: str, res: Resolution) -> bool:
        """Whether a line names only how a benchmark is scored: a metric, and no word beside the metric's own
        and the protocol's ("Prompt-Strict Acc", "Pass@1"; not "Chinese Acc")."""
        if res.metric is None:
            return False
        own = set(re.findall(r"[a-z]+", res.metric.casefold()))
        return not [w for w in self._other_words(bench, label) if w.casefold() not in own]

    def _other_words(self, bench: Benchmark, label: str) -> tuple[str, ...]:
        """The words of a line outside its brackets that are neither protocol words nor the benchmark's
        registered names, versions or subsets: what makes "PassageRetrieval-en" another task than AGIEval's
        English part."""
        from claimcheck.registry.namesakes import PROTOCOL_WORDS

        names = {bench.name, *bench.aliases, *(x for v in bench.versions for x in (v.id, v.name, *v.aliases)),
                 *(x for v in bench.versions for sub in v.subsets for x in (sub.id, sub.name, *sub.aliases))}
        # "half" of "half book"; a name's bracketed description ("AGIEval (human-centric exams: Gaokao, LSAT, SAT,
        # LogiQA …)") names no part of it: "agieval_logiqa_en" is one task, not the English part
        words = {w for name in names if name for w in normalize(re.sub(r"[(（][^()（）]*[)）]", " ", name)).split()}
        bare = re.sub(r"[(\[（【][^)\]）】]*[)\]）】]", " ", label)
        return tuple(w for w in re.findall(r"[A-Za-z]{2,}", bare)
                     if w.casefold() not in PROTOCOL_WORDS and normalize(w) not in words and not self._registers(bench, w))

    def _registers(self, bench: Benchmark, word: str) -> bool:
        """Whether a word beside the alias names one of the benchmark's versions or subsets, or is
        part of another of its aliases ("Hard" of "BBH"/"BigBench Hard")."""
        if self._find_subset(bench, word, None)[0] is not None or self._edition_indexes(bench, None)[0].find(word):
            return True
        return any(normalize(word) in normalize(a).split() for a in (bench.name, *bench.aliases))

    def _near_namesake(self, context: RowContext, cells: Sequence[CellValue], bench: Benchmark, word: str) -> Resolution:
        """A label naming a benchmark plus a distinguishing word: an unknown benchmark, never the base."""
        res = self._unresolved(context, cells)
        if res.row_kind != "unknown":
            return res
        why = (f"{context.label.strip()!r} names {bench.name!r} with {word!r}, which the registry does not list "
               f"as one of its versions or subsets: a different benchmark, so {bench.name}'s item count is not used")
        return replace(res, reasons={**res.reasons, "benchmark": why})

    def _unresolved(self, context: RowContext, cells: Sequence[CellValue]) -> Resolution:
        label = context.label.strip()
        has_values = any(c.status != "missing" for c in cells)
        if not label:
            return Resolution(row_kind="unknown", reasons={"benchmark": "the row has no label"}, unit=unit_from_values(cells)[0])
        if describes_model(label):
            return Resolution(row_kind="skipped", skip_reason=f"not a benchmark row ({label!r} describes the model, its configuration or its data, not a score)")
        if _ANSWER_MEASURE.search(label):  # AlpacaEval's "Avg. Length" beside its win rates
            return Resolution(row_kind="skipped", skip_reason=f"{label!r} measures the answers (their length, time or "
                                                              f"cost), not how well they score")
        if _AGGREGATE.search(label):
            unit, why = unit_from_values(cells)
            return Resolution(row_kind="aggregate", unit=unit, unit_reason=why, reasons={"benchmark": "an average or total over other rows"})
        if not has_values:
            return Resolution(row_kind="skipped", skip_reason="a heading row with no values")
        facets = facets_of(label, context.qualifiers)
        unit, why = unit_column(context, *decide_unit(None, facets, cells))
        n, source, note = self._n(None, None, None, context, {})
        derived = ("a line derived from the table's other lines or models (a win rate or rank among them)"
                   if _DERIVED.match(label) else None)
        return Resolution(
            row_kind="unknown", unit=unit, unit_reason=why, n=n, n_source=source, n_note=note,
            direction="lower" if unit == "lower-is-better" else "higher",
            tools=facets.tools, metric=canonical_metric(context.fields.get("metric", "")) or facets.metric,
            budget=_budget(facets), differs=facets.differs,
            unknown=facets.unknown, secondhand=facets.secondhand, protocol=facets.protocol,
            version=facets.window or facets.version, harness=context.fields.get("harness") or None,
            reasons={"benchmark": f"no registry entry matches {label!r}"} if derived is None else
            {"benchmark": f"{label!r} is {derived}: no benchmark of its own"}, derived=derived,
        )

    def _build(self, bench: Benchmark, text: str, context: RowContext, facets: Facets,
               cells: Sequence[CellValue], confidence: float, reasons: dict[str, str],
               parent: Resolution | None = None, tried: int | None = None) -> Resolution:
        all_text = " ; ".join([text, *context.qualifiers, context.fields.get("version", ""), context.fields.get("subset", "")])
        version, subset, why = self._version_subset(bench, all_text, facets, context, parent)
        reasons.update(why)
        unit, unit_why = unit_column(context, *decide_unit(bench, facets, cells))
        implied = near_count = None
        assumed = version is not None and why.get("version", "").startswith("not stated")  # the registry's default
        if (version is None or assumed) and subset is None and not (facets.version or facets.window or context.fields.get("n")):
            # with one count to choose from (HumanEval's 164) the values can only confirm the default
            several = len({count.value for _, _, count in bench.verified_counts()}) > 1
            if tried is None:  # every count this line may be read as: the p allows for trying them all
                tried = (len(_candidates(bench)) if several else 0) + sum(
                    len(_candidates(self.catalogue.entries[v])) for v in bench.variants)
            nearest = self._nearest_part(bench, cells, unit, facets, tried) if several else None
            implied = nearest if nearest is not None and nearest[2].p < EVIDENCE else None  # beyond chance
            if implied is None and parent is None and (variant := self._implied_variant(bench, cells, unit, facets, tried)):
                other, found = variant
                res = self._build(other, text, context, facets, cells, confidence,
                                  {**reasons, "benchmark": f"labelled {bench.name!r}, but {found.fits} of the line's "
                                   f"{found.cells} values are k/{found.n} (p = {found.p:.1g} by chance), the count of "
                                   f"{found.name}, and not k/n of any {bench.name} set"}, parent, tried)
                if res.n == found.n and res.n_evidence is None:  # the variant's one count: the values decided it
                    res = replace(res, n_source="implied", n_evidence=_evidence(found),
                                  n_note=f"not stated; the values are k/{found.n} ({found.name})")
                return res
            if implied is None and nearest is not None:  # what the values came closest to, where they settle nothing
                near_count = _evidence(nearest[2])
            if implied is not None:
                version, subset, found = implied
                reasons["version"] = (f"not stated; {found.fits} of the line's {found.cells} values are k/{found.n} "
                                      f"(p = {found.p:.1g} by chance): {found.name}")
        n, n_source, n_note = self._n(bench, version, subset, context, reasons)
        confirms = implied is not None and implied[1] is None and implied[0].id == bench.default_version
        evidence = None
        if implied is not None and n_source == "registry" and not confirms:  # the whole default set: the values agree
            n_source, n_note = "implied", f"not stated; the values are k/{n} ({implied[2].name})"
            evidence = _evidence(implied[2])
        default_metric = (version.metric if version and version.metric else None) or bench.metric
        stated = canonical_metric(context.fields.get("metric", "")) or facets.metric
        if stated in ("accuracy", "resolved") and default_metric not in _DISTINCT_METRICS:
            stated = default_metric  # "Acc." names the benchmark's own headline number
        elif stated == "em" and bench.chance is not None and default_metric == "accuracy" and "em" not in bench.metrics:
            stated = default_metric  # an exact match of the chosen option is a multiple-choice accuracy
        metric = stated or (parent.metric if parent else None) or default_metric
        if n is None and (metric or "").startswith("f1") and version is not None and subset is None and version.subsets:
            # a refusal F1 is computed over the subsets together (XSTest's safe and unsafe prompts): no subset is
            # missing; what has no interval is the F1 itself
            parts = ", ".join(f"{x.id} {x.n.value:,}" for x in version.subsets if x.n.value)
            n_note = ("an F1 score, computed over its subsets together" + (f" ({parts})" if parts else "")
                      + ", is no share of items: no binomial interval applies")
        reasons.setdefault("metric", facets.reasons.get("metric", "registry default") if not context.fields.get("metric")
                           else f"metric column: {' '.join(context.fields['metric'].split())}")
        statuses = tuple(status_notes(bench, version.id if version else None))
        return Resolution(
            benchmark=bench.id, benchmark_name=bench.name, suite=bench.suite_id,
            version=version.id if version else (facets.window or facets.version),
            subset=subset.id if subset else None,
            tools=_tools(context, facets, bench.tools), harness=context.fields.get("harness") or facets.harness,
            judge=context.fields.get("judge") or facets.judge, metric=metric,
            metric_assumed=not stated and (parent.metric_assumed or not parent.metric if parent else True),
            protocol=context.fields.get("protocol") or facets.protocol, budget=_budget(facets, context),
            unit=unit, unit_reason=unit_why, n=n, n_source=n_source, n_note=n_note, n_evidence=evidence,
            near_count=near_count if n_source == "registry" or n is None else None,
            n_fixed=n_source != "registry" or (subset.n if subset else version.n if version else Count()).fixed,
            confidence=round(confidence * (1.0 if version or not bench.versions else 0.9), 2),
            reasons=reasons, differs=facets.differs, unknown=facets.unknown, secondhand=facets.secondhand,
            chance=bench.chance / 100 if bench.chance is not None and counts_right_answers(metric) else None,
            below_chance=bench.below_chance,
            direction="lower" if unit == "lower-is-better" else bench.direction,
            granularity=(version.granularity if version and version.granularity else None) or bench.granularity,
            single_run=single_run(" ; ".join([context.label, *context.qualifiers])),  # "pass@1, greedy"
            statuses=statuses, row_kind="benchmark",
            system_level=bench.system_level, composite=bench.composite, in_house=not bench.public,
            knobs=tuple(k.knob for k in bench.knobs),
            value_range=tuple(bench.range) if bench.range else None,
            rating_step=bench.ratings.step if bench.ratings else None,
            chat_judged=bench.family in ("preference-judge", "preference-arena"),
            ratings_per_item=bench.ratings.per_item if bench.ratings else 1,
            protocol_sd=bench.protocol_sd.sd if bench.protocol_sd else None,
            protocol_noise=_protocol_text(bench),
            other_counts=self.other_counts(bench, n),
            unstated_versions=(tuple(v.id for v in bench.versions) if version is None and len(bench.versions) > 1
                               and not (facets.window or facets.version) else ()),  # a stated window is stated
            unstated_subsets=(tuple(x.id for x in version.subsets) if version is not None and subset is None
                              and version.n.value is None and len(version.subsets) > 1
                              and version.subsets_are != "parts" else ()),
            averaged_parts=(tuple(x.id for x in version.subsets) if version is not None and subset is None
                            and version.subsets_are == "parts" else ()),
            unstated_metrics=(tuple(dict.fromkeys((default_metric, *bench.metrics))) if bench.metrics and not stated
                              and not (parent and parent.metric) and unit not in PROPORTION_UNITS | {"elo"} else ()),
        )

    def _version_subset(self, bench: Benchmark, text: str, facets: Facets, context: RowContext,
                        parent: Resolution | None) -> tuple[Version | None, Subset | None, dict[str, str]]:
        why: dict[str, str] = {}
        version = self._find_version(bench, text, facets)
        if version:
            why["version"] = f"{version.id!r} named in the row"
        elif parent and parent.version:
            version = bench.version(parent.version)
            why["version"] = f"inherited from row {context.inherits_from}" if version else why.get("version", "")
        subset, owner = self._find_subset(bench, text, version)
        if subset:
            why["subset"] = f"{subset.id!r} named in the row"
            if version is None and owner is not None:
                version = owner
                why["version"] = f"the only version with subset {subset.id!r}"
        elif parent and parent.subset and version:
            subset = next((s for s in version.subsets if s.id == parent.subset), None)
        if version is None and bench.default_version and not (facets.version or facets.window):
            version = bench.version(bench.default_version)
            why["version"] = f"not stated; the registry's default {bench.default_version!r} is assumed"
        elif version is None and (facets.version or facets.window):
            why["version"] = f"{facets.window or facets.version!r} is not a version the registry knows"
        if subset is None and version is not None and version.subsets_are == "parts":
            why["subset"] = (f"none named: the registry lists {', '.join(x.id for x in version.subsets)} as the parts "
                             f"the unqualified score averages over")
        return version, subset, why

    def _find_version(self, bench: Benchmark, text: str, facets: Facets) -> Version | None:
        if facets.window:  # a date window is more specific than a release name printed beside it
            return self._version_named(bench, facets.window)
        hits = self._edition_indexes(bench, None)[0].find(text)
        if hits:
            return bench.version(hits[0].key)  # type: ignore[arg-type]
        return self._version_named(bench, facets.version)

    @staticmethod
    def _nearest_part(bench: Benchmark, cells: Sequence[CellValue], unit: str, facets: Facets, tried: int = 1):
        """The registered version or subset of the benchmark whose verified count the line's values fit
        best, when the row names none: (version, subset, the evidence), or None when no count fits enough
        of them.  ``tried`` is how many counts the line is tried against in all (its own and its
        variants'): the chance that one of them fits so many values is up to that many times one's, so the
        p kept is the one multiplied by it (Bonferroni), and the line is read as that set only when this p
        is below EVIDENCE (MBPP printed bare, every cell k/500: the full test split).  Below it or not, the
        same count is what a line that settles nothing came closest to, for the message that says so."""
        from claimcheck.stats.granularity import implied_denominator

        scale = {"percent": 100.0, "fraction": 1.0}.get(unit)
        if scale is None or bench.granularity != "binary" or (facets.metric or "").startswith(("avg@", "mean@", "partial", "f1")):
            return None
        by_n = _candidates(bench)
        values = [(c.value / scale, c.decimals, scale) for c in cells
                  if c.status == "ok" and c.value is not None and c.decimals is not None]
        tried = max(tried, 1)
        found = implied_denominator(values, [(str(n), n) for n in by_n], evidence=1.0)
        if found is None:
            return None
        version, subset = by_n[found.n]
        name = f"{bench.name} {version.id}" + (f" / {subset.id}" if subset else "")
        return version, subset, found._replace(name=name, p=min(1.0, found.p * tried))

    def _implied_variant(self, bench: Benchmark, cells: Sequence[CellValue], unit: str, facets: Facets, tried: int = 1):
        """The variant entry (:attr:`Benchmark.variants`) whose one verified count the line's values are made
        of beyond chance, when none of the benchmark's own counts fits: (entry, the evidence), or None."""
        for other_id in bench.variants:
            other = self.catalogue.entries[other_id]
            found = self._nearest_part(other, cells, unit, facets, tried)
            if found is not None and found[2].p < EVIDENCE:
                return other, found[2]
        return None

    @staticmethod
    def _glued_version(bench: Benchmark, alias: str) -> str | None:
        """The version an alias carries glued to another of the benchmark's names ("AlignBench1.1" is
        "AlignBench" + "1.1"), if any."""
        whole = normalize(alias)
        names = {normalize(x) for x in (bench.name, *bench.aliases)} - {whole}
        for v in bench.versions:
            for tag in (v.id, *v.aliases):
                t = normalize(tag)
                if t and whole.endswith(t) and whole[:-len(t)].strip() in names:
                    return tag
        return None

    def version_named(self, bench: Benchmark, token: str | None) -> Version | None:
        """The registered version of the benchmark a printed token names ("v6", "6", "2.0"), if any."""
        return self._version_named(bench, token)

    @staticmethod
    def _version_named(bench: Benchmark, token: str | None) -> Version | None:
        if token:
            for v in bench.versions:
                names = {normalize(x) for x in (v.id, *v.aliases)}
                if normalize(token) in names or normalize("v" + token) in names:
                    return v
        return None

    def _edition_indexes(self, bench: Benchmark, version: Version | None) -> tuple[AliasIndex, AliasIndex, list[Version]]:
        """Built once per benchmark (and version): its version aliases, and its subset aliases keyed by
        (position in the version list, subset)."""
        cache_key = (bench.id, version.id if version else None)
        if cache_key not in self._editions:
            versions = [version] if version else list(bench.versions)
            self._editions[cache_key] = (
                AliasIndex((v.id, a) for v in bench.versions for a in (v.id, *v.aliases)),
                AliasIndex(((i, sub), a) for i, v in enumerate(versions) for sub in v.subsets
                           for a in (sub.id, sub.name or sub.id, *sub.aliases)),
                versions,
            )
        return self._editions[cache_key]

    def _find_subset(self, bench: Benchmark, text: str, version: Version | None) -> tuple[Subset | None, Version | None]:
        _, index, versions = self._edition_indexes(bench, version)
        hits = [h for h in index.find(text) if not _RANGE_BEFORE.search(text[:h.start]) and not _RANGE_AFTER.match(text[h.end:])]
        if not hits:
            return None, None
        if _lists_parts(text, hits):  # "zh, en, bn, de, …" beside MGSM: the languages averaged, not one subset
            return None, None
        same = [h.key for h in hits if h.alias == hits[0].alias]  # the same words name a subset of several versions
        owners = {i for i, _ in same}  # type: ignore[misc]
        i, subset = hits[0].key  # type: ignore[misc]
        if len(owners) > 1 and len({sub.n.value for _, sub in same}) > 1:  # type: ignore[misc]
            subset = subset.model_copy(update={"n": Count(note="differs between versions")})
        return subset, (versions[i] if len(owners) == 1 else None)

    def _n(self, bench: Benchmark | None, version: Version | None, subset: Subset | None,
           context: RowContext, reasons: dict[str, str]) -> tuple[int | None, str | None, str | None]:
        table_n = context.fields.get("n", "").replace(",", "").strip()
        if table_n.isdigit() and int(table_n) > 0:
            reasons["n"] = "n column of the table"
            return int(table_n), "table", None
        if m := _N_IN_LABEL.search(context.label):
            reasons["n"] = f"printed in the label ({m.group(0)})"
            return int(m.group(1).replace(",", "")), "table", None
        return self.catalogue_n(bench, version, subset, reasons)

    def other_counts(self, bench: Benchmark, n: int | None) -> tuple[tuple[str, int], ...]:
        """The verified item counts of the benchmark's suite other than ``n``, each named ("MBPP+ / base
        tests" 399): the denominators a table may really have used when its values do not fit ``n``."""
        key = (bench.id, n)
        if key not in self._other_counts:
            found: dict[int, str] = {}
            stem = normalize(bench.name)
            for b in self.catalogue:  # the suite, and entries named after the benchmark ("MBPP+", "GSM8K-Platinum")
                if b.suite_id != bench.suite_id and not normalize(b.name).startswith(stem):
                    continue
                for v, sub, count in b.verified_counts():
                    if count.value != n:
                        found.setdefault(count.value, f"{b.name} {v.id}" + (f" / {sub.id}" if sub else ""))
            self._other_counts[key] = tuple(sorted(((name, value) for value, name in found.items()), key=lambda x: x[1]))
        return self._other_counts[key]

    def catalogue_n(self, bench: Benchmark | None, version: Version | None, subset: Subset | None,
                    reasons: dict[str, str]) -> tuple[int | None, str | None, str | None]:
        """n when the table gives none: the registry's verified count, else --assume-n (marked), with a
        note on why a count was not used."""
        count: Count | None = subset.n if subset else (version.n if version else None)
        note = None
        if count is not None and count.verified:
            where = f"{bench.name} {version.id if version else ''}{' / ' + subset.id if subset else ''}".strip()  # type: ignore[union-attr]
            reasons["n"] = f"registry: {where} has {count.value} items ({count.evidence})"
            # a count known only from a copy of the data, not from its authors, is used but said to be so
            secondhand = SECONDHAND_NOTE.format(n=count.value) if count.evidence in SECONDHAND_EVIDENCE else None
            return count.value, "registry", secondhand
        if count is not None and count.value is not None:
            note = f"the registry lists {count.value} items from {count.evidence} evidence only; not used for intervals"
        elif version is not None and subset is None and version.subsets_are == "parts":
            counts = {x.n.value for x in version.subsets}
            each = f"{counts.pop():,} items each" if len(counts) == 1 and None not in counts else "counted per part"
            note = (f"the average over its {len(version.subsets)} parts ({each}), which has no item count of its own"
                    + (f": {version.n.note}" if version.n.note else ""))
        elif version is not None and subset is None and any(x.n.value for x in version.subsets):
            counted = ", ".join(f"{x.id} {x.n.value:,}" + ("" if x.n.verified else f" [{x.n.evidence}]")
                                for x in version.subsets if x.n.value)
            note = f"subset not stated, and the registry counts each subset separately ({counted})"
        elif bench is not None and version is None and any(v.n.value for v in bench.versions):
            note = "version not stated, so the registry's item counts do not apply"
        if self.assume_n:
            reasons["n"] = f"--assume-n {self.assume_n} (assumed, not known)"
            return self.assume_n, "assumed", note
        return None, None, note


# ── helpers ─────────────────────────────────────────────────────────────────

#: the shots an alias names as part of the benchmark's usual label ("ARC (25-shot)")
_ALIAS_SHOTS = re.compile(r"\d{1,3}\s*-?\s*shots?\b", re.I)

_LANGUAGES = re.compile(
    r"^\W*(Portuguese|Spanish|Italian|German|French|Hindi|Thai|Chinese|Japanese|Korean|Arabic|Russian|Indonesian|"
    r"Vietnamese|Turkish|Bengali|Swahili|Dutch|Polish|Persian|Hebrew|Ukrainian|Czech|Greek|Romanian|Hungarian|"
    r"Swedish|Telugu|Tamil|Urdu|Yoruba|Malay|Filipino|葡萄牙语|西班牙语|意大利语|德语|法语|印地语|泰语|中文|日语|韩语|阿拉伯语|俄语)\W*$", re.I)


def _lists_parts(text: str, hits) -> bool:
    """Whether the text lists several of a benchmark's subsets ("zh, en, bn, de, es, fr"): three or more distinct
    subsets named, or two with a list separator between them (a "Languages" column beside an average)."""
    named = {h.key[1].id: h for h in hits}
    if len(named) >= 3:
        return True
    if len(named) == 2:
        a, b = sorted(named.values(), key=lambda h: h.start)
        return bool(re.search(r"[,，、;；/]", text[a.end:b.start]))
    return False


def _translated(bench: Benchmark, qualifiers: Sequence[str], res: Resolution) -> str | None:
    """The language a qualifier column names for a benchmark that is not multilingual and lists no
    subset for it ("MMLU" beside "Portuguese"): the row is a translation, another data set."""
    if res.subset is not None or "multilingual" in bench.family or "translation" in bench.family:
        return None
    return next((m.group(1) for q in qualifiers if (m := _LANGUAGES.match(q))), None)



def _facets_from_resolution(res: Resolution) -> Facets:
    budget = dict(res.budget)
    return Facets(
        tools=res.tools, metric=None, shots=budget.get("shots"), effort=budget.get("effort"),
        selection=budget.get("selection"), protocol=res.protocol, harness=res.harness, judge=res.judge,
        version=None, differs=res.differs, unknown=res.unknown, secondhand=res.secondhand,
    )


def _tools(context: RowContext, facets: Facets, inherent: bool | None = None) -> bool | None:
    raw = context.fields.get("tools", "").strip().casefold()
    if raw in ("yes", "true", "on", "with", "y", "1", "有", "是"):
        return True
    if raw in ("no", "false", "off", "without", "n", "0", "无", "否"):
        return False
    return facets.tools if facets.tools is not None else inherent


def _budget(facets: Facets, context: RowContext | None = None) -> dict[str, object]:
    out: dict[str, object] = {}
    for name in ("shots", "cot", "effort", "thinking_budget", "attempts", "selection"):
        value = getattr(facets, name)
        if value is not None:
            out[name] = value
    if context is not None:
        for name in ("attempts", "shots"):
            if context.fields.get(name):
                out[name] = _number_or_text(context.fields[name])
        budget = context.fields.get("budget", "")
        if "=" in budget:  # "effort=high; selection=best-of-configurations", as --export-claims writes it
            for part in budget.split(";"):
                key, _, value = part.partition("=")
                if key.strip() and value.strip():
                    out[key.strip()] = _number_or_text(value.strip())
        elif budget:
            out["effort"] = budget
    return out


def _number_or_text(value: str):
    return int(value) if value.isdigit() else (True if value == "True" else value)


def status_notes(bench: Benchmark, version: str | None):
    """The registry's non-active status statements that apply to one version."""
    for s in bench.status:
        if s.state == "active":
            continue
        if s.versions and version not in s.versions:
            continue
        yield StatusNote(state=s.state, who=s.who, when=s.when, what=s.what, source=s.source,
                         version=", ".join(s.versions) or None, unverified=s.unverified, impact=s.impact,
                         onset=s.onset)


def _protocol_text(bench: Benchmark) -> str | None:
    """The smallest sourced protocol spread of a benchmark, as a finding cites it."""
    x = bench.protocol_sd
    if x is None:
        return None
    spread = f"SD {x.figure:g} pp" if x.kind == "sd" else f"a range of {x.figure:g} pp over {x.conditions} protocols"
    return f"{spread} when the {x.varied} changes ({x.models}; {x.source})"


def _candidates(bench: Benchmark) -> dict[int, tuple]:
    """The verified counts a line of the benchmark may be read as, each with its one (version, subset):
    a count two sets share could be either, so it decides nothing and is not tried."""
    by_n: dict[int, list] = {}
    for v, sub, count in bench.verified_counts():
        by_n.setdefault(count.value, []).append((v, sub))
    return {n: parts[0] for n, parts in by_n.items() if len(parts) == 1}


def _evidence(found) -> CountEvidence:
    """The fits that decided a line's n (an :class:`~claimcheck.stats.granularity.ImpliedCount`), as the score keeps them."""
    return CountEvidence(name=found.name, fits=found.fits, cells=found.cells, p=found.p, n=found.n)


def with_n(res: Resolution, n: int, source: str, why: str) -> Resolution:
    """A copy with n replaced (a cell's own "(n=…)" beats the row's)."""
    return replace(res, n=n, n_source=source, n_evidence=None, reasons={**res.reasons, "n": why})
