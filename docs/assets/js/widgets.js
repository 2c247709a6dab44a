// Live widgets of the SRD (the Doom Stack roller). Every number comes from the Python rules
// engine, which runs in a Web Worker (engine-worker.js); this file only sends the form's
// values and formats the replies.
//
// Material's instant navigation swaps pages without reloading, and a module script runs only
// once per page load: so the worker is created once, on the first page that has a widget, and
// kept for every later page; widgets are (re)attached each time Material's `document$` emits.

const FIELDS = ["attribute", "skill", "modifiers", "tn"]; // the order the engine checks them in
const ODDS_DELAY_MS = 200;
const READY_TEXT = "Ready: the odds follow your inputs.";

// --- the engine: one worker for the whole visit ------------------------------------------
let engine = null;

function getEngine() {
  if (!engine) engine = startEngine();
  return engine;
}

function startEngine() {
  const pending = new Map(); // request id → resolve(reply)
  let waiting = []; // callbacks to run once the engine is ready or has failed
  let nextId = 1;
  const state = { status: "loading", message: "" };

  function settle(status, message = "") {
    state.status = status;
    state.message = message;
    if (status === "failed") {
      // Nothing already asked will be answered now: answer it with the failure.
      for (const resolve of pending.values()) resolve({ ok: false, error: { message, field: null } });
      pending.clear();
    }
    const callbacks = waiting;
    waiting = [];
    for (const callback of callbacks) callback();
  }

  let worker = null;
  try {
    worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
    worker.onmessage = ({ data }) => {
      if (data.type === "ready") settle("ready");
      else if (data.type === "failed") settle("failed", data.message);
      else if (pending.has(data.id)) {
        pending.get(data.id)(data.reply);
        pending.delete(data.id);
      }
    };
    // A worker script that cannot even start (404, syntax error) only reports here.
    worker.onerror = (event) => {
      event.preventDefault();
      settle("failed", "The dice engine could not start. Reload the page to try again.");
    };
  } catch (error) {
    console.error(error);
    queueMicrotask(() => settle("failed", "This browser cannot run the dice engine (no module Web Workers)."));
  }

  return {
    get status() { return state.status; },
    get message() { return state.message; },
    // Run `callback` once the engine is ready or has failed (at once if it already has).
    whenSettled(callback) {
      if (state.status === "loading") waiting.push(callback);
      else queueMicrotask(callback);
    },
    // Ask the engine; resolves with its reply, {ok, result} or {ok: false, error}.
    call(request) {
      if (state.status === "failed") {
        return Promise.resolve({ ok: false, error: { message: state.message, field: null } });
      }
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        worker.postMessage({ id, request });
      });
    },
  };
}

// --- small formatting helpers ------------------------------------------------------------
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value);
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

function parseRatio(text) {
  const [num, den = "1"] = String(text).split("/");
  return [BigInt(num), BigInt(den)];
}

