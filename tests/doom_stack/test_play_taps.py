"""Doom Stack's taps in the engine: the odds every tap shows before its roll (``play_taps``),
the chance a roll's log item keeps, a box of damage marked by a tap (``play_mark``) and an
attention die spent by a tap (``play_spend``). Every number here is worked by hand or
counted die by die."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from .test_play import average, ok, readable, refusal, rolled, state_refused


def best_stack(dice: tuple[int, ...]) -> int:
    """The best stack of ``dice`` counted the source's way: the ones with the most of one other face."""
    return dice.count(1) + max(face * dice.count(face) for face in range(2, 7))


def share(pool: int, test) -> Fraction:
    """The share of the 6^pool ways ``pool`` d6 fall whose best stack passes ``test``."""
    rolls = list(product(range(1, 7), repeat=pool))
    return Fraction(sum(bool(test(best_stack(dice))) for dice in rolls), len(rolls))


def test_every_tap_shows_the_odds_of_its_own_roll() -> None:
    # The average person with Firearms 2; the roll form: Agility, no skill, TN 8.
    character = average(skills={"Firearms": 2})
    taps = ok("play_taps", character=character, attribute="Agility", skill="", modifiers="", tn="8")
    # An attribute alone is 2d6: only a pair of 4s, 5s or 6s makes 8 or more, 3 of 36.
    assert share(2, lambda best: best >= 8) == Fraction(1, 12)
    for name in ("Strength", "Agility", "Willpower"):
        assert taps["attributes"][name]["success"] == {"percent": "8.33%", "exact": "1/12"}
        assert taps["attributes"][name]["what"] == name
    # A skill goes with the form's attribute: Agility 2 + Firearms 2 = 4d6, the source's
    # "Challenging 8+ … 44.6%" on 4d6.
    firearms = taps["skills"]["Firearms"]
    assert firearms["what"] == "Agility + Firearms" and firearms["pool_line"].endswith("= 4d6")
    assert share(4, lambda best: best >= 8) == Fraction(193, 432)
    assert firearms["success"] == {"percent": "44.68%", "exact": "193/432"}
    assert list(taps["attributes"]) == ["Strength", "Agility", "Willpower"] and list(taps["skills"]) == ["Firearms"]


def test_an_attribute_tap_takes_the_forms_skill_and_no_tn_gives_the_average() -> None:
    character = average(skills={"Firearms": 2})
    taps = ok("play_taps", character=character, attribute="Strength", skill="Firearms", modifiers="", tn="")
    strength = taps["attributes"]["Strength"]
    assert strength["what"] == "Strength + Firearms" and strength["success"] is None and strength["tn"] is None
    # The mean best stack of 4d6, counted over all 1296 ways they fall.
    mean = sum(best_stack(dice) for dice in product(range(1, 7), repeat=4)) / 6**4
    assert strength["mean"] == f"{mean:.2f}" == "8.19"


def test_a_tap_the_form_cannot_make_is_refused_at_its_field() -> None:
    assert refusal("play_taps", character=average(), attribute="Agility", skill="Magic", tn="8")[1] == "skill"
    assert refusal("play_taps", character=average(), attribute="Agility", skill="", tn="easy")[1] == "tn"
    assert refusal("play_taps", character=average(), attribute="Agility", skill="", modifiers="lots")[1] == "modifiers"


def test_a_roll_keeps_its_exact_chance_for_the_log() -> None:
    character = average(skills={"Firearms": 2})
    with_tn = ok(
        "play_roll", character=character, attribute="Agility", skill="Firearms", modifiers="", tn="8", seed="1"
    )
    assert with_tn["chance"] == {"of": "success at TN 8", "percent": "44.68%", "exact": "193/432"}
    without = ok("play_roll", character=character, attribute="Agility", skill="", modifiers="", tn="", seed="1")
    value = without["roll"]["best_stack"]["value"]
    chance = share(2, lambda best: best >= value)
    assert without["chance"]["of"] == f"a best stack of {value} or more"
    assert without["chance"]["exact"] == f"{chance.numerator}/{chance.denominator}"


