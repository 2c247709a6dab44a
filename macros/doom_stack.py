"""Doom Stack's macros: the roller and the best-stack chart.

The page works without JavaScript: the widget says it is loading (or, with scripting off,
that it needs JavaScript) and the tables stand alone. Its view module,
``docs/assets/js/doom-stack.js``, enables it once the engine has loaded in its Web Worker.
The parts shared with the other widgets are in ``macros/widget_html.py``."""

from __future__ import annotations

from html import escape

from rules_engine.doom_stack import SYSTEM
from rules_engine.doom_stack.rules import DIFFICULTY_LADDER, MAX_POOL
from rules_engine.doom_stack.tables import stack_chart_series

from macros.charts import line_chart
from macros.widget_html import default_values, region, seed_field, text_field, widget_shell


def doom_stack_roller() -> str:
    """Attribute, skill, modifiers and TN in; roll, seed, permalink and exact odds out."""
    p = "ds"
    ladder = "".join(f'<option value="{r.tn}" label="{escape(r.name)} {r.tn}+"></option>' for r in DIFFICULTY_LADDER)
    fields = (
        text_field(p, "attribute", "Attribute", "3")
        + text_field(p, "skill", "Skill", "2")
        + text_field(p, "modifiers", "Modifiers", "0", "± dice, at most half of attribute + skill")
        + text_field(p, "tn", "TN", "8", "target number", list_id=f"{p}-ladder")
        + f'<datalist id="{p}-ladder">{ladder}</datalist>'
        + seed_field(p)
    )
    regions = region("odds", "Exact odds") + region("result", "Roll result")
    return widget_shell(f"{p}-roller", SYSTEM.key, "roller", "Doom Stack roller", fields, "Roll", regions,
                        first={"action": "odds_fields", "fields": default_values(fields)})


def best_stack_chart() -> str:
    """Best-stack distribution by pool size."""
    series = {f"{pool}d6": points for pool, points in stack_chart_series().items()}
    return line_chart(series, title="Doom Stack: chance of each best stack, by pool size",
                      x_label="best stack", y_label="chance", x_max=40)


def register(env) -> None:  # noqa: ANN001 - mkdocs-macros passes its own env type
    """The macros and variables the Doom Stack page uses."""
    env.macro(doom_stack_roller, "doom_stack_widget")
    env.macro(best_stack_chart)
    env.variables["doom_stack_max_pool"] = MAX_POOL
