"""A lower-bound p (whole-step ratings, vote counts) is printed as a bound wherever it is printed."""

from claimcheck.pipeline import Options, audit


def test_a_bound_p_reads_as_a_bound_in_the_appendix_and_the_findings(tmp_path):
    from claimcheck.report.view import build_view

    page = tmp_path / "mt.csv"
    page.write_text("Benchmark,A,B,C\nMT-Bench,**8.51**,8.49,7.20\n", encoding="utf-8")
    report = audit([str(page)], Options())
    bound = [c for c in report.comparisons if c.p_is_bound]
    assert bound and all(c.bound for c in bound)
    (cc306,) = [f for f in report.findings if f.code == "CC306"]
    assert "p ≥ 0.125" in cc306.message and "p = 0.125" not in cc306.message
    text = repr(build_view(report))
    assert "p ≥ 0.12, Holm ≥ 0.12" in text and "p = 0.12, Holm" not in text
