"""The shape of each play tool's rule table (``tests/<system>/play_rules.py``): every state change
the system's play actions make (and what the read-only ones show), the passage of its source text
it follows and the test in the system's folder that holds it. A table module holds:

- ``SOURCE``: the source text the rows quote (a file of the seeds beside the checkout);
- ``PAGES``: the pages (under docs/) whose Ruling boxes state the readings the source does not
  plainly make;
- ``RULES``: the rows, each a ``Rule``.

The shared contract (tests/test_play_rules.py) checks every table alike."""

from __future__ import annotations

from typing import NamedTuple


class Rule(NamedTuple):
    """One row of a rule table."""

    actions: tuple[str, ...]  # the play actions the rule governs (a bridge action's name)
    rule: str  # in a few words; "(Ruling: title)" names the Ruling box that states a reading
    passage: str  # a short quotation from the source text it follows or leans on
    test: str  # "module::function" in the system's tests folder


#: The actions every play tool answers alike (rules_engine/core/play.py): the play contract's.
SHARED_ACTIONS = frozenset({"play_import", "play_check", "play_link", "play_open_link", "play_limits"})
