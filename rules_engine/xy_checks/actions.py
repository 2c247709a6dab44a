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

from collections.abc import Collection
from dataclasses import replace
from fractions import Fraction

from ..core.dist import Dist
from ..core.errors import RulesError
from ..core.exact import percent, ratio
from ..core.notation import parse_whole_number
from ..core.requests import Request, field_flag, labelled, request_fields, request_seed
from ..core.share import share_reply
from .notation import (
    CheckQuery,
    ContestQuery,
    VolleyQuery,
    contest_query,
    parse_attackers_field,
    parse_check_field,
    parse_targets_field,
)
from .odds import CheckOdds, check_odds, contest_odds, hits_weights, one_die_hits, volley_odds
from .roll import CheckRoll, ContestRoll, VolleyRoll, XYCheckRoll, degree_text, roll_check, roll_contest, roll_volley
from .rules import (
    CRIT_CHECK,
    DEFENCES,
    FORMS,
    MAX_EXTRA_DICE,
    MAX_TERM,
    START_CHECK,
    TIE_BREAKERS,
    TIES,
    Attack,
    Check,
    degree,
    is_crit,
)

CHECK_FIELDS = ("check", "tn", "bonus", "penalty", "crit")
ATTACK_FIELDS = ("defence", "form", "attack_bonus", "advantages", "disadvantages", "crit")
VOLLEY_FIELDS = ("mode", "attackers", "targets", "order", "other", "tie")
MODES = ("volley", "contest")
ORDERS = ("lightest", "written")


def _choice(text: str, name: str, choices: Collection[str]) -> str:
    value = text.strip().lower()
    if value not in choices:
        raise RulesError(f"{name} must be one of {', '.join(choices)}, not {text[:20]!r}", field=name)
    return value


def _dice_left(bonus: int, penalty: int) -> None:
    if abs(bonus - penalty) > MAX_EXTRA_DICE:
        name = "bonus" if bonus > penalty else "penalty"
        raise RulesError(
            f"{abs(bonus - penalty)} {name} dice are left after cancelling: the engine rolls up to "
            f"{MAX_EXTRA_DICE} bonus or penalty dice",
            field=name,
        )


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
    return [
        {
            "degree": d,
            "label": f"{'success' if d > 0 else 'failure'} {abs(d)}",
            "ratio": ratio(p),
            "percent": percent(p, 2),
        }
        for d, p in sorted(result.dist.probabilities().items(), reverse=True)
    ]


def _check_reply(query: CheckQuery) -> dict[str, object]:
    result = check_odds(query)
    return {
        **result.to_json(),
        "bars": degree_bars(result),
        "success_percent": percent(result.p_success, 2),
        "lines": result.lines(),
    }


SYSTEM_NAME = "X-in-Y checks"


def check_dice(rolled: CheckRoll) -> list[int | str]:
    """A check's dice for the chat, then its crit dice after ``crit``."""
    crit: list[int | str] = ["crit", *rolled.crit_faces] if rolled.crit_faces else []
    return [*rolled.faces, *crit]


def degree_at_least(query: CheckQuery, signed: int) -> Fraction:
    """P(the check's signed degree ≥ ``signed``), exact with no cut-off: the crit die adds j
    or more extra degrees with chance (x/y)^j, a geometric tail summed in closed form."""
    check, dice, extra = query.check, 1 + abs(query.extra), query.extra
    more = Fraction(*CRIT_CHECK)  # the crit die hits: one more degree
    total = Fraction(0)
    for hits, weight in hits_weights(check, dice).items():
        d = degree(hits, dice, extra)
        chance = Fraction(weight, check.y**dice)
        if not (query.crit and is_crit(hits, dice)):
            total += chance * (d >= signed)
        elif d > 0:  # d + j extra degrees reach signed when j ≥ signed − d
            total += chance * (1 if d >= signed else more ** (signed - d))
        elif d >= signed:  # d − j stays at signed or above when j ≤ d − signed
            total += chance * (1 - more ** (d - signed + 1))
    return total


#: A side's hits split in two: ``(hits, crit)`` → chance, where ``crit`` says the champion's
#: crit die still adds j or more hits with chance (x/y)^j (an all-hit success with the crit
#: rule); the other part is finite.
HitParts = dict[tuple[int, bool], Fraction]


