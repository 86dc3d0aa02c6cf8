"""Markdown pipe tables: cells as printed, emphasis and markers as data, line numbers, notes."""

import pytest

from claimcheck.readers.markdown import cell_lines, read_cell, read_markdown, split_row

DOC = """\
# Release notes

Intro paragraph.

## Reasoning

| Benchmark | Astra | Fable 5.1<sup>1</sup> |
|:---|:---:|---:|
| GPQA Diamond | **91.5** | 88.2<sup>*</sup> |
| HLE, with tools | __57.9%__ | 55.8^† |
| a \\| b | <u>72.6</u>\\* | n/a |
| 基准或计分项 | 1,853 | — |

* evaluated with tools
† from the tech report,
  page 4

A long body paragraph that is not a footnote and follows the notes of the table above it.

```
| not | a table |
|---|---|
| x | y |
```

Coding
------

Model | SWE-bench
--- | ---
A | <strong>80.1</strong>
B | [70.2](https://example.test/x)

Note: scores are pass@1.
"""


def cells(table):
    return [[(c.text, c.markers, c.emphasis) for c in row] for row in table.rows]


def test_two_tables_with_headings_and_notes():
    first, second = read_markdown(DOC, "t.md")
    assert first.name == "t.md table 1 — Reasoning"
    assert second.name == "t.md table 2 — Coding"
    assert first.header == ("Benchmark", "Astra", "Fable 5.1¹")
    assert first.notes == ("* evaluated with tools", "† from the tech report, page 4")
    assert second.notes == ("Note: scores are pass@1.",)
    assert second.header == ("Model", "SWE-bench")


def test_row_numbers_are_document_lines_and_cols_zero_based():
    first, second = read_markdown(DOC, "t.md")
    assert [row[0].row for row in first.rows] == [9, 10, 11, 12]
    assert [c.col for c in first.rows[0]] == [0, 1, 2]
    assert DOC.splitlines()[second.rows[0][0].row - 1] == "A | <strong>80.1</strong>"


def test_emphasis_and_markers_move_into_data():
    first, second = read_markdown(DOC, "t.md")
    assert cells(first)[0] == [("GPQA Diamond", (), ()), ("91.5", (), ("bold",)), ("88.2", ("*",), ())]
    assert cells(first)[1][1:] == [("57.9%", (), ("bold",)), ("55.8", ("†",), ())]
    assert cells(first)[2] == [("a | b", (), ()), ("72.6*", (), ("underline",)), ("n/a", (), ())]
    assert cells(second) == [[("A", (), ()), ("80.1", (), ("bold",))], [("B", (), ()), ("70.2", (), ())]]


def test_values_are_never_interpreted_and_cjk_is_kept():
    first, _ = read_markdown(DOC, "t.md")
    assert [c.text for c in first.rows[3]] == ["基准或计分项", "1,853", "—"]


def test_fenced_code_is_not_a_table():
    tables = read_markdown(DOC, "t.md")
    assert all("not" not in t.header for t in tables)


def test_a_table_commented_out_is_not_printed_and_is_not_read():
    """GitHub hides HTML comments: a README's old table left in a comment is not on the page."""
    table = "| Benchmark | A | B |\n|---|---|---|\n| GPQA | {} | 2.0 |\n"
    doc = ("<!--\n" + table.format("1.0") + "-->\n\n" + table.format("57.9")
           + "<!-- an unclosed comment hides the rest of the page\n" + table.format("9.9"))
    (only,) = read_markdown(doc, "t.md")
    assert [c.text for c in only.rows[0]] == ["GPQA", "57.9", "2.0"] and only.rows[0][0].row == 9
    inline = read_markdown("| Benchmark | A <!-- was B --> |\n|---|---|\n| GPQA | 1.0 |\n", "t.md")[0]
    assert inline.header == ("Benchmark", "A")
    fenced = "```html\n<!-- a comment in code is the code's text\n```\n\n" + table.format("3.0")
    assert [c.text for c in read_markdown(fenced, "t.md")[0].rows[0]] == ["GPQA", "3.0", "2.0"]
    code_hidden = "<!--\n```\nold code\n-->\n\n" + table.format("4.0")  # a fence inside a comment opens nothing
    assert [c.text for c in read_markdown(code_hidden, "t.md")[0].rows[0]] == ["GPQA", "4.0", "2.0"]


