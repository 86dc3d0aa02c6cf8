"""docs/rules.md is generated from the rule classes; fail when it is stale (`make docs`)."""

from __future__ import annotations

from pathlib import Path

from claimcheck.docs import rules_markdown

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def test_rules_doc_is_up_to_date():
    assert DOCS.read_text(encoding="utf-8") == rules_markdown(), "docs/rules.md is stale: run `make docs`"
