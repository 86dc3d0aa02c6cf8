"""Tests of the input readers and the page fetcher."""
