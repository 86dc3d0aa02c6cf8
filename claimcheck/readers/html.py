"""HTML tables read by a BeautifulSoup (lxml) grid walk that keeps provenance.

rowspan/colspan are expanded (a spanned cell's text appears in every position
it covers); leading header rows (``<thead>`` or rows made only of ``<th>``) are
flattened into one header per column, "Model A / Score".  A ``<sup>`` that
prints a mark (``*``, ``1``) becomes a footnote marker; one that prints words
("(w/o extended thinking)", a whole "Kimi K2 Instruct" set small) stays text.
``<b>``/``<strong>``/``<u>`` wrapping a whole cell becomes emphasis.  Inline
tags (``<a>``, ``<em>``, ``<code>``, ``<span>``) add no space, ``<br>`` and
block tags one.  Only text is parsed: nothing (image, link, stylesheet) is
ever fetched, and escaped markup stays literal text.
"""

from __future__ import annotations

import re
from dataclasses import replace, dataclass

from bs4 import BeautifulSoup, NavigableString, Tag
from bs4.element import Comment, Declaration, Doctype, ProcessingInstruction

from claimcheck.parsing.cells import normalise
from claimcheck.parsing.notes import BACK_REFERENCE, NOTE_START, introduces, reads_as_note
from claimcheck.readers import sup_gap, sup_marks
from claimcheck.records import RawCell, SourceTable

_SKIP_TAGS = frozenset({"script", "style", "template", "noscript", "table", "head", "title"})
_BLOCK_TAGS = frozenset({"p", "div", "li", "ul", "ol", "dl", "dt", "dd", "section", "figure", "figcaption", "tr", "td", "th"})
_NOT_TEXT = (Comment, Declaration, Doctype, ProcessingInstruction)
_HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"]
_NOTE_START = NOTE_START
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@dataclass(frozen=True, slots=True)
class _Cell:
    text: str
    markers: tuple[str, ...]
    emphasis: tuple[str, ...]
    header: bool
    span_all: bool = False  # one cell spanning the whole row (a section label)
    lines: tuple[str, ...] = ()  # the text of each line when <br> breaks the cell
    marked: str = ""  # the text with bold on part of it written **…**
    below: bool = False  # a rowspan's copy in a row under the one that prints it


def _collect(node: Tag, parts: list[str], markers: list[str], keep_sup: bool, sups: int = 0) -> None:
    """The text of ``node``'s children in document order, walked with a stack of its own: a cell nested
    5,000 tags deep is read like any other, where recursion would exhaust Python's stack.  ``sups`` counts
    the ``<sup>`` elements around ``node``: past ``_SUP_DEPTH`` (a mark in a name set small, "<sup>Astra
    <sup>*</sup></sup>", is two) a ``<sup>`` is read as plain text, so 3,000 nested ones recurse no deeper."""
    stack = [iter(node.children)]
    closing = [""]  # what each open element adds after its last child (a block element's space)
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
            parts.append(closing.pop())
            continue
        if isinstance(child, NavigableString):
            if not isinstance(child, _NOT_TEXT):
                parts.append(str(child))
        elif isinstance(child, Tag):
            name = child.name.lower()
            if name == "br":
                parts.append(" ")
            elif name == "sup" and sups < _SUP_DEPTH:
                _collect_sup(child, parts, markers, keep_sup, sups + 1)
            elif name not in _SKIP_TAGS:
                block = name in _BLOCK_TAGS
                parts.append(" " if block else "")
                stack.append(iter(child.children))
                closing.append(" " if block else "")


_SUP_DEPTH = 4  # <sup> read as marks or words this deep; deeper ones are text of the one around them


def _collect_sup(sup: Tag, parts: list[str], markers: list[str], keep_sup: bool, sups: int) -> None:
    """A ``<sup>``: a mark becomes a marker (or, kept, printed: "1, 2" as "¹,²"); words stay text."""
    inner: list[str] = []
    _collect(sup, inner, markers, keep_sup, sups)
    text = normalise("".join(inner))
    marks = sup_marks(text)
    if marks is None:
        parts.append(sup_gap(text) + text)
    elif keep_sup:
        parts.append(",".join(m.translate(_SUPERSCRIPT) if m.isdigit() else m for m in marks))
    else:
        markers.extend(marks)


