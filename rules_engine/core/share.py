"""A roll told to the group: the chat-ready text that a roller's Share button sends.

Each system's bridge builds it from its own roll (its words for the result, and the exact
chance of a result this good or better from its own distribution); the page adds the
roll's permalink and sends it with ``navigator.share``, or copies it for a chat app. The
text is Markdown as Discord renders it (bold, inline code), readable as plain text too.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from .exact import percent, ratio

# A chat message is short (Discord posts at most 2,000 characters): an exact fraction longer
# than this is named, not written out (an extended roll's can run to hundreds of digits).
LONGEST_SHARED_FRACTION = 80


def chance_line(chance_of: str, chance: Fraction) -> str:
    """The share's last line: the chance as a percent, with the exact fraction when it is short."""
    exact = ratio(chance)
    if len(exact) > LONGEST_SHARED_FRACTION:
        return f"Chance of {chance_of}: {percent(chance, 2)} (the exact fraction is {len(exact)} characters long: too long for a chat)"
    return f"Chance of {chance_of}: {percent(chance, 2)} (exactly {exact})"


def share_reply(
    system: str,
    notation: str,
    dice: Sequence[int | str],
    result: str,
    chance: Fraction,
    chance_of: str,
    what: str = "roll",
    shown_as: str = "Dice",
    success: tuple[str, Fraction] | None = None,
) -> dict[str, str]:
    """``{"text", "chance", "percent"}``: the roll in chat words and the exact chance shown.

    ``result`` is the outcome in the system's words; ``chance_of`` names what ``chance`` is
    the chance of ("a best stack of 3 or more"). A result that is not rolled names itself:
    ``what`` ("draw") and ``shown_as`` ("Cards", with ``dice`` the cards). A roll made
    against a difficulty adds, beside that, the chance it had of succeeding there:
    ``success`` is what it is called ("success at TN 5") and that chance."""
    shown = " ".join(map(str, dice)) if dice else f"no {shown_as.lower()}"
    lines = [
        f"**{system}** {what}: `{notation}`",
        f"{shown_as}: {shown}",
        f"Result: **{result}**",
        chance_line(chance_of, chance),
    ]
    if success is not None:
        lines.append(chance_line(*success))
    text = "\n".join(lines)
    return {"text": text, "chance": ratio(chance), "percent": percent(chance, 2)}
