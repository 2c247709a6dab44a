"""The play tools' saved state: one document format for the device, a file and a link.

A play tool (a character sheet, a scene) keeps its state as a **play document**::

    {"format": "dice-srd-play", "version": 1, "system": KEY,
     "entries": [ {...one character or scene, as the system's schema says...}, ... ]}

Any entry may also carry a ``log``: its last changes and rolls, newest first, each
``{"what", "dice"?, "result"?, "chance"?}`` as the page wrote them (:func:`read_log`). It is
read here for every system (:func:`with_log`), so a system's own reader never sees it.

The page keeps it on the device, exports it as a JSON file, and shares it as a link whose
``#play=`` part is the document as compact JSON, deflated (raw DEFLATE) and written in
base64url without padding. Whatever the page reads back (a file, a link, its own storage
after a new build) goes through :func:`read_document` here in the engine, never through
JavaScript: it refuses anything malformed, hostile or from a newer version with a
``RulesError`` that names what is wrong and where (``entries[1].skills.Firearms: …``),
and brings an older version up to date through the system's migrations (never dropping it).

Each system gives a :class:`PlaySchema`: its current version, the migrations from each
older one, and the function that checks one entry and returns it in normal form.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .errors import RulesError
from .exact import percent, ratio
from .requests import Request, json_nesting_depth, request_text

FORMAT = "dice-srd-play"
#: The longest document read, in characters of JSON (a full party of sheets is far less).
MAX_DOCUMENT_CHARS = 200_000
#: The longest file read, in characters: a document at MAX_DOCUMENT_CHARS written out as the
#: page exports it (one space of indent a level, a line a value) takes at most about five
#: times as many.
MAX_FILE_CHARS = 6 * MAX_DOCUMENT_CHARS
#: The longest link payload read, in characters of base64url.
MAX_LINK_CHARS = 40_000
#: The most entries (characters or scenes) one document holds.
MAX_ENTRIES = 100
#: The deepest nesting read (a sheet nests 3 deep).
MAX_NESTING = 8
#: The longest name, of an entry or of anything in it.
MAX_NAME = 60
#: The most items an entry's log keeps (newest first; the page drops the oldest).
MAX_LOG = 20
#: The longest text of one part of a log item.
MAX_LOG_TEXT = 300
#: A log item's parts: what happened (always), and for a roll the dice, the result and its
#: exact chance, each as the page wrote them.
LOG_PARTS = ("what", "dice", "result", "chance")

Entry = dict[str, Any]
#: Checks one entry (a decoded JSON value) and returns it in normal form, else raises a
#: RulesError; ``where`` is the entry's path for the message (``entries[0]``).
EntryReader = Callable[[Any, str], Entry]
#: Brings a document of one version to the next (a new dict; the input is not changed).
Migration = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class PlaySchema:
    """What one system's play tool stores: its version, migrations and entry reader."""

    system: str  # the system's key, as the document's "system" names it
    version: int  # the version this engine writes
    read_entry: EntryReader
    #: version v → the function that turns a version-v document into version v + 1.
    migrations: Mapping[int, Migration] = field(default_factory=dict)
    noun: str = "entry"  # "character", "scene": for messages
    nouns: str = "entries"

    def __post_init__(self) -> None:
        # Every system's entries may carry a log: read here, so no system's reader sees it.
        object.__setattr__(self, "read_entry", with_log(self.read_entry))


def refuse(where: str, message: str) -> RulesError:
    """The error for a bad value, or a state that forbids an action, at ``where``: a path such
    as ``entries[0].name`` or ``character.stable``, or a request field. The message opens with
    it and the error's ``field`` names it, so a page can show the message at its place."""
    return RulesError(f"{where}: {message}" if where else message, field=where or None)


def placed(error: RulesError, where: str) -> RulesError:
    """``error`` placed at ``where`` (a request field) unless it names a place already."""
    if error.field is None:
        error.field = where
    return error


def nesting_depth(value: Any, depth: int = 0) -> int:
    """How deep lists and objects nest in a decoded JSON value."""
    if isinstance(value, dict):
        return max((nesting_depth(v, depth + 1) for v in value.values()), default=depth + 1)
    if isinstance(value, list):
        return max((nesting_depth(v, depth + 1) for v in value), default=depth + 1)
    return depth


