// What every widget shares: building elements, numbers written like the engine writes them,
// replies that must not arrive out of order, and the form around the engine (status line,
// errors under their field, the seed, the permalink, enabling once the engine is ready and
// a Retry when it could not load, results that say when they no longer match the inputs).
// Markup contract: macros/widget_html.py.
//
// Before the engine is up: a widget whose markup carries its first answer (the odds for the
// default inputs, computed when the site was built) shows it at once and lets the reader
// edit the form (Roll waits for the engine); the status line counts the engine's bytes as
// they arrive. After Back then Forward a widget shows its last roll again (kept per page in
// sessionStorage).

import { getEngine } from "./engine.js";

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

// --- the engine's loading, in bytes ----------------------------------------------------------
// Every widget shows the bytes as they arrive (aria-hidden: not read out at each change);
// screen readers hear the stage from each widget's status line, and the bytes from one
// line for the page, at most every ANNOUNCE_MS.
const ANNOUNCE_MS = 5000;
let announcer = null;
let announcedAt = -Infinity;

function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1);
}

// "2.1 of 6.3 MB" (or "2.1 MB" while the total is unknown).
export function bytesText({ loaded, total }) {
  return total > 0 ? `${megabytes(Math.min(loaded, total))} of ${megabytes(total)} MB` : `${megabytes(loaded)} MB`;
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

// --- Back then Forward: the last roll comes back ---------------------------------------------
// What a widget showed (its controls and its kept results) is saved per page address in
// sessionStorage, and put back when the reader returns to the page through the browser's
// history: Material's instant navigation (a popstate) or a full page load of type
// back_forward. A fresh visit (a link, a reload) starts from the page as written.
// The page the reader came back to: its address without the #anchor (which Material's
// navigation.tracking changes as the page scrolls).
const here = (url = location.href) => url.split("#")[0];
let returnedTo = "";
{
  const entry = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
  if (entry && entry.type === "back_forward") returnedTo = here(entry.name);
}
window.addEventListener("popstate", () => {
  returnedTo = here();
});
document.addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest("a[href]")) returnedTo = "";
}, true);

function memoryKey(root) {
  return `srd-widget:${location.pathname}${location.search}#${root.id}`;
}

function recall(root) {
  // A permalink's address says what to show (its roll comes back from its seed), and a
  // permalink clicked on its own page must not get the inputs it replaced back.
  if (returnedTo !== here() || location.search) return null;
  try {
    const saved = JSON.parse(sessionStorage.getItem(memoryKey(root)) || "null");
    return saved && typeof saved === "object" ? saved : null;
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
  const saved = recall(root);
  const turned = saved && saved.controls ? restoreControls(form, saved.controls) : [];
  const memory = { controls: controlValues(form), regions: {} };

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
          remember(root, memory);
        }
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
  // Every edit (typing, a switch) re-checks the results against the inputs, and is kept.
  for (const type of ["input", "change"]) {
    form.addEventListener(type, () => {
      regions.forEach((r) => r.follow());
      memory.controls = controlValues(form);
      if (Object.keys(memory.regions).length) remember(root, memory);
    });
  }

  // This page with `params` as its query and the widget as its anchor.
  function permalink(params) {
    const url = new URL(location.href);
    url.search = new URLSearchParams(params).toString();
    url.hash = root.id;
    return url.href;
  }

  // A permalink clicked on its own page: Material's instant navigation sometimes swaps in
  // the page afresh (which then rolls from the address, like any permalink) and sometimes
  // only updates the address as for a jump to an anchor. Apply the link here as well, so
  // the inputs and the roll always follow it; the address and history stay Material's.
  function onPermalinkClick(box, apply) {
    box.addEventListener("click", (event) => {
      const link = event.target.closest("a.srd-roll__permalink");
      if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      apply(new URL(link.href).searchParams);
    });
  }

  // --- loading: enabled once the engine is ready; a Retry when it could not load ---
  let start = () => {};
  let started = false; // whether `start` has run for the engine now loading or loaded
  let stopProgress = () => {};

  // While the engine loads: the stage in words (heard when it changes) and the bytes so far
  // (seen as they change, heard from the page's announcer now and then); a bar under it.
  function followProgress(stageWords) {
    const stage = el("span", { class: "srd-widget__stage" });
    const bytes = el("span", { class: "srd-widget__bytes", "aria-hidden": "true" });
    status.classList.remove("srd-widget__status--error");
    status.replaceChildren(stage, bytes);
    const show = (progress) => {
      if (root.dataset.state !== "loading" || !root.isConnected) return stopProgress();
      const words = stageWords(progress.done);
      if (stage.textContent !== words) stage.textContent = words;
      bytes.textContent = progress.done || !progress.loaded && !progress.total ? "" : `: ${bytesText(progress)}`;
      if (meter) meter.style.width = progress.total ? `${((100 * Math.min(progress.loaded, progress.total)) / progress.total).toFixed(1)}%` : "0";
      if (!progress.done && progress.total) announce(`Dice engine: ${bytesText(progress)} loaded.`);
    };
    stopProgress();
    stopProgress = engine.onProgress(show);
    show(engine.progress);
  }

  function endProgress() {
    stopProgress();
    stopProgress = () => {};
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
    // Switches put back after Back then Forward: the view now listens, and shows what follows
    // from them (a mode's fields, say).
    for (const control of turned.splice(0)) control.dispatchEvent(new Event("change", { bubbles: true }));
    if (engine.status === "loading") {
      const name = button.textContent.trim();
      followProgress(first
        ? (done) => `“${name}” waits for the dice engine${done ? ", which is starting…" : ""}`
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

  return {
    engine, form, button, inputs, setStatus, setFieldError, clearFieldError, accept,
    watchSeed, region, permalink, onPermalinkClick, whenReady, onSubmit,
  };
}

// Bring a result that just appeared into view (a phone's Roll button sits above the fold of
// its result) without moving the keyboard focus; smooth unless the reader asks for less motion.
export function revealResult(box) {
  const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  box.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
}

// The seed and the permalink under a roll.
export function rollMeta(seed, href, what = "roll") {
  return el("p", { class: "srd-roll__meta" },
    "Seed ", el("code", { class: "srd-roll__seed" }, String(seed)), " · ",
    el("a", { class: "srd-roll__permalink", href }, `Permalink to this ${what}`));
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
