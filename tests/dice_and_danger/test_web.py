"""The browser bridge's dice & danger widget actions: ``odds_kind`` / ``roll_kind`` (the
notation box with its damage/save switch) and ``character``. In-process, so these run
inside Pyodide too."""

import json
from fractions import Fraction

import pytest

from rules_engine.cli import run
from rules_engine.core.exact import decimal_text, percent, ratio
from rules_engine.dice_and_danger.notation import parse, parse_with_kind, written_kind
from rules_engine.dice_and_danger.odds import odds
from rules_engine.dice_and_danger.roll import generate_character
from rules_engine.web import call

GNARLY = "3d +2d +1b +3b +1p +2p vs DC 3 & -1d & +2b"


def ask(**request):
    return json.loads(call(json.dumps(request)))


def odds_kind(notation, kind="damage"):
    reply = ask(system="dice-and-danger", action="odds_kind", notation=notation, kind=kind)
    assert reply["ok"], reply
    return reply["result"]


def roll_kind(notation, kind="damage", seed="7"):
    reply = ask(system="dice-and-danger", action="roll_kind", notation=notation, kind=kind, seed=seed)
    assert reply["ok"], reply
    return reply["result"]


# --- the switch and the notation's own word -----------------------------------------------
def test_written_kind_reads_only_a_leading_word():
    assert written_kind("save 3d vs DC 4") == "save"
    assert written_kind("  DAMAGE 3d vs DC 4") == "damage"
    assert written_kind("3d vs DC 4") is None
    assert written_kind("saves 3d") is None  # a word ends at a word edge


@pytest.mark.parametrize("notation", ["3d+1b vs DC 4", "2d-2p+1h vs DC 9", GNARLY])
def test_the_save_switch_reads_as_if_save_were_written(notation):
    query, written = parse_with_kind(notation, "save")
    assert written is None
    assert query == parse("save " + notation) and query.notes == parse(notation).notes
    assert parse_with_kind(notation, "damage") == (parse(notation), None)


def test_the_notations_own_word_wins_over_the_switch():
    assert parse_with_kind("damage 3d+1b vs DC 4", "save") == (parse("3d+1b vs DC 4"), "damage")
    assert parse_with_kind("save 3d+1b vs DC 4", "damage") == (parse("save 3d+1b vs DC 4"), "save")
    result = odds_kind("damage 3d+1b vs DC 4", "save")
    assert (result["written_kind"], result["switch"], result["kind"]) == ("damage", "damage", "damage")
    result = odds_kind("save 3d+1b vs DC 4", "damage")
    assert (result["written_kind"], result["switch"], result["kind"]) == ("save", "save", "save")
    result = odds_kind("3d+1b vs DC 4", "save")
    assert (result["written_kind"], result["switch"], result["notation"]) == (None, "save", "save 3d+1b vs DC 4")
    # The engine decides what a save means: the bonus die drops the highest there.
    assert result["drop_note"] == "the bonus dice drop the highest dice"
    assert odds_kind("3d+1b vs DC 4")["drop_note"] == "the bonus dice drop the lowest dice"


def test_a_kind_that_is_neither_is_refused():
    reply = ask(system="dice-and-danger", action="odds_kind", notation="3d vs DC 4", kind="attack")
    assert not reply["ok"] and reply["error"]["field"] == "kind"


# --- odds: the canonical form, the notes and the chart are the engine's -----------------
def test_odds_kind_for_the_sources_line():
    result = odds_kind(GNARLY)
    query = parse(GNARLY)
    expected = odds(query)
    assert result["notation"] == "4d-1p vs DC 3" == query.notation
    assert result["notes"] == list(query.notes) and len(result["notes"]) == 2
    low, high = expected.shown_range()
    shown = list(expected.dist.outcomes)[low:high]
    assert [bar["value"] for bar in result["bars"]] == shown and shown[0] == 0
    for bar in result["bars"]:
        p = expected.dist.p(bar["value"])
        assert (bar["ratio"], bar["percent"]) == (ratio(p), percent(p, 2))
        assert bar["at_least"]["ratio"] == ratio(expected.p_at_least(bar["value"]))
    assert result["p_any_hit"] == {
        "ratio": ratio(expected.p_at_least(1)),
        "percent": percent(expected.p_at_least(1), 2),
    }
    assert result["mean_text"] == decimal_text(expected.mean, 2) and result["mean"] == ratio(expected.mean)
    # The folded tail holds the rest: shown bars + folded ends + the cut = 1.
    (tail,) = result["folded"]
    assert tail["end"] == "high" and tail["from"] == shown[-1] + 1
    total = sum(Fraction(bar["ratio"]) for bar in result["bars"]) + Fraction(tail["ratio"])
    assert total == 1


