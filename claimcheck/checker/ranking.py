"""Rank confidence sets for the printed rows: which places each model could hold.

A row's leader is chosen by looking at the scores, so "the leader is ahead" is not one pre-named
pairwise test; it is a statement about ranks, answered by the simultaneous rank sets of
:mod:`claimcheck.stats.ranks`.  A row gets rank sets when it has three or more models, every one a
proportion with a known n or a rating with a published interval, and every pair of them comparable (the comparability rules find no
known difference); two-model rows are one pairwise question and are judged as such.  Rows of up to
SIMULATED_MODELS (300) models are ranked by the simulated stepdown (per-item rows, by the bootstrap one, up to
RESAMPLED_MODELS, 1,000), longer ones (a leaderboard) by Holm's, and rows of more than MAX_MODELS (2,000) models
are left unranked.
"""

from __future__ import annotations

import itertools
from typing import Iterable, Sequence

from claimcheck.checker.base import ComparabilityRule
from claimcheck.records import PROPORTION_UNITS, RankedRow, Score

METHOD = ("rank confidence sets by the stepdown of Mogstad, Romano, Shaikh & Wilhelm (2024): each pair studentized "
          "by its pooled binomial standard error, {null}")

ELO_METHOD = ("rank confidence sets by the stepdown of Mogstad, Romano, Shaikh & Wilhelm (2024) from the published 95% "
              "intervals (the wider side as the standard error; ratings treated as independent), {null}")

PAIRED_METHOD = ("rank confidence sets by the stepdown of Mogstad, Romano, Shaikh & Wilhelm (2024) on the per-item "
                 "results: each pair studentized by the standard error of its paired difference over the {items} items "
                 "every model ran{clusters}, {null}")

#: A row of more models than this is not ranked: its K(K-1) pairs, even by Holm's stepdown, are too many to hold
#: (4 million at 2,000 models).
MAX_MODELS = 2_000


def _null(k: int, proportions: bool) -> str:
    """How the stepdown's critical values are found for a row of ``k`` models."""
    from claimcheck.stats.ranks import SIMULATED_MODELS, draws_for, simulated

    if simulated(k):
        errors = "each score's Agresti-Coull standard error" if proportions else "each rating's standard error"
        return f"null draws from {errors}; {draws_for(k):,} seeded normal draws"
    return (f"Holm's stepdown on the pairs' one-sided normal p values (a row of more than {SIMULATED_MODELS} models "
            f"is not simulated; Holm is valid under any dependence and a little wider)")


def _paired_null(k: int) -> str:
    from claimcheck.stats.paired_ranks import RESAMPLED_MODELS, resampled
    from claimcheck.stats.ranks import draws_for

    if resampled(k):
        return f"null draws from {draws_for(k):,} seeded bootstrap resamples of the items, the same items for every model"
    return (f"Holm's stepdown on the pairs' one-sided normal p values (a row of more than {RESAMPLED_MODELS:,} models "
            f"is not resampled; Holm is valid under any dependence and a little wider)")


def _clustered(clusters) -> str:
    return "" if clusters is None else f" (cluster-robust, {len(set(clusters)):,} clusters resampled whole)"


def _shared_items(cells: list[Score]):
    """(models x items array, cluster labels or None) where every cell carries per-item results on one set of
    items, aligned item by item; None where a cell has none or the models ran different items."""
    import numpy as np

    if any(s.items is None for s in cells):
        return None
    order = cells[0].items.items  # one id per item: ItemResults holds each item once, its samples averaged
    rows = []
    for s in cells:
        if s.items.items == order:
            rows.append(s.items.values)
        elif set(s.items.items) == set(order):
            at = dict(zip(s.items.items, s.items.values))
            rows.append([at[i] for i in order])
        else:
            return None
    clusters = next(([dict(zip(s.items.items, s.items.clusters))[i] for i in order]
                     for s in cells if s.items.clusters is not None), None)
    return np.asarray(rows, dtype=float), clusters


