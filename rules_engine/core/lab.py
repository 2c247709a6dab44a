"""The design lab: one roll under the printed rules and up to three house rules, side by side.

Each system with a lab gives a ``Lab``: its ``RuleBook``, the chapter's headline rolls, and
``sheet(roll, rules, seed)``, the exact answer for one rule set (a ``LabSheet``). This module
asks each rule set, then works out what is the same for every system: the mean, standard
deviation, median and 10th/90th percentiles, the signed differences from the printed rule
in percentage points, the CSV, the share text and the house-rule card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import lcm, sqrt
from typing import Any, cast

from .designer import DifficultyStep
from .errors import RulesError
from .exact import decimal_text, percent, ratio
from .rule_set import RuleBook, RuleSet

#: House rules beside the printed one.
MAX_HOUSE_RULES = 3
#: The percentiles the lab reports, as (name, share of the chance at or below).
PERCENTILES = (("p10", Fraction(1, 10)), ("median", Fraction(1, 2)), ("p90", Fraction(9, 10)))


def _weighted_sum(pairs: Sequence[tuple[int, Fraction]]) -> Fraction:
    """Σ weight × chance in whole numbers over one common denominator (a lab column sums
    hundreds of chances; adding Fractions one by one reduces each partial sum)."""
    denominator = lcm(*(p.denominator for _, p in pairs)) if pairs else 1
    return Fraction(sum(w * p.numerator * (denominator // p.denominator) for w, p in pairs), denominator)


@dataclass(frozen=True)
class LabOutcome:
    """One result of the roll: its name in the system's terms, a number to order and
    average it by, and its exact chance."""

    label: str  # "2 successes", "Best stack 7", "Major Success"
    value: int
    p: Fraction


@dataclass(frozen=True)
class LabRoll:
    """One of a chapter's headline rolls, offered by the lab."""

    label: str  # "A pool of d6 (4d6)"
    notation: str  # "4d6": written without a difficulty; the ladder supplies every rung


@dataclass(frozen=True)
class LabSheet:
    """The exact answer for one roll under one rule set."""

    notation: str  # the roll as the system writes it, with its ``with`` clause
    result_term: str  # what the outcomes count: "Best stack", "Net successes"
    outcomes: tuple[LabOutcome, ...]  # every result with a chance above 0, lowest value first
    difficulty_term: str  # what a rung is called: "Difficulty (TN)"
    success: str  # what counts as a success, in a few words
    rungs: tuple[DifficultyStep, ...]  # the difficulty ladder, easiest first
    usual: int  # index in ``rungs`` of the difficulty the roll is usually made against
    explained: tuple[str, ...]  # a seeded roll under this rule set, die by die
    #: open-ended dice: the chance of a result past the last outcome (not listed); then the
    #: system gives ``mean`` and ``variance`` exactly, as the outcomes alone cannot
    tail: Fraction = Fraction(0)
    mean: Fraction | None = None
    variance: Fraction | None = None

    def __post_init__(self) -> None:
        values = [o.value for o in self.outcomes]
        if values != sorted(set(values)):
            raise ValueError("outcomes go lowest value first, one per value")
        if _weighted_sum([(1, o.p) for o in self.outcomes]) + self.tail != 1:
            raise ValueError("the outcomes and the tail must sum to 1")
        if self.tail and (self.mean is None or self.variance is None):
            raise ValueError("with a tail the system gives the mean and variance")
        if not 0 <= self.usual < len(self.rungs):
            raise ValueError("usual must be a rung")

    @cached_property
    def _moments(self) -> tuple[Fraction, Fraction]:
        if self.mean is not None and self.variance is not None:
            return self.mean, self.variance
        mean = _weighted_sum([(o.value, o.p) for o in self.outcomes])
        variance = _weighted_sum([(o.value * o.value, o.p) for o in self.outcomes]) - mean * mean
        return mean, variance

    def exact_mean(self) -> Fraction:
        return self._moments[0]

    def exact_variance(self) -> Fraction:
        return self._moments[1]

    def percentile(self, share: Fraction) -> str:
        """The label of the lowest result with at least ``share`` of the chance at or below
        it (past the last listed result: "more than" it)."""
        below = Fraction(0)
        for outcome in self.outcomes:
            below += outcome.p
            if below >= share:
                return outcome.label
        return f"more than {self.outcomes[-1].label}"


@dataclass(frozen=True)
class Lab:
    """What a system gives the design lab."""

    book: RuleBook
    rolls: tuple[LabRoll, ...]  # the first is the one the lab opens with
    sheet: Callable[[str, RuleSet, int | None], LabSheet]


