// The dice engine in a module Web Worker: the site's own Pyodide runs rules_engine off the
// main thread, so the page stays responsive while Python starts (a few seconds) and computes.
//
// Messages out: {type: "progress", files} while loading (a file arrived, or more of its bytes,
// or a stage finished: engine.js gives up on a load that shows none for a while; `files` says
// what has arrived of each file, see `arrived` below), then
// {type: "ready", timings} once (ms since the worker started, for the benchmark), or
// {type: "failed", message} if the engine cannot load; then {id, reply} for each
// {id, request} received, where reply is the engine's JSON reply ({ok: true, result} or
// {ok: false, error}) decoded.
//
// Every URL is resolved against this file's own URL, so the site works under any base path.
// Pyodide and the wheel sit in folders named by their content (browsers may keep them for
// good); the engine's manifest, at a fixed address, says where.

const ENGINE_DIR = new URL("../engine/", import.meta.url);

let loading = true;

// What has arrived of each file, by its name: {loaded, length, done}. `loaded` counts the
// bytes as the engine receives them (after any gzip or Brotli transfer encoding is undone);
// `length` is the file's size when the response says it in those same bytes (a
// Content-Length without a Content-Encoding), else null; engine.js adds these up against
// the size list the site build wrote.
const arrived = {};

// Progress while loading, at most a few messages a second (`now`: a file just finished).
let lastProgress = 0;
function progress(now = false) {
  const at = performance.now();
  if (!loading || (!now && at - lastProgress < 250)) return;
  lastProgress = at;
  self.postMessage({ type: "progress", files: arrived });
}
progress(true); // the worker itself has arrived and runs

// Files that do not pass through fetch (Pyodide's own JavaScript, imported as modules) are
// counted when they have arrived, from the browser's resource timing.
if (typeof PerformanceObserver === "function") {
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const name = fileName(entry.name);
        if (arrived[name] || !entry.decodedBodySize) continue;
        arrived[name] = { loaded: entry.decodedBodySize, length: entry.decodedBodySize, done: true };
        progress(true);
      }
    }).observe({ type: "resource", buffered: true });
  } catch (error) {
    console.warn("no resource timing in this worker: imported files are not counted", error);
  }
}

function fileName(url) {
  return String(url).split(/[?#]/)[0].split("/").pop();
}

// Once the wasm and every other file asked for have arrived, what is left is compiling and
// starting the engine, with nothing more to download: a busy machine (a phone, a laptop at
// other work) may take a while at it, and a beat every few seconds tells engine.js that the
// load is not stalled. While any file is still on its way, only its bytes count.
const BEAT_MS = 5000;
const beat = setInterval(() => {
  if (!loading) return clearInterval(beat);
  const wasm = arrived["pyodide.asm.wasm"];
  if (wasm && wasm.done && Object.values(arrived).every((file) => file.done)) progress(true);
}, BEAT_MS);

function fail(reason) {
  if (!loading) return;
  loading = false;
  self.postMessage({ type: "failed", message: `The dice engine could not load (${reason}). Press Retry to try again.` });
}

// Every file Pyodide and the engine fetch goes through here: a file that cannot be fetched
// fails the load at once (Pyodide itself would only log a failed wasm download and wait
// forever), and each chunk that arrives counts as progress, in bytes.
const plainFetch = self.fetch.bind(self);
self.fetch = async (resource, options) => {
  const name = fileName(resource instanceof Request ? resource.url : resource);
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
  if (!loading || !response.body) return response;
  // A Content-Length counts the bytes on the wire: the bytes read here only when nothing
  // was encoded for the transfer.
  const length = Number(response.headers.get("Content-Length"));
  const file = {
    loaded: 0, length: !response.headers.get("Content-Encoding") && length > 0 ? length : null, done: false,
  };
  arrived[name] = file;
  progress(true);
  const reader = response.body.getReader();
  const body = new ReadableStream({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          file.done = true;
          progress(true);
          return controller.close();
        }
        file.loaded += value.byteLength;
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
    progress(true);
  };
  try {
    // The wheel is fetched while Pyodide starts (the two do not depend on each other),
    // and unpacked straight into site-packages: loadPackage's extra machinery costs more
    // than the unpacking itself.
    const manifest = fetchManifest();
    const wheel = fetchWheel(manifest);
    wheel.catch(() => {}); // its failure is reported where it is awaited, below
    const pyodideDir = new URL((await manifest).pyodide, ENGINE_DIR);
    // A dynamic import, so that a missing or broken runtime becomes a readable message
    // instead of a worker that silently never starts.
    const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideDir).href);
    const pyodide = await loadPyodide({ indexURL: pyodideDir.href, stdout: () => {}, stderr: () => {} });
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

// The engine's manifest, which site_build writes: {wheel, pyodide}, each relative to it.
async function fetchManifest() {
  const manifest = await fetch(new URL("manifest.json", ENGINE_DIR));
  if (!manifest.ok) throw new Error(`engine manifest: HTTP ${manifest.status}`);
  return manifest.json();
}

// The engine wheel's bytes, named by the manifest.
async function fetchWheel(manifest) {
  const { wheel } = await manifest;
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
