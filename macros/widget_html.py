"""The parts every live widget is built from: labelled text fields with a hint and a
reserved line for the engine's error, the seed field, the widget shell (form, Roll button,
status line, result regions) and the note shown without JavaScript.

Contract with ``docs/assets/js/widgets.js``: the shell is ``div.srd-widget`` with
``data-view`` naming the system's view module (``docs/assets/js/<data-view>.js``),
``data-widget`` the kind of widget that module attaches, and ``data-state="loading"``; every control starts
disabled and is enabled once the engine is ready; field ``NAME`` of widget ``PREFIX`` is
``#PREFIX-NAME`` with its error in ``#PREFIX-NAME-error``. Beside the status line, a hidden
Retry button (``.srd-widget__retry``) is shown when the view module or the engine failed to
load."""

from __future__ import annotations

from html import escape

NOSCRIPT = ('<noscript><p class="srd-widget__noscript">The live roller needs JavaScript. '
            "Every table on this page reads without it.</p></noscript>")


def field_error(field_id: str) -> str:
    """The space reserved under a field for the engine's message about it."""
    return f'<div class="srd-field__error" id="{field_id}-error"></div>'


def text_field(prefix: str, name: str, label: str, value: str = "", hint: str = "", *,
               numeric: bool = True, placeholder: str = "", list_id: str = "", wide: bool = False) -> str:
    """A labelled text input; its hint and error are read with it (``aria-describedby``)."""
    field_id = f"{prefix}-{name}"
    described = f"{field_id}-error" + (f" {field_id}-hint" if hint else "")
    attrs = ' inputmode="numeric"' if numeric else ' spellcheck="false" autocapitalize="off"'
    if placeholder:
        attrs += f' placeholder="{escape(placeholder)}"'
    if list_id:
        attrs += f' list="{list_id}"'
    return (
        f'<div class="srd-field{" srd-field--wide" if wide else ""}{" srd-field--seed" if name == "seed" else ""}">'
        f'<label for="{field_id}">{escape(label)}</label>'
        f'<input id="{field_id}" name="{name}" type="text"{attrs} autocomplete="off" '
        f'value="{escape(value)}" aria-describedby="{described}" disabled>'
        + (f'<span class="srd-field__hint" id="{field_id}-hint">{escape(hint)}</span>' if hint else "")
        + field_error(field_id)
        + "</div>"
    )


def seed_field(prefix: str) -> str:
    """The seed: blank rolls a new one (and shows it); a number replays a roll."""
    return text_field(prefix, "seed", "Seed", hint="blank: a new seed each roll", placeholder="random")


def region(kind: str, label: str = "", tag: str = "section") -> str:
    """A result region the widget fills; screen readers hear what changes in it."""
    aria_label = f' aria-label="{escape(label)}"' if label else ""
    return f'<{tag} class="srd-widget__{kind}" aria-live="polite"{aria_label}></{tag}>'


def widget_shell(widget_id: str, view: str, widget: str, label: str, fields: str, button: str,
                 regions: str) -> str:
    """The widget: its form and button, the status line (with its Retry button, hidden until a
    load fails), the result regions, the noscript note.

    ``view`` is the system's key, which names its view module; ``widget`` is the kind of
    widget in that module."""
    return (
        f'<div class="srd-widget" id="{widget_id}" data-view="{escape(view)}" data-widget="{escape(widget)}" '
        f'data-state="loading">'
        f'<form class="srd-widget__form" novalidate aria-label="{escape(label)}">{fields}'
        f'<div class="srd-widget__actions"><button class="md-button md-button--primary" type="submit" disabled>'
        f"{escape(button)}</button></div></form>"
        f'<div class="srd-widget__statusbar">'
        f'<p class="srd-widget__status" role="status" aria-live="polite">Loading the dice engine…</p>'
        f'<button class="srd-widget__retry md-button" type="button" hidden>Retry</button></div>'
        f"{regions}</div>{NOSCRIPT}"
    )
