"""Action!'s play tool at the moments that decide a fight (issue 28): resting, falling down,
dying, the Sequence's one Action, damage past Health and Toughness, Shaken, a failed Shock
roll and waking from it, Dark Times, and a Shaken mook group. Each test names the passage of
the source (``/work/shared/seeds/001_…``) it holds the tracker to, and its numbers are worked
by hand from it. Scenes are made through the bridge (``play_new``, ``play_add``,
``play_sheet``), as the page makes them."""

from __future__ import annotations

from functools import partial

import play_documents
import pytest

from rules_engine.action import roll_notation

bridge, ok, refused = (
    partial(helper, "action") for helper in (play_documents.bridge, play_documents.ok, play_documents.refused)
)


def refusal(action: str, **request: object) -> dict:
    """The whole error of a refused request (message and field)."""
    reply = bridge(action, **request)
    assert not reply["ok"], reply
    return reply["error"]


def fresh(*kinds: str, rules: tuple[str, ...] = ("wound-penalty", "shock-roll"), **first: object) -> dict:
    """A new scene through the bridge: its first character changed by ``first``, then one more
    combatant of each kind in ``kinds``, the damage options ``rules`` in force."""
    scene = ok("play_new", name="The docks")["scene"]
    for kind in kinds:
        scene = ok("play_add", scene=scene, kind=kind)["scene"]
    scene["combatants"][0] = {**scene["combatants"][0], "name": "Ann", **first}
    scene["rules"] = list(rules)
    return ok("play_sheet", scene=scene)["scene"]


def begun(scene: dict) -> dict:
    return ok("play_sequence", scene=scene)["scene"]


def act(scene: dict, index: int, what: str) -> dict:
    return ok("play_act", scene=scene, index=index, act=what)["scene"]


def hit(scene: dict, index: int, damage: int, **more: object) -> dict:
    return ok("play_damage", scene=scene, index=index, damage=damage, **more)


def fact(result_or_scene: dict, index: int = 0) -> dict:
    """The sheet's facts for one combatant (of a reply, or of a scene asked for its sheet)."""
    sheet = result_or_scene["sheet"] if "sheet" in result_or_scene else ok("play_sheet", scene=result_or_scene)["sheet"]
    return sheet["combatants"][index]


# --- resting: "If you do nothing but rest during a Sequence, you regain 1 Shock point." ---------
def test_rest_gives_one_shock_point_once_a_sequence() -> None:
    scene = begun(hit(fresh(), 0, 4)["scene"])
    rested = act(scene, 0, "rest")
    assert rested["combatants"][0]["shock"] == 3
    error = refusal("play_act", scene=rested, index=0, act="rest")
    assert error["message"].startswith("scene.combatants[0].acted: Ann has rested this Sequence")
    assert error["field"] == "scene.combatants[0].acted"
    # The next Sequence: another point back.
    assert act(begun(rested), 0, "rest")["combatants"][0]["shock"] == 2


@pytest.mark.parametrize("first", ["action", "quiet", "active-defence", "raise-initiative", "out-of-sequence"])
def test_no_rest_in_a_sequence_with_anything_else_in_it(first: str) -> None:
    scene = begun(hit(fresh(), 0, 4)["scene"])
    done = act(scene, 0, first)
    error = refusal("play_act", scene=done, index=0, act="rest")
    assert "does nothing but rest" in error["message"] and error["field"].startswith("scene.combatants[0].")
    assert done["combatants"][0]["shock"] == 4


def test_no_rest_after_a_roll_from_the_sheet() -> None:
    scene = begun(hit(fresh(), 0, 4)["scene"])
    rolled = ok("play_roll", scene=scene, index=0, skill="", attribute="", defence="5", seed=1)["scene"]
    error = refusal("play_act", scene=rolled, index=0, act="rest")
    assert error["field"] == "scene.combatants[0].rolled"


def test_resting_is_all_a_resting_character_does_that_sequence() -> None:
    rested = act(begun(hit(fresh(), 0, 4)["scene"]), 0, "rest")
    for other in ("action", "quiet", "active-defence", "raise-initiative", "out-of-sequence"):
        assert refusal("play_act", scene=rested, index=0, act=other)["field"] == "scene.combatants[0].acted"
    assert (
        refusal("play_roll", scene=rested, index=0, skill="", attribute="", defence="5", seed=1)["field"]
        == "scene.combatants[0].acted"
    )


