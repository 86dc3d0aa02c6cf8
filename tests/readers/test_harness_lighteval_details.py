"""lighteval's per-item details parquet (issue 12), on a real ``--save-details`` run
(tests/fixtures/harness/README.md, ``lighteval/details_run/``)."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow as pa  # in the test extra, so CI reads parquet; the reader needs it only for parquet inputs
import pyarrow.parquet as pq
import pytest
from scipy.stats import binomtest

from claimcheck.errors import InputError
from claimcheck.limits import Limits, applied
from claimcheck.pipeline import audit
from claimcheck.readers import read_input
from tests.conftest import assert_one_line_refusal, run_cli
from tests.readers.test_harness import _checked_in_a_subprocess, _rows

RUN = Path(__file__).resolve().parents[1] / "fixtures" / "harness" / "lighteval" / "details_run"
A_STAMP, F_STAMP = "2026-12-03T15-00-32.454952", "2026-12-03T15-00-40.706743"
ASTRA = RUN / "details" / "astra" / A_STAMP / f"details_arith_mc|0_{A_STAMP}.parquet"
FABLE = RUN / "details" / "fable" / F_STAMP / f"details_arith_mc|0_{F_STAMP}.parquet"


def _acc(path: Path) -> dict[str, int]:
    """doc.id -> metric.acc, read straight from the parquet with pyarrow."""
    return {r["doc"]["id"]: r["metric"]["acc"] for r in pq.read_table(path, columns=["doc", "metric"]).to_pylist()}


def _written(tmp_path: Path, rows: list[dict], model: str = "fable", stamp: str = F_STAMP,
             name: str | None = None) -> Path:
    """Records written as lighteval lays a details file out: details/<model>/<time>/details_<task>_<time>.parquet."""
    path = tmp_path / "details" / model / stamp / (name or f"details_arith_mc|0_{stamp}.parquet")
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.Table.from_pylist(rows), path)
    return path


def _records(path: Path = FABLE) -> list[dict]:
    return pq.read_table(path).to_pylist()


# --- the real run ---------------------------------------------------------------------------------------------

def test_a_details_file_becomes_per_item_results_of_the_model_its_results_file_names():
    info, (table,) = read_input(str(ASTRA), 0)
    rows = _rows(table)
    assert info.format == "parquet" and table.header == ("item", "model", "score", "benchmark", "metric")
    assert len(rows) == 16 and {r["item"] for r in rows} == {str(k) for k in range(16)}
    assert {(r["model"], r["benchmark"], r["metric"]) for r in rows} == {("astra", "arith_mc", "acc")}
    assert {r["item"]: int(r["score"]) for r in rows} == _acc(ASTRA)
    assert rows[0] == {"item": "7", "model": "astra", "score": "0", "benchmark": "arith_mc", "metric": "acc"}
    assert [r[0].row for r in table.rows][:3] == [1, 2, 3]  # rows cite the file's records
    assert any(f"model from results/astra/results_{A_STAMP}.json" in n for n in table.notes)
    assert "task arith_mc|0: benchmark arith_mc, 0-shot" in table.notes


def test_two_details_files_audit_as_astra_11_and_fable_12_of_16():
    report = audit([str(ASTRA), str(FABLE)])
    assert sorted((s.model, s.cell.raw, s.n) for s in report.scores) == [("astra", "11/16", 16), ("fable", "12/16", 16)]
    assert (report.account.item_rows, report.account.unaccounted) == (32, ())


def test_check_on_two_details_files_reports_the_exact_mcnemar_p():
    """Issue 12's done-when, for lighteval: a run on two models' details gives the exact McNemar test."""
    report = _checked_in_a_subprocess(ASTRA, FABLE)
    assert [i["format"] for i in report["inputs"]] == ["parquet", "parquet"]
    scores = {s["id"]: s for s in report["scores"]}
    (c,) = report["comparisons"]
    assert [scores[i]["model"] for i in c["scores"]] == ["astra", "fable"]
    assert [scores[i]["raw"] for i in c["scores"]] == ["11/16", "12/16"]
    a, f = _acc(ASTRA), _acc(FABLE)
    only_a, only_f = sum(a[k] > f[k] for k in a), sum(f[k] > a[k] for k in a)
    assert (only_a, only_f) == (3, 4)
    assert c["p"] == pytest.approx(binomtest(only_a, only_a + only_f, 0.5).pvalue, abs=1e-6) and c["p"] == 1.0
    assert c["method"].startswith("exact McNemar")


def test_items_pair_by_doc_id_whatever_the_order_and_the_model_is_then_its_folders(tmp_path):
    shuffled = _written(tmp_path, list(reversed(_records())))  # no results/ beside it
    (c,) = audit([str(ASTRA), str(shuffled)]).comparisons
    assert c.p == pytest.approx(binomtest(3, 7, 0.5).pvalue) and c.n == (16, 16)
    (table,) = read_input(str(shuffled), 0)[1]
    assert {r["model"] for r in _rows(table)} == {"fable"}
    assert any("model named after its folder 'fable'" in n for n in table.notes)


def test_a_model_saved_under_its_org_is_named_org_slash_name_and_its_results_file_wins(tmp_path):
    path = _written(tmp_path, _records(), model="acme/fable-7b")
    (table,) = read_input(str(path), 0)[1]
    assert {r["model"] for r in _rows(table)} == {"acme/fable-7b"}
    results = json.loads((RUN / "results" / "fable" / f"results_{F_STAMP}.json").read_text())
    results["config_general"]["model_name"] = "acme/Fable-7B-Instruct"
    target = tmp_path / "results" / "acme" / "fable-7b" / f"results_{F_STAMP}.json"
    target.parent.mkdir(parents=True)
    target.write_text(json.dumps(results))
    (table,) = read_input(str(path), 0)[1]
    assert {r["model"] for r in _rows(table)} == {"acme/Fable-7B-Instruct"}
    assert any(f"model from results/acme/fable-7b/results_{F_STAMP}.json" in n for n in table.notes)


def test_a_results_file_of_another_time_or_not_lightevals_is_not_taken(tmp_path):
    path = _written(tmp_path, _records())
    other = tmp_path / "results" / "fable"
    other.mkdir(parents=True)
    (other / "results_2026-01-01T00-00-00.000000.json").write_text(json.dumps({"config_general": {"model_name": "x"},
                                                                                 "results": {}}))
    (other / f"results_{F_STAMP}.json").write_text(json.dumps({"results": {}, "model_name": "y"}))  # not lighteval's
    (table,) = read_input(str(path), 0)[1]
    assert {r["model"] for r in _rows(table)} == {"fable"}


def test_the_task_is_the_documents_own_then_the_files_name(tmp_path):
    rows = _records()
    for r in rows:
        r["doc"]["task_name"] = "leaderboard|arc:challenge|25"
    (table,) = read_input(str(_written(tmp_path, rows)), 0)[1]
    assert {r["benchmark"] for r in _rows(table)} == {"arc:challenge"}
    assert "task leaderboard|arc:challenge|25: benchmark arc:challenge, suite leaderboard, 25-shot" in table.notes
    for r in rows:
        del r["doc"]["task_name"]
    (table,) = read_input(str(_written(tmp_path, rows, name=f"details_lighteval|gsm8k|5_{F_STAMP}.parquet")), 0)[1]
    assert {r["benchmark"] for r in _rows(table)} == {"gsm8k"}


def test_each_numeric_metric_is_its_own_table_and_a_corpus_metrics_inputs_are_named(tmp_path):
    rows = _records()
    for r in rows:
        r["metric"] = {"acc": r["metric"]["acc"], "em": bool(r["metric"]["acc"]), "f1": 0.5,
                       "bleu": {"golds": ["31"], "preds": ["31"]}}
    tables = read_input(str(_written(tmp_path, rows)), 0)[1]
    assert [{r["metric"] for r in _rows(t)} for t in tables] == [{"acc"}, {"em"}, {"f1"}]
    assert {r["score"] for r in _rows(tables[1])} == {"0", "1"} and {r["score"] for r in _rows(tables[2])} == {"0.5"}
    assert any("metric 'bleu' is not a number per item" in n for n in tables[0].notes)


# --- recognised by content -----------------------------------------------------------------------------------

def test_a_details_file_is_known_by_its_magic_bytes_not_its_name(tmp_path):
    for name in ("details", "details.bin", "details.csv"):
        copy = tmp_path / "details" / "fable" / F_STAMP / name
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(FABLE, copy)
        info, (table,) = read_input(str(copy), 0)
        assert info.format == "parquet" and len(table.rows) == 16, name


@pytest.mark.parametrize("data", [b"PAR1model,score\nastra,1\n", b"PAR1PAR1", b"PAR1", b"PAR1\nPAR1"])
def test_only_par1_at_both_ends_of_a_whole_footer_makes_a_parquet(data):
    from claimcheck.readers import sniff_format

    assert sniff_format(data) != "parquet"
    assert sniff_format(FABLE.read_bytes()) == "parquet"


def test_a_details_file_moved_out_of_its_time_folder_is_still_its_model_folders(tmp_path):
    path = tmp_path / "details" / "fable" / FABLE.name
    path.parent.mkdir(parents=True)
    shutil.copy(FABLE, path)
    (table,) = read_input(str(path), 0)[1]
    assert {r["model"] for r in _rows(table)} == {"fable"}


def test_a_details_file_on_stdin_is_refused_for_naming_no_model():
    with pytest.raises(InputError, match="names no model itself; pass it as a file"):
        read_input("-", 0, stdin=FABLE.read_bytes())


def test_without_pyarrow_a_parquet_says_how_to_read_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # import pyarrow now raises ImportError
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    with pytest.raises(InputError, match="parquet file .*pyarrow.*pip install 'claimcheck\\[parquet\\]'"):
        read_input(str(FABLE), 0)
    result = run_cli(str(FABLE), "--format", "json")
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert result.exit_code == 2 and len(lines) == 1 and "pip install 'claimcheck[parquet]'" in lines[0]


# --- refusals: one line naming the file, row and column, exit 2 ----------------------------------------------

def _bad(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    def edited(edit, name):
        rows = _records()
        edit(rows)
        return _written(tmp_path / name, rows)

    def set_doc(k, **fields):
        return lambda rows: rows[k]["doc"].update(fields)

    def set_metric(k, value):
        return lambda rows: rows[k]["metric"].update(acc=value)

    def nan_at(k):
        def edit(rows):
            for r in rows:
                r["metric"]["acc"] = float(r["metric"]["acc"])
            rows[k]["metric"]["acc"] = math.nan
        return edit

    def no_id(rows):
        for r in rows:
            del r["doc"]["id"]

    def nested_only(rows):
        for r in rows:
            r["metric"] = {"bleu": [1.0, 2.0]}

    text = tmp_path / "text" / "details_x.parquet"
    text.parent.mkdir()
    text.write_text("doc,metric\n1,2\n")
    cut = tmp_path / "cut" / "details.parquet"  # the footer's length and magic kept, the rest torn
    cut.parent.mkdir()
    data = FABLE.read_bytes()
    cut.write_bytes(data[:64] + data[-8:])
    columns = tmp_path / "columns" / "details.parquet"
    columns.parent.mkdir()
    pq.write_table(pa.table({"full_prompt": ["q"], "metrics": ['{"acc": 1}']}), columns)
    empty = tmp_path / "empty" / "details.parquet"
    empty.parent.mkdir()
    pq.write_table(pq.read_table(FABLE).slice(0, 0), empty)
    flat = tmp_path / "flat" / "details.parquet"
    flat.parent.mkdir()
    pq.write_table(pa.table({"doc": ["7"], "metric": [1]}), flat)
    return {
        "not parquet": (text, "not a parquet file (it does not begin and end with the bytes PAR1)"),
        "torn": (cut, "cannot read the file as parquet"),
        "other columns": (columns, "not a lighteval details file: the parquet has no column 'doc' or 'metric' "
                                   "(columns: 'full_prompt', 'metrics')"),
        "no records": (empty, "the details file has no records"),
        "flat": (flat, "column 'doc': expected a struct of fields, found string"),
        "no id field": (edited(no_id, "a"), "column 'doc.id': the documents have no id to pair items by"),
        "null id": (edited(set_doc(4, id=None), "b"), "row 5, column 'doc.id': the document has no id"),
        "blank id": (edited(set_doc(0, id=" "), "c"), "row 1, column 'doc.id': the document has no id"),
        "duplicate id": (edited(set_doc(9, id="7"), "d"), "row 10, column 'doc.id': item '7' is also row 1"),
        "null metric": (edited(set_metric(2, None), "e"), "row 3, column 'metric.acc': expected the item's acc as "
                                                          "a number, found None"),
        "nan metric": (edited(nan_at(6), "f"), "row 7, column 'metric.acc': expected the item's acc as a number, "
                                               "found nan"),
        "text metric": (edited(lambda rows: [r["metric"].update(acc=str(r["metric"]["acc"])) for r in rows], "g"),
                        "column 'metric.acc': the metric is of type string in every record, not a number"),
        "no numeric metric": (edited(nested_only, "h"), "no numeric per-item metric to pair (bleu)"),
    }


@pytest.mark.parametrize("case", ["not parquet", "torn", "other columns", "no records", "flat", "no id field", "null id",
                                  "blank id", "duplicate id", "null metric", "nan metric", "text metric",
                                  "no numeric metric"])
def test_a_bad_details_file_is_one_line_and_exit_2(tmp_path, case):
    path, message = _bad(tmp_path)[case]
    assert_one_line_refusal(path, message)


def test_a_record_naming_no_task_in_a_file_not_named_by_lighteval_is_refused(tmp_path):
    rows = _records()
    for r in rows:
        r["doc"]["task_name"] = None
    path = _written(tmp_path, rows, name="renamed.parquet")
    assert_one_line_refusal(path, "row 1, column 'doc.task_name': the document names no task")


def test_the_limits_hold_before_the_records_are_read():
    with applied(Limits(table_cells=16 * 5 - 1)), pytest.raises(InputError, match="16 records × 5 columns"):
        read_input(str(FABLE), 0)
    with applied(Limits(table_cells=16 * 5)):
        read_input(str(FABLE), 0)
    size = pq.ParquetFile(FABLE).metadata.row_group(0).total_byte_size  # its one row group, uncompressed
    with applied(Limits(archive_bytes=size)):
        read_input(str(FABLE), 0)
    with applied(Limits(archive_bytes=size - 1)), pytest.raises(InputError, match=f"{size:,} bytes uncompressed"):
        read_input(str(FABLE), 0)


_DAMAGED = """
import random, sys
from pathlib import Path
from claimcheck.errors import InputError
from claimcheck.readers import read_input
src, target = Path(sys.argv[1]).read_bytes(), Path(sys.argv[2])
rng = random.Random(1)  # its 68th file aborted pyarrow when per-column metadata was read
for _ in range(100):
    data = bytearray(src)
    for _ in range(rng.choice([1, 2, 8])):
        at = rng.randrange(4, len(data) - 4)
        data[at] = rng.randrange(256)
    target.write_bytes(bytes(data))
    try:
        read_input(str(target), 0)
    except InputError:
        pass
"""


def test_damaged_details_files_are_input_errors_never_a_crash(tmp_path):
    """Bytes changed at random: an InputError or a reading, never another exception or pyarrow aborting the
    process (it did, on damaged per-column size statistics, before the size check read only row-group totals)."""
    target = tmp_path / "details" / "fable" / F_STAMP / "damaged.parquet"
    target.parent.mkdir(parents=True)
    result = subprocess.run([sys.executable, "-c", _DAMAGED, str(FABLE), str(target)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
