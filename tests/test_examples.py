"""End-to-end acceptance on the bundled examples (issue: claimcheck end to end)."""

from __future__ import annotations

import pytest

from tests.conftest import EXAMPLES, run_json


def _score(report: dict, label_start: str, model: str) -> dict:
    hits = [s for s in report["scores"] if s["label"].startswith(label_start) and s["model"] == model]
    assert len(hits) == 1, (label_start, model, hits)
    return hits[0]


def _codes_for(report: dict, score_id: str) -> set[str]:
    return {f["code"] for f in report["findings"] if score_id in f["scores"]}


def test_gdpval_aa_is_an_elo_rating_with_no_interval_and_cc101(astra_json):
    s = _score(astra_json, "GDPval-AA", "Fable 5.1")
    assert s["unit"] == "elo" and s["value"] == 1853
    assert s["ci"] is None and s["proportion"] is None
    assert "CC101" in _codes_for(astra_json, s["id"])


def test_osworld_rows_are_not_compared_head_to_head(astra_json):
    astra = _score(astra_json, "OSWorld 2.0, Astra", "Astra")
    fable = _score(astra_json, "OSWorld 2.0, Fable", "Fable 5.1")
    pairs = [c for c in astra_json["comparisons"] if set(c["scores"]) == {astra["id"], fable["id"]}]
    assert len(pairs) == 1
    c = pairs[0]
    assert not c["comparable"] and c["verdict"] == "incomparable"
    assert "CC208" in c["why_not"] and "CC201" in c["why_not"]
    assert c["z"] is None and c["diff_ci"] is None
    assert any(f["code"] == "CC208" for f in astra_json["findings"])


def test_strict_completion_row_inherits_osworld_2_with_a_strict_metric(astra_json):
    s = _score(astra_json, "Same as above", "Fable 5.1")
    assert s["benchmark"] == "osworld"
    assert s["version"].startswith("2.0")
    assert s["metric"] == "strict"
    partial = _score(astra_json, "OSWorld 2.0, Fable", "Fable 5.1")
    assert partial["metric"] == "partial-credit" and partial["version"] == s["version"]


def test_missing_cells_are_missing_and_in_no_statistic(astra_json):
    missing = [s for s in astra_json["scores"] if s["status"] == "missing"]
    assert len(missing) == 10
    assert all(s["raw"] == "—" and s["value"] is None and s["ci"] is None for s in missing)
    ids = {s["id"] for s in missing}
    for c in astra_json["comparisons"]:
        assert not ids & set(c["scores"])


def test_hle_with_tools_is_never_compared_with_hle_without_tools(astra_json):
    by_id = {s["id"]: s for s in astra_json["scores"]}
    pairs = [c for c in astra_json["comparisons"]
             if all(by_id[i]["benchmark"] == "hle" for i in c["scores"])
             and len({by_id[i]["tools"] for i in c["scores"]}) == 2]
    assert len(pairs) == 1  # Fable 5.1 with tools vs without
    for c in pairs:
        assert not c["comparable"] and "CC203" in c["why_not"] and c["z"] is None


def test_terminal_bench_4_is_reported_flawed(astra_json):
    s = _score(astra_json, "Terminal-Bench 4.0", "Astra")
    assert s["benchmark"] == "terminal-bench" and s["version"] == "4.0"
    assert "CC501" in _codes_for(astra_json, s["id"])


def test_no_interval_without_n(astra_json):
    with_ci = [s for s in astra_json["scores"] if s["ci"] is not None]
    assert len(with_ci) == 2  # Astra's GPQA Diamond and BrowseComp, with registry n
    for s in with_ci:
        assert s["n"] is not None and s["n_source"] in ("table", "registry")


def test_chinese_table_gives_the_same_findings(astra_json, astra_zh_json):
    def shape(report):
        return sorted((f["code"], f["severity"], tuple(f["scores"])) for f in report["findings"])

    assert shape(astra_json) == shape(astra_zh_json)
    keys = ("benchmark", "version", "subset", "tools", "metric", "unit", "n", "ci", "status")
    assert len(astra_json["scores"]) == len(astra_zh_json["scores"])
    for en, zh in zip(astra_json["scores"], astra_zh_json["scores"]):
        assert {k: en[k] for k in keys} == {k: zh[k] for k in keys}, (en["label"], zh["label"])


def test_agent_index_with_assumed_n_reproduces_seed_002():
    report = run_json(str(EXAMPLES / "agent_index_preview.csv"), "--assume-n", "500")
    opus = _score(report, "Agent Index", "Claude Opus 5.5")
    assert [round(x, 3) for x in opus["ci"]] == [0.875, 0.927]
    astra = _score(report, "Agent Index", "GPT-6 Astra")
    c = next(c for c in report["comparisons"] if set(c["scores"]) == {opus["id"], astra["id"]})
    # seed 002 prints the Wald z, 1.42; the report's z is the normal deviate of the Newcombe test it prints
    # beside its interval, 1.41 (tests/stats/test_difference.py)
    assert round(c["z"], 2) == 1.41 and c["verdict"] == "descriptive"  # no subject or mark names the pair
    assert c["diff_ci"][0] < 0 < c["diff_ci"][1] and c["p"] == pytest.approx(0.158, abs=0.001)
    fable = _score(report, "Agent Index", "Claude Fable 5.1")
    assert "CC403" in _codes_for(report, fable["id"])
    for s in report["scores"]:
        assert s["n_source"] == "assumed"
        assert "CC308" in _codes_for(report, s["id"])
    sonnet = _score(report, "Agent Index", "Claude Sonnet 5.5")
    assert "CC403" not in _codes_for(report, sonnet["id"])


def test_agent_index_without_n_makes_no_interval():
    report = run_json(str(EXAMPLES / "agent_index_preview.csv"))
    assert report["comparisons"] and all(c["verdict"] == "no-n" for c in report["comparisons"])
    assert all(s["ci"] is None for s in report["scores"])
    assert any(f["code"] == "CC301" for f in report["findings"])
    assert not any(f["code"] in ("CC302", "CC303", "CC403", "CC308") for f in report["findings"])


@pytest.mark.parametrize("code, models_gap", [("CC202", 48.0), ("CC204", 7.2)])
def test_one_link_changed_is_a_setup_effect_not_a_model_comparison(code, models_gap):
    report = run_json(str(EXAMPLES / "one_link_changed.csv"))
    comps = [c for c in report["comparisons"] if code in c["why_not"]]
    assert len(comps) == 1
    c = comps[0]
    assert c["kind"] == "configuration" and c["models"][0] == c["models"][1] and not c["comparable"]
    assert round(abs(c["gap"]), 1) == models_gap