# --- one Action a Sequence: "Each time your Initiative comes up, you may take an Action" ----------
@pytest.mark.parametrize(("first", "second"), [("action", "action"), ("quiet", "action"), ("action", "quiet")])
def test_the_sequences_action_is_taken_once(first: str, second: str) -> None:
    done = act(begun(fresh()), 0, first)
    error = refusal("play_act", scene=done, index=0, act=second)
    assert error["message"].startswith("scene.combatants[0].acted: Ann has taken this Sequence's Action")
    # What Shots buy is still there: "Take an Action out of Sequence after your normal Initiative".
    assert act(done, 0, "out-of-sequence")["combatants"][0]["shots"] == 0


def test_a_mook_group_acts_once_a_sequence() -> None:
    done = act(begun(fresh("mooks")), 1, "action")
    assert refusal("play_act", scene=done, index=1, act="action")["field"] == "scene.combatants[1].acted"
    assert act(begun(done), 1, "action")["combatants"][1]["acted"] is True


# --- falling down: "If at any time you receive Shock Points equal to your Health, you fall down,
# unable to act." ---------------------------------------------------------------------------------
def test_falling_down_is_kept_when_rest_takes_shock_off() -> None:
    scene = begun(fresh(rules=(), toughness=9))
    down = hit(scene, 0, 20)  # 20 shock on Health 20, 4 wounds on Toughness 9: down, not dying
    assert fact(down)["falls_down"] and not fact(down)["dying"]
    rested = act(begun(down["scene"]), 0, "rest")
    assert rested["combatants"][0]["shock"] == 19
    assert fact(rested)["falls_down"] and fact(rested)["state"] != "on their feet"


def test_a_fallen_character_cannot_act() -> None:
    down = hit(begun(fresh(rules=(), toughness=9)), 0, 20)["scene"]
    for what in ("action", "quiet", "active-defence", "raise-initiative", "out-of-sequence"):
        error = refusal("play_act", scene=down, index=0, act=what)
        assert error["field"] == "scene.combatants[0].out", error
        assert "unable to act" in error["message"]
    assert (
        refusal("play_roll", scene=down, index=0, skill="", attribute="", defence="5", seed=1)["field"]
        == "scene.combatants[0].out"
    )


def test_a_dying_character_cannot_act() -> None:
    # "If you have Wounds equal to your Toughness, you're dying": 15 on Threshold 5 is 3 wounds.
    dying = hit(begun(fresh(rules=())), 0, 15)["scene"]
    assert dying["combatants"][0]["wounds"] == 3 and fact(dying)["dying"]
    for what in ("action", "quiet", "active-defence", "raise-initiative", "out-of-sequence"):
        assert refusal("play_act", scene=dying, index=0, act=what)["field"] == "scene.combatants[0].life"
    # One wound short of Toughness: still acting.
    assert act(hit(begun(fresh(rules=())), 0, 14)["scene"], 0, "action")["combatants"][0]["acted"]


# --- damage past Health and Toughness is kept --------------------------------------------------
def test_damage_past_health_and_toughness_is_kept() -> None:
    # 35 PV: 35 shock and 7 wounds (one per 5); the wound penalty is −1 a wound: −7.
    result = hit(fresh(rules=("wound-penalty",)), 0, 35)
    ann = result["scene"]["combatants"][0]
    assert (ann["shock"], ann["wounds"]) == (35, 7)
    assert result["report"]["total_shock"] == 35 and result["report"]["total_wounds"] == 7
    assert fact(result)["impairment"] == -7
    assert (fact(result)["shock_to_go"], fact(result)["wounds_to_go"]) == (0, 0)


# Dice by seed for a plain roll (one open positive and one open negative d10), read off the
# chapter's roller (``roll_notation(f"{value} vs {difficulty}", seed)``) and checked below:
# seed 2: + 1, − 2 (dice −1); seed 3: + 4, − 10 → 9 (−15); seed 5: + 10 → 5, − 6 (+9);
# seed 6: + 10 → 2, − 8 (+4); seed 13: + 5, − 5 (0).
DICE = {2: -1, 3: -15, 5: 9, 6: 4, 13: 0}


def test_the_dice_the_tests_below_use() -> None:
    for seed, dice in DICE.items():
        assert roll_notation("0 vs 0", seed).dice_part == dice


