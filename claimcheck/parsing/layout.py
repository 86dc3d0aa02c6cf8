"""Work out a table's layout (wide, long, leaderboard, transposed) and cut it into observations.

Wide (vendor release tables): a label column, one column per model, optional
qualifier columns.  Long (analysts' tables): model, benchmark and score
columns plus optional facet columns.  Leaderboard exports: model and score,
the benchmark given by ``--benchmark``.  Transposed: models as rows,
benchmarks as columns.  Every data row yields at least one observation, so
nothing in the input disappears.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace
from typing import Callable, Iterator

from claimcheck.errors import InputError
from claimcheck.parsing.cells import parse_cell
from claimcheck.parsing.items import is_item_table, item_observations
from claimcheck.parsing.labels import split_ditto
from claimcheck.parsing.legend import read_legend
from claimcheck.parsing.roles import is_composite_line, is_section_row, label_parts, value_parts
from claimcheck.records import Observation, RawCell, RowContext, SourceTable, TableReading

_SYNONYMS: dict[str, tuple[str, ...]] = {
    "model": ("model", "models", "system", "model name", "agent", "模型", "模型名称", "系统"),
    "benchmark": ("benchmark", "benchmarks", "task", "dataset", "eval", "evaluation", "基准", "评测", "数据集", "任务", "基准测试"),
    "score": ("score", "value", "result", "accuracy", "得分", "分数", "成绩", "结果", "arena score", "elo", "rating"),
    "version": ("version", "benchmark version", "版本"),
    "subset": ("subset", "split", "子集"),
    "harness": ("harness", "scaffold", "agent harness", "framework", "运行框架", "框架"),
    "tools": ("tools", "tool use", "工具"),
    "budget": ("budget", "effort", "reasoning effort", "预算", "推理强度"),
    "attempts": ("attempts", "samples", "尝试次数"),
    "metric": ("metric", "metrics", "指标"),
    "unit": ("unit", "单位"),
    "n": ("n", "items", "n items", "# items", "num items", "sample size", "题量", "样本数", "样本量"),
    "stderr": ("stderr", "se", "std err", "standard error", "标准误"),
    "ci_low": ("ci low", "ci_low", "lower", "lower bound", "lower ci", "下限"),
    "ci_high": ("ci high", "ci_high", "upper", "upper bound", "upper ci", "上限"),
    "ci": ("95% ci", "ci", "confidence interval", "置信区间"),
    "source": ("source", "来源"),
    "notes": ("notes", "note", "remarks", "comment", "comments", "备注", "说明"),
    "shots": ("shots", "n shot", "# shots", "#shots"),
    "votes": ("votes", "# votes"),
    "category": ("category", "type", "domain", "area", "capability", "类别", "分类", "领域"),
    "protocol": ("protocol", "协议"),
    "judge": ("judge", "grader", "裁判"),
    # provenance written by --export-claims, so a corrected file replays the original report
    "label": ("label", "row label", "原始标签"),
    "title": ("title", "row title"),
    "source_row": ("source row",),
    "source_column": ("source column",),
    "line_item": ("line item",),
}
_DESCRIPTIVE_WORDS = re.compile(
    r"metric|qualif|note|setting|protocol|remark|comment|source|category|shots|指标|限定|备注|说明|口径|类别|来源|设置",
    re.I,
)
_LABEL_HEADERS = re.compile(r"benchmark|task|dataset|eval|基准|评测|计分项|数据集|任务", re.I)


def _norm(header: str) -> str:
    return re.sub(r"[\s_]+", " ", header.strip().casefold())


def header_field(header: str) -> str | None:
    """The long-table field a column header names, if any."""
    key = _norm(header)
    for name, words in _SYNONYMS.items():
        if key in words:
            return name
    return None


@dataclass(frozen=True)
class Layout:
    """How to read a table: its kind and the role of each column."""

    kind: str  # wide | long | leaderboard | transposed | items
    label_col: int = 0
    value_cols: tuple[int, ...] = ()
    fields: dict[int, str] = field(default_factory=dict)  # column -> long-table field / qualifier
    sections: frozenset[int] = frozenset()  # indexes of body rows that head the rows below them
    spacers: frozenset[int] = frozenset()  # indexes of body rows with no text at all
    models_in_sections: bool = False  # the section headings name the models; the columns, their setups
    category_rows: bool = False  # the label column is headed "Category" and few of its labels name benchmarks
    why: str = ""  # why this kind and label column, for --explain


def _numeric_share(table: SourceTable, col: int) -> float:
    rows = [r for r in table.rows if r[col].text.strip()]
    if not rows:
        return 1.0
    column_parts = len(label_parts(table.header[col]))

    def readable(row) -> bool:  # a value, or the k values a "pass@1 / cons@64" label promises
        cell = row[col]
        if parse_cell(cell.text, decimal_comma=table.decimal_comma).status != "unparseable":
            return True
        k = column_parts or len(label_parts(row[0].text))
        return bool(k and value_parts(cell, k, table.decimal_comma))

    return sum(map(readable, rows)) / len(rows)


_EMPHASISED = re.compile(r"^\s*([*_]{1,3}).+\1\s*$")  # "***通用任务***": a heading set in bold or italics


def _sections(table: SourceTable, label_col: int, value_cols: tuple[int, ...], is_benchmark) -> frozenset[int]:
    """Rows that head the rows below them: a label that is no benchmark over empty value cells."""
    return frozenset(i for i, row in enumerate(table.rows) if is_section_row(row, label_col, value_cols)
                     and (row[label_col].emphasis or _EMPHASISED.match(row[label_col].text)
                          or not is_benchmark(row[label_col].text)))


def _benchmark_share(texts: list[str], is_benchmark: Callable[[str], bool]) -> float:
    texts = [t for t in texts if t.strip()]
    return sum(map(is_benchmark, texts)) / len(texts) if texts else 0.0


def detect_layout(table: SourceTable, is_benchmark: Callable[[str], bool], benchmark: str | None = None) -> Layout:
    """Decide the layout from the header names, the values and which labels are benchmarks."""
    fields = {j: header_field(h) for j, h in enumerate(table.header)}
    named = {f: j for j, f in fields.items() if f}
    if {"model", "score"} <= named.keys() and is_item_table(table):
        return Layout("items", named.get("benchmark", 0), (named["score"],), {j: f for j, f in fields.items() if f},
                      why="model and score columns with one row per item")
    if {"model", "benchmark", "score"} <= named.keys():
        return Layout("long", named["benchmark"], (named["score"],), {j: f for j, f in fields.items() if f},
                      why="model, benchmark and score columns")
    if {"model", "score"} <= named.keys():
        if not benchmark:
            raise InputError(
                "this looks like a leaderboard export (model and score columns, no benchmark column): "
                "name the benchmark with --benchmark NAME",
                path=table.name,
            )
        return Layout("leaderboard", named["model"], (named["score"],), {j: f for j, f in fields.items() if f},
                      why=f"model and score columns; the benchmark is {benchmark!r} (--benchmark)")
    evidence = _orientation_evidence(table, fields, is_benchmark).describe()
    transposed = _is_transposed(table, fields, is_benchmark)
    layout = _transposed_layout(table, fields) if transposed else _wide_layout(table, is_benchmark)
    layout = replace(layout, why=f"{'models as rows' if transposed else 'models as columns'}: {evidence}"
                     + ("" if transposed else f"; labels in column {layout.label_col + 1} ({table.header[layout.label_col]!r})"))
    spacers = frozenset(i for i, row in enumerate(table.rows) if not any(c.text.strip() or c.markers for c in row))
    sections = _sections(table, layout.label_col, layout.value_cols, is_benchmark)
    by_section = layout.kind == "wide" and _models_in_sections(table, layout, sections)
    categories = (layout.kind == "wide" and header_field(table.header[layout.label_col]) == "category"
                  and _benchmark_share([r[layout.label_col].text for r in table.rows], is_benchmark) < 0.5)
    if categories:
        layout = replace(layout, why=layout.why + "; the label column is headed as categories and few labels name "
                                                  "benchmarks: each row is a category score", category_rows=True)
    if by_section:
        layout = replace(layout, why=layout.why + "; the section headings name the models and the columns their setups")
    return replace(layout, sections=sections, spacers=spacers, models_in_sections=by_section)


@dataclass(frozen=True)
class Orientation:
    """The evidence for each reading: how many column headers and first-column labels name
    benchmarks, and how many name models."""

    header_benchmarks: float
    label_benchmarks: float
    header_models: float
    label_models: float

    @property
    def as_columns(self) -> float:
        """Support for models as columns: model headers over benchmark labels."""
        return self.header_models + self.label_benchmarks

    @property
    def as_rows(self) -> float:
        """Support for models as rows: benchmark headers over model labels."""
        return self.label_models + self.header_benchmarks

    def describe(self) -> str:
        return (f"{self.header_benchmarks:.0%} of the column headers name benchmarks and {self.header_models:.0%} "
                f"models; {self.label_benchmarks:.0%} of the first column's labels name benchmarks and "
                f"{self.label_models:.0%} models")


def _orientation_evidence(table: SourceTable, fields: dict[int, str | None], is_benchmark) -> Orientation:
    """Shares of benchmark names and of model names among the column headers and the first column's labels."""
    from claimcheck.models import model_share

    headers = [h for j, h in enumerate(table.header) if j > 0 and not fields.get(j)]
    labels = [r[0].text for r in table.rows]
    return Orientation(_benchmark_share(headers, is_benchmark), _benchmark_share(labels, is_benchmark),
                       model_share(headers), model_share(labels))


