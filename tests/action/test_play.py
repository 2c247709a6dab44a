"""Action!'s play tool in the engine: the bridge actions (``rules_engine/action/play.py``),
small cases checked by hand from the source's rules (Shot Count, Initiative, what Shots buy,
shock and wounds, mooks, the initiative cards), agreement with the chapters' own roller,
odds and damage calculator, and its saved scenes as the reader takes or refuses them.
Any text, file or link, and any document read back are the shared play contract's
(tests/test_play_contract.py, fed Action!'s scenes from contract.py); any scene played
is here: it answers or refuses with one RulesError, never anything else."""

from __future__ import annotations

import json

import play_documents
import pytest
from hypothesis import given
from hypothesis import strategies as st
from play_documents import SOME

from rules_engine.action import odds_notation, roll_notation
from rules_engine.action.play import MAX_COMBATANTS, SCHEMA, VERSION, new_scene, read_scene
from rules_engine.action.roll.actions import share
from rules_engine.core.exact import ratio
from rules_engine.core.play import FORMAT

from .contract import FIELD_VALUES, SCENE_PARTS

bridge, ok, refused, only_rules_errors = play_documents.calls_for("action")


def character(
    name: str,
    *,
    agility: int = 3,
    wits: int = 3,
    luck: int = 3,
    skills: dict | None = None,
    health: int = 20,
    toughness: int = 3,
    shock: int = 0,
    wounds: int = 0,
    shots: int = 3,
    modifier: int = 0,
    initiative: int | None = None,
    acted: str = "",
    rolled: bool = False,
    spent: bool = False,
    shaken: bool = False,
    out: int = 0,
    out_margin: int = 0,
    wake_due: bool = False,
    life: str = "alive",
) -> dict:
    return {
        "name": name,
        "kind": "character",
        "attributes": {"Agility": agility, "Wits": wits, "Luck": luck},
        "skills": skills or {},
        "health": health,
        "toughness": toughness,
        "shock": shock,
        "wounds": wounds,
        "shots": shots,
        "modifier": modifier,
        "initiative": initiative,
        "acted": acted,
        "rolled": rolled,
        "spent": spent,
        "shaken": shaken,
        "out": out,
        "out_margin": out_margin,
        "wake_due": wake_due,
        "life": life,
    }


def mooks(name: str, kind: str = "glass-jaw", members: int = 6, left: int | None = None, shaken: int = 0) -> dict:
    return {
        "name": name,
        "kind": "mooks",
        "mook": kind,
        "members": members,
        "left": members if left is None else left,
        "shaken": shaken,
        "acted": False,
    }


def scene(
    *combatants: dict,
    rules: tuple[str, ...] = ("wound-penalty",),
    initiative: str = "shots",
    sequence: int = 0,
    stack: list | None = None,
    out: list | None = None,
    threshold: int = 5,
) -> dict:
    return {
        "name": "The docks",
        "threshold": threshold,
        "rules": list(rules),
        "initiative": initiative,
        "sequence": sequence,
        "stack": stack or [],
        "out": out or [],
        "combatants": list(combatants),
    }


def document(*entries: dict) -> dict:
    return {"format": FORMAT, "version": VERSION, "system": "action", "entries": list(entries)}


ANN = character("Ann", agility=4, wits=3, luck=2, skills={"Guns": 5, "Dodge": 4}, shots=1)
BO = character("Bo", agility=5, wits=5, luck=5, shots=5, modifier=2)
DOCKS = scene(ANN, BO, mooks("Thugs"))


# --- the sheet --------------------------------------------------------------------------------
def test_a_new_scene_has_one_character_and_the_normal_rules() -> None:
    result = ok("play_new", name="Warehouse")
    assert result["scene"]["name"] == "Warehouse"
    assert result["scene"]["rules"] == [
        "wound-penalty",
        "shock-roll",
    ]  # "Normal optional rules are Wound Penalty and Shock"
    (only,) = result["scene"]["combatants"]
    assert only["attributes"] == {"Agility": 3, "Wits": 3, "Luck": 3} and only["shots"] == 3
    assert result["sheet"]["combatants"][0]["shot_count"] == 3


