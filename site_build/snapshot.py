"""What a reader meets on the built site, recorded so that two trees can be compared (issue 31,
point 6: moving code must change nothing a reader sees).

``python -m site_build snapshot --out DIR`` records, for one built site:

- ``content.json``: each HTML page's text and the outline of what a reader meets in it (tags
  with their ids, roles, aria-*, links and sources, alt text, form attributes), its classes and
  its other data (data-*, and the head's script, style and preload addresses) apart;
- ``assets.json``: the site's other files, by path;
- ``engine.json``: the engine's replies (the CLI's ``roll``/``odds`` JSON and the bridge's) to
  a fixed corpus: the notations and widget requests the pages hold, each system's example, and
  the design lab's headline rolls, seeds fixed. It is asked of the engine of the tree that
  built the site (``--repo``, ``--python``);
- ``styles/<width>-<scheme>.json.gz``: each page loaded in headless Chromium at 360 and 1280 px,
  in Material's light and dark schemes, once every widget has left its loading state: the
  computed style (every property but custom properties, which act through the others) of every
  element and of its ``::before``/``::after``, keyed
  by its tag and nth-of-type chain from the root, with the page's shown text and widget states.

``python -m site_build snapshot-compare BEFORE AFTER`` prints every difference, grouped, and exits
1 when there is one a reader would meet. Class names, data-* attributes and the addresses of
scripts, styles and other files may change (the moves rename them): those are printed as
warnings (``--strict`` counts them too). Content hashes and the serving address are written as
placeholders before anything is recorded, so a rebuilt file or another port is no difference.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Literal, TextIO

from .chromium import CHROMIUM, CHROMIUM_ARGS
from .paths import REPO_ROOT

WIDTHS: dict[str, Any] = {"360": {"width": 360, "height": 740}, "1280": {"width": 1280, "height": 720}}
SCHEMES: dict[Literal["light", "dark"], str] = {
    "light": "default",
    "dark": "slate",
}  # emulated preference -> Material's scheme
SEED = 7
RETRIES = 3  # loads of a page whose widget failed before its failure is recorded
BUILD_URL = "http://127.0.0.1:8000/"
Json = Any  # a value read from JSON
Log = Callable[[str], None]
Group = tuple[bool, str, str, str, str, str, str]  # (reader, part, page, where, what, before, after)
WAIT_MS = 300_000  # a widget on a machine busy on both cores

# Attributes of the outline: what a reader meets, reads or is taken to.
READER_ATTRIBUTES = frozenset(
    {
        "id",
        "role",
        "href",
        "src",
        "alt",
        "title",
        "lang",
        "for",
        "type",
        "name",
        "value",
        "placeholder",
        "hidden",
        "disabled",
        "checked",
        "selected",
        "open",
        "tabindex",
        "inputmode",
        "min",
        "max",
        "step",
        "pattern",
        "download",
        "content",
    }
)
# Elements whose text is never shown; their addresses are implementation (a warning).
UNSHOWN = frozenset({"script", "style"})
ADDRESS_TAGS = frozenset({"script", "link", "style"})
# A run of hex digits as content hashes are written (Material's 8, the site's 12, longer ones),
# with a digit and a letter in it (a long number or a word of a-f alone stays as it is).
HASH = re.compile(r"(?<![0-9a-zA-Z])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{8,64}(?![0-9a-zA-Z])")
SPACE = re.compile(r"\s+")


# --- normalising ---------------------------------------------------------------------------
def normalise(text: str, origins: Iterable[str] = ()) -> str:
    """``text`` with each of ``origins`` (a site's address, its serving address) written ``SITE/``
    and each content hash ``#HASH``."""
    for origin in origins:
        if origin:
            text = text.replace(origin, "SITE/")
    return HASH.sub("#HASH", text)


def squeeze(text: str) -> str:
    """Runs of white space as one space, the ends stripped."""
    return SPACE.sub(" ", text).strip()


# --- built pages ---------------------------------------------------------------------------
def html_pages(site: Path) -> list[str]:
    """Every HTML page of the built site, as its path under the site ('' for the home page,
    'x/' for x/index.html, '404.html')."""
    pages = []
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        if rel.startswith("assets/"):
            continue
        pages.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
    return sorted(pages)


def page_file(site: Path, page: str) -> Path:
    return site / (page + "index.html" if page == "" or page.endswith("/") else page)


def site_url_of(site: Path) -> str:
    """The address the site was built for (sitemap's first location), or ''."""
    sitemap = site / "sitemap.xml"
    if sitemap.is_file():
        found = re.search(r"<loc>(.*?)</loc>", sitemap.read_text(encoding="utf-8"))
        if found:
            return re.sub(r"^(\w+://[^/]+/).*$", r"\1", found.group(1))
    return ""


class _PageReader(HTMLParser):
    """One page's outline, text, classes and other attributes, each element named by its
    tag and nth-of-type chain (the same keys as the styles)."""

    VOID = frozenset(
        {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
    )

    def __init__(self, origins: tuple[str, ...]) -> None:
        super().__init__(convert_charrefs=True)
        self.origins = origins
        self.stack: list[tuple[str, str, Counter[str]]] = [("", "", Counter())]  # (tag, path, child tag counts)
        self.outline: list[str] = []
        self.text: list[str] = []
        self.classes: dict[str, str] = {}
        self.data: dict[str, str] = {}
        self.addresses: list[str] = []

    def _open(self, tag: str) -> str:
        parent_path = self.stack[-1][1]
        counts = self.stack[-1][2]
        counts[tag] += 1
        return f"{parent_path}/{tag}[{counts[tag]}]"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        path = self._open(tag)
        shown, hidden = [], []
        for name, value in sorted(attrs):
            value = normalise(value or "", self.origins)
            if name == "class":
                self.classes[path] = squeeze(value)
            elif name.startswith("data-"):
                hidden.append(f"{name}={value}")
            elif tag in ADDRESS_TAGS and name in ("href", "src"):
                self.addresses.append(f"{tag} {value}")
            elif name in READER_ATTRIBUTES or name.startswith("aria-"):
                if tag == "meta" and name == "content" and not any(n in ("name", "property") for n, _ in attrs):
                    continue
                shown.append(f"{name}={value!r}")
        if hidden:
            self.data[path] = " ".join(hidden)
        self.outline.append(f"{path} {' '.join(shown)}".rstrip())
        if tag not in self.VOID:
            self.stack.append((tag, path, Counter()))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth][0] == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        if self.stack[-1][0] in UNSHOWN:
            return
        words = squeeze(data)
        if words:
            self.text.append(f"{self.stack[-1][1]} {normalise(words, self.origins)}")


def page_content(html: str, origins: tuple[str, ...]) -> dict[str, object]:
    """A page's record: ``outline`` and ``text`` (what a reader meets), ``classes``, ``data``
    and ``addresses`` (what may change name)."""
    reader = _PageReader(origins)
    reader.feed(html)
    reader.close()
    return {
        "outline": reader.outline,
        "text": reader.text,
        "classes": reader.classes,
        "data": reader.data,
        "addresses": reader.addresses,
    }


def asset_paths(site: Path) -> list[str]:
    """Every file of the site but its pages and their compressed copies, hashes as placeholders."""
    paths = set()
    for path in site.rglob("*"):
        rel = path.relative_to(site).as_posix()
        if path.is_file() and not rel.endswith((".html", ".br", ".gz")):
            paths.add(normalise(rel))
    return sorted(paths)


# --- the engine's replies ------------------------------------------------------------------
class _Corpus(HTMLParser):
    """The widget requests (``data-first``) and the notation buttons a page holds."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.requests: list[str] = []
        self.notations: set[tuple[str, str]] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("data-first"):
            self.requests.append(json.dumps(json.loads(found["data-first"] or "")["request"], sort_keys=True))
        if found.get("data-system") and found.get("data-notation"):
            self.notations.add((found["data-system"] or "", found["data-notation"] or ""))


def engine_corpus(site: Path) -> dict[str, list[Json]]:
    """The requests and notations the built pages hold, sorted."""
    corpus = _Corpus()
    for page in html_pages(site):
        corpus.feed(page_file(site, page).read_text(encoding="utf-8"))
    return {"requests": sorted(set(corpus.requests)), "notations": sorted(corpus.notations)}


# Run by the engine's own tree (its Python, its working directory): reads the corpus on stdin,
# writes every reply as JSON. Only names both trees have: cli.run, web.call, the registry.
ENGINE_SCRIPT = """
import json, sys
from rules_engine.cli import run
from rules_engine.systems import SYSTEM_PACKAGES, get_system
from rules_engine.web import call

corpus = json.load(sys.stdin)
seed = corpus["seed"]
systems, cli, bridge = {}, {}, {}
notations = {key: {get_system(key).example} for key in SYSTEM_PACKAGES}
for key, notation in corpus["notations"]:
    notations.setdefault(key, set()).add(notation)
requests = [json.loads(r) for r in corpus["requests"]]
for key in SYSTEM_PACKAGES:
    system = get_system(key)
    systems[key] = {"title": system.title, "example": system.example, "actions": sorted(system.actions),
                    "lab": system.lab is not None}
    if system.lab is not None:
        book = json.loads(call(json.dumps({"system": key, "action": "lab_book"})))
        requests.append({"system": key, "action": "lab_book"})
        for roll in book.get("result", {}).get("rolls", []):
            requests.append({"system": key, "action": "lab", "roll": roll["notation"], "house": [], "seed": seed})
for key in sorted(notations):
    for notation in sorted(notations[key]):
        for argv in (["roll", key, notation, "--seed", str(seed), "--json"], ["odds", key, notation, "--json"]):
            code, text = run(argv)
            try:
                reply = json.loads(text)
            except ValueError:
                reply = text
            cli[json.dumps(argv)] = [code, reply]
        requests.append({"system": key, "action": "odds", "notation": notation})
        requests.append({"system": key, "action": "roll", "notation": notation, "seed": seed})
for request in requests:
    bridge[json.dumps(request, sort_keys=True)] = json.loads(call(json.dumps(request)))
json.dump({"systems": systems, "cli": cli, "bridge": bridge}, sys.stdout, sort_keys=True)
"""


def engine_replies(corpus: dict[str, list[Json]], repo: Path, python: str) -> dict[str, Json]:
    """The replies of the engine in ``repo`` (run by ``python`` there) to ``corpus``."""
    done = subprocess.run(
        [python, "-c", ENGINE_SCRIPT],
        cwd=repo,
        input=json.dumps({**corpus, "seed": SEED}),
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"the engine in {repo} failed on the corpus:\n{done.stderr}")
    replies: dict[str, Json] = json.loads(done.stdout)
    return replies


# --- computed styles -----------------------------------------------------------------------
# Until every widget has left "loading", the fonts are in, Material's search has its index (the
# search box's height and words change with it), and no finite animation runs on the
# clock (an animation driven by scrolling runs for good, and is still while nothing scrolls).
SETTLED = """() => document.readyState === "complete" && document.fonts.status === "loaded"
    && !/Initializing/.test(document.querySelector(".md-search-result__meta")?.textContent || "")
    && [...document.querySelectorAll(".srd-widget[data-state]")].every((w) => w.dataset.state !== "loading")
    && !document.getAnimations().some((a) => a.playState === "running" && a.effect
        && a.timeline instanceof DocumentTimeline && a.effect.getComputedTiming().iterations !== Infinity)"""

# Every element's computed style (every property but the custom ones, and its ::before/::after
# when they have content), keyed by
# its tag + nth-of-type chain; each stored as what differs from the page's most common value of
# each property (``base``), identical differences once (``styles``).
STYLES = """() => {
  const records = [];
  const walk = (element, path) => {
    records.push([path, getComputedStyle(element)]);
    for (const pseudo of ["::before", "::after"]) {
      const style = getComputedStyle(element, pseudo);
      if (style.content && style.content !== "none" && style.content !== "normal") records.push([path + pseudo, style]);
    }
    const counts = {};
    for (const child of element.children) {
      const tag = child.localName;
      counts[tag] = (counts[tag] || 0) + 1;
      walk(child, path + "/" + tag + "[" + counts[tag] + "]");
    }
  };
  walk(document.documentElement, "/html[1]");
  // Custom properties (--md-*, --srd-*) are left out: they reach a reader only through the
  // properties that use them, and reading them costs twice the rest.
  const names = [...getComputedStyle(document.documentElement)].filter((name) => !name.startsWith("--"));
  const dicts = records.map(([path, style]) => {
    const values = {};
    for (const name of names) values[name] = style.getPropertyValue(name);
    return [path, values];
  });
  const tally = {};
  for (const [, values] of dicts) {
    for (const [name, value] of Object.entries(values)) {
      const seen = (tally[name] = tally[name] || new Map());
      seen.set(value, (seen.get(value) || 0) + 1);
    }
  }
  const base = {};
  for (const [name, seen] of Object.entries(tally)) {
    base[name] = [...seen.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
  }
  const ids = new Map(), styles = [], elements = [];
  for (const [path, values] of dicts) {
    const differs = {};
    for (const [name, value] of Object.entries(values)) if (base[name] !== value) differs[name] = value;
    for (const name of Object.keys(base)) if (!(name in values)) differs[name] = null;
    const key = JSON.stringify(differs);
    if (!ids.has(key)) { ids.set(key, styles.length); styles.push(differs); }
    elements.push([path, ids.get(key)]);
  }
  const widgets = [...document.querySelectorAll(".srd-widget[data-state]")].map((w) => (w.id || "") + " " + w.dataset.state);
  return {base, styles, elements, widgets, scheme: document.body.dataset.mdColorScheme || "",
          text: document.body.innerText};
}"""


def _normalise_styles(record: dict[str, Json], origins: tuple[str, ...]) -> dict[str, Json]:
    """A page's style record with the serving address and hashes as placeholders."""

    def fix(value: str | None) -> str | None:
        return normalise(value, origins) if isinstance(value, str) else value

    return {
        "base": {name: fix(value) for name, value in record["base"].items()},
        "styles": [{name: fix(value) for name, value in style.items()} for style in record["styles"]],
        "elements": record["elements"],
        "widgets": record["widgets"],
        "scheme": record["scheme"],
        "text": [squeeze(line) for line in normalise(record["text"], origins).splitlines() if line.strip()],
    }


def record_styles(
    site: Path,
    out: Path,
    pages: list[str],
    origins: tuple[str, ...],
    log: Log = print,
    views: list[str] | None = None,
) -> None:
    """Write ``styles/<width>-<scheme>.json.gz`` under ``out`` for ``pages`` of ``site``: every
    view, or those named in ``views`` (``360-light`` …)."""
    from playwright.sync_api import sync_playwright

    from .serve import bind_server, serve_in_background, server_url

    server = bind_server(site, "127.0.0.1", 0)
    url = server_url(server)
    stop = serve_in_background(server)
    (out / "styles").mkdir(parents=True, exist_ok=True)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            for width, viewport in WIDTHS.items():
                for scheme in SCHEMES:
                    if views and f"{width}-{scheme}" not in views:
                        continue
                    started = time.monotonic()
                    # One context a view: the engine's snapshot and the HTTP cache are kept from
                    # page to page, as for a reader; every page is loaded, none swapped in.
                    context = browser.new_context(viewport=viewport, color_scheme=scheme, service_workers="block")
                    page = context.new_page()
                    errors: list[str] = []
                    page.on("pageerror", lambda error: errors.append(str(error)))  # noqa: B023 - used in this loop
                    records = {}
                    for path in pages:
                        # A widget whose engine stalled (the page gives up after a while with
                        # nothing arriving, as on a machine busy on both cores) is loaded again.
                        for _ in range(RETRIES):
                            page.goto(url + path)
                            page.wait_for_function(SETTLED, timeout=WAIT_MS, polling=100)
                            if not page.locator('.srd-widget[data-state="failed"]').count():
                                break
                        records[path] = _normalise_styles(page.evaluate(STYLES), (*origins, url))
                    context.close()
                    name = f"{width}-{scheme}"
                    with gzip.open(out / "styles" / f"{name}.json.gz", "wt", encoding="utf-8") as f:
                        json.dump({"pages": records, "errors": errors}, f, sort_keys=True)
                    log(f"styles {name}: {len(pages)} pages in {time.monotonic() - started:.0f} s")
            browser.close()
    finally:
        stop()


# --- taking a snapshot ---------------------------------------------------------------------
def build(repo: Path, python: str, into: Path, site_url: str = BUILD_URL) -> Path:
    """Build the site of ``repo`` with its own pipeline (``python -m site_build build``)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    cmd = [python, "-m", "site_build", "build", "--out", str(into), "--site-url", site_url]
    done = subprocess.run(cmd, cwd=repo, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"building {repo} failed:\n{done.stdout}\n{done.stderr}")
    return into


def take(
    out: Path,
    site: Path | None = None,
    repo: Path = REPO_ROOT,
    python: str | None = None,
    styles: bool = True,
    engine: bool = True,
    only: list[str] | None = None,
    log: Log = print,
    views: list[str] | None = None,
) -> None:
    """Record the snapshot of ``site`` (built from ``repo`` first when None) into ``out``; the
    styles of the pages in ``only`` alone when given (a quick look)."""
    python = python or (str(repo / ".venv/bin/python") if (repo / ".venv/bin/python").exists() else sys.executable)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="srd-snapshot-") as tmp:
        if site is None:
            started = time.monotonic()
            site = build(repo, python, Path(tmp) / "site")
            log(f"built {repo} in {time.monotonic() - started:.0f} s")
        origins = (site_url_of(site),)
        pages = html_pages(site)
        content = {page: page_content(page_file(site, page).read_text(encoding="utf-8"), origins) for page in pages}
        _write(out / "content.json", content)
        _write(out / "assets.json", asset_paths(site))
        _write(out / "meta.json", {"repo": str(repo), "site": str(site), "pages": pages, "site_url": origins[0]})
        log(f"content of {len(pages)} pages, {len(asset_paths(site))} other files")
        if engine:
            replies = engine_replies(engine_corpus(site), repo, python)
            _write(out / "engine.json", replies)
            log(f"engine: {len(replies['cli'])} CLI replies, {len(replies['bridge'])} bridge replies")
        if styles:
            record_styles(site, out, [p for p in pages if not only or p in only], origins, log, views)


def _write(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


# --- comparing -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Difference:
    """One thing that differs: where (``part``: content, assets, engine, styles <view>; ``page``;
    ``where`` an element path or key; ``what`` a property or kind), its two values, and whether
    a reader meets it (else a warning)."""

    part: str
    page: str
    where: str
    what: str
    before: str
    after: str
    reader: bool = True


def _lines(before: list[str], after: list[str]) -> Iterator[tuple[str, str]]:
    """The lines of two lists that differ, paired by position in a plain diff."""
    import difflib

    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        old, new = before[i1:i2], after[j1:j2]
        for k in range(max(len(old), len(new))):
            yield (old[k] if k < len(old) else "—", new[k] if k < len(new) else "—")


def _mapping(
    part: str, page: str, what: str, before: dict[str, str], after: dict[str, str], reader: bool
) -> Iterator[Difference]:
    for key in sorted(set(before) | set(after)):
        old, new = before.get(key, "—"), after.get(key, "—")
        if old != new:
            yield Difference(part, page, key, what, str(old), str(new), reader)


def compare_content(before: dict[str, Json], after: dict[str, Json]) -> Iterator[Difference]:
    for page in sorted(set(before) | set(after)):
        if page not in before or page not in after:
            yield Difference("content", page, "", "page", str(page in before), str(page in after))
            continue
        old, new = before[page], after[page]
        for what in ("outline", "text"):
            for a, b in _lines(old[what], new[what]):
                yield Difference("content", page, "", what, a, b)
        yield from _mapping("content", page, "class", old["classes"], new["classes"], False)
        yield from _mapping("content", page, "data-*", old["data"], new["data"], False)
        for a, b in _lines(old["addresses"], new["addresses"]):
            yield Difference("content", page, "", "address", a, b, False)


def compare_assets(before: list[str], after: list[str]) -> Iterator[Difference]:
    for a, b in _lines(before, after):
        yield Difference("assets", "", "", "path", a, b, False)


def compare_engine(before: dict[str, Json], after: dict[str, Json]) -> Iterator[Difference]:
    for section in ("systems", "cli", "bridge"):
        old, new = before.get(section, {}), after.get(section, {})
        for key in sorted(set(old) | set(new)):
            a, b = old.get(key, "—"), new.get(key, "—")
            if a != b:
                yield Difference("engine", section, key, "reply", json.dumps(a)[:300], json.dumps(b)[:300])


def _full_styles(record: dict[str, Json]) -> dict[str, dict[str, str | None]]:
    base = record["base"]
    return {path: {**base, **record["styles"][i]} for path, i in record["elements"]}


def compare_styles(view: str, before: dict[str, Json], after: dict[str, Json]) -> Iterator[Difference]:
    part = f"styles {view}"
    for page in sorted(set(before["pages"]) | set(after["pages"])):
        old, new = before["pages"].get(page), after["pages"].get(page)
        if old is None or new is None:
            yield Difference(part, page, "", "page", str(old is not None), str(new is not None))
            continue
        for what in ("scheme", "widgets", "text"):
            a, b = old[what], new[what]
            if a != b:
                pairs = _lines(a, b) if isinstance(a, list) else [(a, b)]
                for x, y in pairs:
                    yield Difference(part, page, "", what, x, y)
        old_styles, new_styles = _full_styles(old), _full_styles(new)
        for path in sorted(set(old_styles) | set(new_styles)):
            a, b = old_styles.get(path), new_styles.get(path)
            if a is None or b is None:
                yield Difference(part, page, path, "element", "present" if a else "—", "present" if b else "—")
                continue
            for name in sorted(set(a) | set(b)):
                if a.get(name) != b.get(name):
                    yield Difference(part, page, path, name, str(a.get(name)), str(b.get(name)))
    for a, b in _lines(before["errors"], after["errors"]):
        yield Difference(part, "", "", "page error", a, b)


def _read(path: Path) -> Json:
    if path.suffix == ".gz":
        with gzip.open(path, "rt", encoding="utf-8") as f:
            return json.load(f)
    return json.loads(path.read_text(encoding="utf-8"))


def compare(before: Path, after: Path) -> Iterator[Difference]:
    """Every difference between two snapshot folders (parts missing from either are skipped,
    and said so)."""
    parts = (
        ("content.json", compare_content),
        ("assets.json", compare_assets),
        ("engine.json", compare_engine),
    )
    for name, compare_part in parts:
        if (before / name).is_file() and (after / name).is_file():
            yield from compare_part(_read(before / name), _read(after / name))
        elif (before / name).is_file() or (after / name).is_file():
            yield Difference(name, "", "", "missing", str((before / name).is_file()), str((after / name).is_file()))
    for name in sorted(p.name for p in (before / "styles").glob("*.json.gz")):
        if (after / "styles" / name).is_file():
            view = name.removesuffix(".json.gz")
            yield from compare_styles(view, _read(before / "styles" / name), _read(after / "styles" / name))
        else:
            yield Difference("styles", name, "", "missing", "True", "False")


def grouped(differences: Iterable[Difference]) -> dict[Group, list[str]]:
    """Differences that are the same change in several style views, as one entry each:
    (reader, part, page, where, what, before, after) -> the views it is seen in."""
    groups: dict[Group, list[str]] = defaultdict(list)
    for d in differences:
        part, _, view = d.part.partition(" ")
        groups[(d.reader, part, d.page, d.where, d.what, d.before, d.after)].append(view)
    return groups


def report(differences: Iterable[Difference], strict: bool = False, out: TextIO | None = None) -> int:
    """Print the differences grouped by part and page, then the counts; the exit code: 1 when a
    reader meets one (or any, with ``strict``)."""
    out = out or sys.stdout
    groups = grouped(differences)
    failing = 0
    for reader in (True, False):
        entries = sorted(key for key in groups if key[0] is reader)
        if not entries:
            continue
        print("DIFFERENCES a reader meets:" if reader else "WARNINGS (names and addresses):", file=out)
        last = None
        for key in entries:
            _, part, page, where, what, old, new = key
            if (part, page) != last:
                print(f"  [{part}] {page or '(site)'}", file=out)
                last = (part, page)
            views = ",".join(v for v in groups[key] if v)
            at = f"{where} " if where else ""
            print(f"    {at}{what}: {old} → {new}{f'  ({views})' if views else ''}", file=out)
        counts = Counter((key[1], key[4]) for key in entries)
        print("  counts: " + ", ".join(f"{part}/{what} {n}" for (part, what), n in counts.most_common()), file=out)
        if reader or strict:
            failing += len(entries)
    if not groups:
        print("no differences", file=out)
    return 1 if failing else 0
