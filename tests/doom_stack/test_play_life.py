"""A whole life through the bridge (issue 28): a new character carried through the states the
Doom Stack source defines to each end it defines: stable, recovered (healed back to no marks),
dead by bleeding out and dead by a killing blow. Every die comes from a seed and every value is
worked by hand from the source (000), whose passage each step names.

Rook is the source's average person (Strength 2, Agility 2, Willpower 2: "Your hit boxes are 4 +
Strength + Willpower", so 8) with Brawl 2. The dice (``rules_engine.core.roller``, checked by
hand): 4d6 with seed 10 is 5 1 4 4; one d6 is 4 with seed 0, 2 with seeds 1, 3 and 4, 1 with
seed 2, 5 with seed 5."""

from __future__ import annotations

from functools import partial

import play_documents

from rules_engine.core.play import FORMAT
from rules_engine.doom_stack.play import VERSION

ok = partial(play_documents.ok, "doom-stack")


def state(result: dict) -> str:
    return result["sheet"]["track"]["state"]


def readable(character: dict) -> None:
    """The state reached is saved and read back unchanged, by a file and by a link."""
    saved = {"format": FORMAT, "version": VERSION, "system": "doom-stack", "entries": [character]}
    assert ok("play_check", document=saved)["document"] == saved
    assert ok("play_open_link", link=ok("play_link", document=saved)["link"])["document"] == saved


def dying_rook() -> dict:
    """Rook from a new sheet to dying: a roll, a smaller stack, another action, two hits, an hour."""
    rook = ok("play_new", name="Rook")["character"]
    rook = ok("play_sheet", character={**rook, "skills": {"Brawl": 2}})["character"]

    # "You assemble your dice pool by adding the relevant Attribute + Skill": Agility 2 + Brawl 2 = 4d6,
    # seed 10: 5 1 4 4. The best stack is both 4s and the wildcard 1 ("They can stack with any die"):
    # 9, against TN 6 a success by 3 (Flashy); "Leave the leftover dice ... in front of you": the 5.
    result = ok("play_roll", character=rook, attribute="Agility", skill="Brawl", tn="6", seed="10")
    assert result["roll"]["dice"] == [5, 1, 4, 4]
    assert result["character"]["attention"] == [5]
    assert (result["sheet"]["pick"]["value"], result["sheet"]["pick"]["performance"]) == (9, 3)

    # "Pick a single die or a dice stack": the 7 stacks of 5 1 4 4, biggest first, are 4+4+1 = 9,
    # 4+4 = 8, 5+1 = 6, 5, 4+1 = 5, 4, 1. Taking 4 + 4 (place 1): 8 vs TN 6 is Solid (2), and the
    # 5 and the 1 stay in the attention pool.
    stacks = [stack["dice"] for stack in result["sheet"]["pick"]["stacks"]]
    assert stacks == [[4, 4, 1], [4, 4], [5, 1], [5], [4, 1], [4], [1]]
    result = ok("play_choose", character=result["character"], stack="1")
    assert result["character"]["attention"] == [5, 1]
    assert (result["sheet"]["pick"]["value"], result["sheet"]["pick"]["performance_name"]) == (8, "Solid")
    readable(result["character"])

    # Multitasking: Strength 2 + modifiers +1 (held to ⌊2/2⌋ = 1) is 3 dice, one fewer than the 4
    # rolled: "you can't spend the highest X dice", X = 1: the 5 stays; the 1 is taken: 1 vs TN 4,
    # a failure 3 short. The attention pool is the 5.
    result = ok("play_multitask", character=result["character"], attribute="Strength", skill="", modifiers="+1", tn="4")
    assert result["character"]["pick"]["held"] == [5] and result["character"]["pick"]["stack"] == [1]
    assert result["sheet"]["pick"]["success"] is False and result["character"]["attention"] == [5]

    # An attack of 9, defended with the 5 of the attention pool ("reducing the attack's performance
    # by its value"): 4 damage; body armour 1 "converts some of the dealt damage (up to its rating) to
    # stun": 3 X then 1 /. The pool is spent.
    result = ok("play_attack", character=result["character"], fields={"attack": "9", "defence": "5", "body": "1"})
    assert result["character"]["marks"] == "XXX/" and result["character"]["attention"] == []
    assert state(result) == "still in action"

    # Another attack of 6 with no dice to defend ("If the defender has no dice, it will hurt"): 4
    # empty boxes take 4 X, 2 go to overflow: "All damage that goes into the overflow box becomes
    # physical and means are you dying", and every box filled is knocked out.
    result = ok("play_attack", character=result["character"], fields={"attack": "6"})
    assert (result["character"]["marks"], result["character"]["overflow"]) == ("XXX/XXXX", 2)
    assert state(result) == "dying and knocked out" and result["sheet"]["bleeding"] is True

    # "roll 1 die every hour. On a 1, you stabilize, otherwise, add 1 to the overflow box": seed 0
    # rolls a 4, overflow 3.
    result = ok("play_bleed", character=result["character"], seed="0")
    assert (result["die"], result["character"]["overflow"]) == (4, 3)
    readable(result["character"])
    return result["character"]


