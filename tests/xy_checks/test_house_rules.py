"""X-in-Y's rule book (issue 30): the printed rule set gives every published number, each
setting is checked against small cases worked out by enumeration here, and the reader, the
notation's with clause, the conflicts and the limits answer only with a RulesError."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_books import answers_by_option_and_clause

from rules_engine.core.errors import RulesError
from rules_engine.core.lab import lab_answer
from rules_engine.xy_checks import SYSTEM, designer
from rules_engine.xy_checks.house_rules import BOOK
from rules_engine.xy_checks.lab import LAB, sheet
from rules_engine.xy_checks.notation import CONTEST_EXAMPLE, CheckQuery, ContestQuery, VolleyQuery, parse
from rules_engine.xy_checks.odds import contest_odds, degree_distribution, exact_degrees, p_success, volley_odds
from rules_engine.xy_checks.roll import roll
from rules_engine.xy_checks.rules import DEFENCES, Check, apply_tn, step_easier, step_harder
from rules_engine.xy_checks.tables import EXTRA_SHOWN, FORM_LABELS, every_check

PRINTED = BOOK.printed


def _check(text: str) -> CheckQuery:
    query = parse(text)
    assert isinstance(query, CheckQuery)
    return query


def _degrees(query: CheckQuery) -> dict[int, Fraction]:
    return {d: p for d, p in degree_distribution(query).probabilities().items() if p}


# --- the printed rule set gives the published tables ----------------------------------------


def _cells(name: str) -> list[list[object]]:
    return [[c.value if c.value is not None else c.text for c in row] for row in SYSTEM.table(name).rows]


def test_printed_rules_give_the_ladder_and_success_tables() -> None:
    ladder = PRINTED["ladder"]
    rows = []
    for check in every_check():
        harder, easier = step_harder(check, ladder), step_easier(check, ladder)
        rows.append(
            [
                str(check),
                Fraction(check.x, check.y),
                str(harder),
                Fraction(harder.x, harder.y),
                str(easier),
                Fraction(easier.x, easier.y),
            ]
        )
    assert _cells("ladder") == rows
    success = [
        [str(check), *(p_success(CheckQuery(check, 0, max(e, 0), max(-e, 0), rules=PRINTED)) for e in EXTRA_SHOWN)]
        for check in every_check()
    ]
    assert _cells("success") == success


def test_printed_rules_give_the_degree_table() -> None:
    rows = iter(_cells("degrees"))
    for x in range(1, 6):
        for extra in range(-3, 4):
            row = next(rows)
            dist = _degrees(CheckQuery(Check(x, 6), 0, max(extra, 0), max(-extra, 0), rules=PRINTED))
            degrees = [d for d in range(4, 0, -1)] + [-d for d in range(1, 5)]
            assert row[1:] == [dist[d] if d in dist else "\u2014" for d in degrees]


def test_printed_rules_give_the_attack_table() -> None:
    base = Check(*PRINTED["base-check"])
    steps = {"defender": -1, "even": 0, "attacker": 1}
    for row, defence in zip(_cells("attack"), DEFENCES):
        checks = [apply_tn(base, DEFENCES[defence] + steps[form], PRINTED["ladder"])[0] for form in FORM_LABELS]
        assert row[1:] == [Fraction(c.x, c.y) for c in checks]


def test_printed_rules_give_the_tie_table_and_the_tie_setting_gives_each_row() -> None:
    for row in SYSTEM.table("ties").rows:
        tie = row[0].text.removeprefix("tie ")
        written = parse(CONTEST_EXAMPLE + (f" with tie {tie}" if tie != "min" else ""))
        assert isinstance(written, ContestQuery) and written.rules == BOOK.read(f"tie {tie}")
        result = contest_odds(written)
        assert (row[2].value, row[3].value, row[4].value) == (result.p_tie, *(s.damage.mean() for s in result.sides))


def test_printed_lab_sheet_is_the_designers_page() -> None:
    view = designer.view()
    printed = sheet("attack", PRINTED, 7)
    assert [(r.label, r.p_success) for r in printed.rungs] == [(s.label, s.p_success) for s in view.steps]
    assert [(o.label, o.value, o.p) for o in printed.outcomes] == sorted(
        ((o.label, o.margin, o.p) for o in view.outcomes), key=lambda o: o[1]
    )
    assert printed.rungs[printed.usual].label == "\u00b10 TN: 5/6" and printed.notation == "attack"


def test_printed_rule_set_written_out_changes_nothing() -> None:
    every = ", ".join(f"{s.name} {s.write(s.default)}" for s in BOOK.settings)
    assert BOOK.read(every) == PRINTED
    assert _check("5/6 -3 TN +1b with " + every) == _check("5/6 -3 TN +1b")
    assert _check("5/6 -3 TN +1b with " + every).notation == "5/6 -3 TN +1b"


# --- each setting, by enumeration ----------------------------------------------------------


def _every_roll(x: int, y: int, bonus: int, penalty: int) -> Iterator[tuple[int, int]]:
    """Each roll of an x-in-y check's dice (1 + bonus + penalty of them), listed one by one, as
    its hits and its signed degree: a success needs no more misses than bonus dice; its degree
    is its hits less the penalty dice, a failure's its misses less the bonus dice (one kind of
    extra die: any hit succeeds / any miss fails, as printed)."""
    dice = 1 + bonus + penalty
    for faces in product(range(1, y + 1), repeat=dice):
        hits = sum(f <= x for f in faces)
        misses = dice - hits
        yield hits, (hits - penalty if misses <= bonus else -(misses - bonus))


def _enumerate(x: int, y: int, bonus: int, penalty: int) -> dict[int, Fraction]:
    """The signed degree by listing every roll."""
    counts: dict[int, int] = {}
    for _hits, d in _every_roll(x, y, bonus, penalty):
        counts[d] = counts.get(d, 0) + 1
    return {d: Fraction(n, y ** (1 + bonus + penalty)) for d, n in counts.items()}


def test_ladder_moves_checks_on_the_house_dice() -> None:
    house = "with ladder 4-8, base-check 3/4"
    assert _check(f"3/4 +1 TN {house}").check == Check(7, 8)
    assert _check(f"1/4 -1 TN {house}").check == Check(1, 8)
    assert _check(f"1/4 -3 TN {house}").check == Check(1, 8)  # no die past d8
    query = _check(f"3/4 +1 TN +1b {house}")
    assert _degrees(query) == _enumerate(7, 8, 1, 0)
    with pytest.raises(RulesError) as caught:
        parse(f"5/6 {house}")
    assert caught.value.position == 2 and "d4, d8" in caught.value.message


def test_base_check_is_what_attack_starts_from() -> None:
    query = _check("attack -1 TN +1b with ladder 4-6-8-10-12-20, base-check 3/6")
    assert query.check == Check(2, 6) and query.notation == "attack -1 TN +1b with base-check 3/6"
    assert _degrees(query) == _enumerate(2, 6, 1, 0)
    assert _check("attack").check == Check(5, 6)
    assert _check("attack +1 TN with base-check 7/8").check == Check(9, 10)


@pytest.mark.parametrize(("bonus", "penalty"), [(1, 1), (2, 1), (1, 2), (0, 2), (2, 0)])
def test_cancel_no_rolls_every_extra_die(bonus: int, penalty: int) -> None:
    query = _check(f"4/6 +{bonus}b +{penalty}p with cancel no")
    assert query.dice == 1 + bonus + penalty
    assert _degrees(query) == _enumerate(4, 6, bonus, penalty)
    if not (bonus and penalty):  # one kind only: as printed
        assert _degrees(query) == _degrees(_check(f"4/6 +{bonus}b +{penalty}p"))


def test_cancel_yes_and_all() -> None:
    assert _degrees(_check("3/6 +2b +1p")) == _enumerate(3, 6, 1, 0)
    assert _degrees(_check("3/6 +2b +1p with cancel all")) == _enumerate(3, 6, 0, 0)
    assert _degrees(_check("3/6 +2b with cancel all")) == _enumerate(3, 6, 2, 0)


def _with_crit(x: int, y: int, bonus: int, penalty: int, cx: int, cy: int, crit_dice: int) -> dict[int, Fraction]:
    """The signed degree with the crit die, listing every roll of the check's dice and
    ``crit_dice`` crit dice: exact for the degrees reached before the crit dice run out."""
    counts: dict[int, int] = {}
    dice = 1 + bonus + penalty
    for hits, d in _every_roll(x, y, bonus, penalty):
        if hits not in (0, dice):
            counts[d] = counts.get(d, 0) + cy**crit_dice
            continue
        for crit in product(range(1, cy + 1), repeat=crit_dice):
            made = next((i for i, f in enumerate(crit) if f > cx), None)
            if made is None:
                continue  # the crit dice ran out: a deeper degree, not counted here
            signed = d + made if d > 0 else d - made
            counts[signed] = counts.get(signed, 0) + 1
    total = y**dice * cy**crit_dice
    return {d: Fraction(n, total) for d, n in counts.items()}


@pytest.mark.parametrize(
    ("text", "x", "y", "bonus", "penalty", "crit"),
    [
        ("4/6 with crit-die always", 4, 6, 0, 0, (1, 6)),
        ("4/6 +1b with crit-die always, crit-check 1/2", 4, 6, 1, 0, (1, 2)),
        ("2/4 -1p crit with crit-check 2/4", 2, 4, 0, 1, (2, 4)),
        ("3/6 +1b +1p with cancel no, crit-die always, crit-check 1/3", 3, 6, 1, 1, (1, 3)),
    ],
)
def test_crit_die_and_its_check_by_enumeration(
    text: str, x: int, y: int, bonus: int, penalty: int, crit: tuple[int, int]
) -> None:
    query = _check(text)
    listed = _with_crit(x, y, bonus, penalty, *crit, crit_dice=3)
    exact = exact_degrees(query)
    cut = degree_distribution(query)
    for d, p in listed.items():
        if abs(d) < 3:  # reached within the crit dice listed
            assert exact.p(d) == p and cut.p(d) == p
    assert p_success(query) == sum(p for d, p in _enumerate(x, y, bonus, penalty).items() if d > 0)


def test_crit_die_never_and_optional() -> None:
    assert not _check("4/6 with crit-die never").crit
    assert not _check("4/6").crit and _check("4/6 crit").crit
    assert _check("4/6 crit with crit-die always") == _check("4/6 with crit-die always")
    assert _check("4/6 crit with crit-die always").notation == "4/6 with crit-die always"
    assert _degrees(_check("4/6 with crit-die never")) == _enumerate(4, 6, 0, 0)


def _contest_by_hand(x1: int, x2: int, tie: str) -> tuple[Fraction, Fraction]:
    """Two champions with one d6 each; the side with more hits deals its d6, the other 1
    per hit; on a tie ``tie`` says. The two sides' mean damage."""
    totals = [Fraction(0), Fraction(0)]
    for a, b, d1, d2 in product(range(1, 7), repeat=4):
        hits = (int(a <= x1), int(b <= x2))
        for side, die in ((0, d1), (1, d2)):
            own, other = hits[side], hits[1 - side]
            full = own > other or (own == other and (tie == "full" or (tie, side) in (("first", 0), ("second", 1))))
            totals[side] += Fraction(die if full and own else own, 6**4)
    return totals[0], totals[1]


