// What every widget shares: building elements, numbers written like the engine writes them,
// replies that must not arrive out of order, and the form around the engine (status line,
// errors under their field, the seed, the permalink, enabling once the engine is ready and
// a Retry when it could not load, results that say when they no longer match the inputs).
// Markup contract: macros/widget_html.py.
//
// Before the engine is up: a widget whose markup carries its first answer (the odds for the
// default inputs, computed when the site was built) shows it at once and lets the reader
// edit the form (Roll waits for the engine); the status line counts the engine's bytes as
// they arrive. The page's address follows every widget's inputs as they are edited, and
// opening it puts them back. After Back then Forward a widget shows its last roll again (kept
// per page in sessionStorage). Every roll shown goes into the device's history (history.js).

import { getEngine } from "../runtime/engine.js";
import { recordRoll } from "./history.js";
import { shareButton } from "./share.js";

// Typing pauses this long before the engine is asked: short enough to feel live (odds
// are a few ms for ordinary pools), long enough not to queue a big pool per keystroke.
export const INPUT_DELAY_MS = 40;

// An input being typed is unfinished more often than wrong: its error is shown once typing
// has paused this long, or when the field is left, or on Roll (valid input updates at once).
// Test hook: `window.srdTimeouts = {errorPause: ms}`, set before the page's scripts run.
export const ERROR_PAUSE_MS = 700;

function errorPause() {
  const hook = globalThis.srdTimeouts && globalThis.srdTimeouts.errorPause;
  return Number.isFinite(hook) && hook >= 0 ? hook : ERROR_PAUSE_MS;
}

// The status line while a field shows an error: the results on screen are older.
const FIX_TEXT = "Check the marked field: what is shown is for the last valid input.";

// --- elements ------------------------------------------------------------------------------
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value);
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

// "1 hit", "2 hits".
export function plural(count, one, many) {
  return `${count} ${count === 1 ? one : many}`;
}

// --- exact numbers -------------------------------------------------------------------------
function parseRatio(text) {
  const [num, den = "1"] = String(text).split("/");
  return [BigInt(num), BigInt(den)];
}

// "num/den" as a float, for drawing only.
export function ratioValue(ratio) {
  const [num, den] = parseRatio(ratio);
  return Number((num * 1000000n) / den) / 1e6;
}

// --- asking after a pause -----------------------------------------------------------------
// `const odds = afterPause(update)`: `odds.schedule()` (re)starts the input pause, then calls
// `update(true)` (true: the reader is typing); `odds.cancel()` drops a waiting call;
// `odds.flush()` makes a waiting call at once (before a roll, so the odds catch up with what
// was just typed). The methods need no `this`: pass them as event listeners.
export function afterPause(run, delay = INPUT_DELAY_MS) {
  let timer = 0;
  const cancel = () => {
    clearTimeout(timer);
    timer = 0;
  };
  return {
    cancel,
    schedule() {
      cancel();
      timer = setTimeout(() => {
        timer = 0;
        run(true);
      }, delay);
    },
    flush() {
      if (timer) {
        cancel();
        run(false);
      }
    },
  };
}

// --- replies in order ----------------------------------------------------------------------
// `const latest = newestOnly(); const reply = await latest(promise);` gives the reply, or
// null when a newer request went out through the same `latest` meanwhile (a stale answer
// must never overwrite a newer one).
export function newestOnly() {
  let newest = 0;
  return async (promise) => {
    const mine = ++newest;
    const reply = await promise;
    return mine === newest ? reply : null;
  };
}

// --- the first answer, written into the page when it was built ------------------------------
// A JSON value with its object keys in one order, to compare two requests.
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

// {request, reply} from the widget's `data-first` attribute, or null.
function firstAnswer(root) {
  if (!root.dataset.first) return null;
  try {
    const first = JSON.parse(root.dataset.first);
    return first && first.request && first.reply && first.reply.ok ? first : null;
  } catch (error) {
    console.error("a widget's first answer could not be read:", error);
    return null;
  }
}

// The engine, except that while it loads the first request is answered from the page: the
// same reply the engine gives it (the site build asked the engine), at once.
function answeringFirst(engine, first) {
  const asked = canonical(first.request);
  const answering = Object.create(engine);
  answering.call = (request) => (engine.status === "loading" && canonical(request) === asked
    ? Promise.resolve(JSON.parse(JSON.stringify(first.reply)))
    : engine.call(request));
  return answering;
}

