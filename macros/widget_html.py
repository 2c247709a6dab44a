"""The parts every live widget is built from: labelled text fields with a hint and a
reserved line for the engine's error, the seed field, the widget shell (form, Roll button,
status line, result regions) and the note shown without JavaScript.

Contract with ``docs/assets/js/runtime/widgets.js``: the shell is ``div.srd-widget`` with
``data-view`` naming the system's view module (``docs/assets/js/views/<data-view>.js``),
``data-widget`` the kind of widget that module attaches, and ``data-state="loading"``; every control starts
disabled and is enabled once the engine is ready; field ``NAME`` of widget ``PREFIX`` is
``#PREFIX-NAME`` with its error in ``#PREFIX-NAME-error``. Beside the status line, a hidden
Retry button (``.srd-widget__retry``) is shown when the view module or the engine failed to
load, and under it a bar shows how much of the engine has arrived (``data-engine-files``: the
build's size list of the engine's files, which ``docs/assets/js/runtime/engine.js`` reads).

A widget whose view first asks the engine for something with the default inputs (the odds)
carries that request and the engine's reply, computed here at build time exactly as the
worker would compute it (``rules_engine.web.call``), in its ``data-first`` attribute:
``docs/assets/js/kit/widget-kit.js`` answers the view's first request with it, so the exact odds
show before the engine has loaded in the browser. The site build then draws that answer into
the result regions with the view's own code (``site_build/prerender.py``), so they are on
the page as soon as it is parsed."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from html.parser import HTMLParser

from rules_engine import web

NOSCRIPT = (
    '<noscript><p class="srd-widget__noscript">The live roller needs JavaScript. '
    "Every table on this page reads without it.</p></noscript>"
)


def field_error(field_id: str) -> str:
    """The space reserved under a field for the engine's message about it."""
    return f'<div class="srd-field__error" id="{field_id}-error"></div>'


def text_field(
    prefix: str,
    name: str,
    label: str,
    value: str = "",
    hint: str = "",
    *,
    numeric: bool = True,
    placeholder: str = "",
    list_id: str = "",
    wide: bool = False,
) -> str:
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


# --- the room a result region keeps for the tallest result it can show --------------------
#: The width of a result region's content, in rem: at 360 px (a phone, under widget.css's
#: ``max-width: 30em`` query) and at 1280 px (a desktop: Material's column less its sidebars and
#: the widget's padding). Every count below that depends on wrapping is taken at these widths.
PHONE_REM = 15.1
DESKTOP_REM = 32.7

#: Each part of a result, by the name of its count, and its height in rem: the same sizes
#: srd.css states once as ``--srd-line`` … (tests/test_reserved_room.py holds them equal). Here
#: they only choose the tallest of a region's results; the page's CSS does the sum.
PART_REM = {
    "lines": 1.12,
    "headlines": 1.65,
    "figures": 3.85,
    "dice": 2.2,
    "rows": 1.3,
    "boxes": 9.3,
    "charts": 3.2,
    "shares": 3.3,
}

#: How wide a character of a widget's 0.7rem text is, on average, in em: a line holds
#: ``width / (0.7 × GLYPH_EM)`` characters.
GLYPH_EM = 0.47


def tap_lines(width_rem: float) -> int:
    """The lines a one-line tap target takes at ``width_rem``: a summary that opens more
    (``Exact values``) is 44 px tall on a phone (widget.css), two lines; one on a desktop."""
    return 2 if width_rem <= PHONE_REM else 1


@dataclass(frozen=True)
class Room:
    """The tallest result a region can show, counted in parts whose heights srd.css states:
    ``lines`` of widget text (a pool line, a note, a caption), a roll's ``headlines``, rows of
    ``figures``, rows of ``dice``, ``rows`` of an engine table, ``boxes`` (a list or table that
    scrolls inside its capped height), bar ``charts`` and ``shares`` (a roll's line with its
    Share buttons)."""

    lines: int = 0
    headlines: int = 0
    figures: int = 0
    dice: int = 0
    rows: int = 0
    boxes: int = 0
    charts: int = 0
    shares: int = 0

    def rem(self) -> float:
        """Its height in rem, as srd.css's parts add up."""
        return sum(getattr(self, part) * size for part, size in PART_REM.items())

    def __add__(self, other: Room) -> Room:
        return Room(**{part: getattr(self, part) + getattr(other, part) for part in PART_REM})


