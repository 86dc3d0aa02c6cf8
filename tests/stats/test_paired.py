"""Per-item comparisons: paired difference, exact McNemar, cluster bootstrap, pass@k."""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import binomtest, ttest_rel
from statsmodels.stats.contingency_tables import mcnemar

from claimcheck.stats import (
    BootstrapResult,
    Interval,
    cluster_bootstrap_difference,
    mcnemar_exact,
    paired_difference,
    pass_at_k,
    pass_hat_k,
)


def outcomes(a_only: int, b_only: int, ties: int) -> tuple[list[int], list[int]]:
    """Per-item 0/1 scores with the given discordant counts; ties split between 1/1 and 0/0."""
    a = [1] * a_only + [0] * b_only + [1] * (ties // 2) + [0] * (ties - ties // 2)
    b = [0] * a_only + [1] * b_only + [1] * (ties // 2) + [0] * (ties - ties // 2)
    return a, b


# --- worked figures (seed 000 §9.6) --------------------------------------------------------


def test_paired_15_5_80():
    result = paired_difference(*outcomes(15, 5, 80))
    assert result.n == 100
    assert result.mean == pytest.approx(0.10)
    assert round(result.se, 4) == 0.0438
    assert (round(result.ci.low, 3), round(result.ci.high, 3)) == (0.014, 0.186)


def test_paired_15_10_75():
    result = paired_difference(*outcomes(15, 10, 75))
    assert result.mean == pytest.approx(0.05)
    assert result.se == pytest.approx(0.05)
    assert (round(result.ci.low, 3), round(result.ci.high, 3)) == (-0.048, 0.148)


def test_paired_se_matches_scipy_ttest():
    rng = np.random.default_rng(7)
    a, b = rng.random(60), rng.random(60)
    result = paired_difference(a, b)
    t = ttest_rel(a, b).statistic
    assert result.mean / result.se == pytest.approx(t)


def test_paired_errors():
    with pytest.raises(ValueError, match="equal length"):
        paired_difference([1, 0], [1])
    with pytest.raises(ValueError, match="at least 2"):
        paired_difference([1], [0])
    with pytest.raises(ValueError):
        paired_difference([1, float("nan")], [0, 0])
    with pytest.raises(ValueError):
        paired_difference([1, 0], [0, 1], alpha=1.0)


# --- McNemar -------------------------------------------------------------------------------


@pytest.mark.parametrize("a_only,b_only", [(15, 5), (15, 10), (0, 0), (3, 3), (0, 7), (40, 25),
                                           (1, 0), (100, 130)])
def test_mcnemar_matches_statsmodels(a_only, b_only):
    table = [[50, a_only], [b_only, 30]]
    expected = mcnemar(table, exact=True).pvalue
    assert mcnemar_exact(a_only, b_only) == (a_only, b_only, pytest.approx(expected, rel=1e-10))


def test_mcnemar_15_vs_5_by_hand():
    # two-sided exact: 2 * P(X <= 5), X ~ Bin(20, 1/2)
    expected = 2 * sum(math.comb(20, i) for i in range(6)) / 2**20
    assert mcnemar_exact(15, 5).p == pytest.approx(expected)
    assert mcnemar_exact(15, 5).p == pytest.approx(0.04139, abs=1e-5)
    assert mcnemar_exact(15, 5).p == pytest.approx(binomtest(15, 20).pvalue)


def test_mcnemar_errors():
    with pytest.raises(ValueError):
        mcnemar_exact(-1, 3)
    with pytest.raises(ValueError):
        mcnemar_exact(2.5, 3)


# --- cluster bootstrap ---------------------------------------------------------------------


def test_bootstrap_is_deterministic_and_reports_its_settings():
    a, b = outcomes(15, 10, 75)
    first = cluster_bootstrap_difference(a, b, reps=2000)
    assert first == cluster_bootstrap_difference(a, b, reps=2000)
    assert isinstance(first, BootstrapResult) and isinstance(first.ci, Interval)
    assert first.ci == pytest.approx((-0.05, 0.14), abs=1e-12)  # seeded: pinned, and it brackets 0.05
    with pytest.raises(AttributeError):
        first.reps = 1  # type: ignore[misc]
    assert (first.reps, first.clusters, first.seed) == (2000, 100, 20261129)
    assert first.estimate == pytest.approx(0.05)
    other = cluster_bootstrap_difference(a, b, reps=2000, seed=1)
    assert other.seed == 1 and other.ci != first.ci


def test_item_bootstrap_agrees_with_normal_interval():
    a, b = outcomes(15, 5, 80)
    boot = cluster_bootstrap_difference(a, b, reps=4000)
    normal = paired_difference(a, b)
    assert boot.ci.low == pytest.approx(normal.ci.low, abs=0.015)
    assert boot.ci.high == pytest.approx(normal.ci.high, abs=0.015)
    # resampled differences are multiples of 1/100
    assert boot.ci.low * 100 == pytest.approx(round(boot.ci.low * 100), abs=1e-9)


def test_clusters_widen_the_interval_when_items_are_correlated():
    # 20 clusters of 10 identical items: effectively 20 independent observations
    rng = np.random.default_rng(3)
    cluster_a, cluster_b = rng.integers(0, 2, 20), rng.integers(0, 2, 20)
    a, b = np.repeat(cluster_a, 10), np.repeat(cluster_b, 10)
    labels = np.repeat([f"doc{i}" for i in range(20)], 10)
    naive = cluster_bootstrap_difference(a, b, reps=3000)
    clustered = cluster_bootstrap_difference(a, b, clusters=labels, reps=3000)
    assert clustered.clusters == 20
    assert clustered.estimate == pytest.approx(naive.estimate)
    width = lambda r: r.ci.high - r.ci.low  # noqa: E731
    assert width(clustered) > 2.5 * width(naive)  # about sqrt(10) times wider
    # and equals the item-level bootstrap of the 20 cluster means with the same draws
    per_cluster = cluster_bootstrap_difference(cluster_a, cluster_b, reps=3000)
    assert clustered.ci == pytest.approx(per_cluster.ci)


def test_mean_fast_path_equals_general_path():
    rng = np.random.default_rng(11)
    a, b = rng.random(90), rng.random(90)
    mean = lambda x, axis=None: np.mean(x, axis=axis)  # noqa: E731  (not np.mean: general path)
    equal = np.repeat(np.arange(30), 3)
    for labels in (None, equal, rng.integers(0, 17, 90)):  # singleton, equal, ragged clusters
        fast = cluster_bootstrap_difference(a, b, clusters=labels, reps=300)
        slow = cluster_bootstrap_difference(a, b, clusters=labels, reps=300, statistic=mean)
        assert fast.ci == pytest.approx(slow.ci, abs=1e-12)
        assert fast.estimate == pytest.approx(slow.estimate)


def test_median_statistic_against_python_loop():
    rng = np.random.default_rng(5)
    a, b = rng.random(25), rng.random(25)
    result = cluster_bootstrap_difference(a, b, reps=500, seed=9, statistic=np.median)
    draws = np.random.default_rng(9).integers(0, 25, size=(500, 25))
    loop = [np.median(a[row]) - np.median(b[row]) for row in draws]
    assert result.ci == pytest.approx(tuple(np.quantile(loop, [0.025, 0.975])))
    assert result.estimate == pytest.approx(np.median(a) - np.median(b))


def test_bootstrap_errors():
    with pytest.raises(ValueError, match="one label per item"):
        cluster_bootstrap_difference([1, 0, 1], [0, 0, 1], clusters=["x", "y"])
    with pytest.raises(ValueError):
        cluster_bootstrap_difference([1, 0], [0, 0], reps=0)
    with pytest.raises(ValueError):
        cluster_bootstrap_difference([], [])
    with pytest.raises(ValueError):
        cluster_bootstrap_difference([1, 0], [0, 0], alpha=0.0)


# --- pass@k and pass^k ---------------------------------------------------------------------


def brute_pass_at_k(n: int, c: int, k: int) -> float:
    samples = [1] * c + [0] * (n - c)
    subsets = list(itertools.combinations(samples, k))
    return sum(any(s) for s in subsets) / len(subsets)


def brute_pass_hat_k(n: int, c: int, k: int) -> float:
    samples = [1] * c + [0] * (n - c)
    subsets = list(itertools.combinations(samples, k))
    return sum(all(s) for s in subsets) / len(subsets)


def test_pass_at_2_worked_figure():
    assert pass_at_k(5, 2, 2) == pytest.approx(0.7)


def test_pass_at_k_brute_force():
    for n in range(1, 9):
        for c in range(n + 1):
            for k in range(1, n + 1):
                assert pass_at_k(n, c, k) == pytest.approx(brute_pass_at_k(n, c, k), abs=1e-12)
                assert pass_hat_k(n, c, k) == pytest.approx(brute_pass_hat_k(n, c, k), abs=1e-12)


def test_pass_at_1_is_the_mean():
    assert pass_at_k(200, 37, 1) == pytest.approx(37 / 200)
    assert pass_hat_k(200, 37, 1) == pytest.approx(37 / 200)


def test_pass_at_k_large_n_is_stable():
    expected = 1 - math.comb(800, 100) / math.comb(1000, 100)
    assert pass_at_k(1000, 200, 100) == pytest.approx(expected, rel=1e-12)
    assert pass_hat_k(1000, 900, 50) == pytest.approx(math.comb(900, 50) / math.comb(1000, 50))


@given(n=st.integers(1, 300), data=st.data())
def test_pass_at_k_properties(n, data):
    c = data.draw(st.integers(0, n))
    k = data.draw(st.integers(1, n))
    assert 0.0 <= pass_hat_k(n, c, k) <= c / n + 1e-12 <= pass_at_k(n, c, k) + 2e-12


@pytest.mark.parametrize(
    "call",
    [
        lambda: pass_at_k(5, 6, 2),
        lambda: pass_at_k(5, 2, 6),
        lambda: pass_at_k(5, 2, 0),
        lambda: pass_at_k(0, 0, 1),
        lambda: pass_hat_k(5, -1, 2),
        lambda: pass_hat_k(5, 2, 2.5),
    ],
)
def test_pass_errors(call):
    with pytest.raises(ValueError):
        call()


def test_cluster_robust_se_matches_statsmodels_cluster_covariance():
    import numpy as np
    import statsmodels.api as sm

    from claimcheck.stats import clustered_paired_difference

    rng = np.random.default_rng(7)
    clusters = np.repeat(np.arange(12), 8)
    a = (rng.random(96) < 0.7 + 0.02 * (clusters % 3)).astype(float)
    b = (rng.random(96) < 0.65).astype(float)
    ours = clustered_paired_difference(a, b, clusters)
    fit = sm.OLS(a - b, np.ones(96)).fit(cov_type="cluster", cov_kwds={"groups": clusters})
    assert ours.mean == pytest.approx(float(fit.params[0]))
    assert ours.se == pytest.approx(float(fit.bse[0]), rel=1e-9)


def test_cluster_robust_se_needs_two_clusters():
    from claimcheck.stats import clustered_paired_difference

    with pytest.raises(ValueError):
        clustered_paired_difference([1, 0, 1], [0, 0, 1], ["c", "c", "c"])


# ── sign_flip_p_bound: the smallest p any pairing allows a lead of whole rating steps ───────────────

from claimcheck.stats.paired import sign_flip_p_bound  # noqa: E402


def _sign_flip_p(d: tuple[int, ...]) -> float:
    """The exact two-sided sign-flip p of paired differences ``d``, by enumerating every sign pattern."""
    total = abs(sum(d))
    hits = sum(1 for signs in itertools.product((1, -1), repeat=len(d))
               if abs(sum(s * x for s, x in zip(signs, d))) >= total)
    return hits / 2 ** len(d)


@pytest.mark.parametrize("steps", range(1, 12))
def test_sign_flip_bound_is_the_exact_test_of_unit_wins(steps):
    # T items each won by one step: the exact sign test (scipy binomtest) and scipy's own permutation test
    from scipy.stats import permutation_test

    assert sign_flip_p_bound(steps) == pytest.approx(binomtest(steps, steps, 0.5).pvalue, rel=1e-12)
    d = np.array([1.0] * steps + [0.0] * 5)
    res = permutation_test((d,), np.sum, permutation_type="samples", alternative="two-sided", n_resamples=np.inf)
    assert sign_flip_p_bound(steps) == pytest.approx(min(1.0, res.pvalue), rel=1e-12)


def test_sign_flip_bound_holds_for_every_small_configuration():
    # every vector of up to seven non-zero steps in -3..3: none reaches a smaller p than the bound for its sum
    worst: dict[int, float] = {}
    for m in range(1, 8):
        for d in itertools.combinations_with_replacement((-3, -2, -1, 1, 2, 3), m):
            if sum(d) > 0:
                worst[sum(d)] = min(worst.get(sum(d), 1.0), _sign_flip_p(d))
    for total, p in worst.items():
        assert p >= sign_flip_p_bound(total) - 1e-15, (total, p)
        if total <= 7:
            assert p == pytest.approx(sign_flip_p_bound(total))  # and unit wins attain it


def test_sign_flip_bound_edges():
    assert sign_flip_p_bound(0) == 1.0
    assert sign_flip_p_bound(1) == 1.0  # one win of one step: both sign patterns reach it
    assert sign_flip_p_bound(1.99) == 1.0  # fractional steps round down: 1.99 steps is one whole win
    assert sign_flip_p_bound(2) == 0.5
    assert sign_flip_p_bound(4.8) == 0.125
    assert sign_flip_p_bound(5.9999999999) == pytest.approx(2 ** -5)  # float noise in a product of printed values
    assert sign_flip_p_bound(6) == pytest.approx(0.03125)
    for bad in (-0.5, math.nan, math.inf):
        with pytest.raises(ValueError):
            sign_flip_p_bound(bad)
