"""The HTML of the live widgets. The page works without JavaScript: the widget says it
is loading (or, with scripting off, that it needs JavaScript) and the tables stand alone.
``docs/assets/js/widgets.js`` enables it once the engine has loaded in its Web Worker."""

from __future__ import annotations

from html import escape

from rules_engine.doom_stack.rules import DIFFICULTY_LADDER


def _field(prefix: str, name: str, label: str, value: str, hint: str = "", *, list_id: str = "") -> str:
    field_id = f"{prefix}-{name}"
    described = f"{field_id}-error" + (f" {field_id}-hint" if hint else "")
    datalist = f' list="{list_id}"' if list_id else ""
    return (
        f'<div class="srd-field">'
        f'<label for="{field_id}">{escape(label)}</label>'
        f'<input id="{field_id}" name="{name}" type="text" inputmode="numeric" autocomplete="off" '
        f'value="{escape(value)}" aria-describedby="{described}"{datalist} disabled>'
        + (f'<span class="srd-field__hint" id="{field_id}-hint">{escape(hint)}</span>' if hint else "")
        + f'<span class="srd-field__error" id="{field_id}-error"></span>'
        f"</div>"
    )


def doom_stack_roller() -> str:
    """Attribute, skill, modifiers and TN in; roll, seed, permalink and exact odds out."""
    p = "ds"
    ladder = "".join(f'<option value="{r.tn}" label="{escape(r.name)} {r.tn}+"></option>' for r in DIFFICULTY_LADDER)
    return (
        f'<div class="srd-widget" id="{p}-roller" data-widget="doom-stack" data-state="loading">'
        f'<form class="srd-widget__form" novalidate aria-label="Doom Stack roller">'
        + _field(p, "attribute", "Attribute", "3")
        + _field(p, "skill", "Skill", "2")
        + _field(p, "modifiers", "Modifiers", "0", "± dice, at most half of attribute + skill")
        + _field(p, "tn", "TN", "8", "target number", list_id=f"{p}-ladder")
        + f'<datalist id="{p}-ladder">{ladder}</datalist>'
        f'<div class="srd-field srd-field--seed">'
        f'<label for="{p}-seed">Seed</label>'
        f'<input id="{p}-seed" name="seed" type="text" inputmode="numeric" autocomplete="off" value="" '
        f'placeholder="random" aria-describedby="{p}-seed-error {p}-seed-hint" disabled>'
        f'<span class="srd-field__hint" id="{p}-seed-hint">blank: a new seed each roll</span>'
        f'<span class="srd-field__error" id="{p}-seed-error"></span></div>'
        f'<div class="srd-widget__actions">'
        f'<button class="md-button md-button--primary" type="submit" disabled>Roll</button>'
        f"</div></form>"
        f'<p class="srd-widget__status" role="status" aria-live="polite">Loading the dice engine…</p>'
        f'<section class="srd-widget__odds" aria-live="polite" aria-label="Exact odds"></section>'
        f'<section class="srd-widget__result" aria-live="polite" aria-label="Roll result"></section>'
        f"</div>"
        f'<noscript><p class="srd-widget__noscript">The live roller needs JavaScript. '
        f"Every table on this page reads without it.</p></noscript>"
    )
