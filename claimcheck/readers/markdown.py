"""GitHub-flavoured Markdown pipe tables, with the footnotes printed under them.

Every pipe table in the document is read (leading and trailing pipes optional,
``\\|`` escapes, ``:---:`` alignment rows); tables inside fenced code blocks are
not tables, except the results table lm-evaluation-harness prints, pasted in a
fence.  A cell keeps its printed text, as GitHub renders it: links, inline
HTML tags (``<a>``, ``<span>``, ``<em>``, ``<code>``), italics and code spans
print their text, ``<br>`` a space, partial bold stays ``**…**``.  Emphasis that
wraps the whole cell (``**91.5**``, ``__x__``, ``<b>``, ``<strong>``, ``<u>``)
and footnote markers (``<sup>*</sup>``, ``^*``, ``[^1]``) move into
``RawCell.emphasis`` and ``RawCell.markers``; a ``<sup>`` that prints words
("(w/o extended thinking)") stays text, as in the HTML reader.  A row's number
is its 1-based line in the document.
"""

from __future__ import annotations

import html
import re

from claimcheck.parsing.notes import introduces, note_start, reads_as_note, speaks_forward
from claimcheck.readers import sup_gap, sup_marks
from claimcheck.records import RawCell, SourceTable

_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
_MAX_NOTES = 12
_MAX_LEAD = 600  # characters of a section's opening paragraph kept as context
_MAX_PROSE = 4000  # characters of a section's prose (every paragraph and list line) kept for glosses
_SETTINGS = re.compile(r"evaluat|temperature|top[_-]?p\b|sampl|pass@|\bn\s*=|\bshots?\b|subset|\btasks\b|harness|"
                       r"scaffold|\bjudge|评测|采样|温度|子集", re.I)
_ATX = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
_SETEXT = re.compile(r"^\s{0,3}(=+|-+)\s*$")
_DELIM_CELL = re.compile(r"^\s*:?-+:?\s*$")
# the shared footnote starts, inside a blockquote or not, plus Markdown's own: <sup>, [^note], ^, and
# a "… methodology:" / "… settings:" line introducing how the table was measured
_NOTE_START = note_start(r"<sup>|\[\^?\w+\]|\^|[\w .()/-]{1,40}(?:methodology|protocol|setup|settings|details)\s*[:：]",
                         prefix=r"(?:>\s*)?")
_SUP = re.compile(r"<sup>(.*?)</sup>", re.I | re.S)
_INNER_SUP = re.compile(r"<sup(?:\s[^>]*)?>((?:(?!<sup[\s>]).)*?)</sup\s*>", re.I | re.S)  # no <sup> inside
_FOOTREF = re.compile(r"\[\^([^\]\s]+)\]")
_CARET_PAIR = re.compile(r"\^([^\s^]+)\^")
_CARET_TAIL = re.compile(r"\^([*†‡§¶\w]{1,3})\s*$")
_RULE = re.compile(r"^\s{0,3}([-*_])(?:\s*\1){2,}\s*$")
_WRAPPERS = (
    # "**GPT-3.5***": the bold name, then its footnote mark "*" (a closing "***" closes the bold with two)
    ("bold", re.compile(r"^\*\*((?:(?!\*\*).)+)\*\*((?:\\?\*|[†‡§¶])*)$", re.S)),
    ("bold", re.compile(r"^__((?:(?!__).)+)__((?:\\\*|[†‡§¶])*)$", re.S)),
    ("bold", re.compile(r"^<(b|strong)(?:\s[^>]*)?>((?:(?!</?\1\b).)+)</\1>((?:\\?\*|[†‡§¶])*)$", re.S | re.I)),
    ("underline", re.compile(r"^<(u|ins)(?:\s[^>]*)?>((?:(?!</?\1\b).)+)</\1>((?:\\?\*|[†‡§¶])*)$", re.S | re.I)),
)
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
#: a closing tag written self-closing ("<u>56.9<u/>"): a browser keeps the style on, so the value is underlined
_SLASHED_CLOSE = re.compile(r"^(<(u|ins|b|strong)>(?:(?!</?\2\b).)+)<\2\s*/>", re.I | re.S)
_BR = re.compile(r"<br\s*/?>", re.I)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_BOLD_TAG = re.compile(r"<(b|strong)(?:\s[^>]*)?>(.*?)</\1\s*>", re.I | re.S)
_TAG = re.compile(r"</?([A-Za-z][\w-]*)(?:\s[^<>]*)?/?>")
_BLOCK_TAGS = frozenset({"p", "div", "li", "ul", "ol", "dl", "dt", "dd", "section", "figure", "figcaption"})
_UNDERLINE = frozenset({"u", "ins"})  # a line's underline is kept as its tag, which parse_cell reads
_CODE = re.compile(r"`([^`]+)`")
_ITALIC = (re.compile(r"(?<![\w*\\])\*(?=[^\s*])(.+?)(?<=[^\s*\\])\*(?![\w*])"),
           re.compile(r"(?<![\w\\])_(?=[^\s_])(.+?)(?<=[^\s_\\])_(?!\w)"))
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_SHORT_PARAGRAPH = 300
_SENTENCE = re.compile(r"[.!?。！？]\s*$")  # a list item that is a sentence, not a title


