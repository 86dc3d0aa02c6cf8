"""GitHub-rendered README tables keep the spaces and qualifiers of their model names and labels.

The fixture, ``data/github_readme_table.html``, is hand-written in the shape github.com renders a
README's tables (see the comment at its top): model names set small in ``<sup>``,
qualifiers in nested ``<sup>`` after ``<br>``, inline tags and indentation between tags.
"""

from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from claimcheck.readers import sup_gap, sup_marks
from claimcheck.readers.html import element_text, read_html

PAGE = (Path(__file__).parent / "data" / "github_readme_table.html").read_text(encoding="utf-8")
INSTRUCT_HEADER = (
    "Benchmark", "Metric", "Kimi K2 Instruct", "DeepSeek-V3-0324", "Qwen3-235B-A22B (non-thinking)",
    "Claude Sonnet 4 (w/o extended thinking)", "Claude Opus 4 (w/o extended thinking)", "GPT-4.1",
    "Gemini 2.5 Flash Preview (05-20)",
)
PIPE_HEADER = ("Benchmark", "Metric", "Kimi K2 Instruct", "Claude Sonnet 4 (w/o extended thinking)", "GPT-4.1")


def tables():
    instruct, pipe = read_html(PAGE, "kimi.html")
    return instruct, pipe


def test_tables_are_named_by_their_github_headings():
    assert [t.name for t in tables()] == ["Instruction model evaluation results", "Tool use, as a pipe table"]


@pytest.mark.parametrize(("k", "header"), [(0, INSTRUCT_HEADER), (1, PIPE_HEADER)])
def test_model_names_keep_their_spaces_and_qualifiers(k, header):
    assert tables()[k].header == header


# (table, data row, column): text, markers, emphasis, lines
CELLS = [
    ((0, 0, 0), ("Coding Tasks", (), ("bold",), ())),
    ((0, 1, 0), ("LiveCodeBench v6 (Aug 24 - May 25)", (), (), ("LiveCodeBench v6", "(Aug 24 - May 25)"))),
    ((0, 1, 2), ("55.0", (), ("bold",), ())),
    ((0, 2, 2), ("87.0", (), ("underline", "bold"), ())),
    ((0, 3, 0), ("SWE-bench Verified (Agentic Coding)", (), (), ("SWE-bench Verified", "(Agentic Coding)"))),
    ((0, 3, 1), ("Single Attempt (Acc)", (), (), ())),
    ((0, 3, 5), ("74.0", ("*",), ("bold",), ())),
    ((0, 3, 6), ("73.8", ("*",), (), ())),
    ((0, 4, 0), ("SWE-bench Verified (Agentic Coding)", (), (), ("SWE-bench Verified", "(Agentic Coding)"))),
    ((0, 4, 1), ("Multiple Attempts (Acc)", (), (), ())),  # the commented-out cell is no cell
    ((0, 5, 0), ("Math & STEM Tasks", (), ("bold",), ())),
    ((0, 6, 4), ("26.0", ("*",), (), ())),
    ((1, 0, 0), ("Tau2 retail", (), (), ())),
    ((1, 0, 1), ("Avg@4", (), (), ())),
    ((1, 0, 2), ("71.9", (), ("bold",), ())),
    ((1, 1, 0), ("SWE-bench Verified (Agentless Coding)", (), (), ("SWE-bench Verified", "(Agentless Coding)"))),
    ((1, 1, 1), ("Single Patch w/o Test (Acc)", (), (), ())),
]


@pytest.mark.parametrize(("where", "expected"), CELLS, ids=[f"t{t}r{r}c{c}" for (t, r, c), _ in CELLS])
def test_labels_keep_spaces_qualifiers_marks_and_emphasis(where, expected):
    k, r, c = where
    cell = tables()[k].rows[r][c]
    assert (cell.text, cell.markers, cell.emphasis, cell.lines) == expected