def test_shot_count_is_agility_wits_luck_over_three_rounded_down() -> None:
    facts = ok("play_sheet", scene=DOCKS)["sheet"]["combatants"]
    assert facts[0]["shot_count"] == 3  # (4 + 3 + 2) / 3
    assert facts[1]["shot_count"] == 5  # (5 + 5 + 5) / 3
    assert (
        ok("play_sheet", scene=scene(character("Cy", agility=2, wits=2, luck=3)))["sheet"]["combatants"][0][
            "shot_count"
        ]
        == 2
    )


def test_impairment_and_what_is_left_under_each_wound_rule() -> None:
    hurt = character("Ann", shock=12, wounds=2, toughness=4)
    fact = ok("play_sheet", scene=scene(hurt))["sheet"]["combatants"][0]
    assert (fact["impairment"], fact["shock_to_go"], fact["wounds_to_go"]) == (-2, 8, 2)
    assert ok("play_sheet", scene=scene(hurt, rules=()))["sheet"]["combatants"][0]["impairment"] == 0
    # Percentile: 2 of 4 wounds is 50 % of Toughness → −3.
    assert ok("play_sheet", scene=scene(hurt, rules=("percentile",)))["sheet"]["combatants"][0]["impairment"] == -3
    # Down and dying are kept on the sheet ("out": Sequences until they come round); wounds at
    # Toughness are dying whatever else.
    down = ok("play_sheet", scene=scene(character("Ann", shock=20, wounds=3, out=100)))["sheet"]["combatants"][0]
    assert down["dying"] and down["falls_down"] and down["down"]
    assert down["state"] == "dying, fallen, unable to act: comes round in 100 Sequences at the latest"
    # Shock typed in at Health knocks no one down: falling down comes with a hit (Ruling).
    typed = ok("play_sheet", scene=scene(character("Ann", shock=20)))["sheet"]["combatants"][0]
    assert not typed["falls_down"] and not typed["down"] and typed["state"] == "on their feet"


# --- Sequences, Initiative, Shots -------------------------------------------------------------
def test_a_new_characters_shot_pool_follows_the_edited_attributes_until_the_fight_begins() -> None:
    # "Your Shot Count (and Shots pool) always starts at your [ Agility+Wits+Luck ] divided by 3":
    # a new character (3, 3, 3: a pool of 3) edited to Agility 4, Wits 4, Luck 4 has a pool of 4.
    (new,) = ok("play_new", name="Warehouse")["scene"]["combatants"]
    assert new["shots"] == 3
    edited = ok("play_sheet", scene=scene({**new, "attributes": {"Agility": 4, "Wits": 4, "Luck": 4}}))
    assert edited["scene"]["combatants"][0]["shots"] == 4 and edited["sheet"]["combatants"][0]["shot_count"] == 4
    lower = ok("play_sheet", scene=scene({**new, "attributes": {"Agility": 2, "Wits": 2, "Luck": 3}}))
    assert lower["scene"]["combatants"][0]["shots"] == 2  # (2 + 2 + 3) / 3, rounded down
    # Once the fight has begun the pool is what was spent and regained: an edit leaves it alone.
    fighting = ok("play_sheet", scene=scene({**new, "attributes": {"Agility": 4, "Wits": 4, "Luck": 4}}, sequence=1))
    assert fighting["scene"]["combatants"][0]["shots"] == 3
    spent = ok("play_sheet", scene=scene(character("Cy", agility=6, shots=1, spent=True)))
    assert spent["scene"]["combatants"][0]["shots"] == 1


def test_a_sequence_sets_initiative_from_the_shot_pool_and_mooks_act_last() -> None:
    result = ok("play_sequence", scene=DOCKS)
    after = result["scene"]
    assert after["sequence"] == 1 and result["line"] == "Sequence 1 begins."
    assert [c.get("initiative") for c in after["combatants"][:2]] == [1, 7]  # pool 1; pool 5 + modifier 2
    assert result["sheet"]["order"] == [1, 0, 2]


