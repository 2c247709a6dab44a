"""dice & danger's macros: the notation roller, the damage-roll builder, the Health-save
helper, the character generator and the hits chart.

The widgets are built from the shared parts (``macros/widget_html.py``): disabled until
the engine is ready, a status line, ``aria-live`` result regions, a noscript note. Their
view module is ``docs/assets/js/views/dice-and-danger.js``."""

from __future__ import annotations

import textwrap
from html import escape

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
    per_row,
    radio_group,
    region,
    rooms,
    rows,
    seed_field,
    tap_lines,
    text_field,
    text_lines,
    widget_shell,
)
from rules_engine.dice_and_danger import SYSTEM
from rules_engine.dice_and_danger.actions import DAMAGE_FIELDS
from rules_engine.dice_and_danger.builder import SHIELDS, WEAPONS
from rules_engine.dice_and_danger.notation import EXAMPLE, KINDS, parse
from rules_engine.dice_and_danger.odds import hits_distribution
from rules_engine.dice_and_danger.rules import ARMOURS, HD_READINGS, MAX_DICE, MAX_EXTRA, MAX_HITS

#: The switch's labels, in the engine's order of kinds.
KIND_LABELS = {"damage": "Damage roll", "save": "Save"}
KIND_HINT = "A save or damage written at the start of the notation wins: the switch then follows it."


def _kind_switch(prefix: str) -> str:
    """Damage roll / save, as a radio group (arrow keys move between them)."""
    return radio_group(prefix, "kind", "Roll as", KIND_LABELS, KINDS[0], KIND_HINT, error=False)


def _check(prefix: str, name: str, label: str, hint: str, checked: bool) -> str:
    """A labelled checkbox (the whole row is its target), its hint and its error line."""
    field_id = f"{prefix}-{name}"
    return (
        f'<div class="srd-field srd-field--check"><label for="{field_id}">'
        f'<input type="checkbox" id="{field_id}" name="{name}"{" checked" if checked else ""} '
        f'aria-describedby="{field_id}-error {field_id}-hint" disabled> {escape(label)}</label>'
        f'<span class="srd-field__hint" id="{field_id}-hint">{escape(hint)}</span>' + field_error(field_id) + "</div>"
    )


# --- the room the results keep (dice-and-danger.css draws them; widget.css adds the parts up) ---
# A notation may roll up to MAX_DICE dice and each kept 6 rolls again without end, so the roller
# and the helpers have no tallest roll a page could keep room for: each region keeps the room of
# the engine's answers to the widget's default inputs (the roller's under either kind of its
# switch; a roll the tallest over EXAMPLE_SEEDS), and a larger result grows the page below it.
# The builder's reading and odds, and a character, are bounded: see _damage_sets and
# character_generator for the answers they are counted from.
#: dice-and-danger.css: the hits chart's bars are 4.5rem tall, two lines more than the shared
#: chart part's 2.5rem; a step of a built roll sits in a column at least 8rem wide, 1.4rem apart;
#: an attribute of a character at least 6.5rem wide, 0.8rem apart.
HITS_BARS_LINES = 2
STEP_REM, STEP_GAP_REM = 8, 1.4
ATTRIBUTE_REM, ATTRIBUTE_GAP_REM = 6.5, 0.8
#: A roll's headline: a 1.1rem outcome then 0.7rem words, on average 0.9rem a character. The
#: dice's legend: four marks 0.9rem apart, 16.1rem wide in all (two lines on a phone).
HEADLINE_FONT_REM, LEGEND_REM = 0.9, 16.1
#: A character's explanation is monospace (0.62rem, 0.6em a character) at a 1.5 line height, a
#: long line wrapping under its value (a 13-character hanging indent).
COLUMN_FONT_REM, COLUMN_CHAR_EM, COLUMN_INDENT = 0.62, 0.6, 13


