"""The card notations (``draw …``, ``deck …``) and the card widgets' bridge actions meet bad
input with one RulesError that says what and where, quickly."""

import json

import pytest
from hostile_strategies import CONTRACT, check_both, mutated, numbers, texts
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.action.cards.actions import (
    CARD_FIELDS,
    DECK_FIELDS,
    card_draw_odds,
    card_draw_roll,
    deck_odds,
    deck_roll,
)
from rules_engine.core.errors import RulesError
from rules_engine.systems import get_system
from rules_engine.web import call

SYSTEM = get_system("action")
EXAMPLES = [
    "draw",
    "draw 3 factions",
    "draw Heroes, Villains, Cops",
    "draw 4 factions; no jokers",
    "draw The Syndicate, O'Neil & Sons; 1 joker",
    "deck",
    "deck 3",
    "deck 3 plots",
    "deck 2 actions",
    "deck: Rally in 5 draws",
    "deck: Rally / Attack! in 5 draws",
    "deck plots: Wild! in 3 draws",
]
CARD_NAMES = st.sampled_from(("Rally", "Attack!", "the unknown", "Wild", "stymie", "Rally / Drama!"))


@CONTRACT
@given(st.sampled_from(("draw ", "deck ", "deck: ", "deck plots: ", "draw 3 factions", "Draw:")), texts())
def test_any_text_after_a_card_word_gives_a_result_or_a_rules_error(head, text):
    check_both(SYSTEM, head + text)


@CONTRACT
@given(mutated(EXAMPLES))
def test_mutated_card_notations_give_a_result_or_a_rules_error(text):
    check_both(SYSTEM, text)


def _result_or_error(action, request, fields):
    try:
        result = action(request)
        json.dumps(result)
    except RulesError as error:
        assert error.message and error.field in fields
        if error.position is not None:
            assert error.notation == request["fields"][error.field]
            assert 0 <= error.position <= len(error.notation)


field_text = st.one_of(
    numbers(),
    st.text(max_size=40),
    CARD_NAMES,
    st.sampled_from(("", "cards", "plots", "actions", "0", "1", "2", "Heroes, Villains")),
)


@CONTRACT
@given(st.dictionaries(st.sampled_from(CARD_FIELDS), field_text), st.one_of(st.none(), numbers()))
def test_any_card_draw_form_gives_a_result_or_an_error_on_a_field(form, seed):
    request = {"fields": {"factions": "3", **form}, "seed": seed}
    _result_or_error(card_draw_odds, request, (*CARD_FIELDS, "seed"))
    _result_or_error(card_draw_roll, request, (*CARD_FIELDS, "seed"))


@CONTRACT
@given(st.dictionaries(st.sampled_from(DECK_FIELDS), field_text), st.one_of(st.none(), numbers()))
def test_any_deck_form_gives_a_result_or_an_error_on_a_field(form, seed):
    request = {"fields": form, "seed": seed}
    _result_or_error(deck_odds, request, (*DECK_FIELDS, "seed"))
    _result_or_error(deck_roll, request, (*DECK_FIELDS, "seed"))


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=20)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4)),
    max_leaves=12,
)


@CONTRACT
@given(
    st.sampled_from(("card_draw_odds", "card_draw_roll", "deck_odds", "deck_roll")),
    st.one_of(json_values, st.dictionaries(st.sampled_from((*CARD_FIELDS, *DECK_FIELDS)), json_values)),
    json_values,
)
def test_the_bridge_answers_any_json_with_a_result_or_an_error(action, fields, seed):
    reply = json.loads(call(json.dumps({"system": "action", "action": action, "fields": fields, "seed": seed})))
    assert reply["ok"] or (reply["error"]["message"] and "could not answer" not in reply["error"]["message"])


# The largest draws; how long each takes is a figure of tests/benchmark.py.
LARGEST_DRAWS = [
    "draw 54",
    "deck 200",
    "deck 200: Rally / Attack!",
    "draw " + ", ".join(f"F{i}" for i in range(40)),
    "deck 20 plots",
]


@pytest.mark.parametrize("text", LARGEST_DRAWS)
def test_the_largest_draws_are_answered(text):
    for seed in range(5):
        assert SYSTEM.roll(text, seed).lines()
    assert SYSTEM.odds(text).to_json()
