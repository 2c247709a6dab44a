"""The built site loads in a real browser."""

import pytest


@pytest.mark.page_load  # it reads the load's own response (the kept page would swap the page in)
def test_home_page_has_a_title(page, site_url):
    response = page.goto(site_url)
    assert response is not None and response.ok
    assert page.title().strip()


def test_home_page_lists_every_chapter(page, site_url):
    from rules_engine.systems import all_systems

    page.goto(site_url)
    for system in all_systems():
        link = page.get_by_role("link", name=system.title, exact=True).first
        assert link.get_attribute("href").rstrip("/").endswith(system.key)
