"""The HTML of the Doom Stack roller. The page works without JavaScript: the widget says it
is loading (or, with scripting off, that it needs JavaScript) and the tables stand alone.
``docs/assets/js/widgets.js`` enables it once the engine has loaded in its Web Worker.
The parts shared with the other widgets are in ``macros/widget_html.py``."""

from __future__ import annotations

from html import escape

from rules_engine.doom_stack.rules import DIFFICULTY_LADDER

from macros.widget_html import region, seed_field, text_field, widget_shell


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
    return widget_shell(f"{p}-roller", "doom-stack", "Doom Stack roller", fields, "Roll", regions)
