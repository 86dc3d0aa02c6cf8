"""Facets read out of labels and qualifiers, in English and Chinese."""

from __future__ import annotations

import pytest

from claimcheck.parsing.labels import extract_facets, facets_of, split_ditto


@pytest.mark.parametrize("label, rest", [
    ("Same as above, strict completion", "strict completion"),
    ("同上，严格完成口径", "严格完成口径"), ("ditto", ""), ("同上", ""),
])
def test_ditto_labels(label, rest):
    assert split_ditto(label) == (True, rest)


def test_a_label_that_merely_starts_alike_is_not_ditto():
    assert split_ditto("Same-day tasks")[0] is False


@pytest.mark.parametrize("text, facet, value", [
    ("with tools", "tools", True), ("no tools", "tools", False), ("有工具", "tools", True),
    ("无工具", "tools", False), ("w/o tools", "tools", False),
    ("pass@1", "metric", "pass@1"), ("avg@64", "metric", "avg@64"), ("cons@64", "metric", "cons@64"),
    ("maj@32", "metric", "maj@32"), ("Prompt Strict", "metric", "prompt-strict"), ("GenSelect", "metric", "selection"),
    ("partial credit", "metric", "partial-credit"), ("部分得分", "metric", "partial-credit"),
    ("strict completion", "metric", "strict"), ("严格完成口径", "metric", "strict"),
    ("LC-winrate", "metric", "lc-win-rate"), ("5-shot", "shots", 5), ("0-shot CoT", "shots", 0),
    ("high effort", "effort", "high"), ("Elo, not a percentage", "unit", "elo"),
    ("Elo，非百分数", "unit", "elo"), ("v2026.08.08 offline set", "version", "2026.08.08"),
    ("(2408-2501)", "window", "2024-08..2025-01"), ("2024-08 – 2025-01", "window", "2024-08..2025-01"),
    ("(8/1/24-2/1/25)", "window", "2024-08..2025-02"), ("10/01/2024-02/01/2025", "window", "2024-10..2025-02"),
    ("best score across reasoning-effort levels", "selection", "best-of-configurations"),
    ("from the tech report", "secondhand", True), ("Astra release protocol", "protocol", "Astra"),
    ("Astra 发布协议", "protocol", "Astra"), ("Extended Thinking 80K", "thinking_budget", "80K"),
    # several of a benchmark's own metrics averaged into one number
    ("Avg(Prompt/Instruction acc Loose/Strict)", "metric", "blend"),
    ("mean of prompt_level_strict_acc and instruction_level_strict_acc", "metric", "blend"),
    ("average of prompt-level and instruction-level strict accuracy", "metric", "blend"),
    ("LiveCodeBench v5 (20240801-20250201)", "window", "2024-08..2025-02"),  # compact year-month-day dates
    ("IFEval (0-shot) (Loose Acc)", "metric", "loose"),  # the level is not said: not the registry's prompt-strict
    ("Strict Acc", "metric", "strict"),
    ("TruthfulQA (MC2) (10-shot)", "metric", "mc2"),  # a probability mass on the true answers, not an accuracy
    ("TruthfulQA MC1", "metric", "mc1"),
    ("mean of 5 runs", "metric", "avg@5"), ("Pass@1 (Avg@64)", "metric", "avg@64"),
    ("[lm-eval-harness](https://github.com/EleutherAI/lm-evaluation-harness) #928e8bb", "harness", "lm-eval-harness"),
    ("bigcode-evaluation-harness", "harness", "bigcode-evaluation-harness"), ("OpenCompass", "harness", "OpenCompass"),
])
def test_facets(text, facet, value):
    assert getattr(extract_facets(text), facet) == value


def test_differs_and_unknown_clauses():
    f = extract_facets("answer accuracy; tool and judge protocols differ")
    assert set(f.differs) == {"tools", "judge"}
    assert extract_facets("答案准确率；工具与裁判协议不同").differs == ("tools", "judge")
    assert extract_facets("terminal task score; harness to be checked separately").unknown == ("harness",)
    assert extract_facets("终端任务得分；运行框架须另核对").unknown == ("harness",)


