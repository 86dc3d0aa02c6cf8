"""How the checker applies the statistics: one procedure per gap, the chosen interval method and alpha
reaching every gap, families fixed before looking, rank sets."""

from __future__ import annotations

import pytest

from claimcheck.stats.difference import difference_test, mover_interval
from tests.conftest import EXAMPLES, run_json


def _pair(report, a, b):
    ids = {s["id"]: s for s in report["scores"]}
    return next(c for c in report["comparisons"] if {ids[i]["model"] for i in c["scores"]} == {a, b}
                and ids[c["scores"][0]]["label"].startswith("Agent Index"))


@pytest.mark.parametrize("method,alpha", [("wilson", 0.05), ("clopper-pearson", 0.01), ("jeffreys", 0.2)])
def test_ci_method_and_alpha_reach_the_gap_interval(method, alpha):
    report = run_json(str(EXAMPLES / "agent_index_preview.csv"), "--assume-n", "500", "--ci-method", method,
                      "--alpha", str(alpha))
    c = _pair(report, "Claude Opus 5.5", "GPT-6 Astra")
    want = mover_interval(0.904, 500, 0.876, 500, alpha=alpha, method=method)
    assert c["diff_ci"] == pytest.approx([want.low, want.high], abs=1e-6)
    assert c["p"] == pytest.approx(difference_test(0.904, 500, 0.876, 500, method=method).p, rel=1e-3, abs=1e-6)
    assert {"wilson": "Newcombe", "clopper-pearson": "Clopper-Pearson", "jeffreys": "Jeffreys"}[method] in c["method"]
