"""Action!'s rule book (issue 30): the printed rule set reproduces the published numbers,
each setting against a hand enumeration of two or three dice, properties over any rule set,
the conflicts and the limit refused at the spot, and the CLI reading ``--rules`` and a
``with`` clause alike."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from rule_books import answers_by_option_and_clause

from rules_engine.action import SYSTEM
from rules_engine.action.designer import view
from rules_engine.action.house_rules import BOOK, MAX_HOUSE_POOL
from rules_engine.action.lab import LAB, ROLLS, query_at, sheet
from rules_engine.action.roll.notation import make_query, parse
from rules_engine.action.roll.odds import degree_odds, odds, p_double
from rules_engine.action.roll.roll import roll
from rules_engine.action.roll.rules import DEGREE_NAMES
from rules_engine.action.roll.tables import DIFFERENCES, ODDS_TYPES, TABLE_DEFENCE
from rules_engine.cli import run
from rules_engine.core.errors import RulesError
from rules_engine.core.lab import lab_answer
from rules_engine.core.rule_set import RuleSet

PRINTED = BOOK.printed
FUMBLE, TOTAL_FAILURE, FAILURE, SUCCESS, MAJOR, NEGOTIATED, VICTORY, TOTAL_VICTORY = range(8)


# --- the printed rule set is the game the site publishes ---------------------------------------
@pytest.mark.parametrize("word", [None, *ODDS_TYPES])
def test_printed_rules_reproduce_every_odds_table(word: str | None) -> None:
    key = f"odds-{word or 'plain'}"
    table = SYSTEM.table(key)
    types = frozenset({word}) if word else frozenset()
    for difference, row in zip(DIFFERENCES, table.rows):
        query = make_query(TABLE_DEFENCE + difference, TABLE_DEFENCE, types=types, rules=PRINTED)
        assert tuple(cell.value for cell in row[1:]) == tuple(degree_odds(query))


def test_printed_rules_reproduce_the_exact_table_and_the_double0_table() -> None:
    exact = SYSTEM.table("odds-plain-exact")
    for difference, row in zip(DIFFERENCES, exact.rows):
        query = parse(f"{TABLE_DEFENCE + difference} vs {TABLE_DEFENCE}" + PRINTED.with_clause())
        assert query.rules == PRINTED
        assert tuple(cell.value for cell in row[1:]) == tuple(degree_odds(query))
    double0 = SYSTEM.table("double0")
    plain = double0.rows[0]
    assert plain[1].value == p_double(make_query(10, 10, rules=PRINTED))[0] == Fraction(1, 100)


def test_printed_rules_reproduce_the_designers_page() -> None:
    designed = view()
    printed = sheet(ROLLS[0].notation, PRINTED, 1)
    assert [r.p_success for r in printed.rungs] == [s.p_success for s in designed.steps]
    assert [r.notation for r in printed.rungs] == [s.notation for s in designed.steps]
    assert [(o.label, o.value, o.p) for o in printed.outcomes] == [(o.label, o.margin, o.p) for o in designed.outcomes]
    assert printed.notation == designed.roll and printed.rungs[printed.usual].label == "Difficulty 5"


def test_printed_rules_keep_every_json_key_and_add_rules() -> None:
    before = odds(parse("8 vs 5 inspired T 10")).to_json()
    assert before["rules"] == PRINTED.to_json() and before["notation"] == "8 vs 5 inspired T 10"
    rolled = roll(parse("8 vs 5 inspired"), 3).to_json()
    assert rolled["rules"] == {"written": "", "settings": PRINTED.to_json()["settings"]}


# --- a hand enumeration of two or three dice ---------------------------------------------------
def die_outcomes(sides: int, kind: str, depth: int = 0) -> list[tuple[int, int, Fraction]]:
    """(first face, total, chance) of one die: closed, rolling again once, or open to ``depth`` rolls."""
    if kind == "closed":
        return [(f, f, Fraction(1, sides)) for f in range(1, sides + 1)]
    if kind == "once":
        out = [(f, f, Fraction(1, sides)) for f in range(1, sides)]
        return out + [(sides, sides + g, Fraction(1, sides * sides)) for g in range(1, sides + 1)]
    out = []
    for extra in range(depth + 1):  # ``extra`` top faces, then a face below the top
        out += [(sides if extra else f, sides * extra + f, Fraction(1, sides ** (extra + 1))) for f in range(1, sides)]
    return out  # open chains longer than ``depth`` are left out


def hand_degree(skill: int, defence: int, dice: int, double: bool, rules: RuleSet, types: frozenset[str]) -> int:
    """The degree as the source words it, with the rule set's numbers, written afresh."""
    av = skill + dice
    outcome = av - defence
    fumbles = rules["double"] in ("both", "fumble")
    wins = rules["double"] in ("both", "victory")
    if av < 0:
        return FUMBLE
    if outcome < 0:
        if (double and fumbles) or "hazardous" in types:
            return FUMBLE
        margin = rules["total-failure"]
        return TOTAL_FAILURE if margin is not None and outcome <= -margin else FAILURE
    if double and wins:
        return TOTAL_VICTORY
    pv = outcome
    return SUCCESS + sum(1 for step in rules["degrees"] if pv >= step * rules["threshold"])


