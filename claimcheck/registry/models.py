"""Pydantic models for the benchmark catalogue's data files.

The catalogue is data reviewed like code: every count carries its evidence
and sources, every status statement says who said it and when.  These models
reject unknown keys so a typo in a YAML file is an error, not a silent gap.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Evidence = Literal["counted", "official", "mirror", "secondary", "derived", "seed"]
#: Evidence strong enough to compute an interval with.
VERIFIED_EVIDENCE = frozenset({"counted", "official", "mirror"})

Unit = Literal["percent", "elo", "percentile", "win-rate", "points", "index", "lower-is-better", "count"]
State = Literal["active", "saturated", "deprecated", "flawed", "contaminated", "superseded"]
Granularity = Literal["binary", "partial", "averaged", "pairwise", "composite", "rating"]
Knob = Literal[
    "version", "subset", "shots", "cot", "tools", "harness", "judge", "attempts",
    "effort", "thinking-budget", "time-limit", "step-limit", "metric", "sampling",
    "context-length", "grader", "environment",
]



def no_blank_aliases(v: tuple[str, ...]) -> tuple[str, ...]:
    """Aliases as printed spellings: none may be blank (shared by the benchmark and model catalogues)."""
    if any(not a.strip() for a in v):
        raise ValueError("aliases must not be blank")
    return v

class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Count(_Strict):
    """An item count with its evidence.  ``value`` may be null: unknown, never guessed."""

    value: int | None = Field(default=None, ge=1)
    evidence: Evidence | None = None
    sources: tuple[str, ...] = ()
    note: str | None = None
    #: False when reports of the benchmark are known to use other counts for this part (releases of
    #: the translations differ): good for intervals, not for telling whether a value is k/n
    fixed: bool = True

    @model_validator(mode="after")
    def _sourced(self) -> "Count":
        if self.value is not None and not self.sources:
            raise ValueError("a count needs at least one source")
        if self.value is not None and self.evidence is None:
            raise ValueError("a count needs its evidence (counted, official, mirror, secondary, derived, seed)")
        if not self.fixed and not self.note:
            raise ValueError("a count that is not fixed needs a note saying which reports use other counts")
        return self

    @property
    def verified(self) -> bool:
        """Whether the count is strong enough to compute intervals with."""
        return self.value is not None and self.evidence in VERIFIED_EVIDENCE


class Subset(_Strict):
    """A named part of a version with its own denominator (Diamond, Verified, text-only)."""

    id: str
    name: str | None = None
    aliases: tuple[str, ...] = ()
    n: Count = Count()
    note: str | None = None


class Version(_Strict):
    """One release of a benchmark; scores on different versions are different measurements."""

    id: str
    name: str | None = None
    aliases: tuple[str, ...] = ()
    date: str | None = None
    n: Count = Count()
    subsets: tuple[Subset, ...] = ()
    #: what a line naming none of the subsets means: "alternatives" (GPQA main / diamond / extended, C-Eval
    #: val / test: separate item sets, so the line is ambiguous) or "parts" (MGSM's languages, a suite's
    #: tasks: the benchmark's score is the average over them, so the unqualified name is that average)
    subsets_are: Literal["alternatives", "parts"] = "alternatives"
    changes: str | None = None
    metric: str | None = None  # overrides the entry's default metric for this version
    granularity: Granularity | None = None  # overrides the entry's granularity for this version
    sources: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _parts_are_several(self) -> "Version":
        if self.subsets_are == "parts" and len(self.subsets) < 2:
            raise ValueError(f"version {self.id!r}: subsets_are 'parts' needs two or more subsets to average over")
        return self


class StatusStatement(_Strict):
    """Who said what about a benchmark's standing, and when."""

    state: State
    who: str
    when: str | None = None
    what: str
    source: str
    versions: tuple[str, ...] = ()  # empty: applies to every version
    unverified: bool = False
    impact: Literal["major", "minor"] = "minor"  # major: the statement says the scores are not valid measurements
    onset: bool = False  # the state begins on ``when`` (labels published that day): earlier results are unaffected

    @model_validator(mode="after")
    def _onset_has_a_day(self) -> "StatusStatement":
        if self.onset and not (self.when and re.fullmatch(r"20\d\d-\d\d(-\d\d)?", self.when)):
            raise ValueError(f"a status with onset needs its start date as YYYY-MM or YYYY-MM-DD, got {self.when!r}")
        return self


class KnobNote(_Strict):
    """A protocol setting that changes the number."""

    knob: Knob
    note: str


class Ratings(_Strict):
    """How a judge-scored benchmark's number is made: every item gets ``per_item`` ratings (one per
    turn), each a whole multiple of ``step``, as the judge's prompt asks; the score is their mean."""

    step: float = Field(gt=0)
    per_item: int = Field(default=1, ge=1)
    sources: tuple[str, ...] = Field(min_length=1)
    note: str | None = None


