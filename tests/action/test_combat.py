"""Action! combat: Shots and initiative, snapshots, the heroic multi-action table against
the rows the source prints, the card stack, covering fire, other conflicts and drafts."""

from pathlib import Path

import pytest

from rules_engine.action import combat, conflicts, drafts
from rules_engine.action.combat_tables import TABLES

_UP = Path(__file__).resolve().parents
SOURCE = (_UP[3] / "shared" / "seeds" / "001_cd835157f8b5c68b.txt") if len(_UP) > 3 else Path("/nonexistent")


def test_shot_count_and_initiative():
    assert combat.shot_count(4, 3, 5) == 4
    assert combat.shot_count(3, 3, 3) == 3 and combat.shot_count(2, 2, 3) == 2
    assert combat.initiative(4) == 4 and combat.initiative(4, spent=2) == 14
    assert combat.regain(3, 4) == 4 and combat.regain(4, 4) == 4


def test_snapshots_are_the_heroic_rows_for_two_and_three():
    assert combat.snapshot_penalty(2) == -3 == combat.heroic_modifier(2)
    assert combat.snapshot_penalty(3) == -5 == combat.heroic_modifier(3)


def test_heroic_formula_gives_every_printed_row():
    assert {n: combat.heroic_modifier(n) for n in range(1, 11)} == combat.PRINTED_HEROIC
    # the printed rows as typed here from the source: 1* −2 … 10 −47
    assert [combat.heroic_modifier(n) for n in range(1, 11)] == [-2, -3, -5, -8, -12, -17, -23, -30, -38, -47]
    assert all(row[3].text == "yes" for row in TABLES["heroic"]().rows)


def test_heroic_table_is_the_sources():
    if not SOURCE.is_file():
        pytest.skip("the source text is not beside this checkout")
    lines = SOURCE.read_text(encoding="utf-8").splitlines()
    start = lines.index("Targets | Modifier |") + 1
    printed = {int(a.strip().rstrip("*")): int(b) for a, b, _ in (line.split("|") for line in lines[start:start + 10])}
    assert printed == combat.PRINTED_HEROIC


def test_heroic_table_read_in_reverse():
    assert [combat.unnamed_targets_for(p) for p in (1, 2, 3, 4, 5, 11, 12, 47)] == [0, 1, 2, 2, 3, 4, 5, 10]


def test_card_stack():
    stack = combat.CardStack(["Ann", "Bo", "Cy", "Di"])
    stack.act("Ann")
    assert stack.order == ["Bo", "Cy", "Di", "Ann"]
    stack.act("Bo", snapshot_penalty=-5)  # to the back, then 1 forward
    assert stack.order == ["Cy", "Di", "Bo", "Ann"]
    stack.damage("Ann", 8, 20)  # 2 places per Health/5 = 4
    assert stack.order == ["Cy", "Ann", "Di", "Bo"]
    assert stack.active_defence("Cy") is False  # first place cannot
    assert stack.active_defence("Ann") is True and stack.order == ["Cy", "Di", "Ann", "Bo"]
    stack.damage("Di", 20, 20)  # 5 places forward from second: out
    assert stack.out == ["Di"] and stack.order == ["Cy", "Ann", "Bo"]


def test_covering_fire():
    assert [combat.cover_points(pv) for pv in (-2, 0, 4, 5, 12)] == [0, 0, 0, 1, 2]
    assert combat.aggressive_av(2) == 12


def test_other_conflicts():
    assert conflicts.confusing(12).amounts == {"shot_count_lost": 2, "shock": 12}
    assert conflicts.confusing(-7).amounts == {"shot_count_lost": 1, "shock": 7}
    assert conflicts.social(10).amounts == {"presence_lost": 2, "positive_dice": 2}
    assert conflicts.gambling(7).amounts == {"resources": 7, "fortune": 1}
    assert conflicts.chase(4).amounts == {"shots_lost": 0, "fortune": 0}
    assert conflicts.chase(17).amounts == {"shots_lost": 1, "fortune": 2}


def test_drafts():
    assert [drafts.progression_total(n) for n in range(1, 8)] == [5, 8, 10, 11, 12, 13, 14]
    assert len(drafts.WEAPONS) == 14 and len(drafts.ARMOUR) == 9
    assert all("draft" in TABLES[k]().caption.lower() for k in TABLES if k.startswith("draft"))


def test_every_table_is_well_formed():
    for name, build in TABLES.items():
        table = build()
        assert table.key == f"action-{name}"
        assert all(len(row) == len(table.headers) for row in table.rows), name
