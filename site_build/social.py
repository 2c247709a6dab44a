"""Preview cards: the picture a chat app shows beside a link to a page (Open Graph, Twitter).

``overrides/main.html`` writes each page's ``og:title``, ``og:description`` and ``og:image``
(an absolute address under ``site_url``, ``assets/social/<page>.png``). After MkDocs has
built the pages, :func:`write_cards` reads those tags from every built page and draws each
card named there with Pillow: the page's title, the site's name, the page's description and
the site's die, in the theme's colours, 1200 × 630 px (the size Discord, Slack, Mastodon and
X show large). The service worker precaches the cards like every other PNG.

The font is DejaVu Sans from Debian's ``fonts-dejavu-core`` (``site_build/setup.sh``
installs it); a missing font fails the build with that advice rather than drawing a card
in Pillow's tiny bitmap font.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from PIL import Image, ImageDraw, ImageFont

from .paths import REPO_ROOT

CARD_SIZE: tuple[int, int] = (1200, 630)
CARD_FOLDER = "assets/social"
FONT_DIRS: tuple[Path, ...] = (Path("/usr/share/fonts/truetype/dejavu"),)
BOLD_FONT, REGULAR_FONT = "DejaVuSans-Bold.ttf", "DejaVuSans.ttf"
ICON: Path = REPO_ROOT / "docs" / "assets" / "icons" / "icon-192.png"
BACKGROUND = (0x31, 0x1B, 0x92)  # deep purple 900
BAND = (0xFF, 0xC1, 0x07)  # amber 500
TITLE_INK = (0xFF, 0xFF, 0xFF)
TEXT_INK = (0xD1, 0xC4, 0xE9)  # deep purple 100
MARGIN = 72
TITLE_SIZES = (84, 72, 60, 52)  # the biggest that fits in three lines is used
TITLE_LINES, DESCRIPTION_LINES = 3, 3

_META = re.compile(r'<meta\s+property="(og:[a-z:_]+)"\s+content="([^"]*)"\s*/?>')


class CardError(RuntimeError):
    """A card could not be drawn; the message says why and what to do."""


@dataclass(frozen=True)
class Card:
    """One preview card: where it goes in the built site and what it says."""

    path: str  # site-relative, e.g. assets/social/doom-stack.png
    title: str
    description: str
    site_name: str


def font_path(name: str) -> Path:
    """The font file ``name`` from the system's DejaVu folder."""
    for folder in FONT_DIRS:
        if (folder / name).is_file():
            return folder / name
    raise CardError(
        f"font {name} not found in {', '.join(map(str, FONT_DIRS))}: install Debian's "
        "fonts-dejavu-core (site_build/setup.sh does it)"
    )


def page_card(page_html: str, site_url: str) -> Card | None:
    """The card a built page names in its Open Graph tags, or None (a page without them)."""
    tags = {name: html.unescape(value) for name, value in _META.findall(page_html)}
    image = tags.get("og:image")
    if not image:
        return None
    base, address = urlsplit(site_url), urlsplit(image)
    if (address.scheme, address.netloc) != (base.scheme, base.netloc) or not address.path.startswith(base.path):
        raise CardError(f"og:image {image} is not under site_url {site_url}")
    path = address.path[len(base.path) :]
    if not path.startswith(CARD_FOLDER + "/") or not path.endswith(".png") or ".." in path:
        raise CardError(f"og:image {image} is not a card in {CARD_FOLDER}/")
    return Card(path, tags.get("og:title", ""), tags.get("og:description", ""), tags.get("og:site_name", ""))


def wrap(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` px (a word too long stays whole)."""
    lines: list[str] = []
    for word in text.split():
        if lines and draw.textlength(f"{lines[-1]} {word}", font=font) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def clipped(lines: list[str], most: int) -> list[str]:
    """At most ``most`` lines, the last ending in an ellipsis when some were left off."""
    if len(lines) <= most:
        return lines
    return [*lines[: most - 1], lines[most - 1].rstrip(".,;:") + " …"]


def draw_card(card: Card) -> Image.Image:
    """The card as an RGB image of :data:`CARD_SIZE`."""
    width, height = CARD_SIZE
    image = Image.new("RGB", CARD_SIZE, BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, height - 16, width, height), fill=BAND)
    icon = Image.open(ICON).convert("RGBA").resize((120, 120), Image.Resampling.LANCZOS)
    image.paste(icon, (MARGIN, MARGIN - 8), icon)
    name_font = ImageFont.truetype(str(font_path(BOLD_FONT)), 40)
    draw.text((MARGIN + 150, MARGIN + 52), card.site_name, font=name_font, fill=BAND, anchor="lm")
    text_width = width - 2 * MARGIN
    title = card.title or card.site_name
    for size in TITLE_SIZES:
        title_font = ImageFont.truetype(str(font_path(BOLD_FONT)), size)
        lines = wrap(draw, title, title_font, text_width)
        if len(lines) <= TITLE_LINES:
            break
    lines = clipped(lines, TITLE_LINES)
    y = 230
    for line in lines:
        draw.text((MARGIN, y), line, font=title_font, fill=TITLE_INK)
        y += int(title_font.size * 1.15)
    text_font = ImageFont.truetype(str(font_path(REGULAR_FONT)), 32)
    y += 24
    for line in clipped(wrap(draw, card.description, text_font, text_width), DESCRIPTION_LINES):
        if y + 40 > height - 40:
            break
        draw.text((MARGIN, y), line, font=text_font, fill=TEXT_INK)
        y += 44
    return image


def write_cards(site_dir: Path, site_url: str) -> list[Path]:
    """Draw the card of every built page into the site and return the files written."""
    site_dir = Path(site_dir)
    cards: dict[str, Card] = {}
    for page in sorted(site_dir.rglob("*.html")):
        card = page_card(page.read_text(encoding="utf-8"), site_url)
        if card is not None:
            cards.setdefault(card.path, card)
    written = []
    for card in cards.values():
        target = site_dir / card.path
        target.parent.mkdir(parents=True, exist_ok=True)
        draw_card(card).save(target, "PNG", optimize=True)
        written.append(target)
    return written
