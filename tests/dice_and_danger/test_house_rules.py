"""dice & danger's rule set (issue 30): the printed rules reproduce what the site publishes,
each setting against rolls worked out by enumeration, properties, conflicts and limits, the
CLI's ``--rules`` against a ``with`` clause, and the design lab's sheet."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine.cli import run
from rules_engine.core.dist import EXPLOSION_CUTOFF
from rules_engine.core.errors import RulesError
from rules_engine.core.lab import lab_answer
from rules_engine.dice_and_danger import SYSTEM, odds_notation, roll_notation
from rules_engine.dice_and_danger.designer import view
from rules_engine.dice_and_danger.house_odds import MAX_LISTED, p_any_hit, query_hits
from rules_engine.dice_and_danger.house_rules import BOOK, PRINTED, clamp_dc, drops_highest
from rules_engine.dice_and_danger.lab import LAB, LADDER, USUAL, sheet
from rules_engine.dice_and_danger.notation import build_query, parse
from rules_engine.dice_and_danger.odds import crit_cap, hits_distribution, mean_hits, odds
from rules_engine.dice_and_danger.rules import Terms
from rules_engine.dice_and_danger.tables import (
    DCS,
    POOLS,
    VARIANTS,
    health_save_odds,
    health_save_query,
    hit_odds_table,
    mean_hits_table,
)

from . import worked
from .worked import resolve_dice


# --- enumeration: every roll resolved by the roller's own code ------------------------
def every_roll(query, explosions: int) -> tuple[dict[int, Fraction], Fraction]:
    """Hits → chance over every roll of ``query`` whose explosion dice number at most
    ``explosions``, resolved die by die with ``resolve_dice``; and the chance left out."""
    faces = range(1, query.sides + 1)
    found = worked.every_roll(query, lambda extra: faces if len(extra) < explosions else ())
    return found, 1 - sum(found.values(), Fraction(0))


def assert_matches_enumeration(notation: str, explosions: int = 3) -> None:
    """The engine's exact odds against the enumeration: equal where nothing was left out;
    else each count at least the enumeration's, the gaps summing to what was left out."""
    query = parse(notation)
    dist, mean, _variance = query_hits(query)
    engine = odds(query).dist
    found, left = every_roll(query, explosions)
    if left == 0:
        assert dist.probabilities() == found and dist.cut_mass == 0
        assert engine.probabilities() == found
        assert mean == sum((k * p for k, p in found.items()), Fraction(0)) == mean_hits(query)
        return
    gaps = {k: dist.p(k) - found.get(k, Fraction(0)) for k in range(0, max(found) + 1)}
    assert all(gap >= 0 for gap in gaps.values()), gaps
    assert sum(gaps.values()) <= left
    assert engine.probabilities() == dist.probabilities()


# --- the printed rules reproduce the published numbers -------------------------------
def test_printed_rules_are_written_empty() -> None:
    assert PRINTED.written == "" and BOOK.read("") == PRINTED
    assert BOOK.read("die d6, crit top, dc-range 2-top, dc-past die-a-step") == PRINTED
    # a 6 written as a number is the same rule on a d6, but not the printed rule's words
    assert BOOK.read("crit 6").written == "crit 6"
    six = odds_notation("4d-1p vs DC 3 with crit 6, dc-range 2-6").dist
    printed = odds_notation("4d-1p vs DC 3").dist
    assert [six.p(k) for k in range(8)] == [printed.p(k) for k in range(8)]
    assert parse("4d-1p vs DC 3").rules == PRINTED


def test_printed_rules_reproduce_the_published_tables() -> None:
    """Every cell of the hit-odds and mean tables, and the Health save odds, from queries
    built with the printed rule set passed explicitly, by both algebras: the crit cap's and
    the house rules' power series."""
    hit_odds = {row[0].text: [c.value for c in row[1:]] for row in hit_odds_table().rows}
    means = {row[0].text: [c.value for c in row[1:]] for row in mean_hits_table().rows}
    for pool in POOLS:
        for label, extra in VARIANTS:
            for n, dc in enumerate(DCS):
                terms = Terms(dice=pool, bonus=max(extra, 0), penalty=max(-extra, 0))
                query = build_query(terms, dc, rules=BOOK.printed)
                assert 1 - hits_distribution(query).p(0) == hit_odds[f"{pool}d{label}"][n]
                assert mean_hits(query) == means[f"{pool}d{label}"][n]
                series, mean, _ = query_hits(query)
                assert 1 - series.p(0) == hit_odds[f"{pool}d{label}"][n] == p_any_hit(query)
                assert mean == means[f"{pool}d{label}"][n]
    for health in range(1, 7):
        query = health_save_query(2, 1, health)
        series = query_hits(query)[0]
        odds_by_name = health_save_odds(2, 1, health)
        exact = [series.p(k) for k in range(5)]
        assert list(odds_by_name.values())[:5] == exact
        assert list(odds_by_name.values())[5] == 1 - sum(exact)


