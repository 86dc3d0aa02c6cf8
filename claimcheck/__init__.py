"""claimcheck: audit the benchmark tables AI vendors publish.

    >>> import claimcheck
    >>> result = claimcheck.audit("table.csv")      # doctest: +SKIP
    >>> result.findings                             # a pandas DataFrame
    >>> result.to_pdf("table.report.pdf")

The package imports nothing heavy at import time; the API loads pandas and the
pipeline on first use.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__", "audit"]


def audit(source, **options):
    """Audit a table (path, URL or pandas DataFrame); see :func:`claimcheck.api.audit`."""
    from claimcheck.api import audit as _audit

    return _audit(source, **options)
