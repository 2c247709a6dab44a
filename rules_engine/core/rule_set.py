"""Rule sets: every number and choice a source fixes, as named settings a designer may change.

A system's ``RuleBook`` lists its settings; each setting's default is the printed rule, so
the printed rule set (``book.printed``) is the game as the source has it. A ``RuleSet`` is
one value per setting. Its one written form lists the settings that differ from the printed
rule, in the book's order, as ``name value`` pairs between commas::

    die d8, wild none

The same text follows ``with`` at the end of a notation (``4d6 vs TN 8 with die d8``), is
given to the CLI's ``--rules``, the bridge's ``"rules"`` and the design lab's address. The
printed rule set is written as the empty text. Reading is case-insensitive and refuses, with
a ``RulesError`` and a caret under the spot: an unknown setting (naming the known ones), a
value the setting does not allow (naming what it allows), a setting given twice, and two
settings at odds with each other (the book's ``check`` names both).

A book may also keep older single words (``tens-explode``) that stand for settings, so
notations written before rule sets keep reading.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .errors import RulesError
from .notation import MAX_NOTATION_LENGTH, check_length

#: A setting's value after reading: a number, a word, a tuple of numbers … (the system's choice).
Value = Any
#: ``check(rules)``: ``None`` when the settings agree, else (message, the settings it names).
Check = Callable[["RuleSet"], "Conflict | None"]

_NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")


@dataclass(frozen=True)
class Conflict:
    """Two or more settings at odds: what is wrong, and the settings it is about (the caret
    goes under the last of them that was written)."""

    message: str
    settings: tuple[str, ...]


@dataclass(frozen=True)
class Setting:
    """One rule a source fixes, as a designer may change it.

    ``read`` turns a written value (lower case, spaces round it trimmed) into the value, or
    raises ``ValueError`` (its text unused: the error names ``allowed``); ``write`` is its
    inverse. ``words`` says what a value does as a short clause for the house-rule card and
    the lab ("a 6 is wild"); ``choices`` lists every written value when there are few
    enough for a menu (the lab draws a select), else ``None`` (a text field).
    """

    name: str  # as written, lower case with hyphens: "die", "top-face"
    meaning: str  # what it sets, one short sentence: the same words in the lab, help and README
    default: Value  # the printed rule
    allowed: str  # every value it allows, in words: "d4, d6, d8, d10, d12 or d20"
    read: Callable[[str], Value]
    write: Callable[[Value], str]
    words: Callable[[Value], str]
    choices: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if not _NAME.fullmatch(self.name):
            raise ValueError(f"a setting's name is lower-case words joined by hyphens, not {self.name!r}")
        if self.read(self.write(self.default)) != self.default:
            raise ValueError(f"setting {self.name}: its default does not read back")

    def value_of(self, written: str) -> Value:
        """The value written as ``written``, else a ``RulesError`` naming what is allowed."""
        text = " ".join(written.split()).lower()
        try:
            return self.read(text)
        except (ValueError, KeyError, IndexError, TypeError):
            shown = written.strip()[:40] or "nothing"
            raise RulesError(f"{self.name} must be {self.allowed}, not {shown!r}", field=self.name) from None

    def describe(self) -> dict[str, object]:
        """The setting as the lab and the help show it."""
        return {
            "name": self.name,
            "meaning": self.meaning,
            "allowed": self.allowed,
            "printed": self.write(self.default),
            "printed_words": self.words(self.default),
            "choices": list(self.choices) if self.choices is not None else None,
        }


@dataclass(frozen=True)
class RuleBook:
    """Every setting of a system, in the order they are written, and how they must agree.

    ``aliases``: an older single word → the settings it stands for, as written pairs
    (``{"tens-explode": (("top-face", "explodes"),)}``).
    """

    system: str  # the system's title, for messages
    settings: tuple[Setting, ...]
    check: Check | None = None
    aliases: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    #: where a notation's rule set starts: (the roll before it, the offset of its settings or
    #: ``None``); a system whose notation uses ``with`` for something else gives its own
    split: Callable[[str], tuple[str, int | None]] = field(default=lambda text: split_with(text))

    def __post_init__(self) -> None:
        names = [s.name for s in self.settings]
        if len(set(names)) != len(names):
            raise ValueError("a book names each setting once")
        for alias, pairs in self.aliases.items():
            if alias in names or any(name not in names for name, _ in pairs):
                raise ValueError(f"alias {alias!r} must not be a setting and must set known settings")

    def setting(self, name: str) -> Setting:
        """The setting called ``name``, else a ``RulesError`` naming the known ones."""
        for setting in self.settings:
            if setting.name == name:
                return setting
        raise RulesError(f"{self.system} has no setting {name!r}: its settings are {self.names()}", field="rules")

    def names(self) -> str:
        """The settings' names, for messages: ``die, wild, glitch``."""
        return ", ".join(s.name for s in self.settings)

    @property
    def printed(self) -> RuleSet:
        """The rules as the source prints them."""
        return RuleSet(self, tuple(s.default for s in self.settings))

    def rule_set(self, **values: Value) -> RuleSet:
        """The printed rule set with some settings changed (keyword: the name, ``_`` for ``-``),
        checked as a written one would be."""
        chosen = dict(zip((s.name for s in self.settings), self.printed.values))
        for key, value in values.items():
            name = key.replace("_", "-")
            self.setting(name)
            chosen[name] = value
        rules = RuleSet(self, tuple(chosen[s.name] for s in self.settings))
        conflict = self.check(rules) if self.check else None
        if conflict is not None:
            raise RulesError(conflict.message, field="rules")
        return rules

    def read(self, text: str) -> RuleSet:
        """A written rule set (``die d8, wild none``; empty: the printed rules). Errors carry
        ``field="rules"`` and a caret under the spot in ``text``."""
        return read_clause(self, text, 0, len(text), notation=text)

    def help_lines(self) -> list[str]:
        """One line per setting: its name, what it sets, what it allows and the printed rule."""
        return [f"{s.name}: {s.meaning}; {s.allowed} (printed: {s.write(s.default)})" for s in self.settings]


