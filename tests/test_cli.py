"""The command line: exit statuses, one-line errors, outputs, start-up cost."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from tests.conftest import EXAMPLES, run_cli


def _one_line_error(result, *words: str) -> None:
    assert result.exit_code == 2
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("claimcheck: error: ")
    for w in words:
        assert w in lines[0]
    assert "Traceback" not in result.output


def test_empty_file(tmp_path):
    p = tmp_path / "empty.csv"
    p.write_bytes(b"")
    _one_line_error(run_cli(str(p), "--no-pdf"), str(p), "empty")


def test_binary_file(tmp_path):
    p = tmp_path / "blob.csv"
    p.write_bytes(bytes(range(256)) * 4)
    _one_line_error(run_cli(str(p), "--no-pdf"), str(p), "binary")


def test_ragged_rows_name_the_row(tmp_path):
    p = tmp_path / "ragged.csv"
    p.write_text("Benchmark,A,B\nMMLU,80.1,79.0\nGPQA Diamond,60.1,59.0,extra,more\n", encoding="utf-8")
    _one_line_error(run_cli(str(p), "--no-pdf"), str(p), "row 3", "ragged")


def test_a_first_line_of_a_million_quotes_is_one_clear_refusal(tmp_path):
    """Issue 11: the delimiter check met the csv module's field limit and raised a traceback."""
    p = tmp_path / "quotes.csv"
    p.write_text('"' * 1_200_000 + "\n", encoding="utf-8")
    _one_line_error(run_cli(str(p), "--no-pdf"), str(p), "row 1", "malformed CSV", "field limit")


def test_missing_file():
    _one_line_error(run_cli("no/such/table.csv", "--no-pdf"), "no/such/table.csv", "not found")


def test_leaderboard_export_without_benchmark_asks_for_one(tmp_path):
    p = tmp_path / "arena.csv"
    p.write_text("model,score\nA,1300\nB,1290\n", encoding="utf-8")
    _one_line_error(run_cli(str(p), "--no-pdf"), "--benchmark")


def test_bad_select_is_a_usage_error():
    _one_line_error(run_cli(str(EXAMPLES / "one_link_changed.csv"), "--no-pdf", "--select", "CC9"), "CC9")


def test_exit_status_follows_fail_on():
    path = str(EXAMPLES / "one_link_changed.csv")
    assert run_cli(path, "--no-pdf").exit_code == 1  # CC501 error on SWE-bench Verified
    assert run_cli(path, "--no-pdf", "--fail-on", "never").exit_code == 0
    assert run_cli(path, "--no-pdf", "--ignore", "validity,CC403").exit_code == 0
    assert run_cli(path, "--no-pdf", "--ignore", "validity", "--fail-on", "warning").exit_code == 1


def test_select_keeps_only_the_selected_findings():
    result = run_cli(str(EXAMPLES / "astra_fable_release.csv"), "--format", "json", "--select", "CC2", "--ignore", "CC204")
    codes = {f["code"] for f in json.loads(result.stdout)["findings"]}
    assert codes and all(c.startswith("CC2") for c in codes) and "CC204" not in codes


def test_stdin_reads_a_table():
    data = (EXAMPLES / "agent_index_preview.csv").read_bytes()
    result = run_cli("-", "--format", "json", "--assume-n", "500", input=data)
    report = json.loads(result.stdout)
    assert report["inputs"][0]["path"] == "<stdin>" and len(report["scores"]) == 4


def test_terminal_summary_and_pdf_next_to_the_input(tmp_path):
    src = tmp_path / "table.csv"
    src.write_bytes((EXAMPLES / "astra_fable_release.csv").read_bytes())
    result = run_cli(str(src), "--fail-on", "never")
    assert result.exit_code == 0
    out = result.stdout
    assert "What the table supports" in out and "What it does not support" in out
    assert "CC101" in out and "CC208" in out
    assert (tmp_path / "table.report.pdf").exists()
    assert f"Report written to {tmp_path / 'table.report.pdf'}" in out


