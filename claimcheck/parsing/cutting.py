"""Cut a table into observations, one per (line, value column), by the layout it was read with.

Wide tables: one line per row, one observation per model column (composite "a / b" cells split
onto their labels, sections giving the category, models named by sections where the layout says
so).  Long tables and leaderboards: one observation per row.  Transposed tables: one line per
benchmark column.  Rows the layout records as holding no score (spacers, sections) give none.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Iterator

from claimcheck.errors import InputError
from claimcheck.parsing.cells import parse_cell
from claimcheck.parsing.items import item_observations
from claimcheck.parsing.labels import split_ditto
from claimcheck.parsing.roles import is_composite_line, label_parts, names_a_setup, value_parts
from claimcheck.records import Observation, RawCell, RowContext, SourceTable

if TYPE_CHECKING:
    from claimcheck.parsing.layout import Layout

def observations(table: SourceTable, table_index: int, layout: Layout, ids: Iterator[int], benchmark: str | None = None) -> list[Observation]:
    """Cut a table into one observation per (row, value column)."""
    if layout.kind == "items":
        return item_observations(table, table_index, {f: j for j, f in layout.fields.items()}, ids, benchmark)
    cut = {"long": _long_rows, "leaderboard": _long_rows, "transposed": _transposed_rows}.get(layout.kind, _wide_rows)
    return list(cut(table, table_index, layout, ids, layout.benchmark or benchmark))


def _cell(table: SourceTable, raw: RawCell):
    return parse_cell(raw.text, decimal_comma=table.decimal_comma, markers=raw.markers, emphasis=raw.emphasis)


def _wide_rows(table, t, layout, ids, _benchmark) -> Iterator[Observation]:
    previous: tuple[int, str] | None = None
    models = {j: _column_model(table, j, t) for j in layout.value_cols}
    category = ""
    for i, row in enumerate(table.rows):
        label = row[layout.label_col].text
        if i in layout.spacers:
            continue
        if row[layout.label_col].spanned and i not in layout.sections:
            label = ""  # a label merged down over this row (a rowspan): the row above's, as a spreadsheet copy leaves it
        if i in layout.sections:
            category = plain_heading(label)
            continue
        fields = {layout.fields[j]: row[j].text for j in layout.fields if row[j].text and layout.fields[j] != "qualifier"}
        if not label.strip() and fields.get("category"):  # "| **Average** | | 69.2 |": a summary row named in the stub
            label = plain_heading(fields.pop("category"))
        if "category" in fields:
            category = fields["category"]
        elif category:
            fields["category"] = category
        qualifiers = tuple(row[j].text for j, f in layout.fields.items() if f in ("qualifier", "metric", "notes") and row[j].text)
        # "| Category | A | B |" over "Reasoning", "Math", or a label the notes define as an average: a category
        if layout.category_rows or label.strip() in layout.category_lines:
            fields["line_role"] = "category"
        line = f"{row[0].row}" + (f".{row[0].part}" if row[0].part else "")
        parts = _split_line(label, [row[j] for j in layout.value_cols], table.decimal_comma)
        for p, (part_label, part_cells) in enumerate(parts or [(label, None)]):
            context = replace(_context(part_label, qualifiers, fields, previous), marks=row[layout.label_col].markers)
            for j in layout.value_cols:
                cell = _cell(table, row[j]) if part_cells is None else _part_cell(table, row[j], part_cells.get(j), len(parts))
                # models named by the section: the column states the setup, as a "Model (setup)" header would
                model = f"{category} ({table.header[j]})" if layout.models_in_sections and category else models[j]
                yield Observation(
                    id=f"s{next(ids)}", input=table.input, table=t, row=row[j].row, column=table.header[j],
                    col=j, model=model, context=context, cell=cell,
                    group=f"{table.input}:{t}:{line}" + (f"p{p + 1}" if part_cells is not None else ""),
                    title=part_label, at=(row[j].row, j), section=fields.get("category", ""),
                )
        if _context(label, qualifiers, fields, previous).inherits_from is None:
            previous = (row[0].row, label)


def _column_model(table: SourceTable, col: int, t: int) -> str:
    """The model a value column holds: its header, or the model the page is about when the header only says
    "Value" or "Score" ("| English Benchmark | **Value** |" on Falcon2-11B's card holds Falcon2-11B's scores); on
    a page that names no model, that table's own model, not one model "Value" shared by every such table."""
    from claimcheck.parsing.layout import header_field

    header = table.header[col]
    if header_field(plain_heading(header)) != "score":
        return header
    return table.page_model or f"(table {t + 1}'s model)"


