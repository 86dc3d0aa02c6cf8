"""Rank sets from per-item results on shared items (claimcheck.stats.paired_ranks), each part against an
independent reference: the paired SEs against paired_difference / statsmodels' cluster-robust OLS, the
bootstrap means against resampling written item by item, the sets against the pair-by-pair stepdown."""

from __future__ import annotations

import numpy as np
import pytest

from claimcheck.stats import paired_ranks
from claimcheck.stats.paired import clustered_paired_difference, paired_difference
from claimcheck.stats.paired_ranks import paired_rank_sets, resampled_means, summarise
from claimcheck.stats.ranks import RankSet, _holm_sets, proportion_rank_sets, proportion_se
from tests.stats.test_ranks import _reference_stepdown


def _correlated(k: int, n: int, seed: int, spread: float = 0.1, hard: float = 2.0) -> np.ndarray:
    """Right/wrong results of k models on n shared items: item difficulty shared by every model (so their
    results are positively correlated), skill spread ``spread`` on the logit scale."""
    rng = np.random.default_rng(seed)
    difficulty = rng.normal(0, hard, n)
    skill = np.sort(rng.normal(0, spread, k))[::-1] if spread else np.zeros(k)
    p = 1 / (1 + np.exp(-(skill[:, None] - difficulty[None, :])))
    return (rng.random((k, n)) < p).astype(float)


def test_each_pairs_scale_is_the_se_of_its_paired_difference():
    x = _correlated(6, 120, seed=1)
    scale = summarise(x).scale
    for j in range(6):
        for i in range(6):
            if i != j:
                assert scale[j, i] == pytest.approx(paired_difference(x[j], x[i]).se, rel=1e-12)


def test_two_models_apart_on_one_item_keep_their_paired_scale():
    """1 item of 400 differs: the paired SE (about 1/400) is far below the independent one, and is the one used."""
    a = np.array([1.0] * 200 + [0.0] * 200)
    b = a.copy()
    b[0] = 0.0
    scale = summarise(np.stack([a, b])).scale
    assert scale[0, 1] == pytest.approx(paired_difference(a, b).se, rel=1e-12)
    assert scale[0, 1] < 0.1 * np.hypot(proportion_se(0.5, 400), proportion_se(199 / 400, 400))


def test_with_clusters_each_pairs_scale_is_statsmodels_cluster_robust_se():
    import statsmodels.api as sm

    x = np.random.default_rng(2).uniform(0, 1, (4, 90))  # graded items, not only 0/1
    clusters = [f"doc{i // 6}" for i in range(90)][::-1]  # 15 clusters, items not in cluster order
    scale = summarise(x, clusters).scale
    codes = np.unique(clusters, return_inverse=True)[1]
    for j, i in [(0, 1), (2, 3), (1, 3)]:
        d = x[j] - x[i]
        fit = sm.OLS(d, np.ones_like(d)).fit(cov_type="cluster", cov_kwds={"groups": codes, "use_correction": False})
        # statsmodels' CR1 also scales by (N - 1) / (N - p); CR1 on a mean alone is G / (G - 1)
        ours = clustered_paired_difference(x[j], x[i], clusters).se
        assert scale[j, i] == pytest.approx(ours, rel=1e-12)
        assert ours == pytest.approx(float(fit.bse[0]) * np.sqrt(15 / 14), rel=1e-10)


