"""A stand-in for the environment mkdocs-macros hands ``define_env`` (``macros/main.py``) and each
system's ``register(env)`` (``macros/<package>.py``): the macros and variables registered, by
name, and a page's Markdown rendered with them as the plugin renders it (Jinja2), so a test reads
what a macro draws without building the site."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from rules_engine.systems import SYSTEM_PACKAGES

Macro = Callable[..., Any]


class MacrosEnv:
    """What mkdocs-macros gives the macros modules: ``macro`` registers one, ``variables`` holds
    the values a page may name. No ``conf``: ``define_env`` then tells no theme its preloads."""

    def __init__(self) -> None:
        self.macros: dict[str, Macro] = {}
        self.variables: dict[str, object] = {}

    def macro(self, function: Macro, name: str = "") -> Macro:
        self.macros[name or function.__name__] = function
        return function

    def render(self, markdown: str) -> str:
        """``markdown`` with every macro call and variable in it replaced by what it gives."""
        import jinja2  # (mkdocs' own dependency; not in Pyodide, where no page is rendered)

        templates = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False)
        return templates.from_string(markdown).render({**self.variables, **self.macros})


def registered(module: str) -> dict[str, Macro]:
    """The macros ``macros/<module>.py``'s ``register(env)`` adds."""
    env = MacrosEnv()
    import_module(f"macros.{module}").register(env)
    return env.macros


def system_macros(key: str) -> dict[str, Macro]:
    """The macros the system registered under ``key`` adds (its ``macros/<package>.py``)."""
    return registered(SYSTEM_PACKAGES[key].rsplit(".", 1)[-1])


def site_macros() -> MacrosEnv:
    """The env as ``define_env`` leaves it: the site's own macros and every system's."""
    from macros.main import define_env

    env = MacrosEnv()
    define_env(env)
    return env