def test_a_fence_of_another_kind_inside_a_code_block_closes_nothing():
    table = "| Benchmark | A | B |\n|---|---|---|\n| GPQA | {} | 2.0 |\n"
    doc = "~~~\n```\n" + table.format("1.0") + "~~~\n\n" + table.format("57.9")
    (only,) = read_markdown(doc, "t.md")
    assert [c.text for c in only.rows[0]] == ["GPQA", "57.9", "2.0"]


def test_a_table_inside_a_blockquote_is_read_as_github_renders_it():
    doc = "> | Benchmark | A | B |\n> |:-:|--:|:--|\n> | GPQA | 57.9 | 55.1 |\n>| MMLU | 80.1 | 79.9 |\n"
    (table,) = read_markdown(doc, "t.md")
    assert table.header == ("Benchmark", "A", "B") and [r[0].text for r in table.rows] == ["GPQA", "MMLU"]
    legend = "| Benchmark | A |\n|---|---|\n| GPQA | 57.9 |\n\n> * copied from the tech report\n"
    assert read_markdown(legend, "t.md")[0].notes == ("* copied from the tech report",)


def test_single_table_is_named_by_path_or_heading():
    doc = "| a | b |\n|---|---|\n| x | 1 |\n"
    assert read_markdown(doc, "one.md")[0].name == "one.md"
    assert read_markdown("### Scores\n\n" + doc, "one.md")[0].name == "one.md — Scores"


def test_short_rows_are_padded_and_single_column_tables_kept():
    # a one-column table is read (a record such as "| MMLU 0-shot |" over "| 78.7 |"), never dropped
    doc = "| a | b | c |\n|---|---|---|\n| x | 1 |\n\n| only |\n|---|\n| v |\n"
    table, single = read_markdown(doc, "p.md")
    assert [c.text for c in table.rows[0]] == ["x", "1", ""]
    assert single.header == ("only",) and [c.text for c in single.rows[0]] == ["v"]


def test_a_rows_cells_past_the_header_are_kept_apart_as_github_hides_them():
    """A long row is read as GitHub renders it (the excess not shown), and the excess is kept so that the audit
    reports it (CC405 and the cell account), rather than the whole page being refused."""
    (table,) = read_markdown("| a | b |\n|---|---|\n| x | 1 | 2 |\n", "r.md")
    assert [[c.text for c in r] for r in table.rows] == [["x", "1"]]
    assert table.overflow == ((3, 3, "2"),)


