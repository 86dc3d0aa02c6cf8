"""Helpers of the unseen-card tests: audit one Markdown page through the real pipeline, pick findings by code."""

from __future__ import annotations

from claimcheck.pipeline import audit


def audit_card(tmp_path, text: str):
    """The report of a model card written to ``card.md`` under ``tmp_path``."""
    path = tmp_path / "card.md"
    path.write_text(text, encoding="utf-8")
    return audit([str(path)])


def codes(report, code: str) -> list:
    """The report's findings of one rule."""
    return [f for f in report.findings if f.code == code]
