// The dice engine for every widget: one module Web Worker (engine-worker.js) running the
// Python rules engine in the site's own Pyodide. A module is evaluated once per page load,
// and Material's instant navigation swaps pages without reloading: so the worker is started
// on the first page that has a widget and serves every widget of every later page. A page
// loaded in full starts it from its head, before this module runs (adoptEarlyWorker).
//
// A load never hangs: the worker reports progress (each file arriving, each stage) and
// fails at once when a file cannot be fetched (HTTP error, network error). If nothing at
// all happens for STALL_MS, the load is given up as failed. A failed engine can be retried:
// retry() starts a fresh worker.
//
// While it loads, `engine.progress` says how many bytes of the engine's files have arrived,
// of how many: the worker counts each file's bytes as they arrive; the total is the size
// list the site build wrote into the page (`data-engine-files` on a widget), plus what a
// file not on the list says of its own size.
//
// Test hook: `window.srdTimeouts = {stall: ms}` (set before the page's scripts run) shortens
// the stall limit; widgets.js reads the same value for its view modules.

// No progress for this long (no byte, no stage) and the load counts as failed. Long enough
// for a slow connection that still delivers, or a busy machine compiling the 9.6 MB wasm.
export const STALL_MS = 40_000;

export function stallLimit() {
  const hook = globalThis.srdTimeouts && globalThis.srdTimeouts.stall;
  return Number.isFinite(hook) && hook > 0 ? hook : STALL_MS;
}

let engine = null;

// The worker the page's head started while the page was arriving (overrides/main.html),
// {worker, said: events it has sent so far}: taken once, by the first start on a page
// loaded in full. Null when there is none (no widget on the first page, or a retry).
function adoptEarlyWorker() {
  const early = globalThis.srdEarlyEngine;
  if (!early) return null;
  delete globalThis.srdEarlyEngine;
  return early;
}

// The size list of the engine's files, {name: bytes}, from the page (macros/widget_html.py).
function sizeList() {
  const holder = document.querySelector("[data-engine-files]");
  try {
    const sizes = holder ? JSON.parse(holder.dataset.engineFiles) : {};
    return sizes && typeof sizes === "object" ? sizes : {};
  } catch {
    return {};
  }
}

// {loaded, total, done}: bytes arrived of the files listed in `sizes` and of those the
// worker reported (`arrived`: name → {loaded, length, done}); `done` once every file has.
export function tally(sizes, arrived) {
  let loaded = 0;
  let total = 0;
  let done = true;
  for (const name of new Set([...Object.keys(sizes), ...Object.keys(arrived)])) {
    const file = arrived[name] || { loaded: 0, length: null, done: false };
    const size = Number.isFinite(sizes[name]) ? sizes[name] : file.length;
    // A file of unknown size counts what has come so far (its last bytes join the total
    // as they arrive); a finished file counts whole.
    const whole = size === null ? file.loaded : Math.max(size, file.done ? file.loaded : 0);
    loaded += file.done ? whole : Math.min(file.loaded, whole);
    total += whole;
    done = done && file.done;
  }
  return { loaded, total, done: done && total > 0 };
}

// The engine: {status, message, progress, onProgress(callback), whenSettled(callback),
// whenRestarted(callback), retry(), call(request) → Promise<reply>}. The same object across
// retries.
export function getEngine() {
  if (!engine) engine = createEngine();
  return engine;
}

function createEngine() {
  const state = { status: "loading", message: "" };
  let pending = new Map(); // request id → resolve(reply)
  let waiting = []; // callbacks to run once the engine is ready or has failed
  let restarted = []; // callbacks to run when a failed engine starts loading again
  let nextId = 1;
  let worker = null;
  let watchdog = 0;
  const sizes = sizeList();
  let arrived = {}; // what the worker last said has arrived of each file
  const listeners = new Set(); // progress callbacks

  function settle(status, message = "") {
    if (state.status === "failed") return; // the first failure is the one reported
    clearTimeout(watchdog);
    state.status = status;
    state.message = message;
    if (status === "failed") {
      if (worker) worker.terminate(); // a stalled download stops with it
      // Nothing already asked will be answered now: answer it with the failure.
      for (const resolve of pending.values()) resolve({ ok: false, error: { message, field: null } });
      pending.clear();
    }
    const callbacks = waiting;
    waiting = [];
    for (const callback of callbacks) callback();
    // sw-register.js waits for this before the service worker precaches the site, so that
    // the precache does not compete with the engine's own download.
    if (!performance.getEntriesByName("dice-engine-settled").length) performance.mark("dice-engine-settled");
  }

  // Any sign of life while loading puts the stall limit off again.
  function progressed() {
    if (state.status !== "loading") return;
    clearTimeout(watchdog);
    const limit = stallLimit();
    watchdog = setTimeout(() => settle("failed",
      `The dice engine could not load (nothing arrived for ${Math.round(limit / 1000)} s). ` +
      "Check the connection, then press Retry."), limit);
  }

  function start() {
    progressed();
    const early = adoptEarlyWorker();
    try {
      worker = early ? early.worker : new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
    } catch (error) {
      console.error(error);
      queueMicrotask(() => settle("failed", "This browser cannot run the dice engine (no module Web Workers)."));
      return;
    }
    const mine = worker;
    worker.onmessage = ({ data }) => {
      if (mine !== worker) return; // a worker given up on
      if (data.type === "progress") {
        progressed();
        if (data.files) arrived = data.files;
        const now = tally(sizes, arrived);
        for (const callback of [...listeners]) callback(now);
      }
      else if (data.type === "ready") {
        // A User Timing mark, so the benchmark (tests/benchmark.py) can read when the engine
        // became ready and how the worker's start-up time split.
        performance.mark("dice-engine-ready", { detail: data.timings });
        settle("ready");
      }
      else if (data.type === "failed") settle("failed", data.message);
      // The worker has kept (or could not keep) a snapshot of the started engine for the
      // next visit: a mark, for the tests and the benchmark.
      else if (data.type === "snapshot") performance.mark("dice-engine-snapshot", { detail: data });
      else if (pending.has(data.id)) {
        pending.get(data.id)(data.reply);
        pending.delete(data.id);
      }
    };
    // A worker script that cannot even start (404, syntax error) only reports here.
    worker.onerror = (event) => {
      event.preventDefault();
      if (mine === worker) settle("failed", "The dice engine could not start. Press Retry to try again.");
    };
    // What the early worker said before this module ran, in order.
    for (const event of early ? early.said : []) {
      if (event.type === "error") worker.onerror(event);
      else worker.onmessage(event);
    }
  }

  start();

  return {
    get status() { return state.status; },
    get message() { return state.message; },
    // {loaded, total, done}: bytes of the engine's files arrived so far, of the total
    // (0 while unknown); done when every file has arrived (the engine then starts).
    get progress() { return tally(sizes, arrived); },
    // Run `callback(progress)` at each sign of progress while loading; returns a function
    // that stops it.
    onProgress(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    // Run `callback` once the engine is ready or has failed (at once if it already has).
    whenSettled(callback) {
      if (state.status === "loading") waiting.push(callback);
      else queueMicrotask(callback);
    },
    // Run `callback` once, when a failed engine is retried (by any widget).
    whenRestarted(callback) {
      restarted.push(callback);
    },
    // A failed engine starts again in a fresh worker; every widget waiting on it hears so.
    retry() {
      if (state.status !== "failed") return;
      state.status = "loading";
      state.message = "";
      pending = new Map();
      arrived = {};
      start();
      const callbacks = restarted;
      restarted = [];
      for (const callback of callbacks) callback();
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
