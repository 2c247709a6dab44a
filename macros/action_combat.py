"""Action! part 2's macros: the damage calculator and the mook chart of the combat page
(``docs/action-combat.md``). The calculator's view is ``docs/assets/js/views/action-damage.js``,
attached through the Action! view module's WIDGETS map; the shared parts are in
``macros/widget_html.py``."""

from __future__ import annotations

from html import escape
from math import ceil

from macros.charts import line_chart
from macros.widget_html import (
    PART_REM,
    Room,
    default_values,
    engine_result,
    field_error,
    notation_target,
    region,
    rooms,
    rows,
    text_field,
    text_lines,
    widget_shell,
)
from rules_engine.action import SYSTEM
from rules_engine.action.combat.actions import COMBAT_EXAMPLE, DAMAGE_FIELDS
from rules_engine.action.combat.damage import OPTIONS
from rules_engine.action.combat.mooks import ADVANCED, GLASS_JAW, kind_odds
from rules_engine.action.combat.notation import NOTATIONS
from rules_engine.action.combat.tables import MOOK_DEFENCE, MOOK_DIFFERENCES
from rules_engine.action.roll.notation import leading_word, make_query
from rules_engine.action.roll.rules import DEFAULT_THRESHOLD, MAX_THRESHOLD, MAX_VALUE

P = "ad"  # the damage calculator's ids: #ad-damage, #ad-opt-stun …
#: Options that exclude each other are radio groups: (group name, legend, (word or "" for none, label)).
GROUPS = (
    (
        "penalty",
        "Wound penalty",
        (
            ("", "None"),
            ("wound-penalty", "−1 per wound"),
            ("percentile", "Percentile"),
            ("seriousness", "Wound seriousness"),
        ),
    ),
    ("cinematic", "Cinematic wounds", (("", "None"), ("cinematic", "Fixed"), ("cinematic-variable", "Variable"))),
)
GROUPED = {word for _, _, choices in GROUPS for word, _ in choices if word}
EFFECT = {o.word: o.effect for o in OPTIONS}


def _radio_group(name: str, legend: str, choices: tuple[tuple[str, str], ...]) -> str:
    items = []
    for index, (word, label) in enumerate(choices):
        box_id = f"{P}-{name}-{word or 'none'}"
        hint = EFFECT.get(word, "this rule is off")
        items.append(
            f'<div class="srd-toggle"><input type="radio" id="{box_id}" name="{P}-{name}" value="{escape(word)}"'
            f'{" checked" if index == 0 else ""} aria-describedby="{box_id}-hint" disabled> '
            f'<label for="{box_id}">{escape(label)}</label> '
            f'<span class="srd-toggle__hint" id="{box_id}-hint">{escape(hint)}</span></div>'
        )
    return (
        f'<fieldset class="srd-field srd-action-types srd-action-damage__group" id="{P}-{name}">'
        f'<legend>{escape(legend)}</legend><div class="srd-action-types__list">{"".join(items)}</div></fieldset>'
    )


def _switch(option) -> str:  # noqa: ANN001 - a WoundOption
    box_id = f"{P}-opt-{option.word}"
    return (
        f'<div class="srd-toggle"><input type="checkbox" id="{box_id}" name="opt-{option.word}" '
        f'value="{escape(option.word)}" aria-describedby="{box_id}-hint" disabled> '
        f'<label for="{box_id}">{escape(option.name)}</label> '
        f'<span class="srd-toggle__hint" id="{box_id}-hint">{escape(option.effect)}</span></div>'
    )


# --- the room the damage calculator's result keeps (action.css draws it) --------------------
# Its text is 0.7rem (a 1.12rem line), what happens 0.8rem (1.28rem); a number is a grid cell
# (its 0.6rem label over its value, 2.08rem) in columns at least 6.5rem wide, a mook's at least
# 11rem, 0.8rem apart and 0.15rem between rows; a list's margin is 0.4em under it.
LINE_REM, HAPPENS_LINE_REM, GAP_REM = 1.12, 1.28, 0.28
CELL_REM, CELL_GAP_REM, COLUMN_GAP_REM, NUMBER_REM, MOOK_REM = 2.08, 0.15, 0.8, 6.5, 11.0
#: The words the view puts before each roll's difficulties (action-damage.js: ROLL_NAMES).
ROLL_NAMES = {"shock": "Shock roll", "dark_times": "Dark Times roll", "cinematic": "Luck rolls", "wake": "Waking up"}


