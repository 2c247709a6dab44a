"""X-in-Y exact odds: hand-checked cases, properties, the crit cut, volleys and contests."""

from fractions import Fraction as F

import pytest

from rules_engine.core.dist import EXPLOSION_CUTOFF
from rules_engine.xy_checks.notation import CheckQuery, parse
from rules_engine.xy_checks.odds import (
    CRIT_DEPTH,
    contest_odds,
    degree_distribution,
    odds,
    p_success,
    volley_odds,
)
from rules_engine.xy_checks.rules import LADDER, Check


def degrees(text):
    return degree_distribution(parse(text)).probabilities()


def test_hand_checked_checks():
    assert degrees("5/6") == {1: F(5, 6), -1: F(1, 6)}
    assert degrees("5/6 -3 TN +1b") == {2: F(1, 9), 1: F(4, 9), -1: F(4, 9)}  # 2/6 with two dice
    assert degrees("3/6 -2p") == {1: F(1, 8), -1: F(3, 8), -2: F(3, 8), -3: F(1, 8)}
    assert degrees("1/4 +2b") == {3: F(1, 64), 2: F(9, 64), 1: F(27, 64), -1: F(27, 64)}


@pytest.mark.parametrize("extra", range(-5, 6))
def test_every_check_on_the_ladder_sums_to_one(extra):
    for y in LADDER:
        for x in range(1, y):
            query = CheckQuery(Check(x, y), 0, max(extra, 0), max(-extra, 0))
            dist = degree_distribution(query)
            assert dist.cut_mass == 0 and sum(dist.probabilities().values()) == 1
            miss = F(y - x, y)
            expected = 1 - miss ** (1 + extra) if extra >= 0 else (1 - miss) ** (1 - extra)
            assert p_success(query) == expected


def test_bonus_dice_help_and_penalty_dice_hurt():
    for y in LADDER:
        for x in range(1, y):
            chances = [p_success(CheckQuery(Check(x, y), 0, max(e, 0), max(-e, 0))) for e in range(-5, 6)]
            assert chances == sorted(chances) and len(set(chances)) == len(chances)


def test_the_crit_die_adds_degrees_and_reports_its_cut():
    dist = degree_distribution(parse("5/6 crit"))
    assert dist.p(1) == F(5, 6) * F(5, 6) and dist.p(2) == F(5, 6) * F(1, 6) * F(5, 6)
    assert dist.p(-1) == F(1, 6) * F(5, 6) and dist.p(-2) == F(1, 6) * F(1, 6) * F(5, 6)
    assert 0 < dist.cut_mass < EXPLOSION_CUTOFF and dist.cut_mass == F(1, 6) ** (CRIT_DEPTH + 1)
    assert max(dist.outcomes) == 1 + CRIT_DEPTH
    # the crit never changes P(success), and a partial hit (not every die) gets no crit
    assert p_success(parse("3/6 +2b crit")) == p_success(parse("3/6 +2b"))
    with_crit, plain = degree_distribution(parse("3/6 +1b crit")), degree_distribution(parse("3/6 +1b"))
    assert with_crit.p(1) == plain.p(1)  # one hit of two: no crit
    assert odds(parse("3/6 +1b crit")).to_json()["cut_mass"] != "0/1"


def test_check_json_contract():
    data = odds(parse("5/6 -3 TN +1b")).to_json()
    assert data["system"] == "xy-checks" and data["notation"] == "5/6 -3 TN +1b" and data["check"] == "2/6"
    assert data["p_success"] == "5/9" and data["outcomes"] == {"-1": "4/9", "1": "4/9", "2": "1/9"}


def test_a_small_volley_by_hand():
    result = volley_odds(parse("volley 3/6, 3/6 vs 2"))
    assert result.hits.probabilities() == {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}
    first, second = result.targets
    assert first.hits.probabilities() == {0: F(1, 4), 1: F(3, 4)}
    assert second.hits.probabilities() == {0: F(3, 4), 1: F(1, 4)}
    assert first.damage.probabilities() == {0: F(1, 4), **{face: F(1, 8) for face in range(1, 7)}}
    assert result.targets_hit.probabilities() == {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}


