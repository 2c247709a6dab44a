"""The design lab's saves: on a save the hits harm the roller, so a rung's success is taking
no hit, and the ladder runs from the roller's highest DC (the easiest save) down to DC 2.

The expected values are worked out here by enumeration over every face of every die (or by
hand), not by the engine's own counting.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine.core.errors import RulesError
from rules_engine.core.lab import lab_answer
from rules_engine.dice_and_danger import SYSTEM
from rules_engine.dice_and_danger.house_rules import BOOK, PRINTED
from rules_engine.dice_and_danger.lab import LAB, LADDER, SAVE_LADDER, SAVE_USUAL, USUAL, sheet

SAVES = [r.notation for r in LAB.rolls if r.notation.startswith("save")]
DAMAGE = [r.notation for r in LAB.rolls if not r.notation.startswith("save")]


# --- a save by enumeration: the test's own reading of the chapter's table ------------------
def kept_dice(faces: tuple[int, ...], bonus: int, penalty: int, rules: dict[str, str]) -> list[int]:
    """The dice kept from ``faces`` (base, bonus and penalty dice together) on a save.

    As the chapter's table says: on a damage roll a bonus die discards the die
    ``bonus-drops`` names and a penalty die the one ``penalty-drops`` names; on a save
    ``save-drops swapped`` turns both round and ``same`` leaves them. With ``cancel yes``
    (printed) the two kinds cancel one for one first."""
    if rules.get("cancel", "yes") == "yes":
        bonus, penalty = max(bonus - penalty, 0), max(penalty - bonus, 0)
    swap = rules.get("save-drops", "swapped") == "swapped"
    bonus_high = (rules.get("bonus-drops", "lowest") == "highest") != swap
    penalty_high = (rules.get("penalty-drops", "highest") == "highest") != swap
    low = (0 if bonus_high else bonus) + (0 if penalty_high else penalty)
    high = (bonus if bonus_high else 0) + (penalty if penalty_high else 0)
    ordered = sorted(faces)
    return ordered[low : len(ordered) - high]


def enumerate_save(dice: int, bonus: int, penalty: int, dc: int, rules: dict[str, str]) -> dict[int, Fraction]:
    """Hits → chance of a save with nothing exploding (``crit none``) on a d6."""
    if rules.get("cancel", "yes") == "yes":
        rolled = dice + abs(bonus - penalty)
    else:
        rolled = dice + bonus + penalty
    out: dict[int, Fraction] = {}
    for faces in product(range(1, 7), repeat=rolled):
        hits = sum(1 for face in kept_dice(faces, bonus, penalty, rules) if face >= dc)
        out[hits] = out.get(hits, Fraction(0)) + Fraction(1, 6**rolled)
    return dict(sorted(out.items()))


def no_hit_with_crit_top(dice: int, bonus: int, penalty: int, dc: int, rules: dict[str, str]) -> Fraction:
    """The chance of no hit when only a 6 explodes: a kept 6 is itself a hit at any DC up to
    6, so no hit is every kept die below the DC, and no chain ever starts."""
    rolled = dice + (abs(bonus - penalty) if rules.get("cancel", "yes") == "yes" else bonus + penalty)
    good = sum(
        1
        for faces in product(range(1, 7), repeat=rolled)
        if all(face < dc for face in kept_dice(faces, bonus, penalty, rules))
    )
    return Fraction(good, 6**rolled)


def written(rules: dict[str, str]) -> str:
    return ", ".join(f"{name} {value}" for name, value in rules.items())


# (roll, base dice, bonus, penalty)
SMALL = [
    ("save 1d+1b", 1, 1, 0),
    ("save 1d+1p", 1, 0, 1),
    ("save 2d+1b", 2, 1, 0),
    ("save 2d-1p", 2, 0, 1),
    ("save 1d+2p", 1, 0, 2),
    ("save 2d", 2, 0, 0),
]
RULE_SETS = [
    {},
    {"save-drops": "same"},
    {"bonus-drops": "highest"},
    {"penalty-drops": "lowest"},
    {"save-drops": "same", "bonus-drops": "highest", "penalty-drops": "lowest"},
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=written)
@pytest.mark.parametrize(("roll", "dice", "bonus", "penalty"), SMALL)
def test_small_saves_match_enumeration(roll: str, dice: int, bonus: int, penalty: int, rules: dict[str, str]) -> None:
    flat = sheet(roll, BOOK.read(written({**rules, "crit": "none"})), None)
    assert [r.p_success for r in flat.rungs] == [
        enumerate_save(dice, bonus, penalty, dc, rules).get(0, Fraction(0)) for dc, _label in SAVE_LADDER
    ]
    hits = enumerate_save(dice, bonus, penalty, 3, rules)
    assert {o.value: o.p for o in flat.outcomes} == {k: p for k, p in hits.items() if p} and flat.tail == 0
    exploding = sheet(roll, BOOK.read(written(rules)), None)
    assert [r.p_success for r in exploding.rungs] == [
        no_hit_with_crit_top(dice, bonus, penalty, dc, rules) for dc, _label in SAVE_LADDER
    ]


@pytest.mark.parametrize("rules", [{"cancel": "no"}, {"cancel": "no", "save-drops": "same"}], ids=written)
def test_a_save_with_both_kinds_of_die_rolled_matches_enumeration(rules: dict[str, str]) -> None:
    flat = sheet("save 1d+1b+1p", BOOK.read(written({**rules, "crit": "none"})), None)
    expected = [enumerate_save(1, 1, 1, dc, rules)[0] for dc, _label in SAVE_LADDER]
    assert [r.p_success for r in flat.rungs] == expected
    # three dice rolled, one kept: either way round one kind discards the highest and the
    # other the lowest, so the middle die is kept; at DC 2 no hit is a middle 1, at least
    # two 1s of three: 3 · (1/6)^2 · (5/6) + (1/6)^3 = 16/216
    assert expected[-1] == Fraction(2, 27)


def test_save_drops_by_hand() -> None:
    # one die and a bonus die at DC 4, nothing past 3 safe: swapped keeps the lower die, so
    # no hit unless both show 4+: 1 - (1/2)^2 = 3/4; same keeps the higher: both below 4, 1/4
    swapped = sheet("save 1d+1b", BOOK.read("crit none"), None)
    same = sheet("save 1d+1b", BOOK.read("crit none, save-drops same"), None)
    at = {label: n for n, (_dc, label) in enumerate(SAVE_LADDER)}["DC 4 (splint)"]
    assert swapped.rungs[at].p_success == Fraction(3, 4) and same.rungs[at].p_success == Fraction(1, 4)
    # a penalty die the other way round
    assert sheet("save 1d+1p", BOOK.read("crit none"), None).rungs[at].p_success == Fraction(1, 4)
    assert sheet("save 1d+1p", BOOK.read("crit none, save-drops same"), None).rungs[at].p_success == Fraction(3, 4)
    # the Health save 2d-1p at DC 3 as printed: the two highest of three kept, no hit only
    # when all three show 1 or 2
    health = sheet("save 2d-1p", PRINTED, None)
    assert health.rungs[SAVE_USUAL].p_success == Fraction(1, 27)


def test_a_lone_exploding_die_below_the_dc_by_hand() -> None:
    # d4, 2 and up explode, DC 3: a 1 stops, a 2 rolls on without a hit, a 3 or 4 hits. A
    # chain from a 2 ends without a hit with chance c = 1/4 + c/4, c = 1/3; so a lone save
    # takes no hit with chance 1/4 + 1/4 · 1/3 = 1/3
    lone = sheet("save 1d", BOOK.read("die d4, crit 2, dc-range 2-4"), None)
    assert lone.rungs[SAVE_USUAL].label == "DC 3 (leather)" and lone.rungs[SAVE_USUAL].p_success == Fraction(1, 3)
    assert lone.outcomes[0].value == 0 and lone.outcomes[0].p == Fraction(1, 3)


def test_a_dc_past_the_range_on_a_save_by_hand() -> None:
    # one die, nothing exploding, DCs held to 3-5: DC 6 is DC 5 with a die fewer (no die:
    # no hit for certain), DC 2 is DC 3 with a die more ((1/3)^2)
    narrow = sheet("save 1d", BOOK.read("crit none, dc-range 3-5"), None)
    assert [r.p_success for r in narrow.rungs] == [1, Fraction(2, 3), Fraction(1, 2), Fraction(1, 3), Fraction(1, 9)]
    held = sheet("save 1d", BOOK.read("crit none, dc-range 3-5, dc-past nothing"), None)
    assert [r.p_success for r in held.rungs] == [
        Fraction(2, 3),
        Fraction(2, 3),
        Fraction(1, 2),
        Fraction(1, 3),
        Fraction(1, 3),
    ]


# --- what the sheet says ------------------------------------------------------------------
def test_a_save_sheet_says_what_a_rung_means() -> None:
    save = sheet("save 3d", PRINTED, 5)
    assert [r.label for r in save.rungs] == [label for _dc, label in reversed(LADDER)]
    assert save.rungs[0].label == "DC 6 (plate)" and save.rungs[save.usual].notation == "save 3d vs DC 3"
    assert "no hit" in save.success and "highest first" in save.difficulty_term
    assert save.result_term == "Hits taken" and save.explained
    # the damage roll keeps its words and its ladder
    damage = sheet("3d", PRINTED, 5)
    assert damage.usual == USUAL and damage.success.startswith("at least one hit")
    assert damage.difficulty_term == "DC (armour)" and damage.result_term == "Hits"
    # save 3d takes no hit exactly when 3d damage scores none: the two chances add to 1
    for hurt, hit in zip(reversed(save.rungs), damage.rungs):
        assert hurt.p_success + hit.p_success == 1


def test_the_damage_rolls_stay_first_and_unchanged() -> None:
    assert [r.notation for r in LAB.rolls[:5]] == ["3d", "4d-1p", "3d+1b", "3d+1b+1p", "1d"]
    assert SAVES == ["save 3d", "save 3d+1b", "save 3d-1p", "save 2d-1p"]


# --- properties ---------------------------------------------------------------------------
SETTINGS = st.fixed_dictionaries(
    {},
    optional={
        "die": st.sampled_from(["d4", "d6", "d8"]),
        "crit": st.sampled_from(["top", "none", "3", "4"]),
        "cancel": st.sampled_from(["yes", "no"]),
        "bonus-drops": st.sampled_from(["lowest", "highest"]),
        "penalty-drops": st.sampled_from(["lowest", "highest"]),
        "save-drops": st.sampled_from(["swapped", "same"]),
        "dc-range": st.sampled_from(["2-top", "3-4", "1-3", "2-6"]),
        "dc-past": st.sampled_from(["die-a-step", "one-die", "nothing"]),
    },
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SETTINGS, st.sampled_from([*SAVES, "save 1d", "save 2d-1h", "save 1d+1b+1p", "save 2d+2p"]))
def test_save_sheets_sum_to_one_and_a_harder_rung_never_helps(chosen: dict[str, str], roll: str) -> None:
    try:
        rules = BOOK.read(written(chosen))
    except RulesError as error:
        assert "past the d" in error.message
        return
    save = sheet(roll, rules, 2)  # the sheet itself checks its outcomes and tail sum to 1
    assert sum((o.p for o in save.outcomes), save.tail) == 1
    chances = [r.p_success for r in save.rungs]
    assert all(0 <= later <= earlier <= 1 for earlier, later in zip(chances, chances[1:])), chances
    # the usual rung's chance of no hit is the spread's chance of 0 hits
    zero = save.outcomes[0].p if save.outcomes[0].value == 0 else Fraction(0)
    assert save.rungs[save.usual].p_success == zero


# --- the lab's answer ---------------------------------------------------------------------
def test_the_lab_answers_the_saves_and_save_drops_now_shows() -> None:
    for roll in SAVES:
        answer = lab_answer(LAB, SYSTEM.title, roll, ["save-drops same", "die d8", "crit none"], 7)
        printed, same, d8, flat = answer["columns"]
        assert printed["notation"] == f"{roll} vs DC 3" and same["notation"] == f"{roll} vs DC 3 with save-drops same"
        assert printed["rungs"][0]["label"] == "DC 6 (plate)" and printed["usual"]["label"] == "DC 3 (leather)"
        assert d8["notation"].endswith("with die d8") and flat["tail"] is None
        moved = [r["points"] for r in answer["differences"][0]["rungs"]]
        if "b" in roll or "p" in roll:
            assert all(points.startswith("\u2212" if "b" in roll else "+") for points in moved), moved
        else:
            assert all(points == "\u00b10.00" for points in moved)
        json.dumps(answer)
    # the damage rolls do not read save-drops
    for roll in DAMAGE:
        answer = lab_answer(LAB, SYSTEM.title, roll, ["save-drops same"], 7)
        assert all(r["points"] == "\u00b10.00" for r in answer["differences"][0]["rungs"])


def test_the_lab_answer_for_save_3d_plus_1p_by_hand() -> None:
    # as printed a save's penalty die discards the lowest: the three highest of four are
    # kept, and no hit at DC d is all four below d (a kept 6 is a hit, so nothing explodes).
    # Under save-drops same it discards the highest: the three lowest kept, no hit when at
    # most one die of four shows d or more
    answer = lab_answer(LAB, SYSTEM.title, "save 3d-1p", ["save-drops same"], None)
    printed, same = answer["columns"]
    for n, (dc, _label) in enumerate(SAVE_LADDER):
        miss = Fraction(dc - 1, 6)
        assert Fraction(printed["rungs"][n]["exact"]) == miss**4
        assert Fraction(same["rungs"][n]["exact"]) == miss**4 + 4 * miss**3 * (1 - miss)
