"""fetch_html and fetch_page with httpx.MockTransport: success, redirects, Markdown and plain-text
files (raw GitHub READMEs) read as Markdown, and one-line failures."""

import functools

import httpx
import pytest

from claimcheck.errors import FetchError
from claimcheck.readers import read_input
from claimcheck.scrapers import fetch_html
from claimcheck.scrapers import fetch as fetch_module
from claimcheck.scrapers.fetch import fetch_page

PAGE = "<html><body><table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table></body></html>"
README = """# Kimi K2

## Evaluation

| Benchmark | Kimi K2 Instruct | Claude Sonnet 4<sup>(w/o extended thinking)</sup> |
|:---:|:---:|:---:|
| LiveCodeBench v6<br><sup>(Aug 24 - May 25)</sup> | **53.7** | 48.5<sup>*</sup> |

<sup>*</sup> from the vendor's blog

<table><tr><th>Benchmark</th><th><sup>Kimi K2 Base</sup></th></tr><tr><td>MMLU</td><td>87.8</td></tr></table>
"""
# what a server says a Markdown or text file is, as raw.githubusercontent.com says "text/plain"
TEXT_TYPES = {
    "/README.md": "text/plain; charset=utf-8",
    "/card.md": "text/markdown; charset=utf-8",
    "/card.markdown": "text/x-markdown",
}
seen_agents: list[str] = []
RealClient = httpx.Client


def handler(request: httpx.Request) -> httpx.Response:
    seen_agents.append(request.headers.get("user-agent", ""))
    path = request.url.path
    if path == "/post":
        return httpx.Response(200, html=PAGE)
    if path == "/old":
        return httpx.Response(301, headers={"location": "/post"})
    if path == "/loop":
        return httpx.Response(302, headers={"location": "/loop"})
    if path == "/data.json":
        return httpx.Response(200, json={"a": 1})
    if path == "/slow":
        raise httpx.ReadTimeout("read timed out", request=request)
    if path == "/down":
        raise httpx.ConnectError("[Errno 111] Connection refused", request=request)
    if path == "/gbk":
        return httpx.Response(200, headers={"content-type": "text/html; charset=gbk"}, content="基准".encode("gbk"))
    if path in TEXT_TYPES:
        return httpx.Response(200, headers={"content-type": TEXT_TYPES[path]}, content=README.encode("utf-8"))
    if path == "/MoonshotAI/Kimi-K2/raw/main/README.md":  # github.com's raw link redirects to the raw host
        return httpx.Response(302, headers={"location": "https://raw.test/README.md"})
    if path == "/meta":
        body = '<html><head><meta charset="gb18030"></head><body>同上</body></html>'.encode("gb18030")
        return httpx.Response(200, headers={"content-type": "text/html"}, content=body)
    return httpx.Response(404)


@pytest.fixture(autouse=True)
def mock_network(monkeypatch):
    """Every client fetch_html builds gets the mock transport and keeps its own settings."""
    monkeypatch.setattr(httpx, "Client", functools.partial(httpx.Client, transport=httpx.MockTransport(handler)))
    seen_agents.clear()


def test_200_html_returns_text_and_final_url():
    text, final = fetch_html("http://vendor.test/post")
    assert "<table>" in text and final == "http://vendor.test/post"
    assert seen_agents[-1].startswith("claimcheck/") and seen_agents[-1].endswith("(+benchmark table audit)")


def test_redirect_is_followed():
    text, final = fetch_html("http://vendor.test/old")
    assert final == "http://vendor.test/post" and "<table>" in text


def failure(url: str, **kwargs) -> str:
    with pytest.raises(FetchError) as err:
        fetch_html(url, **kwargs)
    line = str(err.value)
    assert "\n" not in line
    return line


def test_404():
    assert failure("http://vendor.test/missing") == "HTTP 404 Not Found for http://vendor.test/missing"


def test_json_content_type():
    assert failure("http://vendor.test/data.json") == (
        "expected HTML but got application/json from http://vendor.test/data.json"
    )


def test_timeout():
    assert failure("http://vendor.test/slow").startswith("timed out after 20s fetching http://vendor.test/slow")
    assert failure("http://vendor.test/slow", timeout=1.5).startswith("timed out after 1.5s")


def test_too_many_redirects():
    assert failure("http://vendor.test/loop") == "too many redirects fetching http://vendor.test/loop"


def test_connect_error():
    assert failure("http://vendor.test/down") == (
        "cannot connect to http://vendor.test/down: [Errno 111] Connection refused"
    )


def test_bad_scheme_is_a_fetch_error():
    with RealClient() as client:  # refuses ftp:// before any network access
        line = failure("ftp://vendor.test/x", client=client)
    assert line.startswith("request failed for ftp://vendor.test/x: UnsupportedProtocol")


def test_decodes_with_header_charset_then_meta_charset():
    assert fetch_html("http://vendor.test/gbk")[0] == "基准"
    assert "同上" in fetch_html("http://vendor.test/meta")[0]


