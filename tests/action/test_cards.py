"""The Dramatic Card Draw: the deck, each rank's result and suit's Favoured action, exact
odds checked against counting every deal, the notation, and seeded draws that are the same
from the CLI and the bridge."""

import json
from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest
from refusals import marked, refusal

from rules_engine.action.cards import draw
from rules_engine.action.cards.draw import RESULT_NAMES, deck, favoured_counts, parse, result_counts
from rules_engine.cli import run
from rules_engine.web import call


def ask(**request):
    return json.loads(call(json.dumps({"system": "action", **request})))


# --- the deck ----------------------------------------------------------------------------------
def test_the_deck_is_52_cards_and_two_jokers():
    cards_ = deck()
    assert len(cards_) == 54 and len(set(cards_)) == 54
    assert sum(1 for c in cards_ if c.suit is None) == 2
    assert Counter(c.suit for c in cards_ if c.suit) == {s: 13 for s in draw.SUITS}
    assert len(deck(0)) == 52 and len(deck(1)) == 53


def test_each_rank_gives_the_sources_result():
    by_rank = {c.rank: c.result.name for c in deck()}
    assert by_rank == {
        "Joker": "Joker",
        "A": "Ace",
        "J": "Face card",
        "Q": "Face card",
        "K": "Face card",
        **{str(n): "5 to 10" for n in range(5, 11)},
        "4": "4",
        "3": "3",
        "2": "2",
    }
    assert result_counts() == {"Joker": 2, "Ace": 4, "Face card": 12, "5 to 10": 24, "4": 4, "3": 4, "2": 4}
    assert result_counts(0)["Joker"] == 0 and sum(result_counts(0).values()) == 52


def test_each_suit_names_its_favoured_action_and_aces_and_jokers_favour_every_action():
    assert draw.FAVOURED == {"spades": "Combat", "hearts": "Interaction", "clubs": "Other", "diamonds": "Deceit"}
    for card in deck():
        if card.suit is None or card.rank == "A":
            assert card.favoured == draw.EVERY_ACTION
        else:
            assert card.favoured == draw.FAVOURED[card.suit]
    # 12 suited cards below the Ace, 4 Aces, 2 jokers: 18 of 54 favour each kind.
    assert favoured_counts() == {kind: 18 for kind in draw.FAVOURED.values()}
    assert favoured_counts(0) == {kind: 16 for kind in draw.FAVOURED.values()}


# --- exact odds against counting ---------------------------------------------------------------
def test_one_faction_odds_are_card_counts_over_54():
    result = draw.odds(parse("draw"))
    assert result.to_json()["outcomes"] == {
        "Joker": "1/27",
        "Ace": "2/27",
        "Face card": "2/9",
        "5 to 10": "4/9",
        "4": "2/27",
        "3": "2/27",
        "2": "2/27",
    }
    assert sum(Fraction(p) for p in result.to_json()["outcomes"].values()) == 1


@pytest.mark.parametrize("factions,jokers", [(2, 2), (3, 2), (2, 0), (2, 1)])
def test_multi_faction_odds_equal_counting_every_deal(factions, jokers):
    """Every ordered deal of ``factions`` cards from the deck, counted."""
    cards_ = deck(jokers)
    deals = 0
    any_count = Counter()
    how_many = Counter()
    per_seat = Counter()
    favoured_any = Counter()
    result_of = [c.result.name for c in cards_]
    favours = [{kind for kind in draw.FAVOURED.values() if c.favoured in (kind, draw.EVERY_ACTION)} for c in cards_]
    for hand in permutations(range(len(cards_)), factions):
        deals += 1
        names = Counter(result_of[i] for i in hand)
        for name in RESULT_NAMES:
            how_many[name, names[name]] += 1
            any_count[name] += names[name] > 0
        per_seat[result_of[hand[-1]]] += 1  # the last faction to draw
        for kind in set().union(*(favours[i] for i in hand)):
            favoured_any[kind] += 1
    data = draw.odds(draw.make_draw(factions, (), jokers)).to_json()
    for row in data["results"]:
        name = row["result"]
        assert Fraction(row["p_any"]) == Fraction(any_count[name], deals)
        assert Fraction(row["p_faction"]) == Fraction(per_seat[name], deals)
        assert {int(k): Fraction(p) for k, p in row["how_many"].items()} == {
            k: Fraction(how_many[name, k], deals) for k in range(factions + 1) if how_many[name, k]
        }
    for row in data["favoured"]:
        assert Fraction(row["p_any"]) == Fraction(favoured_any[row["action"]], deals)


def test_hand_checked_two_factions_and_a_joker():
    # 1 − C(52, 2) / C(54, 2) = 1 − 1326/1431 = 105/1431 = 35/477
    data = draw.odds(parse("draw 2 factions")).to_json()
    joker = next(r for r in data["results"] if r["result"] == "Joker")
    assert joker["p_any"] == "35/477" and joker["how_many"] == {"0": "442/477", "1": "104/1431", "2": "1/1431"}