#: how much more one reading must be supported than the other to decide the orientation alone
_DECISIVE = 0.3


def _is_transposed(table: SourceTable, fields: dict[int, str | None], is_benchmark) -> bool:
    evidence = _orientation_evidence(table, fields, is_benchmark)
    if abs(evidence.as_rows - evidence.as_columns) >= _DECISIVE:
        return evidence.as_rows > evidence.as_columns
    header_hits, label_hits = evidence.header_benchmarks, evidence.label_benchmarks
    first_is_model = fields.get(0) == "model"
    return (first_is_model and header_hits >= label_hits) or (header_hits >= 0.5 and label_hits < 0.2)


def _transposed_layout(table: SourceTable, fields: dict[int, str | None]) -> Layout:
    values, extra = [], {}
    for j in range(1, len(table.header)):
        if fields.get(j) is None and _numeric_share(table, j) >= 0.6:
            values.append(j)
        else:
            extra[j] = fields.get(j) or "model-detail"
    return Layout("transposed", 0, tuple(values), extra)


_SIZE_ONLY = re.compile(r"^[\s*_]*\d+(?:\.\d+)?\s*[BM][\s*_]*$", re.I)


def _models_in_sections(table: SourceTable, layout: Layout, sections: frozenset[int]) -> bool:
    """A table whose section rows name models ("**7B**", "**14B**") over benchmark rows, with columns
    that name setups ("Pass@1 (Avg@64)", "Majority@64"), not models."""
    from claimcheck.models import model_share

    if len(sections) < 2:
        return False
    headings = [table.rows[i][layout.label_col].text for i in sections]
    columns = [table.header[j] for j in layout.value_cols]
    named = sum(bool(_SIZE_ONLY.match(h)) for h in headings) / len(headings)  # "**7B**": the page's 7B model
    return max(named, model_share(headings)) >= 0.5 and model_share(columns) < 0.3


