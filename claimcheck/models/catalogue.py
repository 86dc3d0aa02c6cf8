"""The catalogue of model families and vendors: pydantic models and the loader.

``claimcheck/models/data/families.yaml`` lists, for each family of models that
vendors print in their benchmark tables, who makes it, the patterns its names
start with, spellings seen in real tables (``aliases``) and whether its weights
are published.  ``open_weights`` is a sourced fact or ``null``: a family whose
lines differ (Mistral's open 7B next to its API-only tiers) gives ``lines`` that
override the family's value for the names they match.  Every problem is a
:class:`~claimcheck.errors.RegistryError` naming the file, the entry and the
field, as for the benchmark catalogue.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Mapping

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from claimcheck.errors import RegistryError
from claimcheck.registry.catalogue import describe_error
from claimcheck.registry.models import no_blank_aliases

DATA_FILE = Path(__file__).with_name("data") / "families.yaml"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_ID = r"^[a-z0-9][a-z0-9\-]*$"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _compiles(patterns: tuple[str, ...]) -> tuple[str, ...]:
    for p in patterns:
        try:
            re.compile(p)
        except re.error as exc:
            raise ValueError(f"pattern {p!r} does not compile: {exc}") from None
    return patterns


class _Openness(_Strict):
    """Whether the weights are published, with the source that says so."""

    open_weights: bool | None = None
    open_weights_source: str | None = None
    licence: str | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _sourced(self):
        if self.open_weights is not None and not self.open_weights_source:
            raise ValueError("open_weights needs open_weights_source (model card, licence page or official repository)")
        return self


class Line(_Openness):
    """Part of a family whose openness differs from the family's (Grok-1 among the API-only Groks)."""

    name: str
    match: str  # a regular expression searched, case-insensitively, in the cleaned model name

    @field_validator("match")
    @classmethod
    def _match_compiles(cls, v: str) -> str:
        return _compiles((v,))[0]


class Snapshot(_Strict):
    """One dated model an API name has served ("gpt-4-0613", released 2023-06-13)."""

    id: str
    released: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")


class MovingName(_Strict):
    """An API model name that has pointed at several snapshots over time ("GPT-4": gpt-4-0314, then
    gpt-4-0613): a score printed under the bare name does not say which model produced it."""

    name: str  # as printed, without a snapshot ("GPT-4", "Claude 3.5 Sonnet")
    snapshots: tuple[Snapshot, ...] = Field(min_length=2)
    source: str  # the vendor's page listing the snapshots

    @field_validator("snapshots")
    @classmethod
    def _in_order(cls, v: tuple[Snapshot, ...]) -> tuple[Snapshot, ...]:
        if [s.released for s in v] != sorted(s.released for s in v):
            raise ValueError("snapshots must be listed in order of release")
        return v


class Vendor(_Strict):
    """A maker of models: the names it is printed under and its official accounts."""

    id: str = Field(pattern=_ID)
    name: str
    aliases: tuple[str, ...] = ()  # printed before a model name: "OpenAI o1-mini", "Meta Llama 3"
    orgs: tuple[str, ...] = ()  # GitHub / Hugging Face account names ("deepseek-ai", "LG-AI-EXAONE")
    sources: tuple[str, ...] = Field(min_length=1)


