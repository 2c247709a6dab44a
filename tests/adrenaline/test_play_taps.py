"""Adrenaline's taps in the engine: points declared for the next roll by tapping the bank
(``play_declare``), spent by the next single or opposed roll, kept through an extended roll's;
each trait's chance before its tap (``play_tap_odds``); a roll's log parts (``record``)."""

from __future__ import annotations

from fractions import Fraction
from functools import partial

import play_documents

from . import characters

bridge, ok, refused = (
    partial(helper, "adrenaline") for helper in (play_documents.bridge, play_documents.ok, play_documents.refused)
)


def mara(**changes: object) -> dict:
    """Mara with Strength 1 (a one-die roll from Strength alone)."""
    return characters.mara(**{"attributes": {"Strength": 1, "Perception": 3}, **changes})


#: Perception + Intimidation at the default difficulty (5 dice at 6), and Perception alone.
INTIMIDATING = {"attribute": "Perception", "ability": "Intimidation", "difficulty": ""}
PERCEPTION_ALONE = {"attribute": "Perception", "ability": "", "difficulty": ""}


def marks(reply: dict) -> str:
    """The bank's ten boxes as one string, a dot for an empty one."""
    return "".join(box["mark"] or "." for box in reply["sheet"]["points"])


def test_tapping_a_banked_point_declares_it_and_those_above() -> None:
    new = ok("play_sheet", character=mara())
    assert marks(new) == "XX........" and new["sheet"]["declared"] == 0
    assert new["sheet"]["points"][0] == {"mark": "X", "words": "Point 1: banked", "pressed": False}
    both = ok("play_declare", character=mara(), box="1")
    assert both["character"]["declared"] == 2 and marks(both) == "//........"
    assert both["words"] == "Mara declares 2 Adrenaline points for the next roll."
    top = ok("play_declare", character=mara(), box="2")
    assert top["character"]["declared"] == 1 and marks(top) == "X/........"
    assert top["sheet"]["points"][1] == {"mark": "/", "words": "Point 2: declared for the next roll", "pressed": True}
    # A declared box tapped again is taken back, with those above it: none left, no key kept.
    back = ok("play_declare", character=top["character"], box="2")
    assert back["character"] == mara() and marks(back) == "XX........"
    assert back["words"] == "Mara declares no Adrenaline for the next roll."
    assert ok("play_declare", character=both["character"], box="2")["character"]["declared"] == 1


def test_an_empty_box_is_never_a_point() -> None:
    assert (
        refused("play_declare", character=mara(), box="3")
        == "Adrenaline bank: only 2 points are banked: a point is earned by a pair of successes on a roll"
    )
    assert "must be from 1 to 10" in refused("play_declare", character=mara(), box="11")
    assert refused("play_declare", character=mara(adrenaline=0), box="1").startswith("Adrenaline bank: only 0 points")


def test_a_sheet_never_declares_more_than_it_banks() -> None:
    assert "character.declared" in refused("play_sheet", character=mara(declared=3))
    assert "no points are banked" in refused("play_sheet", character=mara(adrenaline=0, declared=1))
    assert "character.declared" in refused("play_sheet", character=mara(declared=0))


def test_the_next_roll_spends_the_declared_points() -> None:
    for seed in range(40):
        rolled = ok("play_roll", character=mara(declared=1), spend="", seed=str(seed), **INTIMIDATING)
        earned = rolled["roll"]["adrenaline_earned"]
        assert rolled["notation"] == "5d10+1a vs 6" and rolled["roll"]["spent"] == 1
        assert rolled["character"] == mara(adrenaline=1 + earned)  # the declaration is used up
    # Points typed in the form are what the roll spends; the declaration goes with that roll too.
    typed = ok("play_roll", character=mara(declared=1), attribute="Strength", ability="", spend="2", seed="1")
    assert typed["notation"] == "1d10+2a vs 6" and "declared" not in typed["character"]
    assert typed["character"]["adrenaline"] == typed["roll"]["adrenaline_earned"]


