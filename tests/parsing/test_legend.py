"""Legends and notes read once into typed facts: what bold and underline mean, which marks a note explains."""

from __future__ import annotations

from dataclasses import replace

import pytest

from claimcheck.parsing.legend import mark_key, read_legend, read_note
from claimcheck.pipeline import audit


def test_bold_global_and_underline_open_source():
    legend = read_legend(["Bold denotes global SOTA, and underlined denotes open-source SOTA."])
    assert (legend.bold, legend.underline, legend.underline_group) == ("best", "group-best", "open-source")
    assert legend.rule.startswith("Bold denotes")


@pytest.mark.parametrize("note, bold, group", [
    ("Best results are in bold.", "best", None),
    ("The best open-source results are bolded.", "group-best", "open-source"),
    ("Bold marks the best model within each size group.", "group-best", "within each size"),
    ("Our model is shown in bold.", "own", None),
    ("Second-best results are in bold.", "second", None),
    ("Results are averaged over 3 runs.", None, None),
    ("加粗表示最佳结果", "best", None),
    ("Bold marks the best result among all models, open-source or not.", "best", None),
])
def test_what_bold_means(note, bold, group):
    legend = read_legend([note])
    assert (legend.bold, legend.bold_group) == (bold, group)


@pytest.mark.parametrize("note, mark", [
    ("* from the Qwen3 technical report", "*"),
    ("¹ as reported by the authors", "1"),
    ("[2] evaluated on the text-only subset", "2"),
    ("Data points marked with * are directly from the model's tech report.", "*"),
    ("Values marked with † use a different harness.", "†"),
    ("† denotes results taken from the leaderboard", "†"),
    ("Results are averaged over 3 runs.", None),
    ("\\*\\*for comparison purposes only. Model not released.", "**"),  # Markdown-escaped double mark
    ("\\*\\*\\* three", "***"),
])
def test_the_mark_a_note_explains(note, mark):
    assert read_note(note).marker == mark


@pytest.mark.parametrize("note, unreleased", [
    ("\\*\\*for comparison purposes only. Model not released.", True),
    ("† an internal checkpoint", True),
    ("‡ 该模型未开源", True),
    ("§ weights are not publicly available", True),
    ("* results not available for this model", False),  # the results, not the model
    ("* numbers released by the vendor", False),
    ("Model not released.", False),  # no mark: which model is not said
])
def test_a_note_saying_the_marked_model_is_not_released(note, unreleased):
    marks = read_legend([note]).unreleased_marks
    assert bool(marks) is unreleased and all(m for m, _ in marks)


def test_secondhand_marks_and_tie_gap():
    legend = read_legend(["Data points marked with * are directly from the model's tech report.",
                          "† evaluated on 486 of the 500 tasks", "Gaps ≤ 0.3 are ties and both are bolded."])
    assert legend.secondhand_marks == ("*",)
    assert legend.tie_gap == 0.3
    assert [n.marker for n in legend.notes] == ["*", "†", None]


def test_mark_key():
    assert mark_key("[1]") == "1" and mark_key("¹") == "1" and mark_key("\\*") == "*"


def _audit_md(tmp_path, text):
    path = tmp_path / "t.md"
    path.write_text(text, encoding="utf-8")
    return audit([str(path)])


TABLE = ("| Benchmark | Closed A | Open B | Open C |\n|---|---|---|---|\n"
         "| MMLU | **88.0** | <u>80.0</u> | 70.0 |\n| GSM8K | **90.0** | 87.0 | <u>86.0</u> |\n")


def test_underline_for_a_groups_best_is_no_runner_up_mark(tmp_path):
    plain = _audit_md(tmp_path, TABLE)
    assert any(f.code == "CC409" and "underline" in f.message.casefold() for f in plain.findings)
    legend = _audit_md(tmp_path, TABLE + "\nBold denotes global SOTA, and underlined denotes open-source SOTA.\n")
    assert legend.readings[0].legend.underline == "group-best"
    assert not any(f.code == "CC409" and "underline" in f.message.casefold() for f in legend.findings)


def test_bold_for_a_groups_best_is_not_judged_against_the_whole_row(tmp_path):
    text = ("| Benchmark | Closed A | Open B |\n|---|---|---|\n| MMLU | 88.0 | **80.0** |\n| GSM8K | 90.0 | **85.0** |\n")
    assert any(f.code == "CC409" for f in _audit_md(tmp_path, text).findings)
    noted = _audit_md(tmp_path, text + "\nBold marks the best open-source model.\n")
    assert not any(f.code in ("CC306", "CC409") for f in noted.findings)


