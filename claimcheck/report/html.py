"""The HTML report (also the input to the PDF), rendered from the view-model with Jinja2.

Autoescaping is on: every string from the input table reaches the page as text.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from claimcheck.report.view import ReportView


@lru_cache(maxsize=1)
def _environment():
    import jinja2

    return jinja2.Environment(
        loader=jinja2.PackageLoader("claimcheck", "templates"),
        autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
    )


def _css() -> str:
    return resources.files("claimcheck").joinpath("templates/report.css").read_text(encoding="utf-8")


def render_html(view: ReportView, *, charts: bool = True) -> str:
    """The complete, self-contained HTML document (charts inline as SVG)."""
    drawn = {"intervals": [], "gaps": []}
    if charts:
        from claimcheck.report.charts import gap_chart, interval_chart

        drawn = {"intervals": interval_chart(view.interval_points), "gaps": gap_chart(view.gap_bars)}
    return _environment().get_template("report.html.j2").render(v=view, css=_css(), charts=drawn)