// --- the engine's loading, as a share ---------------------------------------------------------
// Every widget shows the share of the engine arrived so far (aria-hidden: not read out at each change);
// screen readers hear the stage from each widget's status line, and the bytes from one
// line for the page, at most every ANNOUNCE_MS.
const ANNOUNCE_MS = 5000;
let announcer = null;
let announcedAt = -Infinity;

function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1);
}

// "37%": how much of the engine has arrived, as a share of all of it (or "2.1 MB" while the
// total is unknown). A share, not megabytes: the files cross the network compressed, so the
// files' own sizes would count far more than the reader waits for.
export function bytesText({ loaded, total }) {
  return total > 0 ? `${Math.floor((100 * Math.min(loaded, total)) / total)}%` : `${megabytes(loaded)} MB`;
}

function announce(text) {
  const now = performance.now();
  if (text && now - announcedAt < ANNOUNCE_MS) return;
  if (!announcer || !announcer.isConnected) {
    // In the page's main landmark (swapped with the page by instant navigation: made again).
    announcer = el("p", { class: "srd-visually-hidden srd-engine-announcer", role: "status", "aria-live": "polite" });
    (document.querySelector("main") || document.body).append(announcer);
  }
  if (text) announcedAt = now;
  announcer.textContent = text;
}

// --- the address: every widget's inputs, as they change --------------------------------------
// Each widget writes its inputs into the page's address as the reader edits them (only those
// not at their default), so the address shares the odds on screen without a roll; opening it
// puts the inputs back. A control's name in the address is its id without the widget's
// prefix (#ds-attribute → attribute; a radio group: its name; the seed is left out), the
// names its permalinks use. Bare names belong to one widget of the page: the one a
// permalink's `w` names, else the page's first widget; any other widget writes its controls'
// full ids (xya-tn), so widgets of one page never take each other's values. Every other
// query parameter (another widget's, another feature's) is kept as it is.
const ADDRESS_GAP_MS = 150; // the least wait before a change that went over the budget below
const CHECKED_WORDS = new Set(["on", "1", "true", "yes"]);
const UNCHECKED_WORDS = new Set(["off", "0", "false", "no", ""]);
let addressWrittenAt = -Infinity;
const addressWriters = new Set(); // widgets with an address change waiting for the gap

const unprefixed = (id, prefix) => (id.startsWith(`${prefix}-`) ? id.slice(prefix.length + 1) : id);

// The form's controls by their address name: {kind: "text"|"checkbox"|"radio", controls}.
function addressControls(form, prefix) {
  const found = new Map();
  for (const control of form.querySelectorAll("input")) {
    if (control.type === "radio") {
      if (!control.name) continue;
      const name = unprefixed(control.name, prefix);
      if (!found.has(name)) found.set(name, { kind: "radio", controls: [] });
      found.get(name).controls.push(control);
    } else if (control.id && control.type !== "hidden") {
      const name = unprefixed(control.id, prefix);
      if (name === "seed") continue; // a seed belongs to a roll, which a permalink carries
      found.set(name, { kind: control.type === "checkbox" ? "checkbox" : "text", controls: [control] });
    }
  }
  return found;
}

// A control's value as the address writes it, or null at its default.
function addressValue({ kind, controls }) {
  if (kind === "text") return controls[0].value === controls[0].defaultValue ? null : controls[0].value;
  if (kind === "checkbox") {
    const box = controls[0];
    if (box.checked === box.defaultChecked) return null;
    return box.checked ? (box.value && box.value !== "on" ? box.value : "on") : "off";
  }
  if (controls.every((radio) => radio.checked === radio.defaultChecked)) return null;
  const chosen = controls.find((radio) => radio.checked);
  return chosen ? chosen.value : null;
}

// A value read from the address, as the controls would show it: null when it cannot be shown
// (no such radio button, a word that is not a switch's), or when it is the default.
function fromAddress({ kind, controls }, value) {
  if (kind === "text") return value === controls[0].defaultValue ? null : value;
  if (kind === "checkbox") {
    const box = controls[0];
    const word = value.toLowerCase();
    const on = value === box.value || CHECKED_WORDS.has(word) ? true : UNCHECKED_WORDS.has(word) ? false : null;
    if (on === null || on === box.defaultChecked) return null;
    return on ? (box.value && box.value !== "on" ? box.value : "on") : "off";
  }
  const radio = controls.find((r) => r.value === value);
  return !radio || radio.defaultChecked ? null : value;
}

