"""Decide what the rows and cells of a source table are before any cell is read as a score.

A release table is more than a header and a grid of numbers.  Three shapes recur and are
handled here, each recorded so ``claimcheck scrape --explain`` can show why a table was read
as it was:

- **header rows in the body**: a row of shots or metrics under the header
  (``| | 0-shot | 5-shot |``, ``| Metric (→) | EM | Pass@10 |``) qualifies its columns; it is
  folded into the column headers ("GSM8K (4-shot)") instead of being read as a model;
- **stacked rows**: cells broken with ``<br>`` that stack several benchmarks in one row
  (``AIME 2024<br>AIME 2025`` / ``74.3<br>79.2``) become one row per line;
- **composite cells**: a label naming several measurements (``AIME 2024 (pass@1 / cons@64)``)
  over cells printing as many values (``72.1 / 90.0``) gives one score per part, each on its
  own label; a cell of such a line that does not split is kept whole (and is unparseable).

Section rows (a heading over the rows below it, no value in any cell) are found by the layout,
which knows the label column; see :func:`is_section_row`.
"""

from __future__ import annotations

import re
from dataclasses import replace

from claimcheck.parsing.cells import parse_cell
from claimcheck.records import RawCell, SourceTable

#: Words of a cell that describes how a column was measured rather than a value.
_DESCRIPTOR = re.compile(
    r"\d{1,4}\s*-?\s*shots?\b|shot|\bcot\b|pass@|maj\w*@|avg@|cons@|mean@|best-?of|\bem\b|\bf1\b|acc|"
    r"%\s*win|win\s*rate|rouge|bleu|chrf|exact|judge|strict|loose|\bppl\b|gen\b|"
    r"zero|few|\bsetup\b|\bmetric\b|\d{1,4}\s*-?\s*样本|样本",
    re.I,
)
#: Stub texts that introduce a row of setups ("Setup (→)", "# Shots", "Metric").
_SETUP_LABEL = re.compile(r"^\W*(setup|settings?|metric|metrics|shots?|#\s*shots?|n-?shot|设置|指标|样本数?)\b", re.I)
#: A label group naming several measurements: "(pass@1 / cons@64)".
_PARTS = re.compile(r"\(([^()]{1,40}/[^()]{1,40})\)")
#: Lines and columns that describe the model, its configuration, its data or its speed, not a score:
#: a model card's parameters, architecture (hidden size, layers, heads, vocabulary), context length,
#: release date, licence, memory, throughput, data mixture.
_DESCRIBES_MODEL = re.compile(
    r"^#|\bparam(?:eter)?s?\b|\barchitecture\b|\bactivated\b|context (?:length|window)|training tokens|"
    r"release date|\blicen[cs]e\b|knowledge cut-?off|open[- ]weights?|model size|"
    r"input modalit|output modalit|^(?:extended )?thinking(?: budget)?\b|^max(?:imum)? (?:output )?tokens|"
    r"\b(?:gpu )?memory(?: usage| footprint)?\b|\bvram\b|[(\[]\s*(?:[GMK]i?B|GB/s)\s*[)\]]|"
    r"\bdisk size\b|^(?:sampling |data |mix(?:ture)? )?ratio\b|^proportion\b|"
    r"\bhidden (?:size|dim(?:ension)?s?)\b|\b(?:num(?:ber of)? )?layers\b|\b(?:attention |kv )?heads\b|"
    r"\bvocab(?:ulary)?(?: size)?\b|^max(?:imum)? (?:sequence |context )?length\b|\bseq(?:uence)? len(?:gth)?\b|"
    r"\bposition(?:al)? (?:encoding|embedding)s?\b|\btok(?:en)?s?/s(?:ec)?\b|tokens per second|\bthroughput\b|"
    r"\b(?:inference |decoding |generation )?speed(?:-?up)?\b|\bbatch[ _-]?size\b|\bchars?/s(?:ec)?\b|"
    r"\btime to first token\b|\bttft\b|^(?:quant(?:i[sz]ation)?|weight) ?bits$|^bits$|^bpw$|\bbits per weight\b|"
    r"参数|架构|激活|上下文长度|发布日期|许可|显存|内存|配比|占比|隐藏层|层数|注意力头|词表|最大长度|位置编码|训练数据|吞吐|"
    r"速度|加速|性能提升|字符/秒",
    re.I,
)