def test_header_without_data_rows_is_not_a_table():
    assert read_markdown("| a | b |\n|---|---|\n\ntext\n", "e.md") == []


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("**91.5**", ("91.5", (), ("bold",))),
        ("<b>91.5</b>", ("91.5", (), ("bold",))),
        ("**<u>91.5</u>**<sup>†</sup>", ("91.5", ("†",), ("bold", "underline"))),
        ("72.6[^1]", ("72.6", ("1",), ())),
        ("**a** and **b**", ("**a** and **b**", (), ())),
        ("&lt;img src=x&gt;", ("<img src=x>", (), ())),
        ("72.6*", ("72.6*", (), ())),
        ("Claude Sonnet 4<sup>(w/o extended thinking)</sup>", ("Claude Sonnet 4 (w/o extended thinking)", (), ())),
        ("<sup>Qwen3-235B-A22B <br><sup>(non-thinking)</sup></sup>", ("Qwen3-235B-A22B (non-thinking)", (), ())),
        ("<sup>Kimi K2 Instruct</sup><sup>1, 2</sup>", ("Kimi K2 Instruct", ("1", "2"), ())),
        ("GPQA<sup>*</sup> _(diamond)_", ("GPQA (diamond)", ("*",), ())),
        ("*Release Date*", ("Release Date", (), ())),
        ("`Avg@4` of prompt_level_strict_acc", ("Avg@4 of prompt_level_strict_acc", (), ())),
        ('<a href="x">SWE-bench</a> <em>Verified</em> <span>v2</span>', ("SWE-bench Verified v2", (), ())),
        ("72.1 / <strong>90.0</strong>", ("72.1 / **90.0**", (), ())),
        ("<!--<td>x</td>-->OJBench", ("OJBench", (), ())),
        ("<ins><strong>47.3</strong> </ins>", ("47.3", (), ("underline", "bold"))),
        ("<u>56.9<u/>", ("56.9", (), ("underline",))),  # a closing tag typed self-closing: still underlined
        ("<b>62.5<b />", ("62.5", (), ("bold",))),
        ("56.9<u/>", ("56.9", (), ())),  # no opening tag: nothing underlined
    ],
)
def test_read_cell(raw, expected):
    assert read_cell(raw) == expected


@pytest.mark.parametrize(
    ("raw", "lines"),
    [
        ("74.3<br>79.2", ("74.3", "79.2")),
        ("74.3<sup>*</sup><br>**79.2**", ("74.3", "**79.2**")),
        ("<u>79.2</u><br/>80.1", ("<u>79.2</u>", "80.1")),
        ("LiveCodeBench v6<br><sup>(Aug 24 - May 25)</sup>", ("LiveCodeBench v6", "(Aug 24 - May 25)")),
        ("a &amp; b<br>\\*", ("a & b", "*")),
        ("one line", ()),
    ],
)
def test_cell_lines(raw, lines):
    assert cell_lines(raw) == lines


def test_split_row_handles_outer_pipes_and_escapes():
    assert split_row("| a | b \\| c |") == ["a", "b | c"]
    assert split_row("a | b") == ["a", "b"]


def test_read_input_routes_markdown_files(tmp_path):
    from claimcheck.readers import read_input

    path = tmp_path / "t.md"
    path.write_text("## Scores\n\n| Benchmark | Astra |\n|---|---|\n| GPQA | **57.9%** |\n", encoding="utf-8")
    info, tables = read_input(str(path), 2)
    assert info.format == "md" and info.index == 2 and info.encoding == "utf-8"
    assert [t.input for t in tables] == [2]
    assert tables[0].rows[0][1].emphasis == ("bold",)


def test_evaluation_settings_and_methodology_paragraphs_under_a_table_are_notes():
    doc = ("| Task | A | B |\n|---|---|---|\n| HLE (no tools) | 8.4\\* | 10.7 |\n\n"
           "\\* conducted on the text-only HLE subset.\n\n"
           "Our models are evaluated with `temperature=1.0`, `top_p=0.95`.\n\n"
           "SWE-bench methodology: values for our models are calculated on n=486 verified tasks.\n\n"
           "## Next section\n")
    (table,) = read_markdown(doc, "r.md")
    assert len(table.notes) == 3 and table.notes[2].startswith("SWE-bench methodology")


def test_html_tables_inside_markdown_are_read(tmp_path):
    from claimcheck.readers import read_input

    path = tmp_path / "card.md"
    path.write_text("# Model card\n\n<table><tr><th>Benchmark</th><th>A</th></tr>"
                    "<tr><td>GPQA Diamond</td><td>61.0%</td></tr></table>\n", encoding="utf-8")
    info, tables = read_input(str(path), 0)
    assert info.format == "md" and len(tables) == 1 and tables[0].rows[0][1].text == "61.0%"


