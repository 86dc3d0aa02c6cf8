"""A lighteval results file (``results_<date>.json``) read as a long score table.

lighteval writes one JSON object per run: ``config_general`` (the model, ``max_samples``, the lighteval
commit), ``results`` keyed by ``suite|task|shots`` ("leaderboard|arc:challenge|25", "lighteval|gsm8k|0")
with each metric beside its ``<metric>_stderr``, ``versions`` under the same keys, and ``config_tasks``
(its ``effective_num_docs``: the number of documents the score is over, after ``max_samples``).  It is
recognised by ``config_general`` beside ``results``, which no other harness writes.

Each (task, metric) becomes one row of the score table the other harness readers give
(:data:`claimcheck.readers.harness.SCORE_HEADER`).  The ``all`` entry, lighteval's mean over the tasks of
the run, is an average over tasks rather than a benchmark's score: it is named in the notes and not read
as a row.  n is given only where the file states it (``effective_num_docs`` > 0; older files write -1
there, or no ``config_tasks`` at all).
"""

from __future__ import annotations

from typing import Any

from claimcheck.errors import InputError
from claimcheck.records import SourceTable
from claimcheck.readers.harness import SCORE_HEADER, _keys, _table, _text

_AGGREGATE = "all"  # lighteval's own mean over the run's tasks


def is_lighteval_results(document: dict) -> bool:
    return isinstance(document.get("config_general"), dict) and "results" in document


def lighteval_model_name(general: dict) -> str:
    """``config_general.model_name`` (every lighteval version writes it), else its ``model_config.model_name``."""
    if isinstance(general.get("model_name"), str) and general["model_name"]:
        return general["model_name"]
    config = general.get("model_config") if isinstance(general.get("model_config"), dict) else {}
    return str(config.get("model_name") or "")


def split_task_key(key: str) -> tuple[str, str, str]:
    """(suite, task, shots) of a results key: "leaderboard|arc:challenge|25" -> ("leaderboard", "arc:challenge",
    "25"); "gsm8k|0" -> ("", "gsm8k", "0"); a key with no shots segment keeps its shots empty."""
    parts = key.split("|")
    shots = parts.pop() if len(parts) > 1 and parts[-1].strip().isdigit() else ""
    task = parts.pop() if parts else key
    return "|".join(parts), task, shots


def _task_config(configs: dict, key: str, suite: str, task: str) -> dict:
    """The ``config_tasks`` entry of a results key: lighteval keys it by the results key, by "suite|task" or
    (older versions) names the task only in its ``name``."""
    for candidate in (key, f"{suite}|{task}" if suite else task, task):
        if isinstance(configs.get(candidate), dict):
            return configs[candidate]
    named = [c for c in configs.values() if isinstance(c, dict) and c.get("name") == task]
    return named[0] if len(named) == 1 else {}


def _n(config: dict) -> Any:
    """The documents a task was scored on, as the file states them: ``effective_num_docs`` when it is a
    positive count (-1 is lighteval's "not recorded")."""
    for field in ("effective_num_docs", "original_num_docs"):
        value = config.get(field)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return value
    return None


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def lighteval_results_table(document: dict, path: str) -> SourceTable:
    general = document["config_general"]
    model = lighteval_model_name(general)
    if not model:
        raise InputError("the lighteval results file names no model ('config_general.model_name')", path=path)
    results = document["results"]
    if not isinstance(results, dict):
        raise InputError(f"the lighteval results file's 'results' is a JSON {type(results).__name__}, expected an "
                         f"object of tasks", path=path)
    versions = document.get("versions") if isinstance(document.get("versions"), dict) else {}
    configs = document.get("config_tasks") if isinstance(document.get("config_tasks"), dict) else {}
    notes = [f"lighteval results file (lighteval commit {general.get('lighteval_sha') or 'not stated'}), model {model}"
             + (f", max_samples {general['max_samples']}" if general.get("max_samples") is not None else "")]
    rows: list[tuple[int, tuple[str, ...]]] = []
    for key, entry in results.items():
        if not isinstance(entry, dict):
            raise InputError(f"results[{key!r}] is a JSON {type(entry).__name__}, expected an object of metric values",
                             path=path)
        if key == _AGGREGATE:
            notes.append(f"'{_AGGREGATE}' is lighteval's mean over the run's tasks, not a benchmark: not read as a "
                         f"score (metrics: {_keys(entry)})")
            continue
        suite, task, shots = split_task_key(key)
        config = _task_config(configs, key, suite, task)
        n = _n(config)
        if n is None:
            notes.append(f"task {key}: the file states no number of documents (n is left to the registry)")
        metrics = [m for m in entry if not m.endswith("_stderr")]
        for metric in [m for m in metrics if not _number(entry[m])]:
            notes.append(f"task {key}: metric {metric!r} is not a number ({type(entry[metric]).__name__}): not read")
        metrics = [m for m in metrics if _number(entry[m])]
        if not metrics:
            notes.append(f"task {key}: no metric value in the file (keys: {_keys(entry)})")
        version = versions.get(key, config.get("version"))
        for metric in metrics:
            rows.append((len(rows) + 2, (model, task, _text(entry[metric]), _text(n), _text(entry.get(f"{metric}_stderr")),
                                         shots, metric, _text(version))))
    if not rows:
        raise InputError("the lighteval results file has no task with a metric value under 'results'", path=path)
    return _table(path, path, SCORE_HEADER, rows, notes)
