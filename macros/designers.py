"""The designers' page: every registered system's typical roll asked the same two questions,
drawn on one chart per question with each system's exact tables beneath.

Generic: it iterates the registry and reads each system's ``designer`` hook
(``rules_engine/core/designer.py``); it never names a system.
"""

from __future__ import annotations

from fractions import Fraction

from macros.charts import line_chart
from macros.render import table_html
from rules_engine.core.designer import (
    NOTABLE,
    DesignerView,
    difficulty_table,
    spread_table,
    summary_table,
    typical_rolls_table,
)
from rules_engine.core.exact import percent
from rules_engine.core.system import System
from rules_engine.systems import all_systems

#: The spread chart shows margins where some system's chance reaches this; the exact tables list every result.
SHOWN_FROM = Fraction(1, 1000)


def designer_systems() -> list[tuple[System, DesignerView]]:
    """Every system with a designers' view, in registry order, with that view."""
    return [(system, system.designer()) for system in all_systems() if system.designer]


def _name(system: System, what: str) -> str:
    return f"{system.title} ({what})"


def difficulty_chart() -> str:
    """Chance of success against the step of each system's difficulty ladder, one line per system."""
    series = {
        _name(s, v.label): {n: step.p_success for n, step in enumerate(v.steps, start=1)} for s, v in designer_systems()
    }
    longest = max(len(points) for points in series.values())
    return line_chart(
        series,
        title="Every system: chance of success of its typical roll, rung by rung",
        x_label="Step of each system's difficulty ladder",
        y_label="Chance of success",
        x_min=1,
        x_max=longest,
        x_step=1,
        markers=True,
        missing_is_zero=False,
    )


def spread_chart() -> str:
    """Chance of each margin of the typical roll at its usual difficulty, one line per system."""
    series = {_name(s, v.roll): {o.margin: o.p for o in v.outcomes} for s, v in designer_systems()}
    shown = [m for points in series.values() for m, p in points.items() if p >= SHOWN_FROM]
    return line_chart(
        series,
        title="Every system: how the results of its typical roll spread",
        x_label="Margin (0: the narrowest success)",
        y_label="Chance of this result",
        x_min=min(shown),
        x_max=max(shown),
        x_step=2,
        markers=True,
    )


def difficulty_tables() -> str:
    """Each system's exact chance of success, rung by rung."""
    return "\n".join(table_html(difficulty_table(s, v)) for s, v in designer_systems())


def spread_tables() -> str:
    """Each system's every result of its typical roll, exactly."""
    return "\n".join(table_html(spread_table(s, v)) for s, v in designer_systems())


def register(env) -> None:  # noqa: ANN001 - mkdocs-macros passes its own env type
    """The designers' page's macros."""
    env.macro(lambda: table_html(typical_rolls_table(all_systems())), "designers_typical_rolls")
    env.macro(difficulty_chart, "designers_difficulty_chart")
    env.macro(difficulty_tables, "designers_difficulty_tables")
    env.macro(spread_chart, "designers_spread_chart")
    env.macro(spread_tables, "designers_spread_tables")
    env.macro(lambda: table_html(summary_table(all_systems())), "designers_summary")
    env.variables["designers_shown_from"] = percent(SHOWN_FROM)
    env.variables["designers_notable"] = percent(NOTABLE, 0)
