"""site_build/serve.py: each file as the client accepts it (Brotli, gzip or as it is), with its
own Content-Type, ``Vary: Accept-Encoding`` and a Cache-Control by whether its address
changes with its content. A small site made here, no build needed."""

from __future__ import annotations

import gzip
import http.client
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from site_build.serve import (
    CACHE_FOREVER,
    REVALIDATE,
    accepted_encodings,
    cache_control,
    choose_encoding,
    start_server,
)

BOTH = ("br", "gzip")


@pytest.mark.parametrize(
    ("header", "available", "chosen"),
    [
        ("gzip, deflate, br, zstd", BOTH, "br"),  # what Chromium sends
        ("gzip, deflate", BOTH, "gzip"),
        ("br", BOTH, "br"),
        ("gzip;q=1.0, br;q=0.5", BOTH, "gzip"),
        ("br;q=0, gzip", BOTH, "gzip"),
        ("br;q=0, gzip;q=0", BOTH, None),
        ("*", BOTH, "br"),
        ("*;q=0.5, br;q=0", BOTH, "gzip"),
        ("identity", BOTH, None),
        ("", BOTH, None),
        (None, BOTH, None),
        ("gzip, br", ("gzip",), "gzip"),  # only what exists on disk
        ("br", ("gzip",), None),
        ("GZIP ; Q=0.8", BOTH, "gzip"),
        ("br;q=nonsense, gzip", BOTH, "gzip"),
    ],
)
def test_the_encoding_chosen_is_the_clients_best_of_those_on_disk(header, available, chosen):
    assert choose_encoding(header, available) == chosen


def test_accept_encoding_is_read_with_its_weights():
    assert accepted_encodings("gzip;q=0.8, br, *;q=0") == {"gzip": 0.8, "br": 1.0, "*": 0.0}
    assert accepted_encodings(" , ;q=1") == {}


@pytest.mark.parametrize(
    ("path", "policy"),
    [
        ("assets/pyodide/314.0.7-0123456789ab/pyodide.asm.wasm", CACHE_FOREVER),
        ("assets/engine/0123456789ab/rules_engine-0.1.0-py3-none-any.whl", CACHE_FOREVER),
        ("assets/javascripts/bundle.a5f9d56c.min.js", CACHE_FOREVER),
        ("assets/stylesheets/main.57a0d79d.min.css", CACHE_FOREVER),
        ("index.html", REVALIDATE),
        ("doom-stack/index.html", REVALIDATE),
        ("sw.js", REVALIDATE),
        ("assets/engine/manifest.json", REVALIDATE),
        ("assets/js/runtime/engine-worker.js", REVALIDATE),
        ("assets/pyodide/pyodide.mjs", REVALIDATE),  # not a content-named folder
        ("assets/engine/0123/x.whl", REVALIDATE),
        ("search/search_index.json", REVALIDATE),
    ],
)
def test_only_addresses_named_by_their_content_are_cached_for_good(path, policy):
    assert cache_control(path) == policy


PAGE = b"<!doctype html><title>t</title>" + b"<p>dice and danger</p>" * 200
SCRIPT = b"export const x = 1;\n" * 100
HASHED = "assets/pyodide/314.0.7-0123456789ab/pyodide.asm.wasm"
WASM = bytes(range(256)) * 64


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    site = tmp_path_factory.mktemp("served")
    (site / "index.html").write_bytes(PAGE)
    (site / "index.html.gz").write_bytes(gzip.compress(PAGE))
    (site / "index.html.br").write_bytes(b"pretend-brotli")  # served as is, never decoded here
    (site / "sub").mkdir()
    (site / "sub" / "index.html").write_bytes(PAGE)
    (site / "plain.js").write_bytes(SCRIPT)
    wasm = site / HASHED
    wasm.parent.mkdir(parents=True)
    wasm.write_bytes(WASM)
    (site / (HASHED + ".gz")).write_bytes(gzip.compress(WASM))
    (site / "manifest.webmanifest").write_text("{}")
    (site / "404.html").write_bytes(b"<p>not here</p>")
    url, stop = start_server(site)
    yield url
    stop()