def test_an_extended_roll_keeps_the_declaration() -> None:
    started = ok("play_extended_start", character=mara(declared=2), **PERCEPTION_ALONE, target="10")
    assert started["character"]["declared"] == 2
    rolled = ok("play_extended_roll", character=started["character"], seed="4")
    assert rolled["character"]["declared"] == 2


def test_an_opposed_roll_spends_each_sides_declaration() -> None:
    rolled = ok(
        "play_opposed",
        character=mara(declared=1),
        other=mara(name="Rook", declared=2),
        attribute="Strength",
        ability="",
        **{"other-attribute": "Strength", "other-ability": ""},
        seed="2",
    )
    assert rolled["notation"] == "1d10+1a vs 6 against 1d10+2a vs 6"
    assert "declared" not in rolled["character"] and "declared" not in rolled["other"]


def test_each_traits_chance_before_its_tap() -> None:
    # One die at 6: 1/2. Three dice at 6 (a success on 6-10: 1/2; a 1: 1/10; else 4/10), net ≥ 1:
    # one success and no 1: 3·(1/2)(4/10)² = 6/25; two and no 1: 3·(1/4)(4/10) = 3/10;
    # two and a 1: 3·(1/4)(1/10) = 3/40; three: 1/8. Together 37/50.
    taps = ok("play_tap_odds", character=mara(), difficulty="", spend="")["taps"]
    assert [(t["key"], t["what"], t["notation"], t["success"]["exact"]) for t in taps] == [
        ("attribute:Strength", "Strength", "1d10 vs 6", "1/2"),
        ("attribute:Perception", "Perception", "3d10 vs 6", "37/50"),
        ("ability:Intimidation", "Strength + Intimidation", "3d10 vs 6", "37/50"),
    ]
    assert taps[1]["success"]["percent"] == "74.00%"
    # The form's attribute and difficulty: Perception + Intimidation at 10, one die at 10: 1/10.
    hard = ok("play_tap_odds", character=mara(), attribute="Perception", difficulty="10", spend="")["taps"]
    assert hard[0]["success"]["exact"] == "1/10" and hard[2]["what"] == "Perception + Intimidation"
    # A declared point is an automatic success: every tap then succeeds.
    sure = ok("play_tap_odds", character=mara(declared=1), difficulty="", spend="")["taps"]
    assert {t["success"]["exact"] for t in sure} == {"1/1"} and sure[0]["notation"] == "1d10+1a vs 6"
    assert "no attribute 'Charm'" in refused("play_tap_odds", character=mara(), attribute="Charm")


def test_a_rolls_log_parts() -> None:
    rolled = ok("play_roll", character=mara(), spend="", seed="5", **INTIMIDATING)
    form = ok("odds_form", fields={"attribute": "5", "ability": "", "difficulty": "6", "adrenaline": "", "mode": ""})
    success = {row["key"]: row["exact"] for row in form["summary"]}["success"]
    assert success == "211/250" and float(Fraction(success)) == 0.844
    assert rolled["roll"]["dice"] == [10, 5, 6, 9, 1]
    assert rolled["record"] == {
        "dice": "5d10 vs 6: 10 5 6 9 1",
        "result": "net 2, barely successful; Adrenaline 2 → 2",
        "chance": "success 84.40 % (211/250)",
    }
    spent = ok("play_roll", character=mara(), attribute="Strength", ability="", spend="1", seed="5")
    assert spent["record"]["dice"] == "1d10+1a vs 6: 10, 1 spent"
    assert spent["record"]["chance"] == "success 100.00 % (1/1)"
    opposed = ok(
        "play_opposed",
        character=mara(),
        other=mara(name="Rook"),
        attribute="Strength",
        ability="",
        **{"other-attribute": "Strength", "other-ability": ""},
        seed="5",
    )
    # One die each at 6, a botch counting as no success: each side has one success (1/2) or none
    # (1/2); Mara wins when hers succeeds and Rook's does not: 1/4.
    assert opposed["record"]["chance"] == "Mara wins 25.00 % (1/4)"
    assert opposed["record"]["dice"].startswith("1d10 vs 6 against 1d10 vs 6: Mara ")
