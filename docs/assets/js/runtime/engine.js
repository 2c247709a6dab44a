// @ts-check
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
const STALL_MS = 40_000;

/**
 * What the page puts on the global object: the test hook above, and the worker its head
 * started with the events it has sent so far (overrides/main.html).
 * @typedef {{worker: Worker, said: (MessageEvent | ErrorEvent)[]}} EarlyWorker
 * @typedef {typeof globalThis & {srdTimeouts?: {stall?: number}, srdEarlyEngine?: EarlyWorker}} PageGlobal
 */
const page = /** @type {PageGlobal} */ (globalThis);

/** @typedef {{loaded: number, length: number | null, done: boolean}} FileArrival */
/** @typedef {{loaded: number, total: number, done: boolean}} Progress */

function stallLimit() {
  const hook = page.srdTimeouts && page.srdTimeouts.stall;
  return hook !== undefined && Number.isFinite(hook) && hook > 0 ? hook : STALL_MS;
}

/** @type {ReturnType<typeof engineFace> | null} */
let engine = null;

// The worker the page's head started while the page was arriving (overrides/main.html),
// {worker, said: events it has sent so far}: taken once, by the first start on a page
// loaded in full. Null when there is none (no widget on the first page, or a retry).
function adoptEarlyWorker() {
  const early = page.srdEarlyEngine;
  if (!early) return null;
  delete page.srdEarlyEngine;
  return early;
}

// The size list of the engine's files, {name: bytes}, from the page (macros/widget_html.py).
/** @returns {Record<string, number>} */
function sizeList() {
  /** @type {HTMLElement | null} */
  const holder = document.querySelector("[data-engine-files]");
  try {
    const sizes = holder ? JSON.parse(/** @type {string} */ (holder.dataset.engineFiles)) : {};
    return sizes && typeof sizes === "object" ? sizes : {};
  } catch {
    return {};
  }
}

// {loaded, total, done}: bytes arrived of the files listed in `sizes` and of those the
// worker reported (`arrived`: name → {loaded, length, done}); `done` once every file has.
/**
 * @param {Record<string, number>} sizes
 * @param {Record<string, FileArrival>} arrived
 * @returns {Progress}
 */
