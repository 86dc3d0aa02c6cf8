"""An Epoch AI Benchmarking Hub file (``benchmark_data/<benchmark>.csv``) read as a long score table.

Epoch AI publishes the runs it makes itself as one CSV per benchmark (``gpqa_diamond.csv``,
``frontiermath.csv``, in https://epoch.ai/data/benchmark_data.zip), one row per run::

    Model version, mean_score, Best score (across scorers), Release date, Organization, Country,
    Training compute (FLOP), Training compute notes, stderr, Log viewer, Logs, Started at, id

(older copies have no ``mean_score``).  The file names its benchmark only in its file name; each row's
``Model version`` is the API model id, with the reasoning setting Epoch ran it at appended after an
underscore: an effort (``gpt-5.2-2025-12-11_xhigh``) or a thinking-token budget
(``claude-opus-4-5-20251101_16K``).  The file is recognised by its first column ``Model version`` beside
a ``Best score (across scorers)`` or ``mean_score`` column and Epoch's ``Release date``/``Organization``
columns; Epoch's ``*_external.csv`` files (results Epoch collected from others, each with its own score
column and unit) are not this layout and are read as ordinary tables.

Each run becomes one row of the harness readers' score table: the model (the id without its setting),
the benchmark (the file name), ``Best score (across scorers)`` as the score — what the Hub plots — with
its ``stderr``, the setting as the row's budget, and every other column kept beside it as metadata, so
the organisation and licence never join the model's name.  The unit is a fraction: Epoch's own runs
score each benchmark as the share of items solved (0–1), and a value outside [0, 1] is refused as not
this layout.  The file gives no n (the registry's item count is used) and no number of shots.  Where
``mean_score`` differs from the best score, the notes say so, row by row.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from claimcheck.errors import InputError
from claimcheck.records import RawCell, SourceTable

MODEL, BEST, MEAN, STDERR = "Model version", "Best score (across scorers)", "mean_score", "stderr"
_EPOCH_COLUMNS = ("Release date", "Organization")
HEADER = ("model", "benchmark", "score", "stderr", "unit", "budget")
#: the settings Epoch appends to a model id in its own files: an effort, or a thinking budget in thousands of tokens
_SETTING = re.compile(r"^(?P<model>.+?)_(?P<setting>low|medium|high|xhigh|\d+K)$")


def _norm(header: str) -> str:
    return header.strip().casefold()


def is_epoch_benchmark(table: SourceTable) -> bool:
    """Epoch's header: ``Model version`` first, a best or mean score column, and its release-date or
    organisation column (an ordinary "model, score" CSV has none of these names)."""
    names = {_norm(h) for h in table.header}
    return (bool(table.header) and _norm(table.header[0]) == _norm(MODEL)
            and bool({_norm(BEST), _norm(MEAN)} & names) and any(_norm(c) in names for c in _EPOCH_COLUMNS))


def split_model_version(version: str) -> tuple[str, str]:
    """(model, setting) of an Epoch model version: "gpt-5.2-2025-12-11_xhigh" -> ("gpt-5.2-2025-12-11", "xhigh"),
    "claude-opus-4-5-20251101_16K" -> (…, "16K"), "DeepSeek-R1" -> ("DeepSeek-R1", "")."""
    match = _SETTING.match(version.strip())
    return (match["model"], match["setting"]) if match else (version.strip(), "")


def _benchmark(path: str) -> str:
    if path in ("-", "<stdin>"):
        raise InputError("an Epoch AI benchmark file names its benchmark only in its file name "
                         "(gpqa_diamond.csv); pass it as a file, not on standard input", path=path)
    return Path(path).stem


def _fraction(text: str, what: str, path: str, row: int) -> str:
    """A fraction as printed, checked to be one: Epoch's own scores and standard errors lie in [0, 1]."""
    try:
        value = float(text)
    except ValueError:
        raise InputError(f"{what} {text!r} is not a number", path=path, row=row) from None
    if not math.isfinite(value) or not 0 <= value <= 1:
        raise InputError(f"{what} {text} is not a fraction in [0, 1], which every score of Epoch AI's own runs is: "
                         f"not an Epoch benchmark file claimcheck reads", path=path, row=row)
    return text


def epoch_table(table: SourceTable, path: str) -> SourceTable:
    """The long score table of an Epoch benchmark file; its other columns follow as metadata."""
    benchmark = _benchmark(path)
    col = {_norm(h): j for j, h in enumerate(table.header)}
    score_name = BEST if _norm(BEST) in col else MEAN
    score_col, mean_col, se_col = col[_norm(score_name)], col.get(_norm(MEAN)), col.get(_norm(STDERR))
    rest = [j for j in range(len(table.header)) if j not in (score_col, se_col)]
    header = HEADER + tuple(table.header[j] for j in rest)
    notes = [f"Epoch AI benchmark file (benchmark {benchmark!r}, from the file name): score is {score_name!r}, a "
             f"fraction; no n or number of shots given; the model version's suffix is the run's setting (budget); "
             f"kept as metadata, not read as scores: {', '.join(repr(table.header[j]) for j in rest) or 'none'}"]
    rows = []
    for raw in table.rows:
        number = raw[0].row
        version = raw[0].text.strip()
        if not version:
            raise InputError(f"a row of the Epoch AI file names no model ({MODEL!r} is empty)", path=path, row=number)
        text = raw[score_col].text.strip()
        if not text:
            notes.append(f"row {number} ({version}): no {score_name!r}: not read as a score")
            continue
        score = _fraction(text, f"{score_name!r} of {version}", path, number)
        stderr = raw[se_col].text.strip() if se_col is not None else ""
        if stderr:
            _fraction(stderr, f"'stderr' of {version}", path, number)
        if mean_col is not None and mean_col != score_col and raw[mean_col].text.strip() not in ("", text):
            notes.append(f"row {number} ({version}): mean_score {raw[mean_col].text.strip()} differs from the best "
                         f"score across scorers {text}, which is read")
        model, setting = split_model_version(version)
        values = (model, benchmark, score, stderr, "fraction", setting) + tuple(raw[j].text for j in rest)
        rows.append(tuple(RawCell(text=t, row=number, col=j) for j, t in enumerate(values)))
    if not rows:
        raise InputError(f"the Epoch AI file has no row with a {score_name!r}", path=path)
    return SourceTable(input=table.input, name=table.name, header=header, rows=tuple(rows),
                       notes=tuple(notes) + table.notes)
