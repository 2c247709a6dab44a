"""dice & danger's macros: the notation roller, the damage-roll builder, the Health-save
helper, the character generator and the hits chart.

The widgets are built from the shared parts (``macros/widget_html.py``): disabled until
the engine is ready, a status line, ``aria-live`` result regions, a noscript note. Their
view module is ``docs/assets/js/views/dice-and-danger.js``."""

from __future__ import annotations

from html import escape

from macros.charts import line_chart
from macros.widget_html import default_values, field_error, radio_group, region, seed_field, text_field, widget_shell
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
    regions = (
        region("canonical", "How the notation reads") + region("odds", "Exact odds") + region("result", "Roll result")
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
    regions = (
        region("canonical", "How the damage roll is built")
        + region("odds", "The damage roll's exact odds")
        + region("result", "The damage roll's result")
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
    regions = region("odds", "The Health save and its odds") + region("result", "The Health save's roll")
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
    return widget_shell(
        f"{p}-character",
        SYSTEM.key,
        "character",
        "Character generator",
        seed_field(p),
        "Roll a character",
        region("result", "New character"),
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
