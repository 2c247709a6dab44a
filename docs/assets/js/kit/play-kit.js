// @ts-check
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
// change; at most MAX_STEPS each, within MAX_STEPS_CHARS together: play-store.js). A step's document is
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
import {
  LOG_LABELS, dropFarthest, fileName, logged, namesTaken, pastLimits, pathWords, pushStep, readStored, readSteps,
  replaceByName, shownIndex, stepWords, stepsRecord, storageKey, trimLogs, writeStored,
} from "./play-store.js";

const LINK_KEY = "play=";

// --- the views' field builders (every play view draws its forms with these) ----------------

let fieldCount = 0;

// A labelled field: the label, the input (given an id if it has none) and an optional hint
// that the input is described by.
/**
 * @param {string} label
 * @param {HTMLElement} input
 * @param {string} [hint]
 */
export function field(label, input, hint = "") {
  const id = input.id || `srd-play-f${++fieldCount}`;
  input.id = id;
  const hintNode = hint ? el("span", { class: "srd-field__hint", id: `${id}-hint` }, hint) : null;
  if (hintNode) input.setAttribute("aria-describedby", hintNode.id);
  return el("div", { class: "srd-field" }, el("label", { for: id }, label), input, hintNode);
}

// A one-line text box holding `value`; `attrs` adds to or overrides its attributes.
/**
 * @param {string | number} value
 * @param {Record<string, any>} [attrs]
 */
export function textInput(value, attrs = {}) {
  return el("input", { type: "text", autocomplete: "off", value: String(value), ...attrs });
}

// A text box for a number (the phone shows its number keys); the engine reads what is typed.
/**
 * @param {string | number} value
 * @param {Record<string, any>} [attrs]
 */
export function numberInput(value, attrs = {}) {
  return textInput(value, { inputmode: "numeric", ...attrs });
}

// A drop-down from `options`, {value: words} or [[value, words], …] in the order shown;
// `value` (if given) is the one chosen.
/**
 * @param {Record<string, string> | string[][]} options
 * @param {string} [value]
 * @param {Record<string, any>} [attrs]
 */
export function select(options, value = undefined, attrs = {}) {
  const pairs = Array.isArray(options) ? options : Object.entries(options);
  const node = el("select", attrs, ...pairs.map(([key, words]) => el("option", { value: key }, words)));
  if (value !== undefined) node.value = value;
  return node;
}

// Keep a result's room on the page before it comes (no layout jump, play.css .srd-play__room):
// `node` is at least `wide` rem high, and `phone` rem on a phone (≤ 30em), the height of what
// fills it as measured at 360 px and in a wide column. Empty, it says where the result will be.
/**
 * @template {HTMLElement} T
 * @param {T} node
 * @param {number} wide
 * @param {number} [phone]
 * @returns {T}
 */
export function keepRoom(node, wide, phone = wide) {
  node.classList.add("srd-play__room");
  node.style.setProperty("--srd-play-room", `${wide}rem`);
  node.style.setProperty("--srd-play-room-phone", `${phone}rem`);
  return node;
}

// Percentages first, the exact fractions on demand: a closed <details> (its summary reached by
// keyboard; left off paper, where the percentages stand) listing [label, fraction] pairs; an
// empty text when none is given.
/**
 * @param {[string, string | null | undefined][]} pairs
 * @param {string} [summary]
 */
export function exactFractions(pairs, summary = "Exact fractions") {
  const shown = pairs.filter(([, fraction]) => fraction);
  if (!shown.length) return document.createTextNode("");
  return el("details", { class: "srd-play__fractions srd-play__screen" }, el("summary", {}, summary),
    el("ul", { style: "overflow-wrap: anywhere" }, ...shown.map(([label, fraction]) => el("li", {}, `${label}: ${fraction}`))));
}

// --- taps: roll a trait, mark a box ------------------------------------------------------

