// @ts-check
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
// For tests, the widget carries `data-settled` once it has answered its latest inputs and
// `data-held` while an error waits for the typing pause (see checkSettled).

import { getEngine } from "../runtime/engine.js";
import { addressControls, stringValues, widgetAddress, writeControls } from "./address.js";
import { recordRoll } from "./history.js";
import { bytesText } from "./numbers.js";
import {
  addressWait, addressWriters, controlValues, plainClick, recall, remember, replaceAddress, restoreControls,
} from "./page-state.js";
import { shareButton } from "./share.js";

export { ratioValue } from "./numbers.js";

/**
 * The engine (runtime/engine.js).
 * @typedef {ReturnType<typeof getEngine>} Engine
 */

/**
 * A reply from the engine: its result, or the error it found.
 * @typedef {{ok: boolean, result?: any, error?: any}} Reply
 */

// Typing pauses this long before the engine is asked: short enough to feel live (odds
// are a few ms for ordinary pools), long enough not to queue a big pool per keystroke.
const INPUT_DELAY_MS = 40;

// An input being typed is unfinished more often than wrong: its error is shown once typing
// has paused this long, or when the field is left, or on Roll (valid input updates at once).
// Test hook: `window.srdTimeouts = {errorPause: ms}`, set before the page's scripts run.
const ERROR_PAUSE_MS = 700;

/** @returns {number} the error pause, or the test hook's */
function errorPause() {
  const timeouts = /** @type {any} */ (globalThis).srdTimeouts;
  const hook = timeouts && timeouts.errorPause;
  return Number.isFinite(hook) && hook >= 0 ? hook : ERROR_PAUSE_MS;
}

// The status line while a field shows an error: the results on screen are older.
const FIX_TEXT = "Check the marked field: what is shown is for the last valid input.";

// --- elements ------------------------------------------------------------------------------
/**
 * An element with its attributes (null, undefined and false leave one out) and children; typed
 * by its tag (`el("select")` is an HTMLSelectElement).
 * @template {string} K
 * @param {K} tag
 * @param {Record<string, any>} [attrs]
 * @param {...(Node | string | number | null | undefined)} children
 * @returns {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement}
 */
export function el(tag, attrs = {}, ...children) {
  const node = /** @type {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement} */ (
    document.createElement(tag));
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value);
  }
  node.append(.../** @type {(Node | string)[]} */ (children.filter((child) => child !== null && child !== undefined)));
  return node;
}

// "1 hit", "2 hits".
/**
 * @param {number} count
 * @param {string} one
 * @param {string} many
 * @returns {string}
 */
export function plural(count, one, many) {
  return `${count} ${count === 1 ? one : many}`;
}

// --- asking after a pause -----------------------------------------------------------------
// `const odds = afterPause(update)`: `odds.schedule()` (re)starts the input pause, then calls
// `update(true)` (true: the reader is typing); `odds.cancel()` drops a waiting call;
// `odds.flush()` makes a waiting call at once (before a roll, so the odds catch up with what
// was just typed). The methods need no `this`: pass them as event listeners.
/**
 * @param {(typing: boolean) => void} run
 * @param {number} [delay]
 */