def hand_odds(
    skill: int, defence: int, rules: RuleSet, types: frozenset[str] = frozenset(), depth: int = 0
) -> tuple[list[Fraction], Fraction]:
    """Each degree's chance by every roll of the dice, and the chance left out (open dice only)."""
    sides = rules["die"]
    reroll = "once" if rules["reroll"] == "once" else "open"
    ups = rules["positive-dice"] + ("inspired" in types)
    downs = rules["negative-dice"]
    up_kind = reroll if rules["open"] in ("both", "positive") else "closed"
    down_kind = reroll if rules["open"] in ("both", "negative") else "closed"
    dice = [die_outcomes(sides, up_kind, depth)] * ups + [die_outcomes(sides, down_kind, depth)] * downs
    result = [Fraction(0)] * 8
    for combo in product(*dice):
        chance = Fraction(1)
        for _, _, p in combo:
            chance *= p
        ups_rolled, downs_rolled = combo[:ups], combo[ups:]
        part = sum(t for _, t, _ in ups_rolled) - sum(t for _, t, _ in downs_rolled)
        double = False
        if ups and downs:
            first_up, first_down = ups_rolled[0][0], downs_rolled[0][0]
            any_pair = rules["double-faces"] == "any" or "experimental" in types
            double = first_up == first_down and (any_pair or first_up == sides)
        result[hand_degree(skill, defence, part, double, rules, types)] += chance
    return result, 1 - sum(result)


def engine(skill: int, defence: int, rules: RuleSet, types: str = "") -> list[Fraction]:
    return list(degree_odds(parse(f"{skill} vs {defence} {types}{rules.with_clause()}")))


#: For each setting, rule sets whose dice are finite (closed, or rolling again once): the
#: enumeration is then every roll there is, and must equal the engine's odds exactly.
EXACT_CASES = [
    ("open none", 5, 5, ""),
    ("open none, die d6", 3, 4, ""),
    ("open none, die d4, positive-dice 2", 2, 5, ""),
    ("open none, die d6, negative-dice 2", 8, 3, ""),
    ("open none, die d4, positive-dice 2, negative-dice 0", 1, 4, ""),
    ("reroll once, die d6", 4, 4, ""),
    ("reroll once, open positive, die d6", 4, 6, ""),
    ("reroll once, open negative, die d8", 6, 3, ""),
    ("reroll once, die d4, positive-dice 2", 3, 5, ""),
    ("open none, double fumble, die d4", 2, 3, ""),
    ("open none, double victory, die d4", 3, 2, ""),
    ("open none, double none, die d4", 1, 3, ""),
    ("open none, double-faces any, die d4", 2, 2, ""),
    ("reroll once, double-faces any, double victory, die d4", 2, 2, ""),
    ("open none, threshold 2, die d6", 9, 2, ""),
    ("open none, degrees 1-3-5-8, threshold 2, die d8", 12, 2, ""),
    ("open none, total-failure 2, die d6", 3, 5, ""),
    ("open none, total-failure none, die d6", 2, 6, ""),
    ("open none, die d4", 3, 3, "inspired"),
    ("open none, die d4", 3, 3, "hazardous"),
    ("open none, die d4", 2, 3, "experimental"),
]