def test_a_tap_marks_one_box_of_damage_in_the_next_empty_box() -> None:
    physical = ok("play_mark", character=average(), kind="physical")
    assert physical["character"]["marks"] == "X" and physical["line"].startswith(
        "One box of physical damage, into box 1"
    )
    stun = ok("play_mark", character=physical["character"], kind="stun")
    assert stun["character"]["marks"] == "X/" and stun["sheet"]["track"]["stun"] == 1
    readable(physical["character"], stun["character"])


def test_once_every_box_is_marked_a_tap_fills_the_overflow_with_physical() -> None:
    # 8 boxes marked: knocked out. A stun box more goes to overflow, and counts as physical there.
    full = average(marks="X///////")
    dying = ok("play_mark", character=full, kind="stun")
    assert dying["character"]["marks"] == "X///////" and dying["character"]["overflow"] == 1
    assert dying["sheet"]["track"]["dying"] and "overflow box" in dying["line"]
    # Seven more reach the 8 hit boxes: dead, and the dead take no more.
    body = dying["character"]
    for _ in range(7):
        body = ok("play_mark", character=body, kind="physical")["character"]
    assert body["overflow"] == 8 and ok("play_sheet", character=body)["sheet"]["track"]["dead"]
    state_refused("play_mark", "overflow", character=body, kind="physical")


def test_a_marked_box_starts_a_stable_character_bleeding_and_settles_the_stack() -> None:
    stable = average(marks="X" * 8, overflow=2, stable=True)
    assert ok("play_mark", character=stable, kind="stun")["character"] == {**stable, "overflow": 3, "stable": False}
    marked = ok("play_mark", character=rolled(), kind="stun")["character"]
    assert marked["pick"]["open"] is False and marked["attention"] == [5]
    assert refusal("play_mark", character=average(), kind="fire")[1] == "kind"


def test_a_tap_spends_one_attention_die() -> None:
    # Attention 5 2 1: the 5 spent on noticing, against TN 4: success, performance 1.
    character = average(attention=[5, 2, 1])
    spent = ok("play_spend", character=character, die="0", tn="4")
    assert spent["character"]["attention"] == [2, 1] and spent["die"] == 5
    assert spent["success"] is True and spent["performance"] == 1
    assert (
        spent["line"]
        == "Attention die 5 spent (on noticing) vs TN 4: success, performance 1 (Fair); attention pool 2 1"
    )
    wildcard = ok("play_spend", character=spent["character"], die="1", tn="")
    assert wildcard["character"]["attention"] == [2] and wildcard["success"] is None
    assert wildcard["line"] == "Attention die 1 spent (a wildcard, for a gear tag or a maneuver); attention pool 2"
    readable(spent["character"], wildcard["character"])


def test_spending_settles_the_stack_and_is_refused_when_it_cannot_be() -> None:
    spent = ok("play_spend", character=rolled(), die="0", tn="")["character"]
    assert spent["attention"] == [] and spent["pick"]["open"] is False
    state_refused("play_spend", "attention", character=spent, die="0")
    state_refused("play_spend", "marks", character=average(marks="X" * 8, attention=[3]), die="0")
    assert refusal("play_spend", character=average(attention=[3]), die="1")[1] == "die"
    assert refusal("play_spend", character=average(attention=[3]), die="0", tn="x")[1] == "tn"


def test_an_hour_of_bleeding_keeps_its_chance_for_the_log() -> None:
    # One d6: a 1 (one face of six) stabilises, a 2 to 6 (five of six) adds to the overflow.
    dying = average(marks="X" * 8, overflow=1)
    for seed in range(40):
        hour = ok("play_bleed", character=dying, seed=str(seed))
        expected = (
            {"of": "a 1", "percent": "16.67%", "exact": "1/6"}
            if hour["stable"]
            else {"of": "a 2 to 6", "percent": "83.33%", "exact": "5/6"}
        )
        assert hour["chance"] == expected and hour["stable"] == (hour["die"] == 1)