def test_a_mark_named_in_the_note_text_makes_cells_second_hand(tmp_path):
    text = ("| Benchmark | A | B |\n|---|---|---|\n| GPQA Diamond | 60.1 | 55.0\\* |\n| MMLU | 80.2 | 78.5\\* |\n"
            "\nData points marked with * are directly from the model's tech report.\n")
    report = _audit_md(tmp_path, text)
    second = {s.model for s in report.scores if s.resolution.secondhand}
    assert second == {"B"}
    assert any(f.code == "CC209" for f in report.findings)


def test_underlined_bold_is_the_groups_best_when_the_legend_says_underline_marks_a_group(tmp_path):
    text = ("| Benchmark | Open A | Closed B | Open C |\n|---|---|---|---|\n"
            "| MultiPL-E | <ins>**85.7**</ins> | **89.6** | 83.1 |\n| OJBench | <ins>**27.1**</ins> | 24.0 | 20.0 |\n"
            "\nBold denotes global SOTA, and underlined denotes open-source SOTA.\n")
    report = _audit_md(tmp_path, text)
    errors = [f for f in report.findings if f.code == "CC306" and f.severity == "error"]
    assert errors == []  # 85.7 is the open-source best, 89.6 the global best: both marks are right


def test_bold_is_judged_within_blocks_of_models_and_never_against_a_reference_row(tmp_path):
    text = ("| Model | AIME 2024 | GPQA Diamond |\n|---|---|---|\n| Big A | **80.0** | **70.0** |\n| Big B | 70.0 | 60.0 |\n"
            "| | | |\n| Small C | **60.0** | **50.0** |\n| Small D | 50.0 | 40.0 |\n| Human | 95.0 | 81.0 |\n")
    report = _audit_md(tmp_path, text)
    assert not [f for f in report.findings if f.code == "CC306" and f.severity == "error"]
    assert {s.model: s.block for s in report.scores} == {"Big A": 0, "Big B": 0, "Small C": 1, "Small D": 1, "Human": 1}


def test_a_row_set_wholly_in_bold_marks_no_best(tmp_path):
    text = ("| Benchmark | A | B | C |\n|---|---|---|---|\n| MMLU | 70.0 | 60.0 | 50.0 |\n"
            "| **Average** | **69.2** | **61.3** | **74.9** |\n")
    assert not [f for f in _audit_md(tmp_path, text).findings if f.code == "CC306"]


def test_a_two_model_line_set_wholly_in_bold_marks_no_best(tmp_path):
    text = ("| Benchmark | Original | Update |\n|---|---|---|\n| MMLU | 68.8 | 70.9 |\n| GPQA | 23.7 | 30.6 |\n"
            "| **Average** | **46.3** | **50.8** |\n")
    report = _audit_md(tmp_path, text)
    assert report.readings[0].legend.styled_rows == (5,)
    assert not [f for f in report.findings if f.code in ("CC306", "CC409")]


def test_a_model_row_bold_past_its_scores_is_styled_but_a_row_bold_in_its_scores_keeps_its_marks(tmp_path):
    styled = ("| Model | Size | MT-Bench | AlpacaEval |\n|---|---|---|---|\n| Orca | 7B | 6.88 | - |\n"
              "| **Zeta** | **7B** | **7.34** | **90.6** |\n| Giant | 1T | 8.99 | 95.3 |\n")
    report = _audit_md(tmp_path, styled)
    assert report.readings[0].legend.styled_rows == (4,)
    assert not [f for f in report.findings if f.code == "CC409"]
    # bold only in the scores, the best of every column (LongBench v2's "**MiniMax-Text-01**" row): best marks
    from claimcheck.checker.emphasis import marks_of

    marked = ("| Model | MMLU | GSM8K | MATH |\n|---|---|---|---|\n| Orca | 60.1 | 50.2 | 30.3 |\n"
              "| **Zeta** | **70.4** | **55.5** | **35.6** |\n| Kappa | 65.0 | 45.0 | 33.0 |\n")
    report = _audit_md(tmp_path, marked)
    assert report.readings[0].legend.styled_rows == ()
    zeta = {s.id for s in report.scores if s.model == "Zeta"}
    assert len(zeta) == 3 and zeta <= marks_of(list(report.scores), report.readings[0].legend).best
    styled_legend = replace(report.readings[0].legend, styled_rows=(4,))  # the same cells in a styled row mark nothing
    assert not zeta & marks_of(list(report.scores), styled_legend).best
    # the label not bold: no row style, the cells' bold is read as marks
    unlabelled = styled.replace("| **Zeta** |", "| Zeta |")
    assert _audit_md(tmp_path, unlabelled).readings[0].legend.styled_rows == ()


