"""Score the whole pipeline on real vendor tables (tests/fixtures/vendor/*.csv + .meta.yaml).

    python -m tests.registry.vendor_eval     # per table: resolution rate and misses

Each meta file gives, for every row (or, in transposed tables, every benchmark
column), the resolution an expert gives.  These tables are held-out material:
they test the resolver and layout detection end to end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from claimcheck.errors import ClaimcheckError
from claimcheck.pipeline import audit
from tests.registry.scoring import benchmark_hit, score_fields

VENDOR = Path(__file__).resolve().parents[1] / "fixtures" / "vendor"
FIELDS = ("subset", "version", "metric", "unit")


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


def _read_as_no_score(report, entry: dict) -> bool:
    """Whether the reading stage recorded the row as a section heading, spacer or setup row."""
    row = entry.get("row", -1) + 1
    return any(row in {r for r, _ in t.sections} | set(t.spacers) | {r for r, _ in t.header_rows}
               for t in report.readings)


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
        if s is None and entry.get("skip") and _read_as_no_score(report, entry):
            out.hits += 1  # a heading or setup row: the table reading records it, no score is made
            continue
        if s is None:
            out.misses.append((entry["label"], "no score"))
            continue
        res = s.resolution
        ok, _ = benchmark_hit(entry, res)
        out.hits += ok
        if not ok:
            out.misses.append((entry["label"], f"benchmark want {entry.get('benchmark')} got {res.benchmark} ({res.row_kind})"))
            continue
        for r in score_fields(entry, FIELDS, lambda name: s.unit if name == "unit" else getattr(res, name)):
            out.field_cases += 1
            out.field_hits += r.hit
            if not r.hit:
                out.misses.append((entry["label"], f"{r.name} want {r.want} got {r.have}"))
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