def _is_spacer(table: SourceTable, col: int) -> bool:
    """A column with no header and no text in any row: it holds no value to read."""
    return not table.header[col].strip() and all(not r[col].text.strip() for r in table.rows)


def _wide_layout(table: SourceTable, is_benchmark) -> Layout:
    width = len(table.header)
    text_cols = [j for j in range(width) if not _is_spacer(table, j)
                 and (_numeric_share(table, j) < 0.6 or _DESCRIPTIVE_WORDS.search(table.header[j]))]
    candidates = [j for j in text_cols if j == 0 or _LABEL_HEADERS.search(table.header[j])] or [0]
    label_col = max(candidates, key=lambda j: (_benchmark_share([r[j].text for r in table.rows], is_benchmark), -j))
    fields: dict[int, str] = {}
    values = []
    for j in range(width):
        if j == label_col:
            continue
        if _is_spacer(table, j):  # an unnamed, empty column (a layout gap under a merged header)
            fields[j] = "spacer"
            continue
        if j in text_cols or header_field(table.header[j]) in ("n", "stderr", "shots", "category", "notes", "metric"):
            fields[j] = header_field(table.header[j]) or ("category" if j < label_col else "qualifier")
        else:
            values.append(j)
    return Layout("wide", label_col, tuple(values), fields)


