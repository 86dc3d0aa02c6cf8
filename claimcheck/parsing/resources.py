"""Tell a table of resource, speed, deployment or configuration figures from a table of scores.

Release pages print more than benchmark scores: the memory and speed of each precision
(``| USE KV Cache | bs=1 | bs=4 |`` over ``16.3GB | OOM``), the GPUs a deployment needs
(``| Model | Precision | GPU Type and Count |``), the settings of a fine-tuning recipe
(``| Model | Strategy | Batch Size (per GPU) |``), a model's specification (``| Config | Value |``
over "Number of Experts", "Max Context Length").  Read as a score grid such a table gives one
false finding per cell ("16.3GB" is no number a benchmark prints, "65536" has no unit).

A table is read as resource figures, with no score made from it, when

- no column header and no row label names a benchmark the registry knows, and
- along one of its axes (its rows, or its columns), at least ``_SHARE`` of the lines are
  resource lines: a line whose name is a resource quantity (memory, speed, latency, throughput,
  batch size, sequence length, GPUs, nodes, parameters, precision, quantization, layers, experts,
  context length …; see :func:`names_resource`; a name fixing one value of a setup, "bs=4" or
  "Sequence Length / 1024", says nothing of what is measured), or most of whose cells print a physical unit
  ("16.3GB", "40.93 tokens/s", "2.1 s", "1.0s/it", "H100 x 16", "32K", "OOM"; see
  :func:`carries_unit`).  A line printing no figure at all ("✅", "LoRA + Deepspeed Zero3") is no
  evidence either way and is left out of the count, unless its name is a resource quantity; and
- some cell prints a figure (a table of words or links only is a table without scores), and
- no cell reads as a score that nothing explains: a number within 0–100 without a unit ("57.9",
  "61.2%", "73") whose row and column both name no resource quantity.

A score table with a "Params" or "Context length" column, or a few "Speed" rows among its
benchmark rows, keeps its scores: the benchmark rows name a known benchmark, or they print
scores under names that are no resource quantity.
"""

from __future__ import annotations

import re
from typing import Callable

from claimcheck.parsing.cells import MISSING, parse_cell, strip_emphasis
from claimcheck.parsing.roles import describes_model
from claimcheck.records import SourceTable

#: how many of one axis's lines must be resource lines
_SHARE = 0.8

#: names of resource and configuration quantities beyond the model attributes of ``describes_model``
_RESOURCE_NAME = re.compile(
    r"\bgpus?\b|\bnodes?\b|\bdevices?\b|\bhardware\b|\bprecision\b|\bquanti[sz]ation\b|\bdtype\b|\bstrategy\b|"
    r"\bbatch\b|\bsequence length\b|\b(?:input|output|prompt|generation|context)[ _]length\b|"
    r"\blatency\b|\bwall[- ]?clock\b|\b(?:run|training|inference|decoding) time\b|\bduration\b|\btime per\b|"
    r"\bkv[ -]?cache\b|\bexperts?\b|\bdim(?:ension)?s?\b|\btokeni[sz]er\b|\battention (?:mechanism|type)\b|"
    r"\blearning rate\b|\bepochs?\b|\bwarm-?up\b|\boptimi[sz]er\b|\bweight decay\b|\blora (?:rank|alpha)\b|"
    r"\bgradient accumulation\b|\bconfig(?:uration)?\b|\bhyper-?param(?:eter)?s?\b|\bs/it\b|\bit/s\b|"
    # a count of tokens ("Tokens (Billion)" of a data mixture) or of layers ("layer_num", "num_layers")
    r"^\W*(?:#\s*|num(?:ber of)? )?tokens?\b|\blayers? (?:num|count)\b|\bnum layers\b|"
    # a quantisation's group size ("GS", "Group Size") and calibration data ("AWQ Dataset", "GPTQ dataset")
    r"^gs$|\bgroup[ _-]?size\b|\b(?:awq|gptq|calibration|quantization)[ _-]dataset\b|"
    # a load test's settings: "Number of Prompts", "Concurrency", "Requests per second"
    r"\b(?:number of|num|#)\s*(?:prompts|requests|concurrent \w+)\b|\bconcurren(?:cy|t requests)\b|\brequests?/s\b|"
    # an optimizer's and a training run's settings: "peak LR", "beta2", "LR schedule", "gradient clipping", "Step"
    r"\blr\b|\bbetas?\d?\b|\bepsilon\b|\bschedul(?:e|er)\b|\bsteps?\b|\bclipping\b|\bdropout\b|\bmomentum\b|"
    r"\b(?:training|validation|eval|train) loss\b|\bloss\b|"
    # an architecture's: "d_model", "num heads", "MLP ratio", "pos embeddings", "activation", "weight tying"
    r"\bd_(?:model|ff|state|head)\b|\b(?:attention )?heads?\b|\bmlp\b|\bembeddings?\b|\bactivation\b|"
    r"\b(?:layer ?norm|rms ?norm|normali[sz]ation)\b|\bbias(?:es)?\b|\bweight tying\b|\bblock type\b|\bvocab(?:ulary)?\b|"
    # a run's energy and emissions: "Power Consumption (W)", "Carbon Emissions (tCO2eq)", "GPU hours"
    r"\bpower\b|\benergy\b|\bcarbon\b|\bemissions?\b|\bgreenhouse\b|\bco2|co₂|\b[kmg]?wh\b|\bgpu[- ]hours?\b|"
    r"精度|量化|批大小|批次大小|序列长度|延迟|显卡|节点|专家|维度|分词器|学习率|训练轮数|硬件|配置|"
    r"层数|头数|词表|参数量|位置编码|最大长度|训练数据|激活函数|隐藏层|隐含层|功耗|碳排放",
    re.I,
)

