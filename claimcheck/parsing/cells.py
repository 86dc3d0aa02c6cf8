"""Read a printed value cell ("57.9%", "**91.5**", "79.8 ± 1.2", "1287 (+5/-4)") into a CellValue.

Nothing is guessed: a missing cell ("—", "-", "", "n/a") is missing, never zero;
a cell that does not read as a number is unparseable and says why.  Markers
(footnotes, bold) are kept as data because rules reason about them.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from functools import lru_cache

from claimcheck.records import CellValue

MISSING = frozenset({
    "", "—", "–", "-", "−", "--", "---", "n/a", "na", "n.a.", "n/a.", "null", "none", "nan",
    "?", "tbd", "/", "x", "×", "无", "暂无", "未报告", "不适用", "缺失", "…", "...",
    "oom", "oot", "timeout", "time out",  # out of memory / out of time: the run gave no result, not a score of 0
})

_LONGEST = 40  # characters of a printed number: anything longer is no score
_NUM = r"[+\-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:[.,]\d+)?|[+\-−]?[.,]\d+"
_MARK_CHARS = "*†‡§¶#^"
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")

_EMPHASIS = [
    ("bold", re.compile(r"^\*\*(.+)\*\*$|^__(.+)__$", re.S)),
    ("bold", re.compile(r"^<(?:b|strong)>(.+)</(?:b|strong)>$", re.S | re.I)),
    ("underline", re.compile(r"^<(?:u|ins)>(.+)</(?:u|ins)>$", re.S | re.I)),
    ("underline", re.compile(r"^\\underline\{(.+)\}$", re.S)),
    ("bold", re.compile(r"^\\textbf\{(.+)\}$", re.S)),
]
# one alternative per character, repeated once: a nested "(?:[*]+)+" backtracks exponentially on "57.9****…x"
_TRAILING_MARKS = re.compile(rf"^(.*?)\s*((?:[{re.escape(_MARK_CHARS)}⁰¹²³⁴⁵⁶⁷⁸⁹]|\[\d+\]|\^\w+|\([a-z]\))+)$")
_LEADING_MARKS = re.compile(rf"^([{re.escape(_MARK_CHARS)}]+)\s*(.+)$")
_N_NOTE = re.compile(r"\(\s*n\s*=\s*([\d,]+)\s*\)", re.I)
_PLUS_MINUS = re.compile(rf"^({_NUM})\s*(%?)\s*(?:±|\+/-|\+-)\s*({_NUM})\s*(%?)$")
_PLUS_MINUS_PAREN = re.compile(rf"^({_NUM})\s*(%?)\s*\(\s*(?:±|\+/-)\s*({_NUM})\s*%?\s*\)$")
_ASYM = re.compile(rf"^({_NUM})\s*(%?)\s*\(?\s*\+\s*({_NUM})\s*/\s*[-−]\s*({_NUM})\s*\)?$")
_ASYM_REV = re.compile(rf"^({_NUM})\s*(%?)\s*\(?\s*[-−]\s*({_NUM})\s*/\s*\+\s*({_NUM})\s*\)?$")
_BRACKET = re.compile(rf"^({_NUM})\s*(%?)\s*[\[(]\s*({_NUM})\s*%?\s*(?:,|–|—|-|to)\s*({_NUM})\s*%?\s*[\])]$")
_PLAIN = re.compile(rf"^({_NUM})\s*(%?)$")
# a change printed beside the value, signed: "47.2 (+12.6)", "47.2 (↑12.6%)", "47.2 ↓1.3" (never a bare "(12.6)")
_DELTA = re.compile(rf"^({_NUM})\s*(%?)\s*(?:[(（]\s*([+\-−↑↓▲▼])\s*(\d+(?:[.,]\d+)?)\s*%?\s*[)）]|([↑↓▲▼])\s*(\d+(?:[.,]\d+)?)\s*%?)$")
_FRACTION = re.compile(r"^(\d+)\s*/\s*(\d+)$")


def _number(text: str, decimal_comma: bool) -> tuple[float, int]:
    """Parse one printed number; return (value, printed decimals)."""
    s = text.replace("−", "-")
    if decimal_comma:
        s = s.replace(".", "").replace(",", ".") if re.search(r",\d+$", s) else s.replace(",", "")
    elif re.fullmatch(r"[+\-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?", s):
        s = s.replace(",", "")
    elif "," in s:  # "88,4" in a comma-decimal cell that slipped through
        s = s.replace(",", ".")
    decimals = len(s.split(".", 1)[1]) if "." in s else 0
    value = float(s)
    if not math.isfinite(value) or len(s) > _LONGEST:  # 400 digits are no score (and would print as Infinity)
        raise ValueError(f"not a printed score: {len(s)} characters")
    return value, decimals


_WRAPPED = re.compile(r"^(\*\*|__)(.+?)\1(.*)$", re.S)


def strip_emphasis(text: str) -> tuple[str, tuple[str, ...]]:
    """A cell or label without its markdown emphasis, and which emphasis it had ("**91.5**†" -> "91.5†", bold)."""
    found: list[str] = []
    m = _WRAPPED.match(text)
    if m and m.group(3).strip() and not re.search(r"\d", m.group(3)):  # "**91.5**†": bold, then a marker
        found.append("bold")
        text = m.group(2).strip() + m.group(3).strip()
    changed = True
    while changed:
        changed = False
        for name, pattern in _EMPHASIS:
            m = pattern.match(text)
            if m:
                text = next(g for g in m.groups() if g is not None).strip()
                if name not in found:
                    found.append(name)
                changed = True
    return text, tuple(found)


def _strip_markers(text: str) -> tuple[str, tuple[str, ...]]:
    marks: list[str] = []
    m = _LEADING_MARKS.match(text)
    if m and not re.match(r"^[+\-−]?\d", text):
        marks.append(m.group(1))
        text = m.group(2)
    m = _TRAILING_MARKS.match(text)
    if m and m.group(1):
        marks.append(m.group(2).translate(_SUPERSCRIPTS))
        text = m.group(1).strip()
    return text, tuple(marks)


_CURRENCY = re.compile(r"^(?:US\$|\$|€|£|¥|￥|RMB\s?|USD\s?)(?=[\d.])|(?<=\d)\s?(?:USD|EUR|元)$", re.I)
_BEST_WORDS = re.compile(r"\s*[(（]?\s*(?:best|sota|最佳|最优|第一)\s*[)）]?\s*$", re.I)


_ONLY_MARKS = re.compile(r"^\s*[*†‡§¶]+\s*$")
_MISSING_MARKED = re.compile(r"^(\S+)\s*\(\s*\\?([*†‡§¶]+|\d)\s*\)$")


#: characters that print nothing: zero-width space, non-joiner, joiner, word joiner, byte-order mark, soft hyphen
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))


def normalise(text: str) -> str:
    """Text as printed: invisible characters dropped, white space (NBSP included) collapsed to single spaces."""
    return " ".join(str(text).translate(_INVISIBLE).split())


def parse_cell(
    raw: str,
    *,
    decimal_comma: bool = False,
    markers: tuple[str, ...] = (),
    emphasis: tuple[str, ...] = (),
) -> CellValue:
    """Read one printed cell.  ``markers``/``emphasis`` come from the reader (HTML, XLSX).

    A board prints a few hundred distinct values over its thousands of cells, and the layout is guessed
    from the same cells again: each distinct cell is read once (the record is immutable)."""
    return _parse_cell(raw, decimal_comma, tuple(markers), tuple(emphasis))


@lru_cache(maxsize=1 << 17, typed=True)
def _parse_cell(raw: str, decimal_comma: bool, markers: tuple[str, ...], emphasis: tuple[str, ...]) -> CellValue:
    text = normalise(raw)  # "5\u200b7.9": a zero-width space prints nothing
    if text.casefold() in MISSING:
        return CellValue(raw=raw, status="missing", markers=markers, emphasis=emphasis)
    if _ONLY_MARKS.match(text):  # "*", "†": a mark where a value would be, no value ("* not supported")
        return CellValue(raw=raw, status="missing", markers=tuple(dict.fromkeys((*markers, text.strip()))), emphasis=emphasis)
    text, found_emph = strip_emphasis(text)
    if (m := _BEST_WORDS.search(text)) and m.start() > 0:  # "91.5 (best)", "91.5 SOTA"
        text, found_emph = text[: m.start()].strip(), (*found_emph, "best")
    text, found_marks = _strip_markers(text)
    text, more_emph = strip_emphasis(text)  # "**91.5**†" and "**91.5†**"
    text = _CURRENCY.sub("", text).strip()  # "$15.00", "US$1,250", "¥3.2": the amount (the row says what it costs)
    emphasis = tuple(dict.fromkeys((*emphasis, *found_emph, *more_emph)))
    markers = tuple(dict.fromkeys((*markers, *found_marks)))
    if text.casefold() in MISSING:
        return CellValue(raw=raw, status="missing", markers=markers, emphasis=emphasis)
    if (m := _MISSING_MARKED.match(text)) and m.group(1).casefold() in MISSING:  # "N/A (*)": missing, see note *
        return CellValue(raw=raw, status="missing", markers=tuple(dict.fromkeys((*markers, m.group(2)))), emphasis=emphasis)
    n = None
    m = _N_NOTE.search(text)
    if m:
        digits = m.group(1).replace(",", "")
        if not digits or len(digits) > 12 or int(digits) == 0:  # "(n=,)", "(n=0)", or a count no benchmark has
            return _unparseable(raw, markers, emphasis)
        n = int(digits)
        text = (text[: m.start()] + text[m.end():]).strip()
    try:
        return _read_value(raw, text, decimal_comma, markers, emphasis, n)
    except ValueError:
        return _unparseable(raw, markers, emphasis)


def _read_value(raw, text, decimal_comma, markers, emphasis, n) -> CellValue:
    base = dict(raw=raw, status="ok", markers=markers, emphasis=emphasis, n=n)
    if m := _PLAIN.match(text):
        value, dec = _number(m.group(1), decimal_comma)
        return CellValue(value=value, decimals=dec, percent_sign=bool(m.group(2)), **base)
    if m := _DELTA.match(text):
        value, dec = _number(m.group(1), decimal_comma)
        sign, size = (m.group(3), m.group(4)) if m.group(3) else (m.group(5), m.group(6))
        change, _ = _number(size, decimal_comma)
        return CellValue(value=value, decimals=dec, percent_sign=bool(m.group(2)),
                         delta=-change if sign in "-−↓▼" else change, **base)
    if m := (_PLUS_MINUS.match(text) or _PLUS_MINUS_PAREN.match(text)):
        value, dec = _number(m.group(1), decimal_comma)
        spread, spread_dec = _number(m.group(3), decimal_comma)
        return CellValue(value=value, decimals=dec, percent_sign=bool(m.group(2)), plus_minus=abs(spread),
                         plus_minus_decimals=spread_dec, **base)
    if m := (_ASYM.match(text) or _ASYM_REV.match(text)):
        value, dec = _number(m.group(1), decimal_comma)
        a, _ = _number(m.group(3), decimal_comma)
        b, _ = _number(m.group(4), decimal_comma)
        up, down = (abs(a), abs(b)) if m.re is _ASYM else (abs(b), abs(a))
        return CellValue(value=value, decimals=dec, percent_sign=bool(m.group(2)), bounds=(value - down, value + up), **base)
    if m := _BRACKET.match(text):
        value, dec = _number(m.group(1), decimal_comma)
        lo, _ = _number(m.group(3), decimal_comma)
        hi, _ = _number(m.group(4), decimal_comma)
        if not lo <= value <= hi:
            raise ValueError("value outside its printed interval")
        return CellValue(value=value, decimals=dec, percent_sign=bool(m.group(2)), bounds=(lo, hi), **base)
    if (m := _FRACTION.match(text)) and 0 < int(m.group(2)) and int(m.group(1)) <= int(m.group(2)):
        k, total = int(m.group(1)), int(m.group(2))
        base["n"] = total
        return CellValue(value=100.0 * k / total, decimals=None, percent_sign=True, **base)
    if (m := _ANNOTATED.match(text)) and not _ANNOTATED.match(m.group(1)):
        inner = _read_value(raw, m.group(1).strip(), decimal_comma, markers, emphasis, n)
        return replace(inner, setting=" ".join(m.group(2).split()))
    raise ValueError(text)


#: a value with a setup note of its own, "10.0 (8shot CoT)", "4.0 (5 shot)", "61.2 (maj@8)": words in brackets
#: (a letter in them: "(1.2)" is an error, "(+3.1)" a change, and both are read above)
_ANNOTATED = re.compile(r"^(.*?\d%?)\s*[(（\[]([^()（）\[\]]*[A-Za-z\u4e00-\u9fff][^()（）\[\]]*)[)）\]]$")


def _unparseable(raw: str, markers, emphasis) -> CellValue:
    return CellValue(
        raw=raw, status="unparseable", markers=markers, emphasis=emphasis,
        problem=f"expected a number such as 57.9, 57.9% or 79.8 ± 1.2, found {raw[:60]!r}{' …' if len(raw) > 60 else ''}",
    )


def looks_decimal_comma(cells: list[str]) -> bool:
    """Whether a table prints decimals with a comma ("88,4%"): some cell has a comma
    followed by other than three digits, and no cell reads as a thousands separator."""
    comma_decimal = re.compile(r"^[+\-]?\d+,\d{1,2}%?$|^[+\-]?\d+,\d{4,}%?$")
    thousands = re.compile(r"^[+\-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?%?$")
    has_decimal = any(comma_decimal.match(c.strip()) for c in cells)
    has_thousands = any(thousands.match(c.strip()) and "." in c for c in cells)
    return has_decimal and not has_thousands
