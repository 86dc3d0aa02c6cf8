"""The stats package: public API, docstrings and the one-way import rule."""

import ast
import inspect
from pathlib import Path

import pytest

import claimcheck.stats as stats

STATS_DIR = Path(stats.__file__).parent
ALLOWED_ROOTS = {"__future__", "math", "numbers", "statistics", "typing", "collections", "functools", "os", "concurrent",
                 "numpy", "scipy"}


def test_stats_imports_only_stdlib_numpy_scipy():
    for path in sorted(STATS_DIR.glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative import: must stay inside the stats package
                    assert node.level == 1, f"{path.name} imports from outside claimcheck.stats"
                    continue
                roots = {node.module.split(".")[0]}
            else:
                continue
            assert roots <= ALLOWED_ROOTS, f"{path.name} imports {roots - ALLOWED_ROOTS}"


def test_every_public_name_is_documented():
    assert len(stats.__all__) == 40
    for name in stats.__all__:
        obj = getattr(stats, name)
        assert inspect.getdoc(obj), f"{name} has no docstring"
    for path in STATS_DIR.glob("*.py"):
        assert ast.get_docstring(ast.parse(path.read_text())), f"{path.name} has no docstring"


def test_result_types_are_immutable_records_of_named_fields():
    # one record of each public result type, as the public functions return it, with its field values
    records = {
        "Interval": (stats.wilson_interval(0.5, 10), {"low": 0.236593090512564, "high": 0.763406909487436}),
        "ZTest": (stats.two_proportion_ztest(0.5, 100, 0.5, 100), {"diff": 0.0, "se": 0.0707106781186548,
                                                                   "z": 0.0, "p": 1.0}),
        "Granularity": (stats.check_granularity(0.755, 3, 100), {"attainable": False, "nearest_k": 76,
                                                                 "nearest_value": 0.76, "step": 0.01}),
        "SeCheck": (stats.se_consistency(0.5, 100, 0.1), {"expected_se": 0.05, "reported_se": 0.1, "ratio": 2.0}),
        "PairedDifference": (stats.paired_difference([1, 1, 0, 1], [0, 1, 0, 0]),
                             {"mean": 0.5, "se": 0.288675134594813, "n": 4}),
        "McNemar": (stats.mcnemar_exact(15, 5), {"a_only": 15, "b_only": 5, "p": 0.04138946533203125}),
        "BootstrapResult": (stats.cluster_bootstrap_difference([1, 1, 0, 1], [0, 1, 0, 0], reps=100),
                            {"estimate": 0.5, "reps": 100, "clusters": 4, "seed": 20261129}),
    }
    for name, (record, fields) in records.items():
        assert type(record) is getattr(stats, name), name
        for field, value in fields.items():
            assert getattr(record, field) == pytest.approx(value, abs=1e-12), (name, field)
        first = record._fields[0]
        with pytest.raises(AttributeError):
            setattr(record, first, 0)
        with pytest.raises(AttributeError):
            record.extra = 0  # type: ignore[attr-defined]


def test_stdlib_normal_matches_scipy():
    from scipy.stats import norm

    for q in (1e-12, 0.001, 0.025, 0.5, 0.8, 0.975, 0.999999):
        assert abs(stats.norm_ppf(q) - norm.ppf(q)) < 1e-9
    for x in (-8.0, -1.4164, 0.0, 1.96, 5.0, 9.0):
        assert abs(stats.norm_cdf(x) - norm.cdf(x)) < 1e-15
        assert abs(stats.norm_sf(x) - norm.sf(x)) <= 1e-12 * max(norm.sf(x), 1e-300)


def test_common_path_does_not_load_scipy():
    import subprocess
    import sys

    code = ("import sys; import claimcheck.stats as s; s.wilson_interval(0.9, 500); "
            "s.two_proportion_ztest(0.9, 500, 0.88, 500); s.minimum_detectable_effect(500, 0.9); "
            "assert not any(m.startswith('scipy') for m in sys.modules), 'scipy loaded'")
    subprocess.run([sys.executable, "-c", code], check=True)
