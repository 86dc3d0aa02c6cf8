"""--output-format concise | full | json-lines | github | sarif, --color and --extend-select."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.conftest import EXAMPLES, run_cli

DEMO = str(EXAMPLES / "astra_fable_release.csv")


def _out(*args: str) -> str:
    result = run_cli(DEMO, *args, "--fail-on", "never")
    assert result.exit_code == 0, result.output
    return result.stdout


def _findings() -> list[dict]:
    return json.loads(_out("--output-format", "json"))["findings"]


def test_concise_prints_one_located_line_per_finding_in_the_checkers_order():
    out = _out("--output-format", "concise", "--color", "never")
    lines = [line for line in out.splitlines() if re.match(r"^\S+:\d+:\d+: CC\d{3} \[", line)]
    findings = _findings()
    assert len(lines) == len(findings)
    assert [re.search(r" (CC\d{3}) ", line).group(1) for line in lines] == [f["code"] for f in findings]
    assert lines[0].startswith(DEMO + ":") and "[error]" in lines[0]  # errors first
    assert "\x1b[" not in out and "What the table supports" in out


def test_piped_output_is_not_wrapped_and_colour_is_forced_only_when_asked():
    out = _out("--output-format", "concise", "--color", "never")
    longest = max(len(line) for line in out.splitlines())
    assert longest > 120  # a long message stays on its line when piped
    assert "\x1b[" in _out("--output-format", "concise", "--color", "always")
    assert "\x1b[" not in _out("--output-format", "concise")  # auto: no colour when piped


def test_full_prints_every_finding_with_its_number_and_writes_no_pdf(tmp_path):
    out = _out("--output-format", "full", "-o", str(tmp_path / "x.pdf"))
    numbered = [line for line in out.splitlines() if re.match(r"^\[\d+\] CC\d{3} ", line)]
    assert len(numbered) == len(_findings()) and not (tmp_path / "x.pdf").exists()


def test_json_lines_is_one_finding_per_line_with_its_location():
    lines = _out("--output-format", "json-lines").splitlines()
    records = [json.loads(line) for line in lines]
    assert [r["code"] for r in records] == [f["code"] for f in _findings()]
    assert all(set(r["location"]) == {"path", "row", "column"} and r["location"]["row"] >= 1 for r in records)


def test_github_annotations_escape_what_the_workflow_syntax_reserves():
    lines = _out("--output-format", "github").splitlines()
    assert len(lines) == len(_findings())
    pattern = re.compile(r"^::(error|warning|notice) file=[^,]+,line=\d+,col=\d+,title=CC\d{3} [a-z-]+::.+$")
    assert all(pattern.match(line) for line in lines), lines[:3]
    from claimcheck.report.lint import _escape_data, _escape_property

    assert _escape_data("50% of\na") == "50%25 of%0Aa"
    assert _escape_property("a,b:c") == "a%2Cb%3Ac"


def test_sarif_is_a_2_1_0_log_with_the_required_properties():
    log = json.loads(_out("--output-format", "sarif"))
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "claimcheck" and driver["version"]
    ids = [r["id"] for r in driver["rules"]]
    assert len(ids) == len(set(ids))
    findings = _findings()
    assert len(run["results"]) == len(findings)
    for result, finding in zip(run["results"], findings):
        assert result["ruleId"] == finding["code"] and ids[result["ruleIndex"]] == finding["code"]
        assert result["level"] in ("error", "warning", "note") and result["message"]["text"]
        region = result["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
        assert {"note": "info"}.get(result["level"], result["level"]) == finding["severity"]


def test_sarif_validates_against_the_sarif_2_1_0_schema(tmp_path):
    """Issue 9: the SARIF log validates against OASIS's schema (tests/fixtures/SOURCES.md), formats included,
    for the demo and for a table whose findings carry no claims."""
    import jsonschema

    schema = json.loads((Path(__file__).parent / "fixtures" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
    logs = [json.loads(_out("--output-format", "sarif"))]
    out = tmp_path / "preview.sarif"
    run_cli(str(EXAMPLES / "agent_index_preview.csv"), "--output-format", "sarif", "-o", str(out), "--fail-on", "never")
    logs.append(json.loads(out.read_text(encoding="utf-8")))
    for log in logs:
        errors = [f"{list(e.path)}: {e.message}" for e in validator.iter_errors(log)]
        assert log["runs"][0]["results"] and not errors, errors[:5]
    assert list(validator.iter_errors({"version": "2.1.0", "runs": [{"tool": {}}]}))  # the schema does reject


def test_format_is_an_alias_of_output_format():
    assert _out("--format", "json-lines") == _out("--output-format", "json-lines")


def test_extend_select_adds_rules_to_a_selection():
    only = {f["code"] for f in json.loads(_out("--select", "CC3", "--format", "json"))["findings"]}
    more = {f["code"] for f in json.loads(_out("--select", "CC3", "--extend-select", "CC501", "--format", "json"))["findings"]}
    assert only and all(c.startswith("CC3") for c in only)
    assert more == only | {"CC501"}
    bad = run_cli(DEMO, "--extend-select", "CC999", "--format", "json")
    assert bad.exit_code == 2 and "CC999" in bad.output


def test_a_location_is_the_line_and_1_based_column_of_a_cell_the_finding_is_about():
    import csv

    records = [json.loads(line) for line in _out("--output-format", "json-lines").splitlines()]
    scores = {s["id"]: s for s in json.loads(_out("--output-format", "json"))["scores"]}
    rows = list(csv.reader(open(DEMO, encoding="utf-8")))
    located = [r for r in records if r["scores"]]
    assert located
    for r in located:
        row, col = r["location"]["row"], r["location"]["column"]
        printed = {scores[i]["raw"] for i in r["scores"] if scores[i]["row"] == row}
        assert rows[row - 1][col - 1] in printed, (r["code"], row, col)


def test_each_claim_finding_is_located_at_its_own_sentence(tmp_path):
    claims = tmp_path / "post.txt"
    claims.write_text("Astra leads on FooBench.\nAstra leads on BarBench.\nAstra leads on BazBench.\n", encoding="utf-8")
    result = run_cli(DEMO, "--claims", str(claims), "--output-format", "github", "--fail-on", "never")
    lines = [line for line in result.stdout.splitlines() if "file=post.txt," in line]
    assert sorted({re.search(r"line=(\d+)", line).group(1) for line in lines}) == ["1", "2", "3"]
