"""Widgets open with their first answer already drawn into the page.

Each widget that carries its first answer (``data-first``: the engine's reply to its default
inputs, computed by ``macros/widget_html.py``) would still show it only once the page's
scripts and its system's view module have run: about a second after a cold load. So the
build opens every such page in headless Chromium with the engine held back, lets the page's
own view code draw the first answer, and writes what each result region then holds into the
built HTML. The odds are on the page the moment it is parsed; when the view attaches, it
draws the same answer over them, and the live engine takes over.

The drawing is the view's own: nothing is formatted twice, in Python and in JavaScript.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from .serve import bind_server, serve_in_background, server_url

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DRAW_TIMEOUT_MS = 60_000

# Every widget with a first answer, once each shows something in one of its result regions:
# widget id → the inner HTML of each result region (the shell's `[aria-live]` children).
DRAWN = """() => {
  const widgets = [...document.querySelectorAll(".srd-widget[data-first]")];
  const regions = (w) => [...w.querySelectorAll(":scope > [aria-live]")];
  if (!widgets.every((w) => regions(w).some((r) => r.childElementCount > 0))) return null;
  return Object.fromEntries(widgets.map((w) => [w.id, regions(w).map((r) => r.innerHTML)]));
}"""

# The engine's worker never starts: every widget shows the answer written into its page.
HELD_BACK = "window.Worker = class { constructor() {} postMessage() {} terminate() {} addEventListener() {} };"

# An empty result region as macros/widget_html.py writes it.
EMPTY_REGION = re.compile(r'<(section|div|p)( class="srd-widget__[a-z-]+" aria-live="polite"[^>]*)></\1>')


class PrerenderError(RuntimeError):
    """A page's widgets could not be drawn at build time."""


def pages_with_first_answers(site_dir: Path) -> list[Path]:
    """The built pages holding a widget with a first answer."""
    return sorted(p for p in site_dir.rglob("index.html") if " data-first=" in p.read_text(encoding="utf-8"))


def page_path(site_dir: Path, page_file: Path) -> str:
    """A built page's address under the site's: ``doom-stack/``, or ``""`` for the home page."""
    folder = page_file.parent.relative_to(site_dir).as_posix()
    return "" if folder == "." else folder + "/"


def widget_span(html: str, widget_id: str) -> tuple[int, int]:
    """Where the widget ``widget_id`` starts in ``html`` and where the next widget (or the
    page) starts: its regions are in between."""
    start = html.find(f'<div class="srd-widget" id="{widget_id}"')
    if start < 0:
        raise PrerenderError(f"widget {widget_id!r} is not in the built page")
    following = html.find('<div class="srd-widget" id="', start + 1)
    return start, len(html) if following < 0 else following


def fill_regions(html: str, drawn: dict[str, list[str]]) -> str:
    """``html`` with each widget's empty result regions holding what the browser drew in them."""
    for widget_id, contents in drawn.items():
        start, end = widget_span(html, widget_id)
        part = html[start:end]
        empty = list(EMPTY_REGION.finditer(part))
        if len(empty) < len(contents):
            raise PrerenderError(
                f"widget {widget_id!r}: {len(contents)} regions drawn, {len(empty)} empty ones in the built page"
            )
        for match, inner in reversed(list(zip(empty, contents))):
            tag, attributes = match.group(1), match.group(2)
            part = f"{part[: match.start()]}<{tag}{attributes}>{inner}</{tag}>{part[match.end() :]}"
        html = html[:start] + part + html[end:]
    return html


def prerender(site_dir: Path) -> list[Path]:
    """Draw every widget's first answer into the built pages of ``site_dir``; returns the
    pages changed. Needs Chromium and Playwright (site_build/serve.sh installs both)."""
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    pages = pages_with_first_answers(site_dir)
    if not pages:
        return []
    server = bind_server(site_dir)
    url = server_url(server)
    stop = serve_in_background(server)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(service_workers="block")
            context.add_init_script(HELD_BACK)
            page = context.new_page()
            for path in pages:
                address = url + page_path(site_dir, path)
                try:
                    page.goto(address)
                    drawn = page.wait_for_function(DRAWN, timeout=DRAW_TIMEOUT_MS).json_value()
                except PlaywrightError as error:
                    raise PrerenderError(f"{address}: the widgets did not draw their first answer: {error}") from None
                path.write_text(fill_regions(path.read_text(encoding="utf-8"), drawn), encoding="utf-8")
            browser.close()
    finally:
        stop()
    return pages


def main(argv: list[str] | None = None) -> int:
    """``python -m site_build.prerender SITE_DIR``: the build runs it in a process of its own,
    as Playwright's synchronous API cannot start inside another running one (a test's)."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m site_build.prerender SITE_DIR", file=sys.stderr)
        return 2
    try:
        pages = prerender(Path(args[0]))
    except PrerenderError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"Drew the first odds into {len(pages)} pages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
