// @ts-check
// The dice engine in a module Web Worker: the site's own Pyodide runs rules_engine off the
// main thread, so the page stays responsive while Python starts (a few seconds) and computes.
//
// Messages out: {type: "progress", files} while loading (a file arrived, or more of its bytes,
// or a stage finished: engine.js gives up on a load that shows none for a while; `files` says
// what has arrived of each file, see `arrived` below), then
// {type: "ready", timings} once (ms since the worker started, for the benchmark, and
// `timings.start`: "snapshot" or "fresh", how the interpreter started), or
// {type: "failed", message} if the engine cannot load; then {id, reply} for each
// {id, request} received, where reply is the engine's JSON reply ({ok: true, result} or
// {ok: false, error}) decoded.
//
// Every URL is resolved against this file's own URL, so the site works under any base path.
// Pyodide and the wheel sit in folders named by their content (browsers may keep them for
// good); the engine's manifest, at a fixed address, says where.

const ENGINE_DIR = new URL("../../engine/", import.meta.url);

/**
 * The little of Pyodide's interface this worker uses.
 * @typedef {object} Pyodide
 * @property {(code: string) => any} runPython
 * @property {(buffer: Uint8Array, format: string, options: {extractDir: string}) => void} unpackArchive
 * @property {(name: string) => EngineModule} pyimport
 * @property {() => Uint8Array<ArrayBuffer>} makeMemorySnapshot
 */
/** @typedef {{call: (request: string) => string}} EngineModule rules_engine.web: JSON request in, JSON reply out */
/** @typedef {{wheel: string, pyodide: string}} Manifest where the wheel and Pyodide's folder are */
/** @typedef {{loaded: number, length: number | null, done: boolean}} FileArrival */

let loading = true;

// What has arrived of each file, by its name: {loaded, length, done}. `loaded` counts the
// bytes as the engine receives them (after any gzip or Brotli transfer encoding is undone);
// `length` is the file's size when the response says it in those same bytes (a
// Content-Length without a Content-Encoding), else null; engine.js adds these up against
// the size list the site build wrote.
/** @type {Record<string, FileArrival>} */
const arrived = {};