def _is_mark(node: object) -> bool:
    return isinstance(node, Tag) and node.name.lower() == "sup" and sup_marks(element_text(node)[0]) is not None


def element_text(node: Tag, *, keep_sup: bool = True) -> tuple[str, tuple[str, ...]]:
    """Printed text of an element (``<br>`` as a space) and, unless kept, the footnote marks of
    its ``<sup>`` elements; a ``<sup>`` that prints words is text either way."""
    parts: list[str] = []
    markers: list[str] = []
    _collect(node, parts, markers, keep_sup)
    return normalise("".join(parts)), tuple(markers)


def _emphasis(cell: Tag) -> tuple[str, ...]:
    """Emphasis of the elements that wrap the cell's whole content (footnote marks aside)."""
    found: list[str] = []
    node = cell
    while True:
        kids = [
            c for c in node.children
            if not (isinstance(c, NavigableString) and (isinstance(c, _NOT_TEXT) or not c.strip()))
            and not _is_mark(c)
        ]
        if len(kids) != 1 or not isinstance(kids[0], Tag):
            return tuple(dict.fromkeys(found))
        node = kids[0]
        style = node.get("style", "").replace(" ", "").lower()
        if node.name.lower() in ("b", "strong") or re.search(r"font-weight:(bold|[6-9]00)", style):
            found.append("bold")
        if node.name.lower() in ("u", "ins") or "text-decoration:underline" in style:
            found.append("underline")


_BR = re.compile(r"<br\s*/?>", re.I)


def _bold_marked(fragment: str) -> str:
    part = BeautifulSoup(fragment, "lxml")
    for tag in part.find_all(["b", "strong"]):
        tag.insert_before("**")
        tag.insert_after("**")
    return element_text(part.body or part, keep_sup=False)[0]


def _marked(cell: Tag) -> str:
    """The cell's text with bold written ``**…**``, when bold covers only part of it."""
    if cell.find(["b", "strong"]) is None:
        return ""
    return _bold_marked(cell.decode_contents())


def _lines(cell: Tag) -> tuple[str, ...]:
    """The printed text of each line of a cell broken with ``<br>``, bold kept as ``**…**`` so a
    line's own emphasis survives; empty for a cell of one line."""
    if cell.find("br") is None:
        return ()
    return tuple(_bold_marked(fragment) for fragment in _BR.split(cell.decode_contents()))


def _span(cell: Tag, attr: str, limit: int) -> int:
    """A cell's rowspan or colspan as HTML reads it: rowspan="0" runs to the end of the table (``limit``),
    colspan="0" is no span at all (HTML5 reads it as 1, where it once meant "to the end" and spread
    one cell over 1,000 columns); anything unreadable is 1, anything larger is ``limit``."""
    try:
        value = int(str(cell.get(attr, "1")).strip())
    except ValueError:
        return 1
    return limit if value == 0 and attr == "rowspan" else max(1, min(value, limit))


def _own_rows(table: Tag) -> list[Tag]:
    """The table's own rows, in order, wherever its sections or stray wrappers put them (never a nested
    table's rows; found without searching the nested tables, which 2,000 deep was quadratic)."""
    rows = []
    stack = [iter(table.children)]  # an explicit walk: 2,000 nested tables cost no recursion and no re-search
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
        elif isinstance(child, Tag):
            name = child.name.lower()
            if name == "tr":
                rows.append(child)
            elif name not in ("table", "td", "th"):  # sections and stray wrappers (<form>, <div>) hold rows too
                stack.append(iter(child.children))
    return rows


