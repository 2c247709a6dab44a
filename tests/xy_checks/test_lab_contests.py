"""X-in-Y's design lab asks a volley and a contest (issue 30): the damage a volley deals and a
contest's margin (the first side's damage dealt less its damage taken) are checked here
against small rolls worked out by enumeration, face by face, under each ``tie`` and
``damage-die`` setting; every sheet sums to 1 and a higher rung never has a higher chance."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules_engine.core.errors import RulesError
from rules_engine.core.lab import lab_answer
from rules_engine.xy_checks import SYSTEM
from rules_engine.xy_checks.house_rules import BOOK
from rules_engine.xy_checks.lab import DAMAGE_LADDER, LAB, MARGIN_LADDER, MAX_MARGIN_WORK, contest_margin, sheet
from rules_engine.xy_checks.notation import ContestQuery, parse
from rules_engine.xy_checks.odds import contest_odds

from .test_house_rules import rule_texts

PRINTED = BOOK.printed
CHECK_ROLLS = tuple(r.notation for r in LAB.rolls if not r.notation.startswith(("volley", "contest")))
NEW_ROLLS = tuple(r.notation for r in LAB.rolls if r.notation.startswith(("volley", "contest")))


# --- enumeration, written from the rules' words ----------------------------------------------
# An attacker is (x, dice): it hits on x or lower of a d6. The champion may roll bonus dice
# (dice > 1): it succeeds when any die hits, and its hits are then how many dice hit. Every
# other attacker rolls one die. A side hits at most as many targets as it has attackers and
# the other side has combatants; full damage is one damage die per target hit and 1 more per
# further hit; otherwise a side deals 1 damage per hit.


def _hits(faces: tuple[int, ...], side: list[tuple[int, int]]) -> int:
    total, at = 0, 0
    for x, dice in side:
        total += sum(f <= x for f in faces[at : at + dice])
        at += dice
    return total


def _damage(hits: int, full: bool, can_hit: int, die: int) -> dict[int, Fraction]:
    """A side's damage from its hits, by rolling each damage die it rolls."""
    if not full or hits == 0:
        return {hits: Fraction(1)}
    rolled = min(hits, can_hit)
    out: dict[int, Fraction] = defaultdict(Fraction)
    for faces in product(range(1, die + 1), repeat=rolled):
        out[sum(faces) + hits - rolled] += Fraction(1, die**rolled)
    return out


def _who_deals_full(h: int, g: int, tie: str) -> tuple[bool, bool]:
    if h != g:
        return h > g, g > h
    return {"min": (False, False), "full": (True, True), "first": (True, False), "second": (False, True)}[tie]


def enumerate_margin(
    first: list[tuple[int, int]], second: list[tuple[int, int]], tie: str, die: int
) -> dict[int, Fraction]:
    can_hit = min(len(first), len(second))
    dice = sum(d for _, d in first) + sum(d for _, d in second)
    split = sum(d for _, d in first)
    out: dict[int, Fraction] = defaultdict(Fraction)
    for faces in product(range(1, 7), repeat=dice):
        h, g = _hits(faces[:split], first), _hits(faces[split:], second)
        full_first, full_second = _who_deals_full(h, g, tie)
        for dealt, p in _damage(h, full_first, can_hit, die).items():
            for taken, q in _damage(g, full_second, can_hit, die).items():
                out[dealt - taken] += p * q / 6**dice
    return {m: p for m, p in out.items() if p}


def enumerate_volley(attackers: list[tuple[int, int]], targets: int, die: int) -> dict[int, Fraction]:
    can_hit = min(len(attackers), targets)
    dice = sum(d for _, d in attackers)
    out: dict[int, Fraction] = defaultdict(Fraction)
    for faces in product(range(1, 7), repeat=dice):
        for damage, p in _damage(_hits(faces, attackers), True, can_hit, die).items():
            out[damage] += p / 6**dice
    return {m: p for m, p in out.items() if p}


def _outcomes(answer) -> dict[int, Fraction]:  # noqa: ANN001
    return {o.value: o.p for o in answer.outcomes}


# --- contests by hand --------------------------------------------------------------------------


@pytest.mark.parametrize("tie", ["min", "full", "first", "second"])
@pytest.mark.parametrize("die", [4, 6, 8])
def test_one_against_one_by_enumeration(tie: str, die: int) -> None:
    rules = BOOK.read(f"tie {tie}, damage-die d{die}")
    answer = sheet("contest 4/6 vs 3/6", rules, 1)
    assert _outcomes(answer) == enumerate_margin([(4, 1)], [(3, 1)], tie, die)


@pytest.mark.parametrize("tie", ["min", "full", "first"])
@pytest.mark.parametrize("die", [4, 6])
def test_two_with_a_bonus_die_against_one_by_enumeration(tie: str, die: int) -> None:
    rules = BOOK.read(f"tie {tie}, damage-die d{die}")
    answer = sheet("contest 5/6 +1b, 4/6 vs 4/6", rules, 2)
    assert _outcomes(answer) == enumerate_margin([(5, 2), (4, 1)], [(4, 1)], tie, die)


