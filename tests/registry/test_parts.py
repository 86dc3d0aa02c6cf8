"""A benchmark made of parts (MGSM's languages): its plain name is the average over them, while subsets
that are alternatives (GPQA main / diamond / extended) leave a plain line ambiguous."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from claimcheck.parsing.cells import parse_cell
from claimcheck.records import RowContext
from claimcheck.registry.catalogue import load_catalogue
from claimcheck.registry.models import Version
from claimcheck.registry.resolver import Resolver

RESOLVER = Resolver(load_catalogue(()))
CELLS = [parse_cell("57.9"), parse_cell("60.1")]


def resolve(label: str, *qualifiers: str):
    return RESOLVER.resolve(RowContext(label=label, qualifiers=qualifiers, fields={}), CELLS)


@pytest.mark.parametrize("label", ["MGSM", "MGSM (0-shot CoT)", "MGSM (CoT)", "Multi-Mathematics"])
def test_a_plain_name_of_parts_is_their_average(label):
    res = resolve(label)
    assert res.benchmark == "mgsm" and res.subset is None
    assert res.unstated_subsets == () and len(res.averaged_parts) == 11 and "en" in res.averaged_parts
    # the languages are translations of the same 250 problems: no count of independent items, said so
    assert res.n is None and res.n_note.startswith("the average over its 11 parts (250 items each)")
    assert "translations of the same 250 problems" in res.n_note
    assert "parts" in res.reasons["subset"]


def test_a_named_part_is_that_part():
    res = resolve("MGSM (en)")
    assert (res.subset, res.n, res.averaged_parts) == ("en", 250, ())


@pytest.mark.parametrize("label, bench", [("GPQA", "gpqa"), ("C-Eval", "c-eval")])
def test_alternative_subsets_leave_a_plain_line_ambiguous(label, bench):
    res = resolve(label)
    assert res.benchmark == bench and res.averaged_parts == () and len(res.unstated_subsets) >= 2
    assert res.n_note.startswith("subset not stated")


def test_parts_need_several_subsets():
    with pytest.raises(ValidationError, match="two or more subsets"):
        Version(id="v1", subsets_are="parts", subsets=({"id": "en"},))
    assert Version(id="v1", subsets_are="parts", subsets=({"id": "en"}, {"id": "zh"})).subsets_are == "parts"


@pytest.mark.parametrize("label, bench, shots, metric", [
    ("MMLU (5-shot, macro_avg/acc)", "mmlu", 5, "accuracy"), ("MMLU (0-shot, CoT)", "mmlu", 0, "accuracy"),
    ("ARC-C (25-shot, acc_norm)", "arc-challenge", 25, "acc-norm"), ("HellaSwag (10-shot, acc_norm)", "hellaswag", 10, "acc-norm"),
])
def test_a_bracket_of_protocol_items_leaves_the_name_to_match(label, bench, shots, metric):
    res = resolve(label)
    assert res.benchmark == bench and res.budget.get("shots") == shots and res.metric == metric
    assert res.metric_assumed is (label == "MMLU (0-shot, CoT)")  # no metric printed: MMLU's default


def test_a_known_benchmark_beside_a_language_is_a_translation():
    res = resolve("MMLU (5-shot, macro_avg/acc)", "Portuguese")
    assert res.row_kind == "unknown" and res.translation == ("MMLU", "Portuguese") and res.derived is None


@pytest.mark.parametrize("label", ["Avg Win Rate", "Average Win Rate (%)", "Mean Rank", "Rank", "Avg. Rank"])
def test_a_line_derived_from_the_table_s_models_is_no_benchmark(label):
    res = resolve(label)
    assert res.benchmark is None and res.derived and label in res.reasons["benchmark"]


@pytest.mark.parametrize("label", ["Win Rate Bench", "Zeta Bench", "Rankine QA"])
def test_an_unknown_name_is_not_derived(label):
    assert resolve(label).derived is None


@pytest.mark.parametrize("qualifier, subset", [
    ("zh, en, bn, de, es, fr, ja, ru, sw, te, th", None),  # GLM-4's "Languages" column: the parts averaged
    ("zh、en", None), ("zh / en", None), ("zh en bn", None),  # two listed, three named
    ("zh", "zh"), ("en", "en"),  # one named part
])
def test_a_list_of_parts_beside_a_line_names_no_one_subset(qualifier, subset):
    res = resolve("MGSM", qualifier)
    assert res.benchmark == "mgsm" and res.subset == subset
    if subset is None:
        assert res.averaged_parts and res.n is None  # read as the average over the parts, with no n of its own
