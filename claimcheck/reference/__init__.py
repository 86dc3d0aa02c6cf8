"""Published tables a page's cells are set against (reconciliation).

Two kinds of reference, read by the same readers and the same stages as the audited page, so a
reference's rows mean what the page's rows mean:

- **bundled**: the evaluation sections of release pages other vendors often copy from
  (``data/index.yaml``, each pinned to a commit).  A page cell that prints the same figure as one
  of them for the same model and benchmark was most likely copied (CC209).
- **given** (``--reference FILE``): an independent measurement of the same models, such as a
  leaderboard export or your own harness run.  Each page cell is then consistent with it, discrepant
  beyond the noise of both, or not comparable because the protocols differ (CC411).

:func:`reference_scores` reads them; :mod:`claimcheck.reference.reconcile` pairs them with the page.
"""

from __future__ import annotations

import contextlib

import hashlib
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from claimcheck.errors import RegistryError
from claimcheck.models.names import Identity, identity
from claimcheck.records import ReferenceSource, Score, SourceTable

DATA = Path(__file__).with_name("data")


class _Note(BaseModel):
    """A paragraph the publisher prints elsewhere about the excerpt's tables (its evaluation details),
    quoted, with the heading it sits under (the benchmark it speaks of) and where it is printed."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    heading: str
    quote: str
    source: str

    @property
    def text(self) -> str:
        """The note as the tables read it: "GPQA: For post-trained models, we …"."""
        return f"{self.heading}: {self.quote}"


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    file: str
    title: str
    publisher: str
    source: str
    date: str | None = None
    protocol: str | None = None
    notes: tuple[_Note, ...] = ()


class _Index(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    references: tuple[_Entry, ...]


@lru_cache(maxsize=1)
def bundled() -> tuple[tuple[ReferenceSource, Path], ...]:
    """The bundled references with their files, as the index lists them."""
    path = DATA / "index.yaml"
    try:
        index = _Index.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
    except ValidationError as exc:
        raise RegistryError(f"invalid reference index: {exc.errors()[0]['msg']}", path=str(path)) from None
    return tuple((ReferenceSource(id=e.id, title=e.title, publisher=e.publisher, source=e.source, date=e.date,
                                  protocol=e.protocol, bundled=True, notes=tuple(n.text for n in e.notes),
                                  sha256=hashlib.sha256((DATA / e.file).read_bytes()).hexdigest()), DATA / e.file)
                 for e in index.references)


def given(paths: Sequence[str]) -> tuple[tuple[ReferenceSource, str], ...]:
    """The references the user gave (``--reference``), each named by its file."""
    return tuple((ReferenceSource(id=f"ref{i + 1}", title=Path(p).name, publisher="the reference", source=p),
                  p) for i, p in enumerate(paths))


def reference_scores(sources: Sequence[tuple[ReferenceSource, str | Path]], resolver, options,
                     fetch=None, models: Iterable[str] | None = None) -> dict[str, tuple[Score, ...]]:
    """Each reference's checked scores, by reference id, read like a page.  Score ids are prefixed
    with the reference id so they never collide with the page's.

    With ``models`` (the page's), a bundled reference whose labels name none of them is not read
    further than its tables: it cannot hold a counterpart, and resolving it would cost more than the
    page."""
    from claimcheck.pipeline import read_sources, table_scores

    wanted = None if models is None else [i for i in {identity(m) for m in models} if i is not None]
    out: dict[str, tuple[Score, ...]] = {}
    from claimcheck.limits import Limits, applied

    for ref, path in sources:
        with applied(Limits()) if ref.bundled else contextlib.nullcontext():  # the user's limits are for their inputs
            inputs, tables = read_sources([str(path)], fetch=None if ref.bundled else fetch)
        if ref.notes:  # the publisher's evaluation details speak for every table of the excerpt
            tables = [replace(t, notes=(*t.notes, *ref.notes)) for t in tables]
        if ref.bundled and wanted is not None and not _names_any(tables, wanted):
            out[ref.id] = ()
            continue
        key = (ref.id, options.registry_files, options.assume_n, options.alpha, options.ci_method, options.benchmark)
        if ref.bundled and key in _READ:  # a bundled file is read the same way every time in a process
            out[ref.id] = _READ[key]
            continue
        scores, _ = table_scores(tables, inputs, resolver, options)
        out[ref.id] = _prefixed(ref.id, scores)
        if ref.bundled:
            _READ[key] = out[ref.id]
    return out


#: Bundled references as read, by reference and the options that change the reading (one process's runs).
_READ: dict[tuple, tuple[Score, ...]] = {}


def _names_any(tables: Sequence[SourceTable], wanted: Sequence[Identity]) -> bool:
    """Whether a header or a leading cell of the tables names one of the wanted models."""
    labels = {text for t in tables for text in (*t.header, *(c.text for row in t.rows for c in row[:2]))}
    return any((i := identity(text)) is not None and any(i.same_model(w) for w in wanted) for text in labels)


def _prefixed(ref_id: str, scores: Sequence[Score]) -> tuple[Score, ...]:
    return tuple(replace(s, id=f"{ref_id}:{s.id}") for s in scores if s.status == "checked")
