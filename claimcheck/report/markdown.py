"""The Markdown report, for a pull request or an issue."""

from __future__ import annotations

from claimcheck.report.view import ReportView

_MARK = {"supported": "✓", "tied": "≈", "no-n": "?", "incomparable": "✗", "configuration": "≠"}


def _cell(text: str) -> str:
    """Input text made inert in Markdown: no table breaks, no raw HTML a renderer would run."""
    text = str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = text.replace("[", "\\[").replace("]", "\\]")  # no live links or images from the input
    return text.replace("|", "\\|").replace("\n", " ")


def render_markdown(view: ReportView) -> str:
    """The report as GitHub-flavoured Markdown."""
    out = [f"# claimcheck: {_cell(view.title)}", ""]
    for path, fmt, sha in view.inputs:
        out.append(f"- input: `{_cell(path)}` ({fmt}), sha256 `{sha}`")
    out += [f"- registry {view.registry_version}, claimcheck {view.claimcheck_version}, {view.generated}",
            f"- {view.settings}", ""]
    c = view.counts
    out += [f"**{c['error']} error(s), {c['warning']} warning(s), {c['info']} info.**", ""]
    out += ["## What the table supports", ""]
    out += [f"- {_MARK[x.kind]} {_cell(x.text)}" for x in view.supported] or ["- nothing: no comparison is both valid and larger than its noise"]
    out += ["", "## What it does not support", ""]
    out += [f"- {_MARK[x.kind]} {_cell(x.text)}" for x in view.not_supported] or ["- (none)"]
    if view.claims:
        out += ["", "## Claims in the text", "", "| claim | verdict | why |", "|---|---|---|"]
        out += [f"| {_cell(c.text)} ({c.source}) | {c.verdict} {c.codes} | {_cell(c.explanation)} |" for c in view.claims]
    out += ["", "## Findings", "", "| # | severity | code | finding |", "|---|---|---|---|"]
    for g in view.groups:
        out += [f"| {f.number} | {f.severity} | {f.code} {g.slug} | {_cell(f.message)} |" for f in g.findings]
    out += ["", "## What every row measures", "",
            f"| row item | model | printed | benchmark | version / subset | unit | n | {view.level} interval |",
            "|---|---|---|---|---|---|---|---|"]
    for s in view.scores:
        out.append(f"| {_cell(s.title)} | {_cell(s.model)} | {_cell(s.printed)} | {_cell(s.benchmark)} | "
                   f"{_cell(s.version)} | {s.unit} | {s.n} | {s.interval} |")
    if view.skipped:
        out += ["", "Cells not checked: " + "; ".join(f"{_cell(s.title)} / {_cell(s.model)}: {_cell(s.note)}" for s in view.skipped)]
    return "\n".join(out) + "\n"