function setFromAddress({ kind, controls }, value) {
  if (kind === "text") {
    controls[0].value = value;
    return [];
  }
  if (kind === "checkbox") {
    const box = controls[0];
    const on = value !== "off";
    if (box.checked === on) return [];
    box.checked = on;
    return [box];
  }
  const radio = controls.find((r) => r.value === value);
  if (!radio || radio.checked) return [];
  radio.checked = true;
  return [radio];
}

const stringValues = (params) => Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));

// Safari refuses more than 100 address changes in 30 s: changes beyond a budget wait, and the
// last one waiting is written (one a second at most).
const ADDRESS_BUDGET = 60;
const ADDRESS_WINDOW_MS = 30_000;
const addressTimes = [];
function addressWait() {
  const now = performance.now();
  while (addressTimes.length && addressTimes[0] <= now - ADDRESS_WINDOW_MS) addressTimes.shift();
  if (addressTimes.length < ADDRESS_BUDGET) return 0;
  return Math.max(ADDRESS_GAP_MS, addressWrittenAt + 1000 - now);
}

function replaceAddress(url) {
  if (url.href === location.href) return;
  try {
    history.replaceState(history.state, "", url.href);
    addressWrittenAt = performance.now();
    addressTimes.push(addressWrittenAt);
  } catch (error) {
    console.warn("the address could not follow the inputs:", error);
  }
}

// A roll just shown goes into the device's history of rolls (history.js), with its
// permalink and one line: the widget, the inputs it answers and its headline.
function historyHook(root, form, content, description) {
  const link = content.querySelector && content.querySelector("a.srd-roll__permalink");
  if (!link) return;
  const headline = content.querySelector(".srd-roll__headline, p");
  const words = (node) => (node ? node.textContent.replace(/\s+/g, " ").trim() : "");
  const heading = document.querySelector(".md-content h1");
  const page = heading ? words(heading).replace(/¶$/, "").trim() : document.title;
  const widget = form.getAttribute("aria-label") || root.id;
  const title = widget.toLowerCase().includes(page.toLowerCase()) ? widget : `${page}: ${widget}`;
  recordRoll({ title, inputs: String(description || ""), result: words(headline), href: link.href });
}

// --- Back then Forward: the last roll comes back ---------------------------------------------
// What a widget showed (its controls and its kept results) is saved per page and widget in
// sessionStorage, and put back when the reader returns to the page through the browser's
// history: Material's instant navigation (a popstate) or a full page load of type
// back_forward. A fresh visit (a link, a reload) starts from the page as written, or from the
// inputs its address carries. The memory is put back only where the address still carries the
// inputs it was saved with: an address that says other inputs (a permalink, an older entry of
// the history) wins.
let returnedTo = "";
{
  const entry = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
  if (entry && entry.type === "back_forward") returnedTo = new URL(entry.name).pathname;
}
// A click that follows a link in this tab: the main button, no key held.
function plainClick(event) {
  return event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}

// A link followed to an address with a #fragment brings popstates of its own, on its own
// page: Material jumps to the fragment (once as the link is clicked, again once the page is
// swapped in) as a fragment navigation does. Those are the link's, not a return through the
// history. `followed`: the path of the last link clicked, until a popstate elsewhere.
let followed = "";
window.addEventListener("popstate", () => {
  if (followed === location.pathname && location.hash !== "") return;
  followed = "";
  returnedTo = location.pathname;
  // An address change still waiting belongs to the entry just left: it is dropped.
  for (const writer of addressWriters) writer.cancel();
});
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!link) return;
  returnedTo = "";
  followed = plainClick(event) && !link.target ? new URL(link.href, location.href).pathname : "";
  // Leaving (or following a permalink): the entry being left gets its inputs first.
  for (const writer of [...addressWriters]) writer.flush();
}, true);
window.addEventListener("pagehide", () => {
  for (const writer of [...addressWriters]) writer.flush();
});

function memoryKey(root) {
  return `srd-widget:${location.pathname}#${root.id}`;
}

function recall(root, addressState) {
  if (returnedTo !== location.pathname) return null;
  try {
    const saved = JSON.parse(sessionStorage.getItem(memoryKey(root)) || "null");
    if (!saved || typeof saved !== "object") return null;
    return (saved.address ?? "") === addressState ? saved : null;
  } catch {
    return null;
  }
}

function remember(root, memory) {
  if (!root.isConnected) return; // an answer that arrived after the reader left
  try {
    sessionStorage.setItem(memoryKey(root), JSON.stringify(memory));
  } catch {
    // Storage full or refused: the page simply starts afresh next time.
  }
}

