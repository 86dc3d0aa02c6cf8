"""--export-claims writes every record in long form; feeding it back reproduces the findings."""

from __future__ import annotations

import csv
import json

import pytest

from tests.conftest import EXAMPLES, run_cli


def _json(*args: str) -> dict:
    result = run_cli(*args, "--format", "json", "--fail-on", "never")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("name, extra", [
    ("astra_fable_release.csv", ()), ("astra_fable_release.zh.csv", ()),
    ("one_link_changed.csv", ()), ("agent_index_preview.csv", ()),
    ("agent_index_preview.csv", ("--assume-n", "500")),
])
def test_round_trip_gives_identical_findings(tmp_path, name, extra):
    exported = tmp_path / "claims.csv"
    first = _json(str(EXAMPLES / name), *extra, "--export-claims", str(exported))
    second = _json(str(exported), *extra)
    assert first["findings"] == second["findings"]
    assert first["comparisons"] == second["comparisons"]
    strip = ("resolution_reasons", "confidence", "raw", "column")
    assert len(first["scores"]) == len(second["scores"])
    for a, b in zip(first["scores"], second["scores"]):
        assert {k: v for k, v in a.items() if k not in strip} | {"input": 0} == \
               {k: v for k, v in b.items() if k not in strip} | {"input": 0}


def test_every_cell_is_exported_with_provenance(tmp_path):
    exported = tmp_path / "claims.csv"
    report = _json(str(EXAMPLES / "astra_fable_release.csv"), "--export-claims", str(exported))
    rows = list(csv.DictReader(exported.open(encoding="utf-8")))
    assert len(rows) == len(report["scores"]) == 28
    strict = next(r for r in rows if r["label"].startswith("Same as above") and r["model"] == "Fable 5.1")
    assert (strict["benchmark"], strict["metric"], strict["source row"]) == ("OSWorld", "strict", "11")
    assert sum(r["status"] == "missing" for r in rows) == 10


def test_a_hand_correction_changes_the_findings(tmp_path):
    exported = tmp_path / "claims.csv"
    before = _json(str(EXAMPLES / "one_link_changed.csv"), "--export-claims", str(exported))
    assert any(f["code"] == "CC301" for f in before["findings"])
    rows = list(csv.DictReader(exported.open(encoding="utf-8")))
    for r in rows:
        if r["benchmark"] == "Terminal-Bench":
            r["version"] = "2.0"  # the analyst looked it up
    with exported.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    after = _json(str(exported))
    tb = [s for s in after["scores"] if s["benchmark"] == "terminal-bench"]
    assert all(s["version"] == "2.0" and s["n"] == 89 and s["n_source"] == "registry" for s in tb)
    tb_ids = {s["id"] for s in tb}
    assert not any(f["code"] == "CC301" and tb_ids & set(f["scores"]) for f in after["findings"])


def test_exported_cells_that_a_spreadsheet_would_run_open_as_text(tmp_path):
    """OWASP's CSV-injection advice: cells starting with = + - @ (tab, CR) get a leading apostrophe;
    plain numbers stay numbers; reading the file back drops the apostrophe, so the findings repeat."""
    table = tmp_path / "t.csv"
    table.write_text('Benchmark,"=HYPERLINK(""http://x"",""y"")",@SUM(A1),+Rival\n'
                     "GPQA Diamond,70.2%,-,60.1%\nMMLU,-5.0,50.0%,40.0%\n", encoding="utf-8")
    exported = tmp_path / "claims.csv"
    first = _json(str(table), "--export-claims", str(exported))
    with exported.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    models = {r["model"] for r in rows}
    assert models == {"'=HYPERLINK(\"http://x\",\"y\")", "'@SUM(A1)", "'+Rival"}
    assert all(not v.startswith(("=", "+", "@", "\t", "\r")) for r in rows for v in r.values())
    assert {r["score"] for r in rows if r["model"] == "'@SUM(A1)"} == {"'-", "50.0%"}  # "-": missing, as text
    assert "-5.0" in {r["score"] for r in rows}  # a number is no formula
    second = _json(str(exported))
    assert first["findings"] == second["findings"]
    assert [s["model"] for s in first["scores"]] == [s["model"] for s in second["scores"]]


def test_neutralise_and_restore_are_inverse():
    from claimcheck.export import neutralise
    from claimcheck.readers.delimited import restore

    for value in ("=1+1", "+1", "-", "-x", "@a", "\tx", "\rx", "-5.3", "+2", "-1e5", "12%", "x", "", "'=kept"):
        assert restore(neutralise(value)) == value
    assert [neutralise(v) for v in ("-5.3", "+2", "-1e5", "-.5", "-3%")] == ["-5.3", "+2", "-1e5", "-.5", "-3%"]
    assert restore("'x") == "'x" and restore("'") == "'"  # an apostrophe before anything else is text
    assert [neutralise(v) for v in ("=1", "+a", "-a", "@a", "\tx", "\rx", "'=x")] == [
        "'=1", "'+a", "'-a", "'@a", "'\tx", "'\rx", "''=x"]