def plain_heading(text: str) -> str:
    """A section heading without its markup ("***通用任务***" -> "通用任务")."""
    return re.sub(r"^[*_\s]+|[*_\s]+$", "", text)


def _split_line(label: str, cells: list[RawCell], decimal_comma: bool) -> list[tuple[str, dict | None]]:
    """For a label naming k measurements over cells printing k values, each part's label with the
    part of every cell ({column: text}, a cell that does not split left out); else []."""
    labels = label_parts(label)
    if not labels:
        return []
    split = {c.col: value_parts(c, len(labels), decimal_comma) for c in cells if c.text.strip()}
    if not split or sum(bool(v) for v in split.values()) < 0.6 * len(split):
        return []
    return [(part, {col: v[i] for col, v in split.items() if v}) for i, part in enumerate(labels)]


def _part_cell(table: SourceTable, raw: RawCell, text: str | None, parts: int):
    """One part of a composite cell.  A cell that did not split stays missing if it is missing, and
    is otherwise unreadable: one value under a label naming several cannot be given to either."""
    if text is not None:
        return parse_cell(text, decimal_comma=table.decimal_comma, markers=raw.markers)
    cell = _cell(table, raw)
    if cell.status != "ok":
        return cell
    return replace(cell, status="unparseable", value=None,
                   problem=f"the label names {parts} values per cell ('a / b'), but this cell prints {raw.text!r}")


def _context(label: str, qualifiers: tuple[str, ...], fields: dict, previous: tuple[int, str] | None) -> RowContext:
    ditto, rest = split_ditto(label)
    if not label.strip():  # a label merged over several rows, flattened by a copy into a spreadsheet
        ditto, rest = True, ""
    if ditto and previous is not None:
        quals = ((rest,) if rest else ()) + qualifiers
        return RowContext(label=label, qualifiers=quals, fields=fields, inherits_from=previous[0], inherited_label=previous[1])
    return RowContext(label=label, qualifiers=qualifiers, fields=fields)


_FACETS = ("version", "subset", "harness", "tools", "budget", "attempts", "metric", "filter", "unit", "shots")


#: the model of a results table with no model column on a page that names none
_PAGE_MODEL = "(the page's model)"

_PROVENANCE = ("label", "title", "source_row", "source_column", "line_item")


def _long_rows(table, t, layout, ids, benchmark) -> Iterator[Observation]:
    by_field = {f: j for j, f in layout.fields.items()}
    score_col = layout.value_cols[0]
    columns = {f: table.header[j] for f, j in by_field.items()}  # a refused uncertainty cell names its column
    previous: tuple[int, str] | None = None
    for row in table.rows:
        label = row[by_field["benchmark"]].text if "benchmark" in by_field else (benchmark or "")
        # no model column: one model's results (a harness's results table), the model the page is about
        model = row[by_field["model"]].text if "model" in by_field else (table.page_model or _PAGE_MODEL)
        fields = {f: row[j].text for f, j in by_field.items()
                  if f not in ("model", "benchmark", "score", *_PROVENANCE) and row[j].text}
        if fields.get("filter", "").strip().casefold() in ("none", "-"):  # lm-eval's "none": the answer as generated
            del fields["filter"]
        elif "filter" in fields and "protocol" not in fields:  # "strict-match" and "flexible-extract" score one answer two ways
            fields["protocol"] = f"{fields['filter'].strip()} filter"
        origin = {f: row[by_field[f]].text for f in _PROVENANCE if f in by_field and row[by_field[f]].text}
        qualifiers = tuple(fields[f] for f in ("notes",) if f in fields)
        context = _context(label, qualifiers, fields, previous)
        if context.inherits_from is None:
            previous = (row[0].row, label)
        facets = [fields.get(f, "") for f in _FACETS]
        key = "|".join([context.inherited_label or label, context.label, *facets, fields.get("n", ""), *qualifiers])
        number = int(origin["source_row"]) if origin.get("source_row", "").isdigit() else row[score_col].row
        yield Observation(
            id=f"s{next(ids)}", input=table.input, table=t, row=number,
            column=origin.get("source_column", table.header[score_col]), col=score_col,
            model=model or f"(row {row[0].row})", context=context,
            cell=_with_uncertainty(_cell(table, row[score_col]), fields, table, columns, row[score_col].row),
            group=f"{table.input}:{t}:{origin.get('line_item', key)}",
            title=origin.get("title") or origin.get("label") or " · ".join(
                [context.inherited_label or label, *(_shown_facet(k, v) for k, v in zip(_FACETS, facets) if v and k != "unit")]),  # a unit names no line
            at=(row[score_col].row, score_col), source_label=origin.get("label", ""),
        )