def test_injected_client_is_used_and_left_open():
    client = httpx.Client(follow_redirects=True)
    text, _ = fetch_html("http://vendor.test/post", client=client)
    assert "<table>" in text and not client.is_closed
    client.close()


def test_default_client_settings():
    client = fetch_module._client(20.0)
    assert client.follow_redirects and client.max_redirects == 5
    assert client.timeout.connect == 5.0 and client.timeout.read == 20.0
    client.close()


def test_read_input_fetches_urls_through_fetch_page():
    info, tables = read_input("http://vendor.test/old", 4)
    assert info.format == "url" and info.index == 4
    assert [t.input for t in tables] == [4] and tables[0].header == ("a", "b")


@pytest.mark.parametrize("path", sorted(TEXT_TYPES))
def test_markdown_and_plain_text_pages_are_fetched_as_markdown(path):
    page = fetch_page(f"https://raw.test{path}")
    assert page.is_markdown and page.media_type == TEXT_TYPES[path].split(";")[0]
    assert page.text == README and page.url == f"https://raw.test{path}"


def test_html_page_is_not_markdown():
    page = fetch_page("http://vendor.test/post")
    assert (page.media_type, page.is_markdown) == ("text/html", False) and "<table>" in page.text


@pytest.mark.parametrize("path", sorted(TEXT_TYPES))
def test_a_raw_readme_url_is_read_as_markdown(path):
    info, tables = read_input(f"https://raw.test{path}", 1)
    assert info.format == "url" and info.encoding == "utf-8"
    pipe, html = tables  # the pipe table, then the HTML table the Markdown embeds
    assert pipe.header == ("Benchmark", "Kimi K2 Instruct", "Claude Sonnet 4 (w/o extended thinking)")
    label, kimi, claude = pipe.rows[0]
    assert (label.text, kimi.text, kimi.emphasis, claude.text, claude.markers) == (
        "LiveCodeBench v6 (Aug 24 - May 25)", "53.7", ("bold",), "48.5", ("*",))
    assert pipe.notes == ("* from the vendor's blog",)
    assert html.header == ("Benchmark", "Kimi K2 Base") and html.rows[0][1].text == "87.8"


def test_a_github_raw_link_is_followed_to_the_raw_file():
    info, tables = read_input("https://github.test/MoonshotAI/Kimi-K2/raw/main/README.md", 0)
    assert info.format == "url" and tables[0].header[1] == "Kimi K2 Instruct"


def test_fetch_page_refuses_other_types_in_one_line():
    with pytest.raises(FetchError) as err:
        fetch_page("http://vendor.test/data.json")
    assert str(err.value) == "expected HTML or Markdown but got application/json from http://vendor.test/data.json"


def test_fetch_html_still_wants_html():
    assert failure("https://raw.test/README.md") == "expected HTML but got text/plain from https://raw.test/README.md"


def _client_for(handler):
    return httpx.Client(transport=httpx.MockTransport(handler), follow_redirects=True)


def test_a_page_past_the_download_limit_is_refused_once_decompressed():
    """A gzip bomb: 100 KB on the wire, 10 MB inflated; the limit counts what is inflated."""
    import gzip

    from claimcheck.limits import Limits, applied

    bomb = gzip.compress(b"<html><table>" + b" " * 10_000_000)

    def serve(request):
        return httpx.Response(200, headers={"content-type": "text/html", "content-encoding": "gzip"}, content=bomb)

    assert len(bomb) < 100_000
    with applied(Limits(download_bytes=1_000_000)), pytest.raises(FetchError) as err:
        fetch_page("https://example.com/bomb", client=_client_for(serve))
    message = str(err.value)
    assert "download-bytes limit of 1,000,000 bytes" in message and "--limit download-bytes=N" in message
    assert "\n" not in message
    page = fetch_page("https://example.com/bomb", client=_client_for(serve))  # the default limit: read
    assert len(page.text) > 10_000_000


def test_a_page_that_trickles_past_the_deadline_is_refused(monkeypatch):
    """Each read arrives within the per-read timeout, but the page as a whole takes too long."""
    from claimcheck.limits import Limits, applied

    clock = iter(range(0, 10_000, 7))  # seven seconds pass between reads
    monkeypatch.setattr(fetch_module.time, "monotonic", lambda: next(clock))

    class Trickle(httpx.SyncByteStream):
        def __iter__(self):
            for _ in range(100):
                yield b"x"

    def serve(request):
        return httpx.Response(200, headers={"content-type": "text/html"}, stream=Trickle())

    with applied(Limits(fetch_seconds=30)), pytest.raises(FetchError, match="fetch-seconds limit of 30 s"):
        fetch_page("https://example.com/slow", client=_client_for(serve))


def test_a_redirected_page_keeps_its_final_url_and_charset():
    def serve(request):
        if request.url.path == "/old":
            return httpx.Response(301, headers={"location": "https://example.com/new"})
        return httpx.Response(200, headers={"content-type": "text/html; charset=gbk"},
                              content="<html><table><tr><td>数学</td></tr></table></html>".encode("gbk"))

    page = fetch_page("https://example.com/old", client=_client_for(serve))
    assert page.url == "https://example.com/new" and "数学" in page.text
