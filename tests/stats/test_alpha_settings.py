"""A non-default alpha reaches every interval: each against an independent reference (issue 10).

The default (0.05) is tested module by module; here the same functions at alpha = 0.10 and 0.01,
and the pipeline's --alpha carried into the scores' intervals and the comparisons' gap intervals.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import norm
from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint

from claimcheck.stats import clustered_paired_difference, paired_difference, wilson_interval
from claimcheck.stats.difference import difference_test
from claimcheck.stats.ratings import rating_gap_test

ALPHAS = (0.10, 0.01)


@pytest.mark.parametrize("alpha", ALPHAS)
@pytest.mark.parametrize("k, n", [(0, 30), (7, 30), (30, 30), (1, 1), (412, 500)])
def test_score_interval_at_alpha(alpha, k, n):
    got = wilson_interval(k / n, n, alpha=alpha)
    low, high = proportion_confint(k, n, alpha=alpha, method="wilson")
    assert (got.low, got.high) == pytest.approx((low, high), abs=1e-12)


@pytest.mark.parametrize("alpha", ALPHAS)
def test_gap_interval_at_alpha_is_newcombes(alpha):
    test = difference_test(452 / 500, 500, 438 / 500, 500, alpha=alpha, method="wilson")
    low, high = confint_proportions_2indep(452, 500, 438, 500, method="newcomb", compare="diff", alpha=alpha)
    assert (test.ci.low, test.ci.high) == pytest.approx((low, high), abs=1e-10)
    assert (test.p < alpha) == (test.ci.low > 0 or test.ci.high < 0)  # the test the interval inverts


@pytest.mark.parametrize("alpha", ALPHAS)
def test_paired_and_clustered_intervals_at_alpha(alpha):
    rng = np.random.default_rng(7)
    a, b = rng.integers(0, 2, 120).astype(float), rng.integers(0, 2, 120).astype(float)
    groups = np.repeat(np.arange(12), 10)
    z = norm.ppf(1 - alpha / 2)
    d = a - b
    se = d.std(ddof=1) / np.sqrt(d.size)
    got = paired_difference(a, b, alpha=alpha)
    assert (got.ci.low, got.ci.high) == pytest.approx((d.mean() - z * se, d.mean() + z * se), rel=1e-12)
    import statsmodels.api as sm

    fit = sm.OLS(d, np.ones_like(d)).fit(cov_type="cluster", cov_kwds={"groups": groups})
    got = clustered_paired_difference(a, b, groups, alpha=alpha)
    assert got.se == pytest.approx(float(fit.bse[0]), rel=1e-10)
    assert (got.ci.low, got.ci.high) == pytest.approx((d.mean() - z * got.se, d.mean() + z * got.se), rel=1e-12)


@pytest.mark.parametrize("alpha", ALPHAS)
def test_rating_gap_interval_at_alpha(alpha):
    # symmetric published 95% intervals: SE = half-width / z_0.975, rescaled to 1 - alpha
    test = rating_gap_test(1300, (1290, 1310), 1280, (1272, 1288), level=0.95, alpha=alpha)
    se = np.hypot(10 / norm.ppf(0.975), 8 / norm.ppf(0.975))
    z = norm.ppf(1 - alpha / 2)
    assert (test.ci.low, test.ci.high) == pytest.approx((20 - z * se, 20 + z * se), rel=1e-10)


def test_pipeline_alpha_reaches_scores_and_gaps(tmp_path):
    from claimcheck.pipeline import Options, audit

    page = tmp_path / "t.csv"
    page.write_text("Benchmark,A,B\nGPQA Diamond,70.2%,60.1%\n", encoding="utf-8")
    for alpha in (0.05, *ALPHAS):
        report = audit([str(page)], Options(alpha=alpha))
        a = next(s for s in report.scores if s.model == "A")
        low, high = proportion_confint(round(0.702 * 198), 198, alpha=alpha, method="wilson")
        assert a.ci == pytest.approx((low, high), abs=2e-3)  # 70.2% of 198 is 139/198 = 70.20%
        c = next(c for c in report.comparisons if c.kind == "head-to-head")
        ref = difference_test(a.proportion, 198, next(s for s in report.scores if s.model == "B").proportion, 198,
                              alpha=alpha)
        assert c.diff_ci == pytest.approx((ref.ci.low, ref.ci.high), abs=1e-12)
