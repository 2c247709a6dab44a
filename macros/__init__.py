"""Site macros (mkdocs-macros loads this package; see ``main.define_env``, and
``search_words.on_post_page_macros`` for the search's other spellings)."""

from macros.main import define_env, on_post_build, on_pre_page_macros
from macros.search_words import on_post_page_macros

__all__ = ["define_env", "on_post_build", "on_post_page_macros", "on_pre_page_macros"]
