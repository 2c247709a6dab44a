"""A quiet static file server with the MIME types Pyodide needs, precompressed files and
cache headers.

The built site holds ``FILE.br`` and ``FILE.gz`` beside each file that compresses
(site_build/postbuild.mjs); a request for FILE gets the smallest one the client accepts
(``Accept-Encoding``), with ``Content-Encoding`` and ``Vary: Accept-Encoding``, and FILE
itself otherwise. Files whose address changes with their content (``IMMUTABLE``) may be
cached for good; everything else (pages, the service worker, unhashed assets) is
revalidated on each use (``no-cache``, answered with 304 when unchanged).
"""

from __future__ import annotations

import datetime
import email.utils
import os
import re
import sys
import threading
import urllib.parse
from collections.abc import Callable, Iterable
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from .paths import IMMUTABLE_PATTERN

MIME_TYPES: dict[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/octet-stream",
    ".zip": "application/octet-stream",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".xml": "application/xml",
    ".txt": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
}

# Content codings we keep precompressed copies for, best first, with the copy's suffix.
ENCODINGS: dict[str, str] = {"br": ".br", "gzip": ".gz"}
IMMUTABLE = re.compile(IMMUTABLE_PATTERN)
CACHE_FOREVER = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


def accepted_encodings(header: str | None) -> dict[str, float]:
    """``Accept-Encoding`` as {coding: q}, codings lower-cased; a missing q is 1."""
    accepted: dict[str, float] = {}
    for item in (header or "").split(","):
        coding, *params = (part.strip() for part in item.split(";"))
        if not coding:
            continue
        q = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        accepted[coding.lower()] = q
    return accepted


def choose_encoding(header: str | None, available: Iterable[str]) -> str | None:
    """The coding to send, of those ``available`` (ENCODINGS keys), or None for the file as it
    is: the client's highest-q coding, Brotli before gzip when it rates them the same."""
    accepted = accepted_encodings(header)
    best, best_q = None, 0.0
    for coding in ENCODINGS:
        if coding not in available:
            continue
        q = accepted.get(coding, accepted.get("*", 0.0))
        if q > best_q:
            best, best_q = coding, q
    return best


def cache_control(site_path: str) -> str:
    """The Cache-Control for a file at ``site_path`` (relative to the site, with ``/``)."""
    return CACHE_FOREVER if IMMUTABLE.search(site_path) else REVALIDATE


class _CountingWriter:
    """A response stream that adds what it writes to its server's ``bytes_sent``."""

    def __init__(self, raw, server: object) -> None:
        self._raw, self._server = raw, server

    def write(self, data: bytes) -> int:
        counted = getattr(self._server, "count_sent", None)
        if counted:
            counted(len(data))
        return self._raw.write(data)

    def __getattr__(self, name: str) -> object:
        return getattr(self._raw, name)


class SiteRequestHandler(SimpleHTTPRequestHandler):
    """Serves one directory; no access log; MkDocs' 404.html for missing pages."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass

    def setup(self) -> None:
        super().setup()
        self.wfile = _CountingWriter(self.wfile, self.server)

    def send_head(self):
        """Headers for GET/HEAD, as SimpleHTTPRequestHandler's, plus content negotiation and
        Cache-Control; returns the open file to send, or None."""
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            parts = urllib.parse.urlsplit(self.path)
            if not parts.path.endswith("/"):
                self.send_response(HTTPStatus.MOVED_PERMANENTLY)
                self.send_header("Location", urllib.parse.urlunsplit(parts._replace(path=parts.path + "/")))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            path = os.path.join(path, "index.html")
        if path.endswith("/") or not os.path.isfile(path):
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        available = [coding for coding, suffix in ENCODINGS.items() if os.path.isfile(path + suffix)]
        coding = choose_encoding(self.headers.get("Accept-Encoding"), available)
        try:
            f = open(path + ENCODINGS[coding] if coding else path, "rb")
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        try:
            mtime = os.stat(path).st_mtime
            site_path = Path(path).relative_to(self.directory).as_posix()
            status = HTTPStatus.NOT_MODIFIED if self._not_modified(mtime) else HTTPStatus.OK
            self.send_response(status)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Cache-Control", cache_control(site_path))
            if available:
                self.send_header("Vary", "Accept-Encoding")
            self.send_header("Last-Modified", self.date_time_string(mtime))
            if status == HTTPStatus.NOT_MODIFIED:
                self.end_headers()
                f.close()
                return None
            if coding:
                self.send_header("Content-Encoding", coding)
            self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
            self.end_headers()
            return f
        except BaseException:
            f.close()
            raise

    def _not_modified(self, mtime: float) -> bool:
        """Whether If-Modified-Since shows the client already has this version."""
        header = self.headers.get("If-Modified-Since")
        if not header or "If-None-Match" in self.headers:
            return False
        try:
            since = email.utils.parsedate_to_datetime(header)
        except (TypeError, IndexError, OverflowError, ValueError):
            return False
        if since.tzinfo is None:
            since = since.replace(tzinfo=datetime.UTC)
        modified = datetime.datetime.fromtimestamp(mtime, datetime.UTC).replace(microsecond=0)
        return modified <= since

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != HTTPStatus.NOT_FOUND or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(code)
        self.send_header("Content-Type", MIME_TYPES[".html"])
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


class SiteServer(ThreadingHTTPServer):
    """Threaded server; a client hanging up mid-response (browsers cancel requests
    all the time) is not worth a traceback."""

    daemon_threads = True

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._sent_lock = threading.Lock()
        self.bytes_sent = 0  # every byte of every response (headers and bodies) so far

    def count_sent(self, size: int) -> None:
        with self._sent_lock:
            self.bytes_sent += size

    def handle_error(self, request: object, client_address: tuple[str, int]) -> None:
        if isinstance(sys.exception(), ConnectionError):
            return
        super().handle_error(request, client_address)


def bind_server(site_dir: Path, host: str = "127.0.0.1", port: int = 0) -> SiteServer:
    """Bind (but do not start) a server for ``site_dir``; port 0 picks a free port.

    The directory is read per request, so it may be built after binding: binding
    first keeps the port for us, with no window for anyone else to take it.
    """
    handler = partial(SiteRequestHandler, directory=str(Path(site_dir).resolve()))
    return SiteServer((host, port), handler)


def server_url(server: SiteServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"


def serve_in_background(server: SiteServer) -> Callable[[], None]:
    """Serve in a daemon thread; return a function that stops it."""
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()

    def stop() -> None:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)

    return stop


def start_server(site_dir: Path, host: str = "127.0.0.1", port: int = 0) -> tuple[str, Callable[[], None]]:
    """Serve an already built ``site_dir`` in the background: ``(url, stop)``."""
    server = bind_server(site_dir, host, port)
    return server_url(server), serve_in_background(server)


def serve(site_dir: Path, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve ``site_dir`` in the foreground until interrupted."""
    run_forever(bind_server(site_dir, host, port))


def run_forever(server: SiteServer) -> None:
    print(f"Serving at {server_url(server)} (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