def test_a_shot_back_only_after_a_sequence_without_a_roll() -> None:
    first = ok("play_sequence", scene=scene(ANN, BO))["scene"]
    rolled = ok("play_act", scene=first, index=1, act="action")["scene"]  # Bo rolls; Ann does not
    assert rolled["combatants"][1]["rolled"] and not rolled["combatants"][0]["rolled"]
    result = ok("play_sequence", scene=rolled)
    assert [c["shots"] for c in result["scene"]["combatants"]] == [2, 5]  # Ann 1 → 2 (Shot Count 3)
    assert result["line"] == "Sequence 2 begins; 1 Shot back for Ann."
    full = ok("play_sequence", scene=scene(character("Cy", shots=3), sequence=1))["scene"]
    assert full["combatants"][0]["shots"] == 3  # never past the Shot Count


@pytest.mark.parametrize(
    ("act", "shots", "initiative"),
    [
        ("action", 5, 7),
        ("quiet", 5, 7),
        ("active-defence", 4, 7),
        ("raise-initiative", 4, 12),
        ("out-of-sequence", 2, 7),
    ],
)
def test_what_each_action_costs_in_shots(act: str, shots: int, initiative: int) -> None:
    started = ok("play_sequence", scene=scene(BO))["scene"]
    after = ok("play_act", scene=started, index=0, act=act)
    bo = after["scene"]["combatants"][0]
    assert (bo["shots"], after["sheet"]["combatants"][0]["initiative"]) == (shots, initiative)
    assert after["sheet"]["acts"][act]["shots"] == 5 - shots


def test_an_action_costing_more_shots_than_left_is_refused() -> None:
    started = ok("play_sequence", scene=scene(ANN))["scene"]
    assert (
        refused("play_act", scene=started, index=0, act="out-of-sequence")
        == "scene.combatants[0].shots: Ann has 1 Shot; this costs 3"
    )
    assert "no Sequence has begun" in refused("play_act", scene=scene(ANN), index=0, act="action")
    assert "only takes its Action" in refused(
        "play_act", scene=scene(mooks("T"), sequence=1), index=0, act="active-defence"
    )
    assert "must be one of" in refused("play_act", scene=started, index=0, act="dance")


def test_rest_gives_back_one_shock_point() -> None:
    result = ok("play_act", scene=scene(character("Ann", shock=4), sequence=1), index=0, act="rest")
    assert result["scene"]["combatants"][0]["shock"] == 3 and result["scene"]["combatants"][0]["acted"]


# --- hits -------------------------------------------------------------------------------------
def test_a_hit_of_12_is_12_shock_and_2_wounds() -> None:
    # "You take Damage equal to the PV, which causes PV Shockpoints, 1 Wound at WT PV, 2 Wounds at 2 x WT"
    result = ok(
        "play_damage", scene=scene(character("Ann", shots=3), rules=("wound-penalty", "stun")), index=0, damage="12"
    )
    ann = result["scene"]["combatants"][0]
    assert (ann["shock"], ann["wounds"], ann["shots"]) == (12, 2, 1)  # Stun: 1 Shot per wound
    assert result["sheet"]["combatants"][0]["impairment"] == -2
    assert result["line"] == "Ann takes 12: shock 12, wounds 2; stunned: loses 2 Shots."


def test_a_hit_adds_to_what_was_there_as_the_damage_calculator_does() -> None:
    before = character("Ann", shock=6, wounds=1, health=15, toughness=3)
    result = ok(
        "play_damage", scene=scene(before, rules=("wound-penalty", "shock-roll")), index=0, damage=10, focus="7", seed=5
    )
    ann = result["scene"]["combatants"][0]
    assert (ann["shock"], ann["wounds"]) == (16, 3)  # 6 + 10, kept past Health 15 (it read 15 before issue 28)
    report = odds_notation("damage 10 health 15 toughness 3 wounds 1 shock 6 focus 7 with wound-penalty shock-roll")
    # Two wounds: the Shock roll at 5 + 5 × 2 = 15, rolled at once: seed 5 gives +10 → 5 = 15 and
    # −6, AV 7 + 15 − 6 = 16: passed.
    shock = roll_notation("7 vs 15", 5)
    assert shock.av == 16
    assert result["lines"] == report.lines()[1:-2] + [
        "Ann: Shock roll 7 vs 15, seed 5 (+ 10 → 5 = 15; − 6): AV 16, passes",
        "What happens: " + "; ".join(report.happens()),
    ]
    assert (
        result["sheet"]["combatants"][0]["state"] == "dying, fallen, unable to act: comes round in 100 "
        "Sequences at the latest"
    )


