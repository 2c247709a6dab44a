// The frame every play tool shares (a system's character sheets or scenes, kept on this
// device): saving, several named entries, Undo and Redo of the last changes, export and import as a
// JSON file, a share link, print, and the status line that says what happened. It names no
// system and holds no rule: whatever comes back from a file, a link or this device's storage
// is checked (and an older version brought up to date) by the engine (bridge actions
// play_check, play_import, play_link, play_open_link; rules_engine/core/play.py), and the
// system's view draws one entry and asks the engine for every number on it.
//
// Stored in localStorage: `srd-play:<system>` holds {document, current} (the play document
// and the index of the entry shown), `srd-play-undo:<system>` the steps Undo and Redo go
// through ({format: STEPS_FORMAT, version: STEPS_VERSION, undo: [step…], redo: [step…]}, oldest
// first, each step {state, what}: the state before or after a change and the words of that
// change; at most MAX_STEPS each, within MAX_STEPS_CHARS together). A step's document is
// checked (and brought up to date) by the engine's play_check when Undo or Redo reaches it, and
// dropped if refused: a step is never applied unread. A stored copy the engine refuses is kept
// aside (`srd-play-unreadable:<system>`), never dropped. A link's state travels in the address as
// `#play=<payload>`.
//
// A change is saved only within the limits the engine reads a document back within (bridge
// action play_limits: its length in characters of compact JSON, its number of entries): one
// past them is refused here, before it is saved, and the status line names the limit.
//
// Every change is written in the entry's log (`entry.log`, newest first, at most the engine's
// max_log items, each {what, dice?, result?, chance?}: core/play.py read_log): `what` is the
// change's first sentence, the rest a roll's record as the view gives it. The log travels with
// the entry (device, file, link, paper) and is drawn under the sheet. To keep a document within
// its length, the oldest log items go before a change is refused.

import { getEngine } from "../runtime/engine.js";
import { el } from "./widget-kit.js";
import { installPrint } from "./play-print.js";
import { redrawKeepingFocus } from "./play-focus.js";

const LINK_KEY = "play=";
// How many changes Undo (and Redo) can go back through.
export const MAX_STEPS = 30;
// The stored steps' length at most, in characters of JSON: with the saved document (at most
// the engine's 200,000) well within the 5,000,000 or so a browser keeps for a site.
const MAX_STEPS_CHARS = 2_000_000;
const STEPS_FORMAT = "srd-play-steps";
const STEPS_VERSION = 1;

function storageKey(system, part = "play") {
  return `srd-${part}:${system}`;
}

function readStored(key) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return undefined; // unreadable JSON (or no storage): the engine never sees it
  }
}

