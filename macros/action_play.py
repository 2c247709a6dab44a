"""Action!'s play tool macros (``docs/action/play.md``): the engine's own numbers for the page's
words (the frame is the shared ``play_frame`` macro; the view is ``docs/assets/js/views/action-play.js``)."""

from __future__ import annotations

from rules_engine.action.combat.shots import PADDING_CARDS
from rules_engine.action.play import ACTS, MAX_COMBATANTS, MAX_SHOCK, MAX_WOUNDS, NEW_HEALTH, NEW_MEMBERS, NEW_TOUGHNESS


def shot_costs() -> str:
    """The actions the tracker takes and their cost in Shots, as a Markdown list nested in a list item."""
    return "\n".join(f"    - **{cost} Shot{'s' if cost != 1 else ''}**: {does}." for cost, does in ACTS.values())


def register(env) -> None:  # noqa: ANN001 - mkdocs-macros passes its own env type
    """The macros and variables the Action! play page uses."""
    env.macro(shot_costs, "action_play_shot_costs")
    env.variables["action_play_new_health"] = NEW_HEALTH
    env.variables["action_play_new_toughness"] = NEW_TOUGHNESS
    env.variables["action_play_new_members"] = NEW_MEMBERS
    env.variables["action_play_max_combatants"] = MAX_COMBATANTS
    # Shock and wounds are kept past Health and Toughness up to one limit, the same for both.
    assert MAX_SHOCK == MAX_WOUNDS
    env.variables["action_play_most_kept"] = f"{MAX_SHOCK:,}"
    env.variables["action_play_padding"] = ", ".join(PADDING_CARDS)
