"""The Action! Deck: the source's plots and actions, the 200-card deck and the lists alone,
the exact chance of a card in n draws against counting every deal, the notation, and
seeded deals that are the same from the CLI and the bridge."""

import json
import re
from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from refusals import marked, refusal

from rules_engine.action.cards import deck
from rules_engine.action.cards.deck import ACTIONS, PLOTS, copies, deck_cards, p_drawn, parse
from rules_engine.cli import run
from rules_engine.web import call

_UP = Path(__file__).resolve().parents
SOURCE = (_UP[3] / "shared" / "seeds" / "001_cd835157f8b5c68b.txt") if len(_UP) > 3 else Path("/nonexistent")


def ask(**request):
    return json.loads(call(json.dumps({"system": "action", **request})))


def _source_names(first: str, last: str) -> list[str]:
    """The headings from ``first`` to the one before ``last`` in the source's deck chapter."""
    text = SOURCE.read_text(encoding="utf-8")
    chapter = text[text.index("The Action! Deck[edit") :]
    section = chapter[chapter.index(first + "[edit") : chapter.index(last + "[edit")]
    return re.findall(r"(?:^|\.)([^\n.]*?)\[edit \| edit source\]", section, re.MULTILINE)


def test_the_plots_and_actions_are_the_sources():
    if not SOURCE.is_file():
        pytest.skip("the source text is not beside this checkout")
    plots = _source_names("Alertness", "The Action")
    actions = _source_names("Attack!", "Work in Progress")
    assert [p.name for p in PLOTS] == plots and len(plots) == 20
    assert [a.name for a in ACTIONS] == actions and len(actions) == 10


def test_the_deck_pairs_every_plot_with_every_action_once():
    cards = deck_cards("cards")
    assert len(cards) == 200 and len(set(cards)) == 200
    assert Counter(p for p, _ in cards) == {p: 10 for p in PLOTS}
    assert Counter(a for _, a in cards) == {a: 20 for a in ACTIONS}
    assert len(deck_cards("plots")) == 20 and len(deck_cards("actions")) == 10
    assert copies("cards", (PLOTS[0], ACTIONS[0])) == 1
    for plot in PLOTS:  # the counts the engine uses are the deck's own
        assert copies("cards", (plot, None)) == sum(1 for p, _ in cards if p == plot)
        assert copies("plots", (plot, None)) == 1 and copies("actions", (plot, None)) == 0
    for action in ACTIONS:
        assert copies("cards", (None, action)) == sum(1 for _, a in cards if a == action)
        assert copies("cards", (PLOTS[5], action)) == sum(1 for c in cards if c == (PLOTS[5], action))


@pytest.mark.parametrize("kind,draws", [("cards", 1), ("cards", 2), ("plots", 3), ("actions", 4)])
def test_the_chance_of_a_card_equals_counting_every_deal(kind, draws):
    cards = deck_cards(kind)
    hands = list(combinations(range(len(cards)), draws))
    targets = [(PLOTS[3], None), (None, ACTIONS[7]), (PLOTS[3], ACTIONS[7])]
    for plot, action in targets:
        if (kind == "plots" and action) or (kind == "actions" and plot):
            continue
        hits = sum(
            any((plot is None or cards[i][0] == plot) and (action is None or cards[i][1] == action) for i in hand)
            for hand in hands
        )
        assert p_drawn(kind, (plot, action), draws) == Fraction(hits, len(hands))


def test_hand_checked_chances():
    assert p_drawn("plots", (PLOTS[13], None), 5) == Fraction(1, 4)  # 5 of 20
    assert p_drawn("actions", (None, ACTIONS[0]), 3) == Fraction(3, 10)
    assert p_drawn("cards", (PLOTS[13], ACTIONS[0]), 5) == Fraction(5, 200)
    # 1 − C(190, 2) / C(200, 2) = 1 − 17955/19900 = 389/3980
    assert p_drawn("cards", (PLOTS[13], None), 2) == Fraction(389, 3980)
    assert p_drawn("actions", (None, ACTIONS[0]), 10) == 1


#: Deals as a reader may write them, and the canonical form each reads as.
DEALS = [
    ("deck", "deck"),
    ("deck 1", "deck"),
    ("Deck 3", "deck 3"),
    ("deck 3 plots", "deck 3 plots"),
    ("deck plots 3", "deck 3 plots"),
    ("deck 2 actions", "deck 2 actions"),
    ("deck 4 cards", "deck 4"),
    ("deck: Rally in 5 draws", "deck: Rally in 5 draws"),
    ("deck: rally", "deck: Rally in 1 draw"),
    ("deck 5: Wild", "deck: Wild! in 5 draws"),
    ("deck: rally / attack in 5 draws", "deck: Rally / Attack! in 5 draws"),
    ("deck: Attack! / Rally in 2 draws", "deck: Rally / Attack! in 2 draws"),
    ("deck plots: shit hits the fan in 3 draws", "deck plots: The Shit Hits The Fan! in 3 draws"),
    ("deck actions: Stymie! in 10 draws", "deck actions: Stymie! in 10 draws"),
]


