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

from dataclasses import replace
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
    by_bench: dict[str, list[tuple[str, Score, Identity]]] = {}
    for src in sources:
        for r in references.get(src.id, ()):
            if r.benchmark and (rid := identity(r.model)) is not None:
                by_bench.setdefault(r.benchmark, []).append((src.id, r, rid))
    out: list[Counterpart] = []
    for s in scores:
        if s.status != "checked" or not s.benchmark or s.benchmark not in by_bench:
            continue
        sid = identity(s.model)
        if sid is None:
            continue
        for ref_id, r, rid in by_bench[s.benchmark]:
            if not sid.same_model(rid):
                continue
            comp = reference_comparison(f"r{len(out) + 1}", s, r, rules, alpha=alpha, power=power, ci_method=ci_method)
            out.append(Counterpart(
                score=s.id, reference=ref_id, model=r.model, label=r.label, value=r.value, printed=r.cell.shown,
                verdict="identical" if identical(s, r) else "not-comparable" if comp.why_not else "untestable",
                comparison=comp, differences=tuple(d.describe() for d in comp.differences if d.known),
            ))
    return _judged(out, alpha)


def _judged(counterparts: list[Counterpart], alpha: float) -> tuple[Counterpart, ...]:
    """Testable counterparts judged with Holm's correction over each reference's testable counterparts
    (the family is every cell the reference holds a comparable value for, fixed before any is looked at)."""
    from claimcheck.stats.twosample import holm_adjust

    family: dict[str, list[int]] = {}
    for i, c in enumerate(counterparts):
        if c.verdict == "untestable" and c.comparison is not None and c.comparison.p is not None:
            family.setdefault(c.reference, []).append(i)
    out = list(counterparts)
    for members in family.values():
        adjusted = holm_adjust([counterparts[i].comparison.p for i in members])
        for i, p in zip(members, adjusted):
            c = counterparts[i]
            out[i] = replace(c, verdict="discrepant" if p < alpha else "consistent",
                             comparison=replace(c.comparison, p_adjusted=p,
                                                verdict="significant" if p < alpha else "within-noise"))
    return tuple(out)