def test_the_chart_matches_the_cli_table_lines():
    """The widget's bars are the rows of ``odds`` without --json, and its folded ends its
    folded lines: one shown range for both."""
    code, out = run(["odds", "dice-and-danger", "60d+10b vs DC 2"])
    assert code == 0
    result = odds_kind("60d+10b vs DC 2")
    rows = {
        line.split()[0]: line.split()[1]
        for line in out.splitlines()
        if line.strip()[:1].isdigit() and "in all" not in line
    }
    assert {str(bar["value"]): bar["percent"] for bar in result["bars"]} == rows
    assert {f["end"] for f in result["folded"]} == {"low", "high"}
    for folded in result["folded"]:
        assert f"{folded['from']}–{folded['to']} hits: {folded['percent']} in all" in out


def test_a_face_roll_has_no_chance_of_a_hit():
    result = odds_kind("1d+2p")
    assert result["reads"] == "face" and result["p_any_hit"] is None
    assert [bar["value"] for bar in result["bars"]] == [1, 2, 3, 4, 5, 6]


# --- rolls: the canonical form's roll, every die's part in it ---------------------------
def test_roll_kind_is_the_cli_roll_of_the_canonical_form():
    for notation, kind in ((GNARLY, "damage"), (GNARLY, "save"), ("2d+3b vs DC 5", "save"), ("1d+2p", "damage")):
        result = roll_kind(notation, kind, seed="4242")
        code, out = run(["roll", "dice-and-danger", result["notation"], "--seed", "4242"])
        assert code == 0 and result["lines"] == out.splitlines()
    assert roll_kind(GNARLY, "save", seed="1")["notation"] == "save 4d-1p vs DC 3"


def test_dice_detail_tells_each_dies_part():
    for seed in range(40):
        result = roll_kind("3d+2b vs DC 4", seed=str(seed))
        detail = result["dice_detail"]
        assert [d["value"] for d in detail] == result["dice"]
        assert [d["role"] for d in detail] == ["base"] * 3 + ["bonus"] * 2
        dropped = [d for d in detail if d["fate"] == "dropped"]
        assert [d["value"] for d in dropped] == result["dropped"]
        assert all(d["why"] == "bonus dice on a damage roll drop the lowest" and d["hit"] is None for d in dropped)
        kept = [d for d in detail if d["fate"] == "kept"]
        assert [d["value"] for d in kept] == result["kept"]
        assert all(d["hit"] == (d["value"] >= 4) for d in kept)
        # Chains: each kept 6 and only they start one; each die in a chain comes from the one before.
        for d in kept:
            assert bool(d["chain"]) == (d["value"] == 6)
            parent = d["index"]
            for link in d["chain"]:
                assert link["from"] == parent and link["hit"] == (link["value"] >= 4)
                parent = link["index"]
            assert all(link["value"] == 6 for link in d["chain"][:-1]) and (
                not d["chain"] or d["chain"][-1]["value"] != 6
            )
        chained = [link["value"] for d in kept for link in d["chain"]]
        assert sorted(chained) == sorted(e["value"] for e in result["explosions"])


def test_roll_kind_errors_name_their_field():
    for notation, kind in (("4d -1b vs DC 3", "damage"), ("4q", "save"), ("4d vs DC", "damage")):
        reply = ask(system="dice-and-danger", action="roll_kind", notation=notation, kind=kind, seed="1")
        error = reply["error"]
        assert not reply["ok"] and error["field"] == "notation"
        assert error["caret"][0] == notation and error["caret"][1].strip() and set(error["caret"][1].strip()) == {"^"}
    reply = ask(system="dice-and-danger", action="roll_kind", notation="500d vs DC 3", kind="damage", seed="1")
    assert reply["error"]["field"] == "notation" and reply["error"]["caret"] == ["500d vs DC 3", "^^^^"]
    reply = ask(system="dice-and-danger", action="roll_kind", notation="3d vs DC 3", kind="damage", seed="x")
    assert reply["error"]["field"] == "seed"
    # The notation is checked before the seed.
    reply = ask(system="dice-and-danger", action="roll_kind", notation="4q", kind="damage", seed="x")
    assert reply["error"]["field"] == "notation"


# --- the character -----------------------------------------------------------------------
def test_character_says_which_die_each_attribute_kept():
    result = ask(system="dice-and-danger", action="character", seed="2024")["result"]
    character = generate_character(2024)
    assert result["share"]["text"]  # Share under the character (tests/dice_and_danger/test_share.py)
    assert {k: v for k, v in result.items() if k not in ("attribute_kept", "share")} == character.to_json()
    for name, position in result["attribute_kept"].items():
        dice = result["attribute_dice"][name]
        assert dice[position] == result["attributes"][name] == min(dice)


def test_a_face_roll_leaves_the_switch_where_it_was():
    for kind in ("damage", "save"):
        result = odds_kind("1d+2p", kind)
        assert result["switch"] == kind and result["written_kind"] is None
        assert result["outcomes"]["1"] == "91/216"  # still the face roll: keep the lowest of three