@pytest.mark.parametrize(("written", "skill", "defence", "types"), EXACT_CASES)
def test_each_setting_against_every_roll_of_finite_dice(written: str, skill: int, defence: int, types: str) -> None:
    rules = BOOK.read(written)
    expected, left_out = hand_odds(skill, defence, rules, frozenset(types.split()))
    assert left_out == 0
    assert engine(skill, defence, rules, types) == expected


def test_active_bonus_against_the_enumeration() -> None:
    rules = BOOK.read("active-bonus 2, open none, die d6")
    expected, _ = hand_odds(3, 1 + 2, rules)
    assert list(degree_odds(parse("3 vs active 1" + rules.with_clause()))) == expected
    assert parse("3 vs active 1" + rules.with_clause()).defence_value == 3


@pytest.mark.parametrize(
    "written",
    [
        "die d4",
        "die d4, open positive",
        "die d4, open negative",
        "die d4, double-faces any",
        "die d4, positive-dice 2, double fumble",
    ],
)
def test_open_dice_lie_between_the_enumeration_and_what_it_leaves_out(written: str) -> None:
    rules = BOOK.read(written)
    depth = 7 if "positive-dice 2" not in written else 5
    for skill, defence in ((3, 3), (6, 2), (1, 4)):
        found, left_out = hand_odds(skill, defence, rules, depth=depth)
        exact = engine(skill, defence, rules)
        assert sum(exact) == 1 and 0 < left_out < Fraction(1, 1000)
        for low, value in zip(found, exact):
            assert low <= value <= low + left_out


@pytest.mark.parametrize(
    ("written", "longest", "highest"),
    [("open none", 1, 10), ("reroll once", 2, 10), ("die d6, open positive", None, 6), ("die d4", None, 4)],
)
def test_seeded_rolls_follow_the_dice_settings(written: str, longest: int | None, highest: int) -> None:
    rules = BOOK.read(written)
    chained = False
    for seed in range(150):
        rolled = roll(parse("5 vs 5 wild" + rules.with_clause()), seed)
        assert rolled.query.rules == rules and rolled.to_json()["rules"]["written"] == rules.written
        for chain in rolled.chains:
            assert all(1 <= f <= highest for f in chain.faces)
            if longest is not None:
                assert len(chain.faces) <= longest
            if rules["open"] == "positive" and chain.sign < 0:
                assert len(chain.faces) == 1
            chained |= len(chain.faces) > 1
    assert chained == (longest != 1)


# --- the Threshold: T n and the setting are one rule -------------------------------------------
def test_t_n_and_the_threshold_setting_are_one_rule() -> None:
    assert parse("5 vs 5 with threshold 8").threshold == 8
    assert parse("5 vs 5 T 8 with threshold 8").notation == "5 vs 5 with threshold 8"
    assert parse("5 vs 5 T 10").notation == "5 vs 5 T 10"  # the printed rule: T n as before
    assert degree_odds(parse("5 vs 5 with threshold 8")) == degree_odds(parse("5 vs 5 T 8"))
    with pytest.raises(RulesError) as caught:
        parse("5 vs 5 T 10 with threshold 8")
    assert "threshold 8" in caught.value.message and caught.value.position == 7 and caught.value.length == 4


def test_damage_keeps_its_with_and_follows_the_printed_rules() -> None:
    same = SYSTEM.odds("damage 23 threshold 10 health 30 with stun").to_json()
    assert SYSTEM.odds(SYSTEM.with_rules("damage 23 threshold 10 health 30 with stun", "")).to_json() == same
    for text in ("damage 23 with stun with die d8", "mook 8 vs 5 with die d8"):
        with pytest.raises(RulesError) as caught:
            SYSTEM.odds(text)
        assert caught.value.field == "rules" and "printed rules" in caught.value.message
        assert text[caught.value.position :].startswith("with die")