def test_series_agrees_with_the_crit_cap_wherever_both_are_exact() -> None:
    for notation in ("4d-1p vs DC 3", "save 3d+1b vs DC 4", "2d vs DC 6", "5d+2b-1h vs DC 2"):
        query = parse(notation)
        capped, series = hits_distribution(query), query_hits(query)[0]
        for k in range(crit_cap(query) + 2 + query.hits):  # the crit cap: exact up to cap + 1 from dice
            assert capped.p(k) == series.p(k)
        assert series.cut_mass < EXPLOSION_CUTOFF


def test_the_printed_values_written_out_are_the_printed_rules() -> None:
    written = "4d-1p vs DC 3 with die d6, crit top, save-drops swapped"
    assert odds_notation(written).to_json() == odds_notation("4d-1p vs DC 3").to_json()
    assert roll_notation(written, 4).to_json() == roll_notation("4d-1p vs DC 3", 4).to_json()


def test_printed_json_only_gains_the_rules() -> None:
    data = odds_notation("4d-1p vs DC 3").to_json()
    assert data["rules"] == PRINTED.to_json() and data["notation"] == "4d-1p vs DC 3"
    assert data["crit_cap"] == crit_cap(parse("4d-1p vs DC 3"))
    rolled = roll_notation("4d-1p vs DC 3", 5).to_json()
    assert rolled["rules"] == PRINTED.to_json()


# --- each setting by enumeration -------------------------------------------------------
@pytest.mark.parametrize(
    "notation",
    [
        "2d vs DC 3 with die d4",  # every 4 explodes, hits on 3 or 4
        "2d vs DC 5 with die d8, crit 7",
        "3d vs DC 4 with crit none",  # nothing explodes: a plain count
        "2d vs DC 6 with crit 5",  # a 5 explodes without hitting
        "2d vs DC 3 with crit 2",  # most faces explode
        "2d+1b vs DC 4 with bonus-drops highest",
        "1d+1b+1p vs DC 4 with cancel no",  # the middle of three dice
        "2d+1b+1p vs DC 3 with cancel no, crit 5",
        "save 1d+2b+1p vs DC 4 with cancel no",
        "2d+1b+1p vs DC 4 with cancel no, penalty-drops lowest",
        "2d-1p vs DC 4 with penalty-drops lowest",
        "save 2d+1b vs DC 4 with save-drops same",
        "save 2d-1p vs DC 3 with save-drops same, penalty-drops lowest",
        "2d vs DC 2 with dc-range 3-5",  # DC 3 with one more die
        "3d vs DC 6 with dc-range 3-5",  # DC 5 with one fewer die
        "2d vs DC 0 with dc-past one-die",  # one die, not two
        "2d vs DC 0 with dc-past nothing",  # no die at all
        "3d vs DC 9 with dc-past one-die",
        "2d+1h vs DC 4 with die d4, crit 3",
        "2d-2h vs DC 3 with crit 5",
    ],
)
def test_each_setting_matches_every_roll(notation: str) -> None:
    assert_matches_enumeration(notation)


