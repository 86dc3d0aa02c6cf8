"""Eval-harness and model-card inputs (issue 12), on outputs the tools themselves wrote (tests/fixtures/harness)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from scipy.stats import binomtest

from claimcheck.errors import InputError
from claimcheck.pipeline import audit
from claimcheck.readers import read_input
from tests.conftest import assert_one_line_refusal

HARNESS = Path(__file__).resolve().parents[1] / "fixtures" / "harness"
LM_EVAL = HARNESS / "lm_eval" / "output"
RESULTS_1 = LM_EVAL / "dummy-seed1" / "results_2026-12-02T20-17-14.634924.json"
RESULTS_3 = LM_EVAL / "dummy-seed3" / "results_2026-12-02T20-17-59.194545.json"  # --limit 12
SAMPLES_1 = LM_EVAL / "dummy-seed1" / "samples_arith_mc_2026-12-02T20-17-14.634924.jsonl"
SAMPLES_2 = LM_EVAL / "dummy-seed2" / "samples_arith_mc_2026-12-02T20-17-29.532398.jsonl"
GEN_1 = LM_EVAL / "dummy-seed1" / "samples_arith_gen_2026-12-02T20-17-14.634924.jsonl"
INSPECT = HARNESS / "inspect_ai" / "logs"
ASTRA = INSPECT / "2026-12-02T20-18-46-00-00_arith_eGGmksmbps2LXRAz2qetiT.json"
FABLE = INSPECT / "2026-12-02T20-18-46-00-00_arith_9xYTbKtMSka3GwzqfrtWVi.json"
CARD = HARNESS / "model_card" / "README.md"


def _rows(table) -> list[dict[str, str]]:
    return [{h: c.text for h, c in zip(table.header, row)} for row in table.rows]


def _discordant(a: Path, b: Path, metric: str = "acc") -> tuple[int, int]:
    """Items only a got right and only b got right, paired by doc_hash, counted straight from the files."""
    def per_item(path: Path) -> dict[str, float]:
        return {d["doc_hash"]: d[metric] for d in map(json.loads, path.read_text().splitlines())}
    x, y = per_item(a), per_item(b)
    assert set(x) == set(y)
    return sum(x[h] > y[h] for h in x), sum(y[h] > x[h] for h in x)


# --- lm-evaluation-harness ----------------------------------------------------------------------------------

def test_lm_eval_results_become_scores_with_n_stderr_shots_metric_and_version():
    info, (table,) = read_input(str(RESULTS_1), 0)
    assert info.format == "json" and table.header == ("model", "benchmark", "score", "n", "stderr", "shots",
                                                      "metric", "version")
    assert _rows(table) == [
        {"model": "dummy-seed1", "benchmark": "arith_mc", "score": "0.25", "n": "16",
         "stderr": "0.11180339887498948", "shots": "0", "metric": "acc", "version": "1.0"},
        {"model": "dummy-seed1", "benchmark": "arith_gen", "score": "0.0", "n": "16",
         "stderr": "0.0", "shots": "2", "metric": "exact_match", "version": "2.0"},
    ]


def test_lm_eval_scores_keep_the_effective_n_of_a_limited_run():
    report = audit([str(RESULTS_1), str(RESULTS_3)])
    full, limited = (next(s for s in report.scores if s.model == m and s.label == "arith_mc")
                     for m in ("dummy-seed1", "dummy-seed3"))
    assert (full.value, full.n) == (0.25, 16)
    assert (limited.value, limited.n) == (pytest.approx(1 / 12), 12)  # --limit 12 of the 16: n-samples effective
    assert limited.cell.plus_minus == pytest.approx(0.08333333333333333)  # the harness's stderr, as printed
    (c,) = [c for c in report.comparisons if {full.id, limited.id} == set(c.scores)]
    assert "CC202" in c.why_not  # 16 items against 12: not the same denominator


def test_lm_eval_samples_become_per_item_results_keyed_by_doc_hash():
    _, (table,) = read_input(str(SAMPLES_1), 0)
    rows = _rows(table)
    first = json.loads(SAMPLES_1.read_text().splitlines()[0])
    assert table.header == ("item", "model", "score", "benchmark", "metric") and len(rows) == 16
    assert rows[0] == {"item": first["doc_hash"], "model": "dummy-seed1", "score": "0.0", "benchmark": "arith_mc",
                       "metric": "acc"}
    assert [c.row for c in (r[0] for r in table.rows)][:3] == [1, 2, 3]  # rows cite the file's lines
    assert any("model from results_2026-12-02T20-17-14.634924.json" in n for n in table.notes)


def test_two_lm_eval_sample_files_pair_by_doc_hash_whatever_their_order(tmp_path):
    shuffled = tmp_path / "dummy-seed2" / SAMPLES_2.name
    shuffled.parent.mkdir()
    shuffled.write_text("\n".join(reversed(SAMPLES_2.read_text().splitlines())) + "\n")  # doc order differs
    (c,) = audit([str(SAMPLES_1), str(shuffled)]).comparisons
    only_1, only_2 = _discordant(SAMPLES_1, SAMPLES_2)
    assert (only_1, only_2) == (2, 4)
    assert c.p == pytest.approx(binomtest(only_1, only_1 + only_2, 0.5).pvalue, abs=1e-12)
    assert c.n == (16, 16) and "exact McNemar" in c.method
    assert "named after its folder 'dummy-seed2'" in " ".join(audit([str(shuffled)]).tables[0].notes)


def _checked_in_a_subprocess(*paths) -> dict:
    """``claimcheck check PATHS --output-format json`` as a user runs it (its own process): the report."""
    result = subprocess.run([sys.executable, "-m", "claimcheck", "check", *map(str, paths),
                             "--output-format", "json", "--fail-on", "never"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_check_on_two_sample_files_reports_the_exact_mcnemar_p():
    """Issue 12's done-when: a claimcheck run on lm-eval samples gives the exact McNemar test between two models."""
    report = _checked_in_a_subprocess(SAMPLES_1, SAMPLES_2)
    assert [i["format"] for i in report["inputs"]] == ["json", "json"]
    scores = {s["id"]: s for s in report["scores"]}
    (c,) = report["comparisons"]
    assert [scores[i]["model"] for i in c["scores"]] == ["dummy-seed1", "dummy-seed2"]
    assert [scores[i]["raw"] for i in c["scores"]] == ["4/16", "6/16"]
    b, m = _discordant(SAMPLES_1, SAMPLES_2)[0], sum(_discordant(SAMPLES_1, SAMPLES_2))
    assert c["p"] == pytest.approx(binomtest(b, m, 0.5).pvalue, abs=1e-6) and c["p"] == pytest.approx(0.6875)
    assert c["method"].startswith("exact McNemar")


