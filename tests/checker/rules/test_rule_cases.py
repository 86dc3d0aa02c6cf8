"""Data-driven rule tests: table snippets that must and must not trigger each rule (cases.yaml).

Each case is written to a file and run through the real pipeline, so a case tests the
reader, the resolver and the measurement as a rule sees them, not a hand-built record.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import yaml

from claimcheck.checker.rules import FAMILIES
from claimcheck.pipeline import Options, audit

HERE = Path(__file__).parent
CASES = yaml.safe_load((HERE / "cases.yaml").read_text(encoding="utf-8"))
REGISTRY = str(HERE / "registry.yaml")
OWNED = tuple(FAMILIES)


def run_case(case: dict, tmp_path: Path):
    """Write the case's table(s) and audit them with the test registry."""
    suffix = "." + case.get("format", "csv")
    texts = case.get("tables") or [case["table"]]
    paths = []
    for i, text in enumerate(texts):
        path = tmp_path / f"{case['id']}-{i}{suffix}"
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    options = dict(case.get("options", {}))
    refs = []
    for i, ref in enumerate(case.get("references", [])):  # --reference files: {format, text}
        path = tmp_path / f"{case['id']}-ref{i}.{ref.get('format', 'csv')}"
        path.write_text(ref["text"], encoding="utf-8")
        refs.append(str(path))
    if refs:
        options["reference_files"] = tuple(refs)
    if "claims" in case:  # the vendor's text, one claim per line
        claims = tmp_path / f"{case['id']}.claims.txt"
        claims.write_text(case["claims"], encoding="utf-8")
        options["claims_files"] = (str(claims),)
    return audit(paths, Options(registry_files=(REGISTRY,), **options))


def _same(expected, actual) -> bool:
    if isinstance(expected, float) or isinstance(actual, float):
        return actual is not None and math.isclose(float(expected), float(actual), abs_tol=1e-6)
    if isinstance(expected, list):
        return isinstance(actual, (list, tuple)) and len(expected) == len(actual) and all(
            _same(e, a) for e, a in zip(expected, actual))
    return expected == actual


def _matches(finding, want: dict) -> bool:
    if finding.code != want["code"] or finding.severity != want.get("severity", finding.severity):
        return False
    if want.get("message_contains", "") not in finding.message:
        return False
    return all(k in finding.details and _same(v, finding.details[k]) for k, v in want.get("details", {}).items())


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_rule_case(case, tmp_path):
    report = run_case(case, tmp_path)
    codes = {f.code for f in report.findings}
    shown = "\n".join(f"{f.code} {f.severity} {f.message}" for f in report.findings)
    assert not [f for f in report.findings if f.details.get("crashed")], shown
    for code in case.get("must_fire", []):
        assert code in codes, f"{code} did not fire:\n{shown}"
    for code in case.get("must_not_fire", []):
        assert code not in codes, f"{code} fired:\n{shown}"
    for want in case.get("expect", []):
        assert any(_matches(f, want) for f in report.findings), f"no finding like {want}:\n{shown}"
    if unwanted := case.get("must_not_fire_message"):  # no finding says this
        assert not [f for f in report.findings if unwanted in f.message], shown
    for code, times in case.get("fire_count", {}).items():  # one finding per problem, not one per view of it
        assert sum(f.code == code for f in report.findings) == times, f"{code} not {times}x:\n{shown}"


def test_case_ids_are_unique():
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("family", OWNED)
def test_every_rule_has_a_firing_and_a_quiet_case(family):
    fire = {code for c in CASES for code in c.get("must_fire", [])}
    fire |= {code for c in CASES for code, times in c.get("fire_count", {}).items() if times}
    quiet = {code for c in CASES for code in c.get("must_not_fire", [])}
    quiet |= {code for c in CASES for code, times in c.get("fire_count", {}).items() if not times}
    for rule in FAMILIES[family]:
        assert rule.code in fire, f"{rule.code} has no must_fire case"
        assert rule.code in quiet, f"{rule.code} has no must_not_fire case"