# "Δ half book", "Delta vs base", "Gain over 0-shot", "Difference between FlagOS and CUDA", "RYS Improvement"; a bare
# "Delta" may be a line's own name
_DIFFERENCE = re.compile(r"^(?:[Δ∆]|(?:delta|diff(?:erence)?|gain|improvement|change)\s+(?:vs\.?|over|from|against|to|"
                         r"between|with|relative to)\b)|\w\s+improvements?$", re.I)


#: A heading that states a setup of what is printed under it rather than a group of models or benchmarks:
#: "w/ CoT", "Non-thinking", "Reasoning Mode", "with tools", "5-shot", "high effort".
_SETUP_HEADING = re.compile(r"\bw/o?\b|\bwith(?:out)?\b|\bcot\b|\b\d+-shot\b|\bthinking\b|\btools?\b|"
                            r"\bno[- ]context\b|\beffort\b|\bnon[- ]?reasoning\b|\breasoning mode\b|"
                            # "using instruction following (chat) format", "in completion format"
                            r"\b(?:chat|instruct(?:ion)?(?:[- ]following)?|completion|infill(?:ing)?|fim|prompt)\)?\s+format\b",
                            re.I)


def names_a_setup(heading: str) -> bool:
    """Whether a heading states how the models under it were run (see ``_SETUP_HEADING``)."""
    return _SETUP_HEADING.search(heading or "") is not None


#: a "model" column that is one model's score as a share of another's: a quantized model's "Recovery" of the
#: original's score, a "Retention", a "Relative" score; above 100% when the copy scores higher
_RATIO_OF_MODELS = re.compile(r"^(?:recovery|retention|relative(?:\s+(?:score|performance))?|ratio|"
                              r"%\s*of\s+(?:the\s+)?(?:baseline|original|base|reference|fp16|bf16))(?:\s*\(%\))?$", re.I)


def is_ratio_of_models(label: str) -> bool:
    """Whether a model column holds a ratio of two models' scores ("Recovery"), not a model's own scores."""
    return _RATIO_OF_MODELS.match(label.strip(" *_`")) is not None


def is_difference(label: str) -> bool:
    """Whether a line or column label names a difference of two others ("Δ vs base"), not a score."""
    return _DIFFERENCE.search(label.strip(" *_`")) is not None


#: a "model" that is the mean of the table's models: an "Average" row under models as rows, or column beside them
_MEAN_OF_MODELS = re.compile(r"^[\W_]*(?:average|avg\.?|mean|median|平均(?:值|分)?|均值|中位数)"
                             r"(?:\s+(?:of|over|across)\s+[^()]{1,60}|\s*[(（][^()（）]{1,60}[)）])?[\W_]*$", re.I)


def is_mean_of_models(name: str) -> bool:
    """Whether a model's name says it is a summary of the table's models ("Average", "Mean (open
    models)"): its cells are no model's scores, and no model is ranked against them."""
    return _MEAN_OF_MODELS.match(name.strip()) is not None


def describes_model(label: str) -> bool:
    """Whether a line or column label names an attribute of the model (its size, architecture, context,
    memory, speed, data) rather than a benchmark score."""
    return _DESCRIBES_MODEL.search(label) is not None



def prepare(table: SourceTable) -> tuple[SourceTable, tuple[tuple[int, str], ...], tuple[int, ...]]:
    """The table with ``<br>``-stacked rows split and setup rows folded into its header, with the
    folded rows as (source row, text) and the source rows that were split."""
    table, stacked = split_stacked_rows(table)
    table, folded = fold_header_rows(table)
    return table, folded, stacked


def _is_value(cell: RawCell, decimal_comma: bool) -> bool:
    return parse_cell(cell.text, decimal_comma=decimal_comma).status == "ok"


