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


def _secondhand(tmp_path, table: str) -> dict:
    """Which (model, line) cells of a Markdown table come out second-hand."""
    path = tmp_path / "t.md"
    path.write_text(table, encoding="utf-8")
    return {(s.model, s.label): s.resolution.secondhand for s in audit([str(path)], Options()).scores}


def test_a_superscript_mark_on_a_row_label_ties_the_row_to_its_note(tmp_path):
    # "<sup>1</sup>" is split off the label by the reader; the row keeps it, so the note applies to the row only
    found = _secondhand(tmp_path, "| Benchmark | Qwen2-7B | Llama-3-8B |\n|---|---|---|\n| MMLU<sup>1</sup> | 70.1 | 66.2 |\n"
                                  "| GSM8K | 80.2 | 79.6 |\n\n<sup>1</sup> Results from the Llama technical report.\n")
    assert {label: hand for (_, label), hand in found.items()} == {"MMLU": True, "GSM8K": False}


def test_a_superscript_mark_on_a_model_row_ties_that_models_cells_to_its_note(tmp_path):
    assert _secondhand(tmp_path, "| Model | MMLU | GSM8K |\n|---|---|---|\n| Qwen2-7B | 70.1 | 80.2 |\n"
                                 "| Llama-3-8B<sup>*</sup> | 66.2 | 79.6 |\n\n<sup>*</sup> Results from the Llama technical report.\n") == {
        ("Qwen2-7B", "MMLU"): False, ("Qwen2-7B", "GSM8K"): False,
        ("Llama-3-8B", "MMLU"): True, ("Llama-3-8B", "GSM8K"): True}
