"""A model card's own model: its name without the page's decoration, and the subject of the report."""

from __future__ import annotations

import pytest

from claimcheck.checker.measure import model_name
from claimcheck.pipeline import audit


@pytest.mark.parametrize("printed, name", [
    ("**OLMo 7B** (ours)", "OLMo 7B"), ("**Zephyr-7b-β** 🪁", "Zephyr-7b-β"), ("Qwen2 （我们的）", "Qwen2"),
    ("Ours", "Ours"), ("(ours)", "(ours)"),  # nothing else to call it: the words stay
    ("Claude Opus 4\n(w/o extended thinking)", "Claude Opus 4 (w/o extended thinking)"), ("GPT-4 · RLHF", "GPT-4 · RLHF"),
])
def test_a_model_name_loses_the_decoration_of_the_page_s_own_model(printed, name):
    assert model_name(printed) == name


CARD = """\
# Model Card for OLMo 7B

| | **OLMo 7B** (ours) | Llama 2 7B | Falcon 7B |
|---|---|---|---|
| arc_challenge | 48.5 | 48.5 | 47.5 |
| hellaswag | 76.4 | 76.8 | 75.9 |
| MMLU | 28.3 | 45.3 | 24.0 |
"""


def test_the_model_a_card_is_about_is_the_subject(tmp_path):
    path = tmp_path / "card.md"
    path.write_text(CARD, encoding="utf-8")
    report = audit([str(path)])
    assert {s.model for s in report.scores} == {"OLMo 7B", "Llama 2 7B", "Falcon 7B"}
    assert report.subject.model == "OLMo 7B" and "model card is about 'OLMo 7B'" in report.subject.why
