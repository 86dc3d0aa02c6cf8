"""Confidence sets for ranks: which places in a row each model could hold, given the noise.

"#1", "best" and "SOTA" are claims about a rank, and a rank is a function of every score in the row
at once; judging it pair by pair against the runner-up ignores the other pairs.  This module builds
the rank confidence sets of Mogstad, Romano, Shaikh and Wilhelm (2024), for independent estimates
with known (estimated) standard errors:

- Hypotheses ``H(j, k): theta_j <= theta_k`` for ordered pairs, statistic
  ``T(j, k) = (est_j - est_k) / sqrt(se_j^2 + se_k^2)``.
- Stepdown (Romano & Wolf 2005): reject every ``H(j, k)`` still in play whose ``T`` exceeds the
  ``1 - alpha`` quantile of ``max T*`` over the pairs in play, ``T*`` drawn under the least
  favourable null (``est* ~ N(0, se^2)``, a seeded parametric bootstrap); drop the rejected pairs
  and repeat until nothing more is rejected.
- Rank of ``j`` is ``1 + #{k: theta_k > theta_j}`` (ties share the better place).  Its set runs
  from ``1 + #{k: H(k, j) rejected}`` to ``K - #{k: H(j, k) rejected}``.

*Simultaneous* sets test all ``K(K-1)`` pairs: with probability ``1 - alpha`` every model's rank lies
in its set at once, so the set of a model picked after looking (the printed leader) is valid.
*Marginal* sets test the ``2(K-1)`` pairs of one model: valid for a model named before looking (the
vendor's own, a bold cell), and never wider than the simultaneous ones.

Reference: Mogstad, M., Romano, J. P., Shaikh, A. M. & Wilhelm, D. (2024). "Inference for Ranks with
Applications to Mobility across Neighbourhoods and Academic Achievement across Countries." Review of
Economic Studies 91(1), 476-518, doi:10.1093/restud/rdad006; Romano, J. P. & Wolf, M. (2005).
"Exact and Approximate Stepdown Methods for Multiple Hypothesis Testing." JASA 100, 94-108.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import NamedTuple

from .intervals import _require_alpha

#: Bootstrap draws and seed: the critical values are quantiles of a simulated maximum; 10,000 draws
#: put their Monte Carlo error near 0.2% of coverage, and the fixed seed makes every run repeat.
DRAWS = 10_000
SEED = 20240101
#: A long row's draws are cut so that pairs x draws stay below this (a pass over them takes about half a second),
#: never below MIN_DRAWS.  Rows of up to 100 models keep all DRAWS.
PAIR_DRAWS = 100_000_000
MIN_DRAWS = 1_000
#: Rows of more models are ranked by Holm's stepdown on the pairs (no draws): the simulated one's cost grows
#: with K squared times the draws (at 300 models, both families take about 0.7 s on two cores).
SIMULATED_MODELS = 300
_CELLS_PER_BLOCK = 1_000_000  # simulated pair statistics a worker holds at once (4 MB of float32), whatever K and the draws are
#: Threads the null maxima are taken on: numpy's array arithmetic runs outside the GIL, so two cores halve it.
WORKERS = max(1, min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1))


class RankSet(NamedTuple):
    """The places ``low..high`` (1 = best) a model's true rank may hold."""

    low: int
    high: int


def rank_sets(estimates: Sequence[float], ses: Sequence[float], alpha: float = 0.05, *,
              simultaneous: bool = True, draws: int | None = None, seed: int = SEED) -> list[RankSet]:
    """Rank confidence sets (higher estimate = better) for independent estimates with standard errors.

    ``simultaneous=False`` gives each model's marginal set (its own ``2(K-1)`` pairs).  A zero
    standard error is allowed only where the other of a pair's errors is positive.
    """
    import numpy as np

    est = np.asarray(estimates, dtype=float)
    se = np.asarray(ses, dtype=float)
    alpha = _require_alpha(alpha)
    if est.shape != se.shape or est.ndim != 1:
        raise ValueError("estimates and ses must be equal-length sequences")
    if not (np.all(np.isfinite(est)) and np.all(np.isfinite(se)) and np.all(se >= 0)):
        raise ValueError("estimates must be finite and standard errors finite and >= 0")
    return _rank_sets(est, se, np.sqrt(se[:, None] ** 2 + se[None, :] ** 2), alpha, simultaneous, draws, seed)