// A trait rolled with one tap: a button showing `words` ("Agility 3") over a smaller chance
// line ("success 65.78 %"; setChance fills it once the engine has answered).
/**
 * @param {string} words
 * @param {string} [chance]
 * @param {Record<string, any>} [attrs]
 */
export function tapButton(words, chance = "", attrs = {}) {
  return el("button", { type: "button", class: "md-button srd-play__tap", ...attrs },
    el("span", { class: "srd-play__tap-words" }, words),
    el("span", { class: "srd-play__tap-chance" }, chance));
}

// The chance line of a tapButton.
/**
 * @param {Element} button
 * @param {string} text
 */
export function setChance(button, text) {
  /** @type {Element} */ (button.querySelector(".srd-play__tap-chance")).textContent = text;
}

// Boxes marked, cleared or spent by a tap: a list labelled `label` of toggle buttons, one per
// box of `boxes` ({mark: what the box shows, words: its name for a screen reader, pressed:
// whether it is marked}); a tap calls `onTap(index)`. Each box's key is `<data-key or label>-<index>`.
/**
 * @param {string} label
 * @param {{mark?: string, words: string, pressed?: boolean}[]} boxes
 * @param {(index: number) => void} onTap
 * @param {Record<string, any>} [attrs]
 */
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
/**
 * @param {string} id
 * @param {number} [wide]
 * @param {number} [phone]
 */
export function tapResult(id, wide = 4, phone = wide) {
  return keepRoom(el("div", { class: "srd-play__tap-result srd-play__screen", id, "aria-live": "polite" }), wide, phone);
}

// --- the frame: its parts, its state, the changes it saves ------------------------------------

/**
 * @typedef {import("./play-store.js").PlayState} PlayState
 * @typedef {import("./play-store.js").Steps} Steps
 * @typedef {import("./play-store.js").Limits} Limits
 * @typedef {{status: HTMLElement, picker: HTMLSelectElement, buttons: Record<string, HTMLButtonElement>,
 *   fileInput: HTMLInputElement, linkBox: HTMLTextAreaElement, sheet: HTMLElement, choice: HTMLElement}} FrameParts
 * @typedef {(entry: any, frame: Frame) => void} Draw draws one entry into `frame.sheet`
 * @typedef {ReturnType<typeof viewFrame>} Frame what a view is handed (see playFrame)
 * @typedef {{root: HTMLElement, system: string, noun: string, nouns: string, draw: Draw,
 *   labels: Record<string, string>, engine: any, call: (request: object) => Promise<any>, state: PlayState,
 *   steps: Steps, travelling: boolean, limits: Limits | null, ui: FrameParts, frame: any}} Play
 */

/**
 * The frame's toolbar, status line, question box, link box and sheet, put into `root`.
 * @param {HTMLElement} root
 * @param {string} noun
 * @param {string} nouns
 * @returns {FrameParts}
 */
function mountParts(root, noun, nouns) {
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
  return { status, picker, buttons, fileInput, linkBox, sheet, choice };
}

/**
 * Put `words` on the status line (marked as an error if `error`).
 * @param {Play} play
 * @param {string} words
 * @param {boolean} [error]
 */
function say(play, words, error = false) {
  play.ui.status.textContent = words;
  play.ui.status.classList.toggle("srd-play__status--error", error);
}

/**
 * @param {Play} play
 * @returns {Array<any>} the saved entries
 */
function entries(play) {
  return play.state.document.entries;
}

/**
 * Save the document and the steps on this device.
 * @param {Play} play
 */
function save(play) {
  if (!writeStored(storageKey(play.system), play.state)) {
    say(play, "This browser would not save on this device (storage full or off).", true);
  }
  let record = stepsRecord(play.steps);
  // Storage too full for every step: the farthest go first, and at worst none are kept.
  while (!writeStored(storageKey(play.system, "play-undo"), record)) {
    dropFarthest(play.steps);
    record = stepsRecord(play.steps);
  }
}

