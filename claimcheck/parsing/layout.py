"""Work out a table's layout (wide, long, leaderboard, transposed) and cut it into observations.

Wide (vendor release tables): a label column, one column per model, optional
qualifier columns.  Long (analysts' tables): model, benchmark and score
columns plus optional facet columns.  Leaderboard exports: model and score,
the benchmark given by ``--benchmark``.  Transposed: models as rows,
benchmarks as columns.  Every data row yields at least one observation, so
nothing in the input disappears.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Callable

from claimcheck.errors import InputError
from claimcheck.parsing.cells import parse_cell
from claimcheck.parsing.items import is_item_table
from claimcheck.parsing.legend import read_legend
from claimcheck.parsing.cutting import counter, observations, plain_heading  # noqa: F401  (counter, observations: re-exported)
from claimcheck.parsing.roles import describes_model, is_record, is_section_row, label_parts, value_parts
from claimcheck.records import RowContext, SettingsRow, SourceTable, TableReading

_SYNONYMS: dict[str, tuple[str, ...]] = {
    "model": ("model", "models", "system", "model name", "agent", "method", "methods", "模型", "模型名称", "系统", "方法"),
    "benchmark": ("benchmark", "benchmarks", "task", "tasks", "groups", "dataset", "eval", "evaluation", "基准", "评测", "数据集", "任务", "基准测试"),
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
    "shots": ("shots", "n shot", "n-shot", "# shots", "#shots", "num fewshot"),
    "votes": ("votes", "# votes", "#votes", "vote count", "votes count", "number of votes", "num votes", "n votes",
              "battles", "# battles", "#battles", "投票数", "票数"),
    # about the model, not a measurement and not part of its name
    "metadata": ("license", "licence", "organization", "organisation", "org", "provider", "developer", "creator",
                 "knowledge cutoff", "cutoff", "许可", "许可证", "机构", "组织"),
    "category": ("category", "type", "domain", "area", "capability", "类别", "分类", "领域"),
    "protocol": ("protocol", "协议"),
    "filter": ("filter", "filters"),  # lm-evaluation-harness: how the answer is extracted ("strict-match", "none")
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


def _descriptive(header: str) -> bool:
    """A header naming a descriptive field ("Metric", "Source"), not a model whose name carries such a word
    ("GPT-4o-mini(close source)": a model column, whose values must not vanish as text)."""
    from claimcheck.models import looks_like_model

    return bool(_DESCRIPTIVE_WORDS.search(header)) and not looks_like_model(header)


_LABEL_HEADERS = re.compile(r"benchmark|task|dataset|eval|基准|评测|计分项|数据集|任务", re.I)


def _norm(header: str) -> str:
    return re.sub(r"[\s_]+", " ", header.strip().casefold())


#: headers of columns that link to the model's files or papers ("Checkpoint", "Paper", "🤗 HF", "Demo"):
#: about the model, never part of its name
_RESOURCE_HEADER = re.compile(r"^\W*(?:checkpoints?|papers?|links?|demos?|downloads?|weights|model ?cards?|repo(?:sitory)?|"
                              r"github|urls?|homepage|blog|(?:tech(?:nical)? )?report|release(?: date)?|date|"
                              r"hugging ?face|🤗.*|hf(?: link)?|modelscope|openxlab|wisemodel|transformers ?\(hf\)|"
                              r"下载|链接|论文|模型下载|发布(?:日期|时间)?)\W*$", re.I)


#: a caption saying a table's lines are categories, each over several benchmarks ("different categories across 80
#: public benchmark datasets", "results by category", "各类别")
_CATEGORY_CAPTION = re.compile(r"\bcategor(?:y|ies)\b|类别|分类", re.I)
#: a line header that calls the table's lines the parts of one benchmark ("supercategory", "Subject", "学科").  A
#: plain "Category" / "Domain" header is a ``category`` field instead: lines that each average several benchmarks
_PARTS_HEADER = re.compile(r"^\W*(?:(?:super|sub)[- ]?categor(?:y|ies)|subjects?|disciplines?|topics?|学科|科目)\W*$",
                           re.I)


def heads_parts(header: str) -> bool:
    """Whether a line header calls the lines below it parts of one benchmark (its categories or subjects)."""
    return bool(_PARTS_HEADER.match(header))


def header_field(header: str) -> str | None:
    """The long-table field a column header names, if any."""
    key = _norm(header)
    for name, words in _SYNONYMS.items():
        if key in words:
            return name
    return "metadata" if _RESOURCE_HEADER.match(key) else None


@dataclass(frozen=True)
class Layout:
    """How to read a table: its kind and the role of each column."""

    kind: str  # wide | long | leaderboard | transposed | items | text | resource (figures of memory, speed, settings)
    label_col: int = 0
    value_cols: tuple[int, ...] = ()
    fields: dict[int, str] = field(default_factory=dict)  # column -> long-table field / qualifier
    sections: frozenset[int] = frozenset()  # indexes of body rows that head the rows below them
    spacers: frozenset[int] = frozenset()  # indexes of body rows with no text at all
    annotations: frozenset[int] = frozenset()  # indexes of rows of words under a model's row, annotating its cells
    models_in_sections: bool = False  # the section headings name the models; the columns, their setups
    category_rows: bool = False  # the label column is headed "Category" and few of its labels name benchmarks
    category_lines: frozenset[str] = frozenset()  # labels the notes define as averages of several benchmarks
    benchmark: str | None = None  # a leaderboard's benchmark, as --benchmark or its score column's header names it
    record: bool = False  # one row of values with no label column (label_col -1): the page's model, its lines the columns
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

    # a dash says nothing about the column: "-" beside "70B" and "8B" is a column of sizes, not of scores
    given = [r for r in rows if parse_cell(r[col].text, decimal_comma=table.decimal_comma).status != "missing"]
    return sum(map(readable, given)) / len(given) if given else 1.0


_EMPHASISED = re.compile(r"^\s*([*_]{1,3}).+\1\s*$")  # "***通用任务***": a heading set in bold or italics


def _sections(table: SourceTable, label_col: int, value_cols: tuple[int, ...], is_benchmark) -> frozenset[int]:
    """Rows that head the rows below them: a label that is no benchmark over empty value cells."""
    return frozenset(i for i, row in enumerate(table.rows) if is_section_row(row, label_col, value_cols)
                     and (row[label_col].emphasis or _EMPHASISED.match(row[label_col].text)
                          or not is_benchmark(row[label_col].text)))


def _benchmark_share(texts: list[str], is_benchmark: Callable[[str], bool]) -> float:
    texts = [t for t in texts if t.strip()]
    return sum(map(is_benchmark, texts)) / len(texts) if texts else 0.0


#: a table of settings: "| Parameter | Default | Description |" or "| Hyperparameter | Value | Comment |" (a model's
#: d_model 4096, head_dim 128) documents options, it reports no score
_SETTING_STUB = re.compile(r"^\W*(?:parameters?|arguments?|args?|options?|flags?|settings?|keys?|fields?|"
                           r"hyper-?parameters?|参数|选项|配置项?)\W*$", re.I)
_SETTING_COLUMN = re.compile(r"^\W*(?:description|default(?: value)?|explanation|meaning|values?|comments?|notes?|remarks?|"
                             r"说明|默认值?|含义|取值|值|备注)\W*$", re.I)


#: the columns beside a task and its value that make a table one model's results, as a harness prints them
#: ("| Tasks | Version | Filter | n-shot | Metric | Value | Stderr |"); a bare "| Task | Score |" stays a value column
_RESULT_FIELDS = frozenset({"metric", "version", "stderr", "shots", "filter", "n", "ci", "ci_low", "ci_high"})


def detect_layout(table: SourceTable, is_benchmark: Callable[[str], bool], benchmark: str | None = None) -> Layout:
    """Decide the layout from the header names, the values and which labels are benchmarks."""
    if table.header and _SETTING_STUB.match(table.header[0]) and any(map(_SETTING_COLUMN.match, table.header[1:])):
        return Layout("text", why=f"a table of settings ({', '.join(repr(h) for h in table.header)}): it documents "
                                  f"options, not scores")
    if is_record(table):
        record = Layout("transposed", -1, tuple(range(len(table.header))), record=True,
                        why="a record: one row of values under a header of labels and no label column; each column is "
                            "a line, and the row the page's model (" + (table.page_model or "not named by the page") + ")")
        return _as_resources(table, record, is_benchmark) or record
    fields = {j: header_field(h) for j, h in enumerate(table.header)}
    named = {f: j for j, f in fields.items() if f}
    if {"model", "score"} <= named.keys() and is_item_table(table):
        return Layout("items", named.get("benchmark", 0), (named["score"],), {j: f for j, f in fields.items() if f},
                      why="model and score columns with one row per item")
    if {"model", "benchmark", "score"} <= named.keys():
        return Layout("long", named["benchmark"], (named["score"],), {j: f for j, f in fields.items() if f},
                      why="model, benchmark and score columns")
    if {"benchmark", "score"} <= named.keys() and "model" not in named and named.keys() & _RESULT_FIELDS:
        return Layout("long", named["benchmark"], (named["score"],), {j: f for j, f in fields.items() if f},
                      why="benchmark and score columns and no model column: one model's results (a harness's "
                          "results table), the page's model (" + (table.page_model or "not named by the page") + ")")
    if {"model", "score"} <= named.keys():
        header = table.header[named["score"]].strip()
        given = benchmark
        benchmark = benchmark or next((text for text in (header, table.heading) if text and is_benchmark(text)), None)
        if not benchmark:
            raise InputError(
                "this looks like a leaderboard export (model and score columns, no benchmark column): "
                "name the benchmark with --benchmark NAME",
                path=table.name,
            )
        how = "(--benchmark)" if given else f"(named by {'the score column' if benchmark == header else 'the heading'})"
        return Layout("leaderboard", named["model"], (named["score"],), {j: f for j, f in fields.items() if f},
                      benchmark=benchmark, why=f"model and score columns; the benchmark is {benchmark!r} {how}")
    evidence = _orientation_evidence(table, fields, is_benchmark).describe()
    transposed = _is_transposed(table, fields, is_benchmark)
    layout = _transposed_layout(table, fields) if transposed else _wide_layout(table, is_benchmark)
    layout = replace(layout, why=f"{'models as rows' if transposed else 'models as columns'}: {evidence}"
                     + ("" if transposed else f"; labels in column {layout.label_col + 1} ({table.header[layout.label_col]!r})"))
    spacers = frozenset(i for i, row in enumerate(table.rows) if not any(c.text.strip() or c.markers for c in row))
    sections = _sections(table, layout.label_col, layout.value_cols, is_benchmark)
    by_section = layout.kind == "wide" and _models_in_sections(table, layout, sections)
    # the label column headed "Category", or the sentence the table is printed under saying its lines are categories
    # ("We take a closer look at different categories across 80 public benchmark datasets at the table below:")
    headed = layout.kind == "wide" and header_field(table.header[layout.label_col]) == "category"
    said = layout.kind == "wide" and not headed and _CATEGORY_CAPTION.search(table.caption or "") is not None
    categories = ((headed or said)
                  and _benchmark_share([r[layout.label_col].text for r in table.rows], is_benchmark) < 0.5)
    if categories:
        how = "the label column is headed as categories" if headed else "the table's caption calls its lines categories"
        layout = replace(layout, why=layout.why + f"; {how} and few labels name benchmarks: each row is a category "
                                                  "score", category_rows=True)
    defined = _defined_averages(table, layout)
    if defined:
        layout = replace(layout, category_lines=frozenset(defined),
                         why=layout.why + "; the notes define " + ", ".join(repr(x) for x in defined)
                         + " as averages of several benchmarks: category scores")
    if by_section:
        layout = replace(layout, why=layout.why + "; the section headings name the models and the columns their setups")
    annotations = _annotation_rows(table, layout, spacers | sections) if layout.kind == "transposed" else frozenset()
    layout = replace(layout, sections=sections, spacers=spacers, models_in_sections=by_section, annotations=annotations)
    return _as_resources(table, layout, is_benchmark) or layout


def _annotation_rows(table: SourceTable, layout: Layout, skip: frozenset[int]) -> frozenset[int]:
    """The rows of a models-as-rows table that print words, and no value, under the cells of the model row above
    them, with no model of their own: "| Open-source SOTA | 61.4 | 7.71 |" over "| | | WizardLM 70B |", the model
    behind each best value.  They annotate that row; none of their cells is a score."""
    out = set()
    for i, row in enumerate(table.rows):
        if i == 0 or i in skip or i - 1 in skip or row[layout.label_col].text.strip():
            continue
        cells = [row[j] for j in layout.value_cols if j < len(row)]
        filled = [c for c in cells if c.text.strip()]
        above = [table.rows[i - 1][j] for j in layout.value_cols if j < len(table.rows[i - 1])]
        if (len(filled) >= max(2, len(cells) // 2)
                and all(parse_cell(c.text, decimal_comma=table.decimal_comma).status == "unparseable" for c in filled)
                and any(parse_cell(c.text, decimal_comma=table.decimal_comma).status == "ok" for c in above)):
            out.add(i)
    return frozenset(out)


def _as_resources(table: SourceTable, layout: Layout, is_benchmark) -> Layout | None:
    """The layout of a table of resource or configuration figures (memory, speed, hardware, settings), whose
    cells are read as no score, when the grid is one (see :mod:`claimcheck.parsing.resources`); else None.
    Its columns past the label column are figures; its sections and spacers stay as found."""
    from claimcheck.parsing.resources import resource_reason

    spacer_cols = frozenset(j for j, role in layout.fields.items() if role == "spacer")
    why = resource_reason(table, layout.label_col, layout.sections | layout.spacers, spacer_cols, is_benchmark)
    if why is None:
        return None
    fields = {j: "spacer" if j in spacer_cols else "figure" for j in range(len(table.header)) if j != layout.label_col}
    return replace(layout, kind="resource", value_cols=(), fields=fields, why=why, models_in_sections=False,
                   category_rows=False)


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
    headers = [h for j, h in enumerate(table.header) if j > 0 and not fields.get(j)]
    if headers and all(map(describes_model, headers)) and evidence.label_benchmarks == 0:
        return True  # "| Precision | GPU Mem (GB) |": the columns measure what the rows name
    if abs(evidence.as_rows - evidence.as_columns) >= _DECISIVE:
        return evidence.as_rows > evidence.as_columns
    header_hits, label_hits = evidence.header_benchmarks, evidence.label_benchmarks
    first_is_model = fields.get(0) == "model"
    return (first_is_model and header_hits >= label_hits) or (header_hits >= 0.5 and label_hits < 0.2)


#: headers of numeric columns that state how a model was run or built, not a score: part of its identity
_SETUP_HEADER = re.compile(r"^\W*(?:crop[ _-]?size|(?:image|input|patch|batch)[ _-]?size|(?:input |image )?resolution|res\.?|"
                           r"#?\s*frames?|#\s*(?:param|params|tokens|shots|samples)\b.*|num[ _]frames|"
                           r"(?:model[ _-]?)?size|params?|parameters)\W*$", re.I)


def _transposed_layout(table: SourceTable, fields: dict[int, str | None]) -> Layout:
    values, extra = [], {}
    for j in range(1, len(table.header)):
        if fields.get(j) is None and _numeric_share(table, j) >= 0.6 and not _SETUP_HEADER.match(table.header[j]):
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


_NUMBER_FIRST = re.compile(r"^[\s*_~`]*[-+−]?\d")


def opens_with_number(text: str) -> bool:
    """Whether a cell's text opens with a number ("57.9 (n=,)"): a value, read or not, rather than words."""
    return _NUMBER_FIRST.match(text) is not None