def test_bootstrap_means_are_the_means_of_items_resampled_one_by_one():
    """Each draw picks G clusters with replacement, the same picks for every model: written out as index
    draws on the same generator, cluster by cluster; and the blocks the draws are made in change nothing."""
    x = _correlated(5, 40, seed=3)
    clusters = [i // 4 for i in range(40)]  # 10 clusters of 4
    summary = summarise(x, clusters)
    ours = resampled_means(summary, 25, seed=9)
    rng = np.random.default_rng(9)
    picks = rng.integers(0, 10, size=(25, 10))
    members = [np.arange(c * 4, c * 4 + 4) for c in range(10)]
    expected = np.array([[x[m, np.concatenate([members[c] for c in row])].mean() for m in range(5)] for row in picks])
    assert np.allclose(ours, expected - x.mean(axis=1)[None, :], atol=1e-14)
    small = paired_ranks._WEIGHTS_PER_BLOCK
    try:
        paired_ranks._WEIGHTS_PER_BLOCK = 30  # three draws per block
        assert np.array_equal(resampled_means(summary, 25, seed=9), ours)
    finally:
        paired_ranks._WEIGHTS_PER_BLOCK = small


@pytest.mark.parametrize("simultaneous", [True, False])
def test_the_sets_are_the_pair_by_pair_stepdowns_on_the_same_draws(simultaneous):
    x = _correlated(9, 200, seed=4, spread=0.6)
    summary = summarise(x)
    noise = resampled_means(summary, 400, seed=5)
    k, est, scale = 9, summary.means, summary.scale
    if simultaneous:
        rejected = _reference_stepdown(est, scale, noise, [(j, i) for j in range(k) for i in range(k) if i != j], 0.05)
        expected = [RankSet(1 + sum((i, j) in rejected for i in range(k)), k - sum((j, i) in rejected for i in range(k)))
                    for j in range(k)]
    else:
        expected = []
        for j in range(k):
            rejected = _reference_stepdown(est, scale, noise, [(j, i) for i in range(k) if i != j]
                                           + [(i, j) for i in range(k) if i != j], 0.05)
            expected.append(RankSet(1 + sum((i, j) in rejected for i in range(k)),
                                    k - sum((j, i) in rejected for i in range(k))))
    assert paired_rank_sets(x, draws=400, seed=5, simultaneous=simultaneous) == expected
    assert len({s for s in expected}) > 1  # the row is neither all tied nor all apart: the test can fail


def test_pairing_narrows_the_sets_of_models_that_share_hard_items():
    """The same scores ranked as independent samples: correlated results make the paired sets narrower."""
    x = _correlated(8, 400, seed=6, spread=0.25, hard=2.5)
    paired = paired_rank_sets(x, draws=2000)
    unpaired = proportion_rank_sets(x.mean(axis=1), [400] * 8, draws=2000)
    width = lambda sets: sum(s.high - s.low for s in sets)  # noqa: E731
    assert width(paired) < width(unpaired)
    assert all(p.low >= u.low and p.high <= u.high for p, u in zip(paired, unpaired))


def test_family_wise_error_under_the_global_null_with_correlated_items():
    """Five models of equal skill on shared items of widely varying difficulty: every true rank is 1 (ties share
    the better place), so any set not starting at 1 is an error.  Measured over 300 rows it stays near alpha."""
    errors = sum(any(s.low > 1 for s in paired_rank_sets(_correlated(5, 150, seed=100 + r, spread=0), draws=500,
                                                           seed=r)) for r in range(300))
    assert errors / 300 <= 0.08  # alpha 0.05 + 2.4 Monte Carlo SDs


def test_alpha_changes_the_sets():
    x = _correlated(8, 300, seed=7, spread=0.5)
    strict, loose = paired_rank_sets(x, alpha=0.01, draws=1000), paired_rank_sets(x, alpha=0.2, draws=1000)
    assert all(s.low <= t.low and s.high >= t.high for s, t in zip(strict, loose)) and strict != loose


def test_edge_cases():
    same = np.array([[1, 0, 1, 1, 0], [1, 0, 1, 1, 0], [0, 0, 0, 0, 0]], dtype=float)
    sets = paired_rank_sets(same, draws=500)
    assert sets[0] == sets[1] and sets[0].low == 1 and sets[0].high >= 2  # identical results: never ordered
    # all right against all wrong on 40 items: no paired variation, the independent scale decides, apart
    apart = paired_rank_sets(np.array([[1.0] * 40, [0.0] * 40, [0.5] * 40]), draws=500)
    assert apart == [RankSet(1, 1), RankSet(3, 3), RankSet(2, 2)]
    ac = proportion_se(1.0, 40)
    assert summarise(np.array([[1.0] * 40, [0.0] * 40])).scale[0, 1] == pytest.approx(np.sqrt(2) * ac)
    assert paired_rank_sets(np.array([[1.0, 0.0, 1.0]])) == [RankSet(1, 1)]  # one model
    assert paired_rank_sets(np.array([[1.0, 1.0], [0.0, 0.0]]), draws=200)[0].low == 1  # two items (k = n = 2 edge)
    with pytest.raises(ValueError, match="at least 2 items"):
        paired_rank_sets(np.array([[1.0], [0.0]]))  # n = 1
    with pytest.raises(ValueError, match="at least 2 items"):
        paired_rank_sets(np.ones((3, 4)), clusters=["a"] * 4)  # one cluster
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        paired_rank_sets(np.array([[1.0, 2.0], [0.0, 1.0]]))
    with pytest.raises(ValueError, match="models x items"):
        paired_rank_sets(np.array([1.0, 0.0]))
    with pytest.raises(ValueError, match="models x items"):
        paired_rank_sets(np.empty((0, 5)))  # no model


def test_a_row_past_the_resampled_size_is_ranked_by_holm_on_the_paired_scales(monkeypatch):
    from claimcheck.stats import paired_ranks, ranks

    assert paired_ranks.RESAMPLED_MODELS == 1_000 and paired_ranks.resampled(1_000) and not paired_ranks.resampled(1_001)
    x = _correlated(12, 300, seed=8, spread=0.6)
    summary = summarise(x)
    monkeypatch.setattr(ranks, "SIMULATED_MODELS", 11)  # the independent rows' bound does not apply here
    resampled = [paired_rank_sets(x, simultaneous=s) for s in (True, False)]
    assert resampled == [paired_rank_sets(x, simultaneous=s, draws=ranks.draws_for(12)) for s in (True, False)]
    monkeypatch.setattr(paired_ranks, "RESAMPLED_MODELS", 11)
    for simultaneous in (True, False):
        assert paired_rank_sets(x, simultaneous=simultaneous) == _holm_sets(summary.means, summary.scale, 0.05,
                                                                            simultaneous)
    assert resampled != [paired_rank_sets(x, simultaneous=s) for s in (True, False)]  # the two methods differ here
