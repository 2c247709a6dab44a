// @ts-check
// What a widget keeps of the page it is on: the page's address, written within the browser's
// budget, and the memory that brings its last roll back after Back then Forward.
//
// Back then Forward: what a widget showed (its controls and its kept results) is saved per
// page and widget in sessionStorage, and put back when the reader returns to the page through
// the browser's history: Material's instant navigation (a popstate) or a full page load of
// type back_forward. A fresh visit (a link, a reload) starts from the page as written, or from
// the inputs its address carries. The memory is put back only where the address still
// carries the inputs it was saved with: an address that says other inputs (a permalink, an
// older entry of the history) wins.

/**
 * A widget's address change that waits for the budget: `flush` writes it now, `cancel` drops it.
 * @typedef {{cancel: () => void, flush: () => void}} AddressWriter
 */

/**
 * What a widget keeps for Back then Forward.
 * @typedef {object} Memory
 * @property {Record<string, string | boolean>} controls every control by id (see `controlValues`)
 * @property {string} address the inputs' address state it was kept for
 * @property {Record<string, {html: string, shownFor: string, shownKey: string | null}>} regions kept results, by slot
 */

const ADDRESS_GAP_MS = 150; // the least wait before a change that went over the budget below
// Safari refuses more than 100 address changes in 30 s: changes beyond a budget wait, and the
// last one waiting is written (one a second at most).
const ADDRESS_BUDGET = 60;
const ADDRESS_WINDOW_MS = 30_000;
/** @type {number[]} */
const addressTimes = [];
let addressWrittenAt = -Infinity;
/** Widgets with an address change waiting for the gap. @type {Set<AddressWriter>} */
export const addressWriters = new Set();

/**
 * How long an address change waits now (0: it may be written at once).
 * @returns {number}
 */
export function addressWait() {
  const now = performance.now();
  while (addressTimes.length && addressTimes[0] <= now - ADDRESS_WINDOW_MS) addressTimes.shift();
  if (addressTimes.length < ADDRESS_BUDGET) return 0;
  return Math.max(ADDRESS_GAP_MS, addressWrittenAt + 1000 - now);
}

/**
 * Puts `url` in the address bar without a new history entry, counted against the budget.
 * @param {URL} url
 */
export function replaceAddress(url) {
  if (url.href === location.href) return;
  try {
    history.replaceState(history.state, "", url.href);
    addressWrittenAt = performance.now();
    addressTimes.push(addressWrittenAt);
  } catch (error) {
    console.warn("the address could not follow the inputs:", error);
  }
}

// The path of the page the reader came back to through the history ("" on a fresh visit).
let returnedTo = "";
{
  const entry = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
  const type = entry ? /** @type {PerformanceNavigationTiming} */ (entry).type : "";
  if (entry && type === "back_forward") returnedTo = new URL(entry.name).pathname;
}

/**
 * A click that follows a link in this tab: the main button, no key held.
 * @param {MouseEvent} event
 * @returns {boolean}
 */
export function plainClick(event) {
  return event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}

// A link followed to an address with a #fragment brings popstates of its own, on its own
// page: Material jumps to the fragment (once as the link is clicked, again once the page is
// swapped in) as a fragment navigation does. Those are the link's, not a return through the
// history. `followed`: the path of the last link clicked, until a popstate elsewhere.
let followed = "";
window.addEventListener("popstate", () => {
  if (followed === location.pathname && location.hash !== "") return;
  followed = "";
  returnedTo = location.pathname;
  // An address change still waiting belongs to the entry just left: it is dropped.
  for (const writer of addressWriters) writer.cancel();
});
document.addEventListener("click", (event) => {
  const link = /** @type {HTMLAnchorElement | null} */ (event.target instanceof Element ? event.target.closest("a[href]") : null);
  if (!link) return;
  returnedTo = "";
  followed = plainClick(event) && !link.target ? new URL(link.href, location.href).pathname : "";
  // Leaving (or following a permalink): the entry being left gets its inputs first.
  for (const writer of [...addressWriters]) writer.flush();
}, true);
window.addEventListener("pagehide", () => {
  for (const writer of [...addressWriters]) writer.flush();
});

/**
 * @param {HTMLElement} root the widget
 * @returns {string}
 */
function memoryKey(root) {
  return `srd-widget:${location.pathname}#${root.id}`;
}

/**
 * The widget's memory, when the reader came back to this page through the history and the
 * address carries the inputs it was kept for (`addressState`); else null.
 * @param {HTMLElement} root
 * @param {string} addressState
 * @returns {Memory | null}
 */
export function recall(root, addressState) {
  if (returnedTo !== location.pathname) return null;
  try {
    const saved = JSON.parse(sessionStorage.getItem(memoryKey(root)) || "null");
    if (!saved || typeof saved !== "object") return null;
    return (saved.address ?? "") === addressState ? saved : null;
  } catch {
    return null;
  }
}

/**
 * @param {HTMLElement} root
 * @param {Memory} memory
 */
export function remember(root, memory) {
  if (!root.isConnected) return; // an answer that arrived after the reader left
  try {
    sessionStorage.setItem(memoryKey(root), JSON.stringify(memory));
  } catch {
    // Storage full or refused: the page simply starts afresh next time.
  }
}

/**
 * The form's controls by id: text as its value, a checkbox or radio as checked or not.
 * @param {HTMLFormElement} form
 * @returns {Record<string, string | boolean>}
 */
export function controlValues(form) {
  /** @type {Record<string, string | boolean>} */
  const values = {};
  for (const control of /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll("input[id]"))) {
    values[control.id] = control.type === "checkbox" || control.type === "radio" ? control.checked : control.value;
  }
  return values;
}

/**
 * Puts the saved values back; returns the switches it turned (each to be announced to the
 * view with a change event, once it listens).
 * @param {HTMLFormElement} form
 * @param {Record<string, string | boolean>} values
 * @returns {HTMLInputElement[]}
 */
export function restoreControls(form, values) {
  const turned = [];
  for (const control of /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll("input[id]"))) {
    const value = values[control.id];
    if (control.type === "checkbox" || control.type === "radio") {
      if (typeof value !== "boolean" || value === control.checked) continue;
      control.checked = value;
      if (value || control.type === "checkbox") turned.push(control);
    } else if (typeof value === "string") {
      control.value = value;
    }
  }
  return turned;
}
