"""Eval-harness outputs (lm-evaluation-harness, inspect_ai, lighteval, HELM) read into the tables claimcheck already reads.

A harness writes what a results table prints, and more: each score with its n and standard error,
the task version and number of shots, and often every item's result.  Rather than a second
pipeline, each file becomes :class:`SourceTable`\\ s in the two formats the parser already knows:

- a long score table, ``model, benchmark, score, n, stderr, shots, metric, version``
  (:mod:`claimcheck.parsing.layout`), one row per (task, metric) exactly as the file prints it;
- a per-item table, ``item, model, score, benchmark, metric[, sample]``
  (:mod:`claimcheck.parsing.items`), one row per item, so two models' files pair by item id and the
  paired tests (exact McNemar) run.

Nothing is recomputed here: values, n and standard errors are the harness's own.  What cannot be
mapped (a corpus-level metric with no per-item score, a log that ended in error) is said in the
table's notes, never dropped without a word.

The files are recognised by their content, not their names:

- lm-evaluation-harness ``results_*.json``: an object with ``results`` and ``n-samples``,
  ``configs`` or ``versions``;
- lm-evaluation-harness ``samples_<task>_*.jsonl``: JSON lines with ``doc_id`` (and ``doc_hash``);
- lighteval ``results_*.json``: an object with ``config_general`` and ``results``
  (:mod:`claimcheck.readers.lighteval`); its per-item ``details_*.parquet``, known by the parquet magic bytes,
  are read by :mod:`claimcheck.readers.lighteval_details`;
- a HELM run's ``stats.json`` or ``per_instance_stats.json``: a JSON list of HELM stats
  (:mod:`claimcheck.readers.helm`, which also reads a run folder given as the input);
- inspect_ai logs in the JSON format: an object with ``eval`` and ``results`` or ``samples`` (the
  ``.eval`` format, a zip archive of the same records, is put back together by
  :mod:`claimcheck.readers.inspect_archive` and read here too).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from claimcheck.errors import InputError
from claimcheck.records import RawCell, SourceTable

SCORE_HEADER = ("model", "benchmark", "score", "n", "stderr", "shots", "metric", "version")
ITEM_HEADER = ("item", "model", "score", "benchmark", "metric")

_EXPECTED = ("a lighteval results file (an object with 'config_general' and 'results'), "
             "an lm-evaluation-harness results file (an object with 'results' and 'n-samples' or 'configs'), "
             "an lm-evaluation-harness samples file (JSON lines with 'doc_id' and 'doc_hash'), an inspect_ai "
             "log in its JSON format (an object with 'eval' and 'results' or 'samples') or a HELM run's stats.json "
             "or per_instance_stats.json")


def read_harness(text: str, path: str) -> list[SourceTable]:
    """The tables of one harness output (JSON or JSON lines), recognised by its content."""
    document = _whole_document(text, path)
    from claimcheck.readers.lighteval import is_lighteval_results, lighteval_results_table

    if isinstance(document, dict) and is_lighteval_results(document):  # before lm-eval: both write 'versions'
        return [lighteval_results_table(document, path)]
    from claimcheck.readers.helm import is_helm_per_instance, is_helm_stats, read_helm_file

    if is_helm_stats(document) or is_helm_per_instance(document):  # a HELM run's stats.json or per_instance_stats.json
        return read_helm_file(document, path)
    if isinstance(document, dict) and _is_lm_eval_results(document):
        return [lm_eval_results_table(document, path)]
    if isinstance(document, dict) and _is_inspect_log(document):
        return inspect_tables(document, path)
    if isinstance(document, list) and document and all(isinstance(d, dict) and "doc_id" in d for d in document):
        return lm_eval_sample_tables([(i + 2, d) for i, d in enumerate(document)], path)  # a JSON array of samples
    if isinstance(document, dict) and "doc_id" in document:  # a samples file of one line
        return lm_eval_sample_tables([(1, document)], path)
    if document is None:  # several JSON values, one per line
        lines = _json_lines(text, path)
        if all("doc_id" in d for _, d in lines):
            return lm_eval_sample_tables(lines, path)
        number, first = next((n, d) for n, d in lines if "doc_id" not in d)
        raise InputError(f"line {number} has no 'doc_id' (keys: {_keys(first)}): expected {_EXPECTED}", path=path)
    found = f"top-level keys: {_keys(document)}" if isinstance(document, dict) else f"a JSON {type(document).__name__}"
    raise InputError(f"not a harness output claimcheck reads ({found}): expected {_EXPECTED}", path=path)


# --- JSON and JSON lines -------------------------------------------------------------------------------------

def _whole_document(text: str, path: str) -> Any:
    """The file as one JSON value; None when it is JSON lines (several values, one per line)."""
    try:
        return _loads(text, path)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data" and _first_line_is_json(text):
            return None
        raise InputError(f"line {exc.lineno} is not valid JSON ({exc.msg}, column {exc.colno}): the file is "
                         f"truncated or not JSON", path=path) from None


def _loads(text: str, path: str, where: str = "the file") -> Any:
    """``json.loads``, with nesting too deep for the parser's recursion and integers too long to convert
    refused as bad input (no harness writes either; a crafted file does)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise InputError(f"{where} nests JSON arrays or objects too deeply to read: not a harness output",
                         path=path) from None
    except json.JSONDecodeError:
        raise
    except ValueError as exc:  # an integer of more digits than Python converts (4,300)
        raise InputError(f"{where} holds a number too long to read ({exc}): not a harness output", path=path) from None


