"""Action!'s macros: the Action roller, the value-table converter and the degree charts.

The page works without JavaScript: the tables stand alone and the widgets say they need
it. Their view module, ``docs/assets/js/views/action.js``, enables them once the engine has
loaded in its Web Worker. The shared parts are in ``macros/widget_html.py``."""

from __future__ import annotations

from html import escape
from itertools import combinations

from macros import action_cards, action_combat, action_play
from macros.charts import line_chart
from macros.widget_html import (
    DICE_GAP_REM,
    DIE_REM,
    EXAMPLE_SEEDS,
    PART_REM,
    Room,
    default_values,
    engine_result,
    field_error,
    notation_target,
    region,
    rooms,
    rows,
    seed_field,
    text_field,
    text_lines,
    widget_shell,
)
from rules_engine.action import SYSTEM
from rules_engine.action.roll.notation import parse
from rules_engine.action.roll.rules import (
    ACTION_TYPES,
    DEFAULT_THRESHOLD,
    MAX_DICE_PER_SIDE,
    MAX_THRESHOLD,
    MAX_VALUE,
)
from rules_engine.action.roll.tables import TABLE_DEFENCE, chart_series, degree_series
from rules_engine.action.roll.values import VALUE_TABLE
from rules_engine.core.notation import MAX_NOTATION_LENGTH

P = "ac"  # the roller's ids: #ac-skill, #ac-type-inspired …
V = "av"  # the converter's ids: #av-measure
CHART_TYPES = (None, "inspired", "wild", "stymied", "routine", "hazardous")


def _toggle(name: str, label: str, hint: str, value: str) -> str:
    """A labelled checkbox with its hint read with it."""
    box_id = f"{P}-{name}"
    return (
        f'<div class="srd-toggle"><input type="checkbox" id="{box_id}" name="{name}" value="{escape(value)}" '
        f'aria-describedby="{box_id}-hint" disabled> <label for="{box_id}">{escape(label)}</label> '
        f'<span class="srd-toggle__hint" id="{box_id}-hint">{escape(hint)}</span></div>'
    )


# --- the room the roller's results keep --------------------------------------------------
# Rerolls chain without end (each 0 rolls again), so no roll is the tallest by construction.
# Each region keeps the room of the tallest answer the engine gives to the default inputs and
# to them with every set of up to TYPES_AT_ONCE action types, active defence on (the notes,
# the fractions and the dice grow with the types); a roll over EXAMPLE_SEEDS each.
TYPES_AT_ONCE = 3
#: A degree's row is taller than an engine table's: its percentage is a 0.9rem figure (.srd-pct).
DEGREE_ROW_REM = 1.65


def _asked_sets(asked: dict[str, str]) -> list[dict[str, str]]:
    """The default inputs, and them with each set of up to TYPES_AT_ONCE types and active defence."""
    words = [t.word for t in ACTION_TYPES]
    sets = [c for n in range(1, TYPES_AT_ONCE + 1) for c in combinations(words, n)]
    return [asked, *({**asked, "types": " ".join(c), "active": "1"} for c in sets)]


def _reading_room(result: dict, width: float) -> Room:
    """The notation (a 0.8rem line and its margin) and the engine's notes, a line or more each."""
    notation = text_lines(f"Notation: {result['notation']}", width, 0.8)
    return Room(lines=notation + 1 + sum(text_lines(note, width) for note in result["notes"]))


