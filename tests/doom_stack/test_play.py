"""Doom Stack's play tool in the engine: the bridge actions (``rules_engine/doom_stack/play.py``)
and its saved characters as the reader (``rules_engine/core/play.py``) takes or refuses them.
Any text, file or link, and any document read back are the shared play contract's
(tests/test_play_contract.py, fed Doom Stack's characters from contract.py); any sheet
rolled or hit is here: it answers or refuses with one RulesError, never anything else."""

from __future__ import annotations

import json
from itertools import product

import play_documents
import pytest
from hypothesis import given
from hypothesis import strategies as st
from play_documents import SOME, link_of

from rules_engine.core.errors import RulesError
from rules_engine.core.play import FORMAT, MAX_LINK_CHARS, PlaySchema, decode_link, encode_link, read_document
from rules_engine.doom_stack.play import MAX_DIE, MAX_OVERFLOW, SCHEMA, VERSION, new_character, read_character, sheet
from rules_engine.doom_stack.rules import bleed_out_death_chance, cheapest_stack, legal_stacks, stack_count

from .contract import CHARACTER_PARTS

bridge, ok, refused, only_rules_errors = play_documents.calls_for("doom-stack")


def vex(**changes: object) -> dict:
    character = {
        "name": "Vex",
        "attributes": {"Strength": 3, "Agility": 4, "Willpower": 2},
        "skills": {"Firearms": 3, "Stealth": 1},
        "marks": "",
        "overflow": 0,
        "stable": False,
        "attention": [],
        "pick": None,
    }
    return {**character, **changes}


def document(*entries: dict, version: int = VERSION) -> dict:
    return {"format": FORMAT, "version": version, "system": "doom-stack", "entries": list(entries)}


# --- the actions -------------------------------------------------------------------------------
def test_a_new_character_is_the_average_person() -> None:
    result = ok("play_new", name="  Rook  ")
    assert result["character"] == {
        "name": "Rook",
        "attributes": {"Strength": 2, "Agility": 2, "Willpower": 2},
        "skills": {},
        "marks": "",
        "overflow": 0,
        "stable": False,
        "attention": [],
        "pick": None,
    }
    assert result["sheet"]["boxes"] == 8 and result["sheet"]["movement"] == 12
    assert result["sheet"]["track"]["state"] == "still in action"


def test_hit_boxes_are_four_plus_strength_plus_willpower() -> None:
    assert ok("play_sheet", character=vex())["sheet"]["boxes"] == 4 + 3 + 2
    assert ok("play_sheet", character=vex(attributes={"Strength": 0, "Willpower": 5}))["sheet"]["boxes"] == 9
    assert ok("play_sheet", character=vex(attributes={"Strength": 0, "Willpower": 5}))["sheet"]["movement"] is None


def test_a_roll_from_the_sheet_is_the_rollers_roll_and_leaves_its_attention_pool() -> None:
    result = ok("play_roll", character=vex(), attribute="Agility", skill="Firearms", modifiers="+9", tn="6", seed="31")
    # Agility 4 + Firearms 3, modifiers capped at ⌊7/2⌋ = 3: the roller's own roll of 10 dice.
    rolled = ok("roll_fields", fields={"attribute": "4", "skill": "3", "modifiers": "+9", "tn": "6"}, seed="31")
    assert result["roll"]["dice"] == rolled["dice"] and len(rolled["dice"]) == 10
    assert result["pool_line"] == rolled["pool_line"]
    assert result["character"]["attention"] == rolled["attention_pool"]
    assert result["what"] == "Agility + Firearms"


def test_the_odds_before_a_roll_are_the_chapter_rollers_odds() -> None:
    # Agility 4 + Firearms 3, modifiers +9 capped at 3: 10 dice against TN 12, as the chapter's roller has them.
    request = {"attribute": "Agility", "skill": "Firearms", "modifiers": "+9", "tn": "12"}
    result = ok("play_odds", character=vex(), **request)
    roller = ok("odds_fields", fields={"attribute": "4", "skill": "3", "modifiers": "+9", "tn": "12"})
    assert result["odds"]["success"]["exact"] == roller["p_success"]
    assert result["odds"]["glitch"]["exact"] == roller["p_glitch"]
    assert result["odds"]["failure"]["exact"] == roller["p_failure"]
    assert result["pool_line"] == roller["pool_line"] and result["what"] == "Agility + Firearms"
    assert result["fields"] == {"attribute": "4", "skill": "3", "modifiers": "+9", "tn": "12"}
    # Strength 3 alone against TN 6: of the 216 ways 3d6 fall, 155 make a best stack (the ones
    # with the most of one other face) of 6 or more, counted here one by one.
    ways = sum(
        dice.count(1) + max(face * dice.count(face) for face in range(2, 7)) >= 6
        for dice in product(range(1, 7), repeat=3)
    )
    three = ok("play_odds", character=vex(), attribute="Strength", skill="", modifiers="", tn="6")
    assert ways == 155 and three["odds"]["success"] == {"percent": "71.76%", "exact": "155/216"}
    assert ok("play_odds", character=vex(), attribute="Strength", skill="", modifiers="", tn="")["odds"] is None
    assert "no skill 'Magic'" in refused("play_odds", character=vex(), attribute="Strength", skill="Magic")


