"""Adrenaline's macros: the roller (standard, extended and opposed rolls) and two charts.

The widget is built from the shared parts (``macros/widget_html.py``); its view module is
``docs/assets/js/views/adrenaline.js``. The charts and tables are drawn from the engine at build
time and read without JavaScript."""

from __future__ import annotations

import json
from html import escape

from macros.charts import line_chart
from macros.widget_html import (
    DESKTOP_REM,
    DICE_GAP_REM,
    DIE_REM,
    PHONE_REM,
    Room,
    default_values,
    field_error,
    notation_target,
    region,
    rows,
    seed_field,
    tallest,
    tap_lines,
    text_field,
    text_lines,
    widget_shell,
)
from rules_engine import web
from rules_engine.adrenaline import SYSTEM
from rules_engine.adrenaline.notation import Side, parse
from rules_engine.adrenaline.roll import read_example
from rules_engine.adrenaline.rules import DIFFICULTY_NAMES, MAX_ADRENALINE, MAX_POOL, MAX_TARGET, OPTION_HELP
from rules_engine.adrenaline.tables import botch_chart_series, net_chart_series

P = "ad"
MODES = (("standard", "Standard roll"), ("extended", "Extended roll"), ("opposed", "Opposed roll"))


def _ladder() -> str:
    options = "".join(
        f'<option value="{d}" label="{d} {escape(name)}"></option>' for d, name in DIFFICULTY_NAMES.items()
    )
    return f'<datalist id="{P}-ladder">{options}</datalist>'


def _checkbox(name: str, label: str, hint: str = "", value: str = "on") -> str:
    hint_html = f' <span class="srd-check__hint">{escape(hint)}</span>' if hint else ""
    return (
        f'<label class="srd-check"><input type="checkbox" id="{P}-{name}" name="{name}" value="{escape(value)}" '
        f"disabled> <span>{escape(label)}</span>{hint_html}</label>"
    )


def _mode_switch() -> str:
    radios = "".join(
        f'<label class="srd-switch__option"><input type="radio" id="{P}-mode-{mode}" name="mode" value="{mode}"'
        f"{' checked' if mode == 'standard' else ''} disabled> {label}</label>"
        for mode, label in MODES
    )
    return (
        f'<fieldset class="srd-field srd-switch" id="{P}-mode" aria-describedby="{P}-mode-error">'
        f'<legend>Kind of roll</legend><div class="srd-switch__options">{radios}</div>'
        f"{field_error(f'{P}-mode')}</fieldset>"
    )


def _side_fields(prefix: str = "", defaults: tuple[str, str, str] = ("3", "3", "6")) -> str:
    attribute, ability, difficulty = defaults
    who = "the other side's " if prefix else ""
    return (
        text_field(P, f"{prefix}attribute", "Attribute" if not prefix else "Their attribute", attribute)
        + text_field(
            P, f"{prefix}ability", "Ability" if not prefix else "Their ability", ability, f"blank: {who}attribute alone"
        )
        + text_field(
            P,
            f"{prefix}difficulty",
            "Difficulty" if not prefix else "Their difficulty",
            difficulty,
            "2–10 or a name; blank: 6",
            list_id=f"{P}-ladder",
        )
        + text_field(
            P,
            f"{prefix}adrenaline",
            "Adrenaline to spend" if not prefix else "They spend",
            "0",
            f"0–{MAX_ADRENALINE} points, each a sure success",
        )
    )


