"""HTML tables: grid walk with spans, flattened headers, markers, emphasis, names and notes."""

from claimcheck.readers.html import read_html

PAGE = """<html><body>
<h2>Results</h2>
<table><tr><td>layout only</td></tr></table>
<table id="results">
<thead>
<tr><th rowspan="2">Benchmark</th><th colspan="2">Model A</th><th colspan="2">Model B<sup>1</sup></th></tr>
<tr><th>Score</th><th>Shots</th><th>Score</th><th>Shots</th></tr>
</thead>
<tbody>
<tr><th colspan="5">Knowledge</th></tr>
<tr><td rowspan="2">MMLU</td><td>72.6%<sup>*</sup></td><td>5</td><td colspan="2">—</td></tr>
<tr><td><b>80.1</b></td><td>0</td><td>n/a</td><td>1,853</td></tr>
<tr><td>基准或计分项</td><td><strong> 91.5<sup>†</sup> </strong></td><td><u>3</u></td>
    <td>&lt;img src="http://evil.test/x.png"&gt;</td><td>a<br>b</td></tr>
<tr><td></td><td></td><td></td><td></td><td></td></tr>
</tbody></table>
<p>* evaluated with tools</p>
<p><sup>1</sup> from the tech report</p>
<p>Unrelated text that follows.</p>
</body></html>"""


def only(html):
    (table,) = read_html(html, "page.html")
    return table


def texts(table):
    return [[c.text for c in row] for row in table.rows]


def test_layout_table_is_skipped_and_two_row_header_flattened():
    table = only(PAGE)
    assert table.header == ("Benchmark", "Model A / Score", "Model A / Shots", "Model B¹ / Score", "Model B¹ / Shots")


def test_spans_expand_into_every_covered_cell():
    table = only(PAGE)
    rows = texts(table)
    assert rows[1][0] == rows[2][0] == "MMLU"
    assert rows[1][3:] == ["—", "—"]
    assert [c.col for c in table.rows[1]] == [0, 1, 2, 3, 4]


def test_a_rowspan_copy_is_marked_as_merged_from_the_row_above():
    """The reader repeats a rowspan's text into the rows it covers and says which copies are repeats, so
    the cutting stage reads them as a spreadsheet copy leaves them: the row above's label."""
    table = only(PAGE)
    assert [c.spanned for c in table.rows[1]] == [False] * 5
    assert [c.spanned for c in table.rows[2]] == [True, False, False, False, False]
    assert not any(c.spanned for row in table.rows[3:] for c in row)


def test_row_numbers_count_header_rows_and_trailing_empty_rows_are_dropped():
    table = only(PAGE)
    assert [row[0].row for row in table.rows] == [3, 4, 5, 6]


def test_full_width_section_row_keeps_its_label_once():
    table = only(PAGE)
    assert texts(table)[0] == ["Knowledge", "", "", "", ""]


def test_markers_emphasis_and_literal_values():
    table = only(PAGE)
    mmlu, second, cjk = table.rows[1], table.rows[2], table.rows[3]
    assert (mmlu[1].text, mmlu[1].markers) == ("72.6%", ("*",))
    assert (second[1].text, second[1].emphasis) == ("80.1", ("bold",))
    assert [c.text for c in second[3:]] == ["n/a", "1,853"]
    assert (cjk[0].text, cjk[1].text, cjk[1].markers, cjk[1].emphasis) == ("基准或计分项", "91.5", ("†",), ("bold",))
    assert cjk[2].emphasis == ("underline",)
    assert cjk[3].text == '<img src="http://evil.test/x.png">'
    assert cjk[4].text == "a b"


def test_name_and_notes():
    table = only(PAGE)
    assert table.name == "results"
    assert table.notes == ("* evaluated with tools", "¹ from the tech report")


def test_caption_names_the_table_and_is_a_note():
    html = """<h3>Section</h3><figure><table><caption>Table 2: Coding</caption>
    <tr><td>Model</td><td>Score</td></tr><tr><td>A</td><td>1</td></tr></table></figure>
    <div class="footnotes"><ol><li>All runs pass@1.</li><li>Tools off.</li></ol></div>"""
    table = only(html)
    assert table.name == "Table 2: Coding"
    assert table.header == ("Model", "Score")
    assert table.notes == ("Table 2: Coding", "All runs pass@1.", "Tools off.")


