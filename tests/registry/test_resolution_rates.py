"""The resolver on real-world material it was not written against: a floor on the rates.

The rates themselves are printed by `python -m tests.registry.label_eval` and
`python -m tests.registry.vendor_eval`.  Each floor sits about one point below the rate
measured when it was set (noted beside it), so a regression of a few rows fails.
"""

from __future__ import annotations

from tests.registry import label_eval, vendor_eval

RAGGED = "qwen_qwen3-235b-a22b-thinking-2507.csv"  # a short row 7, as printed: exits 2 by design


def test_label_table_resolves_to_the_right_benchmark():
    outcome = label_eval.evaluate()
    assert outcome.cases >= 150
    assert outcome.benchmark_rate >= 0.975, outcome.misses[:20]  # measured 445/452 = 98.5%
    assert outcome.skip_hits == outcome.skip_cases  # non-benchmark rows are skipped, never guessed
    assert outcome.field_rate >= 0.91, outcome.misses[:20]  # measured 1005/1089 = 92.3%


def test_vendor_tables_resolve_end_to_end():
    outcomes = vendor_eval.evaluate()
    errors = {o.name: o.error for o in outcomes if o.error}
    assert list(errors) == [RAGGED], errors  # every other table must be read
    assert "row 7: ragged row" in errors[RAGGED]
    read = [o for o in outcomes if not o.error]
    rows = sum(o.rows for o in read)
    hits = sum(o.hits for o in read)
    field_cases = sum(o.field_cases for o in read)
    field_hits = sum(o.field_hits for o in read)
    assert len(outcomes) >= 15 and rows >= 300 and field_cases >= 600
    misses = [m for o in read for m in o.misses][:20]
    assert hits / rows >= 0.98, misses  # measured 343/346 = 99.1%
    assert field_hits / field_cases >= 0.95, misses  # measured 671/697 = 96.3%
