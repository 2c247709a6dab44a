"""X-in-Y checks' macros: the check roller, the attack builder, the volley resolver and the
degree and volley charts.

The widgets are built from the shared parts (``macros/widget_html.py``); their view module
is ``docs/assets/js/views/xy-checks.js``. Choices are radio groups (arrow keys move between
them), enabled with every other input once the engine is ready."""

from __future__ import annotations

import re

from macros.charts import line_chart
from macros.widget_html import (
    DICE_GAP_REM,
    DIE_REM,
    EXAMPLE_SEEDS,
    Room,
    default_values,
    engine_result,
    field_error,
    notation_target,
    radio_group,
    region,
    rooms,
    rows,
    seed_field,
    tap_lines,
    text_field,
    text_lines,
    widget_shell,
)
from rules_engine.xy_checks import SYSTEM
from rules_engine.xy_checks.notation import (
    HELP,
    VOLLEY_EXAMPLE,
    CheckQuery,
    VolleyQuery,
    attackers_text,
    parse,
    parse_check_field,
    targets_text,
)
from rules_engine.xy_checks.odds import degree_distribution, volley_odds
from rules_engine.xy_checks.play import MAX_COMBATANTS, NEW_HEALTH
from rules_engine.xy_checks.rules import TIE_BREAKERS, TIES, Check

DEFENCE_WORDS = {
    "none": "Not effective",
    "barely": "Barely (−1 TN)",
    "partially": "Partially (−2 TN)",
    "fully": "Fully (−3 TN)",
}
FORM_WORDS = {"even": "Neither", "attacker": "Attacker (+1 TN)", "defender": "Defender (−1 TN)"}
TIE_WORDS = {
    "min": "1 damage per hit for both",
    "full": "Full damage for both",
    "first": "Attackers have initiative",
    "second": "The other side has initiative",
    "more": "More combatants have initiative",
    "fewer": "Fewer combatants have initiative",
}


def crit_box(prefix: str) -> str:
    """The optional crit die, off by default."""
    return (
        f'<div class="srd-field srd-field--check"><label for="{prefix}-crit">'
        f'<input type="checkbox" id="{prefix}-crit" name="crit" disabled> Crit die (optional rule)</label>'
        f'<span class="srd-field__hint">every die hit or missed: roll 1/6 again and again for extra degrees</span>'
        + field_error(f"{prefix}-crit")
        + "</div>"
    )


# --- the room the results keep -----------------------------------------------------------
# An X-in-Y result has no tallest within the widget's limits that a page could keep room for:
# the crit die adds a degree row per step it is followed (dozens), and a volley takes up to
# MAX_ATTACKERS attackers against MAX_TARGETS targets. So each region keeps the room of what
# the widget shows for its own default inputs, counted from the engine's answer to them; a
# larger result grows the page below it.


def _check_odds_room(result: dict, width: float) -> Room:
    """A check's odds: how it reads (a 0.8rem line and its margin), the steps that built it,
    notes, two figures, the degree table (a head row, a row a degree, its frame a line)."""
    reading = text_lines(f"Rolls {result['check']} as {result['notation']}: {result['dice']} dice", width, 0.8)
    steps = sum(text_lines(step, width) for step in result.get("steps", []))
    steps += 1 if steps else 0  # the list's margin
    notes = sum(text_lines(note, width, 0.6) for note in result["notes"])
    cut = 1 if result["cut_mass"] != "0/1" else 0
    return Room(lines=reading + 1 + steps + notes + cut + 1, figures=1, rows=1 + len(result["bars"]))


def _check_roll_room(result: dict, width: float) -> Room:
    """A check's roll: its headline, its dice (crit dice too), its lines, the Share line."""
    crit = result["crit_dice"]
    dice = rows(len(result["dice"]) + len(crit) + (1 if crit else 0), width, DIE_REM, DICE_GAP_REM)  # an arrow
    lines = sum(text_lines(line, width) for line in result["lines"])
    return Room(headlines=1, dice=dice, lines=lines, shares=1)


def _volley_odds_room(result: dict, width: float) -> Room:
    """A volley's odds: how it reads, notes, two figures, the targets' table, and the closed
    summary over every number (a tap target, and its margins two lines more)."""
    reading = text_lines(f"Reads as {result['notation']}", width, 0.8)
    notes = sum(text_lines(note, width, 0.6) for note in result["notes"])
    summary = tap_lines(width) + 2  # the summary's tap target, and its margins
    return Room(lines=reading + 1 + notes + 1 + summary, figures=1, rows=1 + len(result["targets"]))


