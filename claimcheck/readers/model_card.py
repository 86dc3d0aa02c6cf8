"""A Hugging Face model card's ``model-index`` (its YAML front matter) read as one more table.

The Hub shows the front matter's results as the card's evaluation widget, and the card's Markdown
often prints a table of its own; both are claims, so the Markdown reader reads the README's tables
and this adds the front matter's as a long score table (model, benchmark, score, metric, subset,
shots).  A model-index gives no n and no standard error: n then comes from the registry, as for any
printed table.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from claimcheck.errors import InputError
from claimcheck.records import RawCell, SourceTable

HEADER = ("model", "benchmark", "score", "metric", "subset", "shots", "notes")
_FRONT_MATTER = re.compile(r"\A\ufeff?---[ \t]*\r?\n(?P<yaml>.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.S)


def front_matter(text: str) -> str | None:
    """The YAML between a document's opening ``---`` lines, or None when it has none."""
    match = _FRONT_MATTER.match(text)
    return match["yaml"] if match else None


def load_yaml(text: str, path: str, what: str, first_line: int = 1) -> Any:
    """YAML a reader is given (a card's front matter, an .eval_results file), or one line naming the file,
    the line (counted from ``first_line``) and the fault."""
    import yaml

    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + first_line}" if mark is not None else ""
        raise InputError(f"{what} is not valid YAML{where}: {getattr(exc, 'problem', None) or exc}",
                         path=path) from None


def model_index_tables(text: str, path: str) -> tuple[SourceTable, ...]:
    """The front matter's model-index as long score tables, one per source its results cite (the Open LLM
    Leaderboard's first board and its second, rescaled one, are two sources under one name); none when the card
    has no model-index."""
    raw = front_matter(text)
    if raw is None or "model-index" not in raw:
        return ()
    meta = load_yaml(raw, path, "the model card's front matter", first_line=2)  # under the opening '---'
    index = meta.get("model-index") if isinstance(meta, dict) else None
    if index is None:
        return ()
    by_source: dict[tuple[str, str], list[tuple[int, tuple[str, ...]]]] = {}
    listed = list(_rows(index, path))
    placeholders = _placeholders([row for _, row in listed])
    for k, (source, row) in enumerate(listed):
        if k in placeholders:  # "-1": not evaluated, said in the notes below
            row = tuple("n/a" if j == _SCORE else t for j, t in enumerate(row))
        by_source.setdefault(source, []).append((k, row))
    names = [name for name, _ in by_source]
    tables = []
    for (name, where), rows in by_source.items():
        cells = tuple(tuple(RawCell(text=t, row=k + 2, col=j) for j, t in enumerate(r)) for k, r in rows)
        cited = f"{name}, {where}" if names.count(name) > 1 and where else name
        tables.append(SourceTable(
            input=0, name=f"{path} — model-index" + (f" ({cited or 'no source'})" if len(by_source) > 1 else ""),
            header=HEADER, rows=cells,
            notes=("Hugging Face model card front matter (model-index): no n or standard error given",
                   *_placeholder_note([r for k, r in rows if k in placeholders])),
            caption=f"model-index (source: {cited})" if name else "model-index"))
    return tuple(tables)


_SCORE = HEADER.index("score")
#: metrics whose value may be -1 itself (a correlation, a signed difference)
_SIGNED = re.compile(r"\bmcc\b|corr|kappa|pearson|spearman|delta|diff|elo|\bgain\b", re.I)


def _placeholders(rows: list[tuple[str, ...]]) -> set[int]:
    """The results whose value is -1 where the card's other values are not negative and the metric cannot be -1:
    the placeholder some cards print for a benchmark they did not run (Refact-1.6B's "HumanEvalSynthesize Go")."""
    def value(row) -> float | None:
        try:
            return float(row[_SCORE])
        except ValueError:
            return None

    values = [value(r) for r in rows]
    if not any(v is not None and v >= 0 for v in values) or any(v is not None and v < 0 and v != -1 for v in values):
        return set()
    return {k for k, (r, v) in enumerate(zip(rows, values))
            if v == -1 and not _SIGNED.search(" ".join(r[j] for j in range(len(r)) if j != _SCORE))}


def _placeholder_note(rows: list[tuple[str, ...]]) -> tuple[str, ...]:
    if not rows:
        return ()
    bench = HEADER.index("benchmark")
    named = list(dict.fromkeys(r[bench] for r in rows))
    shown = ", ".join(repr(x) for x in named[:4]) + (f" and {len(named) - 4} more" if len(named) > 4 else "")
    return (f"{len(rows)} result(s) give the value -1 ({shown}), where no other value is negative and the metric "
            f"cannot be: read as not evaluated (n/a), the placeholder such cards print, not as a score",)


