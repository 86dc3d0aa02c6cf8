"""The legend's reading of what a missing cell means (Legend.missing_note), used by CC416."""

import pytest

from claimcheck.parsing.legend import read_legend


@pytest.mark.parametrize("note, explained", [
    ("- denotes not reported", True), ('"-" means the model was not evaluated', True), ("N/A: not applicable", True),
    ("Results not available for Falcon-7B.", True), ("未测试的结果以 - 表示", True),
    ("We evaluate with 5-shot prompts.", False), ("GPT-4 numbers are from its technical report.", False),
    ("Pass@1 - averaged over 8 samples", False),
])
def test_a_note_on_missing_cells(note, explained):
    assert (read_legend([note]).missing_note is not None) is explained
