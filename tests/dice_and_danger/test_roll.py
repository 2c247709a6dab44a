from fractions import Fraction

import pytest
from roller_agreement import assert_roller_agrees

from rules_engine.core.errors import RulesError
from rules_engine.core.roller import DieFate
from rules_engine.dice_and_danger.notation import parse
from rules_engine.dice_and_danger.odds import hits_distribution
from rules_engine.dice_and_danger.roll import generate_character, roll
from rules_engine.dice_and_danger.tables import SOURCE_ROLL, SOURCE_TOTAL

from .worked import resolve_dice


def test_the_source_roll():
    """[1, 2, 4, 5, 6] on 4d-1p vs DC 3: the penalty die drops the 6; 4 and 5 hit."""
    assert (SOURCE_TOTAL, SOURCE_ROLL) == ("4d-1p vs DC 3", (1, 2, 4, 5, 6))
    result = resolve_dice(parse(SOURCE_TOTAL), SOURCE_ROLL)
    assert result.dropped == (4,) and result.kept == (1, 2, 4, 5)
    assert result.explosions == () and result.hit_dice == (4, 5) and result.hits == 2
    assert result.seed is None
    assert result.lines() == [
        "dice & danger 4d-1p vs DC 3 (damage roll), dice given",
        "Rolled: 1 2 4 5 6 (4 base dice, 1 penalty die)",
        "Dropped: 6 (on a damage roll penalty dice drop the highest)",
        "Kept: 1 2 4 5",
        "Hits (3 or more): 4 5 = 2 hits",
        "Result: 2 hits",
    ]
    dropped = [e for e in result.log if e.fate == DieFate.DROPPED]
    assert [(e.index, e.value) for e in dropped] == [(4, 6)]
    assert "drop the highest" in dropped[0].note


def test_kept_sixes_explode_in_chains():
    result = resolve_dice(parse("3d+1b vs DC 4"), [6, 2, 1, 5], explosions=[6, 3])
    assert result.dropped == (2,) and result.kept == (6, 2, 5)
    assert [e.to_dict() for e in result.explosions] == [
        {"from": 0, "index": 4, "value": 6},
        {"from": 4, "index": 5, "value": 3},
    ]
    assert result.chains() == [[6, 6, 3]]
    assert result.hit_dice == (6, 5, 6) and result.hits == 3
    exploded = [e.index for e in result.log if e.fate == DieFate.EXPLODED]
    assert exploded == [0, 4]
    assert "Crits (a kept 6 rolls one more die, again on a 6): 6 → 6 → 3" in result.lines()


def test_dropped_sixes_do_not_explode():
    result = resolve_dice(parse("2d-1p vs DC 3"), [2, 4, 6])
    assert result.kept == (2, 4) and result.explosions == () and result.hits == 1
    # a tie: the later-rolled 6 (the penalty die) is the one dropped, the kept 6 explodes
    tie = resolve_dice(parse("2d-1p vs DC 3"), [6, 4, 6], explosions=[1])
    assert tie.dropped == (2,) and tie.hits == 2


@pytest.mark.parametrize(
    "text,dice,kept,hits",
    [
        ("save 2d+1b vs DC 4", [5, 2, 3], (2, 3), 0),  # a bonus die on a save drops the highest
        ("save 2d-1p vs DC 4", [5, 2, 3], (5, 3), 1),  # a penalty die on a save drops the lowest
        ("2d+1b vs DC 4", [5, 2, 3], (5, 3), 1),
        ("2d-1p vs DC 4", [5, 2, 3], (2, 3), 0),
        ("2d-3h vs DC 3", [4, 5], (4, 5), 0),  # never below 0
        ("2d+1h vs DC 3", [1, 1], (1, 1), 1),
    ],
)
def test_bonus_and_penalty_from_the_rollers_side(text, dice, kept, hits):
    result = resolve_dice(parse(text), dice)
    assert (result.kept, result.hits) == (kept, hits)


def test_an_empty_pool_and_a_face_roll():
    empty = resolve_dice(parse("1d & -2d +1h vs DC 3"), [])
    assert empty.dice == () and empty.hits == 1
    assert "Rolled: no dice" in empty.lines() and empty.lines()[-1] == "Result: 1 hit"
    face = resolve_dice(parse("1d+2p"), [3, 1, 6])
    assert face.face == 1 and face.hits is None and face.lines()[-1] == "Result: 1 (the kept die's face)"
    assert resolve_dice(parse("1d+2p"), [6, 6, 6]).explosions == ()  # a face roll never explodes


