"""The calendar dates a page's text mentions, read into one fact: the latest of them.

A release page rarely prints its own date, but it names dates: news lines ("2024-11-29: released"),
model snapshots ("gpt-4o-2024-08-06"), benchmark windows ("problems from July 2023 to Nov 2023"),
release-date rows.  A page cannot have been written before the latest date it mentions, and a vendor's
table is measured when the page is written, so that date stands for the page's date where nothing
better is known (``--as-of`` gives the real one).  Rules whose registry facts begin on a date (a test
set whose labels were published later) compare against it.

Only unambiguous forms are read: ISO and dotted or slashed year-first dates, month names with a year,
and 年/月 dates.  Day-first and month-first numeric dates ("8/1/24") are left alone: they cannot be
told apart.  A date is returned as ``YYYY-MM`` or ``YYYY-MM-DD`` (as precise as printed), years 2000–2099.
"""

from __future__ import annotations

import re

_MONTHS = {m: i for i, names in enumerate((
    ("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",), ("jun", "june"),
    ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"), ("oct", "october"), ("nov", "november"),
    ("dec", "december")), start=1) for m in names}
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))

# year-first: 2024-11-29, 2024.06.18, 2024/06/18, 2024-11 (not 2311.07911, an arXiv id: the year must be 20xx
# and the month 01-12; not inside a longer number)
_ISO = re.compile(r"(?<![\d.])(20\d\d)([-./])(0?[1-9]|1[0-2])(?:\2([0-2]?\d|3[01]))?(?![\d])")
# Nov 15th, 2023 · 15 November 2023 · November 2023 · Nov. 2023
_NAMED = re.compile(
    rf"\b(?:(\d{{1,2}})(?:st|nd|rd|th)?\s+)?({_MONTH})\.?(?:\s+(\d{{1,2}})(?:st|nd|rd|th)?)?,?\s+(20\d\d)\b", re.I)
_CJK = re.compile(r"(20\d\d)\s*年\s*(0?[1-9]|1[0-2])\s*月(?:\s*([0-2]?\d|3[01])\s*日)?")
# an arXiv identifier the page cites ("arxiv.org/abs/2406.11931", "arXiv:2406.11931"): the page is no older
# than that month
_ARXIV = re.compile(r"arxiv(?:\.org/(?:abs|pdf|html)/|\s?:\s?)([1-3]\d)(0[1-9]|1[0-2])\.\d{4,5}", re.I)


def _fmt(year: str, month: int, day: int | None) -> str | None:
    if day is not None and not 1 <= day <= 31:
        return None
    return f"{year}-{month:02d}" + (f"-{day:02d}" if day else "")


def dates_in(text: str) -> list[str]:
    """Every date the text prints, in the forms above (and the month of each arXiv id it cites), as ISO
    strings (in order of appearance per form)."""
    found: list[str] = []
    for m in _ISO.finditer(text):
        if m.group(2) == "." and m.group(4) is None:  # "2024.06" is as often a version number as a month
            continue
        found.append(_fmt(m.group(1), int(m.group(3)), int(m.group(4)) if m.group(4) else None))
    for m in _NAMED.finditer(text):
        day = m.group(1) or m.group(3)
        found.append(_fmt(m.group(4), _MONTHS[m.group(2).casefold()], int(day) if day else None))
    for m in _CJK.finditer(text):
        found.append(_fmt(m.group(1), int(m.group(2)), int(m.group(3)) if m.group(3) else None))
    for m in _ARXIV.finditer(text):
        found.append(_fmt(f"20{m.group(1)}", int(m.group(2)), None))
    return [d for d in found if d]


def latest_date(text: str) -> str | None:
    """The latest date the text mentions (``YYYY-MM`` or ``YYYY-MM-DD``), or None."""
    found = dates_in(text)
    return max(found, key=_order) if found else None


def _order(date: str) -> tuple[str, str]:
    """Sort key: a month counts as its last day, so "2024-11" is later than "2024-11-29"'s month-mates."""
    return (date[:7], date[8:] or "99")


def on_or_after(date: str, start: str) -> bool:
    """Whether ``date`` (a page's) is not known to be before ``start`` (a registry fact's ``when``),
    each as precise as it was printed: a month is compared as a month."""
    if len(date) == 7 or len(start) == 7:
        return date[:7] >= start[:7]
    return date >= start
