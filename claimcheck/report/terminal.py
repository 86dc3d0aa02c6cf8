"""The terminal summary: findings by severity and rule, and what can be concluded."""

from __future__ import annotations

import re
from typing import TextIO

from claimcheck.report.view import ReportView

#: What a terminal would act on rather than print: escape sequences (CSI colours and cursor moves, OSC 8
#: hyperlinks and titles, the rest) and every other C0/C1 control but tab and newline.  Linear: no
#: nested quantifier, each repeat bounded by what it excludes.
_CONTROL = re.compile(r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b\[[0-?]*[ -/]*[@-~]?|\x1b[ -~]?|\x9b[0-?]*[ -/]*[@-~]?"
                      r"|[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def clean(text: str) -> str:
    """Text from the input as a terminal may show it: control sequences removed, so a model named with
    an OSC 8 link or a colour code prints as its letters and cannot move the cursor or retitle the window."""
    return _CONTROL.sub("", text)

_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}
_MARK = {"supported": "✓", "tied": "≈", "no-n": "?", "incomparable": "✗", "configuration": "≠"}


def console_for(file: TextIO | None = None, color: str = "auto"):
    """A rich console that wraps only on a terminal (piped output keeps one line per record) and
    colours as ``--color`` says: auto (a terminal), always, never."""
    from rich.console import Console

    probe = Console(file=file)
    terminal = probe.is_terminal if color == "auto" else color == "always"
    return Console(file=file, highlight=False, markup=False, emoji=False,  # input text is never markup ("[/x]")
                   soft_wrap=not probe.is_terminal, force_terminal=terminal,
                   no_color=not terminal, color_system="auto" if terminal else None)


def render_terminal(view: ReportView, file: TextIO | None = None, *, verbose: bool = True, report=None,
                    concise: bool = False, color: str = "auto") -> None:
    """Print the summary with rich.  ``concise``: one ``PATH:ROW:COL: CODE [severity] message`` line per
    finding (the report is needed for the locations), then the counts by rule and the conclusions;
    otherwise the counts, the conclusions and every finding with its number."""
    from rich.table import Table
    from rich.text import Text

    console = console_for(file, color)
    for path, fmt, sha in view.inputs:
        console.print(Text.assemble(("claimcheck ", "bold"), clean(f"{view.claimcheck_version} — {path} ({fmt}, sha256 {sha[:12]}…)")))
    console.print(f"registry {view.registry_version} · {view.settings}")
    console.print(clean(f"{view.rows_total} rows read: {view.cells}"
                        + (f" ({'; '.join(sorted({s.note for s in view.skipped}))[:160]})" if view.skipped else "")))
    counts = view.counts
    console.print(Text.assemble(
        "Findings: ", (f"{counts['error']} error(s)", _STYLE["error"]), " · ",
        (f"{counts['warning']} warning(s)", _STYLE["warning"]), " · ", (f"{counts['info']} info", _STYLE["info"])))
    for note in view.environment:
        console.print(Text("warning: " + clean(note), style="yellow"))
    if concise and verbose and report is not None and report.findings:
        from claimcheck.report.lint import render_concise

        console.print()
        render_concise(report, console)
    if view.groups:
        table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
        wide = console.width >= 110  # the one-line summaries only where they fit on one line
        columns = [("severity", "left"), ("code", "left"), ("rule", "left"), ("count", "right")]
        for name, justify in columns + ([("what it flags", "left")] if wide else []):
            table.add_column(name, justify=justify)
        rank = {"error": 0, "warning": 1, "info": 2}
        lines = sorted(((sev, g) for g in view.groups for sev in {f.severity for f in g.findings}),
                       key=lambda item: (rank[item[0]], item[1].code))
        for sev, g in lines:  # one line per rule and severity: a rule may lower one finding's severity
            count = sum(1 for f in g.findings if f.severity == sev)
            cells = [Text(sev, style=_STYLE[sev]), g.code, g.slug, str(count)]
            table.add_row(*cells, *([g.summary] if wide else []))
        console.print()
        console.print(table)
    _conclusions(console, view)
    if view.claims:
        console.print()
        console.print(Text("Claims in the text", style="bold"))
        for c in view.claims:
            console.print(Text.assemble((f"  {c.id} [{c.verdict}] ", "bold"), clean(f"\"{c.text}\" — {c.explanation}")))
    if verbose and view.groups and not concise:
        console.print()
        console.print(Text("Findings", style="bold"))
        for g in view.groups:
            for f in g.findings:
                console.print(Text.assemble((f"[{f.number}] {f.code} ", _STYLE[f.severity]), clean(f.message)))


def _conclusions(console, view: ReportView) -> None:
    from rich.text import Text

    console.print()
    console.print(Text("What the table supports", style="bold"))
    if not view.supported:
        console.print("  nothing: no comparison in this table is both valid and larger than its noise")
    for c in view.supported:
        console.print(f"  {_MARK[c.kind]} {clean(c.text)}")
    console.print(Text("What it does not support", style="bold"))
    if not view.not_supported:
        console.print("  (no comparisons were left unsupported)")
    for c in view.not_supported:
        console.print(f"  {_MARK[c.kind]} {clean(c.text)}")
