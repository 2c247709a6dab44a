"""The design lab's macros: the lab itself (``docs/lab.md``), a table of every setting a
designer may change, and a link to the lab from any page, opened on one system.

Generic: it reads each system's ``lab`` hook (``rules_engine/core/lab.py``) through the
registry and never names a system. A system whose ``lab`` is ``None`` is left out; with no
system to offer, the page says so and builds without a widget.

The widget's markup (``lab_widget``) follows ``macros/widget_html.py``'s contract, with the
view module ``docs/assets/js/views/lab.js``: ``data-view="lab"``, fields ``#lab-roll`` and
``#lab-seed`` with their error lines, the status line and Retry, and two result regions (the
odds side by side, ``.srd-widget__odds``; the seeded roll under each rule set,
``.srd-widget__result``). What is the lab's own:

- ``data-books``: every offered system's book as the bridge's ``lab_book`` gives it (settings
  with name, meaning, allowed, printed, printed_words, choices; headline rolls), with its
  title, by key, so the view draws a system's form without asking the engine;
- the system and headline-roll menus (``#lab-system``, ``#lab-headline``);
- the rule sets side by side (``.srd-lab__sets``): the printed rule, then house rule
  fieldsets (``fieldset.srd-lab__house[data-house=N]``), each with one control per setting
  (``[data-setting=NAME]``: a select when the setting lists its choices, else a text field),
  its written form (``.srd-lab__written``) and its error line (``#lab-house-N-error``);
- the first answer (``data-first``): the first system's first headline roll against one house
  rule left at the printed values.
"""

from __future__ import annotations

import json
from html import escape
from math import ceil
from typing import Any

from macros.widget_html import (
    EXAMPLE_SEEDS,
    GLYPH_EM,
    NOSCRIPT,
    PART_REM,
    PHONE_REM,
    Room,
    engine_result,
    field_error,
    per_row,
    region,
    rooms,
    seed_field,
    text_field,
    text_lines,
    widget_shell,
)
from rules_engine.core.lab import MAX_HOUSE_RULES, book_json
from rules_engine.core.system import System
from rules_engine.systems import all_systems, get_system

#: The lab page's address from the site's root (``docs/lab.md``).
LAB_PAGE = "lab/"
#: The widget's id and its fields' prefix.
PREFIX = "lab"
#: The seed the odds are asked with (``docs/assets/js/views/lab.js``): every lab reply also rolls once
#: under each rule set, and the answer built into the page must be the engine's every time.
ODDS_SEED = "1"
LAB_NOSCRIPT = (
    '<noscript><p class="srd-widget__noscript">The design lab works out its odds in your browser '
    "and needs JavaScript. The settings of every system are listed below without it.</p></noscript>"
)


def lab_href(page_url: str, system_key: str | None = None) -> str:
    """The lab's address relative to the page at ``page_url`` (``some-system/play/``),
    opened on ``system_key`` when given."""
    depth = len([part for part in page_url.strip("/").split("/") if part])
    query = f"?system={system_key}" if system_key else ""
    return "../" * depth + LAB_PAGE + query


def lab_systems() -> list[System]:
    """Every registered system that has a lab, in registry order."""
    return [system for system in all_systems() if system.lab is not None]


def books() -> dict[str, dict[str, object]]:
    """Each lab system's book, as the view draws its form: key → title, settings, rolls."""
    return {s.key: {"title": s.title, **book_json(s.lab)} for s in lab_systems()}  # type: ignore[arg-type]


def _options(pairs: list[tuple[str, str]], chosen: str) -> str:
    return "".join(
        f'<option value="{escape(value)}"{" selected" if value == chosen else ""}>{escape(words)}</option>'
        for value, words in pairs
    )


def setting_control(house: int, setting: dict[str, Any]) -> str:
    """One setting of one house rule: its name and meaning as the label, a select of its
    choices (the printed one marked) or a text field holding the printed value."""
    name, printed = str(setting["name"]), str(setting["printed"])
    hint_id = f"{PREFIX}-h{house}-{name}-hint"
    label = (
        f'<span class="srd-lab__name">{escape(name)}</span>'
        f'<span class="srd-lab__meaning">{escape(str(setting["meaning"]))}</span>'
    )
    common = (
        f'data-setting="{escape(name)}" data-printed="{escape(printed)}" '
        f'aria-describedby="{hint_id} {PREFIX}-house-{house}-error" disabled'
    )
    choices = setting.get("choices")
    if choices:
        options = _options([(c, f"{c} (printed)" if c == printed else c) for c in choices], printed)
        control = f"<select {common}>{options}</select>"
    else:
        control = (
            f'<input type="text" {common} value="{escape(printed)}" spellcheck="false" '
            'autocapitalize="off" autocomplete="off">'
        )
    hint = f'<span class="srd-field__hint" id="{hint_id}">{escape(str(setting["allowed"]))}</span>'
    return f'<div class="srd-field srd-lab__setting"><label>{label}{control}</label>{hint}</div>'