def split_row(line: str) -> list[str]:
    """Split one table line on unescaped pipes; drop the optional outer pipes."""
    cells, current, i = [], [], 0
    s = line.strip()
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s) and s[i + 1] == "|":
            current.append("|")
            i += 2
            continue
        if s[i] == "|":
            cells.append("".join(current))
            current = []
        else:
            current.append(s[i])
        i += 1
    cells.append("".join(current))
    if s.startswith("|"):
        cells = cells[1:]
    if s.endswith("|") and not s.endswith("\\|") and cells:
        cells = cells[:-1]
    return [c.strip() for c in cells]


def _has_pipe(line: str) -> bool:
    return bool(re.search(r"(?<!\\)\|", line))


def _is_delimiter(line: str, width: int) -> bool:
    if "-" not in line or not _has_pipe(line):
        return False
    cells = split_row(line)
    return len(cells) == width and all(_DELIM_CELL.match(c) for c in cells)


def _plain(text: str, *, keep: frozenset[str] = frozenset()) -> str:
    """The printed text of inline Markdown: links, code spans, italics and inline HTML to their
    text (bold as ``**…**``; tags named in ``keep`` kept), ``<br>`` and block tags a space,
    escapes and entities resolved."""

    def tag(m: re.Match) -> str:
        name = m.group(1).lower()
        return m.group(0) if name in keep else " " if name in _BLOCK_TAGS else ""

    text = _BR.sub(" ", _LINK.sub(r"\1", _COMMENT.sub("", text)))
    text = _TAG.sub(tag, _BOLD_TAG.sub(r"**\2**", text))
    text = _CODE.sub(r"\1", text)
    for italic in _ITALIC:
        text = italic.sub(r"\1", text)
    text = _ESCAPE.sub(r"\1", text)
    return " ".join(html.unescape(text).split())


def _sups(text: str, found: list[str]) -> str:
    """``<sup>`` elements, innermost first: a mark into ``found``, words kept as text."""

    def take(m: re.Match) -> str:
        printed = _plain(m.group(1))
        marks = sup_marks(printed)
        if marks is None:
            return sup_gap(printed) + m.group(1)
        found.extend(marks)
        return ""

    while (replaced := _INNER_SUP.sub(take, text)) != text:
        text = replaced
    return text


def _markers(text: str) -> tuple[str, list[str]]:
    found: list[str] = []

    def take(m: re.Match) -> str:
        found.extend(p for p in re.split(r"[,\s]+", _plain(m.group(1))) if p)
        return ""

    text = _sups(text, found)
    for pattern in (_FOOTREF, _CARET_PAIR, _CARET_TAIL):
        text = pattern.sub(take, text)
    return text.strip(), found


def read_cell(raw: str) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """A cell's printed text, its footnote markers and its emphasis."""
    text, markers = _markers(_SLASHED_CLOSE.sub(r"\1</\2>", raw.strip()))
    emphasis: list[str] = []
    changed = True
    while changed:
        changed = False
        for name, pattern in _WRAPPERS:
            m = pattern.match(text)
            if m:
                groups = m.groups()[-2:]
                text = (groups[0].strip() + groups[1]).strip()
                if name not in emphasis:
                    emphasis.append(name)
                changed = True
    return _plain(text), tuple(markers), tuple(emphasis)