def _grid_rem(count: int, width: float, column: float) -> float:
    """A grid of ``count`` cells in columns at least ``column`` wide, and its margin."""
    lines = rows(count, width, column, COLUMN_GAP_REM)
    return lines * CELL_REM + (lines - 1) * CELL_GAP_REM + GAP_REM


def _difficulties(listed: list[int]) -> str:
    """The difficulties as the view writes them: all, or for many the first two and the last."""
    if len(listed) <= 6:
        return ", ".join(map(str, listed))
    return f"{listed[0]}, {listed[1]}, …, {listed[-1]} ({len(listed)} rolls)"


def _damage_room(result: dict, width: float) -> Room:
    """What happens, the numbers (six, and one for each extra the answer holds), each roll the
    options call for (its line, wrapping, and its exact chance on one line of its own), the three
    kinds of mook under their rule, and the notation (one line, scrolling): in lines. A roll's
    line is counted at the region's width, its list's indent left out: the shared glyph width
    already errs wide."""
    height = text_lines("What happens: " + "; ".join(result["happens"]), width, 0.8) * HAPPENS_LINE_REM + GAP_REM
    extras = (result["wall_damage"], result["impairment"], result["cinematic_wound"])
    numbers = 6 + sum(extra is not None for extra in extras) + ("stun" in result["options"])
    height += _grid_rem(numbers, width, NUMBER_REM)
    for name, roll in result["rolls"].items():
        many = len(roll["difficulty"]) > 1
        said = f"passes {'all ' if many else ''}with {roll['percent_pass_all']}" if roll["pass_all"] else ""
        line = f"{ROLL_NAMES.get(name, name)} at {_difficulties(roll['difficulty'])}: {said}; failing: {roll['on_failure']}"
        height += text_lines(line, width) * LINE_REM + (LINE_REM if roll["pass_all"] else 0) + 0.1
    height += GAP_REM if result["rolls"] else 0
    height += 0.35 + _grid_rem(3, width, MOOK_REM) + LINE_REM  # the mooks' rule and padding; the notation
    return Room(lines=ceil(round(height / PART_REM["lines"], 6)))


def damage_calculator() -> str:
    """PV, Wound Threshold, Health, Toughness, Mass (and what was taken before, the rolls'
    values) and the optional rules in; shock, wounds, knockback, what happens, the rolls'
    exact chances and the mook outcomes out."""
    fields = (
        text_field(P, "damage", "Damage (PV)", "12", "the hit's PV")
        + text_field(P, "threshold", "Wound Threshold", str(DEFAULT_THRESHOLD), f"1–{MAX_THRESHOLD}; blank: 5")
        + text_field(P, "health", "Health", "20", "blank: not given")
        + text_field(P, "toughness", "Toughness", "3", "blank: not given")
        + text_field(P, "mass", "Mass Value", "5", "blank: not given")
        + text_field(P, "wall", "Solid object behind (m)", "", "metres behind the target; blank: none")
        + text_field(P, "wounds", "Wounds before", "0", "taken earlier")
        + text_field(P, "shock", "Shock before", "0", "taken earlier")
        + text_field(P, "focus", "Focus", "", "for Shock, waking, Dark Times")
        + text_field(P, "luck", "Luck", "", "for variable Cinematic wounds")
        + "".join(_radio_group(*group) for group in GROUPS)
        + f'<fieldset class="srd-field srd-field--wide srd-action-types" id="{P}-options" '
        f'aria-describedby="{P}-options-error"><legend>Other optional rules</legend>'
        f'<div class="srd-action-types__list">{"".join(_switch(o) for o in OPTIONS if o.word not in GROUPED)}</div>'
        f"{field_error(f'{P}-options')}</fieldset>"
    )
    defaults = default_values(fields)
    # The answers grow with the options, the values the rolls read and the damage, without a
    # bound the view keeps (the Luck rolls multiply with the wounds): the room is the tallest
    # answer to the default inputs with every option on (each choice of the two groups), Focus
    # and Luck given, at each PV from 5 to 60 in fives.
    checked = " ".join(o.word for o in OPTIONS if o.word not in GROUPED)
    asked = [
        {**{name: defaults[name] for name in DAMAGE_FIELDS}, "options": ""},
        *(
            {
                **{name: defaults[name] for name in DAMAGE_FIELDS},
                "damage": str(pv),
                "focus": "0",
                "luck": "0",
                "options": " ".join(word for word in (penalty, cinematic, checked) if word),
            }
            for penalty, _ in GROUPS[0][2]
            for cinematic, _ in GROUPS[1][2]
            for pv in range(5, 65, 5)
        ),
    ]
    answers = [engine_result(SYSTEM.key, {"action": "damage_fields", "fields": a}) for a in asked]
    regions = region("result", "What the hit does", **rooms(_damage_room, answers))
    first = {"action": "damage_fields", "fields": {**{name: defaults[name] for name in DAMAGE_FIELDS}, "options": ""}}
    return widget_shell(
        f"{P}-calculator", SYSTEM.key, "damage", "Damage calculator", fields, "Work it out", regions, first=first
    )