def _reading_lines(result: dict, width: float) -> int:
    """How the engine read the notation (a line with its 0.8rem notation, and its margin) and
    each note, or the one line that says it was read as written."""
    notes = [*result["notes"], *([result["drop_note"]] if result.get("drop_note") else [])]
    if result.get("written_kind"):
        notes.append(f"\u201c{result['written_kind']}\u201d is written in the notation: the switch follows it")
    reading = text_lines(f"Reads as {result['notation']} ({result['kind']} roll)", width, 0.8)
    return reading + 1 + (sum(text_lines(note, width) for note in notes) if notes else 1)


def _reading_room(result: dict, width: float) -> Room:
    return Room(lines=_reading_lines(result, width))


def _odds_room(result: dict, width: float) -> Room:
    """The two figures, the hits chart (its taller bars, its caption in 0.6rem text) and the
    closed exact values (a tap target), with the margins between them a line more."""
    bars = result["bars"]
    caption = f"Chance of each number of hits, {bars[0]['value']} to {bars[-1]['value']}."
    caption += "".join(f" {f['from']}\u2013{f['to']} hits: {f['percent']} in all." for f in result["folded"])
    lines = HITS_BARS_LINES + text_lines(caption, width, 0.6) + tap_lines(width) + 1
    return Room(figures=1, charts=1, lines=lines)


