"""Recording what a page ever shows, for tests about replies arriving out of order."""

from __future__ import annotations

RECORD = """watches => {
    window.__shown = [];
    for (const [region, inner] of watches) {
        new MutationObserver(() => {
            const node = document.querySelector(inner);
            if (node) window.__shown.push(node.textContent);
        }).observe(document.querySelector(region), {childList: true, subtree: true});
    }
}"""


def record_shown(page, watches: list[tuple[str, str]]) -> None:
    """From now on, record the text of ``inner`` each time ``region`` changes."""
    page.evaluate(RECORD, [list(w) for w in watches])


def shown_texts(page) -> list[str]:
    """Every text recorded since ``record_shown``."""
    return page.evaluate("window.__shown")
