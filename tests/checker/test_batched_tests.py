"""A board's Newcombe tests, solved together, are those the per-pair scalar path gives each comparison."""

import pytest

from claimcheck.pipeline import audit
from claimcheck.stats.difference import difference_test


def test_batched_newcombe_tests_match_the_scalar_path(tmp_path):
    board = tmp_path / "board.csv"
    board.write_text("model,benchmark,score\n" + "".join(
        f"M{i},{b},{30 + (i * 37 + j * 11) % 60}.{i % 10}\n" for i in range(12)
        for j, b in enumerate(("GPQA Diamond", "MMLU-Pro", "GSM8K"))), encoding="utf-8")
    report = audit([str(board)])
    scores = {s.id: s for s in report.scores}
    tested = [c for c in report.comparisons if c.diff_ci is not None and c.kind == "head-to-head"]
    assert len(tested) > 30
    for c in tested:
        a, b = scores[c.scores[0]], scores[c.scores[1]]
        want = difference_test(a.proportion, a.n, b.proportion, b.n)
        assert c.diff_ci == pytest.approx((want.ci.low, want.ci.high), abs=1e-12)
        assert c.p == pytest.approx(want.p, rel=1e-10) and c.z == pytest.approx(want.z, rel=1e-12, abs=1e-12)


def test_a_board_needs_no_per_pair_solve(tmp_path, monkeypatch):
    import claimcheck.stats.difference as difference

    board = tmp_path / "board.csv"
    board.write_text("model,benchmark,score\n" + "".join(f"M{i},GPQA Diamond,{40 + i}.5\n" for i in range(20)),
                     encoding="utf-8")

    def per_pair(*args, **kwargs):
        raise AssertionError("a comparison of the board fell back to the per-pair solve")

    monkeypatch.setattr(difference, "difference_test", per_pair)
    assert any(c.diff_ci is not None for c in audit([str(board)]).comparisons)