def test_a_roll_without_a_skill_and_with_unknown_names() -> None:
    result = ok("play_roll", character=vex(), attribute="Strength", skill="", modifiers="", tn="", seed="2")
    assert len(result["roll"]["dice"]) == 3
    assert "no attribute 'Charm'" in refused("play_roll", character=vex(), attribute="Charm", skill="", seed="1")
    assert "no skill 'Magic'" in refused("play_roll", character=vex(), attribute="Strength", skill="Magic", seed="1")


def test_an_attack_fills_the_track_like_the_attack_helper() -> None:
    # The defence of 3 is a die of the attention pool, and it leaves the pool (issue 28: it stayed).
    fields = {"attack": "12", "defence": "3", "body": "2"}
    result = ok("play_attack", character=vex(marks="X/", attention=[5, 3]), fields=fields)
    assert result["character"]["attention"] == [5]
    helper = ok(
        "attack_fields",
        fields={
            **fields,
            "cover": "",
            "hard": "",
            "antitank": "",
            "boxes": "9",
            "physical": "1",
            "stun": "1",
            "overflow": "0",
        },
    )
    assert result["attack"]["after"] == helper["after"]
    assert result["character"]["marks"] == "X/" + helper["after"]["marks"][2:]
    assert result["character"]["overflow"] == helper["after"]["overflow"] == 2
    assert result["sheet"]["track"]["state"] == "dying and knocked out"


def test_bleeding_out_one_hour() -> None:
    dying = vex(marks="X" * 9, overflow=3)
    faces = set()
    for seed in range(40):
        result = ok("play_bleed", character=dying, seed=str(seed))
        faces.add(result["die"])
        assert result["stable"] == (result["die"] == 1)
        assert result["character"]["overflow"] == 3 + (result["die"] != 1)
    assert faces == {1, 2, 3, 4, 5, 6}
    assert "only a dying character" in refused("play_bleed", character=vex(), seed="1")
    assert bleed_out_death_chance(3, 9) > 0  # the page's helper gives the chance; the sheet rolls


def test_healing_clears_stun_then_everything() -> None:
    hurt = vex(marks="X/X/", overflow=0)
    assert ok("play_heal", character=hurt, kind="stun")["character"]["marks"] == "X/X"
    assert ok("play_heal", character=hurt, kind="all")["character"]["marks"] == ""
    assert "no stun box" in refused("play_heal", character=vex(marks="XX"), kind="stun")


# --- the stored format --------------------------------------------------------------------------
def test_export_import_and_link_give_back_the_same_document() -> None:
    saved = document(vex(), vex(name="Rook", marks="X/", overflow=0, attention=[6, 2]))
    play_documents.assert_kept_whole("doom-stack", saved, SCHEMA)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (
            {"version": VERSION + 1},
            f"newer version of this site (format version {VERSION + 1}; this page reads up to {VERSION})",
        ),
        ({"version": 0}, '"version" must be a whole number from 1'),
        ({"format": "something else"}, "not a saved sheet of this site"),
        ({"system": "action"}, "characters for 'action', not 'doom-stack'"),
        ({"entries": {}}, "entries: must be a list, not an object"),
        ({"extra": 1}, "unknown field 'extra'"),
        ({"entries": [vex(marks="XXXXXXXXXX")]}, "entries[0].marks: 10 marks, but the character has 9 hit boxes"),
        (
            {"entries": [vex(), vex(overflow=MAX_OVERFLOW + 1)]},
            f"entries[1].overflow: must be from 0 to {MAX_OVERFLOW}, not {MAX_OVERFLOW + 1}",
        ),
        ({"entries": [vex(attributes={"Strength": 2})]}, "entries[0].attributes: Willpower is missing"),
        (
            {"entries": [vex(skills={"Firearms": "3"})]},
            "entries[0].skills.Firearms: must be a whole number from 0 to 20",
        ),
        ({"entries": [vex(attention=[0])]}, f"entries[0].attention[0]: must be from 1 to {MAX_DIE}, not 0"),
        ({"entries": [vex(name="")]}, "entries[0].name: must not be empty"),
        ({"entries": [vex(name="a\u0007b")]}, "entries[0].name: holds a control character"),
        ({"entries": [{**vex(), "hp": 3}]}, "entries[0]: unknown field 'hp'"),
    ],
)
def test_a_bad_file_is_refused_naming_what_is_wrong(change: dict, words: str) -> None:
    assert words in refused("play_import", text=json.dumps({**document(vex()), **change}))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "the file is not JSON"),
        ("[1, 2", "the file is not JSON"),
        ("[]", "it holds a list, not an object"),
        ("[" * 100 + "]" * 100, "nested too deeply"),
        ("1" * 5000, "too many digits"),
        (" " * 1_300_000, "too long"),  # past any file the page exports (the reader's own limit)
    ],
)
def test_a_file_that_is_not_a_document(text: str, words: str) -> None:
    assert words in refused("play_import", text=text)


@pytest.mark.parametrize(
    ("link", "words"),
    [
        ("", "not base64url"),
        ("abc$", "not base64url"),
        ("A" * (MAX_LINK_CHARS + 1), "too long"),
        ("____", "cannot be unpacked"),
        (link_of(b"\xff\xfe"), "not text"),
        (link_of(b"[" * 3), "not JSON"),
        (link_of(b" " * 1_000_000), "too much"),
    ],
)
def test_a_damaged_or_hostile_link(link: str, words: str) -> None:
    assert words in refused("play_open_link", link=link)


