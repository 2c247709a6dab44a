// @ts-check
// Material's instant navigation swaps pages without reloading, and a module runs once per
// page load. onEveryPage(callback) calls back once the first page is parsed and again for
// every page Material swaps in (its `document$`, which emits the first page too: so the
// callback must leave alone what it has already done).
//
// `document$` comes with Material's bundle. A module that runs before the bundle (a view
// module, which the page's head imports) looks for it when the page is parsed, not at once.

/** @typedef {{subscribe?: (next: () => void) => unknown}} Pages Material's observable of the pages shown */

/** @param {() => void} callback */
export function onEveryPage(callback) {
  const follow = () => {
    callback();
    const pages = /** @type {Window & {document$?: Pages}} */ (window).document$;
    if (pages && typeof pages.subscribe === "function") pages.subscribe(() => callback());
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", follow, { once: true });
  else follow();
}