def tallest(*rooms: Room) -> Room:
    """The tallest of a region's possible results (the first of equals)."""
    return max(rooms, key=Room.rem)


def rooms(count: Callable[[dict, float], Room], answers: list[dict]) -> dict[str, Room]:
    """The tallest of the engine's ``answers`` as ``count`` sizes them, at a desktop's width
    (``room``) and a phone's (``narrow``), as ``region`` takes them."""
    return {
        "room": tallest(*(count(answer, DESKTOP_REM) for answer in answers)),
        "narrow": tallest(*(count(answer, PHONE_REM) for answer in answers)),
    }


#: The seeds a roll's room is counted from where no roll is the tallest by construction: the
#: tallest of their rolls (their dice and lines, not their faces, set the room).
EXAMPLE_SEEDS = range(1, 21)

#: widget.css: a die's side and the gap between dice, in rem.
DIE_REM, DICE_GAP_REM = 1.6, 0.3


def per_row(width_rem: float, item_rem: float, gap_rem: float) -> int:
    """How many items of ``item_rem`` fit a row ``width_rem`` wide, ``gap_rem`` between them."""
    return max(1, int((width_rem + gap_rem) // (item_rem + gap_rem)))


def rows(count: int, width_rem: float, item_rem: float, gap_rem: float) -> int:
    """The rows ``count`` such items wrap to."""
    return -(-count // per_row(width_rem, item_rem, gap_rem))


def text_lines(text: str, width_rem: float, font_rem: float = 0.7) -> int:
    """The lines ``text`` wraps to in a region ``width_rem`` wide (at least one)."""
    per_line = max(1, int(width_rem / (font_rem * GLYPH_EM)))
    return max(1, -(-len(text) // per_line))


def room_style(wide: Room, narrow: Room | None = None) -> str:
    """The counts as the region's custom properties (widget.css turns them into its
    ``min-height``); on a phone's width, ``narrow``'s where they differ."""
    counts = [f"--srd-{part}: {getattr(wide, part)}" for part in PART_REM if getattr(wide, part)]
    if narrow is not None:
        counts += [
            f"--srd-{part}-narrow: {getattr(narrow, part)}"
            for part in PART_REM
            if getattr(narrow, part) != getattr(wide, part)
        ]
    return f' style="{"; ".join(counts)}"'


def region(
    kind: str, label: str = "", tag: str = "section", room: Room | None = None, narrow: Room | None = None
) -> str:
    """A result region the widget fills; screen readers hear what changes in it. ``room``: the
    tallest result it can show (and ``narrow``: the same on a phone), so the page keeps that
    room and a result never moves it."""
    aria_label = f' aria-label="{escape(label)}"' if label else ""
    style = room_style(room, narrow) if room is not None else ""
    return f'<{tag} class="srd-widget__{kind}" aria-live="polite"{aria_label}{style}></{tag}>'


def radio_group(
    prefix: str, name: str, legend: str, options: dict[str, str], checked: str, hint: str = "", *, error: bool = True
) -> str:
    """A labelled group of radio buttons (arrow keys move between them) with its hint and,
    when ``error``, the line reserved for the engine's message about it, as a text field's."""
    hint_id = f"{prefix}-{name}-hint"
    described = f' aria-describedby="{hint_id}"' if hint else ""
    radios = "".join(
        f'<label class="srd-switch__option"><input type="radio" id="{prefix}-{name}-{value}" name="{name}" '
        f'value="{value}"{" checked" if value == checked else ""}{described} disabled> {escape(label)}</label>'
        for value, label in options.items()
    )
    return (
        f'<fieldset class="srd-field srd-switch" id="{prefix}-{name}"><legend>{escape(legend)}</legend>'
        f'<div class="srd-switch__options">{radios}</div>'
        + (f'<span class="srd-field__hint" id="{hint_id}">{escape(hint)}</span>' if hint else "")
        + (field_error(f"{prefix}-{name}") if error else "")
        + "</fieldset>"
    )


class _DefaultValues(HTMLParser):
    """Collects what a form's controls hold as written: text fields and checked radios."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "input":
            return
        found = dict(attrs)
        name, kind = found.get("name") or "", found.get("type") or "text"
        if name == "seed" or not name:
            return
        if kind == "text" or (kind == "radio" and "checked" in found):
            self.values[name] = found.get("value") or ""


def default_values(fields: str) -> dict[str, str]:
    """The default inputs of a form's ``fields`` markup, by name: each text field's value
    and each radio group's checked value (the seed and checkboxes left out), as a view
    reads them before anything is typed."""
    parser = _DefaultValues()
    parser.feed(fields)
    return parser.values


@lru_cache(maxsize=256)
def _engine_reply(request_json: str) -> str:
    """The engine's reply to one request, asked once per build (the shell reads it twice)."""
    return web.call(request_json)


def engine_result(view: str, request: dict[str, object]) -> dict:
    """The engine's answer to ``request`` for ``view`` (a result region's room is counted from
    it); a refusal fails the build."""
    reply = json.loads(_engine_reply(json.dumps({"system": view, **request})))
    if not reply.get("ok"):
        raise ValueError(f"the engine refuses {request}: {reply['error']['message']}")
    return reply["result"]


def first_answer(view: str, request: dict[str, object]) -> str:
    """The view's first request with the default inputs (``system`` added) and the engine's
    reply to it, exactly the JSON the worker would return, as the JSON of the widget's
    ``data-first`` attribute (not a script element: Material's instant navigation re-runs
    every script of a page it swaps in, as JavaScript).

    Default inputs the engine refuses fail the build: a widget must open on valid input."""
    asked = {"system": view, **request}
    reply = json.loads(_engine_reply(json.dumps(asked)))
    if not reply.get("ok"):
        raise ValueError(
            f"the engine refuses the default inputs of a {view} widget ({asked}): {reply['error']['message']}"
        )
    data = json.dumps({"request": asked, "reply": reply}, ensure_ascii=False, separators=(",", ":"))
    return f' data-first="{escape(data)}"'


@lru_cache(maxsize=1)
def engine_files() -> str:
    """The size list of the engine's Pyodide files as the site ships them (bytes as the
    browser has them once any transfer encoding is undone), as JSON; empty when the build
    cannot say (no Pyodide npm package), and the widget then counts on each response's
    Content-Length."""
    try:
        from site_build.build import shipped_pyodide_sizes

        sizes = shipped_pyodide_sizes()
    except (ImportError, OSError, RuntimeError):
        return "{}"
    return json.dumps(sizes, separators=(",", ":"))


def widget_shell(
    widget_id: str,
    view: str,
    widget: str,
    label: str,
    fields: str,
    button: str,
    regions: str,
    *,
    first: dict[str, object] | None = None,
) -> str:
    """The widget: its form and button, the status line (with its Retry button, hidden until a
    load fails, and the engine's loading bar), the result regions, the noscript note.

    ``view`` is the system's key, which names its view module; ``widget`` is the kind of
    widget in that module. ``first``: the request (without ``system``) the view sends first
    with the default inputs, answered now so its answer shows at once (``first_answer``)."""
    return (
        f'<div class="srd-widget" id="{widget_id}" data-view="{escape(view)}" data-widget="{escape(widget)}" '
        f'data-state="loading" data-engine-files="{escape(engine_files())}"'
        f"{first_answer(view, first) if first is not None else ''}>"
        f'<form class="srd-widget__form" novalidate aria-label="{escape(label)}">{fields}'
        f'<div class="srd-widget__actions"><button class="md-button md-button--primary" type="submit" disabled>'
        f"{escape(button)}</button></div></form>"
        f'<div class="srd-widget__statusbar">'
        f'<p class="srd-widget__status" role="status" aria-live="polite">Loading the dice engine…</p>'
        f'<button class="srd-widget__retry md-button" type="button" hidden>Retry</button>'
        f'<span class="srd-widget__meter" aria-hidden="true"><span class="srd-widget__meter-bar"></span></span></div>'
        f"{regions}{compare_panel(widget_id) if comparable(view, first) else ''}</div>{NOSCRIPT}"
    )


def comparable(view: str, first: dict[str, object] | None) -> bool:
    """Whether a widget's odds can be compared row by row: its first reply carries a notation
    and ``outcomes`` (outcome → "num/den"), as every system's ``odds`` by notation does, so a
    row can be asked for again from its notation alone."""
    if first is None:
        return False
    reply = json.loads(_engine_reply(json.dumps({"system": view, **first})))
    result = reply.get("result") if reply.get("ok") else None
    return (
        isinstance(result, dict)
        and isinstance(result.get("notation"), str)
        and isinstance(result.get("outcomes"), dict)
        and bool(result["outcomes"])
    )


def compare_panel(widget_id: str) -> str:
    """The closed Compare panel under a widget's results (``docs/assets/js/kit/compare.js`` fills
    it): in the page from the start, so the widget never grows when its script arrives."""
    return (
        f'<details class="srd-compare" data-compare="{escape(widget_id)}" data-search-exclude>'
        '<summary class="srd-compare__summary">Compare odds<span class="srd-compare__count"></span></summary>'
        '<div class="srd-compare__body"><p class="srd-compare__intro">Comparing odds needs JavaScript.</p></div>'
        "</details>"
    )


# --- notations in the rules text: buttons that load a page's roller -----------------------

#: A roller's field values for a notation it accepts, by field name: text for a text field or
#: a radio group (the value to check), "" or "on" for a checkbox. Raises ``RulesError`` (or
#: ``ValueError``) for a notation that roller does not take.
FieldsFor = Callable[[str], Mapping[str, str]]


@dataclass(frozen=True)
class NotationTarget:
    """A widget a notation written in the text can load into: its id on its page, its label
    (as its form's), and how a notation becomes its fields."""

    widget_id: str
    label: str
    fields: FieldsFor


NOTATION_TARGETS: dict[str, list[NotationTarget]] = {}


def notation_target(system: str, widget_id: str, label: str, fields: FieldsFor) -> None:
    """Register a widget of ``system`` as a place its notations load into (a system's
    ``macros/<package>.py`` does, in ``register``); tried in the order registered."""
    targets = NOTATION_TARGETS.setdefault(system, [])
    if all(t.widget_id != widget_id for t in targets):
        targets.append(NotationTarget(widget_id, label, fields))


def notation_button(system: str, notation: str, target: str = "") -> str:
    """A notation as written in the text, as a button that loads it into the page's roller
    (``docs/assets/js/kit/notation-buttons.js``): the first registered widget of ``system``
    that takes the notation, or the widget ``target`` by id; with none registered, the first
    widget of the system on the page with a ``notation`` field. It starts disabled (without
    JavaScript it reads as the notation, in code type) and is enabled once that script finds
    its roller on the page. A notation no registered widget takes fails the build."""
    candidates = [t for t in NOTATION_TARGETS.get(system, []) if not target or t.widget_id == target]
    if target and not candidates:
        raise ValueError(
            f"no {system} widget {target!r} takes notations (registered: "
            f"{', '.join(t.widget_id for t in NOTATION_TARGETS.get(system, [])) or 'none'})"
        )
    found: tuple[NotationTarget, Mapping[str, str]] | None = None
    refusals = []
    for candidate in candidates:
        try:
            found = candidate, candidate.fields(notation)
            break
        except ValueError as error:  # RulesError is one
            refusals.append(f"{candidate.widget_id}: {error}")
    if candidates and found is None:
        raise ValueError(f"no {system} widget takes {notation!r}: " + "; ".join(refusals))
    if found is None:
        attrs, label = f' data-fields="{escape(json.dumps({"notation": notation}))}"', "roller"
    else:
        (chosen, fields) = found
        attrs = (
            f' data-target="{escape(chosen.widget_id)}"'
            f' data-fields="{escape(json.dumps(dict(fields), ensure_ascii=False, separators=(",", ":")))}"'
        )
        label = chosen.label
    return (
        f'<button type="button" class="srd-notation" data-system="{escape(system)}" '
        f'data-notation="{escape(notation)}"{attrs} aria-label="{escape(notation)}: show it in the {escape(label)}" '
        f'title="Show it in the {escape(label)}" disabled>{escape(notation)}</button>'
    )


def play_frame(view: str, widget_id: str, widget: str) -> str:
    """A play tool's frame (``docs/<system>/play.md``): its view module, ``docs/assets/js/views/<view>.js``,
    draws the saved sheets or scenes into it once the engine has loaded (``widget`` names what
    the module attaches: ``sheet``, ``scene``); until then it says so, and a Retry appears if the
    view or the engine cannot load. The one frame every play page uses."""
    return (
        f'<div class="srd-widget srd-play" id="{escape(widget_id)}" data-view="{escape(view)}" '
        f'data-widget="{escape(widget)}" data-state="loading">'
        '<p class="srd-widget__status" role="status" aria-live="polite">Loading the dice engine…</p>'
        '<button type="button" class="md-button srd-widget__retry" hidden>Retry</button></div>'
        '<noscript><p class="srd-widget__noscript">The play tools need JavaScript. The rules '
        "chapter reads without it.</p></noscript>"
    )