@pytest.mark.parametrize("tie", ["min", "full", "first", "second"])
def test_tie_setting_by_enumeration(tie: str) -> None:
    query = parse(f"contest 4/6 vs 3/6 with tie {tie}")
    assert isinstance(query, ContestQuery) and query.tie == tie
    means = tuple(s.damage.mean() for s in contest_odds(query).sides)
    assert means == _contest_by_hand(4, 3, tie)


def test_tie_more_and_fewer_and_the_tie_word() -> None:
    more = parse("contest 4/6, 2/6 vs 3/6 with tie more")
    fewer = parse("contest 4/6, 2/6 vs 3/6 with tie fewer")
    assert isinstance(more, ContestQuery) and isinstance(fewer, ContestQuery)
    assert (more.tie, fewer.tie) == ("first", "second")
    assert parse("contest 4/6 vs 3/6 tie full with tie full") == parse("contest 4/6 vs 3/6 with tie full")
    assert parse("contest 4/6, 2/6 vs 3/6 tie first with tie more").tie == "first"  # the same tie either way
    assert parse("contest 4/6 vs 3/6 tie full").notation == "contest 4/6 vs 3/6 tie full"  # as today


@pytest.mark.parametrize("die", [4, 6, 10])
def test_damage_die_by_enumeration(die: int) -> None:
    """Two attackers (5/6 with a bonus die, 3/6) on two plain targets: each target hit takes
    the damage die for its first hit and 1 for each further one."""
    query = parse(f"volley 5/6 +1b, 3/6 vs 2 with damage-die d{die}")
    counts: dict[int, int] = {}
    for a, b, c, d1, d2 in product(range(1, 7), range(1, 7), range(1, 7), range(1, die + 1), range(1, die + 1)):
        champion = sum(f <= 5 for f in (a, b))  # a success counts its hits
        hits = champion + (c <= 3)
        shares = (hits - hits // 2, hits // 2)  # at most two targets; the first gets the odd hit
        total = sum(face + m - 1 for face, m in zip((d1, d2), shares) if m)
        counts[total] = counts.get(total, 0) + 1
    listed = {k: Fraction(n, 6**3 * die**2) for k, n in counts.items()}
    assert isinstance(query, VolleyQuery)
    result = volley_odds(query)
    assert result.damage.probabilities() == dict(sorted(listed.items()))
    if die == 6:
        assert parse("volley 5/6 +1b, 3/6 vs 2") == query
    rolled = roll(query, 4)
    assert all(f"1d{die} (" in line for line in rolled.lines() if "damage 1d" in line)


@pytest.mark.parametrize("tie", ["min", "full"])
def test_damage_die_in_a_contest(tie: str) -> None:
    query = parse(f"contest 4/6 vs 3/6 with tie {tie}, damage-die d8")
    assert isinstance(query, ContestQuery)
    totals = [Fraction(0), Fraction(0)]
    for a, b, d1, d2 in product(range(1, 7), range(1, 7), range(1, 9), range(1, 9)):
        hits = (int(a <= 4), int(b <= 3))
        for side, die in ((0, d1), (1, d2)):
            own, other = hits[side], hits[1 - side]
            full = own > other or (own == other and tie == "full")
            totals[side] += Fraction(die if full and own else own, 36 * 64)
    assert tuple(s.damage.mean() for s in contest_odds(query).sides) == tuple(totals)


# --- properties ------------------------------------------------------------------------------

LADDERS = st.lists(st.integers(2, 30), min_size=1, max_size=6, unique=True).map(sorted)


@st.composite
def rule_texts(draw: st.DrawFn) -> str:
    """A written rule set whose base check sits on its ladder."""
    parts = []
    ladder = draw(st.one_of(st.none(), LADDERS))
    if ladder is not None:
        parts.append("ladder " + "-".join(map(str, ladder)))
        y = draw(st.sampled_from(ladder))
        if y >= 2:
            parts.append(f"base-check {draw(st.integers(1, y - 1))}/{y}")
    if draw(st.booleans()):
        parts.append("cancel " + draw(st.sampled_from(["yes", "no", "all"])))
    crit = draw(st.sampled_from([None, "optional", "always", "never"]))
    if crit:
        parts.append("crit-die " + crit)
    if crit != "never" and draw(st.booleans()):
        cy = draw(st.integers(2, 12))
        parts.append(f"crit-check {draw(st.integers(1, cy // 2))}/{cy}")
    if draw(st.booleans()):
        parts.append("damage-die " + draw(st.sampled_from(["d4", "d6", "d8", "d10", "d12", "d20"])))
    if draw(st.booleans()):
        parts.append("tie " + draw(st.sampled_from(["min", "full", "first", "second", "more", "fewer"])))
    order = draw(st.permutations(parts))
    return ", ".join(order)


@settings(max_examples=60, deadline=None)
@given(rule_texts())
def test_written_read_and_written_again_is_the_same(text: str) -> None:
    rules = BOOK.read(text)
    assert BOOK.read(rules.written) == rules
    assert BOOK.read(rules.written).written == rules.written


@settings(max_examples=40, deadline=None)
@given(
    rule_texts(),
    st.sampled_from([r.notation for r in LAB.rolls if not r.notation.startswith(("volley", "contest"))]),
    st.integers(0, 3),
)
def test_lab_sheets_sum_to_one_and_harder_rungs_never_help(text: str, roll_text: str, seed: int) -> None:
    rules = BOOK.read(text)
    answer = sheet(roll_text, rules, seed)  # LabSheet checks the sum is exactly 1
    assert sum((o.p for o in answer.outcomes), answer.tail) == 1
    chances = [r.p_success for r in answer.rungs]
    assert chances == sorted(chances, reverse=True)
    assert answer.notation == roll_text + rules.with_clause()
    query = _check(answer.notation)
    assert sum(degree_distribution(query).probabilities().values()) + degree_distribution(query).cut_mass == 1
    assert p_success(query) == exact_degrees(query).p_success_at_least(1)
    mean, variance = exact_degrees(query).moments(lambda d: d)
    assert variance >= 0


WORDS = st.sampled_from(
    [
        "damage-die",
        "d8",
        "5/6",
        "attack",
        "+1b",
        "-2p",
        "+1 TN",
        "crit",
        "with",
        "ladder",
        "4-8",
        "base-check",
        "3/8",
        "cancel",
        "no",
        "all",
        "crit-die",
        "always",
        "never",
        "crit-check",
        "1/2",
        "tie",
        "full",
        "more",
        ",",
        "contest",
        "volley",
        "vs",
        "2",
        "4/6",
        "99/100",
        "-3 TN",
    ]
)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.lists(WORDS, max_size=12).map(" ".join), st.text(max_size=60)))
def test_the_notation_with_any_with_clause_reads_or_is_refused(text: str) -> None:
    try:
        query = parse(text)
    except RulesError:
        return
    assert parse(query.notation).notation == query.notation
    roll(query, 1)


