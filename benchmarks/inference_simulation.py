"""The inference checks of issue 10 at a size the test suite cannot afford: run once, record the table.

    .venv/bin/python benchmarks/inference_simulation.py > benchmarks/inference-YYYY-MM-DD.md

Seeded, so a rerun prints the same numbers.  The tests (tests/stats/test_difference.py, test_ranks.py,
test_paired_binary.py) check the same properties quickly; this script gives them with small Monte Carlo
error, and sets the old procedures beside the new ones.
"""

from __future__ import annotations

import math
import time

import numpy as np
from scipy.stats import binom

from claimcheck.stats import holm_adjust, two_proportion_ztest
from claimcheck.stats.difference import difference_test, mover_interval
from claimcheck.stats.paired_binary import paired_binary_test
from claimcheck.stats.ranks import proportion_rank_sets, rank_sets

ALPHA = 0.05


def exact_size(n: int, rejects) -> float:
    ks = np.arange(n + 1)
    worst = 0.0
    for p in np.linspace(0.02, 0.98, 49) if n < 500 else np.linspace(0.3, 0.7, 9):
        sd = math.sqrt(n * p * (1 - p))
        near = ks[(ks >= n * p - 8 * sd) & (ks <= n * p + 8 * sd)]
        w = binom.pmf(near, n, p)
        r = np.array([[rejects(a, b, n) for b in near] for a in near], dtype=float)
        worst = max(worst, float(w @ r @ w))
    return worst


def newcombe_rejects(a, b, n):
    low, high = mover_interval(a / n, n, b / n, n)
    return low > 0 or high < 0


def wald_rejects(a, b, n):
    return two_proportion_ztest(a / n, n, b / n, n, pooled=False).p < ALPHA


def old_family(est, n):
    """The old procedure: Wald z, each model against the leader and its neighbour, Holm over those."""
    order = np.argsort(-est)
    pairs = [(order[0], j) for j in order[1:]] + [(order[i], order[i + 1]) for i in range(1, len(order) - 1)]
    ps = [two_proportion_ztest(est[i], n, est[j], n, pooled=False).p for i, j in pairs]
    return min(holm_adjust(ps)) < ALPHA


def subject_family(est, n):
    """The new pairwise family: the subject (model 0, named in advance) against every rival."""
    ps = [difference_test(est[0], n, x, n).p for x in est[1:]]
    return min(holm_adjust(ps)) < ALPHA


def any_rank_rejection(est, n, rng):
    sets = proportion_rank_sets(est, [n] * len(est), draws=2000, seed=int(rng.integers(1 << 30)))
    return any(s.low > 1 for s in sets)


def main() -> None:
    start = time.perf_counter()
    print("# Inference checks (issue 10), seeded\n")
    print("## Size of the gap test (exact over every outcome; worst common proportion), alpha = 0.05\n")
    print("| n per model | Wald z (old) | Newcombe, inverted (new) |\n|---|---|---|")
    for n in (20, 50, 100, 500):
        print(f"| {n} | {exact_size(n, wald_rejects):.4f} | {exact_size(n, newcombe_rejects):.4f} |")

    print("\n## Family-wise error under the global null, one row of k models at 50% on 500 items\n")
    print("| k | reps | old: leader + neighbours, Wald, Holm | subject vs rivals, Newcombe, Holm | "
          "rank sets (any pair ordered) |\n|---|---|---|---|---|")
    rng = np.random.default_rng(2026)
    for k, reps in ((4, 4000), (10, 4000), (26, 2000), (30, 2000)):
        old = sub = ranks = 0
        for _ in range(reps):
            est = rng.binomial(500, 0.5, k) / 500
            old += old_family(est, 500)
            sub += subject_family(est, 500)
            ranks += any_rank_rejection(est, 500, rng)
        mc = 2 * math.sqrt(ALPHA * (1 - ALPHA) / reps)
        print(f"| {k} | {reps} | {old / reps:.3f} | {sub / reps:.3f} | {ranks / reps:.3f} (±{mc:.3f}) |")

    print("\n## Simultaneous rank-set coverage, least favourable case (k = 6 equal, normal, known SE)\n")
    hits, reps = 0, 8000
    for _ in range(reps):
        est = rng.normal(0, 1, 6)
        sets = rank_sets(est, [1.0] * 6, draws=2000, seed=int(rng.integers(1 << 30)))
        hits += all(s.low == 1 for s in sets)
    print(f"coverage {hits / reps:.4f} over {reps} replications (Monte Carlo SD {math.sqrt(0.05 * 0.95 / reps):.4f})")

    print("\n## Paired interval coverage (n, P(only A right), P(only B right)); 4,000 tables each\n")
    print("| n | p12 | p21 | expected discordant | coverage |\n|---|---|---|---|---|")
    for n in (50, 100, 200, 500):
        for p12 in (0.02, 0.05, 0.1, 0.2, 0.3):
            for p21 in (0.0, 0.02, 0.05, 0.1, 0.2):
                if n * (p12 + p21) < 10:
                    continue
                draws = rng.multinomial(n, [p12, p21, 1 - p12 - p21], size=4000)
                tests = [paired_binary_test(int(b), int(c), n) for b, c, _ in draws]
                cover = sum(t.ci.low <= p12 - p21 <= t.ci.high for t in tests) / len(tests)
                if cover < 0.945 or (p12, p21) == (0.1, 0.1):
                    print(f"| {n} | {p12} | {p21} | {n * (p12 + p21):.0f} | {cover:.3f} |")
    print("\n(rows at or above 0.945 other than p12 = p21 = 0.1 are left out)")
    print(f"\nran in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
