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


def test_a_rule_that_raises_is_reported_under_its_own_code_and_the_others_still_run(tmp_path, monkeypatch):
    from claimcheck.checker.rules.units import EloPercentMix
    from claimcheck.pipeline import audit

    def boom(self, context):
        raise RuntimeError("simulated bug")
        yield  # pragma: no cover

    monkeypatch.setattr(EloPercentMix, "check", boom)
    path = tmp_path / "t.csv"
    path.write_text("Benchmark,A,B\nGPQA Diamond,61.0%,59.0%\nAgent Index,90.1,88.0\n", encoding="utf-8")
    report = audit([str(path)])
    crashed = [f for f in report.findings if f.details.get("crashed")]
    assert [f.code for f in crashed] == ["CC101"] and "simulated bug" in crashed[0].message
    assert {"CC406"} <= {f.code for f in report.findings}
