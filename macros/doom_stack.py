"""Doom Stack's macros: the roller (with its stack chooser), the attack helper and the
best-stack chart.

The page works without JavaScript: the widget says it is loading (or, with scripting off,
that it needs JavaScript) and the tables stand alone. Its view module,
``docs/assets/js/views/doom-stack.js``, enables it once the engine has loaded in its Web Worker.
The parts shared with the other widgets are in ``macros/widget_html.py``."""

from __future__ import annotations

from html import escape

from macros.charts import line_chart
from macros.widget_html import (
    DICE_GAP_REM,
    DIE_REM,
    EXAMPLE_SEEDS,
    Room,
    default_values,
    engine_result,
    field_error,
    notation_target,
    region,
    rooms,
    rows,
    seed_field,
    tap_lines,
    text_field,
    text_lines,
    widget_shell,
)
from rules_engine.doom_stack import SYSTEM
from rules_engine.doom_stack.notation import parse
from rules_engine.doom_stack.rules import DIFFICULTY_LADDER, MAX_POOL
from rules_engine.doom_stack.tables import stack_chart_series

# --- the room the results keep -----------------------------------------------------------
# A pool may hold MAX_POOL dice, whose exact odds run to fractions hundreds of digits long: no
# page keeps room for that. So each region keeps the room of the widget's own default inputs'
# answer (a roll: the tallest over EXAMPLE_SEEDS), counted from the engine's reply; a larger
# result grows the page below it.
ATTACK_LINES_BOX = 7  # doom-stack.css: the attack's working scrolls in a box 7.5rem tall, seven lines


def _odds_room(result: dict, width: float) -> Room:
    """The pool line, the three figures and their note, the bars with their caption and values."""
    pool = text_lines(result["pool_line"] + (f" vs TN {result['tn']}" if result["tn"] else ""), width)
    stacks = sorted(int(stack) for stack in result["outcomes"])
    words = f"Chance of each best stack, {stacks[0]} to {stacks[-1]}"
    words += f"; bars from TN {result['tn']} up are successes" if result["tn"] else ""
    caption = text_lines(words, width, 0.6)
    return Room(lines=pool + 1 + caption + tap_lines(width), figures=1 if result["p_success"] else 0, charts=1)


def _roll_room(result: dict, width: float) -> Room:
    """The headline (its 1.1rem best stack a line more), the dice, the lines above the stacks
    (which the chooser shows), the Share line."""
    lines = result["lines"][: len(result["lines"]) - len(result["stacks"]) - 1]
    dice = rows(len(result["dice"]), width, DIE_REM, DICE_GAP_REM)
    return Room(headlines=1, lines=1 + sum(text_lines(line, width) for line in lines), dice=dice, shares=1)


#: Stacks have no top, so no attack is the tallest; besides the default inputs, the room holds a
#: long answer: four-digit damage through cover and antitank, the defender keeping a stack, a
#: track of 100 boxes with damage and overflow already marked.
LONG_ATTACK = {
    "action": "attack_fields",
    "fields": {
        "attack": "1800",
        "defence": "3",
        "body": "40",
        "hard": "20",
        "boxes": "100",
        "physical": "60",
        "stun": "39",
        "overflow": "1",
        "cover": "on",
        "antitank": "on",
    },
}


def _attack_room(result: dict, width: float) -> Room:
    """The headline, the track (a row of boxes, as high as a row of dice), the state and the
    bleeding line, the working in its box."""
    verdict = f"{result['damage']} damage: {result['physical']} physical, {result['stun']} stun"
    if result["defence_left"] is not None:
        verdict += f" · the defender keeps a stack of {result['defence_left']}"
    head = text_lines(verdict, width, 0.75)
    if result["bleeding_out"]:
        bleed = 3  # its odds: two percentages and two exact fractions
    else:
        bleed = text_lines("Not bleeding out: nothing in overflow, or already dead.", width, 0.75)
    state = 1
    # Three lines of 0.75rem text with their margins: a line more.
    return Room(lines=head + state + bleed + 1 + ATTACK_LINES_BOX, dice=1)


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
    asked = default_values(fields)
    rolled = [
        engine_result(SYSTEM.key, {"action": "roll_fields", "fields": asked, "seed": str(s)}) for s in EXAMPLE_SEEDS
    ]
    regions = (
        region(
            "odds",
            "Exact odds",
            **rooms(_odds_room, [engine_result(SYSTEM.key, {"action": "odds_fields", "fields": asked})]),
        )
        + region("result", "Roll result", **rooms(_roll_room, rolled))
        + stack_chooser(p)
    )
    return widget_shell(
        f"{p}-roller",
        SYSTEM.key,
        "roller",
        "Doom Stack roller",
        fields,
        "Roll",
        regions,
        first={"action": "odds_fields", "fields": default_values(fields)},
    )


