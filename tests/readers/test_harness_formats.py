"""lighteval results, OpenCompass summaries and Hugging Face .eval_results files (issue 12), on files the tools
wrote (tests/fixtures/harness, with their provenance in its README)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimcheck.errors import InputError
from claimcheck.readers import read_input
from tests.conftest import run_cli, run_json

HARNESS = Path(__file__).resolve().parents[1] / "fixtures" / "harness"
LIGHTEVAL = HARNESS / "lighteval" / "output"
LE_ASTRA = LIGHTEVAL / "astra" / "results_2026-12-03T12-32-02.260309.json"
LE_FABLE = LIGHTEVAL / "fable" / "results_2026-12-03T12-32-10.705101.json"


def _rows(table) -> list[dict[str, str]]:
    return [{h: c.text for h, c in zip(table.header, row)} for row in table.rows]


def _one_line_exit_2(path: Path, message: str) -> None:
    result = run_cli(str(path), "--format", "json")
    assert result.exit_code == 2
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and str(path) in lines[0] and message in lines[0], lines
    assert "Traceback" not in result.output


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