def adrenaline_roller() -> str:
    """Attribute + ability, difficulty, points to spend; standard, extended or opposed;
    the variants; live exact odds and a seeded roll with every die explained."""
    extended = (
        f'<fieldset class="srd-ad-group" id="{P}-group-extended" data-mode="extended" hidden>'
        "<legend>Extended roll</legend>"
        + text_field(P, "target", "Successes to gather", "10", f"1–{MAX_TARGET} in all")
        + _checkbox("wastes", "A botch only wastes that roll", "(option; by default a botch ends the attempt)")
        + "</fieldset>"
    )
    opposed = (
        f'<fieldset class="srd-ad-group" id="{P}-group-opposed" data-mode="opposed" hidden>'
        "<legend>The other side</legend>"
        + _side_fields("other-", ("2", "3", "6"))
        + _checkbox("below", "Botches count below zero", "(option; by default a botch scores 0)")
        + "</fieldset>"
    )
    variants = "".join(_checkbox(f"option-{name}", name, f"({text})", value=name) for name, text in OPTION_HELP.items())
    options = (
        f'<fieldset class="srd-ad-group srd-ad-group--options" id="{P}-options" aria-describedby="{P}-options-error">'
        f"<legend>Variants (all off: the rules as written)</legend>{variants}{field_error(f'{P}-options')}"
        "</fieldset>"
    )
    fields = _side_fields() + _ladder() + _mode_switch() + extended + opposed + options + seed_field(P)
    regions = region("odds", "Exact odds", room=odds_room(DESKTOP_REM), narrow=odds_room(PHONE_REM)) + region(
        "result", "Roll result", room=roll_room(DESKTOP_REM), narrow=roll_room(PHONE_REM)
    )
    return widget_shell(
        f"{P}-roller",
        SYSTEM.key,
        "roller",
        "Adrenaline roller",
        fields,
        "Roll",
        regions,
        first={"action": "odds_form", "fields": {**default_values(fields), "options": "", "wastes": "", "below": ""}},
    )


# --- the room the results keep (adrenaline.css draws them; widget.css adds the parts up) ----
SUMMARY_ITEM_REM, SUMMARY_GAP_REM = 6.5, 0.5  # adrenaline.css: a figure's least width; widget.css: the gap


