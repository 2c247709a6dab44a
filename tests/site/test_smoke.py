"""The built site loads in a real browser."""


def test_home_page_has_a_title(page, site_url):
    response = page.goto(site_url)
    assert response is not None and response.ok
    assert page.title().strip()
