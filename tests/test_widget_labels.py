"""Every widget's error messages speak the reader's words: for each field a widget sends, a
bad value is refused with a message that names the field by its label, as the page shows
it (``macros/<system>.py``), and the error is placed on that field.

Each widget is built by its own macro; its first request (``data-first``) is the request
the page sends, and one field at a time is spoiled (``x`` and numbers far past any range
for a text field, at least one of them refused, ``maybe`` for a switch or a radio group), with each choice of the
widget's radio groups tried so a field shown only in one mode is reached."""

from __future__ import annotations

import json
import pkgutil
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from macros_env import registered

from rules_engine.systems import SYSTEM_PACKAGES
from rules_engine.web import call

MACROS = Path(__file__).resolve().parent.parent / "macros"
if not MACROS.is_dir():  # inside Pyodide only tests/ is mounted
    pytest.skip("needs the repository's macros", allow_module_level=True)


class _Form(HTMLParser):
    """A widget's first request, its inputs and the text of each label and legend (hints left out)."""

    def __init__(self) -> None:
        super().__init__()
        self.first: dict | None = None
        self.inputs: dict[str, list[dict]] = {}
        self.labels: dict[str, str] = {}
        self.legends: dict[str, str] = {}
        self._label: list | None = None
        self._fieldsets: list[str | None] = []
        self._legend: str | None = None
        self._hint = 0

    def handle_starttag(self, tag, attrs):  # noqa: ANN001
        a = dict(attrs)
        if tag == "div" and "data-first" in a and self.first is None:
            self.first = json.loads(a["data-first"])["request"]
        elif tag == "label":
            self._label = [a.get("for"), ""]
        elif tag == "input" and a.get("name"):
            self.inputs.setdefault(a["name"], []).append(a)
            if self._label is not None and self._label[0] is None:
                self._label[0] = a.get("id")
        elif tag == "fieldset":
            self._fieldsets.append(a.get("id"))
        elif tag == "legend":
            self._legend = ""
        elif tag == "span" and "hint" in (a.get("class") or ""):
            self._hint += 1

    def handle_endtag(self, tag):  # noqa: ANN001
        if tag == "span" and self._hint:
            self._hint -= 1
        elif tag == "label" and self._label is not None:
            self.labels[self._label[0]] = " ".join(self._label[1].split())
            self._label = None
        elif tag == "legend" and self._legend is not None:
            self.legends[self._fieldsets[-1] if self._fieldsets else ""] = " ".join(self._legend.split())
            self._legend = None
        elif tag == "fieldset" and self._fieldsets:
            self._fieldsets.pop()

    def handle_data(self, data):  # noqa: ANN001
        if self._hint:
            return
        if self._label is not None:
            self._label[1] += data
        if self._legend is not None:
            self._legend += data

    def label_of(self, name: str) -> str | None:
        """The words the page shows for field ``name``: its label, or its group's legend
        (a legend's note in brackets left out)."""
        inputs = self.inputs.get(name, [])
        if inputs and inputs[0].get("type") != "radio":
            return self.labels.get(inputs[0].get("id"))
        ids = [i["id"].rsplit("-", 1)[0] for i in inputs] or [i for i in self.legends if i and i.endswith("-" + name)]
        legend = next((self.legends[i] for i in ids if i in self.legends), None)
        return legend.split(" (")[0] if legend else None


def _widgets() -> list[tuple[str, _Form]]:
    found = []
    packages = [package.rsplit(".", 1)[1] for package in SYSTEM_PACKAGES.values()]
    for module in sorted(m.name for m in pkgutil.iter_modules([str(MACROS)])):
        if not any(module == package or module.startswith(package + "_") for package in packages):
            continue  # the site's own macros, not a system's widgets
        for name, macro in registered(module).items():
            try:
                html = macro()
            except TypeError:  # a macro that needs arguments is not a widget
                continue
            form = _Form()
            form.feed(str(html))
            if form.first is not None and form.first.get("fields") and name not in {w.split(".")[1] for w, _ in found}:
                found.append((f"{module}.{name}", form))
    return found


WIDGETS = _widgets()
CASES = [(widget, form, key) for widget, form in WIDGETS for key in form.first["fields"]]


def _bad_values(form: _Form, key: str) -> list[str]:
    kinds = {i.get("type") for i in form.inputs.get(key, [])}
    return ["maybe"] if kinds & {"checkbox", "radio"} or not kinds else ["x", "99999999", "-99999999"]


def _refusal(form: _Form, key: str, bad: str) -> dict | None:
    """The engine's error for the first request with ``key`` spoilt, trying each radio choice."""
    radios = [
        (name, i.get("value"))
        for name, inputs in form.inputs.items()
        for i in inputs
        if i.get("type") == "radio" and name != key
    ]
    for choice in [None, *radios]:
        fields = {**form.first["fields"], key: bad}
        if choice is not None:
            fields[choice[0]] = choice[1]
        reply = json.loads(call(json.dumps({**form.first, "fields": fields})))
        if not reply["ok"]:
            return reply["error"]
    return None


def test_every_system_with_widgets_is_read():
    assert {widget.split(".")[0] for widget, _ in WIDGETS} >= {
        "adrenaline",
        "doom_stack",
        "xy_checks",
        "dice_and_danger",
    }


@pytest.mark.parametrize("widget,form,key", CASES, ids=[f"{w}:{k}" for w, _, k in CASES])
def test_a_bad_value_is_told_by_the_fields_label(widget, form, key):
    label = form.label_of(key)
    assert label, f"{widget}: the field {key!r} has no label on the page"
    refused = 0
    for bad in _bad_values(form, key):
        error = _refusal(form, key, bad)
        if error is None:  # "x" is a fine faction's name; a field takes some value of these
            continue
        refused += 1
        assert (error["field"] or "").lower() == key.lower(), error
        assert label.casefold() in error["message"].casefold(), (label, error["message"])
        # Told once: a message already in the reader's words is not relabelled ("Mass Value Value").
        assert not re.search(r"\b(\w+)\)?\s+\(?\1\b", error["message"]), error["message"]
        opening = error["message"].split(" ", 1)[0].lower()  # not the code's name for the field
        assert opening not in {key.lower(), key.replace("_", " ").lower()} or label.lower().startswith(opening), error
    assert refused, f"{widget}: {key} takes every value tried: {_bad_values(form, key)}"
