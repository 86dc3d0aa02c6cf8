"""Epoch AI Benchmarking Hub files (issue 12), on a real excerpt of Epoch's gpqa_diamond.csv
(tests/fixtures/harness/epoch, with its source in tests/fixtures/harness/README.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.readers import read_input
from claimcheck.readers.epoch import split_model_version
from tests.conftest import assert_one_line_refusal, run_json

EPOCH = Path(__file__).resolve().parents[1] / "fixtures" / "harness" / "epoch" / "gpqa_diamond.csv"


def _rows(table) -> list[dict[str, str]]:
    return [{h: c.text for h, c in zip(table.header, row)} for row in table.rows]


def _by_version(table) -> dict[str, dict[str, str]]:
    return {r["Model version"]: r for r in _rows(table)}


def test_epoch_runs_become_scores_with_stderr_budget_and_a_fraction_unit():
    info, (table,) = read_input(str(EPOCH), 0)
    assert info.format == "csv"
    assert table.header[:6] == ("model", "benchmark", "score", "stderr", "unit", "budget")
    rows = _by_version(table)
    assert len(rows) == 9
    row = rows["gpt-5.2-2025-12-11_high"]
    assert (row["model"], row["benchmark"], row["score"], row["stderr"], row["unit"], row["budget"]) == (
        "gpt-5.2-2025-12-11", "gpqa_diamond", "0.8819444444444444", "0.01913858277633924", "fraction", "high")
    assert "metric" not in row  # the column read is said in the notes: the metric is the benchmark's own (accuracy)
    assert "score is 'Best score (across scorers)', a fraction" in table.notes[0]
    opus = rows["claude-opus-4-5-20251101_16K"]
    assert (opus["model"], opus["budget"], opus["score"]) == ("claude-opus-4-5-20251101", "16K", "0.8547979797979798")
    assert rows["DeepSeek-R1"]["model"] == "DeepSeek-R1" and rows["DeepSeek-R1"]["budget"] == ""


def test_epoch_metadata_stays_beside_the_score_never_in_the_model_name():
    (table,) = read_input(str(EPOCH), 0)[1]
    row = _by_version(table)["openai/gpt-oss-120b_high"]
    assert row["model"] == "openai/gpt-oss-120b"
    assert (row["Organization"], row["Country"], row["Release date"]) == ("OpenAI", "United States of America",
                                                                         "2025-08-05")
    assert row["Training compute (FLOP)"] == "4.94e+24" and row["id"] == "LC5Rhog6wt2PT84CtJ483h"
    assert any("kept as metadata, not read as scores: 'Model version', 'mean_score', 'Release date'" in n
               for n in table.notes)


def test_epoch_best_score_is_read_and_a_different_mean_score_is_named():
    (table,) = read_input(str(EPOCH), 0)[1]
    assert _by_version(table)["grok-3-beta"]["score"] == "0.7575757575757576"  # the best, not mean 0.6758…
    differ = [n for n in table.notes if "differs from the best score" in n]
    assert len(differ) == 2 and any("(grok-3-beta): mean_score 0.6758207070707071" in n for n in differ)


def test_epoch_audit_gives_fraction_scores_with_the_registry_n_and_settings_apart():
    report = run_json(str(EPOCH))
    scores = {(s["model"], s["budget"].get("effort", "")): s for s in report["scores"]}
    assert len(scores) == 9  # the three GPT-5.2 settings stay three scores
    gpt = scores[("gpt-5.2-2025-12-11", "xhigh")]
    assert (gpt["benchmark"], gpt["value"], gpt["unit"], gpt["n"]) == ("gpqa", 0.914, "fraction", 198)
    assert {s["unit"] for s in report["scores"]} == {"fraction"}


@pytest.mark.parametrize("version, expected", [
    ("gpt-5.2-2025-12-11_xhigh", ("gpt-5.2-2025-12-11", "xhigh")),
    ("claude-opus-4-5-20251101_16K", ("claude-opus-4-5-20251101", "16K")),
    ("gpt-5-mini-2025-08-07_medium", ("gpt-5-mini-2025-08-07", "medium")),
    ("o3-mini-2025-01-31_low", ("o3-mini-2025-01-31", "low")),
    ("DeepSeek-R1", ("DeepSeek-R1", "")),
    ("some_model_v2", ("some_model_v2", "")),  # an underscore that is no setting stays in the name
    ("_high", ("_high", "")),
])
def test_epoch_model_version_splits_only_a_known_setting(version, expected):
    assert split_model_version(version) == expected


def test_epoch_file_is_known_by_its_header_and_an_ordinary_csv_is_not(tmp_path):
    renamed = tmp_path / "frontiermath.txt"
    renamed.write_bytes(EPOCH.read_bytes())
    (table,) = read_input(str(renamed), 0)[1]
    assert table.header[0] == "model" and {r["benchmark"] for r in _rows(table)} == {"frontiermath"}
    for text in ("model,score,Release date,Organization\nastra,0.5,2025-01-01,X\n",  # no 'Model version'
                 "Model version,Score,Release date,Organization\nastra,0.5,2025-01-01,X\n",  # an _external.csv layout
                 "Model version,mean_score,Country\nastra,0.5,X\n"):  # no Epoch metadata column
        plain = tmp_path / "plain.csv"
        plain.write_text(text)
        assert read_input(str(plain), 0)[1][0].header == tuple(text.split("\n")[0].split(","))


def test_epoch_file_with_only_mean_score_reads_it(tmp_path):
    path = tmp_path / "simpleqa_verified.csv"
    path.write_text("Model version,mean_score,Release date,Organization,stderr\nastra_high,0.674,2025-12-17,X,0.0148\n")
    (row,) = _rows(read_input(str(path), 0)[1][0])
    (table,) = read_input(str(path), 0)[1]
    assert (row["model"], row["score"], row["stderr"], row["budget"]) == ("astra", "0.674", "0.0148", "high")
    assert "score is 'mean_score', a fraction" in table.notes[0]


def test_epoch_row_without_a_score_is_named_not_dropped(tmp_path):
    path = tmp_path / "gpqa_diamond.csv"
    path.write_text("Model version,Best score (across scorers),Release date\nastra,0.5,2025-01-01\nfable,,2025-01-01\n")
    (table,) = read_input(str(path), 0)[1]
    assert len(table.rows) == 1 and any("row 3 (fable): no 'Best score (across scorers)'" in n for n in table.notes)


HEAD = "Model version,Best score (across scorers),Release date,stderr\n"


@pytest.mark.parametrize("body, message", [
    ("astra,87.5,2025-01-01,0.02\n", "'Best score (across scorers)' of astra 87.5 is not a fraction in [0, 1]"),
    ("astra,0.5,2025-01-01,2.5\n", "'stderr' of astra 2.5 is not a fraction in [0, 1]"),
    ("astra,high,2025-01-01,0.02\n", "'Best score (across scorers)' of astra 'high' is not a number"),
    ("astra,nan,2025-01-01,0.02\n", "is not a fraction in [0, 1]"),
    (",0.5,2025-01-01,0.02\n", "names no model"),
    ("astra,,2025-01-01,0.02\n", "has no row with a 'Best score (across scorers)'"),
])
def test_malformed_epoch_file_is_one_line_and_exit_2(tmp_path, body, message):
    path = tmp_path / "gpqa_diamond.csv"
    path.write_text(HEAD + body)
    assert_one_line_refusal(path, message)


def test_epoch_file_on_stdin_is_refused_for_naming_no_benchmark():
    from claimcheck.errors import InputError

    with pytest.raises(InputError, match="names its benchmark only in its file name"):
        read_input("-", 0, stdin=EPOCH.read_bytes())
