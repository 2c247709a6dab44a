"""What the build adds to each page's Markdown once its macros have run: the search's other
spellings (``search_words.mark_other_spellings``) and an anchor before each Ruling box
(``rulings.anchor_rulings``).

A Python-Markdown extension (``markdown_extensions: [macros.page_text]`` in ``mkdocs.yml``),
not a build hook: MkDocs, ProperDocs and Zensical all render pages with Python-Markdown, and
none of them calls mkdocs-macros' hooks but MkDocs and ProperDocs. MkDocs renders a page's
macros before its Markdown; Zensical's macros are a preprocessor of priority 35, so these run
after it there too.
"""

from __future__ import annotations

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from macros.rulings import anchor_rulings
from macros.search_words import mark_other_spellings

#: Where the preprocessors run: after Zensical's macros (35), before anything else reads the
#: text (pymdownx.superfences' raw blocks at 31.05 and fences at 25, Markdown's whitespace
#: clean-up at 30, raw HTML blocks at 20). The spellings first, then the anchors.
SPELLINGS_PRIORITY = 34
RULINGS_PRIORITY = 33


class OtherSpellingsPreprocessor(Preprocessor):
    """A page's lines with each section's missing spellings marked under its heading."""

    def run(self, lines: list[str]) -> list[str]:
        return mark_other_spellings("\n".join(lines)).split("\n")


class RulingAnchorsPreprocessor(Preprocessor):
    """A page's lines with an anchor right before each Ruling box (the Rulings index links
    to it; the anchor does not depend on the page, only on the box's title)."""

    def run(self, lines: list[str]) -> list[str]:
        return anchor_rulings("", "\n".join(lines)).split("\n")


class PageText(Extension):
    """The extension: both preprocessors."""

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown's name
        md.preprocessors.register(OtherSpellingsPreprocessor(md), "srd_other_spellings", SPELLINGS_PRIORITY)
        md.preprocessors.register(RulingAnchorsPreprocessor(md), "srd_ruling_anchors", RULINGS_PRIORITY)


def makeExtension(**kwargs: object) -> PageText:  # noqa: N802 - Python-Markdown's entry point
    """Python-Markdown loads the extension by this module's name."""
    return PageText(**kwargs)
