"""The PDF: every row label and finding code in its text, CJK as text, nothing fetched."""

from __future__ import annotations

import csv

import pytest
from pypdf import PdfReader

from tests.conftest import EXAMPLES, run_cli


def _cjk_font() -> bool:
    from claimcheck.report.fonts import cjk_font_installed

    return cjk_font_installed()


def _pdf_text(path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)


def _squash(text: str) -> str:
    return "".join(text.split())


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    out = {}
    for name in ("astra_fable_release.csv", "astra_fable_release.zh.csv"):
        pdf = tmp_path_factory.mktemp("pdf") / (name + ".pdf")
        result = run_cli(str(EXAMPLES / name), "-o", str(pdf), "--fail-on", "never", "-q")
        assert result.exit_code == 0, result.output
        out[name] = pdf
    return out


@pytest.mark.parametrize("name", ["astra_fable_release.csv", "astra_fable_release.zh.csv"])
def test_pdf_holds_every_row_label_and_finding_code(rendered, name):
    text = _squash(_pdf_text(rendered[name]))
    if ".zh." in name and not _cjk_font():  # setup could not install a CJK font: the report must say so
        assert "noCJKfontisinstalled" in text
        return
    with open(EXAMPLES / name, encoding="utf-8-sig", newline="") as fh:
        labels = [row[0] for row in list(csv.reader(fh))[1:]]
    for label in labels:
        assert _squash(label) in text, label
    for code in ("CC101", "CC201", "CC203", "CC206", "CC208", "CC301", "CC501"):
        assert code in text


@pytest.mark.skipif(not _cjk_font(), reason="no CJK font on this machine (the report says so; tested above)")
def test_chinese_labels_are_text_not_boxes(rendered):
    text = _pdf_text(rendered["astra_fable_release.zh.csv"])
    assert "同上，严格完成口径" in _squash(text) or "同上,严格完成口径" in _squash(text)
    assert "基准或计分项" in _squash(text)


def test_input_markup_is_escaped_and_nothing_is_fetched(tmp_path, monkeypatch):
    from claimcheck.report import pdf as pdf_module

    fetched = []
    original = pdf_module.refuse_fetch

    def spy(url, *a, **k):
        fetched.append(url)
        return original(url, *a, **k)

    monkeypatch.setattr(pdf_module, "refuse_fetch", spy)
    src = tmp_path / "evil.csv"
    src.write_text(
        'Benchmark,A,B\n"<img src=""file:///etc/passwd"">",50.0%,40.0%\n'
        '"<script>alert(1)</script> http://example.com/x.png",1.0%,2.0%\n',
        encoding="utf-8",
    )
    html = run_cli(str(src), "--format", "html", "--fail-on", "never").stdout
    assert "<img src" not in html and "&lt;img src=" in html
    assert "<script>alert" not in html
    result = run_cli(str(src), "-o", str(tmp_path / "evil.pdf"), "--fail-on", "never", "-q")
    assert result.exit_code == 0
    assert fetched == []
    assert "<img src=\"file:///etc/passwd\">" in _pdf_text(tmp_path / "evil.pdf").replace("\n", "")


def test_the_renderer_itself_refuses_every_url(tmp_path, monkeypatch):
    """Even markup that reached the renderer could not read a file or the network."""
    from claimcheck.report import pdf as pdf_module

    asked = []

    original = pdf_module.refuse_fetch

    def spy(url, *a, **k):
        asked.append(url)
        return original(url, *a, **k)

    monkeypatch.setattr(pdf_module, "refuse_fetch", spy)
    html = '<p>x</p><img src="file:///etc/passwd"><img src="http://127.0.0.1:9/x.png">'
    pages = pdf_module.write_pdf(html, tmp_path / "t.pdf")
    assert pages == 1
    assert any(u.startswith("file:///etc/passwd") for u in asked)
    assert any(u.startswith("http://127.0.0.1:9/") for u in asked)
    assert "root:" not in _pdf_text(tmp_path / "t.pdf")


