"""Action!'s ``share`` replies (rules_engine/core/share.py): the roller's roll in chat words,
with the exact chance of a degree this good or better (rules_engine/action/roll/actions.py);
the card draw and the Action! Deck's deal (rules_engine/action/cards/actions.py), with the
exact chance of this exact draw, or of the card looked for coming up (or not), hand-checked
on small decks and draws.

The chance is checked against the dice themselves: every pair of open d10 chains up to three
faces long is resolved by the degree rule, which brackets the exact chance within the
chains left out (1/1000 of each die)."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product
from math import comb, factorial

import pytest

from rules_engine.action.roll.notation import parse
from rules_engine.action.roll.odds import degree_for_dice
from rules_engine.action.roll.rules import DEGREE_NAMES, SIDES
from rules_engine.core.exact import percent, ratio
from rules_engine.web import call

BLANK = {
    "skill": "5",
    "defence": "5",
    "threshold": "",
    "attack_ev": "",
    "defence_ev": "",
    "extra_positive": "",
    "extra_negative": "",
    "types": "",
    "active": "",
}


def roll_reply(seed: str, **fields: str) -> dict:
    request = {"system": "action", "action": "roll_fields", "seed": seed, "fields": {**BLANK, **fields}}
    reply = json.loads(call(json.dumps(request)))
    assert reply["ok"], reply
    return reply["result"]


def open_chains(depth: int = 3) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every open d10 chain of at most ``depth`` faces that ends (a face below 10)."""
    chains = []
    for length in range(1, depth + 1):
        for last in range(1, SIDES):
            chains.append(((SIDES,) * (length - 1) + (last,), Fraction(1, SIDES**length)))
    return chains


def degree_at_least_bounds(notation: str, degree: int) -> tuple[Fraction, Fraction]:
    """(lower, upper) bounds on P(degree ≥ ``degree``) for one positive and one negative open
    die, from the chains up to three faces long (the rest, 1 − covered, may go either way)."""
    query = parse(notation)
    assert (query.plan.positive, query.plan.negative, query.plan.positive_closed) == (1, 1, False)
    reached = covered = Fraction(0)
    for (up, p), (down, q) in product(open_chains(), repeat=2):
        double = up[0] == down[0] == SIDES
        covered += p * q
        if degree_for_dice(query, sum(up) - sum(down), double) >= degree:
            reached += p * q
    return reached, reached + 1 - covered


@pytest.mark.parametrize("seed", [str(s) for s in range(1, 13)])
@pytest.mark.parametrize("fields", [{}, {"skill": "9", "defence": "4"}, {"skill": "2", "defence": "8"}])
def test_the_chance_is_the_chance_of_this_degree_or_better(seed: str, fields: dict[str, str]) -> None:
    result = roll_reply(seed, **fields)
    share = result["share"]
    degree = DEGREE_NAMES.index(result["degree"])
    chance = Fraction(share["chance"])
    low, high = degree_at_least_bounds(result["notation"], degree)
    assert low <= chance <= high and high - low < Fraction(3, 1000)
    if degree == 0:
        assert chance == 1  # a Fumble or better: every roll
    lines = share["text"].split("\n")
    assert lines[0] == f"**Action!** roll: `{result['notation']}`"
    signs = {"+": "+", "-": "\u2212"}
    assert lines[1] == "Dice: " + " ".join(
        signs[d["sign"]] + "\u2192".join(map(str, d["faces"])) for d in result["dice"]
    )
    assert lines[2].startswith(f"Result: **{result['degree']} (AV {result['av']}, Outcome {result['outcome']}")
    assert lines[3] == f"Chance of {result['degree']} or better: {percent(chance, 2)} (exactly {ratio(chance)})"
    assert share["percent"] == percent(chance, 2)


def test_the_chance_adds_up_the_degree_odds() -> None:
    """The chance is the sum of the exact degree odds from the rolled degree up."""
    odds = json.loads(call(json.dumps({"system": "action", "action": "odds_fields", "fields": BLANK})))["result"]
    for seed in range(1, 30):
        result = roll_reply(str(seed))
        k = DEGREE_NAMES.index(result["degree"])
        assert Fraction(result["share"]["chance"]) == sum(
            (Fraction(odds["outcomes"][name]) for name in DEGREE_NAMES[k:]), Fraction(0)
        )


