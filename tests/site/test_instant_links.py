"""A link followed in the first moments of a page, before Material's instant navigation has
its list of the site's pages (sitemap.xml; on a phone with poor signal, seconds), is one step
of the history: Back returns to the page the link was on.

Material takes a click only once it has the sitemap, and takes a click made meanwhile when
the sitemap arrives, too late to stop the browser's own navigation: the page was pushed
twice (once by Material, once by the browser), and Back went to the same page again (CI saw
it under load, tests/site/test_first_odds.py's Back then Forward).
docs/assets/js/runtime/early-links.js leaves such a click to the browser alone.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, Route, expect

# Page-side: says on the console which of the two happened after the click. (While the
# browser's request for the next page is pending, Playwright cannot evaluate in the page.)
REPORT = """() => {
    const report = () => {
        if (location.pathname.endsWith('/errata/')) console.log('srd-test: Material took the click');
        else if ([...document.querySelectorAll('a[target="_self"]')].some((a) => a.pathname.endsWith('/errata/')))
            console.log('srd-test: left to the browser');
        else setTimeout(report, 20);
    };
    report();
}"""


def test_a_link_followed_before_the_sitemap_arrived_is_one_step_back(page: Page, site_url: str) -> None:
    held: dict[str, Route] = {}
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))

    def hold_the_first(name: str):
        def handler(route: Route) -> None:
            if name in held or (name == "page" and route.request.resource_type != "document"):
                route.continue_()
            else:
                held[name] = route

        return handler

    page.route("**/sitemap.xml", hold_the_first("sitemap"))
    with page.expect_request("**/sitemap.xml"):
        page.goto(site_url)
    expect(page.locator("h1").first).to_be_visible()
    page.route(f"{site_url}errata/", hold_the_first("page"))
    page.evaluate(REPORT)
    # The reader follows a link at once; the page it leads to is on its way when the sitemap
    # arrives.
    with page.expect_request(f"{site_url}errata/"):
        page.locator("nav a[href$='errata/']").first.dispatch_event("click")
    held["sitemap"].continue_()
    while not any(text.startswith("srd-test:") for text in said):
        page.wait_for_event("console")
    assert "srd-test: left to the browser" in said, said
    held["page"].continue_()
    expect(page).to_have_url(f"{site_url}errata/")
    expect(page.locator("h1").first).to_have_text(re.compile("Errata"))

    page.go_back()
    expect(page).to_have_url(re.compile(re.escape(site_url) + r"(#.*)?$"))
    expect(page.locator("h1").first).not_to_have_text(re.compile("Errata"))
