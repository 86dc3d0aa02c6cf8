"""The subject of a report: the vendor's own model, whose comparisons a reader of the release makes.

Decided once, in this order, and recorded with the reason:

1. ``--subject MODEL``: the analyst says so (a model the tables do not print is a usage error);
2. the claims file: the model most of its sentences are about;
3. the page title, or the model a model card says it is about ("Model Card for OLMo 7B", its model-index), when
   it names exactly one model of the tables ("# Kimi K2" over "Kimi K2 Instruct"),
   or names one with a variant word after it ("# LongCat-Flash-Chat" over "LongCat-Flash");
4. the emphasis: the one model the tables set apart as the vendor's own rather than as best (a column
   wholly in bold, or bold a legend says marks "our model"), in more tables than any other;
5. the marks: the model with the most cells marked best, when it has clearly more than any other
   (at least two, and more than the runner-up);
6. otherwise none: findings then speak of each row's leader only.

Noise findings use it to decide which gaps a reader is invited to see (the subject against each
rival), and the report says who the subject is and why.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Mapping, Sequence

from claimcheck.checker.emphasis import TableMarks, read_table_marks
from claimcheck.errors import ConfigError
from claimcheck.records import Legend, ParsedClaim, Score, Subject

#: words a page title may add after the name its tables print ("LongCat-Flash-Chat" over "LongCat-Flash")
_VARIANT = re.compile(r"(?:[-_ ]+(?:chat|instruct|it|base|preview|thinking|reasoning|sft|dpo|rlhf|hf))+", re.I)


def find_subject(scores: Sequence[Score], claims: Sequence[ParsedClaim] = (), given: str | None = None,
                 titles: Sequence[str] = (), marks: Mapping[tuple[int, int], TableMarks] | None = None,
                 card_models: Sequence[str] = ()) -> Subject:
    """The subject of the tables (see the module docstring); ``marks``: each table's emphasis as its
    legend explains it (read here without legends when not given); ``card_models``: the model a model card says it
    is about (``SourceTable.page_model``)."""
    models = list(dict.fromkeys(s.model for s in scores))
    if given:
        return Subject(_named(given, models), f"--subject {given!r}")
    about = Counter(c.subject for c in claims if c.subject in models)
    if about:
        model, times = about.most_common(1)[0]
        return Subject(model, f"the claims file: {times} of its {len(claims)} sentences are about {model}")
    for title in dict.fromkeys(t for t in titles if t):
        named = _titled(title, models)
        if named is not None:
            return Subject(named, f"the page title {title!r} names it")
    for card in dict.fromkeys(t for t in card_models if t):
        named = _titled(card, models)
        if named is not None:
            return Subject(named, f"the model card is about {card!r}")
    if marks is None:
        marks = read_table_marks(scores, lambda _table: Legend())
    own = Counter(next(iter(m.own)) for m in marks.values() if len(m.own) == 1).most_common(2)
    if own and (len(own) == 1 or own[0][1] > own[1][1]):
        (model, times) = own[0]
        tables = "a table" if times == 1 else f"{times} tables"
        return Subject(model, f"the emphasis: {tables} set {model} apart in bold as the vendor's own model, not as best")
    best = {i for m in marks.values() for i in m.best}
    marked = Counter(s.model for s in scores if s.id in best).most_common(2)
    if marked and marked[0][1] >= 2 and (len(marked) == 1 or marked[0][1] > marked[1][1]):
        (model, times), second = marked[0], (marked[1][1] if len(marked) > 1 else 0)
        return Subject(model, f"the marks: {model} has {times} cells marked best, more than any other model ({second})",
                       by_marks=True)
    return Subject()


def _titled(title: str, models: list[str]) -> str | None:
    """The one model of the tables a page title names ("Kimi K2: Open Agentic Intelligence" and the
    column "Kimi K2 Instruct", "LongCat-Flash-Chat" and the column "LongCat-Flash"), or None when it
    names none or several."""
    name = re.split(r"\s*(?::|：| - | — | – |\|)\s*", title, maxsplit=1)[0].strip().casefold()
    if len(name) < 3:
        return None
    hits = [m for m in models if re.match(rf"{re.escape(name)}(?![\w.])", m.casefold())]
    if not hits:  # the title adds a variant word to the name the tables print
        hits = [m for m in models if name.startswith(m.casefold()) and _VARIANT.fullmatch(name[len(m):])]
    return hits[0] if len(hits) == 1 else None


def _named(given: str, models: list[str]) -> str:
    """The model of the tables ``--subject`` names: exactly, or as the only model whose name starts with it."""
    fold = " ".join(given.casefold().split())
    exact = [m for m in models if m.casefold() == fold]
    if exact:
        return exact[0]
    starts = [m for m in models if m.casefold().startswith(fold)]
    if len(starts) == 1:
        return starts[0]
    shown = ", ".join(models[:12]) + (" …" if len(models) > 12 else "")
    what = f"matches {len(starts)} models ({', '.join(starts)})" if starts else "names no model of the tables"
    raise ConfigError(f"--subject {given!r} {what}; the models are: {shown}")
