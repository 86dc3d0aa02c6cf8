"""How label_eval and vendor_eval score one resolution against an expert's expectation.

An expectation is a dict from a fixture file (tests/fixtures/labels.yaml or a vendor
``.meta.yaml`` entry): ``benchmark`` (or ``skip: true`` for a row that is not a benchmark)
and any of the resolved fields.  A field is compared only once the benchmark is right.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator


def norm(value) -> str:
    """A value as compared: case-folded, with everything but letters and digits dropped."""
    return re.sub(r"[^0-9a-z]+", "", str(value).casefold())


def field_matches(name: str, want, have) -> bool:
    """Whether a resolved field gives the expected value.

    A win rate is a percentage, so ``unit: win-rate`` is also met by ``percent``.
    """
    return norm(have) == norm(want) or (name == "unit" and want == "win-rate" and have == "percent")


def benchmark_hit(expected: dict, resolution) -> tuple[bool, str | None]:
    """Whether the row resolved as expected, and the benchmark it resolved to (None unless a benchmark).

    A ``skip`` row is right only when it is skipped; any other row when its benchmark is the expected one.
    """
    got = resolution.benchmark if resolution.row_kind == "benchmark" else None
    if expected.get("skip"):
        return resolution.row_kind == "skipped", got
    return got == expected.get("benchmark"), got


@dataclass(frozen=True)
class FieldResult:
    name: str
    want: object
    have: object
    hit: bool


def score_fields(expected: dict, fields: Iterable[str], have: Callable[[str], object]) -> Iterator[FieldResult]:
    """Each field the expectation names (none for a ``skip`` row), with what ``have(name)`` resolved."""
    if expected.get("skip"):
        return
    for name in fields:
        want = expected.get(name)
        if want is None:
            continue
        got = have(name)
        yield FieldResult(name, want, got, field_matches(name, want, got))
