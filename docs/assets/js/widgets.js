// Live widgets of the SRD. Every number comes from the Python rules engine, which runs in one
// Web Worker for the whole visit (engine.js, engine-worker.js); the widgets only send the
// form's values and format the replies. Shared parts: widget-kit.js.
//
// Material's instant navigation swaps pages without reloading, and a module script runs only
// once per page load: widgets are (re)attached each time Material's `document$` emits. Each
// kind of widget (the markup's data-widget) is one module's attach function.

import { attachDoomStack } from "./doom-stack.js";
import { attachCharacter, attachDiceAndDanger } from "./dice-and-danger.js";

const WIDGETS = {
  "doom-stack": attachDoomStack,
  "dice-and-danger": attachDiceAndDanger,
  "dice-and-danger-character": attachCharacter,
};

const attached = new WeakSet();

function attachAll() {
  for (const root of document.querySelectorAll(".srd-widget[data-widget]")) {
    const attach = WIDGETS[root.dataset.widget];
    if (!attach || attached.has(root)) continue;
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