NOTE_TABLE = ("| Benchmark | A | B | C | D | E |\n|---|---|---|---|---|---|\n"
              "| MATH-500 (Pass@1) | 74.6 | 78.3 | 90.0 | 90.6 | 93.9 |\n"
              "| AIME 2024 (Pass@1) | 9.3 | 16.0 | 63.6 | 50.0 | 69.7 |\n\n"
              "> AIME24 is with averaged score of 32 repetitions. MATH500 is with a single run.\n")


def test_a_note_says_how_each_benchmark_was_run(tmp_path):
    report = _audit_md(tmp_path, NOTE_TABLE)
    by = {(s.label, s.model): s for s in report.scores}
    assert by[("AIME 2024 (Pass@1)", "A")].resolution.metric == "avg@32"
    assert by[("MATH-500 (Pass@1)", "A")].resolution.single_run
    assert not by[("AIME 2024 (Pass@1)", "A")].resolution.single_run
    flagged = {report.scores[int(i[1:]) - 1].cell.raw for f in report.findings if f.code == "CC403" for i in f.scores}
    assert {"78.3", "93.9"} <= flagged  # one run on 500 problems: 78.3 and 93.9 are not k/500
    assert not any(report.scores[int(i[1:]) - 1].label.startswith("AIME") for f in report.findings
                   if f.code == "CC403" for i in f.scores)  # 32 repetitions: k/960 reaches them


def test_a_protocol_note_under_the_last_table_of_a_section_speaks_for_its_sibling_tables(tmp_path):
    text = ("## Results\n\n| Benchmark | A | B | C | D | E |\n|---|---|---|---|---|---|\n"
            "| MATH-500 | 74.6 | 78.3 | 90.0 | 90.6 | 93.9 |\n\nOur models\n\n| Benchmark | F | G |\n|---|---|---|\n"
            "| MATH500 | 93.6 | 95.8 |\n\n> MATH500 is with a single run.\n\n## Other section\n\n"
            "| Benchmark | H | I |\n|---|---|---|\n| MATH-500 | 74.5 | 80.1 |\n")
    report = _audit_md(tmp_path, text)
    single = {s.table: s.resolution.single_run for s in report.scores}
    assert single == {0: True, 1: True, 2: False}


def test_deepseek_style_tie_rule_and_its_reach_to_later_tables(tmp_path):
    legend = read_legend(["Best results are shown in bold. Scores with a gap not exceeding 0.3 are considered to be at the same level."])
    assert (legend.bold, legend.tie_gap) == ("best", 0.3)
    text = ("## Base\n\n| Benchmark | A | B |\n|---|---|---|\n| MMLU | **87.1** | 84.4 |\n\n"
            "> [!NOTE]\n> Best results are shown in bold. Scores with a gap not exceeding 0.3 are considered to be at the same level.\n\n"
            "## Chat\n\n| Benchmark | C | D | E |\n|---|---|---|---|\n| MMLU | **88.3** | **88.5** | 88.6 |\n")
    report = _audit_md(tmp_path, text)
    assert report.readings[1].legend.tie_gap == 0.3  # said once, under the first table
    assert not [f for f in report.findings if f.code == "CC306" and f.severity == "error"]


@pytest.mark.parametrize("text, sentence", [
    ("We evaluate our models. In this part, the evaluation results we report are based on the internal, "
     "non-open-source hai-llm evaluation framework. Please note that there may be slight discrepancies.",
     "In this part, the evaluation results we report are based on the internal, non-open-source hai-llm "
     "evaluation framework."),
    ("For all these evaluations, we used our internal evaluations library.",
     "For all these evaluations, we used our internal evaluations library."),
    ("We compare Phi-3.5-MoE with a set of models using our internal benchmark platform. At a glance:",
     "We compare Phi-3.5-MoE with a set of models using our internal benchmark platform."),
    ("Scores come from our in-house evaluation harness.", "Scores come from our in-house evaluation harness."),
    ("好的。我们基于内部评测框架进行评测。其他模型", "我们基于内部评测框架进行评测。"),
    ("ChineseQA is an in-house benchmark, inspired by TriviaQA.", None),
    ("We evaluate with OpenCompass, an open-source evaluation framework.", None),
    ("An internal version of the model was used for the ablation.", None),
    ("The internal consistency of the evaluation framework was checked.", None),
])
def test_a_note_or_section_text_saying_the_evaluation_code_is_private(text, sentence):
    assert read_legend([], [text]).private_harness == sentence
    assert read_legend([text]).private_harness == sentence  # a note says it as well as the section text


