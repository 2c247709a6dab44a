"""Typing into the dice & danger notation, key by key as a reader does: an unfinished
notation does not shout. Its error (the engine's message with the caret) appears once typing
has paused (ERROR_PAUSE_MS in docs/assets/js/kit/widget-kit.js, 700 ms), when the field is left,
or on Roll; meanwhile the last good reading and odds stay, marked as those of the last valid
input. Valid input still updates the odds as it is typed.

Expected values come from the engine (``rules_engine``). The pause is lengthened for two
tests through the documented hook ``window.srdTimeouts = {errorPause: ms}``."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from rules_engine.core.errors import RulesError
from rules_engine.core.exact import percent
from rules_engine.dice_and_danger.notation import parse
from rules_engine.dice_and_danger.odds import odds

ENGINE_LOAD_MS = 60_000
ROLLER = "#dd-roller"
ERROR = "#dd-notation-error"
TYPED = "3d+1b vs DC 4"
PAUSE_MS = 700
TYPING_PAUSE_MS = 10_000  # longer than any gap between two keys typed 60 ms apart

# Records every moment the field's error box shows something or the field is marked
# invalid, and when the last key was typed.
WATCH = """() => {
    window.__shouted = [];
    window.__lastKey = 0;
    const input = document.querySelector('#dd-notation');
    const box = document.querySelector('#dd-notation-error');
    input.addEventListener('input', () => { window.__lastKey = performance.now(); });
    const note = () => {
        if (box.textContent.trim() || input.getAttribute('aria-invalid') === 'true')
            window.__shouted.push([performance.now(), input.value, box.textContent]);
    };
    new MutationObserver(note).observe(box, {childList: true, subtree: true, characterData: true});
    new MutationObserver(note).observe(input, {attributes: true, attributeFilter: ['aria-invalid']});
}"""


def refusal(notation: str) -> RulesError | None:
    try:
        parse(notation)
    except RulesError as error:
        return error
    return None


def open_page(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}dice-and-danger/")
    expect(page.locator(ROLLER)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(page.locator("#dd-roller .srd-reading__notation")).to_be_visible()


def clear_notation(page: Page) -> None:
    page.focus("#dd-notation")
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Delete")


def any_hit(notation: str) -> str:
    return percent(odds(parse(notation)).p_at_least(1), 2)


def test_typing_a_notation_key_by_key_shows_no_error_on_the_way(page, site_url, page_errors):
    unfinished = [TYPED[:n] for n in range(1, len(TYPED)) if refusal(TYPED[:n])]
    assert len(unfinished) >= 6, unfinished  # the engine refuses most of the way there
    # Typed without a pause, as a reader types: on a busy machine a gap between two keys can
    # pass the 700 ms pause (and then the error rightly shows), so this test's pause is 10 s.
    # The 700 ms pause itself is the next test's.
    page.add_init_script(f"window.srdTimeouts = {{errorPause: {TYPING_PAUSE_MS}}}")
    open_page(page, site_url)
    page.evaluate(WATCH)
    clear_notation(page)
    page.keyboard.type(TYPED, delay=60)

    # The finished notation reads and its odds are the engine's, without a word of error.
    expect(page.locator("#dd-roller .srd-reading__notation")).to_have_text(parse(TYPED).notation)
    expect(page.locator("#dd-roller [data-odds=any-hit] .srd-pct")).to_have_text(any_hit(TYPED))
    expect(page.locator(f"{ROLLER} .srd-stale-label")).to_have_count(0)
    # Past the pause: still nothing to say. An error reaches the field only from a reply to a
    # request, or from an error held back for the pause (widget-kit.js). data-settled says
    # every request is answered and taken (no pause waits to send another); no data-held says
    # no error still waits for its pause, a held one leaving it only once shown. Both at
    # once: no error can come later without a new edit, and WATCH saw every one before.
    expect(page.locator(f"{ROLLER}[data-settled]:not([data-held])")).to_have_count(1)
    assert page.evaluate("window.__shouted") == []
    expect(page.locator(ERROR)).to_have_text("")
    expect(page.locator("#dd-notation")).not_to_have_attribute("aria-invalid", "true")
    assert page_errors == []


def test_a_bad_notation_shows_its_error_with_the_caret_after_the_pause(page, site_url, page_errors):
    bad = "3d+1q vs DC 4"
    expected = refusal(bad)
    assert expected is not None
    open_page(page, site_url)
    page.evaluate(WATCH)
    clear_notation(page)
    page.keyboard.type(bad, delay=60)

    message = page.locator(f"{ERROR} .srd-field__message")
    expect(message).to_have_text(f"Notation: {expected.message}")
    assert page.locator(f"{ERROR} .srd-caret").inner_text().split("\n") == expected.caret_lines()
    expect(page.locator("#dd-notation")).to_have_attribute("aria-invalid", "true")
    # Not while typing: only once the keys had paused.
    shouted, last_key = page.evaluate("[window.__shouted, window.__lastKey]")
    assert shouted, "the error never appeared"
    first = shouted[0][0]
    assert first - last_key >= PAUSE_MS - 50, (first - last_key, shouted)
    assert all(value == bad for _, value, _ in shouted), shouted
    # The status line says the results on screen are older; the odds say whose they are.
    expect(page.locator(f"{ROLLER} .srd-widget__status")).to_contain_text("last valid input")
    expect(page.locator(f"{ROLLER} .srd-widget__odds .srd-stale-label")).to_contain_text(
        "Odds for the last valid input: "
    )
    assert page_errors == []


def test_an_unread_notation_keeps_the_last_reading_odds_and_roll_marked(page, site_url, page_errors):
    open_page(page, site_url)
    good = parse(page.input_value("#dd-notation")).notation
    page.fill("#dd-seed", "4")
    page.press("#dd-seed", "Enter")
    expect(page.locator(f"{ROLLER} .srd-roll__seed")).to_have_text("4")
    regions = {
        "canonical": "Reading of the last valid input",
        "odds": "Odds for the last valid input",
        "result": "Roll for earlier inputs",
    }
    heights = {r: page.locator(f"{ROLLER} .srd-widget__{r}").bounding_box()["height"] for r in regions}

    bad = "4d6 vs TN"  # another system's notation
    assert refusal(bad) is not None
    page.fill("#dd-notation", bad)
    for region, words in regions.items():
        box = page.locator(f"{ROLLER} .srd-widget__{region}")
        expect(box.locator(".srd-stale-label")).to_have_text(f"{words}: {good}")
        expect(box).to_have_attribute("data-stale", "")
        expect(box).to_have_css("outline-style", "dashed")  # framed, not faded: full contrast
        expect(box.locator(":scope > :not(.srd-stale-label)").first).to_have_css("opacity", "1")
    expect(page.locator(f"{ERROR} .srd-field__message")).to_have_text(f"Notation: {refusal(bad).message}")
    assert {r: page.locator(f"{ROLLER} .srd-widget__{r}").bounding_box()["height"] for r in regions} == heights
    assert page_errors == []


def test_the_error_waits_for_leaving_the_field_or_rolling_and_the_old_odds_stay_marked(page, site_url, page_errors):
    # A pause longer than the test: only leaving the field, or Roll, can show the error.
    page.add_init_script("window.srdTimeouts = {errorPause: 600000}")
    open_page(page, site_url)
    good = parse(page.input_value("#dd-notation")).notation
    bad = "2d+1b vs DQ 4"
    expected = refusal(bad)
    assert expected is not None

    for leave in ("Tab", "Enter"):
        clear_notation(page)
        page.keyboard.type(bad, delay=30)
        # Meanwhile: the last good odds stay, marked as such, and nothing shouts.
        odds_label = page.locator(f"{ROLLER} .srd-widget__odds .srd-stale-label")
        expect(odds_label).to_have_text(f"Odds for the last valid input: {good}")
        # The engine has answered the whole notation typed (data-settled: no pause waits, every
        # request answered and taken) and refused it, and the widget holds that error back for
        # the pause (data-held), which the hook makes longer than the test: so nothing is shown.
        expect(page.locator(ROLLER)).to_have_attribute("data-settled", "")
        expect(page.locator(ROLLER)).to_have_attribute("data-held", "notation")
        expect(page.locator(ERROR)).to_have_text("")
        expect(page.locator("#dd-notation")).not_to_have_attribute("aria-invalid", "true")

        page.keyboard.press(leave)  # Tab leaves the field; Enter rolls
        expect(page.locator(f"{ERROR} .srd-field__message")).to_have_text(f"Notation: {expected.message}")
        assert page.locator(f"{ERROR} .srd-caret").inner_text().split("\n") == expected.caret_lines()
        expect(odds_label).to_have_text(f"Odds for the last valid input: {good}")
        if leave == "Tab":
            assert page.evaluate("document.activeElement.id") != "dd-notation"

        # Fixed by typing: valid input updates at once, and the error goes.
        clear_notation(page)
        page.keyboard.type(good, delay=30)
        expect(page.locator(ERROR)).to_have_text("")
        expect(odds_label).to_have_count(0)
        expect(page.locator("#dd-roller [data-odds=any-hit] .srd-pct")).to_have_text(any_hit(good))
    assert page_errors == []