def cell_lines(raw: str) -> tuple[str, ...]:
    """The printed text of each line of a cell broken with ``<br>`` ("74.3<br>79.2" -> ("74.3", "79.2"));
    empty for a cell of one line.  Each line keeps its own emphasis ("**79.2**", "<u>79.2</u>"); its footnote
    marks are the cell's (``RawCell.markers``), as in the HTML reader."""
    parts = _BR.split(raw)
    if len(parts) < 2:
        return ()
    return tuple(_plain(_markers(p)[0], keep=_UNDERLINE) for p in parts)


def header_text(raw: str) -> str:
    """A header cell as a plain string; markers stay printed ("Astra†", "Astra¹")."""
    text, markers, _ = read_cell(raw)
    return text + "".join(m.translate(_SUPERSCRIPT) if m.isdigit() else m for m in markers)


_SUPERSCRIPT_DIGITS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _note_text(line: str) -> str:
    """A note line as text: a blockquote mark dropped, "<sup>1</sup>" written "¹"."""
    line = re.sub(r"^>\s*", "", line)
    return _SUP.sub(lambda m: m.group(1).strip().translate(_SUPERSCRIPT_DIGITS)
                    if m.group(1).strip().isdigit() else m.group(1).strip(), line)


_LIST_ITEM = re.compile(r"^(?:[-+•]|\d+[.)])\s+")  # "- note", "• note", "1. note" under a table ("* " may be a mark)


_ADMONITION = re.compile(r"^\s*>\s*\[!(?:NOTE|IMPORTANT|TIP|WARNING|CAUTION)\]\s*(.*)$", re.I)


def _admonition(lines: list[str], i: int) -> list[str]:
    """A GitHub admonition ("> [!IMPORTANT]" and the quoted lines under it): one note per paragraph."""
    notes, para = [], []
    first = _ADMONITION.match(lines[i])
    if first and first.group(1).strip():
        para.append(first.group(1).strip())
    i += 1
    while i < len(lines) and lines[i].lstrip().startswith(">"):
        text = lines[i].lstrip()[1:].strip()
        if text:
            para.append(_note_text(text))
        elif para:
            notes.append(" ".join(para))
            para = []
        i += 1
    if para:
        notes.append(" ".join(para))
    return notes


def _notes(lines: list[str], start: int) -> list[str]:
    """Footnote-like paragraphs right after a table (``start`` is the first line after it)."""
    notes: list[str] = []
    i, first = start, True
    j = start
    while j < len(lines) and (not lines[j].strip() or _HTML_LINE.match(lines[j])):
        j += 1
    if j < len(lines) and _ADMONITION.match(lines[j]):
        return _admonition(lines, j)[:_MAX_NOTES]
    while True:
        while i < len(lines) and (not lines[i].strip() or _HTML_LINE.match(lines[i])):  # blank, or a bare "</div>"
            i += 1
        para: list[str] = []
        top = i  # the paragraph's first line, as printed
        items = 0  # lines that start a list item: each is a note of its own
        while i < len(lines) and lines[i].strip() and not any(p.match(lines[i]) for p in (_ATX, _FENCE, _RULE)):
            if para and i + 1 < len(lines) and _has_pipe(lines[i]) and _is_delimiter(lines[i + 1], len(split_row(lines[i]))):
                break
            item = _LIST_ITEM.match(lines[i].strip())
            text = _note_text(_LIST_ITEM.sub("", lines[i].strip()))
            if item or not para or not items:
                para.append(text)
                items += bool(item)
            else:  # a wrapped line continues the list item above it
                para[-1] += " " + text
            i += 1
        if not para or _has_pipe(para[0]):
            return notes
        if _table_at(lines, i) and (introduces(lines[top].strip()) or introduces(_plain(" ".join(para)))):
            return notes  # the caption of the table that follows ("**Chat models**", "… shown below:"), not a note
        if speaks_forward(_plain(" ".join(para))) and not _NOTE_START.match(para[0]):
            return notes  # "Here is a table from the report …" over a figure: about what follows, not the table above
        if items and items == len(para) and not any(reads_as_note(_plain(item)) or _SENTENCE.search(_plain(item))
                                                    for item in para):
            return notes  # a list of titles ("- Zero-shot retrieval [details]"), not of sentences about the table
        if items and items == len(para):  # a list printed under the table: its items are the notes
            notes.extend(para)
        elif _NOTE_START.match(para[0]):
            for line in para:
                if _NOTE_START.match(line) or not notes:
                    notes.append(line)
                else:
                    notes[-1] += " " + line
        elif len(" ".join(para)) <= _SHORT_PARAGRAPH and len(para) <= 3 and reads_as_note(_plain(" ".join(para))) and (
                first or _SETTINGS.search(" ".join(para))):
            # a short paragraph that reads as a note (it refers back to the table, or speaks of marks or of how
            # the table was measured); after the first, only a paragraph of settings or a marked note still belongs
            # to the table (ChatGLM3's protocol note under its "Best Baseline" definition).  Other prose after a
            # table is not about it.
            notes.append(" ".join(para))
        else:
            return notes
        first = False
        if len(notes) >= _MAX_NOTES:
            return notes


