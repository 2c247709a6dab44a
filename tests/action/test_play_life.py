"""Whole lives through the bridge (issue 28): new scenes carried through the states the rules
of Action! define to each of their ends: a character dead (dying, not stabilised within the
hour), a character out of the fight (unconscious from a failed Shock roll) who comes round and
recovers, a character fallen from shock who wakes after ten minutes, and a mook group wiped out.
Every value is worked by hand from the source (``/work/shared/seeds/001_…``; the passage is
quoted where it decides the step) with the dice the seeds give.

The dice of a plain roll (one open positive and one open negative d10) by seed, as the
chapter's roller gives them (checked in ``test_the_seeds``):

    seed 1: + 3, − 10 → 2 (dice part −9)     seed 5: + 10 → 5, − 6 (+9)
    seed 2: + 1, − 2 (−1)                    seed 6: + 10 → 2, − 8 (+4)
    seed 7: + 6, − 3 (+3)                    seed 13: + 5, − 5 (0)

A roll the rules call for (Shock, Dark Times, waking, Shaken, stabilising) passes when its AV
(the value rolled + the dice part) reaches the difficulty (and is not below 0)."""

from __future__ import annotations

from functools import partial

import play_documents

from rules_engine.action import roll_notation
from rules_engine.action.play import VERSION

ok, refused, bridge = (
    partial(helper, "action") for helper in (play_documents.ok, play_documents.refused, play_documents.bridge)
)


def field_of(action: str, **request: object) -> str:
    reply = bridge(action, **request)
    assert not reply["ok"], reply
    return reply["error"]["field"]


def test_the_seeds() -> None:
    for seed, dice in {1: -9, 2: -1, 5: 9, 6: 4, 7: 3, 13: 0}.items():
        assert roll_notation("0 vs 0", seed).dice_part == dice


def edited(entry: dict, **changes: dict) -> dict:
    """The scene with fields (``scene={...}``) and combatants (``c0={...}``) changed, sent as the
    page sends an edit."""
    combatants = [dict(c, **changes.get(f"c{i}", {})) for i, c in enumerate(entry["combatants"])]
    return ok("play_sheet", scene={**entry, **changes.get("scene", {}), "combatants": combatants})["scene"]


def sheet_of(scene: dict, index: int) -> dict:
    return ok("play_sheet", scene=scene)["sheet"]["combatants"][index]