def _shown_facet(name: str, value: str) -> str:
    """A long-table facet as a reader says it ("tools: no" -> "no tools", shots "5" -> "5-shot", version "2" ->
    "version 2")."""
    if name == "shots" and value.strip().isdigit():
        return f"{value.strip()}-shot"
    if name == "version" and value.strip().isdigit():
        return f"version {value.strip()}"
    if name == "tools":
        low = value.strip().casefold()
        if low in ("yes", "true", "on", "with", "y", "1", "有", "是"):
            return "with tools"
        if low in ("no", "false", "off", "without", "n", "0", "无", "否"):
            return "no tools"
    return value


def _with_uncertainty(cell, fields: dict, table: SourceTable, columns: dict[str, str], row: int):
    """A long table's stderr / ci_low / ci_high / "95% CI" columns, folded into the value cell.

    A blank or dash is no uncertainty; anything else that is not a number, a negative standard error, half
    of an interval or an interval whose ends are swapped is refused with its row and column: read as
    nothing, it would leave the score's uncertainty silently to the registry's n.
    """
    if cell.status != "ok":
        return cell

    def parsed(key: str):
        text = fields.get(key, "")
        if not text:  # no such column, or an empty cell: nothing to read (as parse_cell("") says)
            return None
        value = parse_cell(text, decimal_comma=table.decimal_comma)
        if value.status == "ok" and value.value is not None:
            return value.value
        if text.strip() and value.status != "missing":
            raise InputError(f"expected a number or a blank, found {text!r}", path=table.name, row=row,
                             column=columns.get(key))
        return None

    stderr, low, high = parsed("stderr"), parsed("ci_low"), parsed("ci_high")
    if stderr is not None:
        if stderr < 0:
            raise InputError(f"a standard error cannot be negative, found {fields['stderr']!r}",
                             path=table.name, row=row, column=columns.get("stderr"))
        if cell.plus_minus is None:
            cell = replace(cell, plus_minus=stderr, plus_minus_se=True,
                           plus_minus_decimals=parse_cell(fields["stderr"], decimal_comma=table.decimal_comma).decimals)
    if (low is None) != (high is None):
        given, absent = ("ci_low", "ci_high") if high is None else ("ci_high", "ci_low")
        raise InputError(f"an interval needs both ends; this row gives {given} but no {absent}",
                         path=table.name, row=row, column=columns.get(absent))
    if low is not None and high is not None:
        if low > high:
            raise InputError(f"the interval's lower end {fields['ci_low']!r} is above its upper end {fields['ci_high']!r}",
                             path=table.name, row=row, column=columns.get("ci_low"))
        if cell.bounds is None:
            cell = replace(cell, bounds=(low, high))
    elif fields.get("ci") and cell.bounds is None:  # "(-4 / +5)", "+5/-4", "[55.1, 60.6]"
        interval = parse_cell(f"{cell.raw.strip()} {fields['ci']}", decimal_comma=table.decimal_comma)
        if interval.status == "ok" and interval.bounds:
            cell = replace(cell, bounds=interval.bounds)
        elif parse_cell(fields["ci"], decimal_comma=table.decimal_comma).status != "missing":
            raise InputError(f"expected an interval such as '+5/-4', '(-4 / +5)' or '[55.1, 60.6]', found {fields['ci']!r}",
                             path=table.name, row=row, column=columns.get("ci"))
    return cell


def _row_names(table: SourceTable, layout) -> Iterator[tuple[int, str, str]]:
    """(section, name as printed, name) of each model row: "+SFT" under "OLMo-1B" is "OLMo-1B +SFT"."""
    section, base = 0, ""
    for i, row in enumerate(table.rows):
        if i in layout.sections:
            section += 1
        elif i not in layout.spacers and (printed := row[0].text.strip()):
            if printed.startswith("+") and base:
                yield section, printed, f"{base} {printed}"
            else:
                base = printed
                yield section, printed, printed


