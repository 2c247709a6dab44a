"""The Adrenaline roller's widget actions for the browser bridge (``rules_engine.web``).

The roller's form sends its fields as text (``fields``): ``attribute``, ``ability``,
``difficulty``, ``adrenaline``; ``mode`` (``standard``, ``extended`` or ``opposed``);
``options`` (variant names, comma-separated: ``tens-twice,designer``); for an extended
roll ``target`` and ``wastes`` (``on``: a botch only wastes that roll); for an opposed
roll ``other-attribute``, ``other-ability``, ``other-difficulty``, ``other-adrenaline``
and ``below`` (``on``: botches count below zero). An error names the field it is about.

- ``odds_form``: the canonical notation the form makes, the lines saying how the pools
  were built, and the exact odds ready to show (``summary`` rows with percent and exact
  fraction, ``bars`` for the chart, ``rows`` for an extended roll's table), plus the
  odds' own JSON for a standard or opposed roll.
- ``roll_form``: a seeded roll of that canonical notation, exactly as
  ``python -m rules_engine roll adrenaline NOTATION --seed N --json`` gives it, plus
  ``share``: the roll in chat words with the exact chance of a result this good or better
  (a standard roll: a net this high or higher; an opposed roll: a margin this high or
  higher; an extended roll: the target reached in this many rolls or fewer, or the attempt
  lost to a botch no sooner). ``share`` is ``null`` for an extended roll whose odds the
  engine refuses to follow (a target too far for the pool).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ..core.errors import RulesError
from ..core.exact import decimal_text, percent, ratio
from ..core.notation import parse_whole_number
from ..core.requests import Request, field_flag, labelled, request_fields, request_seed
from ..core.share import share_reply
from .notation import AdrenalineQuery, Side, parse, side_from_fields
from .odds import ExtendedOdds, OpposedOdds, RollOdds, StandardOdds, odds
from .roll import AdrenalineRoll, DiceReading, ExtendedRoll, OpposedRoll, roll
from .rules import MAX_TARGET, OPTION_NAMES, difficulty_name

MODES = ("standard", "extended", "opposed")
FIELDS = (
    "attribute",
    "ability",
    "difficulty",
    "adrenaline",
    "mode",
    "options",
    "target",
    "wastes",
    "other-attribute",
    "other-ability",
    "other-difficulty",
    "other-adrenaline",
    "below",
)
#: An exact fraction longer than this is not sent to the page (the percent is).
SHORT_RATIO = 40


def _options(text: str) -> list[str]:
    """The variant names in the form's ``options`` text."""
    names = [name.strip().lower() for name in text.split(",") if name.strip()]
    for name in names:
        if name not in OPTION_NAMES:
            raise RulesError(f"unknown option {name!r}: the options are " + ", ".join(OPTION_NAMES), field="options")
    return sorted(set(names), key=list(OPTION_NAMES).index)


def _side_line(side: Side, attribute: str, ability: str, label: str = "") -> str:
    """``attribute 3 + ability 2 = 5d10 vs 7 (Challenging)``."""
    parts = f"attribute {attribute.strip()}" + (f" + ability {ability.strip()}" if ability.strip() else "")
    spent = f", {side.spent} Adrenaline spent" if side.spent else ""
    return f"{label}{parts} = {side.pool}d10 vs {side.difficulty} ({difficulty_name(side.difficulty)}){spent}"


def form_query(request: Request) -> tuple[AdrenalineQuery, list[str]]:
    """The query the form makes and the lines that say how its pools were built."""
    f = request_fields(request, FIELDS)
    mode = f["mode"].strip().lower() or "standard"
    if mode not in MODES:
        raise RulesError(f"the kind of roll must be one of {', '.join(MODES)}, not {mode!r}", field="mode")
    names = _options(f["options"])
    designer = "designer" in names
    side = side_from_fields(f["attribute"], f["ability"], f["difficulty"], f["adrenaline"], designer=designer)
    lines = [_side_line(side, f["attribute"], f["ability"], "Roller: " if mode == "opposed" else "")]
    text = side.notation
    extra: list[str] = []
    if mode == "extended":
        if side.spent:
            raise RulesError(
                "an extended roll takes many rolls: spend Adrenaline on single rolls only", field="adrenaline"
            )
        if "tens-explode" in names:
            raise RulesError("tens-explode is for single and opposed rolls, not extended ones", field="options")
        target = parse_whole_number(f["target"], "target", 1, MAX_TARGET)
        text += f" until {target}"
        if field_flag(f["wastes"], "wastes", "A botch only wastes that roll"):
            extra.append("botch-wastes")
    elif mode == "opposed":
        other = side_from_fields(
            f["other-attribute"],
            f["other-ability"],
            f["other-difficulty"],
            f["other-adrenaline"],
            designer=designer,
            prefix="other-",
        )
        lines.append(_side_line(other, f["other-attribute"], f["other-ability"], "Other side: "))
        text += f" against {other.notation}"
        if field_flag(f["below"], "below", "Botches count below zero"):
            extra.append("botches-below-zero")
    words = names + extra
    return parse(text + (" with " + ", ".join(words) if words else "")), lines