/**
 * Undo and Redo can be pressed only with a step to go to.
 * @param {Play} play
 */
function showSteps(play) {
  play.ui.buttons.undo.disabled = !play.steps.undo.length;
  play.ui.buttons.redo.disabled = !play.steps.redo.length;
}

/**
 * The views forget the results they keep beside an entry (a roll's dice) before it is drawn anew.
 * @param {Play} play
 */
function reset(play) {
  play.root.dispatchEvent(new CustomEvent("srd-play-reset"));
}

/**
 * The list of entries, the toolbar's buttons and the sheet drawn as the state now is.
 * @param {Play} play
 */
function refresh(play) {
  const { picker, buttons, sheet } = play.ui;
  const list = entries(play);
  picker.replaceChildren(...list.map((entry, i) => el("option", { value: String(i) }, entry.name)));
  picker.disabled = list.length === 0;
  picker.value = String(play.state.current);
  buttons.remove.disabled = list.length === 0;
  showSteps(play);
  buttons.exportFile.disabled = buttons.link.disabled = list.length === 0;
  // (Drawn anew, the field being typed in keeps its focus, caret and text: play-focus.js.)
  redrawKeepingFocus(sheet, () => {
    sheet.replaceChildren();
    const entry = entries(play)[play.state.current];
    if (entry) {
      play.draw(entry, play.frame);
      sheet.append(drawLog(play, entry));
    } else {
      sheet.append(el("p", { class: "srd-play__empty" }, `No ${play.nouns} saved on this device yet: press “New ${play.noun}”.`));
    }
  });
}

/**
 * The entry's log under its sheet: newest first, each change with a roll's dice, result and
 * chance; on paper too.
 * @param {Play} play
 * @param {any} entry
 * @returns {HTMLElement}
 */
function drawLog(play, entry) {
  const log = Array.isArray(entry.log) ? entry.log : [];
  const box = el("section", { class: "srd-play__log", "aria-labelledby": `${play.root.id}-log` },
    el("h2", { id: `${play.root.id}-log` }, "Log"));
  if (!log.length) {
    box.append(el("p", { class: "srd-play__log-empty" },
      `Nothing yet: this ${play.noun}'s rolls and changes are listed here, the newest first.`));
    return box;
  }
  const parts = [["dice", "Dice"], ["result", "Result"], ["chance", "Chance"]];
  box.append(el("ol", { class: "srd-play__log-list" }, ...log.map((/** @type {any} */ item) => el("li", {},
    el("span", { class: "srd-play__log-what" }, item.what),
    ...parts.filter(([part]) => item[part]).map(([part, name]) =>
      el("span", { class: "srd-play__log-part" }, `${name}: ${item[part]}`))))));
  return box;
}

/**
 * Every change: the state before it becomes the one Undo gives back. A change past the
 * engine's limits is not applied (the sheet is drawn again as saved) and says why; the
 * answer is whether it was applied.
 * @param {Play} play
 * @param {PlayState} next
 * @param {string} words
 * @returns {boolean}
 */
function commit(play, next, words) {
  next = trimLogs(next, play.limits);
  const refusal = pastLimits(next, play.limits, play.nouns);
  if (refusal) {
    refresh(play);
    say(play, refusal, true);
    return false;
  }
  pushStep(play.steps, play.state, stepWords(words, `A change to your ${play.nouns}.`));
  play.state = next;
  save(play);
  refresh(play);
  if (words) say(play, words);
  return true;
}

/**
 * A new state of the document holding `list`, the entry at `current` shown.
 * @param {Play} play
 * @param {Array<any>} list
 * @param {number} current
 * @returns {PlayState}
 */
function withEntries(play, list, current) {
  return { document: { ...play.state.document, entries: list }, current };
}

// --- a refusal in the reader's words, at its field -----------------------------------------

