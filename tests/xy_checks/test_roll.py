"""X-in-Y rolls: every die explained, seeds replay, and the roller agrees with the exact odds."""

from roller_agreement import assert_roller_agrees

from rules_engine.core.roller import ScriptedRoller
from rules_engine.xy_checks.notation import parse
from rules_engine.xy_checks.odds import degree_distribution, volley_odds
from rules_engine.xy_checks.roll import roll, roll_check_dice


def scripted(text, dice):
    roller = ScriptedRoller(dice)
    result = roll_check_dice(parse(text), roller)
    assert not roller.unused
    return result


def test_scripted_checks():
    assert scripted("5/6 -3 TN +1b", [3, 2]).degree == 1  # 2/6: a miss and a hit
    assert scripted("5/6 -3 TN +1b", [1, 2]).degree == 2
    assert scripted("5/6 -3 TN +1b", [3, 6]).degree == -1
    assert scripted("4/6 -2p", [1, 5, 6]).degree == -2
    assert scripted("4/6 -2p", [1, 2, 3]).degree == 1
    assert scripted("5/6 crit", [2, 1, 1, 4]).degree == 3  # a hit, then two crit hits and a miss
    assert scripted("5/6 crit", [6, 3]).degree == -1
    assert scripted("3/6 +1b crit", [1, 6]).degree == 1  # one hit of two: no crit die


def test_seeded_rolls_replay_and_explain():
    for text in (
        "5/6 -3 TN +1b",
        "volley 5/6 +1b, 4/6, 3x 3/6 vs barely, 2x fully",
        "contest 5/6 +1b crit, 4/6 vs 4/6, 3/6, 3/6 tie first",
    ):
        first, again = roll(parse(text), 7), roll(parse(text), 7)
        assert first.to_json() == again.to_json()
        data = first.to_json()
        assert data["seed"] == 7 and data["lines"] == first.lines() and data["log"]


def test_a_volley_roll_adds_up():
    result = roll(parse("volley 5/6 +1b, 4/6, 3x 3/6 vs barely, 2x fully"), 11).to_json()
    hits = sum(a["hits_scored"] for a in result["attackers"])
    assert result["hits"] == hits == sum(t["hits"] for t in result["targets"])
    for target in result["targets"]:
        if target["hits"]:
            assert target["damage"] == target["damage_die"] + target["hits"] - 1
        else:
            assert target["damage"] == 0 and target["damage_die"] is None


def test_a_contest_roll_deals_by_the_rule():
    for seed in range(40):
        data = roll(parse("contest 4/6, 4/6 vs 4/6, 3/6"), seed).to_json()
        first, second = data["sides"]
        if first["hits"] != second["hits"]:
            winner, loser = (first, second) if first["hits"] > second["hits"] else (second, first)
            assert winner["full_damage"] and not loser["full_damage"]
            assert loser["total_damage"] == loser["hits"]
        else:
            assert not first["full_damage"] and not second["full_damage"]


def test_the_roller_agrees_with_the_exact_degrees():
    query = parse("4/6 -1 TN +2b")
    assert_roller_agrees(degree_distribution(query).probabilities(), lambda seed: roll(query, seed).result.degree, 3000)
    query = parse("4/6 -2p")
    assert_roller_agrees(degree_distribution(query).probabilities(), lambda seed: roll(query, seed).result.degree, 3000)


def test_the_volley_roller_agrees_with_the_exact_hits_and_damage():
    query = parse("volley 5/6 +1b, 4/6, 3/6 vs fully, barely")
    exact = volley_odds(query)
    assert_roller_agrees(exact.hits.probabilities(), lambda seed: roll(query, seed).side.hits, 3000)
    assert_roller_agrees(exact.targets[1].damage.probabilities(), lambda seed: roll(query, seed).side.damage[1], 3000)
