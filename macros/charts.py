"""Charts drawn at build time as inline SVG from engine data.

Colours come from CSS custom properties (see ``srd.css``) and text uses ``currentColor``,
so a chart reads in the light and the dark theme; lines also differ by dash pattern. Both axes
are labelled, and every value drawn is also in a table under the chart (a disclosure, so a
screen reader, a keyboard and a finger reach each number without a hover tooltip).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
import re
from html import escape

from rules_engine.core.exact import percent
from rules_engine.core.tables import Cell, Table

from macros.render import table_html

WIDTH, HEIGHT = 640, 340
LEFT, RIGHT, TOP, BOTTOM = 70, 16, 16, 46
DASHES = ("", "6 3", "2 3", "10 3 2 3", "", "6 3", "2 3", "10 3 2 3")


def _nice_step(top: float) -> float:
    for step in (0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5):
        if top / step <= 6:
            return step
    return 1.0


def line_chart(series: Mapping[str, Mapping[int, Fraction]], *, title: str, x_label: str, y_label: str,
               x_max: int, x_step: int = 5, x_min: int = 0) -> str:
    """One line per series (x → probability), x from ``x_min`` to ``x_max``, as accessible SVG."""
    y_top = max(float(p) for points in series.values() for p in points.values())
    step = _nice_step(y_top)
    y_max = step * (int(y_top / step) + 1)
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
        f'{", ".join(escape(k) for k in series)}. Every value is in the table under the chart.</desc>',
    ]
    ticks = int(round(y_max / step))
    for i in range(ticks + 1):
        y = step * i
        parts.append(f'<line class="srd-chart__grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{sy(y):.1f}" y2="{sy(y):.1f}"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{sy(y) + 4:.1f}" text-anchor="end">{y * 100:.0f}%</text>')
    for x in range(x_min, x_max + 1, x_step):
        parts.append(f'<text x="{sx(x):.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">{x}</text>')
    parts.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 8}" text-anchor="middle">{escape(x_label)}</text>')
    parts.append(f'<text class="srd-chart__y-label" transform="translate(16 {TOP + plot_h / 2:.1f}) rotate(-90)" '
                 f'text-anchor="middle">{escape(y_label)}</text>')
    parts.append(f'<line class="srd-chart__axis" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{sy(0):.1f}" y2="{sy(0):.1f}"/>')
    for index, (name, points) in enumerate(series.items()):
        coords = " ".join(f"{sx(x):.1f},{sy(float(points.get(x, 0))):.1f}" for x in range(x_min, x_max + 1))
        dash = f' stroke-dasharray="{DASHES[index % len(DASHES)]}"' if DASHES[index % len(DASHES)] else ""
        parts.append(f'<polyline class="srd-chart__line srd-chart__line--{index}" points="{coords}"{dash}>'
                     f"<title>{escape(name)}</title></polyline>")
    parts.append("</svg>")
    legend = "".join(
        f'<li><svg width="28" height="10" aria-hidden="true"><line class="srd-chart__line srd-chart__line--{i}" '
        f'x1="0" x2="28" y1="5" y2="5"'
        + (f' stroke-dasharray="{DASHES[i % len(DASHES)]}"' if DASHES[i % len(DASHES)] else "")
        + f"/></svg>{escape(name)}</li>"
        for i, name in enumerate(series))
    return (f'<figure class="srd-figure">{"".join(parts)}<ul class="srd-chart__legend">{legend}</ul>'
            f"<figcaption>{escape(title)}</figcaption>"
            f"{values_table(series, title=title, x_label=x_label, x_min=x_min, x_max=x_max)}</figure>")


def values_table(series: Mapping[str, Mapping[int, Fraction]], *, title: str, x_label: str,
                 x_min: int, x_max: int) -> str:
    """Every value a chart draws, one row per x (rows where every line is at 0 left out) and
    one column per line, in a disclosure under the chart."""
    rows = tuple(
        (Cell(str(x)),) + tuple(Cell(percent(Fraction(points.get(x, 0))), Fraction(points.get(x, 0)))
                                for points in series.values())
        for x in range(x_min, x_max + 1)
        if any(points.get(x, 0) for points in series.values()))
    key = "chart-" + re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")  # its CSV and JSON file name
    table = Table(key=key, caption=f"The values in the chart: {title}", headers=(x_label, *series), rows=rows)
    return ('<details class="srd-chart__values"><summary>Every value in this chart</summary>'
            f"{table_html(table, engine=False)}</details>")