def test_heading_then_index_name_tables_and_duplicates_are_disambiguated():
    body = "<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>"
    named = read_html(f"<h2>Scores</h2>{body}{body}", "p.html")
    assert [t.name for t in named] == ["Scores", "Scores (table 2)"]
    assert read_html(body, "p.html")[0].name == "table 1"


def test_nested_data_table_is_read_and_outer_layout_skipped():
    inner = "<table><tr><th>Model</th><th>Score</th></tr><tr><td>A</td><td>57.9%</td></tr></table>"
    (table,) = read_html(f"<table><tr><td>{inner}</td></tr></table>", "n.html")
    assert table.header == ("Model", "Score")
    assert texts(table) == [["A", "57.9%"]]


def test_table_without_header_markup_uses_first_row():
    html = "<table><tr><td>Benchmark</td><td>Astra</td></tr><tr><td>GPQA</td><td>88</td></tr></table>"
    table = only(html)
    assert table.header == ("Benchmark", "Astra")
    assert table.rows[0][1].row == 2


def test_no_data_rows_records_nothing():
    assert read_html("<table><tr><th>a</th><th>b</th></tr></table>", "x.html") == []


SMALL = "<table><tr><th>Benchmark</th><th>Astra</th></tr><tr><td>GPQA</td><td>57.9%<sup>*</sup></td></tr></table>"


def test_read_input_routes_html_files(tmp_path):
    from claimcheck.readers import read_input

    path = tmp_path / "t.html"
    path.write_text(SMALL, encoding="utf-8")
    info, tables = read_input(str(path), 1)
    assert info.format == "html" and [t.input for t in tables] == [1]
    assert tables[0].rows[0][1].markers == ("*",)


def test_an_empty_row_between_rows_is_kept_as_a_block_separator():
    page = ("<table><tr><th>Model</th><th>AIME 2024</th></tr><tr><td>A</td><td><b>80.0</b></td></tr>"
            "<tr><th colspan='2' height='30px'></th></tr><tr><th colspan='2'></th></tr>"
            "<tr><td>B</td><td><b>60.0</b></td></tr><tr><td>C</td><td>50.0</td></tr></table>")
    (table,) = read_html(page, "p.html")
    assert [[c.text for c in r] for r in table.rows] == [["A", "80.0"], ["", ""], ["B", "60.0"], ["C", "50.0"]]


def test_a_section_row_beside_an_image_spanning_many_rows_keeps_its_label_once():
    html = ("<table><thead><tr><th>Benchmark</th><th>A</th><th>B</th></tr></thead><tbody>"
            "<tr><td colspan='3'><strong>Mathematics</strong></td><td rowspan='3'><img src='x.png'></td></tr>"
            "<tr><td>MATH500</td><td>95.8</td><td>97.2</td></tr>"
            "<tr><td>AIME 2024</td><td>68.2</td><td>80.1</td></tr></tbody></table>")
    (table,) = read_html(html, "t.html")
    section = table.rows[0]
    assert section[0].text == "Mathematics" and all(not c.text for c in section[1:])
    assert [c.text for c in table.rows[1][:3]] == ["MATH500", "95.8", "97.2"]


def test_a_cell_nested_five_thousand_tags_deep_is_read_without_recursion():
    """Issue 11: 5,000 nested <b> in one cell raised RecursionError; the text walk keeps its own stack."""
    deep = "<b>" * 5000 + "57.9" + "</b>" * 5000
    table = only(f"<table><tr><th>Benchmark</th><th>A</th></tr><tr><td>GPQA</td><td>{deep}</td></tr></table>")
    assert texts(table) == [["GPQA", "57.9"]]
    block = only("<table><tr><th>B</th><th>A</th></tr><tr><td>x<div>y</div>z</td><td>1</td></tr></table>")
    assert texts(block)[0][0] == "x y z"  # a block element still reads as a word break


