"""The stats package: public API, docstrings and the one-way import rule."""

import ast
import inspect
from pathlib import Path

import claimcheck.stats as stats

STATS_DIR = Path(stats.__file__).parent
ALLOWED_ROOTS = {"__future__", "math", "numbers", "typing", "collections", "numpy", "scipy"}


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
    assert len(stats.__all__) == 34
    for name in stats.__all__:
        obj = getattr(stats, name)
        assert inspect.getdoc(obj), f"{name} has no docstring"
    for path in STATS_DIR.glob("*.py"):
        assert ast.get_docstring(ast.parse(path.read_text())), f"{path.name} has no docstring"


def test_result_types_are_immutable():
    result = stats.wilson_interval(0.5, 10)
    try:
        result.low = 0.0  # type: ignore[misc]
    except AttributeError:
        pass
    else:
        raise AssertionError("Interval must be immutable")
    for name in ("Interval", "ZTest", "Granularity", "SeCheck", "PairedDifference", "McNemar",
                 "BootstrapResult"):
        assert issubclass(getattr(stats, name), tuple)