@pytest.mark.parametrize(
    ("kind", "damage", "left"),
    [
        ("glass-jaw", 9, 6),
        ("glass-jaw", 10, 5),
        ("advanced", 9, 6),
        ("advanced", 10, 5),
        ("advanced", 30, 5),
        ("speed-bump", 4, 6),
        ("speed-bump", 17, 3),
        ("speed-bump", 99, 0),
    ],
)
def test_a_mook_group_loses_members(kind: str, damage: int, left: int) -> None:
    result = ok("play_damage", scene=scene(mooks("Thugs", kind)), index=0, damage=damage)
    assert result["scene"]["combatants"][0]["left"] == left
    assert result["sheet"]["combatants"][0]["down"] == (left == 0)


# --- rolls from the sheet ---------------------------------------------------------------------
def test_a_roll_from_the_sheet_is_the_chapters_with_impairment_on_the_skill() -> None:
    hurt = dict(ANN, wounds=2, shock=10)
    request = {
        "scene": scene(hurt, sequence=1),
        "index": 0,
        "skill": "Guns",
        "attribute": "Agility",
        "modifiers": "+1",
        "defence": "5",
        "defence_ev": "2",
    }
    odds = ok("play_odds", **request)
    assert odds["notation"] == "4 vs 5 ev 4 vs 2"  # Guns 5 + 1 − 2 impairment; Agility 4 against 2
    assert odds["terms"] == {"skill": 5, "attribute": 4, "modifiers": 1, "impairment": -2}
    chapter = odds_notation("4 vs 5 ev 4 vs 2")
    assert odds["success"]["ratio"] == ratio(chapter.p_success)
    assert [d["ratio"] for d in odds["degrees"]] == [ratio(p) for p in chapter.degrees]
    rolled = ok("play_roll", **request, seed=42)
    assert rolled["roll"] == roll_notation("4 vs 5 ev 4 vs 2", 42).to_json()
    assert rolled["scene"]["combatants"][0]["rolled"]
    assert rolled["share"] == share(roll_notation("4 vs 5 ev 4 vs 2", 42))
    # The permalink's fields roll the same dice in the chapter's roller.
    assert rolled["fields"] == {"skill": "4", "defence": "5", "threshold": "5", "attack_ev": "4", "defence_ev": "2"}
    assert ok("roll_fields", fields=rolled["fields"], seed=42)["share"] == rolled["share"]


def test_the_permalink_carries_an_active_defence_and_the_types() -> None:
    request = {
        "scene": scene(ANN, threshold=10),
        "index": 0,
        "skill": "Guns",
        "attribute": "",
        "defence": "3",
        "active": True,
        "types": ["wild", "inspired"],
        "seed": 9,
    }
    rolled = ok("play_roll", **request)
    assert rolled["fields"] == {
        "skill": "5",
        "defence": "3",
        "threshold": "10",
        "attack_ev": "0",
        "defence_ev": "0",
        "active": "1",
        "type-inspired": "1",
        "type-wild": "1",
    }
    roller = {**{k: v for k, v in rolled["fields"].items() if not k.startswith("type-")}, "types": "inspired wild"}
    assert ok("roll_fields", fields=roller, seed=9)["share"] == rolled["share"]


