"""lighteval's per-item details (``details_<task>_<time>.parquet``) read as per-item tables.

``lighteval … --save-details`` writes, for each task of a run,
``{output_dir}/details/{model_name}/{time}/details_{task}_{time}.parquet`` (lighteval's "Saving and
reading results" docs): one record per document, with the columns ``doc`` (the document: its ``id``,
``task_name``, query, choices …), ``metric`` (each sample-level metric's value for that document) and
``model_response``, all structs.  Each per-item metric becomes a table of the per-item format the other
harness readers give (:data:`claimcheck.readers.harness.ITEM_HEADER`), so two models' files pair by
``doc.id`` (the document's row in the dataset split, the same in every model's file whatever order
lighteval processed them in) and the exact McNemar test runs.

The file names no model.  It is taken from the results file of the same run
(``{output_dir}/results/{model_name}/results_{time}.json``, ``config_general.model_name``) when that is
there, else from the folders between ``details/`` and the time folder.  Only ``doc.id``,
``doc.task_name`` and ``metric`` are read, never the prompts and responses.  Reading parquet needs
pyarrow, an optional dependency (``pip install 'claimcheck[parquet]'``); the file is recognised by its
magic bytes without it.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

from claimcheck.errors import InputError
from claimcheck.records import SourceTable
from claimcheck.readers.harness import ITEM_HEADER, _table, _text
from claimcheck.readers.lighteval import is_lighteval_results, lighteval_model_name, split_task_key

PARQUET_MAGIC = b"PAR1"  # the first and last four bytes of every parquet file (the format's spec)
_DETAILS_NAME = re.compile(r"details_(?P<task>.+)_(?P<stamp>\d{4}-\d\d-\d\dT[\d.\-]+)\.parquet$")
_WANTED = ("doc", "metric")
_INSTALL = "pip install 'claimcheck[parquet]'"


def is_parquet(data: bytes) -> bool:
    """A parquet file: ``PAR1`` at its start and its end, a footer between (at least 12 bytes in all)."""
    return len(data) >= 12 and data.startswith(PARQUET_MAGIC) and data.endswith(PARQUET_MAGIC)


def read_lighteval_details(data: bytes, path: str) -> list[SourceTable]:
    """One per-item table per (task, metric) of a lighteval details file; a metric whose per-item value
    is not a number (a corpus metric's inputs, lists, structs) is named in the notes, not read."""
    if path in ("-", "<stdin>"):
        raise InputError("a lighteval details file names no model itself; pass it as a file "
                         "(details/<model>/<time>/details_<task>_<time>.parquet), not on standard input", path=path)
    if not is_parquet(data):
        raise InputError("not a parquet file (it does not begin and end with the bytes PAR1)", path=path)
    records, metrics, unread = _records(data, path)
    model, how = details_model(path)
    file_task = _DETAILS_NAME.search(Path(path).name)
    tables: dict[tuple[str, str], list[tuple[int, tuple[str, ...]]]] = {}
    seen: dict[tuple[str, str], int] = {}
    keys: dict[str, None] = {}
    for number, record in enumerate(records, start=1):
        doc = record.get("doc") or {}
        item, key = _item_id(doc, number, path), _task_key(doc, file_task, number, path)
        keys[key] = None
        task = split_task_key(key)[1]
        if (task, item) in seen:
            raise InputError(f"item {item!r} is also row {seen[task, item]}: lighteval writes each document once "
                             f"per task", path=path, row=number, column="doc.id")
        seen[task, item] = number
        for metric in metrics:
            value = _metric_value((record.get("metric") or {}).get(metric), metric, number, path)
            tables.setdefault((task, metric), []).append((number, (item, model, value, task, metric)))
    notes = [f"lighteval details file (parquet), {how}; items paired by doc.id (rows are the file's records, "
             f"counted from 1)"] + [_shots_note(key) for key in keys] + unread
    if not tables:
        raise InputError("the details file has no records: lighteval scored no document", path=path)
    return [_table(path, f"{path} — {task} {metric}", ITEM_HEADER, rows, notes)
            for (task, metric), rows in tables.items()]


def _records(data: bytes, path: str) -> tuple[list[dict], list[str], list[str]]:
    """The records' ``doc.id``, ``doc.task_name`` and ``metric``; the metrics read per item; notes on those
    that are not."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise InputError(f"this is a parquet file (lighteval's --save-details writes them), which claimcheck reads "
                         f"with pyarrow: install it ({_INSTALL})", path=path) from None
    try:
        file = pq.ParquetFile(pa.BufferReader(data))
        schema = file.schema_arrow
    except (pa.ArrowException, OSError, ValueError, EOFError) as exc:
        raise InputError(f"cannot read the file as parquet ({type(exc).__name__}: {str(exc)[:200]})",
                         path=path) from None
    doc, metric = _struct_fields(schema, pa, path)
    metrics = [name for name, kind in metric.items() if _is_number_type(kind, pa)]
    unread = [f"metric {name!r} is not a number per item ({kind}): not read (a corpus-level metric's inputs; its "
              f"score is in the run's results_*.json)" for name, kind in metric.items() if _is_nested(kind, pa)]
    bad = next((name for name, kind in metric.items() if name not in metrics and not _is_nested(kind, pa)), None)
    if bad is not None:
        raise InputError(f"the metric is of type {metric[bad]} in every record, not a number", path=path,
                         column=f"metric.{bad}")
    if not metrics:
        raise InputError(f"the details file has no numeric per-item metric to pair ({', '.join(metric) or 'none'}); "
                         f"audit the run's results_*.json for its scores", path=path)
    columns = ["doc.id"] + (["doc.task_name"] if "task_name" in doc else []) + [f"metric.{m}" for m in metrics]
    _within_limits(file, path)
    try:
        return file.read(columns=columns).to_pylist(), metrics, unread
    except (pa.ArrowException, OSError, ValueError, EOFError) as exc:
        raise InputError(f"cannot read the parquet's records ({type(exc).__name__}: {str(exc)[:200]})",
                         path=path) from None


def _struct_fields(schema: Any, pa: Any, path: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The fields of the ``doc`` and ``metric`` structs, each name to its arrow type."""
    missing = [c for c in _WANTED if c not in schema.names]
    if missing:
        raise InputError(f"not a lighteval details file: the parquet has no column {' or '.join(map(repr, missing))} "
                         f"(columns: {', '.join(map(repr, schema.names[:8])) or 'none'}); expected lighteval's "
                         f"--save-details output, with struct columns 'doc', 'metric' and 'model_response'", path=path)
    fields = {}
    for name in _WANTED:
        kind = schema.field(name).type
        if not pa.types.is_struct(kind):
            raise InputError(f"expected a struct of fields, found {kind}", path=path, column=name)
        fields[name] = {kind.field(i).name: kind.field(i).type for i in range(kind.num_fields)}
    if "id" not in fields["doc"]:
        raise InputError(f"the documents have no id to pair items by (doc's fields: "
                         f"{', '.join(list(fields['doc'])[:8]) or 'none'})", path=path, column="doc.id")
    return fields["doc"], fields["metric"]


def _is_number_type(kind: Any, pa: Any) -> bool:
    return pa.types.is_integer(kind) or pa.types.is_floating(kind) or pa.types.is_boolean(kind)


def _is_nested(kind: Any, pa: Any) -> bool:
    return pa.types.is_nested(kind)


def _within_limits(file: Any, path: str) -> None:
    """The records stay under the table-cells limit, and the file's data under the archive-bytes limit once
    uncompressed, as its footer declares them (checked before any page is decompressed).  The size is the row
    groups' ``total_byte_size`` (every column, the prompts too): pyarrow aborts the process, uncatchable, on
    some damaged per-column size statistics, which the row groups' totals never read."""
    from claimcheck.limits import current

    limits, meta = current(), file.metadata
    if meta.num_rows * len(ITEM_HEADER) > limits.table_cells:
        raise limits.refuse("table_cells", "the details file", f"{meta.num_rows:,} records × {len(ITEM_HEADER)} "
                            f"columns", path)
    size = sum(meta.row_group(g).total_byte_size for g in range(meta.num_row_groups))
    if size > limits.archive_bytes:
        raise limits.refuse("archive_bytes", "the details file", f"{size:,} bytes uncompressed", path)


def _item_id(doc: dict, number: int, path: str) -> str:
    item = doc.get("id")
    if item is None or (isinstance(item, str) and not item.strip()):
        raise InputError("the document has no id, so its result cannot be paired", path=path, row=number,
                         column="doc.id")
    return str(item)


def _task_key(doc: dict, file_task: re.Match | None, number: int, path: str) -> str:
    """The task key of a record ("arith_mc|0", "leaderboard|arc:challenge|25"): its ``doc.task_name``, else the
    file's name's."""
    key = doc.get("task_name") if isinstance(doc.get("task_name"), str) and doc["task_name"].strip() else None
    key = key or (file_task["task"] if file_task else None)
    if key is None:
        raise InputError("the document names no task, and the file's name is not lighteval's "
                         "details_<task>_<time>.parquet", path=path, row=number, column="doc.task_name")
    return key


def _shots_note(key: str) -> str:
    suite, task, shots = split_task_key(key)
    return (f"task {key}: benchmark {task}" + (f", suite {suite}" if suite else "")
            + (f", {shots}-shot" if shots else ", shots not stated"))


def _metric_value(value: Any, metric: str, number: int, path: str) -> str:
    if isinstance(value, bool) or (isinstance(value, (int, float)) and math.isfinite(value)):
        return _text(value)
    raise InputError(f"expected the item's {metric} as a number, found {value!r}", path=path, row=number,
                     column=f"metric.{metric}")


def details_model(path: str) -> tuple[str, str]:
    """(model, how it was found) of a details file at ``…/details/<model>/<time>/details_<task>_<time>.parquet``:
    ``config_general.model_name`` of ``…/results/<model>/results_<time>.json`` when readable, else the folders
    between ``details/`` and the time folder ("org/name" for a model lighteval saved under its org)."""
    file = Path(path).resolve()
    match = _DETAILS_NAME.search(file.name)
    stamp = match["stamp"] if match else None
    model_dir = file.parent.parent if stamp and file.parent.name == stamp else file.parent
    parts = [model_dir.name]
    root = next((up for up in (model_dir.parent, model_dir.parent.parent) if up.name == "details"), None)
    if root is not None and root == model_dir.parent.parent:
        parts.insert(0, model_dir.parent.name)
    folder = "/".join(parts)
    if root is not None and stamp:
        results = root.parent / "results" / folder / f"results_{stamp}.json"
        if model := _results_model(results):
            return model, f"model from {Path('results', folder, results.name)}"
    return folder, (f"no results file of the same run found: model named after its folder {folder!r}, where "
                    f"lighteval writes each model's details")


def _results_model(results: Path) -> str:
    try:
        document = json.loads(results.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return ""
    if not isinstance(document, dict) or not is_lighteval_results(document):
        return ""
    return lighteval_model_name(document["config_general"])
