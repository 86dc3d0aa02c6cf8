"""Per-item results: one row per (item, model[, sample]) instead of a printed score.

    item,model,score[,benchmark][,cluster][,sample]
    q001,Astra,1,GPQA Diamond,physics
    q001,Fable,0,GPQA Diamond,physics

Each (benchmark, model) becomes one observation whose value is the mean
per-item score and whose n is the number of items; the per-item vectors ride
along so comparisons can be paired (McNemar, paired difference, cluster
bootstrap) instead of treated as independent samples.
"""

from __future__ import annotations

import re
from typing import Iterator

from claimcheck.errors import InputError
from claimcheck.records import CellValue, ItemResults, Observation, RowContext, SourceTable

ITEM_HEADERS = ("item", "item id", "item_id", "question id", "question_id", "problem id", "problem_id",
                "instance", "instance id", "instance_id", "example id", "example_id", "题目", "题号")
CLUSTER_HEADERS = ("cluster", "group", "cluster id", "user", "document", "repo", "repository", "簇")
SAMPLE_HEADERS = ("sample", "run", "seed", "attempt", "trial", "repeat")
_TRUE = {"1", "true", "yes", "pass", "passed", "correct", "resolved", "y", "✓", "对", "正确"}
_FALSE = {"0", "false", "no", "fail", "failed", "incorrect", "wrong", "unresolved", "n", "✗", "错", "错误"}


def _norm(header: str) -> str:
    return re.sub(r"[\s_]+", " ", header.strip().casefold())


def column(table: SourceTable, names: tuple[str, ...]) -> int | None:
    wanted = {_norm(n) for n in names}
    return next((j for j, h in enumerate(table.header) if _norm(h) in wanted), None)


def is_item_table(table: SourceTable) -> bool:
    return column(table, ITEM_HEADERS) is not None


def _score(text: str, table: SourceTable, row: int, col: int) -> float | None:
    t = text.strip().casefold()
    if t in ("", "—", "-", "n/a", "na"):
        return None
    if t in _TRUE:
        return 1.0
    if t in _FALSE:
        return 0.0
    try:
        value = float(t.rstrip("%"))
    except ValueError:
        raise InputError(f"expected a per-item score (0/1, pass/fail, or a value in [0, 1]), found {text!r}",
                         path=table.name, row=row, column=table.header[col]) from None
    value = value / 100.0 if t.endswith("%") or value > 1.0 else value
    if not 0.0 <= value <= 1.0:
        raise InputError(f"a per-item score must lie in [0, 1] (or 0–100%), found {text!r}",
                         path=table.name, row=row, column=table.header[col])
    return value


def item_observations(table: SourceTable, t: int, fields: dict[str, int], ids: Iterator[int],
                      benchmark: str | None) -> list[Observation]:
    """One observation per (benchmark, model), carrying its per-item results."""
    item_col, model_col, score_col = column(table, ITEM_HEADERS), fields["model"], fields["score"]
    bench_col, cluster_col = fields.get("benchmark"), column(table, CLUSTER_HEADERS)
    runs: dict[tuple[str, str], dict[str, list[float]]] = {}
    clusters: dict[tuple[str, str], dict[str, str]] = {}
    first_row: dict[tuple[str, str], int] = {}
    missing: dict[tuple[str, str], int] = {}
    for r in table.rows:
        label = r[bench_col].text if bench_col is not None else (benchmark or "")
        if not label:
            raise InputError("per-item results need a benchmark column or --benchmark NAME", path=table.name, row=r[0].row)
        key = (label, r[model_col].text)
        first_row.setdefault(key, r[0].row)
        value = _score(r[score_col].text, table, r[0].row, score_col)
        if value is None:
            missing[key] = missing.get(key, 0) + 1
            continue
        runs.setdefault(key, {}).setdefault(r[item_col].text, []).append(value)
        if cluster_col is not None:
            clusters.setdefault(key, {})[r[item_col].text] = r[cluster_col].text
    return [_observation(table, t, key, runs.get(key, {}), clusters.get(key), missing.get(key, 0), first_row[key],
                         score_col, ids) for key in first_row]


def _observation(table, t, key, per_item, cluster_map, missing, row, score_col, ids) -> Observation:
    label, model = key
    items = tuple(sorted(per_item))
    values = tuple(sum(per_item[i]) / len(per_item[i]) for i in items)
    samples = max((len(v) for v in per_item.values()), default=1)
    binary = samples == 1 and all(v in (0.0, 1.0) for v in values)
    results = ItemResults(items=items, values=values, samples=samples, binary=binary, missing=missing,
                          clusters=tuple(cluster_map[i] for i in items) if cluster_map else None)
    n = len(items)
    if n:
        mean = 100.0 * sum(values) / n
        correct = sum(values)
        raw = f"{correct:g}/{n}" if binary else f"{mean:.2f}% (mean of {n} items × {samples} samples)"
        cell = CellValue(raw=raw, status="ok", value=mean, percent_sign=True, decimals=None, n=n)
    else:
        cell = CellValue(raw="", status="missing")
    return Observation(
        id=f"s{next(ids)}", input=table.input, table=t, row=row, column=table.header[score_col], col=score_col,
        model=model, context=RowContext(label=label), cell=cell, group=f"{table.input}:{t}:items:{label}",
        title=label, at=(row, score_col), items=results,
    )