def side_hit_parts(attackers: tuple[CheckQuery, ...]) -> HitParts:
    """A side's hits as ``HitParts``: the champion's hits (its degree on a success) plus one
    die per other attacker. A crit on a failure deepens the failure: still 0 hits."""
    champion = attackers[0]
    check, dice, extra = champion.check, 1 + abs(champion.extra), champion.extra
    others = Dist.constant(0)
    for attacker in attackers[1:]:
        others = others + one_die_hits(attacker)
    parts: HitParts = {}
    for hits, weight in hits_weights(check, dice).items():
        d = degree(hits, dice, extra)
        crit = champion.crit and is_crit(hits, dice) and d > 0
        for o, p in others.probabilities().items():
            key = (max(d, 0) + o, crit)
            parts[key] = parts.get(key, Fraction(0)) + Fraction(weight, check.y**dice) * p
    return parts


def volley_hits_at_least(attackers: tuple[CheckQuery, ...], hits: int) -> Fraction:
    """P(a volley scores ``hits`` or more), exact with no cut-off (``side_hit_parts``)."""
    more = Fraction(*CRIT_CHECK)
    return sum(
        (
            p * (1 if h >= hits else (more ** (hits - h) if crit else 0))
            for (h, crit), p in side_hit_parts(attackers).items()
        ),
        Fraction(0),
    )


def crit_difference_at_least(first: bool, second: bool, t: int) -> Fraction:
    """P(J1 − J2 ≥ t) for the crit dice's extra hits J1 (``first`` side has one, else 0) and
    J2 (``second``), each j or more with chance r^j (r = the crit die's chance): for two,
    P(J1 − J2 ≥ t) = r^t/(1 + r) when t ≥ 0, summed over J2's geometric chances."""
    r = Fraction(*CRIT_CHECK)
    if first and second:
        return r**t / (1 + r) if t >= 0 else 1 - r ** (1 - t) / (1 + r)
    if first:
        return Fraction(1) if t <= 0 else r**t
    if second:
        return 1 - r ** (1 - t) if t <= 0 else Fraction(0)
    return Fraction(t <= 0)


def contest_margin_at_least(query: ContestQuery, margin: int) -> Fraction:
    """P(first side's hits − second side's ≥ ``margin``), exact with no cut-off."""
    first, second = side_hit_parts(query.sides[0]), side_hit_parts(query.sides[1])
    return sum(
        (
            p * q * crit_difference_at_least(c1, c2, margin - h1 + h2)
            for (h1, c1), p in first.items()
            for (h2, c2), q in second.items()
        ),
        Fraction(0),
    )


def degree_at_least_words(signed: int) -> str:
    """What the chance of a signed degree at least ``signed`` is called."""
    if signed > 0:
        return f"a success of degree {signed} or more"
    return f"at worst a failure of degree {-signed}"


def share_check(rolled: XYCheckRoll) -> dict[str, str]:
    """A check in chat words; the chance of a signed degree at least this high, and beside it
    the chance of success at the check's own difficulty (a degree of success 1 or more)."""
    signed = rolled.result.degree
    query = rolled.result.query
    text = degree_text(signed)
    success = (f"success at {query.notation} (a degree of success 1 or more)", degree_at_least(query, 1))
    return share_reply(
        SYSTEM_NAME,
        query.notation,
        check_dice(rolled.result),
        text[0].upper() + text[1:],
        degree_at_least(query, signed),
        degree_at_least_words(signed),
        success=success,
    )


def attackers_dice(attackers: tuple[CheckRoll, ...]) -> list[int | str]:
    """Each attacker's dice (the champion's first), ``/`` between attackers."""
    dice: list[int | str] = []
    for i, attacker in enumerate(attackers):
        dice += (["/"] if i else []) + check_dice(attacker)
    return dice


def _hits(n: int) -> str:
    return f"{n} {'hit' if n == 1 else 'hits'}"


def share_volley(rolled: VolleyRoll) -> dict[str, str]:
    """A volley in chat words (its hits and the damage dealt); the chance of this many hits
    or more. The dice: each attacker's (``/`` between), then ``damage`` and the damage dice."""
    side = rolled.side
    dice = attackers_dice(side.attackers)
    damage_dice = [d for d in side.damage_dice if d is not None]
    if damage_dice:
        dice += ["damage", *damage_dice]
    result = f"{_hits(side.hits)}, {sum(side.damage)} damage in all"
    return share_reply(
        SYSTEM_NAME,
        rolled.query.notation,
        dice,
        result,
        volley_hits_at_least(rolled.query.attackers, side.hits),
        f"{side.hits} or more hits",
    )


