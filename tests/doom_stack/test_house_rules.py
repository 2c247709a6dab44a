"""Doom Stack's rule book (issue 30): the printed rule set reproduces every published table,
each setting is checked against small pools worked out here by walking every face, and the
reader, the notation's ``with`` clause, the CLI's ``--rules`` and the limits refuse bad input
with a ``RulesError`` and a caret."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product
from math import ceil, floor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from refusals import assert_placed, refusal
from rule_books import answers_by_option_and_clause

from rules_engine.cli import run
from rules_engine.core.errors import RulesError
from rules_engine.core.lab import lab_answer
from rules_engine.doom_stack import SYSTEM
from rules_engine.doom_stack.house_rules import BOOK, CAP_SHARES, DICE
from rules_engine.doom_stack.lab import LAB, sheet
from rules_engine.doom_stack.notation import parse
from rules_engine.doom_stack.odds import house_max_pool, odds, odds_against, stack_distribution
from rules_engine.doom_stack.roll import roll
from rules_engine.doom_stack.rules import DIFFICULTY_LADDER, best_stack, legal_stacks

PRINTED = BOOK.printed
HYPOTHESIS = settings(max_examples=60, deadline=None, derandomize=True, database=None)


# --- the same rules, worked out here face by face ---------------------------------------------


def hand_stack(faces: tuple[int, ...], wild: int | None) -> int:
    """Every wild die's pips plus the best group of one other face (any face when none is wild)."""
    wilds = wild * faces.count(wild) if wild is not None else 0
    return wilds + max((f * faces.count(f) for f in set(faces) if f != wild), default=0)


def hand_spread(pool: int, die: int, wild: int | None) -> dict[int, Fraction]:
    """The best stack of ``pool`` dice, by walking all ``die ** pool`` rolls."""
    counts: dict[int, int] = {}
    for faces in product(range(1, die + 1), repeat=pool):
        value = hand_stack(faces, wild)
        counts[value] = counts.get(value, 0) + 1
    return {value: Fraction(n, die**pool) for value, n in sorted(counts.items())}


def hand_success(spread: dict[int, Fraction], tn: int, exact: str) -> tuple[Fraction, Fraction]:
    """(success, glitch) at ``tn`` when a stack equal to the TN gives ``exact``."""
    success = sum((p for v, p in spread.items() if (v > tn if exact == "failure" else v >= tn)), Fraction(0))
    glitch = spread.get(tn, Fraction(0)) if exact == "glitch" else Fraction(0)
    return success, glitch


def hand_pool(attribute: int, skill: int, modifiers: int, share: str, rounding: str) -> int:
    """The pool attribute + skill + modifiers makes under a modifier cap."""
    base = attribute + skill
    if CAP_SHARES[share] is None:
        return max(0, base + modifiers)
    exact = CAP_SHARES[share] * base
    cap = floor(exact) if rounding == "down" else ceil(exact)
    return base + max(-cap, min(cap, modifiers))


# --- the printed rule set is the chapter ------------------------------------------------------


def test_printed_rule_set_reproduces_the_published_tables() -> None:
    ladder = [(rung.name, rung.tn) for rung in DIFFICULTY_LADDER]
    success = SYSTEM.table("pool-success")
    glitch = SYSTEM.table("pool-glitch")
    for row_s, row_g in zip(success.rows, glitch.rows):
        pool = int(row_s[0].text.removesuffix("d6"))
        dist = stack_distribution(pool, PRINTED)
        for (_, tn), cell_s, cell_g in zip(ladder, row_s[1:], row_g[1:]):
            exact = odds_against(dist, pool, tn, PRINTED)
            assert (cell_s.value, cell_g.value) == (exact.success, exact.glitch)
    for row in SYSTEM.table("difficulty").rows:
        tn = row[1].value
        exact = odds(parse(f"4d6 vs TN {tn} with die d6, wild 1")).odds  # the printed values written out
        assert (row[2].value, row[3].value) == (exact.success, exact.glitch)


