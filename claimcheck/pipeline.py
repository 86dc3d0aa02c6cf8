"""The pipeline: read → parse → resolve → measure → check → report.

Each stage hands the next plain, typed records (see :mod:`claimcheck.records`).
Every input row ends up in the report: checked, missing, or skipped with a reason.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import re
from pathlib import Path
from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

from claimcheck import __version__
from claimcheck.checker import Selection
from claimcheck.errors import ConfigError
from claimcheck.limits import Limits, applied
from claimcheck.records import (
    BenchmarkRef, InputFile, Observation, Report, ReportMeta, Resolution, RowContext, Score, SettingsRow, SourceTable,
    TableReading,
)


@dataclass(frozen=True)
class Options:
    """Everything that changes what the audit computes."""

    assume_n: int | None = None
    benchmark: str | None = None
    registry_files: tuple[str, ...] = ()
    alpha: float = 0.05
    power: float = 0.8
    ci_method: str = "wilson"
    selection: Selection = field(default_factory=Selection)
    claims_files: tuple[str, ...] = ()  # --claims: the vendor's text, one claim per line
    subject: str | None = None  # --subject: the vendor's own model (else from the claims or the marks)
    as_of: str | None = None  # --as-of: the inputs' publication date, YYYY-MM or YYYY-MM-DD
    reference_files: tuple[str, ...] = ()  # --reference: independent measurements to set the cells against
    bundled_references: bool = True  # set the cells against the published tables bundled with claimcheck
    limits: Limits = field(default_factory=Limits)  # --limit: how much is read before refusing

    def validate(self) -> None:
        if not 0 < self.alpha < 1:
            raise ConfigError(f"alpha must lie in (0, 1), got {self.alpha}")
        if not 0 < self.power < 1:
            raise ConfigError(f"power must lie in (0, 1), got {self.power}")
        if self.assume_n is not None and self.assume_n < 1:
            raise ConfigError(f"--assume-n must be a positive whole number, got {self.assume_n}")
        if self.as_of is not None and not _is_date(self.as_of):
            raise ConfigError(f"--as-of must be a date as YYYY-MM-DD or YYYY-MM, got {self.as_of!r}")
        if self.ci_method not in ("wilson", "clopper-pearson", "jeffreys"):
            raise ConfigError(f"unknown interval method {self.ci_method!r} (wilson, clopper-pearson, jeffreys)")


def _is_date(text: str) -> bool:
    try:
        _dt.date.fromisoformat(text if len(text) != 7 else text + "-01")
    except ValueError:
        return False
    return len(text) in (7, 10)


def read_sources(
    sources: Sequence[str], *, stdin: bytes | None = None, fetch: Callable | None = None,
) -> tuple[list[InputFile], list[SourceTable]]:
    """Stage 1: every input into its tables."""
    from claimcheck.readers import read_input

    inputs, tables = [], []
    for i, source in enumerate(sources):
        info, found = read_input(source, i, stdin=stdin, fetch=fetch)
        inputs.append(info)
        tables.extend(found)
    return inputs, tables


def parse_tables(tables: Sequence[SourceTable], resolver, benchmark: str | None) -> tuple[list[Observation], list[TableReading]]:
    """Stage 2: decide each table's roles, then cut it into observations (one per row and value column).

    A table without one number in it (a table of links, say), and a table of resource or configuration
    figures (memory, speed, hardware, settings: see :mod:`claimcheck.parsing.resources`), are recorded as
    read, with no scores.
    """
    from claimcheck.parsing.layout import counter, detect_layout, observations, opens_with_number, reading
    from claimcheck.parsing.legend import carried
    from claimcheck.parsing.roles import prepare
    from claimcheck.parsing.size_classes import size_blocks

    ids = counter()
    out: list[Observation] = []
    readings: list[TableReading] = []
    for t, table in enumerate(tables):
        table, folded, stacked = prepare(table)
        layout = detect_layout(table, resolver.is_benchmark, benchmark)
        cut = observations(table, t, layout, ids, benchmark) if layout.kind not in ("text", "resource") else []
        if all(o.cell.status == "unparseable" and not opens_with_number(o.cell.raw) for o in cut) \
                and layout.kind in ("wide", "transposed"):  # "57.9 (n=,)" is a damaged value, not text
            layout = replace(layout, kind="text", value_cols=(), why="no cell of the table prints a number: nothing to read as a score")
            cut = []
        cut, by_size = size_blocks(cut)
        if by_size:
            layout = replace(layout, why=f"{layout.why}; {by_size}")
        out.extend(cut)
        found = reading(table, t, layout, folded, stacked)
        earlier = next((r.legend for r in reversed(readings) if tables[r.table].input == table.input), None)
        readings.append(replace(found, legend=carried(found.legend, earlier)))
    return out, readings


def resolve_rows(observations: Sequence[Observation], resolver,
                 readings: Sequence[TableReading] = ()) -> tuple[dict[str, Resolution], dict[str, str]]:
    """Stage 3: one resolution per line item, in table order so "same as above" finds its parent.

    Also returns the qualifier clauses that name one model of the row ("Nova-2 high effort"),
    by observation id: they describe that cell, not the row.
    """
    from claimcheck.parsing.attribution import split_by_model
    from claimcheck.parsing.glossary import gloss

    groups: dict[str, list[Observation]] = {}
    for obs in observations:
        groups.setdefault(obs.group, []).append(obs)
    by_row: dict[tuple[int, int, int], Resolution] = {}
    out: dict[str, Resolution] = {}
    inputs_of = {o.table: o.input for o in observations}
    # what a line naming no benchmark may be read under: each caption alone, then the benchmarks a caption
    # sentence names ("We also test on LongBench, with results below:"), then each lead paragraph's together
    captions = {(inputs_of.get(r.table, 0), r.table): (*(((c,), None) for c in r.captions),
                                                        *((names, c) for c in r.captions
                                                          if (names := resolver.lead_names(c)) and names != (c,)),
                                                        *((names, lead) for lead in r.leads if (names := resolver.lead_names(lead))))
                for r in readings if r.captions or r.leads}
    around = {(inputs_of.get(r.table, 0), r.table): _words_around(r) for r in readings}  # read once per table
    line_headers = {(inputs_of.get(r.table, 0), r.table): (r.columns[r.label_col][0], r.caption or r.columns[r.label_col][0])
                    for r in readings if 0 <= r.label_col < len(r.columns)}
    settings = _settings_by_benchmark(readings, resolver)
    prose = {(inputs_of.get(r.table, 0), r.table): r.prose for r in readings if r.prose}
    clauses: dict[str, str] = {}
    for key, members in groups.items():
        first = members[0]
        ctx, per_model = split_by_model(first.context, [m.model for m in members])
        glossed = gloss(ctx.label, prose.get((first.input, first.table), ())) if ctx.inherits_from is None else None
        if glossed:  # "MMLU (5-shot)" in the prose above the table: the line's own words come first
            ctx = replace(ctx, qualifiers=(*ctx.qualifiers, glossed))
        clauses.update({m.id: per_model[m.model] for m in members if m.model in per_model})
        parent = by_row.get((first.input, first.table, ctx.inherits_from)) if ctx.inherits_from else None
        res = resolver.resolve(ctx, [m.cell for m in members], parent)
        # a line derived from the table's own models (an average win rate among them) is read under no caption
        for names, text in captions.get((first.input, first.table), ()) if res.row_kind == "unknown" and ctx.label.strip() \
                and not res.derived else ():
            res = resolver.resolve_under_one_of(names, ctx, [m.cell for m in members], res, text)
            if res.row_kind != "unknown":
                break
        if res.row_kind == "unknown" and ctx.label.strip() and ctx.inherits_from is None:
            res = _category(resolver, ctx, res, captions.get((first.input, first.table), ()),
                            line_headers.get((first.input, first.table)))
        if res.row_kind == "benchmark" and ctx.inherits_from is None:
            res = _part_of_caption(resolver, ctx, [m.cell for m in members], res, captions.get((first.input, first.table), ()))
        if (row := settings.get((first.input, res.benchmark))) is not None and res.row_kind == "benchmark":
            res = _with_settings(resolver, ctx, row, [m.cell for m in members], parent, res)
        if not glossed and ctx.inherits_from is None and not ctx.qualifiers and not _BRACKETED.search(ctx.label) \
                and res.row_kind == "benchmark" and not (res.subset or res.part) \
                and (glossed := resolver.gloss_for(res.benchmark, prose.get((first.input, first.table), ()))):
            ctx = replace(ctx, qualifiers=(*ctx.qualifiers, glossed))  # the prose spells the benchmark otherwise
            res = resolver.resolve(ctx, [m.cell for m in members], parent)
        if glossed:
            res = replace(res, reasons={**res.reasons, "gloss": f"the page's text glosses {ctx.label.strip()!r} as ({glossed})"})
        words = around.get((first.input, first.table))
        if words and words.tools and res.row_kind == "benchmark" and res.tools is None and not res.system_level:
            heading, tools, said = words.tools  # a line silent on tools takes its heading's word; an agent task has its own
            res = replace(res, tools=tools, tools_heading=heading,
                          reasons={**res.reasons, "tools": f"the table's heading {heading!r} ({said})"})
        if words and words.metric and res.unstated_metrics:  # "## Translation (BLEU)", "We report sacreBLEU"
            res = replace(res, unstated_metrics=())
        out[key] = res
        for m in members:
            by_row[(m.input, m.table, m.row)] = res
    return _aggregate_units(out, groups), clauses


def _category(resolver, ctx: RowContext, res: Resolution, captions, line_header: tuple[str, str] | None) -> Resolution:
    """An unknown line recorded as a category of one benchmark, when its table says so: the caption begins with
    the benchmark's name, or the line header calls the lines categories ("supercategory" under "CLIcK")."""
    from claimcheck.parsing.layout import heads_parts
    from claimcheck.registry.resolver import category_of

    if resolver.match(ctx.label) is not None:  # "MMLU / GSM8K": benchmarks of their own, whatever the table is of
        return res
    for names, text in captions:
        if text is None and (under := resolver.category_under(names[0], ctx, res)).category_of:
            return under
    if line_header and heads_parts(line_header[0]):
        header, table = line_header
        return category_of(res, table, f"the table's line header {header.strip()!r} calls its lines categories")
    return res


