"""Images on a page that hold results: numbers claimcheck cannot read, said rather than skipped.

    result_images(text, "md")  -> (PageImage("./assets/32b_eval.jpg", "", "📊 Evaluation", 4), …)

A release page often prints part of its evaluation as pictures (a bar chart, a screenshot of a
table, a needle-in-a-haystack heatmap).  Those numbers never reach a table, so an audit of the
page's tables says nothing about them; the report names them instead.  An image holds results when
its file name, alt text or title, or the heading it is printed under, uses a results word
(evaluation, results, benchmark, performance, leaderboard, a table, a needle-in-a-haystack test), and
it is not one of the pictures every README has (a logo, a badge, an architecture diagram).

Both Markdown images (``![alt](src "title")``) and HTML ``<img>`` tags are read, in either format, with
the nearest heading above them (a Markdown ``#`` line or an HTML ``<h1>``–``<h6>``, a bold line
standing alone as a heading, "**Hungarian National High-School Exam:**", or a bold label leading its
paragraph, "**Instruction Following Evaluation:** On Nov 15th, …").
"""

from __future__ import annotations

import html
import re
from bisect import bisect_left
import unicodedata
from dataclasses import replace
from typing import Literal

from claimcheck.records import PageImage

_MD_IMAGE = re.compile(r"!\[([^\]\n]{0,300})\]\(\s*<?([^\s)>]{1,2000})>?(?:\s+[\"']([^\"'\n]{0,300})[\"'])?\s*\)")
_IMG_TAG = re.compile(r"<img\b([^>]{0,3000})>", re.I)
_ATTR = re.compile(r"""\b(src|alt|title|width|height)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""", re.I)
_MD_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$")
_BOLD_HEADING = re.compile(r"^\s*\*\*([^*\n]{2,120})\*\*\s*:?\s*$")
#: a paragraph led by a bold label and a colon ("**Instruction Following Evaluation:** On Nov 15th, …"): a heading
#: run into its text
_BOLD_LEAD = re.compile(r"^\s*\*\*([^*\n]{2,80}?)\s*(?::\*\*|\*\*\s*:)")
_HTML_HEADING = re.compile(r"<h[1-6]\b[^>]*>(.*?)</h[1-6]\s*>", re.I | re.S)
_TAG = re.compile(r"<[^>]{0,2000}>")

#: Words that say an image shows results (matched on the words of its name, alt, title or heading).
_RESULTS = re.compile(
    r"^(?:evals?|evaluations?|results?|benchmarks?|bench|performances?|scores?|leaderboards?|comparisons?|tables?|"
    r"niah|haystack|accuracy|pass|metrics?)$|评测|结果|性能|榜单|评估", re.I)
#: Words of the pictures that are not results however they are headed.
_NOT_RESULTS = re.compile(
    r"^(?:logo|logos|banner|badge|badges|shields|icon|icons|arch|architecture|pipeline|framework|diagram|"
    r"demo|qr|wechat|discord|twitter|license|licence|avatar)$", re.I)
#: An image this small (a width or height in pixels) is an icon: a vendor's logo in a table header.
_ICON_PX = 48


def result_images(text: str, fmt: Literal["md", "html"]) -> tuple[PageImage, ...]:
    """The images of a document that hold results, in page order."""
    place = _Place(text, _headings(text, fmt))
    found: list[tuple[int, PageImage]] = []
    for m in _MD_IMAGE.finditer(text) if fmt == "md" else ():
        image = place.image(m.start(), m.group(2), m.group(1), m.group(3) or "")
        # "[![evaluation](./assets/compass_support.svg)](https://…)": a linked SVG is a badge, not a chart
        linked = text[max(0, m.start() - 1):m.start()] == "[" and text[m.end():m.end() + 2] == "]("
        found.append((m.start(), replace(image, icon=True) if linked and _svg(image.src) else image))
    for m in _IMG_TAG.finditer(text):
        attrs = {k.casefold(): html.unescape(a or b or c) for k, a, b, c in _ATTR.findall(m.group(1))}
        if attrs.get("src"):
            image = place.image(m.start(), attrs["src"], attrs.get("alt", ""), attrs.get("title", ""))
            found.append((m.start(), replace(image, icon=_is_icon(attrs))))
    return tuple(image for _, image in sorted(found, key=lambda x: x[0]) if _holds_results(image))


class _Place:
    """Where an offset of the text is: its line and the heading above it, by binary search."""

    def __init__(self, text: str, headings: list[tuple[int, str]]):
        self.starts = [at for at, _ in headings]
        self.titles = [title for _, title in headings]
        self.breaks = [m.start() for m in re.finditer("\n", text)]

    def image(self, at: int, src: str, alt: str, title: str) -> PageImage:
        above = bisect_left(self.starts, at)  # headings starting before the image
        return PageImage(src=src.strip(), alt=" ".join(alt.split()), title=" ".join(title.split()),
                         heading=self.titles[above - 1] if above else "", line=bisect_left(self.breaks, at) + 1)


def _svg(src: str) -> bool:
    return src.split("?", 1)[0].split("#", 1)[0].casefold().endswith(".svg")


def _is_icon(attrs: dict[str, str]) -> bool:
    """A width or height of at most ``_ICON_PX`` pixels ("16", "24px"; not "75%")."""
    for key in ("width", "height"):
        m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*", attrs.get(key, ""))
        if m and float(m.group(1)) <= _ICON_PX:
            return True
    return False


def _headings(text: str, fmt: str) -> list[tuple[int, str]]:
    """(offset, text) of every heading, in page order."""
    out: list[tuple[int, str]] = []
    if fmt == "md":
        offset = 0
        for line in text.splitlines(keepends=True):
            if m := _MD_HEADING.match(line) or _BOLD_HEADING.match(line) or _BOLD_LEAD.match(line):
                out.append((offset, _plain(m.group(1))))
            offset += len(line)
    out += [(m.start(), _plain(m.group(1))) for m in _HTML_HEADING.finditer(text)]
    return sorted(out)


def _plain(text: str) -> str:
    """A heading as words: markup, emphasis and pictographs ("📊 Evaluation") dropped."""
    text = html.unescape(_TAG.sub(" ", text)).replace("*", " ")
    text = "".join(c for c in text if unicodedata.category(c) not in ("So", "Sk", "Cs") and c not in "\ufe0f\u200d")
    return " ".join(text.split()).strip(" :")


def _words(text: str) -> list[str]:
    """The words of a file name or a phrase: "./assets/32b_eval.jpg" -> ["assets", "32", "b", "eval", "jpg"]."""
    return re.findall(r"[^\W\d_]+|\d+", text.casefold())


def _holds_results(image: PageImage) -> bool:
    name = _words(image.src.rsplit("/", 1)[-1].split("?", 1)[0]) + _words(image.alt) + _words(image.title)
    if any(_NOT_RESULTS.match(w) for w in name) or "shields.io" in image.src or "badge" in image.src.casefold():
        return False
    if image.icon:
        return False
    return any(_RESULTS.search(w) for w in name + _words(image.heading))  # "teaser.png" under "Evaluation" is a chart