/**
 * The control a refusal's path belongs to: the one whose data-field is the path, else the
 * nearest enclosing path that one has (null if none is on the sheet).
 * @param {HTMLElement} sheet
 * @param {string | undefined} path
 * @returns {HTMLElement | null}
 */
function controlFor(sheet, path) {
  if (!path) return null;
  /** @type {HTMLElement | null} */
  let best = null;
  for (const node of sheet.querySelectorAll("[data-field]")) {
    const own = /** @type {HTMLElement} */ (node).dataset.field || "";
    const within = own === path || path.startsWith(`${own}.`) || path.startsWith(`${own}[`);
    if (within && (!best || own.length > (best.dataset.field || "").length)) best = /** @type {HTMLElement} */ (node);
  }
  return best;
}

/**
 * A control's name as the reader sees it: its label, else its accessible name.
 * @param {any} control
 * @returns {string}
 */
function nameOf(control) {
  const label = control.labels && control.labels[0] ? control.labels[0].textContent : control.getAttribute("aria-label");
  return String(label || "").trim();
}

/**
 * An engine refusal ({message, field}) in the reader's words: the path it opens with becomes
 * the field's label (or the path in words, `labels`), never the path itself.
 * @param {Play} play
 * @param {any} error
 * @returns {string}
 */
function refusalWords(play, error) {
  const message = String(error && error.message || "Something went wrong.");
  const path = error && error.field;
  if (!path || !message.startsWith(`${path}: `)) return message;
  const rest = message.slice(path.length + 2);
  const control = controlFor(play.ui.sheet, path);
  const name = (control && control.dataset.field === path && nameOf(control)) || pathWords(path, play.labels, play.noun);
  return name ? `${name}: ${rest}` : rest[0].toUpperCase() + rest.slice(1);
}

/**
 * Take every refusal shown at a field within `scope` away (e.g. a roll form whose field was
 * fixed without a change: nothing is saved, so the sheet is not drawn anew).
 * @param {Element} scope
 */
function clearFieldErrors(scope) {
  for (const line of scope.querySelectorAll(".srd-play__field-error")) line.remove();
  for (const node of scope.querySelectorAll("[aria-invalid]")) {
    node.removeAttribute("aria-invalid");
    const described = (node.getAttribute("aria-describedby") || "").split(" ").filter((id) => id && !id.endsWith("-refusal"));
    if (described.length) node.setAttribute("aria-describedby", described.join(" "));
    else node.removeAttribute("aria-describedby");
  }
}

/**
 * Show an engine refusal where it belongs: at its field (marked invalid, the words just after
 * it and read with it), else on the status line. The sheet's next drawing clears it.
 * @param {Play} play
 * @param {any} error
 */
function fail(play, error) {
  clearFieldErrors(play.ui.sheet);
  const words = refusalWords(play, error);
  const control = controlFor(play.ui.sheet, error && error.field);
  if (!control) return say(play, words, true);
  const id = `${play.root.id}-refusal`;
  const line = el("p", { class: "srd-play__field-error", id, role: "alert" }, words);
  (control.closest(".srd-field") || control).after(line);
  control.setAttribute("aria-invalid", "true");
  control.setAttribute("aria-describedby", [control.getAttribute("aria-describedby"), id].filter(Boolean).join(" "));
  say(play, "");
}

/**
 * What a view is handed (see playFrame).
 * @param {Play} play
 */
