// @ts-check
// Notations written in the rules text are buttons (macros/widget_html.py notation_button):
// pressing one fills the page's roller with it, scrolls the roller into view and puts the
// focus in it (on a touch screen: its results into view, the focus on the roller, so no
// keyboard opens), and a "Back to the text" button above its results returns to the
// notation; the roller's own code then shows its odds (each field gets the event a reader's
// typing or clicking would send). Generic: the button carries its roller's id and the field
// values (worked out when the site was built), and this module never names a system.
//
// A button starts disabled (without JavaScript it reads as the notation, in code type) and
// is enabled here once its roller is found on the page.

import { onEveryPage } from "../runtime/pages.js";

const ready = new WeakSet();

/**
 * A form's field as fill() treats it: an input, a select or a textarea (`checked` is read only
 * on a checkbox or a radio button).
 * @typedef {HTMLElement & {type: string, value: string, checked: boolean, disabled: boolean}} Control
 * The "Back to the text" button, holding the notation it returns to.
 * @typedef {HTMLButtonElement & {srdFrom?: HTMLElement}} BackButton
 */

// The roller a button loads into: its data-target, else the first widget of its system on
// the page with a `notation` field.
/**
 * @param {HTMLElement} button
 * @returns {HTMLElement | null}
 */
function rollerFor(button) {
  if (button.dataset.target) return document.getElementById(button.dataset.target);
  for (const widget of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".srd-widget[data-view]"))) {
    if (widget.dataset.view === button.dataset.system && widget.querySelector("form [name='notation']")) return widget;
  }
  return null;
}

/**
 * @param {HTMLElement} button
 * @returns {Record<string, unknown>}
 */
function fieldsOf(button) {
  try {
    const fields = JSON.parse(button.dataset.fields || "{}");
    return fields && typeof fields === "object" ? fields : {};
  } catch {
    return {};
  }
}

// Puts `value` in the form's control(s) named `name` as a reader would, then sends the event
// the widget listens for; returns the control to focus (or null when there is none).
/**
 * @param {HTMLFormElement} form
 * @param {string} name
 * @param {string} value
 * @returns {Control | null}
 */
function fill(form, name, value) {
  const found = form.elements.namedItem(name);
  if (!found) return null;
  const controls = /** @type {Control[]} */ (found instanceof RadioNodeList ? Array.from(found) : [found]);
  let first = null;
  for (const control of controls) {
    if (control.type === "radio") {
      const checked = control.value === value;
      if (control.checked !== checked) {
        control.checked = checked;
        if (checked) control.dispatchEvent(new Event("change", { bubbles: true }));
      }
      if (checked) first = control;
    } else if (control.type === "checkbox") {
      const checked = Boolean(value) && value !== "0";
      if (control.checked !== checked) {
        control.checked = checked;
        control.dispatchEvent(new Event("change", { bubbles: true }));
      }
      first = first || control;
    } else if ("value" in control) {
      if (control.value !== value) {
        control.value = value;
        control.dispatchEvent(new Event("input", { bubbles: true }));
      }
      first = first || control;
    }
  }
  return first;
}

// Scrolls an element's top just under the site's sticky header (or, with `share`, that share
// of the screen further down: a notation back in its sentence, with text above it).
/**
 * @param {Element} element
 * @param {number} [share]
 */
function bringIntoView(element, share = 0) {
  const header = document.querySelector(".md-header");
  const offset = (header ? header.getBoundingClientRect().height : 0) + 8 + share * window.innerHeight;
  const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({ top: window.scrollY + element.getBoundingClientRect().top - offset, behavior: reduce ? "auto" : "smooth" });
}

// A touch screen (no fine pointer): focus in a text field would open its keyboard over the
// odds the reader asked to see.
function touchScreen() {
  return Boolean(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
}

// "Back to the text", just above the roller's status line and its results: returns to the
// notation last pressed (its place in the text, and the focus). One per roller, made when a
// notation first loads it.
/**
 * @param {HTMLElement} widget
 * @returns {BackButton}
 */
function backLink(widget) {
  /** @type {BackButton | null} */
  let back = widget.querySelector(".srd-notation-back");
  if (!back) {
    back = document.createElement("button");
    back.type = "button";
    back.className = "srd-notation-back";
    back.textContent = "Back to the text";
    const made = back;
    back.addEventListener("click", () => {
      const to = made.srdFrom;
      if (!to || !to.isConnected) return;
      bringIntoView(to, 0.4);
      to.focus({ preventScroll: true });
    });
    const status = widget.querySelector(".srd-widget__statusbar, .srd-widget__status");
    if (status) status.before(back);
    else widget.prepend(back);
  }
  return back;
}

/** @param {HTMLButtonElement} button */
function loadNotation(button) {
  const widget = rollerFor(button);
  const form = widget && widget.querySelector("form");
  if (!form) return false;
  let focus = null;
  for (const [name, value] of Object.entries(fieldsOf(button))) {
    const control = fill(form, name, String(value));
    if (!focus) focus = control;
  }
  const back = backLink(/** @type {HTMLElement} */ (widget)); // there is a form only in a widget
  back.srdFrom = button;
  back.setAttribute("aria-label", `Back to the text, at ${button.dataset.notation || button.textContent.trim()}`);
  // On a touch screen the form is taller than the screen: the results (and the way back, just
  // above them) come into view instead of the form's top.
  const touch = touchScreen();
  bringIntoView(touch ? back : widget);
  // A field still disabled (the engine loading) takes no focus, nor does one on a touch screen
  // (no keyboard pops up over the odds): the roller itself does, for screen readers.
  if (focus && !focus.disabled && !touch) {
    focus.focus({ preventScroll: true });
  } else {
    const roller = /** @type {HTMLElement} */ (widget);
    if (!roller.hasAttribute("tabindex")) roller.setAttribute("tabindex", "-1");
    roller.focus({ preventScroll: true });
  }
  return true;
}

/** @param {ParentNode} [root] */
function attachNotationButtons(root = document) {
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (root.querySelectorAll("button.srd-notation"))) {
    if (ready.has(button)) continue;
    const roller = rollerFor(button);
    if (!roller) continue; // no roller on this page: it stays the notation, as text
    ready.add(button);
    const label = roller.querySelector("form")?.getAttribute("aria-label");
    if (!button.dataset.target && label) {
      // Found here, not named at build time: say which roller it is.
      button.setAttribute("aria-label", `${button.dataset.notation}: show it in the ${label}`);
      button.title = `Show it in the ${label}`;
    }
    button.addEventListener("click", () => loadNotation(button));
    button.disabled = false;
  }
}

onEveryPage(() => attachNotationButtons());

// A link within the page to a closed disclosure (the top of a chapter's "Your recent rolls")
// opens it as it goes there: one tap, not two.
document.addEventListener("click", (event) => {
  // (Material's instant navigation writes every link out in full: this page's address + #id.)
  /** @type {HTMLAnchorElement | null} */
  const link = event.target instanceof Element ? event.target.closest("a[href*='#']") : null;
  if (!link || link.hash.length < 2 || link.origin !== location.origin || link.pathname !== location.pathname) return;
  let target = null;
  try {
    target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
  } catch {
    return; // a malformed anchor: the browser does what it does
  }
  if (target instanceof HTMLDetailsElement) target.open = true;
}, true);
