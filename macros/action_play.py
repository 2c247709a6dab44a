"""Action!'s play tool macros (``docs/action/play.md``): the frame its view module,
``docs/assets/js/action-play.js``, draws the saved scenes into once the engine has loaded,
and the engine's own numbers for the page's words."""

from __future__ import annotations

from rules_engine.action.combat.shots import PADDING_CARDS
from rules_engine.action.play import ACTS, MAX_COMBATANTS, MAX_SHOCK, MAX_WOUNDS, NEW_HEALTH, NEW_MEMBERS, NEW_TOUGHNESS


def play_scene() -> str:
    """The play tool's frame: until the view has loaded it says so, and a Retry appears if
    the view cannot load."""
    return ('<div class="srd-widget srd-play" id="acp" data-view="action-play" data-widget="scene" '
            'data-state="loading">'
            '<p class="srd-widget__status" role="status" aria-live="polite">Loading the dice engine…</p>'
            '<button type="button" class="md-button srd-widget__retry" hidden>Retry</button></div>')


def shot_costs() -> str:
    """The actions the tracker takes and their cost in Shots, as a Markdown list nested in a list item."""
    return "\n".join(f"    - **{cost} Shot{'s' if cost != 1 else ''}**: {does}." for cost, does in ACTS.values())


def register(env) -> None:  # noqa: ANN001 - mkdocs-macros passes its own env type
    """The macros and variables the Action! play page uses."""
    env.macro(play_scene, "action_play_widget")
    env.macro(shot_costs, "action_play_shot_costs")
    env.variables["action_play_new_health"] = NEW_HEALTH
    env.variables["action_play_new_toughness"] = NEW_TOUGHNESS
    env.variables["action_play_new_members"] = NEW_MEMBERS
    env.variables["action_play_max_combatants"] = MAX_COMBATANTS
    # Shock and wounds are kept past Health and Toughness up to one limit, the same for both.
    assert MAX_SHOCK == MAX_WOUNDS
    env.variables["action_play_most_kept"] = f"{MAX_SHOCK:,}"
    env.variables["action_play_padding"] = ", ".join(PADDING_CARDS)
