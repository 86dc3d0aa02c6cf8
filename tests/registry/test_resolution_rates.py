"""The resolver on real-world material it was not written against: a floor on the rates.

The rates themselves are printed by `python -m tests.registry.label_eval` and
`python -m tests.registry.vendor_eval`.
"""

from __future__ import annotations

from tests.registry import label_eval, vendor_eval


def test_label_table_resolves_to_the_right_benchmark():
    outcome = label_eval.evaluate()
    assert outcome.cases >= 150
    assert outcome.benchmark_rate >= 0.95, outcome.misses[:20]
    assert outcome.skip_hits == outcome.skip_cases  # non-benchmark rows are skipped, never guessed
    assert outcome.field_rate >= 0.80


def test_vendor_tables_resolve_end_to_end():
    outcomes = vendor_eval.evaluate()
    rows = sum(o.rows for o in outcomes if not o.error)
    hits = sum(o.hits for o in outcomes if not o.error)
    assert len(outcomes) >= 15 and rows >= 300
    assert hits / rows >= 0.90, [m for o in outcomes for m in o.misses][:20]
    errors = [o.error for o in outcomes if o.error]
    assert all("ragged row" in e for e in errors)  # the one printed ragged table exits 2, as a CSV should
