"""A HELM run (crfm-helm's ``benchmark_output/runs/<suite>/<run name>/``) read as score and per-item tables.

``helm-run`` writes one folder per run: ``run_spec.json`` (the run's name, such as
"mmlu:subject=anatomy,method=multiple_choice_joint,model=openai_gpt2", its ``adapter_spec`` with the
``model`` and ``max_train_instances``, the number of in-context examples), ``stats.json`` (a list of
``{name: {name, split, sub_split, perturbation}, count, sum, sum_squared, min, max, mean, variance,
stddev}``), ``per_instance_stats.json`` (a list of ``{instance_id, train_trial_index, perturbation,
stats}``) and ``scenario_state.json`` (every request and completion, not read here).

How the numbers are read, from HELM's ``Metric.evaluate`` (``helm/benchmark/metrics/metric.py``):

- a score of ``stats.json`` is the mean, over the run's train trials, of each trial's mean over its
  instances: its ``count`` is the number of trials and its ``stddev`` the spread across trials, not
  across items, so no standard error is derived from them (``stddev/sqrt(count)`` would be the
  standard error of a per-instance mean only if the count were instances, which it never is here);
- n is the mean of the ``num_instances`` stat of the same split (HELM's instances per trial);
- HELM's bookkeeping stats (its "general information" and "efficiency" metric groups: token counts,
  runtimes, costs, ``num_instances``) are about the run, not scores: named in the notes, not read;
- stats under a perturbation (robustness, fairness) are named in the notes, not read;
- ``per_instance_stats.json`` gives each instance's value of each metric (the instance's own mean over
  its completions); a metric whose every value lies in [0, 1] becomes a per-item table (item = instance
  id, sample = train trial when there are several), so two models' runs of one scenario pair by item.

The files name neither model nor scenario: both come from the ``run_spec.json`` beside them, so a
``stats.json`` or ``per_instance_stats.json`` is read in its run folder (or the folder is given).
A metric read per item is not read again from ``stats.json`` (the same score twice would be compared
with itself); HELM's own figure for it is printed in the notes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from claimcheck.errors import InputError
from claimcheck.records import SourceTable
from claimcheck.readers.harness import ITEM_HEADER, SCORE_HEADER, _keys, _loads, _table, _text

RUN_SPEC, STATS, PER_INSTANCE = "run_spec.json", "stats.json", "per_instance_stats.json"
HEADER = SCORE_HEADER + ("subset",)
#: HELM's "general_information" and "efficiency" metric groups (static/schema_classic.yaml) and the other
#: counts, sizes, costs and runtimes its basic metrics record (metrics/basic_metrics.py): about the run
_BOOKKEEPING = re.compile(r"^(?:num_\w+|prompt_truncated|batch_size|max_prob|predicted_index|logprob|"
                          r"inference_\w*runtime|training_\w+_cost|finish_reason_\w+)$")
#: HELM's language-modelling and calibration figures (perplexity, bits per byte, ECE): lower is better, not accuracies
_NOT_ACCURACY = re.compile(r"^(?:perplexity|bits_per_byte|logprob_per_byte|ece_\d+_bin|selective_\w+|platt_\w+)$")
_AT_K = re.compile(r"@\d+$")  # "exact_match@5": HELM's best-of-k variant of a named metric


def is_helm_stats(document: Any) -> bool:
    """``stats.json``: a list of stats, each with a ``name`` object naming its metric and a ``count``."""
    return (isinstance(document, list) and bool(document) and isinstance(document[0], dict)
            and isinstance(document[0].get("name"), dict) and "name" in document[0]["name"] and "count" in document[0])


def is_helm_per_instance(document: Any) -> bool:
    """``per_instance_stats.json``: a list of instances, each with an ``instance_id`` and its ``stats``."""
    return (isinstance(document, list) and bool(document) and isinstance(document[0], dict)
            and "instance_id" in document[0] and isinstance(document[0].get("stats"), list))


def is_helm_run_dir(path: Path) -> bool:
    return path.is_dir() and (path / RUN_SPEC).is_file() and ((path / STATS).is_file() or (path / PER_INSTANCE).is_file())


def _file_bytes(path: Path, source: str) -> bytes:
    """One file of the run, under the input-size limit."""
    from claimcheck.limits import current

    limits = current()
    try:
        size = path.stat().st_size
        if size > limits.input_bytes:
            raise limits.refuse("input_bytes", f"the run's {path.name}", f"{size:,} bytes", source)
        return path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read the HELM run's {path.name}: {exc.strerror}", path=source) from None


def _json(data: bytes, name: str, source: str) -> Any:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"the HELM run's {name} is not UTF-8 text", path=source) from None
    try:
        return _loads(text, source, f"the run's {name}")
    except json.JSONDecodeError as exc:
        raise InputError(f"the run's {name} is not valid JSON (line {exc.lineno}: {exc.msg})", path=source) from None


def _read_json(path: Path, source: str) -> Any:
    return _json(_file_bytes(path, source), path.name, source)


class _Run:
    """What ``run_spec.json`` says about a run: its model, scenario (benchmark and arguments) and shots."""

    def __init__(self, spec: Any, source: str):
        adapter = spec.get("adapter_spec") if isinstance(spec, dict) else None
        name = spec.get("name") if isinstance(spec, dict) else None
        if not isinstance(adapter, dict) or not isinstance(name, str) or not name:
            raise InputError("the HELM run's run_spec.json has no 'name' and 'adapter_spec' (is it HELM's?)", path=source)
        self.name = name
        self.model = str(adapter.get("model") or adapter.get("model_deployment") or "")
        if not self.model:
            raise InputError("the HELM run's run_spec.json names no model ('adapter_spec.model')", path=source)
        scenario, _, args = name.partition(":")
        self.benchmark = scenario
        self.arguments = ",".join(a for a in args.split(",") if a and not a.startswith(("model=", "model_deployment=")))
        self.shots = adapter.get("max_train_instances")
        specs = spec.get("metric_specs") if isinstance(spec.get("metric_specs"), list) else []
        self.named = {str(m) for sp in specs if isinstance(sp, dict) and isinstance(sp.get("args"), dict)
                      for m in (sp["args"].get("names") or []) if isinstance(sp["args"].get("names"), list)}

    def is_score(self, metric: str) -> bool:
        """A stat the run scores the model by: one its metric specs name (or its "@k" variant); when they name
        none, any stat that is not HELM's bookkeeping, language-modelling or calibration figure."""
        if self.named:
            return _AT_K.sub("", metric) in self.named
        return not (_BOOKKEEPING.match(metric) or _NOT_ACCURACY.match(metric))


