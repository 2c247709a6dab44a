"""dice & danger's macros: the notation roller, the character generator and the hits chart.

The widgets are built from the shared parts (``macros/widget_html.py``): disabled until
the engine is ready, a status line, ``aria-live`` result regions, a noscript note. Their
view module is ``docs/assets/js/dice-and-danger.js``."""

from __future__ import annotations

from rules_engine.dice_and_danger import SYSTEM
from rules_engine.dice_and_danger.notation import EXAMPLE, KINDS, parse
from rules_engine.dice_and_danger.odds import hits_distribution
from rules_engine.dice_and_danger.rules import MAX_DICE, MAX_EXTRA, MAX_HITS

from macros.charts import line_chart
from macros.widget_html import default_values, region, seed_field, text_field, widget_shell

#: The switch's labels, in the engine's order of kinds.
KIND_LABELS = {"damage": "Damage roll", "save": "Save"}
KIND_HINT = "A save or damage written at the start of the notation wins: the switch then follows it."


def _kind_switch(prefix: str) -> str:
    """Damage roll / save, as a radio group (arrow keys move between them)."""
    radios = "".join(
        f'<label class="srd-switch__option"><input type="radio" id="{prefix}-kind-{kind}" name="kind" '
        f'value="{kind}"{" checked" if kind == KINDS[0] else ""} aria-describedby="{prefix}-kind-hint" disabled>'
        f" {KIND_LABELS[kind]}</label>"
        for kind in KINDS)
    return (
        f'<fieldset class="srd-field srd-switch" id="{prefix}-kind"><legend>Roll as</legend>'
        f'<div class="srd-switch__options">{radios}</div>'
        f'<span class="srd-field__hint" id="{prefix}-kind-hint">{KIND_HINT}</span></fieldset>'
    )


def dice_and_danger_roller(example: str = EXAMPLE) -> str:
    """A notation box with a damage/save switch: canonical form and exact hits chart as you
    type; roll with every die explained, seed and permalink."""
    p = "dd"
    fields = (
        text_field(p, "notation", "Notation", example, "e.g. 3d+1b vs DC 4, or 5d vs DC 3 & +1b",
                   numeric=False, wide=True)
        + _kind_switch(p)
        + seed_field(p)
    )
    regions = (
        region("canonical", "How the notation reads")
        + region("odds", "Exact odds")
        + region("result", "Roll result")
    )
    return widget_shell(f"{p}-roller", SYSTEM.key, "roller", "dice & danger roller", fields, "Roll", regions,
                        first={"action": "odds_kind", **default_values(fields)})


def character_generator() -> str:
    """Roll the five attributes (seeded); Luck, slots and starting Hit Defense follow."""
    p = "dc"
    return widget_shell(f"{p}-character", SYSTEM.key, "character", "Character generator", seed_field(p),
                        "Roll a character", region("result", "New character"))


def hits_chart() -> str:
    """The hits distribution of damage rolls at DC 4, by pool size."""
    series = {notation: hits_distribution(parse(notation)).probabilities()
              for notation in ("1d vs DC 4", "2d vs DC 4", "3d vs DC 4", "4d vs DC 4", "6d vs DC 4", "8d vs DC 4")}
    return line_chart(series, title="dice & danger: chance of each number of hits, damage rolls at DC 4",
                      x_label="hits", y_label="chance", x_max=12, x_step=1)


def register(env) -> None:  # noqa: ANN001 - mkdocs-macros passes its own env type
    """The macros the dice & danger page uses."""
    env.macro(dice_and_danger_roller, "dnd_widget")
    env.macro(character_generator, "character_widget")
    env.macro(hits_chart)
    env.variables["dice_and_danger_limits"] = {"dice": MAX_DICE, "extra": MAX_EXTRA, "hits": MAX_HITS}
