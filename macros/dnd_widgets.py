"""HTML of the dice & danger widgets: the notation roller and the character generator.

Same contract as the Doom Stack roller (see ``macros/widgets.py``): disabled until the
engine is ready, a status line, ``aria-live`` result regions, a noscript note."""

from __future__ import annotations

from html import escape

NOSCRIPT = ('<noscript><p class="srd-widget__noscript">The live roller needs JavaScript. '
            "Every table on this page reads without it.</p></noscript>")


def _seed(prefix: str) -> str:
    return (
        f'<div class="srd-field srd-field--seed">'
        f'<label for="{prefix}-seed">Seed</label>'
        f'<input id="{prefix}-seed" name="seed" type="text" inputmode="numeric" autocomplete="off" value="" '
        f'placeholder="random" aria-describedby="{prefix}-seed-error {prefix}-seed-hint" disabled>'
        f'<span class="srd-field__hint" id="{prefix}-seed-hint">blank: a new seed each roll</span>'
        f'<span class="srd-field__error" id="{prefix}-seed-error"></span></div>'
    )


def _shell(prefix: str, widget: str, label: str, fields: str, button: str, regions: str) -> str:
    return (
        f'<div class="srd-widget" id="{prefix}" data-widget="{widget}" data-state="loading">'
        f'<form class="srd-widget__form" novalidate aria-label="{escape(label)}">{fields}'
        f'<div class="srd-widget__actions"><button class="md-button md-button--primary" type="submit" disabled>'
        f"{escape(button)}</button></div></form>"
        f'<p class="srd-widget__status" role="status" aria-live="polite">Loading the dice engine…</p>'
        f"{regions}</div>{NOSCRIPT}"
    )


def dice_and_danger_roller(example: str = "4d-1p vs DC 3") -> str:
    """A notation box with a damage/save switch: canonical form and exact hits chart as you
    type; roll with every die explained, seed and permalink."""
    p = "dd"
    fields = (
        f'<div class="srd-field srd-field--wide">'
        f'<label for="{p}-notation">Notation</label>'
        f'<input id="{p}-notation" name="notation" type="text" autocomplete="off" spellcheck="false" '
        f'autocapitalize="off" value="{escape(example)}" aria-describedby="{p}-notation-error {p}-notation-hint" '
        f"disabled>"
        f'<span class="srd-field__hint" id="{p}-notation-hint">e.g. 3d+1b vs DC 4, or 5d vs DC 3 &amp; +1b</span>'
        f'<span class="srd-field__error" id="{p}-notation-error"></span></div>'
        f'<fieldset class="srd-field srd-switch"><legend>Roll</legend>'
        f'<label><input type="radio" name="kind" value="damage" checked disabled> Damage roll</label>'
        f'<label><input type="radio" name="kind" value="save" disabled> Save</label></fieldset>'
        + _seed(p)
    )
    regions = (
        f'<p class="srd-widget__canonical" aria-live="polite"></p>'
        f'<section class="srd-widget__odds" aria-live="polite" aria-label="Exact odds"></section>'
        f'<section class="srd-widget__result" aria-live="polite" aria-label="Roll result"></section>'
    )
    return _shell(f"{p}-roller", "dice-and-danger", "dice & danger roller", fields, "Roll", regions)


def character_generator() -> str:
    """Roll the five attributes (seeded); Luck, slots and starting Hit Defense follow."""
    p = "dc"
    regions = '<section class="srd-widget__result" aria-live="polite" aria-label="New character"></section>'
    return _shell(f"{p}-character", "dice-and-danger-character", "Character generator", _seed(p),
                  "Roll a character", regions)