def test_one_against_one_worked_out_on_paper() -> None:
    # 4/6 against 3/6: the first side alone hits 4/6·3/6 = 1/3, the second alone 2/6·3/6 = 1/6,
    # both 4/6·3/6 = 1/3, neither 1/6. Under tie min a lone hit deals 1d6 and a tie 1 each:
    # a margin of +k (k = 1..6) has 1/3·1/6 = 1/18, −k has 1/6·1/6 = 1/36, 0 has 1/3 + 1/6.
    printed = _outcomes(sheet("contest 4/6 vs 3/6", PRINTED, None))
    assert printed == {
        **{k: Fraction(1, 18) for k in range(1, 7)},
        **{-k: Fraction(1, 36) for k in range(1, 7)},
        0: Fraction(1, 2),
    }
    # tie first: on a tie the first side rolls its d6 and takes 1, so the tie's 1/3 spreads
    # over d6 − 1 = 0..5, and only a lone miss by both stays at 0
    first = _outcomes(sheet("contest 4/6 vs 3/6", BOOK.read("tie first"), None))
    assert first[0] == Fraction(1, 6) + Fraction(1, 3) * Fraction(1, 6)
    assert first[5] == Fraction(1, 18) + Fraction(1, 3) * Fraction(1, 6)
    assert first[6] == Fraction(1, 18)


def test_the_tie_and_the_damage_die_move_a_contest() -> None:
    roll_text = "contest 5/6, 4/6 vs 5/6, 4/6"
    printed = sheet(roll_text, PRINTED, 3)
    for written in ("tie full", "tie first", "tie second", "damage-die d8", "damage-die d4"):
        house = sheet(roll_text, BOOK.read(written), 3)
        assert _outcomes(house) != _outcomes(printed), written
    # the tie settled for the first side helps it, for the second side hurts it, by the same
    assert (
        sheet(roll_text, BOOK.read("tie first"), 3).exact_mean()
        > 0
        > sheet(roll_text, BOOK.read("tie second"), 3).exact_mean()
    )
    assert printed.exact_mean() == 0 == sheet(roll_text, BOOK.read("tie full"), 3).exact_mean()


def test_the_margin_agrees_with_each_sides_damage() -> None:
    for written in ("", "tie full", "tie first", "damage-die d10", "tie fewer, damage-die d4"):
        query = parse("contest 5/6 +1b, 4/6 vs 4/6, 2x 3/6" + BOOK.read(written).with_clause())
        assert isinstance(query, ContestQuery)
        weights, den = contest_margin(query)
        mean = sum((Fraction(m * w, den) for m, w in weights.items()), Fraction(0))
        sides = contest_odds(query).sides
        assert mean == sides[0].damage.mean() - sides[1].damage.mean(), written


# --- a volley by hand --------------------------------------------------------------------------


@pytest.mark.parametrize("die", [4, 6, 8])
def test_a_volley_by_enumeration(die: int) -> None:
    answer = sheet("volley 4/6, 3/6 vs 2", BOOK.read(f"damage-die d{die}"), 5)
    assert _outcomes(answer) == enumerate_volley([(4, 1), (3, 1)], 2, die)
    # a volley has no tie: the tie setting leaves it alone
    assert _outcomes(sheet("volley 4/6, 3/6 vs 2", BOOK.read(f"damage-die d{die}, tie full"), 5)) == _outcomes(answer)


def test_the_chapters_volley_by_enumeration() -> None:
    roll_text = "volley 5/6 +1b, 2x 4/6 vs barely, fully"
    for die in (6, 8):
        answer = sheet(roll_text, BOOK.read(f"damage-die d{die}") if die != 6 else PRINTED, 5)
        expected = enumerate_volley([(5, 2), (4, 1), (4, 1)], 2, die)
        assert _outcomes(answer) == expected
        assert [r.p_success for r in answer.rungs] == [
            sum((p for v, p in expected.items() if v >= n), Fraction(0)) for n in DAMAGE_LADDER
        ]


# --- properties --------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(rule_texts(), st.sampled_from(NEW_ROLLS), st.integers(0, 3))
def test_volley_and_contest_sheets_sum_to_one_and_harder_rungs_never_help(text: str, roll_text: str, seed: int) -> None:
    rules = BOOK.read(text)
    assume(rules["crit-die"] != "always")  # refused: see test_the_lab_refuses_a_champions_crit_die
    try:
        answer = sheet(roll_text, rules, seed)  # LabSheet checks the sum is exactly 1
    except RulesError as error:
        assert "ladder" in error.message  # a house ladder without the roll's die
        return
    assert sum((o.p for o in answer.outcomes), answer.tail) == 1 and not answer.tail
    chances = [r.p_success for r in answer.rungs]
    assert chances == sorted(chances, reverse=True)
    assert answer.notation == roll_text + rules.with_clause()
    ladder = MARGIN_LADDER if roll_text.startswith("contest") else DAMAGE_LADDER
    assert len(answer.rungs) == len(ladder)


# --- the lab's answer --------------------------------------------------------------------------


