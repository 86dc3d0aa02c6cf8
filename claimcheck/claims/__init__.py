"""Text claims: read a vendor's sentences and parse what each asserts about the tables.

The verdicts are the checker's business (:func:`claimcheck.checker.claims.judge_claims`).
"""

from claimcheck.claims.parse import parse_claims, read_claims, split_sentences

__all__ = ["parse_claims", "read_claims", "split_sentences"]
