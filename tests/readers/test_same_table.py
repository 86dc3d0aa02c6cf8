"""The Markdown and the HTML reader read the same table alike.

``data/same_table.md`` is a small pipe table with what vendors put in README cells (a ``<sup>``
qualifier and ``<sup>`` marks, ``<br>``, whole-cell and partial bold, ``<ins>``, a link, a code
span, italics, ``<em>`` and ``<span>``); ``data/same_table.html`` is that file rendered the way
GitHub renders it (markdown-it-py with tables and HTML on, ``align=`` as cmark-gfm writes it).
"""

from pathlib import Path

import pytest

from claimcheck.readers.html import read_html
from claimcheck.readers.markdown import read_markdown

DATA = Path(__file__).parent / "data"


def read_both():
    (md,) = read_markdown((DATA / "same_table.md").read_text(encoding="utf-8"), "same_table.md")
    (html,) = read_html((DATA / "same_table.html").read_text(encoding="utf-8"), "same_table.html")
    return md, html


def printed(cell):
    """A cell as both readers agree to print it: the HTML reader keeps partial bold in ``marked``,
    the Markdown reader in the text itself ("85.7 **86.0**")."""
    return cell.marked or cell.text, cell.markers, cell.emphasis, cell.lines


def test_headers_are_the_same():
    md, html = read_both()
    assert md.header == html.header == (
        "Benchmark", "Metric", "Kimi K2 Instruct", "Claude Sonnet 4 (w/o extended thinking)", "GPT-4.1†")


@pytest.mark.parametrize("r", range(4))
def test_cells_are_the_same(r):
    md, html = read_both()
    assert len(md.rows) == len(html.rows) == 4
    assert [printed(c) for c in md.rows[r]] == [printed(c) for c in html.rows[r]]


def test_the_labels_read_alike_are_the_printed_ones():
    md, _ = read_both()
    assert [row[0].text for row in md.rows] == [
        "LiveCodeBench v6 (Aug 24 - May 25)", "SWE-bench Verified (Agentic Coding)", "Tau2 retail", "MultiPL-E"]
    assert [c.text for c in md.rows[1][1:4]] == ["Single Attempt (Acc)", "65.8", "72.7"]


VENDOR = Path(__file__).parents[1] / "fixtures" / "vendor"


def test_kimi_k2_as_published_html_and_as_csv_give_the_same_findings(tmp_path):
    """Issue 8: the release table as its README prints it (an HTML table with rowspans, <sup> marks and
    <ins> underlines, the legend in <sup> lines under it) and as the hand transcription in CSV with the
    same footnotes pasted under it, one field a line, give the same scores and the same findings."""
    import csv
    import io

    import yaml

    from claimcheck.pipeline import audit

    meta = yaml.safe_load((VENDOR / "moonshot_kimi-k2-instruct.meta.yaml").read_text(encoding="utf-8"))
    notes = io.StringIO()
    csv.writer(notes, lineterminator="\n").writerows([note] for note in meta["footnotes"])
    table = tmp_path / "kimi.csv"
    table.write_text((VENDOR / "moonshot_kimi-k2-instruct.csv").read_text(encoding="utf-8") + notes.getvalue(),
                     encoding="utf-8")
    html, sheet = audit([str(VENDOR / "moonshot_kimi-k2-instruct.readme.md")]), audit([str(table)])

    def scores(report):  # a section row is one spanned cell in HTML, a row of empty cells in the CSV
        return sorted((s.row, s.title, s.model, s.value, s.status) for s in report.scores if s.status != "skipped")

    def findings(report):
        where = {s.id: (s.row, s.model) for s in report.scores}
        return sorted((f.code, f.severity, f.message, tuple(where[i] for i in f.scores)) for f in report.findings)

    assert scores(html) == scores(sheet)
    assert findings(html) == findings(sheet)
    codes = {f.code for f in html.findings}
    assert {"CC209", "CC306", "CC204"} <= codes and "CC409" not in codes  # the legend was read in both
