"""How the browser tests and the benchmarks start Debian's chromium: headless, with nothing of
its own on the network (no background fetches, updates or sync) and no GPU."""

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
