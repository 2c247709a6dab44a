// What every widget shares: building elements, numbers written like the engine writes them,
// replies that must not arrive out of order, and the form around the engine (status line,
// errors under their field, the seed, the permalink, enabling once the engine is ready).
// Markup contract: macros/widget_html.py.

import { getEngine } from "./engine.js";

// Typing pauses this long before the engine is asked: short enough to feel live (odds
// are a few ms for ordinary pools), long enough not to queue a big pool per keystroke.
export const INPUT_DELAY_MS = 40;

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

// --- the form around the engine ------------------------------------------------------------
// `prefix`: the ids' prefix ("ds" → #ds-seed, #ds-seed-error); `fields`: the text fields'
// names. Returns the widget's parts and helpers.
export function engineForm(root, { prefix, fields, readyText }) {
  const form = root.querySelector("form");
  const button = form.querySelector("button[type=submit]");
  const status = root.querySelector(".srd-widget__status");
  const inputs = {};
  for (const name of fields) inputs[name] = root.querySelector(`#${prefix}-${name}`);
  const engine = getEngine();

  function setStatus(text, isError = false) {
    status.textContent = text;
    status.classList.toggle("srd-widget__status--error", isError);
  }

  // The engine's error under its field: the message and, for a notation, the notation with
  // a caret line under the offending characters (the error's own `caret` lines).
  function setFieldError(name, error) {
    inputs[name].setAttribute("aria-invalid", "true");
    const box = root.querySelector(`#${prefix}-${name}-error`);
    const message = el("span", { class: "srd-field__message" }, String(error.message));
    const caret = error.caret || [];
    if (caret.length !== 2) return box.replaceChildren(message);
    const [text, marks] = caret;
    const start = marks.indexOf("^");
    const spot = start >= text.length ? "at the end" : `at “${text.slice(start, marks.length)}”`;
    const pre = el("pre", { class: "srd-caret", "aria-hidden": "true", tabindex: "-1" }, `${text}\n${marks}`);
    box.replaceChildren(message, el("span", { class: "srd-visually-hidden" }, ` (${spot})`), pre);
    // A long notation scrolls in its box: bring the caret into view, a third of the way in.
    const columns = Math.max(text.length, marks.length, 1);
    pre.scrollLeft = Math.max(0, (pre.scrollWidth * start) / columns - pre.clientWidth / 3);
  }

  function clearFieldError(name) {
    inputs[name].removeAttribute("aria-invalid");
    root.querySelector(`#${prefix}-${name}-error`).replaceChildren();
  }

  // A reply to a request that checked the fields `checked` (in the engine's order).
  // Returns the result, or null after showing the error where it belongs.
  function accept(reply, checked) {
    if (reply.ok) {
      for (const name of checked) clearFieldError(name);
      if (status.classList.contains("srd-widget__status--error")) setStatus(readyText);
      return reply.result;
    }
    const error = reply.error || {};
    const name = String(error.field || "").toLowerCase(); // the engine names TN "TN"
    if (checked.includes(name)) {
      // The engine stops at the first bad field, so every field before it is fine.
      for (const before of checked.slice(0, checked.indexOf(name))) clearFieldError(before);
      setFieldError(name, { ...error, message: error.message || "The dice engine could not answer." });
    } else {
      setStatus(String(error.message || "The dice engine could not answer."), true);
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

  // Once the engine is ready: enable every control and run `start`. If it failed: say so.
  function whenReady(start) {
    engine.whenSettled(() => {
      if (engine.status !== "ready") {
        root.dataset.state = "failed";
        setStatus(engine.message, true);
        return;
      }
      root.dataset.state = "ready";
      for (const control of form.querySelectorAll("input, button")) control.disabled = false;
      setStatus(readyText);
      start();
    });
  }

  function onSubmit(action) {
    form.addEventListener("submit", (event) => {
      event.preventDefault(); // Enter in any field also lands here
      action();
    });
  }

  return {
    engine, form, button, inputs, setStatus, setFieldError, clearFieldError, accept,
    watchSeed, permalink, onPermalinkClick, whenReady, onSubmit,
  };
}

// The seed and the permalink under a roll.
export function rollMeta(seed, href, what = "roll") {
  return el("p", { class: "srd-roll__meta" },
    "Seed ", el("code", { class: "srd-roll__seed" }, String(seed)), " · ",
    el("a", { class: "srd-roll__permalink", href }, `Permalink to this ${what}`));
}

// The engine's explanation, one line per line, exactly as the command line prints it.
export function explanation(lines, extraClass = "") {
  const box = el("div", { class: `srd-widget__explain ${extraClass}`.trim() });
  for (const line of lines) box.append(el("p", { class: "srd-widget__line" }, line));
  return box;
}