# --- properties ------------------------------------------------------------------------------
def _value(setting) -> st.SearchStrategy[str]:  # noqa: ANN001
    if setting.name == "degrees":
        return st.lists(st.integers(1, 20), min_size=4, max_size=4, unique=True).map(
            lambda v: "-".join(map(str, sorted(v)))
        )
    if setting.name == "threshold":
        return st.integers(1, 100).map(str)
    if setting.name == "total-failure":
        return st.one_of(st.just("none"), st.integers(1, 100).map(str))
    return st.sampled_from(setting.choices)


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    chosen = draw(st.lists(st.sampled_from(BOOK.settings), unique_by=lambda s: s.name, max_size=5))
    written = ", ".join(f"{s.name} {draw(_value(s))}" for s in chosen)
    try:
        return BOOK.read(written)
    except RulesError:
        assume(False)
        raise


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rule_sets(),
    st.integers(-5, 15),
    st.sampled_from(["", "inspired", "wild", "stymied", "routine", "experimental", "hazardous", "promising"]),
)
def test_any_rule_set_sums_to_one_and_a_harder_rung_is_never_easier(rules: RuleSet, skill: int, types: str) -> None:
    chances = []
    for defence in (0, 5, 10, 15, 20):
        degrees = engine(skill, defence, rules, types)
        assert sum(degrees) == 1 and all(p >= 0 for p in degrees)
        chances.append(sum(degrees[SUCCESS:]))
    assert chances == sorted(chances, reverse=True)


@settings(max_examples=150, deadline=None)
@given(rule_sets())
def test_written_read_written_is_the_same(rules: RuleSet) -> None:
    again = BOOK.read(rules.written)
    assert again == rules and again.written == rules.written
    assert parse("5 vs 5" + rules.with_clause()).rules == rules
    assert (
        parse(parse("5 vs 5 inspired" + rules.with_clause()).notation).notation
        == parse("5 vs 5 inspired" + rules.with_clause()).notation
    )


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_text_after_with_or_to_the_book_is_read_or_refused(text: str) -> None:
    for reader in (BOOK.read, lambda t: parse("5 vs 5 with " + t), lambda t: parse("5 vs 5 wild " + t)):
        try:
            reader(text)
        except RulesError:
            pass


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "die",
                "d8",
                "d7",
                "open",
                "none",
                "reroll",
                "once",
                "double",
                "victory",
                ",",
                "threshold",
                "8",
                "0",
                "T",
                "degrees",
                "1-2-3",
                "2-1-3-4",
                "with",
                "total-failure",
                "positive-dice",
                "3",
                "negative-dice",
                "active-bonus",
                "-1",
                "double-faces",
                "any",
                "inspired",
                "+10d",
                "wild",
            ]
        ),
        max_size=12,
    )
)
def test_settings_words_in_any_order_are_read_or_refused(words: list[str]) -> None:
    text = "5 vs 5 with " + " ".join(words)
    try:
        odds(parse(text))
    except RulesError as error:
        assert error.notation == text and error.position is not None and 0 <= error.position <= len(text)


