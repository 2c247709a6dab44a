// Live widgets of the SRD. Every number comes from the Python rules engine, which runs in one
// Web Worker for the whole visit (engine.js, engine-worker.js); the widgets only send the
// form's values and format the replies. Shared parts: widget-kit.js.
//
// Each system has one view module, docs/assets/js/<system key>.js, exporting WIDGETS: kind of
// widget → attach(root). A widget's markup names both (macros/widget_html.py): data-view is
// the module, data-widget the kind. A module is imported when a page first shows one of its
// widgets, so a page loads only its own system's view.
//
// Material's instant navigation swaps pages without reloading, and a module script runs only
// once per page load: widgets are (re)attached each time Material's `document$` emits.

const VIEW_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const attached = new WeakSet();

function loadView(view) {
  if (!VIEW_NAME.test(view)) return Promise.reject(new Error(`no view module named “${view}”`));
  return import(new URL(`./${view}.js`, import.meta.url).href);
}

function showLoadFailure(root, error) {
  console.error(`widget view ${root.dataset.view} failed to load:`, error);
  root.dataset.state = "failed";
  const status = root.querySelector(".srd-widget__status");
  if (status) {
    status.textContent = "This roller could not load. Reload the page to try again.";
    status.classList.add("srd-widget__status--error");
  }
}

async function attach(root) {
  try {
    const { WIDGETS } = await loadView(root.dataset.view || "");
    const attachWidget = WIDGETS && WIDGETS[root.dataset.widget];
    if (!attachWidget) throw new Error(`view ${root.dataset.view} has no widget “${root.dataset.widget}”`);
    attachWidget(root);
  } catch (error) {
    showLoadFailure(root, error);
  }
}

function attachAll() {
  for (const root of document.querySelectorAll(".srd-widget[data-view][data-widget]")) {
    if (attached.has(root)) continue;
    attached.add(root);
    attach(root);
  }
}

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(attachAll); // emits for the first page and after every swap
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", attachAll);
} else {
  attachAll();
}
