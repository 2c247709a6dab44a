"""Shared test set-up.

Natively, the browser fixtures (``browser_fixtures.py``) are available to every test
folder: ``tests/site/`` (whole-site checks) and each system's
``tests/<system>/test_browser_*.py``. Inside Pyodide (the engine tests run there too,
see ``site_build/pyodide_tests.py``) there is no browser: those files are not collected.
"""

import sys

if sys.platform == "emscripten":
    collect_ignore_glob = ["*/test_browser_*.py", "site/*", "browser_*.py", "test_spine.py", "benchmark.py", "fuzz.py"]
else:
    from browser_fixtures import (  # noqa: F401 - pytest finds fixtures by name here
        _site, browser, built_site_dir, nojs_page, page, page_errors, phone_page, request_log, site_origin,
        site_url, theme,
    )
