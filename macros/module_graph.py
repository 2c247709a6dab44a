"""Which of the site's own JavaScript modules a view module needs before it can run: the
pages preload them in their head (``overrides/main.html``), so that the browser fetches the
whole graph with the page instead of discovering it one import at a time after the page is
parsed (a round trip each, seconds on a slow phone)."""

from __future__ import annotations

import re
from pathlib import Path

# A static import of one of the site's own modules, by a relative path:
# `import … from "./name.js"`, `import "../kit/name.js"`, `export … from "./name.js"`.
STATIC_IMPORT = re.compile(
    r'^\s*(?:import|export)\b[^;]*?["\'](\.{1,2}/(?:[a-z0-9-]+/)*[a-z0-9][a-z0-9-]*\.js)["\']', re.MULTILINE
)

#: The room of ``docs/assets/js/`` that holds the view modules a widget names (``data-view``).
VIEWS_ROOM = "views"


def direct_imports(source: str) -> list[str]:
    """The relative paths of the modules ``source`` imports statically, in the order it names them."""
    return list(dict.fromkeys(STATIC_IMPORT.findall(source)))


def resolved(importer: str, relative: str) -> str:
    """The path (from ``docs/assets/js/``, with ``/``) of the module that ``importer`` (a path
    from there too) names as ``relative``."""
    parts = importer.split("/")[:-1]
    for part in relative.split("/"):
        if part == "..":
            parts = parts[:-1]
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def module_closure(imports: dict[str, list[str]], start: str) -> list[str]:
    """``start`` and every module it needs, through ``imports`` (module → its direct
    imports), each once, depth first in import order; a module not in ``imports`` counts
    as importing nothing."""
    order: list[str] = []
    pending = [start]
    while pending:
        name = pending.pop()
        if name in order:
            continue
        order.append(name)
        pending.extend(reversed(imports.get(name, [])))
    return order


def module_imports(js_dir: Path) -> dict[str, list[str]]:
    """Every module under ``js_dir`` (by its path from there) → the modules it imports statically."""
    imports = {}
    for path in sorted(js_dir.rglob("*.js")):
        name = path.relative_to(js_dir).as_posix()
        imports[name] = [resolved(name, relative) for relative in direct_imports(path.read_text(encoding="utf-8"))]
    return imports


def view_preloads(js_dir: Path) -> dict[str, list[str]]:
    """For every view module (``views/<view>.js``, by its view name): the files to preload
    with it, by their paths from ``js_dir``, itself first."""
    imports = module_imports(js_dir)
    prefix = f"{VIEWS_ROOM}/"
    return {
        name[len(prefix) : -3]: module_closure(imports, name)
        for name in imports
        if name.startswith(prefix) and "/" not in name[len(prefix) :]
    }
