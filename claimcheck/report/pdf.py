"""The PDF report: the HTML report laid out by WeasyPrint.

WeasyPrint gets a URL fetcher that refuses everything but the report's own
inline charts (``data:image/svg+xml`` URIs, decoded in memory): a cell holding
``<img src="file:///…">`` or an http URL — which autoescaping already turns
into text — could not make the renderer read a file or touch the network even
if it reached the markup.
"""

from __future__ import annotations

from pathlib import Path

from claimcheck.errors import ClaimcheckError


def refuse_fetch(url: str, *args, **kwargs):
    """Nothing outside the document is ever loaded."""
    raise ValueError(f"claimcheck reports load no external resources (refused {url[:80]!r})")


def _fetcher():
    """The refusing fetcher in the form this WeasyPrint expects (a URLFetcher since v68)."""
    try:
        from weasyprint.urls import URLFetcher
    except ImportError:  # older WeasyPrint: a plain function
        return lambda url, *a, **k: refuse_fetch(url, *a, **k)

    class RefusingFetcher(URLFetcher):
        def fetch(self, url, headers=None):
            if url.startswith("data:image/svg+xml;base64,"):  # our own charts, inline: no I/O
                return super().fetch(url, headers)
            return refuse_fetch(url)

    return RefusingFetcher()


def write_pdf(html: str, path: str | Path) -> int:
    """Lay out the HTML and write the PDF; return the page count."""
    import logging
    import warnings

    from weasyprint import HTML

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        document = HTML(string=html, url_fetcher=_fetcher(), base_url=None).render()
        try:
            document.write_pdf(str(path))
        except OSError as exc:
            raise ClaimcheckError(f"cannot write the PDF: {exc.strerror or exc}", path=str(path)) from None
    return len(document.pages)