_LAYOUT_TAG = re.compile(r"^\s*</?(?:div|p|center|section|figure)(?:\s[^<>]*)?>\s*$", re.I)
_MAX_CAPTION = 400  # characters of an introducing paragraph kept as the caption
_BULLET_MARK = re.compile(r"^[-+•]\s+")


def _table_at(lines: list[str], i: int) -> bool:
    """Whether a table (pipe or HTML) starts at line ``i``, after blank lines and layout tags."""
    while i < len(lines) and (not lines[i].strip() or _LAYOUT_TAG.match(lines[i])):
        i += 1
    if i >= len(lines):
        return False
    if _HTML_TABLE.match(lines[i].strip()):
        return True
    return _has_pipe(lines[i]) and i + 1 < len(lines) and _is_delimiter(lines[i + 1], len(split_row(lines[i])))


def _caption_above(lines: list[str], i: int) -> str:
    """The text printed right above a table that introduces it: its caption; "" if there is none.

    A line with no blank line between it and the table ("RULER: a retrieval-based benchmark for long context
    understanding"); or, across a blank line, a paragraph of one short line ("1) Primary", "**Base models**")
    or one that introduces what follows (a sentence ending in a colon or speaking of what is "below" or
    "following", a list item).  Lines that only open or close a layout block (``<div align="center">``) sit
    between a caption and its table unseen."""
    def up(k: int) -> int:
        k -= 1
        while k >= 1 and _LAYOUT_TAG.match(lines[k]):
            k -= 1
        return k

    def prose(k: int) -> bool:
        return (k >= 0 and bool(lines[k].strip()) and not _has_pipe(lines[k]) and not _ATX.match(lines[k])
                and not _FENCE.match(lines[k]) and not _HTML_TABLE.search(lines[k]) and not _LAYOUT_TAG.match(lines[k]))

    above = up(i)
    if above >= 1 and not lines[above].strip():  # a blank line, then the table: a paragraph that introduces it
        end = up(above)
        if not prose(end):
            return ""
        start = end
        while start - 1 >= 0 and prose(start - 1) and not _SETEXT.match(lines[start]):
            start -= 1
        text = _BULLET_MARK.sub("", _plain(" ".join(lines[k].strip() for k in range(start, end + 1))))
        if start == end and len(text) <= 80:  # a short label
            return text
        return text if introduces(lines[start].strip() if start == end else text) and len(text) <= _MAX_CAPTION else ""
    if not prose(above):
        return ""
    text = _BULLET_MARK.sub("", _plain(lines[above].strip()))
    return text if len(text) <= 200 else ""


