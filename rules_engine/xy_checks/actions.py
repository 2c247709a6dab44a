"""X-in-Y checks' widget actions for the browser bridge (``rules_engine.web``).

Every action reads the widget's form fields (text) and answers with the canonical
notation it builds, so ``python -m rules_engine odds|roll xy-checks NOTATION`` gives the
same numbers. An error names the field it belongs to.

- ``check_odds`` / ``check_roll``: the check roller (fields ``check``, ``tn``, ``bonus``,
  ``penalty``, ``crit``); the odds come with one bar per signed degree.
- ``attack_odds`` / ``attack_roll``: the attack builder (``defence``, ``form``,
  ``attack_bonus``, ``advantages``, ``disadvantages``, ``crit``): the check it builds, how,
  and its odds or a roll.
- ``volley_odds`` / ``volley_roll``: the volley resolver (``mode`` volley or contest,
  ``attackers``, ``targets``, ``order`` lightest or written, ``other`` the second side's
  attackers, ``tie``).
"""

from __future__ import annotations

from dataclasses import replace

from ..core.errors import RulesError
from ..core.exact import percent, ratio
from ..core.notation import parse_whole_number
from ..core.requests import Request, field_flag, request_fields, request_seed
from .notation import (
    CheckQuery,
    ContestQuery,
    VolleyQuery,
    contest_query,
    parse_attackers_field,
    parse_check_field,
    parse_targets_field,
)
from .odds import CheckOdds, check_odds, contest_odds, volley_odds
from .roll import roll, roll_check
from .rules import DEFENCES, FORMS, MAX_EXTRA_DICE, MAX_TERM, TIES, Attack, START_CHECK, Check

CHECK_FIELDS = ("check", "tn", "bonus", "penalty", "crit")
ATTACK_FIELDS = ("defence", "form", "attack_bonus", "advantages", "disadvantages", "crit")
VOLLEY_FIELDS = ("mode", "attackers", "targets", "order", "other", "tie")
MODES = ("volley", "contest")
ORDERS = ("lightest", "written")


def _choice(text: str, name: str, choices: tuple[str, ...] | dict[str, object]) -> str:
    value = text.strip().lower()
    if value not in choices:
        raise RulesError(f"{name} must be one of {', '.join(choices)}, not {text[:20]!r}", field=name)
    return value


def _dice_left(bonus: int, penalty: int) -> None:
    if abs(bonus - penalty) > MAX_EXTRA_DICE:
        name = "bonus" if bonus > penalty else "penalty"
        raise RulesError(f"{abs(bonus - penalty)} {name} dice are left after cancelling: the engine rolls up to "
                         f"{MAX_EXTRA_DICE} bonus or penalty dice", field=name)


def check_from_fields(fields: dict[str, str]) -> CheckQuery:
    """The check roller's query: the check field (with any terms) plus the TN, bonus and
    penalty fields."""
    written = parse_check_field(fields["check"])
    tn = parse_whole_number(fields["tn"] or "0", "tn", -MAX_TERM, MAX_TERM)
    bonus = parse_whole_number(fields["bonus"] or "0", "bonus", 0, MAX_TERM)
    penalty = parse_whole_number(fields["penalty"] or "0", "penalty", 0, MAX_TERM)
    crit = field_flag(fields["crit"], "crit")
    total_bonus, total_penalty = written.bonus + bonus, written.penalty + penalty
    _dice_left(total_bonus, total_penalty)
    return CheckQuery(written.base, written.tn + tn, total_bonus, total_penalty, crit or written.crit)


def degree_bars(result: CheckOdds) -> list[dict[str, object]]:
    """One bar per signed degree, best first, with its exact chance and percent."""
    return [{"degree": d, "label": f"{'success' if d > 0 else 'failure'} {abs(d)}",
             "ratio": ratio(p), "percent": percent(p, 2)}
            for d, p in sorted(result.dist.probabilities().items(), reverse=True)]


def _check_reply(query: CheckQuery) -> dict[str, object]:
    result = check_odds(query)
    return {**result.to_json(), "bars": degree_bars(result), "success_percent": percent(result.p_success, 2),
            "lines": result.lines()}


def check_odds_action(request: Request) -> dict[str, object]:
    """The check roller's exact odds."""
    return _check_reply(check_from_fields(request_fields(request, CHECK_FIELDS)))


