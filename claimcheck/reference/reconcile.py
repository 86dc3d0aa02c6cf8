"""Set each cell of the page against the references' values for the same model and benchmark.

A reference value is a counterpart of a page cell when both name the same benchmark (registry id)
and the same model (:func:`claimcheck.models.names.identity`: family, version, base, variants, and
size and snapshot where both print one).  Versions, subsets and setups may differ: that a page's
"AIME 2024 (Avg@32)" prints exactly a reference's 64-sample pass@1 is the finding, not a reason to
look away.  Each counterpart gets one verdict (``COUNTERPART_VERDICTS``):

- ``identical``: the same figure at the coarser printed precision (79.8 and 79.80; not 79.8 and
  79.9).  Whole numbers below 100 are left out: two runs print "86" alike too easily.
- otherwise the gap is judged as a gap between two models of the page is
  (:func:`claimcheck.checker.comparisons.reference_comparison`): ``not-comparable`` when a
  comparability rule finds a known difference of protocol, ``untestable`` without an item count,
  else ``consistent`` or ``discrepant`` at α by the difference test, Holm-corrected over every
  testable counterpart of the same reference.

Which references are the page's own (its publisher's earlier tables) is the copy rule's decision
(CC209); a bundled file that is the page itself is not read as a reference (``pipeline.read_references``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Mapping, Sequence

from claimcheck.models.names import Identity, identity
from claimcheck.records import Counterpart, ReferenceSource, Score

#: Whole numbers at least this large count as a printed precision of their own (a rating of 2029).
_WHOLE_ENOUGH = 100


def identical(a: Score, b: Score) -> bool:
    """Whether two printed values are one figure at the coarser precision of the two, precise enough
    to tell a copy from a coincidence."""
    if not equal_as_printed(a, b):
        return False
    return min(a.cell.decimals, b.cell.decimals) > 0 or max(abs(a.value), abs(b.value)) >= _WHOLE_ENOUGH \
        or a.unit != b.unit


def equal_as_printed(a: Score, b: Score) -> bool:
    """Whether two printed values agree at the coarser precision of the two (77 and 77.0 do)."""
    if a.value is None or b.value is None or a.cell.decimals is None or b.cell.decimals is None:
        return False
    if a.unit == b.unit or a.proportion is None or b.proportion is None:
        if a.unit != b.unit:
            return False
        x, y, tol = a.value, b.value, max(a.cell.half_unit, b.cell.half_unit)
    else:  # 0.798 and 79.8%: compared as proportions
        x, y = a.proportion, b.proportion
        tol = max(a.cell.half_unit / a.scale, b.cell.half_unit / b.scale)
    return abs(x - y) <= tol + 1e-9


def reconcile(scores: Sequence[Score], references: Mapping[str, Sequence[Score]],
              sources: Sequence[ReferenceSource], rules: Iterable, *, alpha: float = 0.05, power: float = 0.8,
              ci_method: str = "wilson") -> tuple[Counterpart, ...]:
    """Every counterpart of every checked page cell, in page order."""
    from claimcheck.checker.comparisons import reference_comparison

    rules = list(rules)
    by_bench: dict[str, list[tuple[str, Score, _Model]]] = {}
    for src in sources:
        for r in references.get(src.id, ()):
            if r.benchmark and (rid := _model(r)) is not None:
                by_bench.setdefault(r.benchmark, []).append((src.id, r, rid))
    out: list[Counterpart] = []
    for s in scores:
        if s.status != "checked" or not s.benchmark or s.benchmark not in by_bench:
            continue
        sid = _model(s)
        if sid is None:
            continue
        for ref_id, r, rid in by_bench[s.benchmark]:
            if not sid.same(rid):
                continue
            comp = reference_comparison(f"r{len(out) + 1}", s, r, rules, alpha=alpha, power=power, ci_method=ci_method)
            out.append(Counterpart(
                score=s.id, reference=ref_id, model=r.model, label=r.label, value=r.value, printed=r.cell.shown,
                verdict="identical" if identical(s, r) else "not-comparable" if comp.why_not else "untestable",
                comparison=comp, differences=tuple(d.describe() for d in comp.differences if d.known),
            ))
    return _judged(out, alpha)




@dataclass(frozen=True)
class _Model:
    """A cell's model for matching: its identity without the checkpoint-kind words, and the kind, from the
    name ("Llama 3.1 8B Instruct") or else from the table's heading ("Instruction Tuned Models" over
    "Llama 3.1 8B")."""

    identity: Identity
    kind: str | None
    by_heading: bool  # the kind comes from the heading alone: the name says neither

    def same(self, other: "_Model") -> bool:
        if not self.identity.same_model(other.identity):
            return False
        if self.kind is not None and other.kind is not None:
            return self.kind == other.kind
        if self.kind is None and other.kind is None:
            return True
        known = self if self.kind is not None else other
        return known.by_heading  # "DeepSeek-V3" under a chat heading is the "DeepSeek-V3" a page prints bare


def _model(s: Score) -> _Model | None:
    from claimcheck.models.names import MODEL_SUFFIXES, checkpoint_kind  # kind words: decided with the heading

    ident = identity(s.model)
    if ident is None:
        return None
    named = checkpoint_kind(s.model)
    return _Model(replace(ident, variants=ident.variants - MODEL_SUFFIXES), named or s.checkpoint,
                  named is None and s.checkpoint is not None)


def _judged(counterparts: list[Counterpart], alpha: float) -> tuple[Counterpart, ...]:
    """Testable counterparts judged with Holm's correction over each reference's testable counterparts
    (the family is every cell the reference holds a comparable value for, fixed before any is looked at)."""
    from claimcheck.stats.twosample import holm_adjust

    family: dict[tuple[str, bool], list[int]] = {}
    for i, c in enumerate(counterparts):
        if c.verdict == "untestable" and c.comparison is not None and c.comparison.p is not None:
            family.setdefault((c.reference, c.comparison.p_is_bound), []).append(i)
    out = list(counterparts)
    for (_, bound), members in family.items():  # lower-bound p values apart: they can show agreement, never a gap
        adjusted = holm_adjust([counterparts[i].comparison.p for i in members])
        for i, p in zip(members, adjusted):
            c = counterparts[i]
            if bound and p < alpha:
                out[i] = replace(c, comparison=replace(c.comparison, p_adjusted=p))  # untestable: p is only a bound
                continue
            out[i] = replace(c, verdict="discrepant" if p < alpha else "consistent",
                             comparison=replace(c.comparison, p_adjusted=p,
                                                verdict="significant" if p < alpha else "within-noise"))
    return tuple(out)