def _heading(lines: list[str], i: int) -> str | None:
    """Text of an ATX or setext heading on line ``i`` (0-based), if it is one."""
    if m := _ATX.match(lines[i]):
        return _plain(read_cell(m.group(1))[0]) or None
    if (
        i + 1 < len(lines) and lines[i].strip() and not _has_pipe(lines[i])
        and _SETEXT.match(lines[i + 1]) and (i == 0 or not lines[i - 1].strip())
    ):
        return _plain(read_cell(lines[i])[0]) or None
    return None


def _table(lines: list[str], i: int, path: str) -> tuple[tuple[str, ...], list[tuple[RawCell, ...]], int,
                                                          list[tuple[int, int, str]]]:
    """Read the table whose header is on line ``i``; return header, rows, next line, and the cells printed past the
    header's last column (row, column, text).  As GitHub renders a table, a short row is padded with empty cells
    and a long row's excess is not shown: the excess is kept here so that it is reported, not lost."""
    from claimcheck.limits import current

    limits = current()
    header = tuple(header_text(c) for c in split_row(lines[i]))
    width = len(header)
    rows, j, overflow = [], i + 2, []
    while j < len(lines) and lines[j].strip() and _has_pipe(lines[j]) and not _FENCE.match(lines[j]):
        cells = split_row(lines[j])
        overflow += [(j + 1, col + 1, read_cell(c)[0]) for col, c in enumerate(cells[width:], start=width) if c.strip()]
        cells = (cells + [""] * width)[:width]
        if (len(rows) + 1) * width > limits.table_cells:
            raise limits.refuse("table_cells", "a table", f"more than {limits.table_cells:,} cells by row {j + 1}", path)
        row = []
        for col, raw in enumerate(cells):
            text, markers, emphasis = read_cell(raw)
            row.append(RawCell(text=text, row=j + 1, col=col, markers=markers, emphasis=emphasis, lines=cell_lines(raw)))
        rows.append(tuple(row))
        j += 1
    return header, rows, j, overflow


_HTML_TABLE = re.compile(r"<table[\s>]", re.I)
_TABLE_TAG = re.compile(r"<(/?)table[\s>]", re.I)


def _html_table_end(lines: list[str], start: int) -> int:
    """The line after the ``</table>`` that closes the table opened on line ``start`` (nested tables
    counted); the end of the document if it never closes."""
    depth = 0
    for j in range(start, len(lines)):
        for m in _TABLE_TAG.finditer(lines[j]):
            depth += -1 if m.group(1) else 1
        if depth <= 0 and j >= start:
            return j + 1
    return len(lines)


_HTML_LINE = re.compile(r"^\s*(?:</?(?:div|p|center|br|sup|sub|small|span)\b[^>]*>\s*)+$", re.I)
_BULLET = re.compile(r"^\s*[•·∙◦▪\-–]\s+")


def _html_notes(lines: list[str], start: int) -> list[str]:
    """The notes under an embedded HTML table: Markdown notes, or (as model cards print them) lines
    set in ``<sup>`` and broken with ``<br>`` after the closing ``</div>``, one note a line."""
    i = start
    while i < len(lines) and (not lines[i].strip() or _HTML_LINE.match(lines[i])) and "<sup" not in lines[i].lower():
        i += 1
    block: list[str] = []
    while i < len(lines) and lines[i].strip() and not any(p.match(lines[i]) for p in (_ATX, _FENCE, _RULE)):
        block.append(lines[i])
        i += 1
    text = "\n".join(block)
    if "<sup" not in text.lower():
        return _notes(lines, start if not block else i - len(block))
    from bs4 import BeautifulSoup

    for br in (soup := BeautifulSoup(text.replace("</sup>", "</sup>\n"), "lxml")).find_all("br"):
        br.replace_with("\n")
    found = [_BULLET.sub("", " ".join(part.split())) for part in soup.get_text().split("\n")]
    return [n for n in found if n][:_MAX_NOTES]


def _leads(sections: list[tuple[int, str]]) -> tuple[str, ...]:
    return tuple(text for _, text in sections if text)


def _prose(sections: list[tuple[int, list[str]]]) -> tuple[str, ...]:
    """The prose of each section a table is printed in, outermost first, each as its printed text and
    cut to ``_MAX_PROSE`` characters: where a page glosses its labels ("Multi-Translation (Flores-101
    5-shot)")."""
    return tuple(plain[:_MAX_PROSE] for _, text in sections if (plain := _plain(" ".join(text)).strip()))


