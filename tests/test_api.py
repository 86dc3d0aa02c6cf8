"""The notebook API: DataFrames in, DataFrames out, a PDF on request."""

from __future__ import annotations

import pandas as pd

import claimcheck
from tests.conftest import EXAMPLES


def test_audit_a_path_returns_dataframes():
    result = claimcheck.audit(EXAMPLES / "agent_index_preview.csv", assume_n=500)
    assert list(result.scores["model"])[:2] == ["Claude Opus 5.5", "GPT-6 Astra"]
    assert {"code", "severity", "message"} <= set(result.findings.columns)
    assert (result.findings["code"] == "CC403").sum() == 1
    # no subject, no mark, no claim: no pair is judged; who leads is read from the rank sets
    assert set(result.comparisons["verdict"]) == {"descriptive"}
    assert len(result.report.ranks) == 1


def test_audit_a_dataframe_matches_the_file(tmp_path):
    frame = pd.read_csv(EXAMPLES / "astra_fable_release.csv", dtype=str, keep_default_na=False)
    from_frame = claimcheck.audit(frame)
    from_file = claimcheck.audit(EXAMPLES / "astra_fable_release.csv")
    assert list(from_frame.findings["code"]) == list(from_file.findings["code"])
    assert from_frame.report.inputs[0].format == "dataframe"
    pdf = from_frame.to_pdf(tmp_path / "frame.pdf")
    assert pdf.exists() and pdf.read_bytes().startswith(b"%PDF")


def test_nan_cells_are_missing_not_zero():
    frame = pd.DataFrame({"Benchmark": ["GPQA Diamond"], "A": [None], "B": ["61.0%"]})
    scores = claimcheck.audit(frame).scores
    assert list(scores["status"]) == ["missing", "checked"]
