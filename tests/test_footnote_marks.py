"""Footnote marks on bold headers, and two notes that share one mark (nvidia-openreasoning-nemotron's layout)."""

from __future__ import annotations

from claimcheck.pipeline import Options, audit
from claimcheck.registry.footnotes import label_markers

TABLE = """| **Model** | **AritificalAnalysisIndex*** | **LiveCodeBench*** |
| :--- | :--- | :--- |
| **A** | 54.7 | 63.3 |
| **B** | 60.9 | 67.8 |

\\* This is our estimation of the Artificial Analysis Intelligence Index, not an official score.

\\* LiveCodeBench version 6, date range 2408-2505.
"""


def test_a_bold_headers_closing_stars_are_not_its_mark():
    assert label_markers("**LiveCodeBench***") == ("*",)
    assert label_markers("**HLE**†") == ("†",)
    assert label_markers("**GPQA**") == () and label_markers("HLE*") == ("*",)


def test_of_two_notes_with_one_mark_the_one_naming_the_benchmark_applies(tmp_path):
    path = tmp_path / "t.md"
    path.write_text(TABLE, encoding="utf-8")
    report = audit([str(path)], Options())
    lcb = [s for s in report.scores if s.benchmark == "livecodebench"]
    assert lcb and all(s.resolution.version == "2024-08..2025-05" for s in lcb)
    assert all("LiveCodeBench version 6" in s.resolution.reasons["note"] for s in lcb)
    aa = [s for s in report.scores if s.benchmark and s.benchmark != "livecodebench"]
    assert aa and all("Artificial Analysis" in s.resolution.reasons["note"] for s in aa)
    (cc201,) = [f for f in report.findings if f.code == "CC201"]
    assert cc201.details["benchmarks"] == ["Artificial Analysis Intelligence Index"]  # LiveCodeBench's is stated


def test_a_footnote_sets_a_version_only_when_it_names_one_of_the_benchmark(tmp_path):
    """Review: "from the December 2024 technical report" set LiveCodeBench's version to "2024"; a date window
    or a registered version still sets it."""
    from claimcheck.pipeline import audit

    def version(note: str):
        path = tmp_path / "t.md"
        path.write_text(f"| Benchmark | A | B |\n|---|---|---|\n| LiveCodeBench* | 60.1 | 55.0 |\n\n\\* {note}\n",
                        encoding="utf-8")
        return audit([str(path)]).scores[0].resolution

    report = version("Numbers taken from the December 2024 technical report.")
    assert report.version is None and report.unstated_versions
    assert version("LiveCodeBench date range 2408-2505.").version == "2024-08..2025-05"
    assert version("LiveCodeBench v6.").version == "v6"