# --- the notation -------------------------------------------------------------------------------
#: Draws as a reader may write them: the canonical form, how many factions and jokers.
DRAWS = [
    ("draw", "draw", 1, 2),
    ("DRAW 1", "draw", 1, 2),
    ("draw 3", "draw 3 factions", 3, 2),
    ("draw 3 factions", "draw 3 factions", 3, 2),
    ("draw 1 faction", "draw", 1, 2),
    ("draw Heroes, Villains , Cops", "draw Heroes, Villains, Cops", 3, 2),
    ("draw 4 factions; no jokers", "draw 4 factions; no jokers", 4, 0),
    ("draw The Syndicate, O'Neil & Sons; 1 joker", "draw The Syndicate, O'Neil & Sons; 1 joker", 2, 1),
    ("draw 2 factions, 2 jokers", "draw 2 factions", 2, 2),
    ("draw 54", "draw 54 factions", 54, 2),
]


@pytest.mark.parametrize("text,canonical,factions,jokers", DRAWS)
def test_the_notation_reads(text, canonical, factions, jokers):
    query = parse(text)
    assert (query.notation, query.factions, query.jokers) == (canonical, factions, jokers)
    assert parse(query.notation) == query


#: Draws refused: the text, the part the caret marks, words of the message.
BAD_DRAWS = [
    ("draw 55", "55", "from 1 to 54"),
    ("draw 53; no jokers", "53", "from 1 to 52"),
    ("draw 0", "0", "from 1"),
    ("draw Heroes,, Cops", ",", "faction's name"),
    ("draw Heroes, heroes", "heroes", "named twice"),
    ("draw He$roes", "$", "letters, digits"),
    ("draw 3 jokers", "3", "0, 1 or 2 jokers"),
    ("draw " + "x" * 31, "x" * 31, "at most 30"),
]


@pytest.mark.parametrize("text,culprit,message", BAD_DRAWS)
def test_bad_draws_are_named_where_they_stand(text, culprit, message):
    error = refusal(parse, text)
    assert message in error.message
    assert marked(error, text) == culprit


# --- seeded draws ------------------------------------------------------------------------------
def test_a_seeded_draw_is_reproducible_and_deals_no_card_twice():
    query = parse("draw 12 factions")
    first = draw.draw(query, 7)
    assert first.cards == draw.draw(query, 7).cards
    assert len(set(first.cards)) == 12
    assert any(draw.draw(query, seed).cards != first.cards for seed in range(8, 12))
    seen = {c for seed in range(200) for c in draw.draw(parse("draw 54"), seed).cards}
    assert len(seen) == 54


def test_the_draw_tells_each_faction_its_card():
    result = draw.draw(parse("draw Heroes, Villains"), 3)
    lines = result.lines()
    assert lines[0] == "Dramatic Card Draw: draw Heroes, Villains, seed 3 (54-card deck)"
    for line, card, name in zip(lines[1:], result.cards, ("Heroes", "Villains")):
        assert line.startswith(f"{name}: {card.name} ({card.result.name}): {card.result.effect}.")
    data = result.to_json()
    assert [d["faction"] for d in data["draws"]] == ["Heroes", "Villains"]
    assert {"card", "short", "rank", "suit", "result", "effect", "favoured"} <= set(data["draws"][0])


def test_the_cli_and_the_bridge_draw_the_same_cards():
    code, out = run(["roll", "action", "draw 3 factions", "--seed", "7", "--json"])
    assert code == 0
    cli = json.loads(out)
    assert set(cli) >= {"system", "kind", "notation", "seed", "deck_size", "jokers", "draws", "lines", "log"}
    by_notation = ask(action="roll", notation="draw 3 factions", seed=7)["result"]
    by_form = ask(action="card_draw_roll", fields={"factions": "3", "jokers": "2"}, seed="7")["result"]
    shared = by_form.pop("share")  # the roller's reply adds its Share text (tests/action/test_share.py)
    assert shared["text"]
    assert cli == by_notation == by_form
    code, text = run(["roll", "action", "draw 3 factions", "--seed", "7"])
    assert text.splitlines() == cli["lines"]


def test_the_cli_and_the_bridge_give_the_same_odds():
    code, out = run(["odds", "action", "draw Heroes, Villains; no jokers", "--json"])
    assert code == 0
    cli = json.loads(out)
    assert set(cli) >= {
        "system",
        "kind",
        "notation",
        "factions",
        "deck_size",
        "jokers",
        "outcomes",
        "results",
        "favoured",
        "suits",
        "lines",
    }
    form = ask(action="card_draw_odds", fields={"factions": "Heroes, Villains", "jokers": "0"})["result"]
    assert cli == form and cli["factions"] == ["Heroes", "Villains"] and cli["deck_size"] == 52


@pytest.mark.parametrize(
    "fields,name,message",
    [
        ({"factions": "", "jokers": "2"}, "factions", "how many factions"),
        ({"factions": "Heroes,,", "jokers": "2"}, "factions", "faction's name"),
        ({"factions": "99", "jokers": "2"}, "factions", "from 1 to 54"),
        ({"factions": "3", "jokers": "3"}, "jokers", "from 0 to 2"),
        ({"factions": "3", "jokers": "two"}, "jokers", "whole number"),
    ],
)
def test_form_errors_name_their_field(fields, name, message):
    reply = ask(action="card_draw_odds", fields=fields)
    assert not reply["ok"] and reply["error"]["field"] == name and message in reply["error"]["message"]


def test_a_name_error_points_into_the_field():
    error = ask(action="card_draw_odds", fields={"factions": "Heroes, Vil$ains"})["error"]
    assert error["caret"] == ["Heroes, Vil$ains", "           ^"]