def _volley_roll_room(result: dict, width: float) -> Room:
    """A volley's roll: its headline, the side's title, an attacker a row of dice, a line a
    target, the engine's lines, the Share line."""
    lines = sum(text_lines(line, width) for line in result["lines"])
    return Room(headlines=1, lines=1 + len(result["targets"]) + lines, dice=len(result["attackers"]), shares=1)


def _regions(odds_label: str, roll_label: str, odds: tuple, roll: tuple, asked: dict) -> str:
    """The odds and the roll regions, each keeping the room its count gives the engine's
    answers to the default inputs ``asked`` (``odds``, ``roll``: the count and the action;
    the roll's tallest over EXAMPLE_SEEDS)."""
    (odds_count, odds_action), (roll_count, roll_action) = odds, roll
    answers = [engine_result(SYSTEM.key, {"action": odds_action, "fields": asked})]
    rolls = [
        engine_result(SYSTEM.key, {"action": roll_action, "fields": asked, "seed": str(seed)}) for seed in EXAMPLE_SEEDS
    ]
    return region("odds", odds_label, **rooms(odds_count, answers)) + region(
        "result", roll_label, **rooms(roll_count, rolls)
    )


def check_roller() -> str:
    """x/y, TN steps, bonus and penalty dice, the crit die; odds and degrees live; seeded roll."""
    p = "xyc"
    fields = (
        text_field(p, "check", "Check x/y", "5/6", "x or lower on a dY (d4 d6 d8 d10 d12 d20)", numeric=False)
        + text_field(p, "tn", "TN steps", "0", "+ easier, − harder")
        + text_field(p, "bonus", "Bonus dice", "0")
        + text_field(p, "penalty", "Penalty dice", "0")
        + crit_box(p)
        + seed_field(p)
    )
    asked = {**default_values(fields), "crit": ""}
    regions = _regions(
        "The check's exact odds",
        "The check's roll",
        (_check_odds_room, "check_odds"),
        (_check_roll_room, "check_roll"),
        asked,
    )
    return widget_shell(
        f"{p}-roller",
        SYSTEM.key,
        "check",
        "X-in-Y check roller",
        fields,
        "Roll",
        regions,
        first={"action": "check_odds", "fields": {**default_values(fields), "crit": ""}},
    )


def attack_builder() -> str:
    """Defences, form superiority, attack bonus, advantages, disadvantages → the attack's check."""
    p = "xya"
    fields = (
        radio_group(p, "defence", "The defender's defences", DEFENCE_WORDS, "none")
        + radio_group(p, "form", "Form superiority", FORM_WORDS, "even")
        + text_field(p, "attack_bonus", "Attack bonus", "0", "one bonus die per point")
        + text_field(p, "advantages", "Advantages", "0", "one bonus die each")
        + text_field(p, "disadvantages", "Disadvantages", "0", "one penalty die each")
        + crit_box(p)
        + seed_field(p)
    )
    asked = {**default_values(fields), "crit": ""}
    regions = _regions(
        "The attack's check and odds",
        "The attack's roll",
        (_check_odds_room, "attack_odds"),
        (_check_roll_room, "attack_roll"),
        asked,
    )
    return widget_shell(
        f"{p}-builder",
        SYSTEM.key,
        "attack",
        "X-in-Y attack builder",
        fields,
        "Roll the attack",
        regions,
        first={"action": "attack_odds", "fields": {**default_values(fields), "crit": ""}},
    )


def volley_resolver() -> str:
    """One side's volley against targets, or a contested volley; exact odds as you edit."""
    p = "xyv"
    fields = (
        radio_group(p, "mode", "Who rolls", {"volley": "One side", "contest": "Both sides (contested)"}, "volley")
        + text_field(
            p,
            "attackers",
            "Attackers",
            "5/6 +1b, 4/6, 4/6",
            "checks, the champion first; 3x 4/6 for three alike",
            numeric=False,
            wide=True,
        )
        + text_field(
            p,
            "targets",
            "Targets",
            "barely, fully",
            "none, barely, partially or fully, and inferior or superior; or a number",
            numeric=False,
            wide=True,
        )
        + radio_group(
            p, "order", "Extra hits go", {"lightest": "To the lightest first", "written": "As written"}, "lightest"
        )
        + text_field(
            p,
            "other",
            "The other side's attackers",
            "4/6, 3/6, 3/6",
            "their checks against the attackers, their champion first",
            numeric=False,
            wide=True,
        )
        + radio_group(p, "tie", "On a tie", {k: TIE_WORDS[k] for k in (*TIES, *TIE_BREAKERS)}, "min")
        + seed_field(p)
    )
    asked = default_values(fields)
    regions = _regions(
        "The volley's exact odds",
        "The volley's roll",
        (_volley_odds_room, "volley_odds"),
        (_volley_roll_room, "volley_roll"),
        asked,
    )
    return widget_shell(
        f"{p}-resolver",
        SYSTEM.key,
        "volley",
        "X-in-Y volley resolver",
        fields,
        "Roll the volley",
        regions,
        first={"action": "volley_odds", "fields": default_values(fields)},
    )


