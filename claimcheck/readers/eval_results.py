"""A Hugging Face ``.eval_results/*.yaml`` file read as a long score table.

The Hub's newer home for a model's evaluation scores (https://huggingface.co/docs/hub/eval-results; its
specification is ``eval_results.yaml`` in huggingface/hub-docs): a YAML list, one entry per score, each
with ``dataset.id`` (the benchmark's dataset on the Hub) and ``task_id`` (its task, as the benchmark's
``eval.yaml`` names it), ``value``, and optionally ``dataset.config``/``split``/``revision``, ``date``,
``source`` (url, name, user), ``notes`` ("tools", "no-tools") and ``verifyToken``.  It gives no n, no
standard error, no metric and no number of shots: n then comes from the registry, as for any printed table.

The file does not name its model: the Hub keeps it in the model's repository, so the model is the folder
the ``.eval_results`` folder is in.  A file read from elsewhere (or standard input) is refused with a
message saying so, rather than given a model it may not be of.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from claimcheck.errors import InputError
from claimcheck.records import RawCell, SourceTable

HEADER = ("model", "benchmark", "subset", "score", "notes")
FOLDER = ".eval_results"
_EXPECTED = ("expected a Hugging Face .eval_results file: a YAML list of entries, each with 'dataset' (a mapping "
             "with 'id') and 'value'")


def looks_like_eval_results(head: bytes) -> bool:
    """Standard input that starts as an .eval_results file does (its first entry's ``- dataset:``)."""
    return head.lstrip().startswith(b"- dataset:")


def model_of(path: str) -> str:
    """The model an .eval_results file is of: the folder holding its ``.eval_results`` folder."""
    where = Path(path).resolve() if path not in ("-", "<stdin>") else None
    if where is None or where.parent.name != FOLDER or not where.parent.parent.name:
        raise InputError(f"an .eval_results file names no model itself: read it where the Hub keeps it, "
                         f"<model>/{FOLDER}/<name>.yaml, so the model is the folder it is in", path=path)
    return where.parent.parent.name


def read_eval_results(text: str, path: str) -> list[SourceTable]:
    from claimcheck.readers.model_card import load_yaml

    entries = load_yaml(text, path, "the file")
    if not isinstance(entries, list) or not entries:
        found = "an empty file" if entries is None else f"a YAML {type(entries).__name__}"
        raise InputError(f"the file is {found}: {_EXPECTED}", path=path)
    model = model_of(path)
    rows, notes = [], [f"Hugging Face {FOLDER} file, model {model} (the folder it is in): no n, standard error, "
                       f"metric or number of shots given"]
    for k, entry in enumerate(entries, start=1):
        rows.append(_row(entry, k, model, path, notes))
    cells = tuple(tuple(RawCell(text=t, row=k + 1, col=j) for j, t in enumerate(r)) for k, r in enumerate(rows))
    return [SourceTable(input=0, name=path, header=HEADER, rows=cells, notes=tuple(notes), caption=FOLDER)]


def _row(entry: Any, k: int, model: str, path: str, notes: list[str]) -> tuple[str, ...]:
    if not isinstance(entry, dict):
        raise InputError(f"entry {k} is a YAML {type(entry).__name__}, not a mapping: {_EXPECTED}", path=path)
    dataset = entry.get("dataset")
    if not isinstance(dataset, dict) or not dataset.get("id"):
        raise InputError(f"entry {k} has no 'dataset' with an 'id': {_EXPECTED}", path=path)
    if "value" not in entry or entry["value"] is None or isinstance(entry["value"], (dict, list, bool)):
        raise InputError(f"entry {k} ({dataset['id']}) has no 'value' that is a number or a printed score",
                         path=path)
    task = str(entry.get("task_id") or dataset.get("task_id") or "")
    subset = "/".join(str(p) for p in (None if task == "default" else task, dataset.get("config"), dataset.get("split"))
                      if p not in (None, ""))
    source = entry.get("source") if isinstance(entry.get("source"), dict) else {}
    said = [f"date {entry['date']}" if entry.get("date") else "",
            f"source {source.get('name') or ''} {source.get('url') or ''}".strip() if source else "",
            "verifyToken given" if entry.get("verifyToken") else ""]
    if any(said):
        notes.append(f"entry {k} ({dataset['id']}{' ' + task if task else ''}): " + ", ".join(s for s in said if s))
    return (model, str(dataset["id"]), subset, str(entry["value"]), str(entry.get("notes") or ""))