def _item(key: str, label: str, value: Fraction) -> dict[str, object]:
    text = ratio(value)
    return {
        "key": key,
        "label": label,
        "percent": percent(value, 2),
        "exact": text if len(text) <= SHORT_RATIO else None,
    }


def _roll_summary(result: RollOdds) -> list[dict[str, object]]:
    s = result.summary()
    return [
        _item("success", "Success", s["success"]),
        _item("failure", "Failure", s["failure"]),
        _item("botch", "Botch", s["botch"]),
        _item("adrenaline", "Earns Adrenaline", s["adrenaline"]),
        _item("complete", "Complete (3+)", s["complete"]),
    ]


def _bars(probabilities: dict[int, Fraction], kind_of: Callable[[int], str]) -> list[dict[str, object]]:
    """The chart's bars: every value with its percent, height (0–1 of the tallest) and kind."""
    top = max(probabilities.values(), default=Fraction(1)) or Fraction(1)
    return [
        {"x": x, "percent": percent(p, 2), "height": float(p / top), "kind": kind_of(x)}
        for x, p in probabilities.items()
    ]


def _net_kind(net: int) -> str:
    return "botch" if net < 0 else ("failure" if net == 0 else "success")


def odds_form(request: Request) -> dict[str, object]:
    """The exact odds of what the form describes, ready to show."""
    query, lines = form_query(request)
    result = odds(query)
    shown: dict[str, object] = {"notation": query.notation, "kind": query.kind, "pool_lines": lines}
    if isinstance(result, StandardOdds):
        dist = result.roll.dist
        return {
            **result.to_json(),
            **shown,
            "summary": _roll_summary(result.roll),
            "mean_text": decimal_text(dist.mean(), 2),
            "bars": _bars(dist.probabilities(), _net_kind),
            "bars_caption": "Chance of each net result; below 0 is a botch",
        }
    if isinstance(result, OpposedOdds):
        v = result.verdicts()
        summary = [
            _item("win", "Roller wins", v["win"]),
            _item("standoff", "Stand-off", v["standoff"]),
            _item("lose", "Other side wins", v["lose"]),
            _item("roller-botch", "Roller botches", result.first.summary()["botch"]),
            _item("other-botch", "Other side botches", result.second.summary()["botch"]),
        ]
        kinds = {True: "success", False: "botch"}
        return {
            **result.to_json(),
            **shown,
            "summary": summary,
            "mean_text": decimal_text(result.margin.mean(), 2),
            "bars": _bars(result.margin.probabilities(), lambda m: "failure" if m == 0 else kinds[m > 0]),
            "bars_caption": "Chance of each margin (roller's net − other side's); above 0 the roller wins",
        }
    assert isinstance(result, ExtendedOdds)
    summary = [_item("reached", "Reaches the target", result.p_reached())]
    if not query.botch_wastes:
        summary.append(_item("lost", "Lost to a botch", result.lost.p_at_least(0)))
    rows = [
        {"roll": k, "reached": percent(here, 2), "by_then": percent(by_then, 2), "lost": percent(gone, 2)}
        for k, here, by_then, gone in result.rows()
    ]
    return {
        **shown,
        "target": query.target,
        "botch_wastes": query.botch_wastes,
        "summary": summary,
        "mean_rolls": decimal_text(result.mean_rolls(), 2),
        "rows": rows,
        "cut_mass": f"{float(result.cut_mass):.2g}",
        "per_roll": _roll_summary(result.roll),
    }


SYSTEM_NAME = "Adrenaline d10 pool"


def _faces(reading: DiceReading) -> list[int]:
    return [d.value for d in reading.dice]


def _earned(reading: DiceReading) -> str:
    return ", +1 Adrenaline" if reading.outcome.adrenaline else ""