def rank_rows(scores: Sequence[Score], rules: Iterable[ComparabilityRule], alpha: float) -> tuple[RankedRow, ...]:
    """One record per printed row (or per size block of it, where blocks each mark a best) that can be
    ranked as a whole."""
    from claimcheck.checker.emphasis import is_reference, marked_blocks

    rules = list(rules)
    rows: dict[str, list[Score]] = {}
    for s in scores:
        if s.status != "checked" or s.value is None or is_reference(s.model):
            continue
        if (s.proportion is not None and s.n and s.unit in PROPORTION_UNITS) or (s.unit == "elo" and s.ci):
            rows.setdefault(s.group, []).append(s)
    return tuple(ranked for group, row in rows.items() for block in marked_blocks(row)
                 if (ranked := _rank_row(group, block, rules, alpha)) is not None)


def _rank_row(group: str, cells: list[Score], rules: list[ComparabilityRule], alpha: float) -> RankedRow | None:
    from claimcheck.stats import z_crit
    from claimcheck.stats.paired_ranks import paired_rank_sets
    from claimcheck.stats.ranks import proportion_rank_sets, rank_sets

    cells = list({s.model: s for s in reversed(cells)}.values())[::-1]  # one cell per model, the first
    if len(cells) < 3 or len(cells) > MAX_MODELS or len({s.unit for s in cells}) != 1:
        return None
    if _mixes_setups(cells, rules):
        return None  # a row mixing setups is no single ranking
    if cells[0].unit == "elo":  # ratings with published 95% intervals: the wider side as the SE
        est = [s.value for s in cells]
        ses = [max(s.value - s.ci[0], s.ci[1] - s.value) / z_crit(0.05) for s in cells]
        if sum(se == 0 for se in ses) > 1:
            return None  # two ratings printed with no uncertainty ("+0/-0") cannot be ranked against each other
        both = rank_sets(est, ses, alpha), rank_sets(est, ses, alpha, simultaneous=False)
        method = ELO_METHOD.format(null=_null(len(cells), proportions=False))
    elif (paired := _shared_items(cells)) is not None:  # the same items for every model: their results paired
        values, clusters = paired
        if cells[0].lower_is_better:
            values = 1.0 - values
        both = (paired_rank_sets(values, alpha, clusters=clusters),
                paired_rank_sets(values, alpha, clusters=clusters, simultaneous=False))
        method = PAIRED_METHOD.format(items=f"{values.shape[1]:,}", clusters=_clustered(clusters),
                                      null=_paired_null(len(cells)))
    else:  # lower is better: rank the complements, so the pooled binomial scale stays the same
        est = [1.0 - s.proportion if cells[0].lower_is_better else s.proportion for s in cells]
        ns = [s.n for s in cells]
        both = proportion_rank_sets(est, ns, alpha), proportion_rank_sets(est, ns, alpha, simultaneous=False)
        method = METHOD.format(null=_null(len(cells), proportions=True))
    return RankedRow(group=group, scores=tuple(s.id for s in cells), models=tuple(s.model for s in cells),
                     simultaneous=tuple(tuple(x) for x in both[0]), marginal=tuple(tuple(x) for x in both[1]),
                     alpha=alpha, method=method)


def _mixes_setups(cells: list[Score], rules: list[ComparabilityRule]) -> bool:
    """Whether a known protocol difference parts two cells of one row.  Within a row the comparability rules
    read a cell's resolution only (its benchmark, version, shots, n …; the row, the model and the group are
    shared or decide nothing within one group), so each pair of distinct resolutions is asked once, in both
    orders, and a resolution shared by several cells once for itself: a 1,000-model board with one protocol
    is one question, not half a million."""
    alike: dict = {}
    for s in cells:
        alike.setdefault(repr(s.resolution), []).append(s)  # it holds dicts: unhashable, but its repr is exact
    pairs = list(itertools.permutations([same[0] for same in alike.values()], 2))
    pairs += [(same[0], same[1]) for same in alike.values() if len(same) > 1]
    return any(d is not None and d.known for a, b in pairs for r in rules if (d := r.difference(a, b)) is not None)
