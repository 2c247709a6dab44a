"""The chat text a roll's Share button sends (rules_engine/core/share.py)."""

from fractions import Fraction

from rules_engine.core.exact import percent
from rules_engine.core.share import LONGEST_SHARED_FRACTION, share_reply


def test_a_short_chance_is_written_out_exactly():
    reply = share_reply(
        "Doom Stack", "4d6 vs TN 8", [6, 6, 2, 1], "a stack of 12", Fraction(7, 72), "a best stack of 12 or more"
    )
    assert reply["text"].split("\n") == [
        "**Doom Stack** roll: `4d6 vs TN 8`",
        "Dice: 6 6 2 1",
        "Result: **a stack of 12**",
        "Chance of a best stack of 12 or more: 9.72% (exactly 7/72)",
    ]
    assert (reply["chance"], reply["percent"]) == ("7/72", "9.72%")


def test_a_chance_too_long_for_a_chat_is_named_not_written_out():
    chance = Fraction(3**100, 2**200)  # 48 + 61 digits and the slash
    written = f"{chance.numerator}/{chance.denominator}"
    assert len(written) > LONGEST_SHARED_FRACTION
    reply = share_reply(
        "Adrenaline", "5d10 extended 40", [9, 3], "reached in 7 rolls", chance, "reaching 40 in 7 rolls or fewer"
    )
    last = reply["text"].split("\n")[-1]
    assert percent(chance, 2) == "<0.01%"
    assert last == (
        "Chance of reaching 40 in 7 rolls or fewer: <0.01% "
        f"(the exact fraction is {len(written)} characters long: too long for a chat)"
    )
    assert reply["chance"] == written  # the reply still carries it, for the page
    assert len(reply["text"]) < 2000
