"""Average rows: a correct average is never flagged, whatever the printed precision (CC401/CC402)."""

from __future__ import annotations

import tempfile
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.pipeline import Options, audit


def _printed(x: float, decimals: int) -> str:
    """Round half up, as a spreadsheet prints (the tolerance must also cover half-even)."""
    return str(Decimal(repr(x)).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP))


scores = st.floats(min_value=0, max_value=100, allow_nan=False).map(lambda x: round(x, 4))
rows = st.lists(scores, min_size=1, max_size=6)


@settings(max_examples=40, deadline=None)
@given(a=rows, shift=st.floats(min_value=-5, max_value=5), input_decimals=st.integers(0, 2),
       mean_decimals=st.integers(0, 2))
def test_a_correct_average_is_never_flagged(a, shift, input_decimals, mean_decimals):
    b = [min(100.0, max(0.0, x + shift)) for x in a]
    lines = ["Benchmark,A,B"]
    lines += [f"Bench {i},{_printed(x, input_decimals)},{_printed(y, input_decimals)}"
              for i, (x, y) in enumerate(zip(a, b))]
    # the vendor averaged the unrounded scores, then rounded both the inputs and the average
    lines.append(f"Average,{_printed(sum(a) / len(a), mean_decimals)},{_printed(sum(b) / len(b), mean_decimals)}")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "t.csv"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        report = audit([str(path)], Options())
    assert not [f for f in report.findings if f.code in ("CC401", "CC402")], lines


def test_the_tolerance_follows_the_printed_precision(tmp_path):
    # inputs printed as integers may each be off by 0.5, so 69.9 is a correct mean of 71, 68, 70 ...
    path = tmp_path / "t.csv"
    path.write_text("Benchmark,A\nAlpha,71\nBeta,68\nGamma,70\nAverage,69.9\n", encoding="utf-8")
    assert not [f for f in audit([str(path)]).findings if f.code == "CC402"]
    # ... but not when the inputs are printed to one decimal
    path.write_text("Benchmark,A\nAlpha,71.0\nBeta,68.0\nGamma,70.0\nAverage,69.9\n", encoding="utf-8")
    found = [f for f in audit([str(path)]).findings if f.code == "CC402"]
    assert len(found) == 1
    d = found[0].details
    assert abs(d["expected"] - 69.6667) < 1e-3 and abs(d["tolerance"] - 0.1) < 1e-9
