"""The report as plain Python types: the ``claimcheck.report/1`` JSON contract (SPEC §6).

One serialisation feeds every machine-readable output; field names here are
stable, new fields may be added.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from claimcheck.records import Comparison, Finding, Report, Score

SCHEMA = "claimcheck.report/1"


def _r(x: float | None, digits: int = 6) -> float | None:
    return None if x is None else round(float(x), digits)


def _pair(x) -> list[float] | None:
    return None if x is None else [_r(x[0]), _r(x[1])]


def score_record(s: Score) -> dict[str, Any]:
    res = s.resolution
    return {
        "id": s.id, "input": s.input, "table": s.table, "row": s.row, "column": s.column,
        "label": s.label, "model": s.model, "raw": s.cell.raw,
        "benchmark": res.benchmark, "benchmark_name": res.benchmark_name, "version": res.version,
        "subset": res.subset, "tools": res.tools, "harness": res.harness, "judge": res.judge,
        "metric": res.metric, "protocol": res.protocol, "budget": dict(res.budget),
        "unit": s.unit, "value": s.value, "proportion": _r(s.proportion),
        "n": res.n, "n_source": res.n_source, "n_note": res.n_note,
        "n_evidence": None if res.n_evidence is None else {
            "set": res.n_evidence.name, "fits": res.n_evidence.fits, "cells": res.n_evidence.cells,
            "p": _r(res.n_evidence.p)},
        "ci": _pair(s.ci), "ci_method": s.ci_method, "ci_note": s.ci_note, "votes": s.votes,
        "ci_total": _pair(s.ci_total), "protocol_sd_pp": res.protocol_sd, "protocol_noise": res.protocol_noise,
        "status": s.status, "reason": s.reason, "reprint_of": s.reprint_of, "category_of": res.category_of,
        "markers": list(s.cell.markers), "emphasis": list(s.cell.emphasis),
        "confidence": res.confidence, "resolution_reasons": dict(res.reasons),
        "unit_reason": res.unit_reason, "row_kind": res.row_kind,
        "items": None if s.items is None else {"n": len(s.items.items), "samples": s.items.samples,
                                                "binary": s.items.binary, "missing": s.items.missing,
                                                "clusters": len(set(s.items.clusters)) if s.items.clusters else None},
    }


def comparison_record(c: Comparison) -> dict[str, Any]:
    return {
        "id": c.id, "scores": list(c.scores), "models": list(c.models), "benchmark": c.benchmark,
        "kind": c.kind, "comparable": c.comparable, "why_not": list(c.why_not),
        "caveats": list(c.caveats),
        "differences": [asdict(d) for d in c.differences],
        "unit": c.unit, "values": list(c.values), "gap": _r(c.gap),
        "diff": _r(c.diff), "diff_ci": _pair(c.diff_ci), "gap_ci": _pair(c.gap_ci), "se": _r(c.se), "z": _r(c.z, 4),
        "p": _r(c.p), "p_adjusted": _r(c.p_adjusted), "p_is_bound": c.p_is_bound, "verdict": c.verdict,
        "mde": _r(c.mde), "n_needed": c.n_needed, "n": list(c.n), "n_source": list(c.n_source),
        "expected_win_rate": _r(c.expected_win_rate), "note": c.note, "method": c.method,
    }


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, float):
        return _r(value)
    return value


def finding_record(f: Finding) -> dict[str, Any]:
    return {
        "code": f.code, "slug": f.slug, "severity": f.severity, "message": f.message,
        "scores": list(f.scores), "comparisons": list(f.comparisons), "details": _plain(dict(f.details)),
        "doubts": [{"score": sid, "why": why} for sid, why in f.doubts],
    }


def _reading(report: Report, index: int) -> dict[str, Any]:
    """How the table was read (its roles), when the report kept it."""
    found = [r for r in report.readings if r.table == index]
    if not found:
        return {}
    r = found[0]
    return {"reading": {
        "kind": r.kind, "label_column": r.label_col, "why": r.why,
        "columns": [{"header": h, "role": role} for h, role in r.columns],
        "header_rows": [{"row": row, "text": text} for row, text in r.header_rows],
        "sections": [{"row": row, "heading": text} for row, text in r.sections],
        "spacers": list(r.spacers), "stacked": list(r.stacked),
        "annotations": [{"row": row, "text": text} for row, text in r.annotations],
    }}


def report_records(report: Report) -> dict[str, Any]:
    """The whole report in the ``claimcheck.report/1`` shape."""
    meta = report.meta
    return {
        "schema": SCHEMA,
        "claimcheck_version": meta.claimcheck_version,
        "registry_version": meta.registry_version,
        "generated": meta.generated,
        "settings": {"alpha": meta.alpha, "power": meta.power, "ci_method": meta.ci_method,
                     "assume_n": meta.assume_n, "as_of": meta.as_of},
        "environment": list(meta.environment),
        "inputs": [{"path": i.path, "sha256": i.sha256, "format": i.format, "encoding": i.encoding,
                    "delimiter": i.delimiter} for i in report.inputs],
        "claims_inputs": [{"path": p, "sha256": h} for p, h in meta.claims_files],
        "subject": {"model": report.subject.model, "why": report.subject.why},
        "cells": {"values": report.account.values, "missing": report.account.missing, "skipped": report.account.skipped,
                  "setup_rows": report.account.setup_rows, "section_rows": report.account.section_rows,
                  "spacer_rows": report.account.spacer_rows, "text_tables": report.account.text_tables,
                  "item_rows": report.account.item_rows, "resource_tables": report.account.resource_tables,
                  "unaccounted": [{"table": t, "row": r, "column": c, "text": x} for t, r, c, x in report.account.unaccounted]},
        "tables": [{"input": t.input, "name": t.name, "header": list(t.header), "rows": len(t.rows),
                    "notes": list(t.notes), **_reading(report, i)} for i, t in enumerate(report.tables)],
        "summary": report.counts(),
        "scores": [score_record(s) for s in report.scores],
        "comparisons": [comparison_record(c) for c in report.comparisons],
        "families": [{"input": f.input, "table": f.table, "method": "holm", "members": list(f.members),
                      "reasons": dict(f.reasons)} for f in report.families],
        "ranks": [{"group": r.group, "scores": list(r.scores), "models": list(r.models), "alpha": r.alpha,
                   "simultaneous": [list(x) for x in r.simultaneous], "marginal": [list(x) for x in r.marginal],
                   "method": r.method} for r in report.ranks],
        "references": [asdict(r) for r in report.references],
        "counterparts": [{"score": c.score, "reference": c.reference, "model": c.model, "label": c.label,
                          "value": c.value, "printed": c.printed, "verdict": c.verdict,
                          "differences": list(c.differences),
                          "comparison": comparison_record(c.comparison) if c.comparison else None}
                         for c in report.counterparts],
        "findings": [finding_record(f) for f in report.findings],
        "claims": [{"id": c.claim, "source": c.source, "text": c.text, "verdict": c.verdict, "codes": list(c.codes),
                    "explanation": c.explanation, "scores": list(c.scores), "comparisons": list(c.comparisons)}
                   for c in report.claims],
        "rules": [asdict(r) for r in report.rules],
        "benchmarks": [{"id": b.id, "name": b.name, "unit": b.unit, "versions": list(b.versions),
                        "n": [{"where": w, "n": n, "evidence": e, "source": src} for w, n, e, src in b.n],
                        "statuses": [asdict(s) for s in b.statuses], "sources": list(b.sources)}
                       for b in report.benchmarks],
    }