@pytest.mark.parametrize("fmt, marker", [("md", "# claimcheck"), ("html", "<!DOCTYPE html>")])
def test_markdown_and_html_formats(fmt, marker):
    result = run_cli(str(EXAMPLES / "one_link_changed.csv"), "--format", fmt, "--fail-on", "never")
    assert result.stdout.startswith(marker)
    assert "CC204" in result.stdout


def test_help_loads_no_heavy_module():
    code = (
        "import sys; sys.argv=['claimcheck','--help']\n"
        "from claimcheck.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "heavy = {'pandas','scipy','matplotlib','weasyprint','numpy','pydantic'} & set(sys.modules)\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


def test_rules_list_explain_and_json():
    listing = run_cli("rules")
    assert listing.exit_code == 0 and "CC302  gap-within-noise" in listing.stdout
    explained = run_cli("rules", "--explain", "CC302")
    assert "Holm" in explained.stdout and "Flags:" in explained.stdout
    items = json.loads(run_cli("rules", "--format", "json").stdout)
    assert {"code", "slug", "family", "severity", "summary"} <= set(items[0])
    assert run_cli("rules", "--explain", "CC999").exit_code == 2


def test_registry_list_and_show():
    listing = run_cli("registry", "list")
    assert listing.exit_code == 0 and "gpqa" in listing.stdout and "hle" in listing.stdout
    entries = json.loads(run_cli("registry", "list", "--format", "json").stdout)
    gpqa = next(e for e in entries if e["id"] == "gpqa")
    assert {"id", "name", "aliases", "versions", "unit", "status", "sources"} <= set(gpqa)
    shown = run_cli("registry", "show", "GPQA Diamond")
    assert shown.exit_code == 0 and "diamond" in shown.stdout and "source:" in shown.stdout
    assert json.loads(run_cli("registry", "show", "hle", "--format", "json").stdout)["id"] == "hle"
    assert run_cli("registry", "show", "NoSuchBench").exit_code == 2


def test_registry_list_as_csv_is_one_row_per_item_count(tmp_path):
    import csv
    import io

    from claimcheck.registry.catalogue import load_catalogue

    result = run_cli("registry", "list", "--format", "csv")
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    catalogue = load_catalogue()
    counts = sum(max(1, sum(1 + len(v.subsets) for v in b.versions)) for b in catalogue)
    assert len(rows) == counts and {r["id"] for r in rows} == {b.id for b in catalogue}
    diamond = next(r for r in rows if r["id"] == "gpqa" and r["subset"] == "diamond")
    assert (diamond["n"], diamond["used_for_intervals"]) == ("198", "yes") and diamond["n_sources"]
    extended = next(r for r in rows if r["id"] == "gpqa" and r["subset"] == "extended")
    assert extended["used_for_intervals"] == "no" and extended["evidence"] not in ("counted", "official", "mirror")

    user = tmp_path / "user.yaml"  # text from a user's file that a spreadsheet would run opens as text
    user.write_text('benchmarks:\n  - {id: evil, name: "=HYPERLINK(1)", family: knowledge, sources: ["@x"]}\n'
                    '  - {id: uncounted, name: Uncounted, family: knowledge, sources: [x], versions: [{id: v1}]}\n',
                    encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(run_cli("registry", "list", "--format", "csv", "--registry", str(user)).stdout)))
    evil = next(r for r in rows if r["id"] == "evil")
    assert (evil["name"], evil["sources"], evil["version"], evil["n"]) == ("'=HYPERLINK(1)", "'@x", "", "")
    uncounted = next(r for r in rows if r["id"] == "uncounted")
    assert (uncounted["version"], uncounted["n"], uncounted["used_for_intervals"]) == ("v1", "", "no")


REGISTRY_GOOD = """benchmarks:
  - id: my-bench
    name: My Bench
    family: knowledge
    sources: ["https://example.org/my-bench"]
    versions:
      - id: v1
        n: {value: 120, evidence: counted, sources: ["my-org/my-bench data/test.jsonl, 120 lines"]}
  - id: gpqa
    name: GPQA
    family: knowledge
    sources: ["https://example.org/gpqa"]
"""
REGISTRY_BAD = """benchmarks:
  - id: Bad_Id
    name: Bad
    family: knowledge
    sources: ["x"]
    versions:
      - id: v1
        n: {value: 0}
  - id: other
    name: Other
    family: knowledge
    unit: furlongs
    sources: ["x"]
"""


