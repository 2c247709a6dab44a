"""The site's icon: an amber die showing five on a deep purple tile (the theme's colours).

One geometry, drawn two ways: an SVG (the favicon, and the manifest's scalable icon) and
PNGs for the web app manifest (Chrome wants 192 and 512 px), rasterised here with the
standard library alone, so no image tool is needed. The files are committed under
``docs/assets/icons/``; run ``python -m site_build.icons`` after changing the drawing.

``maskable`` icons fill the whole square (a phone crops them to its own shape), with the die
inside the central safe circle; the others have rounded corners of their own.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from .paths import REPO_ROOT

ICON_DIR: Path = REPO_ROOT / "docs" / "assets" / "icons"
TILE = (0x51, 0x2D, 0xA8)  # deep purple 700
DIE = (0xFF, 0xC1, 0x07)  # amber 500
PIP = (0x31, 0x1B, 0x92)  # deep purple 900
TILE_RADIUS = 0.18  # of the side, for the non-maskable tile
DIE_SIDE, DIE_RADIUS = 0.56, 0.12  # of the side; the die's corners
PIP_RADIUS = 0.055
PIP_OFFSET = 0.155  # from the die's centre to a corner pip, along each axis
PIPS = [(0.0, 0.0), (-1, -1), (1, -1), (-1, 1), (1, 1)]


def _in_rounded_square(x: float, y: float, half: float, radius: float) -> bool:
    """Whether (x, y), relative to the centre, lies in a square of half-side ``half``."""
    dx, dy = abs(x) - (half - radius), abs(y) - (half - radius)
    if dx <= 0 or dy <= 0:
        return abs(x) <= half and abs(y) <= half
    return dx * dx + dy * dy <= radius * radius


def colour_at(x: float, y: float, maskable: bool) -> tuple[int, int, int, int]:
    """The icon's colour at (x, y) in [0, 1)², as RGBA."""
    cx, cy = x - 0.5, y - 0.5
    if not maskable and not _in_rounded_square(cx, cy, 0.5, TILE_RADIUS):
        return (0, 0, 0, 0)
    if _in_rounded_square(cx, cy, DIE_SIDE / 2, DIE_RADIUS):
        for px, py in PIPS:
            ex, ey = cx - px * PIP_OFFSET, cy - py * PIP_OFFSET
            if ex * ex + ey * ey <= PIP_RADIUS * PIP_RADIUS:
                return (*PIP, 255)
        return (*DIE, 255)
    return (*TILE, 255)


def raster(size: int, maskable: bool, samples: int = 4) -> bytes:
    """RGBA rows of the icon at ``size`` px, each pixel averaged over samples² points."""
    rows = bytearray()
    step = 1 / (size * samples)
    for j in range(size):
        rows.append(0)  # PNG filter: none
        for i in range(size):
            acc = [0, 0, 0, 0]
            for sj in range(samples):
                for si in range(samples):
                    r, g, b, a = colour_at((i * samples + si + 0.5) * step, (j * samples + sj + 0.5) * step, maskable)
                    acc[0] += r * a
                    acc[1] += g * a
                    acc[2] += b * a
                    acc[3] += a
            alpha = acc[3]
            n = samples * samples
            rows += bytes(
                (round(acc[0] / alpha), round(acc[1] / alpha), round(acc[2] / alpha), round(alpha / n))
                if alpha
                else (0, 0, 0, 0)
            )
    return bytes(rows)


def png(size: int, maskable: bool) -> bytes:
    """The icon as a PNG file."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raster(size, maskable), 9))
        + chunk(b"IEND", b"")
    )


def svg() -> str:
    """The icon as SVG, on a 100-unit square (the non-maskable shape)."""

    def u(value: float) -> str:
        return f"{value * 100:g}"

    die = 0.5 - DIE_SIDE / 2
    pips = "".join(
        f'<circle cx="{u(0.5 + px * PIP_OFFSET)}" cy="{u(0.5 + py * PIP_OFFSET)}" r="{u(PIP_RADIUS)}"/>'
        for px, py in PIPS
    )
    hexa = "#{:02x}{:02x}{:02x}".format
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<rect width="100" height="100" rx="{u(TILE_RADIUS)}" fill="{hexa(*TILE)}"/>'
        f'<rect x="{u(die)}" y="{u(die)}" width="{u(DIE_SIDE)}" height="{u(DIE_SIDE)}" '
        f'rx="{u(DIE_RADIUS)}" fill="{hexa(*DIE)}"/>'
        f'<g fill="{hexa(*PIP)}">{pips}</g></svg>\n'
    )


def write_icons(dest: Path = ICON_DIR) -> list[Path]:
    """Write every icon file into ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for name, size, maskable in [
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("icon-maskable-512.png", 512, True),
    ]:
        (dest / name).write_bytes(png(size, maskable))
        written.append(dest / name)
    (dest / "icon.svg").write_text(svg(), encoding="utf-8")
    written.append(dest / "icon.svg")
    return written


if __name__ == "__main__":
    for path in write_icons():
        print(path.relative_to(REPO_ROOT))
