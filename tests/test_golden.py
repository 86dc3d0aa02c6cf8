"""Golden files: the JSON and the pre-PDF HTML of every example, dates and versions scrubbed.

After an intended change to the output, refresh them with `make golden`
(CLAIMCHECK_UPDATE_GOLDEN=1) and review the diff like code.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from claimcheck.pipeline import Options, audit
from claimcheck.report.html import render_html
from claimcheck.report.json_out import render_json
from claimcheck.report.view import build_view

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden"
UPDATE = os.environ.get("CLAIMCHECK_UPDATE_GOLDEN") == "1"
CASES = {
    "astra_fable_release": ("examples/astra_fable_release.csv", {}),
    "astra_fable_release.zh": ("examples/astra_fable_release.zh.csv", {}),
    "agent_index_preview": ("examples/agent_index_preview.csv", {}),
    "agent_index_preview.n500": ("examples/agent_index_preview.csv", {"assume_n": 500}),
    "one_link_changed": ("examples/one_link_changed.csv", {}),
}
_SCRUB = [
    (re.compile(r'"generated": "[^"]*"'), '"generated": "<date>"'),
    (re.compile(r'"claimcheck_version": "[^"]*"'), '"claimcheck_version": "<version>"'),
    (re.compile(r'"registry_version": "[^"]*"'), '"registry_version": "<registry>"'),
    (re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00"), "<date>"),
    (re.compile(r"claimcheck \d+\.\d+\.\d+"), "claimcheck <version>"),
    (re.compile(r"registry \d{4}\.\d{2}\.\d{2}\S*"), "registry <registry>"),
    # the stylesheet is claimcheck/templates/report.css verbatim: the golden keeps structure and text
    (re.compile(r"<style>.*?</style>", re.S), "<style><!-- report.css --></style>"),
]


def scrub(text: str) -> str:
    for pattern, replacement in _SCRUB:
        text = pattern.sub(replacement, text)
    return text


def _compare(name: str, actual: str) -> None:
    path = GOLDEN / name
    if UPDATE or not path.exists():
        path.write_text(actual, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"golden file {name} was missing and has been written; review and commit it")
        return
    expected = path.read_text(encoding="utf-8")
    assert actual == expected, f"{name} differs from its golden file: run `make golden` if the change is intended"


@pytest.fixture(params=sorted(CASES), scope="module")
def case(request, monkeypatch_module):
    path, options = CASES[request.param]
    monkeypatch_module.chdir(ROOT)
    return request.param, audit([path], Options(**options))


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as mp:
        yield mp


def test_json_matches_golden(case):
    name, report = case
    _compare(f"{name}.json", scrub(render_json(report)))


def test_html_matches_golden(case):
    name, report = case
    _compare(f"{name}.html", scrub(render_html(build_view(report), charts=False)))


def test_the_html_embeds_the_whole_stylesheet(case):
    _, report = case
    css = (ROOT / "claimcheck" / "templates" / "report.css").read_text(encoding="utf-8")
    assert f"<style>{css}</style>" in render_html(build_view(report), charts=False)