def _part_of_caption(resolver, ctx: RowContext, cells, res: Resolution, captions) -> Resolution:
    """A line that names another benchmark but is a registered part of the benchmark its table's own caption
    names: "math" under "MT-Bench (GPT-4-Turbo)" is MT-Bench's math category, not the MATH benchmark."""
    for names, text in captions:
        if text is None:  # the table's caption or heading, not a paragraph naming benchmarks
            under = resolver.resolve_under_one_of(names, ctx, cells, res, text)
            if under.row_kind == "benchmark" and under.benchmark != res.benchmark and under.subset is not None:
                return under
    return res


def _aggregate_units(out: dict[str, Resolution], groups: dict[str, list[Observation]]) -> dict[str, Resolution]:
    """An average row whose unit only its values suggested ("总分" over AlignBench's 1–10 parts, read as a
    percentage) takes the one unit every benchmark row of its table is in."""
    units: dict[tuple[int, int], set[str]] = {}
    for key, res in out.items():
        if res.row_kind == "benchmark":
            first = groups[key][0]
            units.setdefault((first.input, first.table), set()).add(res.unit)
    for key, res in out.items():
        first = groups[key][0]
        table_units = units.get((first.input, first.table), set())
        if res.row_kind == "aggregate" and res.unit == "percent" and res.unit_reason.startswith("every value lies in") \
                and len(table_units) == 1 and (unit := next(iter(table_units))) not in ("percent", "unknown"):
            out[key] = replace(res, unit=unit, unit_reason=f"the unit of every benchmark line it sums up ({unit})")
    return out