def test_registry_check_says_every_problem_of_a_user_file(tmp_path):
    good, bad, clash, broken = (tmp_path / f"{n}.yaml" for n in ("good", "bad", "clash", "broken"))
    good.write_text(REGISTRY_GOOD, encoding="utf-8")
    bad.write_text(REGISTRY_BAD, encoding="utf-8")
    clash.write_text("benchmarks:\n  - {id: my-mmlu, name: MMLU, family: knowledge, sources: [x]}\n", encoding="utf-8")
    broken.write_text("benchmarks: [\n", encoding="utf-8")
    listed = tmp_path / "list.yaml"
    listed.write_text("- id: x\n", encoding="utf-8")
    not_mapping = run_cli("registry", "check", str(listed))
    assert not_mapping.exit_code == 2 and "list.yaml: expected a mapping with a 'benchmarks' list" in not_mapping.stderr
    ok = run_cli("registry", "check", str(good))
    assert ok.exit_code == 0 and "valid, 2 benchmarks (1 new, 1 replacing shipped entries)" in ok.stdout
    failed = run_cli("registry", "check", str(bad))
    lines = failed.stderr.splitlines()
    assert failed.exit_code == 2 and len(lines) == 3  # each pydantic error of each entry, one line each
    assert "entry 'Bad_Id', field id:" in lines[0] and "field versions.0.n.value: Input should be greater" in lines[1]
    assert "entry 'other', field unit:" in lines[2]
    listed = run_cli("registry", "list", "--registry", str(bad))  # reading it for use: the first problem, one line
    assert listed.exit_code == 2 and "'Bad_Id', field id:" in listed.stderr and "'other'" not in listed.stderr
    collided = run_cli("registry", "check", str(clash))
    assert collided.exit_code == 2 and "collides with an alias of 'mmlu'" in collided.stderr
    unreadable = run_cli("registry", "check", str(broken), str(good))  # each file is checked
    assert unreadable.exit_code == 2 and "row 2: not valid YAML" in unreadable.stderr and "good.yaml: valid" in unreadable.stdout
    assert run_cli("registry", "check", str(tmp_path / "none.yaml")).exit_code == 2


def test_claims_file_is_judged(tmp_path):
    claims = tmp_path / "claims.txt"
    claims.write_text(
        "# launch post\nAstra scores 99% on FrontierMath Tier 4.\nFable 5.1 leads Astra on HLE with tools.\n",
        encoding="utf-8",
    )
    result = run_cli(str(EXAMPLES / "astra_fable_release.csv"), "--claims", str(claims), "--format", "json",
                     "--fail-on", "never")
    report = json.loads(result.stdout)
    verdicts = [(c["source"].rsplit(":", 1)[1], c["verdict"]) for c in report["claims"]]
    assert verdicts == [("2", "number-mismatch"), ("3", "incomparable")]
    assert {"CC603", "CC604"} <= {f["code"] for f in report["findings"]}
    missing = run_cli(str(EXAMPLES / "astra_fable_release.csv"), "--claims", str(tmp_path / "none.txt"), "--no-pdf")
    assert missing.exit_code == 2 and "none.txt" in missing.stderr


def test_a_release_page_url_is_scraped_and_checked(tmp_path, monkeypatch):
    """The URL path end to end, with an injected transport (no network)."""
    import httpx

    from claimcheck.scrapers import fetch as fetch_module

    page = ("<html><body><table><tr><th>Benchmark</th><th>Astra</th><th>Fable 5.1</th></tr>"
            "<tr><td>GPQA Diamond</td><td>87.0%</td><td>86.5%<sup>*</sup></td></tr>"
            "<tr><td>GDPval-AA</td><td>1853</td><td>1790</td></tr></table>"
            "<p>* from the Fable technical report</p></body></html>")
    transport = httpx.MockTransport(lambda request: httpx.Response(200, html=page))
    real_client = httpx.Client
    monkeypatch.setattr(fetch_module.httpx, "Client", lambda **kw: real_client(transport=transport, **kw))
    result = run_cli("https://vendor.example/blog/release", "--format", "json", "--fail-on", "never")
    report = json.loads(result.stdout)
    assert report["inputs"][0]["format"] == "url"
    codes = {f["code"] for f in report["findings"]}
    assert {"CC101", "CC209"} <= codes


