"""lighteval results, OpenCompass summaries and Hugging Face .eval_results files (issue 12), on files the tools
wrote (tests/fixtures/harness, with their provenance in its README)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimcheck.errors import InputError
from claimcheck.readers import read_input
from tests.conftest import assert_one_line_refusal, run_json

HARNESS = Path(__file__).resolve().parents[1] / "fixtures" / "harness"
LIGHTEVAL = HARNESS / "lighteval" / "output"
LE_ASTRA = LIGHTEVAL / "astra" / "results_2026-12-03T12-32-02.260309.json"
LE_FABLE = LIGHTEVAL / "fable" / "results_2026-12-03T12-32-10.705101.json"


def _rows(table) -> list[dict[str, str]]:
    return [{h: c.text for h, c in zip(table.header, row)} for row in table.rows]


def _one_line_exit_2(path: Path, message: str) -> None:
    assert_one_line_refusal(path, message)


# --- lighteval ------------------------------------------------------------------------------------------------

def test_lighteval_results_become_scores_with_stderr_shots_metric_and_version():
    info, (table,) = read_input(str(LE_ASTRA), 0)
    assert info.format == "json"
    assert _rows(table) == [{"model": "astra", "benchmark": "arith_mc", "score": "0.6875", "n": "",
                             "stderr": "0.11967838846954226", "shots": "0", "metric": "acc", "version": "1"}]
    assert any("'all' is lighteval's mean over the run's tasks" in n for n in table.notes)  # named, not read
    assert any("arith_mc|0: the file states no number of documents" in n for n in table.notes)  # -1: not recorded


def test_two_lighteval_runs_audit_as_two_models_on_one_benchmark():
    report = run_json(str(LE_ASTRA), str(LE_FABLE))
    scores = sorted((s["model"], s["benchmark"], s["value"]) for s in report["scores"])
    assert [(m, v) for m, _, v in scores] == [("astra", 0.6875), ("fable", 0.75)]
    assert {s["n"] for s in report["scores"]} == {None}  # the file records no n: none is invented


def _lighteval_copy(tmp_path: Path, edit) -> Path:
    document = json.loads(LE_ASTRA.read_text())
    edit(document)
    path = tmp_path / "results.json"
    path.write_text(json.dumps(document))
    return path


def test_lighteval_n_is_the_effective_number_of_documents_when_the_file_states_it(tmp_path):
    def limited(d):
        d["config_tasks"]["arith_mc|0"].update(original_num_docs=16, effective_num_docs=12)
    (table,) = read_input(str(_lighteval_copy(tmp_path, limited)), 0)[1]
    assert _rows(table)[0]["n"] == "12"


def test_lighteval_suite_keys_give_task_and_shots_and_find_their_config(tmp_path):
    def leaderboard(d):  # the key shape of the Open LLM Leaderboard's lighteval runs, config keyed by suite|task
        d["results"] = {"leaderboard|arc:challenge|25": d["results"]["arith_mc|0"], "all": d["results"]["all"]}
        d["versions"] = {"leaderboard|arc:challenge|25": 0}
        d["config_tasks"] = {"leaderboard|arc:challenge": {**d["config_tasks"]["arith_mc|0"], "name": "arc:challenge",
                                                           "effective_num_docs": 1172}}
    (row,) = _rows(read_input(str(_lighteval_copy(tmp_path, leaderboard)), 0)[1][0])
    assert (row["benchmark"], row["shots"], row["n"], row["version"]) == ("arc:challenge", "25", "1172", "0")


def test_lighteval_metric_that_is_not_a_number_is_named(tmp_path):
    def corpus(d):
        d["results"]["arith_mc|0"]["confusion"] = {"a": 1}
    (table,) = read_input(str(_lighteval_copy(tmp_path, corpus)), 0)[1]
    assert len(table.rows) == 1 and any("metric 'confusion' is not a number (dict)" in n for n in table.notes)


def test_lighteval_results_on_stdin_are_known_by_their_content():
    info, (table,) = read_input("-", 0, stdin=LE_ASTRA.read_bytes())
    assert info.format == "json" and _rows(table)[0]["model"] == "astra"


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.__setitem__("results", [1, 2]), "'results' is a JSON list, expected an object of tasks"),
    (lambda d: d["config_general"].update(model_name="", model_config={}), "names no model"),
    (lambda d: d["results"].__setitem__("arith_mc|0", 0.5), "results['arith_mc|0'] is a JSON float"),
    (lambda d: d.__setitem__("results", {"all": {"acc": 0.5}}), "no task with a metric value"),
], ids=["results not an object", "no model", "task not an object", "only the average"])
def test_malformed_lighteval_results_are_one_line_and_exit_2(tmp_path, edit, message):
    _one_line_exit_2(_lighteval_copy(tmp_path, edit), message)


# --- OpenCompass ----------------------------------------------------------------------------------------------

OC_SUMMARY = HARNESS / "opencompass" / "output" / "summary_20261203_123511.csv"


def test_opencompass_summary_becomes_one_score_row_per_model():
    info, (table,) = read_input(str(OC_SUMMARY), 0)
    assert info.format == "csv"
    assert table.header == ("model", "benchmark", "score", "n", "stderr", "shots", "metric", "version")
    assert _rows(table) == [
        {"model": "astra", "benchmark": "arith_mc", "score": "68.75", "n": "", "stderr": "", "shots": "",
         "metric": "accuracy (gen)", "version": "86e3b3"},
        {"model": "fable", "benchmark": "arith_mc", "score": "75.00", "n": "", "stderr": "", "shots": "",
         "metric": "accuracy (gen)", "version": "86e3b3"},
    ]
    assert [c.row for c in (r[2] for r in table.rows)] == [2, 2]  # both cite the CSV line they are printed on


def test_opencompass_summary_audits_as_two_models_with_no_invented_n():
    report = run_json(str(OC_SUMMARY))
    assert sorted((s["model"], s["label"], s["value"], s["n"]) for s in report["scores"]) == [
        ("astra", "arith_mc", 68.75, None), ("fable", "arith_mc", 75.0, None)]


def test_opencompass_summary_is_known_by_its_header_not_its_name(tmp_path):
    path = tmp_path / "anything.txt"
    path.write_bytes(OC_SUMMARY.read_bytes())
    assert {r["model"] for r in _rows(read_input(str(path), 0)[1][0])} == {"astra", "fable"}
    other = tmp_path / "summary_x.csv"  # a summary's name, another table's header: read as that table
    other.write_text("dataset,score,model,mode,x\narith_mc,1,2,3,4\n")
    assert read_input(str(other), 0)[1][0].header[0] == "dataset"


def test_the_four_columns_alone_are_no_opencompass_summary(tmp_path):
    path = tmp_path / "summary.csv"  # no model column: an ordinary table whose header happens to match
    path.write_text("dataset,version,metric,mode\narith_mc,86e3b3,accuracy,gen\n")
    assert read_input(str(path), 0)[1][0].header == ("dataset", "version", "metric", "mode")


def test_opencompass_dashes_are_missing_results_named_in_the_notes(tmp_path):
    path = tmp_path / "summary.csv"
    path.write_text("dataset,version,metric,mode,astra,fable\n"
                    "arith_mc,86e3b3,accuracy,gen,68.75,-\n"
                    "mmlu,-,-,-,-,-\n"
                    "mmlu-avg,-,naive_average,gen,50.00,51.00\n")
    (table,) = read_input(str(path), 0)[1]
    rows = _rows(table)
    assert [(r["model"], r["benchmark"], r["version"], r["metric"]) for r in rows] == [
        ("astra", "arith_mc", "86e3b3", "accuracy (gen)"), ("astra", "mmlu-avg", "", "naive_average (gen)"),
        ("fable", "mmlu-avg", "", "naive_average (gen)")]
    assert "arith_mc (accuracy): no result for fable" in table.notes
    assert "no result for any model: mmlu" in table.notes


@pytest.mark.parametrize("text, message", [
    ("dataset,version,metric,mode,astra\narith_mc,86e3b3,accuracy,gen,68.75,1\n", "ragged row: 6 fields"),
    ("dataset,version,metric,mode,,astra\narith_mc,86e3b3,accuracy,gen,68.75,2\n", "column 5 names no model"),
    ("dataset,version,metric,mode,astra\nmmlu,-,-,-,-\n", "no score: every model's cell is '-'"),
    ("dataset,version,metric,mode,astra\n,86e3b3,accuracy,gen,68.75\n", "a row of the OpenCompass summary names no dataset"),
], ids=["ragged", "unnamed model", "no score", "no dataset"])
def test_malformed_opencompass_summary_is_one_line_and_exit_2(tmp_path, text, message):
    path = tmp_path / "summary.csv"
    path.write_text(text)
    _one_line_exit_2(path, message)


# --- Hugging Face .eval_results -------------------------------------------------------------------------------

EVAL_RESULTS = HARNESS / "eval_results"
ASTRA_GPQA = EVAL_RESULTS / "Astra-7B" / ".eval_results" / "gpqa.yaml"
ASTRA_HLE = EVAL_RESULTS / "Astra-7B" / ".eval_results" / "hle.yaml"
TRINITY = EVAL_RESULTS / "arcee-ai" / "Trinity-Large-Preview" / ".eval_results" / "gpqa.yaml"


def test_eval_results_entries_become_scores_of_the_model_whose_folder_holds_them():
    info, (table,) = read_input(str(ASTRA_HLE), 0)
    assert info.format == "yaml" and table.header == ("model", "benchmark", "subset", "score", "notes")
    assert _rows(table) == [
        {"model": "Astra-7B", "benchmark": "cais/hle", "subset": "", "score": "4.7", "notes": "no-tools"},
        {"model": "Astra-7B", "benchmark": "cais/hle", "subset": "", "score": "6.1", "notes": "tools"}]
    (row,) = _rows(read_input(str(TRINITY), 0)[1][0])
    assert row == {"model": "Trinity-Large-Preview", "benchmark": "Idavidrein/gpqa", "subset": "gpqa_diamond",
                   "score": "63.3", "notes": ""}
    assert any("date 2026-02-03, source Model Card https://huggingface.co/arcee-ai/Trinity-Large-Preview" in n
               for n in read_input(str(TRINITY), 0)[1][0].notes)


def test_eval_results_audit_takes_n_from_the_registry_not_the_file():
    report = run_json(str(ASTRA_GPQA), str(TRINITY))
    scores = sorted((s["model"], s["benchmark"], s["value"], s["n"]) for s in report["scores"])
    assert scores == [("Astra-7B", "gpqa", 41.2, 198), ("Trinity-Large-Preview", "gpqa", 63.3, 198)]


def test_eval_results_on_stdin_is_known_by_its_content_and_refused_for_naming_no_model():
    with pytest.raises(InputError, match="names no model itself"):
        read_input("-", 0, stdin=TRINITY.read_bytes())


@pytest.mark.parametrize("text, message", [
    ("- dataset: {id: cais/hle\n", "not valid YAML at line"),
    ("dataset: {id: cais/hle}\nvalue: 3\n", "the file is a YAML dict"),
    ("- dataset: {task_id: default}\n  value: 3\n", "entry 1 has no 'dataset' with an 'id'"),
    ("- dataset: {id: cais/hle}\n  value: 3\n- dataset: {id: cais/hle}\n", "entry 2 (cais/hle) has no 'value'"),
    ("- just a string\n", "entry 1 is a YAML str"),
    ("", "the file is empty"),
], ids=["not yaml", "not a list", "no id", "no value", "not a mapping", "empty"])
def test_malformed_eval_results_are_one_line_and_exit_2(tmp_path, text, message):
    path = tmp_path / "Astra-7B" / ".eval_results" / "hle.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(text)
    _one_line_exit_2(path, message)


def test_an_eval_results_file_outside_its_model_folder_is_refused(tmp_path):
    path = tmp_path / "hle.yaml"
    path.write_bytes(ASTRA_HLE.read_bytes())
    _one_line_exit_2(path, "<model>/.eval_results/<name>.yaml")