@dataclass(frozen=True)
class _WordsAround:
    """What a table's headings, caption, opening paragraphs and notes say of every line under them."""

    tools: tuple[str, bool, str] | None  # (heading, tools on?, the words) of the first heading that says
    metric: str | None  # a metric they name ("bleu"), other than plain accuracy


def _words_around(reading: TableReading) -> _WordsAround:
    from claimcheck.parsing.labels import extract_facets

    tools = None
    for heading in reading.captions:
        facets = extract_facets(heading)
        if facets.tools is not None:
            tools = (heading, facets.tools, facets.reasons.get("tools", heading))
            break
    metric = next((m for text in (*reading.captions, *reading.leads, *(n.text for n in reading.legend.notes))
                   if (m := extract_facets(text).metric) not in (None, "accuracy")), None)
    return _WordsAround(tools, metric)


#: A label that prints a setup of its own in brackets ("GSM8K (8-shot)") is not glossed by another spelling.
_BRACKETED = re.compile(r"[(（]")


def _settings_by_benchmark(readings: Sequence[TableReading], resolver) -> dict[tuple[int, str], SettingsRow]:
    """The settings rows of each input's tables of settings, by the benchmark their label names; a
    benchmark two rows describe is left out (which row applies cannot be told)."""
    found: dict[tuple[int, str], list[SettingsRow]] = {}
    for r in readings:
        for row in r.settings:
            bench = resolver.resolve(RowContext(label=row.context.label), ()).benchmark
            if bench:
                found.setdefault((row.input, bench), []).append(row)
    return {key: rows[0] for key, rows in found.items() if len(rows) == 1}