def proportion_rank_sets(proportions: Sequence[float], ns: Sequence[int], alpha: float = 0.05, *,
                         simultaneous: bool = True, draws: int | None = None, seed: int = SEED) -> list[RankSet]:
    """Rank sets for proportions (higher = better) on ``ns`` items each.

    Each pair is studentized by its pooled binomial SE, ``sqrt(pbar (1 - pbar) (1/n_j + 1/n_k))`` (the
    score-test scale, which does not shrink for the pair farthest from the middle), and the null draws use
    each model's Agresti-Coull SE (:func:`proportion_se`).  Under the global null (K models at 50% on 500
    items) the family-wise error measured 5.6% at K = 10 (5.8% with each model's own SE as the scale, same
    draws; Monte Carlo SD 0.3%) and 5.1% at K = 26: binomial discreteness and estimated SEs leave it a
    little above alpha, where normal scores with known SEs give 4.95%.
    """
    import numpy as np

    p = np.asarray(proportions, dtype=float)
    n = np.asarray(ns, dtype=float)
    alpha = _require_alpha(alpha)
    if p.shape != n.shape or p.ndim != 1 or np.any(n < 1) or np.any((p < 0) | (p > 1)):
        raise ValueError("proportions must lie in [0, 1] and each have a count n >= 1")
    se = np.array([proportion_se(x, int(m)) for x, m in zip(p, n)])
    pooled = (p[:, None] * n[:, None] + p[None, :] * n[None, :]) / (n[:, None] + n[None, :])
    scale = np.sqrt(pooled * (1 - pooled) * (1 / n[:, None] + 1 / n[None, :]))
    scale = np.where(scale > 0, scale, np.sqrt(se[:, None] ** 2 + se[None, :] ** 2))  # 0/n against 0/n
    return _rank_sets(p, se, scale, alpha, simultaneous, draws, seed)


