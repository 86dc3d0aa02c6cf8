"""HELM run outputs (issue 12), on runs crfm-helm wrote itself (tests/fixtures/harness/helm, with the command in
tests/fixtures/harness/README.md)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from claimcheck.errors import InputError
from claimcheck.readers import read_input
from tests.conftest import assert_one_line_refusal, run_json

RUNS = Path(__file__).resolve().parents[1] / "fixtures" / "harness" / "helm" / "runs" / "test"
MCQA = RUNS / "simple_mcqa"
SIMPLE1 = RUNS / "simple1"
NAMED = ["exact_match", "exact_match@5", "quasi_exact_match", "quasi_exact_match@5", "prefix_exact_match",
         "prefix_exact_match@5", "quasi_prefix_exact_match", "quasi_prefix_exact_match@5"]


def _rows(table) -> list[dict[str, str]]:
    return [{h: c.text for h, c in zip(table.header, row)} for row in table.rows]


def test_helm_stats_become_scores_with_n_from_num_instances_and_shots_from_the_run_spec():
    info, (table,) = read_input(str(MCQA / "stats.json"), 0)
    assert info.format == "json"
    rows = _rows(table)
    assert [r["metric"] for r in rows] == NAMED  # the metrics its run_spec.json names, in the file's order
    assert rows[0] == {"model": "simple/model1", "benchmark": "simple_mcqa", "score": "0.0", "n": "10", "stderr": "",
                       "shots": "5", "metric": "exact_match", "version": "", "subset": "test"}
    assert any("mean over 1 train trial(s) (its 'count'); their stddev is across trials, not items, so no standard "
               "error is given" in n for n in table.notes)
    assert any("not read as scores (not among the metrics its run_spec.json names): batch_size, bits_per_byte" in n
               for n in table.notes)  # HELM's bookkeeping is named, not read
    assert any(n.startswith("stats under a perturbation") and "exact_match" in n for n in table.notes)


def test_helm_per_instance_stats_become_item_tables_paired_by_instance_id():
    tables = read_input(str(MCQA / "per_instance_stats.json"), 0)[1]
    assert [t.name.rsplit("(", 1)[-1].rstrip(")") for t in tables] == NAMED
    exact = _rows(tables[0])
    assert len(exact) == 10 and exact[0] == {"item": "id60", "model": "simple/model1", "score": "0.0",
                                             "benchmark": "simple_mcqa", "metric": "exact_match"}
    assert [r["item"] for r in exact] == ["id60", "id38", "id41", "id74", "id56", "id80", "id85", "id87", "id59", "id68"]
    assert {r["score"] for r in exact} == {"0.0"}  # HELM's simple model answers with the prompt's last word: never right


def test_helm_run_folder_reads_items_and_not_the_same_score_twice():
    info, tables = read_input(str(MCQA), 0)
    assert info.format == "json" and len(info.sha256) == 64
    assert all(t.header[0] == "item" for t in tables) and len(tables) == len(NAMED)  # no score table: all read per item
    assert any("exact_match (test): HELM's stats.json gives 0.0 over 1 train trial(s); its per-instance results are "
               "read instead" in n for n in tables[0].notes)


def test_helm_run_folder_audits_as_item_results_with_n_10():
    report = run_json(str(MCQA))
    assert len(report["scores"]) == len(NAMED) and {(s["n"], s["raw"]) for s in report["scores"]} == {(10, "0/10")}
    exact = report["scores"][0]  # exact_match, which claimcheck's metric names call "em"
    assert (exact["model"], exact["label"], exact["metric"], exact["value"], exact["items"]["binary"]) == (
        "simple/model1", "simple_mcqa", "em", 0.0, True)
    assert [s["metric"] for s in report["scores"]][:4] == ["em", "exact-match@5", "quasi-exact-match", "quasi-exact-match@5"]
    setups = [f for f in report["findings"] if f["code"] == "CC206"]  # one model under the run's 8 metrics: said once
    assert len(setups) == 1 and setups[0]["details"]["setups"] == len(NAMED)


def test_helm_run_with_no_score_metric_is_refused_in_one_line():
    assert_one_line_refusal(SIMPLE1, "has no score to read: every stat is HELM's bookkeeping (counts, runtimes), a "
                                     "language-modelling or calibration figure")


def test_helm_stats_count_is_trials_not_items(tmp_path):
    run = tmp_path / "simple1"
    shutil.copytree(SIMPLE1, run)
    stats = json.loads((run / "stats.json").read_text())
    assert {s["count"] for s in stats if s["name"]["name"] == "num_instances" and "perturbation" not in s["name"]} == {3}
    stats.append({"name": {"name": "exact_match", "split": "test"}, "count": 3, "sum": 1.5, "mean": 0.5, "stddev": 0.1})
    (run / "stats.json").write_text(json.dumps(stats))
    (row,) = _rows(read_input(str(run / "stats.json"), 0)[1][0])
    assert (row["score"], row["n"], row["stderr"], row["shots"]) == ("0.5", "10", "", "5")  # n = num_instances, not count


def test_helm_item_metric_outside_unit_interval_stays_a_score(tmp_path):
    run = tmp_path / "run"
    shutil.copytree(MCQA, run)
    items = json.loads((run / "per_instance_stats.json").read_text())
    for stat in items[3]["stats"]:
        if stat["name"]["name"] == "exact_match":
            stat["mean"] = 2.0
    (run / "per_instance_stats.json").write_text(json.dumps(items))
    tables = read_input(str(run), 0)[1]
    assert tables[0].header[0] == "model" and [r["metric"] for r in _rows(tables[0])] == ["exact_match"]
    assert any("exact_match: a per-instance value is not in [0, 1] (instance" in n for n in tables[0].notes)


def test_helm_stats_json_is_known_by_its_content_not_its_name(tmp_path):
    run = tmp_path / "run"
    shutil.copytree(MCQA, run)
    (run / "stats.json").rename(run / "anything.json")
    assert _rows(read_input(str(run / "anything.json"), 0)[1][0])[0]["metric"] == "exact_match"


def test_a_json_list_of_other_objects_is_not_helm(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('[{"name": "exact_match", "count": 3}]')  # a name that is not HELM's {name, split} object
    with pytest.raises(InputError, match="not a harness output claimcheck reads"):
        read_input(str(path), 0)


def test_helm_stats_on_stdin_are_refused_for_naming_no_model():
    with pytest.raises(InputError, match="names no model or scenario itself: read it in its run folder"):
        read_input("-", 0, stdin=(MCQA / "stats.json").read_bytes())


def _edited(tmp_path: Path, name: str, edit) -> Path:
    run = tmp_path / "run"
    shutil.copytree(MCQA, run)
    document = json.loads((run / name).read_text())
    (run / name).write_text(edit(document) if callable(edit) else edit)
    return run


@pytest.mark.parametrize("name, edit, message", [
    ("stats.json", '{"stats": []}', "the HELM run's stats.json is not a list of HELM stats (keys 'stats')"),
    ("stats.json", '[{"name": {"name": "exact_match"}, "count": 1', "the run's stats.json is not valid JSON"),
    ("stats.json", lambda d: json.dumps(d + [{"name": {"split": "test"}, "count": 1}]),
     f"stat {81 + 1} of stats.json has no 'name.name' (the metric)"),
    ("run_spec.json", '{"name": "x"}', "run_spec.json has no 'name' and 'adapter_spec'"),
    ("run_spec.json", '{"name": "x", "adapter_spec": {}}', "run_spec.json names no model"),
    ("per_instance_stats.json", lambda d: json.dumps(d + [{"stats": []}]),
     "entry 11 of per_instance_stats.json has no 'instance_id' and 'stats'"),
])
def test_malformed_helm_run_is_one_line_and_exit_2(tmp_path, name, edit, message):
    assert_one_line_refusal(_edited(tmp_path, name, edit), message)


def test_a_folder_that_is_no_helm_run_is_still_refused_as_a_directory(tmp_path):
    assert_one_line_refusal(tmp_path, "is a directory")


def test_helm_perturbed_instances_are_named_not_read_per_item(tmp_path):
    def perturbed(items):
        copy = json.loads(json.dumps(items[0]))
        copy["perturbation"] = {"name": "typos", "robustness": True}
        for stat in copy["stats"]:
            stat["mean"] = 1.0 if stat["name"]["name"] == "exact_match" else stat.get("mean")
        return json.dumps(items + [copy])
    tables = read_input(str(_edited(tmp_path, "per_instance_stats.json", perturbed)), 0)[1]
    exact = _rows(tables[0])
    assert len(exact) == 10 and {r["score"] for r in exact} == {"0.0"}  # the perturbed copy's 1.0 is not an item
    assert any("perturbed instances (robustness, fairness) not read per item" in n for n in tables[0].notes)
