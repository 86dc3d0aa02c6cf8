"""Findings the way linters print them: one line each, GitHub annotations, JSON lines and SARIF 2.1.0.

Every format reads the report's findings in the checker's order and puts each at the first cell it
is about: the input's path, the row number the messages use (a CSV line, a Markdown or HTML table
row's line in the file), and the column (1-based).  A finding about no cell (a claim sentence with
no matching row) sits at the claims file's line when it names one, else at line 1 of the first input.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from claimcheck import __version__
from claimcheck.records import Finding, Report

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
_GITHUB_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}
_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}


@dataclass(frozen=True)
class Location:
    path: str
    row: int
    col: int


def locations(report: Report) -> list[Location]:
    """Where each finding points, in the report's order: its first cell (see the module docstring)."""
    by_id = {s.id: s for s in report.scores}
    paths = {i.index: i.path for i in report.inputs}
    return [_locate(report, f, by_id, paths) for f in report.findings]


def _locate(report: Report, finding: Finding, by_id: dict, paths: dict) -> Location:
    cells = [by_id[i] for i in finding.scores if i in by_id]
    if cells:
        s = min(cells, key=lambda s: (s.input, s.table, s.row, s.col))
        return Location(paths.get(s.input, ""), max(1, s.row), s.col + 1)
    source = str(finding.details.get("source") or "")  # a claim finding says which sentence ("post.txt:3")
    path, _, line = source.rpartition(":")
    if path and line.isdigit():
        return Location(path, int(line), 1)
    return Location(paths.get(0, ""), 1, 1)


def concise_lines(report: Report) -> list[str]:
    """``PATH:ROW:COL: CODE [severity] message`` per finding, messages on one line."""
    out = []
    for f, where in zip(report.findings, locations(report)):
        out.append(f"{where.path}:{where.row}:{where.col}: {f.code} [{f.severity}] {' '.join(f.message.split())}")
    return out


def render_concise(report: Report, console) -> None:
    """The concise lines, coloured by severity where the console has colour."""
    from rich.text import Text

    from claimcheck.report.terminal import clean

    for f, line in zip(report.findings, concise_lines(report)):
        head, _, rest = clean(line).partition(f": {f.code} ")
        console.print(Text.assemble((head + ":", "bold"), " ", (f.code, _STYLE[f.severity]), " ", rest))


def render_github(report: Report) -> str:
    """GitHub Actions workflow commands: one ``::error file=…,line=…,col=…,title=…::message`` per finding."""
    lines = []
    for f, where in zip(report.findings, locations(report)):
        title = _escape_property(f"{f.code} {f.slug}")
        lines.append(f"::{_GITHUB_LEVEL[f.severity]} file={_escape_property(where.path)},line={where.row},"
                     f"col={where.col},title={title}::{_escape_data(' '.join(f.message.split()))}")
    return "\n".join(lines) + ("\n" if lines else "")


def _escape_data(text: str) -> str:
    """A workflow command's data: GitHub's escapes for %, CR and LF, and no terminal control sequence."""
    from claimcheck.report.terminal import clean

    return clean(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_json_lines(report: Report) -> str:
    """One JSON object per finding, with its location, for streaming into other tools."""
    from claimcheck.serialize import finding_record

    out = []
    for f, where in zip(report.findings, locations(report)):
        record = {**finding_record(f), "location": {"path": where.path, "row": where.row, "column": where.col}}
        out.append(json.dumps(record, ensure_ascii=False))
    return "\n".join(out) + ("\n" if out else "")


def render_sarif(report: Report) -> str:
    """A SARIF 2.1.0 log: one run, the rules that fired as the driver's rules, one result per finding."""
    docs = {r.code: r for r in report.rules}
    codes = list(dict.fromkeys(f.code for f in report.findings))
    rules = []
    for code in codes:
        doc = docs.get(code)
        slug = doc.slug if doc else next(f.slug for f in report.findings if f.code == code)
        rule = {"id": code, "name": slug, "shortDescription": {"text": doc.summary if doc else slug},
                "defaultConfiguration": {"level": _SARIF_LEVEL[doc.severity] if doc else "warning"}}
        if doc and doc.explanation:
            rule["fullDescription"] = {"text": doc.explanation}
        if doc and doc.reference:
            rule["help"] = {"text": doc.reference}
        rules.append(rule)
    index = {code: i for i, code in enumerate(codes)}
    results = []
    for f, where in zip(report.findings, locations(report)):
        results.append({
            "ruleId": f.code, "ruleIndex": index[f.code], "level": _SARIF_LEVEL[f.severity],
            "message": {"text": " ".join(f.message.split())},
            "locations": [{"physicalLocation": {"artifactLocation": {"uri": where.path},
                                                "region": {"startLine": where.row, "startColumn": where.col}}}],
        })
    log = {
        "$schema": SARIF_SCHEMA, "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "claimcheck", "version": __version__,
                                "rules": rules}},
            "artifacts": [{"location": {"uri": i.path}} for i in report.inputs],
            "results": results,
        }],
    }
    return json.dumps(log, ensure_ascii=False, indent=2) + "\n"
