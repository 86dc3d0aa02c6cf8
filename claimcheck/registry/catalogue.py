"""Load, validate and merge the benchmark catalogue.

The shipped catalogue lives in ``claimcheck/registry/data/*.yaml``; a user's
``--registry my.yaml`` adds entries, replaces entries with the same id, or
retires them (``remove: [id]``).  Every problem is a :class:`RegistryError`
naming the file, the entry and the field.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Mapping

import yaml
from pydantic import ValidationError

from claimcheck.errors import RegistryError
from claimcheck.registry.models import Benchmark, CatalogueFile, CatalogueMeta

DATA_DIR = Path(__file__).with_name("data")
# libyaml's safe loader reads the catalogue seven times faster than the pure-Python one
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
PUNCT_CHARS = r"`\s\-_–—·/,:;()\[\]{}'\"’‘“”.!?*^†‡§¶#、。《》「」【】↑↓⬆⬇▲▼\ufe0f"  # separators between alias tokens (a sort arrow too)
_PUNCT = re.compile(f"[{PUNCT_CHARS}]+")


def normalize(text: str) -> str:
    """The form aliases are matched in: NFKC, case-folded, punctuation as spaces."""
    text = unicodedata.normalize("NFKC", text).casefold()
    return _PUNCT.sub(" ", text).strip()


@dataclass(frozen=True)
class Catalogue:
    """The validated catalogue: entries by id and the alias index."""

    version: str
    entries: Mapping[str, Benchmark]
    aliases: Mapping[str, str]  # normalized alias -> benchmark id
    origins: Mapping[str, str]  # benchmark id -> file it came from

    def get(self, benchmark_id: str) -> Benchmark | None:
        return self.entries.get(benchmark_id)

    def __iter__(self):
        return iter(sorted(self.entries.values(), key=lambda b: b.id))

    def __len__(self) -> int:
        return len(self.entries)


def _read_yaml(path: Path) -> object:
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    except FileNotFoundError:
        raise RegistryError("registry file not found", path=str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RegistryError(f"cannot read registry file: {exc}", path=str(path)) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        row = mark.line + 1 if mark is not None else None
        raise RegistryError(f"not valid YAML: {getattr(exc, 'problem', exc)}", path=str(path), row=row) from None


def describe_error(error: ValidationError, data: object, lists: tuple[str, ...] = ("benchmarks",)) -> str:
    """Turn the first pydantic error into 'entry <id>, field <path>: <msg>' (entries of the ``lists``)."""
    return describe_errors(error, data, lists)[0]


def describe_errors(error: ValidationError, data: object, lists: tuple[str, ...] = ("benchmarks",)) -> list[str]:
    """Every pydantic error as 'entry <id>, field <path>: <msg>' (entries of the ``lists``), in file order."""
    out = []
    for problem in error.errors():
        loc = list(problem["loc"])
        entry = ""
        if len(loc) >= 2 and loc[0] in lists and isinstance(loc[1], int):
            try:
                entry = f"entry {data[loc[0]][loc[1]].get('id', '#' + str(loc[1] + 1))!r}, "  # type: ignore[index]
            except (KeyError, IndexError, TypeError, AttributeError):
                entry = f"entry #{loc[1] + 1}, "
            loc = loc[2:]
        where = ".".join(str(part) for part in loc) or "(top level)"
        out.append(f"{entry}field {where}: {problem['msg']}")
    return out


def check_file(path: str | Path) -> tuple[CatalogueFile | None, list[str]]:
    """A user's catalogue file validated as ``--registry`` would read it: the file and no problem, or
    every problem found (each pydantic error of each entry; then, for a valid file, what merging it over
    the shipped catalogue refuses: an alias taken by another entry, a variant that is no entry)."""
    path = Path(path)
    try:
        data = _file_data(path)
        parsed = CatalogueFile.model_validate(data)
        load_catalogue([path])
    except RegistryError as exc:
        return None, [exc.one_line()]
    except ValidationError as exc:
        return None, [f"{path}: {line}" for line in describe_errors(exc, data)]
    return parsed, []


def _file_data(path: Path) -> dict:
    """A catalogue file's YAML, which must be a mapping (an empty file is an empty one)."""
    data = _read_yaml(path)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise RegistryError("expected a mapping with a 'benchmarks' list", path=str(path))
    return data


def load_file(path: Path) -> CatalogueFile:
    """Validate one catalogue file."""
    data = _file_data(path)
    try:
        return CatalogueFile.model_validate(data)
    except ValidationError as exc:
        raise RegistryError(describe_error(exc, data), path=str(path)) from None


def _alias_index(entries: Mapping[str, Benchmark], origins: Mapping[str, str]) -> dict[str, str]:
    index: dict[str, str] = {}
    for bench in entries.values():
        for alias in (bench.id, bench.name, *bench.aliases):
            key = normalize(alias)
            owner = index.get(key)
            if owner is not None and owner != bench.id:
                raise RegistryError(
                    f"alias {alias!r} of {bench.id!r} collides with an alias of {owner!r}",
                    path=origins.get(bench.id),
                )
            index[key] = bench.id
    return index


def build(files: Iterable[tuple[Path, CatalogueFile]], version: str, *, overriding: bool = False) -> Catalogue:
    """Merge validated files in order; later files override earlier ones when ``overriding``."""
    entries: dict[str, Benchmark] = {}
    origins: dict[str, str] = {}
    for path, cat in files:
        for bench_id in cat.remove:
            entries.pop(bench_id, None)
        for bench in cat.benchmarks:
            if bench.id in entries and not overriding:
                raise RegistryError(f"duplicate benchmark id {bench.id!r} (also in {origins[bench.id]})", path=str(path))
            entries[bench.id] = bench
            origins[bench.id] = str(path)
    for bench in entries.values():
        for other in bench.variants:
            if other not in entries or other == bench.id:
                raise RegistryError(f"variant {other!r} of {bench.id!r} is not another entry of the catalogue",
                                    path=origins.get(bench.id))
    return Catalogue(version=version, entries=entries, aliases=_alias_index(entries, origins), origins=origins)


@lru_cache(maxsize=1)
def _shipped_files() -> tuple[tuple[Path, CatalogueFile], ...]:
    paths = sorted(p for p in DATA_DIR.glob("*.yaml") if not p.name.startswith("_"))
    return tuple((p, load_file(p)) for p in paths)


@lru_cache(maxsize=1)
def shipped_meta() -> CatalogueMeta:
    data = _read_yaml(DATA_DIR / "_meta.yaml")
    try:
        return CatalogueMeta.model_validate(data)
    except ValidationError as exc:
        raise RegistryError(describe_error(exc, data), path=str(DATA_DIR / "_meta.yaml")) from None


def load_catalogue(user_files: Iterable[str | Path] = ()) -> Catalogue:
    """The shipped catalogue, extended or overridden by the user's files in order."""
    shipped = build(_shipped_files(), shipped_meta().registry_version)
    user = [(Path(p), load_file(Path(p))) for p in user_files]
    if not user:
        return shipped
    base = [(Path(shipped.origins[b.id]), CatalogueFile(benchmarks=(b,))) for b in shipped]
    version = shipped.version + "+" + "+".join(p.name for p, _ in user)
    return build([*base, *user], version, overriding=True)
