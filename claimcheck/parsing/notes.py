"""What a footnote line under a table starts with, shared by every reader.

    NOTE_START.match("* on the text-only subset")      -> a note
    NOTE_START.match("Sources: vendor blog, 2025-06")  -> a note
    NOTE_START.match("GPQA Diamond")                    -> not a note

A reader that knows more about its format (a Markdown blockquote or ``<sup>``,
a ``#`` comment line in a CSV) adds those starts with :func:`note_start`.
"""

from __future__ import annotations

import re

#: Starts of a footnote line: a marker (``*``, ``\\*``, ``†``, ``¹``, ``[1]``,
#: ``[^1]``, ``(a)``) or a word that introduces notes or sources.
NOTE_MARKERS = (
    r"\\?[*†‡§¶]|[¹²³⁴⁵⁶⁷⁸⁹⁰]|\[\^?\d+\]|\(\w\)"
    r"|Notes?\b|Sources?\b|注|说明|备注|来源"
)


def note_start(extra: str = "", *, prefix: str = "") -> re.Pattern[str]:
    """The shared pattern, with a reader's own alternatives (``extra``) and an
    optional ``prefix`` allowed before the marker (a blockquote's ``>``)."""
    alternatives = NOTE_MARKERS + (f"|{extra}" if extra else "")
    return re.compile(rf"^\s*{prefix}(?:{alternatives})", re.I)


NOTE_START = note_start()
