"""The room a widget's result region keeps for its tallest result is written by its macro, from
what the widget is (``macros/widget_html.py``: ``Room``, counted from the engine's limits), and
one shared rule (``widget.css``) turns the counts into a height with part sizes stated once
(``srd.css``). No system stylesheet keeps a hand-tuned height for a result region."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from macros_env import site_macros

if not (Path(__file__).resolve().parents[1] / "macros").is_dir():  # inside Pyodide only tests/ is mounted
    pytest.skip("needs the repository's macros", allow_module_level=True)

from macros.widget_html import DESKTOP_REM, PART_REM, PHONE_REM, Room, room_style, tallest, text_lines  # noqa: E402

CSS = Path(__file__).resolve().parents[1] / "docs" / "assets" / "css"
REGIONS = ("srd-widget__odds", "srd-widget__result", "srd-widget__canonical")
#: Each part's count as a region writes it (``--srd-lines``) and the size srd.css gives it.
SIZE_NAMES = {
    "lines": "--srd-line",
    "headlines": "--srd-headline",
    "figures": "--srd-figures-row",
    "dice": "--srd-dice-row",
    "rows": "--srd-table-row",
    "boxes": "--srd-box",
    "charts": "--srd-chart",
    "shares": "--srd-share-line",
}


class _Regions(HTMLParser):
    """Every result region in a widget's markup: its widget's id, its kind and its style."""

    def __init__(self) -> None:
        super().__init__()
        self.widget = ""
        self.found: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        if "srd-widget" in classes:
            self.widget = found.get("id") or ""
        for kind in REGIONS:
            if kind in classes:
                self.found.append((self.widget, kind, found.get("style") or ""))


def _widget_markup() -> dict[str, str]:
    """What each macro that takes no argument draws, for the macros that draw a widget."""
    drawn = {}
    for name, macro in site_macros().macros.items():
        try:
            html = macro()
        except (TypeError, AttributeError):  # needs its arguments, or a page: no widget of its own
            continue
        if isinstance(html, str) and 'class="srd-widget"' in html:
            drawn[name] = html
    return drawn


WIDGETS = _widget_markup()

#: Widgets and sheets still on hand-tuned heights (issue 31, point 3: moved one system at a time).
NOT_YET_MACROS: set[str] = set()
NOT_YET_SHEETS: set[str] = set()


def _not_yet(names: list[str], waiting: set[str]) -> list[object]:
    mark = pytest.mark.xfail(reason="still a hand-tuned height", strict=True)
    return [pytest.param(name, marks=mark) if name in waiting else name for name in names]


def _counts(style: str) -> dict[str, int]:
    return {name: int(value) for name, value in re.findall(r"--srd-([a-z-]+):\s*(\d+)", style)}


def test_the_widgets_are_found():
    assert {"adrenaline_widget", "doom_stack_widget", "xy_check_widget", "action_roller", "dnd_widget"} <= set(WIDGETS)


@pytest.mark.parametrize("macro", _not_yet(sorted(WIDGETS), NOT_YET_MACROS))
def test_every_result_region_states_the_room_of_its_tallest_result(macro):
    parser = _Regions()
    parser.feed(WIDGETS[macro])
    assert parser.found, f"{macro} draws no result region"
    for widget, kind, style in parser.found:
        counts = _counts(style)
        assert counts, f"{macro}: #{widget} .{kind} states no room"
        for name in counts:
            assert name.removesuffix("-narrow") in PART_REM, f"{macro}: #{widget} .{kind}: unknown part {name}"
        wide = Room(**{name: n for name, n in counts.items() if not name.endswith("-narrow")})
        assert wide.rem() > 0, f"{macro}: #{widget} .{kind} keeps no room on a desktop"


def test_the_part_sizes_are_stated_once_and_agree_with_the_macros():
    text = (CSS / "srd.css").read_text(encoding="utf-8")
    for part, size in PART_REM.items():
        stated = re.findall(rf"{SIZE_NAMES[part]}:\s*([\d.]+)rem;", text)
        # the first is the desktop's (a phone's may follow, in its media query)
        assert stated[:1] == [str(size)], f"srd.css states {SIZE_NAMES[part]} as {stated}, the macros as {size}rem"


def test_the_shared_rule_adds_every_part_at_both_widths():
    text = (CSS / "widget.css").read_text(encoding="utf-8")
    for part, size_name in SIZE_NAMES.items():
        assert f"var(--srd-{part}, 0) * var({size_name})" in text, part
        assert f"var(--srd-{part}-narrow, var(--srd-{part}, 0)) * var({size_name})" in text, part


# A min-height that reserves room for a result: a length other than 0 or a 44 px tap target.
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_HEIGHT = re.compile(r"min-height:\s*([^;]+);")


def _result_room_rules(css: str) -> list[str]:
    found = []
    for selector, body in _RULE.findall(css):
        for value in _HEIGHT.findall(body):
            value = value.strip().removesuffix("!important").strip()
            if value in ("0", "44px") or value.startswith("var(") or value.startswith("calc("):
                continue
            if any(kind in selector for kind in REGIONS) or "room" in selector:
                found.append(f"{' '.join(selector.split())} {{ min-height: {value} }}")
    return found


@pytest.mark.parametrize(
    "sheet",
    _not_yet(sorted(p.name for p in CSS.glob("*.css") if p.name not in ("srd.css", "widget.css")), NOT_YET_SHEETS),
)
def test_no_system_sheet_keeps_a_hand_tuned_height_for_a_result_region(sheet):
    css = re.sub(r"/\*.*?\*/", "", (CSS / sheet).read_text(encoding="utf-8"), flags=re.S)
    assert _result_room_rules(css) == []


def test_the_room_follows_the_engine():
    """A longer text wraps to more lines, more so on a phone; the tallest of two rooms wins."""
    line = "x" * 200
    assert text_lines(line, PHONE_REM) > text_lines(line, DESKTOP_REM) >= 2
    assert tallest(Room(lines=3), Room(boxes=1)) == Room(boxes=1)
    assert room_style(Room(lines=2, shares=1), Room(lines=5, shares=1)) == (
        ' style="--srd-lines: 2; --srd-shares: 1; --srd-lines-narrow: 5"'
    )


def test_the_room_is_the_same_at_every_build():
    """Counted from seeded rolls, never from fresh ones: a second drawing keeps the same room."""
    again = _widget_markup()
    for name, html in WIDGETS.items():
        assert again[name] == html, name
