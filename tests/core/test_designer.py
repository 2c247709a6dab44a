"""The designers' page data: every system's typical roll, ladder and spread equal what the
engine computes for the same notations, and hand-checked values."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_engine.core.designer import DesignerView, designer_tables, summary_table
from rules_engine.core.exact import percent
from rules_engine.systems import SYSTEM_PACKAGES, all_systems, get_system


def view_of(key: str) -> DesignerView:
    system = get_system(key)
    assert system.designer is not None, f"{key} has no designer hook"
    return system.designer()


def as_fraction(text: str) -> Fraction:
    return Fraction(text)


#: Values worked out by hand (or printed by a source), one or more rungs per system.
HAND_CHECKED = {
    # Ruling: Routine 4+ on 4d6 always succeeds (ones are wild; the rule, not the AnyDice script).
    "doom-stack": {"4d6 vs TN 4": Fraction(1), "4d6 vs TN 24": Fraction(1, 1296)},  # 24: four 6s
    # At difficulty 2 every die but a 1 succeeds: net = 5 − 2 × ones, so it fails on three 1s or more.
    "adrenaline": {
        "5d10 vs 2": 1
        - sum(Fraction(c) * Fraction(1, 10) ** k * Fraction(9, 10) ** (5 - k) for k, c in ((3, 10), (4, 5), (5, 1)))
    },
    "xy-checks": {"5/6": Fraction(5, 6), "5/6 +1 TN": Fraction(7, 8), "5/6 -4 TN": Fraction(1, 6)},
    # At least one hit of 3d: 1 − (chance a die misses)³.
    "dice-and-danger": {
        "3d vs DC 2": 1 - Fraction(1, 6) ** 3,
        "3d vs DC 4": 1 - Fraction(1, 2) ** 3,
        "3d vs DC 6": 1 - Fraction(5, 6) ** 3,
    },
    "action": {"5 vs 5": Fraction(6, 11)},
}


#: Where a system's ``odds --json`` has no ``p_success``, success read from its outcomes.
SUCCESS_IN_JSON = {
    # at least one hit: 1 − P(no hit), exact (a roll with no hit exploded nothing)
    "dice-and-danger": lambda data: 1 - as_fraction(data["outcomes"]["0"]),
    "action": lambda data: sum(
        as_fraction(data["outcomes"][degree])
        for degree in ("Success", "Major Success", "Negotiated Victory", "Victory", "Total Victory")
    ),
}


def test_every_system_brings_a_designer_view():
    assert set(HAND_CHECKED) == set(SYSTEM_PACKAGES)
    for system in all_systems():
        assert system.designer is not None, f"{system.key}: rules_engine/<package>/designer.py view()"


@pytest.mark.parametrize("key", SYSTEM_PACKAGES)
def test_hand_checked_rungs(key):
    steps = {step.notation: step.p_success for step in view_of(key).steps}
    for notation, expected in HAND_CHECKED[key].items():
        assert steps[notation] == expected, notation


@pytest.mark.parametrize("key", SYSTEM_PACKAGES)
def test_every_rung_equals_the_engine_odds_of_its_notation(key):
    system = get_system(key)
    for step in view_of(key).steps:
        data = system.odds(step.notation).to_json()
        assert step.p_success == SUCCESS_IN_JSON.get(key, lambda d: as_fraction(d["p_success"]))(data), step.notation


@pytest.mark.parametrize("key", SYSTEM_PACKAGES)
def test_the_ladder_gets_harder_and_holds_the_typical_roll(key):
    view = view_of(key)
    chances = [step.p_success for step in view.steps]
    assert chances == sorted(chances, reverse=True)
    assert len({step.label for step in view.steps}) == len(view.steps)
    typical = [step for step in view.steps if step.notation == view.roll]
    assert len(typical) == 1, "the typical roll is one rung of the ladder"
    assert typical[0].p_success == view.p_success_at_roll


@pytest.mark.parametrize("key", SYSTEM_PACKAGES)
def test_the_spread_sums_to_one_and_equals_the_engine(key):
    view = view_of(key)
    assert sum(o.p for o in view.outcomes) + view.cut_mass == 1
    assert all(o.p > 0 for o in view.outcomes)
    margins = [o.margin for o in view.outcomes]
    assert margins == sorted(margins) and 0 in margins
    data = get_system(key).odds(view.roll).to_json()
    engine = sorted(as_fraction(p) for p in data["outcomes"].values() if as_fraction(p))
    assert sorted(o.p for o in view.outcomes) == engine
    assert as_fraction(data["cut_mass"]) == view.cut_mass


def test_spreads_worked_by_hand():
    xy = {o.margin: o.p for o in view_of("xy-checks").outcomes}
    assert xy == {-1: Fraction(1, 6), 0: Fraction(5, 6)}
    hits = {o.label: o.p for o in view_of("dice-and-danger").outcomes}
    assert hits["0 hits"] == Fraction(1, 27)  # three dice all below DC 3: (2/6)³
    stacks = {o.margin: o.p for o in view_of("doom-stack").outcomes}
    assert stacks[24 - 8] == Fraction(1, 1296)  # four 6s stacked, TN 8
    action = {o.label: (o.margin, o.p) for o in view_of("action").outcomes}
    assert action["Success"][0] == 0 and action["Fumble"][0] == -3 and action["Total Victory"][0] == 4
    net = {o.margin: o.p for o in view_of("adrenaline").outcomes}
    assert net[4] == Fraction(1, 2) ** 5  # five net successes: every die 6 or more at difficulty 6


def test_tables_print_the_exact_values():
    tables = designer_tables(all_systems())
    keys = [t.key for t in tables]
    assert len(keys) == len(set(keys)) == 2 + 2 * len(SYSTEM_PACKAGES)
    for table in tables:
        for row in table.rows:
            assert len(row) == len(table.headers)
            for cell in row:
                if isinstance(cell.value, Fraction) and cell.text.endswith("%"):
                    assert cell.text == percent(cell.value, 2)
                elif isinstance(cell.value, Fraction) and "/" in cell.text:
                    assert Fraction(cell.text) == cell.value


def test_the_summary_reads_each_spread():
    rows = {row[0].text: row for row in summary_table(all_systems()).rows}
    xy = rows["X-in-Y checks"]
    assert xy[2].value == Fraction(5, 6) and xy[4].text == "Success 1" and xy[6].value == xy[7].value == 2
    action = rows["Action!"]
    assert action[2].value == Fraction(6, 11) and action[4].text == "Success" and action[7].value == 8