C = "acc"  # the combat calculator's ids: #acc-notation
#: The combat answer's notation: a paragraph of 0.8rem code (1.28rem) with its 1em margins; each
#: of the engine's lines is 0.7rem text at a 1.5 line height, the explanation's margin under them.
NOTATION_BLOCK_REM, EXPLAIN_LINE_REM = 1.28 + 2 * 0.8, 1.05


def _combat_room(result: dict, width: float) -> Room:
    """The canonical notation and the engine's lines, each wrapping: in lines."""
    height = NOTATION_BLOCK_REM + (text_lines(result["notation"], width, 0.8) - 1) * 1.28 + GAP_REM
    height += sum(text_lines(line, width) for line in result["lines"]) * EXPLAIN_LINE_REM
    return Room(lines=ceil(round(height / PART_REM["lines"], 6)))


def combat_calculator() -> str:
    """One combat notation in (mooks, falling, heroic actions, Shots, covering fire, conflicts,
    damage); the engine's exact working out, line by line, out. The notation buttons in
    the text load it."""
    fields = text_field(
        C,
        "notation",
        "Combat notation",
        COMBAT_EXAMPLE,
        "mook, fall, heroic, shots, cover, conflict or damage, then its numbers",
        numeric=False,
        wide=True,
    )
    return widget_shell(
        f"{C}-calculator",
        SYSTEM.key,
        "combat",
        "Combat calculator",
        fields,
        "Work it out",
        # A notation of any length, of seven kinds: no answer is the tallest by construction. The
        # room is the engine's answer to the default notation's.
        region(
            "result",
            "Combat worked out",
            **rooms(
                _combat_room,
                [engine_result(SYSTEM.key, {"action": "combat_odds", "fields": {"notation": COMBAT_EXAMPLE}})],
            ),
        ),
        first={"action": "combat_odds", "fields": {"notation": COMBAT_EXAMPLE}},
    )


def combat_fields(notation: str) -> dict[str, str]:
    """The combat calculator's field for a combat notation (the notation buttons); a
    notation of another kind is a ``ValueError`` (another widget takes it)."""
    word = leading_word(notation)
    if word not in NOTATIONS:
        raise ValueError(f"not a combat notation ({', '.join(NOTATIONS)})")
    NOTATIONS[word](notation)  # a notation the engine refuses fails the build
    return {"notation": notation}


def mook_chart() -> str:
    """The chance that a plain attack drops a mook of each kind, by skill − defence."""
    series: dict[str, dict] = {"Glass-jaw out": {}, "Advanced down": {}, "Advanced out for good": {}}
    for difference in MOOK_DIFFERENCES:
        query = make_query(MOOK_DEFENCE + difference, MOOK_DEFENCE)
        glass, advanced = kind_odds(query, GLASS_JAW), kind_odds(query, ADVANCED)
        series["Glass-jaw out"][difference] = glass["out"]
        series["Advanced down"][difference] = advanced["unconscious"] + advanced["out"]
        series["Advanced out for good"][difference] = advanced["out"]
    return line_chart(
        series,
        title="Action!: chance that a plain attack drops a mook, by skill − defence",
        x_label=f"skill − defence (defence {MOOK_DEFENCE})",
        y_label="chance",
        x_min=MOOK_DIFFERENCES[0],
        x_max=MOOK_DIFFERENCES[-1],
        x_step=5,
    )


def register(env) -> None:  # noqa: ANN001 - mkdocs-macros passes its own env type
    """The macros and variables the combat page uses."""
    env.macro(damage_calculator, "action_damage_calculator")
    env.macro(mook_chart, "action_mook_chart")
    env.macro(combat_calculator, "action_combat_calculator")
    notation_target(SYSTEM.key, f"{C}-calculator", "combat calculator", combat_fields)
    env.variables["action_combat_limits"] = {"value": MAX_VALUE, "threshold": MAX_THRESHOLD}