def _level(line: str) -> int:
    """The level of an ATX heading (1-6); 0 for any other line."""
    if m := re.match(r"^\s{0,3}(#{1,6})\s", line):
        return len(m.group(1))
    return 0


def _lead(lines: list[str], i: int) -> str:
    """The paragraph that opens the section whose heading is on line ``i``: the prose lines up to the
    first blank line after it, or "" when a table, list, fence or heading comes first."""
    j = i + 1 + (1 if not _ATX.match(lines[i]) else 0)  # a setext heading's underline
    while j < len(lines) and not lines[j].strip():
        j += 1
    para = []
    while j < len(lines) and lines[j].strip() and not (_has_pipe(lines[j]) or _FENCE.match(lines[j])
                                                        or _heading(lines, j) or _HTML_TABLE.search(lines[j])):
        para.append(lines[j].strip())
        j += 1
    text = _plain(" ".join(para))
    return text[:_MAX_LEAD]


#: the header lm-evaluation-harness prints over its results ("|Tasks|Version|Filter|n-shot|Metric| |Value| |Stderr|"),
#: which cards paste inside a code fence
_HARNESS_HEADER = re.compile(r"^\s*\|?\s*(?:tasks?|groups?)\s*\|(?=.*\|\s*metric\s*\|)(?=.*\|\s*value\s*\|)"
                             r"(?=.*\|\s*stderr\s*\|?\s*$)", re.I)


def _harness_table_at(lines: list[str], i: int) -> bool:
    """Whether a results table as lm-evaluation-harness prints it starts at line ``i``: inside a code fence it is
    still the run's output, not code (every other table inside a fence is not a table)."""
    return (_HARNESS_HEADER.match(lines[i]) is not None and i + 1 < len(lines)
            and _is_delimiter(lines[i + 1], len(split_row(lines[i]))))


def _fence_after(fence: str | None, line: str) -> str | None:
    """The open code fence after a fence line: it opens one, or closes the open one of its kind ("```"
    inside a "~~~" block is the block's text)."""
    marker = _FENCE.match(line).group(1)[0] * 3  # type: ignore[union-attr]
    return None if fence and marker == fence else (fence or marker)


def hide_comments(lines: list[str]) -> list[str]:
    """The lines with every HTML comment (``<!-- … -->``) blanked out, as GitHub hides them: a table
    commented out of a README is not printed.  Comments inside a fenced code block are the code's text;
    a comment never closed runs to the end of the document (CommonMark).  One pass, no regular expression
    over the text, so a page of unclosed ``<!--`` takes linear time; the lines keep their numbers."""
    out: list[str] = []
    fence: str | None = None
    hidden = False
    for line in lines:
        if not hidden and _FENCE.match(line):
            fence = _fence_after(fence, line)
        if fence:
            out.append(line)
            continue
        kept, pos = [], 0
        while pos <= len(line):
            if hidden:
                end = line.find("-->", pos)
                if end < 0:
                    break
                hidden, pos = False, end + 3
            else:
                start = line.find("<!--", pos)
                if start < 0:
                    kept.append(line[pos:])
                    break
                kept.append(line[pos:start])
                hidden, pos = True, start + 4
        out.append("".join(kept))
    return out


_QUOTE = re.compile(r"^\s{0,3}>\s?")


def unquote_tables(lines: list[str]) -> list[str]:
    """The lines with each blockquote that holds a pipe table ("> | A | B |" over "> |---|---|") read
    out of its quote, as GitHub renders the table inside it; other blockquotes (a legend set as a quote)
    stay as they are."""
    out = list(lines)
    i = 0
    while i < len(lines):
        if not _QUOTE.match(lines[i]):
            i += 1
            continue
        end = i
        while end < len(lines) and _QUOTE.match(lines[end]):
            end += 1
        inner = [_QUOTE.sub("", line, count=1) for line in lines[i:end]]
        if any(_has_pipe(a) and _is_delimiter(b, len(split_row(a))) for a, b in zip(inner, inner[1:])):
            out[i:end] = inner
        i = end
    return out