def test_notes_set_small_under_the_wrapped_table_are_one_note_a_line():
    instruct, pipe = tables()
    assert instruct.notes == (
        "• Bold marks the global best, and underline marks the open-source best.",
        "• Values marked with * are taken from the model's tech report or blog.",
    )
    assert pipe.notes == ()


# element_text of one cell: (markup, text and markers as a header/body cell reads them, text as a caption reads it)
SUPS = [
    ("Astra<sup>*</sup>", ("Astra", ("*",)), "Astra*"),
    ("Astra<sup>1</sup>", ("Astra", ("1",)), "Astra¹"),
    ("72.6<sup>1, 2</sup>", ("72.6", ("1", "2")), "72.6¹,²"),
    ("72.6<sup>†‡</sup>", ("72.6", ("†‡",)), "72.6†‡"),
    ("Claude Sonnet 4<sup>(w/o extended thinking)</sup>", ("Claude Sonnet 4 (w/o extended thinking)", ()),
     "Claude Sonnet 4 (w/o extended thinking)"),
    ("<sup>Kimi K2 Instruct</sup>", ("Kimi K2 Instruct", ()), "Kimi K2 Instruct"),
    ("<sup>Claude Opus 4 <br><sup>(w/o extended thinking)</sup></sup>",
     ("Claude Opus 4 (w/o extended thinking)", ()), "Claude Opus 4 (w/o extended thinking)"),
    ("<sup>Astra<sup>*</sup></sup>", ("Astra", ("*",)), "Astra*"),
    ("Astra<sup>preview</sup>", ("Astra preview", ()), "Astra preview"),
    ("4<sup>th</sup> shot", ("4th shot", ()), "4th shot"),
    ("<strong>Kimi</strong>\n  <em>K2</em><span> </span><a href='#'>Instruct</a>", ("Kimi K2 Instruct", ()),
     "Kimi K2 Instruct"),
    ("<code>Avg@4</code><br>\n<sup>(4 runs)</sup>", ("Avg@4 (4 runs)", ()), "Avg@4 (4 runs)"),
]


@pytest.mark.parametrize(("markup", "as_cell", "as_caption"), SUPS)
def test_a_sup_is_a_mark_only_when_it_prints_a_mark(markup, as_cell, as_caption):
    node = BeautifulSoup(f"<table><tr><td>{markup}</td></tr></table>", "lxml").td
    assert element_text(node, keep_sup=False) == as_cell
    assert element_text(node)[0] == as_caption


@pytest.mark.parametrize(("markup", "header"), [
    ("Astra<sup>*</sup>", "Astra*"),
    ("Astra<sup>1</sup>", "Astra¹"),
    ("Claude Sonnet 4<sup>(w/o extended thinking)</sup>", "Claude Sonnet 4 (w/o extended thinking)"),
    ("<sup>Qwen3-235B-A22B <br><sup>(non-thinking)</sup></sup><sup>†</sup>", "Qwen3-235B-A22B (non-thinking)†"),
])
def test_header_cells_print_short_marks_and_keep_qualifiers(markup, header):
    page = f"<table><tr><th>Benchmark</th><th>{markup}</th></tr><tr><td>GPQA</td><td>1</td></tr></table>"
    assert read_html(page, "h.html")[0].header == ("Benchmark", header)


@pytest.mark.parametrize(("text", "marks", "gap"), [
    ("*", ("*",), ""), ("1, 2", ("1", "2"), " "), ("", (), " "), ("[1]", ("[1]",), " "), ("(a)", ("(a)",), " "),
    ("(w/o extended thinking)", None, " "), ("Kimi K2 Instruct", None, " "), ("GPT-4.1", None, " "),
    ("th", None, ""), ("(non-thinking)", None, " "),
])
def test_sup_marks_and_gap(text, marks, gap):
    assert sup_marks(text) == marks
    assert sup_gap(text) == gap
