"""The latest date a page mentions (parsing.dates): the forms read, the ones left alone, the order."""

from __future__ import annotations

import pytest

from claimcheck.parsing.dates import dates_in, latest_date, on_or_after


@pytest.mark.parametrize("text, want", [
    ("2024-11-29: weights released", ["2024-11-29"]),
    ("Release Date 2024.06.18", ["2024-06-18"]),
    ("posted 2024/6/8", ["2024-06-08"]),
    ("gpt-4o-2024-08-06", ["2024-08-06"]),
    ("up to 2024-11", ["2024-11"]),
    ("On Nov 15th, 2023, Google released", ["2023-11-15"]),
    ("15 November 2023", ["2023-11-15"]),
    ("from July 2023 to Sept. 2023", ["2023-07", "2023-09"]),
    ("2024年11月29日发布", ["2024-11-29"]),
    ("2025年3月", ["2025-03"]),
    ("Paper: https://arxiv.org/pdf/2406.11931", ["2024-06"]),  # a cited paper: the page is no older than it
    ("see arXiv:2501.12948v2", ["2025-01"]),
])
def test_forms_read(text, want):
    assert dates_in(text) == want


@pytest.mark.parametrize("text", [
    "arXiv 2311.07911",  # an arXiv id printed as a number only, not a link or arXiv:id
    "arxiv.org/abs/2413.00001",  # no month 13
    "Qwen2.5 and v2024.06",  # a dotted year-month is as often a version number
    "LiveCodeBench (8/1/24-2/1/25)",  # month-first numbers cannot be told from day-first
    "2024-13-01 and 1999-01-01",  # no month 13; years before 2000 are not page dates
    "12 x 2024 = 24288",
])
def test_forms_left_alone(text):
    assert dates_in(text) == []


def test_latest_counts_a_month_as_its_last_day():
    assert latest_date("2023-11-15 and later in 2023-11") == "2023-11"
    assert latest_date("2023-11 and 2023-12-01") == "2023-12-01"
    assert latest_date("no date here") is None


@pytest.mark.parametrize("date, start, want", [
    ("2025-07-27", "2025-07-27", True), ("2025-07-26", "2025-07-27", False), ("2025-07", "2025-07-27", True),
    ("2025-06", "2025-07-27", False), ("2025-08-01", "2025-07", True), ("2025-06-30", "2025-07", False),
])
def test_on_or_after_compares_at_the_coarser_precision(date, start, want):
    assert on_or_after(date, start) is want