def _damaged_value(text: str) -> bool:
    """A cell that opens with a number and states no setup ("5-shot", "2408-2505"): a value that did not parse."""
    from claimcheck.parsing.labels import extract_facets

    if not opens_with_number(text):
        return False
    facets = extract_facets(text)
    return facets.shots is None and facets.window is None


def _number_first_share(table: SourceTable, col: int) -> float:
    """The share of a column's non-empty cells that are damaged values (see :func:`_damaged_value`)."""
    cells = [r[col].text for r in table.rows if r[col].text.strip()]
    return sum(map(_damaged_value, cells)) / len(cells) if cells else 0.0


def _wide_layout(table: SourceTable, is_benchmark) -> Layout:
    width = len(table.header)
    text_cols = [j for j in range(width) if not _is_spacer(table, j)
                 and (_numeric_share(table, j) < 0.6 or _descriptive(table.header[j]))]
    # a model column whose numbers are damaged ("57.9***x", "57.9 (n=,)") is a column of unreadable values, said
    # so cell by cell, not a text column whose numbers vanish: a column past the first, under a header that names
    # no descriptive field, most of whose cells open with a number
    damaged = [j for j in text_cols if j > 0 and not _descriptive(table.header[j])
               and header_field(table.header[j]) is None and _number_first_share(table, j) >= 0.6]
    if damaged and len(text_cols) - len(damaged) >= 1:
        text_cols = [j for j in text_cols if j not in damaged]
    label_col = _label_column(table, text_cols, is_benchmark)
    fields: dict[int, str] = {}
    values = []
    for j in range(width):
        if j == label_col:
            continue
        if _is_spacer(table, j):  # an unnamed, empty column (a layout gap under a merged header)
            fields[j] = "spacer"
            continue
        if j in text_cols or header_field(table.header[j]) in ("n", "stderr", "shots", "category", "notes", "metric"):
            named = header_field(table.header[j])  # a second column headed "Benchmark" beside the label: categories
            fields[j] = named if named not in (None, "benchmark") else "category" if j < label_col else "qualifier"
        else:
            values.append(j)
    return Layout("wide", label_col, tuple(values), fields)


