"""The JSON report (schema ``claimcheck.report/1``) for pipelines."""

from __future__ import annotations

import json

from claimcheck.records import Report


def render_json(report: Report) -> str:
    """Stable, sorted-by-construction JSON; non-ASCII text kept as is."""
    return json.dumps(report.as_records(), ensure_ascii=False, indent=2) + "\n"