def house_fieldset(house: int, book: dict[str, Any]) -> str:
    """House rule ``house`` (1 to 3), every setting at its printed value."""
    controls = "".join(setting_control(house, s) for s in book["settings"])
    return (
        f'<fieldset class="srd-lab__set srd-lab__house" data-house="{house}">'
        f"<legend>House rule {house}</legend>{controls}"
        f'<p class="srd-lab__written">Written: <code>{escape(written_words(""))}</code></p>'
        + field_error(f"{PREFIX}-house-{house}")
        + f'<button type="button" class="md-button srd-lab__remove" disabled>Remove house rule {house}</button>'
        "</fieldset>"
    )


def written_words(written: str) -> str:
    """A rule set's written form as the lab shows it under its fieldset."""
    return f"with {written}" if written else "(the printed rule: nothing changed)"


def printed_column(book: dict[str, Any]) -> str:
    """The printed rule, setting by setting: what the source fixes."""
    rows = "".join(
        f"<dt>{escape(str(s['name']))}</dt><dd><code>{escape(str(s['printed']))}</code> "
        f"{escape(str(s['printed_words']))}</dd>"
        for s in book["settings"]
    )
    return (
        f'<section class="srd-lab__set srd-lab__printed" aria-labelledby="{PREFIX}-printed-title">'
        f'<h3 class="srd-lab__set-title" id="{PREFIX}-printed-title">Printed rule</h3>'
        f'<dl class="srd-lab__printed-list">{rows}</dl></section>'
    )


def lab_fields(key: str, book: dict[str, Any]) -> str:
    """The lab's form: system, headline roll, the roll written out, seed, the rule sets."""
    systems = _options([(s.key, s.title) for s in lab_systems()], key)
    rolls = book["rolls"]
    first_roll = str(rolls[0]["notation"])
    headline = _options(
        [(str(r["notation"]), str(r["label"])) for r in rolls] + [("", "Another roll (write it below)")], first_roll
    )
    return (
        f'<div class="srd-field"><label for="{PREFIX}-system">System</label>'
        f'<select id="{PREFIX}-system" name="system" aria-describedby="{PREFIX}-system-hint" disabled>{systems}</select>'
        f'<span class="srd-field__hint" id="{PREFIX}-system-hint">its settings are listed below</span></div>'
        f'<div class="srd-field"><label for="{PREFIX}-headline">Headline roll</label>'
        f'<select id="{PREFIX}-headline" name="headline" aria-describedby="{PREFIX}-headline-hint" disabled>{headline}</select>'
        f'<span class="srd-field__hint" id="{PREFIX}-headline-hint">the chapter\'s own rolls</span></div>'
        + text_field(PREFIX, "roll", "Roll", first_roll, "the notation, without a difficulty or with", numeric=False)
        + seed_field(PREFIX)
        + f'<div class="srd-lab__sets" data-search-exclude>{printed_column(book)}{house_fieldset(1, book)}</div>'
        + '<div class="srd-lab__more"><button type="button" class="md-button srd-lab__add" disabled>'
        "Add a house rule</button>"
        '<span class="srd-lab__more-status" role="status" aria-live="polite"></span></div>'
    )