def test_a_plain_count_by_hand() -> None:
    # 2d vs DC 4 with nothing exploding: each die hits on 4-6, 1/2 a die
    dist = odds_notation("2d vs DC 4 with crit none").dist
    assert dist.probabilities() == {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
    # the same on a d8 with hits on 7-8: 1/4 a die
    dist = odds_notation("2d vs DC 7 with die d8, crit none").dist
    assert dist.probabilities() == {0: Fraction(9, 16), 1: Fraction(6, 16), 2: Fraction(1, 16)}


def test_a_lone_exploding_die_by_hand() -> None:
    # 1d vs DC 4 on a d4, crit 4: hits = 0 on 1-3 below 4... a 4 hits and rolls on;
    # P(0) = 3/4, P(k ≥ 1) = (1/4)^(k-1) · (1/4) · (3/4) + (1/4)^k · 0 ... = (3/4)·(1/4)^k
    dist = odds_notation("1d vs DC 4 with die d4, crit 4").dist
    for k in range(6):
        assert dist.p(k) == Fraction(3, 4) * Fraction(1, 4) ** k
    assert mean_hits(parse("1d vs DC 4 with die d4, crit 4")) == Fraction(1, 3)


def test_the_settings_read_as_their_words_say() -> None:
    assert clamp_dc(PRINTED, 0) == (2, 2) and clamp_dc(PRINTED, 9) == (6, -3)
    assert clamp_dc(BOOK.read("dc-past one-die"), 0) == (2, 1)
    assert clamp_dc(BOOK.read("dc-past nothing"), 9) == (6, 0)
    assert clamp_dc(BOOK.read("dc-range 3-5"), 6) == (5, -1)
    assert clamp_dc(BOOK.read("die d8"), 9) == (8, -1) and clamp_dc(BOOK.read("die d8, dc-range 2-6"), 8) == (6, -2)
    assert drops_highest(PRINTED, 1, save=False) is False and drops_highest(PRINTED, -1, save=False) is True
    assert drops_highest(PRINTED, 1, save=True) is True
    assert drops_highest(BOOK.read("save-drops same"), 1, save=True) is False
    assert drops_highest(BOOK.read("bonus-drops highest"), 1, save=False) is True


def test_the_roll_follows_the_rule_set() -> None:
    query = parse("2d+1b vs DC 4 with bonus-drops highest")
    result = resolve_dice(query, [5, 2, 6])
    assert result.kept == (5, 2) and result.hits == 1
    query = parse("2d vs DC 6 with crit 5")
    result = resolve_dice(query, [5, 3], [6, 2])
    assert result.chains() == [[5, 6, 2]] and result.hits == 1
    assert "a kept 5 or more rolls one more die" in " ".join(result.lines())
    query = parse("3d8 vs DC 7 with die d8, crit none")
    result = resolve_dice(query, [8, 8, 7])
    assert result.hits == 3 and result.explosions == ()
    assert all(1 <= v <= 8 for v in roll_notation("6d vs DC 3 with die d8", 11).dice)
    data = roll_notation("2d vs DC 3 with die d8", 3).to_json()
    assert data["rules"]["written"] == "die d8" and data["notation"] == "2d vs DC 3 with die d8"


def test_a_face_roll_reads_the_rule_sets_die() -> None:
    dist = odds_notation("1d+2p with die d8").dist
    assert dist.outcomes == tuple(range(1, 9)) and dist.p(8) == Fraction(1, 512)
    # the middle of three d6 when a bonus and a penalty die are both rolled
    dist = odds_notation("1d+1b+1p with cancel no").dist
    counts = {}
    for faces in product(range(1, 7), repeat=3):
        middle = sorted(faces)[1]
        counts[middle] = counts.get(middle, 0) + 1
    assert dist.probabilities() == {k: Fraction(v, 216) for k, v in sorted(counts.items())}


def test_cancel_no_rolls_every_bonus_and_penalty_die() -> None:
    query = parse("3d+2b+1p vs DC 4 with cancel no")
    assert (query.bonus, query.penalty, query.rolled, query.low_drops) == (2, 1, 6, 2)
    assert query.notation == "3d+2b-1p vs DC 4 with cancel no" and parse(query.notation) == query
    result = resolve_dice(query, [2, 5, 5, 2, 3, 5])
    assert result.kept == (5, 5, 3) and result.dropped == (0, 3, 5)
    assert [d["role"] for d in result.dice_detail()] == ["base"] * 3 + ["bonus"] * 2 + ["penalty"]
    assert parse("3d+2b+1p vs DC 4").rolled == 4  # printed: they cancel to +1b
    with pytest.raises(RulesError) as caught:
        parse("3d+16b+15p vs DC 4 with cancel no")
    assert "too large" in caught.value.message and caught.value.position == len("3d+16b")


# --- the notation's own words and the setting ------------------------------------------
def test_the_notations_die_must_agree_with_the_rule_set() -> None:
    assert parse("3d8 vs DC 3 with die d8") == parse("3d vs DC 3 with die d8")
    with pytest.raises(RulesError) as caught:
        parse("3d8 vs DC 3")
    assert "six-sided" in caught.value.message and "with die d8" in caught.value.message
    assert caught.value.position == 2
    with pytest.raises(RulesError) as caught:
        parse("3d6 vs DC 3 with die d8")
    assert "die is a d8" in caught.value.message and caught.value.position == 2
    assert caught.value.notation == "3d6 vs DC 3 with die d8"


def test_a_dc_held_to_the_range_says_so() -> None:
    query = parse("3d vs DC 9 with dc-past nothing")
    assert query.notation == "3d vs DC 6 with dc-past nothing"
    assert any("above the range 2-6" in note for note in query.notes)


# --- conflicts and limits ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "words", "caret"),
    [
        ("3d vs DC 3 with crit 8", "crit 8 is past the d6's faces", "crit 8"),
        ("3d vs DC 3 with die d4, crit 6", "crit 6 is past the d4's faces", "crit 6"),
        ("3d vs DC 3 with crit 6, die d4", "crit 6 is past the d4's faces", "die d4"),
        ("3d vs DC 3 with dc-range 2-8", "dc-range 2-8 goes past the d6's faces", "dc-range 2-8"),
        ("3d vs DC 3 with dc-range 2-5, die d4", "dc-range 2-5 goes past the d4's faces", "die d4"),
        ("3d vs DC 3 with dc-range 8-top", "dc-range 8-top goes past the d6's faces", "dc-range 8-top"),
        ("3d vs DC 3 with dc-range 5-3", "dc-range must be", "5-3"),
        ("3d vs DC 3 with crit 1", "crit must be top, a face from 2 to 20 or none, not '1'", "1"),
        ("3d vs DC 3 with die d7", "die must be d4, d6, d8, d10, d12 or d20", "d7"),
        ("3d vs DC 3 with dc-past two-dice", "dc-past must be die-a-step, one-die or nothing", "two-dice"),
        ("3d vs DC 3 with wild 6", "unknown setting 'wild'", "wild"),
    ],
)
def test_conflicts_are_refused_with_a_caret(text: str, words: str, caret: str) -> None:
    for call in (parse, odds_notation):
        with pytest.raises(RulesError) as caught:
            call(text)
        error = caught.value
        assert words in error.message
        assert error.notation == text and error.field == "rules"
        assert text[error.position : error.position + error.length] == caret


