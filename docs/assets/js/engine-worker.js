// The dice engine in a module Web Worker: the site's own Pyodide runs rules_engine off the
// main thread, so the page stays responsive while Python starts (a few seconds) and computes.
//
// Messages out: {type: "progress"} while loading (a file arrived, or more of its bytes, or a
// stage finished: engine.js gives up on a load that shows none for a while), then
// {type: "ready", timings} once (ms since the worker started, for the benchmark), or
// {type: "failed", message} if the engine cannot load; then {id, reply} for each
// {id, request} received, where reply is the engine's JSON reply ({ok: true, result} or
// {ok: false, error}) decoded.
//
// Every URL is resolved against this file's own URL, so the site works under any base path.

const PYODIDE_DIR = new URL("../pyodide/", import.meta.url);
const ENGINE_DIR = new URL("../engine/", import.meta.url);

let loading = true;
self.postMessage({ type: "progress" }); // the worker itself has arrived and runs

// Progress while loading, at most a few messages a second.
let lastProgress = 0;
function progress() {
  const now = performance.now();
  if (!loading || now - lastProgress < 250) return;
  lastProgress = now;
  self.postMessage({ type: "progress" });
}

function fail(reason) {
  if (!loading) return;
  loading = false;
  self.postMessage({ type: "failed", message: `The dice engine could not load (${reason}). Press Retry to try again.` });
}

// Every file Pyodide and the engine fetch goes through here: a file that cannot be fetched
// fails the load at once (Pyodide itself would only log a failed wasm download and wait
// forever), and each chunk that arrives counts as progress.
const plainFetch = self.fetch.bind(self);
self.fetch = async (resource, options) => {
  const name = String(resource instanceof Request ? resource.url : resource).split(/[?#]/)[0].split("/").pop();
  let response;
  try {
    response = await plainFetch(resource, options);
  } catch (error) {
    fail(`${name}: network error`);
    throw error;
  }
  if (!response.ok) {
    fail(`${name}: HTTP ${response.status}`);
    return response;
  }
  progress();
  if (!loading || !response.body) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        progress();
        controller.enqueue(value);
      } catch (error) {
        fail(`${name}: the download broke off`);
        controller.error(error);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
};

// Requests that arrive while the engine loads wait for it.
const engine = load();

async function load() {
  const started = performance.now();
  const timings = {};
  const mark = (name) => {
    timings[name] = Math.round(performance.now() - started);
    progress();
  };
  try {
    // The wheel is fetched while Pyodide starts (the two do not depend on each other),
    // and unpacked straight into site-packages: loadPackage's extra machinery costs more
    // than the unpacking itself.
    const wheel = fetchWheel();
    wheel.catch(() => {}); // its failure is reported where it is awaited, below
    // A dynamic import, so that a missing or broken runtime becomes a readable message
    // instead of a worker that silently never starts.
    const { loadPyodide } = await import(new URL("pyodide.mjs", PYODIDE_DIR).href);
    const pyodide = await loadPyodide({ indexURL: PYODIDE_DIR.href, stdout: () => {}, stderr: () => {} });
    mark("pyodide");
    const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
    pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
    mark("wheel");
    const web = pyodide.pyimport("rules_engine.web");
    mark("engine");
    if (!loading) return null; // a file failed on the way: that was reported
    loading = false;
    self.postMessage({ type: "ready", timings });
    return web;
  } catch (error) {
    console.error("dice engine failed to load:", error);
    fail(shortReason(error));
    return null;
  }
}

// The engine wheel's bytes, named by the manifest site_build writes beside it.
async function fetchWheel() {
  const manifest = await fetch(new URL("manifest.json", ENGINE_DIR));
  if (!manifest.ok) throw new Error(`engine manifest: HTTP ${manifest.status}`);
  const { wheel } = await manifest.json();
  const response = await fetch(new URL(wheel, ENGINE_DIR));
  if (!response.ok) throw new Error(`engine wheel: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// One line a reader can make sense of; never a Python traceback.
function shortReason(error) {
  const text = String((error && error.message) || error || "unknown error");
  const first = text.split("\n").find((line) => line.trim()) || "unknown error";
  return first.length > 120 ? `${first.slice(0, 117)}…` : first;
}

self.onmessage = async (event) => {
  const { id, request } = event.data;
  const web = await engine;
  let reply;
  if (!web) {
    reply = { ok: false, error: { message: "The dice engine is not available.", field: null } };
  } else {
    try {
      // web.call never raises for bad input; this catch is for the runtime itself failing.
      reply = JSON.parse(web.call(JSON.stringify(request)));
    } catch (error) {
      console.error("dice engine call failed:", error);
      reply = { ok: false, error: { message: "The dice engine stopped working. Reload the page to try again.", field: null } };
    }
  }
  self.postMessage({ id, reply });
};