def test_one_plain_roll_by_hand() -> None:
    # Skill 0 against 0: a success when the positive d10 is at least the negative one (open
    # dice; a 10 rolls again), i.e. dice part ≥ 0; the chapter's odds give 6/11.
    request = {"scene": scene(character("Cy")), "index": 0, "skill": "", "attribute": "", "defence": "0"}
    assert ok("play_odds", **request)["notation"] == "0 vs 0"
    assert ok("play_odds", **request)["success"]["ratio"] == ratio(odds_notation("0 vs 0").p_success)
    assert ok("play_odds", **dict(request, active=True))["notation"] == "0 vs active 0"


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"skill": "Swords"}, "Ann has no skill 'Swords'"),
        ({"attribute": "Charm"}, "Ann has no attribute 'Charm'"),
        ({"defence": "x"}, "Defense must be a whole number"),
        ({"modifiers": "1000"}, "Modifiers must be from -99 to 99"),
        ({"index": 1}, "a mook group rolls no dice"),
        ({"types": ["lucky"]}, "types must be a list"),
    ],
)
def test_a_bad_roll_is_refused_naming_the_field(change: dict, words: str) -> None:
    request = {"scene": scene(ANN, mooks("Thugs")), "index": 0, "skill": "Guns", "attribute": "", "defence": "5"}
    assert words in refused("play_odds", **{**request, **change})


# --- initiative cards -------------------------------------------------------------------------
def test_the_cards_are_laid_out_in_initiative_order_and_move_as_the_source_says() -> None:
    cards = scene(ANN, BO, character("Cy", shots=3), initiative="cards")
    started = ok("play_sequence", scene=cards, padding=True)["scene"]
    assert started["stack"] == [1, 2, 0, "d10", "Setback", "Random Event"]
    acted = ok("play_act", scene=started, index=1, act="action")["scene"]  # Bo acts: to the back
    assert acted["stack"] == [2, 0, "d10", "Setback", "Random Event", 1]
    hit = ok("play_damage", scene=acted, index=1, damage=8)  # 5 × 8 / 20 = 2 places forward
    assert hit["scene"]["stack"] == [2, 0, "d10", 1, "Setback", "Random Event"]
    assert hit["lines"][-1] == "Bo takes 8: 2 forward"
    defended = ok("play_act", scene=hit["scene"], index=0, act="active-defence")["scene"]  # one back
    assert defended["stack"] == [2, "d10", 0, 1, "Setback", "Random Event"]
    assert "no Active Defense from first place" in refused("play_act", scene=defended, index=2, act="active-defence")
    pushed = ok("play_damage", scene=defended, index=2, damage=4)["scene"]  # Cy first: 1 forward is out
    assert pushed["stack"] == ["d10", 0, 1, "Setback", "Random Event"] and pushed["out"] == [2]
    assert "has not come up yet" in refused("play_padding", scene=pushed, card="Setback")
    assert ok("play_padding", scene=pushed, card="d10")["scene"]["stack"] == [0, 1, "Setback", "Random Event"]


def test_taking_a_combatant_out_renumbers_the_cards() -> None:
    cards = scene(ANN, BO, character("Cy"), initiative="cards", sequence=1, stack=[2, 0, "d10", 1])
    after = ok("play_remove", scene=cards, index=0)["scene"]
    assert [c["name"] for c in after["combatants"]] == ["Bo", "Cy"] and after["stack"] == [1, "d10", 0]
    added = ok("play_add", scene=after, kind="mooks")["scene"]
    assert added["combatants"][2]["name"] == "Mooks 1" and added["stack"] == [1, "d10", 0, 2]