// "num/den" as a percentage with 2 decimals, written exactly like the engine's
// rules_engine.core.exact.percent(value, 2): rounded half up, and "<0.01%" / ">99.99%"
// rather than a false 0 or 100. BigInt, because big pools have huge denominators.
function percentText(ratio) {
  const [num, den] = parseRatio(ratio);
  if (num > 0n && num * 20000n < den) return "<0.01%";
  if (num < den && (den - num) * 20000n < den) return ">99.99%";
  const hundredths = (num * 20000n + den) / (2n * den); // round(num/den * 10000), half up
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, "0")}%`;
}

function ratioValue(ratio) {
  const [num, den] = parseRatio(ratio);
  return Number((num * 1000000n) / den) / 1e6;
}

// --- the Doom Stack roller ---------------------------------------------------------------
function attachDoomStack(root) {
  const form = root.querySelector("form");
  const button = form.querySelector("button[type=submit]");
  const status = root.querySelector(".srd-widget__status");
  const oddsBox = root.querySelector(".srd-widget__odds");
  const resultBox = root.querySelector(".srd-widget__result");
  const inputs = {};
  for (const name of [...FIELDS, "seed"]) inputs[name] = root.querySelector(`#ds-${name}`);

  // A permalink (?attribute=…&seed=…#ds-roller) prefills the form and rolls once ready.
  function prefill(params) {
    for (const [name, input] of Object.entries(inputs)) {
      if (params.has(name)) input.value = params.get(name);
    }
    return (params.get("seed") || "").trim() !== "";
  }
  let rollOnReady = prefill(new URLSearchParams(location.search));

  let oddsSeq = 0; // only the newest odds request may draw
  let rollSeq = 0; // only the newest roll may draw
  let oddsTimer = 0;
  let seedTimer = 0;

  function setStatus(text, isError = false) {
    status.textContent = text;
    status.classList.toggle("srd-widget__status--error", isError);
  }

  function setFieldError(name, message) {
    inputs[name].setAttribute("aria-invalid", "true");
    root.querySelector(`#ds-${name}-error`).textContent = message;
  }

  function clearFieldError(name) {
    inputs[name].removeAttribute("aria-invalid");
    root.querySelector(`#ds-${name}-error`).textContent = "";
  }

  function fieldValues() {
    return Object.fromEntries(FIELDS.map((name) => [name, inputs[name].value]));
  }

  // A reply to a request that checked `checked` (field names, in the engine's order).
  // Returns the result, or null after showing the error where it belongs.
  function accept(reply, checked) {
    if (reply.ok) {
      for (const name of checked) clearFieldError(name);
      if (status.classList.contains("srd-widget__status--error")) setStatus(READY_TEXT);
      return reply.result;
    }
    const error = reply.error || {};
    const message = String(error.message || "The dice engine could not answer.");
    const name = String(error.field || "").toLowerCase(); // the engine names TN "TN"
    if (checked.includes(name)) {
      // The engine stops at the first bad field, so every field before it is fine.
      for (const before of checked.slice(0, checked.indexOf(name))) clearFieldError(before);
      setFieldError(name, message);
    } else {
      setStatus(message, true);
    }
    return null;
  }

  // --- odds, as the inputs change ---
  async function updateOdds() {
    clearTimeout(oddsTimer);
    oddsTimer = 0;
    const seq = ++oddsSeq;
    const reply = await getEngine().call({ system: "doom-stack", action: "odds_fields", fields: fieldValues() });
    if (seq !== oddsSeq) return; // a newer request is on its way: this answer is stale
    const result = accept(reply, FIELDS);
    if (result) oddsBox.replaceChildren(renderOdds(result));
  }

  function scheduleOdds() {
    clearTimeout(oddsTimer);
    oddsTimer = setTimeout(updateOdds, ODDS_DELAY_MS);
  }

  // The seed is checked only when rolling; once it is marked wrong, re-check it as it is
  // edited so the message goes away as soon as it is fixed (the dice are not shown).
  async function recheckSeed() {
    if (!inputs.seed.hasAttribute("aria-invalid")) return;
    if (inputs.seed.value.trim() === "") return clearFieldError("seed");
    const reply = await getEngine().call({
      system: "doom-stack", action: "roll_fields", fields: fieldValues(), seed: inputs.seed.value,
    });
    if (reply.ok) clearFieldError("seed");
    else if (String(reply.error.field).toLowerCase() === "seed") setFieldError("seed", reply.error.message);
  }

  // --- rolling ---
  async function roll() {
    if (oddsTimer) updateOdds(); // the odds catch up with what was just typed
    const seq = ++rollSeq;
    const fields = fieldValues();
    const seed = inputs.seed.value;
    const reply = await getEngine().call({ system: "doom-stack", action: "roll_fields", fields, seed });
    if (seq !== rollSeq) return;
    const result = accept(reply, [...FIELDS, "seed"]);
    if (result) resultBox.replaceChildren(renderRoll(result, fields));
  }

  function permalink(fields, seed) {
    const url = new URL(location.href);
    url.search = new URLSearchParams({ ...fields, seed: String(seed) }).toString();
    url.hash = root.id;
    return url.href;
  }

  function renderRoll(result, fields) {
    const box = el("div", { class: "srd-roll" });

    const headline = el("p", { class: "srd-roll__headline" },
      el("span", { class: "srd-roll__stack" }, "Best stack ", el("strong", {}, String(result.best_stack.value))));
    if (result.success !== null) {
      const verdict = !result.success ? "failure" : result.glitch ? "glitch" : "success";
      headline.append(" ", el("span", { class: `srd-roll__verdict srd-roll__verdict--${verdict}` },
        verdict[0].toUpperCase() + verdict.slice(1)));
      if (result.success && !result.glitch) headline.append(" ", el("span", {}, result.performance_name));
    }
    box.append(headline);

    // What finally happened to each die: the last "stacked"/"kept" entry of the log.
    const fate = new Map();
    for (const entry of result.log) if (entry.fate !== "rolled") fate.set(entry.index, entry);
    const dice = el("ul", { class: "srd-dice", "aria-label": "The dice, in the order rolled" });
    result.dice.forEach((value, index) => {
      const entry = fate.get(index) || { fate: "kept", note: "attention pool" };
      const kind = entry.fate === "stacked" ? (entry.note === "wildcard" ? "wildcard" : "stacked") : "kept";
      const words = { stacked: "in the stack", wildcard: "in the stack as a wildcard", kept: "attention pool" }[kind];
      const label = `Die ${index + 1}: ${value}, ${words}`;
      dice.append(el("li", {},
        el("span", { class: `srd-die srd-die--${kind}`, role: "img", "aria-label": label, title: label }, String(value))));
    });
    box.append(dice);

    const explain = el("div", { class: "srd-widget__explain" });
    for (const line of result.lines) explain.append(el("p", { class: "srd-widget__line" }, line));
    box.append(explain);

    box.append(el("p", { class: "srd-roll__meta" },
      "Seed ", el("code", { class: "srd-roll__seed" }, String(result.seed)), " · ",
      el("a", { class: "srd-roll__permalink", href: permalink(fields, result.seed) }, "Permalink to this roll")));
    return box;
  }

  function renderOdds(result) {
    const box = el("div", { class: "srd-odds" });
    box.append(el("p", { class: "srd-odds__pool" }, result.pool_line + (result.tn ? ` vs TN ${result.tn}` : "")));

    if (result.p_success) {
      const list = el("dl", { class: "srd-odds__summary" });
      for (const [key, label] of [["success", "Success"], ["glitch", "Glitch"], ["failure", "Failure"]]) {
        const ratio = result[`p_${key}`];
        list.append(el("div", { class: `srd-odds__item srd-odds__item--${key}`, "data-odds": key },
          el("dt", {}, label),
          el("dd", {}, el("span", { class: "srd-pct" }, percentText(ratio)), " ",
            el("span", { class: "srd-exact", title: "exact chance" }, ratio))));
      }
      box.append(list, el("p", { class: "srd-odds__note" }, "A glitch (a stack equal to the TN) counts as a success."));
    } else {
      box.append(el("p", { class: "srd-odds__note" }, "Give a TN to see the chance of success."));
    }
    box.append(renderBars(result));
    return box;
  }

  // A compact bar view of the best-stack distribution; the numbers above say it in words,
  // so the bars are hidden from screen readers.
  function renderBars(result) {
    const points = Object.entries(result.outcomes).map(([stack, ratio]) => [Number(stack), ratioValue(ratio)]);
    const top = Math.max(...points.map(([, p]) => p));
    // Trim the long thin tails of big pools: they would be invisible anyway.
    const shown = points.filter(([, p]) => p >= top / 200);
    const first = shown[0][0];
    const last = shown[shown.length - 1][0];
    const chance = new Map(points);
    const bars = el("div", { class: "srd-odds__bars", "aria-hidden": "true" });
    for (let stack = first; stack <= last; stack++) {
      const p = chance.get(stack) || 0;
      const kind = result.tn == null ? "plain" : stack < result.tn ? "below" : stack === result.tn ? "glitch" : "above";
      bars.append(el("span", {
        class: `srd-odds__bar srd-odds__bar--${kind}`, style: `height: ${((100 * p) / top).toFixed(1)}%`,
        title: `best stack ${stack}: ${(100 * p).toFixed(2)}%`,
      }));
    }
    return el("figure", { class: "srd-odds__chart" }, bars,
      el("figcaption", {}, `Chance of each best stack, ${first} to ${last}` +
        (result.tn == null ? "" : `; bars from TN ${result.tn} up are successes`)));
  }

  // --- wiring ---
  form.addEventListener("submit", (event) => {
    event.preventDefault(); // Enter in any field also lands here
    roll();
  });
  // A permalink clicked on its own page: Material's instant navigation sometimes swaps in
  // the page afresh (which then rolls from the address, like any permalink) and sometimes
  // only updates the address as for a jump to an anchor. Apply the link here as well, so
  // the inputs and the roll always follow it; the address and history stay Material's.
  resultBox.addEventListener("click", (event) => {
    const link = event.target.closest("a.srd-roll__permalink");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    prefill(new URL(link.href).searchParams);
    updateOdds();
    roll();
  });
  for (const name of FIELDS) inputs[name].addEventListener("input", scheduleOdds);
  inputs.seed.addEventListener("input", () => {
    clearTimeout(seedTimer);
    seedTimer = setTimeout(recheckSeed, ODDS_DELAY_MS);
  });

  const current = getEngine();
  current.whenSettled(() => {
    if (current.status !== "ready") {
      root.dataset.state = "failed";
      setStatus(current.message, true);
      return;
    }
    root.dataset.state = "ready";
    for (const input of Object.values(inputs)) input.disabled = false;
    button.disabled = false;
    setStatus(READY_TEXT);
    updateOdds();
    if (rollOnReady) {
      rollOnReady = false;
      roll();
    }
  });
}

// --- attaching to every page Material shows ----------------------------------------------
const attached = new WeakSet();

function attachAll() {
  for (const root of document.querySelectorAll('.srd-widget[data-widget="doom-stack"]')) {
    if (attached.has(root)) continue;
    attached.add(root);
    attachDoomStack(root);
  }
}

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(attachAll); // emits for the first page and after every swap
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", attachAll);
} else {
  attachAll();
}