@pytest.mark.parametrize("args", [["--bogus", "x.csv"], ["x.csv", "--assume-n", "0"], ["x.csv", "--format", "pdfx"],
                                  ["x.csv", "--benchmark", "--no-pdf"]])
def test_usage_errors_are_one_line_with_status_2(args):
    result = subprocess.run([sys.executable, "-m", "claimcheck", *args], capture_output=True, text=True)
    assert result.returncode == 2
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("claimcheck: error: ") and "Traceback" not in result.stderr


def test_no_arguments_print_the_help():
    result = subprocess.run([sys.executable, "-m", "claimcheck"], capture_output=True, text=True)
    assert result.returncode == 0 and "Usage:" in result.stdout


def test_markdown_output_makes_input_markup_inert(tmp_path):
    src = tmp_path / "esc.csv"
    src.write_text('Benchmark,A,B\n"<script>alert(1)</script>",50.0%,40.0%\n', encoding="utf-8")
    out = run_cli(str(src), "--format", "md", "--fail-on", "never").stdout
    assert "<script>" not in out and "&lt;script&gt;" in out


def test_markdown_with_prose_before_the_table_reads_from_stdin():
    doc = b"# Release\n\nSome prose.\n\n| Benchmark | A | B |\n|---|---|---|\n| GPQA Diamond | 61.0% | 59.0% |\n"
    report = json.loads(run_cli("-", "--format", "json", "--fail-on", "never", input=doc).stdout)
    assert report["inputs"][0]["format"] == "md" and len(report["scores"]) == 2


def test_alpha_sets_the_confidence_level_everywhere():
    out = run_cli(str(EXAMPLES / "agent_index_preview.csv"), "--assume-n", "500", "--alpha", "0.01", "--format", "md",
                  "--fail-on", "never").stdout
    assert "99% simultaneous rank sets" in out and "99% interval" in out and "95%" not in out


def test_a_shift_jis_file_is_refused_not_read_as_gb18030(tmp_path):
    """Issue 11: GB18030 decodes Shift-JIS bytes without error ("数学テスト" came out as "悢妛僥僗僩")."""
    p = tmp_path / "sjis.csv"
    p.write_bytes("Benchmark,A\n数学テスト,57.9\n".encode("shift_jis"))
    _one_line_error(run_cli(str(p), "--no-pdf"), str(p), "Shift-JIS", "save it as UTF-8")


@pytest.mark.parametrize("text", ["基准,模型A\n数学,57.9\n", "模型,得分\n通义千问,88.1\n", "类别,A\n语言,1\n"])
def test_short_gbk_files_that_are_also_valid_shift_jis_or_big5_are_read(tmp_path, text):
    """Review: ordinary GBK text is often valid Big5 or Shift-JIS bytes too ("模型,得分"); it stays readable."""
    from claimcheck.readers.delimited import decode

    assert decode(text.encode("gbk"), "t.csv") == (text, "gb18030")


def test_a_gbk_copy_of_the_chinese_example_reads_like_the_utf8_one(tmp_path):
    from claimcheck.pipeline import audit

    source = EXAMPLES / "astra_fable_release.zh.csv"
    p = tmp_path / "gbk.csv"
    p.write_bytes(source.read_text(encoding="utf-8").encode("gbk"))
    utf8, gbk = audit([str(source)]), audit([str(p)])
    assert [(f.code, f.message.replace(str(source), "")) for f in utf8.findings] == \
        [(f.code, f.message.replace(str(p), "")) for f in gbk.findings]


@pytest.mark.parametrize("value", ["2025-13-01", "July 2025", "2025", "2025-02-30"])
def test_as_of_must_be_a_calendar_date(value):
    _one_line_error(run_cli(str(EXAMPLES / "astra_fable_release.csv"), "--no-pdf", "--as-of", value), "--as-of", value)


