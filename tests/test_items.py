"""Per-item results: paired comparisons instead of independent samples (SPEC §5)."""

from __future__ import annotations

import pytest

from claimcheck.errors import InputError
from claimcheck.pipeline import audit


def _table(tmp_path, pattern: list[tuple[int, int]], cluster_size: int | None = None, samples: int = 1) -> str:
    header = "item,model,score,benchmark" + (",cluster" if cluster_size else "") + (",sample" if samples > 1 else "")
    rows = [header]
    for k, (a, b) in enumerate(pattern):
        for s in range(samples):
            for model, value in (("A", a), ("B", b)):
                row = f"q{k:03d},{model},{value},Demo QA"
                row += f",c{k // cluster_size}" if cluster_size else ""
                row += f",{s}" if samples > 1 else ""
                rows.append(row)
    path = tmp_path / "items.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return str(path)


SEED_000 = [(1, 0)] * 15 + [(0, 1)] * 5 + [(1, 1)] * 60 + [(0, 0)] * 20  # §9.6: 15 vs 5 wins, 80 ties


def test_paired_difference_and_exact_mcnemar_reproduce_seed_000(tmp_path):
    report = audit([_table(tmp_path, SEED_000)])
    a, b = report.scores
    assert (a.value, b.value, a.n, a.cell.raw) == (75.0, 65.0, 100, "75/100")
    (c,) = report.comparisons
    assert round(c.diff, 2) == 0.10 and round(c.se, 4) == 0.0438  # seed 000's paired SE, shown as data
    # 20 discordant items: Tango's score interval and the McNemar score test it inverts, z = 10/sqrt(20);
    # the seed's Wald interval [0.014, 0.186] is what the stats function paired_difference still gives
    assert [round(x, 3) for x in c.diff_ci] == [0.013, 0.192]
    assert c.p == pytest.approx(0.025347, abs=1e-6) and round(c.z, 3) == 2.236 and "Tango" in c.method
    assert c.verdict == "significant"
    assert c.mde == pytest.approx(0.123, abs=0.001)  # from the discordance rate 0.2, not the unpaired 17.6 pp


def test_five_against_none_of_a_hundred_is_not_called(tmp_path):
    """Issue 10: 5 vs 0 discordant of 100 — the Wald interval [0.7, 9.3] pp contradicted the exact McNemar
    p = 0.0625; the exact procedure's interval holds 0, and the paired MDE is about 6 pp, not 19.8."""
    report = audit([_table(tmp_path, [(1, 0)] * 5 + [(1, 1)] * 50 + [(0, 0)] * 45)])
    (c,) = report.comparisons
    assert c.p == 0.0625 and "exact McNemar" in c.method
    assert c.diff_ci[0] < 0 < c.diff_ci[1] and c.verdict == "within-noise"
    assert c.mde == pytest.approx(0.062, abs=0.001)


def test_fifteen_vs_ten_wins_is_within_noise(tmp_path):
    report = audit([_table(tmp_path, [(1, 0)] * 15 + [(0, 1)] * 10 + [(1, 1)] * 75)])
    (c,) = report.comparisons
    assert [round(x, 3) for x in c.diff_ci] == [-0.05, 0.151]  # Tango (seed 000's Wald: [-0.048, 0.148])
    assert c.verdict == "within-noise" and "CC302" in {f.code for f in report.findings}


def test_clustered_items_get_a_cluster_robust_t_whose_interval_and_verdict_agree(tmp_path):
    from scipy.stats import t as student

    report = audit([_table(tmp_path, SEED_000, cluster_size=10)])
    (c,) = report.comparisons
    assert "cluster-robust paired t test and its interval" in c.method and "9 df" in c.method
    half = student.ppf(0.975, 9) * c.se
    assert c.diff_ci == pytest.approx((c.diff - half, c.diff + half), abs=1e-12)
    assert (c.p < 0.05) == (c.diff_ci[0] > 0 or c.diff_ci[1] < 0)
    assert c.p == pytest.approx(2 * student.sf(abs(c.z), 9), rel=1e-9)
    assert "fewer than 10 clusters" not in (c.note or "")


