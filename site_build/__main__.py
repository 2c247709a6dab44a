"""CLI: ``python -m site_build {serve,build,pyodide-test,snapshot,snapshot-compare}``."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .build import BuildError, build_site
from .paths import DEFAULT_SITE_DIR, REPO_ROOT
from .pyodide_tests import run_pyodide_tests
from .serve import bind_server, run_forever, server_url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m site_build", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p_serve = sub.add_parser("serve", help="build the site, then serve it")
    p_serve.add_argument("--host", default="127.0.0.1")
    p_serve.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    p_serve.add_argument("--out", type=Path, default=DEFAULT_SITE_DIR, help="site directory")

    p_build = sub.add_parser("build", help="build the site into a directory")
    p_build.add_argument("--out", type=Path, default=DEFAULT_SITE_DIR)
    p_build.add_argument(
        "--site-url", default="http://127.0.0.1:8000/", help="the address the site will be served at, port included"
    )

    p_pyo = sub.add_parser("pyodide-test", help="run the engine tests inside Pyodide under Node")
    p_pyo.add_argument(
        "paths", nargs="*", type=Path, help="test files or folders under tests/ (default: all engine tests)"
    )

    p_snap = sub.add_parser("snapshot", help="record what a reader meets on a built site (site_build/snapshot.py)")
    p_snap.add_argument("--out", type=Path, required=True, help="folder for the snapshot")
    p_snap.add_argument("--site", type=Path, help="a built site (default: build REPO's into a temporary folder)")
    p_snap.add_argument("--repo", type=Path, default=None, help="the tree whose site and engine are recorded")
    p_snap.add_argument("--python", help="that tree's Python (default: REPO/.venv/bin/python)")
    p_snap.add_argument("--no-styles", action="store_true", help="skip the computed styles (the browser part)")
    p_snap.add_argument("--no-engine", action="store_true", help="skip the engine's replies")
    p_snap.add_argument("--page", action="append", help="only this page's styles ('' the home page; repeatable)")
    p_snap.add_argument("--view", action="append", help="only this view's styles (360-light, 1280-dark …; repeatable)")

    p_cmp = sub.add_parser("snapshot-compare", help="print every difference between two snapshots; exit 1 if any")
    p_cmp.add_argument("before", type=Path)
    p_cmp.add_argument("after", type=Path)
    p_cmp.add_argument("--strict", action="store_true", help="fail on renamed classes and addresses too")

    args = parser.parse_args(argv)
    if args.command in ("snapshot", "snapshot-compare"):
        from . import snapshot

        if args.command == "snapshot-compare":
            return snapshot.report(snapshot.compare(args.before, args.after), args.strict)
        snapshot.take(
            args.out,
            args.site,
            (args.repo or REPO_ROOT).resolve(),
            args.python,
            styles=not args.no_styles,
            engine=not args.no_engine,
            only=args.page,
            views=args.view,
        )
        return 0
    try:
        if args.command == "build":
            site = build_site(args.out, args.site_url)
            print(f"Built {site} for {args.site_url}")
        elif args.command == "serve":
            # Bind first: a busy port fails at once, and the site_url we build for
            # is exactly the address we serve at (Material's instant navigation needs that).
            try:
                server = bind_server(args.out, args.host, args.port)
            except OSError as err:
                print(
                    f"error: cannot listen on {args.host}:{args.port} ({err.strerror}); "
                    "choose another port with --port or PORT=",
                    file=sys.stderr,
                )
                return 1
            url = server_url(server)
            print(f"Building site for {url} ...", flush=True)
            build_site(args.out, url)
            run_forever(server)
        else:
            return run_pyodide_tests(args.paths or None)
    except BuildError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
