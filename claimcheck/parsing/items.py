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


_PASS_K = re.compile(r"pass\s*@\s*(\d+)", re.I)


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
    bench_col, cluster_col, metric_col = fields.get("benchmark"), column(table, CLUSTER_HEADERS), fields.get("metric")
    runs: dict[tuple[str, str], dict[str, list[float]]] = {}
    clusters: dict[tuple[str, str], dict[str, str]] = {}
    first_row: dict[tuple[str, str], int] = {}
    missing: dict[tuple[str, str], int] = {}
    metrics: dict[tuple[str, str], str] = {}
    for r in table.rows:
        label = r[bench_col].text if bench_col is not None else (benchmark or "")
        if not label:
            raise InputError("per-item results need a benchmark column or --benchmark NAME", path=table.name, row=r[0].row)
        key = (label, r[model_col].text)
        first_row.setdefault(key, r[0].row)
        if metric_col is not None and r[metric_col].text:
            metrics.setdefault(key, r[metric_col].text)
        value = _score(r[score_col].text, table, r[0].row, score_col)
        if value is None:
            missing[key] = missing.get(key, 0) + 1
            continue
        runs.setdefault(key, {}).setdefault(r[item_col].text, []).append(value)
        if cluster_col is not None:
            clusters.setdefault(key, {})[r[item_col].text] = r[cluster_col].text
    return [_observation(table, t, key, runs.get(key, {}), clusters.get(key), missing.get(key, 0), first_row[key],
                         score_col, ids, metrics.get(key, "")) for key in first_row]


def _pass_k(metric: str, label: str) -> int:
    m = _PASS_K.search(metric) or _PASS_K.search(label)
    return int(m.group(1)) if m else 1


def _item_value(runs: list[float], k: int) -> float:
    """One item's score: the mean over its samples, or the unbiased pass@k when asked for k > 1."""
    if k > 1 and len(runs) >= k and all(v in (0.0, 1.0) for v in runs):
        from claimcheck.stats import pass_at_k

        return pass_at_k(len(runs), int(sum(runs)), k)
    return sum(runs) / len(runs)


def _observation(table, t, key, per_item, cluster_map, missing, row, score_col, ids, metric="") -> Observation:
    label, model = key
    k = _pass_k(metric, label)
    items = tuple(sorted(per_item))
    values = tuple(_item_value(per_item[i], k) for i in items)
    samples = max((len(v) for v in per_item.values()), default=1)
    binary = samples == 1 and all(v in (0.0, 1.0) for v in values)
    results = ItemResults(items=items, values=values, samples=samples, binary=binary, missing=missing,
                          clusters=tuple(cluster_map[i] for i in items) if cluster_map else None)
    n = len(items)
    if k > samples and n:  # the unbiased estimator is undefined: say so rather than print a mean as pass@k
        cell = CellValue(raw=f"pass@{k} over {samples} samples", status="unparseable",
                         problem=f"pass@{k} needs at least {k} samples per item; the input has {samples}")
    elif n:
        mean = 100.0 * sum(values) / n
        correct = sum(values)
        what = f"pass@{k}, unbiased estimate" if k > 1 else "mean"
        raw = f"{correct:g}/{n}" if binary else f"{mean:.2f}% ({what} of {n} items × {samples} samples)"
        cell = CellValue(raw=raw, status="ok", value=mean, percent_sign=True, decimals=None, n=n)
    else:
        cell = CellValue(raw="", status="missing")
    return Observation(
        id=f"s{next(ids)}", input=table.input, table=t, row=row, column=table.header[score_col], col=score_col,
        model=model, context=RowContext(label=label, fields={"metric": metric} if metric else {}), cell=cell, group=f"{table.input}:{t}:items:{label}",
        title=label, at=(row, score_col), items=results,
    )