def test_the_first_private_harness_sentence_wins():
    legend = read_legend(["Bold is best."], ["Our internal evaluation pipeline scored every model.",
                                             "We also used an internal evaluation framework."])
    assert legend.private_harness == "Our internal evaluation pipeline scored every model."


# ── second-hand results: the words, the marks they explain, and whose cells an unmarked note speaks of ──

@pytest.mark.parametrize("note", [
    "Values marked with `*` are sourced from other public reports.",
    "Results of other models are reported in the original papers.",
    "Baseline numbers are taken from the official leaderboard.",
    "For the baselines we use the official results of the OpenCompass leaderboard.",
    "We report numbers from Lumen's technical report.",
    "Scores of the baselines come from the Vega-2 technical report.",
    "Results are quoted from the respective model cards.",
])
def test_notes_saying_values_were_copied(note):
    from claimcheck.parsing.labels import copied_words, extract_facets

    assert copied_words(note) and extract_facets(note).secondhand


@pytest.mark.parametrize("note", [
    "We evaluate all models with our own pipeline.",
    "Results of our model are from our internal evaluation.",
    "Numbers are taken from our internal evaluation runs.",
    "+MC adds 20 million multiple-choice questions collected from the web.",
    "The problems are from AIME 2024 and AIME 2025.",
    "ChineseQA is an in-house benchmark inspired by TriviaQA.",
])
def test_notes_about_the_publishers_own_runs_say_nothing_was_copied(note):
    from claimcheck.parsing.labels import copied_words, extract_facets

    assert copied_words(note) is None and not extract_facets(note).secondhand


def test_a_marks_note_saying_are_from_a_named_source_makes_the_mark_second_hand():
    legend = read_legend(["† Results are from the OpenCompass leaderboard.", "‡ Results are from our internal runs.",
                          "§ The problems are from AIME 2025."])
    assert legend.secondhand_marks == ("†", "§")  # for a marked value any named source is another report
    from claimcheck.parsing.labels import copied_words

    assert copied_words("The problems are from AIME 2025.") is None  # unmarked: no source noun, no copy


@pytest.mark.parametrize("note, clauses", [
    ("Results of other models are reported in their original papers, while results of our model are from our "
     "internal evaluation.", [("others", "Results of other models are reported in their original papers")]),
    ("All results are taken from the official leaderboard.",
     [("all", "All results are taken from the official leaderboard.")]),
    ("All results of the baselines are taken from their technical reports.",
     [("others", "All results of the baselines are taken from their technical reports.")]),
    ("Lumen-7B numbers are sourced from its report; we run the rest ourselves.",
     [("others", "Lumen-7B numbers are sourced from its report")]),
    ("We evaluate all models with our own pipeline.", []),
])
def test_whose_values_an_unmarked_note_says_were_copied(note, clauses):
    from claimcheck.parsing.legend import copied_clauses

    assert copied_clauses(note) == clauses


def test_the_publishers_own_models_are_told_by_ours_the_page_title_and_their_maker():
    from claimcheck.pipeline import own_models

    assert own_models(["Orion-9B (ours)", "Lumen-7B"], "") == {"Orion-9B (ours)"}
    assert own_models(["LongShot-Flash", "Lumen-7B"], "LongShot-Flash-Chat") == {"LongShot-Flash"}
    assert own_models(["Qwen2.5-72B-Instruct", "Qwen2.5-7B-Instruct", "Llama-3.1-70B-Instruct"],
                      "Qwen2.5-72B-Instruct: a release") == {"Qwen2.5-72B-Instruct", "Qwen2.5-7B-Instruct"}
    assert own_models(["Orion-9B", "Lumen-7B"], "") == set()


def test_a_mark_named_inside_a_sentence_means_its_own_clause():
    from claimcheck.parsing.legend import mark_meanings

    both = ("Mostly, we took results from both leaderboards. For the models marked by *star* we evaluated the tasks "
            "internally, while for the models marked by two *stars* the results were taken from paper or model card.")
    assert mark_meanings(both) == [("*", "For the models marked by *star* we evaluated the tasks internally"),
                                   ("**", "for the models marked by two *stars* the results were taken from paper or model card.")]
    assert read_legend([both]).secondhand_marks == ("**",)
    bracket = "Results were obtained from OpenCompass (some data marked with \\*, which means evaluating with Thinking Mode)."
    assert mark_meanings(bracket) == [("*", "some data marked with \\*, which means evaluating with Thinking Mode")]
    assert read_legend([bracket]).secondhand_marks == ()
    # a note led by its mark, or whose one sentence is about the mark, means all of it
    assert read_legend(["* from the tech report"]).secondhand_marks == ("*",)
    assert read_legend(["Values copied from the original reports are marked with a dagger."]).secondhand_marks == ("†",)
