"""Score the resolver on the real-world label table (tests/fixtures/labels.yaml).

    python -m tests.registry.label_eval      # prints rates and every miss

Used by test_label_cases.py, which holds the rates to a floor.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml

from claimcheck.parsing.labels import split_ditto
from claimcheck.records import RowContext
from claimcheck.registry.catalogue import load_catalogue
from claimcheck.registry.resolver import Resolver

LABELS = Path(__file__).resolve().parents[1] / "fixtures" / "labels.yaml"
FIELDS = ("subset", "version", "metric", "shots", "tools", "unit")


def _norm(value) -> str:
    return re.sub(r"[^0-9a-z]+", "", str(value).casefold())


@dataclass
class Outcome:
    cases: int = 0
    benchmark_hits: int = 0
    skip_cases: int = 0
    skip_hits: int = 0
    field_cases: dict = field(default_factory=lambda: {f: 0 for f in FIELDS})
    field_hits: dict = field(default_factory=lambda: {f: 0 for f in FIELDS})
    misses: list = field(default_factory=list)

    @property
    def benchmark_rate(self) -> float:
        return self.benchmark_hits / self.cases

    @property
    def field_rate(self) -> float:
        total = sum(self.field_cases.values())
        return sum(self.field_hits.values()) / total if total else 1.0


@lru_cache(maxsize=1)
def cases() -> list[dict]:
    return yaml.safe_load(LABELS.read_text(encoding="utf-8"))["labels"]


def resolve(case: dict, resolver: Resolver):
    label = case["label"].replace("\n", " ")
    qualifier = case.get("qualifier") or ""
    context = RowContext(label=label, qualifiers=(qualifier,) if qualifier and qualifier != "-" else ())
    return resolver.resolve(context, [])  # a label alone: whether the row holds values is unknown


def _field(res, name: str):
    if name == "shots":
        return res.budget.get("shots")
    return getattr(res, name)


def evaluate() -> Outcome:
    resolver = Resolver(load_catalogue())
    out = Outcome()
    for case in cases():
        if split_ditto(case["label"])[0]:
            continue  # "same as above" needs the row above; the vendor tables test it
        res = resolve(case, resolver)
        out.cases += 1
        got = res.benchmark if res.row_kind == "benchmark" else None
        if case.get("skip"):
            out.skip_cases += 1
            ok = res.row_kind == "skipped"
            out.skip_hits += ok
        else:
            ok = got == case.get("benchmark")
        out.benchmark_hits += ok
        if not ok:
            out.misses.append((case["label"], case.get("qualifier"), "benchmark", case.get("benchmark"), got, res.row_kind))
            continue
        for name in FIELDS:
            want = case.get(name)
            if want is None or case.get("skip"):
                continue
            out.field_cases[name] += 1
            have = _field(res, name)
            hit = _norm(have) == _norm(want) or (name == "unit" and want == "win-rate" and have == "percent")
            out.field_hits[name] += hit
            if not hit:
                out.misses.append((case["label"], case.get("qualifier"), name, want, have, ""))
    return out


if __name__ == "__main__":  # pragma: no cover
    o = evaluate()
    print(f"{o.cases} labels: benchmark {o.benchmark_rate:.1%} ({o.benchmark_hits}/{o.cases}); "
          f"non-benchmark rows skipped {o.skip_hits}/{o.skip_cases}; fields {o.field_rate:.1%}")
    for f in FIELDS:
        if o.field_cases[f]:
            print(f"  {f:<8} {o.field_hits[f]}/{o.field_cases[f]}")
    for m in o.misses:
        print("  MISS", m)