# --- the saved format -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"combatants": [ANN, dict(BO, name="ann")]}, "entries[0].combatants[1].name: 'ann' is already in the scene"),
        ({"rules": ["wound-penalty", "percentile"]}, "entries[0].rules: wound-penalty and percentile cannot both"),
        ({"rules": ["seriousness"]}, "entries[0].rules[0]: must be one of"),
        ({"combatants": [dict(ANN, attributes={"Agility": 3, "Wits": 3})]}, "Luck is missing"),
        ({"combatants": [dict(ANN, shock=-1)]}, "entries[0].combatants[0].shock: must be from 0 to 99999, not -1"),
        ({"combatants": [dict(ANN, wounds=100_000)]}, "entries[0].combatants[0].wounds: must be from 0 to 99999"),
        ({"combatants": [dict(ANN, acted=True)]}, "entries[0].combatants[0].acted: must be one of (none), action"),
        ({"combatants": [dict(ANN, life="undead")]}, "entries[0].combatants[0].life: must be one of alive, dying"),
        ({"combatants": [dict(ANN, out=101)]}, "entries[0].combatants[0].out: must be from 0 to 100, not 101"),
        ({"combatants": [dict(ANN, wake_due=True)]}, "entries[0].combatants[0].out: a character who is not down"),
        ({"combatants": [dict(ANN, kind="dragon")]}, "entries[0].combatants[0].kind: must be one of character, mooks"),
        ({"stack": [0, 0]}, "is in the stack twice"),
        ({"stack": [5]}, "entries[0].stack[0]: must be from 0 to 2, not 5"),
        ({"initiative": "dice"}, "entries[0].initiative: must be one of shots, cards"),
    ],
)
def test_a_bad_file_is_refused_naming_what_is_wrong(change: dict, words: str) -> None:
    assert words in refused("play_import", text=json.dumps(document({**DOCKS, **change})))


def test_export_import_and_link_give_back_the_same_document() -> None:
    played = ok("play_sequence", scene=DOCKS)["scene"]
    doc = document(played, new_scene("Second"))
    read = ok("play_import", text=json.dumps(doc))["document"]
    assert read == doc
    assert ok("play_open_link", link=ok("play_link", document=read)["link"])["document"] == read
    assert ok("play_check", document=read)["document"] == read
    assert "newer version" in refused("play_import", text=json.dumps({**doc, "version": VERSION + 1}))
    assert "not 'action'" in refused("play_import", text=json.dumps({**doc, "system": "doom-stack"}))


def test_the_schema_names_the_system() -> None:
    assert SCHEMA.system == "action" and SCHEMA.version == VERSION == 3
    assert read_scene(new_scene(), "x") == new_scene()


def test_a_full_scene_fits_the_limits() -> None:
    full = dict(DOCKS, combatants=[dict(ANN, name=f"Thug number {i}") for i in range(MAX_COMBATANTS)])
    assert len(ok("play_sheet", scene=full)["sheet"]["combatants"]) == MAX_COMBATANTS
    assert "at most" in refused("play_add", scene=full, kind="character")


# --- Hypothesis: any scene (any text, file or link: tests/test_play_contract.py) ---------------
@SOME
@given(
    SCENE_PARTS,
    st.integers(-1, 3),
    st.sampled_from(["action", "active-defence", "rest", "x"]),
    st.integers(-5, 60) | FIELD_VALUES,
    st.booleans(),
)
def test_any_scene_played(parts: dict, index: int, act: str, damage: object, padding: bool) -> None:
    only_rules_errors("play_sheet", scene=parts)
    only_rules_errors("play_add", scene=parts, kind="mooks" if padding else "character")
    only_rules_errors("play_remove", scene=parts, index=index)
    only_rules_errors("play_sequence", scene=parts, padding=padding)
    only_rules_errors("play_act", scene=parts, index=index, act=act)
    only_rules_errors("play_damage", scene=parts, index=index, damage=damage)
    only_rules_errors("play_padding", scene=parts, card="d10")
    only_rules_errors("play_odds", scene=parts, index=index, skill="Guns", attribute="Agility", defence=damage)
    only_rules_errors("play_roll", scene=parts, index=index, skill="", attribute="", defence="5", seed=7)
    only_rules_errors("play_wake", scene=parts, index=index, how=act, value=damage, seed=7)
    only_rules_errors("play_wake", scene=parts, index=index, how="time")
    only_rules_errors("play_shake", scene=parts, index=index, value=damage, seed=7)
    only_rules_errors("play_stabilise", scene=parts, index=index, how="hour" if padding else "roll", value=damage)
