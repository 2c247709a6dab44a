"""X-in-Y's rule table: its play tool's rows, laid out as tests/support/play_rules.py says."""

from __future__ import annotations

from play_rules import Rule

SOURCE = "003_222e4bd5dfdd1540.txt"
PAGES = ("xy-checks/play.md", "xy-checks.md")

LIFE = "test_play_life::test_a_scene_fought_until_a_side_is_out_of_the_fight"
TAPPED = "test_play_taps::test_a_tapped_check_is_the_combatants_full_check_rolled_alone"
RULES: tuple[Rule, ...] = (
    Rule(
        ("play_new",),
        "a new scene: two sides of one combatant, attacking at 5/6",
        "Start with a 5/6 difficulty",
        "test_play::test_a_new_scene_has_two_sides_of_one_combatant",
    ),
    Rule(
        ("play_add",),
        "a combatant added attacks at 5/6",
        "Start with a 5/6 difficulty",
        "test_play::test_adding_and_removing_combatants_keeps_the_champion",
    ),
    Rule(
        ("play_remove",),
        "a combatant taken off; the side keeps its champion",
        "Your side should nominate one character as their champion.",
        "test_play::test_adding_and_removing_combatants_keeps_the_champion",
    ),
    Rule(
        ("play_sheet",),
        "the check each rolls: its TN steps taken on the die ladder",
        "increase the die size, y, by one step and change x accordingly",
        "test_play::test_the_sheet_writes_checks_canonically_and_names_what_each_rolls",
    ),
    Rule(
        ("play_sheet", "play_odds"),
        "a bonus die: two dice, either one hits",
        "you roll two dice, and if either one hits, you succeed",
        LIFE,
    ),
    Rule(
        ("play_roll",),
        "a die hits on x or lower (exactly x hits, x + 1 misses)",
        "you want to roll x or lower on a y-sided die. Call that a hit.",
        LIFE,
    ),
    Rule(
        ("play_roll", "play_odds"),
        "the champion rolls the full check, the others one die",
        "They get their full pool of dice. Everybody else gets just one die in the attack.",
        LIFE,
    ),
    Rule(
        ("play_roll", "play_odds"),
        "each other attacker rolls at its own check",
        "Calculate their task difficulty like normal though.",
        LIFE,
    ),
    Rule(
        ("play_roll", "play_odds"),
        "the champion scores its degree of success in hits (Ruling, chapter)",
        "the degree of success is the number of dice that hit",
        LIFE,
    ),
    Rule(
        ("play_roll", "play_odds"), "n attackers hit at most n targets", "you can only hit a maximum of n enemies", LIFE
    ),
    Rule(
        ("play_roll", "play_odds"),
        "hits spread as evenly as possible",
        "Spread hits between enemies as evenly as possible",
        LIFE,
    ),
    Rule(
        ("play_roll", "play_odds"),
        "extra hits go to light defences and form inferiority first",
        "give more hits to enemies with light defenses and/or form inferiority",
        LIFE,
    ),
    Rule(
        ("play_roll",),
        "a target's damage: 1d6 for its first hit, +1 for each further hit",
        "The first hit on each enemy deals 1d6 damage (usually). Every subsequent hit deals an additional 1 damage.",
        LIFE,
    ),
    Rule(
        ("play_roll",),
        "damage is taken off health; at 0 the combatant is down, the rest not kept (Ruling)",
        "The first hit on each enemy deals 1d6 damage",
        LIFE,
    ),
    Rule(
        ("play_roll", "play_odds", "play_sheet"),
        "a combatant who is down neither attacks nor is a target (Ruling)",
        "All the attacks made by one side will be resolved together.",
        "test_play::test_down_combatants_sit_out_and_a_fallen_champion_is_replaced",
    ),
    Rule(
        ("play_roll", "play_odds", "play_sheet"),
        "a champion who is down: the first standing leads (Ruling)",
        "Your side should nominate one character as their champion.",
        "test_play_life::test_a_champion_down_hands_the_full_check_to_the_first_standing",
    ),
    Rule(
        ("play_roll", "play_odds"),
        "a contest: both sides roll; each hits the other side's attackers",
        "Count up the number of hits on each side.",
        LIFE,
    ),
    Rule(
        ("play_roll",),
        "a contest: more hits deal full damage, fewer deal 1 per hit",
        "The side dealing fewer hits only deals 1 damage per hit.",
        "test_play_life::test_a_contest_out_hit_deals_full_damage_and_takes_one_per_hit",
    ),
    Rule(
        ("play_roll",),
        "a contested tie: 1 per hit by default; full, initiative, more or fewer (Ruling, chapter)",
        "In the event of a tie... What?",
        "test_play_life::test_a_contested_tie_under_each_reading",
    ),
    Rule(
        ("play_roll", "play_odds"),
        "a tie by numbers counts the combatants standing (Ruling)",
        "the side with more combatants",
        "test_play::test_a_tie_settled_by_numbers_counts_those_standing",
    ),
    Rule(
        ("play_roll",),
        "both sides fall at once in a contest: both out of the fight (Ruling)",
        "All the attacks made by one side will be resolved together.",
        "test_play_life::test_a_duel_in_which_both_sides_fall_at_once",
    ),
    Rule(
        ("play_roll", "play_sheet", "play_odds"),
        "a side with nobody standing is out of the fight (Ruling)",
        "you can only hit a maximum of n enemies",
        LIFE,
    ),
    Rule(
        ("play_odds",),
        "the exchange's odds: exact, over the combatants standing",
        "Roll all the dice and count up the hits.",
        "test_play::test_one_on_one_volley_by_hand",
    ),
    Rule(
        ("play_roll",),
        "a volley's log record: the dice by name, the damage, the chance of that many hits",
        "Roll all the dice and count up the hits.",
        "test_play_taps::test_a_volleys_record_by_hand",
    ),
    Rule(
        ("play_roll",),
        "a contest's log record: the chance of the side that out-hit, or of a tie",
        "Count up the number of hits on each side.",
        "test_play_taps::test_a_contests_record_by_hand",
    ),
    # A combatant's check, tapped: rolled alone, as the chapter's check roller rolls it.
    Rule(
        ("play_roll_check",),
        "a check tapped: x or lower on a y-sided die hits; no damage (Ruling: a combatant's check rolled alone)",
        "When you make a check of x/y difficulty, you want to roll x or lower on a y-sided die.",
        TAPPED,
    ),
    Rule(
        ("play_roll_check",),
        "a check tapped with a bonus die: two dice, either one hits",
        "you roll two dice, and if either one hits, you succeed",
        TAPPED,
    ),
    Rule(
        ("play_roll_check",),
        "a check tapped with bonus dice: its degree is the dice that hit",
        "On a success with bonus dice, the degree of success is the number of dice that hit.",
        TAPPED,
    ),
    Rule(
        ("play_roll_check",),
        "a check tapped after its TN steps on the die ladder",
        "increase the die size, y, by one step and change x accordingly",
        "test_play_taps::test_a_tapped_check_after_its_tn_steps",
    ),
    Rule(
        ("play_roll_check",),
        "a combatant who is down rolls no attack (Ruling: health)",
        "All the attacks made by one side will be resolved together.",
        "test_play_taps::test_a_combatant_down_does_not_roll_and_a_bad_place_is_refused_at_its_field",
    ),
    # A health box, tapped: the table's own change of damage taken.
    Rule(
        ("play_mark",),
        "a box tapped: marked with those before it, or cleared with those after (Ruling: health boxes tapped)",
        "The first hit on each enemy deals 1d6 damage",
        "test_play_taps::test_a_health_box_tapped",
    ),
    Rule(
        ("play_mark",),
        "the last box of a side's last standing: out of the fight (Ruling: the end of a fight)",
        "you can only hit a maximum of n enemies",
        "test_play_taps::test_the_last_box_of_the_last_standing_ends_the_fight",
    ),
)