def test_a_generation_task_pairs_by_its_exact_match():
    _, (table,) = read_input(str(GEN_1), 0)
    assert {r["metric"] for r in _rows(table)} == {"exact_match"} and {r["score"] for r in _rows(table)} == {"0.0"}


def test_a_corpus_level_metric_is_named_not_dropped(tmp_path):
    lines = [json.loads(ln) for ln in SAMPLES_1.read_text().splitlines()]
    for d in lines:  # lm-eval writes corpus metrics (bleu) per item as [reference, prediction] pairs
        d["metrics"], d["bleu"] = ["acc", "bleu"], [["10"], ["lol"]]
    path = tmp_path / "dummy-seed1" / SAMPLES_1.name
    path.parent.mkdir()
    path.write_text("".join(json.dumps(d) + "\n" for d in lines))
    (table,) = read_input(str(path), 0)[1]
    assert any("'bleu' is not a number per item (line 1)" in n for n in table.notes)
    for d in lines:
        d["metrics"] = ["bleu"]
    path.write_text("".join(json.dumps(d) + "\n" for d in lines))
    with pytest.raises(InputError, match="no numeric per-item metric to pair \\(bleu\\)"):
        read_input(str(path), 0)


# --- inspect_ai -----------------------------------------------------------------------------------------------

def test_inspect_log_scores_per_item_with_the_logs_own_accuracy_and_stderr_in_its_notes():
    _, tables = read_input(str(ASTRA), 0)
    (table,) = tables
    rows = _rows(table)
    assert len(rows) == 20 and rows[0] == {"item": "q00", "model": "mockllm/astra", "score": "0.0",
                                           "benchmark": "arith", "metric": "accuracy"}
    log = json.loads(ASTRA.read_text())
    assert [r["item"] for r in rows] == log["eval"]["dataset"]["sample_ids"]
    assert any("accuracy 0.7, stderr 0.10513149660756935 over 20 scored samples" in n for n in table.notes)
    assert not any("not the log's" in n for n in table.notes)  # the items' mean is the log's accuracy


