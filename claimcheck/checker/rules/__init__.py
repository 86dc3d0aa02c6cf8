"""Every rule, registered explicitly by family (never discovered by scanning files)."""

from __future__ import annotations

from claimcheck.checker.rules import claims, comparability, integrity, noise, units, validity

FAMILIES = {
    "units": units.RULES,
    "comparability": comparability.RULES,
    "noise": noise.RULES,
    "integrity": integrity.RULES,
    "validity": validity.RULES,
    "claims": claims.RULES,
}

ALL_RULES = [rule for rules in FAMILIES.values() for rule in rules]
