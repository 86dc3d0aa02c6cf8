"""CC6xx — claims: what a vendor's text says against what its own table supports.

The verdicts are decided once, before the rules run
(:func:`claimcheck.checker.claims.judge_claims`); each rule reports the verdicts
that carry its code, one finding per claim.
"""

from __future__ import annotations

from typing import Iterator

from claimcheck.checker.base import CheckContext, Rule
from claimcheck.records import ClaimVerdict, Finding


def _quote(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


class _ClaimRule(Rule):
    """Reports each judged claim whose verdict carries this rule's code."""

    family = "claims"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        """One finding per claim verdict that carries this rule's code."""
        for verdict in context.claims:
            if self.code in verdict.codes:
                yield self.claim_finding(verdict)

    def claim_finding(self, v: ClaimVerdict) -> Finding:
        """The finding for one verdict: the quoted claim and the judge's explanation."""
        return self.finding(
            f'claim {v.claim}{" (" + v.source + ")" if v.source else ""} "{_quote(v.text)}": {v.explanation}',
            scores=v.scores, comparisons=v.comparisons,
            claim=v.claim, source=v.source, text=v.text, verdict=v.verdict,
        )


class ClaimWithinNoise(_ClaimRule):
    """A text claim of superiority that the data leave within noise.

    "Outperforms", "leads" and "state of the art" say the gap is real.  When the
    comparison behind the claim is not significant after Holm correction within its
    table's family of judged gaps (which the claim's pairs join), the table cannot tell
    the models apart, whatever the sentence says.

    Bad:
        "Opus 5.5 is state of the art on Agent Index" (90.4 vs 87.6, n = 500: z = 1.41).
    Good:
        "Opus 5.5 and Astra are statistically tied on Agent Index v1.2 (n = 500)."
    Reference: Holm, S. (1979). "A Simple Sequentially Rejective Multiple Test Procedure." Scand. J. Stat. 6,
        65–70; Boutron, I. et al. (2010). "Reporting and Interpretation of Randomized Controlled Trials With
        Statistically Nonsignificant Results for Primary Outcomes." JAMA 303 (z = 1.41 at n = 500).
    """

    code, slug, severity = "CC601", "claim-within-noise", "warning"


class ClaimContradicted(_ClaimRule):
    """A text claim that the table contradicts.

    The sentence orders two models one way and the vendor's own table the other,
    or calls a model the best on a row where another model scores higher (or calls
    two models on par when the table's gap is significant).

    Bad:
        "Fable 5.1 leads on AutomationBench" beside | AutomationBench | 41.4% | 31.4% |.
    Good:
        "Astra leads Fable 5.1 on AutomationBench (41.4% vs 31.4%)."
    Reference: Boutron, I. et al. (2010). "Reporting and Interpretation of Randomized Controlled Trials With
        Statistically Nonsignificant Results for Primary Outcomes." JAMA 303(20), 2058–2064,
        doi:10.1001/jama.2010.651 (read each claim against the vendor's own table).
    """

    code, slug, severity = "CC602", "claim-contradicted", "error"


class ClaimNumberMismatch(_ClaimRule):
    """A number in the text that differs from the table beyond rounding.

    A number written with d decimals stands for anything within half a unit of its
    last digit, and so does the printed cell; when those ranges do not overlap the
    text and the table disagree.  Stated gaps ("a 10-point jump") are checked against
    the table's gap the same way.

    Bad:
        "Astra scores 99% on FrontierMath" beside a printed 97.6%.
    Good:
        "Astra scores 98% on FrontierMath" (97.6 rounded to a whole number).
    Reference: Brown, N. J. L. & Heathers, J. A. J. (2017). "The GRIM Test: A Simple Technique Detects
        Numerous Anomalies in the Reporting of Results in Psychology." Soc. Psychol. Personal. Sci. 8(4),
        363–369 (the Astra post rounds the table’s 97.6% to 98%: consistent; 99% is not).
    """

    code, slug, severity = "CC603", "claim-number-mismatch", "error"


class ClaimIncomparable(_ClaimRule):
    """A claim that compares incomparable rows.

    When the two cells behind a claim were measured under different protocols
    (tools on vs off, different judges, one row per vendor protocol, the same model
    under two harnesses), the table cannot rank the models either way, so the claim
    rests on a comparison that does not exist.

    Bad:
        "Astra is #1 on OSWorld" from 72.6% (Astra protocol) vs 77.9% (Fable protocol).
    Good:
        "On the Astra release protocol Astra scores 72.6%; no head-to-head run exists."
    Reference: Kapoor, S. et al. (2024). "AI Agents That Matter." arXiv:2407.01502; Biderman, S. et al.
        (2024). "Lessons from the Trenches on Reproducible Evaluation of Language Models." arXiv:2405.14782
        (change one link, harness, test set or judge, and the gap is no longer a model comparison).
    """

    code, slug, severity = "CC604", "claim-incomparable", "warning"


class ClaimUnverifiable(_ClaimRule):
    """A claim with no matching row, or whose gap cannot be tested.

    The tables have no cell for the model or benchmark the sentence names, or the
    sentence names a model that is not in them.  A superiority claim whose direction
    matches the table but whose benchmark has no known item count lands here too:
    without n the gap can be called neither real nor noise.

    Bad:
        "Astra leads on SWE-bench Verified" with no SWE-bench Verified row in the table.
    Good:
        "Astra leads Fable 5.1 on GPQA Diamond" beside | GPQA Diamond | 80.0% | 50.0% | (198 questions).
    Reference: Miller, E. (2024). "Adding Error Bars to Evals: A Statistical Approach to Language Model
        Evaluations." arXiv:2411.00640 (a score must come with its item count n; without n a gap is neither
        real nor noise).
    """

    code, slug, severity = "CC605", "claim-unverifiable", "info"


RULES = [ClaimWithinNoise, ClaimContradicted, ClaimNumberMismatch, ClaimIncomparable, ClaimUnverifiable]