def share_contest(rolled: ContestRoll) -> dict[str, str]:
    """A contested volley in chat words; the chance of a hit margin (first side's hits −
    second side's) at least this high. The dice: the first side's, ``vs``, the second's."""
    first, second = rolled.sides
    margin = first.hits - second.hits
    if margin:
        verdict = f"the {'first' if margin > 0 else 'second'} side out-hits the other ({first.hits} to {second.hits})"
    else:
        verdict = f"a tie at {first.hits}: {TIES[rolled.query.tie]}"
    dice = [*attackers_dice(first.attackers), "vs", *attackers_dice(second.attackers)]
    return share_reply(
        SYSTEM_NAME,
        rolled.query.notation,
        dice,
        verdict[0].upper() + verdict[1:],
        contest_margin_at_least(rolled.query, margin),
        f"a hit margin of {margin} or more (the first side's hits \u2212 the second's)",
    )


def check_odds_action(request: Request) -> dict[str, object]:
    """The check roller's exact odds."""
    return _check_reply(check_from_fields(request_fields(request, CHECK_FIELDS)))


def check_roll_action(request: Request) -> dict[str, object]:
    """A seeded roll of the check roller's check."""
    query = check_from_fields(request_fields(request, CHECK_FIELDS))
    rolled = roll_check(replace(query, notes=()), request_seed(request))
    return {**rolled.to_json(), "share": share_check(rolled)}


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
        raise RulesError(
            f"{abs(attack.bonus - attack.penalty)} bonus or penalty dice are left after cancelling: "
            f"the engine rolls up to {MAX_EXTRA_DICE}",
            field="disadvantages" if attack.penalty > attack.bonus else "attack_bonus",
        )
    query = CheckQuery(
        Check(*START_CHECK), attack.tn_steps, attack.bonus, attack.penalty, field_flag(fields["crit"], "crit")
    )
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
    rolled = roll_check(query, request_seed(request))
    return {**rolled.to_json(), "share": share_check(rolled)}


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
    tie = _choice(fields["tie"] or "min", "tie", {**TIES, **TIE_BREAKERS})
    return contest_query(attackers, other, tie)


def volley_odds_action(request: Request) -> dict[str, object]:
    """The exact odds of the resolver's volley or contest, with the lines the CLI prints."""
    query = volley_from_fields(request_fields(request, VOLLEY_FIELDS))
    result = volley_odds(query) if isinstance(query, VolleyQuery) else contest_odds(query)
    return {**result.to_json(), "lines": result.lines()}


def volley_roll_action(request: Request) -> dict[str, object]:
    """A seeded roll of the resolver's volley or contest."""
    query = volley_from_fields(request_fields(request, VOLLEY_FIELDS))
    seed = request_seed(request)
    if isinstance(query, VolleyQuery):
        volley = roll_volley(query, seed)
        return {**volley.to_json(), "share": share_volley(volley)}
    contest = roll_contest(query, seed)
    return {**contest.to_json(), "share": share_contest(contest)}


#: Each field's label as the three widgets show it (``macros/xy_checks.py``): errors use these words.
FIELD_LABELS = {
    "check": "Check x/y",
    "tn": "TN steps",
    "bonus": "Bonus dice",
    "penalty": "Penalty dice",
    "crit": "Crit die (optional rule)",
    "defence": "The defender's defences",
    "form": "Form superiority",
    "attack_bonus": "Attack bonus",
    "advantages": "Advantages",
    "disadvantages": "Disadvantages",
    "mode": "Who rolls",
    "attackers": "Attackers",
    "targets": "Targets",
    "order": "Extra hits go",
    "other": "The other side's attackers",
    "tie": "On a tie",
    "seed": "Seed",
}

ACTIONS = labelled(
    {
        "check_odds": check_odds_action,
        "check_roll": check_roll_action,
        "attack_odds": attack_odds_action,
        "attack_roll": attack_roll_action,
        "volley_odds": volley_odds_action,
        "volley_roll": volley_roll_action,
    },
    FIELD_LABELS,
)