def _models_repeat_across_sections(table: SourceTable, layout) -> bool:
    """Whether one model is printed under two section headings ("eng → kalam", "kalam → eng")."""
    seen: dict[str, int] = {}
    return any(seen.setdefault(printed, section) != section for section, printed, _ in _row_names(table, layout))


def _names_repeat_in_sections(table: SourceTable, layout) -> bool:
    """Whether two rows of one section print the same model name ("Llama 2 | 7B", "Llama 2 | 13B"): only then do
    the detail columns tell the models apart; else they describe them ("Train Lang", "Alignment")."""
    names = [(section, name) for section, _, name in _row_names(table, layout)]
    return len(set(names)) < len(names)


def _transposed_rows(table, t, layout, ids, _benchmark) -> Iterator[Observation]:
    detail_cols = [j for j, f in layout.fields.items() if f in ("model-detail",)]
    composite = {j: label_parts(table.header[j]) for j in layout.value_cols
                 if is_composite_line(table.header[j], [r[j] for r in table.rows], table.decimal_comma)}
    category = ""
    base = ""
    block = 0
    repeated = _models_repeat_across_sections(table, layout)  # the sections are setups, not groups of models
    glue = bool(detail_cols) and _names_repeat_in_sections(table, layout)
    for i, row in enumerate(table.rows):
        if i in layout.spacers:
            block += 1
            continue
        if i in layout.annotations:  # words under the row above's values (TableReading.annotations says them)
            continue
        if i in layout.sections:  # "7B models": a heading over the models below it
            category = plain_heading(row[0].text)
            block += 1
            continue
        # a record's one row is the page's model; a page naming none leaves it the table's own, unnamed model (two
        # such tables may hold two models: "X has the following results:" above one, "By comparison, Y …" above the next)
        name = relative = (table.page_model or f"(table {t + 1}'s model)") if layout.record else row[0].text.strip()
        if name.startswith("+") and base:  # "+SFT" under "OLMo-1B (0724)": that model, fine-tuned
            name = f"{base} {name}"
        elif name:
            relative = ""
            base = name
        if category and (repeated or names_a_setup(category)):  # "w/ CoT" over the rows: their setup
            name = f"{name} ({category})"
        details = tuple((table.header[j], row[j].text) for j in detail_cols  # "-" under "#TP" says nothing
                        if row[j].text and parse_cell(row[j].text).status != "missing")
        # a detail ("236B", "En,Jp") names the model only where the first column alone does not tell two rows apart
        model = " · ".join(p for p in [name, *(_new_details(name, details) if glue else ())] if p)
        fields = {f: row[j].text for j, f in layout.fields.items() if f != "model-detail" and row[j].text}
        if category and "category" not in fields:
            fields["category"] = category
        # rows that differ in a protocol column (a harness column, say) are different line items
        protocol = "|".join(fields.get(f, "") for f in _FACETS)
        qualifiers = tuple(fields[f] for f in ("notes", "metric") if f in fields)
        for j in layout.value_cols:
            labels = composite.get(j, ())
            split = value_parts(row[j], len(labels), table.decimal_comma) if labels else ()
            line_fields = {**fields, "line_role": "category"} if table.header[j].strip() in layout.category_lines else fields
            for p, label in enumerate(labels or [table.header[j]]):
                context = RowContext(label=label, qualifiers=qualifiers, fields=line_fields,
                                     marks=() if layout.record else row[0].markers)
                cell = _part_cell(table, row[j], split[p] if split else None, len(labels)) if labels else _cell(table, row[j])
                yield Observation(
                    id=f"s{next(ids)}", input=table.input, table=t, row=row[j].row, column=table.header[j],
                    col=j, model=model, context=context, cell=cell,
                    group=f"{table.input}:{t}:c{j}" + (f"p{p + 1}" if labels else "") + f":{protocol}",
                    title=label, at=(row[j].row, j), block=block, section=category, relative=relative,
                    details=details, down=True,
                )


def _new_details(name: str, details: tuple[tuple[str, str], ...]) -> list[str]:
    """The detail columns' values that tell more than the name: each once ("#TP 33B", "#AP 33B" of a
    dense model print one size), and not one the name already says ("Llama-3-8B" beside "8B")."""
    said = set(re.findall(r"[\w.]+", name.casefold()))
    out: list[str] = []
    for _, text in details:
        if text.casefold() not in said and text not in out:
            out.append(text)
    return out


def counter() -> Iterator[int]:
    """Score ids run s1, s2, … across all inputs of one report."""
    return itertools.count(1)
