"""Hypothesis strategies for play documents (``rules_engine/core/play.py``), shared by the play
contract (tests/test_play_contract.py) and each system's own play strategies
(``tests/<system>/contract.py``) and play tests (``tests/<system>/test_play.py``): any
JSON value, a link payload of any bytes, how many examples each property runs (fewer inside
Pyodide, as hostile_strategies.py does), and the bridge called for one system (``ok``,
``refused``, ``only_rules_errors``)."""

from __future__ import annotations

import base64
import json
import sys
import zlib
from collections.abc import Callable
from functools import partial

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from rules_engine.core.play import PlaySchema, decode_link, encode_link
from rules_engine.web import call


def json_values(most: int = 5, leaves: int = 30) -> st.SearchStrategy[object]:
    """Any decoded JSON value: lists and objects of at most ``most`` items, ``leaves`` leaves."""
    return st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=most) | st.dictionaries(st.text(max_size=10), inner, max_size=most),
        max_leaves=leaves,
    )


JSON_VALUES = json_values()
#: Any JSON value in the place of one field of an entry: the same kinds, smaller trees (the
#: parser refuses a field of the wrong shape at its top, and a document of entries of a dozen
#: fields each drawing 30-leaf trees spent its time drawing, not reading).
FIELD_VALUES = json_values(most=3, leaves=5)


def link_of(raw: bytes) -> str:
    """``raw`` packed as a link payload is (raw DEFLATE, base64url without padding)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).decode().rstrip("=")


def bridge(system: str, action: str, **request: object) -> dict:
    """The bridge's reply to ``system``'s ``action`` (``{"ok": ..., "result"|"error": ...}``)."""
    return json.loads(call(json.dumps({"system": system, "action": action, **request})))


def ok(system: str, action: str, **request: object) -> dict:
    """The result of ``system``'s ``action``, which must be answered."""
    reply = bridge(system, action, **request)
    assert reply["ok"], reply
    return reply["result"]


def refused(system: str, action: str, **request: object) -> str:
    """The message of the RulesError ``system``'s ``action`` must be refused with."""
    reply = bridge(system, action, **request)
    assert not reply["ok"], reply
    return reply["error"]["message"]


def only_rules_errors(system: str, action: str, **request: object) -> dict | None:
    """The result of ``system``'s ``action``, or None when it refused the request with a
    RulesError; anything else (an exception the bridge caught, which it words as "could not
    answer") fails the test."""
    reply = bridge(system, action, **request)
    if reply["ok"]:
        return reply["result"]
    message = reply["error"]["message"]
    assert "could not answer" not in message, message  # an exception other than RulesError got through
    return None


def calls_for(
    system: str,
) -> tuple[Callable[..., dict], Callable[..., dict], Callable[..., str], Callable[..., dict | None]]:
    """``bridge``, ``ok``, ``refused`` and ``only_rules_errors`` bound to ``system``, in that
    order, for a play test file to unpack once."""
    return (
        partial(bridge, system),
        partial(ok, system),
        partial(refused, system),
        partial(only_rules_errors, system),
    )


def assert_kept_whole(system: str, saved: dict, schema: PlaySchema) -> None:
    """``saved`` comes back unchanged however a reader keeps it: as a file imported
    (``play_import``), as a link made and opened through the bridge (``play_link``,
    ``play_open_link``; URL-safe, and shorter than the file's text), and as the link's own
    packing read back with the system's ``schema``."""
    assert ok(system, "play_import", text=json.dumps(saved))["document"] == saved
    link = ok(system, "play_link", document=saved)["link"]
    assert set(link) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert len(link) < len(json.dumps(saved))  # compact
    assert ok(system, "play_open_link", link=link)["document"] == saved
    assert decode_link(encode_link(saved), schema) == saved


#: Natively the examples the play tests always ran; inside Pyodide (several times slower)
#: fewer, as the bad-input contract does.
IN_PYODIDE = sys.platform == "emscripten"
MANY = settings(max_examples=100 if IN_PYODIDE else 300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SOME = settings(max_examples=50 if IN_PYODIDE else 150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def new_entry(data: st.DataObject, call: Callable[..., dict | None], noun: str, fallback: str, **more: object) -> dict:
    """A new entry for a drawn sequence of play (each system's ``play_steps``): ``play_new`` with
    a name drawn from all of Unicode, or named ``fallback`` when the engine refuses that name;
    ``noun`` is the key the entry comes under (``character``, ``scene``)."""
    made = call("play_new", name=data.draw(st.text(min_size=1, max_size=60), label="name"), **more)
    made = made or call("play_new", name=fallback, **more)
    assert made is not None, fallback
    return made[noun]


def played(
    data: st.DataObject,
    actions: st.SearchStrategy[str],
    new: Callable[[], dict],
    step: Callable[[str, int, list[dict]], dict | None],
    noun: str,
) -> list[dict]:
    """A drawn sequence of valid play (each system's ``play_steps``): a ``new()`` entry, then 0 to
    12 steps, each an action drawn from ``actions`` on an entry drawn among those made.
    ``play_new`` makes another entry, up to three; any other action is ``step(action, at,
    entries)``: the bridge's reply (None when it refused with a RulesError, or when the step was
    not sent), whose ``noun`` entry takes the place of ``entries[at]``. Returns the entries it
    ended with (1 to 3)."""
    entries = [new()]
    for _ in range(data.draw(st.integers(0, 12), label="steps")):
        action = data.draw(actions, label="action")
        at = data.draw(st.integers(0, len(entries) - 1), label="entry")
        if action == "play_new":
            if len(entries) < 3:
                entries.append(new())
            continue
        reply = step(action, at, entries)
        if reply is not None and noun in reply:
            entries[at] = reply[noun]
    return entries
