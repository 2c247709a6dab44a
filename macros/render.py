"""Render engine tables and errata as HTML for the site (no numbers are computed here)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from html import escape
from pathlib import Path
from urllib.parse import urlsplit

from rules_engine.core.exact import ratio
from rules_engine.core.tables import Cell, Table

# What fits across an A4 page in print.css (186 mm at 9 pt: about 58 em); kept a little short,
# as the widths below are estimates from the text. tests/site/test_print.py measures the result.
PRINT_WIDTH_EM = 50.0
PRINT_CHAR_EM = 0.6  # an average character of the bold, tabular-figure table text
PRINT_CELL_PADDING_EM = 1.2
PRINT_WRAP_CHARS = 18  # words in a cell wrap in print: a column need not be wider than this


def _numeric(cell: Cell) -> str:
    """Numbers (cells with an exact value) are right-aligned with tabular figures."""
    return ' class="srd-num"' if cell.value is not None else ""


#: Renders a row header's text as HTML (e.g. a notation as a button that loads the roller).
RowHeader = Callable[[str], str]


def _row_html(row: Sequence[Cell], columns: Sequence[int], row_header: RowHeader = escape) -> str:
    """One body row (the first column is its row header), cells on lines of their own so that
    search snippets keep a space between them."""
    return (
        "<tr>\n"
        + "\n".join(
            (
                f'<th scope="row">{row_header(row[i].text)}</th>'
                if i == 0
                else f"<td{_numeric(row[i])}>{escape(row[i].text)}</td>"
            )
            for i in columns
        )
        + "\n</tr>\n"
    )


def _table(table: Table, columns: Sequence[int], caption: str, attributes: str, row_header: RowHeader = escape) -> str:
    head = "\n".join(f'<th scope="col">{escape(table.headers[i])}</th>' for i in columns)
    body = "".join(_row_html(row, columns, row_header) for row in table.rows)
    return (
        f'<table class="srd-table"{attributes}>\n<caption>{escape(caption)}</caption>\n'
        f"<thead><tr>\n{head}\n</tr></thead>\n<tbody>\n{body}</tbody></table>"
    )


def _print_width_em(texts: Sequence[str], numeric: Sequence[bool]) -> float:
    """How wide a column prints: its longest unbreakable text (numbers never wrap, words do)."""
    chars = 0
    for text, is_number in zip(texts, numeric):
        if is_number:
            chars = max(chars, len(text))
        else:
            longest_word = max((len(w) for w in re.split(r"[\s\-–/]+", text)), default=0)
            chars = max(chars, longest_word, min(len(text), PRINT_WRAP_CHARS))
    return chars * PRINT_CHAR_EM + PRINT_CELL_PADDING_EM


def print_parts(table: Table, width_em: float = PRINT_WIDTH_EM) -> list[list[int]]:
    """The columns of each printed part of ``table``: one part when it fits across A4, else as
    many parts as needed, each repeating the first column (the row headers)."""
    widths = [
        _print_width_em(
            [table.headers[i]] + [row[i].text for row in table.rows],
            [False] + [row[i].value is not None for row in table.rows],
        )
        for i in range(len(table.headers))
    ]
    if sum(widths) <= width_em or len(widths) <= 2:
        return [list(range(len(widths)))]
    parts = _split(widths, width_em)
    # As few parts as that, but evened out: the narrowest limit that still needs no more parts.
    limit = widths[0] + (sum(widths) - widths[0]) / len(parts)
    while limit < width_em and len(_split(widths, limit)) > len(parts):
        limit += 0.5
    return _split(widths, min(limit, width_em))


def _split(widths: Sequence[float], limit: float) -> list[list[int]]:
    """Columns 1… in order, into parts that each start with column 0 and stay within ``limit``."""
    parts: list[list[int]] = [[0]]
    for i in range(1, len(widths)):
        used = sum(widths[c] for c in parts[-1])
        if len(parts[-1]) > 1 and used + widths[i] > limit:
            parts.append([0])
        parts[-1].append(i)
    return parts


def table_html(table: Table, *, engine: bool = True, row_header: RowHeader | None = None) -> str:
    """An engine table as an HTML table in a keyboard-scrollable wrapper, with its export
    toolbar (``table_tools``) under it.

    ``data-engine-table`` carries the table's key so CI can compare the built page with the
    engine cell by cell. A table too wide for A4 also gets a print-only copy split into parts
    that each repeat the row headers (``print.css`` shows it on paper instead of the wide
    one); that copy is left out of the search index and hidden on screen and from screen readers.
    ``engine=False`` for a table that is not one of the engine's (a chart's values): no
    ``data-engine-table``. ``row_header`` renders the screen table's row headers (their text
    stays the cell's text; the printed copy keeps plain text). Every table with a key is published as JSON beside its page
    (``TablePublisher``) as it is rendered.
    """
    if table.key:
        PUBLISHER.add(table)
    notes = "".join(f'<p class="srd-table-note">{escape(n)}</p>' for n in table.notes)
    screen = (
        f'<div class="srd-table-wrap" role="region" aria-label="{escape(table.caption)}" tabindex="0">'
        + _table(
            table,
            range(len(table.headers)),
            table.caption,
            f' data-engine-table="{escape(table.key)}"' if engine else "",
            row_header or escape,
        )
        + "</div>"
        + table_tools(table)
    )
    parts = print_parts(table)
    if len(parts) == 1:
        return screen + notes
    printed = "".join(
        _table(table, columns, f"{table.caption} (part {n} of {len(parts)})", f' data-print-part="{escape(table.key)}"')
        for n, columns in enumerate(parts, start=1)
    )
    return (
        f'<div class="srd-print-split">{screen}'
        f'<div class="srd-print-parts" aria-hidden="true" data-search-exclude>{printed}</div></div>{notes}'
    )


# --- export: the toolbar under each table and the JSON beside each page ----------------------

TABLES_DIR = "tables"  # a page's tables are published in this folder beside the page


def json_path(key: str) -> str:
    """Where a table's JSON is, relative to the page that shows the table."""
    return f"{TABLES_DIR}/{key}.json"