def check_fields(notation: str) -> dict[str, str]:
    """The check roller's fields for a check notation (``5/6 -3 TN +1b``), for the notation
    buttons in the text: the check field takes it whole, the other fields start from nothing."""
    parse_check_field(notation)
    return {"check": notation, "tn": "0", "bonus": "0", "penalty": "0", "crit": ""}


def volley_fields(notation: str) -> dict[str, str]:
    """The volley resolver's fields for a ``volley …`` or ``contest …`` notation."""
    query = parse(notation)
    if isinstance(query, CheckQuery):
        raise ValueError("a single check, not a volley")
    if isinstance(query, VolleyQuery):
        return {
            "mode": "volley",
            "attackers": attackers_text(query.attackers),
            "targets": targets_text(query.targets),
            "order": "written" if query.as_written else "lightest",
        }
    breaker = re.search(r"\btie\s+(" + "|".join(TIE_BREAKERS) + r")\b", notation, re.IGNORECASE)
    return {
        "mode": "contest",
        "attackers": attackers_text(query.sides[0]),
        "other": attackers_text(query.sides[1]),
        "tie": breaker.group(1).lower() if breaker else query.tie,
    }  # a count's tiebreaker as written


def bonus_degree_chart() -> str:
    """Degrees of success at 3/6 with 0–4 bonus dice (0 on the axis: a failure)."""
    series = {}
    for extra in range(5):
        dist = degree_distribution(CheckQuery(Check(3, 6), 0, extra, 0)).map(lambda d: max(d, 0))
        series[f"3/6 +{extra}b" if extra else "3/6"] = dist.probabilities()
    return line_chart(
        series,
        title="X-in-Y: degree of success at 3/6 by bonus dice (0: a failure)",
        x_label="degree of success",
        y_label="chance",
        x_max=5,
        x_step=1,
    )


def penalty_degree_chart() -> str:
    """Degrees of failure at 3/6 with 0–4 penalty dice (0 on the axis: a success)."""
    series = {}
    for extra in range(5):
        dist = degree_distribution(CheckQuery(Check(3, 6), 0, 0, extra)).map(lambda d: max(-d, 0))
        series[f"3/6 -{extra}p" if extra else "3/6"] = dist.probabilities()
    return line_chart(
        series,
        title="X-in-Y: degree of failure at 3/6 by penalty dice (0: a success)",
        x_label="degree of failure",
        y_label="chance",
        x_max=5,
        x_step=1,
    )


def volley_chart(text: str = VOLLEY_EXAMPLE) -> str:
    """A volley's total hits and total damage."""
    result = volley_odds(parse(text))
    series = {"total hits": result.hits.probabilities(), "total damage": result.damage.probabilities()}
    return line_chart(
        series,
        title=f"X-in-Y: hits and damage of {result.query.notation}",
        x_label="hits or damage",
        y_label="chance",
        x_max=max(result.damage.outcomes),
        x_step=2,
    )


def register(env) -> None:  # noqa: ANN001 - mkdocs-macros passes its own env type
    """The macros and variables the X-in-Y page uses."""
    env.macro(check_roller, "xy_check_widget")
    notation_target(SYSTEM.key, "xyc-roller", "X-in-Y check roller", check_fields)
    notation_target(SYSTEM.key, "xyv-resolver", "X-in-Y volley resolver", volley_fields)
    env.macro(attack_builder, "xy_attack_widget")
    env.macro(volley_resolver, "xy_volley_widget")
    env.macro(bonus_degree_chart, "xy_bonus_chart")
    env.macro(penalty_degree_chart, "xy_penalty_chart")
    env.macro(volley_chart, "xy_volley_chart")
    env.variables["xy_notation_help"] = HELP
    env.variables["xy_play_new_health"] = NEW_HEALTH
    env.variables["xy_play_max_combatants"] = MAX_COMBATANTS