def roller_fields(notation: str) -> dict[str, str]:
    """The roller's fields for a pool notation (``4d6 vs TN 8``), for the notation buttons in
    the text: the whole pool as the attribute, no skill or modifiers, the TN (blank: none)."""
    query = parse(notation)
    return {
        "attribute": str(query.pool),
        "skill": "0",
        "modifiers": "0",
        "tn": "" if query.tn is None else str(query.tn),
    }


def stack_chooser(p: str) -> str:
    """After a roll, every stack the dice allow, to pick from (radio buttons in a table that
    scrolls in a box of fixed height); the line above it announces the stack picked."""
    return (
        f'<section class="srd-ds-stacks" aria-labelledby="{p}-stacks-title">'
        f'<h3 class="srd-ds-stacks__title" id="{p}-stacks-title">Choose your stack</h3>'
        f'<p class="srd-ds-stacks__status" id="{p}-stacks-status" role="status" aria-live="polite"></p>'
        f'<div class="srd-widget__stacks" id="{p}-stacks"></div></section>'
    )


def _check_box(p: str, name: str, label: str, hint: str) -> str:
    """A labelled checkbox, its hint read with it, and a line reserved for its error."""
    box_id = f"{p}-{name}"
    return (
        f'<div class="srd-field srd-ds-check"><label for="{box_id}">'
        f'<input type="checkbox" id="{box_id}" name="{name}" aria-describedby="{box_id}-error {box_id}-hint" '
        f"disabled> {escape(label)}</label>"
        f'<span class="srd-field__hint" id="{box_id}-hint">{escape(hint)}</span>' + field_error(box_id) + "</div>"
    )


def doom_stack_attack() -> str:
    """The attacker's and defender's stacks, cover, armour and the defender's track in;
    damage, stun, the track filled and the exact odds of bleeding out, as the inputs change."""
    p = "dsa"
    fields = (
        text_field(p, "attack", "Attacker's stack", "9")
        + text_field(p, "defence", "Defender's stack", "4", "from the attention pool; 0: no dice")
        + _check_box(p, "cover", "Defender in cover", "the stack is not spent; it loses one pip")
        + text_field(p, "body", "Body armour", "0", "rating: that much turns to stun")
        + text_field(p, "hard", "Hard armour", "0", "rating: stops all but antitank")
        + _check_box(p, "antitank", "Antitank attack", "hard armour only takes off its rating")
        + text_field(p, "boxes", "Hit boxes", "8", "4 + Strength + Willpower")
        + text_field(p, "physical", "Boxes marked X", "0", "physical damage already taken")
        + text_field(p, "stun", "Boxes marked /", "0", "stun damage already taken")
        + text_field(p, "overflow", "Overflow", "0", "already in the overflow box")
    )
    # The view sends the checkboxes too, unticked: "".
    first = {"action": "attack_fields", "fields": {**default_values(fields), "cover": "", "antitank": ""}}
    return widget_shell(
        f"{p}-helper",
        SYSTEM.key,
        "attack",
        "Doom Stack attack helper",
        fields,
        "Resolve",
        region(
            "odds", "Attack result", **rooms(_attack_room, [engine_result(SYSTEM.key, a) for a in (first, LONG_ATTACK)])
        ),
        first=first,
    )


def best_stack_chart() -> str:
    """Best-stack distribution by pool size."""
    series = {f"{pool}d6": points for pool, points in stack_chart_series().items()}
    return line_chart(
        series,
        title="Doom Stack: chance of each best stack, by pool size",
        x_label="best stack",
        y_label="chance",
        x_max=40,
    )


def register(env) -> None:  # noqa: ANN001 - mkdocs-macros passes its own env type
    """The macros and variables the Doom Stack page uses."""
    env.macro(doom_stack_roller, "doom_stack_widget")
    notation_target(SYSTEM.key, "ds-roller", "Doom Stack roller", roller_fields)
    env.macro(doom_stack_attack, "doom_stack_attack")
    env.macro(best_stack_chart)
    env.variables["doom_stack_max_pool"] = MAX_POOL