def test_two_inspect_logs_pair_by_sample_id():
    report = audit([str(ASTRA), str(FABLE)])
    by_model = {s.model: s for s in report.scores}
    assert (by_model["mockllm/astra"].value, by_model["mockllm/astra"].n) == (70.0, 20)
    assert (by_model["mockllm/fable"].value, by_model["mockllm/fable"].n) == (75.0, 20)
    (c,) = report.comparisons
    # astra is wrong where a*b is a multiple of 7 (q00 q04 q07 q11 q14 q18), fable where a+b is a multiple of 4
    # (q02 q06 q10 q14 q18): 4 items only fable solved, 3 only astra
    assert "exact McNemar" in c.method and c.p == pytest.approx(binomtest(3, 7, 0.5).pvalue)


def test_inspect_log_without_samples_gives_its_scores_with_n_and_stderr(tmp_path):
    log = json.loads(ASTRA.read_text())
    del log["samples"]  # a log written with --no-log-samples
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log))
    (table,) = read_input(str(path), 0)[1]
    assert _rows(table) == [{"model": "mockllm/astra", "benchmark": "arith", "score": "0.7", "n": "20",
                             "stderr": "0.10513149660756935", "shots": "", "metric": "accuracy", "version": ""}]


EVAL_LOGS = HARNESS / "inspect_ai" / "eval_logs"
ASTRA_EVAL = EVAL_LOGS / "2026-12-03T11-39-15-00-00_arith_QeDEDvEaj8gqQwwQxG9RFf.eval"
FABLE_EVAL = EVAL_LOGS / "2026-12-03T11-39-16-00-00_arith_ZnfePr44Q8hho93zNYv8Rf.eval"


def _rewritten(source: Path, target: Path, change) -> Path:
    """A copy of an .eval archive whose entries ``change(name, bytes)`` rewrites (None drops one), deflated."""
    import zipfile

    from claimcheck.readers.inspect_archive import _unzipped

    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            data = change(info.filename, _unzipped(old, info, str(source)))
            if data is not None:
                new.writestr(info.filename, data)
    return target


def test_an_eval_archive_reads_as_its_json_log_does():
    """The same task run by the same mock model, logged as .eval and as JSON: the same per-item table."""
    info, (archived,) = read_input(str(ASTRA_EVAL), 0)
    _, (logged,) = read_input(str(ASTRA), 0)
    assert info.format == "eval" and archived.header == logged.header
    assert [r for r in _rows(archived)] == _rows(logged)  # items in the dataset's order, not the archive's
    assert archived.notes == logged.notes


def test_check_on_two_eval_archives_pairs_by_sample_id():
    report = _checked_in_a_subprocess(ASTRA_EVAL, FABLE_EVAL)
    assert [i["format"] for i in report["inputs"]] == ["eval", "eval"]
    assert sorted(s["raw"] for s in report["scores"]) == ["14/20", "15/20"]
    (c,) = report["comparisons"]
    assert c["method"].startswith("exact McNemar") and c["p"] == pytest.approx(binomtest(3, 7, 0.5).pvalue, abs=1e-6)


def test_an_eval_archive_is_known_by_its_content_not_its_name(tmp_path):
    renamed = tmp_path / "results.xlsx"
    renamed.write_bytes(ASTRA_EVAL.read_bytes())
    assert read_input(str(renamed), 0)[0].format == "eval"
    info, (table,) = read_input("-", 0, stdin=ASTRA_EVAL.read_bytes())
    assert info.format == "eval" and len(table.rows) == 20


def test_a_deflated_archive_and_a_run_cut_short_are_read(tmp_path):
    deflated = _rewritten(ASTRA_EVAL, tmp_path / "deflated.eval", lambda name, data: data)
    assert _rows(read_input(str(deflated), 0)[1][0]) == _rows(read_input(str(ASTRA_EVAL), 0)[1][0])
    started = _rewritten(ASTRA_EVAL, tmp_path / "started.eval",
                         lambda name, data: None if name in ("header.json", "summaries.json", "reductions.json") else data)
    (table,) = read_input(str(started), 0)[1]
    assert len(table.rows) == 20 and any("did not finish: status 'started'" in n for n in table.notes)


def test_an_eval_archive_past_the_archive_bytes_limit_is_refused_before_unzipping():
    from claimcheck.limits import Limits, applied

    with applied(Limits(archive_bytes=100_000)), pytest.raises(InputError, match="archive-bytes limit of 100,000 bytes"):
        read_input(str(ASTRA_EVAL), 0)
    with applied(Limits(archive_bytes=200_000)):
        assert read_input(str(ASTRA_EVAL), 0)[1]  # the archive unzips to about 140 kB


def test_an_eval_archives_samples_follow_the_dataset_order_not_the_entries(tmp_path):
    def reorder(name, data):
        if name != "header.json":
            return data
        header = json.loads(data)
        header["eval"]["dataset"]["sample_ids"].reverse()
        return json.dumps(header)

    (table,) = read_input(str(_rewritten(ASTRA_EVAL, tmp_path / "reversed.eval", reorder)), 0)[1]
    assert [r["item"] for r in _rows(table)] == [f"q{k:02d}" for k in range(19, -1, -1)]