def _source(result: dict) -> tuple[str, str]:
    """The name of the source a result cites ("Open LLM Leaderboard") and its address without the query (one
    board's page, whichever model it was asked for), or ""."""
    source = result.get("source")
    if not isinstance(source, dict):
        return "", ""
    return " ".join(str(source.get("name") or "").split()), str(source.get("url") or "").split("?")[0].strip()


def _rows(index: Any, path: str):
    """One row per metric of each result of each model entry, with the source the result cites."""
    if not isinstance(index, list):
        raise InputError("the model card's 'model-index' is not a list of models", path=path)
    for entry in index:
        if not isinstance(entry, dict):
            raise InputError("an entry of the model card's 'model-index' is not a mapping", path=path)
        model = str(entry.get("name") or "")
        for result in _listed(entry.get("results"), f"the 'results' of {model!r} in 'model-index'", path):
            if not isinstance(result, dict):
                raise InputError(f"a result of {model!r} in 'model-index' is not a mapping", path=path)
            dataset = result.get("dataset") if isinstance(result.get("dataset"), dict) else {}
            benchmark = str(dataset.get("name") or dataset.get("type") or "")
            subset = "/".join(str(dataset[k]) for k in ("config", "split") if dataset.get(k) not in (None, ""))
            args = dataset.get("args") if isinstance(dataset.get("args"), dict) else {}
            shots = args.get("num_few_shot", args.get("num_fewshot", ""))
            metrics = _listed(result.get("metrics"), f"the 'metrics' of {model!r} on {benchmark!r} in 'model-index'", path)
            if not all(isinstance(metric, dict) for metric in metrics):
                raise InputError(f"a metric of {model!r} on {benchmark!r} in 'model-index' is not a mapping", path=path)
            types = [str(metric.get("type") or "") for metric in metrics]
            for metric in metrics:
                # the metric's type names it ("acc_norm"), unless several metrics of the result share one type and
                # only their names tell them apart ("code_eval" for pass@1, pass@10 and pass@100)
                kind = str(metric.get("type") or "")
                shared = types.count(kind) > 1 and metric.get("name")
                name = str(metric.get("name") if shared or not kind else kind)
                verified = "verified" if metric.get("verified") is True else ""
                yield _source(result), (model, benchmark, _text(metric.get("value")), name, subset, _text(shots), verified)


def _listed(value: Any, what: str, path: str) -> list:
    """A list the model-index schema asks for (absent: none); anything else is the card's error."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise InputError(f"{what} is not a list (the Hub's model-index schema)", path=path)
    return value


def _text(value: Any) -> str:
    return "" if value is None else str(value)


_CARD_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+model card (?:for|of)\s+(\S.*?)\s*#*\s*$", re.I | re.M)
_ANY_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(\S.*?)\s*#*\s*$")
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")


def card_model(text: str, cards: Sequence[SourceTable], title: str) -> str:
    """The one model a model card is about, or "" when the page does not say: the model-index's model when it
    names one, else the model a "Model Card for X" heading names, else the page's title (its first heading when
    it has no level-1 one) when that is shaped like a model name ("Falcon2-11B", not "Table of Contents")."""
    from claimcheck.models import looks_like_model

    named = {row[HEADER.index("model")].text.strip() for card in cards for row in card.rows} - {""}
    if len(named) == 1:
        return named.pop()
    body = _FRONT_MATTER.sub("", text, count=1)
    if match := _CARD_HEADING.search(body):
        return _plain(match.group(1))
    name = _plain(title or _first_heading(body))
    if name and looks_like_model(name):
        return name
    runs = set(_HARNESS_RUN.findall(body))  # the line lm-eval prints above its results table names the run's model
    return runs.pop() if len(runs) == 1 else ""


#: the line lm-evaluation-harness prints above its results table: "hf (pretrained=mistralai/Mistral-7B-v0.1),
#: gen_kwargs: (None), limit: None, …" (0.4.13 prints the model arguments as a dict, "({'pretrained': 'x'})"; 0.3
#: printed no gen_kwargs: "hf-causal (pretrained=x), limit: None, …")
_HARNESS_RUN = re.compile(r"^\S+ \((?=[^\n]*\)\s*,\s*(?:gen_kwargs|limit):)[^\n]*?\bpretrained['\"]?\s*[=:]\s*['\"]?([^\s,'\")}]+)", re.M)


def _first_heading(text: str) -> str:
    """The first Markdown heading outside fenced code ("# comment" lines of a shell block are no heading)."""
    fenced = False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        elif not fenced and (m := _ANY_HEADING.match(line)):
            return m.group(1)
    return ""


def _plain(text: str) -> str:
    """A heading as a name: markup, links and pictographs ("🚀 Falcon2-11B") dropped."""
    import unicodedata

    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", re.sub(r"<[^>]{0,500}>", " ", text)).replace("*", " ").replace("`", " ")
    text = "".join(c for c in text if unicodedata.category(c) not in ("So", "Sk", "Cs") and c not in "\ufe0f\u200d")
    return " ".join(text.split()).strip(" :")

