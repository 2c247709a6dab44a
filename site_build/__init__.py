"""Build pipeline for the Dice Systems SRD site (MkDocs + engine wheel + Pyodide)."""

from .build import BuildError, build_site, build_wheel, vendor_pyodide
from .serve import bind_server, serve, server_url, start_server

__all__ = [
    "BuildError",
    "bind_server",
    "build_site",
    "build_wheel",
    "serve",
    "server_url",
    "start_server",
    "vendor_pyodide",
]