// The form's controls by id: text as its value, a checkbox or radio as checked or not.
function controlValues(form) {
  const values = {};
  for (const control of form.querySelectorAll("input[id]")) {
    values[control.id] = control.type === "checkbox" || control.type === "radio" ? control.checked : control.value;
  }
  return values;
}

// Puts the saved values back; returns the switches it turned (each to be announced to the
// view with a change event, once it listens).
function restoreControls(form, values) {
  const turned = [];
  for (const control of form.querySelectorAll("input[id]")) {
    const value = values[control.id];
    if (control.type === "checkbox" || control.type === "radio") {
      if (typeof value !== "boolean" || value === control.checked) continue;
      control.checked = value;
      if (value || control.type === "checkbox") turned.push(control);
    } else if (typeof value === "string") {
      control.value = value;
    }
  }
  return turned;
}

// --- the form around the engine ------------------------------------------------------------
// `prefix`: the ids' prefix ("ds" → #ds-seed, #ds-seed-error); `fields`: the text fields'
// names. Returns the widget's parts and helpers.
export function engineForm(root, { prefix, fields, readyText }) {
  const form = root.querySelector("form");
  const button = form.querySelector("button[type=submit]");
  const status = root.querySelector(".srd-widget__status");
  const retry = root.querySelector(".srd-widget__retry");
  const meter = root.querySelector(".srd-widget__meter-bar");
  const inputs = {};
  for (const name of fields) inputs[name] = root.querySelector(`#${prefix}-${name}`);
  const first = firstAnswer(root);
  const engine = first ? answeringFirst(getEngine(), first) : getEngine();
  const regions = [];
  let engineError = ""; // a message about the engine itself (not about a field), if any

  // --- the address (see "the address" above) ---
  const named = addressControls(form, prefix);
  const ownsBareNames = (params) => (params.has("w") ? params.get("w") === prefix
    : document.querySelector(".srd-widget[data-view]") === root);
  // The name a control is written under; read under it, or under its full id (written
  // while another widget owned the bare names).
  const keyOf = (name, params) => (ownsBareNames(params) ? name : `${prefix}-${name}`);
  function readKey(name, params) {
    const key = keyOf(name, params);
    return params.has(key) ? key : params.has(`${prefix}-${name}`) ? `${prefix}-${name}` : null;
  }
  // This widget's inputs that `params` carries, one string ("" when none differs from its default).
  function addressState(params) {
    const pairs = [];
    for (const [name, part] of named) {
      const key = readKey(name, params);
      const value = key ? fromAddress(part, params.get(key)) : null;
      if (value !== null) pairs.push([name, value]);
    }
    return new URLSearchParams(pairs).toString();
  }
  // The same string for the controls as they are.
  function controlsState() {
    const pairs = [];
    for (const [name, part] of named) {
      const value = addressValue(part);
      if (value !== null) pairs.push([name, value]);
    }
    return new URLSearchParams(pairs).toString();
  }
  // A roll's own parameters (its permalink's: the seed and what else the view puts there),
  // which leave the address once the inputs are edited: they no longer match.
  let rollShown = null; // {params, state, show}: show: the view put them in the address
  const widgetPath = location.pathname; // the page this widget is on (instant navigation swaps pages)
  let writeTimer = 0;
  const writer = {
    cancel() {
      clearTimeout(writeTimer);
      writeTimer = 0;
      addressWriters.delete(writer);
    },
    flush() {
      if (addressWriters.has(writer)) writeAddress();
    },
  };
  function scheduleAddress() {
    const wait = addressWait();
    if (wait <= 0 && !writeTimer) return writeAddress();
    addressWriters.add(writer);
    if (!writeTimer) writeTimer = setTimeout(writeAddress, wait);
  }
  function writeAddress() {
    writer.cancel();
    // An answer that arrived after the reader left (or a field left as the page was swapped)
    // writes nothing on the page now shown.
    if (!root.isConnected || location.pathname !== widgetPath) return;
    const url = new URL(location.href);
    const params = url.searchParams;
    const state = controlsState();
    if (rollShown && rollShown.state !== state) {
      // Only the roll's own words are compared: its inputs may have been written since.
      const own = Object.entries(rollShown.params).filter(([key]) => !named.has(key));
      if (own.every(([key, value]) => params.get(key) === value)) {
        for (const key of Object.keys(rollShown.params)) params.delete(key);
      }
      rollShown = null;
    } else if (rollShown && rollShown.show) {
      for (const [key, value] of Object.entries(rollShown.params)) params.set(key, value);
    }
    for (const [name, part] of named) {
      const key = keyOf(name, params);
      const value = addressValue(part);
      if (key === name) params.delete(`${prefix}-${name}`); // written before this widget owned the bare names
      // A word already saying what the control shows stays as written (a permalink's).
      if (params.has(key) && fromAddress(part, params.get(key)) === value) continue;
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    replaceAddress(url);
  }
  // A roll's parameters (the view's permalink words) shown in the address until an edit.
  function showInAddress(params) {
    rollShown = { params: stringValues(params), state: controlsState(), show: true };
    scheduleAddress();
  }

  // Inputs the address carries are put back first; then, after Back then Forward, what the
  // widget last showed, if the address still carries the inputs it showed them for.
  const startParams = new URLSearchParams(location.search);
  const startState = addressState(startParams);
  const turned = [];
  for (const [name, part] of named) {
    const key = readKey(name, startParams);
    const value = key ? fromAddress(part, startParams.get(key)) : null;
    if (value !== null) turned.push(...setFromAddress(part, value));
  }
  const saved = recall(root, startState);
  if (saved && saved.controls) turned.push(...restoreControls(form, saved.controls));
  const memory = { controls: controlValues(form), address: controlsState(), regions: {} };

  function setStatus(text, isError = false) {
    status.textContent = text;
    status.classList.toggle("srd-widget__status--error", isError);
  }

  // What the status line says once the engine is ready.
  function readyStatus() {
    if (root.dataset.state !== "ready") return;
    if (engineError) setStatus(engineError, true);
    else if (form.querySelector("[aria-invalid=true]")) setStatus(FIX_TEXT);
    else setStatus(readyText);
  }

  // The engine's error under its field: the message and, for a notation, the notation with
  // a caret line under the offending characters (the error's own `caret` lines).
  function setFieldError(name, error) {
    dropHeld(name);
    inputs[name].setAttribute("aria-invalid", "true");
    const box = root.querySelector(`#${prefix}-${name}-error`);
    const message = el("span", { class: "srd-field__message" }, String(error.message));
    const caret = error.caret || [];
    if (caret.length !== 2) {
      box.replaceChildren(message);
      return readyStatus();
    }
    const [text, marks] = caret;
    const start = marks.indexOf("^");
    const spot = start >= text.length ? "at the end" : `at “${text.slice(start, marks.length)}”`;
    const pre = el("pre", { class: "srd-caret", "aria-hidden": "true", tabindex: "-1" }, `${text}\n${marks}`);
    box.replaceChildren(message, el("span", { class: "srd-visually-hidden" }, ` (${spot})`), pre);
    // A long notation scrolls in its box: bring the caret into view, a third of the way in.
    const columns = Math.max(text.length, marks.length, 1);
    pre.scrollLeft = Math.max(0, (pre.scrollWidth * start) / columns - pre.clientWidth / 3);
    readyStatus();
  }

  function clearFieldError(name) {
    dropHeld(name);
    if (!inputs[name].hasAttribute("aria-invalid")) return;
    inputs[name].removeAttribute("aria-invalid");
    root.querySelector(`#${prefix}-${name}-error`).replaceChildren();
    readyStatus();
  }

  // --- errors found while typing wait for a pause (ERROR_PAUSE_MS), the field's blur or Roll
  const typedAt = {}; // field → when it was last typed in
  const held = {}; // field → {error, timer}: an error not shown yet
  function dropHeld(name) {
    if (held[name]) clearTimeout(held[name].timer);
    delete held[name];
  }
  function showHeld(name) {
    const waiting = held[name];
    if (waiting) setFieldError(name, waiting.error);
  }
  function holdError(name, error) {
    const input = inputs[name];
    // A field already marked keeps its message current; one left, or paused in, shows it now.
    const wait = (typedAt[name] || 0) + errorPause() - performance.now();
    if (input.hasAttribute("aria-invalid") || document.activeElement !== input || wait <= 0) {
      return setFieldError(name, error);
    }
    dropHeld(name);
    held[name] = { error, timer: setTimeout(() => showHeld(name), wait) };
  }
  for (const name of fields) {
    inputs[name].addEventListener("input", () => {
      typedAt[name] = performance.now();
      dropHeld(name); // it was about the text before this keystroke
    });
    inputs[name].addEventListener("blur", () => showHeld(name));
  }

  // A reply to a request that checked the fields `checked` (in the engine's order).
  // Returns the result, or null after showing the error where it belongs; `typing`: the
  // request followed typing, so an error in the field being typed in waits for a pause.
  function accept(reply, checked, { typing = false } = {}) {
    if (reply.ok) {
      engineError = "";
      for (const name of checked) clearFieldError(name);
      readyStatus();
      return reply.result;
    }
    const error = reply.error || {};
    const name = String(error.field || "").toLowerCase(); // the engine names TN "TN"
    if (checked.includes(name)) {
      // The engine stops at the first bad field, so every field before it is fine.
      for (const before of checked.slice(0, checked.indexOf(name))) clearFieldError(before);
      const shown = { ...error, message: error.message || "The dice engine could not answer." };
      if (typing) holdError(name, shown);
      else setFieldError(name, shown);
    } else if (engine.status === "failed") {
      showFailure();
    } else {
      engineError = String(error.message || "The dice engine could not answer.");
      readyStatus();
    }
    return null;
  }

  // The seed is checked only when rolling; once it is marked wrong, re-check it as it is
  // edited (with `ask(seed)`, a request that checks it) so the message goes away as soon
  // as it is fixed.
  function watchSeed(ask) {
    const seed = inputs.seed;
    let timer = 0;
    seed.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        if (!seed.hasAttribute("aria-invalid")) return;
        if (seed.value.trim() === "") return clearFieldError("seed");
        const reply = await engine.call(ask(seed.value));
        if (reply.ok) clearFieldError("seed");
        else if (String(reply.error.field).toLowerCase() === "seed") setFieldError("seed", reply.error);
      }, INPUT_DELAY_MS);
    });
  }

  // --- results that say which inputs they belong to ---
  // A region (the odds, a reading, a roll) shows the engine's answer for some inputs. Once
  // the inputs no longer match, what it shows stays, dimmed, under a visible label naming
  // the inputs it answers ("Odds for the last valid input: 3d+1b vs DC 4"); the label is
  // inside the region, so its aria-live says so too, and the region carries data-stale.
  // `words`: the label's start. `key()`: the current inputs, for a region that goes stale
  // as soon as they change (a roll); a region without one is marked by `stale(true)` (the
  // odds, when the inputs cannot be read). `reveal`: scroll what is shown into view.
  // A region that `reveal`s what it shows (a roll) is `kept`: shown again after Back then
  // Forward. Before the engine is ready, an edit marks every region without a `key` (the
  // first answer, written when the site was built) until the engine answers the new inputs.
  function region(box, { words, key = null, reveal = false, kept = reveal }) {
    let shownFor = "";
    let shownKey = null;
    let label = null;
    const slot = box.classList[0] || `region-${regions.length}`;
    function mark(on) {
      const stale = Boolean(on) && box.childElementCount > 0;
      box.toggleAttribute("data-stale", stale);
      if (stale && !label) {
        label = el("p", { class: "srd-stale-label" }, `${words}: ${shownFor}`);
        label.title = label.textContent; // in full, where the line is cut short
        box.prepend(label);
      } else if (!stale && label) {
        label.remove();
        label = null;
      }
      restage(); // while the engine loads, the status line says whose odds are shown
    }
    const part = {
      // `content` answers the inputs described by `description` (whose key was `askedKey`).
      show(content, description, askedKey = key ? key() : null) {
        label = null;
        shownFor = description;
        shownKey = askedKey;
        box.replaceChildren(content);
        mark(key && shownKey !== key());
        if (reveal) revealResult(box);
        if (kept) {
          memory.regions[slot] = { html: box.innerHTML, shownFor, shownKey };
          memory.controls = controlValues(form);
          memory.address = controlsState();
          remember(root, memory);
          scheduleAddress(); // the address says the inputs this was kept for
        }
        if (reveal && root.isConnected) historyHook(root, form, content, description);
      },
      stale: mark,
      follow() {
        if (key) mark(shownKey !== key());
        else if (!kept && engine.status !== "ready") mark(true);
      },
    };
    const back = kept && saved && saved.regions && saved.regions[slot];
    if (back && typeof back.html === "string") {
      box.innerHTML = back.html;
      shownFor = String(back.shownFor || "");
      shownKey = back.shownKey ?? null;
      memory.regions[slot] = back;
      if (key) mark(shownKey !== key());
    }
    regions.push(part);
    return part;
  }
  // Every edit (typing, a switch) re-checks the results against the inputs, is kept, and is
  // written into the address. Captured, so before the view hears of it: a view that asks at
  // once may already have shown the answer (the page's own first answer comes back within
  // the same event), which must not then be marked as stale.
  for (const type of ["input", "change"]) {
    form.addEventListener(type, () => {
      regions.forEach((r) => r.follow());
      memory.controls = controlValues(form);
      memory.address = controlsState();
      if (Object.keys(memory.regions).length) remember(root, memory);
      scheduleAddress();
    }, true);
  }

  // This page with `params` as its query and the widget as its anchor: a roll's permalink.
  // Its words leave the address (if it shows them) once the inputs are edited.
  function permalink(params) {
    const url = new URL(location.href);
    url.search = new URLSearchParams(params).toString();
    url.hash = root.id;
    rollShown = { params: stringValues(params), state: controlsState(), show: false };
    return url.href;
  }

  // A permalink clicked on its own page: Material's instant navigation sometimes swaps in
  // the page afresh (which then rolls from the address, like any permalink) and sometimes
  // only updates the address as for a jump to an anchor. Apply the link here as well, so
  // the inputs and the roll always follow it; the address and history stay Material's.
  function onPermalinkClick(box, apply) {
    box.addEventListener("click", (event) => {
      const link = event.target.closest("a.srd-roll__permalink");
      if (!link || !plainClick(event)) return;
      apply(new URL(link.href).searchParams);
    });
  }

  // --- loading: enabled once the engine is ready; a Retry when it could not load ---
  let start = () => {};
  let started = false; // whether `start` has run for the engine now loading or loaded
  let stopProgress = () => {};
  let restage = () => {}; // says the stage again (an edit may have marked what is shown)

  // While the engine loads: the stage in words (heard when it changes) and the bytes so far
  // (seen as they change, heard from the page's announcer now and then); a bar under it.
  function followProgress(stageWords) {
    const stage = el("span", { class: "srd-widget__stage" });
    const bytes = el("span", { class: "srd-widget__bytes", "aria-hidden": "true" });
    status.classList.remove("srd-widget__status--error");
    status.replaceChildren(stage, bytes);
    const show = (progress) => {
      if (root.dataset.state !== "loading" || !root.isConnected) return stopProgress();
      const words = stageWords(progress.done, Boolean(root.querySelector("[data-stale]")));
      if (stage.textContent !== words) stage.textContent = words;
      bytes.textContent = progress.done || !progress.loaded && !progress.total ? "" : `: ${bytesText(progress)}`;
      if (meter) meter.style.width = progress.total ? `${((100 * Math.min(progress.loaded, progress.total)) / progress.total).toFixed(1)}%` : "0";
      if (!progress.done && progress.total) announce(`Dice engine: ${bytesText(progress)} loaded.`);
    };
    stopProgress();
    stopProgress = engine.onProgress(show);
    restage = () => show(engine.progress);
    show(engine.progress);
  }

  function endProgress() {
    stopProgress();
    stopProgress = () => {};
    restage = () => {};
    announce("");
  }

  function settled() {
    endProgress();
    if (engine.status !== "ready") return showFailure();
    // A keyboard user who pressed Retry carries on in the form, not on a vanished button
    // (after a tap or a click, focus is left alone: no phone keyboard pops up).
    const retryHadFocus = retry && retry.matches(":focus-visible");
    if (retry) retry.hidden = true;
    root.dataset.state = "ready";
    for (const control of form.querySelectorAll("input, button")) control.disabled = false;
    setStatus(readyText);
    if (retryHadFocus) form.querySelector("input, button").focus();
    if (!started) start();
    started = true;
  }

  // The engine could not load: say why, and offer Retry (a fresh worker, for every widget).
  function showFailure() {
    if (root.dataset.state === "failed") return;
    endProgress();
    started = false; // once it loads after a Retry, the view starts again
    root.dataset.state = "failed";
    for (const control of form.querySelectorAll("input, button")) control.disabled = true;
    setStatus(engine.message, true);
    if (!retry) return;
    retry.hidden = false;
    retry.removeAttribute("aria-disabled");
    retry.onclick = () => {
      if (retry.getAttribute("aria-disabled") !== "true") engine.retry();
    };
    engine.whenRestarted(() => {
      root.dataset.state = "loading";
      setStatus("Loading the dice engine again…");
      followProgress((done) => (done ? "Starting the dice engine again…" : "Loading the dice engine again"));
      retry.setAttribute("aria-disabled", "true"); // stays in place (and focused) while it loads
      engine.whenSettled(settled);
    });
  }

  // Once the engine is ready (again, after a Retry): enable every control and run `onReady`.
  // If it failed: say so, with Retry. A widget with its first answer in the page starts at
  // once: its fields are enabled, `onReady` runs (its first request is answered from the
  // page, any other waits for the engine) and the button waits for the engine.
  function whenReady(onReady) {
    start = onReady;
    // Switches put back from the address or after Back then Forward: the view now listens,
    // and shows what follows from them (a mode's fields, say).
    for (const control of turned.splice(0)) control.dispatchEvent(new Event("change", { bubbles: true }));
    // Inputs put back (from the address or the memory) make any first answer built into the
    // page one for other inputs, until the engine answers them.
    if (startState || saved) regions.forEach((r) => r.follow());
    if (engine.status === "loading") {
      const name = button.textContent.trim();
      // Inputs other than the page's own (shared in the address, or edited): what is shown is
      // the page's own answer, marked, and the status line says when these inputs get theirs.
      followProgress(first
        ? (done, marked) => (marked
          ? `The odds for these inputs come when the dice engine is ${done ? "started…" : "ready"}`
          : `“${name}” waits for the dice engine${done ? ", which is starting…" : ""}`)
        : (done) => (done ? "Starting the dice engine…" : "Loading the dice engine"));
      if (first) {
        for (const control of form.querySelectorAll("input")) control.disabled = false;
        started = true;
        onReady();
      }
    }
    engine.whenSettled(settled);
  }

  function onSubmit(action) {
    form.addEventListener("submit", (event) => {
      event.preventDefault(); // Enter in any field also lands here
      if (root.dataset.state !== "ready") return; // the button waits for the engine
      for (const name of fields) showHeld(name);
      action();
    });
  }

  // The wiring every rolling view shares: the page's address, read as a permalink, fills in
  // the form, and the widget rolls once the engine is ready if it carried a seed; a permalink
  // clicked in `box` (on its own page) fills in the form and rolls at once. `prefill(params)`
  // is the view's own part: it fills in what `params` says and returns whether to roll;
  // `update()` brings what follows the inputs (the odds) up to date, when the engine is ready
  // (again, after a Retry) and after a clicked permalink; `roll()` rolls (or draws, deals).
  function rollsFromPermalinks(box, { prefill, update = () => {}, roll }) {
    let rollOnReady = prefill(new URLSearchParams(location.search));
    onPermalinkClick(box, (params) => {
      prefill(params);
      update();
      roll();
    });
    whenReady(() => {
      update();
      if (rollOnReady) {
        rollOnReady = false;
        roll();
      }
    });
  }

  return {
    engine, form, button, inputs, setStatus, setFieldError, clearFieldError, accept,
    watchSeed, region, permalink, showInAddress, onPermalinkClick, whenReady, onSubmit,
    rollsFromPermalinks,
  };
}

