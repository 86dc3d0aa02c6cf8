"""Fetching published pages so their tables can be read (never imported at CLI startup)."""

from claimcheck.scrapers.fetch import fetch_html

__all__ = ["fetch_html"]