def _label_column(table: SourceTable, text_cols: list[int], is_benchmark) -> int:
    """The stub column that names the benchmarks: of the text columns before the first value column (and any
    headed "Benchmark"/"Task"), the one with the most labels the registry knows, then one under a label header,
    then the one with the most distinct labels (a category column, "General" over three benchmarks, is sparse),
    then the first.

    | Benchmark |              | A    |  ->  the unnamed second column, not the category column headed "Benchmark"
    | General   | MMLU(0-shot) | 76.6 |
    """
    first_value = min((j for j in range(len(table.header)) if j not in text_cols and not _is_spacer(table, j)),
                      default=len(table.header))
    stubs = [j for j in text_cols if (j < first_value or _LABEL_HEADERS.search(table.header[j]))
             and header_field(table.header[j]) not in _NOT_LABEL_FIELDS]
    if not stubs:
        return 0

    def key(j: int) -> tuple:
        texts = [t for r in table.rows if j < len(r) and (t := r[j].text.strip())]
        return (sum(map(is_benchmark, texts)), bool(_LABEL_HEADERS.search(table.header[j])), len(set(texts)), -j)

    return max(stubs, key=key)


#: stub columns that state a field of each row, never the benchmark's name
_NOT_LABEL_FIELDS = ("n", "stderr", "shots", "notes", "metric")


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
    settings = _settings_rows(table, index, layout) if layout.kind == "text" else ()
    return TableReading(
        table=index, kind=layout.kind, label_col=layout.label_col, columns=tuple(roles),
        header_rows=tuple(folded),
        sections=tuple((rows[i][0].row, plain_heading(rows[i][layout.label_col].text)) for i in sorted(layout.sections)),
        spacers=tuple(rows[i][0].row for i in sorted(layout.spacers)), stacked=tuple(stacked), why=layout.why,
        annotations=tuple((rows[i][0].row, " | ".join(c.text for c in rows[i])) for i in sorted(layout.annotations)),
        legend=replace(read_legend(table.notes, table.leads, table.prose), styled_rows=styled_rows(table, layout)),
        caption=table.heading, captions=tuple(dict.fromkeys((table.heading, *reversed(table.headings)))),  # each tried once
        leads=tuple(reversed(table.leads)), settings=settings, prose=table.prose, parents=tuple(reversed(table.parents)),
    )


