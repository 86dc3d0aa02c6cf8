"""Whether the fonts the report needs are installed (CJK labels need a CJK font)."""

from __future__ import annotations

import re
import shutil
import subprocess
from functools import lru_cache
from typing import Iterable

_CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")


@lru_cache(maxsize=1)
def cjk_font_installed() -> bool:
    """True when fontconfig knows a font covering Chinese."""
    if not shutil.which("fc-list"):
        return False
    try:
        out = subprocess.run(["fc-list", ":lang=zh", "family"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return bool(out.strip())


def environment_notes(texts: Iterable[str]) -> list[str]:
    """Notes for the report and the terminal about what the machine lacks."""
    if any(_CJK.search(t) for t in texts) and not cjk_font_installed():
        return ["The input contains Chinese/Japanese/Korean text but no CJK font is installed, so that text "
                "may print as empty boxes in the PDF. Install one (e.g. apt-get install fonts-wqy-microhei) "
                "or use --format html."]
    return []


def report_environment(report) -> list[str]:
    """The environment notes for one report's input text (tables, headers, claims)."""
    texts = [c.text for t in report.tables for r in t.rows for c in r]
    texts += [h for t in report.tables for h in t.header] + [c.text for c in report.claims]
    return environment_notes(texts)
