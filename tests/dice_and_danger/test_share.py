"""dice & danger's ``share`` replies: a roll from the notation box, the damage-roll builder or
the Health-save helper in chat words, with the exact chance of a result this good or better
(rules_engine/core/share.py, rules_engine/dice_and_danger/actions.py).

Better means more hits on a damage roll, fewer on a save (a save's hits hurt the roller),
a higher face on a face roll. Hand-checked on one d6 against DC 4: a hit 1/2; two hits need a
6 (which explodes) and a hit on the die it rolls, 1/6 · 1/2 = 1/12."""

from __future__ import annotations

import json
from fractions import Fraction

from rules_engine.core.exact import percent, ratio
from rules_engine.web import call

SEEDS = range(1, 61)


def ask(action: str, seed: int, **fields: str) -> dict:
    request = {"system": "dice-and-danger", "action": action, "seed": str(seed), "fields": fields, **fields}
    reply = json.loads(call(json.dumps(request)))
    assert reply["ok"], reply
    return reply["result"]


def lines(result: dict) -> list[str]:
    return result["share"]["text"].split("\n")


def chance_line(chance_of: str, chance: Fraction) -> str:
    return f"Chance of {chance_of}: {percent(chance, 2)} (exactly {ratio(chance)})"


def test_one_die_damage_and_save() -> None:
    damage = {0: Fraction(1), 1: Fraction(1, 2), 2: Fraction(1, 12)}
    save = {0: Fraction(1, 2), 1: Fraction(11, 12)}
    seen = set()
    for seed in SEEDS:
        for kind, table in (("damage", damage), ("save", save)):
            result = ask("roll_kind", seed, notation="1d vs DC 4", kind=kind)
            hits = result["hits"]
            seen.add((kind, hits))
            word = "hit" if hits == 1 else "hits"
            chain = "\u2192".join(map(str, [*result["dice"], *(e["value"] for e in result["explosions"])]))
            notation = "1d vs DC 4" if kind == "damage" else "save 1d vs DC 4"
            chance_of = f"{hits} or more hits" if kind == "damage" else f"{hits} or fewer hits on the save"
            if hits in table:
                assert lines(result) == [
                    f"**dice & danger** roll: `{notation}`",
                    f"Dice: {chain}",
                    f"Result: **{hits} {word}**",
                    chance_line(chance_of, table[hits]),
                ]
    assert {("damage", 0), ("damage", 1), ("damage", 2), ("save", 0), ("save", 1)} <= seen


def test_a_face_roll_and_dropped_dice() -> None:
    """1d+1p: the lower of two dice is kept (the penalty die drops the higher); a face f or
    more needs both dice at f or more: ((7 − f)/6)²."""
    seen = set()
    for seed in SEEDS:
        result = ask("roll_kind", seed, notation="1d+1p", kind="damage")
        face = result["face"]
        seen.add(face)
        dropped = result["dropped_positions"][0]
        dice = " ".join(f"~~{v}~~" if i == dropped else str(v) for i, v in enumerate(result["dice"]))
        chance = Fraction(7 - face, 6) ** 2
        assert lines(result) == [
            "**dice & danger** roll: `1d-1p`",
            f"Dice: {dice}",
            f"Result: **a face of {face}**",
            chance_line(f"a face of {face} or more", chance),
        ]
    assert len(seen) >= 4


def test_the_chance_agrees_with_the_odds_at_least_and_at_most() -> None:
    for notation, kind in (("4d+2b-1h vs DC 3", "damage"), ("3d+2p vs DC 4", "save"), ("5d vs DC 5", "damage")):
        odds = ask("odds_kind", 0, notation=notation, kind=kind)
        outcomes = {int(k): Fraction(v) for k, v in odds["outcomes"].items()}
        for seed in range(1, 15):
            result = ask("roll_kind", seed, notation=notation, kind=kind)
            hits = result["hits"]
            if kind == "save":
                expected = sum((p for k, p in outcomes.items() if k <= hits), Fraction(0))
            else:
                expected = Fraction(odds["p_at_least"][str(hits)])
            assert Fraction(result["share"]["chance"]) == expected


def test_the_damage_builder_shares_its_canonical_roll() -> None:
    result = ask("damage_roll", 42, acting="on", weapon="swords", off_hand="on", armour="chain")
    assert result["notation"] == "2d+2b vs DC 5"
    assert lines(result)[0] == "**dice & danger** roll: `2d+2b vs DC 5`"
    assert lines(result)[3].startswith(f"Chance of {result['hits']} or more hits: ")


def test_the_health_save_names_its_outcome_and_the_chance_of_no_worse() -> None:
    """One condition now, Health 4: save 1d vs DC 4. No hit (free parking) 1/2; at most one
    hit 11/12."""
    expected = {0: Fraction(1, 2), 1: Fraction(11, 12)}
    seen = set()
    for seed in SEEDS:
        result = ask("health_roll", seed, conditions_now="1", conditions_had="0", health="4")
        hits = result["hits"]
        seen.add(hits)
        word = "hit" if hits == 1 else "hits"
        assert lines(result)[0] == "**dice & danger** roll: `save 1d vs DC 4`"
        assert lines(result)[2] == f"Result: **{hits} {word}: {result['outcome']}**"
        if hits in expected:
            assert lines(result)[3] == chance_line(f"{hits} or fewer hits on the save", expected[hits])
    assert {0, 1} <= seen


# --- the character generator: this exact character ---------------------------------------------
def lowest_of_three(face: int) -> Fraction:
    """The chance that the lowest of three d6 is ``face``, by counting the 216 throws."""
    throws = [(a, b, c) for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)]
    return Fraction(sum(1 for t in throws if min(t) == face), len(throws))


def test_a_new_characters_chance_is_this_exact_character() -> None:
    assert [lowest_of_three(f) for f in range(1, 7)] == [Fraction(n, 216) for n in (91, 61, 37, 19, 7, 1)]
    for seed in (1, 7, 123):
        made = json.loads(call(json.dumps({"system": "dice-and-danger", "action": "character", "seed": str(seed)})))
        assert made["ok"], made
        result = made["result"]
        chance = Fraction(1)
        for value in result["attributes"].values():
            chance *= lowest_of_three(value)
        assert Fraction(result["share"]["chance"]) == chance
        attributes = ", ".join(f"{name} {value}" for name, value in result["attributes"].items())
        assert lines(result) == [
            "**dice & danger** character: `1d-2p for each attribute`",
            "Dice: "
            + " ".join("(" + " ".join(map(str, result["attribute_dice"][name])) + ")" for name in result["attributes"]),
            f"Result: **{attributes}; Luck {result['luck']['text']}**",
            chance_line("this exact character (these five attributes, in this order)", chance),
        ]