def test_three_thousand_nested_sups_are_read_without_recursion():
    """Found by a hostile sweep: each <sup> recursed into the next, and 3,000 nested ones in a header raised
    RecursionError (exit 3).  Past a few levels a <sup> is text of the one around it; two levels still
    give a mark ("<sup>Astra<sup>*</sup></sup>")."""
    deep = "<sup>" * 3000 + "x" + "</sup>" * 3000
    table = only(f"<table><tr><th>Benchmark</th><th>A{deep}</th></tr><tr><td>GPQA</td><td>57.9</td></tr></table>")
    assert table.header == ("Benchmark", "Ax") and texts(table) == [["GPQA", "57.9"]]
    marked = only("<table><tr><th>B</th><th><sup>Astra<sup>*</sup></sup></th></tr><tr><td>G</td><td>1</td></tr></table>")
    assert marked.header == ("B", "Astra*")


def test_rows_inside_a_stray_wrapper_are_the_table_s_own():
    """Review: lxml keeps <form>/<div> between <table> and <tr>; those rows are still the table's."""
    table = only("<table><form><tr><th>Benchmark</th><th>A</th></tr><tr><td>GPQA</td><td>57.9</td></tr></form></table>")
    assert texts(table) == [["GPQA", "57.9"]]


def test_colspan_zero_is_one_column_and_echo_columns_are_dropped():
    """HTML5 reads colspan="0" as 1 (it had spread one cell over 1,000 columns); columns that only repeat
    their left neighbour's colspan, or are empty, are no columns of their own (2,000 models named "")."""
    from claimcheck.readers.html import read_html

    zero = read_html('<table><tr><th>Benchmark</th><th>A</th><th>B</th></tr>'
                     '<tr><td colspan="0">GPQA</td><td>70.2</td><td>60.1</td></tr></table>', "t.html")[0]
    assert zero.header == ("Benchmark", "A", "B") and [c.text for c in zero.rows[0]] == ["GPQA", "70.2", "60.1"]
    spread = read_html('<table><tr><th>Benchmark</th><th>A</th><th>B</th></tr>'
                       '<tr><td>GPQA</td><td colspan="1000">70.2</td><td>60.1</td></tr>'
                       '<tr><td>MMLU</td><td>80.1</td><td>79.9</td></tr></table>', "t.html")[0]
    assert spread.header == ("Benchmark", "A", "B", "")
    assert [[c.text for c in row] for row in spread.rows] == [["GPQA", "70.2", "70.2", "60.1"], ["MMLU", "80.1", "79.9", ""]]
    two_level = read_html('<table><tr><th rowspan="2">Benchmark</th><th colspan="2">AIME 2024</th></tr>'
                          '<tr><th>pass@1</th><th>cons@64</th></tr><tr><td>Nova</td><td>72.1</td><td>90.0</td></tr>'
                          "</table>", "t.html")[0]
    assert len(two_level.header) == 3  # a header spanning sub-columns with their own cells keeps them all


def test_header_rows_written_in_td_are_the_header_when_no_th_says_so():
    """InternVL's retrieval tables: bold <td> rows name the benchmark and its R@k columns, over rows of numbers."""
    from claimcheck.readers.html import read_html

    page = ("<table><tr><td rowspan='2'><b>model</b></td><td colspan='2'><b>Flickr30K</b></td><td rowspan='2'><b>avg</b></td></tr>"
            "<tr><td>R@1</td><td>R@5</td></tr><tr><td>OpenCLIP-G</td><td>92.9</td><td>99.3</td><td>96.1</td></tr>"
            "<tr><td>InternVL-C</td><td>94.7</td><td>99.6</td><td>97.2</td></tr></table>")
    (table,) = read_html(page, "p.html")
    assert table.header == ("model", "Flickr30K / R@1", "Flickr30K / R@5", "avg") and len(table.rows) == 2
    zoo = "<table><tr><td>Model</td><td>Link</td></tr><tr><td>A-7B</td><td>hf/a</td></tr><tr><td>B-7B</td><td>hf/b</td></tr></table>"
    (table,) = read_html(zoo, "z.html")
    assert table.header == ("Model", "Link") and len(table.rows) == 2  # a table of names throughout: one header row