def table_grid(table: Tag, path: str = "", k: int = 1) -> list[list[_Cell]]:
    """The table as a rectangular grid of cells, spans expanded; a grid of more cells than the
    ``table-cells`` limit (colspan and rowspan multiply a few tags into millions) is refused before it
    is built."""
    from claimcheck.limits import current

    limits = current()
    rows = _own_rows(table)
    grid: list[list[_Cell]] = []
    pending: dict[tuple[int, int], _Cell] = {}
    spread = 0  # cells the spans have produced so far
    for r, tr in enumerate(rows):
        row: list[_Cell] = []
        cells = iter(tr.find_all(["th", "td"], recursive=False))
        c = 0
        while True:
            if (r, c) in pending:
                row.append(pending.pop((r, c)))
                c += 1
                continue
            cell = next(cells, None)
            if cell is None:
                break
            text, markers = element_text(cell, keep_sup=False)
            if cell.find("table") is not None:  # a layout cell holding a table: its text, no emphasis or lines
                info = _Cell(text, markers, (), cell.name == "th")
            else:
                emphasis = _emphasis(cell)
                info = _Cell(text, markers, emphasis, cell.name == "th", lines=_lines(cell),
                             marked=_marked(cell) if not emphasis else "")
            rowspan, colspan = _span(cell, "rowspan", len(rows) - r), _span(cell, "colspan", 1000)
            spread += rowspan * colspan
            if spread > limits.table_cells:
                raise limits.refuse("table_cells", f"table {k}", f"more than {limits.table_cells:,} cells once its "
                                    f"colspan and rowspan are spread out, at row {r + 1}", path)
            for dc in range(colspan):
                row.append(info)
                for dr in range(1, rowspan):
                    pending[(r + dr, c + dc)] = replace(info, below=True)
            c += colspan
        for col in sorted(col for (rr, col) in pending if rr == r):  # spans past the row's own cells
            row.extend([_Cell("", (), (), False)] * (col - len(row)))
            row.append(pending.pop((r, col)))
        grid.append(row)
    width = max((len(row) for row in grid), default=0)
    if width * len(grid) > limits.table_cells:  # short rows padded to the widest
        raise limits.refuse("table_cells", f"table {k}", f"{len(grid):,} rows × {width:,} columns", path)
    for row in grid:
        # one cell spanning the row: a section label; cells beside it with no text (an image spanning
        # many rows, say) do not make it a row of values
        texts = [cell for cell in row if cell.text.strip() or cell.markers]
        if len(row) > 1 and texts and len({id(cell) for cell in texts}) == 1 and row[0] is texts[0] and \
                sum(cell is texts[0] for cell in row) > 1 and len(row) == width:
            first = row[0]
            row[:] = [_Cell(first.text, first.markers, first.emphasis, first.header, True)] * len(row)
        row.extend([_Cell("", (), (), False)] * (width - len(row)))
    return _without_echo_columns(grid)


def _without_echo_columns(grid: list[list[_Cell]]) -> list[list[_Cell]]:
    """The grid without the columns that only echo the column to their left: every cell a colspan's copy
    of its left neighbour, or empty.  They hold nothing of their own, and as value columns they were
    models named "" (a colspan="1000" on two cells made 2,000 of them, and quadratic work downstream)."""
    if not grid:
        return grid
    keep = [0] + [j for j in range(1, len(grid[0]))
                  if not all(row[j] is row[j - 1] or not (row[j].text.strip() or row[j].markers) for row in grid)]
    if len(keep) == len(grid[0]):
        return grid
    return [[row[j] for j in keep] for row in grid]


def _header_count(table: Tag, grid: list[list[_Cell]]) -> int:
    rows = _own_rows(table)
    in_thead = [tr.find_parent("thead") is not None for tr in rows]
    count = 0
    if any(in_thead):
        while count < len(grid) and in_thead[count]:
            count += 1
    else:  # leading rows of <th>; a full-width row after them labels a section
        while count < len(grid) and all(c.header for c in grid[count]) and not (count and grid[count][0].span_all):
            count += 1
    if count == 0:  # no <th> at all: leading rows of names only ("<td><b>Flickr30K</b></td>" over "R@1", "R@5")
        while count < min(len(grid) - 1, _MAX_PLAIN_HEADER) and _names_only(grid[count]):
            count += 1
        if count and all(_names_only(row) or not any(c.text.strip() for c in row) for row in grid[count:]):
            count = 0  # a table of names throughout (a model zoo): its first row is its header, as before
    return 1 if count in (0, len(grid)) else count


_MAX_PLAIN_HEADER = 4