def test_a_rule_set_too_large_to_compute_is_refused_naming_the_limit() -> None:
    text = "100d vs DC 2 with die d20, crit 2"
    with pytest.raises(RulesError) as caught:
        odds_notation(text)
    error = caught.value
    assert str(MAX_LISTED) in error.message and "crit" in error.message
    assert text[error.position : error.position + error.length] == "crit 2"
    with pytest.raises(RulesError) as caught:
        odds_notation("100d vs DC 2 with crit 2, die d20")
    assert caught.value.notation.endswith("crit 2, die d20") and caught.value.length == len("crit 2")
    code, out = run(["odds", "dice-and-danger", "100d vs DC 2", "--rules", "die d20, crit 2", "--json"])
    assert code == 2 and str(MAX_LISTED) in json.loads(out)["error"]["message"]


def test_the_pool_limits_hold_under_any_rule_set() -> None:
    with pytest.raises(RulesError, match="too large"):
        parse("101d vs DC 3 with die d8")
    with pytest.raises(RulesError, match="too large"):
        parse("100d vs DC 0 with dc-past one-die")  # 101 dice
    assert parse("100d vs DC 0 with dc-past nothing").dice == 100


# --- properties -------------------------------------------------------------------------
SETTING_TEXTS = st.fixed_dictionaries(
    {},
    optional={
        "die": st.sampled_from(["d4", "d6", "d8", "d10", "d12", "d20"]),
        "crit": st.sampled_from(["top", "none", *map(str, range(2, 21))]),
        "bonus-drops": st.sampled_from(["lowest", "highest"]),
        "penalty-drops": st.sampled_from(["lowest", "highest"]),
        "save-drops": st.sampled_from(["swapped", "same"]),
        "cancel": st.sampled_from(["yes", "no"]),
        "dc-range": st.one_of(
            st.integers(1, 20).map(lambda low: f"{low}-top"),
            st.tuples(st.integers(1, 20), st.integers(1, 20)).map(lambda t: f"{min(t)}-{max(t)}"),
        ),
        "dc-past": st.sampled_from(["die-a-step", "one-die", "nothing"]),
    },
)


