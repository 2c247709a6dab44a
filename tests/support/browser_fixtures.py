"""Every fixture of the browser tests of the built site (Playwright + Debian's chromium), in one
place for ``tests/conftest.py`` to load natively (inside Pyodide there is no browser and those
files are not collected). They are shared by ``tests/site/`` and every system's
``tests/<system>/test_browser_*.py``, and kept in three modules by what they hold:

- ``site_fixtures``: the site built once a session for the address it is served at, and served
  (one server for every pytest-xdist worker): ``site_url``, ``site_origin``, ``built_site_dir``,
  ``site_server``;
- ``warm_context``: one headless chromium, the warm context most tests share, contexts of a
  test's own, and the records of a page's requests and errors (``request_log``,
  ``page_errors``; a request to another origin fails the test);
- ``page_fixtures``: the pages a test is given. ``page`` / ``phone_page`` are the warm context's
  kept page (or, marked ``fresh_context``, a page in a context of its own); they block the site's
  service worker, so that what a test routes (``page.route``) is what the page gets; ``sw_page``
  lets it run (offline reading, tests/site/test_offline.py); ``nojs_page``, ``another_reader``,
  ``friend_page``; ``theme``, each colour scheme.
"""

from page_fixtures import (
    SCHEMES,
    another_reader,
    friend_page,
    nojs_page,
    page,
    phone_page,
    sw_page,
    theme,
)
from site_fixtures import (
    SHARED_SITE_ENV,
    _site,
    built_site_dir,
    serve_shared_site,
    site_origin,
    site_server,
    site_url,
    start_early_build,
)
from warm_context import (
    DESKTOP_VIEWPORT,
    PHONE_VIEWPORT,
    _open_page,
    _second_context,
    _warm_context,
    browser,
    page_errors,
    request_log,
)

__all__ = [
    "DESKTOP_VIEWPORT",
    "PHONE_VIEWPORT",
    "SCHEMES",
    "SHARED_SITE_ENV",
    "_open_page",
    "_second_context",
    "_site",
    "_warm_context",
    "another_reader",
    "browser",
    "built_site_dir",
    "friend_page",
    "nojs_page",
    "page",
    "page_errors",
    "phone_page",
    "request_log",
    "serve_shared_site",
    "site_origin",
    "site_server",
    "site_url",
    "start_early_build",
    "sw_page",
    "theme",
]
