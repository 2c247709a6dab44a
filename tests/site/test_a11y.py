"""axe-core (npm, installed by setup's ``npm ci`` into ``site_build/node_modules``) on every
page of the built site, in Material's light and dark schemes, once the widgets show their odds:
no violation of any rule at any impact. No rule is turned off."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_fixtures import SCHEMES
from browser_kit import ENGINE_LOAD_MS, use_theme, visit, wait_for_search_results
from playwright.sync_api import Page, expect
from test_layout import built_pages

AXE = Path(__file__).resolve().parents[2] / "site_build" / "node_modules" / "axe-core" / "axe.min.js"

RUN_AXE = """async () => {
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map(v => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' | ' + n.failureSummary.split('\\n').slice(1, 3).join(' ')),
    }));
}"""


def violations(page: Page) -> list[dict]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE)


def settle(page: Page) -> None:
    """Wait until no widget on the page is still loading (ready with its odds, or failed with
    its Retry button: both are states a reader sees), so axe checks them as shown."""
    page.wait_for_function(
        "() => ![...document.querySelectorAll('.srd-widget')].some(w => w.dataset.state === 'loading')",
        timeout=ENGINE_LOAD_MS,
    )


def report(found: dict[str, list[dict]]) -> str:
    return "\n".join(
        f"{where}: {v['id']} ({v['impact']}) {v['help']}\n    " + "\n    ".join(v["nodes"])
        for where, vs in found.items()
        for v in vs
    )


def test_axe_core_is_installed():
    assert AXE.is_file(), f"{AXE} is missing: site_build/setup.sh installs it (npm ci)"


def test_axe_finds_nothing_on_any_page(page, site_url, built_site_dir, theme):
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing")
    use_theme(page, site_url, theme)
    found: dict[str, list[dict]] = {}
    for path in built_pages(built_site_dir):
        visit(page, site_url, path)
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", SCHEMES[theme])
        settle(page)
        if v := violations(page):
            found[f"/{path} ({theme})"] = v
    assert not found, "axe-core found:\n" + report(found)


def test_axe_finds_nothing_in_the_open_search_and_after_a_roll(page, site_url, theme):
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing")
    use_theme(page, site_url, theme)
    page.goto(site_url + "doom-stack/")
    root = page.locator("#ds-roller")
    expect(root).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    root.locator("button[type=submit]").click()
    expect(root.locator("a.srd-roll__permalink")).to_be_visible(timeout=ENGINE_LOAD_MS)
    found = {}
    if v := violations(page):
        found["after a roll"] = v
    page.keyboard.press("/")  # Material's search shortcut
    page.locator("input.md-search__input").press_sequentially("stack", delay=20)
    wait_for_search_results(page, "stack")  # the final results, faded in: as a reader reads them
    if v := violations(page):
        found["search open"] = v
    assert not found, "axe-core found:\n" + report(found)