# --- conflicts and limits --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "names", "spot"),
    [
        ("5/6 with ladder 4-8-12", ("ladder", "base-check"), "ladder 4-8-12"),
        ("4/8 with base-check 3/8, ladder 4-6", ("ladder", "base-check"), "ladder 4-6"),
        ("5/6 with crit-die never, crit-check 1/2", ("crit-die", "crit-check"), "crit-check 1/2"),
        ("5/6 crit with crit-die never", ("crit-die",), "crit"),
        ("contest 5/6 vs 4/6 tie full with tie min, tie first", ("given twice",), "tie first"),
        ("contest 5/6 vs 4/6 tie full with tie first", ("tie first",), "tie full"),
        ("contest 5/6, 4/6 vs 4/6 tie second with tie more", ("tie more",), "tie second"),
    ],
)
def test_conflicts_name_the_settings_under_a_caret(text: str, names: tuple[str, ...], spot: str) -> None:
    with pytest.raises(RulesError) as caught:
        parse(text)
    error = caught.value
    assert all(name in error.message for name in names), error.message
    assert error.notation == text
    assert (error.position, error.length) == (text.index(spot), len(spot)), error.message


@pytest.mark.parametrize(
    ("text", "limit", "spot", "name"),
    [
        ("5/6 crit with crit-check 3/4", "half of y", "3/4", "crit-check"),
        ("5/6 with ladder 4-200", "from 2 to 100", "4-200", "ladder"),
        ("5/6 with ladder 4-6-8-10-12-14-16-18-20-22-24", "1 to 10", "4-6-8-10-12-14-16-18-20-22-24", "ladder"),
        ("5/6 with base-check 6/6", "x from 1 to y", "6/6", "base-check"),
        ("5/6 +20b +11p with cancel no", "up to 30", "5/6 +20b +11p", "cancel no"),
        ("5/6 +32b +1p", "up to 30", "5/6 +32b +1p", "after cancelling"),
    ],
)
def test_limits_are_refused_naming_them(text: str, limit: str, spot: str, name: str) -> None:
    with pytest.raises(RulesError) as caught:
        parse(text)
    error = caught.value
    assert limit in error.message and name in error.message
    assert (error.position, error.length) == (text.index(spot), len(spot)), error.message
    assert parse("5/6 +32b +1p with cancel all").dice == 1  # both kinds: one die under cancel all


