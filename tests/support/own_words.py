"""Finds runs of eight words that a page or an engine string shares with a source's prose.

The SRD takes numbers, table values and game terms from its sources, never their sentences
(issue 17, "Own words"). Text is compared as lower-case words (letters and digits; every
other character is a word break), so case, punctuation and spacing cannot hide a copy.
Left out on both sides: tables (source lines with ``|``, Markdown table rows), code and
notations (fenced blocks, inline code, macro calls, and runs with fewer than three words
of three letters or more, such as ``3d 2d 1b 3b 2p 2p vs DC 3``), the sources' titles
(``SOURCE_TITLES``: crediting a source names it), and quotations that a page puts in
quotation marks and credits (``CREDITED_QUOTATIONS``, allowed only inside the marks).
"""

from __future__ import annotations

import ast
import os
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEEDS = Path(os.environ.get("SRD_SOURCES", "/work/shared/seeds"))  # the five source texts
DOCS = ROOT / "docs"
ENGINE = ROOT / "rules_engine"
RUN = 8  # words in a row that count as copied

#: Quotations a page prints in quotation marks and credits to their source: page → quotations.
CREDITED_QUOTATIONS: dict[str, tuple[str, ...]] = {
    "xy-checks.md": ("In the event of a tie... What? Full damage for everybody? Minimum damage for everybody?",),
}
#: The sources' titles, which the credits (and the engine's notes on them) must name.
SOURCE_TITLES: tuple[str, ...] = ("Doom Stack, Alternative Dice Mechanic for Neon Arcana",)

_WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    """The text's words, lower case, punctuation and spacing gone."""
    return _WORD.findall(text.lower().replace("’", "").replace("'", ""))


def runs(text: str, length: int = RUN) -> set[tuple[str, ...]]:
    """Every run of ``length`` consecutive words in the text."""
    w = words(text)
    return {tuple(w[i : i + length]) for i in range(len(w) - length + 1)}


def source_prose(text: str) -> list[str]:
    """A source's prose as paragraphs: wiki edit links dropped, table rows left out."""
    text = text.replace("[edit | edit source]", "")
    return [line for line in text.splitlines() if "|" not in line and line.strip()]


def source_runs(seeds: Path = SEEDS) -> dict[tuple[str, ...], str]:
    """Every eight-word run of every source's prose, and the source file it comes from.
    Runs cross line ends (a sentence may be wrapped), but never a table."""
    found: dict[tuple[str, ...], str] = {}
    for seed in sorted(seeds.glob("*.txt")):
        for run in runs(" ".join(source_prose(seed.read_text(encoding="utf-8")))):
            found.setdefault(run, seed.name)
    return found


_FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
_MACRO = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)
_CODE = re.compile(r"`[^`\n]*`")


def quoted(quotation: str) -> re.Pattern[str]:
    """The quotation as a page writes it: inside quotation marks, wrapped and indented
    anywhere between its words."""
    body = r"\s+".join(re.escape(part) for part in quotation.split())
    return re.compile(r'["“]' + body + r'["”]')


def page_prose(markdown: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """A page's prose as blocks of text: code, macro calls, table rows and the page's
    credited quotations (only where they stand in quotation marks) left out."""
    for quotation in allowed:
        markdown = quoted(quotation).sub(" ", markdown)
    markdown = _FENCE.sub("\n\n", markdown)
    markdown = _MACRO.sub(" ", markdown)
    markdown = _CODE.sub(" ", markdown)
    blocks, block = [], []
    for line in markdown.splitlines():
        if not line.strip() or line.lstrip().startswith("|"):
            if block:
                blocks.append(" ".join(block))
            block = []
        else:
            block.append(line)
    if block:
        blocks.append(" ".join(block))
    return blocks


def engine_strings(path: Path) -> list[str]:
    """Every string in an engine module: literals, docstrings, the text parts of f-strings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)]


@dataclass(frozen=True)
class Copied:
    """A run of words a text shares with a source."""

    where: str  # file (and what in it)
    source: str  # seed file name
    run: str  # the shared words

    def __str__(self) -> str:
        return f"{self.where}: shares {self.run!r} with {self.source}"


def is_prose(run: tuple[str, ...]) -> bool:
    """Whether a run of words is prose rather than a notation or a list of numbers: it
    holds at least three words of three letters or more."""
    return sum(1 for word in run if len(word) >= 3 and word.isalpha()) >= 3


def without_titles(text: str) -> str:
    """The text with each source's title taken out (wherever its words stand in a row)."""
    for title in SOURCE_TITLES:
        text = re.sub(r"\W+".join(re.escape(w) for w in words(title)), " ", text, flags=re.I)
    return text


def copied_in(where: str, texts: list[str], sources: dict[tuple[str, ...], str]) -> list[Copied]:
    """Each stretch of the texts that shares eight words in a row of prose with a source,
    once, as its longest shared run."""
    sources = {run: seed for run, seed in sources.items() if is_prose(run)}
    found: list[Copied] = []
    for text in texts:
        w = words(without_titles(text))
        i = 0
        while i <= len(w) - RUN:
            run = tuple(w[i : i + RUN])
            if run in sources:
                j = i + 1
                while j <= len(w) - RUN and tuple(w[j : j + RUN]) in sources:
                    j += 1
                found.append(Copied(where, sources[run], " ".join(w[i : j + RUN - 1])))
                i = j + RUN - 1
            else:
                i += 1
    return found


def copied_in_pages(sources: dict[tuple[str, ...], str], docs: Path = DOCS) -> list[Copied]:
    """Every copied run in the Markdown pages' prose."""
    found: list[Copied] = []
    for page in sorted(docs.rglob("*.md")):
        name = page.relative_to(docs).as_posix()
        allowed = CREDITED_QUOTATIONS.get(name, ())
        found += copied_in(name, page_prose(page.read_text(encoding="utf-8"), allowed), sources)
    return found


def copied_in_engine(sources: dict[tuple[str, ...], str], engine: Path = ENGINE) -> list[Copied]:
    """Every copied run in the engine's strings (table cells, messages, docstrings)."""
    found: list[Copied] = []
    for module in sorted(engine.rglob("*.py")):
        found += copied_in(module.relative_to(ROOT).as_posix(), engine_strings(module), sources)
    return found
