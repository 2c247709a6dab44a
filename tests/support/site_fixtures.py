"""The site under test, built and served once a session (a fixture module of
``browser_fixtures``): built into a temp dir for the exact address it is served at
(Material's instant navigation needs site_url to match, port included).

Under pytest-xdist (``pytest -n 2``, as ``site_build/test.sh`` runs) the site is still built
once: the controlling process binds one server before the workers start
(``serve_shared_site``, called from ``tests/conftest.py``) and hands its address to them in
``SRD_TEST_SITE``; the first worker that needs the site builds it for that address under a
file lock, the others wait for it. Each worker's pages carry a cookie naming the worker, so
``site_server.bytes_sent`` still counts only what this worker's pages were sent.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.request
from collections.abc import Callable, Iterator
from functools import partial
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from filelock import FileLock

# site_build is not installed (only the engine is); make it importable however pytest runs.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from site_build import bind_server, build_site, server_url  # noqa: E402
from site_build.serve import SiteRequestHandler, SiteServer, serve_in_background  # noqa: E402

# --- one site for every xdist worker ---------------------------------------------------------
SHARED_SITE_ENV = "SRD_TEST_SITE"  # JSON {"url", "root"} of the site the controller serves
WORKER_COOKIE = "srd-test-worker"  # names the worker whose page sent a request
COUNT_PATH = "/__srd_test_bytes_sent__/"  # + worker name: bytes sent to that worker's pages


class _WorkerCountingWriter:
    """A response stream that adds what it writes to the count of the worker whose page asked
    (the ``WORKER_COOKIE`` of the request being answered)."""

    def __init__(self, raw, handler: _SharedSiteHandler) -> None:
        self._raw, self._handler = raw, handler

    def write(self, data: bytes) -> int:
        self._handler.server.count_for(self._handler.worker(), len(data))
        return self._raw.write(data)

    def __getattr__(self, name: str) -> object:
        return getattr(self._raw, name)


class _SharedSiteHandler(SiteRequestHandler):
    """The site's own handler, counting bytes per worker and answering ``COUNT_PATH``."""

    def setup(self) -> None:
        super().setup()
        self.wfile = _WorkerCountingWriter(self.wfile, self)

    def worker(self) -> str:
        headers = getattr(self, "headers", None)
        morsel = SimpleCookie(headers.get("Cookie", "") if headers else "").get(WORKER_COOKIE)
        return morsel.value if morsel else ""

    def do_GET(self) -> None:
        if self.path.startswith(COUNT_PATH):
            body = str(self.server.sent_to(self.path[len(COUNT_PATH) :])).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


class _SharedSiteServer(SiteServer):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._per_worker: dict[str, int] = {}
        self._per_worker_lock = threading.Lock()

    def count_for(self, worker: str, size: int) -> None:
        with self._per_worker_lock:
            self._per_worker[worker] = self._per_worker.get(worker, 0) + size

    def sent_to(self, worker: str) -> int:
        with self._per_worker_lock:
            return self._per_worker.get(worker, 0)


def serve_shared_site() -> Callable[[], None]:
    """Controller side: bind and serve an (empty, to be built) site folder for every worker,
    announce it in ``SRD_TEST_SITE``; return a function that stops it and removes the folder."""
    root = Path(tempfile.mkdtemp(prefix="srd-test-site-"))
    site_dir = root / "site"
    site_dir.mkdir()
    server = _SharedSiteServer(("127.0.0.1", 0), partial(_SharedSiteHandler, directory=str(site_dir)))
    stop_serving = serve_in_background(server)
    os.environ[SHARED_SITE_ENV] = json.dumps({"url": server_url(server), "root": str(root)})

    def stop() -> None:
        stop_serving()
        os.environ.pop(SHARED_SITE_ENV, None)
        shutil.rmtree(root, ignore_errors=True)

    return stop


def _announced_site() -> tuple[str, Path] | None:
    """The controller's site address and folder (``SRD_TEST_SITE``), or None without xdist."""
    announced = os.environ.get(SHARED_SITE_ENV)
    if not announced:
        return None
    shared = json.loads(announced)
    return shared["url"], Path(shared["root"])


def build_shared_site(url: str, root: Path) -> Path:
    """Build the shared site for ``url`` into ``root``/site unless a worker (or the early
    build) already has, under a lock every builder takes; return the site folder."""
    site_dir, built = root / "site", root / "built"
    with FileLock(str(root / "build.lock")):
        if not built.is_file():
            build_site(site_dir, url)
            built.write_text(url, encoding="utf-8")
    return site_dir


def start_early_build() -> None:
    """Worker side, once per run: build the shared site in a process of its own while the
    workers run the tests that need no browser (``conftest`` runs those first), so no worker
    sits waiting for it. Whoever needs the site first waits on the build's lock; if the early
    build fails, that worker builds again itself and reports the error."""
    site = _announced_site()
    if site is None:
        return
    url, root = site
    try:  # the first worker to claim the build starts it; the other leaves it alone
        os.close(os.open(root / "early-build.claimed", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return
    here = Path(__file__).resolve().parent
    code = (
        "import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]); "
        "from site_fixtures import build_shared_site; build_shared_site(sys.argv[2], Path(sys.argv[3]))"
    )
    with open(root / "early-build.log", "wb") as log:
        subprocess.Popen(
            [sys.executable, "-c", code, str(here), url, str(root)],
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )


def _shared_site() -> tuple[str, Path] | None:
    """Worker side: the controller's site, built here if no one has built it yet."""
    site = _announced_site()
    if site is None:
        return None
    url, root = site
    return url, build_shared_site(url, root)


class _WorkerByteCount:
    """``bytes_sent`` of the shared server, counting what this worker's pages were sent."""

    def __init__(self, site_url: str, worker: str) -> None:
        self._url = site_url.rstrip("/") + COUNT_PATH + worker

    @property
    def bytes_sent(self) -> int:
        with urllib.request.urlopen(self._url, timeout=30) as reply:
            return int(reply.read())


def worker_name() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


@pytest.fixture(scope="session")
def _site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    shared = _shared_site()
    if shared is not None:
        yield shared
        return
    site_dir = tmp_path_factory.mktemp("site")
    # Bind port 0 first and keep the socket: the port is ours before we build for it,
    # so nothing else can take it in between. One retry covers a failed bind.
    try:
        server = bind_server(site_dir)
    except OSError:
        server = bind_server(site_dir)
    try:
        url = server_url(server)
        build_site(site_dir, url)
    except BaseException:
        server.server_close()
        raise
    stop = serve_in_background(server)
    _SERVERS[url] = server
    yield url, site_dir
    stop()


_SERVERS: dict = {}  # site URL → the SiteServer serving it (for its byte count)


@pytest.fixture(scope="session")
def site_server(_site: tuple[str, Path]):
    """The server of the session's site: ``bytes_sent`` counts every byte it has sent (to this
    worker's pages, when xdist workers share one server)."""
    if _site[0] in _SERVERS:
        return _SERVERS[_site[0]]
    return _WorkerByteCount(_site[0], worker_name())


@pytest.fixture(scope="session")
def site_url(_site: tuple[str, Path]) -> str:
    """``http://127.0.0.1:PORT/`` where the freshly built site is served."""
    return _site[0]


@pytest.fixture(scope="session")
def built_site_dir(_site: tuple[str, Path]) -> Path:
    """The directory the site was built into."""
    return _site[1]


@pytest.fixture(scope="session")
def site_origin(site_url: str) -> str:
    parts = urlsplit(site_url)
    return f"{parts.scheme}://{parts.netloc}"
