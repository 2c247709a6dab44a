"""Site macros. The generator loads ``macros/main.py`` by its path (``define_env``; see
``mkdocs.yml``) and ``macros/page_text.py`` as a Markdown extension; no module needs the package
itself to do anything on import."""
