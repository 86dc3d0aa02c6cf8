"""CC415–CC416 — cells that stand out from their table: printed at another precision, or missing unexplained."""

from __future__ import annotations

from collections import Counter
from typing import Iterator

from claimcheck.checker.base import CheckContext, Rule, cell_name
from claimcheck.records import Finding, Score


def _tables(context: CheckContext) -> dict[tuple[int, int], list[Score]]:
    out: dict[tuple[int, int], list[Score]] = {}
    for s in context.scores:
        out.setdefault((s.input, s.table), []).append(s)
    return out


class PrecisionOutlier(Rule):
    """A model's cells printed at another precision than every other cell of the table.

    A table filled by one script prints one precision; a model whose numbers alone carry one
    decimal where every other cell carries two (or none where all others carry one) was typed in
    separately, copied from another report, or edited by hand.  Harmless when the numbers are
    right, but it says the column did not come out of the same run as the rest, so check its
    provenance before comparing it.  Needs ``OTHERS_MIN`` other cells at one precision and
    ``ODD_MIN`` odd cells of the model (one "93" among "93.8"s is a trailing zero dropped); cells
    read as differences ("Δ half book") count, since they were typed too.

    Bad:
        | Model | no context | half book |
        | A     | 9.90       | 54.30     |
        | B     | 20.22      | 53.62     |
        | Ours  | 6.0        | 51.74     |
    Good:
        every cell at one precision, or a note on where the odd column comes from.
    Reference: Brown, N. J. L. & Heathers, J. A. J. (2017). "The GRIM Test: A Simple Technique Detects
        Numerous Anomalies in the Reporting of Results in Psychology." Soc. Psychol. Personal. Sci. 8(4),
        363–369 (the printed digits of a reported number carry evidence of how it was produced).
    """

    code, slug, family, severity = "CC415", "precision-outlier", "integrity", "info"

    #: other cells of the table, all at one precision, before a model's other precision stands out
    OTHERS_MIN = 10
    #: odd cells of the model: one alone may be a trailing zero dropped
    ODD_MIN = 2

    def check(self, context: CheckContext) -> Iterator[Finding]:
        for cells in _tables(context).values():
            printed = [s for s in cells if s.cell.decimals is not None and s.cell.value is not None]
            models = list(dict.fromkeys(s.model for s in printed))
            if len(models) < 3:
                continue
            for model in models:
                others = Counter(s.cell.decimals for s in printed if s.model != model)
                if len(others) != 1 or sum(others.values()) < self.OTHERS_MIN:
                    continue
                (usual, _), = others.items()
                odd = [s for s in printed if s.model == model and s.cell.decimals != usual]
                if len(odd) >= self.ODD_MIN:
                    yield self.finding(
                        f"{cell_name(odd[0])}{f' and {len(odd) - 1} more of its cells' if len(odd) > 1 else ''} "
                        f"{'is' if len(odd) == 1 else 'are'} printed with {odd[0].cell.decimals} decimal"
                        f"{'s' if odd[0].cell.decimals != 1 else ''}, every other cell of the table with {usual}: the "
                        f"{'value was' if len(odd) == 1 else 'values were'} typed in apart from the rest (copied, "
                        f"edited or from another run), so check where {'it comes' if len(odd) == 1 else 'they come'} from",
                        scores=[s.id for s in odd], model=model, decimals=odd[0].cell.decimals, usual=usual)


class MissingUnexplained(Rule):
    """A few missing cells in an otherwise full table, with no note saying why.

    A "-" where a baseline could have been run (Falcon-7B on HumanEval) takes that model out of the
    row's comparison without a reason: not run, not reported, failed, or left out because it won.
    In a table that is almost full, such a gap is a choice the reader should be told about.  Tables
    with many gaps (context lengths a model does not support), cells with a footnote mark, "n/a"
    (itself a statement) and tables whose notes say what a missing cell means are left alone.

    Bad:
        | HumanEval | 26.83 | - | 18.29 |    (no note on the "-")
    Good:
        | HumanEval | 26.83 | -* | 18.29 |   * not evaluated: the model's licence forbids it
    Reference: Dodge, J. et al. (2019). "Show Your Work: Improved Reporting of Experimental Results." EMNLP
        2019, arXiv:1909.03004 (report what was run and what was not, and why).
    """

    code, slug, family, severity = "CC416", "missing-unexplained", "integrity", "info"

    #: at most this many unmarked dashes in a table, and at least this share of its cells present
    FEW, FULL = 2, 0.9

    def check(self, context: CheckContext) -> Iterator[Finding]:
        subject = context.subject.model if context.subject else None
        for (_, table), cells in _tables(context).items():
            if context.legend(table).missing_note:
                continue
            gaps = [s for s in cells if s.status == "missing" and not s.cell.markers
                    and s.cell.raw.strip() in ("-", "–", "—", "") and s.model != subject]
            present = sum(1 for s in cells if s.status == "checked")
            if not gaps or len(gaps) > self.FEW or present < self.FULL * len(cells):
                continue
            shown = "; ".join(f"{s.model} on {s.title!r} ({s.ref})" for s in gaps)
            yield self.finding(
                f"{len(gaps)} cell{'s are' if len(gaps) > 1 else ' is'} missing from an otherwise full table with no "
                f"note saying why: {shown}. A missing baseline leaves the row's comparison without that model; say "
                f"whether it was not run, not reported or failed",
                scores=[s.id for s in gaps], missing=len(gaps))


RULES = [PrecisionOutlier, MissingUnexplained]
