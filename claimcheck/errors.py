"""The small exception family the CLI turns into one line and exit status 2.

Every error names where the problem is (file, row, column) when that is known,
so the user can fix the input without reading a traceback.
"""

from __future__ import annotations


class ClaimcheckError(Exception):
    """Base class for errors a user can act on."""

    exit_status = 2

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        row: int | None = None,
        column: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.row = row
        self.column = column

    def one_line(self) -> str:
        """The message prefixed by its location, e.g. ``t.csv, row 4, column 'Astra': …``."""
        where = []
        if self.path:
            where.append(str(self.path))
        if self.row is not None:
            where.append(f"row {self.row}")
        if self.column is not None:
            where.append(f"column {self.column!r}")
        prefix = ", ".join(where)
        return f"{prefix}: {self.message}" if prefix else self.message

    def __str__(self) -> str:
        return self.one_line()


class InputError(ClaimcheckError):
    """The input table cannot be read as a table at all."""


class FetchError(InputError):
    """A URL could not be fetched or did not return an HTML or Markdown page."""


class RegistryError(ClaimcheckError):
    """A registry data file is invalid."""


class ConfigError(ClaimcheckError):
    """A configuration value or command-line option is invalid."""