#: a name that fixes one value of a setup rather than naming what is measured: "bs=4", "sl=512",
#: "Sequence Length / 1024", "Batch size 32", "32K context"; the cells say what such a line holds (perplexities
#: at each length are scores, "16.3GB" at each batch size is memory)
_SETUP_VALUE = re.compile(r"\b(?:bs|sl|n|k)\s*=\s*\d", re.I)
_SETUP_QUANTITY = re.compile(r"\b(?:batch|sequence|seq|context|input|output|prompt|generation)[ _-]?(?:size|len(?:gth)?)\b|"
                             r"\bcontext\b", re.I)

_NUM = r"\d+(?:[.,]\d+)?"
#: a number with a physical unit or a magnitude suffix: "16.3GB", "40.93 tokens/s", "1.0s/it", "2.1 s", "32K", "316B", "1.5×"
_WITH_UNIT = re.compile(
    rf"^{_NUM}\s*(?:[KMGTP]i?B|[KMGTP]|B|bytes?|tok(?:en)?s?/s(?:ec)?|it/s|s/it|samples?/s|chars?/s|ms|µs|us|s|secs?|"
    rf"seconds?|mins?|minutes?|h|hrs?|hours?|days?|GPUs?|nodes?|cards?|[x×]|[kMGT]?Wh|[kMG]?W|t ?CO2(?:e(?:q)?)?|tCO₂e?q?)$",
    re.I,
)
#: a count of devices: "H100 x 16", "2xA100", "8 × H800", "x16"
_DEVICES = re.compile(rf"^(?:[A-Z][A-Za-z]*\d+\w*\s*[x×*]\s*\d+|\d+\s*[x×*]\s*[A-Z][A-Za-z]*\d+\w*|[x×]\s*{_NUM})$")
_NOTE = re.compile(r"\s*[(（][^()（）]*[)）]")
#: a Markdown link, "[HF](https://…)" or "[[ONNX]](https://…)", with the separators between links
_LINK = re.compile(r"\s*\[\[?[^\[\]]*\]?\]\([^()\s]*\)\s*[;,|]?")
#: the run gave no result for lack of memory or time: a resource outcome, never a score
_OUT_OF = frozenset({"oom", "oot", "out of memory"})


#: a heading saying the table measures inference itself ("Inference Performance"), beyond the resource
#: quantities :func:`names_resource` knows ("Throughput (tokens/s)", "GPU memory usage", 显存)
_INFERENCE_HEADING = re.compile(r"\binference (?:performance|efficiency|latency|cost)\b|推理(?:性能|效率)", re.I)