def check_roll_action(request: Request) -> dict[str, object]:
    """A seeded roll of the check roller's check."""
    query = check_from_fields(request_fields(request, CHECK_FIELDS))
    return roll_check(replace(query, notes=()), request_seed(request)).to_json()


# --- the attack builder -------------------------------------------------------------------
def attack_from_fields(fields: dict[str, str]) -> tuple[Attack, CheckQuery]:
    """The attack the builder's fields describe, and its check as a query on 5/6."""
    attack = Attack(
        _choice(fields["defence"] or "none", "defence", DEFENCES),
        _choice(fields["form"] or "even", "form", FORMS),
        parse_whole_number(fields["attack_bonus"] or "0", "attack_bonus", 0, MAX_TERM),
        parse_whole_number(fields["advantages"] or "0", "advantages", 0, MAX_TERM),
        parse_whole_number(fields["disadvantages"] or "0", "disadvantages", 0, MAX_TERM),
    )
    if abs(attack.bonus - attack.penalty) > MAX_EXTRA_DICE:
        raise RulesError(f"{abs(attack.bonus - attack.penalty)} bonus or penalty dice are left after cancelling: "
                         f"the engine rolls up to {MAX_EXTRA_DICE}",
                         field="disadvantages" if attack.penalty > attack.bonus else "attack_bonus")
    query = CheckQuery(Check(*START_CHECK), attack.tn_steps, attack.bonus, attack.penalty,
                       field_flag(fields["crit"], "crit"))
    return attack, query


def attack_steps(attack: Attack) -> list[str]:
    """How the builder got to the check, one line per rule that applied."""
    lines = [f"start at {Check(*START_CHECK)}"]
    if attack.defence != "none":
        lines.append(f"defences {attack.defence} effective: {DEFENCES[attack.defence]} TN")
    if attack.form != "even":
        lines.append(f"form superiority ({attack.form}): {FORMS[attack.form]:+d} TN")
    if attack.attack_bonus:
        lines.append(f"attack bonus {attack.attack_bonus}: +{attack.attack_bonus}b")
    if attack.advantages:
        lines.append(f"advantages: +{attack.advantages}b")
    if attack.disadvantages:
        lines.append(f"disadvantages: -{attack.disadvantages}p")
    return lines


def attack_odds_action(request: Request) -> dict[str, object]:
    """The attack's check, how it was built, and its exact odds."""
    attack, query = attack_from_fields(request_fields(request, ATTACK_FIELDS))
    return {**_check_reply(query), "steps": attack_steps(attack)}


def attack_roll_action(request: Request) -> dict[str, object]:
    """A seeded roll of the attack's check."""
    _, query = attack_from_fields(request_fields(request, ATTACK_FIELDS))
    return roll_check(query, request_seed(request)).to_json()


# --- the volley resolver ------------------------------------------------------------------
def volley_from_fields(fields: dict[str, str]) -> VolleyQuery | ContestQuery:
    """A volley (attackers against targets) or a contested volley (attackers against the
    other side's attackers) from the resolver's fields."""
    mode = _choice(fields["mode"] or "volley", "mode", MODES)
    attackers = parse_attackers_field(fields["attackers"])
    if mode == "volley":
        targets = parse_targets_field(fields["targets"])
        as_written = _choice(fields["order"] or "lightest", "order", ORDERS) == "written"
        return VolleyQuery(attackers, targets, as_written, attackers[0].notes)
    other = parse_attackers_field(fields["other"], "other")
    tie = _choice(fields["tie"] or "min", "tie", TIES)
    return contest_query(attackers, other, tie)


def volley_odds_action(request: Request) -> dict[str, object]:
    """The exact odds of the resolver's volley or contest, with the lines the CLI prints."""
    query = volley_from_fields(request_fields(request, VOLLEY_FIELDS))
    result = volley_odds(query) if isinstance(query, VolleyQuery) else contest_odds(query)
    return {**result.to_json(), "lines": result.lines()}


def volley_roll_action(request: Request) -> dict[str, object]:
    """A seeded roll of the resolver's volley or contest."""
    query = volley_from_fields(request_fields(request, VOLLEY_FIELDS))
    return roll(query, request_seed(request)).to_json()


ACTIONS = {
    "check_odds": check_odds_action,
    "check_roll": check_roll_action,
    "attack_odds": attack_odds_action,
    "attack_roll": attack_roll_action,
    "volley_odds": volley_odds_action,
    "volley_roll": volley_roll_action,
}