def _chance(p: Fraction) -> dict[str, str]:
    return {"exact": ratio(p), "percent": percent(p, 2)}


def _points(delta: Fraction) -> dict[str, str]:
    """A signed difference of two chances in percentage points: ``+1.23`` and ``+37/3000``."""
    sign = "+" if delta > 0 else ("\u2212" if delta < 0 else "\u00b1")
    return {"points": sign + decimal_text(abs(delta) * 100, 2), "exact": ("+" if delta > 0 else "") + ratio(delta)}


def _stats(sheet: LabSheet) -> dict[str, object]:
    mean, variance = sheet.exact_mean(), sheet.exact_variance()
    stats: dict[str, object] = {
        "mean": {"exact": ratio(mean), "decimal": decimal_text(mean, 3)},
        "variance": ratio(variance),
        "sd": f"{sqrt(variance):.3f}",
    }
    for name, share in PERCENTILES:
        stats[name] = sheet.percentile(share)
    return stats


def column_json(name: str, rules: RuleSet, sheet: LabSheet) -> dict[str, object]:
    """One rule set's column of the lab's reply."""
    return {
        "name": name,
        "rules": rules.to_json(),
        "card": rules.card(),
        "notation": sheet.notation,
        "outcomes": [{"label": o.label, "value": o.value, **_chance(o.p)} for o in sheet.outcomes],
        "tail": _chance(sheet.tail) if sheet.tail else None,
        "rungs": [
            {"step": n, "label": r.label, "notation": r.notation, **_chance(r.p_success)}
            for n, r in enumerate(sheet.rungs, start=1)
        ],
        "usual": {
            "step": sheet.usual + 1,
            "label": sheet.rungs[sheet.usual].label,
            **_chance(sheet.rungs[sheet.usual].p_success),
        },
        "stats": _stats(sheet),
        "roll": list(sheet.explained),
    }


def differences(printed: LabSheet, house: LabSheet) -> dict[str, object]:
    """A house rule's signed differences from the printed rule: per result (by value), per
    rung (by step), in the mean and at the usual difficulty."""
    before = {o.value: o for o in printed.outcomes}
    after = {o.value: o for o in house.outcomes}
    outcomes = []
    for value in sorted(set(before) | set(after)):
        label = (after.get(value) or before[value]).label
        p_before = before[value].p if value in before else Fraction(0)
        p_after = after[value].p if value in after else Fraction(0)
        outcomes.append({"value": value, "label": label, **_points(p_after - p_before)})
    rungs = []
    for n in range(1, max(len(printed.rungs), len(house.rungs)) + 1):
        old = printed.rungs[n - 1] if n <= len(printed.rungs) else None
        new = house.rungs[n - 1] if n <= len(house.rungs) else None
        shown = new or old
        entry: dict[str, object] = {"step": n, "label": shown.label if shown else ""}
        if old is not None and new is not None:
            entry.update(_points(new.p_success - old.p_success))
        rungs.append(entry)
    mean_delta = house.exact_mean() - printed.exact_mean()
    usual = house.rungs[house.usual].p_success - printed.rungs[printed.usual].p_success
    return {
        "outcomes": outcomes,
        "rungs": rungs,
        "usual": _points(usual),
        "mean": ("+" if mean_delta > 0 else "") + decimal_text(mean_delta, 3),
    }


def read_house_rules(book: RuleBook, written: Sequence[str]) -> list[RuleSet]:
    """Up to three written house rules; an error names the house rule (field ``house-N``)."""
    if len(written) > MAX_HOUSE_RULES:
        raise RulesError(f"the lab compares at most {MAX_HOUSE_RULES} house rules with the printed one", field="house")
    rule_sets = []
    for n, text in enumerate(written, start=1):
        try:
            rule_sets.append(book.read(text))
        except RulesError as error:
            raise RulesError(
                f"house rule {n}: {error.message}",
                notation=error.notation,
                position=error.position,
                length=error.length,
                field=f"house-{n}",
            ) from None
    return rule_sets


def column_name(n: int) -> str:
    """``Printed rule`` for column 0, else ``House rule N``."""
    return "Printed rule" if n == 0 else f"House rule {n}"


