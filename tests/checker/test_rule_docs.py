"""Every rule has a unique stable code, a slug, and a complete docstring (its documentation)."""

from __future__ import annotations

import re

from claimcheck.checker import all_rules
from claimcheck.checker.base import parse_docstring


def test_codes_and_slugs_are_unique_and_well_formed():
    rules = all_rules()
    codes = [r.code for r in rules]
    slugs = [r.slug for r in rules]
    assert len(codes) == len(set(codes)) and len(slugs) == len(set(slugs))
    for r in rules:
        assert re.fullmatch(r"CC[1-6]\d\d", r.code), r.code
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", r.slug), r.slug
        assert r.severity in ("error", "warning", "info")


def test_docstrings_have_summary_why_bad_good_and_reference():
    for r in all_rules():
        parts = parse_docstring(r.__doc__ or "")
        for section in ("summary", "why", "bad", "good", "reference"):
            assert parts[section].strip(), (r.code, section)
        assert r.doc().summary.endswith(".")
