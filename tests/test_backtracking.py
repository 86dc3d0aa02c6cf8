"""No regular expression of claimcheck backtracks catastrophically (issue 11).

Every compiled pattern held at module level, or in a module-level list, tuple or dict, is searched in
runs of 20,000 characters of the shapes that made patterns quadratic: one letter, one digit, a
letter or digit with a separator, a star.  A linear search over 20,000 characters takes milliseconds.
The quadratic ones this test found took between 1.4 and 16.6 s (``_PROTOCOL``, ``_THINKING``,
``_DESCRIPTOR``, ``_DIRECTION``, ``_HARNESS``, ``_SHOTS``, ``_GLUED_YEAR``, ``_STEM_VERSION``,
``_WORD_BEFORE``, ``_SETUP_WORDS``), so the bound below is about 100 times the normal cost. It
tests the shape of the patterns, not the machine's speed.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import time

import claimcheck

RUNS = ["a" * 20_000, "a " * 10_000, "a-" * 10_000, "a." * 10_000, "1" * 20_000, "1." * 10_000, "1 " * 10_000,
        "*" * 20_000,
        # runs behind a keyword a pattern needs first (the review found "avg(" + "prompt/" * 2000 took 38 s)
        "avg(" + "prompt/" * 2_000, "mean of " + "acc" * 3_000, "mean of " + "acc and " * 1_500,
        "release protocol " * 1_000, "thinking " + "1" * 10_000]
BOUND_S = 0.5


def _patterns():
    for info in pkgutil.walk_packages(claimcheck.__path__, "claimcheck."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            items = value if isinstance(value, (list, tuple)) else value.values() if isinstance(value, dict) else [value]
            for item in items:
                item = item[0] if isinstance(item, tuple) and item else item
                if isinstance(item, re.Pattern) and isinstance(item.pattern, str):
                    yield f"{info.name}.{name}", item


def test_every_pattern_searches_long_runs_in_linear_time():
    slow = []
    for name, pattern in _patterns():
        for text in RUNS:
            start = time.perf_counter()
            pattern.search(text)
            took = time.perf_counter() - start
            if took > BOUND_S:
                slow.append(f"{name} on {text[:4]!r}…: {took:.2f} s")
    assert not slow, slow


def test_the_scan_sees_the_patterns_it_guards():
    names = {name for name, _ in _patterns()}
    assert {"claimcheck.parsing.labels._PROTOCOL", "claimcheck.parsing.labels._THINKING",
            "claimcheck.registry.resolver._DIRECTION", "claimcheck.models.names._STEM_VERSION"} <= names
