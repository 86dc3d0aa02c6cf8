"""Rank confidence sets from per-item results: the models ran the same items, so their scores are correlated.

:mod:`claimcheck.stats.ranks` treats the K scores of a row as independent, each with its own binomial
error.  When every model of a row ran the same items and its per-item results are at hand, that throws
information away: two models that fail the same hard items differ far less from draw to draw than two
independent samples would, so the standard error of their gap is ``sd(x_j - x_k) / sqrt(N)``, not
``sqrt(se_j^2 + se_k^2)``, and usually much smaller.  This module runs the same stepdown (Mogstad et al.
2024, section 3.1, with the bootstrap they use for dependent estimates) on

- ``T(j, k) = (mean_j - mean_k) / s_jk``, ``s_jk`` the standard error of the paired difference (CR1
  cluster-robust where items come in clusters: one document's questions, one repository's tasks; each
  item its own cluster otherwise), and
- null draws ``mean*_j - mean_j``, ``mean*`` the K means of one bootstrap resample of the clusters, drawn
  with replacement and kept whole for every model at once, so that the correlation between the models and
  within a cluster is what the draws carry.

The K x K covariance and every resample's K means are matrix products (clusters x models), so 1,000
models on 2,000 items with 1,000 resamples is two BLAS calls, not a Python loop over models or pairs.

Reference: Mogstad, M., Romano, J. P., Shaikh, A. M. & Wilhelm, D. (2024). "Inference for Ranks." Review
of Economic Studies 91(1), 476-518, doi:10.1093/restud/rdad006; Field, C. A. & Welsh, A. H. (2007).
"Bootstrapping clustered data." JRSS B 69, 369-390; Cameron, A. C. & Miller, D. L. (2015). "A
Practitioner's Guide to Cluster-Robust Inference." J. Human Resources 50, 317-372 (CR1).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import NamedTuple

from .intervals import _require_alpha, _require_count
from .ranks import SEED, RankSet, _holm_sets, _stepdown, draws_for, proportion_se

#: Rows of per-item results of up to this many models are ranked by the bootstrap stepdown (1,000 resamples at
#: 1,000 models: about 4 s on two cores, measured in benchmarks/scaling.py), longer ones by Holm's on the same
#: paired statistics.  Independent rows stop simulating sooner (``ranks.SIMULATED_MODELS``): a leaderboard has
#: a row per benchmark, a per-item table one row whose pairing only the resamples carry in full.
RESAMPLED_MODELS = 1_000

#: resampled cluster counts held at once (16 MB of float64), whatever the resamples and clusters are
_WEIGHTS_PER_BLOCK = 2_000_000


class PairedRows(NamedTuple):
    """A row's per-item results summarised for ranking: the means, the pair scales and the cluster sums
    the bootstrap resamples."""

    means: object  # (K,) the models' scores
    scale: object  # (K, K) standard error of each pair's paired difference
    sums: object  # (K, C) each model's total per cluster
    sizes: object  # (C,) items per cluster


def paired_rank_sets(values, alpha: float = 0.05, *, clusters: Sequence[Hashable] | None = None,
                     simultaneous: bool = True, draws: int | None = None, seed: int = SEED) -> list[RankSet]:
    """Rank confidence sets (higher = better) of K models from their per-item scores on the same N items:
    ``values[j][i]`` is model j's score in [0, 1] on item i (the same item i for every model).

    ``clusters`` (one label per item) makes the clusters the resampled unit; the default is every item its
    own.  Rows of more than :data:`RESAMPLED_MODELS` models are ranked by Holm's stepdown on the same paired
    statistics (no draws).
    """
    import numpy as np

    alpha = _require_alpha(alpha)
    seed = _require_count(seed, "seed", minimum=0)
    x = np.asarray(values, dtype=float)
    if x.ndim != 2 or x.shape[0] < 1:
        raise ValueError("values must be a models x items array")
    if not np.all(np.isfinite(x)) or np.any((x < 0) | (x > 1)):
        raise ValueError("per-item scores must be finite and lie in [0, 1]")
    summary = summarise(x, clusters)
    k = x.shape[0]
    if not resampled(k):
        return _holm_sets(summary.means, summary.scale, alpha, simultaneous)
    draws = draws_for(k) if draws is None else _require_count(draws, "draws")
    return _stepdown(summary.means, resampled_means(summary, draws, seed), summary.scale, alpha, simultaneous)


def resampled(k: int) -> bool:
    """Whether a row of ``k`` models with per-item results is ranked by the bootstrap stepdown (else by Holm's)."""
    return k <= RESAMPLED_MODELS


def summarise(x, clusters: Sequence[Hashable] | None = None) -> PairedRows:
    """Means, pair scales and cluster sums of a models x items array.

    ``s_jk^2 = V_jj + V_kk - 2 V_jk`` with ``V = G / (G - 1) * R R' / N^2``, ``R`` the models' cluster sums of
    residuals (G clusters, N items): the CR1 variance of each paired difference, which is
    ``var(x_j - x_k, ddof=1) / N`` when each item is its own cluster.  A pair whose paired difference does not
    vary (two models right and wrong on exactly the same items, or one right on all and the other on none)
    has no paired error; its scale is then the independent one, ``sqrt(se_j^2 + se_k^2)`` with Agresti-Coull
    errors, so identical results stay tied and a gap of every item still gets a finite statistic.
    """
    import numpy as np

    from .paired import _cluster_codes

    n = x.shape[1]
    codes = _cluster_codes(clusters, n)
    groups = int(codes.max()) + 1 if n else 0
    if groups < 2:
        raise ValueError("ranking from per-item results needs at least 2 items (2 clusters)")
    order = np.argsort(codes, kind="stable")
    sizes = np.bincount(codes, minlength=groups).astype(float)
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(int)
    sums = np.add.reduceat(x[:, order], starts, axis=1)  # (K, G)
    means = x.mean(axis=1)
    resid = sums - means[:, None] * sizes[None, :]
    cov = groups / (groups - 1) * (resid @ resid.T) / n ** 2
    diag = np.diag(cov)
    var = diag[:, None] + diag[None, :] - 2 * cov
    scale = np.sqrt(np.clip(var, 0.0, None))
    scale = (scale + scale.T) / 2  # exactly symmetric, as the stepdown requires
    ac = np.array([proportion_se(float(m), n) for m in means])
    independent = np.sqrt(ac[:, None] ** 2 + ac[None, :] ** 2)
    flat = scale <= 1e-12 * np.maximum(independent, 1e-300)  # rounding of a difference that never varies
    return PairedRows(means, np.where(flat, independent, scale), sums, sizes)


def resampled_means(summary: PairedRows, draws: int, seed: int = SEED):
    """``draws`` x K centred bootstrap means: each draw picks G clusters with replacement (the same ones for
    every model) and gives each model its total over the picks divided by their items."""
    import numpy as np

    sums, sizes = summary.sums, summary.sizes
    groups = sizes.size
    rng = np.random.default_rng(seed)
    block = max(1, _WEIGHTS_PER_BLOCK // groups)
    out = np.empty((draws, sums.shape[0]))
    for start in range(0, draws, block):
        rows = min(block, draws - start)
        picks = rng.integers(0, groups, size=(rows, groups))
        flat = (picks + groups * np.arange(rows)[:, None]).reshape(-1)
        weights = np.bincount(flat, minlength=rows * groups).reshape(rows, groups).astype(float)
        out[start:start + rows] = (weights @ sums.T) / (weights @ sizes)[:, None]
    return out - summary.means[None, :]
