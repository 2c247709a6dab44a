"""What every dice system offers the CLI and the browser: roll and odds by notation."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .designer import DesignerView
from .dist import Dist
from .errors import RulesError
from .exact import percent, ratio
from .lab import Lab
from .rule_set import joined
from .tables import Erratum, Table


class Explained(Protocol):
    """A roll or odds result: text lines for people, a JSON object for scripts."""

    def lines(self) -> list[str]: ...

    def to_json(self) -> dict[str, object]: ...


#: A notation led by its own word: (parse, seeded roll, exact odds); what ``parse`` reads is
#: the notation's own query type.
WordNotation = tuple[Callable[[str], Any], Callable[[Any, int | None], Explained], Callable[[Any], Explained]]

#: A widget action: the decoded request in, a JSON-ready result out (``RulesError`` on bad input).
Action = Callable[[Mapping[str, Any]], dict[str, object]]


@dataclass(frozen=True)
class System:
    """A dice system as the CLI, the browser bridge and the site's macros see it.

    ``actions`` are the widget actions the bridge answers for this system besides the
    generic ``roll`` and ``odds`` by notation (``rules_engine/web.py``).
    """

    key: str  # as typed on the command line, e.g. "doom-stack"
    title: str
    example: str  # a notation to show in help texts
    roll: Callable[[str, int | None], Explained]
    odds: Callable[[str], Explained]
    tables: Mapping[str, Callable[[], Table]] = field(default_factory=dict)
    errata: Callable[[], list[Erratum]] = list
    actions: Mapping[str, Action] = field(default_factory=dict)
    summary: str = ""  # what it rolls, in a few words, for the home page's list of chapters
    notation_help: str = ""  # optional: the system's notations in a few lines, for --help
    #: optional: the system's typical roll asked the designers' page's questions (``core/designer.py``)
    designer: Callable[[], DesignerView] | None = None
    #: optional: the system's rule book and headline rolls for the design lab (``core/lab.py``);
    #: its book also reads the CLI's ``--rules`` and the bridge's ``rules``
    lab: Lab | None = None

    def with_rules(self, notation: str, rules: str) -> str:
        """``notation`` with a separately given rule set joined on (``core/rule_set.joined``);
        a system without a rule book takes only the empty rule set."""
        if not rules.strip():
            return notation
        if self.lab is None:
            raise RulesError(f"{self.title} has no settings to change: leave the rules empty", field="rules")
        return joined(notation, rules, self.lab.book)

    def table(self, name: str) -> Table:
        """One of the system's reference tables by name (``"difficulty"`` …)."""
        try:
            return self.tables[name]()
        except KeyError:
            raise KeyError(f"{self.key} has no table {name!r}; it has {', '.join(self.tables)}") from None


def outcomes_json(dist: Dist) -> dict[str, str]:
    """Outcome → ``"num/den"``, ascending, as every system's ``odds --json`` writes it."""
    return {str(k): ratio(p) for k, p in dist.probabilities().items()}


def distribution_lines(dist: Dist, label: str) -> list[str]:
    """A readable table of a distribution: value, P(=), P(≥)."""
    width = max(len(label), *(len(str(k)) for k in dist.outcomes))
    lines = [f"{label:>{width}}   chance      at least"]
    for k in dist.outcomes:
        lines.append(f"{k:>{width}}   {percent(dist.p(k), 2):>9}   {percent(dist.p_at_least(k), 2):>9}")
    if dist.cut_mass:
        lines.append(f"(chains cut off: {ratio(dist.cut_mass)} of the mass is left out)")
    return lines
