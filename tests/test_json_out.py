"""The JSON report's layout: the records exactly, one record of each list per line."""

from __future__ import annotations

import json

from claimcheck.pipeline import audit
from claimcheck.report.json_out import _layout, render_json
from tests.conftest import EXAMPLES


def test_the_report_is_its_records_with_one_record_per_line():
    report = audit([str(EXAMPLES / "astra_fable_release.csv")])
    text = render_json(report)
    records = json.loads(json.dumps(report.as_records(), ensure_ascii=False))  # tuples as lists
    assert json.loads(text) == records and text.endswith("}\n")
    lines = text.splitlines()
    scores = [line for line in lines if line.startswith('    {"id": "s')]
    assert len(scores) == len(records["scores"]) > 0  # each score on a line of its own
    assert all(json.loads(line.rstrip(",")) in records["scores"] for line in scores)


def test_empty_and_nested_values_keep_json():
    data = {"a": [], "b": {"c": [1, 2], "d": "é"}, "e": [{"f": None}, 2], "g": 1.5}
    text = _layout(data)
    assert json.loads(text) == data
    assert '"a": []' in text and '"d": "é"' in text and '    {"f": null},\n    2\n' in text
    assert _layout({}) == "{}"