function writeStored(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

// --- the views' field builders (every play view draws its forms with these) ----------------

let fieldCount = 0;

// A labelled field: the label, the input (given an id if it has none) and an optional hint
// that the input is described by.
export function field(label, input, hint = "") {
  const id = input.id || `srd-play-f${++fieldCount}`;
  input.id = id;
  const hintNode = hint ? el("span", { class: "srd-field__hint", id: `${id}-hint` }, hint) : null;
  if (hintNode) input.setAttribute("aria-describedby", hintNode.id);
  return el("div", { class: "srd-field" }, el("label", { for: id }, label), input, hintNode);
}

// A one-line text box holding `value`; `attrs` adds to or overrides its attributes.
export function textInput(value, attrs = {}) {
  return el("input", { type: "text", autocomplete: "off", value: String(value), ...attrs });
}

// A text box for a number (the phone shows its number keys); the engine reads what is typed.
export function numberInput(value, attrs = {}) {
  return textInput(value, { inputmode: "numeric", ...attrs });
}

// A drop-down from `options`, {value: words} or [[value, words], …] in the order shown;
// `value` (if given) is the one chosen.
export function select(options, value = undefined, attrs = {}) {
  const pairs = Array.isArray(options) ? options : Object.entries(options);
  const node = el("select", attrs, ...pairs.map(([key, words]) => el("option", { value: key }, words)));
  if (value !== undefined) node.value = value;
  return node;
}

// Keep a result's room on the page before it comes (no layout jump, play.css .srd-play__room):
// `node` is at least `wide` rem high, and `phone` rem on a phone (≤ 30em), the height of what
// fills it as measured at 360 px and in a wide column. Empty, it says where the result will be.
export function keepRoom(node, wide, phone = wide) {
  node.classList.add("srd-play__room");
  node.style.setProperty("--srd-play-room", `${wide}rem`);
  node.style.setProperty("--srd-play-room-phone", `${phone}rem`);
  return node;
}

// Percentages first, the exact fractions on demand: a closed <details> (its summary reached by
// keyboard; left off paper, where the percentages stand) listing [label, fraction] pairs; an
// empty text when none is given.
export function exactFractions(pairs, summary = "Exact fractions") {
  const shown = pairs.filter(([, fraction]) => fraction);
  if (!shown.length) return document.createTextNode("");
  return el("details", { class: "srd-play__fractions srd-play__screen" }, el("summary", {}, summary),
    el("ul", { style: "overflow-wrap: anywhere" }, ...shown.map(([label, fraction]) => el("li", {}, `${label}: ${fraction}`))));
}

// --- taps: roll a trait, mark a box ------------------------------------------------------

// A trait rolled with one tap: a button showing `words` ("Agility 3") over a smaller chance
// line ("success 65.78 %"; setChance fills it once the engine has answered).
export function tapButton(words, chance = "", attrs = {}) {
  return el("button", { type: "button", class: "md-button srd-play__tap", ...attrs },
    el("span", { class: "srd-play__tap-words" }, words),
    el("span", { class: "srd-play__tap-chance" }, chance));
}

// The chance line of a tapButton.
export function setChance(button, text) {
  button.querySelector(".srd-play__tap-chance").textContent = text;
}

// Boxes marked, cleared or spent by a tap: a list labelled `label` of toggle buttons, one per
// box of `boxes` ({mark: what the box shows, words: its name for a screen reader, pressed:
// whether it is marked}); a tap calls `onTap(index)`. Each box's key is `<data-key or label>-<index>`.
export function tapBoxes(label, boxes, onTap, attrs = {}) {
  const list = el("ul", { class: "srd-play__tapboxes", "aria-label": label, ...attrs });
  const key = attrs["data-key"] || label;
  boxes.forEach((box, i) => {
    const button = el("button", { type: "button", class: "srd-play__tapbox", "data-key": `${key}-${i}`,
      "aria-pressed": String(Boolean(box.pressed)), "aria-label": box.words, title: box.words }, box.mark || "");
    button.addEventListener("click", () => onTap(i));
    list.append(el("li", {}, button));
  });
  return list;
}

// Where a tap's result appears, just under the tapped group: announced, its room kept (rem).
export function tapResult(id, wide = 4, phone = wide) {
  return keepRoom(el("div", { class: "srd-play__tap-result srd-play__screen", id, "aria-live": "polite" }), wide, phone);
}

// --- a refusal in the reader's words, at its field -----------------------------------------

// The parts of an engine path: names and [indices] ("scene.combatants[0].health").
function pathParts(path) {
  return [...String(path).matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map(([, name, index]) => (index === undefined ? name : Number(index)));
}

// A path in words: each key as `labels` names it (else its words: "hit_defense_marked" is
// "hit defense marked"), an index as a number counted from 1 ("combatants[0]" is "combatants 1",
// "entries[2]" "character 3"); the entry itself (its noun) goes without saying.
export function pathWords(path, labels = {}, noun = "entry") {
  const words = [];
  let last = "";
  for (const part of pathParts(path)) {
    if (typeof part === "number") {
      const named = last === "entries" ? noun : words.pop() || "item";
      words.push(`${named} ${part + 1}`);
    } else if (part !== noun && part !== "entries") {
      words.push(labels[part] || part.replace(/_/g, " "));
    }
    last = part;
  }
  return words.join(", ");
}

// The log's keys in words, for a refusal of a saved log (every entry may have one).
const LOG_LABELS = { log: "log item", what: "what happened", dice: "dice", result: "result", chance: "chance" };

// --- the steps Undo and Redo go through ---------------------------------------------------

const isStep = (step) => Boolean(step && step.state && step.state.document && typeof step.what === "string");

// The steps as read from the device: the stored format as it is; the one state an older build
// kept (before Redo) as one step to undo; anything else dropped. (Each step's document is
// still checked by the engine when it is reached.)
function readSteps(stored) {
  if (stored && stored.format === STEPS_FORMAT && stored.version === STEPS_VERSION
      && Array.isArray(stored.undo) && Array.isArray(stored.redo)) {
    return { undo: stored.undo.filter(isStep).slice(-MAX_STEPS), redo: stored.redo.filter(isStep).slice(-MAX_STEPS) };
  }
  if (stored && !stored.format && stored.document) return { undo: [{ state: stored, what: "The last change." }], redo: [] };
  return { undo: [], redo: [] };
}

// The steps as stored (null when there are none), the farthest dropped first (Undo's oldest,
// then Redo's last) until they are within MAX_STEPS_CHARS; `steps` loses what is dropped.
function stepsRecord(steps) {
  for (;;) {
    if (!steps.undo.length && !steps.redo.length) return null;
    const record = { format: STEPS_FORMAT, version: STEPS_VERSION, undo: steps.undo, redo: steps.redo };
    if (JSON.stringify(record).length <= MAX_STEPS_CHARS) return record;
    if (steps.undo.length) steps.undo.shift();
    else steps.redo.shift();
  }
}

// What a step says it changed: the first sentence of the change's words (or `fallback`).
function stepWords(words, fallback) {
  const first = String(words || "").trim().split(/(?<=[.!?])\s+/)[0];
  return first || fallback;
}

// A file name from an entry's name: letters, digits and dashes.
function fileName(system, name) {
  const slug = String(name || "sheets").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "sheets";
  return `${system}-${slug}.json`;
}

// `playFrame(root, {system, noun, nouns, draw, labels})`:
// - `noun`: what an entry is ("character", "scene"); a new one is the engine's `play_new`
//   named "New <noun>", found under that noun in its reply;
// - `draw(entry, frame)` draws one entry into `frame.sheet` (called after every change);
// - `labels` ({key: words}) names the entry's keys in a refusal with no control to show it at
//   (a file's, a link's): `frame.words`.
// Before Undo, Redo or an entry from a file or a link is shown, `root` gets the event
// "srd-play-reset": a view forgets the results it keeps beside the entry (a roll's dice).
// Returns the frame: {engine, sheet, call, entry(), entries(), change(entry, words, record),
// changeMany(changed, words, record), say(words, error), fail(error), words(error), clear(scope)}.
export function playFrame(root, { system, noun, nouns, draw, labels: own = {} }) {
  const labels = { ...own, ...LOG_LABELS }; // (the log is the frame's: named here for every view)
  const engine = getEngine();
  const call = (request) => engine.call({ system, ...request });
  let state = { document: { format: "dice-srd-play", version: 1, system, entries: [] }, current: 0 };
  // The steps Undo and Redo go through (see the top of this file); `travelling` while one is checked
  // (a press meanwhile does nothing).
  const steps = readSteps(readStored(storageKey(system, "play-undo")));
  let travelling = false;
  let limits = null; // {max_document_chars, max_entries, max_file_chars, max_log, max_log_text}: the engine's (play_limits), once it is ready

  root.replaceChildren();
  const status = el("p", { class: "srd-play__status", role: "status", "aria-live": "polite" });
  const picker = el("select", { id: `${root.id}-pick`, class: "srd-play__pick" });
  const pickLabel = el("label", { for: picker.id }, `Your ${nouns}`);
  const buttons = {
    add: el("button", { type: "button", class: "md-button" }, `New ${noun}`),
    remove: el("button", { type: "button", class: "md-button" }, `Delete this ${noun}`),
    undo: el("button", { type: "button", class: "md-button", disabled: "" }, "Undo"),
    redo: el("button", { type: "button", class: "md-button", disabled: "" }, "Redo"),
    exportFile: el("button", { type: "button", class: "md-button" }, "Export file"),
    importFile: el("button", { type: "button", class: "md-button" }, "Import file"),
    link: el("button", { type: "button", class: "md-button" }, "Share as a link"),
    print: el("button", { type: "button", class: "md-button" }, "Print"),
  };
  const fileInput = el("input", { type: "file", accept: ".json,application/json", hidden: "", "aria-hidden": "true",
    tabindex: "-1" });
  const linkBox = el("textarea", { class: "srd-play__link", readonly: "", rows: "3", hidden: "",
    "aria-label": `A link to these ${nouns}` });
  const toolbar = el("div", { class: "srd-play__toolbar", role: "group", "aria-label": `Saved ${nouns}` },
    el("div", { class: "srd-play__pickfield" }, pickLabel, picker), ...Object.values(buttons), fileInput);
  // (A widget prints what its live regions hold, print.css: the sheet is such a region, quiet.)
  const sheet = el("div", { class: "srd-widget__sheet srd-play__sheet", "aria-live": "off" });
  // Where a file or a link holding a name already saved asks to replace it or keep both.
  const choice = el("div", { class: "srd-play__choice", role: "group", tabindex: "-1", hidden: "",
    "aria-labelledby": `${root.id}-choice` });
  root.append(toolbar, status, choice, linkBox, sheet);

  const say = (words, error = false) => {
    status.textContent = words;
    status.classList.toggle("srd-play__status--error", error);
  };

  function entries() {
    return state.document.entries;
  }

  function save() {
    if (!writeStored(storageKey(system), state)) say("This browser would not save on this device (storage full or off).", true);
    let record = stepsRecord(steps);
    // Storage too full for every step: the farthest go first, and at worst none are kept.
    while (!writeStored(storageKey(system, "play-undo"), record)) {
      if (steps.undo.length) steps.undo.shift();
      else steps.redo.shift();
      record = stepsRecord(steps);
    }
  }

  // Undo and Redo can be pressed only with a step to go to.
  function showSteps() {
    buttons.undo.disabled = !steps.undo.length;
    buttons.redo.disabled = !steps.redo.length;
  }

  // The views forget the results they keep beside an entry (a roll's dice) before it is drawn anew.
  function reset() {
    root.dispatchEvent(new CustomEvent("srd-play-reset"));
  }

  function refresh() {
    picker.replaceChildren(...entries().map((entry, i) => el("option", { value: String(i) }, entry.name)));
    picker.disabled = entries().length === 0;
    picker.value = String(state.current);
    buttons.remove.disabled = entries().length === 0;
    showSteps();
    buttons.exportFile.disabled = buttons.link.disabled = entries().length === 0;
    // (Drawn anew, the field being typed in keeps its focus, caret and text: play-focus.js.)
    redrawKeepingFocus(sheet, () => {
      sheet.replaceChildren();
      const entry = entries()[state.current];
      if (entry) {
        draw(entry, frame);
        sheet.append(drawLog(entry));
      } else sheet.append(el("p", { class: "srd-play__empty" }, `No ${nouns} saved on this device yet: press “New ${noun}”.`));
    });
  }

  // Why `next` cannot be saved ("" if it can): past the limits the engine reads a document
  // back within, it would be refused on the next load. Measured as the engine measures it
  // (core/play.py document_chars), a UTF-16 unit per character: never under the engine's count.
  function pastLimits(next) {
    if (!limits) return "";
    const count = next.document.entries.length;
    if (count > limits.max_entries) {
      return `Not saved: at most ${limits.max_entries} ${nouns} are kept on this device, and this would make ${count}. `
        + "Nothing was changed.";
    }
    const size = JSON.stringify(next.document).length;
    if (size > limits.max_document_chars) {
      const words = (n) => n.toLocaleString("en");
      return `Not saved: your ${nouns} would take ${words(size)} characters, and at most `
        + `${words(limits.max_document_chars)} characters are kept on this device. Nothing was changed.`;
    }
    return "";
  }

  // `next` with the oldest log items dropped (from the longest logs first) until it is within
  // the engine's length, if that is what it takes (the entries themselves are never cut).
  function trimLogs(next) {
    if (!limits || JSON.stringify(next.document).length <= limits.max_document_chars) return next;
    const list = next.document.entries.map((entry) => (Array.isArray(entry.log) ? { ...entry, log: entry.log.slice() } : entry));
    const trimmed = { ...next, document: { ...next.document, entries: list } };
    for (;;) {
      const longest = list.reduce((best, entry) => ((entry.log || []).length > (best?.log || []).length ? entry : best), null);
      if (!longest || !(longest.log || []).length) return trimmed;
      longest.log.pop();
      if (JSON.stringify(trimmed.document).length <= limits.max_document_chars) return trimmed;
    }
  }

  // Every change: the state before it becomes the one Undo gives back. A change past the
  // engine's limits is not applied (the sheet is drawn again as saved) and says why; the
  // answer is whether it was applied.
  function commit(next, words) {
    next = trimLogs(next);
    const refusal = pastLimits(next);
    if (refusal) {
      refresh();
      say(refusal, true);
      return false;
    }
    steps.undo.push({ state: JSON.parse(JSON.stringify(state)), what: stepWords(words, `A change to your ${nouns}.`) });
    steps.undo.splice(0, steps.undo.length - MAX_STEPS);
    steps.redo.length = 0; // a new change: what was undone before it can no longer be redone
    state = next;
    save();
    refresh();
    if (words) say(words);
    return true;
  }

  // `entry` (as the engine gave it back after a change to `before`) with the change at the top
  // of its log: the log it carries, else the one `before` had, kept to the engine's max_log items.
  function logged(before, entry, words, record) {
    const most = limits ? limits.max_log : 20;
    const cut = (text) => String(text).slice(0, limits ? limits.max_log_text : 300);
    const item = { what: cut(stepWords(words, `A change to this ${noun}.`)) };
    for (const part of ["dice", "result", "chance"]) if (record && record[part]) item[part] = cut(record[part]);
    const log = Array.isArray(entry.log) ? entry.log : (before && Array.isArray(before.log) ? before.log : []);
    return { ...entry, log: [item, ...log].slice(0, most) };
  }

  // The entry's log under its sheet: newest first, each change with a roll's dice, result and
  // chance; on paper too.
  function drawLog(entry) {
    const log = Array.isArray(entry.log) ? entry.log : [];
    const box = el("section", { class: "srd-play__log", "aria-labelledby": `${root.id}-log` },
      el("h2", { id: `${root.id}-log` }, "Log"));
    if (!log.length) {
      box.append(el("p", { class: "srd-play__log-empty" }, `Nothing yet: this ${noun}'s rolls and changes are listed here, the newest first.`));
      return box;
    }
    const parts = [["dice", "Dice"], ["result", "Result"], ["chance", "Chance"]];
    box.append(el("ol", { class: "srd-play__log-list" }, ...log.map((item) => el("li", {},
      el("span", { class: "srd-play__log-what" }, item.what),
      ...parts.filter(([part]) => item[part]).map(([part, name]) =>
        el("span", { class: "srd-play__log-part" }, `${name}: ${item[part]}`))))));
    return box;
  }

  // The control a refusal's path belongs to: the one whose data-field is the path, else the
  // nearest enclosing path that one has (null if none is on the sheet).
  function controlFor(path) {
    if (!path) return null;
    let best = null;
    for (const node of sheet.querySelectorAll("[data-field]")) {
      const own = node.dataset.field;
      const within = own === path || path.startsWith(`${own}.`) || path.startsWith(`${own}[`);
      if (within && (!best || own.length > best.dataset.field.length)) best = node;
    }
    return best;
  }

  // A control's name as the reader sees it: its label, else its accessible name.
  function nameOf(control) {
    const label = control.labels && control.labels[0] ? control.labels[0].textContent : control.getAttribute("aria-label");
    return String(label || "").trim();
  }

  // An engine refusal ({message, field}) in the reader's words: the path it opens with becomes
  // the field's label (or the path in words, `labels`), never the path itself.
  function refusalWords(error) {
    const message = String(error && error.message || "Something went wrong.");
    const path = error && error.field;
    if (!path || !message.startsWith(`${path}: `)) return message;
    const rest = message.slice(path.length + 2);
    const control = controlFor(path);
    const name = (control && control.dataset.field === path && nameOf(control)) || pathWords(path, labels, noun);
    return name ? `${name}: ${rest}` : rest[0].toUpperCase() + rest.slice(1);
  }

  // Take every refusal shown at a field within `scope` away (e.g. a roll form whose field was
  // fixed without a change: nothing is saved, so the sheet is not drawn anew).
  function clearFieldErrors(scope = sheet) {
    for (const line of scope.querySelectorAll(".srd-play__field-error")) line.remove();
    for (const node of scope.querySelectorAll("[aria-invalid]")) {
      node.removeAttribute("aria-invalid");
      const described = (node.getAttribute("aria-describedby") || "").split(" ").filter((id) => id && !id.endsWith("-refusal"));
      if (described.length) node.setAttribute("aria-describedby", described.join(" "));
      else node.removeAttribute("aria-describedby");
    }
  }

  // Show an engine refusal where it belongs: at its field (marked invalid, the words just after
  // it and read with it), else on the status line. The sheet's next drawing clears it.
  function fail(error) {
    clearFieldErrors();
    const words = refusalWords(error);
    const control = controlFor(error && error.field);
    if (!control) return say(words, true);
    const id = `${root.id}-refusal`;
    const line = el("p", { class: "srd-play__field-error", id, role: "alert" }, words);
    (control.closest(".srd-field") || control).after(line);
    control.setAttribute("aria-invalid", "true");
    control.setAttribute("aria-describedby", [control.getAttribute("aria-describedby"), id].filter(Boolean).join(" "));
    say("");
  }

  const frame = {
    engine, call, sheet, say,
    entry: () => entries()[state.current],
    // Replace the entry shown with `entry` (the engine's normal form), its log carried on with
    // this change in it (`record`: a roll's {dice, result, chance}, as words); false if the
    // change was refused (past the engine's limits: the status line says so).
    change(entry, words, record = null) {
      const list = entries().slice();
      list[state.current] = logged(list[state.current], entry, words, record);
      return commit({ document: { ...state.document, entries: list }, current: state.current }, words);
    },
    // Every saved entry (a copy), e.g. to pick a second one for a roll between two of them.
    entries: () => entries().slice(),
    fail, words: refusalWords, clear: clearFieldErrors,
    // Replace several entries in one change (one Undo): `changed` maps an index to its entry;
    // each changed entry's log gets the change (and `record`).
    changeMany(changed, words, record = null) {
      const list = entries().map((entry, i) => (i in changed ? logged(entry, changed[i], words, record) : entry));
      return commit({ document: { ...state.document, entries: list }, current: state.current }, words);
    },
  };

  picker.addEventListener("change", () => {
    state = { ...state, current: Number(picker.value) };
    save();
    refresh();
    say(`Showing ${entries()[state.current].name}.`);
  });

  buttons.add.addEventListener("click", async () => {
    const reply = await call({ action: "play_new", name: `New ${noun}` });
    if (!reply.ok) return say(refusalWords(reply.error), true);
    const made = reply.result[noun];
    const list = [...entries(), made];
    commit({ document: { ...state.document, entries: list }, current: list.length - 1 },
      `New ${noun} added: ${made.name}.`);
  });

  buttons.remove.addEventListener("click", () => {
    const gone = entries()[state.current];
    if (!gone) return;
    const list = entries().filter((_, i) => i !== state.current);
    commit({ document: { ...state.document, entries: list }, current: Math.max(0, state.current - 1) },
      `${gone.name} deleted. Undo brings them back.`);
  });

  // Undo (from "undo" to "redo") or Redo (the other way): the step's document is checked and
  // brought up to date by the engine first; one it refuses is dropped, and nothing changes.
  // The button pressed, once there is no step left for it, hands the focus to the other one.
  async function travel(from, to, done, named) {
    const step = steps[from].at(-1);
    if (!step || travelling) return;
    travelling = true;
    const reply = await call({ action: "play_check", document: step.state.document });
    travelling = false;
    steps[from].splice(steps[from].lastIndexOf(step), 1);
    const focused = document.activeElement === buttons[from];
    const keepFocus = () => {
      if (focused && buttons[from].disabled) (buttons[to].disabled ? picker : buttons[to]).focus();
    };
    if (!reply.ok) {
      save();
      showSteps();
      keepFocus();
      return say(`${named}: that step could not be read (${refusalWords(reply.error)}); it is dropped. Nothing was changed.`, true);
    }
    const count = reply.result.document.entries.length;
    steps[to].push({ state: JSON.parse(JSON.stringify(state)), what: step.what });
    state = { document: reply.result.document,
      current: Math.min(Math.max(0, Number(step.state.current) || 0), Math.max(0, count - 1)) };
    save();
    reset();
    refresh();
    keepFocus();
    say(`${done}: ${step.what}`);
  }

  buttons.undo.addEventListener("click", () => travel("undo", "redo", "Undone", "Undo"));
  buttons.redo.addEventListener("click", () => travel("redo", "undo", "Redone", "Redo"));

  buttons.exportFile.addEventListener("click", () => {
    const blob = new Blob([`${JSON.stringify(state.document, null, 1)}\n`], { type: "application/json" });
    const link = el("a", { href: URL.createObjectURL(blob), download: fileName(system, frame.entry()?.name) });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    say(`Exported ${entries().length} ${entries().length === 1 ? noun : nouns} as ${link.download}.`);
  });

  buttons.importFile.addEventListener("click", () => fileInput.click());
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files && fileInput.files[0];
    fileInput.value = "";
    if (!file) return;
    let text;
    try {
      text = await file.text();
    } catch {
      return say(`${file.name} could not be read. Nothing saved was changed.`, true);
    }
    const reply = await call({ action: "play_import", text });
    if (!reply.ok) return say(`${file.name} was not imported: ${refusalWords(reply.error)}. Nothing saved was changed.`, true);
    add(reply.result.document.entries, `Imported from ${file.name}`, file.name, buttons.importFile);
  });

  // Entries from a file or a link join those already saved (Undo takes them out again); if one
  // has the name of an entry saved here, the reader is asked first: replace it, or keep both.
  function add(more, where, source, back) {
    if (!more.length) return say(`${where}: no ${nouns} in it. Nothing saved was changed.`, true);
    const saved = new Set(entries().map((e) => e.name));
    const same = [...new Set(more.filter((e) => saved.has(e.name)).map((e) => e.name))];
    if (same.length) return askReplace(more, same, where, source, back);
    keepBoth(more, where);
  }

  function keepBoth(more, where) {
    const list = [...entries(), ...more];
    reset();
    commit({ document: { ...state.document, entries: list }, current: entries().length },
      `${where}: ${more.map((e) => e.name).join(", ")}.`);
  }

  // Each entry from the file or link takes the place of the first saved entry of its name not
  // yet replaced (one with no such name is added at the end); the first of them is shown.
  function replaceSaved(more, where) {
    const list = entries().slice();
    const taken = new Set();
    const places = more.map((entry) => {
      const at = list.findIndex((e, i) => i < entries().length && !taken.has(i) && e.name === entry.name);
      const place = at >= 0 ? at : list.length;
      list[place] = entry;
      taken.add(place);
      return place;
    });
    const replaced = more.filter((_, k) => places[k] < entries().length).map((e) => e.name);
    const added = more.filter((_, k) => places[k] >= entries().length).map((e) => e.name);
    reset();
    commit({ document: { ...state.document, entries: list }, current: places[0] },
      `${where}: ${replaced.join(", ")} replaced${added.length ? `; ${added.join(", ")} added` : ""}.`);
  }

  // The question, inside the frame: "Replace", "Keep both" or "Cancel" (Escape), the focus on
  // it; whichever is chosen, the focus goes back to `back` (or the list of entries).
  function askReplace(more, same, where, source, back) {
    const one = same.length === 1;
    const question = el("p", { id: `${root.id}-choice`, class: "srd-play__question" },
      `${source} holds ${same.join(", ")}: ${one ? "a name" : "names"} already saved on this device. `
      + `Replace the saved ${one ? noun : nouns}, or keep both?`);
    const choose = (words, act) => {
      const button = el("button", { type: "button", class: "md-button" }, words);
      button.addEventListener("click", () => {
        close();
        act();
      });
      return button;
    };
    const close = () => {
      choice.hidden = true;
      choice.replaceChildren();
      (back && back.isConnected && !back.disabled ? back : picker).focus();
    };
    const cancel = () => say(`Not added: nothing saved was changed.`);
    choice.replaceChildren(question, el("div", { class: "srd-play__choices" },
      choose("Replace", () => replaceSaved(more, where)), choose("Keep both", () => keepBoth(more, where)),
      choose("Cancel", cancel)));
    choice.onkeydown = (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      close();
      cancel();
    };
    choice.hidden = false;
    say("");
    choice.focus();
  }

  buttons.link.addEventListener("click", async () => {
    const reply = await call({ action: "play_link", document: state.document });
    if (!reply.ok) return say(refusalWords(reply.error), true);
    const url = new URL(location.href);
    url.search = "";
    url.hash = LINK_KEY + reply.result.link;
    linkBox.value = url.href;
    linkBox.hidden = false;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: document.title, url: url.href });
        return say("Shared.");
      } catch (error) {
        if (error && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url.href);
      say("Link copied: whoever opens it sees these sheets and can save them.");
    } catch {
      linkBox.focus();
      linkBox.select();
      say("Copy the selected link (Ctrl+C or ⌘C): whoever opens it sees these sheets.");
    }
  });

  buttons.print.addEventListener("click", () => window.print());
  installPrint(); // every value written out as text on paper (play-print.js)

  async function start() {
    say("");
    const limited = await call({ action: "play_limits" });
    if (limited.ok) {
      limits = limited.result.limits;
      // A new device's document is written in the engine's format version (a saved one is
      // brought up to it by play_check below).
      state = { ...state, document: { ...state.document, version: limited.result.version } };
    }
    else say(limited.error.message, true);
    const stored = readStored(storageKey(system));
    if (stored && stored.document) {
      const reply = await call({ action: "play_check", document: stored.document });
      if (reply.ok) {
        const count = reply.result.document.entries.length;
        state = { document: reply.result.document, current: Math.min(Math.max(0, Number(stored.current) || 0), Math.max(0, count - 1)) };
        // Brought up to a newer format version: kept in that version from now on.
        if (reply.result.document.version !== stored.document.version) save();
      } else {
        writeStored(storageKey(system, "play-unreadable"), stored);
        say(`Your saved ${nouns} could not be read (${refusalWords(reply.error)}); they are kept aside on this device.`, true);
      }
    } else if (stored === undefined) {
      say(`Your saved ${nouns} could not be read; they are left as they were.`, true);
    }
    refresh();
    // "ready" comes after a shared link is opened or refused, so what it says is on the page by then.
    if (location.hash.startsWith(`#${LINK_KEY}`)) {
      const reply = await call({ action: "play_open_link", link: location.hash.slice(LINK_KEY.length + 1) });
      history.replaceState(history.state, "", location.pathname + location.search);
      if (reply.ok) add(reply.result.document.entries, "Opened from the link", "The link", picker);
      else say(`The link was not opened: ${refusalWords(reply.error)}. Nothing saved was changed.`, true);
    }
    root.dataset.state = "ready";
  }

  // The engine failed to load: say so, with a Retry that starts it again.
  const retry = el("button", { type: "button", class: "md-button srd-play__retry", hidden: "" }, "Retry");
  status.after(retry);
  retry.addEventListener("click", () => {
    retry.hidden = true;
    root.dataset.state = "loading";
    say("Loading the dice engine again…");
    engine.retry();
    engine.whenSettled(settled);
  });
  function settled() {
    if (engine.status === "failed") {
      root.dataset.state = "failed";
      retry.hidden = false;
      say(engine.message || "The dice engine could not load. Check the connection, then press Retry.", true);
      return;
    }
    start();
  }
  engine.whenSettled(settled);
  say("Loading the dice engine…");
  return frame;
}