# --- the room the two regions keep (``docs/assets/js/views/lab.js`` draws them) ---------------
#: Between the answer's parts: a title's 1em margin, or its 0.4em margin above a chart (margins
#: collapse, so the larger of two neighbours counts once); a title's line (0.8rem type).
GAP_REM, CHART_GAP_REM, TITLE_LINE_REM = 0.8, 0.32, 1.2
#: The headline's line (0.75rem type); a table's caption and its border; one row of 0.64rem
#: text (the header, a statistic) and a row holding a chance (its percentage over its exact value).
HEADLINE_LINE_REM, TABLE_FRAME_REM, TABLE_ROW_REM, CHANCE_ROW_REM = 1.2, 1.634, 1.39, 2.2
#: The statistics under "Success at …" in the key odds (lab.js: mean, spread, median, two percentiles).
STATS = 5
#: A chart keeps the browser's own 300 px width (Material's figure fits its content) and is drawn
#: in units of the region's width in px (Material's 20 px rem), 280 to 640, its height 220 to 300
#: units; its legend (0.4em margin, rows of 1.28rem, each entry its 1.8rem swatch and gap, 2.2rem,
#: before its name in 0.64rem type, 1rem between entries).
CHART_WIDTH_REM, LEGEND_GAP_REM, LEGEND_ROW_REM, SWATCH_REM, LEGEND_SPACE_REM = 15.0, 0.32, 1.28, 2.2, 1.0
ROOT_PX = 20
#: The tools under the answer, as wide as their words make them, in the order drawn: Share,
#: Download CSV, Download JSON, Print house-rule card (buttons, 3.19rem with their margin) and the
#: link (a 44 px target); 0.6rem between them, 0.4rem between their rows.
TOOLS_REM = ((9.0, 3.19), (6.58, 3.19), (7.05, 3.19), (8.64, 3.19), (7.16, 2.2))
TOOL_GAP_REM, TOOL_ROW_GAP_REM = 0.6, 0.4
#: A roll: its headline (0.8rem type) and margin; the rule sets side by side, at least 13rem each
#: with 0.6rem between, each with its padding and edge, its title, its notation (0.64rem code)
#: and the engine's lines (0.7rem type at a 1.5 line height) with their margin; the seed and
#: permalink under them (a line, or the 44 px permalink on a phone) and its margin.
ROLL_HEADLINE_REM, ROLL_HEADLINE_GAP_REM, ROLL_COLUMN_REM, ROLL_GAP_REM = 1.28, 0.32, 13.0, 0.6
ROLLED_INSET_REM, ROLLED_PAD_REM, ROLLED_TITLE_REM, NOTATION_LINE_REM = 1.35, 0.8, 1.2, 1.024
EXPLAIN_LINE_REM, EXPLAIN_GAP_REM, META_GAP_REM, TAP_REM = 1.05, 0.536, 0.256, 2.2


def _in_lines(height_rem: float) -> Room:
    """A height in widget lines, rounded up: the room is within a line of what is drawn."""
    return Room(lines=ceil(round(height_rem / PART_REM["lines"], 6)))


def _flow_rem(items: list[tuple[float, float]], width: float, gap: float, row_gap: float) -> float:
    """The height of ``(width, height)`` items wrapping in rows ``width`` wide (a flex row)."""
    heights, used = [0.0], 0.0
    for item_width, item_height in items:
        if used and used + gap + item_width > width:
            heights.append(0.0)
            used = 0.0
        used += (gap if used else 0.0) + item_width
        heights[-1] = max(heights[-1], item_height)
    return sum(heights) + row_gap * (len(heights) - 1)


def _chart_rem(names: list[str], width: float) -> float:
    """A line chart as lab.js draws it at ``width``, with its legend."""
    units = round(min(640, max(280, width * ROOT_PX)))
    shown = min(CHART_WIDTH_REM, width)
    legend = [(SWATCH_REM + len(name) * 0.64 * GLYPH_EM, LEGEND_ROW_REM) for name in names]
    return (
        shown * round(max(220, min(300, units * 0.55))) / units
        + LEGEND_GAP_REM
        + _flow_rem(legend, width, LEGEND_SPACE_REM, 0.0)
    )


def _odds_room(answer: dict, width: float) -> Room:
    """The lab's answer: the headline (wrapping), the key odds, each result's chance and each
    rung's under a title and a chart, the tools; every table row with a chance holds two lines.
    A house rule at the printed values writes nothing in the tables' headers (one row each)."""
    columns = answer["columns"]
    usual = columns[0]["usual"]["label"]
    headline = f"{answer['system']}: {answer['roll']}. Success: {answer['success']}; usually against {usual}."
    names = [f"{c['name']} ({c['rules']['written']})" if c["rules"]["written"] else c["name"] for c in columns]
    results = len({o["value"] for c in columns for o in c["outcomes"]})
    rungs = max(len(c["rungs"]) for c in columns)
    titles = ("Key odds", f"How the results spread ({answer['result_term']})")
    titles += (f"Success at each rung ({answer['difficulty_term']})",)
    height = text_lines(headline, width, 0.75) * HEADLINE_LINE_REM
    height += sum(GAP_REM + text_lines(title, width, 0.8) * TITLE_LINE_REM for title in titles)  # the gap above
    height += GAP_REM  # the key odds under their title
    height += 2 * (CHART_GAP_REM + _chart_rem(names, width) + GAP_REM)  # a chart under its title, a table under it
    height += 3 * (TABLE_FRAME_REM + TABLE_ROW_REM) + (1 + results + rungs) * CHANCE_ROW_REM + STATS * TABLE_ROW_REM
    height += GAP_REM + _flow_rem(list(TOOLS_REM), width, TOOL_GAP_REM, TOOL_ROW_GAP_REM)
    return _in_lines(height)