def test_given_dice_must_fit_the_roll():
    with pytest.raises(RulesError, match="needs more"):
        resolve_dice(parse("3d vs DC 3"), [1, 2])
    with pytest.raises(RulesError, match="needs more"):
        resolve_dice(parse("1d vs DC 3"), [6])  # the kept 6 needs its explosion die
    with pytest.raises(RulesError, match="not needed"):
        resolve_dice(parse("1d vs DC 3"), [2, 5])
    with pytest.raises(RulesError, match="not a face"):
        resolve_dice(parse("1d vs DC 3"), [0])


def test_seeded_roll_explains_itself():
    result = roll(parse("4d-1p vs DC 3"), seed=7)
    assert result.dice == (3, 2, 4, 6, 1)
    assert result.lines() == [
        "dice & danger 4d-1p vs DC 3 (damage roll), seed 7",
        "Rolled: 3 2 4 6 1 (4 base dice, 1 penalty die)",
        "Dropped: 6 (on a damage roll penalty dice drop the highest)",
        "Kept: 3 2 4 1",
        "Hits (3 or more): 3 4 = 2 hits",
        "Result: 2 hits",
    ]


def test_seeded_roll_with_crits_and_its_log():
    result = roll(parse("6d+2b vs DC 4"), seed=2)
    assert result.dice == (1, 1, 1, 3, 2, 6, 6, 3)
    assert result.lines()[3:] == [
        "Kept: 1 3 2 6 6 3",
        "Crits (a kept 6 rolls one more die, again on a 6): 6 → 3, 6 → 5",
        "Hits (4 or more): 6 6 5 = 3 hits",
        "Result: 3 hits",
    ]
    rolled = [e.index for e in result.log if e.fate == DieFate.ROLLED]
    assert rolled == list(range(10))
    fates: dict[int, list[str]] = {}
    for event in result.log:
        fates.setdefault(event.index, []).append(event.fate.value)
    # every die is rolled, then kept or dropped; a kept 6 also explodes
    assert all(f[0] == "rolled" and f[1] in ("kept", "dropped") for f in fates.values())
    assert fates[5] == ["rolled", "kept", "exploded"] and fates[8] == ["rolled", "kept"]


def test_json_contract_and_replay():
    a = roll(parse("save 5d+2b-1h vs DC 5"), seed=99).to_json()
    b = roll(parse("save 5d +2b -1h vs DC 5"), seed=99).to_json()
    assert a == b
    assert {"system", "notation", "seed", "dice", "kept", "dropped", "explosions", "hits", "log", "lines"} <= set(a)
    assert a["system"] == "dice-and-danger" and a["notation"] == "save 5d+2b-1h vs DC 5" and a["seed"] == 99
    assert len(a["dice"]) == 7 and len(a["kept"]) == 5 and len(a["dropped"]) == 2
    assert a["hits"] == max(0, a["dice_hits"] - 1)


def test_character_generator():
    character = generate_character(7)
    assert character.attributes == {"Strength": 2, "Reflex": 1, "Health": 1, "Intelligence": 1, "Will": 1}
    assert character.attribute_sum == 6 and character.luck.text == "5"
    assert character.inventory_slots == 7 and character.hit_defense == 1 and character.tier == 1
    assert character.lines()[1] == "Strength     2   (rolled 3 2 4, kept the lowest)"
    data = character.to_json()
    assert data["attribute_dice"]["Reflex"] == [6, 1, 1] and data["luck"] == {"text": "5", "dc": 5, "hits": 0}
    assert data["armor"] == data["faith"] == 2 and data["tier_name"] == "Novice"
    assert sum(1 for e in character.log if e.fate == DieFate.ROLLED) == 15
    assert sum(1 for e in character.log if e.fate == DieFate.DROPPED) == 10
    assert generate_character(7).to_json() == data
    for seed in range(50):
        values = generate_character(seed).attributes.values()
        assert all(1 <= v <= 6 for v in values)


@pytest.mark.parametrize("text", ["3d+1b vs DC 4", "save 2d-2p vs DC 5"])
def test_roller_agrees_with_the_exact_odds(text):
    """3000 rolls at fixed seeds against the exact hits odds."""
    query = parse(text)
    exact = hits_distribution(query).probabilities()
    assert sum(exact.values()) < Fraction(1)  # explosions were cut, by a hair
    assert_roller_agrees(exact, lambda seed: roll(query, seed=seed).hits, trials=3000)
