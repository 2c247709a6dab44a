"""Shared test set-up.

The helpers every test folder shares live in ``tests/support/`` (the browser fixtures, the
hostile-input and play-document strategies, the fake mkdocs-macros environment …). This file
puts that folder on ``sys.path``, so a test imports a helper by its module name
(``from browser_kit import use_theme``), natively and inside Pyodide alike (where only
``tests/`` is mounted, see ``site_build/pyodide_tests.py``).

Natively, the browser fixtures (``support/browser_fixtures.py``) are available to every test
folder: ``tests/site/`` (whole-site checks) and each system's
``tests/<system>/test_browser_*.py``. Inside Pyodide there is no browser: those files are not
collected.

Under pytest-xdist (``-n 2``) the controlling process serves one site for every worker
(``site_fixtures.serve_shared_site``): it is built once, by the first worker that needs it.
"""

import os
import sys
from pathlib import Path

SUPPORT = Path(__file__).resolve().parent / "support"
if str(SUPPORT) not in sys.path:
    sys.path.insert(0, str(SUPPORT))

from hypothesis import settings  # noqa: E402

# No Hypothesis example has a time limit unless its test sets one: how quick the engine is,
# is a figure of tests/benchmark.py, and a machine busy on both cores must not fail a test.
settings.register_profile("srd", deadline=None)
settings.load_profile("srd")

if sys.platform == "emscripten":
    collect_ignore_glob = [
        "*/test_browser_*.py",
        "site/*",
        "test_spine.py",
        "test_widget_labels.py",
        "test_adding_a_system.py",
        "benchmark.py",
        "fuzz.py",
    ]
else:
    from browser_fixtures import (  # noqa: F401 - pytest finds fixtures by name here
        _second_context,
        _site,
        _warm_context,
        another_reader,
        browser,
        built_site_dir,
        friend_page,
        nojs_page,
        page,
        page_errors,
        phone_page,
        request_log,
        site_origin,
        site_server,
        site_url,
        sw_page,
        theme,
    )


def _is_xdist_controller(config) -> bool:
    """True in the process that hands tests out to xdist workers (not in a worker, not without -n)."""
    return (
        not hasattr(config, "workerinput")
        and bool(getattr(config.option, "numprocesses", None))
        and getattr(config.option, "dist", "no") != "no"
    )


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers",
        "fresh_context: the test's page gets a browser context of its own (a first visit; see support/warm_context.py)",
    )
    config.addinivalue_line(
        "markers",
        "page_load: the test's first goto loads its page, never a swap of the "
        "kept page (see support/page_fixtures.py, _KeptPage)",
    )
    if sys.platform != "emscripten" and _is_xdist_controller(config):
        from browser_fixtures import SHARED_SITE_ENV, serve_shared_site

        if not os.environ.get(SHARED_SITE_ENV):
            config._srd_stop_shared_site = serve_shared_site()


def _needs_the_site(item) -> bool:
    return "_site" in getattr(item, "fixturenames", ())


def pytest_collection_modifyitems(session, config, items) -> None:
    """Tests that need no browser run first, while the site is built for the others
    (``site_fixtures.start_early_build``); then the whole-site checks of ``tests/site/``,
    the longest ones, so that no worker is left with one of them at the end."""
    if sys.platform == "emscripten":
        return
    items.sort(key=_run_order)  # stable: each group keeps its own order
    if any(_needs_the_site(item) for item in items):
        from browser_fixtures import start_early_build

        start_early_build()


def _run_order(item) -> int:
    if not _needs_the_site(item):
        return 0
    return 1 if item.nodeid.startswith("tests/site/") else 2


def pytest_unconfigure(config) -> None:
    stop = getattr(config, "_srd_stop_shared_site", None)
    if stop is not None:
        stop()