def test_charts_drawn_in_a_worker_reach_the_pdf(tmp_path):
    """A fresh process draws the charts in a forked worker while WeasyPrint loads."""
    import subprocess
    import sys

    out = tmp_path / "n500.pdf"
    code = (
        "import sys; from claimcheck.pipeline import audit, Options; from claimcheck.report.view import build_view;"
        "from claimcheck.report.pdf import render_pdf;"
        f"v = build_view(audit([{str(EXAMPLES / 'agent_index_preview.csv')!r}], Options(assume_n=500)));"
        "assert 'weasyprint' not in sys.modules;"
        f"print(render_pdf(v, {str(out)!r}))"
    )
    pages = int(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout)
    text = _pdf_text(out)
    assert pages >= 3 and "score (%) with 95% interval" in text and "Newcombe" in text


@pytest.mark.parametrize("name, extra", [
    ("astra_fable_release.csv", ()), ("astra_fable_release.zh.csv", ()), ("one_link_changed.csv", ()),
    ("agent_index_preview.csv", ()), ("agent_index_preview.csv", ("--assume-n", "500")),
])
def test_every_example_pdf_holds_labels_codes_charts_and_appendix(tmp_path, name, extra):
    import json

    pdf = tmp_path / "r.pdf"
    assert run_cli(str(EXAMPLES / name), *extra, "-o", str(pdf), "--fail-on", "never", "-q").exit_code == 0
    report = json.loads(run_cli(str(EXAMPLES / name), *extra, "--format", "json", "--fail-on", "never").stdout)
    text = _squash(_pdf_text(pdf))
    if ".zh." in name and not _cjk_font():
        assert "noCJKfontisinstalled" in text
    else:
        for label in {s["label"] for s in report["scores"]}:
            assert _squash(label) in text, label
    for code in {f["code"] for f in report["findings"]}:
        assert code in text, code
    has_interval = any(s["ci"] for s in report["scores"])
    assert ("score(%)with95%interval" in text) == has_interval
    if not has_interval:
        assert "Noscorehasaninterval" in text
    assert "Methodologyandregistryentries" in text and "Wilsoninterval" in text


def test_missing_cjk_font_is_said_in_the_terminal_and_the_report(tmp_path, monkeypatch):
    from claimcheck.report import fonts

    monkeypatch.setattr(fonts, "cjk_font_installed", lambda: False)
    pdf = tmp_path / "zh.pdf"
    result = run_cli(str(EXAMPLES / "astra_fable_release.zh.csv"), "-o", str(pdf), "--fail-on", "never", "-q")
    assert "noCJKfontisinstalled" in _squash(result.stdout)
    assert "noCJKfontisinstalled" in _squash(_pdf_text(pdf))


def test_source_date_epoch_makes_the_json_and_the_pdf_repeat_byte_for_byte(tmp_path, monkeypatch):
    """Two runs with the same SOURCE_DATE_EPOCH: identical JSON and PDF bytes, dated by it (reproducible builds)."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764633600")
    outputs = []
    for run in (1, 2):
        pdf, js = tmp_path / f"r{run}.pdf", tmp_path / f"r{run}.json"
        for path, fmt in ((pdf, "pdf"), (js, "json")):
            result = run_cli(str(EXAMPLES / "agent_index_preview.csv"), "--output-format", fmt, "-o", str(path),
                             "--fail-on", "never")
            assert result.exit_code == 0, result.output
        outputs.append((pdf.read_bytes(), js.read_bytes()))
    assert outputs[0] == outputs[1]
    assert b'"generated": "2025-12-02T00:00:00+00:00"' in outputs[0][1]
    assert "2025-12-02T00:00:00+00:00" in _pdf_text(tmp_path / "r1.pdf")


def test_generated_at_reads_source_date_epoch():
    import datetime as dt

    from claimcheck.errors import ConfigError
    from claimcheck.pipeline import generated_at

    assert generated_at({"SOURCE_DATE_EPOCH": "0"}) == dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
    now = generated_at({})
    assert now.tzinfo == dt.timezone.utc and now.microsecond == 0
    assert abs((dt.datetime.now(dt.timezone.utc) - now).total_seconds()) < 60
    for bad in ("abc", "1.5", "", "9" * 30):
        with pytest.raises(ConfigError, match="SOURCE_DATE_EPOCH"):
            generated_at({"SOURCE_DATE_EPOCH": bad})
