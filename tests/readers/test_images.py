"""Images that hold results: read once per page, named rather than skipped (CC413)."""

from claimcheck.readers.images import result_images


def _names(text, fmt="md"):
    return [(im.name, im.heading) for im in result_images(text, fmt)]


def test_markdown_and_html_images_under_an_evaluation_heading():
    page = ("# Model\n\n![logo](./logo.png)\n\n## 📊 Evaluation\n\n<div align='center'>\n"
            "<img src=\"./assets/32b_eval.jpg\" width=\"75%\"/>\n</div>\n\n![chart](figs/results.png \"Main results\")\n")
    assert _names(page) == [("32b_eval.jpg", "Evaluation"), ("results.png", "Evaluation")]  # no pictograph


def test_the_heading_alone_makes_a_picture_a_result():
    page = "## Evaluation results\n\n![](./pass-1.png)\n\n## Architecture\n\n![](./model.png)\n"
    assert _names(page) == [("pass-1.png", "Evaluation results")]


def test_a_bold_line_is_a_heading_and_alt_text_counts():
    page = "**Hungarian National High-School Exam:**\n\n<img src=\"images/mathexam.png\" alt=\"result\" width=\"70%\">\n"
    got = result_images(page, "md")
    assert [(im.name, im.alt, im.heading, im.line) for im in got] == [
        ("mathexam.png", "result", "Hungarian National High-School Exam", 3)]


def test_a_bold_label_leading_its_paragraph_is_the_heading_of_the_image_below():
    page = ("**Hungarian National High-School Exam:**\n\n![result](images/mathexam.png)\n\n"
            "**Instruction Following Evaluation:** On Nov 15th, 2023, Google released a dataset.\n\n"
            "<img src=\"images/if_eval.png\" alt=\"result\">\n\n**LeetCode Weekly Contest**: we crawled problems.\n\n"
            "![result](images/leetcode.png)\n\nSome **bold words:** inside a sentence are no heading.\n\n![](images/other_result.png)\n"
            "\n**Note** that a bold lead without its colon is no heading either.\n\n![](images/last_result.png)\n")
    assert _names(page) == [("mathexam.png", "Hungarian National High-School Exam"),
                            ("if_eval.png", "Instruction Following Evaluation"),
                            ("leetcode.png", "LeetCode Weekly Contest"), ("other_result.png", "LeetCode Weekly Contest"),
                            ("last_result.png", "LeetCode Weekly Contest")]


def test_logos_badges_and_diagrams_are_not_results_whatever_the_heading():
    page = ("## Evaluation\n\n![badge](https://img.shields.io/badge/eval-passing-green)\n"
            "![](./eval_pipeline.png)\n![](figures/architecture.png)\n<img src='logo_results.svg'>\n")
    assert _names(page) == []


def test_html_pages_read_img_tags_under_h_headings():
    page = "<h2>Benchmark</h2><p><img alt='Scores by language' src='/a/b/table4.png?raw=true'></p><h2>Usage</h2><img src='x.png'>"
    assert _names(page, "html") == [("table4.png", "Benchmark")]


def test_a_page_without_result_images_has_none():
    assert result_images("## Intro\n\nText only.\n\n| A | B |\n|---|---|\n| 1 | 2 |\n", "md") == ()


def test_icons_in_a_results_table_are_not_results_and_a_teaser_chart_is():
    page = ("## Evaluation\n\n<table><tr><th><img src='assets/openai.svg' width=16> GPT-4o</th></tr></table>\n"
            "![](figs/teaser.png)\n\n## About\n\n![performance overview](figs/benchmark_overview.png)\n"
            "![](figs/teaser.png)\n")
    assert _names(page) == [("teaser.png", "Evaluation"), ("benchmark_overview.png", "About")]


def test_a_page_whose_results_are_only_images_says_so(tmp_path):
    import pytest

    from claimcheck.errors import InputError
    from claimcheck.readers import read_input

    page = tmp_path / "readme.md"
    page.write_text("# Model\n\n## Performance\n\n![](figs/math-table.png)\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"only as images \(math-table.png \(line 5\)\)"):
        read_input(str(page), 0)
    plain = tmp_path / "plain.md"
    plain.write_text("# Model\n\nNo numbers here.\n", encoding="utf-8")
    with pytest.raises(InputError, match="found no table in this input$"):
        read_input(str(plain), 0)


def test_a_linked_svg_is_a_badge_even_when_its_alt_says_evaluation():
    """InternLM's header: "[![evaluation](./assets/compass_support.svg)](https://github.com/internLM/OpenCompass/)"."""
    from claimcheck.readers.images import result_images

    page = ("# InternLM\n\n[![evaluation](./assets/compass_support.svg)](https://github.com/internLM/OpenCompass/)\n\n"
            "## Evaluation\n\n![evaluation](./assets/eval.svg)\n\n[![results](./assets/results.png)](./assets/results.png)\n")
    assert [i.src for i in result_images(page, "md")] == ["./assets/eval.svg", "./assets/results.png"]


def test_bench_said_short_is_a_results_word():
    # GLM-4.7's README: its benchmark chart is '![bench](resources/bench_glm47.png)' under a model heading
    page = "### GLM-4.7\n\nGLM-4.7 brings clear gains.\n\n![bench](resources/bench_glm47.png)\n\n![](img/workbench.png)\n"
    assert _names(page) == [("bench_glm47.png", "GLM-4.7")]