def test_printed_rule_set_gives_the_designers_ladder() -> None:
    view = SYSTEM.designer()
    printed = sheet("4d6", PRINTED, 1)
    assert [(r.label, r.p_success) for r in printed.rungs] == [(s.label, s.p_success) for s in view.steps]
    assert printed.rungs[printed.usual].notation == view.roll == SYSTEM.example


def test_printed_rules_are_written_empty_and_every_json_names_them() -> None:
    assert PRINTED.written == "" and parse("4d6 vs TN 8").rules == PRINTED
    for verb in ("roll", "odds"):
        result = json.loads(run([verb, "doom-stack", "4d6 vs TN 8", "--json"])[1])
        assert result["rules"] == {
            "written": "",
            "settings": {
                "die": "d6",
                "wild": "1",
                "exact-match": "glitch",
                "modifier-cap": "half",
                "cap-rounding": "down",
                "ladder": "4-6-7-8-9-10-12-14-16-18-24",
            },
        }
    attack = json.loads(run(["odds", "doom-stack", "attack 9 vs 4", "--json"])[1])
    assert attack["rules"]["written"] == ""


# --- each setting, by hand --------------------------------------------------------------------


@pytest.mark.parametrize(("die", "pool"), [(4, 2), (4, 3), (8, 2), (8, 3), (10, 2), (12, 2), (20, 2)])
def test_die_setting_by_enumeration(die: int, pool: int) -> None:
    rules = BOOK.read(f"die d{die}")
    assert stack_distribution(pool, rules).probabilities() == hand_spread(pool, die, 1)
    assert parse(f"{pool}d{die} with die d{die}") == parse(f"{pool}d with die d{die}")


def test_die_d4_two_dice_by_hand() -> None:
    # The 16 rolls of 2d4, ones wild: (1,1) is 2; a 1 beside x is x + 1 (two rolls each: 3, 4, 5);
    # a pair x,x of 2 to 4 is 2x (4, 6, 8); two different faces of 2 to 4 give the higher
    # (two rolls each: {2,3} is 3, {2,4} and {3,4} are 4).
    counts = {2: 1, 3: 2 + 2, 4: 2 + 1 + 4, 5: 2, 6: 1, 8: 1}
    assert sum(counts.values()) == 16
    expected = {k: Fraction(v, 16) for k, v in counts.items()}
    assert stack_distribution(2, BOOK.read("die d4")).probabilities() == expected == hand_spread(2, 4, 1)


@pytest.mark.parametrize(
    ("die", "wild", "pool"),
    [
        (6, None, 2),
        (6, None, 3),
        (6, 2, 3),
        (6, 6, 3),
        (4, None, 3),
        (4, 4, 3),
        (8, 3, 3),
        (8, None, 3),
        (12, 7, 2),
    ],
)
def test_wild_setting_by_enumeration(die: int, wild: int | None, pool: int) -> None:
    written = "none" if wild is None else str(wild)
    rules = BOOK.read(f"die d{die}, wild {written}")
    assert stack_distribution(pool, rules).probabilities() == hand_spread(pool, die, wild)


def test_no_wild_face_two_dice_by_hand() -> None:
    # 2d6 with no wild face: a pair x,x is 2x (one roll each: 2, 4 … 12); two different faces
    # give the higher, h, in 2(h - 1) rolls (2, 4, 6, 8, 10 for h = 2 … 6).
    counts = {2: 1 + 2, 3: 4, 4: 1 + 6, 5: 8, 6: 1 + 10, 8: 1, 10: 1, 12: 1}
    assert sum(counts.values()) == 36
    expected = {k: Fraction(v, 36) for k, v in counts.items()}
    assert stack_distribution(2, BOOK.read("wild none")).probabilities() == expected == hand_spread(2, 6, None)


@pytest.mark.parametrize("exact", ["glitch", "success", "failure"])
@pytest.mark.parametrize(("pool", "tn"), [(2, 4), (2, 6), (3, 8), (3, 7)])
def test_exact_match_setting_by_enumeration(exact: str, pool: int, tn: int) -> None:
    result = odds(parse(f"{pool}d6 vs TN {tn} with exact-match {exact}"))
    success, glitch = hand_success(hand_spread(pool, 6, 1), tn, exact)
    assert (result.odds.success, result.odds.glitch) == (success, glitch)
    data = result.to_json()
    assert data["p_success"] == f"{success.numerator}/{success.denominator}"