@dataclass(frozen=True)
class RuleSet:
    """One value per setting of a book, in the book's order."""

    book: RuleBook = field(compare=False, repr=False)
    values: tuple[Value, ...]
    #: the book's title and the settings' names, so two books' rule sets never compare equal
    names: tuple[str, ...] = field(default=(), repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", (self.book.system, *(s.name for s in self.book.settings)))

    def __getitem__(self, name: str) -> Value:
        for setting, value in zip(self.book.settings, self.values):
            if setting.name == name:
                return value
        raise KeyError(name)

    @property
    def is_printed(self) -> bool:
        return self.values == self.book.printed.values

    def changed(self) -> list[tuple[Setting, Value]]:
        """The settings that differ from the printed rule, in the book's order."""
        return [(s, v) for s, v in zip(self.book.settings, self.values) if v != s.default]

    @property
    def written(self) -> str:
        """The one written form: the changed settings, ``name value`` between commas."""
        return ", ".join(f"{s.name} {s.write(v)}" for s, v in self.changed())

    def with_clause(self) -> str:
        """What a notation ends with to carry this rule set: `` with die d8`` (empty when printed)."""
        return f" with {self.written}" if self.changed() else ""

    def to_json(self) -> dict[str, object]:
        """The rule set as the CLI's JSON and the bridge write it (the key ``rules``):
        ``written`` (empty for the printed rules) and every setting's written value."""
        return {
            "written": self.written,
            "settings": {s.name: s.write(v) for s, v in zip(self.book.settings, self.values)},
        }

    def card(self) -> list[dict[str, str]]:
        """Each changed rule in words beside the printed one, for the house-rule card."""
        return [
            {
                "setting": s.name,
                "meaning": s.meaning,
                "printed": s.write(s.default),
                "printed_words": s.words(s.default),
                "house": s.write(v),
                "house_words": s.words(v),
            }
            for s, v in self.changed()
        ]


# --- reading ----------------------------------------------------------------------------------


def read_clause(book: RuleBook, text: str, start: int, end: int, *, notation: str) -> RuleSet:
    """Read the rule set written in ``text[start:end]`` (after a notation's ``with``, or the
    whole of a ``--rules`` text); a caret in ``notation`` marks any error."""
    check_length(notation, MAX_NOTATION_LENGTH * 2)

    def error(message: str, at: int, length: int) -> RulesError:
        return RulesError(message, notation=notation, position=at, length=length, field="rules")

    chosen: dict[str, Value] = {}
    where: dict[str, tuple[int, int]] = {}
    clause = text[start:end]
    if not clause.strip():
        return book.printed
    offset = start
    segments = clause.split(",")
    for n, words in enumerate(segments):
        body = words.strip()
        at = offset + (len(words) - len(words.lstrip()))
        comma = offset - 1
        offset += len(words) + 1
        if not body:
            if n == 0:
                raise error(f"expected a setting before the comma: one of {book.names()}", offset - 1, 1)
            where_after = "after the comma" if n == len(segments) - 1 else "between the commas"
            raise error(f"expected a setting {where_after}: one of {book.names()}", comma, 1)
        name, _, value = body.partition(" ")
        name_lower = name.lower()
        if name_lower in book.aliases and not value.strip():
            pairs = [(book.setting(n), v) for n, v in book.aliases[name_lower]]
        elif name_lower not in {s.name for s in book.settings}:
            raise error(_unknown(book, name), at, len(name))
        elif not value.strip():
            raise error(f"{name_lower} needs a value: {book.setting(name_lower).allowed}", at, len(name))
        else:
            pairs = [(book.setting(name_lower), value)]
        for setting, written in pairs:
            if setting.name in chosen:
                raise error(f"the setting {setting.name} is given twice", at, len(body))
            try:
                chosen[setting.name] = setting.value_of(written)
            except RulesError as refusal:
                value_at = at + len(name) + 1 + (len(value) - len(value.lstrip()))
                raise error(refusal.message, value_at, len(value.strip())) from None
            where[setting.name] = (at, len(body))
    values = tuple(chosen.get(s.name, s.default) for s in book.settings)
    rules = RuleSet(book, values)
    conflict = book.check(rules) if book.check else None
    if conflict is not None:
        spots = [where[n] for n in conflict.settings if n in where]
        at, length = max(spots) if spots else (start, max(1, end - start))
        raise error(conflict.message, at, length)
    return rules


def _unknown(book: RuleBook, name: str) -> str:
    extra = f" (or {', '.join(book.aliases)})" if book.aliases else ""
    return f"unknown setting {name[:30]!r}: {book.system}'s settings are {book.names()}{extra}"


_WITH = re.compile(r"(?<![A-Za-z0-9-])with(?![A-Za-z0-9-])", re.IGNORECASE)


def split_with(text: str) -> tuple[str, int | None]:
    """``text`` up to its ``with`` clause, and where that clause's settings start (``None``
    when there is no ``with``): ``("4d6 vs TN 8", 16)`` for ``4d6 vs TN 8 with die d8``."""
    match = _WITH.search(text)
    if match is None:
        return text, None
    return text[: match.start()].rstrip(), match.end()


def read_with(book: RuleBook, text: str) -> tuple[str, RuleSet]:
    """A notation split into its roll and its rule set (printed when it has no ``with``)."""
    roll, at = book.split(text)
    if at is None:
        return text, book.printed
    if not text[at:].strip():
        raise RulesError(
            f"expected a setting after with: one of {book.names()}",
            notation=text,
            position=max(0, at - 4),
            length=4,
            field="rules",
        )
    return roll, read_clause(book, text, at, len(text), notation=text)


def joined(notation: str, rules_text: str, book: RuleBook) -> str:
    """A notation with a separately given rule set (the CLI's ``--rules``, the bridge's
    ``rules``) added to it: ``rules_text`` is read alone first, so an error in it points
    into it, and then written after the notation's own ``with`` clause (or a new one). A
    setting in both, or settings at odds, are errors when the joined notation is read."""
    # Conflicts are left to the joined notation: "crit 8" alone is at odds with the printed
    # d6, but not beside the notation's own "with die d8".
    rules = replace(book, check=None).read(rules_text)
    if rules.is_printed:
        return notation
    _, at = book.split(notation)
    return notation.rstrip() + (", " if at is not None else " with ") + rules.written


# --- kinds of setting -------------------------------------------------------------------------


def _or_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def die_setting(
    name: str, meaning: str, default: int, sides: tuple[int, ...], words: Callable[[int], str] | None = None
) -> Setting:
    """A die by its sides, written ``d8``."""

    def read(text: str) -> int:
        if not re.fullmatch(r"d[0-9]{1,3}", text) or int(text[1:]) not in sides:
            raise ValueError(text)
        return int(text[1:])

    written = [f"d{n}" for n in sides]
    return Setting(
        name, meaning, default, _or_list(written), read, lambda n: f"d{n}", words or (lambda n: f"d{n}"), tuple(written)
    )


def choice_setting(name: str, meaning: str, default: str, choices: Mapping[str, str]) -> Setting:
    """One of a few words; ``choices`` maps each word to what it does, for the card."""

    def read(text: str) -> str:
        if text not in choices:
            raise ValueError(text)
        return text

    return Setting(name, meaning, default, _or_list(list(choices)), read, str, lambda w: choices[w], tuple(choices))


def number_setting(
    name: str,
    meaning: str,
    default: int | None,
    low: int,
    high: int,
    words: Callable[[int | None], str],
    none: str | None = None,
) -> Setting:
    """A whole number from ``low`` to ``high`` (or the word ``none`` when ``none`` says what
    it means: the value is then ``None``)."""

    def read(text: str) -> int | None:
        if none is not None and text == "none":
            return None
        if not re.fullmatch(r"[+-]?[0-9]{1,6}", text) or not low <= int(text) <= high:
            raise ValueError(text)
        return int(text)

    allowed = f"a whole number from {low} to {high}" + (" or none" if none is not None else "")
    choices = tuple([*([] if none is None else ["none"]), *map(str, range(low, high + 1))]) if high - low < 30 else None
    return Setting(name, meaning, default, allowed, read, lambda v: "none" if v is None else str(v), words, choices)


def numbers_setting(
    name: str,
    meaning: str,
    default: tuple[int, ...],
    low: int,
    high: int,
    *,
    most: int,
    words: Callable[[tuple[int, ...]], str],
    rising: bool = True,
) -> Setting:
    """A list of whole numbers written with hyphens (``4-6-8-10``): ``most`` at most, each
    from ``low`` to ``high``, strictly rising when ``rising``."""

    def read(text: str) -> tuple[int, ...]:
        parts = text.replace(" ", "").split("-")
        if not 1 <= len(parts) <= most or not all(re.fullmatch(r"[0-9]{1,6}", p) for p in parts):
            raise ValueError(text)
        values = tuple(int(p) for p in parts)
        if not all(low <= v <= high for v in values) or (rising and list(values) != sorted(set(values))):
            raise ValueError(text)
        return values

    order = ", rising" if rising else ""
    allowed = f"1 to {most} whole numbers from {low} to {high} joined by hyphens{order}, as in " + "-".join(
        map(str, default)
    )
    return Setting(name, meaning, default, allowed, read, lambda v: "-".join(map(str, v)), words)