def _names_only(row: list[_Cell]) -> bool:
    """A row of two or more names and no number, not one label spanning the row: a header row written in <td>."""
    from claimcheck.parsing.cells import parse_cell

    filled = [c.text for c in row if c.text.strip()]
    distinct = list(dict.fromkeys(filled))
    return (len(distinct) >= 2 and not row[0].span_all
            and not any(parse_cell(t).status in ("ok", "missing") for t in filled))


def _header_name(cell: _Cell) -> str:
    return cell.text + "".join(m.translate(_SUPERSCRIPT) if m.isdigit() else m for m in cell.markers)


def flatten_header(rows: list[list[_Cell]]) -> tuple[str, ...]:
    """One name per column: the header rows' texts top-down, deduplicated, joined by " / "."""
    width = len(rows[0]) if rows else 0
    names = []
    for col in range(width):
        parts = [_header_name(row[col]) for row in rows]
        names.append(" / ".join(dict.fromkeys(p for p in parts if p)))
    return tuple(names)


def _captions(table: Tag) -> list[str]:
    """The table's ``<caption>`` and its enclosing ``<figure>``'s ``<figcaption>``."""
    found = [table.find("caption", recursive=False)]
    figure = table.find_parent("figure")
    if figure is not None:
        found.append(figure.find("figcaption"))
    return [text for text in (element_text(c)[0] for c in found if c is not None) if text]


def _table_name(table: Tag, k: int) -> str:
    caption = table.find("caption", recursive=False)
    if caption is not None and element_text(caption)[0]:
        return element_text(caption)[0]
    if table.get("id"):
        return str(table["id"]).strip()
    if captions := _captions(table):
        return captions[0]
    heading = table.find_previous(_HEADINGS)
    if heading is not None and element_text(heading)[0]:
        return element_text(heading)[0]
    return f"table {k}"


def _note_texts(node: Tag | NavigableString) -> list[str]:
    """Notes in one element after a table, or [] when it is not footnote-like."""
    if isinstance(node, NavigableString):
        text = normalise(str(node))
        return [text] if text and _NOTE_START.match(text) else []
    if node.name.lower() not in ("p", "small", "div", "ul", "ol", "dl", "aside", "footer"):
        return []
    classes = " ".join(node.get("class", [])).lower()
    text = element_text(node)[0]
    first = next((c for c in node.descendants if isinstance(c, Tag) or (isinstance(c, NavigableString) and c.strip())), None)
    if not text or not ("footnote" in classes or "note" in classes or _NOTE_START.match(text)
                        or (isinstance(first, Tag) and first.name.lower() == "sup")
                        or (node.name.lower() in ("p", "small") and BACK_REFERENCE.search(text))):  # "… in the table above"
        return []
    if lines := _sup_lines(node):
        return lines
    items = node.find_all(["li", "p", "dd"])
    inner = {id(i) for i in items}
    items = [i for i in items if not any(id(p) in inner for p in i.parents)]
    return [t for t in (element_text(i)[0] for i in items) if t] if items else [text]


def _sup_lines(node: Tag) -> list[str]:
    """The lines of a paragraph made of ``<sup>`` lines broken by ``<br>`` (how READMEs set their
    notes small), one note each; [] for any other element."""
    kids = [c for c in node.children if not _ignorable(c)]
    sups = [c for c in kids if isinstance(c, Tag) and c.name.lower() == "sup"]
    if len(sups) < 2 or any(not isinstance(c, Tag) or c.name.lower() not in ("sup", "br") for c in kids):
        return []
    return [t for t in (element_text(c)[0] for c in sups) if t]


def _wrapper(node: Tag | None) -> bool:
    """A ``<div>``, ``<figure>`` or custom element (GitHub's ``<markdown-accessiblity-table>``)."""
    return node is not None and (node.name in ("div", "figure") or "-" in node.name)


def _ignorable(node: object) -> bool:
    if isinstance(node, Tag):
        return node.name.lower() == "figcaption"
    return isinstance(node, _NOT_TEXT) or not str(node).strip()


def _notes(table: Tag) -> list[str]:
    """The caption, then footnote-like elements right after the table (or its wrapper)."""
    notes = _captions(table)
    anchor: Tag = table
    while _wrapper(anchor.parent) and not any(not _ignorable(s) for s in anchor.next_siblings):
        anchor = anchor.parent
    for sibling in anchor.next_siblings:
        if _ignorable(sibling):
            continue
        found = _note_texts(sibling)
        if not found or _introduces_next(sibling):
            break
        notes.extend(found)
    return list(dict.fromkeys(notes))