class ProtocolNoise(_Strict):
    """A sourced spread of one benchmark's score across evaluation protocols (harness, prompt format, scoring
    rule, scaffold, judge): variation that moves many items together, beyond the binomial error of one run.

    ``figure`` is in percentage points, a standard deviation or the range over ``conditions`` protocols;
    :attr:`sd` turns a range into the standard deviation it implies (Tippett's d2, the expected range of
    that many normal draws in SDs).  Figures of sampling noise alone (one more random sample per item, on
    the same items) are not recorded: the binomial error already covers them."""

    figure: float = Field(gt=0)
    kind: Literal["range", "sd"]
    conditions: int = Field(default=2, ge=2)  # protocols the range spans
    varied: str  # what changed between the protocols
    models: str  # the models it was measured on, with their values
    metric: str | None = None
    source: str
    quote: str = Field(max_length=400)  # the source's words stating the number

    @property
    def sd(self) -> float:
        """The standard deviation in points: the figure, or the range divided by d2(conditions)."""
        from claimcheck.stats.ranges import expected_range

        return self.figure if self.kind == "sd" else self.figure / expected_range(self.conditions)


class NormalizedOn(_Strict):
    """A leaderboard that prints this benchmark rescaled, not as the share of items right: 0 for the random-guess
    baseline, 100 for a perfect score (Open LLM Leaderboard v2).  Such a number is no k/n count, cannot fall below
    chance, and is no proportion a binomial interval is about."""

    board: str  # as a heading or a model-index source names it: "Open LLM Leaderboard"
    version: str  # the board's version that rescales ("v2"); its earlier versions print raw scores
    how: str  # how the board rescales this benchmark, in a phrase
    source: str
    quote: str = Field(max_length=400)  # the source's words


class Benchmark(_Strict):
    """One catalogue entry."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9\-]*$")
    name: str
    suite: str | None = None  # entries that share a name stem (swe-bench-verified, swe-bench-pro)
    family: str
    aliases: tuple[str, ...] = ()
    unit: Unit = "percent"
    metric: str = "accuracy"
    metrics: tuple[str, ...] = ()  # other metrics the benchmark is reported in
    range: tuple[float, float] | None = (0.0, 100.0)
    direction: Literal["higher", "lower"] = "higher"
    chance: float | None = Field(default=None, ge=0, le=100)  # percent
    # why a weak model may score below ``chance`` with nothing wrong: items chosen because shallow solvers got
    # them wrong (ARC's Challenge set), so such a score is no sign of a failed answer extraction
    below_chance: str | None = None
    granularity: Granularity | None = None  # None: not known, so no k/n check is made
    ratings: Ratings | None = None  # a mean of whole-step judge ratings (MT-Bench: 1-10 per turn)
    composite: bool = False
    system_level: bool = False  # scores belong to an agent+model system
    public: bool = True  # False: in-house data (items not released): nobody outside the publisher can run it
    tools: bool | None = None  # True: tool use is part of the task itself (BFCL, τ-bench, BrowseComp)
    # entries whose item sets a line printed under this name may really hold ("MBPP" run through EvalPlus is
    # EvalPlus's 399-problem MBPP set): read as one when every value is k/n of its count and not of this one's
    variants: tuple[str, ...] = ()
    knobs: tuple[KnobNote, ...] = ()
    default_version: str | None = None
    versions: tuple[Version, ...] = ()
    status: tuple[StatusStatement, ...] = ()
    protocol_noise: tuple[ProtocolNoise, ...] = ()  # sourced spreads across protocols; none: "not measured"
    normalized_on: tuple[NormalizedOn, ...] = ()  # leaderboards that print it rescaled (0 = random, 100 = perfect)
    sources: tuple[str, ...] = Field(min_length=1)
    notes: str | None = None

    @property
    def protocol_sd(self) -> ProtocolNoise | None:
        """The smallest sourced protocol spread (the most cautious reading of how far a score moves), or None."""
        return min(self.protocol_noise, key=lambda x: x.sd, default=None)

    @field_validator("aliases")
    @classmethod
    def _no_blank_alias(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return no_blank_aliases(v)

    @model_validator(mode="after")
    def _versions_consistent(self) -> "Benchmark":
        ids = [v.id for v in self.versions]
        if len(ids) != len(set(ids)):
            raise ValueError(f"duplicate version ids in {self.id}: {ids}")
        if self.default_version and self.default_version not in ids:
            raise ValueError(f"default_version {self.default_version!r} is not one of {ids}")
        known = set(ids)
        for s in self.status:
            bad = [v for v in s.versions if v not in known]
            if bad:
                raise ValueError(f"status names unknown versions {bad}")
        return self

    def version(self, version_id: str | None) -> Version | None:
        """The version with this id, or None."""
        return next((v for v in self.versions if v.id == version_id), None)

    def verified_counts(self) -> list[tuple[Version, Subset | None, Count]]:
        """(version, subset or None, count) for every count the resolver may use."""
        return [(v, s, c) for v in self.versions for s, c in [(None, v.n)] + [(x, x.n) for x in v.subsets]
                if c.verified and c.value]

    @property
    def suite_id(self) -> str:
        return self.suite or self.id


class CatalogueFile(_Strict):
    """One YAML file of the catalogue (or a user's ``--registry`` file)."""

    benchmarks: tuple[Benchmark, ...] = ()
    remove: tuple[str, ...] = ()  # user files may retire entries by id


class CatalogueMeta(_Strict):
    """The catalogue's own version and compilation date."""

    registry_version: str
    compiled: str
    notes: str | None = None
