"""Render engine tables and errata as HTML for the site (no numbers are computed here)."""

from __future__ import annotations

from html import escape

from rules_engine.core.tables import Cell, Table


def _numeric(cell: Cell) -> str:
    """Numbers (cells with an exact value) are right-aligned with tabular figures."""
    return ' class="srd-num"' if cell.value is not None else ""


def table_html(table: Table) -> str:
    """An engine table as an HTML table in a keyboard-scrollable wrapper.

    ``data-engine-table`` carries the table's key so CI can compare the built page with the
    engine cell by cell.
    """
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in table.headers)
    body = "".join(
        "<tr>" + "".join(
            (f'<th scope="row">{escape(c.text)}</th>' if i == 0 else f"<td{_numeric(c)}>{escape(c.text)}</td>")
            for i, c in enumerate(row)) + "</tr>"
        for row in table.rows)
    notes = "".join(f'<p class="srd-table-note">{escape(n)}</p>' for n in table.notes)
    return (
        f'<div class="srd-table-wrap" role="region" aria-label="{escape(table.caption)}" tabindex="0">'
        f'<table class="srd-table" data-engine-table="{escape(table.key)}">'
        f"<caption>{escape(table.caption)}</caption><thead><tr>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table></div>{notes}"
    )