def test_an_html_table_in_markdown_is_named_by_its_heading_and_gets_the_sup_notes_below_it():
    from claimcheck.readers.markdown import read_markdown

    text = ("# Release\n\n#### Instruction model results\n\n<div align=\"center\">\n\n<table>\n<thead><tr><th>Benchmark</th>"
            "<th><sup>Model A</sup></th></tr></thead>\n<tbody><tr><td>MMLU</td><td>80.1<sup>*</sup></td></tr></tbody>\n"
            "</table>\n</div>\n<sup>\n• Bold denotes global SOTA.\n</sup><br/><sup>\n• Data points marked with * are "
            "from the tech report.\n</sup>\n\n---\n\n| Task | B |\n|---|---|\n| GSM8K | 50.0 |\n</div>\n")
    first, second = read_markdown(text, "page.md")
    assert first.name.endswith("— Instruction model results") and first.header == ("Benchmark", "Model A")
    assert first.notes == ("Bold denotes global SOTA.", "Data points marked with * are from the tech report.")
    assert first.rows[0][1].markers == ("*",)
    assert second.notes == ()  # a bare closing </div> is no note


def test_a_list_under_a_table_is_its_notes_one_item_each():
    from claimcheck.readers.markdown import read_markdown

    text = ("| Benchmark | A |\n|---|---|\n| BBH | 68.2\\* |\n\n- 我们使用 `ppl` 对基座模型进行评测。\n"
            "- 评测结果来自 OpenCompass，评测配置可以在\n  配置文件中找到。\n- \\* 表示从原论文中复制而来。\n")
    (table,) = read_markdown(text, "p.md")
    assert table.notes == ("我们使用 `ppl` 对基座模型进行评测。", "评测结果来自 OpenCompass，评测配置可以在 配置文件中找到。",
                           "\\* 表示从原论文中复制而来。")


def test_a_github_admonition_under_a_table_gives_one_note_per_paragraph():
    from claimcheck.readers.markdown import read_markdown

    text = ("| Benchmark | A |\n|---|---|\n| MATH500 | 95.8 |\n\n> [!IMPORTANT]\n> The evaluations use `temperature=0.6`.\n"
            "> \n> AIME24 is averaged over 32 repetitions.\n> MATH500 is with a single run.\n\nOther text.\n")
    (table,) = read_markdown(text, "p.md")
    assert table.notes == ("The evaluations use `temperature=0.6`.",
                           "AIME24 is averaged over 32 repetitions. MATH500 is with a single run.")


def test_a_settings_paragraph_after_a_caption_under_the_table_is_a_note_too():
    """ChatGLM3: a "Best Baseline" definition, then the protocol note; a later unrelated paragraph is not a note."""
    doc = ("| Model | GSM8K | BBH |\n|---|---|---|\n| A-6B | 32.4 | 33.7 |\n\n"
           "> Best Baseline 指的是截止 2023年10月27日、模型参数在 10B 以下、在对应数据集上表现最好的预训练模型。\n\n"
           "> 对 ChatGLM3-6B-Base 的测试中，BBH 采用 3-shot 测试，GSM8K 采用 0-shot CoT 测试。\n\n"
           "We thank the community for its support and welcome contributions of all kinds to this project.\n")
    (table,) = read_markdown(doc, "r.md")
    assert len(table.notes) == 2 and "3-shot" in table.notes[1]


def test_a_layout_div_between_caption_and_table_hides_no_caption():
    text = "**Alignbench**\n<div align=\"center\">\n\n| 模型 | 总分 |\n|---|---|\n| Foo | 7.91 |\n\n</div>\n"
    (table,) = read_markdown(text, "p.md")
    assert table.caption.strip("*") == "Alignbench"
    (bare,) = read_markdown("**Alignbench**\n\n<div align=\"center\">\n| 模型 | 总分 |\n|---|---|\n| Foo | 7.91 |\n", "p.md")
    assert bare.caption.strip("*") == "Alignbench"