def test_a_life_to_death() -> None:
    scene = ok("play_new", name="Warehouse")["scene"]
    scene = ok("play_add", scene=scene, kind="character")["scene"]
    scene = edited(
        scene,
        scene={"rules": ["wound-penalty", "shock-roll", "dark-times", "shaken"]},
        c0={
            "name": "Ann",
            "attributes": {"Agility": 4, "Wits": 3, "Luck": 2, "Willpower": 4},
            "skills": {"Guns": 5, "Focus": 3},
        },
        c1={"name": "Bo", "skills": {"Guns": 4}},
    )
    ann = sheet_of(scene, 0)
    # Shot Count ⌊(4 + 3 + 2) / 3⌋ = 3; Willpower 4 + Focus 3 = 7.
    assert (ann["shot_count"], ann["nerve"], ann["state"]) == (3, 7, "on their feet")

    # Sequence 1: "your Initiative is set to the number of Shots in your Shot pool": 3 each.
    result = ok("play_sequence", scene=scene)
    scene = result["scene"]
    assert result["line"] == "Sequence 1 begins."
    assert [c["initiative"] for c in scene["combatants"]] == [3, 3]

    # Bo takes his Action and shoots: Guns 4 against Ann's Defense 5, seed 5: AV 4 + 9 = 13,
    # Outcome 8, PV 8.
    scene = ok("play_act", scene=scene, index=1, act="action")["scene"]
    shot = ok("play_roll", scene=scene, index=1, skill="Guns", attribute="", defence="5", seed=5)
    assert (shot["roll"]["av"], shot["roll"]["outcome"], shot["roll"]["pv"]) == (13, 8, 8)
    scene = shot["scene"]

    # The hit of 8 on Ann, seed 5: 8 shock, 1 wound (one per 5). "roll for Shock ... Difficulty
    # equal to 5+5 times Wounds": 10; 7 + 9 = 16, passed. Dark Times "against the inflicted Shock
    # points": 8, with seed 6: 7 + 4 = 11, passed. "When a target takes 1 or more Shock points it
    # becomes Shaken." Wound penalty −1.
    hit = ok("play_damage", scene=scene, index=0, damage="8", seed="5")
    assert [(r["what"], r["difficulty"], r["av"], r["passed"]) for r in hit["rolls"]] == [
        ("Shock roll", 10, 16, True),
        ("Dark Times roll", 8, 11, True),
    ]
    scene = hit["scene"]
    a = scene["combatants"][0]
    assert (a["shock"], a["wounds"], a["shaken"], a["out"], a["life"]) == (8, 1, True, 0, "alive")
    assert sheet_of(scene, 0)["impairment"] == -1 and sheet_of(scene, 0)["state"] == "on their feet · Shaken"

    # Shaken: "At the beginning of an Action, you roll Willpower+Focus Difficulty 10+10 as an
    # Action." Her Action is the roll: seed 6, 7 + 4 = 11 against 20: still Shaken.
    assert field_of("play_act", scene=scene, index=0, act="active-defence") == "scene.combatants[0].shaken"
    shake = ok("play_shake", scene=scene, index=0, seed=6)
    assert (
        shake["line"] == "Ann: Shaken roll 7 vs 20, seed 6 (+ 10 → 2 = 12; − 8): AV 11, fails by 9: "
        "Ann is still Shaken."
    )
    scene = shake["scene"]

    # Sequence 2: both rolled in Sequence 1, so no Shot back; Initiative 3 and 3 again.
    result = ok("play_sequence", scene=scene)
    assert result["line"] == "Sequence 2 begins."
    scene = result["scene"]

    # A hit of 15 on Ann, seed 2: 23 shock on Health 20 ("you fall down, unable to act": down for
    # the ten minutes, 100 Sequences), 1 + 3 = 4 wounds on Toughness 3 ("you're dying"); the Shock
    # roll at 5 + 5 × 3 = 20: 7 − 1 = 6, 14 short; no Dark Times roll for one already dying.
    hit = ok("play_damage", scene=scene, index=0, damage=15, seed=2)
    assert [(r["what"], r["av"], r["margin"]) for r in hit["rolls"]] == [("Shock roll", 6, 14)]
    scene = hit["scene"]
    a = scene["combatants"][0]
    assert (a["shock"], a["wounds"], a["out"], a["out_margin"], a["life"]) == (23, 4, 100, 14, "alive")
    ann = sheet_of(scene, 0)
    assert (ann["dying"], ann["impairment"], ann["stabilise"]) == (True, -4, 25)  # 25 − 20 + 5 × 4
    assert hit["line"] == (
        "Ann takes 15: shock 23, wounds 4; dying: 4 wounds reach Toughness 3; falls down, "
        "unable to act: 23 shock reaches Health 20; Shaken; unconscious: out for 14 Sequences."
    )
    assert field_of("play_act", scene=scene, index=0, act="action") == "scene.combatants[0].life"

    # "Dying characters must be stabilized with a Medicine/Physician Diff 25-Health+Woundsx5 taken
    # within 1 hour, or die from their wounds." Bo's Medicine 12, seed 5: 21 against 25, short.
    tried = ok("play_stabilise", scene=scene, index=0, how="roll", value="12", seed=5)
    assert tried["rolls"][0]["av"] == 21 and tried["scene"] == scene
    dead = ok("play_stabilise", scene=scene, index=0, how="hour")
    assert dead["line"] == "An hour passes and no one has stabilised Ann: Ann dies."
    scene = dead["scene"]
    assert scene["combatants"][0]["life"] == "dead" and sheet_of(scene, 0)["state"] == "dead"
    # The end: nothing more happens to her.
    assert field_of("play_damage", scene=scene, index=0, damage=5) == "scene.combatants[0].life"
    assert field_of("play_act", scene=scene, index=0, act="rest") == "scene.combatants[0].life"
    saved = {"format": "dice-srd-play", "version": VERSION, "system": "action", "entries": [scene]}
    assert ok("play_open_link", link=ok("play_link", document=saved)["link"])["document"] == saved