def _blank_front_matter(lines: list[str]) -> list[str]:
    """The lines with a leading YAML front matter ("---" ... "---", a model card's metadata) blanked, line numbers
    kept: its "name: HellaSwag (10-Shot)" is a model-index record (read by :mod:`claimcheck.readers.model_card`),
    not prose that glosses the tables' labels."""
    if not lines or lines[0].lstrip("\ufeff").strip() != "---":
        return lines
    end = next((k for k in range(1, len(lines)) if lines[k].strip() in ("---", "...")), None)
    return lines if end is None else [""] * (end + 1) + lines[end + 1:]


def read_markdown(text: str, path: str) -> list[SourceTable]:
    """Every pipe table in a Markdown document with at least two columns and one data row, and every
    HTML table embedded in it (named by the Markdown heading above it, with the notes below it)."""
    # "\r\r\n" is a CRLF file converted to CRLF once more (a doubled carriage return, never content): one line
    # break, or every line would stand apart from the next and no table would hold together
    lines = unquote_tables(hide_comments(_blank_front_matter(text.replace("\r\r\n", "\n").splitlines())))
    found: list[tuple[str | None, tuple[str, ...], list[tuple[RawCell, ...]], list[str], str, tuple[str, ...],
                      tuple[str, ...], tuple[str, ...], tuple[tuple[int, int, str], ...]]] = []
    heading: str | None = None
    titles: list[tuple[int, str]] = []  # (level, text) of the headings above, outermost first
    sections: list[tuple[int, str]] = []  # (level, opening paragraph) of the headings above, outermost first
    prose: list[tuple[int, list[str]]] = [(0, [])]  # (level, prose lines) of the sections above, outermost first
    doc_title = ""  # the document's first level-1 heading
    fence: str | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if _FENCE.match(line):
            fence = _fence_after(fence, line)
            i += 1
            continue
        if fence and not _harness_table_at(lines, i):
            i += 1
            continue
        if _HTML_TABLE.search(line):  # an HTML table inside the Markdown: read by the HTML reader, named here
            end = _html_table_end(lines, i)
            from claimcheck.readers.html import read_html

            caption = _caption_above(lines, i)
            for table in read_html("\n".join(lines[i:end]), path):
                found.append((heading, table.header, list(table.rows), [*table.notes, *_html_notes(lines, end)], table.caption or caption,
                              _leads(sections), _prose(prose), tuple(t for _, t in titles[:-1]), ()))
            i = end
            continue
        width = len(split_row(line)) if _has_pipe(line) else 0
        if width and i + 1 < len(lines) and _is_delimiter(lines[i + 1], width):
            caption = _caption_above(lines, i)
            header, rows, i, overflow = _table(lines, i, path)
            if rows:  # a one-column table is a record ("| MMLU 0-shot |" over "| 78.7 |") or text, never dropped
                found.append((heading, header, rows, _notes(lines, i), caption, _leads(sections), _prose(prose),
                              tuple(t for _, t in titles[:-1]), tuple(overflow)))
            continue
        if (named := _heading(lines, i)) is not None:
            heading = named
            level = _level(lines[i]) or (1 if lines[i + 1].lstrip().startswith("=") else 2)  # setext: = or -
            doc_title = doc_title or (named if level == 1 else "")  # the document's "# Title" (or "Title\n===")
            sections = [*(sec for sec in sections if sec[0] < level), (level, _lead(lines, i))]
            titles = [*(t for t in titles if t[0] < level), (level, named)]
            prose = [*(sec for sec in prose if sec[0] < level), (level, [])]
        elif line.strip() and not _HTML_TABLE.search(line):
            prose[-1][1].append(line.strip())
        i += 1
    tables = []
    for k, (title, header, rows, notes, caption, leads, text, parents, overflow) in enumerate(found, start=1):
        name = path + (f" table {k}" if len(found) > 1 else "") + (f" — {title}" if title else "")
        tables.append(SourceTable(input=0, name=name, header=header, rows=tuple(rows), notes=tuple(notes),
                                  caption=caption, leads=leads, page_title=doc_title, prose=text, parents=parents,
                                  overflow=overflow))
    return tables
