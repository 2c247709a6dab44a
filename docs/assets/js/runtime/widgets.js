// @ts-check
// Live widgets of the SRD. Every number comes from the Python rules engine, which runs in one
// Web Worker for the whole visit (engine.js, engine-worker.js); the widgets only send the
// form's values and format the replies. Shared parts: widget-kit.js.
//
// Each system has one view module, docs/assets/js/<system key>.js, exporting WIDGETS: kind of
// widget → attach(root). A widget's markup names both (macros/widget_html.py): data-view is
// the module, data-widget the kind. A module is imported when a page first shows one of its
// widgets, so a page loads only its own system's view.
//
// Material's instant navigation swaps pages without reloading: widgets attach on every page
// (pages.js), each once.

import { onEveryPage } from "./pages.js";

/**
 * A view module: its widgets by kind, each attached to its root.
 * @typedef {{WIDGETS?: Record<string, (root: HTMLElement) => void>}} ViewModule
 * What the page puts on window: the view modules its head imported (overrides/main.html), and
 * the test hook that shortens the stall limit (engine.js).
 * @typedef {Window & {srdViews?: Record<string, Promise<ViewModule>>, srdTimeouts?: {stall?: number}}} PageWindow
 */

const VIEW_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const attached = new WeakSet();
const STALL_MS = 40_000; // as engine.js: a view module that has not arrived by then has failed
let retries = 0;

// The view module; a retry asks for a fresh copy (`?retry=N`), since the browser remembers
// a module that failed, or is still stuck, under its plain address.
/**
 * @param {string} view
 * @param {number} retry
 * @returns {Promise<ViewModule>}
 */
function loadView(view, retry) {
  if (!VIEW_NAME.test(view)) return Promise.reject(new Error(`no view module named “${view}”`));
  const url = new URL(`../views/${view}.js`, import.meta.url);
  if (retry) url.search = `retry=${retry}`;
  const page = /** @type {PageWindow} */ (window);
  const hook = page.srdTimeouts && page.srdTimeouts.stall; // test hook (engine.js)
  const limit = hook !== undefined && Number.isFinite(hook) && hook > 0 ? hook : STALL_MS;
  let timer = 0;
  /** @type {Promise<never>} */
  const stalled = new Promise((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${view}.js did not arrive within ${Math.round(limit / 1000)} s`)), limit);
  });
  // The page's head has already asked for it (overrides/main.html), unless this is a retry.
  const early = !retry && page.srdViews && Object.hasOwn(page.srdViews, view) ? page.srdViews[view] : null;
  return Promise.race([early || import(url.href), stalled]).finally(() => clearTimeout(timer));
}

// The status line says what failed, and the Retry button (macros/widget_html.py) loads the
// view again, for every widget of the page that it failed.
/**
 * @param {HTMLElement} root
 * @param {unknown} error
 */
function showLoadFailure(root, error) {
  console.error(`widget view ${root.dataset.view} failed to load:`, error);
  root.dataset.state = "failed";
  root.dataset.viewFailed = "";
  const status = root.querySelector(".srd-widget__status");
  if (status) {
    status.textContent = "This roller could not load. Check the connection, then press Retry.";
    status.classList.add("srd-widget__status--error");
  }
  const retry = /** @type {HTMLButtonElement | null} */ (root.querySelector(".srd-widget__retry"));
  if (!retry) return;
  retry.hidden = false;
  retry.removeAttribute("aria-disabled");
  retry.onclick = () => {
    if (retry.getAttribute("aria-disabled") === "true") return;
    retries += 1;
    /** @type {NodeListOf<HTMLElement>} */
    const failedRoots = document.querySelectorAll(".srd-widget[data-view-failed]");
    for (const failed of failedRoots) {
      if (failed.dataset.view !== root.dataset.view) continue;
      delete failed.dataset.viewFailed;
      failed.dataset.state = "loading";
      failed.querySelector(".srd-widget__retry")?.setAttribute("aria-disabled", "true");
      const line = failed.querySelector(".srd-widget__status");
      if (line) {
        line.textContent = "Loading the roller again…";
        line.classList.remove("srd-widget__status--error");
      }
      attach(failed, retries);
    }
  };
}

/**
 * @param {HTMLElement} root
 * @param {number} [retry]
 */
async function attach(root, retry = 0) {
  try {
    const { WIDGETS } = await loadView(root.dataset.view || "", retry);
    const attachWidget = WIDGETS && WIDGETS[/** @type {string} */ (root.dataset.widget)];
    if (!attachWidget) throw new Error(`view ${root.dataset.view} has no widget “${root.dataset.widget}”`);
    attachWidget(root);
  } catch (error) {
    showLoadFailure(root, error);
  }
}

function attachAll() {
  /** @type {NodeListOf<HTMLElement>} */
  const roots = document.querySelectorAll(".srd-widget[data-view][data-widget]");
  for (const root of roots) {
    if (attached.has(root)) continue;
    attached.add(root);
    attach(root);
  }
}

// The first page's widgets attach as soon as it is parsed (this deferred module runs then),
// not after Material's own start-up at DOMContentLoaded: on a phone that is a second or so.
onEveryPage(attachAll);