def _with_settings(resolver, ctx: RowContext, row: SettingsRow, cells, parent, res: Resolution) -> Resolution:
    """A line re-read with the settings a table of settings gives its benchmark; what the line itself
    prints comes first, so it wins where the two differ."""
    merged = replace(ctx, qualifiers=(*ctx.qualifiers, *row.context.qualifiers),
                     fields={**row.context.fields, **ctx.fields})
    again = resolver.resolve(merged, cells, parent)
    if again.benchmark != res.benchmark:
        return res
    why = f"the settings table (table {row.table + 1}, row {row.row}) gives it: {'; '.join(row.context.qualifiers)}"
    return replace(again, reasons={**again.reasons, "settings": why})


def apply_footnotes(observations: Sequence[Observation], readings: Sequence[TableReading],
                    resolved: tuple[dict[str, Resolution], dict[str, str]], resolver,
                    titles: Sequence[str] = ()) -> dict[str, Resolution]:
    """Stage 3b: each cell's resolution after its column header's setup, the qualifiers naming its
    model, and the table's footnotes (by observation id).  ``titles`` (the page title of each table) tell the
    publisher's own models from the others a note says were copied."""
    from claimcheck.parsing.attribution import header_setup
    from claimcheck.registry.footnotes import Note

    resolutions, clauses = resolved
    from claimcheck.registry.footnotes import (
        apply_protocol, label_markers, note_for, protocol_sentences, refine, repeated_below, sampled_from,
        stated_count, stated_scoring, stated_subset, stated_window,
    )

    notes = [list(r.legend.notes) for r in readings]
    # a note on how benchmarks were run speaks for every table under the same heading of the same input
    section: dict[tuple[int, str], list] = {}
    inputs_of = {o.table: o.input for o in observations}
    for r in readings:
        section.setdefault((inputs_of.get(r.table, 0), _section_of(r)), []).extend(n for n in r.legend.notes if n.marker is None)
    page_notes: dict[int, dict[str, None]] = {}  # how a page scored multiple choice, or a release's window, is said once
    for r in readings:  # each sentence once per page, however many tables print it under them
        page_notes.setdefault(inputs_of.get(r.table, 0), {}).update(
            dict.fromkeys(sentence for n in r.legend.notes if n.marker is None for sentence in protocol_sentences(n.text)))
    seen: dict[int, dict[str, None]] = {}  # each table's models in reading order, kept by a dict: no scan per cell
    for o in observations:
        seen.setdefault(o.table, {})[o.model] = None
    models_of = {t: list(models) for t, models in seen.items()}
    own_of = {t: own_models(models, titles[t] if t < len(titles) else "") for t, models in models_of.items()}
    out = {}
    for obs in observations:
        res = resolutions[obs.group]
        for sentence in page_notes.get(obs.input, ()) if res.benchmark else ():
            res = stated_scoring(res, sentence, obs.model)  # "we use ppl for the MCQ metrics of base models"
            res = repeated_below(res, sentence)  # "benchmarks of fewer than 1000 samples are tested multiple times"
            if res.version and resolver.mentions(sentence, res.benchmark):
                res = stated_window(res, sentence)  # "LiveCodeBench v5 (20240801-20250201)", said once for the page
        for text in (header_setup(obs.model), clauses.get(obs.id), obs.cell.setting):  # the last: "4.0 (5 shot)"
            if text and res.benchmark:
                res = refine(res, Note(obs.model, text), resolver)
        table_notes = notes[obs.table]
        if table_notes and res.benchmark:
            markers = (*obs.cell.markers, *obs.context.marks, *label_markers(obs.context.label),
                       *label_markers(obs.model))  # "Llama 3.1 8B*", "MMLU<sup>1</sup>"
            bench = res.benchmark
            note = note_for(markers, table_notes, lambda text: resolver.mentions(text, bench)) if markers else None
            if note is not None:
                res = refine(res, note, resolver)
            for n in table_notes:
                if n.marker is None and stated_count(n.text) and resolver.mentions(n.text, res.benchmark):
                    res = sampled_from(res, n)  # "we sampled nearly 500 test cases": else the count is in doubt
                elif n.marker is None and not res.secondhand:
                    res = _copied(res, n, obs.model, models_of[obs.table], own_of[obs.table], resolver)
        caption = _section_of(readings[obs.table]) if obs.table < len(readings) else ""
        for n in (section.get((obs.input, caption), ()) if caption else table_notes) if res.benchmark else ():
            if n.marker is None and not stated_count(n.text):
                for sentence in protocol_sentences(n.text):  # "MATH500 and SuperGPQA are with a single run"
                    if resolver.mentions(resolver.split_glued_years(sentence), res.benchmark):
                        res = stated_subset(apply_protocol(res, sentence, obs.model), sentence, resolver)
        out[obs.id] = res
    return out


