"""HTML of the dice & danger widgets: the notation roller and the character generator.

Same contract and parts as the Doom Stack roller (``macros/widget_html.py``): disabled
until the engine is ready, a status line, ``aria-live`` result regions, a noscript note."""

from __future__ import annotations

from rules_engine.dice_and_danger.notation import EXAMPLE, KINDS

from macros.widget_html import region, seed_field, text_field, widget_shell

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
        region("canonical", "How the notation reads", tag="div")
        + region("odds", "Exact odds")
        + region("result", "Roll result")
    )
    return widget_shell(f"{p}-roller", "dice-and-danger", "dice & danger roller", fields, "Roll", regions)


def character_generator() -> str:
    """Roll the five attributes (seeded); Luck, slots and starting Hit Defense follow."""
    p = "dc"
    return widget_shell(f"{p}-character", "dice-and-danger-character", "Character generator", seed_field(p),
                        "Roll a character", region("result", "New character"))