def test_exact_match_two_dice_vs_tn_4_by_hand() -> None:
    # 2d6, ones wild: a best stack under 4 is (1,1) = 2, (1,2) (2,1) = 3 or (2,3) (3,2) = 3: 5 rolls.
    # Exactly 4: (1,3) (3,1), (2,2), and the higher of (2,4) (4,2) (3,4) (4,3): 7 rolls.
    assert odds(parse("2d6 vs TN 4")).odds == odds(parse("2d6 vs TN 4 with exact-match glitch")).odds
    glitch = odds(parse("2d6 vs TN 4")).odds
    assert (glitch.success, glitch.glitch) == (Fraction(31, 36), Fraction(7, 36))
    clean = odds(parse("2d6 vs TN 4 with exact-match success")).odds
    assert (clean.success, clean.glitch) == (Fraction(31, 36), 0)
    beat = odds(parse("2d6 vs TN 4 with exact-match failure")).odds
    assert (beat.success, beat.glitch) == (Fraction(24, 36), 0)


@pytest.mark.parametrize("share", list(CAP_SHARES))
@pytest.mark.parametrize("rounding", ["down", "up"])
@pytest.mark.parametrize(("attribute", "skill", "modifiers"), [(2, 1, 3), (2, 1, -3), (1, 0, 2), (3, 2, -9)])
def test_modifier_cap_and_rounding_by_hand(
    share: str, rounding: str, attribute: int, skill: int, modifiers: int
) -> None:
    sign = "+" if modifiers >= 0 else "-"
    text = f"{attribute}+{skill}{sign}{abs(modifiers)}d6 vs TN 5 with modifier-cap {share}, cap-rounding {rounding}"
    query = parse(text)
    pool = hand_pool(attribute, skill, modifiers, share, rounding)
    assert query.pool == pool
    success, glitch = hand_success(hand_spread(pool, 6, 1), 5, "glitch")
    assert (odds(query).odds.success, odds(query).odds.glitch) == (success, glitch)


def test_modifier_cap_worked_examples() -> None:
    # attribute 3 + skill 2 = 5: half is 2.5, held to 2 rounded down, 3 rounded up; a third is 1 or 2.
    assert parse("3+2+4d6").pool == 7
    assert parse("3+2+4d6 with cap-rounding up").pool == 8
    assert parse("3+2+4d6 with modifier-cap third").pool == 6
    assert parse("3+2+4d6 with modifier-cap third, cap-rounding up").pool == 7
    assert parse("3+2+4d6 with modifier-cap none").pool == 9
    assert parse("3+2-9d6 with modifier-cap none").pool == 0
    line = odds(parse("3+2-9d6 with modifier-cap none")).to_json()["assembled"]["line"]
    assert line.endswith("(modifiers of -9 held to -5: a pool has no fewer than 0 dice)")
    line = odds(parse("3+2+4d6 with modifier-cap third")).to_json()["assembled"]["line"]
    assert line.endswith("(modifiers of +4 held to +1: at most a third of attribute + skill)")


def test_ladder_setting_by_enumeration() -> None:
    written = "3-5-6-7-8-9-10-12-14-16-20"
    rules = BOOK.read(f"die d4, ladder {written}")
    answer = sheet("3d6", rules, 2)
    spread = hand_spread(3, 4, 1)
    tns = [int(t) for t in written.split("-")]
    assert [r.p_success for r in answer.rungs] == [hand_success(spread, tn, "glitch")[0] for tn in tns]
    assert [r.label for r in answer.rungs][:2] == ["Routine (TN 3)", "Fair (TN 5)"]
    assert parse("3d4 vs Challenging with die d4, ladder " + written).tn == 7
    assert (
        parse("3d4 vs TN 7 with die d4, ladder " + written).title
        == f"3d4 vs TN 7 (Challenging) with die d4, ladder {written}"
    )


# --- the roll follows the rule set ------------------------------------------------------------