class Family(_Openness):
    """One family of models as vendors print it."""

    id: str = Field(pattern=_ID)
    name: str
    vendor: str
    patterns: tuple[str, ...] = Field(min_length=1)  # regexes a name starts with (case-insensitive)
    aliases: tuple[str, ...] = Field(min_length=1)  # spellings as printed in real tables
    version_pattern: str | None = None  # a token that is this family's version ("K2" for Kimi)
    generic: bool = False  # a short or common stem: a bare match is weaker evidence
    lines: tuple[Line, ...] = ()
    moving_names: tuple[MovingName, ...] = ()  # API names that served several snapshots
    # the family's chat or instruction-tuned models whatever their names say (Vicuna is a chat assistant):
    # a regex over the name ("." for every model), with the vendor's own words as its source
    tuned: str | None = None
    tuned_source: str | None = None
    # the family's names that, printed bare, are the base checkpoint (the tuned ones carry -Instruct, -Chat):
    # a regex over the cleaned name ("Qwen2.5-32B", "Llama 3.1 8B"), with the vendor's own words as its source
    bare_is_base: str | None = None
    bare_is_base_source: str | None = None
    sources: tuple[str, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _tuned_sourced(self) -> "Family":
        for field, source in (("tuned", self.tuned_source), ("bare_is_base", self.bare_is_base_source)):
            if getattr(self, field) is not None and not source:
                raise ValueError(f"family {self.id!r}: {field} needs {field}_source (the vendor's words, file and commit)")
            if getattr(self, field) is not None:
                _compiles((getattr(self, field),))
        return self

    @field_validator("patterns")
    @classmethod
    def _patterns_compile(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return _compiles(v)

    @field_validator("aliases")
    @classmethod
    def _no_blank_alias(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return no_blank_aliases(v)

    def openness(self, name: str) -> tuple[bool | None, str | None]:
        """(open_weights, source) for one cleaned model name of this family; a matching line wins."""
        for line in self.lines:
            if re.search(line.match, name, re.I):
                return line.open_weights, line.open_weights_source
        return self.open_weights, self.open_weights_source


class FamiliesFile(_Strict):
    """The whole data file."""

    vendors: tuple[Vendor, ...] = Field(min_length=1)
    families: tuple[Family, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self):
        for kind, ids in (("vendor", [v.id for v in self.vendors]), ("family", [f.id for f in self.families])):
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            if dupes:
                raise ValueError(f"duplicate {kind} ids: {dupes}")
        known = {v.id for v in self.vendors}
        for fam in self.families:
            if fam.vendor not in known:
                raise ValueError(f"family {fam.id!r} names unknown vendor {fam.vendor!r}")
        return self


@dataclass(frozen=True)
class FamilyCatalogue:
    """The validated catalogue, indexed by id and by vendor alias or account name."""

    families: Mapping[str, Family]
    vendors: Mapping[str, Vendor]
    vendor_names: Mapping[str, str]  # case-folded alias, name, id or account -> vendor id

    def family(self, family_id: str) -> Family | None:
        """The family with this id, or None."""
        return self.families.get(family_id)

    def vendor(self, name: str) -> Vendor | None:
        """The vendor printed, or hosting its models, under ``name`` ("OpenAI", "deepseek-ai")."""
        vendor_id = self.vendor_names.get(name.strip().casefold())
        return self.vendors.get(vendor_id) if vendor_id else None

    def __iter__(self):
        return iter(self.families.values())

    def __len__(self) -> int:
        return len(self.families)


def load_file(path: Path) -> FamiliesFile:
    """Read and validate one families file."""
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    except (OSError, UnicodeDecodeError) as exc:
        raise RegistryError(f"cannot read model catalogue: {exc}", path=str(path)) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise RegistryError(f"not valid YAML: {getattr(exc, 'problem', exc)}", path=str(path),
                            row=mark.line + 1 if mark is not None else None) from None
    if not isinstance(data, dict):
        raise RegistryError("expected a mapping with 'vendors' and 'families'", path=str(path))
    try:
        return FamiliesFile.model_validate(data)
    except ValidationError as exc:
        raise RegistryError(describe_error(exc, data, ("families", "vendors")), path=str(path)) from None


def build(parsed: FamiliesFile, path: Path | None = None) -> FamilyCatalogue:
    """Index a validated file; two vendors printed under one name are an error."""
    names: dict[str, str] = {}
    for vendor in parsed.vendors:
        for name in (vendor.id, vendor.name, *vendor.aliases, *vendor.orgs):
            key = name.casefold()
            if names.setdefault(key, vendor.id) != vendor.id:
                raise RegistryError(f"vendor name {name!r} of {vendor.id!r} is also used by {names[key]!r}",
                                    path=str(path) if path else None)
    return FamilyCatalogue(families={f.id: f for f in parsed.families},
                           vendors={v.id: v for v in parsed.vendors}, vendor_names=names)


@lru_cache(maxsize=1)
def load_families() -> FamilyCatalogue:
    """The shipped catalogue (read once)."""
    return build(load_file(DATA_FILE), DATA_FILE)