def observations(table: SourceTable, table_index: int, layout: Layout, ids: Iterator[int], benchmark: str | None = None) -> list[Observation]:
    """Cut a table into one observation per (row, value column)."""
    if layout.kind == "items":
        return item_observations(table, table_index, {f: j for j, f in layout.fields.items()}, ids, benchmark)
    cut = {"long": _long_rows, "leaderboard": _long_rows, "transposed": _transposed_rows}.get(layout.kind, _wide_rows)
    return list(cut(table, table_index, layout, ids, benchmark))


def _cell(table: SourceTable, raw: RawCell):
    return parse_cell(raw.text, decimal_comma=table.decimal_comma, markers=raw.markers, emphasis=raw.emphasis)


def _wide_rows(table, t, layout, ids, _benchmark) -> Iterator[Observation]:
    previous: tuple[int, str] | None = None
    category = ""
    for i, row in enumerate(table.rows):
        label = row[layout.label_col].text
        if i in layout.spacers:
            continue
        if i in layout.sections:
            category = _plain_heading(label)
            continue
        fields = {layout.fields[j]: row[j].text for j in layout.fields if row[j].text and layout.fields[j] != "qualifier"}
        if not label.strip() and fields.get("category"):  # "| **Average** | | 69.2 |": a summary row named in the stub
            label = _plain_heading(fields.pop("category"))
        if "category" in fields:
            category = fields["category"]
        elif category:
            fields["category"] = category
        qualifiers = tuple(row[j].text for j, f in layout.fields.items() if f in ("qualifier", "metric", "notes") and row[j].text)
        if layout.category_rows:  # "| Category | A | B |" over "Reasoning", "Math": each row averages a category
            fields["line_role"] = "category"
        line = f"{row[0].row}" + (f".{row[0].part}" if row[0].part else "")
        parts = _split_line(label, [row[j] for j in layout.value_cols], table.decimal_comma)
        for p, (part_label, part_cells) in enumerate(parts or [(label, None)]):
            context = _context(part_label, qualifiers, fields, previous)
            for j in layout.value_cols:
                cell = _cell(table, row[j]) if part_cells is None else _part_cell(table, row[j], part_cells.get(j), len(parts))
                # models named by the section: the column states the setup, as a "Model (setup)" header would
                model = f"{category} ({table.header[j]})" if layout.models_in_sections and category else table.header[j]
                yield Observation(
                    id=f"s{next(ids)}", input=table.input, table=t, row=row[j].row, column=table.header[j],
                    col=j, model=model, context=context, cell=cell,
                    group=f"{table.input}:{t}:{line}" + (f"p{p + 1}" if part_cells is not None else ""),
                    title=part_label, at=(row[j].row, j),
                )
        if _context(label, qualifiers, fields, previous).inherits_from is None:
            previous = (row[0].row, label)


def _plain_heading(text: str) -> str:
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


_FACETS = ("version", "subset", "harness", "tools", "budget", "attempts", "metric", "unit", "shots")


_PROVENANCE = ("label", "title", "source_row", "source_column", "line_item")


def _long_rows(table, t, layout, ids, benchmark) -> Iterator[Observation]:
    by_field = {f: j for j, f in layout.fields.items()}
    score_col = layout.value_cols[0]
    previous: tuple[int, str] | None = None
    for row in table.rows:
        label = row[by_field["benchmark"]].text if "benchmark" in by_field else (benchmark or "")
        model = row[by_field["model"]].text
        fields = {f: row[j].text for f, j in by_field.items()
                  if f not in ("model", "benchmark", "score", *_PROVENANCE) and row[j].text}
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
            cell=_with_uncertainty(_cell(table, row[score_col]), fields, table.decimal_comma),
            group=f"{table.input}:{t}:{origin.get('line_item', key)}",
            title=origin.get("title") or origin.get("label") or " · ".join([label, *(_shown_facet(k, v) for k, v in zip(_FACETS, facets) if v)]),
            at=(row[score_col].row, score_col), source_label=origin.get("label", ""),
        )


def _shown_facet(name: str, value: str) -> str:
    """A long-table facet as a reader says it ("tools: no" -> "no tools")."""
    if name == "tools":
        low = value.strip().casefold()
        if low in ("yes", "true", "on", "with", "y", "1", "有", "是"):
            return "with tools"
        if low in ("no", "false", "off", "without", "n", "0", "无", "否"):
            return "no tools"
    return value


