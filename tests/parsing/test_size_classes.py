"""Size classes read from model names: the blocks of a table that bolds one best per size."""

from __future__ import annotations

import pytest

from claimcheck.parsing.size_classes import CLASS_RATIO, parameters, size_classes


@pytest.mark.parametrize("size, expected", [
    ("7B", 7.0), ("1.5B", 1.5), ("8x22B", 176.0), ("135M", 0.135), ("1.8b", 1.8), (None, None), ("A22B", None), ("", None),
])
def test_parameters_in_billions(size, expected):
    assert parameters(size) == (pytest.approx(expected) if expected is not None else None)


def test_sizes_in_order_make_classes():
    models = ["MiniCPM-2B", "Math-Plus-1.8B", "Math-7B", "Math-RL-7B", "Llama-3-8B", "Math-20B", "Mixtral8x22B-Instruct",
              "Math-Plus-Mixtral8x22B"]
    assert size_classes(models) == dict(zip(models, [0, 0, 1, 1, 1, 2, 3, 3]))


def test_the_class_ratio_is_the_boundary():
    low = 10.0
    inside, outside = f"M-{low * CLASS_RATIO:g}B", f"M-{low * CLASS_RATIO + 0.5:g}B"
    assert size_classes(["M-10B", inside])[inside] == 0
    assert size_classes(["M-10B", outside])[outside] == 1


def test_a_size_that_comes_back_is_no_ordering():
    assert size_classes(["A-7B", "B-20B", "C-7B"]) is None


def test_a_model_without_a_printed_size_is_no_class():
    assert size_classes(["Qwen2-7B", "GPT-4o"]) is None