def test_hit_bled_stabilised_and_healed() -> None:
    rook = dying_rook()
    # Seed 2 rolls a 1: stable, kept on the sheet; no hourly roll is offered any more.
    result = ok("play_bleed", character=rook, seed="2")
    assert result["character"]["stable"] is True and result["character"]["overflow"] == 3
    assert state(result) == "stable and knocked out" and result["sheet"]["bleeding"] is False
    readable(result["character"])

    # "Stun damage heals 1 box per hour": the / clears, 7 of 8 boxes marked: conscious.
    result = ok("play_heal", character=result["character"], kind="stun")
    assert result["character"]["marks"] == "XXXXXXX" and state(result) == "stable, conscious"

    # "Physical damage heals 1 box per day with access to modern medicine": the overflow first
    # (3, 2, 1 → 0: no longer dying), then the seven X, one a day.
    for overflow in (2, 1, 0):
        result = ok("play_heal", character=result["character"], kind="physical")
        assert result["character"]["overflow"] == overflow
    assert result["character"]["stable"] is False and state(result) == "still in action"
    for marks in range(6, -1, -1):
        result = ok("play_heal", character=result["character"], kind="physical")
        assert result["character"]["marks"] == "X" * marks
    # Recovered: no marks, nothing in overflow, nothing left to heal.
    assert (result["character"]["marks"], result["character"]["overflow"]) == ("", 0)
    assert result["sheet"]["heal"] == {"stun": False, "physical": False, "all": False}
    assert state(result) == "still in action" and result["sheet"]["acts"]
    readable(result["character"])


def test_bled_to_death() -> None:
    # Overflow 3 of 8: five hours in a row without a 1 is death. Seeds 0, 1, 3, 4, 5 roll 4, 2, 2,
    # 2, 5: overflow 4, 5, 6, 7, 8 ("equal to or greater than your hit boxes, you die outright").
    character = dying_rook()
    for seed, die, overflow in (("0", 4, 4), ("1", 2, 5), ("3", 2, 6), ("4", 2, 7), ("5", 5, 8)):
        result = ok("play_bleed", character=character, seed=seed)
        assert (result["die"], result["character"]["overflow"]) == (die, overflow)
        character = result["character"]
    assert state(result) == "dead" and result["sheet"]["bleeding"] is False and result["sheet"]["acts"] is False
    assert result["line"] == "Bleeding out, this hour: a 5: overflow goes up to 8, the 8 hit boxes: dead"
    assert not play_documents.bridge("doom-stack", "play_bleed", character=character, seed="2")["ok"]
    readable(character)


def test_stabilised_then_killed_outright() -> None:
    # Stable at overflow 3 (seed 2 rolls a 1); then an attack of 5 with no dice: 5 more in overflow,
    # 8 of 8 hit boxes: dead at once, not stable any more.
    stable = ok("play_bleed", character=dying_rook(), seed="2")["character"]
    result = ok("play_attack", character=stable, fields={"attack": "5"})
    assert (result["character"]["overflow"], result["character"]["stable"]) == (8, False)
    assert state(result) == "dead"
    readable(result["character"])
