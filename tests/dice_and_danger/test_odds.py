from fractions import Fraction

import pytest

from rules_engine.core.dist import EXPLOSION_CUTOFF
from rules_engine.dice_and_danger.notation import build_query, parse
from rules_engine.dice_and_danger.odds import (
    crit_cap,
    face_distribution,
    hits_distribution,
    hits_without_explosions,
    mean_hits,
    odds,
)
from rules_engine.dice_and_danger.rules import MAX_DICE, MAX_EXTRA, Terms

from .worked import every_roll


def every_roll_to_the_cap(query, cap):
    """Hits → probability, by resolving every possible roll with the roller's own code.

    Explosion dice are tried face by face; a roll whose explosion dice show more than
    ``cap`` 6s in all is left out, which is the cut the engine reports.
    """
    return every_roll(query, lambda extra: [face for face in range(1, 7) if face < 6 or extra.count(6) < cap])


@pytest.mark.parametrize(
    "text,cap",
    [
        ("1d vs DC 3", 3),
        ("2d vs DC 6", 2),
        ("2d+1b vs DC 3", 2),
        ("2d-1p vs DC 4", 2),
        ("3d-1p vs DC 5", 1),
        ("save 2d+1b vs DC 4", 2),
        ("save 1d-2p vs DC 2", 2),
        ("1d+2b vs DC 6", 2),
        ("2d+1b-1h vs DC 3", 1),
        ("2d+2h vs DC 5", 1),
        ("0d+1h vs DC 4", 0),
        ("save 1d-1p-2h vs DC 2", 2),
    ],
)
def test_exact_odds_equal_every_roll_resolved(text, cap):
    query = parse(text)
    assert query.sides == 6
    expected = every_roll_to_the_cap(query, cap)
    dist = hits_distribution(query, cap=cap)
    assert dist.probabilities() == expected
    assert dist.cut_mass == 1 - sum(expected.values())


def test_the_source_example_by_hand():
    query = parse("4d-1p vs DC 3")
    # Without explosions: keep the lowest 4 of 5; exactly 2 of them at 3+.
    assert hits_without_explosions(query).p(2) == Fraction(80, 243)
    dist = hits_distribution(query)
    assert dist.p(2) == Fraction(655, 2187)
    assert 1 - dist.p_at_most(1) == Fraction(581, 729)


def test_one_die_by_hand():
    dist = hits_distribution(parse("1d vs DC 5"))
    assert dist.p(0) == Fraction(4, 6)
    assert dist.p(1) == Fraction(1, 6) + Fraction(1, 6) * Fraction(4, 6)  # a 5, or a 6 then 1–4
    assert dist.p(2) == Fraction(1, 6) * (Fraction(1, 6) + Fraction(1, 6) * Fraction(4, 6))
    assert mean_hits(parse("1d vs DC 5")) == Fraction(2, 6) + Fraction(1, 6) * Fraction(2, 5)


@pytest.mark.parametrize(
    "text", ["4d+1b vs DC 3", "10d+3b vs DC 4", "20d-5p vs DC 5", "60d+10b vs DC 4", "save 7d+2b vs DC 2", "1d vs DC 6"]
)
def test_mass_followed_plus_mass_cut_is_everything(text):
    query = parse(text)
    dist = hits_distribution(query)
    assert 0 < dist.cut_mass < EXPLOSION_CUTOFF
    assert sum(dist.probabilities().values()) + dist.cut_mass == 1
    # the cut leaves out only rolls with more than cap + 1 hits: the mean falls short by a hair
    exact = mean_hits(query)
    assert dist.mean() < exact and exact - dist.mean() < Fraction(1, 10**9)


def test_counts_up_to_the_cap_are_exact():
    query = parse("5d+1b vs DC 4")
    cap = crit_cap(query)
    dist, longer = hits_distribution(query), hits_distribution(query, cap=cap + 4)
    assert all(dist.p(k) == longer.p(k) for k in range(cap + 2))
    result = odds(query)
    assert result.p_at_least(cap + 2) == 1 - longer.p_at_most(cap + 1)


def test_removed_hits_keep_the_mean_exact():
    query = parse("2d-3h vs DC 4")
    assert crit_cap(query) >= 3
    dist = hits_distribution(query)
    assert dist.p(0) > hits_distribution(parse("2d vs DC 4")).p_at_most(3) - Fraction(1, 10**9)
    assert abs(mean_hits(query) - dist.mean()) < Fraction(1, 10**9)