@pytest.mark.parametrize("written", ["die d8", "die d8, wild none", "die d20, wild 13", "wild 6", "die d4, wild 4"])
def test_seeded_roll_under_a_house_rule(written: str) -> None:
    rules = BOOK.read(written)
    for seed in range(20):
        rolled = roll(parse(f"5d vs TN 8 with {written}"), seed)
        assert all(1 <= d <= rules["die"] for d in rolled.dice)
        assert rolled.stack.value == hand_stack(rolled.dice, rules["wild"])
        data = rolled.to_json()
        assert data["rules"]["written"] == rules.written and data["stacks"][0]["value"] == rolled.stack.value
        assert data["notation"] == f"5d{rules['die']} vs TN 8 with {rules.written}"
        assert (
            rolled.roll_lines()[0]
            == f"Doom Stack 5d{rules['die']} vs TN 8 (Challenging) with {rules.written}; seed {seed}"
        )


def test_roll_words_follow_the_exact_match_setting() -> None:
    lines = [
        " ".join(roll(parse(f"4d6 vs TN 6 with exact-match {e}"), 7).roll_lines())
        for e in ("glitch", "success", "failure")
    ]
    dice = roll(parse("4d6 vs TN 6"), 7).stack.value
    assert dice == 6  # seed 7 makes a best stack of exactly 6
    assert "glitch: success with a complication" in lines[0]
    assert "no glitch under these rules" in lines[1]
    assert "a stack equal to the TN fails" in lines[2]


@HYPOTHESIS
@given(st.sampled_from([None, *range(1, 9)]), st.lists(st.integers(1, 8), max_size=7))
def test_stacks_listed_under_any_wild_face(wild: int | None, dice: list[int]) -> None:
    stacks = legal_stacks(dice, wild=wild)
    if dice:
        assert stacks[0].value == best_stack(dice, wild=wild).value == hand_stack(tuple(dice), wild)
    for stack in stacks:
        assert stack.value == sum(dice[i] for i in stack.positions)
        assert all(dice[i] == wild for i in stack.wildcards)
        assert len({dice[i] for i in stack.members}) <= 1


# --- properties -------------------------------------------------------------------------------


@st.composite
def rule_texts(draw: st.DrawFn) -> str:
    """A written rule set: some settings, in any order."""
    die = draw(st.sampled_from(DICE))
    chosen = {
        "die": f"d{die}",
        "wild": draw(st.sampled_from(["none", *map(str, range(1, die + 1))])),
        "exact-match": draw(st.sampled_from(["glitch", "success", "failure"])),
        "modifier-cap": draw(st.sampled_from(list(CAP_SHARES))),
        "cap-rounding": draw(st.sampled_from(["down", "up"])),
        "ladder": "-".join(map(str, sorted(draw(st.sets(st.integers(1, 80), min_size=11, max_size=11))))),
    }
    names = draw(st.lists(st.sampled_from(list(chosen)), unique=True))
    if "wild" in names and "die" not in names and chosen["wild"] != "none" and int(chosen["wild"]) > 6:
        names.append("die")  # a wild face past the printed d6 needs its die
    return ", ".join(f"{name} {chosen[name]}" for name in names)


@HYPOTHESIS
@given(rule_texts())
def test_written_read_and_written_again_is_the_same(text: str) -> None:
    rules = BOOK.read(text)
    assert BOOK.read(rules.written) == rules
    assert BOOK.read(rules.written).written == rules.written
    assert BOOK.read(text.upper()) == rules


@HYPOTHESIS
@given(rule_texts(), st.integers(0, 5))
def test_spread_sums_to_one_and_a_harder_rung_never_helps(text: str, pool: int) -> None:
    rules = BOOK.read(text)
    answer = sheet(f"{pool}d6", rules, 1)
    assert sum(o.p for o in answer.outcomes) == 1
    chances = [r.p_success for r in answer.rungs]
    assert chances == sorted(chances, reverse=True)
    result = odds(parse(f"{pool}d vs TN 9 with {text}" if text else f"{pool}d vs TN 9"))
    assert sum(result.dist.probabilities().values()) == 1
    assert result.odds.success + result.odds.failure == 1 and result.odds.glitch <= result.odds.success


