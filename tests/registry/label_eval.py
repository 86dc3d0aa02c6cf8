"""Score the resolver on the real-world label table (tests/fixtures/labels.yaml).

    python -m tests.registry.label_eval      # prints rates and every miss

Used by test_resolution_rates.py, which holds the rates to a floor; the scoring rules are
in scoring.py, shared with vendor_eval.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml

from claimcheck.parsing.labels import split_ditto
from claimcheck.records import RowContext
from claimcheck.registry.catalogue import load_catalogue
from claimcheck.registry.resolver import Resolver
from tests.registry.scoring import benchmark_hit, score_fields

LABELS = Path(__file__).resolve().parents[1] / "fixtures" / "labels.yaml"
FIELDS = ("subset", "version", "metric", "shots", "tools", "unit")


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
        ok, got = benchmark_hit(case, res)
        if case.get("skip"):
            out.skip_cases += 1
            out.skip_hits += ok
        out.benchmark_hits += ok
        if not ok:
            out.misses.append((case["label"], case.get("qualifier"), "benchmark", case.get("benchmark"), got, res.row_kind))
            continue
        for r in score_fields(case, FIELDS, lambda name: _field(res, name)):
            out.field_cases[r.name] += 1
            out.field_hits[r.name] += r.hit
            if not r.hit:
                out.misses.append((case["label"], case.get("qualifier"), r.name, r.want, r.have, ""))
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
