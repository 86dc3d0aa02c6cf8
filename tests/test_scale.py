"""What keeps a large board's audit linear gives the same answers as the plain computation it replaces.

The figures are in benchmarks/scaling-2026-12-04.md; these tests guard the caches and the shortcuts that
made them (a cached pure function must still refuse what it refused, a memo must not change a result).
"""

from __future__ import annotations

import gc

import pytest

from claimcheck.parsing.cells import parse_cell
from claimcheck.pipeline import GC_YOUNG, Options, audit
from claimcheck.stats import check_granularity, fits_beyond_chance, proportion_interval


def test_the_audit_collects_garbage_less_often_and_restores_the_collector(tmp_path, monkeypatch):
    import claimcheck.pipeline as pipeline

    seen = []
    real = pipeline._audit
    monkeypatch.setattr(pipeline, "_audit", lambda *a, **k: seen.append(gc.get_threshold()) or real(*a, **k))
    before = gc.get_threshold()
    path = tmp_path / "board.csv"
    path.write_text("model,benchmark,score\nA,GPQA Diamond,50.1\nB,GPQA Diamond,60.6\n", encoding="utf-8")
    audit([str(path)])
    assert seen[0][0] == max(before[0], GC_YOUNG) and seen[0][1:] == before[1:]
    assert gc.get_threshold() == before
    with pytest.raises(Exception):
        audit([str(tmp_path / "missing.csv")], Options())
    assert gc.get_threshold() == before  # restored when the audit fails too


def test_cached_pure_functions_still_refuse_what_they_refused():
    # typed caches: True hashes as 1, but a bool is no proportion, count or value
    assert check_granularity(1, 1, 10).attainable
    with pytest.raises(ValueError):
        check_granularity(True, 1, 10)
    assert fits_beyond_chance(3, 5, 0.5) == pytest.approx(0.5)
    assert proportion_interval(1, 10) == proportion_interval(1.0, 10)
    with pytest.raises(ValueError):
        proportion_interval(True, 10)


def test_a_cell_read_twice_reads_the_same_and_markers_may_come_as_a_list():
    first = parse_cell("**91.5**†", markers=["1"], emphasis=["bold"])
    again = parse_cell("**91.5**†", markers=("1",), emphasis=("bold",))
    assert first == again and first.markers == ("1", "†") and first.emphasis == ("bold",) and first.value == 91.5
    assert parse_cell("").status == "missing" and parse_cell("57.9").value == 57.9