// Bring a result that just appeared into view (a phone's Roll button sits above the fold of
// its result) without moving the keyboard focus; smooth unless the reader asks for less motion.
export function revealResult(box) {
  const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  box.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
}

// The seed and the permalink under a roll; with the engine's `share` text (a reply's
// `share.text`), a Share button that sends it with the permalink (share.js).
export function rollMeta(seed, href, what = "roll", share = null) {
  return el("p", { class: "srd-roll__meta" },
    "Seed ", el("code", { class: "srd-roll__seed" }, String(seed)), " · ",
    el("a", { class: "srd-roll__permalink", href }, `Permalink to this ${what}`),
    share ? shareButton(share, href, what) : null);
}

// Every value a chart draws, as a closed table under it: the bars are hidden from screen
// readers and their titles show only under a mouse, so keyboard and touch readers read this.
// `rows` are [row header, ...cells]; a cell holding "/" is an exact fraction.
export function chartValues(label, heads, rows) {
  const head = el("tr", {}, ...heads.map((text) => el("th", { scope: "col" }, text)));
  const body = rows.map(([header, ...cells]) => el("tr", {},
    el("th", { scope: "row" }, String(header)),
    ...cells.map((cell) => el("td", { class: String(cell).includes("/") ? "srd-exact-cell" : "srd-num" }, cell))));
  return el("details", { class: "srd-hits-table" },
    el("summary", {}, "Exact values"),
    el("div", { class: "srd-table-wrap", role: "region", "aria-label": label, tabindex: "0" },
      el("table", { class: "srd-table" }, el("thead", {}, head), el("tbody", {}, ...body))));
}

// The engine's explanation, one line per line, exactly as the command line prints it.
export function explanation(lines, extraClass = "") {
  const box = el("div", { class: `srd-widget__explain ${extraClass}`.trim() });
  for (const line of lines) box.append(el("p", { class: "srd-widget__line" }, line));
  return box;
}