def parse_json(text: Any, what: str, most: int = MAX_DOCUMENT_CHARS) -> Any:
    """``text`` (at most ``most`` characters) decoded as JSON, else a RulesError saying why
    ``what`` cannot be read."""
    if not isinstance(text, str):
        raise RulesError(f"{what} must be text")
    if len(text) > most:
        raise RulesError(f"{what} is too long: at most {most:,} characters")
    if json_nesting_depth(text) > MAX_NESTING:
        raise RulesError(f"{what} is nested too deeply to be a saved sheet")
    try:
        return json.loads(text)
    except RecursionError:
        raise RulesError(f"{what} is nested too deeply to be a saved sheet") from None
    except json.JSONDecodeError as error:
        raise RulesError(f"{what} is not JSON ({error.msg} at character {error.pos})") from None
    except ValueError:
        raise RulesError(f"{what} holds a number with too many digits") from None


def exact_keys(value: Any, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """``value`` as an object with every ``required`` key and nothing but those and ``optional``."""
    if not isinstance(value, dict):
        raise refuse(where, f"must be an object, not {json_kind(value)}")
    missing = [key for key in required if key not in value]
    if missing:
        raise refuse(where, f"the {missing[0]!r} field is missing")
    unknown = [key for key in value if key not in required and key not in optional]
    if unknown:
        raise refuse(where, f"unknown field {shorten(unknown[0])!r}")
    return value


def json_kind(value: Any) -> str:
    """What a decoded JSON value is, in words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "an object"


def shorten(text: str, most: int = 40) -> str:
    """``text`` cut to ``most`` characters for a message."""
    return text if len(text) <= most else text[: most - 1] + "…"


def whole_number(value: Any, where: str, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise refuse(where, f"must be a whole number from {low} to {high}, not {json_kind(value)}")
    if not low <= value <= high:
        raise refuse(where, f"must be from {low} to {high}, not {value}")
    return value


def name_text(value: Any, where: str) -> str:
    """``value`` as a name: text of 1 to MAX_NAME characters, no control characters."""
    if not isinstance(value, str):
        raise refuse(where, f"must be text, not {json_kind(value)}")
    name = " ".join(value.split())
    if not name:
        raise refuse(where, "must not be empty")
    if len(name) > MAX_NAME:
        raise refuse(where, f"is too long: at most {MAX_NAME} characters")
    if any(ord(char) < 32 or 0x7F <= ord(char) < 0xA0 for char in name):
        raise refuse(where, "holds a control character")
    if has_lone_surrogate(name):
        raise refuse(where, LONE_SURROGATE)
    return name


#: Half of a character that takes two UTF-16 units, alone: JSON can write it, UTF-8 cannot.
LONE_SURROGATE = "holds half of a character (a lone surrogate), which cannot be saved"


def has_lone_surrogate(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate (a code point from U+D800 to U+DFFF)."""
    return any(0xD800 <= ord(char) <= 0xDFFF for char in text)


def lone_surrogate_at(value: Any, where: str) -> str | None:
    """The path of the first text (a key or a value) in ``value`` that holds a lone surrogate."""
    if isinstance(value, str):
        return where if has_lone_surrogate(value) else None
    if isinstance(value, dict):
        for key, item in value.items():
            if has_lone_surrogate(key):
                return f"{where} name"
            found = lone_surrogate_at(item, f"{where}.{key}")
            if found:
                return found
    if isinstance(value, list):
        for i, item in enumerate(value):
            found = lone_surrogate_at(item, f"{where}[{i}]")
            if found:
                return found
    return None


def flag(value: Any, where: str) -> bool:
    """``value`` if it is true or false."""
    if not isinstance(value, bool):
        raise refuse(where, f"must be true or false, not {json_kind(value)}")
    return value


def choice(value: Any, where: str, choices: tuple[str, ...] | Mapping[str, Any]) -> str:
    """``value`` if it is one of ``choices`` (a blank choice is named "(none)")."""
    if not isinstance(value, str) or value not in choices:
        shown = repr(value[:20]) if isinstance(value, str) else json_kind(value)
        raise refuse(where, f"must be one of {', '.join(c or '(none)' for c in choices)}, not {shown}")
    return value


def ratings(value: Any, where: str, most: int, highest: int, lowest: int = 0, what: str = "ratings") -> dict[str, int]:
    """``value`` as named ratings: an object of at most ``most`` distinct names, each rated a
    whole number from ``lowest`` to ``highest`` (``what`` they are, for the message)."""
    if not isinstance(value, dict):
        raise refuse(where, f"must be an object of names and {what}, not {json_kind(value)}")
    if len(value) > most:
        raise refuse(where, f"too many: at most {most}")
    read: dict[str, int] = {}
    for key, rating in value.items():
        name = name_text(key, f"{where} name")
        if name in read:
            raise refuse(where, f"{name!r} appears twice")
        read[name] = whole_number(rating, f"{where}.{name}", lowest, highest)
    return read


def items(value: Any, where: str, most: int, read: EntryReader, too_many: str) -> list[Any]:
    """``value`` as a list of at most ``most`` items, each read by ``read`` at its place
    (``where[i]``); ``too_many`` says the limit in the game's words ("a side has at most 20
    combatants")."""
    if not isinstance(value, list):
        raise refuse(where, f"must be a list, not {json_kind(value)}")
    if len(value) > most:
        raise refuse(where, f"too many: {too_many}")
    return [read(item, f"{where}[{i}]") for i, item in enumerate(value)]


def log_item(value: Any, where: str) -> dict[str, str]:
    """One log item: ``what`` happened (not blank) and, for a roll, its ``dice``, ``result`` and
    ``chance``, each text of at most MAX_LOG_TEXT characters, in the order of LOG_PARTS."""
    item = exact_keys(value, where, ("what",), LOG_PARTS[1:])
    read: dict[str, str] = {}
    for part in LOG_PARTS:
        if part not in item:
            continue
        text = item[part]
        if not isinstance(text, str):
            raise refuse(f"{where}.{part}", f"must be text, not {json_kind(text)}")
        if len(text) > MAX_LOG_TEXT:
            raise refuse(f"{where}.{part}", f"is too long: at most {MAX_LOG_TEXT} characters")
        read[part] = text
    if not read["what"].strip():
        raise refuse(f"{where}.what", "must not be empty")
    return read


def read_log(value: Any, where: str) -> list[dict[str, str]]:
    """An entry's log: at most MAX_LOG items (:func:`log_item`), newest first."""
    return items(value, where, MAX_LOG, log_item, f"a log keeps at most {MAX_LOG} items")


def log_chance(value: Fraction) -> str:
    """A chance as a log item writes it: the percentage (two places) first, then the exact
    fraction, ``54.55 % (6/11)``."""
    return f"{percent(value, 2).replace('%', ' %')} ({ratio(value)})"


def with_log(read: EntryReader) -> EntryReader:
    """``read`` for an entry that may also carry a ``log`` (:func:`read_log`), kept last."""
    if getattr(read, "reads_log", False):
        return read

    def read_entry(value: Any, where: str) -> Entry:
        if not isinstance(value, dict) or "log" not in value:
            return read(value, where)
        log = read_log(value["log"], f"{where}.log")
        entry = read({key: part for key, part in value.items() if key != "log"}, where)
        return {**entry, "log": log}

    read_entry.reads_log = True  # type: ignore[attr-defined]  # a mark on the function, read with getattr
    return read_entry


def without_log(entry: Entry) -> Entry:
    """``entry`` with no log, for a system whose actions answer with the entry alone: the page
    carries the log on from the entry it sent (play-kit.js ``logged``)."""
    return {key: part for key, part in entry.items() if key != "log"}


def unchanged_but_version(document: dict[str, Any]) -> dict[str, Any]:
    """A migration for a version that only added something optional (an entry's log): the
    document as it is, a version on."""
    return {**document, "version": document["version"] + 1}


def read_document(value: Any, schema: PlaySchema, what: str = "the file") -> dict[str, Any]:
    """A decoded play document checked, migrated to ``schema.version`` and in normal form."""
    if not isinstance(value, dict):
        raise RulesError(f"{what} is not a saved sheet: it holds {json_kind(value)}, not an object")
    if value.get("format") != FORMAT:
        raise RulesError(f'{what} is not a saved sheet of this site (its "format" is not {FORMAT!r})')
    if nesting_depth(value) > MAX_NESTING:
        raise RulesError(f"{what} is nested too deeply to be a saved sheet")
    version = value.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RulesError(f'{what}: "version" must be a whole number from 1')
    if version > schema.version:
        raise RulesError(
            f"{what} was saved by a newer version of this site (format version {version}; "
            f"this page reads up to {schema.version}): reload the page to update it, then try again"
        )
    system = value.get("system")
    if system != schema.system:
        named = shorten(system) if isinstance(system, str) else json_kind(system)
        raise RulesError(
            f"{what} holds {schema.nouns} for {named!r}, not {schema.system!r}: open it on that system's play page"
        )
    document = dict(value)
    while document["version"] < schema.version:
        step = schema.migrations.get(document["version"])
        if step is None:
            raise RulesError(f"{what}: format version {document['version']} cannot be brought up to date")
        document = step(document)
    exact_keys(document, what, ("format", "version", "system", "entries"))
    read = items(
        document["entries"],
        "entries",
        MAX_ENTRIES,
        schema.read_entry,
        f"a document holds at most {MAX_ENTRIES} {schema.nouns}",
    )
    # Any text a system's reader keeps as it is: one a link or a file could not carry.
    broken = lone_surrogate_at(read, "entries")
    if broken:
        raise refuse(broken, LONE_SURROGATE)
    normal = {"format": FORMAT, "version": schema.version, "system": schema.system, "entries": read}
    size = document_chars(normal)
    if size > MAX_DOCUMENT_CHARS:
        raise RulesError(
            f"{what} is too long: {size:,} characters as saved, and at most {MAX_DOCUMENT_CHARS:,} are kept"
        )
    return normal


def document_chars(document: Any) -> int:
    """How long a play document is as the page keeps it: characters of compact JSON (what the
    play frame measures before it saves, and at most MAX_DOCUMENT_CHARS)."""
    return len(json.dumps(document, separators=(",", ":"), ensure_ascii=False))


def limits() -> dict[str, int]:
    """The limits a play document is read back within, for the page to keep to before it saves
    a change (one saved past them would be refused on the next load): its length in characters
    of compact JSON (:func:`document_chars`), its number of entries, and the longest file
    read (the page's export of the longest document fits in it), and the most items an entry's
    log keeps and the longest text of one of their parts."""
    return {
        "max_document_chars": MAX_DOCUMENT_CHARS,
        "max_entries": MAX_ENTRIES,
        "max_file_chars": MAX_FILE_CHARS,
        "max_log": MAX_LOG,
        "max_log_text": MAX_LOG_TEXT,
    }


def read_text(text: Any, schema: PlaySchema) -> dict[str, Any]:
    """An imported file's text read as a play document (:func:`read_document`)."""
    return read_document(parse_json(text, "the file", MAX_FILE_CHARS), schema)


def encode_link(document: dict[str, Any]) -> str:
    """A checked document as a link payload: compact JSON, raw DEFLATE, base64url."""
    compact = json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(compact) + packer.flush()
    payload = base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    if len(payload) > MAX_LINK_CHARS:
        raise RulesError(f"too much to fit in a link (at most {MAX_LINK_CHARS:,} characters): export a file instead")
    return payload


def decode_link(payload: Any, schema: PlaySchema) -> dict[str, Any]:
    """A link payload (:func:`encode_link`) read back as a checked play document."""
    if not isinstance(payload, str):
        raise RulesError("the link must be text")
    if len(payload) > MAX_LINK_CHARS:
        raise RulesError(f"the link is too long: at most {MAX_LINK_CHARS:,} characters")
    if not payload or any(not (char.isascii() and (char.isalnum() or char in "-_")) for char in payload):
        raise RulesError("the link is damaged: its sheet is not base64url text (was it cut short or changed?)")
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise RulesError("the link is damaged: its sheet is not base64url text (was it cut short?)") from None
    unpacker = zlib.decompressobj(-15)
    try:
        raw = unpacker.decompress(packed, MAX_DOCUMENT_CHARS * 4 + 1)
    except zlib.error:
        raise RulesError("the link is damaged: its sheet cannot be unpacked (was it cut short?)") from None
    if len(raw) > MAX_DOCUMENT_CHARS * 4 or unpacker.unconsumed_tail:
        raise RulesError("the link unpacks to too much to be a saved sheet")
    if not unpacker.eof:
        raise RulesError("the link is damaged: its sheet ends too soon (was it cut short?)")
    if unpacker.unused_data:
        raise RulesError("the link is damaged: something follows its sheet (was it changed?)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RulesError("the link is damaged: its sheet is not text") from None
    return read_document(parse_json(text, "the link"), schema, "the link")


# --- the entry a request carries, and the actions every play tool answers alike ---------------
#: What a play tool answers with an entry: the entry under its noun, its sheet and anything more.
Answer = Callable[..., dict[str, Any]]


def request_entry(
    request: Request, schema: PlaySchema, read: EntryReader | None = None, key: str | None = None
) -> Entry:
    """The entry the request carries under ``key`` (else the schema's noun: ``character``,
    ``scene``), read as a saved one is (by ``read``, else the schema's reader): a refusal is
    placed at the entry's field (``character.attributes.Strength``), else at the key."""
    key = key or schema.noun
    try:
        return (with_log(read) if read else schema.read_entry)(request.get(key), key)
    except RulesError as error:
        raise placed(error, key) from None


def new_entry_name(request: Request, schema: PlaySchema) -> str:
    """The name the request gives a new entry (spaces folded, cut to MAX_NAME), or "New
    <noun>" when it gives none; a name that cannot be saved is refused at ``name``."""
    folded = " ".join(request_text(request, "name").split()) or f"New {schema.noun}"
    return name_text(folded[:MAX_NAME], "name")


def entry_actions(
    schema: PlaySchema, answer: Answer, new: Callable[[str], Entry] | None = None, read: EntryReader | None = None
) -> dict[str, Callable[[Request], dict[str, Any]]]:
    """The actions every play tool answers alike, for ``schema``'s entries: the document's
    (:func:`document_actions`), ``play_sheet`` (the request's entry checked, and ``answer`` of
    it) and, given ``new`` (a fresh entry of a name), ``play_new``."""

    def play_sheet(request: Request) -> dict[str, Any]:
        return answer(request_entry(request, schema, read))

    actions: dict[str, Callable[[Request], dict[str, Any]]] = {"play_sheet": play_sheet, **document_actions(schema)}
    if new is not None:
        actions["play_new"] = new_action(schema, answer, new)
    return actions


def new_action(schema: PlaySchema, answer: Answer, new: Callable[[str], Entry]) -> Callable[[Request], dict[str, Any]]:
    """``play_new``: a fresh entry (``new`` of the name the request gives, :func:`new_entry_name`)."""

    def play_new(request: Request) -> dict[str, Any]:
        return answer(new(new_entry_name(request, schema)))

    return play_new


def document_actions(schema: PlaySchema) -> dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]]:
    """The bridge actions every play tool answers alike, for ``schema``'s documents:
    ``play_import`` (a file's ``text``), ``play_check`` (a ``document`` read from the device,
    e.g. after a new build, checked and brought up to date), ``play_link`` (the link payload
    sharing ``document``), ``play_open_link`` (a ``link`` payload read back) and
    ``play_limits`` (:func:`limits`: how long a document may grow before it is saved, and the
    format ``version`` a new document is written in)."""

    def play_import(request: Mapping[str, Any]) -> dict[str, Any]:
        return {"document": read_text(request.get("text"), schema)}

    def play_check(request: Mapping[str, Any]) -> dict[str, Any]:
        return {"document": read_document(request.get("document"), schema, f"the saved {schema.nouns}")}

    def play_link(request: Mapping[str, Any]) -> dict[str, Any]:
        return {"link": encode_link(read_document(request.get("document"), schema, f"the {schema.nouns}"))}

    def play_open_link(request: Mapping[str, Any]) -> dict[str, Any]:
        return {"document": decode_link(request.get("link"), schema)}

    def play_limits(request: Mapping[str, Any]) -> dict[str, Any]:
        return {"limits": limits(), "version": schema.version}

    return {
        "play_import": play_import,
        "play_check": play_check,
        "play_link": play_link,
        "play_open_link": play_open_link,
        "play_limits": play_limits,
    }
