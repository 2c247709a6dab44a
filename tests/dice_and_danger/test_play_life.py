"""dice & danger, two whole lives through the bridge (``rules_engine.web.call``), each step
compared with a value worked by hand from the source (seed file 004): every seed is fixed, and
the dice each roll shows are checked by hand in the comments.

Ash is made, arms, spends a Hit Defense on a damage roll, saves against Armor, takes hits, is
stunned, takes more, breaks a sword, is dying (the moods were injuries), stays dying through a
milder save and dies; the dead roll no more. Bryn goes from free parking to knocked out to
flagrantly dead. The source gives no way back from dying or death, nor any healing: those are
the ends it defines."""

from __future__ import annotations

from functools import partial

import play_documents

SYSTEM = "dice-and-danger"
ok = partial(play_documents.ok, SYSTEM)
bridge = partial(play_documents.bridge, SYSTEM)


def conditions(character: dict) -> list[str]:
    return [slot["condition"] for slot in character["slots"]]


def test_ash_from_the_first_roll_to_death() -> None:
    # "Generate these attributes with the value on 1d+2p": seed 0 rolls Strength 4 4 1, Reflex 3 5 4,
    # Health 4 3 4, Intelligence 3 5 2, Will 5 2 3; the lowest of each is kept.
    made = ok("play_new", name="Ash", seed="0")
    ash = made["character"]
    assert ash["attributes"] == {"Strength": 1, "Reflex": 3, "Health": 3, "Intelligence": 2, "Will": 2}
    # "A starting adventurer is level 1"; "Each level up to 6 gives +1 Hit Defense": 1.
    # "6 items + 1 item per point of health": 9 slots. The sum 11 is in "11-15: Luck 3".
    assert ash["level"] == 1 and len(ash["slots"]) == 9
    assert (made["sheet"]["hit_defense"], made["sheet"]["luck"], made["sheet"]["armor"]) == (1, "3", 2)

    # A sword in slot 1 and leather in slot 2. "Leather: DC 3": Armor 3.
    ash["weapon"] = {"family": "swords", "heavy": False, "ranged": False, "crude": False, "off_hand": False}
    ash["armour"] = "leather"
    ash["slots"][0] = {"item": "sword", "condition": "", "gear": "weapon"}
    ash["slots"][1] = {"item": "leather armour", "condition": "", "gear": "armour"}
    armed = ok("play_sheet", character=ash)
    ash = armed["character"]
    assert armed["sheet"]["armor"] == 3 and armed["sheet"]["slots_used"] == 2

    # A damage roll on an unarmoured goblin, Ash paying a Hit Defense for +1b (the option reading):
    # "1d for acting", the HD's +1b, "A weapon gives +1d"; "No armor: DC 2 (+1p vs swords)" is the
    # goblin's penalty die, a bonus die for Ash: 2d+2b vs DC 2. Seed 0 rolls 4 4 1 3; the two bonus
    # dice drop the lowest (1 and 3): 4 and 4 hit, 2 hits. The Hit Defense is marked off.
    rolled = ok(
        "play_damage_roll",
        character=ash,
        fields={"hit_defense": "on", "hd_reading": "bonus", "armour": "none"},
        seed="0",
    )
    assert rolled["written"] == "1d +1b +1d vs DC 2 & +1p" and rolled["roll"]["notation"] == "2d+2b vs DC 2"
    assert rolled["roll"]["dice"] == [4, 4, 1, 3] and rolled["roll"]["hits"] == 2
    ash = rolled["character"]
    assert ash["hit_defense_marked"] == 1 and rolled["sheet"]["hit_defense_left"] == 0

    # An orc's spear, 2 dice: a save against Armor 3, leather's "+1p vs spears". Seed 0 rolls 4 4 1;
    # on a save the penalty die drops the lowest (1): 4 and 4 hit, 2 hits.
    save = ok("play_save_roll", character=ash, fields={"attribute": "Armor", "dice": "2", "weapon": "spears"}, seed="0")
    assert save["written"] == "save 2d +1p vs DC 3" and save["roll"]["dice"] == [4, 4, 1] and save["hits"] == 2

    # No Hit Defense left: both hits are conditions, "Over a piece of equipment, which Mars it" (the
    # sword) and "Over an empty slot, which gives you a Mood" (slot 6). "Health save against +1d per
    # condition you took +1p per condition you already had": 2d, none had, against Health 3.
    took = ok("play_take_hits", character=ash, hits="2", slots=[0, 5])
    ash = took["character"]
    assert conditions(ash) == ["mar", "", "", "", "", "mood", "", "", ""]
    assert (
        ash["health_save"] == {"now": 2, "had": 0, "moods": [5]} and took["sheet"]["health_save"] == "save 2d vs DC 3"
    )
    assert took["sheet"]["hit_defense_left"] == 0

    # The Health save, seed 1: 2 5; only the 5 is 3 or more: 1 hit, "1: Stunned 1 round". The mood stays.
    stunned = ok("play_health_roll", character=ash, seed="1")
    assert stunned["roll"]["dice"] == [2, 5] and stunned["roll"]["hits"] == 1
    ash = stunned["character"]
    assert ash["health_outcome"] == "Stunned for 1 round" and ash["health_save"] is None
    assert conditions(ash) == ["mar", "", "", "", "", "mood", "", "", ""] and stunned["injured"] == []

    # Three spear dice: save 3d +1p vs DC 3, seed 0 rolls 4 4 1 3; the 1 dropped, 4 4 3 hit: 3 hits.
    save = ok("play_save_roll", character=ash, fields={"attribute": "Armor", "dice": "3", "weapon": "spears"}, seed="0")
    assert save["roll"]["dice"] == [4, 4, 1, 3] and save["hits"] == 3
    # Over the marred sword ("Over a slot that already has a Condition, which Breaks equipment"), and two
    # moods over slots 7 and 8. Owed: 3d for the three taken, +2p for the two had (the mar, the mood).
    took = ok("play_take_hits", character=ash, hits="3", slots=[0, 6, 7])
    ash = took["character"]
    assert conditions(ash) == ["break", "", "", "", "", "mood", "mood", "mood", ""]
    assert ash["health_save"] == {"now": 3, "had": 2, "moods": [6, 7]}
    assert took["sheet"]["health_save"] == "save 3d +2p vs DC 3" and took["sheet"]["broken_gear"] == ["weapon"]

    # "You can't use Broken equipment": the damage roll is 1d for acting alone, and the goblin's
    # weakness to swords goes with the sword.
    assert ok("play_damage_odds", character=ash, fields={"armour": "none"})["written"] == "1d vs DC 2"

    # The Health save, seed 0: 4 4 1 3 5; the two penalty dice drop the lowest (1, 3): 4 4 5 hit, 3 hits,
    # "3: Dying (mood was an injury)": the moods of this attack (slots 7, 8) are injuries, slot 6's is not.
    dying = ok("play_health_roll", character=ash, seed="0")
    assert dying["roll"]["dice"] == [4, 4, 1, 3, 5] and dying["roll"]["hits"] == 3
    ash = dying["character"]
    assert ash["health_outcome"] == "Dying" and dying["injured"] == [6, 7]
    assert conditions(ash) == ["break", "", "", "", "", "mood", "injury", "injury", ""]

    # Another hit while dying, over the injury in slot 7: it breaks. 1d for it, +4p for the four had.
    took = ok("play_take_hits", character=ash, hits="1", slots=[6])
    ash = took["character"]
    assert conditions(ash)[6] == "break" and took["sheet"]["health_save"] == "save 1d +4p vs DC 3"
    # Seed 0: 4 4 1 3 5; the four penalty dice drop the four lowest: the 5 kept, 1 hit, stunned; but
    # nothing in the rules ends dying: the sheet stays dying.
    still = ok("play_health_roll", character=ash, seed="0")
    assert still["roll"]["dice"] == [4, 4, 1, 3, 5] and still["roll"]["hits"] == 1
    assert still["outcome"] == "Stunned for 1 round" and still["character"]["health_outcome"] == "Dying"
    ash = still["character"]

    # Two more hits as moods (slots 3, 4): save 2d +4p vs DC 3. Seed 2: 1 1 1 3 2 6; the four lowest
    # dropped, 3 and 6 kept; the kept 6 explodes ("if you keep a 6 ... it explodes") into 6, then 3:
    # 3 6 6 3 hit, 4 hits, "4: Dead (mood was an injury)".
    took = ok("play_take_hits", character=ash, hits="2", slots=[2, 3])
    assert took["sheet"]["health_save"] == "save 2d +4p vs DC 3"
    dead = ok("play_health_roll", character=took["character"], seed="2")
    assert dead["roll"]["dice"] == [1, 1, 1, 3, 2, 6] and dead["roll"]["hits"] == 4
    ash = dead["character"]
    assert ash["health_outcome"] == "Dead" and dead["injured"] == [2, 3] and dead["sheet"]["dead"]
    assert conditions(ash) == ["break", "", "injury", "injury", "", "mood", "break", "injury", ""]

    # The dead roll no more and take no more hits; the sheet still reads.
    for action, request in (
        ("play_damage_roll", {"fields": {}, "seed": "1"}),
        ("play_save_roll", {"fields": {"attribute": "Reflex"}, "seed": "1"}),
        ("play_take_hits", {"hits": "1", "slots": [8]}),
    ):
        reply = bridge(action, character=ash, **request)
        assert not reply["ok"] and reply["error"]["field"] == "character.health_outcome"
        assert reply["error"]["message"].startswith("character.health_outcome: Ash is dead")
    assert ok("play_sheet", character=ash)["character"] == ash


