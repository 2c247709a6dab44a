"""The shared rule-set reader and the lab's shared arithmetic, on a small made-up book: a
pool of dice where each die at or above a target face is a hit (``core/rule_set.py``,
``core/lab.py``). Every system's own book is tested in its own folder."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st
from refusals import assert_placed, quoted_refusal

from rules_engine.core.designer import DifficultyStep
from rules_engine.core.errors import RulesError
from rules_engine.core.lab import Lab, LabOutcome, LabRoll, LabSheet, differences, lab_answer
from rules_engine.core.rule_set import (
    Conflict,
    RuleBook,
    RuleSet,
    choice_setting,
    die_setting,
    joined,
    number_setting,
    numbers_setting,
    read_with,
)


def _conflict(rules: RuleSet) -> Conflict | None:
    if rules["hit"] > rules["die"]:
        return Conflict(f"hit {rules['hit']} is past the die's faces (1–{rules['die']})", ("die", "hit"))
    return None


BOOK = RuleBook(
    "Toy",
    (
        die_setting("die", "the die each hit is rolled on", 6, (4, 6, 8)),
        number_setting("hit", "the lowest face that hits", 5, 1, 20, lambda v: f"{v} or more hits"),
        choice_setting(
            "ones", "what a 1 does", "nothing", {"nothing": "a 1 does nothing", "cancel": "a 1 cancels a hit"}
        ),
        numbers_setting(
            "ladder", "the hits each rung asks for", (1, 2, 3), 1, 10, most=5, words=lambda v: ", ".join(map(str, v))
        ),
    ),
    check=_conflict,
    aliases={"harsh": (("ones", "cancel"),)},
)


def test_printed_rule_set_is_written_empty_and_reads_back() -> None:
    assert BOOK.printed.written == ""
    assert BOOK.read("") == BOOK.printed
    assert BOOK.read("   ") == BOOK.printed
    assert BOOK.printed.is_printed


def test_written_form_lists_changes_in_book_order() -> None:
    rules = BOOK.read("ones cancel, DIE d8")
    assert rules["die"] == 8 and rules["ones"] == "cancel" and rules["hit"] == 5
    assert rules.written == "die d8, ones cancel"
    assert rules.with_clause() == " with die d8, ones cancel"
    assert BOOK.read("die d6") == BOOK.printed  # the printed value written out changes nothing
    assert rules.to_json() == {
        "written": "die d8, ones cancel",
        "settings": {"die": "d8", "hit": "5", "ones": "cancel", "ladder": "1-2-3"},
    }


def test_alias_stands_for_its_settings() -> None:
    assert BOOK.read("harsh") == BOOK.read("ones cancel")


@pytest.mark.parametrize(
    ("text", "position", "length", "words"),
    [
        ("dice d8", 0, 4, "unknown setting 'dice'"),
        ("die d7", 4, 2, "die must be d4, d6 or d8, not 'd7'"),
        ("die d8, die d4", 8, 6, "given twice"),
        ("die", 0, 3, "die needs a value"),
        ("die d8,", 6, 1, "after the comma"),
        ("die d4, hit 6", 8, 5, "hit 6 is past the die's faces"),
        ("ladder 3-2", 7, 3, "rising"),
        ("ones cancel, harsh", 13, 5, "given twice"),
    ],
)
def test_bad_rule_sets_are_refused_at_the_spot(text: str, position: int, length: int, words: str) -> None:
    error = quoted_refusal(BOOK.read, text)
    assert_placed(error, position, length, words)
    assert error.field == "rules"


def test_a_with_clause_ends_a_notation() -> None:
    assert read_with(BOOK, "3d vs 2") == ("3d vs 2", BOOK.printed)
    roll, rules = read_with(BOOK, "3d vs 2 with die d8")
    assert (roll, rules.written) == ("3d vs 2", "die d8")
    with pytest.raises(RulesError) as caught:
        read_with(BOOK, "3d vs 2 with die d5")
    assert caught.value.position == len("3d vs 2 with die ")


def test_joined_rules_follow_the_notations_own() -> None:
    assert joined("3d", "die d8", BOOK) == "3d with die d8"
    assert joined("3d with ones cancel", "die d8", BOOK) == "3d with ones cancel, die d8"
    assert joined("3d", "", BOOK) == "3d"
    with pytest.raises(RulesError) as caught:
        joined("3d", "die d9", BOOK)
    assert caught.value.notation == "die d9" and caught.value.position == 4
    # settings at odds are judged together: hit 7 needs the notation's own d8
    assert joined("3d with die d8", "hit 7", BOOK) == "3d with die d8, hit 7"
    with pytest.raises(RulesError, match="past the die"):
        read_with(BOOK, joined("3d", "hit 7", BOOK))


def test_rule_set_by_keywords_is_checked() -> None:
    assert BOOK.rule_set(die=4, hit=4).written == "die d4, hit 4"
    with pytest.raises(RulesError, match="past the die"):
        BOOK.rule_set(die=4)


@given(st.text(max_size=120))
def test_any_text_reads_or_is_refused_with_a_rules_error(text: str) -> None:
    try:
        rules = BOOK.read(text)
    except RulesError as error:
        assert error.field == "rules"
        assert error.position is None or 0 <= error.position <= len(text)
    else:
        assert BOOK.read(rules.written) == rules
        assert BOOK.read(rules.written).written == rules.written


SETTING_TEXTS = st.fixed_dictionaries(
    {},
    optional={
        "die": st.sampled_from(["d4", "d6", "d8"]),
        "hit": st.integers(1, 8).map(str),
        "ones": st.sampled_from(["nothing", "cancel"]),
        "ladder": st.lists(st.integers(1, 10), min_size=1, max_size=5, unique=True).map(
            lambda v: "-".join(map(str, sorted(v)))
        ),
    },
)


@given(SETTING_TEXTS)
def test_written_read_and_written_again_is_the_same(chosen: dict[str, str]) -> None:
    text = ", ".join(f"{k} {v}" for k, v in chosen.items())
    try:
        rules = BOOK.read(text)
    except RulesError as error:
        assert "past the die" in error.message
        return
    assert BOOK.read(rules.written) == rules


# --- the lab's shared arithmetic -----------------------------------------------------------


def _hits(rules: RuleSet, dice: int) -> dict[int, Fraction]:
    """Net hits of ``dice`` dice under ``rules``, by enumeration."""
    counts: dict[int, int] = {}
    for faces in product(range(1, rules["die"] + 1), repeat=dice):
        net = sum(f >= rules["hit"] for f in faces)
        if rules["ones"] == "cancel":
            net = max(0, net - faces.count(1))
        counts[net] = counts.get(net, 0) + 1
    total = rules["die"] ** dice
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


def _sheet(roll: str, rules: RuleSet, seed: int | None) -> LabSheet:
    if roll.strip() != "2d":
        raise RulesError("the toy rolls 2d only", notation=roll, position=0, length=len(roll))
    dist = _hits(rules, 2)
    rungs = tuple(
        DifficultyStep(f"{n} hits", f"2d vs {n}", sum((p for k, p in dist.items() if k >= n), Fraction(0)))
        for n in rules["ladder"]
    )
    return LabSheet(
        "2d" + rules.with_clause(),
        "Hits",
        tuple(LabOutcome(f"{k} hits", k, p) for k, p in dist.items()),
        "Hits needed",
        "at least the rung's hits",
        rungs,
        0,
        ("seed: " + str(seed),),
    )


LAB = Lab(BOOK, (LabRoll("Two dice", "2d"),), _sheet)


def test_lab_answer_by_hand() -> None:
    answer = lab_answer(LAB, "Toy", "2d", ["die d4, hit 3"], 7)
    printed, house = answer["columns"]
    # d6, hit on 5+ (1/3 a die): P(0) = 16/36, P(1) = 16/36, P(2) = 4/36;
    # d4, hit on 3+ (1/2 a die): 1/4, 1/2, 1/4.
    assert [o["exact"] for o in printed["outcomes"]] == ["4/9", "4/9", "1/9"]
    assert [o["exact"] for o in house["outcomes"]] == ["1/4", "1/2", "1/4"]
    assert printed["stats"]["mean"] == {"exact": "2/3", "decimal": "0.667"}
    assert printed["stats"]["median"] == "1 hits" and printed["stats"]["p10"] == "0 hits"
    assert printed["stats"]["p90"] == "2 hits"
    assert house["stats"]["variance"] == "1/2" and house["stats"]["sd"] == "0.707"
    diff = answer["differences"][0]
    assert [o["points"] for o in diff["outcomes"]] == ["\u221219.44", "+5.56", "+13.89"]
    assert [o["exact"] for o in diff["outcomes"]] == ["-7/36", "+1/18", "+5/36"]
    assert diff["usual"]["points"] == "+19.44" and diff["mean"] == "+0.333"
    assert answer["share"].splitlines() == [
        "Toy: 2d, chance of success at 1 hits",
        "- printed rule: 55.56%",
        "- die d4, hit 3: 75.00% (+19.44 pp)",
    ]
    assert answer["csv"].splitlines()[:2] == [
        'part,label,Printed rule (printed),"House rule 1 (die d4, hit 3)"',
        "Hits,0 hits,4/9,1/4",
    ]
    assert [c["setting"] for c in house["card"]] == ["die", "hit"]
    assert house["card"][1] == {
        "setting": "hit",
        "meaning": "the lowest face that hits",
        "printed": "5",
        "printed_words": "5 or more hits",
        "house": "3",
        "house_words": "3 or more hits",
    }


def test_lab_names_the_house_rule_at_fault() -> None:
    with pytest.raises(RulesError) as caught:
        lab_answer(LAB, "Toy", "2d", ["", "die d5"], None)
    assert caught.value.field == "house-2" and caught.value.position == 4
    with pytest.raises(RulesError) as caught:
        lab_answer(LAB, "Toy", "3d", [], None)
    assert caught.value.field == "roll"
    with pytest.raises(RulesError) as caught:
        lab_answer(LAB, "Toy", "2d with die d4", [], None)
    assert caught.value.field == "roll"
    with pytest.raises(RulesError, match="at most 3"):
        lab_answer(LAB, "Toy", "2d", ["", "", "", ""], None)


def test_differences_match_rungs_by_step() -> None:
    printed = _sheet("2d", BOOK.printed, None)
    house = _sheet("2d", BOOK.read("ladder 1-2"), None)
    rungs = differences(printed, house)["rungs"]
    assert [r.get("points") for r in rungs] == ["\u00b10.00", "\u00b10.00", None]


@given(st.lists(st.lists(st.text(max_size=12), min_size=1, max_size=4), min_size=1, max_size=4))
def test_lab_csv_reads_back_as_the_rows_written(rows: list[list[str]]) -> None:
    import csv
    import io

    from rules_engine.core.lab import _CsvLines

    ours = _CsvLines()
    for row in rows:
        ours.writerow(row)
    assert list(csv.reader(io.StringIO(ours.text(), newline=""))) == rows