@pytest.mark.parametrize("text,canonical", DEALS)
def test_the_notation_reads(text, canonical):
    query = parse(text)
    assert query.notation == canonical
    assert parse(canonical) == query


#: Deals refused: the text, the part the caret marks (empty: the end), words of the message.
BAD_DEALS = [
    ("deck 201", "201", "from 1 to 200"),
    ("deck 21 plots", "21", "from 1 to 20"),
    ("deck 0", "0", "from 1"),
    ("deck: Raly in 2 draws", "Raly", "did you mean Rally?"),
    ("deck plots: Attack!", "Attack!", "no action cards"),
    ("deck: Rally / Wild!", "Wild!", "one plot and one action"),
    ("deck 2: Rally in 3 draws", "3", "twice"),
    ("deck x", "x", "expected a number of draws"),
    ("deck:", "", "card's name"),
]


@pytest.mark.parametrize("text,culprit,message", BAD_DEALS)
def test_bad_deals_are_named_where_they_stand(text, culprit, message):
    error = refusal(parse, text)
    assert message in error.message
    assert marked(error, text) == culprit or (culprit == "" and error.position == len(text))


def test_a_seeded_deal_is_reproducible_and_deals_no_card_twice():
    query = parse("deck 30")
    first = deck.draw(query, 1)
    assert first.cards == deck.draw(query, 1).cards and len(set(first.cards)) == 30
    assert deck.draw(parse("deck 10 actions"), 5).cards and {
        a for _, a in deck.draw(parse("deck 10 actions"), 5).cards
    } == set(ACTIONS)


def test_a_deal_says_whether_the_card_asked_for_came_up():
    query = parse("deck: Rally in 20 draws")
    for seed in range(40):
        result = deck.draw(query, seed)
        at = result.found_at
        plots = [p for p, _ in result.cards]
        assert at == (plots.index(PLOTS[13]) + 1 if PLOTS[13] in plots else None)
        assert result.lines()[-1] == (f"Rally came up as card {at}" if at else "Rally did not come up in 20 cards")


def test_the_cli_and_the_bridge_deal_the_same_cards():
    code, out = run(["roll", "action", "deck 2", "--seed", "1", "--json"])
    assert code == 0
    cli = json.loads(out)
    assert set(cli) >= {
        "system",
        "kind",
        "notation",
        "seed",
        "deck",
        "deck_size",
        "cards",
        "card",
        "found_at",
        "lines",
        "log",
    }
    assert cli == ask(action="roll", notation="deck 2", seed=1)["result"]
    # The roller's replies add their Share text (tests/action/test_share.py); the rest is the CLI's.
    by_form = ask(action="deck_roll", fields={"draws": "2", "deck": "", "card": ""}, seed="1")["result"]
    assert by_form.pop("share")["text"]
    assert cli == by_form
    looked = ask(action="deck_roll", fields={"draws": "5", "deck": "plots", "card": "rally"}, seed=4)["result"]
    assert looked.pop("share")["text"]
    assert looked == json.loads(run(["roll", "action", "deck plots: Rally in 5 draws", "--seed", "4", "--json"])[1])


def test_the_cli_and_the_bridge_give_the_same_odds():
    code, out = run(["odds", "action", "deck: Rally in 5 draws", "--json"])
    cli = json.loads(out)
    assert code == 0 and cli["p_drawn"] == "1252921/5488420" and cli["copies"] == 10 and cli["deck_size"] == 200
    assert set(cli) >= {
        "system",
        "kind",
        "notation",
        "deck",
        "deck_size",
        "draws",
        "card",
        "copies",
        "p_drawn",
        "percent",
        "cards",
        "lines",
    }
    assert cli == ask(action="deck_odds", fields={"draws": "5", "deck": "cards", "card": "Rally"})["result"]
    every = json.loads(run(["odds", "action", "deck 3 actions", "--json"])[1])
    assert every["card"] is None and [c["p_drawn"] for c in every["cards"]] == ["3/10"] * 10


@pytest.mark.parametrize(
    "fields,name,message",
    [
        ({"draws": "0"}, "draws", "from 1 to 200"),
        ({"draws": "21", "deck": "plots"}, "draws", "from 1 to 20"),
        ({"deck": "tarot"}, "deck", "one of cards, plots, actions"),
        ({"card": "Rallly"}, "card", "did you mean"),
        ({"deck": "actions", "card": "Rally"}, "card", "no plot cards"),
    ],
)
def test_form_errors_name_their_field(fields, name, message):
    reply = ask(action="deck_odds", fields=fields)
    assert not reply["ok"] and reply["error"]["field"] == name and message in reply["error"]["message"]
