"""Decide which pairs of scores a reader would compare, whether they can be, and what the data allow.

Pairs:
- head-to-head: two models in one line item (a printed row).  With many models,
  each model is compared with the leader and with its neighbour in rank (and,
  where the model rows sit in blocks under headings, with its block's leader), not
  every pair, so the Holm correction is not spent on comparisons nobody reads;
- cross-row: two models on the same benchmark in different rows, when the
  table gives them no head-to-head row (e.g. one row per vendor protocol);
- configuration: one model on related rows that differ in setup (Verified vs
  Pro, Codex CLI vs Terminus-2): the gap measures the setup, not a model.

Each comparability rule says whether the two scores differ on its facet.  For
comparable pairs with a known n the gap gets the interval of the chosen method
(``--ci-method``: Newcombe's hybrid score interval by default) and the p-value of
the test that interval inverts, so the verdict and the printed interval never
disagree (:mod:`claimcheck.stats.difference`); unpaired, hence conservative when
the same items make the scores positively correlated.  Holm's correction is
applied afterwards, over the family of each table (:mod:`claimcheck.checker.family`).
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from functools import lru_cache
from typing import Iterable, Sequence

from claimcheck.checker.base import ComparabilityRule
from claimcheck.records import PROPORTION_UNITS, Comparison, Difference, Score, half_unit


def candidate_pairs(scores: Sequence[Score], subject: str | None = None) -> list[tuple[Score, Score, str]]:
    """The (a, b, kind) pairs a reader of these tables would compare: in each row the leader and each
    neighbour in rank, and the subject (the vendor's model) against every rival."""
    from claimcheck.checker.emphasis import is_reference

    # a reference row (Human, Random, Oracle) bounds the scores; no one competes with it
    checked = [s for s in scores if s.status == "checked" and s.value is not None and not is_reference(s.model)]
    pairs: list[tuple[Score, Score, str]] = []
    by_group: dict[str, list[Score]] = {}
    for s in checked:
        by_group.setdefault(s.group, []).append(s)
    key = {s.id: _bench_key(s) for s in checked}  # each once: the loops below are over pairs
    rows_with: dict[str, list[frozenset[str]]] = {}  # benchmark -> the models of each row printing it
    for group in by_group.values():
        for a, b in _leader_and_neighbours(group, subject):  # "Nova-2 (low)" vs "Nova-2 (high)": one model, two setups
            pairs.append((a, b, "configuration" if _one_model(a, b) else "head-to-head"))
        rows_with.setdefault(key[group[0].id], []).append(frozenset(s.model for s in group))

    def in_one_row(a: Score, b: Score) -> bool:  # a row that has both models: no cross-row pair
        return any(a.model in row and b.model in row for row in rows_with.get(key[a.id], ()))

    from claimcheck.parsing.attribution import base_model

    # (model, column, benchmark, line) of every cell: a like-for-like alternative to a cross-column pair
    base = {s.id: base_model(s.model) for s in checked}
    printed = {(base[s.id], s.col, key[s.id], s.title) for s in checked}
    for a, b in _pairs_across_rows([s for s in checked if s.benchmark or s.resolution.row_kind == "unknown"], key):
        same = key[a.id] == key[b.id]
        if same and a.col != b.col and (base[b.id], a.col, key[a.id], b.title) in printed:
            continue  # b is printed under a's setup too: that is the pair to compare, not this one
        # rows of another table of the same document (a base-model table under an instruct table)
        # are not compared with each other; another input (another vendor's table) is
        related = a.input != b.input or a.table == b.table
        if a.model != b.model and same and related and not _other_editions(a, b) and not in_one_row(a, b):
            pairs.append((a, b, "cross-row"))
        elif (a.model == b.model and a.unit == b.unit and _same_item(a, b) and not _other_editions(a, b)
              and not _reprinted(a, b)):
            pairs.append((a, b, "configuration"))
    return pairs


def _pairs_across_rows(scores: list[Score], key: dict[str, str]) -> list[tuple[Score, Score]]:
    """The pairs of scores in different rows that a cross-row or configuration comparison can be made
    of, in the order of all pairs of ``scores``: two models on one benchmark in rows of one table or of
    two inputs (rows of two tables of one page are not compared, see :func:`candidate_pairs`), and one
    model on one benchmark, or one printed line, in two rows.  Found through those keys, so a leaderboard
    of 4,000 models in one row costs no pair, and a page of 1,000 tables no pair between its tables."""
    index = {s.id: i for i, s in enumerate(scores)}
    buckets: dict[tuple, dict[str, list[Score]]] = {}
    for s in scores:
        keys = [("benchmark", key[s.id], s.input, s.table), ("model", s.model, key[s.id])]
        if s.label.strip():
            keys.append(("line", s.model, s.label))
        for k in keys:
            buckets.setdefault(k, {}).setdefault(s.group, []).append(s)
    by_benchmark: dict[str, list[tuple[int, list[list[Score]]]]] = {}  # benchmark -> (input, its tables' rows)
    found: set[tuple[int, int]] = set()

    def pair(first: list[Score], other: list[Score]) -> None:
        found.update((min(index[a.id], index[b.id]), max(index[a.id], index[b.id])) for a in first for b in other)

    for k, rows in buckets.items():
        groups = list(rows.values())
        for i, first in enumerate(groups):
            for other in groups[i + 1:]:
                pair(first, other)
        if k[0] == "benchmark":
            by_benchmark.setdefault(k[1], []).append((k[2], groups))
    for tables in by_benchmark.values():  # one benchmark in two inputs (another vendor's table): every row pair
        for i, (input_a, rows_a) in enumerate(tables):
            for input_b, rows_b in tables[i + 1:]:
                if input_a != input_b:
                    for first in rows_a:
                        for other in rows_b:
                            pair(first, other)
    return [(scores[i], scores[j]) for i, j in sorted(found)]


def _reprinted(a: Score, b: Score) -> bool:
    """One model's value printed again, the same, in another table of the page (a model card's model-index and
    its "| Metric | Value |" table): one result shown twice, not two setups whose effect could be measured.  Scores
    read from per-item results (a HELM run's metrics, each its own table) are each computed, never reprinted."""
    return a.input == b.input and a.table != b.table and a.value == b.value and a.items is None and b.items is None


def _other_editions(a: Score, b: Score) -> bool:
    """Two yearly editions of one benchmark ("AIME 2024" and "AIME 2025"), each printed as its own
    line: separate exams a reader does not compare across, unlike one benchmark split into rows."""
    va, vb = a.resolution.version, b.resolution.version
    return bool(va and vb and va != vb and _YEAR.fullmatch(va) and _YEAR.fullmatch(vb))


_YEAR = re.compile(r"(?:19|20)\d\d(?:[-_ ]\w+)?")


#: the precision or quantized build a model name ends in ("-Int4", "-GPTQ-Int8", "-AWQ", " FP8", "W8A8C8-FP8"):
#: one model's weights stored another way, not another model
_BUILD = re.compile(r"(?:(?:^|[-_ ])(?:bf16|fp16|fp32|fp8|int[248]|w\d+a\d+(?:c\d+)?(?:-fp8)?|gptq|awq|gguf|nf4|mlx|exl2|"
                    r"q[2-8]_k(?:_[msl])?))+$", re.I)


def _one_model(a: Score, b: Score) -> bool:
    """Two names of one model under two setups: the same name with another setup after it ("Nova-2 (low)",
    "Nova-2 (high)"), or with another precision or quantized build ("Qwen2.5-7B-Instruct" and
    "Qwen2.5-7B-Instruct-AWQ"; columns named only "BF16" and "W8A8C8-FP8" are one model's two builds)."""
    return a.model != b.model and _unbuilt(a.model) == _unbuilt(b.model)


@lru_cache(maxsize=1 << 17)  # once per model name, not once per pair it is in
def _unbuilt(name: str) -> str:
    from claimcheck.parsing.attribution import base_model

    return _BUILD.sub("", base_model(name)).strip(" -_").casefold()


def _bench_key(s: Score) -> str:
    """The benchmark a score is on, with the unregistered part its line names ("flores/cn-en"); for a
    label the registry does not know, the label itself."""
    if s.benchmark:
        return s.benchmark + (f"/{s.resolution.part.casefold()}" if s.resolution.part else "")
    return f"label:{s.label.strip().casefold()}"


def _same_item(a: Score, b: Score) -> bool:
    """Rows a reader takes for one benchmark under two setups (HLE with and without tools;
    "SWE-bench" printed with two versions), not two benchmarks that merely share a suite
    (ARC-Easy and ARC-Challenge, RACE-Middle and RACE-High)."""
    if a.label.strip() and a.label == b.label:
        return True
    return _bench_key(a) == _bench_key(b) and a.resolution.subset == b.resolution.subset


#: Rows up to this many models pair each marked cell with every rival.
MARKED_ROW_MAX = 40


def _leader_and_neighbours(group: list[Score], subject: str | None = None) -> list[tuple[Score, Score]]:
    ranked = sorted(group, key=lambda s: _rank_key(s), reverse=True)
    ranked = list({s.model: s for s in reversed(ranked)}.values())[::-1]  # one cell per model
    ranked.sort(key=_rank_key, reverse=True)
    out = [(ranked[0], s) for s in ranked[1:]]
    out += [(ranked[i], ranked[i + 1]) for i in range(1, len(ranked) - 1)]
    from claimcheck.checker.emphasis import claims_best, marked_blocks

    have = {frozenset((a.id, b.id)) for a, b in out}
    blocks: dict[int, list[Score]] = {}  # size classes or setup sections of model rows: each has a leader
    for s in ranked:
        blocks.setdefault(s.block, []).append(s)
    for members in blocks.values() if len(blocks) > 1 else ():
        for s in members[1:]:
            if frozenset((members[0].id, s.id)) not in have:
                have.add(frozenset((members[0].id, s.id)))
                out.append((members[0], s))
    # the subject and every cell marked best, each against every rival of its block (the better-ranked
    # first): the pairs the table itself invites, named before any gap is looked at
    block_of = {s.id: block for block in marked_blocks(ranked) for s in block}
    # a row styled whole ("Average" in bold) marks no best, and a leaderboard-sized row's marks are not
    # each paired with every rival (a hostile table of thousands of bold cells would be millions of pairs)
    marks = [s for s in ranked[1:] if claims_best(s)] if len(ranked) <= MARKED_ROW_MAX and not all(
        claims_best(s) for s in ranked) else []
    for mine in [s for s in ranked[1:] if s.model == subject or s in marks]:
        for x in block_of[mine.id]:
            if x is not mine and frozenset((x.id, mine.id)) not in have:
                have.add(frozenset((x.id, mine.id)))
                out.append((x, mine) if _rank_key(x) >= _rank_key(mine) else (mine, x))
    # a block whose best is marked: every pair of it, since a mark the scores chose is judged among all
    # of them (checker.family); the ones no family takes stay descriptive
    if len(ranked) <= MARKED_ROW_MAX and not all(claims_best(s) for s in ranked):
        for block in {id(b): b for b in block_of.values()}.values():
            if any(claims_best(s) for s in block):
                for i, x in enumerate(block):
                    for y in block[i + 1:]:
                        if frozenset((x.id, y.id)) not in have:
                            have.add(frozenset((x.id, y.id)))
                            out.append((x, y) if _rank_key(x) >= _rank_key(y) else (y, x))
    return out


def _rank_key(s: Score) -> float:
    value = s.value if s.value is not None else -math.inf
    lower = s.resolution.direction == "lower" or s.unit == "lower-is-better"
    return -value if lower else value


def build_comparisons(
    scores: Sequence[Score], rules: Iterable[ComparabilityRule], *, alpha: float = 0.05, power: float = 0.8,
    ci_method: str = "wilson", subject: str | None = None,
) -> tuple[Comparison, ...]:
    """Every comparison with its comparability verdict and statistics, before any multiplicity
    correction (:func:`claimcheck.checker.family.adjust` applies it to the judged ones)."""
    rules = list(rules)
    kept = []
    for a, b, kind in candidate_pairs(scores, subject):
        diffs = tuple(d for rule in rules if (d := rule.difference(a, b)) is not None)
        if kind == "configuration" and not any(d.known for d in diffs):
            continue  # the same model and setup printed twice is CC404's business, not a comparison
        kept.append((a, b, kind, diffs))
    tests = _batch_tests([(a, b) for a, b, _, _ in kept], alpha, ci_method)
    return tuple(_compare(f"c{i}", a, b, kind, diffs, alpha, power, ci_method, tests)
                 for i, (a, b, kind, diffs) in enumerate(kept, 1))


def _batch_tests(pairs: list[tuple[Score, Score]], alpha: float, ci_method: str) -> dict:
    """The Newcombe tests of every gap between two proportions with known n, solved together
    (:func:`claimcheck.stats.difference_array.newcombe_tests`), keyed as ``difference_test``'s arguments."""
    if ci_method != "wilson":
        return {}
    keys = list(dict.fromkeys(
        (a.proportion, a.n, b.proportion, b.n) for a, b in pairs
        if a.unit in PROPORTION_UNITS and a.proportion is not None and b.proportion is not None
        and a.n is not None and b.n is not None and a.n >= 1 and b.n >= 1))
    if not keys:
        return {}
    from claimcheck.stats.difference import METHOD_NAMES, DifferenceTest
    from claimcheck.stats.difference_array import newcombe_tests
    from claimcheck.stats.intervals import Interval

    t = newcombe_tests(*zip(*keys), alpha=alpha)
    return {k: DifferenceTest(float(t.diff[i]), Interval(float(t.low[i]), float(t.high[i])), float(t.p[i]),
                              float(t.z[i]), METHOD_NAMES["wilson"]) for i, k in enumerate(keys)}


def more_comparisons(
    pairs: Iterable[tuple[Score, Score]], existing: Sequence[Comparison], rules: Iterable[ComparabilityRule], *,
    alpha: float = 0.05, power: float = 0.8, ci_method: str = "wilson",
) -> tuple[Comparison, ...]:
    """``existing`` with a comparison added for each pair it lacks (pairs a claim compares that no
    reader of the table would): built by the same procedure, so a claim and the table are judged alike."""
    rules = list(rules)
    have = {frozenset(c.scores) for c in existing}
    out = list(existing)
    for a, b in pairs:
        if frozenset((a.id, b.id)) in have or a.id == b.id:
            continue
        have.add(frozenset((a.id, b.id)))
        kind = "configuration" if a.model == b.model else ("head-to-head" if a.group == b.group else "cross-row")
        diffs = tuple(d for rule in rules if (d := rule.difference(a, b)) is not None)
        out.append(_compare(f"c{len(out) + 1}", a, b, kind, diffs, alpha, power, ci_method))
    return tuple(out)


def reference_comparison(cid: str, a: Score, b: Score, rules: Iterable[ComparabilityRule], *, alpha: float = 0.05,
                         power: float = 0.8, ci_method: str = "wilson") -> Comparison:
    """A page's cell ``a`` against a reference's value ``b`` for the same model and benchmark: the
    comparability rules' differences and the difference test of a gap between two models."""
    diffs = tuple(d for rule in rules if (d := rule.difference(a, b)) is not None)
    return _compare(cid, a, b, "reference", diffs, alpha, power, ci_method)


def _protocol_caveat(c: Comparison, a: Score, b: Score, alpha: float) -> Comparison:
    """The comparison with caveat CC309 when one of its scores is taken from another report (so the two may
    come from different harnesses, prompts or judges) and its gap lies inside the benchmark's sourced protocol
    noise (sqrt(SE² + 2σ²), :func:`claimcheck.stats.ranges.total_difference_se`).  Two scores the table
    measured itself share its protocol: the spread across protocols does not apply to their gap."""
    sd = a.resolution.protocol_sd
    if sd is None or a.benchmark != b.benchmark or c.diff is None or c.se is None:
        return c
    if not (a.resolution.secondhand or b.resolution.secondhand):
        return c
    from claimcheck.stats import z_crit
    from claimcheck.stats.ranges import total_difference_se

    if abs(c.diff) >= z_crit(alpha) * total_difference_se(c.se, sd):
        return c
    return replace(c, caveats=tuple(dict.fromkeys((*c.caveats, "CC309"))))


def _compare(cid: str, a: Score, b: Score, kind: str, diffs: tuple[Difference, ...], alpha: float, power: float,
             ci_method: str = "wilson", tests: dict | None = None) -> Comparison:
    why_not = tuple(dict.fromkeys(d.code for d in diffs if d.known))
    caveats = tuple(dict.fromkeys(d.code for d in diffs if not d.known))
    # an independent report may print a share as a fraction where the page prints a percentage (Epoch's 0.717
    # for a vendor's 71.5): one proportion on two scales, set side by side as proportions; within a page the
    # mix is the page's own inconsistency (CC102)
    rescaled = kind == "reference" and {a.unit, b.unit} == {"percent", "fraction"}
    same_scale = a.unit == b.unit or rescaled
    comparable = not why_not and kind != "configuration" and same_scale
    if not same_scale and "unit" not in why_not:
        why_not += (("CC101",) if "elo" in (a.unit, b.unit) else ("CC102",))
    gap = None
    if a.value is not None and b.value is not None:
        gap = a.value - b.value
        if rescaled:
            gap = (a.proportion - b.proportion) * a.scale if a.proportion is not None and b.proportion is not None else None
    base = dict(
        id=cid, scores=(a.id, b.id), models=(a.model, b.model), benchmark=a.benchmark or b.benchmark,
        kind=kind, comparable=comparable, why_not=why_not, differences=diffs, caveats=caveats,
        unit=a.unit if a.unit == b.unit else f"{a.unit}/{b.unit}", values=(a.value, b.value), gap=gap,
        n=(a.n, b.n), n_source=(a.resolution.n_source, b.resolution.n_source),
    )
    if not comparable:
        return Comparison(**base, verdict="incomparable")
    if a.unit in PROPORTION_UNITS:
        return _protocol_caveat(_proportion_test(base, a, b, alpha, power, ci_method, tests or {}), a, b, alpha)
    if a.unit == "elo":
        return _rating_test(base, a, b, alpha)
    if _whole_step_ratings(a) and _whole_step_ratings(b):
        return _ratings_bound(base, a, b)
    if a.unit == "count":  # k correct of n: a proportion, but gaps and intervals are printed in percentage points
        return Comparison(**base, verdict="no-n", note="counts of correct items are not yet tested as proportions")
    return Comparison(**base, verdict="no-n", note=f"no sampling model for {a.unit} scores")


def _whole_step_ratings(s: Score) -> bool:
    """Whether the score is a mean of whole-step judge ratings over a known number of items (MT-Bench)."""
    r = s.resolution
    averaged_runs = (r.metric or "").startswith(("avg@", "mean@", "maj@", "cons@"))  # more ratings than items x turns
    return (r.rating_step is not None and s.n is not None and s.value is not None and not averaged_runs
            and (r.value_range is None or r.value_range[0] <= s.value <= r.value_range[1]))


def _ratings_bound(base: dict, a: Score, b: Score) -> Comparison:
    """The smallest p any pairing allows a lead between two means of whole-step ratings
    (:func:`claimcheck.stats.paired.sign_flip_p_bound`): the lead as printed, widened by the rounding
    of both cells, times the number of ratings, in steps (comparable scores of one benchmark share n)."""
    from claimcheck.stats.paired import sign_flip_p_bound

    r = a.resolution
    ratings = a.n * r.ratings_per_item  # type: ignore[operator]
    rounding = half_unit(a.cell.decimals) + half_unit(b.cell.decimals)
    widest = abs(a.value - b.value) + rounding  # type: ignore[operator]
    steps = round(widest * ratings / r.rating_step, 9)  # type: ignore[operator]
    step = f"{r.rating_step:g}-point" if r.rating_step != 1 else "one-point"
    p = sign_flip_p_bound(steps)
    return Comparison(
        **base, p=p, p_is_bound=True, verdict="no-n",
        method="exact sign-flip bound for whole-step ratings",
        bound=f"even if every differing rating favoured one model by a single step ({ratings} ratings, "
              f"a lead of at most {steps:.3g} {step} steps)",
        note=(f"no per-item ratings: the lead of at most {widest:.3g} points (as printed, plus rounding) over {ratings} "
              f"ratings is at most {steps:.3g} rating steps; an exact paired test of that many one-step wins gives "
              f"p ≥ {p:.3g}, and no other pairing a smaller one, so the data can show this gap "
              f"within noise but not that it is real"),
    )


def _proportion_test(base: dict, a: Score, b: Score, alpha: float, power: float, ci_method: str,
                     tests: dict) -> Comparison:
    from claimcheck.stats.difference import difference_test

    p1, p2 = a.proportion, b.proportion
    if a.items is not None and b.items is not None:
        return _paired_test(base, a, b, alpha, power)
    if p1 is None or p2 is None:
        return Comparison(**base, verdict="no-n", note="a value lies outside its unit's range, so it is no proportion")
    if (a.n is None or b.n is None) and a.cell.plus_minus_se and b.cell.plus_minus_se:
        return _se_test(base, a, b, alpha, power)
    if a.n is None or b.n is None:
        return Comparison(**base, diff=p1 - p2, verdict="no-n")
    test = tests.get((p1, a.n, p2, b.n)) or difference_test(p1, a.n, p2, b.n, alpha=alpha, method=ci_method)  # the interval and the test it inverts
    se, mde, needed = _gap_power(p1, a.n, p2, b.n, test.diff, alpha, power)
    return Comparison(
        **base, diff=test.diff, diff_ci=(test.ci.low, test.ci.high), se=se, z=test.z,
        p=test.p, mde=mde, n_needed=needed, verdict="no-n", method=test.method,
    )


@lru_cache(maxsize=2 ** 16, typed=True)  # a board's pairs repeat a few thousand (p1, n1, p2, n2): each solved once
def _gap_power(p1: float, n1: int, p2: float, n2: int, diff: float, alpha: float,
               power: float) -> tuple[float, float | None, int | None]:
    """The unpooled standard error of a gap between two proportions, the smallest gap the two samples
    detect with ``power``, and the items per group that would detect this one."""
    from claimcheck.stats import minimum_detectable_effect, n_per_group, unpooled_se

    pbar = (p1 * n1 + p2 * n2) / (n1 + n2)
    mde = minimum_detectable_effect(n1, pbar, alpha=alpha, power=power, n2=n2) if 0 < pbar < 1 else None
    needed = n_per_group(abs(diff), pbar, alpha=alpha, power=power) if diff and 0 < pbar < 1 else None
    return unpooled_se(p1, n1, p2, n2), mde, needed


def _se_test(base: dict, a: Score, b: Score, alpha: float, power: float) -> Comparison:
    """Two proportions with no item count but each printed with its standard error (a harness's "Stderr"
    column): the Wald test of the gap from the two SEs, and the smallest gap they let a test detect."""
    from claimcheck.stats.difference import se_difference_test
    from claimcheck.stats.power import detectable_effect

    se_a, se_b = a.cell.plus_minus / a.scale, b.cell.plus_minus / b.scale  # type: ignore[operator]
    test = se_difference_test(a.proportion, se_a, b.proportion, se_b, alpha=alpha)  # type: ignore[arg-type]
    se = math.hypot(se_a, se_b)
    return Comparison(**base, diff=test.diff, diff_ci=(test.ci.low, test.ci.high), se=se, z=test.z, p=test.p,
                      mde=detectable_effect(se, alpha=alpha, power=power) if se > 0 else None, verdict="no-n",
                      method=test.method)


def _paired_test(base: dict, a: Score, b: Score, alpha: float, power: float) -> Comparison:
    """Per-item results on shared items, each with a test and the interval it inverts: right/wrong items
    by the exact McNemar test or Tango's score interval (:mod:`claimcheck.stats.paired_binary`), items
    in clusters by a cluster-robust t (CR1, G - 1 df, interval from the same t), other scores by the
    paired normal interval."""
    from claimcheck.stats import clustered_paired_difference, minimum_detectable_effect, norm_sf, paired_difference
    from claimcheck.stats.paired_binary import paired_binary_test
    from claimcheck.stats.power import paired_minimum_detectable_effect

    shared = sorted(set(a.items.items) & set(b.items.items))
    if len(shared) < 2:
        return Comparison(**base, verdict="no-n", note="fewer than two items were run by both models")
    va, vb = dict(zip(a.items.items, a.items.values)), dict(zip(b.items.items, b.items.values))
    x, y = [va[i] for i in shared], [vb[i] for i in shared]
    n = len(shared)
    groups = None
    if a.items.clusters is not None:
        cluster_of = dict(zip(a.items.items, a.items.clusters))
        groups = [cluster_of[i] for i in shared]
    clusters = len(set(groups)) if groups is not None else 0
    paired = {**base, "n": (n, n)}
    pbar = (sum(x) + sum(y)) / (2 * n)
    if clusters >= 2:  # test and interval both respect the clusters, from one t statistic
        diff = paired_difference(x, y, alpha=alpha)
        se = max(clustered_paired_difference(x, y, groups, alpha=alpha).se, diff.se)  # clustering never adds information
        t = diff.mean / se if se > 0 else 0.0
        half = _t_quantile(1 - alpha / 2, clusters - 1) * se
        few = clusters < FEW_CLUSTERS
        note = (f"paired on the {n} items both models ran, in {clusters} clusters"
                + (f"; fewer than {FEW_CLUSTERS} clusters: cluster-robust inference is unreliable, read the interval "
                   f"as a rough guide" if few else ""))
        mde = minimum_detectable_effect(n, pbar, alpha=alpha, power=power) if 0 < pbar < 1 else None
        return Comparison(**paired, diff=diff.mean, diff_ci=(diff.mean - half, diff.mean + half), se=se, z=t,
                          p=_t_two_sided(t, clusters - 1) if se > 0 else 1.0, mde=mde, verdict="no-n",
                          method=f"cluster-robust paired t test and its interval (CR1 standard error, never below the "
                                 f"item-level one; {clusters - 1} df)", note=note)
    if a.items.binary and b.items.binary:
        only_a = sum(1 for u, v in zip(x, y) if u > v)
        only_b = sum(1 for u, v in zip(x, y) if v > u)
        test = paired_binary_test(only_a, only_b, n, alpha=alpha)
        mde = paired_minimum_detectable_effect(n, (only_a + only_b) / n, alpha=alpha, power=power) if only_a + only_b else None
        return Comparison(**paired, diff=test.diff, diff_ci=(test.ci.low, test.ci.high), z=test.z, p=test.p, mde=mde,
                          se=paired_difference(x, y, alpha=alpha).se,  # descriptive: the SD of the differences / sqrt n
                          verdict="no-n", method=test.method,
                          note=f"paired on the {n} items both models ran: {only_a} won only by {a.model}, {only_b} only "
                               f"by {b.model} (MDE from the discordance rate)")
    diff = paired_difference(x, y, alpha=alpha)
    z = diff.mean / diff.se if diff.se > 0 else 0.0
    mde = minimum_detectable_effect(n, pbar, alpha=alpha, power=power) if 0 < pbar < 1 else None
    return Comparison(**paired, diff=diff.mean, diff_ci=(diff.ci[0], diff.ci[1]), se=diff.se, z=z,
                      p=2 * norm_sf(abs(z)) if diff.se > 0 else 1.0, mde=mde, verdict="no-n",
                      method="paired difference (normal) and its interval",
                      note=f"paired on the {n} items both models ran (unpaired MDE shown as a bound)")


#: Below this many clusters a cluster-robust interval is flagged as unreliable (Cameron & Miller 2015).
FEW_CLUSTERS = 10


def _t_quantile(q: float, df: int) -> float:
    from scipy.special import stdtrit

    return float(stdtrit(df, q))


def _t_two_sided(t: float, df: int) -> float:
    """Two-sided p of a t statistic (few clusters make the normal reference anti-conservative)."""
    from scipy.special import stdtr  # the Student t CDF, without loading scipy.stats

    return float(2 * stdtr(df, -abs(t)))


def _rating_test(base: dict, a: Score, b: Score, alpha: float) -> Comparison:
    from claimcheck.stats import elo_expected_score
    from claimcheck.stats.ratings import rating_gap_test

    gap = a.value - b.value  # type: ignore[operator]
    win = elo_expected_score(gap)
    if (a.ci is None or b.ci is None) and a.votes and b.votes:
        from claimcheck.stats.ratings import vote_bound_gap_test

        test = vote_bound_gap_test(gap, a.votes, b.votes, alpha=alpha)
        return Comparison(**base, expected_win_rate=win, gap_ci=(test.ci.low, test.ci.high), z=test.z, p=test.p,
                          p_is_bound=True, bound="even at the smallest standard error the vote counts allow",
                          verdict="no-n", method=test.method,
                          note=f"no published interval: the vote counts ({a.votes:,} and {b.votes:,}) bound the gap's "
                               f"standard error from below, so the data can show this gap within noise but not "
                               f"that it is real")
    if a.ci is None or b.ci is None:
        return Comparison(**base, expected_win_rate=win, verdict="no-n",
                          note="no published interval for the ratings, so the gap cannot be tested")
    test = rating_gap_test(a.value, a.ci, b.value, b.ci, level=0.95, alpha=alpha)  # type: ignore[arg-type]
    return Comparison(**base, expected_win_rate=win, gap_ci=(test.ci.low, test.ci.high), z=test.z, p=test.p,
                      verdict="no-n", method=test.method,
                      note="standard errors read from the published 95% intervals, each side on its own; arena "
                           "ratings are fitted jointly, so treating them as independent is an approximation")