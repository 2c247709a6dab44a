"""The notation buttons' macro (macros/main.py try_notation, macros/widget_html.py
notation_button): the engine reads every notation at build time, so a typo in the docs fails
the build, and each button carries its roller and the fields that notation fills."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from macros_env import site_macros

from rules_engine.core.errors import RulesError


@pytest.fixture(scope="module")
def macros() -> dict[str, object]:
    return site_macros().macros


def button_data(html: str) -> dict[str, str]:
    return {name: unescape(value) for name, value in re.findall(r' (data-[a-z-]+|aria-label)="([^"]*)"', html)}


@pytest.mark.parametrize(
    "system, notation, target, fields",
    [
        ("doom-stack", "4d6 vs TN 8", "ds-roller", {"attribute": "4", "skill": "0", "modifiers": "0", "tn": "8"}),
        ("doom-stack", "6d6", "ds-roller", {"attribute": "6", "skill": "0", "modifiers": "0", "tn": ""}),
        (
            "xy-checks",
            "5/6 +1 TN",
            "xyc-roller",
            {"check": "5/6 +1 TN", "tn": "0", "bonus": "0", "penalty": "0", "crit": ""},
        ),
        (
            "xy-checks",
            "volley 5/6, 4/6 vs fully, barely in order",
            "xyv-resolver",
            {"mode": "volley", "attackers": "5/6, 4/6", "targets": "fully, barely", "order": "written"},
        ),
    ],
)
def test_a_notation_becomes_a_button_naming_its_roller_and_fields(macros, system, notation, target, fields):
    html = macros["try_notation"](system, notation)
    assert html.startswith('<button type="button" class="srd-notation"') and html.endswith(f">{notation}</button>")
    assert " disabled>" in html  # enabled by notation-buttons.js once its roller is found
    data = button_data(html)
    assert data["data-notation"] == notation and data["data-target"] == target
    assert json.loads(data["data-fields"]) == fields
    assert data["aria-label"].startswith(f"{notation}: show it in the ")


@pytest.mark.parametrize(
    "system, notation",
    [("doom-stack", "4d6 vs TN eight"), ("xy-checks", "6/6"), ("adrenaline", "6d10 vs 11"), ("action", "5 versus 5")],
)
def test_a_typo_in_a_notation_fails_the_build(macros, system, notation):
    with pytest.raises(RulesError):
        macros["try_notation"](system, notation)


def test_a_notation_no_roller_takes_fails_the_build(macros):
    # The engine reads a damage roll, but the Adrenaline roller has no damage switch.
    with pytest.raises(ValueError, match="no adrenaline widget takes"):
        macros["try_notation"]("adrenaline", "damage 5d10")
    with pytest.raises(ValueError, match="no xy-checks widget 'xya-builder' takes notations"):
        macros["try_notation"]("xy-checks", "5/6", "xya-builder")


def test_a_table_of_pools_gets_a_button_per_row(macros):
    html = macros["engine_table"]("doom-stack", "pool-success", notations=True)
    assert html.count('class="srd-notation"') == len(re.findall(r'<th scope="row">', html.split("srd-print-parts")[0]))
    assert 'data-notation="4d6"' in html
