"""The Rulings index: every Ruling box of every page, found in the pages themselves.

A Ruling box is an admonition titled ``Ruling: …`` or ``Rulings: …``. While a page is
built, ``anchor_rulings`` puts an anchor (``id="ruling-…"``) right before each of its
boxes; the ``rulings_index`` macro reads the same pages from ``docs/`` and lists each box
(chapter, the heading it sits under, the reading, a link to its anchor). Both name a box
with ``ruling_boxes``, so the index and the anchors cannot drift apart, and nothing on
the index is written by hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from textwrap import dedent

from markdown.extensions.toc import slugify

#: An admonition (plain or collapsible) whose title starts with "Ruling:" or "Rulings:".
BOX = re.compile(
    r"^(?P<indent>[ \t]*)(?:!!!|\?\?\?\+?)[ \t]+[\w-]+(?:[ \t]+[\w-]+)*[ \t]+"
    r'"(?P<title>Rulings?:[ \t]*(?P<reading>[^"]*))"[ \t]*$'
)
HEADING = re.compile(r"^(#{1,6})[ \t]+(?P<text>.+?)[ \t]*#*[ \t]*$")
FENCE = re.compile(r"^[ \t]*(```|~~~)")
#: Pages that hold no rule of their own.
NOT_RULES = frozenset({"rulings.md"})


@dataclass(frozen=True)
class RulingBox:
    """One Ruling box of a page."""

    page: str  # docs-relative path of its page
    chapter: str  # the page's title
    rule: str  # the heading it sits under
    title: str  # the box's title, as written ("Ruling: …")
    anchor: str  # the id placed right before it
    line: int  # index of its first line in the page's lines
    body: str  # its text, dedented Markdown


def ruling_anchor(title: str, taken: set[str]) -> str:
    """A box's id: ``ruling-`` and its title as a slug, numbered when the page has it already."""
    base = "ruling-" + slugify(re.sub(r"^Rulings?:\s*", "", title), "-")
    anchor, n = base, 2
    while anchor in taken:
        anchor, n = f"{base}-{n}", n + 1
    taken.add(anchor)
    return anchor


def ruling_boxes(page: str, markdown: str) -> list[RulingBox]:
    """Every Ruling box in a page's Markdown, in page order, outside code blocks."""
    lines = markdown.splitlines()
    chapter, rule, fenced, taken = page, "", False, set()
    boxes: list[RulingBox] = []
    for i, line in enumerate(lines):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        heading = HEADING.match(line)
        if heading:
            text = heading["text"]
            if len(heading.group(1)) == 1 and chapter == page:
                chapter = text
            rule = text
            continue
        box = BOX.match(line)
        if not box:
            continue
        indent = len(box["indent"].expandtabs(4)) + 4
        body: list[str] = []
        for following in lines[i + 1 :]:
            if following.strip() and len(following.expandtabs(4)) - len(following.expandtabs(4).lstrip()) < indent:
                break
            body.append(following)
        boxes.append(
            RulingBox(
                page,
                chapter,
                rule or chapter,
                box["title"],
                ruling_anchor(box["title"], taken),
                i,
                dedent("\n".join(body)).strip(),
            )
        )
    return boxes


def anchor_rulings(page: str, markdown: str) -> str:
    """The page's Markdown with an empty anchor element right before each Ruling box."""
    lines = markdown.splitlines()
    for box in reversed(ruling_boxes(page, markdown)):
        indent = BOX.match(lines[box.line])["indent"]
        lines[box.line : box.line] = [f'{indent}<div class="ruling-anchor" id="{box.anchor}"></div>', ""]
    return "\n".join(lines) + ("\n" if markdown.endswith("\n") else "")


def site_rulings(docs: Path, order: list[str]) -> list[RulingBox]:
    """Every Ruling box of every page under ``docs``, the pages in ``order`` (nav order) first."""
    pages = [p.relative_to(docs).as_posix() for p in sorted(docs.rglob("*.md"))]
    pages = sorted(
        (p for p in pages if p not in NOT_RULES), key=lambda p: (order.index(p) if p in order else len(order), p)
    )
    return [box for p in pages for box in ruling_boxes(p, (docs / p).read_text(encoding="utf-8"))]


def rulings_index_markdown(boxes: list[RulingBox], here: str, render: Callable[[str], str]) -> str:
    """The index: a section per chapter, an entry per box (the rule, a link to the box, the
    reading), the box's text rendered through the page's macros (``render``); a link within
    the box's own page is pointed at that page."""
    base = Path(here).parent
    out: list[str] = []
    chapter = None
    for box in boxes:
        if box.chapter != chapter:
            chapter = box.chapter
            out += [f"## {chapter}", ""]
        link = Path(box.page).relative_to(base).as_posix() if base != Path(".") else box.page
        out += [
            '<div class="ruling-entry" markdown>',
            "",
            f"**{box.rule}** · [{box.title}]({link}#{box.anchor})",
            "",
            render(re.sub(r"\]\(#", f"]({link}#", box.body)),
            "",
            "</div>",
            "",
        ]
    return "\n".join(out)


def nav_pages(nav) -> list[str]:  # noqa: ANN001 - the config's nav is plain YAML data
    """The page paths of the site's nav, in nav order."""
    if isinstance(nav, str):
        return [nav]
    values = nav.values() if isinstance(nav, dict) else nav if isinstance(nav, list) else []
    return [page for value in values for page in nav_pages(value)]


def register(env) -> None:  # noqa: ANN001 - mkdocs-macros passes its own env type
    """The ``rulings_index`` macro."""

    @env.macro
    def rulings_index() -> str:
        """Every Ruling box of the site, generated from the pages, in nav order."""
        boxes = site_rulings(Path(env.conf["docs_dir"]), nav_pages(env.conf["nav"] or []))
        return rulings_index_markdown(boxes, env.page.file.src_uri, lambda text: env.render(text, force_rendering=True))