def test_the_archive_bytes_limit_is_the_archives_declared_unzipped_size(tmp_path):
    import zipfile

    from claimcheck.limits import Limits, applied

    size = sum(i.file_size for i in zipfile.ZipFile(ASTRA_EVAL).infolist())
    with applied(Limits(archive_bytes=size)):
        assert read_input(str(ASTRA_EVAL), 0)[1]
    with applied(Limits(archive_bytes=size - 1)), pytest.raises(InputError, match=f"{size:,} bytes unzipped"):
        read_input(str(ASTRA_EVAL), 0)


def test_an_entry_is_never_unzipped_past_the_size_it_declares(tmp_path):
    """A Zstandard entry whose central directory says 100 bytes: one byte more is read, and it is refused."""
    data = bytearray(ASTRA_EVAL.read_bytes())
    name = b"samples/q03_epoch_1.json"
    start = data.rfind(b"PK\x01\x02", 0, data.rfind(name))  # its central directory record
    assert data[start + 46:start + 46 + len(name)] == name
    data[start + 24:start + 28] = (100).to_bytes(4, "little")  # uncompressed size
    path = tmp_path / "lying.eval"
    path.write_bytes(bytes(data))
    with pytest.raises(InputError, match="samples/q03_epoch_1.json .*damaged \\(it unzips to 101 bytes, not the 100"):
        read_input(str(path), 0)


def test_without_zstandard_an_archive_says_how_to_read_it(monkeypatch):
    import zipfile

    monkeypatch.setitem(sys.modules, "zstandard", None)
    monkeypatch.delattr(zipfile, "ZIP_ZSTANDARD", raising=False)
    with pytest.raises(InputError, match="Zstandard.*pip install 'claimcheck\\[inspect\\]'.*inspect log convert"):
        read_input(str(ASTRA_EVAL), 0)


