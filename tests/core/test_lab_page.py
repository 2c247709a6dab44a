"""The design lab's markup (``macros/lab.py``), without a browser: the widget offers every
system that has a lab and no other, draws one control per setting of the first one (a menu
when the setting lists its choices, else a text field holding the printed value), carries
every offered system's book for the view, opens on the bridge's own answer, and builds with
no system offering a lab at all."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

if not (Path(__file__).resolve().parents[2] / "macros").is_dir():  # inside Pyodide only tests/ is mounted
    pytest.skip("needs the repository's macros", allow_module_level=True)

from macros import lab  # noqa: E402
from rules_engine import web  # noqa: E402
from rules_engine.core.lab import book_json  # noqa: E402


def attribute(html: str, name: str) -> str:
    return unescape(re.search(rf' {name}="([^"]*)"', html).group(1))


@pytest.fixture
def offered():
    systems = lab.lab_systems()
    if not systems:
        pytest.skip("no system offers a lab yet")
    return systems


def test_the_widget_offers_exactly_the_systems_with_a_lab(offered) -> None:
    html = lab.lab_widget()
    menu = re.search(r'<select id="lab-system"[^>]*>(.*?)</select>', html).group(1)
    assert re.findall(r'<option value="([^"]+)"', menu) == [s.key for s in offered]
    books = json.loads(attribute(html, "data-books"))
    assert list(books) == [s.key for s in offered]
    for system in offered:
        assert books[system.key] == {"title": system.title, **book_json(system.lab)}


def test_one_control_per_setting_with_the_printed_value(offered) -> None:
    html = lab.lab_widget()
    house = re.search(r'<fieldset class="srd-lab__set srd-lab__house" data-house="1">(.*?)</fieldset>', html).group(1)
    settings = book_json(offered[0].lab)["settings"]
    controls = re.findall(r'<(select|input) [^>]*data-setting="([^"]+)" data-printed="([^"]*)"', house)
    assert [(name, printed) for _, name, printed in controls] == [(s["name"], s["printed"]) for s in settings]
    for (kind, _, _), setting in zip(controls, settings):
        assert kind == ("select" if setting["choices"] else "input")
    for setting in settings:
        if setting["choices"]:
            assert f'<option value="{setting["printed"]}" selected>' in house
    assert "Written: <code>(the printed rule: nothing changed)</code>" in house
    assert 'id="lab-house-1-error"' in house


def test_the_first_answer_is_the_bridges(offered) -> None:
    first = json.loads(attribute(lab.lab_widget(), "data-first"))
    system = offered[0]
    assert first["request"] == {
        "system": system.key,
        "action": "lab",
        "roll": system.lab.rolls[0].notation,
        "house": [""],
        "seed": lab.ODDS_SEED,
    }
    # (A lab reply also rolls: with its fixed seed, the same reply every time.)
    assert first["reply"]["ok"] and first["reply"] == json.loads(web.call(json.dumps(first["request"])))


def test_without_a_lab_the_page_says_so(monkeypatch) -> None:
    monkeypatch.setattr(lab, "lab_systems", lambda: [])
    assert "No system offers its rules to the lab yet" in lab.lab_widget()
    assert 'class="srd-widget"' not in lab.lab_widget()
    assert "No system lists its settings yet" in lab.settings_tables()


def test_a_link_to_the_lab_from_any_page() -> None:
    assert lab.lab_href("designers/") == "../lab/"
    assert lab.lab_href("some-system/play/", "some-system") == "../../lab/?system=some-system"
    assert lab.lab_href("") == "lab/"