def _copied(res: Resolution, note, model: str, models: Sequence[str], own: set[str], resolver) -> Resolution:
    """A cell's resolution after an unmarked note that says some values were copied from another report: the
    cells of the models a clause names ("GPT-5 and Claude numbers are taken from their reports"), else of every
    model but the publisher's ("baseline results are reported in the original papers": none, when the page
    does not say which models are its own), or of every model ("all results are from the official leaderboard")."""
    from claimcheck.parsing.attribution import named_in
    from claimcheck.parsing.legend import copied_clauses

    for scope, clause in copied_clauses(note.text):
        named = [m for m in models if named_in(clause, m)]
        if named:
            if model in named:
                return refine_copied(res, note, resolver)
        elif scope == "all" or (own and model not in own):
            return replace(res, secondhand=True, reasons={**res.reasons, "secondhand": clause})
    return res


def refine_copied(res: Resolution, note, resolver) -> Resolution:
    """A cell a note names as copied: refined by the whole note, as a marked note refines its cells."""
    from claimcheck.registry.footnotes import refine

    return replace(refine(res, note, resolver), secondhand=True)


def own_models(models: Sequence[str], title: str) -> set[str]:
    """The publisher's own models of a table: those named as its own ("InternVL-C (ours)"), the one the page
    title names ("# LongCat-Flash-Chat" over "LongCat-Flash"), and every other model of that model's maker."""
    from claimcheck.models.names import recognise
    from claimcheck.parsing.attribution import base_model

    names = {m: recognise(m) for m in models}
    own = {m for m, name in names.items() if name is not None and name.own}
    head = re.split(r"\s*(?::|：| - | — | – |\|)\s*", title, maxsplit=1)[0].strip().casefold() if title else ""
    if len(head) >= 3:
        for m in models:
            base = base_model(m).casefold()
            if len(base) >= 3 and (head.startswith(base) or base.startswith(head)):
                own.add(m)
    makers = {name.vendor for m in own if (name := names[m]) is not None and name.vendor}
    return own | {m for m, name in names.items() if name is not None and name.vendor in makers}


def _section_of(reading: TableReading) -> str:
    """The heading a table sits under (not its own caption line): tables under one heading share notes."""
    return reading.captions[-1] if reading.captions else ""


