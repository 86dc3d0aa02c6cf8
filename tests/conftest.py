"""Shared fixtures: the bundled examples and a way to run the CLI in-process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


@pytest.fixture(scope="session")
def examples() -> Path:
    return EXAMPLES


def run_cli(*args: str, input: bytes | None = None):
    """Run ``claimcheck ARGS`` in-process; return the click Result."""
    from claimcheck.cli import cli

    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def run_json(*args: str) -> dict:
    result = run_cli(*args, "--format", "json", "--fail-on", "never")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="session")
def astra_json() -> dict:
    return run_json(str(EXAMPLES / "astra_fable_release.csv"))


@pytest.fixture(scope="session")
def astra_zh_json() -> dict:
    return run_json(str(EXAMPLES / "astra_fable_release.zh.csv"))


def assert_one_line_refusal(path, message: str) -> None:
    """``claimcheck PATH`` refuses the input in one line naming the file and the fault, exit 2, no traceback."""
    result = run_cli(str(path), "--format", "json")
    assert result.exit_code == 2
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and str(path) in lines[0] and message in lines[0], lines
    assert "Traceback" not in result.output