export function afterPause(run, delay = INPUT_DELAY_MS) {
  let timer = 0;
  const pause = {}; // this pause, while it waits, in `pausesWaiting`
  const cancel = () => {
    clearTimeout(timer);
    timer = 0;
    if (pausesWaiting.delete(pause)) checkSettled();
  };
  return {
    cancel,
    schedule() {
      cancel();
      pausesWaiting.add(pause);
      for (const w of settling) w.root.removeAttribute("data-settled");
      timer = setTimeout(() => {
        timer = 0;
        try {
          run(true);
        } finally {
          pausesWaiting.delete(pause);
          checkSettled();
        }
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

// --- when a widget has answered its inputs (a mark for tests: nothing a reader meets) ---------
// `data-settled` on the widget: it has answered its latest inputs. No typing pause waits
// (afterPause's; a pause does not know its widget, so one waiting anywhere on the page counts),
// no request to the engine is unanswered, and no seed re-check waits (watchSeed). An edit, a
// request or a pause takes the mark away at once, within the event or call that starts it; it
// comes back from a task of its own (`checkSettled`), so only after the microtasks in which a
// view takes a reply (accepts it, shows it, marks what is stale, asks again) have all run.
// A test that checks something does NOT follow an edit waits for this mark, then looks.
// `data-held`: the fields whose error waits for the typing pause (holdError), by name; an
// error shown or dropped leaves it. Not waited for: the address (written within its budget).

/** @type {Set<object>} every afterPause pause now waiting */
const pausesWaiting = new Set();
/** @type {Set<Widget>} the widgets whose mark follows their state */
const settling = new Set();
let settleCheck = 0;

// Looks again, in a task of its own, whether each widget has answered its inputs.
function checkSettled() {
  if (!settleCheck) settleCheck = setTimeout(markSettled, 0);
}

function markSettled() {
  settleCheck = 0;
  for (const w of settling) {
    if (!w.root.isConnected) settling.delete(w); // a page instant navigation swapped out
    else w.root.toggleAttribute("data-settled", !pausesWaiting.size && !w.asking && !w.seedCheck);
  }
}

/**
 * Work for `w` begins: not settled until it is done.
 * @param {Widget} w
 */
function unsettle(w) {
  w.root.removeAttribute("data-settled");
  checkSettled();
}

/**
 * The engine as `w` asks it: each request counted until its reply has come.
 * @param {Widget} w
 * @param {Engine} engine
 * @returns {Engine}
 */
function counting(w, engine) {
  const counted = Object.create(engine);
  /** @param {object} request */
  counted.call = (request) => {
    const reply = engine.call(request);
    w.asking += 1;
    unsettle(w);
    const done = () => {
      w.asking -= 1;
      checkSettled(); // in a task: after the view, which awaits this reply, has taken it
    };
    reply.then(done, done);
    return reply;
  };
  return counted;
}

// --- replies in order ----------------------------------------------------------------------
// `const latest = newestOnly(); const reply = await latest(promise);` gives the reply, or
// null when a newer request went out through the same `latest` meanwhile (a stale answer
// must never overwrite a newer one).
/** @returns {(promise: Promise<any>) => Promise<any>} */
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
/**
 * @param {any} value
 * @returns {string}
 */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * The answer built into the page: the request the site build asked and the engine's reply.
 * @typedef {{request: object, reply: Reply}} FirstAnswer
 */

/**
 * {request, reply} from the widget's `data-first` attribute, or null.
 * @param {HTMLElement} root
 * @returns {FirstAnswer | null}
 */
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
/**
 * @param {Engine} engine
 * @param {FirstAnswer} first
 * @returns {Engine}
 */
function answeringFirst(engine, first) {
  const asked = canonical(first.request);
  const answering = Object.create(engine);
  /** @param {object} request */
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
/** @type {HTMLElement | null} */
let announcer = null;
let announcedAt = -Infinity;

/** @param {string} text */
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

// A roll just shown goes into the device's history of rolls (history.js), with its
// permalink and one line: the widget, the inputs it answers and its headline.
/**
 * @param {HTMLElement} root
 * @param {HTMLFormElement} form
 * @param {any} content what the region shows
 * @param {string} description
 */
function historyHook(root, form, content, description) {
  const link = content.querySelector && content.querySelector("a.srd-roll__permalink");
  if (!link) return;
  const headline = content.querySelector(".srd-roll__headline, p");
  /** @param {Node | null} node */
  const words = (node) => (node ? String(node.textContent).replace(/\s+/g, " ").trim() : "");
  const heading = document.querySelector(".md-content h1");
  const page = heading ? words(heading).replace(/¶$/, "").trim() : document.title;
  const widget = form.getAttribute("aria-label") || root.id;
  const title = widget.toLowerCase().includes(page.toLowerCase()) ? widget : `${page}: ${widget}`;
  recordRoll({ title, inputs: String(description || ""), result: words(headline), href: link.href });
}

// --- the form around the engine ------------------------------------------------------------
// `engineForm(root, {prefix, fields, readyText})` wires one widget: `prefix` is the ids'
// prefix ("ds" → #ds-seed, #ds-seed-error), `fields` the text fields' names. The functions
// below take the widget's shared state (a `Widget`); engineForm hands the view its parts and
// these functions bound to it (`FormApi`).

/**
 * An error the engine puts under a field: its message and, for a notation, the notation
 * with a caret line under the offending characters.
 * @typedef {{message?: string, field?: string, caret?: string[]}} FieldError
 */

/**
 * A place that shows the engine's answer for some inputs (see `region`).
 * @typedef {object} Region
 * @property {(content: Node, description: string, askedKey?: string | null) => void} show
 * @property {(on: unknown) => void} stale
 * @property {(restored?: boolean) => void} follow `restored`: the inputs were put back, not typed
 */

/**
 * What one widget's functions share.
 * @typedef {object} Widget
 * @property {HTMLElement} root the widget
 * @property {string} prefix its ids' prefix
 * @property {string[]} fields its text fields' names
 * @property {string} readyText the status line once the engine is ready
 * @property {HTMLFormElement} form
 * @property {HTMLButtonElement} button the submit button
 * @property {HTMLElement} status the status line
 * @property {HTMLButtonElement | null} retry
 * @property {HTMLElement | null} meter the loading bar
 * @property {Record<string, HTMLInputElement>} inputs the text fields by name
 * @property {FirstAnswer | null} first the answer built into the page
 * @property {Engine} engine
 * @property {Region[]} regions
 * @property {string} engineError a message about the engine itself (not about a field), if any
 * @property {import("./address.js").WidgetAddress} address
 * @property {import("./address.js").RollWords | null} rollShown a roll's own words in the address
 * @property {string} widgetPath the page this widget is on (instant navigation swaps pages)
 * @property {number} writeTimer an address change waiting for the budget
 * @property {import("./page-state.js").AddressWriter} writer
 * @property {HTMLInputElement[]} turned switches put back, for the view to hear of
 * @property {string} startState the inputs the address carried at the start
 * @property {import("./page-state.js").Memory | null} saved what Back then Forward brought back
 * @property {import("./page-state.js").Memory} memory what is kept for Back then Forward
 * @property {Record<string, number>} typedAt field → when it was last typed in
 * @property {Record<string, {error: FieldError, timer: number}>} held field → an error not shown yet
 * @property {() => void} start the view's `onReady`
 * @property {boolean} started whether `start` has run for the engine now loading or loaded
 * @property {() => void} stopProgress
 * @property {() => void} restage says the stage again (an edit may have marked what is shown)
 * @property {number} asking requests to the engine not answered yet
 * @property {boolean} seedCheck a seed re-check waits for its pause
 */

/**
 * @param {HTMLElement} root
 * @param {string} prefix
 * @param {string[]} fields
 * @param {string} readyText
 * @returns {Widget}
 */
function widgetParts(root, prefix, fields, readyText) {
  const form = /** @type {HTMLFormElement} */ (root.querySelector("form"));
  /** @type {Record<string, HTMLInputElement>} */
  const inputs = {};
  for (const name of fields) inputs[name] = /** @type {HTMLInputElement} */ (root.querySelector(`#${prefix}-${name}`));
  const first = firstAnswer(root);
  /** @param {URLSearchParams} params */
  const ownsBareNames = (params) => (params.has("w") ? params.get("w") === prefix
    : document.querySelector(".srd-widget[data-view]") === root);
  /** @type {Widget} */
  const w = {
    root, prefix, fields, readyText, form, inputs, first,
    button: /** @type {HTMLButtonElement} */ (form.querySelector("button[type=submit]")),
    status: /** @type {HTMLElement} */ (root.querySelector(".srd-widget__status")),
    retry: root.querySelector(".srd-widget__retry"),
    meter: root.querySelector(".srd-widget__meter-bar"),
    engine: getEngine(), // counted, below
    regions: [],
    engineError: "",
    address: widgetAddress(addressControls(form, prefix), prefix, ownsBareNames),
    rollShown: null,
    widgetPath: location.pathname,
    writeTimer: 0,
    writer: { cancel: () => cancelAddress(w), flush: () => addressWriters.has(w.writer) && writeAddress(w) },
    turned: [], startState: "", saved: null, memory: { controls: {}, address: "", regions: {} },
    typedAt: {}, held: {},
    start: () => {}, started: false, stopProgress: () => {}, restage: () => {},
    asking: 0, seedCheck: false,
  };
  w.engine = counting(w, first ? answeringFirst(w.engine, first) : w.engine);
  settling.add(w);
  checkSettled();
  return w;
}

/**
 * The form around the engine: status line, errors under their field, the seed, the
 * permalink, enabling once the engine is ready and a Retry when it could not load, results
 * that say when they no longer match the inputs, the address and the memory.
 * @param {HTMLElement} root the widget
 * @param {{prefix: string, fields: string[], readyText: string}} options
 */
export function engineForm(root, { prefix, fields, readyText }) {
  const w = widgetParts(root, prefix, fields, readyText);
  putBackInputs(w);
  holdTypingErrors(w);
  followEdits(w);
  return {
    engine: w.engine, form: w.form, button: w.button, inputs: w.inputs,
    /** @type {(text: string, isError?: boolean) => void} */
    setStatus: (text, isError = false) => setStatus(w, text, isError),
    /** @type {(name: string, error: FieldError) => void} */
    setFieldError: (name, error) => setFieldError(w, name, error),
    /** @type {(name: string) => void} */
    clearFieldError: (name) => clearFieldError(w, name),
    /** @type {(reply: Reply, checked: string[], options?: {typing?: boolean}) => any} */
    accept: (reply, checked, options) => accept(w, reply, checked, options),
    /** @type {(ask: (seed: string) => object) => void} */
    watchSeed: (ask) => watchSeed(w, ask),
    /** @type {(box: HTMLElement, options: RegionOptions) => Region} */
    region: (box, options) => region(w, box, options),
    /** @type {(params: Record<string, unknown>) => string} */
    permalink: (params) => permalink(w, params),
    /** @type {(params: Record<string, unknown>) => void} */
    showInAddress: (params) => showInAddress(w, params),
    onPermalinkClick,
    /** @type {(onReady: () => void) => void} */
    whenReady: (onReady) => whenReady(w, onReady),
    /** @type {(action: () => void) => void} */
    onSubmit: (action) => onSubmit(w, action),
    /** @type {(box: HTMLElement, parts: PermalinkParts) => void} */
    rollsFromPermalinks: (box, parts) => rollsFromPermalinks(w, box, parts),
  };
}

// --- the address (kit/address.js says what goes in it) ---
/** @param {Widget} w */
function cancelAddress(w) {
  clearTimeout(w.writeTimer);
  w.writeTimer = 0;
  addressWriters.delete(w.writer);
}

/**
 * Writes the inputs into the address now, or once the budget allows (page-state.js).
 * @param {Widget} w
 */
function scheduleAddress(w) {
  const wait = addressWait();
  if (wait <= 0 && !w.writeTimer) return writeAddress(w);
  addressWriters.add(w.writer);
  if (!w.writeTimer) w.writeTimer = setTimeout(() => writeAddress(w), wait);
}

/** @param {Widget} w */
function writeAddress(w) {
  w.writer.cancel();
  // An answer that arrived after the reader left (or a field left as the page was swapped)
  // writes nothing on the page now shown.
  if (!w.root.isConnected || location.pathname !== w.widgetPath) return;
  const url = new URL(location.href);
  w.rollShown = writeControls(w.address, url.searchParams, w.rollShown);
  replaceAddress(url);
}

/**
 * A roll's parameters (the view's permalink words) shown in the address until an edit.
 * @param {Widget} w
 * @param {Record<string, unknown>} params
 */
function showInAddress(w, params) {
  w.rollShown = { params: stringValues(params), state: w.address.controlsState(), show: true };
  scheduleAddress(w);
}

/**
 * Inputs the address carries are put back first; then, after Back then Forward, what the
 * widget last showed, if the address still carries the inputs it showed them for.
 * @param {Widget} w
 */
function putBackInputs(w) {
  const startParams = new URLSearchParams(location.search);
  w.startState = w.address.stateOf(startParams);
  w.turned = w.address.putBack(startParams);
  w.saved = recall(w.root, w.startState);
  if (w.saved && w.saved.controls) w.turned.push(...restoreControls(w.form, w.saved.controls));
  w.memory = { controls: controlValues(w.form), address: w.address.controlsState(), regions: {} };
}

/**
 * The memory takes the controls as they are now.
 * @param {Widget} w
 */
function keepControls(w) {
  w.memory.controls = controlValues(w.form);
  w.memory.address = w.address.controlsState();
}

// Every edit (typing, a switch) re-checks the results against the inputs, is kept, and is
// written into the address. Captured, so before the view hears of it: a view that asks at
// once may already have shown the answer (the page's own first answer comes back within
// the same event), which must not then be marked as stale.
/** @param {Widget} w */
function followEdits(w) {
  for (const type of ["input", "change"]) {
    w.form.addEventListener(type, () => {
      unsettle(w);
      w.regions.forEach((r) => r.follow());
      keepControls(w);
      if (Object.keys(w.memory.regions).length) remember(w.root, w.memory);
      scheduleAddress(w);
    }, true);
  }
}

// --- the status line and the errors under their fields ---
/**
 * @param {Widget} w
 * @param {string} text
 * @param {boolean} [isError]
 */
function setStatus(w, text, isError = false) {
  w.status.textContent = text;
  w.status.classList.toggle("srd-widget__status--error", isError);
}

/**
 * What the status line says once the engine is ready.
 * @param {Widget} w
 */
function readyStatus(w) {
  if (w.root.dataset.state !== "ready") return;
  if (w.engineError) setStatus(w, w.engineError, true);
  else if (w.form.querySelector("[aria-invalid=true]")) setStatus(w, FIX_TEXT);
  else setStatus(w, w.readyText);
}

/**
 * The engine's error under its field: the message and, for a notation, the notation with
 * a caret line under the offending characters (the error's own `caret` lines).
 * @param {Widget} w
 * @param {string} name
 * @param {FieldError} error
 */
function setFieldError(w, name, error) {
  dropHeld(w, name);
  w.inputs[name].setAttribute("aria-invalid", "true");
  const box = /** @type {HTMLElement} */ (w.root.querySelector(`#${w.prefix}-${name}-error`));
  const message = el("span", { class: "srd-field__message" }, String(error.message));
  const caret = error.caret || [];
  if (caret.length !== 2) {
    box.replaceChildren(message);
    return readyStatus(w);
  }
  const [text, marks] = caret;
  const start = marks.indexOf("^");
  const spot = start >= text.length ? "at the end" : `at “${text.slice(start, marks.length)}”`;
  const pre = el("pre", { class: "srd-caret", "aria-hidden": "true", tabindex: "-1" }, `${text}\n${marks}`);
  box.replaceChildren(message, el("span", { class: "srd-visually-hidden" }, ` (${spot})`), pre);
  // A long notation scrolls in its box: bring the caret into view, a third of the way in.
  const columns = Math.max(text.length, marks.length, 1);
  pre.scrollLeft = Math.max(0, (pre.scrollWidth * start) / columns - pre.clientWidth / 3);
  readyStatus(w);
}

/**
 * @param {Widget} w
 * @param {string} name
 */
function clearFieldError(w, name) {
  dropHeld(w, name);
  if (!w.inputs[name].hasAttribute("aria-invalid")) return;
  w.inputs[name].removeAttribute("aria-invalid");
  /** @type {HTMLElement} */ (w.root.querySelector(`#${w.prefix}-${name}-error`)).replaceChildren();
  readyStatus(w);
}

// --- errors found while typing wait for a pause (ERROR_PAUSE_MS), the field's blur or Roll ---
/**
 * @param {Widget} w
 * @param {string} name
 */
function dropHeld(w, name) {
  if (!w.held[name]) return;
  clearTimeout(w.held[name].timer);
  delete w.held[name];
  markHeld(w);
}

/**
 * `data-held` names the fields whose error waits (see checkSettled).
 * @param {Widget} w
 */
function markHeld(w) {
  const names = Object.keys(w.held).join(" ");
  if (names) w.root.setAttribute("data-held", names);
  else w.root.removeAttribute("data-held");
}

/**
 * @param {Widget} w
 * @param {string} name
 */
function showHeld(w, name) {
  const waiting = w.held[name];
  if (waiting) setFieldError(w, name, waiting.error);
}

/**
 * @param {Widget} w
 * @param {string} name
 * @param {FieldError} error
 */
function holdError(w, name, error) {
  const input = w.inputs[name];
  // A field already marked keeps its message current; one left, or paused in, shows it now.
  const wait = (w.typedAt[name] || 0) + errorPause() - performance.now();
  if (input.hasAttribute("aria-invalid") || document.activeElement !== input || wait <= 0) {
    return setFieldError(w, name, error);
  }
  dropHeld(w, name);
  w.held[name] = { error, timer: setTimeout(() => showHeld(w, name), wait) };
  markHeld(w);
}

/** @param {Widget} w */
function holdTypingErrors(w) {
  for (const name of w.fields) {
    w.inputs[name].addEventListener("input", () => {
      w.typedAt[name] = performance.now();
      dropHeld(w, name); // it was about the text before this keystroke
    });
    w.inputs[name].addEventListener("blur", () => showHeld(w, name));
  }
}

/**
 * A reply to a request that checked the fields `checked` (in the engine's order).
 * Returns the result, or null after showing the error where it belongs; `typing`: the
 * request followed typing, so an error in the field being typed in waits for a pause.
 * @param {Widget} w
 * @param {Reply} reply
 * @param {string[]} checked
 * @param {{typing?: boolean}} [options]
 * @returns {any}
 */
function accept(w, reply, checked, { typing = false } = {}) {
  if (reply.ok) {
    w.engineError = "";
    for (const name of checked) clearFieldError(w, name);
    readyStatus(w);
    return reply.result;
  }
  const error = reply.error || {};
  const name = String(error.field || "").toLowerCase(); // the engine names TN "TN"
  if (checked.includes(name)) {
    // The engine stops at the first bad field, so every field before it is fine.
    for (const before of checked.slice(0, checked.indexOf(name))) clearFieldError(w, before);
    const shown = { ...error, message: error.message || "The dice engine could not answer." };
    if (typing) holdError(w, name, shown);
    else setFieldError(w, name, shown);
  } else if (w.engine.status === "failed") {
    showFailure(w);
  } else {
    w.engineError = String(error.message || "The dice engine could not answer.");
    readyStatus(w);
  }
  return null;
}

/**
 * The seed is checked only when rolling; once it is marked wrong, re-check it as it is
 * edited (with `ask(seed)`, a request that checks it) so the message goes away as soon
 * as it is fixed.
 * @param {Widget} w
 * @param {(seed: string) => object} ask
 */
function watchSeed(w, ask) {
  const seed = w.inputs.seed;
  let timer = 0;
  seed.addEventListener("input", () => {
    clearTimeout(timer);
    w.seedCheck = true;
    unsettle(w);
    timer = setTimeout(async () => {
      w.seedCheck = false; // any request below is counted from here on
      checkSettled();
      if (!seed.hasAttribute("aria-invalid")) return;
      if (seed.value.trim() === "") return clearFieldError(w, "seed");
      const reply = await w.engine.call(ask(seed.value));
      if (reply.ok) clearFieldError(w, "seed");
      else if (String(reply.error.field).toLowerCase() === "seed") setFieldError(w, "seed", reply.error);
    }, INPUT_DELAY_MS);
  });
}

// --- results that say which inputs they belong to ---
// A region (the odds, a reading, a roll) shows the engine's answer for some inputs. Once
// the inputs no longer match, what it shows stays, dimmed, under a visible label naming
// the inputs it answers ("Odds for the last valid input: 3d+1b vs DC 4"); the label is
// inside the region, so its aria-live says so too, and the region carries data-stale.

/**
 * `words`: the label's start. `key()`: the current inputs, for a region that goes stale
 * as soon as they change (a roll); a region without one is marked by `stale(true)` (the
 * odds, when the inputs cannot be read). `reveal`: scroll what is shown into view.
 * A region that `reveal`s what it shows (a roll) is `kept`: shown again after Back then
 * Forward. Before the engine is ready, an edit marks every region without a `key` (the
 * first answer, written when the site was built) until the engine answers the new inputs.
 * @typedef {{words: string, key?: (() => string) | null, reveal?: boolean, kept?: boolean}} RegionOptions
 */

/**
 * One region's own state.
 * @typedef {object} RegionState
 * @property {HTMLElement} box
 * @property {string} words
 * @property {(() => string) | null} key
 * @property {boolean} reveal
 * @property {boolean} kept
 * @property {string} slot its name in the memory
 * @property {string} shownFor the description of the inputs shown
 * @property {string | null} shownKey the key of the inputs shown
 * @property {HTMLElement | null} label the stale label, while there is one
 */

/**
 * @param {Widget} w
 * @param {HTMLElement} box
 * @param {RegionOptions} options
 * @returns {Region}
 */
function region(w, box, { words, key = null, reveal = false, kept = reveal }) {
  /** @type {RegionState} */
  const r = {
    box, words, key, reveal, kept, slot: box.classList[0] || `region-${w.regions.length}`,
    shownFor: "", shownKey: null, label: null,
  };
  /** @type {Region} */
  const part = {
    // `content` answers the inputs described by `description` (whose key was `askedKey`).
    show(content, description, askedKey = key ? key() : null) {
      showInRegion(w, r, content, description, askedKey);
    },
    stale: (on) => markStale(w, r, on),
    follow: (restored = false) => followInputs(w, r, restored),
  };
  bringBack(w, r);
  w.regions.push(part);
  return part;
}

/**
 * @param {Widget} w
 * @param {RegionState} r
 * @param {unknown} on
 */
function markStale(w, r, on) {
  const stale = Boolean(on) && r.box.childElementCount > 0;
  r.box.toggleAttribute("data-stale", stale);
  if (stale && !r.label) {
    const label = el("p", { class: "srd-stale-label" }, `${r.words}: ${r.shownFor}`);
    label.title = label.textContent; // in full, where the line is cut short
    r.label = label;
    r.box.prepend(label);
  } else if (!stale && r.label) {
    r.label.remove();
    r.label = null;
  }
  w.restage(); // while the engine loads, the status line says whose odds are shown
}

/**
 * @param {Widget} w
 * @param {RegionState} r
 * @param {Node} content
 * @param {string} description
 * @param {string | null} askedKey
 */
function showInRegion(w, r, content, description, askedKey) {
  r.label = null;
  r.shownFor = description;
  r.shownKey = askedKey;
  r.box.replaceChildren(content);
  markStale(w, r, r.key && r.shownKey !== r.key());
  if (r.reveal) revealResult(r.box);
  if (r.kept) {
    w.memory.regions[r.slot] = { html: r.box.innerHTML, shownFor: r.shownFor, shownKey: r.shownKey };
    keepControls(w);
    remember(w.root, w.memory);
    scheduleAddress(w); // the address says the inputs this was kept for
  }
  if (r.reveal && w.root.isConnected) historyHook(w.root, w.form, content, description);
}

/**
 * @param {Widget} w
 * @param {RegionState} r
 * @param {boolean} [restored] the inputs were put back (address, memory), not typed
 */
function followInputs(w, r, restored = false) {
  if (r.key) markStale(w, r, r.shownKey !== r.key());
  else if (!r.kept && (restored || w.engine.status !== "ready")) markStale(w, r, true);
}

/**
 * After Back then Forward, a kept region shows again what it showed.
 * @param {Widget} w
 * @param {RegionState} r
 */
function bringBack(w, r) {
  const back = r.kept && w.saved && w.saved.regions && w.saved.regions[r.slot];
  if (!back || typeof back.html !== "string") return;
  r.box.innerHTML = back.html;
  r.shownFor = String(back.shownFor || "");
  r.shownKey = back.shownKey ?? null;
  w.memory.regions[r.slot] = back;
  if (r.key) markStale(w, r, r.shownKey !== r.key());
}

// --- permalinks ---
/**
 * This page with `params` as its query and the widget as its anchor: a roll's permalink.
 * Its words leave the address (if it shows them) once the inputs are edited.
 * @param {Widget} w
 * @param {Record<string, unknown>} params
 * @returns {string}
 */
function permalink(w, params) {
  const url = new URL(location.href);
  url.search = new URLSearchParams(/** @type {Record<string, string>} */ (params)).toString();
  url.hash = w.root.id;
  w.rollShown = { params: stringValues(params), state: w.address.controlsState(), show: false };
  return url.href;
}

/**
 * A permalink clicked on its own page: Material's instant navigation sometimes swaps in
 * the page afresh (which then rolls from the address, like any permalink) and sometimes
 * only updates the address as for a jump to an anchor. Apply the link here as well, so
 * the inputs and the roll always follow it; the address and history stay Material's.
 * @param {HTMLElement} box
 * @param {(params: URLSearchParams) => void} apply
 */
function onPermalinkClick(box, apply) {
  box.addEventListener("click", (event) => {
    const link = /** @type {HTMLAnchorElement | null} */ (/** @type {Element} */ (event.target).closest("a.srd-roll__permalink"));
    if (!link || !plainClick(event)) return;
    apply(new URL(link.href).searchParams);
  });
}

// --- loading: enabled once the engine is ready; a Retry when it could not load ---
/**
 * While the engine loads: the stage in words (heard when it changes) and the bytes so far
 * (seen as they change, heard from the page's announcer now and then); a bar under it.
 * @param {Widget} w
 * @param {StageWords} stageWords
 */
function followProgress(w, stageWords) {
  const stage = el("span", { class: "srd-widget__stage" });
  const bytes = el("span", { class: "srd-widget__bytes", "aria-hidden": "true" });
  w.status.classList.remove("srd-widget__status--error");
  w.status.replaceChildren(stage, bytes);
  /** @param {Progress} progress */
  const show = (progress) => showProgress(w, { stage, bytes, stageWords }, progress);
  w.stopProgress();
  w.stopProgress = w.engine.onProgress(show);
  w.restage = () => show(w.engine.progress);
  show(w.engine.progress);
}

/**
 * @typedef {(done: boolean, marked?: boolean) => string} StageWords
 * @typedef {{loaded: number, total: number, done?: boolean}} Progress
 */

/**
 * @param {Widget} w
 * @param {{stage: HTMLElement, bytes: HTMLElement, stageWords: StageWords}} line
 * @param {Progress} progress
 */
function showProgress(w, { stage, bytes, stageWords }, progress) {
  if (w.root.dataset.state !== "loading" || !w.root.isConnected) return w.stopProgress();
  const words = stageWords(Boolean(progress.done), Boolean(w.root.querySelector("[data-stale]")));
  if (stage.textContent !== words) stage.textContent = words;
  bytes.textContent = progress.done || !progress.loaded && !progress.total ? "" : `: ${bytesText(progress)}`;
  if (w.meter) w.meter.style.width = progress.total ? `${((100 * Math.min(progress.loaded, progress.total)) / progress.total).toFixed(1)}%` : "0";
  if (!progress.done && progress.total) announce(`Dice engine: ${bytesText(progress)} loaded.`);
}

/** @param {Widget} w */
function endProgress(w) {
  w.stopProgress();
  w.stopProgress = () => {};
  w.restage = () => {};
  announce("");
}

/** @param {Widget} w */
function settled(w) {
  endProgress(w);
  if (w.engine.status !== "ready") return showFailure(w);
  // A keyboard user who pressed Retry carries on in the form, not on a vanished button
  // (after a tap or a click, focus is left alone: no phone keyboard pops up).
  const retryHadFocus = w.retry && w.retry.matches(":focus-visible");
  if (w.retry) w.retry.hidden = true;
  w.root.dataset.state = "ready";
  for (const control of w.form.querySelectorAll("input, button")) /** @type {HTMLInputElement} */ (control).disabled = false;
  setStatus(w, w.readyText);
  if (retryHadFocus) /** @type {HTMLElement} */ (w.form.querySelector("input, button")).focus();
  if (!w.started) w.start();
  w.started = true;
}

/**
 * The engine could not load: say why, and offer Retry (a fresh worker, for every widget).
 * @param {Widget} w
 */
function showFailure(w) {
  if (w.root.dataset.state === "failed") return;
  endProgress(w);
  w.started = false; // once it loads after a Retry, the view starts again
  w.root.dataset.state = "failed";
  for (const control of w.form.querySelectorAll("input, button")) /** @type {HTMLInputElement} */ (control).disabled = true;
  setStatus(w, w.engine.message, true);
  const retry = w.retry;
  if (!retry) return;
  retry.hidden = false;
  retry.removeAttribute("aria-disabled");
  retry.onclick = () => {
    if (retry.getAttribute("aria-disabled") !== "true") w.engine.retry();
  };
  w.engine.whenRestarted(() => {
    w.root.dataset.state = "loading";
    setStatus(w, "Loading the dice engine again…");
    followProgress(w, (done) => (done ? "Starting the dice engine again…" : "Loading the dice engine again"));
    retry.setAttribute("aria-disabled", "true"); // stays in place (and focused) while it loads
    w.engine.whenSettled(() => settled(w));
  });
}

/**
 * The stage in words while the engine loads. Inputs other than the page's own (shared in
 * the address, or edited): what is shown is the page's own answer, marked, and the status
 * line says when these inputs get theirs.
 * @param {Widget} w
 * @returns {StageWords}
 */
function loadingWords(w) {
  const name = w.button.textContent.trim();
  return w.first
    ? (done, marked) => (marked
      ? `The odds for these inputs come when the dice engine is ${done ? "started…" : "ready"}`
      : `“${name}” waits for the dice engine${done ? ", which is starting…" : ""}`)
    : (done) => (done ? "Starting the dice engine…" : "Loading the dice engine");
}

/**
 * Once the engine is ready (again, after a Retry): enable every control and run `onReady`.
 * If it failed: say so, with Retry. A widget with its first answer in the page starts at
 * once: its fields are enabled, `onReady` runs (its first request is answered from the
 * page, any other waits for the engine) and the button waits for the engine.
 * @param {Widget} w
 * @param {() => void} onReady
 */
function whenReady(w, onReady) {
  w.start = onReady;
  // Switches put back from the address or after Back then Forward: the view now listens,
  // and shows what follows from them (a mode's fields, say).
  for (const control of w.turned.splice(0)) control.dispatchEvent(new Event("change", { bubbles: true }));
  // Inputs put back (from the address or the memory) make any first answer built into the
  // page one for other inputs, until the engine answers them (even when the engine is
  // already ready, in a warm tab: the view's first request only goes out now).
  if (w.startState || w.saved) w.regions.forEach((r) => r.follow(true));
  if (w.engine.status === "loading") {
    followProgress(w, loadingWords(w));
    if (w.first) {
      for (const control of w.form.querySelectorAll("input")) control.disabled = false;
      w.started = true;
      onReady();
    }
  }
  w.engine.whenSettled(() => settled(w));
}

/**
 * @param {Widget} w
 * @param {() => void} action
 */
function onSubmit(w, action) {
  w.form.addEventListener("submit", (event) => {
    event.preventDefault(); // Enter in any field also lands here
    if (w.root.dataset.state !== "ready") return; // the button waits for the engine
    for (const name of w.fields) showHeld(w, name);
    action();
  });
}

/**
 * A rolling view's own part: `prefill(params)` fills in what `params` says and returns
 * whether to roll; `update()` brings what follows the inputs (the odds) up to date;
 * `roll()` rolls (or draws, deals).
 * @typedef {{prefill: (params: URLSearchParams) => boolean, update?: () => void, roll: () => void}} PermalinkParts
 */

/**
 * The wiring every rolling view shares: the page's address, read as a permalink, fills in
 * the form, and the widget rolls once the engine is ready if it carried a seed; a permalink
 * clicked in `box` (on its own page) fills in the form and rolls at once. `update()` runs
 * when the engine is ready (again, after a Retry) and after a clicked permalink.
 * @param {Widget} w
 * @param {HTMLElement} box
 * @param {PermalinkParts} parts
 */
function rollsFromPermalinks(w, box, { prefill, update = () => {}, roll }) {
  let rollOnReady = prefill(new URLSearchParams(location.search));
  onPermalinkClick(box, (params) => {
    prefill(params);
    update();
    roll();
  });
  whenReady(w, () => {
    update();
    if (rollOnReady) {
      rollOnReady = false;
      roll();
    }
  });
}

// Bring a result that just appeared into view (a phone's Roll button sits above the fold of
// its result) without moving the keyboard focus; smooth unless the reader asks for less motion.
/** @param {HTMLElement} box */
function revealResult(box) {
  const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  box.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
}

// The seed and the permalink under a roll; with the engine's `share` text (a reply's
// `share.text`), a Share button that sends it with the permalink (share.js).
/**
 * @param {string | number} seed
 * @param {string} href
 * @param {string} [what]
 * @param {string | null} [share]
 * @returns {HTMLElement}
 */
export function rollMeta(seed, href, what = "roll", share = null) {
  return el("p", { class: "srd-roll__meta" },
    "Seed ", el("code", { class: "srd-roll__seed" }, String(seed)), " · ",
    el("a", { class: "srd-roll__permalink", href }, `Permalink to this ${what}`),
    share ? shareButton(share, href, what) : null);
}

// Every value a chart draws, as a closed table under it: the bars are hidden from screen
// readers and their titles show only under a mouse, so keyboard and touch readers read this.
// `rows` are [row header, ...cells]; a cell holding "/" is an exact fraction.
/**
 * @param {string} label
 * @param {string[]} heads
 * @param {(string | number)[][]} rows
 * @returns {HTMLElement}
 */
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
/**
 * @param {string[]} lines
 * @param {string} [extraClass]
 * @returns {HTMLElement}
 */
export function explanation(lines, extraClass = "") {
  const box = el("div", { class: `srd-widget__explain ${extraClass}`.trim() });
  for (const line of lines) box.append(el("p", { class: "srd-widget__line" }, line));
  return box;
}
