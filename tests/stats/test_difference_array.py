"""The array Newcombe path against the scalar one (brentq per pair) and statsmodels, edge counts included."""

import itertools

import numpy as np
import pytest

from claimcheck.stats.difference import difference_test
from claimcheck.stats.difference_array import newcombe_tests

CASES = [(k1 / n1, n1, k2 / n2, n2) for n1, n2 in ((1, 1), (1, 30), (20, 20), (30, 198), (500, 500), (14042, 164))
         for k1, k2 in itertools.product(sorted({0, 1, n1 // 3, n1 // 2, n1 - 1, n1}), sorted({0, 1, n2 // 2, n2}))
         if k1 >= 0 and k2 >= 0] + [(0.904, 500, 0.876, 500), (0.999, 14042, 0.001, 14042), (4 / 30, 30, 0.0, 30)]


@pytest.mark.parametrize("alpha", [0.05, 0.01])
def test_array_path_matches_scalar_path(alpha):
    p1, n1, p2, n2 = map(np.array, zip(*CASES))
    got = newcombe_tests(p1, n1, p2, n2, alpha=alpha)
    for i, (a, m, b, k) in enumerate(CASES):
        want = difference_test(a, m, b, k, alpha=alpha)
        assert got.diff[i] == want.diff
        assert abs(got.low[i] - want.ci.low) <= 1e-12 and abs(got.high[i] - want.ci.high) <= 1e-12
        assert abs(got.z[i] - want.z) <= 1e-12 * max(1.0, abs(want.z)), (a, m, b, k)
        assert got.p[i] == pytest.approx(want.p, rel=1e-10, abs=1e-300), (a, m, b, k)


def test_interval_matches_statsmodels():
    sm = pytest.importorskip("statsmodels.stats.proportion")
    rows = [(k1, n1, k2, n2) for k1, n1, k2, n2 in ((0, 10, 0, 10), (10, 10, 0, 10), (1, 1, 0, 1), (452, 500, 438, 500),
                                                     (4, 30, 0, 30), (56, 70, 48, 80))]
    got = newcombe_tests([r[0] / r[1] for r in rows], [r[1] for r in rows], [r[2] / r[3] for r in rows],
                         [r[3] for r in rows])
    for i, (k1, n1, k2, n2) in enumerate(rows):
        low, high = sm.confint_proportions_2indep(k1, n1, k2, n2, method="newcomb")
        assert got.low[i] == pytest.approx(low, abs=1e-12) and got.high[i] == pytest.approx(high, abs=1e-12)


def test_equal_proportions_and_boundaries():
    got = newcombe_tests([0.5, 0.0, 1.0, 1.0], [20, 5, 1, 1000], [0.5, 0.0, 0.0, 0.0], [40, 5, 1, 1000])
    assert list(got.p[:2]) == [1.0, 1.0] and list(got.z[:2]) == [0.0, 0.0]
    assert got.p[2] > 0.05  # 1/1 vs 0/1: the interval holds 0
    assert got.z[3] == 37.0  # 1000/1000 vs 0/1000: past the smallest p reported, capped like the scalar path
    assert got.p[3] < 1e-290
