"""A model card's "Open LLM Leaderboard Evaluation Results" table is the board's run, not the vendor's: where it
differs from the card's own table it is two evaluations (CC404 info), not one measurement with two values."""

from __future__ import annotations

from claimcheck.pipeline import audit

CARD = """\
# Model Card for Zed-3B

## Other benchmarks

| Task | Zed-3B |
|---|---|
| MMLU (5-shot) | 46.3 |
| GSM8K (5-shot) | 42.3 |

# {heading}

| Metric | Zed-3B |
|---|---:|
| MMLU (5-Shot) | 46.17 |
| GSM8K (5-shot) | 42.15 |
"""


def _cc404(tmp_path, heading):
    path = tmp_path / "card.md"
    path.write_text(CARD.format(heading=heading), encoding="utf-8")
    return [f for f in audit([str(path)]).findings if f.code == "CC404"]


def test_a_leaderboard_table_beside_the_vendor_table_is_two_runs(tmp_path):
    (finding,) = _cc404(tmp_path, "[Open LLM Leaderboard Evaluation Results](https://huggingface.co/spaces/x)")
    assert str(finding.severity) == "info"
    assert "that leaderboard's own run" in finding.message and "46.17" in finding.message
    assert finding.details["board"] == "Open LLM Leaderboard Evaluation Results"


def test_two_tables_of_the_page_itself_still_conflict(tmp_path):
    (finding,) = _cc404(tmp_path, "More results")
    assert str(finding.severity) == "error" and "Nothing printed says how the tables differ" in finding.message