NERVE = {"Agility": 3, "Wits": 3, "Luck": 3, "Willpower": 4}  # with Focus 3 (a skill): Willpower + Focus 7


def hero(**more: object) -> dict:
    """Ann with Willpower 4 and Focus 3 (Willpower + Focus 7), changed by ``more``."""
    return {"attributes": NERVE, "skills": {"Guns": 5, "Focus": 3}, **more}


def test_willpower_and_focus_come_from_the_sheet() -> None:
    assert fact(fresh(**hero()))["nerve"] == 7
    assert fact(fresh())["nerve"] == 0


# --- falling down at Health, dying at Toughness: exactly at, one short, one past ----------------
@pytest.mark.parametrize(("damage", "falls"), [(19, False), (20, True), (21, True)])
def test_shock_reaching_health_knocks_down_for_ten_minutes(damage: int, falls: bool) -> None:
    # "If at any time you receive Shock Points equal to your Health, you fall down, unable to act";
    # "they wake up in 10 minutes": 100 Sequences of about 6 seconds.
    result = hit(fresh(rules=(), toughness=9), 0, damage)
    ann = result["scene"]["combatants"][0]
    assert (ann["shock"], ann["out"], ann["out_margin"]) == (damage, 100 if falls else 0, 0)
    assert fact(result)["down"] is falls
    assert ("falls down, unable to act" in result["line"]) is falls


