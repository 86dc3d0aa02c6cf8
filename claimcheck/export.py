"""Write every parsed record in long form (``--export-claims claims.csv``).

The columns are those of SPEC §2's long tables plus provenance (original label,
row, column and line item).  An analyst can correct a mis-parsed row by hand —
the benchmark, version, subset, tools, metric or unit — and run the file again;
unchanged, it reproduces the same findings.
"""

from __future__ import annotations

import csv
import io
import re

from claimcheck.records import Report, Score

COLUMNS = (
    "model", "benchmark", "score", "version", "subset", "harness", "tools", "budget", "metric",
    "unit", "n", "stderr", "ci_low", "ci_high", "protocol", "judge", "source", "notes",
    "label", "title", "source row", "source column", "line item", "status", "reason",
)


def _budget(score: Score) -> str:
    return "; ".join(f"{k}={v}" for k, v in score.resolution.budget.items())


def _tools(value: bool | None) -> str:
    return "" if value is None else ("yes" if value else "no")


def claim_row(score: Score, source: str) -> dict[str, str]:
    """One score as a long-table row."""
    res = score.resolution
    printed = score.cell.raw + "".join(m for m in score.cell.markers if m not in score.cell.raw)
    known = res.row_kind == "benchmark"
    return {
        "model": score.model,
        "benchmark": res.benchmark_name if known else score.label,
        "score": printed,
        "version": (res.version or "") if known else "",
        "subset": res.subset or "",
        "harness": res.harness or "",
        "tools": _tools(res.tools),
        "budget": _budget(score),
        "metric": (res.metric or "") if known else "",
        "unit": score.unit if score.unit != "unknown" else "",
        "n": str(res.n) if res.n_source == "table" else "",
        "stderr": f"{score.cell.plus_minus:g}" if score.cell.plus_minus is not None else "",
        "ci_low": f"{score.cell.bounds[0]:g}" if score.cell.bounds else "",
        "ci_high": f"{score.cell.bounds[1]:g}" if score.cell.bounds else "",
        "protocol": res.protocol or "",
        "judge": res.judge or "",
        "source": source,
        "notes": " ; ".join(score.qualifiers),
        "label": score.label,
        "title": score.title,
        "source row": str(score.row),
        "source column": score.column,
        "line item": score.group,
        "status": score.status,
        "reason": score.reason or "",
    }


#: what a spreadsheet reads as the start of a formula (OWASP, "CSV Injection")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?%?")


def neutralise(value: str) -> str:
    """A cell a spreadsheet would run as a formula ("=HYPERLINK(…)", "@SUM(…)", "+1+1") prefixed with an
    apostrophe, as OWASP recommends, so that it opens as text; a plain number ("-5.3") stays a number.
    claimcheck's CSV reader drops the apostrophe again (:func:`claimcheck.readers.delimited.restore`)."""
    if value.lstrip("'").startswith(FORMULA_START) and not _NUMBER.fullmatch(value):  # "'=x" itself: "''=x"
        return "'" + value
    return value


def export_claims(report: Report) -> str:
    """The CSV text of every score, in report order, every cell safe to open in a spreadsheet."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for s in report.scores:
        source = report.inputs[s.input].path if s.input < len(report.inputs) else ""
        writer.writerow({k: neutralise(v) for k, v in claim_row(s, source).items()})
    return out.getvalue()