def measure_scores(
    observations: Sequence[Observation], resolutions: dict[str, Resolution], options: Options,
    origins: Sequence[str] = (), checkpoints: Sequence[str | None] = (),
) -> list[Score]:
    """Stage 4: value, unit, proportion, n and interval for every cell (resolutions by observation id).

    ``origins`` names each table for messages when the report reads several (see ``table_origins``);
    ``checkpoints`` says which kind of checkpoint each table's heading lists (see ``table_checkpoints``).
    """
    from claimcheck.checker.measure import measure

    return [measure(o, resolutions[o.id], ci_method=options.ci_method, alpha=options.alpha,
                    origin=origins[o.table] if o.table < len(origins) else "",
                    checkpoint=checkpoints[o.table] if o.table < len(checkpoints) else None)
            for o in observations]


def table_origins(tables: Sequence[SourceTable], inputs: Sequence[InputFile] = ()) -> list[str]:
    """How a message says which table a row is in: nothing for a single table, else the
    input's file name when there are several inputs and "table k" when an input has several tables."""
    if len(tables) <= 1:
        return ["" for _ in tables]
    paths = {i.index: i.path for i in inputs}
    per_input: dict[int, int] = {}
    for t in tables:
        per_input[t.input] = per_input.get(t.input, 0) + 1
    seen: dict[int, int] = {}
    origins = []
    for t in tables:
        seen[t.input] = seen.get(t.input, 0) + 1
        parts = []
        if len(per_input) > 1:
            parts.append(_short_name(paths.get(t.input) or t.name))
        if per_input[t.input] > 1:
            parts.append(f"table {seen[t.input]}")
        origins.append(" ".join(parts))
    return origins


def _short_name(path: str) -> str:
    """A file's base name; a URL's last path segment (or its host)."""
    if "://" in path:
        rest = path.split("://", 1)[1].split("?", 1)[0].split("#", 1)[0].rstrip("/")
        return rest.rsplit("/", 1)[-1] if "/" in rest else rest
    return Path(path).name or path


def read_text_claims(paths: Sequence[str], scores: Sequence[Score], resolver) -> list:
    """Stage 5a: the vendor's sentences, parsed against the tables' models and unresolved labels."""
    from claimcheck.claims import parse_claims, read_claims

    items = [item for path in paths for item in read_claims(path)]
    models, labels, benchmarks = claim_vocabulary(scores)
    return parse_claims(items, models, resolver, labels=labels, benchmarks=benchmarks)


def claim_vocabulary(scores: Sequence[Score]) -> tuple[list[str], list[str], list[str]]:
    """What a sentence can name: the tables' models, the labels the registry does not know, and
    every benchmark printed (registry id, else label; summary rows excluded) for "on every benchmark"."""
    models = list(dict.fromkeys(s.model for s in scores))
    labels = list(dict.fromkeys(s.label for s in scores if s.benchmark is None and s.resolution.row_kind == "unknown"))
    benchmarks = list(dict.fromkeys(
        s.benchmark if s.benchmark is not None else s.label for s in scores
        if s.status != "skipped" and (s.resolution.row_kind == "benchmark" and s.benchmark is not None
                                      or s.resolution.row_kind == "unknown" and s.benchmark is None)))
    return models, labels, benchmarks


def benchmark_refs(scores: Sequence[Score], catalogue) -> tuple[BenchmarkRef, ...]:
    """The registry entries the report used, with the counts of the versions and subsets it used."""
    from claimcheck.registry.resolver import status_notes

    used: dict[str, dict[tuple[str | None, str | None], None]] = {}
    for s in scores:
        if s.benchmark:
            used.setdefault(s.benchmark, {})[(s.resolution.version, s.resolution.subset)] = None
    refs = []
    for bench_id in sorted(used):
        b = catalogue.get(bench_id)
        counts = []
        for version_id, subset_id in used[bench_id]:
            version = b.version(version_id)
            owners = [version] if version else list(b.versions)
            subset = next((x for v in owners for x in v.subsets if x.id == subset_id), None) if subset_id else None
            count = subset.n if subset else (version.n if version else None)
            where = " / ".join(x for x in (version_id, subset_id) if x) or "version not stated"
            if count is not None:
                counts.append((where, count.value, count.evidence or "no count",
                               count.sources[0] if count.sources else (count.note or "")))
            else:
                counts.append((where, None, "not in the registry", ""))
        statuses = tuple(status_notes(b, None)) + tuple(
            n for v in b.versions if v.id in {vid for vid, _ in used[bench_id]} for n in status_notes(b, v.id) if n.version)
        refs.append(BenchmarkRef(id=b.id, name=b.name, unit=b.unit, versions=tuple(v.id for v in b.versions),
                                 n=tuple(counts), statuses=statuses, sources=b.sources))
    return tuple(refs)