def test_one_attacker_hits_one_target_only():
    result = volley_odds(parse("volley 5/6 +2b vs 3"))
    assert result.targets[1].hits.probabilities() == {0: 1} and result.targets[2].hits.probabilities() == {0: 1}
    # its 0-3 hits all land on the first target: 1d6 + (hits - 1)
    assert result.targets[0].damage.mean() == result.damage.mean()


def test_lightest_target_first():
    result = volley_odds(parse("volley 4/6, 4/6 vs fully, barely"))
    fully, barely = result.targets
    assert barely.place == 0 and fully.place == 1
    assert barely.hits.p(0) < fully.hits.p(0)
    written = volley_odds(parse("volley 4/6, 4/6 vs fully, barely in order"))
    assert written.targets[0].place == 0


@pytest.mark.parametrize(
    "text",
    [
        "volley 5/6 +1b, 4/6, 3x 3/6 vs barely, 2x fully superior",
        "volley 5/6 +3b crit, 9x 4/6 vs 10",
        "volley 2/6 -2p, 4/6 vs 5",
    ],
)
def test_volley_properties(text):
    result = volley_odds(parse(text))
    for dist in (result.hits, result.targets_hit, result.damage, *(t.hits for t in result.targets)):
        assert sum(dist.probabilities().values()) + dist.cut_mass == 1
    assert sum(t.hits.mean() for t in result.targets) == result.hits.mean()
    assert sum(t.damage.mean() for t in result.targets) == result.damage.mean()


def test_contest_outcomes_and_tie_options():
    base = "contest 5/6 +1b, 4/6 vs 4/6, 3/6, 3/6"
    results = {tie: contest_odds(parse(f"{base} tie {tie}")) for tie in ("min", "full", "first", "second")}
    for result in results.values():
        assert result.p_first_more + result.p_second_more + result.p_tie == 1
        for side in result.sides:
            assert sum(side.damage.probabilities().values()) == 1
    # the tie option changes only the damage dealt on a tie
    assert len({(r.p_first_more, r.p_tie) for r in results.values()}) == 1
    mean = {tie: [s.damage.mean() for s in r.sides] for tie, r in results.items()}
    assert mean["min"][0] < mean["first"][0] == mean["full"][0]
    assert mean["min"][1] == mean["first"][1] < mean["second"][1] == mean["full"][1]
    # mirrored sides swap
    mirror = contest_odds(parse("contest 4/6, 3/6, 3/6 vs 5/6 +1b, 4/6"))
    assert mirror.p_first_more == results["min"].p_second_more


def test_equal_sides_are_even():
    result = contest_odds(parse("contest 4/6, 4/6 vs 4/6, 4/6"))
    assert result.p_first_more == result.p_second_more


# Ten against ten; how long each takes is a figure of tests/benchmark.py.
TEN_AGAINST_TEN = [
    "volley 5/6 +3b crit, 9x 4/6 vs 10",
    "volley 3/6 -5p, 9x 2/6 vs 4x fully, 6x barely superior",
    "contest 5/6 +3b crit, 9x 4/6 vs 5/6 +2b, 9x 3/6 tie full",
]


def test_ten_against_ten_is_answered():
    for text in TEN_AGAINST_TEN:
        assert odds(parse(text)) is not None, text


def test_volley_and_contest_percents_are_the_engines_own():
    """What the resolver shows as percents is written by the engine from the exact values."""
    from fractions import Fraction

    from rules_engine.core.exact import percent
    from rules_engine.xy_checks import SYSTEM

    volley = SYSTEM.odds("volley 5/6 +1b, 2x 4/6 vs barely, fully").to_json()
    for target in volley["targets"]:
        assert target["hit_percent"] == percent(Fraction(target["p_hit"]), 2)
    contest = SYSTEM.odds("contest 5/6 +1b, 4/6 vs 4/6, 3/6").to_json()
    assert contest["percent"] == {
        name: percent(Fraction(contest[f"p_{name}"]), 2) for name in ("first_more", "second_more", "tie")
    }