function viewFrame(play) {
  return {
    engine: play.engine, call: play.call, sheet: play.ui.sheet,
    say: (/** @type {string} */ words, error = false) => say(play, words, error),
    entry: () => entries(play)[play.state.current],
    // Replace the entry shown with `entry` (the engine's normal form), its log carried on with
    // this change in it (`record`: a roll's {dice, result, chance}, as words); false if the
    // change was refused (past the engine's limits: the status line says so).
    change(/** @type {any} */ entry, /** @type {string} */ words, /** @type {any} */ record = null) {
      const list = entries(play).slice();
      list[play.state.current] = logged(list[play.state.current], entry, words, record, play.limits, play.noun);
      return commit(play, withEntries(play, list, play.state.current), words);
    },
    // Every saved entry (a copy), e.g. to pick a second one for a roll between two of them.
    entries: () => entries(play).slice(),
    fail: (/** @type {any} */ error) => fail(play, error),
    words: (/** @type {any} */ error) => refusalWords(play, error),
    clear: (/** @type {Element} */ scope = play.ui.sheet) => clearFieldErrors(scope),
    // Replace several entries in one change (one Undo): `changed` maps an index to its entry;
    // each changed entry's log gets the change (and `record`).
    changeMany(/** @type {Record<number, any>} */ changed, /** @type {string} */ words, /** @type {any} */ record = null) {
      const list = entries(play).map((entry, i) => (i in changed
        ? logged(entry, changed[i], words, record, play.limits, play.noun) : entry));
      return commit(play, withEntries(play, list, play.state.current), words);
    },
  };
}

// --- the toolbar: pick, new, delete, Undo and Redo ------------------------------------------

/**
 * The entry picked from the list is shown.
 * @param {Play} play
 */
function pickEntry(play) {
  play.state = { ...play.state, current: Number(play.ui.picker.value) };
  save(play);
  refresh(play);
  say(play, `Showing ${entries(play)[play.state.current].name}.`);
}

/**
 * A new entry from the engine, added at the end and shown.
 * @param {Play} play
 */
async function addEntry(play) {
  const reply = await play.call({ action: "play_new", name: `New ${play.noun}` });
  if (!reply.ok) return say(play, refusalWords(play, reply.error), true);
  const made = reply.result[play.noun];
  const list = [...entries(play), made];
  commit(play, withEntries(play, list, list.length - 1), `New ${play.noun} added: ${made.name}.`);
}

/**
 * The entry shown is deleted (Undo brings it back).
 * @param {Play} play
 */
function removeEntry(play) {
  const gone = entries(play)[play.state.current];
  if (!gone) return;
  const list = entries(play).filter((_, i) => i !== play.state.current);
  commit(play, withEntries(play, list, Math.max(0, play.state.current - 1)), `${gone.name} deleted. Undo brings them back.`);
}

/**
 * Undo (from "undo" to "redo") or Redo (the other way): the step's document is checked and
 * brought up to date by the engine first; one it refuses is dropped, and nothing changes.
 * The button pressed, once there is no step left for it, hands the focus to the other one.
 * @param {Play} play
 * @param {"undo" | "redo"} from
 * @param {"undo" | "redo"} to
 * @param {string} done
 * @param {string} named
 */
async function travel(play, from, to, done, named) {
  const { steps, ui } = play;
  const step = steps[from].at(-1);
  if (!step || play.travelling) return;
  play.travelling = true;
  const reply = await play.call({ action: "play_check", document: step.state.document });
  play.travelling = false;
  steps[from].splice(steps[from].lastIndexOf(step), 1);
  const focused = document.activeElement === ui.buttons[from];
  const keepFocus = () => {
    if (focused && ui.buttons[from].disabled) (ui.buttons[to].disabled ? ui.picker : ui.buttons[to]).focus();
  };
  if (!reply.ok) {
    save(play);
    showSteps(play);
    keepFocus();
    return say(play, `${named}: that step could not be read (${refusalWords(play, reply.error)}); it is dropped. `
      + "Nothing was changed.", true);
  }
  const count = reply.result.document.entries.length;
  steps[to].push({ state: JSON.parse(JSON.stringify(play.state)), what: step.what });
  play.state = { document: reply.result.document, current: shownIndex(step.state.current, count) };
  save(play);
  reset(play);
  refresh(play);
  keepFocus();
  say(play, `${done}: ${step.what}`);
}

// --- files and links --------------------------------------------------------------------------

