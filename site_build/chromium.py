"""How the site's own tools and its tests start Debian's chromium (``/usr/bin/chromium``, never a
downloaded browser): headless, with nothing of its own on the network (no background fetches,
updates or sync) and no GPU. The build's prerender (``prerender.py``) keeps a set of its own."""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