def share_standard(rolled: AdrenalineRoll) -> dict[str, str]:
    """A standard roll: its net in words; the chance of a net at least this high, and beside
    it the chance of success (a net above 0) at the roll's difficulty."""
    net = rolled.reading.outcome.net
    result = odds(rolled.query)
    assert isinstance(result, StandardOdds)
    success = (
        f"success at difficulty {rolled.query.side.difficulty} (a net of 1 or more)",
        result.roll.summary()["success"],
    )
    return share_reply(
        SYSTEM_NAME,
        rolled.query.notation,
        _faces(rolled.reading),
        rolled.reading.summary() + _earned(rolled.reading),
        result.roll.dist.p_at_least(net),
        f"a net of {net} or more",
        success=success,
    )


def share_opposed(rolled: OpposedRoll) -> dict[str, str]:
    """An opposed roll: the verdict; the chance of a margin (roller's net − other side's) at
    least this high. The dice: the roller's, then ``vs`` and the other side's."""
    margin = rolled.margin
    verdict = {
        "win": f"the roller wins by {margin}",
        "standoff": "a stand-off",
        "lose": f"the other side wins by {-margin}",
    }[rolled.verdict]
    result = odds(rolled.query)
    assert isinstance(result, OpposedOdds)
    dice: list[int | str] = [*_faces(rolled.first), "vs", *_faces(rolled.second)]
    return share_reply(
        SYSTEM_NAME,
        rolled.query.notation,
        dice,
        f"Margin {margin}: {verdict}",
        result.margin.p_at_least(margin),
        f"a margin of {margin} or more (the roller's net \u2212 the other side's)",
    )


def extended_chance(rolled: ExtendedRoll, result: ExtendedOdds) -> tuple[Fraction, str]:
    """The chance of an extended roll ending this well or better, and what it is the chance
    of. Best to worst: the target reached on roll 1, 2, …; still short when the roller
    stops; lost to a botch on a late roll, …, on roll 1."""
    rolls, target = len(rolled.rolls), rolled.query.target
    if rolled.ending == "reached":
        return result.reached.p_at_most(
            rolls
        ), f"reaching {target} in {rolls} {'roll' if rolls == 1 else 'rolls'} or fewer"
    if rolled.ending == "botched":
        return 1 - result.lost.p_at_most(rolls - 1), f"no botch losing it all before roll {rolls}"
    return 1 - result.lost.p_at_least(0), "no botch losing it all"


def share_extended(rolled: ExtendedRoll) -> dict[str, str] | None:
    """An extended roll: how it ended; the chance of ending this well or better (``None``
    when the engine refuses to follow this roll's odds)."""
    try:
        result = odds(rolled.query)
    except RulesError:
        return None
    assert isinstance(result, ExtendedOdds)
    chance, chance_of = extended_chance(rolled, result)
    dice: list[int | str] = []
    for k, reading in enumerate(rolled.rolls):
        dice += ["/"] if k else []
        dice += _faces(reading) or ["no dice"]
    rolls, target = len(rolled.rolls), rolled.query.target
    ending = {
        "reached": f"Reached {target} on roll {rolls}",
        "botched": f"A botch on roll {rolls} loses it all (total {rolled.totals[-2] if rolls > 1 else 0})",
        "gave up": f"Still short of {target} after {rolls} rolls (total {rolled.totals[-1]})",
    }[rolled.ending]
    return share_reply(SYSTEM_NAME, rolled.query.notation, dice, ending, chance, chance_of)


def share(rolled: AdrenalineRoll | ExtendedRoll | OpposedRoll) -> dict[str, str] | None:
    """The roll in chat words (``rules_engine.core.share``), by its kind."""
    if isinstance(rolled, OpposedRoll):
        return share_opposed(rolled)
    if isinstance(rolled, ExtendedRoll):
        return share_extended(rolled)
    return share_standard(rolled)


def roll_form(request: Request) -> dict[str, object]:
    """A seeded roll of the form's canonical notation, with the pool lines and the roll in
    chat words (``share``)."""
    query, lines = form_query(request)
    rolled = roll(query, request_seed(request))
    return {**rolled.to_json(), "pool_lines": lines, "share": share(rolled)}


#: Each field's label as the roller shows it (``macros/adrenaline.py``): errors use these words.
FIELD_LABELS = {
    "attribute": "Attribute",
    "ability": "Ability",
    "difficulty": "Difficulty",
    "adrenaline": "Adrenaline to spend",
    "mode": "Kind of roll",
    "options": "Variants",
    "target": "Successes to gather",
    "wastes": "A botch only wastes that roll",
    "other-attribute": "Their attribute",
    "other-ability": "Their ability",
    "other-difficulty": "Their difficulty",
    "other-adrenaline": "They spend",
    "below": "Botches count below zero",
    "seed": "Seed",
}

ACTIONS = labelled({"odds_form": odds_form, "roll_form": roll_form}, FIELD_LABELS)