def _has_table(node: object) -> bool:
    return isinstance(node, Tag) and (node.name.lower() == "table" or node.find("table") is not None)


def _introduces_next(node: Tag | NavigableString) -> bool:
    """Whether an element after a table is the caption of the table printed right after it ("Note: the
    following table lists the base models"): it introduces what follows, or does not read as a note."""
    after = next((s for s in node.next_siblings if not _ignorable(s)), None)
    if not _has_table(after):
        return False
    text = normalise(str(node)) if isinstance(node, NavigableString) else element_text(node)[0]
    return introduces(text) or not reads_as_note(text)


_CAPTION_TAGS = ("p", "div", "strong", "b", "em", "span", "li", "ul", "ol", "small")
_MAX_CAPTION = 400


def _caption_before(table: Tag) -> str:
    """The element printed right before the table (or its wrapper) when it introduces it: a short label
    ("<p><b>Base models</b></p>"), a list item, or a sentence ending in a colon or speaking of what is
    "below" or "following".  A heading names the table already; anything else is prose."""
    anchor: Tag = table
    while _wrapper(anchor.parent) and not any(not _ignorable(s) for s in anchor.previous_siblings):
        anchor = anchor.parent
    before = next((s for s in anchor.previous_siblings if not _ignorable(s)), None)
    if isinstance(before, NavigableString):
        text = normalise(str(before))
    elif isinstance(before, Tag) and before.name.lower() in _CAPTION_TAGS and not _has_table(before):
        if before.name.lower() in ("ul", "ol"):
            items = before.find_all("li")
            return element_text(items[-1])[0][:_MAX_CAPTION] if items else ""
        text = element_text(before)[0]
    else:
        return ""
    if not text or len(text) > _MAX_CAPTION:
        return ""
    return text if (len(text) <= 80 and not re.search(r"[.。]\s*$", text)) or introduces(text) else ""


def _read_table(table: Tag, k: int, path: str = "") -> SourceTable | None:
    grid = table_grid(table, path, k)
    if not grid or len(grid[0]) < 2:
        return None
    count = _header_count(table, grid)
    titles = [row[0].text for row in grid[:count] if row[0].span_all and count > 1]
    header = flatten_header([row for row in grid[:count] if not (row[0].span_all and count > 1)] or grid[:count])
    rows = []
    for r, row in enumerate(grid[count:], start=count + 1):
        if not any(cell.text or cell.markers for cell in row) and (not rows or not any(c.text or c.markers for c in rows[-1])):
            continue  # a leading or repeated empty row; one empty row between rows is kept: it separates blocks
        rows.append(tuple(
            RawCell(text="" if cell.span_all and col else cell.text, row=r, col=col,
                    markers=() if cell.span_all and col else cell.markers,
                    emphasis=() if cell.span_all and col else cell.emphasis,
                    lines=() if cell.span_all and col else cell.lines,
                    marked="" if cell.span_all and col else cell.marked, spanned=cell.below)
            for col, cell in enumerate(row)
        ))
    while rows and not any(c.text or c.markers for c in rows[-1]):
        rows.pop()  # a trailing empty row separates nothing
    if not rows:
        return None
    return SourceTable(input=0, name=_table_name(table, k), header=header, rows=tuple(rows),
                       notes=tuple(dict.fromkeys([*titles, *_notes(table)])), caption=_caption_before(table))


def read_html(text: str, path: str) -> list[SourceTable]:
    """Every data table in an HTML document (layout tables are skipped)."""
    soup = BeautifulSoup(text, "lxml")
    tables: list[SourceTable] = []
    seen: dict[str, int] = {}
    for k, element in enumerate(soup.find_all("table"), start=1):
        table = _read_table(element, k, path)
        if table is None:
            continue
        if table.name in seen:
            table = replace(table, name=f"{table.name} (table {k})")
        seen[table.name] = k
        tables.append(table)
    h1 = soup.find("h1")
    title = normalise(h1.get_text(" ")) if h1 is not None else ""
    return [replace(t, page_title=title) for t in tables] if title else tables
