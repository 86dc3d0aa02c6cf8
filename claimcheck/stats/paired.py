"""Per-item comparisons: paired differences, exact McNemar, cluster bootstrap, pass@k.

When per-item results are supplied, two systems can be compared on the same items, which removes
the between-item variance an unpaired test has to carry (``Var(A - B) = Var A + Var B -
2 Cov(A, B)``, and the covariance is usually positive: hard items are hard for both).

Reference: Miller (2024), "Adding Error Bars to Evals", arXiv:2411.00640.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from .intervals import Interval, _require_alpha, _require_count, z_crit

if TYPE_CHECKING:  # numpy is imported where it is used, so importing the package stays light
    import numpy as np

_CHUNK_CELLS = 2_000_000  # bootstrap draws per block of replicates, bounds memory use
_MCNEMAR_EXACT_MAX = 20_000  # discordant pairs summed as exact integers; beyond, scipy's binomtest


class PairedDifference(NamedTuple):
    """Mean per-item difference ``a - b`` with its SE, normal-approximation interval and ``n``."""

    mean: float
    se: float
    ci: Interval
    n: int


class McNemar(NamedTuple):
    """Exact McNemar test: discordant counts and the two-sided p-value."""

    a_only: int
    b_only: int
    p: float


class BootstrapResult(NamedTuple):
    """Paired cluster bootstrap of ``statistic(a) - statistic(b)`` with a percentile interval."""

    estimate: float
    ci: Interval
    reps: int
    clusters: int
    seed: int


def _paired_arrays(a: Sequence[float], b: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    import numpy as np

    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if x.ndim != 1 or x.shape != y.shape:
        raise ValueError(f"a and b must be flat sequences of equal length: {x.shape}, {y.shape}")
    if x.size == 0:
        raise ValueError("a and b must not be empty")
    if not (np.isfinite(x).all() and np.isfinite(y).all()):
        raise ValueError("a and b must contain finite numbers only")
    return x, y


def paired_difference(
    a: Sequence[float], b: Sequence[float], alpha: float = 0.05
) -> PairedDifference:
    """Mean of ``d_i = a_i - b_i`` with ``SE = s_d / sqrt(n)`` (``s_d`` with ddof = 1).

    The interval is ``mean +/- z_{1-alpha/2} SE``.  Worked figure: 15 items won only by A, 5 only
    by B and 80 ties give mean 0.10, SE 0.0438, 95% CI [0.014, 0.186].  Needs ``n >= 2``.
    """
    x, y = _paired_arrays(a, b)
    if x.size < 2:
        raise ValueError("paired_difference needs at least 2 items to estimate a standard error")
    d = x - y
    mean = float(d.mean())
    se = float(d.std(ddof=1) / math.sqrt(d.size))
    half = z_crit(alpha) * se
    return PairedDifference(mean, se, Interval(mean - half, mean + half), int(d.size))


def clustered_paired_difference(
    a: Sequence[float], b: Sequence[float], clusters: Sequence[Hashable], alpha: float = 0.05
) -> PairedDifference:
    """Mean paired difference with a cluster-robust standard error (CR1).

    With ``d_i = a_i - b_i``, cluster residual sums ``S_g = sum_{i in g} (d_i - mean)`` over ``G``
    clusters: ``SE^2 = G / (G - 1) * sum_g S_g^2 / n^2``.  Items in one cluster (one user, one
    document, one repository) are not independent; this SE grows with their correlation
    (seed 000 eq. 9.15, design effect).  Matches statsmodels OLS on a constant with
    ``cov_type="cluster"``.  Needs at least two clusters.
    """
    import numpy as np

    x, y = _paired_arrays(a, b)
    codes = _cluster_codes(clusters, x.size)
    groups = int(codes.max()) + 1
    if groups < 2:
        raise ValueError("a cluster-robust standard error needs at least 2 clusters")
    d = x - y
    mean = float(d.mean())
    sums = np.bincount(codes, weights=d - mean, minlength=groups)
    se = math.sqrt(groups / (groups - 1) * float((sums ** 2).sum())) / d.size
    half = z_crit(alpha) * se
    return PairedDifference(mean, se, Interval(mean - half, mean + half), int(d.size))


def mcnemar_exact(a_only: int, b_only: int) -> McNemar:
    """Exact McNemar test: two-sided binomial test of ``a_only`` out of ``a_only + b_only`` at 1/2.

    Only discordant pairs carry information.  With no discordant pairs the p-value is 1.  The
    binomial at 1/2 is symmetric, so ``p = min(1, 2 sum_{k <= min(a, b)} C(n, k) / 2^n)`` with
    ``n = a_only + b_only``; the sum is taken in exact integers and divided once (correctly
    rounded), and scipy's ``binomtest`` is used only above 20,000 discordant pairs.  Matches
    statsmodels ``mcnemar(table, exact=True)``.

    Reference: McNemar (1947), Psychometrika 12, 153-157.
    """
    a_only = _require_count(a_only, "a_only", minimum=0)
    b_only = _require_count(b_only, "b_only", minimum=0)
    total = a_only + b_only
    if total == 0:
        return McNemar(0, 0, 1.0)
    if total > _MCNEMAR_EXACT_MAX:
        from scipy.stats import binomtest  # loaded only for very many discordant pairs

        return McNemar(a_only, b_only, float(binomtest(a_only, total, 0.5).pvalue))
    return McNemar(a_only, b_only, _two_sided_half_binomial(min(a_only, b_only), total))


def sign_flip_p_bound(lead_steps: float) -> float:
    """The smallest two-sided p an exact sign-flip (paired permutation) test can give a lead of at most
    ``lead_steps`` whole score steps, summed over all paired items: ``min(1, 2 ** (1 - floor(lead_steps)))``.

    A score made of whole-number ratings (MT-Bench's judge gives 1-10) differs between two models
    item by item by whole steps ``d_i``; their sum is the lead times the number of ratings.  Under
    the sign-flip null every pattern of signs on the non-zero ``d_i`` is equally likely, and the
    observed pattern and its mirror always reach the observed ``|sum d_i|``.  The smallest p for
    a given sum ``T`` comes from ``T`` items each won by one step (``p = 2 / 2**T``); splitting
    the lead over fewer, larger steps or adding items that go the other way only adds patterns
    that reach ``T`` (for unit steps, ``sum_{j <= r} C(T + 2r, j) >= 2**(2r)``; the tests check
    every vector of up to seven steps in -3..3 exhaustively).  So whatever the pairing, a lead
    worth fewer than ``1 + log2(1 / alpha)`` steps (six at alpha = 0.05) cannot be significant.

    Reference: Fisher, R. A. (1935). *The Design of Experiments*, section 21 (the randomisation
    test of paired differences); Good, P. (2005). *Permutation, Parametric and Bootstrap Tests
    of Hypotheses*, 3rd ed., section 3.1.
    """
    if not math.isfinite(lead_steps) or lead_steps < 0:
        raise ValueError(f"lead_steps must be a finite number >= 0, got {lead_steps!r}")
    steps = math.floor(lead_steps + 1e-9)  # a lead of 4.999999999 printed steps is 5
    return 1.0 if steps <= 1 else 2.0 ** (1 - steps)


def _two_sided_half_binomial(k: int, n: int) -> float:
    """``min(1, 2 P(X <= k))`` for ``X ~ Bin(n, 1/2)``, from the exact integer ``sum C(n, i)``."""
    term = tail = 1  # C(n, 0)
    for i in range(k):
        term = term * (n - i) // (i + 1)  # C(n, i + 1), exact
        tail += term
    return min(1.0, tail / 2 ** (n - 1))  # int / int is correctly rounded


def _cluster_codes(clusters: Sequence[Hashable] | None, n: int) -> np.ndarray:
    import numpy as np

    if clusters is None:
        return np.arange(n)
    labels = list(clusters)
    if len(labels) != n:
        raise ValueError(f"clusters must have one label per item ({n}), got {len(labels)}")
    codes: dict[Hashable, int] = {}
    return np.array([codes.setdefault(label, len(codes)) for label in labels])


def _replicate_fn(
    x: np.ndarray, y: np.ndarray, codes: np.ndarray, statistic: Callable[..., object]
) -> Callable[[np.ndarray], np.ndarray]:
    """Map a (replicates x clusters) matrix of drawn cluster ids to bootstrap differences."""
    import numpy as np

    sizes = np.bincount(codes)
    if statistic is np.mean:  # resampled mean = resampled cluster totals / resampled item count
        totals = np.bincount(codes, weights=x - y, minlength=sizes.size)
        return lambda draw: totals[draw].sum(axis=1) / sizes[draw].sum(axis=1)
    members = np.split(np.argsort(codes, kind="stable"), np.cumsum(sizes)[:-1])
    if np.all(sizes == sizes[0]):  # equal clusters: one rectangular index matrix per block
        grid = np.stack(members)

        def rectangular(draw: np.ndarray) -> np.ndarray:
            items = grid[draw].reshape(draw.shape[0], -1)
            return np.asarray(statistic(x[items], axis=1)) - np.asarray(statistic(y[items], axis=1))

        return rectangular

    def ragged(draw: np.ndarray) -> np.ndarray:  # unequal clusters, general statistic: row by row
        picks = [np.concatenate([members[c] for c in row]) for row in draw]
        return np.array([float(statistic(x[i])) - float(statistic(y[i])) for i in picks])

    return ragged


def cluster_bootstrap_difference(
    a: Sequence[float],
    b: Sequence[float],
    clusters: Sequence[Hashable] | None = None,
    reps: int = 10000,
    seed: int = 20261129,
    alpha: float = 0.05,
    statistic: Callable[..., object] | None = None,
) -> BootstrapResult:
    """Paired cluster bootstrap of ``statistic(a) - statistic(b)`` with a percentile interval.

    Each replicate draws as many clusters as there are, with replacement, and keeps every item of
    a drawn cluster for both systems together, so within-cluster correlation and the pairing are
    both preserved.  ``clusters=None`` makes each item its own cluster; ``statistic=None`` means
    ``numpy.mean``.  The interval is the
    ``alpha/2`` and ``1 - alpha/2`` quantiles of the replicates; ``numpy.random.default_rng(seed)``
    makes the result deterministic.  Replicates are computed in vectorised blocks; a custom
    ``statistic`` must accept ``axis=1`` like numpy reductions (it is called row by row only when
    clusters differ in size).

    Reference: Efron & Tibshirani (1993), An Introduction to the Bootstrap, ch. 13; Field & Welsh
    (2007), JRSS B 69, 369-390 (cluster bootstrap).
    """
    import numpy as np

    if statistic is None:
        statistic = np.mean
    x, y = _paired_arrays(a, b)
    codes = _cluster_codes(clusters, x.size)
    reps = _require_count(reps, "reps")
    seed = _require_count(seed, "seed", minimum=0)
    alpha = _require_alpha(alpha)
    n_clusters = int(codes.max()) + 1
    replicate = _replicate_fn(x, y, codes, statistic)
    rng = np.random.default_rng(seed)
    block = max(1, _CHUNK_CELLS // x.size)
    boot = np.concatenate([
        replicate(rng.integers(0, n_clusters, size=(min(block, reps - start), n_clusters)))
        for start in range(0, reps, block)
    ])
    low, high = np.quantile(boot, [alpha / 2.0, 1.0 - alpha / 2.0])
    estimate = float(statistic(x)) - float(statistic(y))
    return BootstrapResult(estimate, Interval(float(low), float(high)), reps, n_clusters, seed)


def _require_pass_counts(n: int, c: int, k: int) -> tuple[int, int, int]:
    n = _require_count(n)
    c = _require_count(c, "c", minimum=0)
    k = _require_count(k, "k")
    if c > n:
        raise ValueError(f"c (correct samples) must not exceed n (samples), got c={c}, n={n}")
    if k > n:
        raise ValueError(f"k must not exceed n (samples), got k={k}, n={n}")
    return n, c, k


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k from ``n`` samples of which ``c`` are correct: ``1 - C(n-c, k) / C(n, k)``.

    Computed in the numerically stable product form ``1 - prod_{i=n-c+1}^{n} (1 - k/i)``, and 1
    when ``n - c < k``.  Worked figure: ``n=5, c=2, k=2`` gives 0.7.

    Reference: Chen et al. (2021), "Evaluating Large Language Models Trained on Code",
    arXiv:2107.03374, sec. 2.1.
    """
    n, c, k = _require_pass_counts(n, c, k)
    if n - c < k:
        return 1.0
    return 1.0 - math.prod(1.0 - k / i for i in range(n - c + 1, n + 1))


def pass_hat_k(n: int, c: int, k: int) -> float:
    """Unbiased pass^k (all ``k`` of ``k`` tries succeed): ``C(c, k) / C(n, k)``.

    Product form ``prod_{i=0}^{k-1} (c - i) / (n - i)``, and 0 when ``c < k``.

    Reference: Yao et al. (2024), "tau-bench", arXiv:2406.12045, sec. 4.
    """
    n, c, k = _require_pass_counts(n, c, k)
    if c < k:
        return 0.0
    return math.prod((c - i) / (n - i) for i in range(k))