def test_the_check_rolls_come_first_and_the_lab_offers_a_volley_and_contests() -> None:
    notations = [r.notation for r in LAB.rolls]
    assert notations[:4] == ["attack", "attack +1b", "attack -1p", "attack +2b"]
    assert "contest 5/6, 4/6 vs 5/6, 4/6" in notations and any(n.startswith("volley") for n in notations)


def test_lab_answer_for_the_even_contest_under_tie_first() -> None:
    answer = lab_answer(LAB, SYSTEM.title, "contest 5/6, 4/6 vs 5/6, 4/6", ["tie first", "damage-die d8"], 7)
    printed, first, d8 = answer["columns"]
    # each side's hits: none 1/6·2/6 = 2/36, one 5/6·2/6 + 1/6·4/6 = 14/36, two 5/6·4/6 = 20/36
    none, one, two = Fraction(2, 36), Fraction(14, 36), Fraction(20, 36)
    ahead = one * none + two * (none + one)  # the first side out-hits the second
    assert ahead == Fraction(29, 108)
    assert printed["usual"]["label"] == "margin at least +1" and printed["usual"]["exact"] == "29/108"
    assert answer["difficulty_term"] == "Margin at least: 0, +1, +2, +4, +6, +8"
    # tie first: a tie at one hit each is won by the first side's d6 showing 2 or more; at
    # two hits each its 2d6 less the 2 it takes is at least 1 unless both show 1
    tie_won = ahead + one * one * Fraction(5, 6) + two * two * Fraction(35, 36)
    assert first["usual"]["exact"] == f"{tie_won.numerator}/{tie_won.denominator}"
    assert answer["differences"][0]["usual"]["points"].startswith("+")
    # a bigger damage die cannot change who out-hits whom, so the usual rung stays; the wider
    # margins move
    assert d8["usual"]["exact"] == "29/108" and answer["differences"][1]["usual"]["points"] == "\u00b10.00"
    assert any(o["points"] != "\u00b10.00" for o in answer["differences"][1]["outcomes"])
    assert printed["stats"]["mean"]["exact"] == "0/1" and printed["stats"]["median"] == "Even"
    assert "tie first" in answer["share"] and printed["roll"][0].startswith("X-in-Y contest 5/6, 4/6 vs 5/6, 4/6")


def test_lab_answer_for_the_chapters_volley() -> None:
    answer = lab_answer(LAB, SYSTEM.title, "volley 5/6 +1b, 2x 4/6 vs barely, fully", ["damage-die d8"], 1)
    printed, d8 = answer["columns"]
    assert printed["usual"]["label"] == "at least 4 damage"
    expected = enumerate_volley([(5, 2), (4, 1), (4, 1)], 2, 6)
    assert printed["usual"]["exact"] == str(sum((p for v, p in expected.items() if v >= 4), Fraction(0)))
    assert answer["differences"][0]["usual"]["points"].startswith("+")
    assert d8["rules"]["written"] == "damage-die d8"


def test_every_new_headline_roll_answers_under_every_tie() -> None:
    for roll_text in NEW_ROLLS:
        answer = lab_answer(LAB, SYSTEM.title, roll_text, ["tie full", "tie second", "tie more, damage-die d20"], 4)
        assert len(answer["columns"]) == 4


# --- refusals ----------------------------------------------------------------------------------


def test_the_lab_refuses_a_tie_word_in_the_contest() -> None:
    roll_text = "contest 5/6 vs 4/6 tie first"
    with pytest.raises(RulesError) as caught:
        lab_answer(LAB, SYSTEM.title, roll_text, [], None)
    error = caught.value
    assert error.field == "roll" and "tie" in error.message
    assert (error.position, error.length) == (roll_text.index("tie"), 3)


def test_the_lab_refuses_a_champions_crit_die() -> None:
    roll_text = "volley 5/6 crit, 4/6 vs 2"
    with pytest.raises(RulesError) as caught:
        lab_answer(LAB, SYSTEM.title, roll_text, [], None)
    assert caught.value.field == "roll" and (caught.value.position, caught.value.length) == (roll_text.index("crit"), 4)
    with pytest.raises(RulesError) as caught:
        lab_answer(LAB, SYSTEM.title, "contest 5/6, 4/6 vs 5/6, 4/6", ["crit-die always"], None)
    assert caught.value.field == "house-1" and "crit die" in caught.value.message


def test_the_lab_refuses_a_contest_too_large_naming_the_limit() -> None:
    roll_text = "contest 5/6 +30b, 19x 5/6 vs 5/6 +30b, 19x 5/6"
    with pytest.raises(RulesError) as caught:
        lab_answer(LAB, SYSTEM.title, roll_text, [], None)
    error = caught.value
    assert error.field == "roll" and f"{MAX_MARGIN_WORK:,}" in error.message
    assert (error.position, error.length) == (0, len(roll_text))
    with pytest.raises(RulesError) as caught:
        lab_answer(
            LAB, SYSTEM.title, "contest 5/6 +10b, 9x 5/6 vs 5/6 +10b, 9x 5/6", ["tie full, damage-die d20"], None
        )
    assert caught.value.field == "house-1" and f"{MAX_MARGIN_WORK:,}" in caught.value.message
