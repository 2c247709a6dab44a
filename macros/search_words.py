"""Words a reader may search for in another spelling than the page's (armor for armour).

The site search (Material's lunr index) matches words as written. Once the macros have run on
a page, every section whose heading or text uses one spelling of a word in ``OTHER_SPELLINGS``
gets the other spelling right under its heading, in a ``hidden`` element: the search index reads
it, a reader and a screen reader never see it. To make another word findable both ways, add it
to the table; the pages stay as written.

``macros/page_text.py`` (a Python-Markdown extension, not a build hook) applies it to each page.
"""

from __future__ import annotations

import re

# One spelling → the other spellings a reader may type. Both directions are listed.
OTHER_SPELLINGS: dict[str, tuple[str, ...]] = {
    "armour": ("armor",),
    "armor": ("armour",),
    "armoured": ("armored",),
    "armored": ("armoured",),
    "defence": ("defense",),
    "defense": ("defence",),
    "colour": ("color",),
    "color": ("colour",),
}

HEADING = re.compile(r"^#{1,6}\s+\S")
FENCE = re.compile(r"^\s*(```|~~~)")
WORD = re.compile(r"[A-Za-z]+")


def also_spelled(text: str) -> list[str]:
    """The other spellings of the words in ``text`` that ``text`` does not already use."""
    words = {w.lower() for w in WORD.findall(text)}
    return sorted({other for w in words for other in OTHER_SPELLINGS.get(w, ()) if other not in words})


def mark_other_spellings(markdown: str) -> str:
    """``markdown`` with each section's missing spellings under its heading (see the module)."""
    lines = markdown.split("\n")
    sections: list[list[str]] = [[]]
    fenced = False
    for line in lines:
        if FENCE.match(line):
            fenced = not fenced
        if not fenced and HEADING.match(line):
            sections.append([line])
        else:
            sections[-1].append(line)
    out: list[str] = []
    for section in sections:
        words = also_spelled("\n".join(section)) if section and HEADING.match(section[0]) else []
        if words:
            out += [section[0], "", f'<div class="srd-search-also" hidden>{" ".join(words)}</div>', ""]
            out += section[1:]
        else:
            out += section
    return "\n".join(out)