def test_few_clusters_are_said_to_be_unreliable(tmp_path):
    report = audit([_table(tmp_path, SEED_000, cluster_size=20)])  # 5 clusters
    (c,) = report.comparisons
    assert "fewer than 10 clusters" in c.note and "4 df" in c.method


def test_several_samples_per_item_are_averaged_and_the_interval_is_marked_conservative(tmp_path):
    report = audit([_table(tmp_path, SEED_000, samples=4)])
    a = report.scores[0]
    assert a.items.samples == 4 and a.n == 100 and "upper bound" in (a.ci_note or "")


def test_a_bad_per_item_score_names_its_row(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("item,model,score,benchmark\nq1,A,maybe,Demo\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        audit([str(path)])
    assert "row 2" in err.value.one_line() and "'score'" in err.value.one_line()


def test_wins_packed_into_two_clusters_are_not_significant(tmp_path):
    """QA case: 20 A-only wins all in clusters c0-c1, 5 B-only, 75 ties: McNemar alone would call it."""
    pattern = [(1, 0)] * 20 + [(0, 1)] * 5 + [(1, 1)] * 75
    report = audit([_table(tmp_path, pattern, cluster_size=10)])
    (c,) = report.comparisons
    assert c.verdict == "within-noise"
    assert c.diff_ci[0] < 0 < c.diff_ci[1]


def test_pass_at_k_from_samples_uses_the_unbiased_estimator(tmp_path):
    from claimcheck.stats import pass_at_k

    correct = [2, 0, 0, 4, 4]
    rows = ["item,model,score,benchmark,sample,metric"]
    for i, c in enumerate(correct):
        rows += [f"q{i},A,{1 if s < c else 0},Demo QA,{s},pass@2" for s in range(5)]
    path = tmp_path / "samples.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    (s,) = audit([str(path)]).scores
    expected = sum(pass_at_k(5, c, 2) for c in correct) / 5
    assert s.value == pytest.approx(100 * expected) and round(expected, 2) == 0.54
    assert s.resolution.metric == "pass@2" and s.items.samples == 5


def test_identical_clusters_do_not_make_a_gap_significant(tmp_path):
    """QA round 2: every cluster with 2 A-only wins, 1 B-only, 7 ties gave a cluster-robust SE of 0."""
    pattern = ([(1, 0)] * 2 + [(0, 1)] + [(1, 1)] * 7) * 10
    report = audit([_table(tmp_path, pattern, cluster_size=10)])
    (c,) = report.comparisons
    assert c.se > 0 and c.verdict == "within-noise"


def test_pass_at_k_with_fewer_samples_than_k_is_refused_not_faked(tmp_path):
    rows = ["item,model,score,benchmark,sample,metric"]
    rows += [f"q{i},A,{s % 2},Demo QA,{s},pass@10" for i in range(3) for s in range(5)]
    path = tmp_path / "s.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    report = audit([str(path)])
    (s,) = report.scores
    assert s.status == "skipped" and "needs at least 10 samples" in s.reason
    assert "CC405" in {f.code for f in report.findings}


def _models_table(tmp_path, results: dict[str, list[int]], name: str = "ranked.csv", items=None) -> str:
    rows = ["item,model,score,benchmark"]
    for model, values in results.items():
        ids = items.get(model) if items and model in items else [f"q{i:03d}" for i in range(len(values))]
        rows += [f"{i},{model},{v},Demo QA" for i, v in zip(ids, values)]
    path = tmp_path / name
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return str(path)


def _shared_hard_items(seed: int = 6) -> dict[str, list[int]]:

    from tests.stats.test_paired_ranks import _correlated

    x = _correlated(6, 400, seed=seed, spread=0.25, hard=2.5)
    return {f"M{j}": [int(v) for v in row] for j, row in enumerate(x)}


def test_a_row_of_per_item_results_on_shared_items_is_ranked_paired(tmp_path):
    """Six models on the same 400 items: the rank sets are the paired ones of stats.paired_ranks, item for item,
    and narrower than the sets the same scores would get as independent samples."""
    import numpy as np

    from claimcheck.stats.paired_ranks import paired_rank_sets
    from claimcheck.stats.ranks import proportion_rank_sets

    results = _shared_hard_items()
    report = audit([_models_table(tmp_path, results)])
    (ranked,) = report.ranks
    assert "paired difference over the 400 items every model ran" in ranked.method
    assert "bootstrap resamples of the items" in ranked.method
    x = np.array([results[m] for m in ranked.models], dtype=float)
    assert [tuple(s) for s in paired_rank_sets(x)] == list(ranked.simultaneous)
    assert [tuple(s) for s in paired_rank_sets(x, simultaneous=False)] == list(ranked.marginal)
    unpaired = proportion_rank_sets(x.mean(axis=1), [400] * 6)
    assert sum(h - lo for lo, h in ranked.simultaneous) < sum(s.high - s.low for s in unpaired)


def test_items_in_another_order_are_paired_by_id(tmp_path):
    results = _shared_hard_items()
    first = audit([_models_table(tmp_path, results)]).ranks[0]
    flipped = {m: v[::-1] for m, v in results.items()}
    ids = {m: [f"q{i:03d}" for i in range(400)][::-1] for m in list(results)[:3]}
    mixed = {m: (flipped[m] if m in ids else v) for m, v in results.items()}
    again = audit([_models_table(tmp_path, mixed, "mixed.csv", items=ids)]).ranks[0]
    assert again.simultaneous == first.simultaneous and again.method == first.method


def test_models_that_ran_different_items_are_ranked_as_independent_samples(tmp_path):
    results = _shared_hard_items()
    ids = {"M5": [f"x{i:03d}" for i in range(400)]}  # one model on other items: no pairing for the row
    (ranked,) = audit([_models_table(tmp_path, results, "apart.csv", items=ids)]).ranks
    assert "paired" not in ranked.method and "pooled binomial standard error" in ranked.method


def test_clustered_items_are_ranked_with_their_clusters_resampled_whole(tmp_path):
    results = _shared_hard_items()
    rows = ["item,model,score,benchmark,cluster"]
    for model, values in results.items():
        rows += [f"q{i:03d},{model},{v},Demo QA,c{i // 10}" for i, v in enumerate(values)]
    path = tmp_path / "clustered.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    (ranked,) = audit([str(path)]).ranks
    assert "cluster-robust, 40 clusters resampled whole" in ranked.method


def test_per_item_results_of_a_lower_is_better_row_rank_the_lowest_first(tmp_path):
    """Where the row's benchmark is one on which lower is better, the per-item results are ranked as their
    complements: the model with the fewest marks leads, with the paired sets of 1 - x."""
    import dataclasses

    import numpy as np

    from claimcheck.checker.ranking import rank_rows
    from claimcheck.stats.paired_ranks import paired_rank_sets

    results = _shared_hard_items()
    report = audit([_models_table(tmp_path, results)])
    lower = [dataclasses.replace(s, resolution=dataclasses.replace(s.resolution, direction="lower"))
             for s in report.scores]
    (ranked,) = rank_rows(lower, [], 0.05)
    x = np.array([results[m] for m in ranked.models], dtype=float)
    assert [tuple(s) for s in paired_rank_sets(1.0 - x)] == list(ranked.simultaneous)
    fewest = ranked.models.index(min(results, key=lambda m: sum(results[m])))
    assert ranked.simultaneous[fewest][0] == 1 and ranked.simultaneous != report.ranks[0].simultaneous