def _roll_room(answer: dict, width: float) -> Room:
    """One roll under each rule set: the headline, the rule sets' rows (each as tall as its
    tallest, the engine's lines wrapping in its column), the seed and permalink."""
    across = per_row(width, ROLL_COLUMN_REM, ROLL_GAP_REM)
    inside = (width - ROLL_GAP_REM * (across - 1)) / across - ROLLED_INSET_REM
    heights = [
        ROLLED_PAD_REM
        + ROLLED_TITLE_REM
        + text_lines(column["notation"], inside, 0.64) * NOTATION_LINE_REM
        + sum(text_lines(line, inside) for line in column["roll"]) * EXPLAIN_LINE_REM
        + EXPLAIN_GAP_REM
        for column in answer["columns"]
    ]
    grid = [max(heights[i : i + across]) for i in range(0, len(heights), across)]
    headline = f"{answer['roll']}: one roll under each rule set, same seed"
    height = text_lines(headline, width, 0.8) * ROLL_HEADLINE_REM + ROLL_HEADLINE_GAP_REM
    height += sum(grid) + ROLL_GAP_REM * (len(grid) - 1)
    height += META_GAP_REM + (TAP_REM if width <= PHONE_REM else NOTATION_LINE_REM)
    return _in_lines(height)


def lab_widget() -> str:
    """The design lab: the first lab system's first headline roll under the printed rule and
    one house rule (left at the printed values until the reader changes a setting)."""
    offered = lab_systems()
    if not offered:
        return (
            '<p class="srd-lab__none">No system offers its rules to the lab yet: each chapter still '
            "shows its printed rules.</p>"
        )
    all_books = books()
    key = offered[0].key
    book = all_books[key]
    fields = lab_fields(key, book)
    first = {
        "system": key,
        "action": "lab",
        "roll": str(book["rolls"][0]["notation"]),
        "house": [""],
        "seed": ODDS_SEED,
    }
    # The odds: the tallest first answer of the systems offered (each one's first headline roll,
    # one house rule at the printed values), as the reader changes system; a roll written by
    # hand has no tallest answer. The rolls: the first answer's inputs over the example seeds.
    openings = [
        engine_result("lab", {**first, "system": s.key, "roll": str(all_books[s.key]["rolls"][0]["notation"])})
        for s in offered
    ]
    rolled = [engine_result("lab", {**first, "seed": str(seed)}) for seed in EXAMPLE_SEEDS]
    regions = region("odds", "Odds under each rule set, side by side", **rooms(_odds_room, openings)) + region(
        "result", "A seeded roll under each rule set", **rooms(_roll_room, rolled)
    )
    html = widget_shell(PREFIX, "lab", "lab", "Design lab", fields, "Roll under each rule set", regions, first=first)
    data = escape(json.dumps(all_books, ensure_ascii=False, separators=(",", ":")))
    head = f'<div class="srd-widget" id="{PREFIX}" data-view="lab" data-widget="lab"'
    assert html.startswith(head), html[:120]
    html = f'{head} data-books="{data}" data-max-house="{MAX_HOUSE_RULES}"' + html[len(head) :]
    return html.replace(NOSCRIPT, LAB_NOSCRIPT)


def settings_tables() -> str:
    """Every lab system's settings, one table each: name, what it sets, what it allows, the
    printed rule. The same words as the lab's form, the CLI's ``--help`` and the README."""
    parts = []
    for system in lab_systems():
        book = book_json(system.lab)  # type: ignore[arg-type]
        rows = "".join(
            "<tr>\n"
            f'<th scope="row"><code>{escape(str(s["name"]))}</code></th>\n'
            f"<td>{escape(str(s['meaning']))}</td>\n<td>{escape(str(s['allowed']))}</td>\n"
            f"<td><code>{escape(str(s['printed']))}</code>: {escape(str(s['printed_words']))}</td>\n"
            "</tr>\n"
            for s in book["settings"]
        )
        caption = f"{system.title}: the settings"
        parts.append(
            f'<div class="srd-table-wrap" role="region" aria-label="{escape(caption)}" tabindex="0">'
            f'<table class="srd-table srd-lab__settings"><caption>{escape(caption)}</caption>'
            '<thead><tr>\n<th scope="col">Setting</th>\n<th scope="col">What it sets</th>\n'
            '<th scope="col">Allowed</th>\n<th scope="col">Printed rule</th>\n</tr></thead>\n'
            f"<tbody>{rows}</tbody></table></div>"
        )
    if not parts:
        return '<p class="srd-lab__none">No system lists its settings yet.</p>'
    return "\n".join(parts)


def register(env: Any) -> None:
    """Register the lab's macros on the mkdocs-macros environment."""

    @env.macro
    def lab_link(system_key: str | None = None, text: str = "the design lab") -> str:
        """A Markdown link to the lab, opened on ``system_key`` (checked against the registry)."""
        if system_key is not None:
            system = get_system(system_key)
            if system.lab is None:
                raise ValueError(f"{system.title} has no lab yet")
        return f"[{text}]({lab_href(env.page.url, system_key)})"

    env.macro(lab_widget, "lab_widget")
    env.macro(settings_tables, "lab_settings_tables")