#: what describes a model without being a resource or configuration quantity: its date, licence, availability
_METADATA = re.compile(r"\bdate\b|\blicen[cs]e\b|cut-?off|open[- ]weights?|modalit|日期|许可", re.I)


def names_resource(name: str) -> bool:
    """Whether a line or column name states a resource or configuration quantity ("Peak GPU memory",
    "Speed (tokens/s)", "Batch Size (per GPU)", "Number of Experts") rather than a benchmark; a name that
    fixes a value of a setup ("bs=4", "Sequence Length / 1024") does not say what its cells measure."""
    text = strip_emphasis(" ".join(name.split()))[0]
    if not text or names_condition(text):
        return False
    spaced = text.replace("_", " ")  # a config file's key ("hidden_size", "layer_num") names the same quantity
    return any((describes_model(t) and _METADATA.search(t) is None) or _RESOURCE_NAME.search(t) is not None
               for t in dict.fromkeys((text, spaced)))


def names_condition(name: str) -> bool:
    """Whether a name fixes one value of a setup ("bs=4", "sl=512", "Sequence Length / 1024", "32K context")."""
    return _SETUP_VALUE.search(name) is not None or (
        _SETUP_QUANTITY.search(name) is not None and re.search(r"\d", name) is not None)


def carries_unit(text: str) -> bool:
    """Whether a cell prints a physical figure ("16.3GB", "144.69GB (2xA100)", "6.7G / 1.0s/it", "H100 x 16",
    "OOM") rather than a score: every "/"-separated part is a number, at least one with a unit."""
    text = strip_emphasis(" ".join(text.split()))[0]
    if text.casefold() in _OUT_OF:
        return True
    unlinked = _LINK.sub("", text).strip(" ;,|")  # "4K [[HF]](…) ; [[ONNX]](…)": a download table's context length
    if unlinked != text and unlinked:
        return carries_unit(unlinked)
    bare = _NOTE.sub("", text).strip() or text  # "144.69GB (2xA100)": the figure, then a note on it
    if _DEVICES.fullmatch(bare) or _DEVICES.fullmatch(text):
        return True
    parts = [p.strip() for p in re.split(r"\s+/\s+", bare)]
    united = [bool(_WITH_UNIT.fullmatch(p)) for p in parts]
    return any(united) and all(u or re.fullmatch(_NUM, p) for u, p in zip(united, parts))


def _filled(texts: list[str]) -> list[str]:
    """The cells that print something: missing cells ("-", "n/a") say nothing, "OOM" does."""
    return [t for t in texts if t.strip() and (t.strip().casefold() not in MISSING or t.strip().casefold() in _OUT_OF)]


_OPENS_WITH_NUMBER = re.compile(r"^[\s*_~`]*[-+−]?\d")


def _is_figure(text: str) -> bool:
    """A cell that prints a figure: it opens with a number ("16.3GB", "7168") or prints a unit ("H100 x 16", "OOM")."""
    return _OPENS_WITH_NUMBER.match(text) is not None or carries_unit(text)


def _reads_as_score(text: str) -> bool:
    """A cell printing a number within 0–100 and no unit ("57.9", "61.2%", "73"): what a benchmark prints."""
    c = parse_cell(text)
    return c.status == "ok" and c.value is not None and 0 <= c.value <= 100


def _line_kind(name: str, cells: list[str]) -> str | None:
    """"resource" for a line that names a resource quantity or prints mostly units, "other" for any other
    line of figures, None for a line of words only ("✅", "LoRA + Deepspeed Zero3"): evidence of nothing."""
    filled = _filled(cells)
    if names_resource(name):
        return "resource"
    if not any(map(_is_figure, filled)):
        return None
    return "resource" if sum(map(carries_unit, filled)) >= 0.5 * len(filled) else "other"