def test_as_of_is_recorded_in_the_json():
    result = run_cli(str(EXAMPLES / "astra_fable_release.csv"), "--output-format", "json", "--as-of", "2025-08-01")
    assert json.loads(result.stdout)["settings"]["as_of"] == "2025-08-01"


def test_an_internal_error_is_one_line_and_exit_status_3(monkeypatch, capsys):
    """A bug (here: the pipeline raising) is no 'findings' exit 1 and no traceback: one line, status 3;
    --debug anywhere on the line, or CLAIMCHECK_DEBUG=1, shows the traceback instead."""
    import claimcheck.pipeline
    from claimcheck.cli import main

    def broken(*args, **kwargs):
        raise KeyError("no such cell")

    monkeypatch.setattr(claimcheck.pipeline, "audit", broken)
    monkeypatch.delenv("CLAIMCHECK_DEBUG", raising=False)
    path = str(EXAMPLES / "astra_fable_release.csv")
    with pytest.raises(SystemExit) as exit_:
        main([path, "--no-pdf"])
    assert exit_.value.code == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("claimcheck: internal error: KeyError at test_cli.py:")
    assert "'no such cell'" in err and "--debug" in err and "Traceback" not in err
    with pytest.raises(KeyError):
        main([path, "--debug", "--no-pdf"])
    monkeypatch.setenv("CLAIMCHECK_DEBUG", "1")
    with pytest.raises(KeyError):
        main([path, "--no-pdf"])
    monkeypatch.setenv("CLAIMCHECK_DEBUG", "0")
    with pytest.raises(SystemExit) as exit_:
        main([path, "--no-pdf"])
    assert exit_.value.code == 3


def test_usage_and_input_errors_keep_status_2(capsys):
    from claimcheck.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["/nonexistent/table.csv", "--no-pdf"])
    assert exit_.value.code == 2 and capsys.readouterr().err.startswith("claimcheck: error:")
    with pytest.raises(SystemExit) as exit_:
        main([str(EXAMPLES / "astra_fable_release.csv"), "--no-such-option"])
    assert exit_.value.code == 2


def test_control_sequences_and_markup_in_the_input_reach_the_terminal_as_letters(tmp_path):
    """A model named with an OSC 8 hyperlink, a colour code and rich markup ("[/x]"): no crash, no
    escape sequence of the input's on stdout or stderr (piped or coloured), the letters kept."""
    path = tmp_path / "esc.csv"
    path.write_text("Benchmark,[/x] \x1b]8;;http://evil\x1b\\Model\x1b]8;;\x1b\\,\x1b[31mRed\x1b[0m\x07\n"
                    "GPQA Diamond,70.2%,68.7%\nMATH-500,95.0%,60.0%\n", encoding="utf-8")  # one tie, one clear lead
    for extra in ((), ("--output-format", "concise"), ("--output-format", "full"), ("--color", "always"),
                  ("--output-format", "github")):
        result = subprocess.run([sys.executable, "-m", "claimcheck", str(path), "--no-pdf", *extra],
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stderr
        out = result.stdout.replace("\x1b[0m", "").replace("\x1b[1m", "").replace("\x1b[33m", "")  # our colours
        out = re.sub(r"\x1b\[[0-9;]*m", "", out) if extra == ("--color", "always") else out
        assert "http://evil" not in result.stdout and "\x07" not in result.stdout, extra
        assert "\x1b]" not in result.stdout and "\x1b[31m" not in result.stdout, extra
        if extra != ("--color", "always"):
            assert "\x1b" not in out, extra
        assert "[/x] Model" in result.stdout and "Red" in result.stdout, extra


def test_clean_removes_escape_sequences_and_controls_only():
    from claimcheck.report.terminal import clean

    assert clean("a\x1b[31mb\x1b[0m") == "ab"
    assert clean("\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\") == "link"
    assert clean("\x1b]0;title\x07x") == "x"
    assert clean("tab\tnew\nline\r\x00\x7f\x9b2Jz") == "tab\tnew\nlinez"
    assert clean("数学 — ±½ [/x]") == "数学 — ±½ [/x]"
    assert clean("\x1b") == "" and clean("x\x1b") == "x"