def test_the_lab_refuses_what_it_cannot_ask() -> None:
    for roll_text, words in (
        ("attack -1 TN", "TN"),
        ("contest 5/6 vs 4/6 tie full", "tie word"),
        ("volley 5/6 crit, 4/6 vs 2", "crit die"),
        ("attack with cancel no", "with clause"),
    ):
        with pytest.raises(RulesError) as caught:
            lab_answer(LAB, SYSTEM.title, roll_text, [], None)
        assert caught.value.field == "roll" and words in caught.value.message
    with pytest.raises(RulesError) as caught:
        lab_answer(LAB, SYSTEM.title, "attack", ["ladder 4-8"], None)
    assert caught.value.field == "house-1" and "base-check" in caught.value.message


def test_lab_answer_for_the_crit_die_is_exact() -> None:
    answer = lab_answer(LAB, SYSTEM.title, "attack", ["crit-die always"], 7)
    house = answer["columns"][1]
    # 5/6 on one die; the crit die (1/6) adds j degrees with chance (1/6)^j·5/6:
    # a success's value is j (mean 1/5), a failure's −1 − j; mean 5/6·1/5 − 1/6·6/5 = −1/30.
    assert house["stats"]["mean"]["exact"] == "-1/30"
    assert house["outcomes"][-2]["label"] == "Success 1" or house["outcomes"][-1]["label"].startswith("Success")
    success_1 = next(o for o in house["outcomes"] if o["label"] == "Success 1")
    assert success_1["exact"] == "25/36"  # 5/6 · 5/6
    assert answer["differences"][0]["usual"]["points"] == "\u00b10.00"