def fetch(url: str, path: str, method: str = "GET", **headers: str):
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    try:
        connection.request(method, "/" + path, headers=headers)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def test_brotli_is_sent_to_a_client_that_takes_it(server):
    status, headers, body = fetch(server, "index.html", **{"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200
    assert headers["content-encoding"] == "br"
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert headers["vary"] == "Accept-Encoding"
    assert headers["cache-control"] == "no-cache"
    assert body == b"pretend-brotli" and headers["content-length"] == str(len(body))


def test_gzip_is_sent_to_a_client_without_brotli_and_decodes_to_the_file(server):
    status, headers, body = fetch(server, "", **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == PAGE
    assert headers["content-length"] == str(len(body))


def test_the_file_as_it_is_when_no_encoding_is_accepted(server):
    for accept in ({}, {"Accept-Encoding": "identity"}, {"Accept-Encoding": "br;q=0, gzip;q=0"}):
        status, headers, body = fetch(server, "index.html", **accept)
        assert status == 200 and "content-encoding" not in headers
        assert body == PAGE and headers["content-length"] == str(len(PAGE))
        assert headers["vary"] == "Accept-Encoding"  # a cache must not hand this to the next client


def test_a_file_without_compressed_copies_is_sent_as_it_is_without_vary(server):
    status, headers, body = fetch(server, "plain.js", **{"Accept-Encoding": "br, gzip"})
    assert status == 200 and body == SCRIPT
    assert "content-encoding" not in headers and "vary" not in headers
    assert headers["content-type"] == "text/javascript; charset=utf-8"


def test_a_content_named_file_is_cached_for_good_with_its_own_type(server):
    status, headers, body = fetch(server, HASHED, **{"Accept-Encoding": "br, gzip"})
    assert status == 200 and headers["content-encoding"] == "gzip"  # no .br beside it
    assert headers["content-type"] == "application/wasm"
    assert headers["cache-control"] == "public, max-age=31536000, immutable"
    assert gzip.decompress(body) == WASM


def test_head_sends_the_headers_of_the_chosen_copy(server):
    status, headers, body = fetch(server, "index.html", "HEAD", **{"Accept-Encoding": "gzip"})
    assert status == 200 and body == b""
    assert headers["content-encoding"] == "gzip"
    assert headers["content-length"] == str(len(gzip.compress(PAGE)))


def test_an_unchanged_file_is_answered_not_modified(server):
    _, headers, _ = fetch(server, "index.html")
    status, again, body = fetch(
        server, "index.html", **{"If-Modified-Since": headers["last-modified"], "Accept-Encoding": "br"}
    )
    assert status == 304 and body == b""
    assert again["cache-control"] == "no-cache"


def test_folders_redirect_to_their_slash_and_missing_files_get_the_404_page(server):
    status, headers, _ = fetch(server, "sub?x=1")
    assert status == 301 and headers["location"] == "/sub/?x=1"
    status, headers, body = fetch(server, "sub/", **{"Accept-Encoding": "br"})
    assert status == 200 and body == PAGE
    status, _, body = fetch(server, "nowhere/")
    assert status == 404 and b"not here" in body


def test_the_web_app_manifest_has_its_type(server):
    _, headers, _ = fetch(server, "manifest.webmanifest")
    assert headers["content-type"] == "application/manifest+json"


def test_the_server_counts_what_it_sends(tmp_path):
    from site_build.serve import bind_server, serve_in_background, server_url

    (tmp_path / "a.txt").write_bytes(b"x" * 1000)
    srv = bind_server(tmp_path)
    stop = serve_in_background(srv)
    try:
        fetch(server_url(srv), "a.txt")
        assert 1000 < srv.bytes_sent < 1400  # the body and its headers
    finally:
        stop()


def test_served_from_a_real_path(tmp_path):
    # A site folder given as a relative or symlinked path is served all the same.
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "index.html").write_bytes(PAGE)
    (tmp_path / "link").symlink_to(tmp_path / "real")
    url, stop = start_server(Path(tmp_path / "link"))
    try:
        status, headers, _ = fetch(url, "", **{"Accept-Encoding": "br"})
        assert status == 200 and headers["cache-control"] == "no-cache"
    finally:
        stop()