def _longest_odds(mode: str) -> dict:
    """The engine's odds for the longest inputs of ``mode`` the roller takes within the rules:
    a full pool, all Adrenaline spent where it may be, the difficulty with the longest name,
    the highest target and every variant that applies (``designer`` left out: its pools go
    past the rules' cap, and past the room kept)."""
    split = str(MAX_POOL // 2)
    difficulty = str(max(DIFFICULTY_NAMES, key=lambda d: len(DIFFICULTY_NAMES[d])))
    spent = "0" if mode == "extended" else str(MAX_ADRENALINE)
    variants = [
        name for name in OPTION_HELP if name != "designer" and not (mode == "extended" and name == "tens-explode")
    ]
    side = {"attribute": split, "ability": MAX_POOL - int(split), "difficulty": difficulty, "adrenaline": spent}
    fields = {
        **{name: str(value) for name, value in side.items()},
        **{f"other-{name}": str(value) for name, value in side.items()},
        "mode": mode,
        "target": str(MAX_TARGET),
        "options": ",".join(variants),
        "wastes": "",
        "below": "on",
    }
    reply = json.loads(web.call(json.dumps({"system": SYSTEM.key, "action": "odds_form", "fields": fields})))
    return reply["result"]


def odds_room(width: float) -> Room:
    """The tallest odds at ``width``: the pool line(s) and notation, the figures, then a note and
    the bar chart with its caption and values, or for an extended roll its note and the table
    scrolling in its box."""
    kinds = []
    for mode, _ in MODES:
        odds = _longest_odds(mode)
        pool = text_lines("; ".join(odds["pool_lines"]) + " " + odds["notation"], width)
        figures = rows(len(odds["summary"]), width, SUMMARY_ITEM_REM, SUMMARY_GAP_REM)
        if mode == "extended":
            note = f"Mean rolls when the target is reached: {odds['mean_rolls']}. Left out (still rolling): {odds['cut_mass']}."
            kinds.append(Room(lines=pool + text_lines(note, width, 0.6), figures=figures, boxes=1))
        else:
            caption = f"{odds['bars_caption']} ({odds['bars'][0]['x']} to {odds['bars'][-1]['x']})"
            chart = text_lines(caption, width, 0.6) + tap_lines(width)
            kinds.append(Room(lines=pool + 1 + chart, figures=figures, charts=1))
    return tallest(*kinds)


def roll_room(width: float) -> Room:
    """The tallest roll at ``width``: an opposed roll of a full pool a side (its headline, each
    side's name and dice), the explanation scrolling in its box and the Share line. Tens that
    explode, and designer pools, can roll more dice than that: those rolls may still grow."""
    dice = rows(MAX_POOL, width, DIE_REM, DICE_GAP_REM)
    return Room(headlines=1, lines=2, dice=2 * dice, boxes=1, shares=1)


def _side_values(side: Side, prefix: str = "") -> dict[str, str]:
    if side.damage:
        raise ValueError("a damage roll: the roller has no damage switch")
    return {
        f"{prefix}attribute": str(side.pool),
        f"{prefix}ability": "0",
        f"{prefix}difficulty": str(side.difficulty),
        f"{prefix}adrenaline": str(side.spent),
    }


def roller_fields(notation: str) -> dict[str, str]:
    """The roller's fields for a notation (``6d10+2a vs 7``, ``… until 10``, ``… against 5d10 vs 6``,
    ``… with tens-twice``), for the notation buttons in the text: the pool as the attribute,
    the kind of roll, its own fields, and every variant box ticked or not."""
    query = parse(notation)
    words = set(query.option_words())
    fields = {
        **_side_values(query.side),
        "mode": query.kind,
        **{f"option-{name}": "on" if name in words else "" for name in OPTION_HELP},
    }
    if query.target is not None:
        fields.update(target=str(query.target), wastes="on" if query.botch_wastes else "")
    if query.opponent is not None:
        fields.update(_side_values(query.opponent, "other-"), below="on" if query.botches_below_zero else "")
    return fields


def example_reading(dice: str = "9 9 6 2 2", difficulty: int = 6) -> str:
    """A worked example read by the engine, die by die (the CLI's own lines)."""
    values = tuple(int(v) for v in dice.replace(",", " ").split())
    reading = read_example(values, difficulty)
    items = "".join(f"<li>{escape(line)}</li>" for line in reading.lines())
    title = f"{', '.join(map(str, values))} against difficulty {difficulty}"
    return (
        f'<div class="srd-ad-example" data-example="{escape(dice)}"><p class="srd-ad-example__title">'
        f"<strong>{escape(title)}</strong></p><ul>{items}</ul></div>"
    )


def net_chart() -> str:
    """Net successes by pool size at difficulty 6 (below 0: a botch)."""
    series = {f"{pool}d10": points for pool, points in net_chart_series(6).items() if pool in (1, 2, 3, 4, 5, 6, 8, 10)}
    return line_chart(
        series,
        title="Adrenaline: chance of each net result at difficulty 6, by pool",
        x_label="net successes (below 0: a botch)",
        y_label="chance",
        x_min=-4,
        x_max=10,
        x_step=1,
    )


def botch_chart() -> str:
    """Botch chance against pool size, one line per difficulty."""
    series = {f"vs {d}": points for d, points in botch_chart_series().items() if d in (2, 4, 6, 7, 8, 9, 10)}
    return line_chart(
        series,
        title="Adrenaline: chance of a botch against pool size, by difficulty",
        x_label="dice in the pool",
        y_label="chance of a botch",
        x_min=1,
        x_max=10,
        x_step=1,
    )


def register(env) -> None:  # noqa: ANN001 - mkdocs-macros passes its own env type
    """The macros the Adrenaline page uses."""
    env.macro(adrenaline_roller, "adrenaline_widget")
    notation_target(SYSTEM.key, f"{P}-roller", "Adrenaline roller", roller_fields)
    env.macro(example_reading, "adrenaline_example")
    env.macro(net_chart, "adrenaline_net_chart")
    env.macro(botch_chart, "adrenaline_botch_chart")
