"""Action! combat: Shots and initiative, snapshots, the heroic multi-action table against
the rows the source prints, the card stack, covering fire, other conflicts and drafts."""

from pathlib import Path

import pytest

from rules_engine.action.combat import conflicts, drafts, shots
from rules_engine.action.combat.notation import parse_heroic
from rules_engine.action.combat.tables import TABLES

_UP = Path(__file__).resolve().parents
SOURCE = (_UP[3] / "shared" / "seeds" / "001_cd835157f8b5c68b.txt") if len(_UP) > 3 else Path("/nonexistent")


def test_shot_count_and_initiative():
    assert shots.shot_count(4, 3, 5) == 4
    assert shots.shot_count(3, 3, 3) == 3 and shots.shot_count(2, 2, 3) == 2
    assert shots.initiative(4) == 4 and shots.initiative(4, spent=2) == 14
    assert shots.regain(3, 4) == 4 and shots.regain(4, 4) == 4


def test_snapshots_are_the_heroic_rows_for_two_and_three():
    assert shots.snapshot_penalty(2) == -3 == shots.heroic_modifier(2)
    assert shots.snapshot_penalty(3) == -5 == shots.heroic_modifier(3)


def test_heroic_formula_gives_every_printed_row():
    assert {n: shots.heroic_modifier(n) for n in range(1, 11)} == shots.PRINTED_HEROIC
    # the printed rows as typed here from the source: 1* −2 … 10 −47
    assert [shots.heroic_modifier(n) for n in range(1, 11)] == [-2, -3, -5, -8, -12, -17, -23, -30, -38, -47]
    assert all(row[3].text == "yes" for row in TABLES["heroic"]().rows)


def test_heroic_table_is_the_sources():
    if not SOURCE.is_file():
        pytest.skip("the source text is not beside this checkout")
    lines = SOURCE.read_text(encoding="utf-8").splitlines()
    start = lines.index("Targets | Modifier |") + 1
    printed = {
        int(a.strip().rstrip("*")): int(b) for a, b, _ in (line.split("|") for line in lines[start : start + 10])
    }
    assert printed == shots.PRINTED_HEROIC


def test_heroic_table_read_in_reverse():
    # the published table's rows: (the least penalty of the row, the unnamed targets it buys)
    rows = [(row[0].value, row[1].value) for row in TABLES["heroic-reversed"]().rows]

    def targets_for(penalty: int) -> int:  # the last row the penalty reaches; 0 below the first
        return max((targets for least, targets in rows if least <= penalty), default=0)

    assert [targets_for(p) for p in (1, 2, 3, 4, 5, 11, 12, 47)] == [0, 1, 2, 2, 3, 4, 5, 10]


def test_heroic_one_target_is_the_pages_ruling():
    """The page rules that one named target takes no penalty; the −2 row is for the reversed
    reading only. ``heroic 1`` says so, and never "on each action"."""
    one = parse_heroic("heroic 1")
    assert one.text[0].startswith("1 target: -2, only when the table is read in reverse")
    assert "a single named target is an ordinary action, with no penalty" in one.text[0]
    assert "on each action" not in " ".join(one.lines())
    assert one.values["modifier"] == -2 == one.values["printed"] and one.values["snapshot"] is None
    assert parse_heroic("heroic 2").text[0] == "2 targets: -3 on each action (2 + n(n−1)/2)"


def test_card_stack():
    stack = shots.CardStack(["Ann", "Bo", "Cy", "Di"])
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
    assert [shots.cover_points(pv) for pv in (-2, 0, 4, 5, 12)] == [0, 0, 0, 1, 2]
    assert shots.aggressive_av(2) == 12


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


STACK_EXAMPLE = "stack Ann, Bo, Cy, d10; Ann acts; Bo takes 6 of health 20; Cy defends; Ann acts snapshot -6"


def test_card_stack_notation_plays_each_event_in_order():
    from rules_engine.action import SYSTEM

    reply = SYSTEM.odds(STACK_EXAMPLE).to_json()
    assert reply["kind"] == "stack" and reply["notation"] == STACK_EXAMPLE
    # Ann to the back; Bo now first takes 6 of 20 (⌊30/20⌋ = 1 place): past first place, out;
    # Cy, first, may not defend; Ann acts again with snapshots at −6: back, then 2 forward.
    assert [s["order"] for s in reply["steps"]] == [
        ["Bo", "Cy", "d10", "Ann"],
        ["Cy", "d10", "Ann"],
        ["Cy", "d10", "Ann"],
        ["Ann", "Cy", "d10"],
    ]
    assert reply["steps"][2]["event"] == "Cy is first: no active defence"
    assert reply["order"] == ["Ann", "Cy", "d10"] and reply["out"] == ["Bo"]
    assert SYSTEM.roll(STACK_EXAMPLE, seed=1).to_json() == reply  # no dice: roll prints what odds prints
    assert reply["lines"][-2:] == ["order now: Ann, Cy, d10", "out of action: Bo"]


def test_card_stack_notation_hand_checked_moves():
    from rules_engine.action import SYSTEM

    def order(text: str) -> list[str]:
        return SYSTEM.odds(text).to_json()["order"]

    assert order("stack A, B, C, D, E; D takes 8 of health 20") == ["A", "D", "B", "C", "E"]  # 2 places
    assert order("stack A, B, C, D, E; E takes 7 of health 20") == ["A", "B", "C", "E", "D"]  # ⌊35/20⌋ = 1
    assert order("stack A, B, C, D, E; A acts snapshot -6") == ["B", "C", "A", "D", "E"]  # back, then 2 forward
    assert order("stack A, B, C, D, E; A acts snapshot -5") == ["B", "C", "D", "A", "E"]
    assert order("stack A, B, C; b defends") == ["A", "C", "B"]  # names in any case
    assert order("stack A, b, Setback; setback acts") == ["A", "b"]  # a padding card that comes up leaves
    out = SYSTEM.odds("stack A, B, C; B takes 8 of health 20").to_json()  # 2 places from second: out
    assert out["order"] == ["A", "C"] and out["out"] == ["B"]
    assert SYSTEM.odds("stack A, B; A defends").to_json()["order"] == ["A", "B"]  # refused from first place
