"""An OpenCompass summary (``outputs/<run>/summary/summary_<time>.csv``) read as a long score table.

OpenCompass's ``DefaultSummarizer`` writes one CSV per run: the header ``dataset, version, metric, mode``
and then one column per model (its ``abbr``); each row is one (dataset, metric) with each model's score
printed to two decimals, ``-`` where the model has none.  ``version`` is the first six characters of the
hash of the dataset's prompt configuration (``-`` for a summary group such as an average over subsets),
``mode`` how it was inferred: ``gen`` (generation), ``ppl`` (perplexity over the choices), ``ll``.  A
dataset whose results are missing for every model is printed with ``-`` throughout.

The file is recognised by that header, whatever its name.  Each model's score becomes one row of the
score table the harness readers give (:data:`claimcheck.readers.harness.SCORE_HEADER`); the mode goes
with the metric ("accuracy (gen)"), as lm-eval's filter does.  The summary gives no n, no standard
error and no number of shots, so none is given here.
"""

from __future__ import annotations

from claimcheck.errors import InputError
from claimcheck.records import RawCell, SourceTable
from claimcheck.readers.harness import SCORE_HEADER

COLUMNS = ("dataset", "version", "metric", "mode")
_MISSING = "-"


def is_opencompass_summary(table: SourceTable) -> bool:
    """The header OpenCompass's summarizer writes: dataset, version, metric, mode, then the models."""
    return tuple(h.strip().lower() for h in table.header[:4]) == COLUMNS and len(table.header) > 4


def opencompass_table(table: SourceTable, path: str) -> SourceTable:
    models = [m.strip() for m in table.header[4:]]
    if not all(models):
        empty = next(j for j, m in enumerate(models, start=5) if not m)
        raise InputError(f"the OpenCompass summary's column {empty} names no model (header: dataset, version, "
                         f"metric, mode, then one column per model)", path=path)
    rows: list[tuple[RawCell, ...]] = []
    notes = [f"OpenCompass summary ({len(models)} model(s)): no n, standard error or number of shots given; "
             f"'version' is the hash of the dataset's prompt configuration"]
    missing: list[str] = []
    for raw in table.rows:
        dataset, version, metric, mode = (c.text for c in raw[:4])
        if not dataset:
            raise InputError("a row of the OpenCompass summary names no dataset", path=path, row=raw[0].row)
        if metric == _MISSING and all(c.text == _MISSING for c in raw[4:]):
            missing.append(dataset)
            continue
        label = metric if mode in ("", _MISSING) else f"{metric} ({mode})"
        for model, cell in zip(models, raw[4:]):
            if cell.text == _MISSING:
                continue  # this model has no result for the dataset: said in the notes below
            values = (model, dataset, cell.text, "", "", "", label, "" if version == _MISSING else version)
            rows.append(tuple(RawCell(text=t, row=cell.row, col=j) for j, t in enumerate(values)))
        absent = [m for m, c in zip(models, raw[4:]) if c.text == _MISSING]
        if absent:
            notes.append(f"{dataset} ({metric}): no result for {', '.join(absent)}")
    if missing:
        notes.append(f"no result for any model: {', '.join(missing)}")
    if not rows:
        raise InputError("the OpenCompass summary has no score: every model's cell is '-'", path=path)
    return SourceTable(input=table.input, name=table.name, header=SCORE_HEADER, rows=tuple(rows),
                       notes=tuple(notes) + table.notes)
