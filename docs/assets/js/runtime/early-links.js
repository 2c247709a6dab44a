// @ts-check
// A link of this site followed in the first moments of a page is the browser's to follow.
//
// Material's instant navigation takes a click only once it has the site's list of pages
// (sitemap.xml, fetched as each page loads: on a phone with poor signal, seconds later). A
// click made before that is followed by the browser, and Material, which kept it, takes it
// again when the list arrives: it pushes the page a second time, and Back leads to the same
// page. So a click that nothing took (its default not prevented by the time it reaches the
// window) marks its link target="_self", which the browser follows as it would anyway and
// Material leaves alone. (The mark stays: should the page be shown again from the
// back-forward cache, Material may still hold that click.)
window.addEventListener("click", (event) => {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  /** @type {HTMLAnchorElement | null} */
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (link && !link.target) link.target = "_self";
});