def test_more_bonus_dice_never_lower_the_hits_on_a_damage_roll():
    for dc in range(2, 7):
        means = [mean_hits(parse(f"3d{extra:+d}{'b' if extra >= 0 else 'p'} vs DC {dc}")) for extra in range(-3, 4)]
        assert means == sorted(means)
        # on a save the same dice hurt: a bonus die lowers the hits
        saves = [
            mean_hits(parse(f"save 3d{extra:+d}{'b' if extra >= 0 else 'p'} vs DC {dc}")) for extra in range(-3, 4)
        ]
        assert saves == sorted(saves, reverse=True)


def test_bonus_dice_shift_every_threshold_up():
    plain, bonus = odds(parse("4d vs DC 4")), odds(parse("4d+1b vs DC 4"))
    for k in range(0, 12):
        assert bonus.p_at_least(k) >= plain.p_at_least(k)


def test_higher_dc_fewer_hits_and_more_dice_more_hits():
    for dice in range(1, 6):
        means = [mean_hits(parse(f"{dice}d vs DC {dc}")) for dc in range(2, 7)]
        assert means == sorted(means, reverse=True)
        assert mean_hits(parse(f"{dice + 1}d vs DC 4")) > mean_hits(parse(f"{dice}d vs DC 4"))


def test_plain_pool_mean_is_a_sum_of_dice():
    # each kept die hits on DC–6 and a 6 adds a chain worth (7 − DC)/5 hits on average
    for dc in range(2, 7):
        per_die = Fraction(7 - dc, 6) + Fraction(1, 6) * Fraction(7 - dc, 5)
        assert mean_hits(parse(f"9d vs DC {dc}")) == 9 * per_die


def test_an_empty_pool():
    assert hits_distribution(parse("1d & -3d +2h vs DC 4")).probabilities() == {2: 1}
    assert odds(parse("0d vs DC 4")).mean == 0


def test_face_roll_is_the_attribute_roll():
    dist = face_distribution(parse("1d+2p"))
    assert dist.p(1) == Fraction(91, 216) and dist.p(6) == Fraction(1, 216)
    save = build_query(Terms(dice=1, penalty=1), save=True)  # a written save needs a DC: built, not parsed
    assert face_distribution(save).p(6) == Fraction(11, 36)  # a save's penalty drops the lowest
    result = odds(parse("1d+2p"))
    assert result.cap is None and result.to_json()["reads"] == "face" and result.to_json()["cut_mass"] == "0/1"


def test_odds_json_and_lines():
    result = odds(parse("4d+1b vs DC 3"))
    data = result.to_json()
    assert data["system"] == "dice-and-danger" and data["notation"] == "4d+1b vs DC 3"
    assert sum(Fraction(v) for v in data["outcomes"].values()) + Fraction(data["cut_mass"]) == 1
    assert data["p_at_least"]["0"] == "1/1" and data["p_at_least"]["1"] == "242/243"
    assert data["mean"] == "12533/3240" and data["crit_cap"] == crit_cap(parse("4d+1b vs DC 3"))
    lines = result.lines()
    assert lines[0] == "dice & danger 4d+1b vs DC 3 (damage roll): exact odds"
    assert "average 3.87 hits (exactly 12533/3240)" in lines
    assert any(line.startswith("12–") and "in all" in line for line in lines)
    assert lines[-1].startswith("(explosions followed to ")


def test_the_largest_pool_is_exact():
    query = parse(f"{MAX_DICE}d+{MAX_EXTRA}b vs DC 2")
    dist = hits_distribution(query)
    assert dist.cut_mass < EXPLOSION_CUTOFF
    assert dist.denominator % 6 ** (MAX_DICE + MAX_EXTRA) == 0


def test_long_tables_fold_their_rare_ends():
    lines = odds(parse("60d+10b vs DC 4")).lines()
    assert lines[4].startswith("0–20 hits: <0.01% in all")
    assert lines[-2].startswith("67–") and "average 42.00 hits (exactly: see --json)" in lines
    assert "e-13 (exactly: see --json)" in lines[-1]
    face = odds(parse("1d+2p"))
    assert face.lines()[0] == "dice & danger 1d-2p (face roll): exact odds" and face.to_json()["kind"] == "face"