def _roll_room(result: dict, width: float) -> Room:
    """The headline (its 1.1rem outcome two lines high with its margin, a line more each time a
    Health save's named outcome wraps it), the dice (a crit's arrow half a die wide, a divider
    before the extra dice) and their legend, the engine's lines, the Share line."""
    detail = result["dice_detail"]
    links = sum(len(die["chain"]) for die in detail)
    faces = len(detail) + links + -(-links // 2) + len({die["role"] for die in detail} - {"base"})
    named = f"{result['outcome']}: " if result.get("outcome") else ""
    headline = 1 + text_lines(f"{named}{result['hits']} hits {result['notation']}", width, HEADLINE_FONT_REM)
    legend = 0 if result["dc"] is None else int(-(-LEGEND_REM // width))
    lines = headline + legend + sum(text_lines(line, width) for line in result["lines"])
    return Room(dice=rows(max(1, faces), width, DIE_REM, DICE_GAP_REM), lines=lines, shares=1)


def _built_room(result: dict, width: float) -> Room:
    """The built roll: the notation written out, its terms in columns (a row as tall as its
    longest term wraps), the margins under both (a line), then how the engine read it."""
    columns = per_row(width, STEP_REM, STEP_GAP_REM)
    column = (width - (columns - 1) * STEP_GAP_REM) / columns
    terms = [text_lines(f"{step['term']} {step['why']}", column) for step in result["steps"]] or [1]
    steps = sum(max(terms[i : i + columns]) for i in range(0, len(terms), columns))
    written = text_lines(f"Written out: {result['written']}", width, 0.8)
    return Room(lines=written + steps + 1 + _reading_lines(result, width))


#: The Health save's outcomes table (dice-and-danger.css, disclosure.css): the outcome's column
#: takes what the others leave (the bar's 30%, then 10.45rem), at least 3.75rem, less its
#: padding; its 0.64rem words wrap there, 0.5em a character, each line 0.896rem and a row's
#: padding 0.448rem.
BAR_SHARE, OTHER_COLUMNS_REM, NAME_MIN_REM, CELL_PADDING_REM = 0.3, 10.45, 3.75, 0.96
TABLE_FONT_REM, TABLE_CHAR_EM, TABLE_LINE_REM, TABLE_ROW_PADDING_REM = 0.64, 0.5, 0.896, 0.448


def _outcomes_room(result: dict, width: float) -> Room:
    """How the save reads (a line with its 0.8rem notation), its margin and the table's (a line),
    the notes, the table's head and a row an outcome as tall as its name wraps."""
    reading = text_lines(f"The save: {result['written']} reads as {result['notation']}", width, 0.8)
    notes = [*result["notes"], *([result["drop_note"]] if result.get("drop_note") else [])]
    column = max(NAME_MIN_REM, (1 - BAR_SHARE) * width - OTHER_COLUMNS_REM) - CELL_PADDING_REM
    chars = int(column / (TABLE_FONT_REM * TABLE_CHAR_EM))
    names = [o["name"] + (" (the mood was an injury)" if o["injury"] else "") for o in result["health_outcomes"]]
    wrapped = [len(textwrap.wrap(name, chars, break_long_words=False)) for name in names]
    table = PART_REM["rows"] + sum(n * TABLE_LINE_REM + TABLE_ROW_PADDING_REM for n in wrapped)
    lines = reading + 1 + sum(text_lines(note, width) for note in notes)
    return Room(lines=lines, rows=int(-(-table // PART_REM["rows"])))


def _character_room(result: dict, width: float) -> Room:
    """A character: its attributes in a grid (a row: their names, a line, over their values and
    dice, a row of dice), the derived values (wrapping as one text) and the lists' margins a
    line, the explanation in its monospace lines (in lines of widget text), the Share line."""
    attribute_rows = rows(len(result["attributes"]), width, ATTRIBUTE_REM, ATTRIBUTE_GAP_REM)
    derived = (
        f"Luck {result['luck']['text']}    Inventory {result['inventory_slots']} slots    Hit Defense "
        f"{result['hit_defense']}    Armor {result['armor']}    Faith {result['faith']}    Level "
        f"{result['level']} ({result['tier_name']})"
    )
    chars = int(width / (COLUMN_FONT_REM * COLUMN_CHAR_EM))
    indent = " " * COLUMN_INDENT
    explained = sum(len(textwrap.wrap(line, chars, subsequent_indent=indent)) for line in result["lines"])
    column_lines = int(-(-explained * COLUMN_FONT_REM * 1.5 // PART_REM["lines"]))
    lines = attribute_rows + text_lines(derived, width) + 1 + column_lines
    return Room(lines=lines, dice=attribute_rows, shares=1)


def dice_and_danger_roller(example: str = EXAMPLE) -> str:
    """A notation box with a damage/save switch: canonical form and exact hits chart as you
    type; roll with every die explained, seed and permalink."""
    p = "dd"
    fields = (
        text_field(
            p, "notation", "Notation", example, "e.g. 3d+1b vs DC 4, or 5d vs DC 3 & +1b", numeric=False, wide=True
        )
        + _kind_switch(p)
        + seed_field(p)
    )
    kinds = [{**default_values(fields), "kind": kind} for kind in KIND_LABELS]
    odds = [engine_result(SYSTEM.key, {"action": "odds_kind", **asked}) for asked in kinds]
    rolled = [
        engine_result(SYSTEM.key, {"action": "roll_kind", **asked, "seed": str(seed)})
        for asked in kinds
        for seed in EXAMPLE_SEEDS
    ]
    regions = (
        region("canonical", "How the notation reads", **rooms(_reading_room, odds))
        + region("odds", "Exact odds", **rooms(_odds_room, odds))
        + region("result", "Roll result", **rooms(_roll_room, rolled))
    )
    return widget_shell(
        f"{p}-roller",
        SYSTEM.key,
        "roller",
        "dice & danger roller",
        fields,
        "Roll",
        regions,
        first={"action": "odds_kind", **default_values(fields)},
    )


# --- the damage-roll builder ------------------------------------------------------------------
#: The builder's first inputs: what its form shows before anyone touches it (and the first
#: answer built into the page asks exactly this).
DAMAGE_DEFAULTS = {
    "acting": "on",
    "expert": "",
    "prepared": "on",
    "friend": "",
    "hit_defense": "",
    "hd_reading": "target",
    "weapon": "swords",
    "unsuited": "",
    "heavy": "",
    "ranged": "",
    "crude": "",
    "off_hand": "",
    "shield": "none",
    "armour": "leather",
}
#: Each switch: its label and its hint (what it adds under the rules).
DAMAGE_SWITCHES = {
    "acting": ("Acting", "1d: you make the attack"),
    "expert": ("Expert", "+1d: a title of yours bears on it"),
    "prepared": ("Prepared", "+1d: you have the gear the job calls for"),
    "friend": ("A friend helps", "+1d: they spend a Hit Defense"),
    "hit_defense": ("Hit Defense spent", "as the choice below reads it"),
    "unsuited": ("Not suited to the job", "no +1d (or +2d) for it"),
    "heavy": ("Heavy melee weapon", "+2d instead of +1d"),
    "ranged": ("Ranged", "+1p"),
    "crude": ("Simple or crude", "+1p"),
    "off_hand": ("Light weapon in the off hand", "+2b"),
}
HD_WORDS = {
    "target": "The target spends it: +1p (ruling)",
    "bonus": "You spend it: +1b (option)",
    "literal": "You spend it: +1p as printed (option)",
}
WEAPON_WORDS = {
    "none": "None",
    "swords": "Sword or knife",
    "axes": "Axe or greatsword",
    "clubs": "Club, mace, flail or staff",
    "spears": "Spear, polearm or missile",
}
SHIELD_WORDS = {"none": "None", "shield": "Shield (+1p)", "tower": "Tower shield (−1d)"}


def _armour_words() -> dict[str, str]:
    """Each armour with the DC it sets and what it is weak against."""
    return {
        a.name: f"{a.name.capitalize() if a.name != 'none' else 'No armour'}: DC {a.dc}"
        + (f", weak vs {a.weak_against}" if a.weak_against else "")
        for a in ARMOURS
    }


def _damage_sets() -> list[dict[str, str]]:
    """The builder's inputs its canonical region keeps room for (they are bounded: it has the
    tallest by construction): the defaults, and every weapon against every armour and shield with
    each switch on that adds a term (each reading of a spent Hit Defense on the default weapon;
    heavy left out, it cannot be ranged; a weapon's qualities only with a weapon, as the view
    sends them)."""
    busy = {**DAMAGE_DEFAULTS, **dict.fromkeys(("acting", "expert", "prepared", "friend", "hit_defense"), "on")}
    qualities = dict.fromkeys(("ranged", "crude", "off_hand"), "on")
    sets = [dict(DAMAGE_DEFAULTS)]
    for weapon in WEAPON_WORDS:
        for armour in _armour_words():
            for shield in SHIELD_WORDS:
                chosen = {**busy, "weapon": weapon, "armour": armour, "shield": shield}
                sets.append({**chosen, **(qualities if weapon != "none" else {})})
    sets += [{**sets[-1], "hd_reading": reading} for reading in HD_WORDS if reading != busy["hd_reading"]]
    return sets


def damage_builder() -> str:
    """Who acts and how, the weapon, the target's armour and shield → the damage roll's
    notation (every term written out, and its canonical form) and exact odds; seeded roll."""
    p = "dg"
    assert set(DAMAGE_DEFAULTS) == set(DAMAGE_FIELDS) and tuple(HD_WORDS) == HD_READINGS
    assert tuple(WEAPON_WORDS) == WEAPONS and tuple(SHIELD_WORDS) == SHIELDS

    def checks(*names: str) -> str:
        return "".join(_check(p, name, *DAMAGE_SWITCHES[name], DAMAGE_DEFAULTS[name] == "on") for name in names)

    def group(key: str, legend: str, body: str) -> str:
        return (
            f'<fieldset class="srd-dd-group srd-dd-group--{key}" id="{p}-group-{key}">'
            f"<legend>{escape(legend)}</legend>{body}</fieldset>"
        )

    fields = (
        group(
            "you",
            "You",
            checks("acting", "expert", "prepared", "friend", "hit_defense")
            + radio_group(p, "hd_reading", "Who spends the Hit Defense", HD_WORDS, DAMAGE_DEFAULTS["hd_reading"]),
        )
        + group(
            "weapon",
            "Your weapon",
            radio_group(p, "weapon", "Weapon", WEAPON_WORDS, DAMAGE_DEFAULTS["weapon"])
            + f'<fieldset class="srd-dd-qualities" id="{p}-qualities"><legend>The weapon</legend>'
            + checks("unsuited", "heavy", "ranged", "crude", "off_hand")
            + "</fieldset>",
        )
        + group(
            "target",
            "The target",
            radio_group(p, "armour", "Armour (sets the DC)", _armour_words(), DAMAGE_DEFAULTS["armour"])
            + radio_group(p, "shield", "Shield", SHIELD_WORDS, DAMAGE_DEFAULTS["shield"]),
        )
        + seed_field(p)
    )
    built = [engine_result(SYSTEM.key, {"action": "damage_odds", "fields": asked}) for asked in _damage_sets()]
    rolled = [
        engine_result(SYSTEM.key, {"action": "damage_roll", "fields": dict(DAMAGE_DEFAULTS), "seed": str(seed)})
        for seed in EXAMPLE_SEEDS
    ]
    regions = (
        region("canonical", "How the damage roll is built", **rooms(_built_room, built))
        + region("odds", "The damage roll's exact odds", **rooms(_odds_room, built))
        + region("result", "The damage roll's result", **rooms(_roll_room, rolled))
    )
    return widget_shell(
        f"{p}-builder",
        SYSTEM.key,
        "damage",
        "dice & danger damage-roll builder",
        fields,
        "Roll the damage",
        regions,
        first={"action": "damage_odds", "fields": dict(DAMAGE_DEFAULTS)},
    )


# --- the Health-save helper ----------------------------------------------------------------------
def health_save_helper() -> str:
    """Conditions taken now and already had, Health → the save's notation, the exact chance of
    each outcome; seeded roll."""
    p = "dh"
    fields = (
        text_field(p, "conditions_now", "Conditions taken now", "1", "one die each (1 or more)")
        + text_field(p, "conditions_had", "Conditions already had", "0", "one penalty die each")
        + text_field(p, "health", "Health", "3", "the DC")
        + seed_field(p)
    )
    # Its table has a row per outcome whatever the inputs; the room is the default inputs'.
    asked = default_values(fields)
    odds = [engine_result(SYSTEM.key, {"action": "health_odds", "fields": asked})]
    rolled = [
        engine_result(SYSTEM.key, {"action": "health_roll", "fields": asked, "seed": str(seed)})
        for seed in EXAMPLE_SEEDS
    ]
    regions = region("odds", "The Health save and its odds", **rooms(_outcomes_room, odds)) + region(
        "result", "The Health save's roll", **rooms(_roll_room, rolled)
    )
    return widget_shell(
        f"{p}-helper",
        SYSTEM.key,
        "health",
        "Health-save helper",
        fields,
        "Roll the save",
        regions,
        first={"action": "health_odds", "fields": default_values(fields)},
    )


def character_generator() -> str:
    """Roll the five attributes (seeded); Luck, slots and starting Hit Defense follow."""
    p = "dc"
    # Every character has the same parts; its numbers and an eight-digit seed change how its
    # lines wrap: the tallest over EXAMPLE_SEEDS and such a seed.
    seeds = [*EXAMPLE_SEEDS, 10**7]
    characters = [engine_result(SYSTEM.key, {"action": "character", "seed": str(seed)}) for seed in seeds]
    return widget_shell(
        f"{p}-character",
        SYSTEM.key,
        "character",
        "Character generator",
        seed_field(p),
        "Roll a character",
        region("result", "New character", **rooms(_character_room, characters)),
    )


def hits_chart() -> str:
    """The hits distribution of damage rolls at DC 4, by pool size."""
    series = {
        notation: hits_distribution(parse(notation)).probabilities()
        for notation in ("1d vs DC 4", "2d vs DC 4", "3d vs DC 4", "4d vs DC 4", "6d vs DC 4", "8d vs DC 4")
    }
    return line_chart(
        series,
        title="dice & danger: chance of each number of hits, damage rolls at DC 4",
        x_label="hits",
        y_label="chance",
        x_max=12,
        x_step=1,
    )


def register(env) -> None:  # noqa: ANN001 - mkdocs-macros passes its own env type
    """The macros the dice & danger pages use."""
    env.macro(dice_and_danger_roller, "dnd_widget")
    env.macro(character_generator, "character_widget")
    env.macro(damage_builder, "damage_builder_widget")
    env.macro(health_save_helper, "health_save_widget")
    env.macro(hits_chart)
    env.variables["dice_and_danger_limits"] = {"dice": MAX_DICE, "extra": MAX_EXTRA, "hits": MAX_HITS}