def _damaged_archives(tmp_path) -> dict[str, tuple[Path, str]]:
    import zipfile

    not_zip = tmp_path / "run.eval"
    not_zip.write_bytes(b"PK\x03\x04 not really")
    text = tmp_path / "text.eval"
    text.write_text("a log?")
    other = tmp_path / "other.eval"
    with zipfile.ZipFile(other, "w") as z:
        z.writestr("data.json", "{}")
    bad_header = _rewritten(ASTRA_EVAL, tmp_path / "bad_header.eval",
                            lambda name, data: data[:100] if name == "header.json" else data)
    flipped = tmp_path / "flipped.eval"  # one byte of a Zstandard entry changed: its CRC no longer matches
    data = bytearray(ASTRA_EVAL.read_bytes())
    with zipfile.ZipFile(ASTRA_EVAL) as z:
        info = z.getinfo("samples/q03_epoch_1.json")
    data[info.header_offset + 30 + len(info.filename) + len(info.extra) + info.compress_size // 2] ^= 0xFF
    flipped.write_bytes(bytes(data))
    return {"not a zip": (not_zip, "cannot read the file as an inspect_ai .eval archive (BadZipFile"),
            "text": (text, "not an inspect_ai .eval log: the file is not a zip archive"),
            "other zip": (other, "a zip archive with neither header.json nor _journal/start.json"),
            "bad header": (bad_header, "entry header.json of the .eval archive is not valid JSON"),
            "flipped byte": (flipped, "entry samples/q03_epoch_1.json of the .eval archive is damaged")}


@pytest.mark.parametrize("case", ["not a zip", "text", "other zip", "bad header", "flipped byte"])
def test_a_damaged_eval_archive_is_one_line_and_exit_2(tmp_path, case):
    path, message = _damaged_archives(tmp_path)[case]
    assert_one_line_refusal(path, message)


# --- Hugging Face model card ----------------------------------------------------------------------------------

def test_a_model_cards_model_index_is_read_beside_its_markdown_tables():
    _, tables = read_input(str(CARD), 0)
    card, printed = tables
    assert card.header == ("model", "benchmark", "score", "metric", "subset", "shots", "notes")
    assert _rows(card) == [
        {"model": "Astra-7B", "benchmark": "GSM8K", "score": "71.3", "metric": "accuracy", "subset": "main/test",
         "shots": "5", "notes": ""},
        {"model": "Astra-7B", "benchmark": "AI2 Reasoning Challenge (25-Shot)", "score": "58.2",
         "metric": "acc_norm", "subset": "ARC-Challenge/test", "shots": "25", "notes": ""},
        {"model": "Astra-7B", "benchmark": "MMLU", "score": "0.612", "metric": "acc", "subset": "all/test",
         "shots": "", "notes": ""},
    ]
    assert printed.header == ("Benchmark", "Astra-7B") and len(printed.rows) == 2


def test_model_index_scores_take_n_from_the_registry():
    report = audit([str(CARD)])
    gsm8k = next(s for s in report.scores if s.label == "GSM8K" and s.input == 0 and s.table == 0)
    assert gsm8k.benchmark == "gsm8k" and gsm8k.value == 71.3 and gsm8k.resolution.n_source == "registry"


def test_a_card_whose_front_matter_is_not_yaml_is_one_error(tmp_path):
    path = tmp_path / "README.md"
    path.write_text("---\nmodel-index:\n  - name: [unclosed\n---\n\n| a | b |\n|---|---|\n| x | 1 |\n")
    with pytest.raises(InputError, match="front matter is not valid YAML at line 3:"):  # the file's line
        read_input(str(path), 0)


@pytest.mark.parametrize("index, what", [
    ("  - name: x\n    results: 5\n", "the 'results' of 'x' in 'model-index' is not a list"),
    ("  - name: x\n    results:\n      - dataset: {name: GSM8K}\n        metrics: {type: acc, value: 1}\n",
     "the 'metrics' of 'x' on 'GSM8K' in 'model-index' is not a list"),
])
def test_a_model_index_not_shaped_as_the_hub_s_schema_is_one_error(tmp_path, index, what):
    path = tmp_path / "README.md"
    path.write_text(f"---\nmodel-index:\n{index}---\n\n| a | b |\n|---|---|\n| x | 1 |\n")
    with pytest.raises(InputError, match=re.escape(what)):
        read_input(str(path), 0)


# --- malformed input: one line naming the file and the line, exit 2 ------------------------------------------

def _malformed(tmp_path) -> dict[str, tuple[Path, str]]:
    truncated = tmp_path / "results_truncated.json"
    truncated.write_text(RESULTS_1.read_text()[:500])
    no_results = tmp_path / "results_no_results.json"
    document = json.loads(RESULTS_1.read_text())
    del document["results"]
    no_results.write_text(json.dumps(document, indent=2))
    bad_line = tmp_path / "samples_arith_mc_2026-12-02T20-17-14.634924.jsonl"
    lines = SAMPLES_1.read_text().splitlines()
    bad_line.write_text("\n".join(lines[:2] + ["{not json"] + lines[3:]) + "\n")
    cut = RESULTS_1.read_text()[:500].count("\n") + 1  # the line the file now ends on (23)
    return {"truncated": (truncated, f"line {cut} is not valid JSON (Unterminated string"),
            "no results": (no_results, "not a harness output claimcheck reads (top-level keys: 'group_subtasks'"),
            "bad line": (bad_line, "line 3 is not valid JSON")}


@pytest.mark.parametrize("case", ["truncated", "no results", "bad line"])
def test_malformed_harness_output_is_one_line_and_exit_2(tmp_path, case):
    path, message = _malformed(tmp_path)[case]
    assert_one_line_refusal(path, message)


def test_unknown_json_names_what_was_expected(tmp_path):
    path = tmp_path / "other.json"
    path.write_text('{"data": [1, 2, 3]}')
    with pytest.raises(InputError, match="top-level keys: 'data'.*lm-evaluation-harness results file"):
        read_input(str(path), 0)
    lines = tmp_path / "other.jsonl"
    lines.write_text('{"id": 1}\n{"id": 2}\n')
    with pytest.raises(InputError, match="line 1 has no 'doc_id'"):
        read_input(str(lines), 0)


def test_samples_on_stdin_are_refused_for_naming_no_model():
    with pytest.raises(InputError, match="names no model or task itself"):
        read_input("-", 0, stdin=SAMPLES_1.read_bytes())


def test_a_results_file_on_stdin_is_recognised_by_its_content():
    info, (table,) = read_input("-", 0, stdin=RESULTS_1.read_bytes())
    assert info.format == "json" and len(table.rows) == 2


def test_every_row_of_a_per_item_input_is_accounted_for_as_an_item_result():
    from claimcheck.pipeline import audit

    files = sorted(str(p) for p in (HARNESS / "lm_eval" / "output").glob("*/samples_arith_mc_*.jsonl"))
    account = audit(files).account
    assert (account.values, account.item_rows, account.unaccounted) == (2, 32, ())
    assert account.describe() == "2 values, 0 missing, 0 skipped, 32 item results"