def test_seeded_rolls_follow_the_rule_set() -> None:
    rolled = roll(_check("5/6 crit with crit-check 1/2"), 11)
    assert rolled.result.crit_faces  # one die always hits or misses alone: the crit die follows
    assert any(line.startswith("crit die (1/2): ") for line in rolled.lines())
    both = roll(_check("4/6 +2b +1p with cancel no"), 3)
    assert len(both.result.faces) == 4
    hits = sum(f <= 4 for f in both.result.faces)
    assert both.result.degree == (hits - 1 if 4 - hits <= 2 else -(4 - hits - 2))
    assert both.to_json()["rules"]["written"] == "cancel no"
    volley = roll(parse("volley attack +1b, attack vs 2 with base-check 3/6, crit-die always"), 5)
    assert volley.lines()[0].startswith("X-in-Y volley attack +1b, attack vs 2 with base-check 3/6, crit-die always")
    assert volley.to_json()["rules"]["settings"]["crit-die"] == "always"


# --- the command line -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("notation", "rules"),
    [
        ("5/6 +2b +1p", "cancel no, crit-die always"),
        ("attack -1 TN", "base-check 3/8"),
        ("contest 5/6, 4/6 vs 4/6", "tie more, crit-check 1/2"),
    ],
)
def test_cli_rules_option_and_with_clause_agree(notation: str, rules: str) -> None:
    for answer in answers_by_option_and_clause("xy-checks", notation, rules, "5"):
        assert answer["rules"] == BOOK.read(rules).to_json()