def draws_for(k: int) -> int:
    """The null draws a simulated row of ``k`` models gets: :data:`DRAWS`, fewer once ``k(k - 1)`` pairs times
    the draws would pass :data:`PAIR_DRAWS` (300 models get 1,114 draws; the floor :data:`MIN_DRAWS` leaves
    the simulated 95% quantile a Monte Carlo error near 0.7% of coverage)."""
    pairs = max(k * (k - 1), 1)
    return int(min(DRAWS, max(MIN_DRAWS, PAIR_DRAWS // pairs)))


def simulated(k: int) -> bool:
    """Whether a row of ``k`` models is ranked by the simulated stepdown (else by Holm's, :func:`_holm_sets`)."""
    return k <= SIMULATED_MODELS


def _rank_sets(est, se, scale, alpha: float, simultaneous: bool, draws: int | None, seed: int) -> list[RankSet]:
    import numpy as np

    if not simulated(len(est)):
        off = ~np.eye(len(est), dtype=bool)
        if np.any(scale[off] == 0):
            raise ValueError("two estimates with zero standard error cannot be ranked against each other")
        return _holm_sets(est, scale, alpha, simultaneous)
    return _simulated_sets(est, se, scale, alpha, simultaneous, draws, seed)


def _holm_sets(est, scale, alpha: float, simultaneous: bool) -> list[RankSet]:
    """Rank sets of a long row by Holm's stepdown over the same pairs, each tested one-sided on its normal
    statistic: ``p(j, i) = 1 - Phi(T(j, i))``, and the sorted p values rejected while each is at most
    ``alpha / (m - r)`` (r = the rejections before it, m = the pairs of the family).  Valid under any
    dependence between the estimates (Holm 1979; Mogstad et al. 2024, section 3, admit any stepdown that
    controls the family-wise error), and more conservative than the simulated one, whose cost grows with
    K squared times the draws; this one sorts the K(K - 1) p values once."""
    import numpy as np
    from scipy.special import ndtr

    k = len(est)
    off = ~np.eye(k, dtype=bool)
    p = ndtr(-(est[:, None] - est[None, :]) / np.where(off, scale, 1.0))  # p[j, i] tests H(j, i)
    if simultaneous:
        rejected = np.zeros((k, k), dtype=bool)
        rejected[off] = _holm(p[off][None, :], alpha)[0]
        better, worse = rejected.sum(axis=0), rejected.sum(axis=1)
    else:  # model j's family: H(j, i) and H(i, j) for every i != j
        rest = off.reshape(-1).nonzero()[0]
        out_p = p.reshape(-1)[rest].reshape(k, k - 1)  # row j: p(j, i), i != j
        in_p = p.T.reshape(-1)[rest].reshape(k, k - 1)  # row j: p(i, j), i != j
        both = _holm(np.concatenate([out_p, in_p], axis=1), alpha)
        worse, better = both[:, :k - 1].sum(axis=1), both[:, k - 1:].sum(axis=1)
    return [RankSet(1 + int(b), k - int(w)) for b, w in zip(better, worse)]


def _holm(p, alpha: float):
    """Holm's rejections of each row of p values (a family per row), as a boolean array of their shape."""
    import numpy as np

    m = p.shape[1]
    order = np.argsort(p, axis=1, kind="stable")
    ranked = np.take_along_axis(p, order, axis=1)
    passes = ranked <= alpha / (m - np.arange(m))
    stop = np.where(passes.all(axis=1), m, np.argmin(passes, axis=1))  # the first p that fails ends the row
    out = np.zeros_like(p, dtype=bool)
    np.put_along_axis(out, order, np.arange(m)[None, :] < stop[:, None], axis=1)
    return out


def _simulated_sets(est, se, scale, alpha: float, simultaneous: bool, draws: int | None, seed: int) -> list[RankSet]:
    """Both stepdowns with independent normal null draws, ``se`` the models' standard errors."""
    import numpy as np

    draws = draws_for(len(est)) if draws is None else draws
    return _stepdown(est, np.random.default_rng(seed).standard_normal((draws, len(est))) * se, scale, alpha,
                     simultaneous)


def _stepdown(est, noise, scale, alpha: float, simultaneous: bool) -> list[RankSet]:
    """Both stepdowns on given null draws: ``noise`` holds one centred estimate per draw and model (draws x K),
    from the normal errors or from a bootstrap of the items.  ``T[j, i]`` tests ``H(j, i)`` (j not above i),
    ``play[j, i]`` says whether it is still in play.  The null maximum over the pairs in play is taken a
    block of models at a time, over the columns those models still have in play, so memory stays at
    draws x block whatever K is, and each step after the first touches only the close pairs.  The null
    statistics are float32: their rounding (1e-7 of a statistic) is far inside the draws' Monte Carlo error."""
    import numpy as np

    k = len(est)
    if k < 2:
        return [RankSet(1, 1)] * k
    off = ~np.eye(k, dtype=bool)
    if np.any(scale[off] == 0):
        raise ValueError("two estimates with zero standard error cannot be ranked against each other")
    if not np.array_equal(scale, scale.T):
        raise ValueError("the pair scales must be symmetric")
    t = (est[:, None] - est[None, :]) / np.where(off, scale, 1.0)
    order = np.argsort(-est, kind="stable")  # blocks of neighbouring scores share their close rivals
    noise = np.ascontiguousarray(noise, dtype=np.float32)
    inverse = np.where(off, 1.0 / np.where(off, scale, 1.0), 0.0).astype(np.float32)
    if simultaneous:
        play = off.copy()
        while True:
            highest = _null_maxima(noise, inverse, play, None, order)
            critical = float(np.quantile(highest.max(axis=1), 1.0 - alpha, method="higher"))
            now = play & (t > critical)
            if not now.any():
                break
            play &= ~now
        rejected = off & ~play
        better, worse = rejected.sum(axis=0), rejected.sum(axis=1)  # rejected H(i, j): i above j
    else:  # each model's own 2(K - 1) pairs, every model's stepdown run at once
        out_play, in_play = off.copy(), off.copy()  # H(j, i) and H(i, j) in model j's family
        active = np.ones(k, dtype=bool)
        while active.any():
            rows = order[active[order]]
            critical = np.full(k, np.inf)
            critical[rows] = np.quantile(_null_maxima(noise, inverse, out_play, in_play, rows), 1.0 - alpha,
                                         axis=0, method="higher")
            now_out = out_play & (t > critical[:, None])
            now_in = in_play & (t.T > critical[:, None])
            active = (now_out | now_in).any(axis=1)
            out_play &= ~now_out
            in_play &= ~now_in
        better, worse = (off & ~in_play).sum(axis=1), (off & ~out_play).sum(axis=1)
    return [RankSet(1 + int(b), k - int(w)) for b, w in zip(better, worse)]


def _null_maxima(noise, inverse, out_play, in_play, rows):
    """For each draw and each model j of ``rows`` (in that order), the largest null statistic of its family
    in play: ``z_ji = (e_j - e_i) / s_ji`` over its pairs ``H(j, i)`` in ``out_play`` and, where ``in_play``
    is given, ``-z_ji`` (the statistic of ``H(i, j)``: the scales are symmetric) over its pairs in ``in_play``;
    a (draws x models) float32 array in the order of ``rows``, -inf where a model has no pair in play.

    ``noise`` is float32 (draws x K), ``inverse`` the reciprocal scales (K x K, float32); the pairs out of
    play are pushed to -inf by adding a penalty, so each block is a few passes of in-place arithmetic over a
    buffer that stays in cache, and the blocks are shared out among :data:`WORKERS` threads."""
    import numpy as np

    draws = noise.shape[0]
    out = np.full((draws, len(rows)), -np.inf, dtype=np.float32)
    either = out_play if in_play is None else out_play | in_play
    out_penalty = np.where(out_play, 0.0, -np.inf).astype(np.float32)
    in_penalty = None if in_play is None else np.where(in_play, 0.0, -np.inf).astype(np.float32)
    cells = max(1, _CELLS_PER_BLOCK // draws)
    blocks = list(_blocks(either, rows, cells))

    def work(share) -> None:
        buffer = flipped = None
        for part, block in share:
            wanted = either[block].any(axis=0)
            if not wanted.any():
                continue
            wanted[block] = True  # the block's own columns (out of play) keep a full row a view, not a copy
            cols = np.flatnonzero(wanted)
            shape = (draws, len(block), len(cols))
            size = shape[0] * shape[1] * shape[2]
            if buffer is None or buffer.size < size:
                buffer = np.empty(size, dtype=np.float32)
                flipped = np.empty(size, dtype=np.float32) if in_penalty is not None else None
            z = buffer[:size].reshape(shape)
            if len(cols) == len(either):  # every column: a view, not a gathered copy of the draws
                cols = slice(None)
            pick = (block, cols) if isinstance(cols, slice) else np.ix_(block, cols)
            np.subtract(noise[:, block, None], noise[:, None, cols], out=z)
            z *= inverse[pick]
            if in_penalty is not None:
                minus = flipped[:size].reshape(shape)
                np.subtract(in_penalty[pick], z, out=minus)
                z += out_penalty[pick]
                np.maximum(z, minus, out=z)
            else:
                z += out_penalty[pick]
            z.max(axis=2, out=out[:, part])

    workers = min(WORKERS, len(blocks))
    if workers <= 1:
        work(blocks)
    else:
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(workers) as pool:
            list(pool.map(work, [blocks[i::workers] for i in range(workers)]))
    return out


def _blocks(play, rows, cells: int):
    """Consecutive runs of ``rows`` whose block of pairs (rows x the union of their columns in play) holds at
    most ``cells`` entries (a single row may exceed it), each as (slice into rows, row indices)."""
    import numpy as np

    start, union = 0, np.zeros(play.shape[1], dtype=bool)
    for at, row in enumerate(rows):
        grown = union | play[row]
        if at > start and (at - start + 1) * int(np.count_nonzero(grown)) > cells:
            yield slice(start, at), rows[start:at]
            start, grown = at, play[row].copy()
        union = grown
    if start < len(rows):
        yield slice(start, len(rows)), rows[start:]


def proportion_se(p: float, n: int, z: float = 1.959963984540054) -> float:
    """Standard error of a proportion for ranking: the Agresti-Coull form ``sqrt(q(1-q)/(n + z^2))`` with
    ``q = (p n + z^2/2)/(n + z^2)``, which stays positive at 0% and 100% (where the plain binomial SE is 0
    and would make a perfect score infinitely certain).

    Reference: Agresti, A. & Coull, B. A. (1998). "Approximate is better than 'exact' for interval
    estimation of binomial proportions." The American Statistician 52, 119-126.
    """
    total = n + z * z
    q = (p * n + z * z / 2.0) / total
    return math.sqrt(q * (1.0 - q) / total)