def table_tools(table: Table) -> str:
    """The table's export toolbar (``docs/assets/js/kit/table-export.js``): "Download CSV" and
    "Copy as text" (hidden until that module wires them, so no button does nothing without
    JavaScript) and the link to the table's JSON (a file of the build, so it works without;
    ``TablePublisher.json_href``).
    Each control is labelled with the caption; the status line says what happened. Left out of
    the search index and of print."""
    name = escape(table.caption)
    key = escape(table.key)
    json_link = (
        (
            f'<a class="srd-table-tools__button" href="{escape(PUBLISHER.json_href(table.key))}" type="application/json" '
            f'data-table-action="json" aria-label="JSON: {name}">JSON</a>'
        )
        if table.key
        else ""
    )
    return (
        f'<div class="srd-table-tools" data-table-tools data-table-file="{key}" data-table-name="{name}" '
        f"data-search-exclude>"
        f'<button type="button" class="srd-table-tools__button" data-table-action="csv" '
        f'aria-label="Download CSV: {name}" hidden>Download CSV</button>'
        f'<button type="button" class="srd-table-tools__button" data-table-action="copy" '
        f'aria-label="Copy as text: {name}" hidden>Copy as text</button>'
        f'{json_link}<span class="srd-table-tools__status" role="status" aria-live="polite"></span></div>'
    )


def exact_json(value: Fraction | int | None) -> str | int | None:
    """A cell's exact value as the CLI's JSON writes numbers: a whole number as itself, any
    other fraction as ``"num/den"``."""
    if value is None:
        return None
    if isinstance(value, int) or Fraction(value).denominator == 1:
        return int(value)
    return ratio(value)


