"""Layered configuration: defaults < claimcheck.toml / [tool.claimcheck] < command-line flags."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from claimcheck.config import find_config, load_config
from claimcheck.errors import ConfigError
from tests.conftest import EXAMPLES, run_cli


@pytest.fixture
def project(tmp_path, monkeypatch):
    shutil.copy(EXAMPLES / "one_link_changed.csv", tmp_path / "t.csv")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _codes(result) -> set[str]:
    return {f["code"] for f in json.loads(result.stdout)["findings"]}


def test_project_file_sets_defaults_and_flags_win(project):
    (project / "claimcheck.toml").write_text('ignore = ["validity"]\nfail-on = "never"\n', encoding="utf-8")
    result = run_cli("t.csv", "--format", "json")
    assert result.exit_code == 0 and not any(c.startswith("CC5") for c in _codes(result))
    flagged = run_cli("t.csv", "--format", "json", "--fail-on", "error", "--ignore", "CC403")
    assert flagged.exit_code == 1 and any(c.startswith("CC5") for c in _codes(flagged))


def test_pyproject_tool_table_is_found_from_a_subdirectory(project):
    (project / "pyproject.toml").write_text('[tool.claimcheck]\nselect = "CC2"\n', encoding="utf-8")
    (project / "sub").mkdir()
    os.chdir(project / "sub")
    assert find_config() == project / "pyproject.toml"
    result = run_cli("../t.csv", "--format", "json", "--fail-on", "never")
    assert _codes(result) == {"CC201", "CC202", "CC204"}  # CC201: Terminal-Bench is printed with no version


def test_unknown_keys_warn_and_invalid_values_fail(project):
    (project / "claimcheck.toml").write_text('colour = "red"\nalpha = 0.05\n', encoding="utf-8")
    result = run_cli("t.csv", "--format", "json", "--fail-on", "never")
    assert result.exit_code == 0 and "unknown key 'colour'" in result.stderr
    (project / "claimcheck.toml").write_text('alpha = 5\n', encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config()
    assert "claimcheck.toml" in err.value.one_line() and "'alpha'" in err.value.one_line()
    bad = run_cli("t.csv", "--no-pdf")
    assert bad.exit_code == 2 and "alpha" in bad.stderr