function tally(sizes, arrived) {
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

/**
 * What the engine's functions share, across retries.
 * @typedef {object} EngineState
 * @property {"loading" | "ready" | "failed"} status
 * @property {string} message why it failed
 * @property {Map<number, (reply: any) => void>} pending request id → resolve(reply)
 * @property {(() => void)[]} waiting callbacks to run once the engine is ready or has failed
 * @property {(() => void)[]} restarted callbacks to run when a failed engine starts loading again
 * @property {number} nextId
 * @property {Worker | null} worker
 * @property {number} watchdog the stall limit's timer
 * @property {Record<string, number>} sizes the size list of the engine's files
 * @property {Record<string, FileArrival>} arrived what the worker last said has arrived of each file
 * @property {Set<(progress: Progress) => void>} listeners progress callbacks
 */

function createEngine() {
  /** @type {EngineState} */
  const e = {
    status: "loading", message: "", pending: new Map(), waiting: [], restarted: [], nextId: 1, worker: null,
    watchdog: 0, sizes: sizeList(), arrived: {}, listeners: new Set(),
  };
  start(e);
  return engineFace(e);
}

/**
 * The engine is ready, or has failed (with `message`): every widget waiting hears so.
 * @param {EngineState} e
 * @param {"ready" | "failed"} status
 * @param {string} [message]
 */
function settle(e, status, message = "") {
  if (e.status === "failed") return; // the first failure is the one reported
  clearTimeout(e.watchdog);
  e.status = status;
  e.message = message;
  if (status === "failed") {
    if (e.worker) e.worker.terminate(); // a stalled download stops with it
    // Nothing already asked will be answered now: answer it with the failure.
    for (const resolve of e.pending.values()) resolve({ ok: false, error: { message, field: null } });
    e.pending.clear();
  }
  const callbacks = e.waiting;
  e.waiting = [];
  for (const callback of callbacks) callback();
  // sw-register.js waits for this before the service worker precaches the site, so that
  // the precache does not compete with the engine's own download.
  if (!performance.getEntriesByName("dice-engine-settled").length) performance.mark("dice-engine-settled");
}

/**
 * Any sign of life while loading puts the stall limit off again.
 * @param {EngineState} e
 */
function progressed(e) {
  if (e.status !== "loading") return;
  clearTimeout(e.watchdog);
  const limit = stallLimit();
  e.watchdog = setTimeout(() => settle(e, "failed",
    `The dice engine could not load (nothing arrived for ${Math.round(limit / 1000)} s). ` +
    "Check the connection, then press Retry."), limit);
}

/**
 * Starts the worker (the page head's, when there is one) and listens to it.
 * @param {EngineState} e
 */
function start(e) {
  progressed(e);
  const early = adoptEarlyWorker();
  try {
    e.worker = early ? early.worker : new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
  } catch (error) {
    console.error(error);
    queueMicrotask(() => settle(e, "failed", "This browser cannot run the dice engine (no module Web Workers)."));
    return;
  }
  const worker = /** @type {Worker} */ (e.worker);
  worker.onmessage = ({ data }) => {
    if (worker === e.worker) heard(e, data); // else a worker given up on
  };
  // A worker script that cannot even start (404, syntax error) only reports here.
  worker.onerror = (event) => {
    event.preventDefault();
    if (worker === e.worker) settle(e, "failed", "The dice engine could not start. Press Retry to try again.");
  };
  // What the early worker said before this module ran, in order.
  for (const event of early ? early.said : []) {
    if (event.type === "error") worker.onerror(/** @type {ErrorEvent} */ (event));
    else /** @type {(event: any) => void} */ (worker.onmessage)(event);
  }
}

/**
 * One message from the worker: progress, ready, failed, a snapshot kept, or a reply.
 * @param {EngineState} e
 * @param {any} data
 */
function heard(e, data) {
  if (data.type === "progress") {
    progressed(e);
    if (data.files) e.arrived = data.files;
    const now = tally(e.sizes, e.arrived);
    for (const callback of [...e.listeners]) callback(now);
  }
  else if (data.type === "ready") {
    // A User Timing mark, so the benchmark (tests/benchmark.py) can read when the engine
    // became ready and how the worker's start-up time split.
    performance.mark("dice-engine-ready", { detail: data.timings });
    settle(e, "ready");
  }
  else if (data.type === "failed") settle(e, "failed", data.message);
  // The worker has kept (or could not keep) a snapshot of the started engine for the
  // next visit: a mark, for the tests and the benchmark.
  else if (data.type === "snapshot") performance.mark("dice-engine-snapshot", { detail: data });
  else if (e.pending.has(data.id)) {
    /** @type {(reply: any) => void} */ (e.pending.get(data.id))(data.reply);
    e.pending.delete(data.id);
  }
}

/**
 * The engine as the widgets see it.
 * @param {EngineState} e
 */
function engineFace(e) {
  return {
    get status() { return e.status; },
    get message() { return e.message; },
    // {loaded, total, done}: bytes of the engine's files arrived so far, of the total
    // (0 while unknown); done when every file has arrived (the engine then starts).
    get progress() { return tally(e.sizes, e.arrived); },
    // Run `callback(progress)` at each sign of progress while loading; returns a function
    // that stops it.
    /** @param {(progress: Progress) => void} callback */
    onProgress(callback) {
      e.listeners.add(callback);
      return () => e.listeners.delete(callback);
    },
    // Run `callback` once the engine is ready or has failed (at once if it already has).
    /** @param {() => void} callback */
    whenSettled(callback) {
      if (e.status === "loading") e.waiting.push(callback);
      else queueMicrotask(callback);
    },
    // Run `callback` once, when a failed engine is retried (by any widget).
    /** @param {() => void} callback */
    whenRestarted(callback) {
      e.restarted.push(callback);
    },
    // A failed engine starts again in a fresh worker; every widget waiting on it hears so.
    retry() {
      if (e.status !== "failed") return;
      e.status = "loading";
      e.message = "";
      e.pending = new Map();
      e.arrived = {};
      start(e);
      const callbacks = e.restarted;
      e.restarted = [];
      for (const callback of callbacks) callback();
    },
    // Ask the engine; resolves with its reply, {ok, result} or {ok: false, error}.
    /** @param {object} request */
    call(request) {
      if (e.status === "failed") {
        return Promise.resolve({ ok: false, error: { message: e.message, field: null } });
      }
      const id = e.nextId++;
      return new Promise((resolve) => {
        e.pending.set(id, resolve);
        /** @type {Worker} */ (e.worker).postMessage({ id, request });
      });
    },
  };
}
