// The dice engine for every widget: one module Web Worker (engine-worker.js) running the
// Python rules engine in the site's own Pyodide. A module is evaluated once per page load,
// and Material's instant navigation swaps pages without reloading: so the worker is started
// on the first page that has a widget and serves every widget of every later page.

let engine = null;

// The engine: {status, message, whenSettled(callback), call(request) → Promise<reply>}.
export function getEngine() {
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
      if (data.type === "ready") {
        // A User Timing mark, so the benchmark (tests/benchmark.py) can read when the engine
        // became ready and how the worker's start-up time split.
        performance.mark("dice-engine-ready", { detail: data.timings });
        settle("ready");
      }
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
