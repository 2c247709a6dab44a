"""A quiet static file server with the MIME types Pyodide needs."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

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
}


class SiteRequestHandler(SimpleHTTPRequestHandler):
    """Serves one directory; no access log; MkDocs' 404.html for missing pages."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass

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