def _defined_averages(table: SourceTable, layout: Layout) -> list[str]:
    """The line labels the table's notes define as an average of several benchmarks ("*Code:* We report the
    average pass@1 scores of our models on HumanEval and MBPP"), in table order."""
    from claimcheck.parsing.definitions import averaged_lines

    if not table.notes or layout.kind not in ("wide", "transposed"):
        return []
    if layout.kind == "transposed":
        labels = [table.header[j] for j in layout.value_cols]
    else:
        labels = [r[layout.label_col].text for r in table.rows if layout.label_col < len(r)]
    return list(averaged_lines(labels, table.notes))


#: "**Zephyr-7b-β** 🪁", "🔥 **MetaMath-Mistral-7B**": the name set in bold, a pictograph beside it or not
_BOLD_LABEL = re.compile(r"^[^\w*_<]*(?:\*\*|__|<b>|<strong>)", re.I)


def styled_rows(table: SourceTable, layout: Layout) -> tuple[int, ...]:
    """The source rows set wholly in bold, their label and every other printed cell (two or more), where that bold
    cannot be best marks: a line of models across the columns ("| **Average** | **21.9** | **36.7** |": two bold
    values of one line cannot both be its best), or a model's row whose bold reaches past its scores (its size and
    method in bold, "| **Zephyr-7b-β** | **7B** | **dDPO** | **7.34** |").  Such a row is styled as a whole; a
    model's row bold in its scores only may be the best of every column and keeps its marks."""
    if layout.kind not in ("wide", "transposed") or layout.label_col < 0:
        return ()
    skip = layout.sections | layout.spacers
    values = set(layout.value_cols)

    def bold(c) -> bool:
        return "bold" in c.emphasis or bool(_BOLD_LABEL.match(c.text))

    out, whole = [], []
    for i, row in enumerate(table.rows):
        printed = [(j, c) for j, c in enumerate(row) if j != layout.label_col and c.text.strip()]
        if i in skip or len(printed) < 2 or not bold(row[layout.label_col]):
            continue
        scores = [(j, c) for j, c in printed if j in values]
        if not all(bold(c) for _, c in printed):
            # the name and every score bold, a size or date beside them not ("**CodeQwen1.5-Chat** | 7B | **77.9**")
            if layout.kind == "transposed" and len(scores) >= 2 and all(bold(c) for _, c in scores):
                whole.append(dict(scores))
            continue
        across = layout.kind == "wide" and len({c.text.strip() for j, c in printed if j in values}) >= 2
        if across or any(j not in values for j, _ in printed):
            out.append(row[0].row)
        elif layout.kind == "transposed":
            whole.append(dict(printed))
    # model rows bold throughout (the name too) whose bold cannot be best marks: two of them that print different
    # values in one column ("**Xwin-LM-70B**" and "**Xwin-LM-13B**", every cell bold), or one whose bold value is
    # beaten in its column ("🔥 **MetaMath-Mistral-7B** | **77.7** | **28.2**" under a 31.5): the bold sets the
    # vendor's models apart
    if len(whole) >= 2 and any(len({r[j].text.strip() for r in whole if j in r}) >= 2 for j in values):
        out.extend(next(iter(r.values())).row for r in whole)
    elif len(whole) == 1 and _beaten(table, whole[0], skip):
        out.append(next(iter(whole[0].values())).row)
    return tuple(sorted(out))