// Progress while loading, at most a few messages a second (`now`: a file just finished).
let lastProgress = 0;
/** @param {boolean} [now] */
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
      for (const entry of /** @type {PerformanceResourceTiming[]} */ (list.getEntries())) {
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

// Settles once Pyodide's wasm has arrived whole (see the snapshot's trying flag below).
const WASM_FILE = "pyodide.asm.wasm";
/** @type {() => void} */
let wasmArrived;
/** @type {Promise<void>} */
const wasmWhole = new Promise((resolve) => { wasmArrived = resolve; });

/**
 * @param {string | URL} url
 * @returns {string} the last part of its path
 */
function fileName(url) {
  return /** @type {string} */ (String(url).split(/[?#]/)[0].split("/").pop());
}

// Once the wasm and every other file asked for have arrived, what is left is compiling and
// starting the engine, with nothing more to download: a busy machine (a phone, a laptop at
// other work) may take a while at it, and a beat every few seconds tells engine.js that the
// load is not stalled. While any file is still on its way, only its bytes count.
const BEAT_MS = 5000;
const beat = setInterval(() => {
  if (!loading) return clearInterval(beat);
  const wasm = arrived[WASM_FILE];
  if (wasm && wasm.done && Object.values(arrived).every((file) => file.done)) progress(true);
}, BEAT_MS);

/** @param {string} reason */
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
  if (!loading || !response.body) {
    if (name === WASM_FILE) wasmArrived();
    return response;
  }
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
          if (name === WASM_FILE) wasmArrived();
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

// A repeat visit starts from a memory snapshot: the interpreter as it was once Python had
// started and the engine was imported, made on this device after its first fresh start and
// kept in Cache Storage under SNAPSHOT_CACHE, at an address naming the build (the manifest's
// content-named wheel and Pyodide folders). Loading it skips Python's start-up, the standard
// library's unpacking and the engine's import: only the wasm is compiled (and the browser may
// keep that compiled too). The cache holds one build's snapshot: another build's is deleted
// unread, and one that fails to load is deleted and a fresh start follows.
const SNAPSHOT_CACHE = "dice-engine-snapshot";
// Pyodide 314's snapshot format: a header of Uint32s, [0] this magic number and [1] where
// the heap starts; the heap is a whole number of 64 KiB wasm pages.
const SNAPSHOT_MAGIC = 0x706e7300;
const WASM_PAGE = 65536;

async function load() {
  const started = performance.now();
  /** @type {Record<string, number | string>} */
  const timings = {};
  /** @param {string} name */
  const mark = (name) => {
    timings[name] = Math.round(performance.now() - started);
    progress(true);
  };
  try {
    // The wheel is fetched while Pyodide starts (the two do not depend on each other),
    // and unpacked straight into site-packages: loadPackage's extra machinery costs more
    // than the unpacking itself (and would rule out a snapshot).
    const manifest = fetchManifest();
    const wheel = fetchWheel(manifest);
    wheel.catch(() => {}); // its failure is reported where it is awaited, below
    const snapshotAddress = snapshotKey(await manifest);
    const stored = storedSnapshot(snapshotAddress);
    const pyodideDir = new URL((await manifest).pyodide, ENGINE_DIR);
    // A dynamic import, so that a missing or broken runtime becomes a readable message
    // instead of a worker that silently never starts.
    /** @type {{loadPyodide: (options: object) => Promise<Pyodide>}} */
    const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideDir).href);
    const options = { indexURL: pyodideDir.href, stdout: () => {}, stderr: () => {} };
    /** @type {Pyodide | null} */
    let pyodide = null;
    /** @type {EngineModule | null} */
    let web = null;
    const snapshot = await stored;
    if (snapshot) {
      // Flagged once the wasm is whole: only then is the snapshot being tried. A download held
      // back, broken off or left (the page closed on a slow network) says nothing of it.
      const address = /** @type {string} */ (snapshotAddress); // there is a snapshot only where there is an address
      /** @type {() => PromiseLike<false | void> | false} */
      const flag = () => loading && markTrying(address, true);
      const flagged = wasmWhole.then(flag);
      flagged.catch(() => {}); // (a failure to flag fails the start below, where it is awaited)
      try {
        pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
        await flagged;
        mark("pyodide");
        web = await importEngine(pyodide, await wheel);
        checkEngine(web);
        await markTrying(address, false);
        timings.start = "snapshot";
      } catch (error) {
        if (!loading) { // a file failed on the way: that was reported, and is no fault of the snapshot
          flagged.then(() => markTrying(address, false)).catch(() => {});
          return null;
        }
        console.warn("the engine's snapshot did not load; starting afresh:", error);
        await forgetSnapshots();
        pyodide = null;
      }
    }
    if (!pyodide || !web) {
      const keep = snapshotAddress !== null;
      pyodide = await loadPyodide({ ...options, _makeSnapshot: keep });
      mark("pyodide");
      web = await importEngine(pyodide, await wheel);
      timings.start = "fresh";
      // Made before the engine answers anything, so every later start is this one's.
      if (keep) keepSnapshot(snapshotAddress, pyodide);
    }
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

// The engine's wheel unpacked into site-packages and its bridge imported. After a snapshot the
// bridge is imported already; the files are still put back, for what imports later.
/**
 * @param {Pyodide} pyodide
 * @param {Uint8Array} wheel
 * @returns {Promise<EngineModule>}
 */
async function importEngine(pyodide, wheel) {
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  return pyodide.pyimport("rules_engine.web");
}

// A started engine answers a request it must refuse with its JSON refusal; anything else
// (a snapshot that loaded but is not whole) throws.
/** @param {EngineModule} web */
function checkEngine(web) {
  const reply = JSON.parse(web.call("{}"));
  if (!reply || reply.ok !== false || !reply.error) throw new Error("the engine's snapshot answers wrongly");
}

// The snapshot's address in SNAPSHOT_CACHE for this build, or null where there is no Cache
// Storage (then no snapshot is made).
/**
 * @param {Manifest} manifest
 * @returns {string | null}
 */
function snapshotKey(manifest) {
  if (!self.caches) return null;
  const build = `${manifest.pyodide}|${manifest.wheel}`;
  return new URL(`snapshot?build=${encodeURIComponent(build)}`, ENGINE_DIR).href;
}

// This build's snapshot (bytes that look like one), or null; snapshots of other builds, and
// one that does not look whole, are deleted.
/**
 * @param {string | null} address
 * @returns {Promise<Uint8Array | null>}
 */
async function storedSnapshot(address) {
  if (!address) return null;
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const flag = tryingFlag(address);
    for (const request of await cache.keys()) {
      if (request.url !== address && request.url !== flag) await cache.delete(request);
    }
    // A start from it that never finished (the page closed, or it hung): not tried again.
    if (await cache.match(flag)) {
      console.warn("the engine's snapshot did not start last time; starting afresh");
      await cache.delete(address);
      await cache.delete(flag);
      return null;
    }
    const response = await cache.match(address);
    if (!response) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (looksWhole(bytes, Number(response.headers.get("X-Snapshot-Length")))) return bytes;
    console.warn("the engine's snapshot is damaged; starting afresh");
    await cache.delete(address);
  } catch (error) {
    console.warn("the engine's snapshot could not be read:", error);
  }
  return null;
}

// Bytes of `length` holding Pyodide's snapshot header and a heap of whole wasm pages.
/**
 * @param {Uint8Array} bytes
 * @param {number} length
 */
function looksWhole(bytes, length) {
  if (bytes.byteLength !== length || bytes.byteLength < 64 || bytes.byteLength % 4) return false;
  const header = new Uint32Array(bytes.buffer, bytes.byteOffset, 2);
  const heap = bytes.byteLength - header[1];
  return header[0] === SNAPSHOT_MAGIC && header[1] < bytes.byteLength && heap > 0 && heap % WASM_PAGE === 0;
}

// While a start from the snapshot is under way (from the moment Pyodide's wasm has arrived), a
// flag beside it says so: a start that never finishes (a hang, the page closed) leaves it
// there, and the snapshot is not tried again.
/** @param {string} address */
function tryingFlag(address) {
  return `${address}&trying`;
}

/**
 * @param {string} address
 * @param {boolean} trying
 */
async function markTrying(address, trying) {
  const cache = await caches.open(SNAPSHOT_CACHE);
  if (trying) await cache.put(tryingFlag(address), new Response(""));
  else await cache.delete(tryingFlag(address));
}

async function forgetSnapshots() {
  try {
    await caches.delete(SNAPSHOT_CACHE);
  } catch (error) {
    console.warn("the engine's snapshot could not be deleted:", error);
  }
}

// The interpreter as it is now, kept for the next visit (stored while the engine works).
/**
 * @param {string} address
 * @param {Pyodide} pyodide
 */
function keepSnapshot(address, pyodide) {
  let bytes;
  try {
    bytes = pyodide.makeMemorySnapshot();
  } catch (error) {
    console.warn("no snapshot of the engine could be made:", error);
    return;
  }
  (async () => {
    const cache = await caches.open(SNAPSHOT_CACHE);
    await cache.put(address, new Response(bytes, {
      headers: { "Content-Type": "application/octet-stream", "X-Snapshot-Length": String(bytes.byteLength) },
    }));
  })().then(
    () => self.postMessage({ type: "snapshot", stored: true }),
    (error) => {
      console.warn("the engine's snapshot could not be stored:", error);
      self.postMessage({ type: "snapshot", stored: false });
    });
}

// The engine's manifest, which site_build writes: {wheel, pyodide}, each relative to it.
/** @returns {Promise<Manifest>} */
async function fetchManifest() {
  const manifest = await fetch(new URL("manifest.json", ENGINE_DIR));
  if (!manifest.ok) throw new Error(`engine manifest: HTTP ${manifest.status}`);
  return manifest.json();
}

// The engine wheel's bytes, named by the manifest.
/** @param {Promise<Manifest>} manifest */
async function fetchWheel(manifest) {
  const { wheel } = await manifest;
  const response = await fetch(new URL(wheel, ENGINE_DIR));
  if (!response.ok) throw new Error(`engine wheel: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// One line a reader can make sense of; never a Python traceback.
/** @param {any} error whatever was thrown */
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