def test_a_static_action_is_its_own_degree_for_certain() -> None:
    result = roll_reply("3", skill="7", defence="4", types="static")
    share = result["share"]
    assert result["dice"] == [] and share["chance"] == "1/1"
    assert share["text"].split("\n")[1:] == [
        "Dice: no dice",
        f"Result: **{result['degree']} (AV 7, Outcome 3, PV {result['pv']})**",
        f"Chance of {result['degree']} or better: 100.00% (exactly 1/1)",
        "Chance of success against defence 4 (Success or better): 100.00% (exactly 1/1)",
    ]


# --- the card draw and the Action! Deck: this exact draw, or the card looked for ---------------
def card_reply(action: str, seed: int, **fields: str) -> dict:
    request = {"system": "action", "action": action, "seed": str(seed), "fields": fields}
    reply = json.loads(call(json.dumps(request)))
    assert reply["ok"], reply
    return reply["result"]


def drawn(seed: int, factions: str, jokers: str = "") -> dict:
    return card_reply("card_draw_roll", seed, factions=factions, jokers=jokers)


def dealt(seed: int, draws: str, deck: str = "", card: str = "") -> dict:
    return card_reply("deck_roll", seed, draws=draws, deck=deck, card=card)


def first_seed(make, wanted) -> dict:
    """The reply of the first seed from 1 whose result passes ``wanted``."""
    for seed in range(1, 5000):
        result = make(seed)
        if wanted(result):
            return result
    raise AssertionError("no seed gives it")


def test_one_factions_card_is_one_of_54() -> None:
    result = first_seed(lambda s: drawn(s, "Heroes"), lambda r: r["draws"][0]["suit"] is not None)
    card = result["draws"][0]
    favoured = "every action Favoured" if card["favoured"] == "every action" else f"{card['favoured']} Favoured"
    assert result["share"]["text"].split("\n") == [
        "**Action!** draw: `draw Heroes`",
        f"Cards: {card['short']}",
        f"Result: **Heroes: {card['card']} ({card['result']}, {favoured})**",
        "Chance of this exact draw (this card): 1.85% (exactly 1/54)",
    ]
    assert (result["share"]["chance"], result["share"]["percent"]) == ("1/54", "1.85%")


def test_a_joker_is_either_of_the_two() -> None:
    result = first_seed(lambda s: drawn(s, "1"), lambda r: r["draws"][0]["suit"] is None)
    assert result["share"]["chance"] == "1/27"  # 2 jokers of 54 cards
    assert (
        result["share"]["text"].split("\n")[3]
        == "Chance of this exact draw (this card, either joker for a Joker): 3.70% (exactly 1/27)"
    )
    assert "(Joker, every action Favoured)" in result["share"]["text"].split("\n")[2]


def test_a_deck_without_jokers_and_two_factions() -> None:
    assert drawn(3, "1", jokers="0")["share"]["chance"] == "1/52"
    two = drawn(3, "Heroes, Villains", jokers="0")
    cards = two["draws"]
    assert two["share"]["chance"] == "1/2652"  # 52 × 51, no joker to look alike
    assert two["share"]["text"].split("\n")[1:3] == [
        f"Cards: {cards[0]['short']} {cards[1]['short']}",
        f"Result: **Heroes: {cards[0]['card']} ({cards[0]['result']}, "
        + ("every action Favoured" if cards[0]["favoured"] == "every action" else f"{cards[0]['favoured']} Favoured")
        + f"); Villains: {cards[1]['card']} ({cards[1]['result']}, "
        + ("every action Favoured" if cards[1]["favoured"] == "every action" else f"{cards[1]['favoured']} Favoured")
        + ")**",
    ]
    assert "each faction the card shown" in two["share"]["text"].split("\n")[3]


