"""Fetch one page (HTML, Markdown or plain text) with httpx; every failure becomes a one-line FetchError.

Only the page itself is requested: no images, stylesheets, scripts or linked
pages.  Redirects are followed (at most five); the text is decoded with the
response's charset, or the page's ``<meta charset>`` when the header has none.

:func:`fetch_page` accepts a release page (``text/html``) and a raw Markdown
or text file (``text/markdown``, ``text/plain``: a raw GitHub README) and says
which it got; :func:`fetch_html` accepts HTML only.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from importlib import metadata

import httpx

from claimcheck.errors import FetchError

_HTML_TYPES = ("text/html", "application/xhtml+xml")
#: Media types whose text is read as Markdown (pipe tables, and HTML tables embedded in it).
MARKDOWN_TYPES = ("text/markdown", "text/x-markdown", "text/plain")
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_.:-]+)""", re.I)


@dataclass(frozen=True, slots=True)
class FetchedPage:
    """A fetched page's text, the URL it was finally served from, and its media type."""

    text: str
    url: str
    media_type: str  # "text/html" when the server named none but the body is HTML

    @property
    def is_markdown(self) -> bool:
        """Whether the page is read as Markdown rather than as HTML."""
        return self.media_type in MARKDOWN_TYPES


def user_agent() -> str:
    """The User-Agent claimcheck identifies itself with."""
    try:
        version = metadata.version("claimcheck")
    except metadata.PackageNotFoundError:
        version = "dev"
    return f"claimcheck/{version} (+benchmark table audit)"


def _client(timeout: float) -> httpx.Client:
    return httpx.Client(
        timeout=httpx.Timeout(timeout, connect=5.0),
        follow_redirects=True,
        max_redirects=5,
        headers={"User-Agent": user_agent()},
    )


def _get(client: httpx.Client, url: str, timeout: float) -> httpx.Response:
    """The response to GET ``url``, its body read under the limits: at most ``download-bytes`` once
    decompressed (a gzip bomb stops there) and within ``fetch-seconds`` in all (a server that trickles a
    byte a second, each read within the per-read timeout, stops there)."""
    from claimcheck.limits import current

    limits = current()
    deadline = time.monotonic() + limits.fetch_seconds
    try:
        with client.stream("GET", url) as streamed:
            body, size = [], 0
            for chunk in streamed.iter_bytes():
                size += len(chunk)
                if size > limits.download_bytes:
                    raise _refused(limits, "download_bytes", url, f"more than {limits.download_bytes:,} bytes")
                if time.monotonic() > deadline:
                    raise _refused(limits, "fetch_seconds", url, f"more than {limits.fetch_seconds:g} s")
                body.append(chunk)
        kept = [(k, v) for k, v in streamed.headers.raw if k.lower() not in (b"content-encoding", b"content-length")]
        return httpx.Response(streamed.status_code, headers=kept, content=b"".join(body), request=streamed.request,
                              extensions=streamed.extensions)  # the body as read, already decompressed
    except httpx.TimeoutException as exc:
        raise FetchError(f"timed out after {timeout:g}s fetching {url} ({type(exc).__name__})") from None
    except httpx.TooManyRedirects:
        raise FetchError(f"too many redirects fetching {url}") from None
    except httpx.ConnectError as exc:
        raise FetchError(f"cannot connect to {url}: {_detail(exc)}") from None
    except httpx.InvalidURL as exc:
        raise FetchError(f"invalid URL {url!r}: {_detail(exc)}") from None
    except httpx.HTTPError as exc:
        raise FetchError(f"request failed for {url}: {type(exc).__name__}: {_detail(exc)}") from None


def _refused(limits, field: str, url: str, met: str) -> FetchError:
    """A fetch stopped by a limit, as one line naming it and how to raise it."""
    return FetchError(limits.refuse(field, f"the page {url}", met).one_line())


def _detail(exc: Exception) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _looks_html(content: bytes) -> bool:
    head = content[:2048].lstrip().lower()
    return head.startswith((b"<!doctype html", b"<html")) or b"<table" in head


def _decode(response: httpx.Response) -> str:
    if response.charset_encoding is None and (m := _META_CHARSET.search(response.content[:4096])):
        try:
            return response.content.decode(m.group(1).decode("ascii"), errors="replace")
        except LookupError:
            pass
    return response.text


def _response(url: str, client: httpx.Client | None, timeout: float) -> tuple[httpx.Response, str, str]:
    """The successful response for ``url``, the URL it came from, and its media type ("" if none
    and the body is not HTML); a FetchError on any network error or non-2xx status."""
    own = client is None
    client = client or _client(timeout)
    try:
        response = _get(client, url, timeout)
    finally:
        if own:
            client.close()
    final = str(response.url)
    where = url if final == url else f"{url} (redirected to {final})"
    if not response.is_success:
        raise FetchError(f"HTTP {response.status_code} {response.reason_phrase} for {where}".rstrip())
    ctype = response.headers.get("content-type", "").split(";")[0].strip().lower()
    if not ctype and _looks_html(response.content):
        ctype = "text/html"
    return response, where, ctype


def fetch_page(url: str, *, client: httpx.Client | None = None, timeout: float = 20.0) -> FetchedPage:
    """Fetch ``url``: an HTML page, or a Markdown or plain-text file (``text/markdown``,
    ``text/x-markdown``, ``text/plain``, as raw GitHub files are served).

    ``client`` is injectable (tests pass one with ``httpx.MockTransport``); a
    client passed in is not closed.  Raises FetchError with one line on any
    network error, a non-2xx status or a response of any other type.
    """
    response, where, ctype = _response(url, client, timeout)
    if ctype not in _HTML_TYPES and ctype not in MARKDOWN_TYPES:
        raise FetchError(f"expected HTML or Markdown but got {ctype or 'no content type'} from {where}")
    return FetchedPage(_decode(response), str(response.url), ctype)


def fetch_html(url: str, *, client: httpx.Client | None = None, timeout: float = 20.0) -> tuple[str, str]:
    """Fetch ``url`` and return (HTML text, final URL after redirects).

    ``client`` is injectable (tests pass one with ``httpx.MockTransport``); a
    client passed in is not closed.  Raises FetchError with one line on any
    network error, a non-2xx status or a response that is not HTML.
    """
    response, where, ctype = _response(url, client, timeout)
    if ctype not in _HTML_TYPES:
        raise FetchError(f"expected HTML but got {ctype or 'no content type'} from {where}")
    return _decode(response), str(response.url)
