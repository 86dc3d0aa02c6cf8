"""The same model, benchmark and protocol printed twice: when two cells are one line item, and when they disagree.

Helpers of CC404.  Two scores share a protocol key when model, benchmark (or label), version,
subset (or unregistered part), tools, harness, judge, metric, protocol, budget and a table-printed n
agree.  Within one
table they are the same line item only when their rows print the same words besides their
values; across tables, when both labels resolve confidently (the extra words, if any, are a
metric or a mark) or read the same.
"""

from __future__ import annotations

import re
from typing import Iterator, Sequence

from claimcheck.checker.aggregates import half_unit, is_benchmark_row
from claimcheck.checker.base import CheckContext
from claimcheck.checker.printed_rows import row_words
from claimcheck.parsing.roles import names_a_setup
from claimcheck.records import Score

_EPS = 1e-9  # absorbs float error in printed units


def conflicting_values(context: CheckContext) -> Iterator[list[Score]]:
    """Each set of scores given for one model, benchmark and protocol whose values differ beyond rounding.

    Only the scores in a conflicting pair are returned, in input order.
    """
    groups: dict[tuple, list[Score]] = {}
    for s in context.checked():
        if is_benchmark_row(s) and s.value is not None:
            groups.setdefault(protocol_key(s), []).append(s)
    for scores in groups.values():
        # cells printing one value at one precision agree with each other: only cells of two printings
        # can conflict, so a row printed 1,000 times over is not a million comparisons
        printings: dict[tuple, list[Score]] = {}
        for x in scores:
            printings.setdefault((x.value, x.unit, x.scale, x.proportion, half_unit(x)), []).append(x)
        kinds = list(printings.values())
        pairs = [(a, b) for i, one in enumerate(kinds) for other in kinds[i + 1:]
                 if same_number(one[0], other[0]) is False for a in one for b in other if same_line(context, a, b)]
        if pairs:
            ids = {s.id for pair in pairs for s in pair}
            yield [s for s in scores if s.id in ids]


def protocol_key(s: Score) -> tuple:
    """What must agree for two scores to measure the same thing: model, benchmark and every protocol facet.

    The model is its name as printed, without the detail columns a table prints beside it ("Code Llama
    13B · 2,500B" is "Code Llama 13B" in a table that has no parameter column)."""
    res = s.resolution
    what = res.benchmark or " ".join(s.label.casefold().split())
    table_n = res.n if res.n_source == "table" else None
    return (model_name(s), what, res.version, res.subset, res.part, res.tools, res.harness,
            res.judge, res.metric, res.protocol, tuple(sorted((k, str(v)) for k, v in res.budget.items())), table_n)


def model_name(s: Score) -> str:
    """The model a score belongs to, as printed, without detail columns; case and spacing folded."""
    return " ".join(s.model.split(" · ")[0].casefold().split())


# ── a table that repeats another table's column ──────────────────────────────

#: shared values that must be equal, and how many times more equal than unequal ones, before one
#: table is read as repeating a column of another
LINK_MIN_EQUAL, LINK_MAJORITY = 3, 2


def linked_conflicts(context: CheckContext) -> Iterator[tuple[str, int, list[tuple[Score, Score]]]]:
    """Cells of a table that repeats one setup of another table and differ from it beyond rounding.

    A summary table ("AIME24 84.7" for "7B") often repeats one column of a detailed table ("7B" under
    "Pass@1 (Avg@64)", beside "Majority@64" and "GenSelect") without naming the setup.  When at least
    ``LINK_MIN_EQUAL`` of the values the two share for one setup are equal, and ``LINK_MAJORITY``
    times more are equal than not, the summary is read as that setup; each of its values that differs
    from it, and equals no other setup of the same model and benchmark there, is printed twice with two
    values.  Yields (the detailed table's setup as its column prints it, "" where its cells need none to
    be told apart, the number of equal values, the (summary, detailed) pairs that differ), one per table
    pair and setup.
    """
    from claimcheck.parsing.attribution import base_model

    def identity(x: Score) -> tuple:
        res = x.resolution
        return (base_model(model_name(x)), res.benchmark, res.version, res.subset, res.part)

    scores = [x for x in context.checked() if x.resolution.benchmark and x.value is not None and is_benchmark_row(x)]
    by_table: dict[int, dict[tuple, list[Score]]] = {}
    for x in scores:
        by_table.setdefault(x.table, {}).setdefault(identity(x), []).append(x)
    cell_setups: dict[tuple[int, tuple], list[tuple[Score, tuple]]] = {}  # each detailed cell's setup, found once

    def setups_of(b: int, key: tuple) -> list[tuple[Score, tuple]]:
        if (b, key) not in cell_setups:
            cells = by_table[b][key]
            cell_setups[(b, key)] = [(t, _setup(t, cells)) for t in cells]
        return cell_setups[(b, key)]

    for a, summary in by_table.items():
        for b, detailed in by_table.items():
            if a == b or len(summary.keys() & detailed.keys()) < LINK_MIN_EQUAL + 1:
                continue  # a setup pairs one cell per shared model and benchmark: too few for the equal ones and a conflict
            setups: dict[tuple, list[tuple[Score, Score]]] = {}
            for key, ours in summary.items():
                if len(ours) != 1 or key not in detailed:
                    continue
                for t, setup in setups_of(b, key):  # one pair per setup of the detailed table
                    setups.setdefault(setup, []).append((ours[0], t))
            for setup, pairs in setups.items():
                if len({s.id for s, _ in pairs}) != len(pairs):
                    continue  # the setup does not pin one cell per model and benchmark
                equal = sum(same_number(s, t) is True for s, t in pairs)
                differ = [(s, t) for s, t in pairs if same_number(s, t) is False
                          and not any(same_number(s, other) for other in detailed[identity(s)])]
                if equal >= LINK_MIN_EQUAL and equal >= LINK_MAJORITY * sum(same_number(s, t) is False for s, t in pairs):
                    if differ:  # a setup of one cell per model and benchmark tells nothing apart: no name
                        yield (setup_name(pairs[0][1]) if setup else ""), equal, differ


