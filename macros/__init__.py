"""Site macros (mkdocs-macros loads this package; see ``main.define_env``)."""

from macros.main import define_env

__all__ = ["define_env"]