@pytest.mark.parametrize(("damage", "dying"), [(14, False), (15, True), (20, True)])
def test_wounds_reaching_toughness_are_dying(damage: int, dying: bool) -> None:
    # "If you have Wounds equal to your Toughness, you're dying": 5 damage a wound, Toughness 3.
    result = hit(fresh(rules=(), health=99), 0, damage)
    assert result["scene"]["combatants"][0]["wounds"] == damage // 5
    assert fact(result)["dying"] is dying and fact(result)["life"] == ("dying" if dying else "alive")
    assert fact(result)["stabilise"] == (25 - 99 + 5 * (damage // 5) if dying else None)


def test_damage_is_kept_up_to_its_named_limit() -> None:
    scene = fresh(rules=())
    scene["combatants"][0] |= {"shock": 99_990, "wounds": 99_990, "health": 999, "toughness": 99}
    result = hit(ok("play_sheet", scene=scene)["scene"], 0, 999)
    ann = result["scene"]["combatants"][0]
    assert (ann["shock"], ann["wounds"]) == (99_999, 99_999)
    assert result["report"]["total_shock"] == 100_989
    assert "Kept at most 99,999 shock and 99,999 wounds" in result["lines"]
    assert ok(
        "play_check",
        document={"format": "dice-srd-play", "version": 2, "system": "action", "entries": [result["scene"]]},
    )


# --- the Shock roll: "If you fail this roll, you fall down unconscious. The negative margin
# indicates Sequences until you wake up and the Difficulty of any Physician+Wits roll" ----------
def knocked_out() -> dict:
    # 12 damage: 2 wounds, Shock roll at 5 + 5 × 2 = 15; Willpower + Focus 7, seed 2 (dice −1):
    # AV 6, 9 short: out for 9 Sequences, Physician + Wits at 9 wakes her.
    result = hit(begun(fresh("character", **hero())), 0, 12, seed=2)
    assert result["rolls"] == [
        {
            "what": "Shock roll",
            "notation": "7 vs 15",
            "seed": 2,
            "av": 6,
            "difficulty": 15,
            "passed": False,
            "margin": 9,
        }
    ]
    return result


def test_a_failed_shock_roll_knocks_out_for_its_margin() -> None:
    result = knocked_out()
    ann = result["scene"]["combatants"][0]
    assert (ann["out"], ann["out_margin"], ann["wake_due"]) == (9, 9, False)
    assert fact(result)["state"] == "unconscious (Shock roll): comes round in 9 Sequences at the latest"
    assert result["line"] == "Ann takes 12: shock 12, wounds 2; unconscious: out for 9 Sequences."
    scene = result["scene"]
    for left in range(8, 0, -1):
        scene = begun(scene)
        assert scene["combatants"][0]["out"] == left
    woken = ok("play_sequence", scene=scene)
    assert woken["scene"]["combatants"][0]["out"] == 0 and woken["scene"]["combatants"][0]["out_margin"] == 0
    assert woken["line"].endswith("Ann comes round.")
    assert act(woken["scene"], 0, "action")["combatants"][0]["acted"] == "action"


def test_a_passed_shock_roll_and_a_hit_without_a_wound() -> None:
    # Seed 5 (dice +9): AV 16 against 15, passed.
    passed = hit(fresh(**hero()), 0, 12, seed=5)
    assert passed["rolls"][0]["passed"] and passed["scene"]["combatants"][0]["out"] == 0
    # Exactly at the difficulty passes: Willpower + Focus 15 with seed 13 (dice 0) is AV 15; 14 is one short.
    at = hit(fresh(**hero()), 0, 12, seed=13, focus="15")
    assert at["rolls"][0]["av"] == 15 and at["rolls"][0]["passed"]
    short = hit(fresh(**hero()), 0, 12, seed=13, focus="14")
    assert short["rolls"][0]["margin"] == 1 and short["scene"]["combatants"][0]["out"] == 1
    # "If you are hurt and take a Wound, roll for Shock": 4 damage wounds no one, no roll.
    assert hit(fresh(**hero()), 0, 4, seed=2)["rolls"] == []
    # Not in force: no roll.
    assert hit(fresh(rules=("wound-penalty",), **hero()), 0, 12, seed=2)["rolls"] == []


def test_a_margin_past_ten_minutes_is_ten_minutes() -> None:
    # Willpower + Focus −200 with seed 2: AV −201, 216 short of 15; "whichever comes first": 100.
    ann = hit(fresh(**hero()), 0, 12, seed=2, focus="-200")["scene"]["combatants"][0]
    assert (ann["out"], ann["out_margin"]) == (100, 216)


# --- waking: "Unconscious characters may roll to wake up (Willpower+Focus Difficulty 15) every time
# someone else rolls an Action, or they wake up in 10 minutes, whichever comes first." ----------
def test_a_wake_up_roll_comes_with_someone_elses_roll() -> None:
    scene = knocked_out()["scene"]
    error = refusal("play_wake", scene=scene, index=0, how="roll", seed=5)
    assert error["field"] == "scene.combatants[0].wake_due"
    quiet = act(scene, 1, "quiet")  # an Action with no roll: no try
    assert not quiet["combatants"][0]["wake_due"]
    rolled = act(scene, 1, "action")
    assert rolled["combatants"][0]["wake_due"]
    # Seed 2 (dice −1): AV 6 against 15, still down; the try is spent.
    failed = ok("play_wake", scene=rolled, index=0, how="roll", seed=2)
    assert failed["scene"]["combatants"][0] == {**rolled["combatants"][0], "wake_due": False}
    assert failed["line"] == "Ann: wake-up roll 7 vs 15, seed 2 (+ 1; − 2): AV 6, fails by 9: Ann stays down."
    # Bo rolls from the sheet: another try; seed 5 (dice +9): AV 16, awake.
    again = ok("play_roll", scene=failed["scene"], index=1, skill="", attribute="", defence="5", seed=1)["scene"]
    woken = ok("play_wake", scene=again, index=0, how="roll", seed=5)["scene"]["combatants"][0]
    assert (woken["out"], woken["out_margin"], woken["wake_due"]) == (0, 0, False)


def test_the_physician_roll_wakes_only_a_shock_roll_knock_out() -> None:
    scene = knocked_out()["scene"]
    assert refusal("play_wake", scene=scene, index=0, how="physician", value="", seed=1)["field"] == "value"
    # Physician + Wits 5 against the margin 9: seed 2 (dice −1) gives 4, short; seed 6 (dice +4)
    # gives 9, exactly the margin: awake.
    failed = ok("play_wake", scene=scene, index=0, how="physician", value="5", seed=2)
    assert failed["scene"] == scene
    woken = ok("play_wake", scene=scene, index=0, how="physician", value="5", seed=6)
    assert woken["rolls"][0]["av"] == 9 and woken["scene"]["combatants"][0]["out"] == 0
    fallen = hit(fresh(rules=(), toughness=9), 0, 20)["scene"]
    assert (
        refusal("play_wake", scene=fallen, index=0, how="physician", value="5", seed=6)["field"]
        == "scene.combatants[0].out_margin"
    )


def test_ten_minutes_wake_anyone_down() -> None:
    fallen = hit(fresh(rules=(), toughness=9), 0, 20)["scene"]
    woken = ok("play_wake", scene=fallen, index=0, how="time")
    assert woken["scene"]["combatants"][0]["out"] == 0 and woken["line"] == "10 minutes pass: Ann comes round."
    # Awake with shock still at Health: on their feet until the next shock point.
    assert fact(woken)["state"] == "on their feet"
    assert hit(woken["scene"], 0, 1)["scene"]["combatants"][0]["out"] == 100
    assert refusal("play_wake", scene=woken["scene"], index=0, how="time")["field"] == "scene.combatants[0].out"


# --- Shaken: "When a target takes 1 or more Shock points it becomes Shaken. ... You may not
# perform Active Defenses or Free Actions. At the beginning of an Action, you roll Willpower+Focus
# Difficulty 10+10 as an Action." ---------------------------------------------------------------
SHAKEN = ("wound-penalty", "shaken")


@pytest.mark.parametrize(("damage", "shaken"), [(0, False), (1, True)])
def test_one_shock_point_shakes(damage: int, shaken: bool) -> None:
    result = hit(fresh(rules=SHAKEN, **hero()), 0, damage)
    assert result["scene"]["combatants"][0]["shaken"] is shaken and fact(result)["shaken"] is shaken
    assert result["line"].endswith("Shaken.") is shaken


def test_a_shaken_character_shakes_it_off_as_their_action() -> None:
    scene = begun(hit(fresh(rules=SHAKEN, **hero()), 0, 3)["scene"])
    for what in ("active-defence", "action", "quiet", "out-of-sequence"):
        assert refusal("play_act", scene=scene, index=0, act=what)["field"] == "scene.combatants[0].shaken"
    assert (
        refusal("play_roll", scene=scene, index=0, skill="Guns", attribute="", defence="5", seed=1)["field"]
        == "scene.combatants[0].shaken"
    )
    assert act(scene, 0, "raise-initiative")["combatants"][0]["shaken"]  # Shots for Initiative are no Action
    # Willpower + Focus 7 against 20: seed 5 (dice +9) gives 16, still Shaken; the Action is spent.
    failed = ok("play_shake", scene=scene, index=0, seed=5)
    ann = failed["scene"]["combatants"][0]
    assert (ann["shaken"], ann["acted"], ann["rolled"]) == (True, "action", True)
    assert refusal("play_shake", scene=failed["scene"], index=0, seed=5)["field"] == "scene.combatants[0].acted"
    # Next Sequence: Willpower + Focus 15 (given) with seed 5: 24, no longer Shaken.
    steady = ok("play_shake", scene=begun(failed["scene"]), index=0, value="15", seed=5)["scene"]
    assert not steady["combatants"][0]["shaken"]
    assert refusal("play_shake", scene=begun(steady), index=0, seed=5)["field"] == "scene.combatants[0].shaken"


# --- Dark Times: "After every hit, roll Willpower+Focus against the inflicted Shock points in this
# attack. If you fail this roll, you fall down dying." ------------------------------------------
DARK = ("wound-penalty", "dark-times")


def test_a_failed_dark_times_roll_is_dying() -> None:
    # 8 damage: the roll at 8. Willpower + Focus 7, seed 2 (dice −1): 6, dying.
    result = hit(fresh(rules=DARK, **hero()), 0, 8, seed=2)
    assert result["rolls"] == [
        {
            "what": "Dark Times roll",
            "notation": "7 vs 8",
            "seed": 2,
            "av": 6,
            "difficulty": 8,
            "passed": False,
            "margin": 2,
        }
    ]
    assert result["scene"]["combatants"][0]["life"] == "dying" and fact(result)["dying"]
    assert "falls down dying (Dark Times)" in result["line"]
    # 25 − Health 20 + 5 × 1 wound.
    assert fact(result)["stabilise"] == 10
    # Seed 6 (dice +4): 11 against 8, nothing happens; a hit of 0 calls for no roll.
    assert hit(fresh(rules=DARK, **hero()), 0, 8, seed=6)["scene"]["combatants"][0]["life"] == "alive"
    assert hit(fresh(rules=DARK, **hero()), 0, 0, seed=2)["rolls"] == []


def test_the_shock_and_dark_times_rolls_take_the_seed_and_the_next() -> None:
    # 12 damage: Shock roll at 15 with seed 2 (AV 6), Dark Times at 12 with seed 3 (dice −15: AV −8).
    result = hit(fresh(rules=("wound-penalty", "shock-roll", "dark-times"), **hero()), 0, 12, seed=2)
    assert [(r["what"], r["seed"], r["av"], r["passed"]) for r in result["rolls"]] == [
        ("Shock roll", 2, 6, False),
        ("Dark Times roll", 3, -8, False),
    ]
    ann = result["scene"]["combatants"][0]
    assert (ann["out"], ann["life"]) == (9, "dying")


# --- dying and death: "Dying characters must be stabilized with a Medicine/Physician Diff
# 25-Health+Woundsx5 taken within 1 hour, or die from their wounds." ---------------------------
def dying_ann() -> dict:
    scene = hit(begun(fresh("character", rules=())), 0, 15)["scene"]  # 3 wounds on Toughness 3
    assert fact(scene)["stabilise"] == 20  # 25 − 20 + 5 × 3
    return scene


def test_stabilising_a_dying_character() -> None:
    scene = dying_ann()
    assert refusal("play_stabilise", scene=scene, index=0, how="roll", seed=5)["field"] == "value"
    # Medicine 15 against 20: seed 2 (dice −1) 14, still dying; seed 5 (dice +9) 24, stable.
    assert ok("play_stabilise", scene=scene, index=0, how="roll", value="15", seed=2)["scene"] == scene
    stable = ok("play_stabilise", scene=scene, index=0, how="roll", value="15", seed=5)["scene"]
    assert stable["combatants"][0]["life"] == "stable" and not fact(stable)["dying"]
    assert refusal("play_act", scene=stable, index=0, act="action")["field"] == "scene.combatants[0].life"
    assert refusal("play_stabilise", scene=stable, index=0, how="hour")["field"] == "scene.combatants[0].life"
    # A new wound, wounds still at Toughness: dying again. Shock alone: still stable.
    assert hit(stable, 0, 4)["scene"]["combatants"][0]["life"] == "stable"
    assert fact(hit(stable, 0, 5)["scene"])["dying"]


def test_an_hour_without_it_is_death() -> None:
    dead = ok("play_stabilise", scene=dying_ann(), index=0, how="hour")
    assert dead["scene"]["combatants"][0]["life"] == "dead" and fact(dead)["state"] == "dead"
    scene = dead["scene"]
    for action, request in (
        ("play_act", {"act": "rest"}),
        ("play_act", {"act": "action"}),
        ("play_damage", {"damage": 5}),
        ("play_wake", {"how": "time"}),
        ("play_shake", {"seed": 1}),
        ("play_stabilise", {"how": "hour"}),
        ("play_roll", {"skill": "", "attribute": "", "defence": "5", "seed": 1}),
    ):
        error = refusal(action, scene=scene, index=0, **request)
        assert error["field"] == "scene.combatants[0].life", (action, error)


# --- mook groups: "Glass Jaw Mooks ... 0-4: Nothing Happens. 5-9: Shaken. 10+ Out."; "Advanced
# Mooks ... Damage 0-4: Shaken. Damage 5-9: Attacker gains Free d10 next Action. Damage10-15: Mook
# is unconscious. Damage 16-20: Mook is permanently out of Action." ------------------------------
def group(kind: str, members: int = 6, left: int | None = None, shaken: int = 0) -> dict:
    scene = fresh("mooks")
    scene["combatants"][1] |= {
        "mook": kind,
        "members": members,
        "left": members if left is None else left,
        "shaken": shaken,
    }
    return ok("play_sheet", scene=scene)["scene"]


@pytest.mark.parametrize(
    ("kind", "damage", "left", "shaken"),
    [
        ("glass-jaw", 4, 6, 0),
        ("glass-jaw", 5, 6, 1),
        ("glass-jaw", 9, 6, 1),
        ("glass-jaw", 10, 5, 0),
        ("advanced", 0, 6, 1),
        ("advanced", 4, 6, 1),
        ("advanced", 5, 6, 0),
        ("advanced", 9, 6, 0),
        ("advanced", 10, 5, 0),
        ("advanced", 16, 5, 0),
        ("speed-bump", 4, 6, 0),
        ("speed-bump", 5, 5, 0),
    ],
)
def test_a_hit_on_a_mook_group_at_each_edge(kind: str, damage: int, left: int, shaken: int) -> None:
    after = hit(group(kind), 1, damage)["scene"]["combatants"][1]
    assert (after["left"], after["shaken"]) == (left, shaken)


def test_shaken_mooks_are_standing_mooks() -> None:
    # All six Shaken: another 5–9 hit lands on a Shaken one; a 10 takes one out (no steady one left).
    everyone = group("glass-jaw", shaken=6)
    assert hit(everyone, 1, 7)["scene"]["combatants"][1]["shaken"] == 6
    assert hit(everyone, 1, 10)["scene"]["combatants"][1] | {"acted": False} == {
        **everyone["combatants"][1],
        "left": 5,
        "shaken": 5,
    }
    # Two Shaken of six: a 10 takes out a steady one.
    assert hit(group("glass-jaw", shaken=2), 1, 10)["scene"]["combatants"][1]["shaken"] == 2


def test_the_last_mook_and_a_group_wiped_out() -> None:
    last = group("glass-jaw", left=1, shaken=1)
    result = hit(begun(last), 1, 10)
    gone = result["scene"]["combatants"][1]
    assert (gone["left"], gone["shaken"]) == (0, 0) and result["line"] == "Mooks 1: 1 down, 0 left; wiped out."
    assert fact(result, 1)["down"]
    assert refusal("play_damage", scene=result["scene"], index=1, damage=10)["field"] == "scene.combatants[1].left"
    assert refusal("play_act", scene=result["scene"], index=1, act="action")["field"] == "scene.combatants[1].left"
    # Speed-bump mooks: more down than stand is all of them.
    bumps = hit(group("speed-bump", left=2), 1, 99)["scene"]["combatants"][1]
    assert bumps["left"] == 0


def test_a_shaken_mook_group_rolls_for_its_shaken_as_its_action() -> None:
    scene = begun(group("glass-jaw", shaken=2))
    assert refusal("play_act", scene=scene, index=1, act="action")["field"] == "scene.combatants[1].shaken"
    assert refusal("play_shake", scene=scene, index=1, value="", seed=5)["field"] == "value"
    # The mooks' Willpower + Focus 11, against 20: seed 5 (dice +9) gives 20, exactly: steady; seed
    # 6 (dice +4) gives 15, still Shaken.
    result = ok("play_shake", scene=scene, index=1, value="11", seed=5)
    mooks = result["scene"]["combatants"][1]
    assert (mooks["shaken"], mooks["acted"]) == (1, True)
    assert [r["av"] for r in result["rolls"]] == [20, 15]
    assert result["line"] == "Mooks 1 take their Action: 1 of 2 Shaken steady themselves, 1 still Shaken."
    assert (
        refusal("play_shake", scene=result["scene"], index=1, value="11", seed=5)["field"]
        == "scene.combatants[1].acted"
    )
    assert (
        refusal("play_shake", scene=begun(group("glass-jaw")), index=1, value="11", seed=5)["field"]
        == "scene.combatants[1].shaken"
    )


# --- initiative cards: "if the character is moved one place forward from first place, she is out
# of action" -------------------------------------------------------------------------------------
def test_a_card_pushed_past_first_place_is_out_of_action() -> None:
    scene = fresh("character")
    scene["initiative"] = "cards"
    scene = ok("play_sequence", scene=ok("play_sheet", scene=scene)["scene"])["scene"]
    first = scene["stack"][0]
    pushed = hit(scene, first, 4)["scene"]  # 5 × 4 / 20 = 1 place forward from first: out
    assert pushed["out"] == [first]
    assert refusal("play_act", scene=pushed, index=first, act="action")["field"] == "scene.out"


def test_plus_five_initiative_for_one_added_mid_sequence() -> None:
    # "Raise your Initiative for the current Sequence by 5": one added after the Sequence began has
    # no Initiative set yet; theirs is the pool (3) as it stood, + 5.
    scene = ok("play_add", scene=begun(fresh()), kind="character")["scene"]
    assert scene["combatants"][1]["initiative"] is None
    raised = ok("play_act", scene=scene, index=1, act="raise-initiative")
    assert raised["scene"]["combatants"][1]["initiative"] == 8 and raised["scene"]["combatants"][1]["shots"] == 2