/**
 * The document saved as a JSON file, named after the entry shown.
 * @param {Play} play
 */
function exportFile(play) {
  const blob = new Blob([`${JSON.stringify(play.state.document, null, 1)}\n`], { type: "application/json" });
  const link = el("a", { href: URL.createObjectURL(blob), download: fileName(play.system, play.frame.entry()?.name) });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  const count = entries(play).length;
  say(play, `Exported ${count} ${count === 1 ? play.noun : play.nouns} as ${link.download}.`);
}

/**
 * The file chosen is read by the engine and its entries added.
 * @param {Play} play
 */
async function importFile(play) {
  const { fileInput } = play.ui;
  const file = fileInput.files && fileInput.files[0];
  fileInput.value = "";
  if (!file) return;
  let text;
  try {
    text = await file.text();
  } catch {
    return say(play, `${file.name} could not be read. Nothing saved was changed.`, true);
  }
  const reply = await play.call({ action: "play_import", text });
  if (!reply.ok) {
    return say(play, `${file.name} was not imported: ${refusalWords(play, reply.error)}. Nothing saved was changed.`, true);
  }
  addEntries(play, reply.result.document.entries, `Imported from ${file.name}`, file.name, play.ui.buttons.importFile);
}

/**
 * Entries from a file or a link join those already saved (Undo takes them out again); if one
 * has the name of an entry saved here, the reader is asked first: replace it, or keep both.
 * @param {Play} play
 * @param {Array<any>} more
 * @param {string} where
 * @param {string} source
 * @param {HTMLElement} back where the focus goes after the question
 */
function addEntries(play, more, where, source, back) {
  if (!more.length) return say(play, `${where}: no ${play.nouns} in it. Nothing saved was changed.`, true);
  const same = namesTaken(entries(play), more);
  if (same.length) return askReplace(play, { more, same, where, source, back });
  keepBoth(play, more, where);
}

/**
 * @param {Play} play
 * @param {Array<any>} more
 * @param {string} where
 */
function keepBoth(play, more, where) {
  const list = [...entries(play), ...more];
  reset(play);
  commit(play, withEntries(play, list, entries(play).length), `${where}: ${more.map((e) => e.name).join(", ")}.`);
}

/**
 * Each entry from the file or link takes the place of the first saved entry of its name not
 * yet replaced (one with no such name is added at the end); the first of them is shown.
 * @param {Play} play
 * @param {Array<any>} more
 * @param {string} where
 */
function replaceSaved(play, more, where) {
  const { list, places, replaced, added } = replaceByName(entries(play), more);
  reset(play);
  commit(play, withEntries(play, list, places[0]),
    `${where}: ${replaced.join(", ")} replaced${added.length ? `; ${added.join(", ")} added` : ""}.`);
}

/**
 * The question, inside the frame: "Replace", "Keep both" or "Cancel" (Escape), the focus on
 * it; whichever is chosen, the focus goes back to `back` (or the list of entries).
 * @param {Play} play
 * @param {{more: Array<any>, same: string[], where: string, source: string, back: HTMLElement}} asked
 */
function askReplace(play, { more, same, where, source, back }) {
  const { choice, picker } = play.ui;
  const one = same.length === 1;
  const question = el("p", { id: `${play.root.id}-choice`, class: "srd-play__question" },
    `${source} holds ${same.join(", ")}: ${one ? "a name" : "names"} already saved on this device. `
    + `Replace the saved ${one ? play.noun : play.nouns}, or keep both?`);
  const close = () => {
    choice.hidden = true;
    choice.replaceChildren();
    (back && back.isConnected && !(/** @type {any} */ (back).disabled) ? back : picker).focus();
  };
  const cancel = () => say(play, `Not added: nothing saved was changed.`);
  choice.replaceChildren(question, el("div", { class: "srd-play__choices" },
    choiceButton("Replace", close, () => replaceSaved(play, more, where)),
    choiceButton("Keep both", close, () => keepBoth(play, more, where)),
    choiceButton("Cancel", close, cancel)));
  choice.onkeydown = (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    close();
    cancel();
  };
  choice.hidden = false;
  say(play, "");
  choice.focus();
}