def test_a_cut_link_is_refused() -> None:
    link = ok("play_link", document=document(vex()))["link"]
    for cut in (1, 5, len(link) // 2):
        assert "damaged" in refused("play_open_link", link=link[:-cut])


def test_an_old_version_is_migrated_never_dropped() -> None:
    # A schema one version on, whose migration from today's version renames the character.
    def to_next(old: dict) -> dict:
        return {
            **old,
            "version": VERSION + 1,
            "entries": [{**e, "name": e["name"] + " (kept)"} for e in old["entries"]],
        }

    newer = PlaySchema("doom-stack", VERSION + 1, read_character, {**SCHEMA.migrations, VERSION: to_next})
    read = read_document(document(vex()), newer)
    assert read["version"] == VERSION + 1 and read["entries"][0]["name"] == "Vex (kept)"
    gap = PlaySchema("doom-stack", VERSION + 2, read_character, {**SCHEMA.migrations, VERSION: to_next})
    with pytest.raises(RulesError, match=f"format version {VERSION + 1} cannot be brought up to date"):
        read_document(document(vex()), gap)


# --- Hypothesis: any sheet (any text, file or link: tests/test_play_contract.py) ---------------
@SOME
@given(CHARACTER_PARTS, st.sampled_from(["Strength", "Agility", "Nope"]), st.text(max_size=6), st.integers(0, 99))
def test_any_sheet_rolled_or_hit(character: dict, attribute: str, modifiers: str, seed: int) -> None:
    only_rules_errors(
        "play_roll", character=character, attribute=attribute, skill="", modifiers=modifiers, tn="", seed=str(seed)
    )
    only_rules_errors("play_attack", character=character, fields={"attack": str(seed % 20), "defence": modifiers})
    only_rules_errors("play_bleed", character=character, seed=str(seed))
    only_rules_errors("play_choose", character=character, stack=str(seed % 9))
    only_rules_errors(
        "play_multitask", character=character, attribute=attribute, skill="", modifiers=modifiers, seed=str(seed)
    )
    only_rules_errors("play_heal", character=character, kind=("stun", "physical", "all")[seed % 3])
    only_rules_errors(
        "play_taps", character=character, attribute=attribute, skill="", modifiers=modifiers, tn=str(seed % 30)
    )
    only_rules_errors("play_mark", character=character, kind=("stun", "physical", modifiers)[seed % 3])
    only_rules_errors("play_spend", character=character, die=str(seed % 4), tn=modifiers)


def test_the_schema_names_the_system() -> None:
    assert SCHEMA.system == "doom-stack" and SCHEMA.version == VERSION == 3
    assert read_character(new_character(), "x") == new_character()
    assert encode_link(document(vex()))  # a plain call, outside the bridge
    assert decode_link(encode_link(document(vex())), SCHEMA) == document(vex())


# --- issue 28: the moments that decide a fight, each beside its passage (play_rules.py) ----
def average(**changes: object) -> dict:
    """The source's average person (Strength 2, Agility 2, Willpower 2: 8 hit boxes), changed."""
    return {**ok("play_new", name="Rook")["character"], **changes}


def rolled(**changes: object) -> dict:
    """An average person whose last roll (4d6, seed 10: 5 1 4 4) took the best stack 4 + 4 + 1."""
    pick = {"kind": "roll", "pool": 4, "tn": 6, "dice": [5, 1, 4, 4], "held": [], "stack": [4, 4, 1], "open": True}
    return average(**{"attention": [5], "pick": pick, **changes})


def refusal(action: str, **request: object) -> tuple[str, str | None]:
    """The message and the field (its place) of the RulesError ``action`` is refused with."""
    reply = bridge(action, **request)
    assert not reply["ok"], reply
    return reply["error"]["message"], reply["error"]["field"]


def state_refused(action: str, place: str, **request: object) -> str:
    """A refusal by the character's state: it names ``character.<place>``, in the message and as the field."""
    message, field = refusal(action, **request)
    assert field == f"character.{place}" and message.startswith(f"character.{place}: "), (message, field)
    return message


def readable(*characters: dict) -> None:
    """Whatever an action leaves, the reader takes back unchanged (and a link carries it)."""
    saved = document(*characters)
    assert ok("play_check", document=saved)["document"] == saved
    assert ok("play_open_link", link=ok("play_link", document=saved)["link"])["document"] == saved


def test_a_killing_blow_is_recorded_dead() -> None:
    # "If your overflow box contains a number that is equal to or greater than your hit boxes, you
    # die outright." 8 hit boxes, 18 damage: 8 boxes marked, 10 in overflow (the defect: refused).
    result = ok("play_attack", character=average(), fields={"attack": "18"})
    assert result["character"]["marks"] == "X" * 8 and result["character"]["overflow"] == 10
    assert result["sheet"]["track"]["dead"] and result["sheet"]["track"]["state"] == "dead"
    assert result["sheet"]["bleeding"] is False and result["sheet"]["acts"] is False
    twenty = ok("play_attack", character=average(), fields={"attack": "20"})["character"]
    assert (twenty["marks"], twenty["overflow"]) == ("X" * 8, 12)
    # On a character already dying (overflow 3): 5 more is exactly the 8 boxes; a stable one, the same.
    dying = ok("play_attack", character=average(marks="X" * 8, overflow=3), fields={"attack": "5"})
    assert dying["character"]["overflow"] == 8 and dying["sheet"]["track"]["state"] == "dead"
    stable = ok("play_attack", character=average(marks="X" * 8, overflow=3, stable=True), fields={"attack": "6"})
    assert stable["character"]["overflow"] == 9 and stable["character"]["stable"] is False
    assert stable["sheet"]["track"]["dead"]
    readable(result["character"], twenty, dying["character"], stable["character"])


def test_the_last_box_knocks_out_one_more_is_dying() -> None:
    # "When all the boxes are filled, you are knocked out. If you have received more damage, it goes
    # into the overflow box." 8 boxes: 7 leaves one empty, 8 fills the last, 9 puts 1 in overflow,
    # 15 leaves overflow 7 (one below the boxes), 16 is overflow 8: dead.
    expected = {
        7: ("X" * 7, 0, "still in action"),
        8: ("X" * 8, 0, "knocked out"),
        9: ("X" * 8, 1, "dying and knocked out"),
        15: ("X" * 8, 7, "dying and knocked out"),
        16: ("X" * 8, 8, "dead"),
    }
    for attack, (marks, overflow, state) in expected.items():
        result = ok("play_attack", character=average(), fields={"attack": str(attack)})
        assert (result["character"]["marks"], result["character"]["overflow"]) == (marks, overflow), attack
        assert result["sheet"]["track"]["state"] == state, attack
    # Overflow with boxes emptied again (stun wore off): the empty boxes fill first.
    after = ok("play_attack", character=average(marks="XXXXXX", overflow=2), fields={"attack": "3"})["character"]
    assert (after["marks"], after["overflow"]) == ("X" * 8, 3)


def test_body_armour_marks_stun_after_the_physical() -> None:
    # "Body armor converts some of the dealt damage (up to its rating) to stun." 7 damage, body 3:
    # 4 physical then 3 stun, after the stun already there; the 8th box is the last.
    result = ok("play_attack", character=average(marks="/"), fields={"attack": "7", "body": "3"})
    assert result["character"]["marks"] == "/XXXX///" and result["character"]["overflow"] == 0
    # Past the boxes the stun goes to overflow and is physical there: 8 empty, 10 damage, body 4.
    over = ok("play_attack", character=average(), fields={"attack": "10", "body": "4"})["character"]
    assert (over["marks"], over["overflow"]) == ("XXXXXX//", 2)


def test_hard_armour_stops_all_but_antitank() -> None:
    # "Hard armor ... negate all of the damage unless the attack has 'antitank' tag, in which case the
    # armor reduces the damage dealt by its rating."
    stopped = ok("play_attack", character=average(), fields={"attack": "12", "hard": "4"})["character"]
    assert (stopped["marks"], stopped["overflow"]) == ("", 0)
    through = ok("play_attack", character=average(), fields={"attack": "12", "hard": "4", "antitank": "on"})
    assert through["character"]["marks"] == "X" * 8


def test_a_defence_comes_out_of_the_attention_pool() -> None:
    # "spend a die or a dice stack from the attention pool to defend, reducing the attack's
    # performance by its value". Defending with the 6 of [6, 4] leaves [4] (the defect: [6, 4]).
    result = ok("play_attack", character=average(attention=[6, 4]), fields={"attack": "8", "defence": "6"})
    assert result["character"]["attention"] == [4] and result["character"]["marks"] == "XX"
    assert "Attention pool: 6 4 → 4" in result["lines"]
    # A defence bigger than the attack: a clean miss, and the die is spent all the same.
    miss = ok("play_attack", character=average(attention=[6, 4]), fields={"attack": "3", "defence": "4"})
    assert miss["character"]["attention"] == [6] and miss["character"]["marks"] == ""
    # A stack: 6 + 6 + 1 = 13 leaves the 4.
    stack = ok("play_attack", character=average(attention=[6, 1, 6, 4]), fields={"attack": "13", "defence": "13"})
    assert stack["character"]["attention"] == [4] and stack["attack"]["glitch"]
    # (Ruling: a defence the pool makes two ways) 6 from [3, 6, 3]: the single 6, the fewest dice.
    fewest = ok("play_attack", character=average(attention=[3, 6, 3]), fields={"attack": "7", "defence": "6"})
    assert fewest["character"]["attention"] == [3, 3]
    # No defence: the pool is not touched, and the whole attack lands.
    blank = ok("play_attack", character=average(attention=[6, 4]), fields={"attack": "3", "defence": ""})
    assert blank["character"]["attention"] == [6, 4] and blank["character"]["marks"] == "XXX"


def test_a_defence_the_pool_cannot_make_is_refused() -> None:
    # A defence is a stack of the attention pool: 12 from [2] (the defect: accepted), 10 from [6, 4]
    # (two faces never stack), anything from an empty pool ("If the defender has no dice, it will hurt").
    for attention, defence in (([2], "12"), ([6, 4], "10"), ([], "1")):
        message, field = refusal(
            "play_attack", character=average(attention=attention), fields={"attack": "9", "defence": defence}
        )
        assert field == "defence" and f"makes no stack of {defence}" in message
    assert (
        ok("play_attack", character=average(), fields={"attack": "9", "defence": "0"})["character"]["marks"] == "X" * 8
    )


def test_in_cover_the_defending_stack_loses_one_pip() -> None:
    # "When you are in *cover*, instead of spending your entire dice stack to defend, you only lose one
    # pip per attack." (Ruling: cover on the sheet) 6 + 6 = 12 in cover stays as one die of 11.
    first = ok(
        "play_attack", character=average(attention=[6, 6, 4]), fields={"attack": "14", "defence": "12", "cover": "on"}
    )
    assert first["character"]["attention"] == [11, 4] and first["character"]["marks"] == "XX"
    second = ok("play_attack", character=first["character"], fields={"attack": "9", "defence": "11", "cover": "on"})
    assert second["character"]["attention"] == [10, 4] and second["attack"]["clean_miss"]
    # A one still joins the kept stack; a lone 1 in cover has no pip left to keep; a 6 is a 5.
    joined = ok(
        "play_attack", character=average(attention=[11, 1]), fields={"attack": "1", "defence": "12", "cover": "on"}
    )
    assert joined["character"]["attention"] == [11]
    assert ok(
        "play_attack", character=average(attention=[5, 1]), fields={"attack": "1", "defence": "1", "cover": "on"}
    )["character"]["attention"] == [5]
    assert ok("play_attack", character=average(attention=[6]), fields={"attack": "1", "defence": "6", "cover": "on"})[
        "character"
    ]["attention"] == [5]
    readable(first["character"], second["character"], joined["character"])


def test_a_bleeding_roll_of_one_keeps_the_character_stable() -> None:
    # "On a 1, you stabilize" (seed 2 rolls a 1). The defect: the sheet stayed dying and offered the
    # next hour's roll.
    dying = average(marks="XXXXXXX/", overflow=3)
    result = ok("play_bleed", character=dying, seed="2")
    assert (result["die"], result["stable"]) == (1, True)
    assert result["character"]["stable"] is True and result["character"]["overflow"] == 3
    assert result["sheet"]["bleeding"] is False and result["sheet"]["track"]["state"] == "stable and knocked out"
    assert "stable: no more hourly rolls until a new hit" in state_refused(
        "play_bleed", "stable", character=result["character"], seed="2"
    )
    # The stun wears off: conscious, still stable.
    awake = ok("play_heal", character=result["character"], kind="stun")
    assert awake["sheet"]["track"]["state"] == "stable, conscious" and awake["sheet"]["acts"]
    readable(result["character"], awake["character"])


def test_a_new_hit_starts_a_stable_character_bleeding() -> None:
    # (Ruling: stable until a new hit) A hit that deals nothing leaves the character stable; one point
    # of damage makes the overflow grow and the hourly roll come back.
    stable = average(marks="X" * 8, overflow=3, stable=True)
    stopped = ok("play_attack", character=stable, fields={"attack": "5", "hard": "2"})
    assert stopped["character"]["stable"] is True and stopped["character"]["overflow"] == 3
    assert not any(line.startswith("Bleeding out:") for line in stopped["lines"])
    hit = ok("play_attack", character=stable, fields={"attack": "1"})
    assert hit["character"]["stable"] is False and hit["character"]["overflow"] == 4
    assert hit["sheet"]["bleeding"] is True


def test_bleeding_out_to_death() -> None:
    # "otherwise, add 1 to the overflow box": overflow 7 of 8, seed 0 rolls a 4: overflow 8, dead.
    result = ok("play_bleed", character=average(marks="X" * 8, overflow=7), seed="0")
    assert result["die"] == 4 and result["character"]["overflow"] == 8
    assert result["line"] == "Bleeding out, this hour: a 4: overflow goes up to 8, the 8 hit boxes: dead"
    assert result["sheet"]["track"]["dead"] and result["sheet"]["bleeding"] is False
    state_refused("play_bleed", "overflow", character=result["character"], seed="1")


def test_only_the_dying_bleed_out() -> None:
    # "If you're left for dead with more than 0 in overflow, roll 1 die every hour."
    assert "only a dying character bleeds out" in state_refused(
        "play_bleed", "overflow", character=average(marks="X" * 8)
    )


def test_a_stun_box_heals() -> None:
    # "Stun damage heals 1 box per hour." The last stun box clears; the physical ones stay.
    assert ok("play_heal", character=average(marks="X/X/"), kind="stun")["character"]["marks"] == "X/X"
    knocked = ok("play_heal", character=average(marks="XXXX////"), kind="stun")
    assert knocked["sheet"]["track"]["state"] == "still in action"


def test_stun_heals_while_bleeding_out() -> None:
    # "If some of the stun wears off, you could be conscious and be bleeding out."
    result = ok("play_heal", character=average(marks="XXXXXXX/", overflow=2), kind="stun")
    assert result["character"]["marks"] == "X" * 7 and result["character"]["overflow"] == 2
    assert result["sheet"]["track"]["state"] == "dying, conscious" and result["sheet"]["bleeding"]
    assert result["sheet"]["acts"]  # conscious: may roll
    ok("play_roll", character=result["character"], attribute="Agility", skill="", seed="1")


def test_a_physical_box_heals_overflow_first() -> None:
    # "Physical damage heals 1 box per day with access to modern medicine, and 1 box per month without."
    # (Ruling: healing physical damage) The overflow first, then the last X.
    character = average(marks="X/XXXXXX", overflow=2, stable=True)
    steps = [
        ("X/XXXXXX", 1, True, "stable and knocked out"),
        ("X/XXXXXX", 0, False, "knocked out"),
        ("X/XXXXX", 0, False, "still in action"),
    ]
    for marks, overflow, stable, state in steps:
        result = ok("play_heal", character=character, kind="physical")
        character = result["character"]
        assert (character["marks"], character["overflow"], character["stable"]) == (marks, overflow, stable)
        assert result["sheet"]["track"]["state"] == state
    assert ok("play_heal", character=average(marks="/X/"), kind="physical")["character"]["marks"] == "//"


def test_physical_healing_waits_until_stable() -> None:
    # (Ruling: healing physical damage) Bleeding out is settled hour by hour, before a day's healing.
    bleeding = average(marks="XXXXXXX/", overflow=2)
    for kind in ("physical", "all"):
        assert "bleeding out" in state_refused("play_heal", "stable", character=bleeding, kind=kind)
    sheet = ok("play_sheet", character=bleeding)["sheet"]
    assert sheet["heal"] == {"stun": True, "physical": False, "all": False}


def test_healing_with_nothing_to_heal_is_refused() -> None:
    assert "no stun box" in state_refused("play_heal", "marks", character=average(marks="XX"), kind="stun")
    assert "no physical damage" in state_refused("play_heal", "marks", character=average(marks="//"), kind="physical")
    assert "no damage" in state_refused("play_heal", "marks", character=average(), kind="all")
    dead = average(marks="XXXXXXX/", overflow=8)
    for kind in ("stun", "physical", "all"):
        assert "dead" in state_refused("play_heal", "overflow", character=dead, kind=kind)
    assert ok("play_sheet", character=average())["sheet"]["heal"] == {"stun": False, "physical": False, "all": False}


def test_the_knocked_out_and_the_dead_do_not_act() -> None:
    # "When all the boxes are filled, you are knocked out": no roll, no stack taken, no defence
    # (Ruling: the knocked out and the dead); a hit still lands.
    out = rolled(marks="X" * 8)
    assert ok("play_sheet", character=out)["sheet"]["acts"] is False
    assert ok("play_sheet", character=out)["sheet"]["defences"] == []
    state_refused("play_roll", "marks", character=out, attribute="Agility", skill="", seed="1")
    state_refused("play_multitask", "marks", character=out, attribute="Agility", skill="", seed="1")
    state_refused("play_choose", "marks", character=out, stack="1")
    message, field = refusal("play_attack", character=out, fields={"attack": "3", "defence": "5"})
    assert field == "defence" and "knocked out" in message
    assert ok("play_attack", character=out, fields={"attack": "3"})["character"]["overflow"] == 3
    dead = rolled(marks="X" * 8, overflow=8)
    state_refused("play_roll", "overflow", character=dead, attribute="Agility", skill="", seed="1")
    assert "no hit changes that" in state_refused("play_attack", "overflow", character=dead, fields={"attack": "3"})


def test_a_smaller_stack_than_the_best_leaves_more_attention() -> None:
    # "Pick a single die or a dice stack from the dice pool you've rolled". 7d6, seed 5: 5 3 6 3 6 6 6.
    # The roller takes the four 6s (24) and leaves 5 3 3; taking two 6s (12, still Impressive
    # against TN 8) leaves 5 3 3 6 6.
    result = ok("play_roll", character=vex(), attribute="Agility", skill="Firearms", tn="8", seed="5")
    assert result["roll"]["dice"] == [5, 3, 6, 3, 6, 6, 6]
    assert result["character"]["attention"] == [5, 3, 3]
    pick = result["sheet"]["pick"]
    assert (pick["stack"], pick["value"], pick["chosen"], pick["open"]) == ([6, 6, 6, 6], 24, 0, True)
    place = [stack["dice"] for stack in pick["stacks"]].index([6, 6])
    chosen = ok("play_choose", character=result["character"], stack=str(place))
    assert chosen["character"]["attention"] == [5, 3, 3, 6, 6]
    assert chosen["character"]["pick"]["stack"] == [6, 6]
    assert chosen["sheet"]["pick"]["chosen"] == place and chosen["sheet"]["pick"]["performance"] == 4
    # What it can defend with now: 6 + 6, a 6 (fewer dice than 3 + 3), the 5, a 3.
    assert chosen["sheet"]["defences"] == [
        {"value": 12, "dice": [6, 6]},
        {"value": 6, "dice": [6]},
        {"value": 5, "dice": [5]},
        {"value": 3, "dice": [3]},
    ]
    # Back to the best: the choice stays open until something else happens.
    again = ok("play_choose", character=chosen["character"], stack="0")["character"]
    assert again == result["character"]
    readable(chosen["character"])


def test_the_stack_stands_once_anything_else_happens() -> None:
    after_hit = ok("play_attack", character=rolled(), fields={"attack": "2"})["character"]
    assert after_hit["pick"]["open"] is False
    assert "it stands" in state_refused("play_choose", "pick", character=after_hit, stack="1")
    for action, request in (("play_heal", {"kind": "stun"}), ("play_bleed", {"seed": "0"})):
        after = ok(action, character=rolled(marks="XXXXXXX/", overflow=1), **request)["character"]
        assert after["pick"]["open"] is False, action
    assert "roll first" in state_refused("play_choose", "pick", character=average(), stack="0")
    message, field = refusal("play_choose", character=rolled(), stack="7")  # 5 1 4 4 makes 7 stacks: 0 to 6
    assert field == "stack" and "from 0 to 6" in message
    # A saved pick that says it is open must be what its attention pool is.
    message, _ = refusal("play_sheet", character=rolled(attention=[5, 1]))
    assert message.startswith("character.pick.open: ")


def test_a_smaller_other_action_may_not_use_the_highest_dice() -> None:
    # "If the dice pool for the other action is smaller, you can't spend the highest X dice". Vex rolls
    # Agility + Firearms (7d6, seed 1: 2 5 1 3 1 4 4): 4 + 4 + 1 + 1 = 10, attention 2 5 3. The other
    # action is Agility + Stealth + 1 (6 dice): X = 1, the 5 is off limits; the best of 2 3 is the 3.
    first = ok("play_roll", character=vex(), attribute="Agility", skill="Firearms", seed="1")["character"]
    assert first["attention"] == [2, 5, 3] and first["pick"]["stack"] == [4, 4, 1, 1]
    other = ok("play_multitask", character=first, attribute="Agility", skill="Stealth", modifiers="+1", tn="3")
    assert other["character"]["pick"] == {
        "kind": "another action",
        "pool": 7,
        "tn": 3,
        "dice": [2, 3],
        "held": [5],
        "stack": [3],
        "open": True,
    }
    assert other["character"]["attention"] == [5, 2]
    assert other["sheet"]["pick"]["glitch"] is True  # 3 vs TN 3
    assert other["multitask"]["line"] == (
        "A pool of 6 against the 7 rolled: the 1 highest dice of the attention pool are off limits (5)"
    )
    # The other action's stack can be changed too: the 2 instead, the 5 still held.
    assert ok("play_choose", character=other["character"], stack="1")["character"]["attention"] == [5, 3]
    readable(other["character"])


def test_a_larger_other_action_rolls_more_dice_into_the_attention_pool() -> None:
    # "If the dice pool for the other action is larger, roll extra X dice ... and add it to your
    # attention pool, then choose a die." After the 7d6 above (attention 2 5 3), Agility + Firearms + 1
    # is 8 dice: X = 1, seed 0 rolls a 4; the best of 2 5 3 4 is the 5.
    first = ok("play_roll", character=vex(), attribute="Agility", skill="Firearms", seed="1")["character"]
    other = ok("play_multitask", character=first, attribute="Agility", skill="Firearms", modifiers="+1", seed="0")
    assert other["multitask"]["extra"] == [4]
    assert other["character"]["pick"]["dice"] == [2, 5, 3, 4] and other["character"]["pick"]["stack"] == [5]
    assert other["character"]["attention"] == [2, 3, 4]
    # The same pool as the first: the whole attention pool, nothing rolled.
    same = ok("play_multitask", character=first, attribute="Agility", skill="Firearms", seed="0")
    assert same["multitask"]["extra"] == [] and same["character"]["pick"]["dice"] == [2, 5, 3]


def test_other_action_pools() -> None:
    """Which attention dice another action may use, on hand-made pools (the first roll closed;
    Vex's Agility + Stealth is 5 dice)."""
    closed = {"kind": "roll", "pool": 6, "tn": None, "dice": [6, 5, 2, 2, 3, 3], "held": [], "stack": [3, 3]}
    first = vex(attention=[6, 5, 2, 2], pick={**closed, "open": False})
    # 4 dice after 6: the 2 highest are off limits, the best of 2 2 is 2 + 2, nothing rolled.
    smaller = ok("play_multitask", character=first, attribute="Agility", skill="Stealth", modifiers="-1", seed="3")
    assert smaller["multitask"]["pool"] == 4
    assert sorted(smaller["character"]["pick"]["held"]) == [5, 6] and smaller["multitask"]["extra"] == []
    assert smaller["character"]["pick"]["dice"] == [2, 2] and smaller["sheet"]["pick"]["value"] == 4
    # 6 dice after 4: every attention die, and 2 more rolled into the pool.
    closed = {"kind": "roll", "pool": 4, "tn": None, "dice": [5, 1, 4, 4], "held": [], "stack": [4, 4, 1]}
    for attention in ([2], [6, 5, 2]):
        first = vex(attention=attention, pick={**closed, "open": False})
        larger = ok("play_multitask", character=first, attribute="Agility", skill="Stealth", modifiers="+1", seed="3")
        assert larger["multitask"]["pool"] == 6
        extra = larger["multitask"]["extra"]
        assert len(extra) == 2 and larger["character"]["pick"]["held"] == []
        assert sorted(larger["character"]["pick"]["dice"]) == sorted([*attention, *extra])


def test_multitasking_from_an_empty_attention_pool() -> None:
    # (Ruling: multitasking on the sheet) Nothing to take: the other action's stack is 0.
    first = rolled(attention=[], pick={**rolled()["pick"], "stack": [5, 1], "open": False})
    other = ok("play_multitask", character=first, attribute="Agility", skill="", tn="4")
    assert other["character"]["pick"]["stack"] == [] and other["sheet"]["pick"]["value"] == 0
    assert other["sheet"]["pick"]["success"] is False and other["character"]["attention"] == []
    assert "there were no dice" in state_refused("play_choose", "pick", character=other["character"], stack="0")


def test_multitasking_needs_a_first_roll_and_room() -> None:
    assert "roll for the first action first" in state_refused(
        "play_multitask", "pick", character=average(), attribute="Agility", skill=""
    )
    # An attention pool of 299 dice after a roll of 1: 2 more would pass the 300 the engine keeps.
    full = average(
        attention=[2] * 299,
        pick={"kind": "roll", "pool": 1, "tn": None, "dice": [6], "held": [], "stack": [6], "open": False},
    )
    state_refused("play_multitask", "attention", character=full, attribute="Agility", skill="", modifiers="+1")


def test_every_refusal_names_its_place() -> None:
    cases = [
        ("play_heal", {"character": average(), "kind": "sleep"}, "kind"),
        ("play_attack", {"character": average(), "fields": []}, "fields"),
        ("play_attack", {"character": average(), "fields": {"attack": 5}}, "attack"),
        ("play_attack", {"character": average(), "fields": {"attack": "x"}}, "attack"),
        ("play_attack", {"character": average(), "fields": {"attack": "5", "cover": "maybe"}}, "cover"),
        ("play_roll", {"character": average(), "attribute": "Charm", "skill": ""}, "attribute"),
        ("play_roll", {"character": average(), "attribute": "Agility", "skill": "Magic"}, "skill"),
        ("play_roll", {"character": average(), "attribute": "Agility", "skill": "", "tn": "easy"}, "tn"),
        ("play_roll", {"character": average(), "attribute": "Agility", "skill": "", "seed": "x"}, "seed"),
        # A sheet that does not read is refused at the field of it that is wrong (core.play.request_entry).
        ("play_roll", {"character": {**average(), "marks": 3}, "attribute": "Agility", "skill": ""}, "character.marks"),
        ("play_roll", {"character": [], "attribute": "Agility", "skill": ""}, "character"),
        ("play_choose", {"character": rolled(), "stack": "one"}, "stack"),
        (
            "play_multitask",
            {"character": rolled(), "attribute": "Agility", "skill": "", "modifiers": "lots"},
            "modifiers",
        ),
        ("play_bleed", {"character": average()}, "character.overflow"),
        ("play_bleed", {"character": average(marks="X" * 8, overflow=2, stable=True)}, "character.stable"),
        ("play_heal", {"character": average(), "kind": "stun"}, "character.marks"),
        ("play_choose", {"character": average(), "stack": "0"}, "character.pick"),
    ]
    for action, request, field in cases:
        assert refusal(action, **request)[1] == field, (action, request)


def test_a_stable_flag_needs_a_dying_character() -> None:
    for changes in ({"overflow": 0}, {"overflow": 8, "marks": "X" * 8}):
        message, field = refusal("play_sheet", character=average(stable=True, **changes))
        assert message.startswith("character.stable: only a dying character is stable")
        assert field == "character.stable"


@SOME
@given(st.lists(st.sampled_from([1, 1, 2, 3, 4, 5, 6, 6, 7, 11]), max_size=9))
def test_a_defence_spends_the_first_stack_of_its_value_the_list_gives(attention: list[int]) -> None:
    # (Ruling: a defence the pool makes two ways) The fewest dice, then the higher face: the first
    # stack of that value in the chapter's own order (legal_stacks), kept stacks (7, 11) included.
    first: dict[int, list[int]] = {}
    for stack in legal_stacks(attention):
        first.setdefault(stack.value, sorted((attention[i] for i in stack.positions), reverse=True))
    assert sheet(read_character(vex(attention=attention), "c"))["defences"] == [
        {"value": value, "dice": dice} for value, dice in sorted(first.items(), reverse=True)
    ]
    for value, dice in first.items():
        stack = cheapest_stack(attention, value)
        assert stack is not None and sorted((attention[i] for i in stack.positions), reverse=True) == dice
    assert cheapest_stack(attention, sum(attention) + 1) is None


def test_a_kept_stack_is_one_die_of_its_value() -> None:
    # (Ruling: cover on the sheet) 11 and a 1: 11 + 1, the 11, the 1.
    assert [stack.value for stack in legal_stacks([11, 1])] == [12, 11, 1]
    assert stack_count([11, 1]) == 3


def test_a_pool_of_three_hundred_dice_is_drawn() -> None:
    # The most dice the engine keeps: the sheet lists the 100 biggest stacks and defences, in short lines.
    dice = [(i * 7) % 6 + 1 for i in range(300)]
    pick = {"kind": "roll", "pool": 300, "tn": 8, "dice": dice, "held": [], "stack": [6] * 50, "open": True}
    attention = [die for die in dice if die != 6]
    result = ok("play_sheet", character=vex(attention=attention, pick=pick))["sheet"]
    assert len(result["pick"]["stacks"]) == len(result["defences"]) == 100
    assert (
        result["pick"]["line"] == "50 × 6 = 300 vs TN 8: success, performance 292 (Impressive); 250 dice left "
        "in the attention pool"
    )
    assert len(json.dumps(result)) < 100_000
