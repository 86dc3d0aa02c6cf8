"""The Python API for notebooks: ``claimcheck.audit(path_or_dataframe)``.

    result = claimcheck.audit("table.csv", assume_n=500)
    result.findings          # DataFrame: code, slug, severity, message, scores, …
    result.scores            # DataFrame: one row per cell, with unit, n, interval, status
    result.comparisons       # DataFrame: gaps, tests and verdicts
    result.to_pdf("table.report.pdf")
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from claimcheck.records import InputFile, RawCell, Report, SourceTable

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class AuditResult:
    """A finished audit: the report plus DataFrame views and renderers."""

    report: Report

    def _frame(self, key: str) -> "pd.DataFrame":
        import pandas as pd

        return pd.DataFrame(self.report.as_records()[key])

    @property
    def scores(self) -> "pd.DataFrame":
        return self._frame("scores")

    @property
    def comparisons(self) -> "pd.DataFrame":
        return self._frame("comparisons")

    @property
    def findings(self) -> "pd.DataFrame":
        return self._frame("findings")

    @property
    def claims(self) -> "pd.DataFrame":
        return self._frame("claims")

    def to_json(self) -> str:
        from claimcheck.report.json_out import render_json

        return render_json(self.report)

    def to_html(self) -> str:
        from claimcheck.report.html import render_html
        from claimcheck.report.view import build_view

        return render_html(build_view(self.report))

    def to_pdf(self, path: str | Path) -> Path:
        """Write the PDF report; return its path."""
        from dataclasses import replace

        from claimcheck.report.fonts import report_environment
        from claimcheck.report.pdf import render_pdf
        from claimcheck.report.view import build_view

        view = build_view(self.report)
        render_pdf(replace(view, environment=view.environment + report_environment(self.report)), path)
        return Path(path)


def frame_to_table(frame: "pd.DataFrame", index: int = 0, name: str = "<dataframe>") -> tuple[InputFile, SourceTable]:
    """A DataFrame as a source table: every cell as printed text, NaN as an empty cell."""
    import pandas as pd

    header = tuple(str(c) for c in frame.columns)
    rows = []
    for r, (_, values) in enumerate(frame.iterrows(), start=2):
        cells = tuple(RawCell(text="" if pd.isna(v) else str(v).strip(), row=r, col=j) for j, v in enumerate(values))
        rows.append(cells)
    digest = hashlib.sha256(frame.to_csv(index=False).encode("utf-8")).hexdigest()
    info = InputFile(index=index, path=name, sha256=digest, format="dataframe")
    return info, SourceTable(input=index, name=name, header=header, rows=tuple(rows))


def audit(source: Any, *, assume_n: int | None = None, benchmark: str | None = None,
          registry: Sequence[str] = (), alpha: float = 0.05, power: float = 0.8, ci_method: str = "wilson",
          select: Sequence[str] = (), ignore: Sequence[str] = ()) -> AuditResult:
    """Audit a path, URL, DataFrame, or a list of them."""
    from claimcheck.checker import Selection
    from claimcheck.pipeline import Options, audit as run, read_sources

    options = Options(assume_n=assume_n, benchmark=benchmark, registry_files=tuple(registry), alpha=alpha,
                      power=power, ci_method=ci_method, selection=Selection(tuple(select), tuple(ignore)))
    items = source if isinstance(source, (list, tuple)) else [source]
    inputs, tables = [], []
    for i, item in enumerate(items):
        if hasattr(item, "iterrows"):
            info, table = frame_to_table(item, i)
            inputs.append(info)
            tables.append(table)
        else:
            found_inputs, found_tables = read_sources([str(item)])
            inputs.append(_reindex(found_inputs[0], i))
            tables += [_retable(t, i) for t in found_tables]
    return AuditResult(run([], options, tables=tables, inputs=inputs))


def _reindex(info: InputFile, i: int) -> InputFile:
    from dataclasses import replace

    return replace(info, index=i)


def _retable(table: SourceTable, i: int) -> SourceTable:
    from dataclasses import replace

    return replace(table, input=i)