/**
 * One answer to the question: `close` it, then `act`.
 * @param {string} words
 * @param {() => void} close
 * @param {() => void} act
 * @returns {HTMLButtonElement}
 */
function choiceButton(words, close, act) {
  const button = el("button", { type: "button", class: "md-button" }, words);
  button.addEventListener("click", () => {
    close();
    act();
  });
  return button;
}

/**
 * A link holding the document: shown, then shared, copied, or selected for the reader to copy.
 * @param {Play} play
 */
async function shareLink(play) {
  const reply = await play.call({ action: "play_link", document: play.state.document });
  if (!reply.ok) return say(play, refusalWords(play, reply.error), true);
  const url = new URL(location.href);
  url.search = "";
  url.hash = LINK_KEY + reply.result.link;
  play.ui.linkBox.value = url.href;
  play.ui.linkBox.hidden = false;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: document.title, url: url.href });
      return say(play, "Shared.");
    } catch (error) {
      if (error && /** @type {any} */ (error).name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url.href);
    say(play, "Link copied: whoever opens it sees these sheets and can save them.");
  } catch {
    play.ui.linkBox.focus();
    play.ui.linkBox.select();
    say(play, "Copy the selected link (Ctrl+C or ⌘C): whoever opens it sees these sheets.");
  }
}

/**
 * Every control of the toolbar does what it says.
 * @param {Play} play
 */
function wireToolbar(play) {
  const { picker, buttons, fileInput } = play.ui;
  picker.addEventListener("change", () => pickEntry(play));
  buttons.add.addEventListener("click", () => addEntry(play));
  buttons.remove.addEventListener("click", () => removeEntry(play));
  buttons.undo.addEventListener("click", () => travel(play, "undo", "redo", "Undone", "Undo"));
  buttons.redo.addEventListener("click", () => travel(play, "redo", "undo", "Redone", "Redo"));
  buttons.exportFile.addEventListener("click", () => exportFile(play));
  buttons.importFile.addEventListener("click", () => fileInput.click());
  fileInput.addEventListener("change", () => importFile(play));
  buttons.link.addEventListener("click", () => shareLink(play));
  buttons.print.addEventListener("click", () => window.print());
  installPrint(); // every value written out as text on paper (play-print.js)
}

// --- starting: the engine's limits, what this device saved, a link opened -----------------------

/**
 * The engine's limits on a document, and the format version a new device's document is written in.
 * @param {Play} play
 */
async function loadLimits(play) {
  const limited = await play.call({ action: "play_limits" });
  if (limited.ok) {
    play.limits = limited.result.limits;
    // (A saved document is brought up to it by play_check: loadStored.)
    play.state = { ...play.state, document: { ...play.state.document, version: limited.result.version } };
  } else say(play, limited.error.message, true);
}

/**
 * What this device saved, checked (and brought up to date) by the engine; a copy it refuses is
 * kept aside.
 * @param {Play} play
 */
async function loadStored(play) {
  const stored = readStored(storageKey(play.system));
  if (stored && stored.document) {
    const reply = await play.call({ action: "play_check", document: stored.document });
    if (reply.ok) {
      const count = reply.result.document.entries.length;
      play.state = { document: reply.result.document, current: shownIndex(stored.current, count) };
      // Brought up to a newer format version: kept in that version from now on.
      if (reply.result.document.version !== stored.document.version) save(play);
    } else {
      writeStored(storageKey(play.system, "play-unreadable"), stored);
      say(play, `Your saved ${play.nouns} could not be read (${refusalWords(play, reply.error)}); `
        + "they are kept aside on this device.", true);
    }
  } else if (stored === undefined) {
    say(play, `Your saved ${play.nouns} could not be read; they are left as they were.`, true);
  }
}