def lab_answer(lab: Lab, system_title: str, roll: str, written: Sequence[str], seed: int | None) -> dict[str, object]:
    """The lab's whole reply: the printed rule and each house rule, exactly, with differences."""
    if lab.book.split(roll)[1] is not None:
        raise RulesError(
            "write the roll without a with clause: the lab sets the rules in its columns",
            notation=roll,
            position=len(lab.book.split(roll)[0]) + 1,
            length=4,
            field="roll",
        )
    rule_sets = [lab.book.printed, *read_house_rules(lab.book, written)]
    sheets = []
    for n, rules in enumerate(rule_sets):
        try:
            sheets.append(lab.sheet(roll, rules, seed))
        except RulesError as error:
            if n == 0 or error.field == "roll":
                raise RulesError(
                    error.message, notation=error.notation, position=error.position, length=error.length, field="roll"
                ) from None
            raise RulesError(f"house rule {n}: {error.message}", field=f"house-{n}") from None
    columns = [column_json(column_name(n), r, s) for n, (r, s) in enumerate(zip(rule_sets, sheets))]
    diffs = [{"name": column_name(n), **differences(sheets[0], s)} for n, s in enumerate(sheets[1:], start=1)]
    first = sheets[0]
    answer: dict[str, object] = {
        "system": system_title,
        "roll": roll.strip(),
        "result_term": first.result_term,
        "difficulty_term": first.difficulty_term,
        "success": first.success,
        "seed": seed,
        "columns": columns,
        "differences": diffs,
    }
    answer["csv"] = lab_csv(answer)
    answer["share"] = share_text(answer)
    return answer


def lab_csv(answer: dict[str, object]) -> str:
    """The answer as CSV: one row per result and per rung, one column of chances per rule set
    (exact fractions; the percentages are the reader's spreadsheet's to work out)."""
    columns = cast("list[dict[str, Any]]", answer["columns"])
    writer = _CsvLines()
    writer.writerow(["part", "label", *(f"{c['name']} ({c['rules']['written'] or 'printed'})" for c in columns)])
    labels: dict[int, str] = {}
    chances: list[dict[int, str]] = []
    for column in columns:
        chances.append({o["value"]: o["exact"] for o in column["outcomes"]})
        labels.update({o["value"]: o["label"] for o in column["outcomes"]})
    for value in sorted(labels):
        writer.writerow([answer["result_term"], labels[value], *(c.get(value, "0") for c in chances)])
    steps = max(len(c["rungs"]) for c in columns)
    for n in range(steps):
        rung = next(c["rungs"][n] for c in columns if n < len(c["rungs"]))
        writer.writerow(
            [
                answer["difficulty_term"],
                rung["label"],
                *(c["rungs"][n]["exact"] if n < len(c["rungs"]) else "" for c in columns),
            ]
        )
    for key in ("mean", "sd", "p10", "median", "p90"):
        writer.writerow(["statistic", key, *(_stat_text(c["stats"][key]) for c in columns)])
    return writer.text()


class _CsvLines:
    """Rows as the csv module's default dialect writes them, each line ended by "\\n": a field
    holding a comma, a double quote or a line break is quoted, its quotes doubled. (The
    standard library the site ships to the browser leaves csv out: ``site_build/build.py``.)"""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def writerow(self, row: Sequence[object]) -> None:
        fields = [str(field) for field in row]
        # a row of one empty field is written "" (a bare line would read as no field at all)
        line = '""' if fields == [""] else ",".join(_csv_field(field) for field in fields)
        self.lines.append(line + "\n")

    def text(self) -> str:
        return "".join(self.lines)


def _csv_field(text: str) -> str:
    return '"' + text.replace('"', '""') + '"' if any(c in text for c in ',"\r\n') else text


def _stat_text(value: object) -> str:
    return str(value["exact"]) if isinstance(value, dict) else str(value)


def share_text(answer: dict[str, object]) -> str:
    """A short text for a chat: the roll, and each rule set's chance at the usual difficulty
    with its difference from the printed rule."""
    columns = cast("list[dict[str, Any]]", answer["columns"])
    diffs = cast("list[dict[str, Any]]", answer["differences"])
    usual = columns[0]["usual"]
    lines = [f"{answer['system']}: {answer['roll']}, chance of success at {usual['label']}"]
    lines.append(f"- printed rule: {usual['percent']}")
    for column, diff in zip(columns[1:], diffs):
        lines.append(f"- {column['rules']['written']}: {column['usual']['percent']} ({diff['usual']['points']} pp)")
    return "\n".join(lines)


def book_json(lab: Lab) -> dict[str, object]:
    """A system's settings and headline rolls, as the lab's form draws them."""
    return {
        "settings": [s.describe() for s in lab.book.settings],
        "rolls": [{"label": r.label, "notation": r.notation} for r in lab.rolls],
    }