@HYPOTHESIS
@given(st.text(max_size=80))
def test_any_text_as_rules_is_read_or_refused_with_a_rules_error(text: str) -> None:
    try:
        rules = BOOK.read(text)
    except RulesError as error:
        assert error.field == "rules" and error.position is not None and 0 <= error.position <= len(text)
    else:
        assert BOOK.read(rules.written) == rules


@HYPOTHESIS
@given(st.text(alphabet=st.sampled_from(list("dwilnoex 0123456789,-vsTN")) | st.characters(), max_size=60))
def test_any_with_clause_in_a_notation_gives_only_rules_errors(text: str) -> None:
    for notation in (f"4d6 vs TN 8 with {text}", f"3+2+1d with {text}", f"attack 9 with {text}"):
        for call in (SYSTEM.odds, lambda n: SYSTEM.roll(n, 3)):
            try:
                call(notation).to_json()
            except RulesError as error:
                assert error.position is None or 0 <= error.position <= len(notation)


# --- refusals: conflicts, contradictions and limits -------------------------------------------


@pytest.mark.parametrize(
    ("text", "position", "length", "words"),
    [
        ("die d4, wild 6", 8, 6, "wild 6 is past the die's faces"),
        ("wild 20, die d12", 9, 7, "a d12 shows 1 to 12"),
        ("die d7", 4, 2, "die must be d4, d6, d8, d10, d12 or d20"),
        ("wild 0", 5, 1, "wild must be none or a face from 1 to 20"),
        ("exact-match tie", 12, 3, "exact-match must be glitch, success or failure"),
        ("modifier-cap 1/2", 13, 3, "modifier-cap must be none, quarter, third, half"),
        ("cap-rounding sideways", 13, 8, "cap-rounding must be down or up"),
        ("ladder 4-6-8", 7, 5, "ladder must be 11 rising TNs"),
        ("ladder 4-6-7-8-9-10-12-14-16-24-18", 7, 27, "ladder must be 11 rising TNs"),
        ("glitch off", 0, 6, "unknown setting 'glitch'"),
    ],
)
def test_book_refuses_at_the_spot_naming_the_setting(text: str, position: int, length: int, words: str) -> None:
    error = refusal(BOOK.read, text)
    assert_placed(error, position, length, words)
    assert error.field == "rules"


@pytest.mark.parametrize(
    ("text", "position", "length", "words"),
    [
        ("4d6 vs TN 8 with die d4, wild 6", 25, 6, "wild 6 is past the die's faces"),
        ("4d6 vs TN 8 with die d8", 2, 1, "these rules roll d8 (the setting die): write d8"),
        ("4d8 vs TN 8", 2, 1, "only six-sided dice: write d6 (another die is a house rule: end with 'with die d8')"),
        ("4d8 with die d10", 2, 1, "these rules roll d10"),
        ("4d6 vs TN 8 with", 12, 4, "expected a setting after with"),
        ("4d6 with wild none, wild 2", 20, 6, "given twice"),
        ("attack 9 vs 4 with die d8", 14, 11, "an attack takes no house rules"),
        ("4d4 vs TN 1300 with die d4", 10, 4, "the TN must be from 1 to 1200"),
    ],
)
def test_notation_refuses_contradictions_at_the_spot(text: str, position: int, length: int, words: str) -> None:
    error = refusal(SYSTEM.odds, text)
    assert words in error.message
    assert (error.notation, error.position, error.length) == (text, position, length)


@pytest.mark.parametrize("written", ["die d20", "wild none", "die d4, wild 4", "die d12, wild none"])
def test_a_pool_past_the_limit_is_refused_naming_it(written: str) -> None:
    rules = BOOK.read(written)
    limit = house_max_pool(rules["die"], rules["wild"])
    die = rules["die"]
    assert 40 < limit < 300
    parse(f"{limit}d with {written}")  # the limit itself reads
    with pytest.raises(RulesError) as caught:
        parse(f"{limit + 1}d{die} vs TN 8 with {written}")
    error = caught.value
    assert f"a pool of {limit + 1}d{die} is too large to compute under these rules" in error.message
    assert f"up to {limit} dice" in error.message
    assert (error.position, error.length) == (0, len(str(limit + 1)))
    with pytest.raises(RulesError) as caught:
        parse(f"{limit}+1+1d with {written}")
    assert f"more than the {limit} the engine computes under these rules with a d{die}" in caught.value.message
    assert (caught.value.position, caught.value.length) == (0, len(f"{limit}+1+1"))