/**
 * A shared link in the address (`#play=…`): opened by the engine, its entries added, the address
 * cleared.
 * @param {Play} play
 */
async function openLink(play) {
  if (!location.hash.startsWith(`#${LINK_KEY}`)) return;
  const reply = await play.call({ action: "play_open_link", link: location.hash.slice(LINK_KEY.length + 1) });
  history.replaceState(history.state, "", location.pathname + location.search);
  if (reply.ok) addEntries(play, reply.result.document.entries, "Opened from the link", "The link", play.ui.picker);
  else say(play, `The link was not opened: ${refusalWords(play, reply.error)}. Nothing saved was changed.`, true);
}

/**
 * The engine is ready: limits, the saved document, the sheet, a link; then the root says "ready"
 * (after a shared link is opened or refused, so what it says is on the page by then).
 * @param {Play} play
 */
async function start(play) {
  say(play, "");
  await loadLimits(play);
  await loadStored(play);
  refresh(play);
  await openLink(play);
  play.root.dataset.state = "ready";
}

/**
 * Start once the engine has loaded; if it fails, say so, with a Retry that starts it again.
 * @param {Play} play
 */
function watchEngine(play) {
  const { root, engine } = play;
  const retry = el("button", { type: "button", class: "md-button srd-play__retry", hidden: "" }, "Retry");
  play.ui.status.after(retry);
  retry.addEventListener("click", () => {
    retry.hidden = true;
    root.dataset.state = "loading";
    say(play, "Loading the dice engine again…");
    engine.retry();
    engine.whenSettled(settled);
  });
  function settled() {
    if (engine.status === "failed") {
      root.dataset.state = "failed";
      retry.hidden = false;
      say(play, engine.message || "The dice engine could not load. Check the connection, then press Retry.", true);
      return;
    }
    start(play);
  }
  engine.whenSettled(settled);
}

/**
 * `playFrame(root, {system, noun, nouns, draw, labels})`:
 * - `noun`: what an entry is ("character", "scene"); a new one is the engine's `play_new`
 *   named "New <noun>", found under that noun in its reply;
 * - `draw(entry, frame)` draws one entry into `frame.sheet` (called after every change);
 * - `labels` ({key: words}) names the entry's keys in a refusal with no control to show it at
 *   (a file's, a link's): `frame.words`.
 * Before Undo, Redo or an entry from a file or a link is shown, `root` gets the event
 * "srd-play-reset": a view forgets the results it keeps beside the entry (a roll's dice).
 * Returns the frame: {engine, sheet, call, entry(), entries(), change(entry, words, record),
 * changeMany(changed, words, record), say(words, error), fail(error), words(error), clear(scope)}.
 * @param {HTMLElement} root
 * @param {{system: string, noun: string, nouns: string, draw: Draw, labels?: Record<string, string>}} options
 * @returns {Frame}
 */
export function playFrame(root, { system, noun, nouns, draw, labels: own = {} }) {
  const engine = getEngine();
  /** @type {Play} */
  const play = {
    root, system, noun, nouns, draw, engine,
    labels: { ...own, ...LOG_LABELS }, // (the log is the frame's: named here for every view)
    call: (request) => engine.call({ system, ...request }),
    state: { document: { format: "dice-srd-play", version: 1, system, entries: [] }, current: 0 },
    // The steps Undo and Redo go through (see the top of this file); `travelling` while one is
    // checked (a press meanwhile does nothing).
    steps: readSteps(readStored(storageKey(system, "play-undo"))),
    travelling: false,
    limits: null, // the engine's (play_limits), once it is ready
    ui: mountParts(root, noun, nouns),
    frame: null,
  };
  play.frame = viewFrame(play);
  wireToolbar(play);
  watchEngine(play);
  say(play, "Loading the dice engine…");
  return play.frame;
}
