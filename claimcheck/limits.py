"""How much claimcheck reads before it refuses: one policy, defined once, enforced where data enters.

Every limit has a name an analyst can raise (``--limit table-cells=1000000``, or ``[tool.claimcheck]
limits = {table-cells = 1000000}``); a refusal is one line naming the limit, the size met and the way to
raise it, exit status 2.  The defaults sit far above any real release page or leaderboard export
(the largest corpus page is 0.1 MB with 303 cells in one table) and far below what exhausts a machine.

    current().input_bytes                    -> 67108864
    with applied(parse({"table-cells": 10})): ...
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
from dataclasses import dataclass
from typing import Iterator, Mapping

from claimcheck.errors import ConfigError, InputError


@dataclass(frozen=True)
class Limits:
    """The policy.  Sizes are in bytes, the deadline in seconds."""

    input_bytes: int = 64 * 2 ** 20  # one file (or stdin) read
    download_bytes: int = 32 * 2 ** 20  # one fetched page, after decompression (a gzip bomb stops here)
    fetch_seconds: float = 60.0  # one page, every redirect and read together: a trickling server stops here
    table_cells: int = 250_000  # one table's cells after colspan and rowspan are spread out
    xlsx_cells: int = 2_000_000  # the positions a worksheet spans, and its merged ranges cover, before any is read
    xlsx_bytes: int = 256 * 2 ** 20  # a workbook's parts once unzipped (a 1 GiB shared string stops here)
    archive_bytes: int = 256 * 2 ** 20  # an inspect_ai .eval log's entries once unzipped, a parquet's data
    #                                   once uncompressed (a zip bomb stops here)
    tables: int = 1_000  # the tables of one input (a page of 5,000 one-row tables stops here: every table is
    #                      set beside every other one, for reprints and conflicts)

    #: what each limit is said as in a refusal and on the command line
    NAMES = {"input_bytes": "input-bytes", "download_bytes": "download-bytes", "fetch_seconds": "fetch-seconds",
             "table_cells": "table-cells", "xlsx_cells": "xlsx-cells", "xlsx_bytes": "xlsx-bytes",
             "archive_bytes": "archive-bytes", "tables": "tables"}

    def refuse(self, field: str, what: str, met: str, path: str | None = None) -> InputError:
        """The one-line refusal for ``field``: what met it and by how much, the limit, how to raise it
        ("the file (80,000,000 bytes) exceeds the input-bytes limit of 64 MiB (raise it with …)")."""
        name = self.NAMES[field]
        return InputError(f"{what} ({met}) exceeds the {name} limit of {_shown(field, getattr(self, field))} "
                          f"(raise it with --limit {name}=N)", path=path)


def _shown(field: str, value: float) -> str:
    if field.endswith("_bytes"):
        return f"{value / 2 ** 20:g} MiB" if value >= 2 ** 20 else f"{int(value):,} bytes"
    if field.endswith("_seconds"):
        return f"{value:g} s"
    return f"{int(value):,}"


_CURRENT: contextvars.ContextVar[Limits] = contextvars.ContextVar("claimcheck_limits", default=Limits())


def current() -> Limits:
    """The limits in force (the defaults unless :func:`applied` set others)."""
    return _CURRENT.get()


def parse(settings: Mapping[str, object] | None) -> Limits:
    """Limits from ``{"table-cells": 1000000, …}`` (names as on the command line); an unknown name or a
    value that is not a positive number is a ConfigError naming it."""
    fields = {v: k for k, v in Limits.NAMES.items()}
    values: dict[str, object] = {}
    for name, raw in (settings or {}).items():
        field = fields.get(str(name).strip())
        if field is None:
            raise ConfigError(f"unknown limit {name!r}; the limits are {', '.join(sorted(fields))}")
        kind = float if field.endswith("_seconds") else int
        try:
            value = kind(str(raw).replace("_", ""))
        except ValueError:
            raise ConfigError(f"limit {name}={raw!r}: expected a positive {'number' if kind is float else 'whole number'}") from None
        if not value > 0:
            raise ConfigError(f"limit {name}={raw!r}: expected a positive {'number' if kind is float else 'whole number'}")
        values[field] = value
    return dataclasses.replace(Limits(), **values)


def parse_pairs(pairs: tuple[str, ...]) -> dict[str, str]:
    """``("table-cells=1000000",)`` from the command line as a mapping; a pair without ``=`` is a ConfigError."""
    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise ConfigError(f"--limit {pair!r}: expected NAME=VALUE, e.g. --limit table-cells=1000000")
        out[name.strip()] = value.strip()
    return out


@contextlib.contextmanager
def applied(limits: Limits) -> Iterator[Limits]:
    """Run a block under ``limits``."""
    token = _CURRENT.set(limits)
    try:
        yield limits
    finally:
        _CURRENT.reset(token)
