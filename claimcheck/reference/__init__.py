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

from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Sequence

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from claimcheck.errors import RegistryError
from claimcheck.records import ReferenceSource, Score

DATA = Path(__file__).with_name("data")


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    file: str
    title: str
    publisher: str
    source: str
    date: str | None = None
    protocol: str | None = None


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
                                  protocol=e.protocol, bundled=True), DATA / e.file) for e in index.references)


def given(paths: Sequence[str]) -> tuple[tuple[ReferenceSource, str], ...]:
    """The references the user gave (``--reference``), each named by its file."""
    return tuple((ReferenceSource(id=f"ref{i + 1}", title=Path(p).name, publisher="the reference", source=p),
                  p) for i, p in enumerate(paths))


def reference_scores(sources: Sequence[tuple[ReferenceSource, str | Path]], resolver, options,
                     fetch=None) -> dict[str, tuple[Score, ...]]:
    """Each reference's checked scores, by reference id, read like a page.  Score ids are prefixed
    with the reference id so they never collide with the page's."""
    from claimcheck.pipeline import read_sources, table_scores

    out: dict[str, tuple[Score, ...]] = {}
    for ref, path in sources:
        inputs, tables = read_sources([str(path)], fetch=None if ref.bundled else fetch)
        scores, _ = table_scores(tables, inputs, resolver, options)
        out[ref.id] = _prefixed(ref.id, scores)
    return out


def _prefixed(ref_id: str, scores: Sequence[Score]) -> tuple[Score, ...]:
    return tuple(replace(s, id=f"{ref_id}:{s.id}") for s in scores if s.status == "checked")