# --- conflicts and limits --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "named", "at"),
    [
        ("5 vs 5 with positive-dice 0, negative-dice 0", ("positive-dice", "negative-dice"), 29),
        ("5 vs 5 with open none, reroll once", ("open none", "reroll once"), 23),
        ("5 vs 5 with die d7", ("die must be d4, d6, d8, d10, d12 or d20",), 16),
        ("5 vs 5 with degrees 1-2-3", ("degrees must be four rising",), 20),
        ("5 vs 5 with degrees 4-3-2-1", ("degrees must be four rising",), 20),
        ("5 vs 5 with threshold 0", ("threshold must be a whole number from 1 to 100",), 22),
        ("5 vs 5 with total-failure 0", ("total-failure must be",), 26),
        ("5 vs 5 with active-bonus 21", ("active-bonus must be a whole number from 0 to 20",), 25),
        ("5 vs 5 with positive-dice 4", ("positive-dice must be a whole number from 0 to 3",), 26),
        ("5 vs 5 with wild dice", ("unknown setting 'wild'",), 12),
        ("5 vs 5 with", ("expected a setting after with",), 7),
        ("5 vs 5 wild inspired +10d with positive-dice 3", ("positive-dice 3", f"at most {MAX_HOUSE_POOL}"), 31),
        ("5 vs 5 +10d -10d wild with negative-dice 3, positive-dice 3", ("negative-dice 3", "13 positive and 13"), 27),
    ],
)
def test_conflicts_and_limits_are_refused_at_the_spot(text: str, named: tuple[str, ...], at: int) -> None:
    for ask in (parse, lambda t: SYSTEM.odds(t), lambda t: SYSTEM.roll(t, 1)):
        with pytest.raises(RulesError) as caught:
            ask(text)
        error = caught.value
        assert all(n in error.message for n in named), error.message
        assert error.notation == text and error.position == at and error.field == "rules"
        assert "^" in str(error) or error.caret_lines()


def test_the_printed_rules_keep_their_own_limit() -> None:
    query = parse("5 vs 5 wild inspired +10d -10d")  # 13 and 12 dice: the printed worst case
    assert query.plan.positive == MAX_HOUSE_POOL and sum(degree_odds(query)) == 1


# --- the CLI ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "rules",
    [
        "die d8",
        "open positive, reroll once",
        "threshold 8, degrees 1-3-5-7",
        "double-faces any, double victory, total-failure none, active-bonus 3",
    ],
)
def test_cli_rules_option_and_with_clause_give_the_same_json(rules: str) -> None:
    for answer in answers_by_option_and_clause("action", "7 vs active 4 wild", rules, "11"):
        assert answer["rules"]["written"] == BOOK.read(rules).written


def test_cli_refuses_a_setting_in_both_places() -> None:
    code, text = run(["odds", "action", "5 vs 5 with die d8", "--rules", "die d6", "--json"])
    assert code == 2 and "given twice" in json.loads(text)["error"]["message"]


# --- the lab ---------------------------------------------------------------------------------
def test_every_headline_roll_answers_with_three_house_rules() -> None:
    house = ["die d8", "open positive, reroll once", "double none, threshold 4, degrees 1-2-4-8"]
    for lab_roll in LAB.rolls:
        answer = lab_answer(LAB, "Action!", lab_roll.notation, house, 5)
        columns = answer["columns"]
        assert len(columns) == 4 and columns[1]["notation"].endswith("with die d8")
        for column in columns:
            assert sum(Fraction(o["exact"]) for o in column["outcomes"]) == 1 and column["roll"]
            chances = [Fraction(r["exact"]) for r in column["rungs"]]
            assert chances == sorted(chances, reverse=True)


def test_the_lab_roll_has_no_defence_and_errors_point_into_it() -> None:
    assert query_at("5 inspired", 10, PRINTED).notation == "5 vs 10 inspired"
    assert query_at("10 active ev 3 vs 2", 5, PRINTED).notation == "10 vs active 5 ev 3 vs 2"
    for text, at in (("5 vs 5", 2), ("5 inspird", 2), ("", 0), ("x", 0)):
        with pytest.raises(RulesError) as caught:
            lab_answer(LAB, "Action!", text, [], 1)
        assert caught.value.field == "roll" and caught.value.position == at, caught.value.message
    with pytest.raises(RulesError) as caught:
        lab_answer(LAB, "Action!", "5 wild +10d", ["positive-dice 3"], 1)
    assert caught.value.field == "house-1" and "at most 13" in caught.value.message


def test_degree_names_are_the_lab_outcomes() -> None:
    outcomes = sheet("5", BOOK.read("die d6"), None).outcomes
    assert [o.label for o in outcomes] == [n for n in DEGREE_NAMES if n != "Total Failure"] or {
        o.label for o in outcomes
    } <= set(DEGREE_NAMES)
