"""Action! part 2 meets bad input with one RulesError that says what and where, quickly:
the word notations (damage, fall, mook, shots, heroic, conflict, cover) and the damage
calculator's bridge action (the pattern of test_bad_input.py)."""

import json

import pytest
from hostile_strategies import CONTRACT, check_both, mutated, numbers, texts
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.action.combat.actions import DAMAGE_FIELDS, damage_fields
from rules_engine.action.combat.damage import OPTION_WORDS
from rules_engine.core.errors import RulesError
from rules_engine.systems import get_system
from rules_engine.web import call

SYSTEM = get_system("action")
EXAMPLES = [
    "damage 23 vs threshold 10 health 30 toughness 3 mass 4 with wound-penalty",
    "damage 15 T 5 luck 5 focus 4 toughness 3 wounds 1 shock 2 wall 1 with stun cinematic-variable shock-roll",
    "damage 0 with sand seriousness dark-times shaken cinematic",
    "fall 12 stunt 6 agility 3",
    "fall 3",
    "mook 8 vs 5 ev 6 vs 2 inspired",
    "mook 5 vs active 3 wild static",
    "shots agility 4 wits 3 luck 5 pool 3 spend 2",
    "heroic 4",
    "conflict chase 17",
    "conflict tiring -7",
    "cover 12",
    "stack Ann, Bo, Cy, d10; Ann acts; Bo takes 6 of health 20; Cy defends; Ann acts snapshot -6",
]
LEADS = st.sampled_from(
    ("damage ", "fall ", "mook ", "shots ", "heroic ", "conflict ", "cover ", "stack ", "DAMAGE ", "damage", "mook:")
)


@CONTRACT
@given(st.builds(lambda lead, rest: lead + rest, LEADS, texts()))
def test_any_text_after_a_word_gives_a_result_or_a_rules_error(text):
    check_both(SYSTEM, text)


@CONTRACT
@given(mutated(EXAMPLES))
def test_mutated_word_notations_give_a_result_or_a_rules_error(text):
    check_both(SYSTEM, text)


@CONTRACT
@given(
    st.builds(
        lambda word, number: f"damage 10 {word} {number}",
        st.sampled_from(
            (
                "threshold",
                "T",
                "health",
                "toughness",
                "mass",
                "wall",
                "wounds",
                "shock",
                "focus",
                "luck",
                "vs threshold",
            )
        ),
        numbers(),
    )
)
def test_any_number_in_a_damage_term(text):
    check_both(SYSTEM, text)


FIELD_VALUES = st.one_of(numbers(), st.text(max_size=30), st.sampled_from(("", " 5 ", "-3", "+4", "1e3")))
OPTION_TEXT = st.one_of(st.text(max_size=40), st.lists(st.sampled_from(OPTION_WORDS), max_size=6).map(" ".join))


@CONTRACT
@given(st.dictionaries(st.sampled_from(DAMAGE_FIELDS), FIELD_VALUES), OPTION_TEXT)
def test_any_calculator_form_gives_a_result_or_an_error_on_a_field(form, options):
    try:
        result = damage_fields({"fields": {"damage": "12", **form, "options": options}})
        json.dumps(result)
    except RulesError as error:
        assert error.message and error.field in (*DAMAGE_FIELDS, "options")


JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=20)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4)),
    max_leaves=12,
)


@CONTRACT
@given(st.one_of(JSON_VALUES, st.dictionaries(st.sampled_from((*DAMAGE_FIELDS, "options", "x")), JSON_VALUES)))
def test_any_json_to_the_bridge_action_is_answered(fields):
    reply = json.loads(call(json.dumps({"system": "action", "action": "damage_fields", "fields": fields})))
    assert reply["ok"] or reply["error"]["message"]


# Every value at its limit; how long each takes is a figure of tests/benchmark.py.
LARGEST_INPUTS = [
    "damage 999 threshold 1 health 1 toughness 1 mass 0 wall 0 wounds 999 shock 999 focus -999 luck -999 with "
    "percentile shock-roll stun cinematic-variable sand dark-times shaken",
    "damage 999 threshold 50 luck -999 with cinematic-variable sand",
    "fall 200 stunt -999 agility 999",
    "fall 200 stunt 999 agility -999",
    "mook 999 vs -999 inspired wild +10d ev 999 vs -999 T 1",
    "mook -999 vs 999 +10d T 100",
    "heroic 100",
    "shots agility 999 wits 999 luck 999 spend 999",
]


@pytest.mark.parametrize("text", LARGEST_INPUTS)
def test_the_largest_inputs_are_answered(text):
    """Every value at its limit: a result (or a refusal naming a limit)."""
    try:
        result = SYSTEM.odds(text)
        assert json.dumps(result.to_json())
    except RulesError as error:
        assert error.message


def test_too_many_luck_rolls_are_refused_naming_the_limit():
    text = "damage 999 threshold 1 luck 5 with cinematic-variable"
    with pytest.raises(RulesError) as info:
        SYSTEM.odds(text)
    assert "at most 20" in info.value.message and text[info.value.position :].startswith("luck")
    assert SYSTEM.odds("damage 999 threshold 1 with cinematic-variable").to_json()["wounds"] == 999
    with pytest.raises(RulesError) as info:
        damage_fields({"fields": {"damage": "999", "threshold": "1", "luck": "5", "options": "cinematic-variable"}})
    assert info.value.field == "luck"


@pytest.mark.parametrize(
    ("notation", "message", "caret"),
    [
        ("stack Ann, Bo; Bob acts", "no card named 'Bob'", 15),
        ("stack " + ", ".join(f"c{i}" for i in range(21)), "too many cards: at most 20", 96),  # at c20
        ("stack Ann, Bo; Bo takes six of health 20", "expected the damage (a whole number)", 24),
        ("stack Ann; Ann takes 5 of health 0", "Health must be from 1 to 999", 33),
        ("stack " + "A" * 31, "at most 30 characters", 6),
        ("stack Ann, Ann", "twice", 11),
        ("stack Ann; Ann dances", "expected an event", 11),
        ("stack Ann, Bo; Ann takes 20 of health 20; Ann acts", "out of action", 42),
        ("stack", "expected the cards after stack", 4),
        ("stack Ann; Ann" + " " * 100 + "acts", "an event is at most 80 characters", 91),
        ("stack Ann" + ";" * 4000, "a notation can be at most 4000 characters", 4000),
    ],
)
def test_card_stack_refusals_say_what_and_where(notation, message, caret):
    with pytest.raises(RulesError) as caught:
        SYSTEM.odds(notation)
    assert message in caught.value.message and caught.value.position == caret
    assert caught.value.notation == notation
