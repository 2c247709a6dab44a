"""The design lab's macros: a link to the lab from any page, opened on one system.

Generic: it reads each system's ``lab`` hook (``rules_engine/core/lab.py``) through the
registry and never names a system.
"""

from __future__ import annotations

from typing import Any

from rules_engine.systems import get_system

#: The lab page's address from the site's root (``docs/lab.md``).
LAB_PAGE = "lab/"


def lab_href(page_url: str, system_key: str | None = None) -> str:
    """The lab's address relative to the page at ``page_url`` (``doom-stack/play/``),
    opened on ``system_key`` when given."""
    depth = len([part for part in page_url.strip("/").split("/") if part])
    query = f"?system={system_key}" if system_key else ""
    return "../" * depth + LAB_PAGE + query


def register(env: Any) -> None:
    """Register the lab's macros on the mkdocs-macros environment."""

    @env.macro
    def lab_link(system_key: str | None = None, text: str = "the design lab") -> str:
        """A Markdown link to the lab, opened on ``system_key`` (checked against the registry)."""
        if system_key is not None:
            system = get_system(system_key)
            if system.lab is None:
                raise ValueError(f"{system.title} has no lab yet")
        return f"[{text}]({lab_href(env.page.url, system_key)})"