def table_json(table: Table, page: str = "") -> dict[str, object]:
    """A table as its JSON file: caption, headers, and each row's cells as the page prints
    them (``text``) with the exact number behind a cell (``value``) where it has one."""
    return {
        "key": table.key,
        "caption": table.caption,
        "page": page,
        "headers": list(table.headers),
        "rows": [
            [{"text": c.text, "value": exact_json(c.value)} if c.value is not None else {"text": c.text} for c in row]
            for row in table.rows
        ],
        "notes": list(table.notes),
    }


class TablePublisher:
    """Publishes each table a page shows as JSON beside the page, as the page's macros render
    it: the macro environment (``follow``) says which page is being rendered (``env.page``,
    set by mkdocs-macros, ProperDocs and Zensical alike) and where the site is written
    (``env.conf["site_dir"]``), so no build hook is needed. ``tables_index`` lists them once
    the site is built."""

    def __init__(self) -> None:
        self.env: object = None
        self.page: object = None  # the page object whose tables ``shown`` holds
        self.shown: dict[str, Table] = {}

    def follow(self, env: object) -> None:
        """The macro environment whose current page the tables rendered from now on belong to."""
        self.env = env

    def json_href(self, key: str) -> str:
        """The address of a table's JSON as the current page links it: from the site's root
        (``site_url``'s path, then the page's folder), so that no generator's rewriting of
        relative links in raw HTML can move it (Zensical reads ``tables/x.json`` as relative to
        the page's Markdown file). Outside a page: relative, ``tables/<key>.json``."""
        page = getattr(self.env, "page", None)
        if page is None:
            return json_path(key)
        root = urlsplit((getattr(self.env, "conf", None) or {}).get("site_url") or "/").path or "/"
        folder = _page_dir(page.url)
        return root.rstrip("/") + "/" + (folder + "/" if folder else "") + json_path(key)

    def add(self, table: Table) -> Path | None:
        """A table the current page shows, written to ``<page>/tables/<key>.json`` in the site
        (the file written; none outside a page, e.g. a macro called by a unit test). A key shown
        twice on one page must be one table."""
        page = getattr(self.env, "page", None)
        site_dir = (getattr(self.env, "conf", None) or {}).get("site_dir")
        if page is None or not site_dir:
            return None
        if page is not self.page:
            self.page, self.shown = page, {}
        if self.shown.get(table.key, table) != table:
            raise ValueError(f"two different tables with the key {table.key!r} on page {page.url!r}")
        self.shown[table.key] = table
        return write_table(Path(site_dir), page.url, table)


def write_table(site: Path, page: str, table: Table) -> Path:
    """``table`` as ``<site>/<page's folder>/tables/<key>.json`` (``table_json``); the path."""
    path = site / _page_dir(page) / json_path(table.key)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps(table_json(table, page), ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8"
    )
    return path


def tables_index(site_dir: str | Path) -> list[dict[str, str]]:
    """Every table published in a built site (``<page>/tables/<key>.json``), by page then key:
    its key, caption, page and JSON file (relative to the site)."""
    site = Path(site_dir)
    index = []
    for path in site.glob(f"**/{TABLES_DIR}/*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        file = path.relative_to(site).as_posix()
        if file != (Path(_page_dir(data["page"])) / json_path(data["key"])).as_posix():
            raise ValueError(f"{file} holds the table {data['key']!r} of page {data['page']!r}")
        index.append({"key": data["key"], "caption": data["caption"], "page": data["page"], "json": file})
    return sorted(index, key=lambda entry: (entry["page"], entry["key"]))


def write_tables_index(site_dir: str | Path) -> Path:
    """``tables.json`` at the site's root: ``{"tables": tables_index(site)}``; its path."""
    path = Path(site_dir) / "tables.json"
    path.write_text(
        json.dumps({"tables": tables_index(site_dir)}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    return path


def _page_dir(url: str) -> str:
    """The folder a page's address stands for: ``chapter/`` → ``chapter``; a file's
    address (``about/sources.html``) → its folder."""
    url = url.split("#")[0]
    return url.rstrip("/") if url.endswith("/") or not url else url.rsplit("/", 1)[0] if "/" in url else ""


PUBLISHER = TablePublisher()
