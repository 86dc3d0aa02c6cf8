"""Tests of the text-claims feature: reading and parsing sentences, judging them, the CC6xx rules."""