def _is_setup_row(row: tuple[RawCell, ...], header: list[str], decimal_comma: bool) -> bool:
    rest = [c for c in row[1:] if c.text.strip()]
    if len(rest) < max(1, (len(row) - 1) // 2) or any(_is_value(c, decimal_comma) for c in rest):
        return False
    if _SETUP_LABEL.match(row[0].text):
        return True
    if row[0].text.strip():
        return False
    described = sum(bool(_DESCRIPTOR.search(c.text)) and len(c.text) <= 40 for c in rest)
    return described >= 0.6 * len(rest) or _tells_apart(row, header)


def _grouped_header(header: list[str], row: tuple[RawCell, ...], decimal_comma: bool) -> list[str] | None:
    """The header of a table whose first row repeats one cycle of sub-headers under every title ("函数名正确率 |
    参数名正确率 | 数值正确率" three times) while the header names one title per block of that cycle, wherever in
    the block it is printed (centred over it): each column's title is its block's, with its sub-header.  None
    when the row is no such cycle or a block names no title or two."""
    texts = [c.text.strip() for c in row[1:]]
    if row[0].text.strip() or not texts or any(not t or len(t) > 40 or _is_value(c, decimal_comma)
                                                for t, c in zip(texts, row[1:])):
        return None
    for k in range(2, len(texts) // 2 + 1):
        if len(texts) % k or len(set(texts[:k])) != k or any(texts[i] != texts[i % k] for i in range(len(texts))):
            continue
        titles = header[1:1 + len(texts)]
        blocks = [[t.strip() for t in titles[b:b + k] if t.strip()] for b in range(0, len(texts), k)]
        if not all(len(names) == 1 for names in blocks):
            return None
        out = list(header)
        for j, text in enumerate(texts):
            out[1 + j] = f"{blocks[j // k][0]} ({text})"
        return out
    return None


def _is_header_line(row: tuple[RawCell, ...], decimal_comma: bool) -> bool:
    """A row that may continue the header: no label (or a setup label), no value, and short texts in at least
    half of the other cells."""
    rest = [c for c in row[1:] if c.text.strip()]
    if row[0].text.strip() and not _SETUP_LABEL.match(row[0].text):
        return False
    return (len(rest) >= max(1, (len(row) - 1) // 2) and all(len(c.text) <= 40 for c in rest)
            and not any(_is_value(c, decimal_comma) for c in rest))


def _tells_apart(row: tuple[RawCell, ...], header: list[str]) -> bool:
    """Whether the row gives distinct short texts to columns whose header prints one title more than
    once ("AlpacaEval (winrate %)" three times over "v.s. Text-Davinci-003" | "v.s. ChatGPT" | "v.s. GPT4"):
    the second line of a header, which alone tells those columns apart."""
    by_title: dict[str, list[str]] = {}
    for j, title in enumerate(header[1:len(row)], start=1):
        if title.strip():
            by_title.setdefault(title.strip().casefold(), []).append(row[j].text.strip())
    repeated = [texts for texts in by_title.values() if len(texts) > 1]
    return bool(repeated) and all(all(t and len(t) <= 40 for t in texts) and len(set(texts)) == len(texts)
                                  for texts in repeated)


def fold_header_rows(table: SourceTable) -> tuple[SourceTable, tuple[tuple[int, str], ...]]:
    """Fold the setup rows directly under the header into it: ``GSM8K`` over ``4-shot`` becomes
    ``GSM8K (4-shot)``.  Only leading rows, and only while a row with values follows."""
    rows = list(table.rows)
    folded: list[tuple[int, str]] = []
    header = list(table.header)
    if len(rows) > 1 and (grouped := _grouped_header(header, rows[0], table.decimal_comma)) is not None:
        # "| | gpt-4o | | | qwen3 | |" over "| | Func | Args | Values | Func | Args | Values |": each model over its block
        row = rows.pop(0)
        folded.append((row[0].row, " | ".join(c.text for c in row)))
        header = grouped
    # the leading rows of short texts over the value columns, when one of them is a setup row: all of them are the
    # header's lines ("TC, Knowledge" over "5 shot"), not only the setup row
    lines = 0
    while lines < min(3, len(rows) - 1) and _is_header_line(rows[lines], table.decimal_comma):
        lines += 1
    if not any(_is_setup_row(rows[i], header, table.decimal_comma) for i in range(lines)):
        lines = 0
    while len(rows) > 1 and len(folded) < 3 and (len(folded) < lines or _is_setup_row(rows[0], header, table.decimal_comma)):
        row = rows.pop(0)
        folded.append((row[0].row, " | ".join(c.text for c in row)))
        for j, cell in enumerate(row[1:], start=1):
            if cell.text.strip():
                header[j] = f"{header[j]} ({cell.text.strip()})" if header[j].strip() else cell.text.strip()
    if not folded or not any(_is_value(c, table.decimal_comma) for r in rows for c in r[1:]):
        return table, ()
    return replace(table, header=tuple(header), rows=tuple(rows)), tuple(folded)


def split_stacked_rows(table: SourceTable) -> tuple[SourceTable, tuple[int, ...]]:
    """One row per line where ``<br>`` stacks several lines in at least two cells of a row and every
    other non-empty cell has the same number of lines or one (a category repeated on each line)."""
    out: list[tuple[RawCell, ...]] = []
    split: list[int] = []
    for row in table.rows:
        counts = {len(c.lines) for c in row if c.lines}
        stacked = sum(1 for c in row if c.lines)
        k = counts.pop() if len(counts) == 1 else 0
        if k < 2 or stacked < 2 or not _stacks_values(row, table.decimal_comma):
            out.append(row)
            continue
        split.append(row[0].row)
        for i in range(k):
            out.append(tuple(
                RawCell(text=c.lines[i], row=c.row, col=c.col, markers=c.markers, part=i + 1) if c.lines
                else replace(c, part=i + 1)
                for c in row
            ))
    if not split:
        return table, ()
    return replace(table, rows=tuple(out)), tuple(split)


def _stacks_values(row: tuple[RawCell, ...], decimal_comma: bool) -> bool:
    """Whether the row's ``<br>`` lines stack values ("74.3<br>79.2"), not just a label broken over
    two lines beside a metric broken over two ("SWE-bench Verified<br>(Agentless)" | "Single
    Patch<br>(Acc)" | 65.8): a value printed on one line belongs to the whole row."""
    def value(text: str) -> bool:
        return parse_cell(text, decimal_comma=decimal_comma).status == "ok"

    if any(value(c.text) for c in row if c.text.strip() and not c.lines):
        return False
    return any(all(value(t) or parse_cell(t).status == "missing" for t in c.lines) for c in row if c.lines)


def label_parts(label: str) -> tuple[str, ...]:
    """The labels of the measurements a composite label names, in order:
    "AIME 2024 (pass@1 / cons@64)" -> ("AIME 2024 (pass@1)", "AIME 2024 (cons@64)"); () otherwise."""
    m = _PARTS.search(label)
    if m is None:
        return ()
    parts = [p.strip() for p in m.group(1).split("/")]
    if len(parts) < 2 or any(not p for p in parts):
        return ()
    return tuple(f"{label[:m.start()]}({p}){label[m.end():]}" for p in parts)


def value_parts(cell: RawCell, k: int, decimal_comma: bool = False) -> tuple[str, ...]:
    """The k values a composite cell prints ("72.1 / **90.0**"), each as printed; () when the cell
    does not hold exactly k values (a missing part, "-", still counts as one)."""
    text = cell.marked or cell.text
    parts = [p.strip() for p in text.split("/")]
    if len(parts) != k:
        return ()
    for p in parts:
        status = parse_cell(p, decimal_comma=decimal_comma).status
        if status not in ("ok", "missing"):
            return ()
    return tuple(parts)


def is_composite_line(label: str, cells: list[RawCell], decimal_comma: bool = False) -> bool:
    """Whether a label names k measurements and most of its non-empty cells print k values."""
    k = len(label_parts(label))
    filled = [c for c in cells if c.text.strip()]
    if k < 2 or not filled:
        return False
    return sum(bool(value_parts(c, k, decimal_comma)) for c in filled) >= 0.6 * len(filled)


def is_section_row(row: tuple[RawCell, ...], label_col: int, value_cols: tuple[int, ...]) -> bool:
    """A heading over the rows below it: a label and not one character in any value cell (a row
    whose values are printed missing, "-" or "n/a", is a benchmark the model was not run on)."""
    return bool(row[label_col].text.strip()) and bool(value_cols) and all(
        not row[j].text.strip() and not row[j].markers for j in value_cols)


def is_record(table: SourceTable) -> bool:
    """A record: one row of values under a header of labels, with no label column (``| MMLU 0-shot |`` over
    ``| 78.7 |``; ``| Prompt-Strict Acc | Instruction-Strict Acc |`` over ``| 79.9 | 86.1 |``).  Its first
    value is no model's name: the row holds the scores of the model the page is about."""
    if len(table.rows) != 1 or not all(h.strip() for h in table.header):
        return False
    status = [parse_cell(c.text, decimal_comma=table.decimal_comma).status for c in table.rows[0]]
    return ("ok" in status and all(st in ("ok", "missing") for st in status)
            and not any(parse_cell(h, decimal_comma=table.decimal_comma).status == "ok" for h in table.header))