def _read(chosen: dict[str, str]):  # noqa: ANN202
    try:
        return BOOK.read(", ".join(f"{k} {v}" for k, v in chosen.items()))
    except RulesError as error:
        assert "past the d" in error.message
        return None


@settings(deadline=None)
@given(SETTING_TEXTS)
def test_written_read_and_written_again_is_the_same(chosen: dict[str, str]) -> None:
    rules = _read(chosen)
    if rules is not None:
        assert BOOK.read(rules.written) == rules and BOOK.read(rules.written).written == rules.written
        assert parse("3d vs DC 3" + rules.with_clause()).rules == rules


POOLS_SMALL = st.sampled_from(
    ["1d", "2d", "3d", "2d+1b", "3d-1p", "save 2d+1b", "save 3d-1p", "2d-1h", "4d+2h", "2d+1b+2p", "save 1d+1b+1p"]
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SETTING_TEXTS, POOLS_SMALL)
def test_chances_sum_to_one_and_a_harder_rung_never_helps(chosen: dict[str, str], roll: str) -> None:
    rules = _read(chosen)
    if rules is None:
        return
    lab_sheet = sheet(roll, rules, 1)  # the sheet itself checks outcomes and tail sum to 1
    assert sum((o.p for o in lab_sheet.outcomes), lab_sheet.tail) == 1
    chances = [r.p_success for r in lab_sheet.rungs]
    assert all(later <= earlier for earlier, later in zip(chances, chances[1:])), chances
    query = parse(f"{roll} vs DC 3{rules.with_clause()}")
    dist = odds(query).dist
    assert sum(dist.probabilities().values()) + dist.cut_mass == 1
    assert dist.cut_mass < EXPLOSION_CUTOFF


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(["2d vs DC 3", "save 1d+2p vs DC 4", "1d+2p", "3d8 vs DC 5"]),
    st.text(alphabet=st.sampled_from(list("dieDcrt0123456789 ,-nowlhgsabpkvx")), max_size=40),
)
def test_a_notation_with_any_with_clause_reads_or_is_refused(roll: str, clause: str) -> None:
    text = f"{roll} with {clause}"
    try:
        query = parse(text)
    except RulesError as error:
        assert error.notation == text
    else:
        assert parse(query.notation) == query


# --- the CLI and the bridge --------------------------------------------------------------
@pytest.mark.parametrize("verb", ["roll", "odds"])
def test_cli_rules_and_a_with_clause_give_the_same_json(verb: str) -> None:
    seed = ["--seed", "9"] if verb == "roll" else []
    code, by_option = run([verb, "dice-and-danger", "4d-1p vs DC 3", "--rules", "die d8, crit 7", "--json", *seed])
    assert code == 0
    code, by_with = run([verb, "dice-and-danger", "4d-1p vs DC 3 with die d8, crit 7", "--json", *seed])
    assert code == 0 and json.loads(by_option) == json.loads(by_with)
    data = json.loads(by_with)
    assert data["rules"]["written"] == "die d8, crit 7"
    assert data["notation"] == "4d-1p vs DC 3 with die d8, crit 7"
    if verb == "odds":
        assert data["crit_cap"] is None
        assert sum(Fraction(p) for p in data["outcomes"].values()) + Fraction(data["cut_mass"]) == 1


def test_cli_rules_beside_a_with_clause_may_not_repeat_a_setting() -> None:
    code, out = run(["odds", "dice-and-danger", "3d vs DC 3 with die d8", "--rules", "die d10", "--json"])
    assert code == 2 and "given twice" in json.loads(out)["error"]["message"]
    code, out = run(["odds", "dice-and-danger", "3d vs DC 3 with die d8", "--rules", "crit 5", "--json"])
    assert code == 0 and json.loads(out)["rules"]["written"] == "die d8, crit 5"