def _setup(s: Score, cells: Sequence[Score]) -> tuple:
    """The setup a detailed table states for a cell: whatever tells apart its cells for one model and
    benchmark (the column "Majority@64" beside "Pass@1 (Avg@64)", a budget, a metric); () for one cell."""
    facets = [_facets(c) for c in cells]
    varying = [i for i, values in enumerate(zip(*facets)) if len(set(values)) > 1]
    mine = _facets(s)
    return tuple((i, mine[i]) for i in varying)


def _name_setup(s: Score) -> str:
    """The setup printed after the model's name ("(avg@64)" of "A (avg@64)"), or ""."""
    from claimcheck.parsing.attribution import base_model

    name = model_name(s)
    return name[len(base_model(name)):].strip()


def _column_setup(s: Score) -> str:
    """The column a cell sits in, unless the column is the model's own (models as columns)."""
    from claimcheck.parsing.attribution import base_model

    column = " ".join(s.column.casefold().split())
    return "" if base_model(column) == base_model(model_name(s)) else column


def setup_name(s: Score) -> str:
    """How a message names the setup of a detailed table's cell: its model's setup, else its column."""
    from claimcheck.parsing.attribution import base_model

    name = " ".join(s.model.split(" · ")[0].split())
    setup = name[len(base_model(name)):].strip()
    if setup.startswith(("(", "（")) and setup.endswith((")", "）")):
        setup = setup[1:-1].strip()
    return setup or s.column


def _facets(s: Score) -> tuple:
    res = s.resolution
    return (_column_setup(s), _name_setup(s), res.tools, res.harness, res.judge, res.metric, res.protocol,
            tuple(sorted((k, str(v)) for k, v in res.budget.items())))


def same_number(a: Score, b: Score) -> bool | None:
    """Whether two printed values can be one number printed twice; None if not comparable.

    One number rounded to one precision prints the same digits every time, and rounded to two
    precisions the coarser printing is the rounding of the finer: so the two may differ by at most
    half a unit of the coarser one's last digit (70.24 and 70.2 agree; 63.3 and 63.4 do not)."""
    if a.proportion is not None and b.proportion is not None:
        tolerance = max(half_unit(a) / a.scale, half_unit(b) / b.scale)
        return abs(a.proportion - b.proportion) <= tolerance + _EPS
    if a.unit == b.unit and a.value is not None and b.value is not None:
        return abs(a.value - b.value) <= max(half_unit(a), half_unit(b)) + _EPS
    return None


def same_line(context: CheckContext, a: Score, b: Score) -> bool:
    """Whether the tables print the two as the same line item (see the module docstring)."""
    if (a.input, a.table) == (b.input, b.table):
        # a row of a models-as-rows table holds every line as a column: two columns of it are two line items
        # unless they print the same label ("MedQA" and "MedQA 5 opts" of one model's row are two)
        words = row_words(context, a)
        return words is not None and words == row_words(context, b) and _title(a) == _title(b)
    # across tables: not when the tables' headings say one holds base and the other instruct models
    # ("Base Pretrained Models" / "Instruction Tuned Models" both list "Llama 3.1 8B")
    va, vb = a.checkpoint, b.checkpoint  # what each table's heading says it lists
    if va and vb and va != vb:
        return False
    # a line the registry does not know is one line item across tables only under one caption
    # ("Avg Win Rate" under "1) Primary" and under "2) Plus" are two)
    ca, cb = _caption(context, a), _caption(context, b)
    if a.benchmark is None and ca and cb and ca != cb:
        return False
    # nor under label columns headed apart ("Details on MT-Bench-tw: Models" / "Details on TMMLU+: Model" both
    # print a "STEM" line)
    if a.benchmark is None and _stub_words(context, a) != _stub_words(context, b):
        return False
    # tables under headings that state different setups ("Reasoning Mode" / "Non-Reasoning Mode") are two runs
    if ca != cb and (names_a_setup(ca) or names_a_setup(cb)):
        return False
    # both labels name the benchmark (extra words only a metric or a mark, such as "(Resolved)"), or they read the same
    plain = a.resolution.confidence >= 0.9 and b.resolution.confidence >= 0.9
    return plain or _title(a) == _title(b)


def _title(s: Score) -> str:
    return " ".join(s.title.casefold().split())


#: words a label column's header prints for any table ("Model", "Benchmarks"): they tell no two tables apart
_STUB_WORDS = frozenset({"model", "models", "name", "names", "benchmark", "benchmarks", "task", "tasks", "dataset",
                         "datasets", "metric", "metrics", "category", "categories", "模型", "任务", "数据集"})


def _stub_words(context: CheckContext, s: Score) -> frozenset[str]:
    """The words of the header over the score's table's label column, less the words every such header prints."""
    reading = next((r for r in context.readings if r.table == s.table and r.label_col >= 0), None)
    if reading is None or reading.label_col >= len(reading.columns):
        return frozenset()
    words = re.findall(r"\w+", reading.columns[reading.label_col][0].casefold())
    return frozenset(words) - _STUB_WORDS


def _caption(context: CheckContext, s: Score) -> str:
    return next((r.caption for r in context.readings if r.table == s.table), "")