def test_a_life_out_of_the_fight_and_back() -> None:
    scene = ok("play_new", name="Alley")["scene"]
    scene = ok("play_add", scene=scene, kind="character")["scene"]
    scene = edited(
        scene,
        c0={"name": "Ann", "skills": {"Guns": 5}},
        c1={"name": "Bo", "attributes": {"Agility": 3, "Wits": 3, "Luck": 3, "Willpower": 3}, "skills": {"Focus": 2}},
    )
    assert scene["rules"] == ["wound-penalty", "shock-roll"]  # "Normal optional rules are Wound Penalty and Shock"
    scene = ok("play_sequence", scene=scene)["scene"]

    # A hit of 12 on Bo, seed 2: 12 shock, 2 wounds; Shock roll at 15 of Willpower 3 + Focus 2:
    # 5 − 1 = 4, 11 short: "you fall down unconscious. The negative margin indicates Sequences
    # until you wake up and the Difficulty of any Physician+Wits roll".
    hit = ok("play_damage", scene=scene, index=1, damage=12, seed=2)
    scene = hit["scene"]
    b = scene["combatants"][1]
    assert (b["shock"], b["wounds"], b["out"], b["out_margin"]) == (12, 2, 11, 11)
    assert sheet_of(scene, 1)["state"] == "unconscious (Shock roll): comes round in 11 Sequences at the latest"
    assert field_of("play_act", scene=scene, index=1, act="action") == "scene.combatants[1].out"
    assert field_of("play_wake", scene=scene, index=1, how="roll", seed=5) == "scene.combatants[1].wake_due"

    # Lying there he does nothing but rest: "you regain 1 Shock point": 11.
    scene = ok("play_act", scene=scene, index=1, act="rest")["scene"]
    assert scene["combatants"][1]["shock"] == 11
    # Ann takes her Action with a roll: "Unconscious characters may roll to wake up (Willpower+Focus
    # Difficulty 15) every time someone else rolls an Action". Seed 5: 5 + 9 = 14, one short.
    scene = ok("play_act", scene=scene, index=0, act="action")["scene"]
    assert scene["combatants"][1]["wake_due"]
    scene = ok("play_wake", scene=scene, index=1, how="roll", seed=5)["scene"]
    assert (scene["combatants"][1]["out"], scene["combatants"][1]["wake_due"]) == (11, False)

    # Sequence 2: one Sequence nearer (10 left); Bo rests again: 10 shock.
    scene = ok("play_sequence", scene=scene)["scene"]
    assert scene["combatants"][1]["out"] == 10
    scene = ok("play_act", scene=scene, index=1, act="rest")["scene"]
    assert scene["combatants"][1]["shock"] == 10
    # Ann's Physician + Wits of 8 against the margin 11: seed 13, 8 + 0 = 8, short; seed 7,
    # 8 + 3 = 11, exactly: Bo comes round.
    assert ok("play_wake", scene=scene, index=1, how="physician", value="8", seed=13)["scene"] == scene
    woken = ok("play_wake", scene=scene, index=1, how="physician", value="8", seed=7)
    assert woken["line"] == "Bo: Physician + Wits roll 8 vs 11, seed 7 (+ 6; − 3): AV 11, passes: Bo comes round."
    scene = woken["scene"]
    b = scene["combatants"][1]
    assert (b["out"], b["out_margin"], b["wake_due"]) == (0, 0, False)
    assert sheet_of(scene, 1)["state"] == "on their feet"
    # He has rested this Sequence: "nothing but rest", so no Action until the next.
    assert field_of("play_act", scene=scene, index=1, act="action") == "scene.combatants[1].acted"

    # Sequences 3 to 5: Bo rests each ("1 Shock point" a Sequence): 10 → 7; no roll, so no Shot
    # needed back (his pool is at his Shot Count, 3).
    for shock in (9, 8, 7):
        scene = ok("play_sequence", scene=scene)["scene"]
        scene = ok("play_act", scene=scene, index=1, act="rest")["scene"]
        assert scene["combatants"][1]["shock"] == shock
    scene = ok("play_sequence", scene=scene)["scene"]
    acted = ok("play_act", scene=scene, index=1, act="action")["scene"]["combatants"][1]
    assert (acted["acted"], acted["shock"], acted["wounds"]) == ("action", 7, 2)
    assert sheet_of(scene, 1)["impairment"] == -2  # "For each untreated Wound received, ... 1 point of impairment"


def test_a_fall_from_shock_and_ten_minutes() -> None:
    scene = edited(ok("play_new", name="Roof")["scene"], scene={"rules": []}, c0={"name": "Cy", "toughness": 9})
    # 20 on Health 20: down ("you fall down, unable to act"), 4 wounds on Toughness 9: not dying.
    scene = ok("play_damage", scene=scene, index=0, damage=20)["scene"]
    assert (scene["combatants"][0]["out"], sheet_of(scene, 0)["dying"]) == (100, False)
    # "or they wake up in 10 minutes"
    woken = ok("play_wake", scene=scene, index=0, how="time")
    assert woken["scene"]["combatants"][0]["out"] == 0 and sheet_of(woken["scene"], 0)["state"] == "on their feet"


def test_a_mook_group_wiped_out() -> None:
    scene = ok("play_add", scene=ok("play_new", name="Docks")["scene"], kind="mooks")["scene"]
    scene = edited(scene, c1={"name": "Thugs", "members": 3, "left": 3})
    scene = ok("play_sequence", scene=scene)["scene"]
    # Glass-jaw: "5-9: Shaken".
    scene = ok("play_damage", scene=scene, index=1, damage=6)["scene"]
    assert (scene["combatants"][1]["left"], scene["combatants"][1]["shaken"]) == (3, 1)
    assert field_of("play_act", scene=scene, index=1, act="action") == "scene.combatants[1].shaken"
    # The group's Action: the Shaken one rolls Willpower + Focus (11, the GM's number) against 20,
    # seed 5: 20, exactly: steady.
    shaken = ok("play_shake", scene=scene, index=1, value="11", seed=5)
    assert shaken["line"] == "Thugs take their Action: 1 of 1 Shaken steady themselves, 0 still Shaken."
    scene = shaken["scene"]
    # "10+ Out": 12, then 10, one each; 9 shakes the last; 10 takes the last out.
    for damage, left, shaken_left in ((12, 2, 0), (10, 1, 0), (9, 1, 1), (10, 0, 0)):
        result = ok("play_damage", scene=scene, index=1, damage=damage)
        scene = result["scene"]
        assert (scene["combatants"][1]["left"], scene["combatants"][1]["shaken"]) == (left, shaken_left)
    assert result["line"] == "Thugs: 1 down, 0 left; wiped out."
    assert sheet_of(scene, 1)["down"]
    assert field_of("play_damage", scene=scene, index=1, damage=10) == "scene.combatants[1].left"
