"""Layered configuration: package defaults < project file < command-line flags.

The project file is ``claimcheck.toml`` (top-level keys) or ``[tool.claimcheck]``
in ``pyproject.toml``, found in the current directory or the nearest parent.
Unknown keys warn; invalid values raise :class:`ConfigError` naming the file and key.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from claimcheck.errors import ConfigError

DEFAULTS: dict[str, Any] = {
    "select": [], "ignore": [], "fail-on": "error", "alpha": 0.05, "power": 0.8,
    "ci-method": "wilson", "assume-n": None, "registry": [], "limits": {},
}
_CHOICES = {"fail-on": ("error", "warning", "info", "never"), "ci-method": ("wilson", "clopper-pearson", "jeffreys")}


@dataclass(frozen=True)
class ProjectConfig:
    """Values from a project file, with where they came from."""

    values: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None
    warnings: tuple[str, ...] = ()


def find_config(start: Path | None = None) -> Path | None:
    """The nearest claimcheck.toml, or pyproject.toml with a [tool.claimcheck] table."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        own = folder / "claimcheck.toml"
        if own.is_file():
            return own
        project = folder / "pyproject.toml"
        if project.is_file() and "claimcheck" in _read(project).get("tool", {}):
            return project
    return None


def _read(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read the configuration: {exc}", path=str(path)) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"not valid TOML: {exc}", path=str(path)) from None


def load_config(path: Path | None = None) -> ProjectConfig:
    """Read and validate the project configuration (none found: empty)."""
    path = path or find_config()
    if path is None:
        return ProjectConfig()
    data = _read(path)
    table = data.get("tool", {}).get("claimcheck", {}) if path.name == "pyproject.toml" else data
    if not isinstance(table, dict):
        raise ConfigError("expected a table of settings", path=str(path))
    values, warnings = {}, []
    for key, value in table.items():
        norm = key.replace("_", "-")
        if norm not in DEFAULTS:
            warnings.append(f"{path}: unknown key {key!r} ignored (known: {', '.join(sorted(DEFAULTS))})")
            continue
        values[norm] = _validate(norm, value, path)
    if "registry" in values:  # registry files are relative to the configuration file
        values["registry"] = [str((path.parent / p).resolve()) for p in values["registry"]]
    return ProjectConfig(values=values, path=path, warnings=tuple(warnings))


def _validate(key: str, value: Any, path: Path) -> Any:
    def bad(expected: str) -> ConfigError:
        return ConfigError(f"key {key!r}: expected {expected}, got {value!r}", path=str(path))

    if key in ("select", "ignore", "registry"):
        if isinstance(value, str):
            value = [v.strip() for v in value.split(",") if v.strip()]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise bad("a list of strings")
        return value
    if key in _CHOICES:
        if value not in _CHOICES[key]:
            raise bad("one of " + ", ".join(_CHOICES[key]))
        return value
    if key in ("alpha", "power"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < 1:
            raise bad("a number between 0 and 1")
        return float(value)
    if key == "limits":  # {table-cells = 1000000, …}: names and values are checked by claimcheck.limits
        if not isinstance(value, dict):
            raise bad("a table of limits, e.g. limits = {table-cells = 1000000}")
        from claimcheck.limits import parse

        try:
            parse(value)
        except ConfigError as exc:
            raise ConfigError(f"key 'limits': {exc}", path=str(path)) from None
        return value
    if key == "assume-n":
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise bad("a positive whole number")
        return value
    return value