def test_bryn_from_free_parking_to_flagrantly_dead() -> None:
    # Seed 6: Strength 5 1 4, Reflex 3 1 1, Health 2 6 5, Intelligence 4 6 3, Will 3 1 3: the lowest kept.
    bryn = ok("play_new", name="Bryn", seed="6")["character"]
    assert bryn["attributes"] == {"Strength": 1, "Reflex": 1, "Health": 2, "Intelligence": 3, "Will": 1}
    assert len(bryn["slots"]) == 8
    # Two hits: one on the level's one Hit Defense, one as a mood. Owed: 1d vs DC (Health) 2.
    took = ok("play_take_hits", character=bryn, hits="2", hit_defense="1", slots=[0])
    assert took["character"]["hit_defense_marked"] == 1 and took["sheet"]["health_save"] == "save 1d vs DC 2"
    # Seed 2 rolls a 1: no hit, "0: Free parking".
    free = ok("play_health_roll", character=took["character"], seed="2")
    assert free["roll"]["dice"] == [1] and free["outcome"] == "Free parking"
    # Two moods more: 2d +1p vs DC 2; seed 0 rolls 4 4 1, the 1 dropped: 2 hits, "2: Knocked out rest of
    # combat", which replaces the free parking on the sheet; below 3 hits the moods stay moods.
    took = ok("play_take_hits", character=free["character"], hits="2", slots=[1, 2])
    assert took["sheet"]["health_save"] == "save 2d +1p vs DC 2"
    out = ok("play_health_roll", character=took["character"], seed="0")
    assert out["roll"]["dice"] == [4, 4, 1] and out["roll"]["hits"] == 2
    assert out["character"]["health_outcome"] == "Knocked out for the rest of the combat"
    assert conditions(out["character"]) == ["mood", "mood", "mood", "", "", "", "", ""]
    # Six hits as conditions: three over the moods (breaks), three moods. 6d, +3p for the three had.
    took = ok("play_take_hits", character=out["character"], hits="6", slots=[0, 1, 2, 3, 4, 5])
    assert took["character"]["health_save"] == {"now": 6, "had": 3, "moods": [3, 4, 5]}
    assert took["sheet"]["health_save"] == "save 6d +3p vs DC 2"
    # Seed 0: 4 4 1 3 5 4 4 3 4; the three lowest (1 3 3) dropped: six dice of 2 or more, 6 hits. The
    # table stops at "5: Flagrantly Dead"; 6 is flagrantly dead too (the chapter's ruling).
    gone = ok("play_health_roll", character=took["character"], seed="0")
    assert gone["roll"]["dice"] == [4, 4, 1, 3, 5, 4, 4, 3, 4] and gone["roll"]["hits"] == 6
    assert gone["character"]["health_outcome"] == "Flagrantly dead" and gone["injured"] == [3, 4, 5]
    assert conditions(gone["character"]) == ["break", "break", "break", "injury", "injury", "injury", "", ""]
    reply = bridge(
        "play_health_odds", character={**gone["character"], "health_save": {"now": 1, "had": 6, "moods": []}}
    )
    assert not reply["ok"] and reply["error"]["field"] == "character.health_outcome"