def test_the_label_decides_over_qualifier_text():
    f = facets_of("no tools", ("kept apart from the with-tools configuration",))
    assert f.tools is False
    f = facets_of("", ("SE about 3.5 pp",))
    assert f.version is None


def test_secondhand_wording_with_a_name_in_between():
    assert extract_facets("from the Fable technical report").secondhand is True
    assert extract_facets("numbers from their model card").secondhand is True


@pytest.mark.parametrize("label, prose, expected", [
    ("MMLU", ["Benchmarks: MMLU (5-shot)、MMLU-Pro (5-shot)、BBH (3-shot)"], "5-shot"),
    ("Multi-Translation", ["**多语言任务**：Multi-Translation (Flores-101 5-shot)"], "Flores-101 5-shot"),
    ("**BBH**", ["MMLU (5-shot), BBH (3-shot)"], "3-shot"),
    ("HumanEval", ["HumanEval+ (0-shot)"], None),  # another benchmark's name, not this one's
    ("MMLU", ["MMLU-redux (5-shot)"], None),
    ("MMLU", ["CMMLU (5-shot)"], None), ("MMLU", ["C-MMLU (5-shot)"], None),  # the end of another name
    ("Multi-Exam", ["Multi-Exam (M3Exam 5-shot、IndoMMLU 3-shot)"], None),  # a composite's parts, not a setup
    ("MMLU", ["MMLU (5-shot) and later MMLU (0-shot)"], None),  # two glosses: neither
    ("A", ["A (5-shot)"], None),  # too short to find as a name
    ("MMLU", ["We evaluate on MMLU (Hendrycks et al. 2021)."], None),  # a citation, not a setup
    ("AIME", ["AIME (2024)"], "2024"),
    ("MATH", ["It achieves 68.5 on MATH (with Python) and 91.8 on GSM8K."], None),  # one result's setup
    ("MATH", ["It scores 68.5% in MATH (with Python)."], None),
    ("MATH", ["We report MATH (with Python) and 91.8 on GSM8K."], "with Python"),
    # a setup bracket before the list of benchmarks it applies to
    ("MBPP", ["**Coding Tasks**: EvalPlus (0-shot) (HumanEval, MBPP, HumanEval+, MBPP+), MultiPL-E (0-shot) (Python, C++)"], "0-shot"),
    ("HumanEval", ["EvalPlus (0-shot) (HumanEval+, MBPP+)"], None),  # only the "+" variants are listed
    ("MBPP", ["EvalPlus (0-shot) (HumanEval, MBPP), Extra (3-shot) (MBPP)"], None),  # two setups: neither
])
def test_a_label_glossed_in_the_page_s_prose(label, prose, expected):
    from claimcheck.parsing.glossary import gloss

    assert gloss(label, prose) == expected


PROSE_ZH = ("**通用任务**：MMLU (5-shot)、TruthfulQA (0-shot)、Winogrande (5-shot)\n\n"
            "**数学与科学任务**：GPQA (5-shot)、Theorem QA (5-shot)、GSM8K (4-shot)")


def _glossed(tmp_path, rows: str) -> dict[str, dict]:
    from claimcheck.pipeline import audit

    page = tmp_path / "page.md"
    page.write_text(f"{PROSE_ZH}\n\n| Datasets | A | B |\n|---|---|---|\n{rows}", encoding="utf-8")
    return {s.label: dict(s.resolution.budget) for s in audit([str(page)]).scores}


def test_the_prose_s_spelling_of_a_benchmark_glosses_a_line_spelled_otherwise(tmp_path):
    # "Theoremqa" is not "Theorem QA" word for word; the ideographic comma separates the names
    budget = _glossed(tmp_path, "| Theoremqa | 22.1 | 25.3 |\n| GSM8K | 60.1 | 85.4 |\n")
    assert budget["Theoremqa"].get("shots") == 5 and budget["GSM8K"].get("shots") == 4


def test_a_line_naming_a_part_is_not_glossed_by_the_whole(tmp_path):
    budget = _glossed(tmp_path, "| MMLU-stem | 50.1 | 61.3 |\n| MMLU | 60.1 | 70.4 |\n")
    assert "shots" not in budget["MMLU-stem"] and budget["MMLU"].get("shots") == 5