def _degree_room(result: dict, width: float) -> Room:
    """The degree table (its caption and head row, then a taller row a degree; its frame a
    line) and the double-0 note."""
    note = f"Double-0: {result['p_double0']}; any pair: {result['p_pair']}. Exact: every reroll followed, nothing cut."
    degree_rows = -(-len(result["outcomes"]) * DEGREE_ROW_REM // PART_REM["rows"])
    return Room(lines=1 + text_lines(note, width, 0.6), rows=2 + int(degree_rows))


def _roll_room(result: dict, width: float) -> Room:
    """The headline, the dice (a sign and each face of a die's chain), the lines, the Share line."""
    faces = sum(1 + len(die["faces"]) for die in result["dice"])
    lines = sum(text_lines(line, width) for line in result["lines"])
    return Room(headlines=1, dice=rows(faces, width, DIE_REM, DICE_GAP_REM), lines=lines, shares=1)


def action_roller() -> str:
    """Skill, defence (active or not), Threshold, EV bonuses and the action types in;
    live exact degree odds and a seeded roll with each die's chain out."""
    types = "".join(_toggle(f"type-{t.word}", t.name, t.effect, t.word) for t in ACTION_TYPES)
    fields = (
        text_field(P, "skill", "Skill", "5", "the acting side's skill value")
        + text_field(P, "defence", "Defence", "5", "the other side's skill, or a difficulty")
        + f'<div class="srd-field srd-field--toggle">{_toggle("active", "Active defence", "defence + 5; costs a Shot", "1")}</div>'
        + text_field(P, "threshold", "Threshold", str(DEFAULT_THRESHOLD), f"1–{MAX_THRESHOLD}; blank: 5")
        + text_field(P, "attack_ev", "Attacker's EV bonus", "0", "attribute + modifiers")
        + text_field(P, "defence_ev", "Defender's EV bonus", "0", "attribute + modifiers")
        + text_field(P, "extra_positive", "Extra + dice", "0", f"0–{MAX_DICE_PER_SIDE}")
        + text_field(P, "extra_negative", "Extra − dice", "0", f"0–{MAX_DICE_PER_SIDE}")
        + f'<fieldset class="srd-field srd-field--wide srd-action-types" id="{P}-types" aria-describedby="{P}-types-error">'
        f'<legend>Action types</legend><div class="srd-action-types__list">{types}</div>{field_error(f"{P}-types")}</fieldset>'
        + seed_field(P)
    )
    asked = _asked_sets({**default_values(fields), "types": "", "active": ""})
    odds = [engine_result(SYSTEM.key, {"action": "odds_fields", "fields": a}) for a in asked]
    rolled = [
        engine_result(SYSTEM.key, {"action": "roll_fields", "fields": a, "seed": str(s)})
        for a in asked
        for s in EXAMPLE_SEEDS
    ]
    regions = (
        region("canonical", "Notation", **rooms(_reading_room, odds))
        + region("odds", "Exact degree odds", **rooms(_degree_room, odds))
        + region("result", "Roll result", **rooms(_roll_room, rolled))
    )
    return widget_shell(
        f"{P}-roller",
        SYSTEM.key,
        "roller",
        "Action roller",
        fields,
        "Roll",
        regions,
        first={"action": "odds_fields", "fields": {**default_values(fields), "types": "", "active": ""}},
    )


def roller_fields(notation: str) -> dict[str, str]:
    """The roller's fields for an action notation (``8 vs 5 inspired wild``, ``5 vs active 3``,
    ``+1d``, ``T 10``, ``ev 3 vs 2``), for the notation buttons in the text; every field and
    box set, so nothing of an earlier action stays."""
    query = parse(notation)
    return {
        "skill": str(query.skill),
        "defence": str(query.defence),
        "active": "1" if query.active else "",
        "threshold": str(query.threshold),
        "attack_ev": str(query.attack_ev),
        "defence_ev": str(query.defence_ev),
        "extra_positive": str(query.extra_positive),
        "extra_negative": str(query.extra_negative),
        **{f"type-{t.word}": t.word if t.word in query.types else "" for t in ACTION_TYPES},
    }


def _conversion_room(result: dict, width: float) -> Room:
    """The value (a 0.9rem figure, as high as a roll's headline), the range, time and weight
    side by side in 0.8rem text (wrapping as one text), the engine's lines."""
    measures = f"Range {result['range']}    Time {result['time']}    Weight {result['weight']}"
    lines = sum(text_lines(line, width) for line in result["lines"])
    return Room(headlines=1, lines=text_lines(measures, width, 0.8) + 1 + lines)  # 0.8rem, and its margin


def value_converter() -> str:
    """A measure in, its value out; a value in, its range, time and weight out."""
    fields = text_field(
        V,
        "measure",
        "Measure or value",
        "250 m",
        "e.g. 250 m, 3 weeks, 40 kg, or a value 0–20",
        numeric=False,
        wide=True,
    )
    # Every value the engine converts (a row of its value table each) and the default measure.
    asked = [default_values(fields), *({"measure": str(value)} for value in range(len(VALUE_TABLE)))]
    answers = [engine_result(SYSTEM.key, {"action": "convert", "fields": a}) for a in asked]
    regions = region("result", "Conversion", **rooms(_conversion_room, answers))
    return widget_shell(
        f"{V}-converter",
        SYSTEM.key,
        "converter",
        "Value table converter",
        fields,
        "Convert",
        regions,
        first={"action": "convert", "fields": default_values(fields)},
    )


def _type_name(word: str | None) -> str:
    return next(t.name for t in ACTION_TYPES if t.word == word) if word else "Plain roll"


def success_chart() -> str:
    """P(Success or better) as skill − defence moves, one line per action type."""
    series = {_type_name(word): chart_series(word) for word in CHART_TYPES}
    return line_chart(
        series,
        title="Action!: chance of Success or better, by skill − defence and action type",
        x_label=f"skill − defence (defence {TABLE_DEFENCE})",
        y_label="chance",
        x_min=-10,
        x_max=10,
        x_step=2,
    )


def degree_chart() -> str:
    """Each degree's chance as skill − defence moves, for a plain roll."""
    return line_chart(
        degree_series(),
        title="Action!: chance of each degree, plain roll, by skill − defence",
        x_label=f"skill − defence (defence {TABLE_DEFENCE})",
        y_label="chance",
        x_min=-10,
        x_max=10,
        x_step=2,
    )


def register(env) -> None:  # noqa: ANN001 - mkdocs-macros passes its own env type
    """The macros and variables the Action! page uses."""
    env.macro(action_roller)
    notation_target(SYSTEM.key, f"{P}-roller", "Action roller", roller_fields)
    env.macro(value_converter)
    env.macro(success_chart, "action_success_chart")
    env.macro(degree_chart, "action_degree_chart")
    env.variables["action_limits"] = {
        "value": MAX_VALUE,
        "threshold": MAX_THRESHOLD,
        "dice": MAX_DICE_PER_SIDE,
        "length": MAX_NOTATION_LENGTH,
    }
    action_combat.register(env)  # part 2: the combat and damage page
    action_cards.register(env)  # part 2: the cards page
    action_play.register(env)  # the play tool's page
