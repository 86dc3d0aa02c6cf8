"""Which metric differences are known: a sample count is not a metric."""

from __future__ import annotations

import pytest

from claimcheck.checker.rules.comparability import BudgetMismatch, MetricMismatch
from claimcheck.records import CellValue, Resolution, Score


def _score(metric: str) -> Score:
    return Score(id="s", input=0, table=0, row=2, column="A", label="IFEval", model="A",
                 cell=CellValue(raw="80.0", status="ok", value=80.0, decimals=1),
                 resolution=Resolution(benchmark="ifeval", metric=metric), col=1, unit="percent", status="checked",
                 value=80.0, proportion=0.8)


@pytest.mark.parametrize(("a", "b", "known"), [
    ("avg@8", "prompt-strict", False),  # the mean over 8 samples of some IFEval metric: maybe prompt-strict
    ("prompt-strict", "mean@4", False),
    ("prompt-strict", "instruction-loose", True),
    ("accuracy", "f1", True),  # accuracy is no sample count: a known difference
    ("pass@8", "em", True),
])
def test_a_sample_mean_against_a_named_metric_is_an_unknown_difference(a, b, known):
    d = MetricMismatch().difference(_score(a), _score(b))
    assert d is not None and d.known is known


@pytest.mark.parametrize(("a", "b", "differs"), [
    ("avg@32", "pass@1", False), ("mean@4", "accuracy", False), ("avg@8", "avg@64", False),
    ("avg@32", "pass@8", True), ("cons@64", "pass@1", True),
])
def test_a_mean_over_samples_is_pass_at_1_for_the_budget(a, b, differs):
    assert (BudgetMismatch().difference(_score(a), _score(b)) is not None) is differs