def _axis(lines: list[tuple[str, list[str]]], named: set[int] = frozenset()) -> tuple[int, int]:
    """(resource lines, lines counted) of one axis; ``named``: the positions of lines known to hold resource figures."""
    kinds = [k for i, (name, cells) in enumerate(lines)
             if (k := "resource" if i in named else _line_kind(name, cells)) is not None]
    return kinds.count("resource"), len(kinds)


_LOSS_COLUMN = re.compile(r"^\W*(?:training|train|validation|valid|eval|test)[ _]loss\W*$", re.I)
_PROGRESS_COLUMN = re.compile(r"^\W*(?:epochs?|steps?|global[ _]steps?|iterations?)\W*$", re.I)


def _training_log(header: tuple[str, ...]) -> bool:
    """Whether the header is a training log's: a loss column beside an epoch or step column ("| Training Loss |
    Epoch | Step | Validation Loss | Rewards/accuracies |", the results table a trainer writes into a model card)."""
    texts = [strip_emphasis(h)[0] for h in header]
    return any(map(_LOSS_COLUMN.match, texts)) and any(map(_PROGRESS_COLUMN.match, texts))


def resource_reason(table: SourceTable, label_col: int, skip_rows: frozenset[int], skip_cols: frozenset[int],
                    is_benchmark: Callable[[str], bool]) -> str | None:
    """Why the table holds resource or configuration figures rather than scores, or None when it may
    hold scores (see the module's docstring).  ``skip_rows`` (indices into ``table.rows``: section and
    spacer rows) and ``skip_cols`` (spacer columns) are left out."""
    if _training_log(table.header):
        return ("a training log, not scores: its columns are a loss by epoch or step (" +
                ", ".join(repr(h.strip()) for h in table.header if h.strip()) + "), as a trainer writes them")
    cols = [j for j in range(len(table.header)) if j != label_col and j not in skip_cols]
    rows = [r for i, r in enumerate(table.rows) if i not in skip_rows and label_col < len(r)]
    if not cols or not rows:
        return None
    headers = [table.header[j] for j in cols]
    label = (lambda r: r[label_col].text) if label_col >= 0 else (lambda r: "")  # a record (-1) has no label column
    labels = [label(r) for r in rows]
    # a name that states a resource quantity names no benchmark, whatever it shares a name with ("GQA
    # num_key_value_heads" is grouped-query attention's heads, not the GQA benchmark)
    if any(is_benchmark(t) and not names_resource(t) for t in (*headers, *labels) if t.strip()):
        return None
    cell = lambda r, j: r[j].text if j < len(r) else ""  # noqa: E731
    if not any(_is_figure(cell(r, j)) for r in rows for j in cols):
        return None  # words only ("BF16", links): a table without scores, not one of figures
    # under a heading that says what is measured, a column fixing one value of a setup ("bs=4") holds that measurement
    measured = any(names_resource(h) or _INFERENCE_HEADING.search(h) for h in table.headings)
    named_cols = {j for j in cols if names_resource(table.header[j]) or (measured and names_condition(table.header[j]))}
    # a label column headed as settings ("Model Hyperparameter", "Config") names every row a setting
    stub = label_col >= 0 and names_resource(table.header[label_col])
    for r in rows:  # a score nothing explains: "HouseQA | 61.4 | 72.9" among "Params" and "Context length" rows
        if not stub and not names_resource(label(r)) and any(
                j not in named_cols and _reads_as_score(cell(r, j)) and not carries_unit(cell(r, j)) for j in cols):
            return None
    by_column = _axis([(table.header[j], [cell(r, j) for r in rows]) for j in cols],
                      {i for i, j in enumerate(cols) if j in named_cols})
    by_row = _axis([(label(r), [cell(r, j) for j in cols]) for r in rows],
                   set(range(len(rows))) if stub else set()) if label_col >= 0 else (0, 0)
    for (hits, counted), axis in ((by_column, "columns"), (by_row, "rows")):
        if counted and hits >= _SHARE * counted:
            return (f"resource/configuration figures, not scores: {hits} of the {counted} {axis} that print figures "
                    f"name a resource or configuration quantity or print physical units (memory, speed, hardware, "
                    f"settings), and no column header or row label names a benchmark")
    return None