def _beaten(table: SourceTable, cells: dict, skip: frozenset[int]) -> bool:
    """Whether some value of a row (its cells by column) is below another row's value in the same column, among
    the rows between the same section rows or spacers (each block is its own contest)."""
    def value(c) -> float | None:
        parsed = parse_cell(c.text, decimal_comma=table.decimal_comma)
        return parsed.value if parsed.status == "ok" else None

    first = next(iter(cells.values()))
    at = next(i for i, r in enumerate(table.rows) if any(x is first for x in r))
    start = max((i for i in skip if i < at), default=-1) + 1
    end = min((i for i in skip if i > at), default=len(table.rows))
    block = table.rows[start:end]
    for j, c in cells.items():
        mine = value(c)
        others = [v for r in block if j < len(r) and r[j] is not c and (v := value(r[j])) is not None]
        if mine is not None and others and mine < max(others):
            return True
    return False


_SETTING_ROLES = ("qualifier", "metric", "harness", "notes")


def _settings_rows(table: SourceTable, index: int, layout: Layout) -> tuple[SettingsRow, ...]:
    """The rows of a table of text whose columns state settings (a setting, metric or tool column beside
    the label column): each as the context it gives the benchmark its label names."""
    columns = [j for j, role in layout.fields.items() if role in _SETTING_ROLES and j != layout.label_col]
    if not columns:
        return ()
    out = []
    for i, row in enumerate(table.rows):
        label = row[layout.label_col].text.strip() if layout.label_col < len(row) else ""
        if not label or i in layout.sections or i in layout.spacers:
            continue
        texts = {layout.fields[j]: row[j].text.strip() for j in columns if j < len(row) and row[j].text.strip()}
        if texts:
            quals = tuple(row[j].text.strip() for j in columns if j < len(row) and row[j].text.strip())
            fields = {k: v for k, v in texts.items() if k in ("metric", "harness")}
            out.append(SettingsRow(table.input, index, row[0].row, RowContext(label=label, qualifiers=quals, fields=fields)))
    return tuple(out)
