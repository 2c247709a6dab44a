"""How the browser tests and the benchmarks start Debian's chromium: the flags the site's own
tools use (``site_build/chromium.py``), stated there once."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # site_build is not installed

from site_build.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

__all__ = ["CHROMIUM", "CHROMIUM_ARGS"]