def test_the_printed_limit_is_unchanged_by_settings_that_leave_the_dice_alone() -> None:
    assert parse("300d6 vs TN 8 with exact-match failure, ladder 5-6-7-8-9-10-12-14-16-18-24").pool == 300
    with pytest.raises(RulesError, match="from 0 to 300"):
        parse("301d6 with exact-match success")


# --- the CLI, the bridge and the lab ----------------------------------------------------------


@pytest.mark.parametrize(
    ("notation", "rules"),
    [
        ("4d8 vs TN 8", "die d8, wild none"),
        ("3+2+4d6 vs Challenging", "modifier-cap none, exact-match failure"),
        ("6d vs TN 9", "ladder 3-5-6-7-8-9-10-12-14-16-20, wild 6"),
    ],
)
def test_cli_rules_option_and_with_clause_give_the_same_json(notation: str, rules: str) -> None:
    for answer in answers_by_option_and_clause("doom-stack", notation, rules, "11"):
        assert answer["rules"]["written"] == BOOK.read(rules).written


def test_cli_rules_and_with_clause_naming_one_setting_twice_is_refused() -> None:
    code, text = run(["odds", "doom-stack", "4d8 with die d8", "--rules", "die d8", "--json"])
    assert code == 2 and "given twice" in json.loads(text)["error"]["message"]


def test_lab_headline_rolls_come_first_and_answer_for_every_setting() -> None:
    assert LAB.rolls[0].notation == "4d6" and SYSTEM.designer().label == "4d6"
    house = ["die d8, wild none", "exact-match failure, modifier-cap none", "die d20, wild 20, cap-rounding up"]
    for lab_roll in LAB.rolls:
        answer = lab_answer(LAB, SYSTEM.title, lab_roll.notation, house, 5)
        assert [c["usual"]["label"] for c in answer["columns"]] == ["Challenging (TN 8)"] * 4
        assert answer["columns"][3]["notation"].endswith("with die d20, wild 20, cap-rounding up")
        json.dumps(answer)


def test_lab_rolls_each_columns_own_die_and_cap() -> None:
    answer = lab_answer(LAB, SYSTEM.title, "2+2+4d6", ["modifier-cap none", "die d4"], 3)
    printed, uncapped, d4 = answer["columns"]
    assert printed["notation"] == "6d6" and uncapped["notation"] == "8d6 with modifier-cap none"
    assert d4["notation"] == "6d4 with die d4"
    assert [o["exact"] for o in d4["outcomes"]] == [
        f"{p.numerator}/{p.denominator}" for p in hand_spread(6, 4, 1).values()
    ]
    assert "Rolled:" in " ".join(d4["roll"])


def test_lab_refusals_name_the_roll_or_the_house_rule() -> None:
    with pytest.raises(RulesError) as caught:
        lab_answer(LAB, SYSTEM.title, "4d6 vs TN 8", [], 1)
    assert caught.value.field == "roll" and caught.value.position == 4
    with pytest.raises(RulesError) as caught:
        lab_answer(LAB, SYSTEM.title, "4d8", [], 1)
    assert caught.value.field == "roll" and caught.value.position == 2
    with pytest.raises(RulesError) as caught:
        lab_answer(LAB, SYSTEM.title, "80d6", ["", "die d20"], 1)
    limit = house_max_pool(20, 1)
    assert (
        caught.value.field == "house-2" and f"with a d20 the engine computes up to {limit} dice" in caught.value.message
    )
    with pytest.raises(RulesError) as caught:
        lab_answer(LAB, SYSTEM.title, "4d6", ["die d4, wild 5"], 1)
    assert caught.value.field == "house-1" and caught.value.position == 8
