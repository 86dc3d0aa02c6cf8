"""Tippett's d2 (the expected range of k normal draws) and the SE of a gap with protocol noise."""

from __future__ import annotations

import math

import numpy as np
import pytest

from claimcheck.stats.ranges import expected_range, total_difference_se


def test_expected_range_matches_the_closed_forms_and_the_tabulated_constants():
    assert expected_range(2) == pytest.approx(2 / math.sqrt(math.pi), abs=1e-9)  # E|X - Y| for two N(0, 1)
    assert expected_range(3) == pytest.approx(3 / math.sqrt(math.pi), abs=1e-9)
    # the control-chart table (ASTM E2587 / Montgomery, Table VI): d2 for n = 4, 5, 10, 25
    for k, d2 in [(4, 2.059), (5, 2.326), (10, 3.078), (25, 3.931)]:
        assert expected_range(k) == pytest.approx(d2, abs=6e-4)


def test_expected_range_agrees_with_simulation():
    rng = np.random.default_rng(7)
    draws = rng.standard_normal((200_000, 7))
    simulated = float((draws.max(axis=1) - draws.min(axis=1)).mean())
    assert expected_range(7) == pytest.approx(simulated, abs=0.01)


def test_a_range_needs_two_draws():
    with pytest.raises(ValueError):
        expected_range(1)


def test_total_difference_se_adds_both_scores_protocol_noise():
    assert total_difference_se(0.03, 0.0) == pytest.approx(0.03)
    assert total_difference_se(0.0, 5.0) == pytest.approx(math.sqrt(2) * 0.05)
    assert total_difference_se(0.03, 4.0) == pytest.approx(math.sqrt(0.03 ** 2 + 2 * 0.04 ** 2))
    with pytest.raises(ValueError):
        total_difference_se(-0.01, 1.0)
    with pytest.raises(ValueError):
        total_difference_se(0.01, -1.0)