# --- the design lab ----------------------------------------------------------------------
def test_the_lab_opens_on_the_designers_pages_roll() -> None:
    assert SYSTEM.lab is LAB and LAB.rolls[0].notation == "3d"
    designer = view()
    assert designer.roll == "3d vs DC 3"
    printed = sheet("3d", PRINTED, 4)
    assert [r.p_success for r in printed.rungs] == [s.p_success for s in designer.steps]
    assert [r.label for r in printed.rungs] == [s.label for s in designer.steps]
    assert printed.rungs[printed.usual].notation == designer.roll and LADDER[USUAL][0] == 3
    # every count the designers' page lists exactly is the same here
    exact_up_to = crit_cap(parse("3d vs DC 3")) + 1
    assert [o.p for o in printed.outcomes[: exact_up_to + 1]] == [o.p for o in designer.outcomes[: exact_up_to + 1]]
    assert printed.exact_mean() == mean_hits(parse("3d vs DC 3"))


def test_the_lab_answers_every_headline_roll() -> None:
    for lab_roll in LAB.rolls:
        answer = lab_answer(LAB, SYSTEM.title, lab_roll.notation, ["die d8", "crit none", "dc-range 3-5"], 7)
        printed, d8, flat, narrow = answer["columns"]
        assert d8["notation"].endswith("with die d8") and flat["tail"] is None
        # a damage roll's ladder starts at DC 2, a save's ends there
        no_armour = narrow["rungs"][-1 if lab_roll.notation.startswith("save") else 0]
        assert no_armour["label"] == "DC 2 (no armour)"
        assert no_armour["notation"].endswith(" vs DC 3 with dc-range 3-5")  # DC 2: DC 3, +1d
        json.dumps(answer)


def test_the_lab_by_hand_on_one_die_without_explosions() -> None:
    # 1d with nothing exploding: the chance of a hit at DC n is (7 - n)/6
    lone = sheet("1d", BOOK.read("crit none"), None)
    assert [r.p_success for r in lone.rungs] == [Fraction(7 - dc, 6) for dc, _label in LADDER]
    assert [(o.value, o.p) for o in lone.outcomes] == [(0, Fraction(1, 3)), (1, Fraction(2, 3))]
    assert lone.tail == 0 and lone.exact_variance() == Fraction(2, 9)


def test_the_lab_variance_is_exact_for_exploding_dice() -> None:
    # one d4 at DC 4 with 4s exploding: P(k) = (3/4)(1/4)^k, a geometric count of hits:
    # mean (1/4)/(3/4) = 1/3, variance (1/4)/(3/4)^2 = 4/9
    geometric = query_hits(parse("1d vs DC 4 with die d4, crit 4"))
    assert geometric[1] == Fraction(1, 3) and geometric[2] == Fraction(4, 9)
    # at DC 3 (the lab's usual rung) a die hits on 3-4 and a 4 starts a chain Y: its 4s are
    # geometric N (mean 1/3, variance 4/9), its last die a 3 with chance 1/3 (variance 2/9):
    # E[Y] = 2/3, Var Y = 2/3. X = [3 or 4] + [4]·Y: E[X] = 1/2 + 1/4 · 2/3 = 2/3;
    # E[X²] = 1/4 + 1/4 · E[(1 + Y)²] = 1/4 + 1/4 · (1 + 4/3 + 10/9) = 10/9: Var X = 2/3.
    lone = sheet("1d", BOOK.read("die d4, crit 4, dc-range 2-4"), None)
    assert lone.exact_mean() == Fraction(2, 3) and lone.exact_variance() == Fraction(2, 3)
    assert [r.p_success for r in lone.rungs][3:] == [0, 0]  # DC 5 and 6: DC 4 with no die left


def test_the_lab_refuses_a_roll_with_its_dc_or_bad_terms() -> None:
    for roll, field in (("3d vs DC 3", "roll"), ("3x", "roll"), ("", "roll"), ("3d8", "roll")):
        with pytest.raises(RulesError) as caught:
            lab_answer(LAB, SYSTEM.title, roll, [], None)
        assert caught.value.field == field
    with pytest.raises(RulesError) as caught:
        lab_answer(LAB, SYSTEM.title, "3d", ["die d8", "crit 9"], None)
    assert caught.value.field == "house-2"
    with pytest.raises(RulesError) as caught:
        lab_answer(LAB, SYSTEM.title, "100d", ["die d20, crit 2"], None)
    assert caught.value.field == "house-1" and str(MAX_LISTED) in caught.value.message
