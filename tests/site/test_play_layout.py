"""Every play tool's roll leaves the page where it was (issue 18: "no layout jump" when a result
appears): on a phone, a new entry is made, its odds come, and a roll with a seed fills the
result region; what follows the odds region and the result region (the next thing drawn after
each, in the page) is at the same place before and after, at the same scroll. The regions keep
the room of what fills them (play-kit.js keepRoom, play.css .srd-play__room).

The waits are on states: the tool ready, the odds answered (no region busy, none empty), the
roll's words on the status line and in the result region (its seed where it shows one)."""

from __future__ import annotations

import pytest
from play_browser import PlayTool
from playwright.sync_api import Page, expect
from system_contract import PlayRoll, contract_of

from rules_engine.systems import all_systems

#: Every play tool's roll, from each system's ``tests/<system>/contract.py`` (``PLAY_ROLL``).
ROLLS = {system.key: contract_of(system.key).PLAY_ROLL for system in all_systems() if "play_import" in system.actions}


def tool_of(system: str) -> PlayTool:
    return PlayTool(system, ROLLS[system].root, entry=ROLLS[system].entry)


# The top (in the page) of the next element drawn after each region: its next sibling, or its
# parent's, and so on (an element with no box, hidden or empty of layout, is passed over).
_AFTER = """(regions) => regions.map((selector) => {
    const region = document.querySelector(selector);
    let node = region;
    for (;;) {
        while (node && !node.nextElementSibling) node = node.parentElement;
        if (!node) return null;
        node = node.nextElementSibling;
        if (node.getClientRects().length && node.getBoundingClientRect().height > 0) {
            return [selector, node.tagName + '.' + node.className, node.getBoundingClientRect().top, scrollY];
        }
    }
})"""


def settled(page: Page, roll: PlayRoll) -> None:
    """Until the engine has answered everything the tool asked after its last change."""
    page.wait_for_function("(root) => !document.querySelector(`${root} [aria-busy=true]`)", arg=roll.root)
    if roll.odds:
        expect(page.locator(roll.odds)).not_to_be_empty()


@pytest.mark.parametrize("system", list(ROLLS))
def test_a_roll_moves_nothing_under_its_result(phone_page: Page, site_url: str, system: str) -> None:
    page, roll, tool = phone_page, ROLLS[system], tool_of(system)
    # (Measured where the reader is: the browser may not move the scroll to hide a jump.)
    page.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => document.documentElement.style.overflowAnchor = 'none')"
    )
    tool.open(page, f"{site_url}{system}/play/")
    page.get_by_role("button", name=roll.new).click()
    tool.wait_saved(page, "true")
    settled(page, roll)
    result = page.locator(roll.result)
    expect(result).to_be_empty()
    regions = [r for r in (roll.odds, roll.result) if r]
    page.locator(roll.seed_field).scroll_into_view_if_needed()
    before = page.evaluate(_AFTER, regions)
    assert all(before), before  # each region has something after it to watch
    said = page.locator(tool.status).text_content()

    page.fill(roll.seed_field, roll.seed)
    page.get_by_role("button", name=roll.button, exact=True).click()
    if roll.shown_seed:
        expect(result.locator(".srd-roll__seed")).to_have_text(roll.seed)
    else:
        expect(result).not_to_be_empty()
    expect(page.locator(tool.status)).not_to_have_text(said)
    settled(page, roll)
    after = page.evaluate(_AFTER, regions)
    # The same elements, within a pixel's rounding of where they were on the page (the roll may
    # scroll its result into sight, issue 29: what is under it does not move on the page).
    assert [a[:2] for a in after] == [b[:2] for b in before], (before, after)
    assert [round(a[2] + a[3] - b[2] - b[3]) for a, b in zip(after, before)] == [0] * len(regions), (before, after)


def test_picking_who_attacks_moves_nothing_under_the_odds(phone_page: Page, site_url: str) -> None:
    # X-in-Y lists the targets of whoever attacks (the other side, or both sides at once): the
    # odds keep the room of the longest list, so picking another attacker moves nothing.
    system = "xy-checks"
    page, roll, tool = phone_page, ROLLS[system], tool_of(system)
    page.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => document.documentElement.style.overflowAnchor = 'none')"
    )
    tool.open(page, f"{site_url}{system}/play/")
    page.get_by_role("button", name=roll.new).click()
    tool.wait_saved(page, "true")
    page.get_by_role("button", name="Add a combatant to Second side").click()
    tool.wait_saved(page, "s.sides[1].combatants.length === 2")
    settled(page, roll)
    rows = page.locator(f"{tool.root} .srd-xy-play__targets tbody tr")
    expect(rows).to_have_count(2)
    page.locator("#xyp-attacking").scroll_into_view_if_needed()
    before = page.evaluate(_AFTER, [roll.odds])
    for who, targets in (("both", 3), ("second", 1), ("first", 2)):
        page.select_option("#xyp-attacking", who)
        expect(rows).to_have_count(targets)
        settled(page, roll)
        after = page.evaluate(_AFTER, [roll.odds])
        assert after[0][1] == before[0][1] and after[0][3] == before[0][3], (who, before, after)
        assert round(after[0][2] - before[0][2]) == 0, (who, before, after)