def table_scores(tables: Sequence[SourceTable], inputs: Sequence[InputFile], resolver,
                 options: Options) -> tuple[list[Score], list[TableReading]]:
    """Stages 2–4 for a set of tables: their scores, and how each table was read."""
    observations, readings = parse_tables(tables, resolver, options.benchmark)
    per_cell = apply_footnotes(observations, readings, resolve_rows(observations, resolver, readings), resolver,
                               [t.page_title for t in tables])
    per_cell = apply_rescaling(observations, readings, per_cell, resolver.catalogue)
    from claimcheck.checker.reprints import skip_reprints

    return skip_reprints(measure_scores(observations, per_cell, options, table_origins(tables, inputs),
                                        table_checkpoints(readings))), readings


def apply_rescaling(observations: Sequence[Observation], readings: Sequence[TableReading],
                    per_cell: dict[str, Resolution], catalogue) -> dict[str, Resolution]:
    """Stage 3c: the lines of a table of a leaderboard's rescaled scores (0 = random guessing, 100 = perfect)
    take the unit ``normalized`` (registry/rescaled.py), so no rule reads them as shares of items."""
    from claimcheck.registry.rescaled import read_as_rescaled, rescaled_sections, rescaled_tables

    named: dict[int, set[str]] = {}
    by_section: dict[tuple[int, str], set[str]] = {}
    for o in observations:
        if (bench := per_cell[o.id].benchmark) is not None:
            named.setdefault(o.table, set()).add(bench)
            if o.section:
                by_section.setdefault((o.table, o.section), set()).add(bench)
    tables = rescaled_tables(readings, named, catalogue)
    sections = rescaled_sections(by_section, catalogue)
    if not tables and not sections:
        return per_cell
    out = dict(per_cell)
    for o in observations:
        res = per_cell[o.id]
        r = tables.get(o.table)
        if r is None and (part := sections.get((o.table, o.section))) is not None and res.benchmark in part.how:
            r = part  # a section of the board's rescaled scores: the lines of the benchmarks it rescales
        if r is not None and read_as_rescaled(res.unit):
            out[o.id] = replace(res, unit="normalized", unit_reason=r.reason(res.benchmark))
    return out


def table_checkpoints(readings: Sequence[TableReading]) -> list[str | None]:
    """Which kind of checkpoint each table's heading says it lists ("Instruction Tuned Models": tuned), by table:
    its own heading and caption first, else the nearest enclosing heading that says ("### Chat Model" over
    "#### Standard Benchmark")."""
    from claimcheck.models.names import checkpoint_kind

    kinds: list[str | None] = [None] * (max((r.table for r in readings), default=-1) + 1)
    for r in readings:
        kinds[r.table] = checkpoint_kind(" ".join(r.captions)) or next(
            (kind for parent in r.parents if (kind := checkpoint_kind(parent))), None)
    return kinds


def read_references(options: Options, resolver, inputs: Sequence[InputFile], fetch: Callable | None = None,
                    scores: Sequence[Score] = ()):
    """The bundled published tables (unless switched off) and the ``--reference`` files, read like pages."""
    from claimcheck.checker import References
    from claimcheck.reference import bundled, given, reference_scores

    own = {i.sha256 for i in inputs}  # a page is not its own reference
    sources = [*((ref, path) for ref, path in (bundled() if options.bundled_references else ()) if ref.sha256 not in own),
               *given(options.reference_files)]
    if not sources:
        return None
    return References(sources=tuple(ref for ref, _ in sources),
                      scores=reference_scores(sources, resolver, options, fetch=fetch,
                                              models={s.model for s in scores if s.status == "checked"}))


def _sha256(path: str) -> str:
    import hashlib

    try:
        return hashlib.sha256(open(path, "rb").read()).hexdigest()
    except OSError:
        return ""



