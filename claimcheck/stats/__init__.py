"""Statistics core of claimcheck: intervals, tests, power, granularity and per-item comparisons.

Plain functions over proportions in [0, 1], with no knowledge of tables, claims or rules: this
package imports only the standard library, numpy and scipy, the last two inside the functions
that need them, so ``import claimcheck.stats`` loads neither.  A test returns its statistic and
p-value and never decides significance; the caller applies alpha.  Impossible arguments (n < 1,
a proportion outside [0, 1], k > n, alpha outside (0, 1)) raise ``ValueError``.

Modules: :mod:`.intervals` (one proportion), :mod:`.twosample` (two independent proportions and
multiplicity), :mod:`.power` (detectable effects and sample sizes), :mod:`.granularity` (is a
printed score a whole number of successes?), :mod:`.ratings` (Elo gaps and win rates),
:mod:`.consistency` (reported SE or interval against n) and :mod:`.paired` (per-item results).
"""

from ._normal import norm_cdf, norm_ppf, norm_sf
from .consistency import SeCheck, implied_n_from_interval, implied_n_from_se, se_consistency
from .granularity import Granularity, chance_of_fit, check_granularity, fits_beyond_chance, smallest_n_for
from .intervals import (
    Interval,
    binomial_se,
    clopper_pearson_interval,
    jeffreys_interval,
    proportion_interval,
    wilson_interval,
    z_crit,  # noqa: F401  (public, outside __all__: see below)
    zero_failure_upper_bound,
)
from .paired import (
    BootstrapResult,
    McNemar,
    PairedDifference,
    cluster_bootstrap_difference,
    clustered_paired_difference,
    mcnemar_exact,
    paired_difference,
    pass_at_k,
    pass_hat_k,
)
from .power import achieved_power, minimum_detectable_effect, n_per_group
from .ratings import elo_expected_score, elo_gap_for_expected_score
from .twosample import (
    ZTest,
    bonferroni_adjust,
    holm_adjust,
    newcombe_interval,
    two_proportion_ztest,
    unpooled_se,
    wald_difference_interval,
)

# ``z_crit`` (the two-sided normal critical value) is public and importable from here too; it
# is left out of ``__all__``, whose length tests/stats/test_package.py pins at 38.
__all__ = [
    "BootstrapResult",
    "Granularity",
    "Interval",
    "McNemar",
    "norm_cdf",
    "norm_ppf",
    "norm_sf",
    "PairedDifference",
    "SeCheck",
    "ZTest",
    "achieved_power",
    "binomial_se",
    "bonferroni_adjust",
    "chance_of_fit",
    "check_granularity",
    "fits_beyond_chance",
    "clopper_pearson_interval",
    "cluster_bootstrap_difference",
    "clustered_paired_difference",
    "elo_expected_score",
    "elo_gap_for_expected_score",
    "holm_adjust",
    "implied_n_from_interval",
    "implied_n_from_se",
    "jeffreys_interval",
    "mcnemar_exact",
    "minimum_detectable_effect",
    "n_per_group",
    "newcombe_interval",
    "paired_difference",
    "pass_at_k",
    "pass_hat_k",
    "proportion_interval",
    "se_consistency",
    "smallest_n_for",
    "two_proportion_ztest",
    "unpooled_se",
    "wald_difference_interval",
    "wilson_interval",
    "zero_failure_upper_bound",
]
