"""The Adrenaline d10 pool's house rules (issue 30): the printed rule set reproduces the
published tables; every setting checked against small pools worked out here die by die;
properties over any rule set; refusals with the setting named and a caret; the CLI."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_books import answers_by_option_and_clause

from rules_engine.adrenaline import SYSTEM
from rules_engine.adrenaline.house_rules import BOOK, DICE, mechanics, rules_of
from rules_engine.adrenaline.lab import LAB, MAX_LAB_WORK, sheet
from rules_engine.adrenaline.notation import AdrenalineQuery, Side, parse
from rules_engine.adrenaline.odds import MAX_TENS_FOLLOWED, capped_joint, odds, outcome_key
from rules_engine.adrenaline.rules import Mechanics, Options, Tally, outcome
from rules_engine.adrenaline.tables import DIFFICULTIES, LADDER_POOL, POOLS, VARIANTS
from rules_engine.cli import run
from rules_engine.core.errors import RulesError
from rules_engine.core.lab import lab_answer

PRINTED = BOOK.printed


# --- the printed rule set reproduces the published tables -------------------------------------


def _odds(pool: int, difficulty: int, rules=PRINTED, spent: int = 0):
    result = odds(AdrenalineQuery(Side(pool, difficulty, spent, sides=rules["die"]), rules=rules))
    return result.roll


@pytest.mark.parametrize(
    ("table", "value"),
    [
        ("success", lambda r: r.summary()["success"]),
        ("botch", lambda r: r.summary()["botch"]),
        ("adrenaline", lambda r: r.summary()["adrenaline"]),
        ("mean", lambda r: r.dist.mean()),
    ],
)
def test_printed_rule_set_reproduces_the_pool_tables(table, value) -> None:
    published = SYSTEM.table(table)
    for pool, row in zip(POOLS, published.rows):
        for difficulty, published_cell in zip(DIFFICULTIES, row[1:]):
            assert published_cell.value == value(_odds(pool, difficulty, PRINTED))


def test_printed_rule_set_reproduces_the_ladder_spending_and_variants() -> None:
    for row in SYSTEM.table("difficulty").rows:
        difficulty = row[0].value
        summary = _odds(LADDER_POOL, difficulty).summary()
        assert (row[4].value, row[5].value) == (summary["success"], summary["botch"])
    for pool, row in zip(POOLS, SYSTEM.table("spending").rows):
        plain, spent = _odds(pool, 6).summary(), _odds(pool, 6, spent=1).summary()
        assert row[1].value == plain["success"] and row[2].value == spent["success"] - plain["success"]
    rows = iter(SYSTEM.table("variants").rows)
    for label, options in VARIANTS:
        rules = PRINTED if options == Options() else BOOK.read(label)  # the variant word as a rule set
        assert rules == rules_of(options)
        for pool in (3, 5, 8):
            row = next(rows)
            result = _odds(pool, 6, rules)
            s = result.summary()
            assert [c.value for c in row[1:]] == [s["success"], s["botch"], s["adrenaline"], result.dist.mean()]


def test_printed_rule_set_is_the_designer_view() -> None:
    view = SYSTEM.designer()
    answer = sheet("5d", PRINTED, 1)
    assert [r.p_success for r in answer.rungs] == [s.p_success for s in view.steps]
    assert [(o.value, o.p) for o in answer.outcomes] == [(o.margin + 1, o.p) for o in view.outcomes]


# --- every setting against small pools worked out die by die ---------------------------------


def _rules(text: str):
    return BOOK.read(text)


def _hand_reading(faces: tuple[int, ...], difficulty: int, rules) -> tuple[int, bool]:
    """The net and whether a point is earned, from the rules' words alone (no engine code):
    each die at or above the difficulty is a success (the top face worth ``top-counts``), each
    1 takes one success away when ``ones cancel``; a botch keeps successes − 1s; a pair of
    success dice of one face earns a point when some way of cancelling leaves both standing."""
    top = rules["die"]
    worth = [(2 if f == top and rules["top-counts"] == "twice" else 1) if f >= difficulty else 0 for f in faces]
    successes, ones = sum(worth), faces.count(1)
    cancel = rules["ones"] == "cancel"
    net = successes - ones if cancel else successes
    botched = {"more-ones": ones > successes, "no-success": successes == 0 and ones > 0, "never": False}[rules["botch"]]
    result = successes - ones if botched else max(net, 0)
    earned = False
    if rules["doubles"] == "point":
        units = [i for i, w in enumerate(worth) for _ in range(w)]
        taken = min(ones, len(units)) if cancel else 0
        for i, j in combinations(range(len(faces)), 2):
            if worth[i] and faces[i] == faces[j]:
                others = [u for u in units if u not in (i, j)]
                if len(others) >= taken:
                    earned = True
    return result, earned


def _hand_joint(pool: int, difficulty: int, rules, cap: int = 0) -> dict[tuple[int, bool], Fraction]:
    """Every roll of ``pool`` dice enumerated; with exploding top faces every roll with at most
    ``cap`` top faces in all (each top face adds a die)."""
    top = rules["die"]
    explode = rules["top-explodes"] == "yes"
    found: dict[tuple[int, bool], Fraction] = {}

    def chains(left: int, tops: int):
        """(faces, chance) of ``left`` more dice with ``tops`` top faces so far."""
        if left == 0:
            yield (), Fraction(1)
            return
        for face in range(1, top + 1):
            extra = 1 if explode and face == top else 0
            if extra and tops + 1 > cap:
                continue
            for rest, p in chains(left - 1 + extra, tops + extra):
                yield (face, *rest), p / top

    if not explode:
        for faces in product(range(1, top + 1), repeat=pool):
            key = _hand_reading(faces, difficulty, rules)
            found[key] = found.get(key, 0) + Fraction(1, top**pool)
        return found
    for faces, p in chains(pool, 0):
        key = _hand_reading(faces, difficulty, rules)
        found[key] = found.get(key, 0) + p
    return found


def _engine_joint(pool: int, difficulty: int, rules, cap: int = 0) -> dict[tuple[int, bool], Fraction]:
    m = mechanics(rules)
    law = (
        capped_joint(pool, difficulty, m, 0, cap)
        if m.explode
        else odds(parse(f"{pool}d{m.sides} vs {difficulty}{rules.with_clause()}")).roll.joint
    )
    return {key: Fraction(w, law.denominator) for key, w in law.weights.items() if w}


HAND_CASES = [
    # the die
    ("die d4, difficulty 3", (2, 3), (2, 3, 4)),
    ("die d6", (2, 3), (2, 4, 6)),
    ("die d8", (2, 3), (5, 8)),
    ("die d12", (2, 3), (6, 11, 12)),
    ("die d20", (2,), (2, 11, 20)),
    # what a 1 does; when a roll botches
    ("ones nothing", (2, 3), (4, 7)),
    ("botch no-success", (2, 3), (2, 6, 9)),
    ("botch never", (2, 3), (3, 8)),
    ("ones nothing, botch never", (3,), (6,)),
    ("ones nothing, botch more-ones", (3,), (6,)),
    # the top face; doubles
    ("top-counts twice", (2, 3), (6, 10)),
    ("die d6, top-counts twice, botch no-success", (3,), (4, 6)),
    ("doubles nothing", (2, 3), (5,)),
    ("die d6, ones nothing, doubles nothing", (3,), (3,)),
]


@pytest.mark.parametrize(("written", "pools", "difficulties"), HAND_CASES)
def test_each_setting_against_every_roll_of_two_or_three_dice(written, pools, difficulties) -> None:
    rules = _rules(written)
    for pool in pools:
        for difficulty in difficulties:
            assert _engine_joint(pool, difficulty, rules) == _hand_joint(pool, difficulty, rules), (
                written,
                pool,
                difficulty,
            )


@pytest.mark.parametrize(
    "written",
    [
        "top-explodes yes",
        "die d4, difficulty 3, top-explodes yes",
        "die d6, top-explodes yes, top-counts twice, ones nothing",
        "die d4, difficulty 4, top-explodes yes, botch no-success, doubles nothing",
    ],
)
def test_exploding_top_faces_against_every_roll_up_to_a_few_top_faces(written) -> None:
    rules = _rules(written)
    top = rules["die"]
    for pool, cap in ((1, 3), (2, 3), (3, 2)):
        for difficulty in sorted({2, (2 + top) // 2, top}):
            engine = _engine_joint(pool, difficulty, rules, cap)
            hand = _hand_joint(pool, difficulty, rules, cap)
            assert engine == hand, (written, pool, difficulty)


def test_default_difficulty_and_pool_cap() -> None:
    assert parse("5d with difficulty 8").side.difficulty == 8
    assert parse("5d with difficulty 8").notation == "5d10 vs 8 with difficulty 8"
    assert parse("5d vs 4 with difficulty 8").side.difficulty == 4
    assert parse("12d with pool-cap 12").side.pool == 12
    assert parse("damage 5d with difficulty 8").side.difficulty == 6  # damage stays at 6
    for pool in (3, 4):
        for difficulty in (2, 6, 9):
            base = _hand_joint(pool, difficulty, PRINTED)
            assert _engine_joint(pool, difficulty, _rules("pool-cap 4")) == base


# --- the variant words are names for settings -------------------------------------------------


@pytest.mark.parametrize(
    ("word", "written"),
    [
        ("tens-twice", "top-counts twice"),
        ("tens-explode", "top-explodes yes"),
        ("botch-if-none", "botch no-success"),
        ("no-cancel", "ones nothing, botch no-success"),
        ("designer", "pool-cap 60"),
    ],
)
def test_each_variant_word_is_its_settings(word, written) -> None:
    assert BOOK.read(word) == BOOK.read(written)
    by_word, by_settings = parse(f"6d10 vs 7 with {word}"), parse(f"6d10 vs 7 with {written}")
    assert by_word == by_settings and by_word.notation == by_settings.notation == f"6d10 vs 7 with {word}"
    assert odds(by_word).to_json() == odds(by_settings).to_json()


def test_variant_words_and_settings_mix_in_one_clause() -> None:
    query = parse("6d10 vs 7 until 10 with botch-wastes, tens-twice, ones nothing")
    assert query.botch_wastes and query.rules == BOOK.read("top-counts twice, ones nothing")
    assert query.notation == "6d10 vs 7 until 10 with botch-wastes, ones nothing, top-counts twice"
    assert parse(query.notation) == query
    both = parse("6d10 with botch-if-none, no-cancel")  # both set botch no-success: they agree
    assert both.rules == BOOK.read("no-cancel") and both.notation == "6d10 vs 6 with no-cancel"
    assert parse("6d12 vs 11 with die d12").notation == "6d12 vs 11 with die d12"
    assert parse("6d vs 11 with die d12").side == Side(6, 11, 0, False, 12)


def test_outcome_key_is_the_rules_outcome() -> None:
    for botch, cancel, doubles, top in product(
        ("more-ones", "no-success", "never"), (True, False), (True, False), (1, 2)
    ):
        m = Mechanics(ones_cancel=cancel, botch=botch, doubles=doubles, top_value=top)
        for spent in (0, 2):
            key = outcome_key(m, spent)
            for ones, successes, tens in product(range(5), range(9), range(4)):
                for pair in (False, True):
                    result = outcome(Tally(successes, ones, pair, tens), m, spent)
                    assert key(ones, successes, pair, tens) == (result.net, result.adrenaline)


# --- properties over any rule set ----------------------------------------------------------------


@st.composite
def rule_sets(draw):
    die = draw(st.sampled_from(DICE))
    chosen = {
        "die": die,
        "difficulty": draw(st.integers(2, die)),
        "ones": draw(st.sampled_from(("cancel", "nothing"))),
        "botch": draw(st.sampled_from(("more-ones", "no-success", "never"))),
        "top_counts": draw(st.sampled_from(("once", "twice"))),
        "top_explodes": draw(st.sampled_from(("no", "yes"))),
        "pool_cap": draw(st.integers(1, 60)),
        "doubles": draw(st.sampled_from(("point", "nothing"))),
    }
    return BOOK.rule_set(**chosen)


@settings(max_examples=40, deadline=None)
@given(rule_sets(), st.integers(0, 6))
def test_lab_sheets_sum_to_one_and_harder_rungs_never_help(rules, pool) -> None:
    pool = min(pool, rules["pool-cap"])
    answer = sheet(f"{pool}d", rules, 3)
    assert sum((o.p for o in answer.outcomes), answer.tail) == 1
    chances = [r.p_success for r in answer.rungs]
    assert all(a >= b for a, b in zip(chances, chances[1:]))
    assert len(answer.rungs) == rules["die"] - 1
    assert answer.rungs[answer.usual].notation.endswith(f" vs {rules['difficulty']}")
    if not rules["top-explodes"] == "yes":
        assert answer.tail == 0


@settings(max_examples=60, deadline=None)
@given(rule_sets())
def test_written_read_and_written_again_is_the_same(rules) -> None:
    again = BOOK.read(rules.written)
    assert again == rules and again.written == rules.written
    query = parse(f"1d vs 2 with {rules.written}" if rules.written else "1d vs 2")
    assert query.rules == rules and parse(query.notation) == query


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=80))
def test_any_text_as_a_rule_set_or_a_with_clause_is_read_or_refused(text) -> None:
    for reader in (BOOK.read, lambda t: parse("5d10 vs 7 with " + t), lambda t: parse("5d " + t)):
        try:
            reader(text)
        except RulesError as error:
            assert error.position is None or 0 <= error.position <= len(error.notation or "")


# --- refusals: the setting named, a caret under it ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "words", "at", "length"),
    [
        ("6d6 vs 4 with die d6, difficulty 8", "difficulty 8 is past the die's faces: with a d6", 22, 12),
        ("6d with difficulty 8, die d6", "difficulty 8 is past the die's faces", 22, 6),
        ("6d8 with die d6", "this rule set rolls d6 (die d6): write d6", 2, 1),
        ("6d12 vs 7", "ten-sided dice only: write d10 (or d), or set the die: with die d12", 2, 2),
        ("6d vs 9 with die d8", "the difficulty must be from 2 to 8, not 9", 6, 1),
        ("6d with die d7", "die must be d4, d6, d8, d10, d12 or d20, not 'd7'", 12, 2),
        ("6d with ones twice", "ones must be cancel or nothing", 13, 5),
        ("6d with tens-twice, top-counts once", "the setting top-counts is given twice", 20, 15),
        ("6d with pool-cap 61", "pool-cap must be a whole number from 1 to 60", 17, 2),
        ("5d with pool-cap 4", "past this rule set's cap of 4 (pool-cap 4", 0, 1),
        ("6d with doubles", "doubles needs a value: point or nothing", 8, 7),
        ("6d vs 7 until 5 with top-explodes yes", "top-explodes yes is for single and opposed rolls", 21, 16),
        ("damage 5d with die d4, difficulty 3", "damage rolls are always difficulty 6", 0, 6),
    ],
)
def test_conflicts_and_limits_are_refused_at_the_setting(text, words, at, length) -> None:
    with pytest.raises(RulesError) as caught:
        parse(text)
    error = caught.value
    assert words in error.message, error.message
    assert (error.position, error.length, error.notation) == (at, length, text), str(error)


def test_book_reader_names_the_setting_with_a_caret() -> None:
    with pytest.raises(RulesError) as caught:
        BOOK.read("die d6, difficulty 9")
    assert "difficulty 9 is past the die's faces" in caught.value.message
    assert (caught.value.position, caught.value.field) == (8, "rules")


def test_too_large_to_compute_is_refused_naming_the_limit() -> None:
    with pytest.raises(RulesError, match=f"at most {MAX_LAB_WORK:,}"):
        sheet("60d", BOOK.read("designer, top-counts twice"), 1)
    with pytest.raises(RulesError, match=f"at most {MAX_TENS_FOLLOWED} exploded dice"):
        capped_joint(5, 6, Mechanics(explode=True), 0, MAX_TENS_FOLLOWED + 1)
    with pytest.raises(RulesError) as caught:  # the printed rule's cap of 10 refuses it first
        lab_answer(LAB, SYSTEM.title, "60d", ["designer, top-counts twice"], 1)
    assert caught.value.field == "roll" and "past the rules' cap of 10" in caught.value.message
    with pytest.raises(RulesError) as caught:
        lab_answer(LAB, SYSTEM.title, "5d", ["pool-cap 4"], 1)
    assert caught.value.field == "house-1" and "cap of 4" in caught.value.message
    with pytest.raises(RulesError) as caught:
        lab_answer(LAB, SYSTEM.title, "5d until 3", [""], 1)
    assert caught.value.field == "roll"


# --- exploding top faces: the lab's tail and its exact moments -----------------------------------


def test_exploding_mean_and_variance_are_exact() -> None:
    # with the printed botch, a botch keeps successes − 1s, so the net is linear in the dice:
    # each die is a run of 10s (mean 1/9, variance 10/81) and a last die (1: −1, 6–9: +1)
    answer = sheet("5d", BOOK.read("top-explodes yes"), 1)
    assert answer.tail > 0 and answer.mean == Fraction(20, 9) and answer.variance == Fraction(230, 81)
    twice = sheet("5d", BOOK.read("top-explodes yes, top-counts twice"), 1)
    assert twice.mean == 5 * (Fraction(2, 9) + Fraction(3, 9))


def test_tail_moments_agree_whatever_the_cut() -> None:
    from rules_engine.adrenaline.lab import _tail_moments

    for written, pool, difficulty in (
        ("top-explodes yes, botch never", 3, 7),
        ("die d4, difficulty 3, top-explodes yes, ones nothing", 2, 3),
        ("die d6, top-explodes yes, top-counts twice", 4, 5),
    ):
        m = mechanics(BOOK.read(written))
        moments = []
        for cap in (pool, pool + 3):
            law = capped_joint(pool, difficulty, m, 0, cap)
            head1 = sum((Fraction(k[0] * w, law.denominator) for k, w in law.weights.items()), Fraction(0))
            head2 = sum((Fraction(k[0] ** 2 * w, law.denominator) for k, w in law.weights.items()), Fraction(0))
            tail1, tail2 = _tail_moments(m, pool, difficulty, 0, cap)
            moments.append((head1 + tail1, head2 + tail2))
        assert moments[0] == moments[1], written


def test_lab_outcomes_keep_todays_exploding_numbers() -> None:
    today = odds(parse("5d10 vs 6 with tens-explode")).roll.dist
    answer = sheet("5d", BOOK.read("tens-explode"), 1)
    assert {o.value: o.p for o in answer.outcomes} == {k: p for k, p in today.probabilities().items() if p}
    assert answer.tail == today.cut_mass


# --- the CLI: --rules and a with clause give the same JSON --------------------------------------


@pytest.mark.parametrize(
    ("notation", "written"),
    [
        ("6d10 vs 7", "top-counts twice, ones nothing"),
        ("6d vs 9", "die d12, botch never"),
        ("6d10 vs 7 until 5", "tens-twice"),
        ("6d10 against 5d10 vs 7", "doubles nothing, top-explodes yes"),
    ],
)
def test_cli_rules_and_with_clause_give_the_same_json(notation, written) -> None:
    for answer in answers_by_option_and_clause("adrenaline", notation, written, "11"):
        assert answer["rules"] == BOOK.read(written).to_json()


def test_json_keeps_every_key_and_adds_rules() -> None:
    code, text = run(["odds", "adrenaline", "6d10 vs 7 with tens-twice", "--json"])
    data = json.loads(text)
    assert data["options"] == ["tens-twice"] and data["notation"] == "6d10 vs 7 with tens-twice"
    assert data["rules"] == {
        "written": "top-counts twice",
        "settings": {
            "die": "d10",
            "difficulty": "6",
            "ones": "cancel",
            "botch": "more-ones",
            "top-counts": "twice",
            "top-explodes": "no",
            "pool-cap": "10",
            "doubles": "point",
        },
    }
