"""Charts drawn at build time as inline SVG from engine data.

Colours come from CSS custom properties (see ``srd.css``) and text uses ``currentColor``,
so a chart reads in the light and the dark theme; lines also differ by dash pattern. Both axes
are labelled, and every value drawn is also in a table under the chart (a disclosure, so a
screen reader, a keyboard and a finger reach each number without a hover tooltip).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from html import escape

from macros.render import table_html
from rules_engine.core.exact import percent
from rules_engine.core.tables import Cell, Table

WIDTH, HEIGHT = 640, 340
LEFT, RIGHT, TOP, BOTTOM = 70, 16, 16, 46
DASHES = ("", "6 3", "2 3", "10 3 2 3", "", "6 3", "2 3", "10 3 2 3")
#: Marker shapes (``markers=True``), one per line, so lines differ by shape as well as colour and dash.
MARKERS = ("circle", "square", "triangle", "diamond", "triangle-down", "circle", "square", "triangle")


def _marker(index: int, x: float, y: float, size: float = 6.0) -> str:
    """The shape of line ``index`` centred on (x, y)."""
    shape, css = MARKERS[index % len(MARKERS)], f'class="srd-chart__marker srd-chart__marker--{index}"'
    if shape == "circle":
        return f'<circle {css} cx="{x:.1f}" cy="{y:.1f}" r="{size * 0.9:.1f}"/>'
    if shape == "square":
        half = size * 0.8
        return f'<rect {css} x="{x - half:.1f}" y="{y - half:.1f}" width="{2 * half:.1f}" height="{2 * half:.1f}"/>'
    corners = {
        "triangle": ((0, -1.1), (1, 0.8), (-1, 0.8)),
        "triangle-down": ((0, 1.1), (1, -0.8), (-1, -0.8)),
        "diamond": ((0, -1.2), (1, 0), (0, 1.2), (-1, 0)),
    }[shape]
    points = " ".join(f"{x + dx * size:.1f},{y + dy * size:.1f}" for dx, dy in corners)
    return f'<polygon {css} points="{points}"/>'


def _nice_step(top: float) -> float:
    for step in (0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5):
        if top / step <= 6:
            return step
    return 1.0


def line_chart(
    series: Mapping[str, Mapping[int, Fraction]],
    *,
    title: str,
    x_label: str,
    y_label: str,
    x_max: int,
    x_step: int = 5,
    x_min: int = 0,
    markers: bool = False,
    missing_is_zero: bool = True,
) -> str:
    """One line per series (x → probability), x from ``x_min`` to ``x_max``, as accessible SVG.

    ``markers`` draws a shape at each point a series gives (a different shape per line).
    ``missing_is_zero=False`` for series that simply end (a ladder with fewer rungs): the line
    joins only the points given, and the values table shows a dash where a series has none.
    """
    y_top = max(float(p) for points in series.values() for p in points.values())
    step = _nice_step(y_top)
    y_max = min(1.0, step * (int(y_top / step) + 1))  # a chance never needs room above 100%
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slug = "chart-" + re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")  # ids unique per page

    def sx(x: int) -> float:
        return LEFT + plot_w * (x - x_min) / (x_max - x_min)

    def sy(y: float) -> float:
        return TOP + plot_h * (1 - y / y_max)

    parts = [
        f'<svg class="srd-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="{slug}-title {slug}-desc"'
        f' xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{slug}-title">{escape(title)}</title>',
        f'<desc id="{slug}-desc">{escape(y_label)} against {escape(x_label)}, one line per '
        f"{', '.join(escape(k) for k in series)}. Every value is in the table under the chart.</desc>",
    ]
    ticks = int(round(y_max / step))
    for i in range(ticks + 1):
        y = step * i
        parts.append(
            f'<line class="srd-chart__grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{sy(y):.1f}" y2="{sy(y):.1f}"/>'
        )
        parts.append(f'<text x="{LEFT - 6}" y="{sy(y) + 4:.1f}" text-anchor="end">{y * 100:.0f}%</text>')
    for x in range(x_min, x_max + 1, x_step):
        parts.append(f'<text x="{sx(x):.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">{x}</text>')
    parts.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 8}" text-anchor="middle">{escape(x_label)}</text>')
    parts.append(
        f'<text class="srd-chart__y-label" transform="translate(16 {TOP + plot_h / 2:.1f}) rotate(-90)" '
        f'text-anchor="middle">{escape(y_label)}</text>'
    )
    parts.append(f'<line class="srd-chart__axis" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{sy(0):.1f}" y2="{sy(0):.1f}"/>')
    for index, (name, points) in enumerate(series.items()):
        xs = range(x_min, x_max + 1) if missing_is_zero else sorted(x for x in points if x_min <= x <= x_max)
        coords = " ".join(f"{sx(x):.1f},{sy(float(points.get(x, 0))):.1f}" for x in xs)
        dash = f' stroke-dasharray="{DASHES[index % len(DASHES)]}"' if DASHES[index % len(DASHES)] else ""
        parts.append(
            f'<polyline class="srd-chart__line srd-chart__line--{index}" points="{coords}"{dash}>'
            f"<title>{escape(name)}</title></polyline>"
        )
        if markers:
            parts.extend(_marker(index, sx(x), sy(float(p))) for x, p in sorted(points.items()) if x_min <= x <= x_max)
    parts.append("</svg>")
    legend = "".join(
        f'<li><svg width="28" height="10" aria-hidden="true"><line class="srd-chart__line srd-chart__line--{i}" '
        f'x1="0" x2="28" y1="5" y2="5"'
        + (f' stroke-dasharray="{DASHES[i % len(DASHES)]}"' if DASHES[i % len(DASHES)] else "")
        + "/>"
        + (_marker(i, 14, 5, 4) if markers else "")
        + f"</svg>{escape(name)}</li>"
        for i, name in enumerate(series)
    )
    return (
        f'<figure class="srd-figure">{"".join(parts)}<ul class="srd-chart__legend">{legend}</ul>'
        f"<figcaption>{escape(title)}</figcaption>"
        + values_table(series, title=title, x_label=x_label, x_min=x_min, x_max=x_max, missing_is_zero=missing_is_zero)
        + "</figure>"
    )


def _value_cell(points: Mapping[int, Fraction], x: int, missing_is_zero: bool) -> Cell:
    if x not in points and not missing_is_zero:
        return Cell("—")
    return Cell(percent(Fraction(points.get(x, 0))), Fraction(points.get(x, 0)))


def values_table(
    series: Mapping[str, Mapping[int, Fraction]],
    *,
    title: str,
    x_label: str,
    x_min: int,
    x_max: int,
    missing_is_zero: bool = True,
) -> str:
    """Every value a chart draws, one row per x (rows where every line is at 0 left out) and
    one column per line, in a disclosure under the chart."""
    rows = tuple(
        (Cell(str(x)),) + tuple(_value_cell(points, x, missing_is_zero) for points in series.values())
        for x in range(x_min, x_max + 1)
        if any(points.get(x, 0) for points in series.values())
    )
    key = "chart-" + re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")  # its CSV and JSON file name
    table = Table(key=key, caption=f"The values in the chart: {title}", headers=(x_label, *series), rows=rows)
    return (
        '<details class="srd-chart__values"><summary>Every value in this chart</summary>'
        f"{table_html(table, engine=False)}</details>"
    )
