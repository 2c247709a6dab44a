"""Which of the site's own JavaScript modules a view module needs before it can run: the
pages preload them in their head (``overrides/main.html``), so that the browser fetches the
whole graph with the page instead of discovering it one import at a time after the page is
parsed (a round trip each, seconds on a slow phone)."""

from __future__ import annotations

import re
from pathlib import Path

# A static import of a sibling module: `import … from "./name.js"` or `import "./name.js"`.
STATIC_IMPORT = re.compile(r'^\s*(?:import|export)\b[^;]*?["\']\./([a-z0-9][a-z0-9-]*\.js)["\']', re.MULTILINE)


def direct_imports(source: str) -> list[str]:
    """The sibling modules ``source`` imports statically, in the order it names them."""
    return list(dict.fromkeys(STATIC_IMPORT.findall(source)))


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


def view_preloads(js_dir: Path) -> dict[str, list[str]]:
    """For every module in ``js_dir`` (by its name without ``.js``): the files to preload
    with it, itself first."""
    imports = {path.name: direct_imports(path.read_text(encoding="utf-8")) for path in sorted(js_dir.glob("*.js"))}
    return {name[:-3]: module_closure(imports, name) for name in imports}