def test_the_ideographic_comma_separates_alias_tokens():
    from claimcheck.registry.matching import tokens

    assert [t for t, _, _ in tokens("GPQA (5-shot)、Theorem QA。GSM8K《MATH》")] == \
        ["gpqa", "5", "shot", "theorem", "qa", "gsm8k", "math"]


def test_two_brackets_for_one_benchmark_gloss_neither(tmp_path):
    from claimcheck.pipeline import audit

    page = tmp_path / "page.md"
    page.write_text("Base models: GSM8K (4-shot)、MATH (4-shot). Chat models: GSM8K (0-shot).\n\n"
                    "| Datasets | A | B |\n|---|---|---|\n| GSM-8K | 60.1 | 85.4 |\n", encoding="utf-8")
    assert all("shots" not in s.resolution.budget for s in audit([str(page)]).scores)


@pytest.mark.parametrize("label,window", [
    ("LiveCodeBench (2408-2501)", "2024-08..2025-01"),
    ("LiveCodeBench (0901-0401)", "--09-01..--04-01"),  # MMDD with no year (it crosses one), not 2009-01..2004-01
    ("LiveCodeBench (2501-2408)", None),  # a window that ends before it starts is no window, nor MMDD (month 25)
    ("LiveCodeBench (0101-0601)", "--01-01..--06-01"),  # MMDD again: 2001-01..2006-01 predates every such benchmark
    ("LiveCodeBench (0132-0601)", None),  # no 32nd day
    ("LiveCodeBench (1301-0601)", None),  # no 13th month
    ("LCB 24.08-25.01", "2024-08..2025-01"),
])
def test_a_date_window_must_be_a_plausible_span(label, window):
    from claimcheck.parsing.labels import extract_facets

    assert extract_facets(label).window == window


@pytest.mark.parametrize("text, shots, cot, metric", [
    ("(5-shot, macro_avg/acc)", 5, None, "accuracy"),
    ("(macro_avg/acc, 5-shot)", 5, None, "accuracy"),
    ("(3-shot, micro_avg/acc_char)", 3, None, "acc-char"),
    ("(25-shot, acc_norm)", 25, None, "acc-norm"),
    ("(10-shot, acc_norm)", 10, None, "acc-norm"),
    ("(0-shot, CoT)", 0, True, None),
    ("(8-shot, CoT, maj@1)", 8, True, "maj@1"),
    ("(0-shot CoT)", 0, True, None),
])
def test_a_bracket_of_several_protocol_items_is_read_item_by_item(text, shots, cot, metric):
    """A parenthetical holding shots, CoT and an lm-evaluation-harness metric name ("acc_norm", "macro_avg/acc")
    is the run's setup, each item a facet."""
    f = facets_of(text, ())
    assert (f.shots, f.cot, f.metric) == (shots, cot, metric)


@pytest.mark.parametrize("text, metric", [("acc", "accuracy"), ("macro_avg/acc", "accuracy"), ("micro_avg/acc", "accuracy"),
                                          ("acc_norm", "acc-norm"), ("macro_avg/acc_norm", "acc-norm"), ("acc_char", "acc-char")])
def test_harness_accuracy_names(text, metric):
    """lm-evaluation-harness's "acc" is accuracy; its length-normalised "acc_norm" and per-character "acc_char"
    score the same choices otherwise and print other numbers (HellaSwag 60.6 acc, 78.0 acc_norm), so stay apart."""
    from claimcheck.parsing.labels import canonical_metric

    assert canonical_metric(text) == metric


@pytest.mark.parametrize(("text", "metric"), [
    ("exact_match", "em"), ("em_maj1@1", "em"),
    ("quasi_exact_match", "quasi-exact-match"), ("prefix_exact_match", "prefix-exact-match"),
    ("quasi_prefix_exact_match", "quasi-prefix-exact-match"), ("quasi exact match", "quasi-exact-match"),
])
def test_helm_relaxed_exact_matches_are_their_own_metrics(text, metric):
    """HELM scores one run by exact match and by its relaxed variants: they are different metrics, so a model
    printed under each is under several metrics, not four times under 'em'."""
    from claimcheck.parsing.labels import canonical_metric

    assert canonical_metric(text) == metric