def _run_of(folder: Path, source: str) -> _Run:
    if source in ("-", "<stdin>") or not (folder / RUN_SPEC).is_file():
        raise InputError(f"a HELM {STATS} or {PER_INSTANCE} names no model or scenario itself: read it in its run "
                         f"folder, beside the run's {RUN_SPEC} (or give the folder)", path=source)
    return _Run(_read_json(folder / RUN_SPEC, source), source)


def _metric(stat: Any, where: str, source: str) -> tuple[str, str, str, Any]:
    """(metric, split, sub_split, perturbation) of a stat, refusing one with no metric name."""
    name = stat.get("name") if isinstance(stat, dict) else None
    if not isinstance(name, dict) or not isinstance(name.get("name"), str) or not name["name"]:
        raise InputError(f"{where} has no 'name.name' (the metric): not HELM's stats", path=source)
    return name["name"], str(name.get("split") or ""), str(name.get("sub_split") or ""), name.get("perturbation")


def _count(value: Any) -> str:
    """A count HELM stores as a float mean ("10.0"), printed as the whole number it is."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return _text(value)


def _subset(run: _Run, split: str, sub_split: str) -> str:
    return "/".join(p for p in (run.arguments, split, sub_split) if p)


def read_helm_run(folder: Path, source: str) -> tuple[list[SourceTable], bytes]:
    """The tables of a run folder (per-item tables from ``per_instance_stats.json``, scores from ``stats.json``)
    and the bytes of the files read, each read once (what the input's sha256 is of)."""
    raw = {name: _file_bytes(folder / name, source) for name in (RUN_SPEC, STATS, PER_INSTANCE)
           if (folder / name).is_file()}
    run = _Run(_json(raw[RUN_SPEC], RUN_SPEC, source), source) if RUN_SPEC in raw else _run_of(folder, source)
    items = _json(raw[PER_INSTANCE], PER_INSTANCE, source) if PER_INSTANCE in raw else None
    stats = _json(raw[STATS], STATS, source) if STATS in raw else None
    return _tables(run, stats, items, source), b"".join(raw.values())


def read_helm_file(document: Any, path: str) -> list[SourceTable]:
    """A ``stats.json`` or ``per_instance_stats.json`` read with the ``run_spec.json`` beside it."""
    run = _run_of(Path(path).resolve().parent, path)
    return _tables(run, document if is_helm_stats(document) else None,
                   document if is_helm_per_instance(document) else None, path)


def _tables(run: _Run, stats: Any, items: Any, source: str) -> list[SourceTable]:
    for document, check, file in ((stats, is_helm_stats, STATS), (items, is_helm_per_instance, PER_INSTANCE)):
        if document is not None and not check(document):
            found = f"keys {_keys(document)}" if isinstance(document, dict) else f"a JSON {type(document).__name__}"
            raise InputError(f"the HELM run's {file} is not a list of HELM stats ({found})", path=source)
    notes = [f"HELM run {run.name!r} (model {run.model})"]
    header, per_item = _item_rows(run, items, source, notes) if items is not None else ((), {})
    rows = _score_rows(run, stats, source, notes, set(per_item)) if stats is not None else []
    tables = [_table(source, source, HEADER, rows, notes)] if rows else []
    tables += [_table(source, f"{source} — {run.benchmark} items ({name})", header, item_rows, notes)
               for name, item_rows in per_item.items()]
    if not tables:
        why = (f"none of the metrics its run_spec.json names ({', '.join(sorted(run.named))})" if run.named else
               "every stat is HELM's bookkeeping (counts, runtimes), a language-modelling or calibration figure")
        raise InputError(f"the HELM run {run.name!r} has no score to read: {why}, or is perturbed", path=source)
    return tables


def _score_rows(run: _Run, stats: list, source: str, notes: list[str], per_item: set[str]) -> list:
    """One row per unperturbed score stat of ``stats.json``, with n from the same split's ``num_instances``."""
    parsed = [(_metric(s, f"stat {k + 1} of {STATS}", source), s) for k, s in enumerate(stats)]
    n = {(split, sub): s.get("mean") for (name, split, sub, pert), s in parsed if name == "num_instances" and not pert}
    rows, other, perturbed, trials = [], set(), set(), set()
    for (name, split, sub, pert), stat in parsed:
        if pert:
            perturbed.add(name)
        elif not run.is_score(name):
            other.add(name)
        elif stat.get("mean") is None:
            notes.append(f"{name} ({split or 'no split'}): stats.json gives it no value (count {_text(stat.get('count'))})")
        elif name in per_item:
            notes.append(f"{name} ({split or 'no split'}): HELM's stats.json gives {_text(stat.get('mean'))} over "
                         f"{_text(stat.get('count'))} train trial(s); its per-instance results are read instead")
        else:
            trials.add(stat.get("count"))
            rows.append((len(rows) + 2, (run.model, run.benchmark, _text(stat.get("mean")), _count(n.get((split, sub))),
                                         "", _text(run.shots), name, "", _subset(run, split, sub))))
    if rows:
        notes.append(f"stats.json: each score is HELM's mean over {', '.join(sorted(map(_text, trials)))} train trial(s) "
                     f"(its 'count'); their stddev is across trials, not items, so no standard error is given")
    if other:
        why = "not among the metrics its run_spec.json names" if run.named else "HELM's counts, runtimes, " \
              "language-modelling and calibration figures"
        notes.append(f"stats.json: other stats, not read as scores ({why}): {', '.join(sorted(other))}")
    if perturbed:
        notes.append(f"stats under a perturbation (robustness, fairness, worst case), not read: {', '.join(sorted(perturbed))}")
    return rows


def _item_rows(run: _Run, items: list, source: str, notes: list[str]) -> tuple[tuple[str, ...], dict[str, list]]:
    """The per-item header, and the rows of each unperturbed metric whose per-instance values all lie in [0, 1]."""
    trials = {i.get("train_trial_index", 0) for i in items if isinstance(i, dict)}
    several = len(trials) > 1
    by_metric: dict[str, list] = {}
    outside: dict[str, str] = {}
    other: set[str] = set()
    for k, instance in enumerate(items):
        if not isinstance(instance, dict) or not isinstance(instance.get("stats"), list) or "instance_id" not in instance:
            raise InputError(f"entry {k + 1} of {PER_INSTANCE} has no 'instance_id' and 'stats'", path=source)
        if instance.get("perturbation"):
            continue  # a perturbed copy of an instance: said once below
        for stat in instance["stats"]:
            name, _, _, pert = _metric(stat, f"a stat of instance {instance['instance_id']!r}", source)
            value = stat.get("mean")
            if pert or not run.is_score(name):
                if not pert:
                    other.add(name)
                continue
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value <= 1:
                outside.setdefault(name, f"instance {instance['instance_id']!r}: {_text(value)}")
                continue
            row = (str(instance["instance_id"]), run.model, _text(value), run.benchmark, name)
            by_metric.setdefault(name, []).append((k + 2, row + ((_text(instance.get("train_trial_index", 0)),)
                                                                 if several else ())))
    for name, example in outside.items():
        by_metric.pop(name, None)
        notes.append(f"{name}: a per-instance value is not in [0, 1] ({example}): read from stats.json, not per item")
    if other:
        notes.append(f"{PER_INSTANCE}: other stats, not read per item: {', '.join(sorted(other))}")
    if any(isinstance(i, dict) and i.get("perturbation") for i in items):
        notes.append(f"{PER_INSTANCE}: perturbed instances (robustness, fairness) not read per item")
    if by_metric:
        notes.append(f"{PER_INSTANCE}: items paired by instance id" + (f", sample = train trial ({len(trials)} trials)"
                                                                       if several else "")
                     + (f"; scenario arguments {run.arguments}" if run.arguments else ""))
    return ITEM_HEADER + (("sample",) if several else ()), by_metric