def _with_uncertainty(cell, fields: dict, decimal_comma: bool):
    """A long table's stderr / ci_low / ci_high / "95% CI" columns, folded into the value cell."""
    from dataclasses import replace

    if cell.status != "ok":
        return cell
    def number(key: str) -> float | None:
        parsed = parse_cell(fields.get(key, ""), decimal_comma=decimal_comma)
        return parsed.value if parsed.status == "ok" else None

    stderr, low, high = number("stderr"), number("ci_low"), number("ci_high")
    if stderr is not None and cell.plus_minus is None:
        cell = replace(cell, plus_minus=abs(stderr))
    if low is not None and high is not None and cell.bounds is None:
        cell = replace(cell, bounds=(low, high))
    elif fields.get("ci") and cell.bounds is None:  # "(-4 / +5)", "+5/-4", "[55.1, 60.6]"
        parsed = parse_cell(f"{cell.raw.strip()} {fields['ci']}", decimal_comma=decimal_comma)
        if parsed.status == "ok" and parsed.bounds:
            cell = replace(cell, bounds=parsed.bounds)
    return cell


def _transposed_rows(table, t, layout, ids, _benchmark) -> Iterator[Observation]:
    detail_cols = [j for j, f in layout.fields.items() if f in ("model-detail",)]
    composite = {j: label_parts(table.header[j]) for j in layout.value_cols
                 if is_composite_line(table.header[j], [r[j] for r in table.rows], table.decimal_comma)}
    category = ""
    block = 0
    for i, row in enumerate(table.rows):
        if i in layout.spacers:
            block += 1
            continue
        if i in layout.sections:  # "7B models": a heading over the models below it
            category = _plain_heading(row[0].text)
            block += 1
            continue
        parts = [row[0].text] + [row[j].text for j in detail_cols if row[j].text]
        model = " · ".join(p for p in parts if p)
        fields = {f: row[j].text for j, f in layout.fields.items() if f != "model-detail" and row[j].text}
        if category and "category" not in fields:
            fields["category"] = category
        # rows that differ in a protocol column (a harness column, say) are different line items
        protocol = "|".join(fields.get(f, "") for f in _FACETS)
        qualifiers = tuple(fields[f] for f in ("notes", "metric") if f in fields)
        for j in layout.value_cols:
            labels = composite.get(j, ())
            split = value_parts(row[j], len(labels), table.decimal_comma) if labels else ()
            for p, label in enumerate(labels or [table.header[j]]):
                context = RowContext(label=label, qualifiers=qualifiers, fields=fields)
                cell = _part_cell(table, row[j], split[p] if split else None, len(labels)) if labels else _cell(table, row[j])
                yield Observation(
                    id=f"s{next(ids)}", input=table.input, table=t, row=row[j].row, column=table.header[j],
                    col=j, model=model, context=context, cell=cell,
                    group=f"{table.input}:{t}:c{j}" + (f"p{p + 1}" if labels else "") + f":{protocol}",
                    title=label, at=(row[j].row, j), block=block,
                )


def reading(table: SourceTable, index: int, layout: Layout, folded=(), stacked=()) -> TableReading:
    """The record of how a table was read (roles of its columns and of its score-less rows)."""
    value_role = "benchmark" if layout.kind == "transposed" else "model"
    roles = []
    for j, header in enumerate(table.header):
        if j == layout.label_col:
            role = "model" if layout.kind in ("transposed", "leaderboard") else "label"
        elif j in layout.value_cols:
            role = "score" if layout.kind in ("long", "leaderboard", "items") else value_role
        else:
            role = layout.fields.get(j, "unused")
        roles.append((header, role))
    rows = table.rows
    return TableReading(
        table=index, kind=layout.kind, label_col=layout.label_col, columns=tuple(roles),
        header_rows=tuple(folded),
        sections=tuple((rows[i][0].row, _plain_heading(rows[i][layout.label_col].text)) for i in sorted(layout.sections)),
        spacers=tuple(rows[i][0].row for i in sorted(layout.spacers)), stacked=tuple(stacked), why=layout.why,
        legend=read_legend(table.notes), caption=table.heading,
    )


def counter() -> Iterator[int]:
    """Score ids run s1, s2, … across all inputs of one report."""
    return itertools.count(1)