def generated_at(environ=None) -> _dt.datetime:
    """When the report was made: now (UTC, whole seconds), or ``SOURCE_DATE_EPOCH`` when it is set, so that
    two runs on the same input give the same bytes (https://reproducible-builds.org/specs/source-date-epoch/)."""
    import os

    value = (os.environ if environ is None else environ).get("SOURCE_DATE_EPOCH")
    if value is None:
        return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0)
    try:
        return _dt.datetime.fromtimestamp(int(value), _dt.timezone.utc)
    except (ValueError, OverflowError, OSError):
        raise ConfigError(f"SOURCE_DATE_EPOCH={value!r}: expected a whole number of seconds since 1970-01-01 UTC") from None

def audit(
    sources: Sequence[str], options: Options = Options(), *, stdin: bytes | None = None,
    fetch: Callable | None = None, tables: Sequence[SourceTable] | None = None,
    inputs: Sequence[InputFile] | None = None, environment: Sequence[str] = (),
) -> Report:
    """Run the whole pipeline and return the report (no rendering), under ``options.limits``."""
    with applied(options.limits), _fewer_collections():
        return _audit(sources, options, stdin=stdin, fetch=fetch, tables=tables, inputs=inputs,
                      environment=environment)


#: objects allocated between two young-generation collections while auditing (Python's default is 700)
GC_YOUNG = 100_000


@contextlib.contextmanager
def _fewer_collections():
    """The cyclic garbage collector run less often while the audit runs, then as before.  The audit makes
    a record per cell and per comparison and keeps nearly all of them, so each young collection walks
    objects that survive it: on a 5,000-model board they took a sixth of the time.  Nothing the audit
    computes depends on when garbage is collected."""
    import gc

    young, *older = gc.get_threshold()
    gc.set_threshold(max(young, GC_YOUNG), *older)
    try:
        yield
    finally:
        gc.set_threshold(young, *older)


def _marks(scores, readings):
    """Each table's emphasis as its legend explains it, read as the rules read it (the subject is decided
    from it before the rules run, and the rules are handed the same marks)."""
    from claimcheck.checker.base import CheckContext
    from claimcheck.checker.emphasis import table_marks

    return table_marks(CheckContext(scores=tuple(scores), comparisons=(), readings=tuple(readings)))


def _audit(sources, options, *, stdin, fetch, tables, inputs, environment) -> Report:
    from claimcheck import checker
    from claimcheck.explain import account
    from claimcheck.registry.catalogue import load_catalogue
    from claimcheck.registry.resolver import Resolver

    options.validate()
    if tables is None:
        inputs, tables = read_sources(sources, stdin=stdin, fetch=fetch)
    catalogue = load_catalogue(options.registry_files)
    resolver = Resolver(catalogue, assume_n=options.assume_n)
    scores, readings = table_scores(tables, inputs or (), resolver, options)
    claims = read_text_claims(options.claims_files, scores, resolver) if options.claims_files else []
    from claimcheck.checker.subject import find_subject

    marks = _marks(scores, readings)
    subject = find_subject(scores, claims, options.subject, [t.page_title for t in tables], marks,
                           card_models=[t.page_model for t in tables])
    references = read_references(options, resolver, inputs or (), fetch, scores)
    checked, findings, rules = checker.run(
        scores, tables, alpha=options.alpha, power=options.power, selection=options.selection, claims=claims,
        readings=readings, subject=subject, ci_method=options.ci_method, marks=marks,
        as_of=options.as_of, references=references)
    fired = {f.code for f in findings}
    meta = ReportMeta(
        claimcheck_version=__version__, registry_version=catalogue.version,
        generated=generated_at().isoformat(),
        alpha=options.alpha, power=options.power, ci_method=options.ci_method,
        assume_n=options.assume_n, environment=tuple(environment),
        claims_files=tuple((path, _sha256(path)) for path in options.claims_files), as_of=options.as_of,
    )
    return Report(
        meta=meta, inputs=tuple(inputs or ()), tables=tuple(tables), scores=tuple(scores),
        comparisons=checked.comparisons, findings=findings, claims=checked.claims, families=checked.families,
        ranks=checked.ranks, references=checked.references, counterparts=checked.counterparts,
        rules=tuple(r.doc() for r in rules if r.code in fired),
        benchmarks=benchmark_refs(scores, catalogue), readings=tuple(readings),
        account=account(tables, readings, scores), subject=subject,
    )