def test_the_whole_deck_dealt_counts_the_jokers_once() -> None:
    # 54 factions take the whole deck: 54! orders, two of them look the same (the jokers swapped).
    whole = drawn(5, "54")
    assert Fraction(whole["share"]["chance"]) == Fraction(2, factorial(54))
    assert whole["share"]["text"].split("\n")[3] == (
        "Chance of this exact draw (each faction the card shown, either "
        f"joker for a Joker): <0.01% (exactly 1/{factorial(54) // 2})"
    )
    assert Fraction(drawn(5, "52", jokers="0")["share"]["chance"]) == Fraction(1, factorial(52))


def test_a_deal_of_the_action_deck_is_this_exact_deal() -> None:
    one = dealt(7, "1")
    card = one["cards"][0]
    assert one["share"]["text"].split("\n") == [
        "**Action!** draw: `deck`",
        f"Cards: {card['plot']} / {card['action']}",
        "Result: **this card, from the Action! Deck's 200 cards**",
        "Chance of this exact draw (this card): 0.50% (exactly 1/200)",
    ]
    three = dealt(7, "3")
    assert three["share"]["chance"] == ratio(Fraction(1, 200 * 199 * 198)) == "1/7880400"
    assert three["share"]["text"].split("\n")[1] == "Cards: " + " · ".join(
        f"{c['plot']} / {c['action']}" for c in three["cards"]
    )
    plots = dealt(7, "2", deck="plots")
    assert plots["share"]["chance"] == "1/380"  # 20 × 19
    assert plots["share"]["text"].split("\n")[1] == f"Cards: {plots['cards'][0]['plot']} · {plots['cards'][1]['plot']}"


def test_a_card_looked_for_has_the_chance_of_what_came_of_it() -> None:
    # Drama! is one card of the action deck's 10: in one draw it comes up 1/10, else 9/10.
    found = first_seed(lambda s: dealt(s, "1", deck="actions", card="Drama!"), lambda r: r["found_at"])
    assert found["share"]["text"].split("\n")[2:] == [
        "Result: **Drama! came up as card 1**",
        "Chance of Drama! coming up in 1 draw: 10.00% (exactly 1/10)",
    ]
    missed = first_seed(lambda s: dealt(s, "1", deck="actions", card="Drama!"), lambda r: not r["found_at"])
    assert missed["share"]["text"].split("\n")[2:] == [
        "Result: **Drama! did not come up in 1 draw**",
        "Chance of Drama! not coming up in 1 draw: 90.00% (exactly 9/10)",
    ]
    # Rally is on 10 of the 200 cards: in 5 draws it misses with C(190, 5) / C(200, 5).
    miss = Fraction(190 * 189 * 188 * 187 * 186, 200 * 199 * 198 * 197 * 196)
    assert miss == Fraction(comb(190, 5), comb(200, 5))
    rally = first_seed(lambda s: dealt(s, "5", card="Rally"), lambda r: r["found_at"])
    assert Fraction(rally["share"]["chance"]) == 1 - miss
    assert rally["share"]["text"].split("\n")[2] == f"Result: **Rally came up as card {rally['found_at']}**"
    none = first_seed(lambda s: dealt(s, "5", card="Rally"), lambda r: not r["found_at"])
    assert Fraction(none["share"]["chance"]) == miss
    assert (
        none["share"]["text"].split("\n")[3]
        == f"Chance of Rally not coming up in 5 draws: {percent(miss, 2)} (exactly {ratio(miss)})"
    )


def test_the_command_lines_json_keeps_its_keys() -> None:
    """``share`` is the bridge's: the CLI's JSON of a draw and a deal is unchanged."""
    from rules_engine.action.cards import deck, draw

    assert "share" not in draw.draw(draw.parse("draw 3 factions"), 4).to_json()
    assert "share" not in deck.draw(deck.parse("deck 3"), 4).to_json()
    bridge = drawn(4, "3")
    assert {k: v for k, v in bridge.items() if k != "share"} == draw.draw(draw.parse("draw 3 factions"), 4).to_json()
