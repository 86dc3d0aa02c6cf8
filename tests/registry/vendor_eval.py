"""Score the whole pipeline on real vendor tables (tests/fixtures/vendor/*.csv + .meta.yaml).

    python -m tests.registry.vendor_eval     # per table: resolution rate and misses

Each meta file gives, for every row (or, in transposed tables, every benchmark
column), the resolution an expert gives.  These tables are held-out material:
they test the resolver and layout detection end to end.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from claimcheck.errors import ClaimcheckError
from claimcheck.pipeline import audit

VENDOR = Path(__file__).resolve().parents[1] / "fixtures" / "vendor"
FIELDS = ("subset", "version", "metric", "unit")


def _norm(value) -> str:
    return re.sub(r"[^0-9a-z]+", "", str(value).casefold())


@dataclass
class TableOutcome:
    name: str
    rows: int = 0
    hits: int = 0
    field_cases: int = 0
    field_hits: int = 0
    error: str | None = None
    misses: list = field(default_factory=list)


def _score_for(report, entry: dict):
    if "row" in entry:
        hits = [s for s in report.scores if s.row == entry["row"] + 1]
    else:
        hits = [s for s in report.scores if s.col == entry["column"] - 1]
    return hits[0] if hits else None


def evaluate_table(csv_path: Path) -> TableOutcome:
    meta = yaml.safe_load(csv_path.with_name(csv_path.name[:-4] + ".meta.yaml").read_text(encoding="utf-8"))
    out = TableOutcome(csv_path.name)
    try:
        report = audit([str(csv_path)])
    except ClaimcheckError as exc:
        out.error = exc.one_line()
        out.rows = len(meta.get("expected", []))
        return out
    for entry in meta.get("expected", []):
        out.rows += 1
        s = _score_for(report, entry)
        if s is None:
            out.misses.append((entry["label"], "no score"))
            continue
        res = s.resolution
        if entry.get("skip"):
            ok = res.row_kind == "skipped"
        else:
            ok = (res.benchmark if res.row_kind == "benchmark" else None) == entry.get("benchmark")
        out.hits += ok
        if not ok:
            out.misses.append((entry["label"], f"benchmark want {entry.get('benchmark')} got {res.benchmark} ({res.row_kind})"))
            continue
        for name in FIELDS:
            want = entry.get(name)
            if want is None or entry.get("skip"):
                continue
            have = s.unit if name == "unit" else getattr(res, name)
            out.field_cases += 1
            hit = _norm(have) == _norm(want) or (name == "unit" and want == "win-rate" and have == "percent")
            out.field_hits += hit
            if not hit:
                out.misses.append((entry["label"], f"{name} want {want} got {have}"))
    return out


def evaluate() -> list[TableOutcome]:
    return [evaluate_table(p) for p in sorted(VENDOR.glob("*.csv"))]


if __name__ == "__main__":  # pragma: no cover
    outcomes = evaluate()
    rows = sum(o.rows for o in outcomes)
    hits = sum(o.hits for o in outcomes)
    fc = sum(o.field_cases for o in outcomes)
    fh = sum(o.field_hits for o in outcomes)
    print(f"{len(outcomes)} tables, {rows} rows: benchmark {hits / rows:.1%}; fields {fh / max(fc, 1):.1%}")
    for o in outcomes:
        print(f"  {o.name:<45} {o.hits}/{o.rows}" + (f"  ERROR {o.error}" if o.error else ""))
        for m in o.misses:
            print("      MISS", m)