def _first_line_is_json(text: str) -> bool:
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    try:
        return isinstance(json.loads(first), dict)
    except (json.JSONDecodeError, RecursionError):
        return False


def _json_lines(text: str, path: str) -> list[tuple[int, dict]]:
    """Each non-blank line as a JSON object, with its 1-based line number (what errors and rows cite)."""
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            value = _loads(line, path, f"line {number}")
        except json.JSONDecodeError as exc:
            raise InputError(f"line {number} is not valid JSON ({exc.msg}, column {exc.colno})", path=path) from None
        if not isinstance(value, dict):
            raise InputError(f"line {number} is a JSON {type(value).__name__}, expected an object", path=path)
        out.append((number, value))
    return out


def _keys(document: dict) -> str:
    keys = list(document)
    return ", ".join(repr(k) for k in keys[:8]) + (" …" if len(keys) > 8 else "") if keys else "none"


def _text(value: Any) -> str:
    """A value as a cell prints it: numbers as Python writes them (every digit the harness wrote), None as ''."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float) and not math.isfinite(value):
        return "n/a"
    return str(value)


def _table(path: str, name: str, header: tuple[str, ...], rows: list[tuple[int, tuple[str, ...]]],
           notes: list[str]) -> SourceTable:
    cells = tuple(tuple(RawCell(text=text, row=number, col=j) for j, text in enumerate(values))
                  for number, values in rows)
    return SourceTable(input=0, name=name, header=header, rows=cells, notes=tuple(notes))


# --- lm-evaluation-harness results ----------------------------------------------------------------------------

def _is_lm_eval_results(document: dict) -> bool:
    return isinstance(document.get("results"), dict) and any(k in document for k in ("n-samples", "configs", "versions"))


def lm_eval_model_name(document: dict) -> str:
    """The model a results file is of: ``model_name`` (lm-eval ≥ 0.4.3), else ``pretrained=``/``model=`` of
    ``config.model_args`` (a dict, or the command line's "pretrained=x,dtype=y" string), else ``config.model``."""
    if isinstance(document.get("model_name"), str) and document["model_name"]:
        return document["model_name"]
    config = document.get("config") if isinstance(document.get("config"), dict) else {}
    args = config.get("model_args")
    if isinstance(args, str):
        args = dict(part.split("=", 1) for part in args.split(",") if "=" in part)
    if isinstance(args, dict):
        for key in ("pretrained", "model", "path", "engine", "model_name"):
            if isinstance(args.get(key), str) and args[key]:
                return args[key]
    return str(config.get("model") or "")


def _metric_keys(entry: dict) -> list[tuple[str, str, str]]:
    """(key, metric, filter) of each value in a task's results: "acc,none" -> ("acc,none", "acc", "none");
    the stderr keys ("acc_stderr,none") are read with their metric, not as metrics of their own."""
    out = []
    for key in entry:
        if "," not in key:
            continue  # "alias", "name", "sample_len", "samples": about the task, not a score
        metric, filt = key.split(",", 1)
        if not metric.endswith("_stderr"):
            out.append((key, metric, filt))
    return out


def lm_eval_metric_label(metric: str, filt: str) -> str:
    """A metric as claimcheck's metric column reads it: "acc" for filter "none", else "exact_match (strict-match)"."""
    return metric if filt in ("none", "") else f"{metric} ({filt})"


def lm_eval_results_table(document: dict, path: str) -> SourceTable:
    """One long score row per (task, metric, filter) of a results file: its value, stderr, the effective
    number of samples (what the score was computed over; ``--limit`` makes it smaller than the original),
    the number of shots and the task version."""
    model = lm_eval_model_name(document)
    if not model:
        raise InputError("the lm-evaluation-harness results file names no model ('model_name' or "
                         "'config.model_args')", path=path)
    n_samples = document.get("n-samples") if isinstance(document.get("n-samples"), dict) else {}
    shots = document.get("n-shot") if isinstance(document.get("n-shot"), dict) else {}
    versions = document.get("versions") if isinstance(document.get("versions"), dict) else {}
    configs = document.get("configs") if isinstance(document.get("configs"), dict) else {}
    rows: list[tuple[int, tuple[str, ...]]] = []
    notes = [f"lm-evaluation-harness results file (lm_eval {document.get('lm_eval_version') or 'version not stated'}),"
             f" model {model}"]
    for task, entry in document["results"].items():
        if not isinstance(entry, dict):
            raise InputError(f"results[{task!r}] is a JSON {type(entry).__name__}, expected an object of metric "
                             f"values", path=path)
        counts = n_samples.get(task) if isinstance(n_samples.get(task), dict) else {}
        n = counts.get("effective", counts.get("original"))
        shot = shots.get(task, (configs.get(task) or {}).get("num_fewshot") if isinstance(configs.get(task), dict) else None)
        keys = _metric_keys(entry)
        if not keys:
            notes.append(f"task {task}: no metric value in the file (keys: {_keys(entry)})")
        for key, metric, filt in keys:
            stderr = entry.get(f"{metric}_stderr,{filt}")
            rows.append((len(rows) + 2, (model, task, _text(entry[key]), _text(n), _text(stderr), _text(shot),
                                         lm_eval_metric_label(metric, filt), _text(versions.get(task)))))
    if not rows:
        raise InputError("the lm-evaluation-harness results file has no task with a metric value under 'results'",
                         path=path)
    return _table(path, path, SCORE_HEADER, rows, notes)


# --- lm-evaluation-harness samples ----------------------------------------------------------------------------

_SAMPLES_NAME = re.compile(r"samples_(?P<task>.+?)_(?P<stamp>\d{4}-\d\d-\d\dT[\d.\-]+)\.jsonl?$")
_SAMPLE_FIELDS = {"doc_id", "doc", "target", "arguments", "resps", "filtered_resps", "filter", "metrics",
                  "doc_hash", "prompt_hash", "target_hash"}


def _sibling_results(path: str) -> dict | None:
    """The results file lm-eval wrote beside a samples file in the same run (same timestamp), if readable."""
    match = _SAMPLES_NAME.search(Path(path).name)
    if not match:
        return None
    sibling = Path(path).with_name(f"results_{match['stamp']}.json")
    try:
        document = json.loads(sibling.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    return document if isinstance(document, dict) else None


def _samples_model_and_task(path: str) -> tuple[str, str, str]:
    """(model, task, how the model was found) for a samples file, which names neither itself: the model from
    the results file of the same run, else from the folder lm-eval writes each model's files to."""
    if path in ("-", "<stdin>"):
        raise InputError("an lm-evaluation-harness samples file names no model or task itself; pass it as a file "
                         "(samples_<task>_<date>.jsonl beside its results_<date>.json), not on standard input",
                         path=path)
    match = _SAMPLES_NAME.search(Path(path).name)
    task = match["task"] if match else Path(path).stem
    results = _sibling_results(path)
    if results is not None and (model := lm_eval_model_name(results)):
        return model, task, f"model from {Path(path).with_name('results_' + match['stamp'] + '.json').name}"
    folder = Path(path).resolve().parent.name
    return folder, task, (f"no results file of the same run beside it: model named after its folder {folder!r}, "
                          f"where lm-eval writes each model's files")


def _item_ids(lines: list[tuple[int, dict]]) -> tuple[list[str], str]:
    """Each line's item id and what it is: the document's hash, which is the same in every model's file of
    one task however the documents are ordered; its doc_id where the file has no hashes (lm-eval < 0.4.3) or
    two documents share one (a dataset that repeats a question)."""
    hashes = [d.get("doc_hash") for _, d in lines]
    per_doc = {(d.get("doc_hash"), d.get("doc_id")) for _, d in lines}
    if all(isinstance(h, str) and h for h in hashes) and len({h for h, _ in per_doc}) == len(per_doc):
        return [str(h) for h in hashes], "doc_hash"
    return [f"doc {d['doc_id']}" for _, d in lines], "doc_id"


def _per_item_metrics(document: dict) -> list[str]:
    """The per-item metric keys of one sample line: its ``metrics`` list (lm-eval ≥ 0.4.3), else every key
    that is not one of the sample's own fields."""
    named = document.get("metrics")
    if isinstance(named, list) and all(isinstance(m, str) for m in named):
        return named
    return [k for k in document if k not in _SAMPLE_FIELDS]


def _scalar(value: Any) -> bool:
    return isinstance(value, (int, float)) and (isinstance(value, bool) or math.isfinite(value))


def lm_eval_sample_tables(lines: list[tuple[int, dict]], path: str) -> list[SourceTable]:
    """One per-item table per (metric, filter) of a samples file; a metric whose per-item values are not
    numbers (corpus-level BLEU, perplexity: pairs the harness aggregates over the whole corpus) has no item
    scores to pair, and is named in the notes."""
    model, task, how = _samples_model_and_task(path)
    ids, id_kind = _item_ids(lines)
    tables: dict[tuple[str, str], list[tuple[int, tuple[str, ...]]]] = {}
    unpaired: dict[str, int] = {}
    for (number, document), item in zip(lines, ids):
        filt = str(document.get("filter") or "none")
        for metric in _per_item_metrics(document):
            value = document.get(metric)
            if not _scalar(value):
                unpaired.setdefault(metric, number)
                continue
            row = (item, model, _text(value), task, lm_eval_metric_label(metric, filt))
            tables.setdefault((metric, filt), []).append((number, row))
    notes = [f"lm-evaluation-harness samples file, {how}; items paired by {id_kind}"]
    notes += [f"metric {m!r} is not a number per item (line {line}): it is scored over the whole corpus, so it "
              f"has no per-item results to pair; its score is in the run's results_*.json"
              for m, line in unpaired.items() if not any(k[0] == m for k in tables)]
    if not tables:
        raise InputError(f"the samples file has no numeric per-item metric to pair ({', '.join(unpaired) or 'none'}"
                         f"); audit the run's results_*.json for its scores", path=path)
    return [_table(path, f"{path} — {task} {lm_eval_metric_label(*key)}", ITEM_HEADER, rows, notes)
            for key, rows in tables.items()]


# --- inspect_ai -----------------------------------------------------------------------------------------------

_INSPECT_VALUES = {"C": 1.0, "I": 0.0, "P": 0.5, "N": 0.0}  # inspect_ai's value_to_float: correct, incorrect, partial, no answer
_STDERR_OF = ("accuracy", "mean")  # the metrics an inspect stderr metric is the standard error of


def _is_inspect_log(document: dict) -> bool:
    return isinstance(document.get("eval"), dict) and ("results" in document or "samples" in document)


def inspect_tables(log: dict, path: str) -> list[SourceTable]:
    """The scores of an inspect_ai log: per scorer, its per-item table when the log keeps its samples (item =
    sample id, sample = epoch when there are several), else its metrics as long score rows (n = its scored
    samples, stderr with the accuracy or mean).  Not both: the same score twice would be compared with
    itself; the log's own figures for a scorer read per item are printed in the notes, checked against the
    items' mean."""
    spec = log["eval"]
    model, task = str(spec.get("model") or ""), str(spec.get("task") or "")
    if not model or not task:
        raise InputError("the inspect_ai log names no model or task ('eval.model', 'eval.task')", path=path)
    task = task.rsplit("/", 1)[-1]  # "inspect_evals/gpqa_diamond": the registry knows the task, not its package
    notes = [f"inspect_ai log (inspect_ai {(spec.get('packages') or {}).get('inspect_ai', 'version not stated')}), "
             f"status {log.get('status', 'not stated')}"]
    if log.get("status") not in (None, "success"):
        error = (log.get("error") or {}).get("message", "") if isinstance(log.get("error"), dict) else ""
        notes.append(f"the evaluation did not finish: status {log.get('status')!r}" + (f" ({error[:200]})" if error else ""))
    results = log.get("results") if isinstance(log.get("results"), dict) else {}
    scorers = [sc for sc in results.get("scores") or [] if isinstance(sc, dict)]
    headline = {str(sc.get("name")): next(iter(sc.get("metrics") or {"": 0})) for sc in scorers}
    items = _inspect_item_rows(log.get("samples") or [], model, task, headline)
    item_notes = notes + [_summary_note(sc, items.tables.get(str(sc.get("name")))) for sc in scorers
                          if str(sc.get("name")) in items.tables] + items.unpaired
    tables = [_table(path, f"{path} — {task} items ({scorer})", items.header, rows, item_notes)
              for scorer, rows in items.tables.items()]
    rows = _inspect_score_rows([sc for sc in scorers if str(sc.get("name")) not in items.tables], results, model,
                               task, spec, several=len(scorers) > 1)
    if rows:
        tables.insert(0, _table(path, path, SCORE_HEADER, rows, notes + items.unpaired))
    if not tables:
        raise InputError(f"the inspect_ai log has neither results nor scored samples (status "
                         f"{log.get('status', 'not stated')!r})", path=path)
    return tables


def _summary_note(scorer: dict, rows: list[tuple[int, tuple[str, ...]]] | None) -> str:
    """The log's own figures for a scorer whose items claimcheck reads, and whether the items' mean agrees."""
    metrics = scorer.get("metrics") if isinstance(scorer.get("metrics"), dict) else {}
    figures = ", ".join(f"{name} {_text((m or {}).get('value') if isinstance(m, dict) else m)}"
                        for name, m in metrics.items())
    note = (f"scorer {scorer.get('name')!r}: the log gives {figures or 'no metric'} over "
            f"{_text(scorer.get('scored_samples'))} scored samples; its per-item results are read instead")
    mean = next((metrics[k].get("value") for k in _STDERR_OF if isinstance(metrics.get(k), dict)), None)
    if rows and _scalar(mean) and len({r[1][0] for r in rows}) == len(rows):  # one epoch: the mean is the items'
        items_mean = sum(float(r[1][2]) for r in rows) / len(rows)
        if abs(items_mean - float(mean)) > 1e-9:
            note += f" — their mean is {items_mean:.6g}, not the log's {mean}: the scorer's metric is not their mean"
    return note


def _inspect_score_rows(scorers: list[dict], results: dict, model: str, task: str, spec: dict, *,
                        several: bool) -> list[tuple[int, tuple[str, ...]]]:
    version = spec.get("task_version")
    version = "" if version in (None, 0, "0") else _text(version)
    rows = []
    for scorer in scorers:
        metrics = scorer.get("metrics") if isinstance(scorer.get("metrics"), dict) else {}
        n = scorer.get("scored_samples", results.get("completed_samples"))
        stderr = (metrics.get("stderr") or {}).get("value") if isinstance(metrics.get("stderr"), dict) else None
        has_mean = any(name in metrics for name in _STDERR_OF)
        for name, metric in metrics.items():
            if name == "stderr" and has_mean:
                continue  # printed with the accuracy (or mean) it is the standard error of
            label = f"{name} ({scorer.get('name', '')})" if several else name
            se = stderr if name in _STDERR_OF else None
            value = metric.get("value") if isinstance(metric, dict) else metric
            rows.append((len(rows) + 2, (model, task, _text(value), _text(n), _text(se), "", label, version)))
    return rows


def _inspect_value(value: Any) -> float | None:
    if isinstance(value, str) and value in _INSPECT_VALUES:
        return _INSPECT_VALUES[value]
    if _scalar(value):
        return float(value)
    return None


@dataclass
class _Items:
    header: tuple[str, ...]
    tables: dict[str, list[tuple[int, tuple[str, ...]]]] = field(default_factory=dict)  # scorer -> rows
    unpaired: list[str] = field(default_factory=list)  # notes on scorers with no number per sample


def _inspect_item_rows(samples: list, model: str, task: str, headline: dict[str, str]) -> _Items:
    """Per-item rows of each scorer; their metric is the scorer's headline metric in the results
    ("accuracy") when the log has one scorer, else the scorer's name, so two scorers' items never merge."""
    samples = [s for s in samples if isinstance(s, dict)]
    epochs = len({s.get("epoch", 1) for s in samples})
    items = _Items(header=ITEM_HEADER + (("sample",) if epochs > 1 else ()))
    scorers = list(dict.fromkeys(name for s in samples for name in (s.get("scores") or {})))
    why: dict[str, str] = {}
    for index, sample in enumerate(samples):
        for scorer, score in (sample.get("scores") or {}).items():
            raw = score.get("value") if isinstance(score, dict) else score
            value = _inspect_value(raw)
            if value is None:
                why.setdefault(scorer, f"sample {sample.get('id')!r} scores {json.dumps(raw)[:60]}")
                continue
            metric = headline.get(scorer, scorer) if len(scorers) == 1 else scorer
            row = (str(sample.get("id")), model, _text(value), task, metric)
            items.tables.setdefault(scorer, []).append((index + 2, row + ((_text(sample.get("epoch", 1)),) if epochs > 1 else ())))
    items.unpaired = [f"scorer {s!r} gives no number per sample ({w}): no per-item results to pair"
                      for s, w in why.items() if s not in items.tables]
    return items
