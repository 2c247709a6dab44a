// Notations written in the rules text are buttons (macros/widget_html.py notation_button):
// pressing one fills the page's roller with it, scrolls the roller into view and puts the
// focus in it; the roller's own code then shows its odds (each field gets the event a reader's
// typing or clicking would send). Generic: the button carries its roller's id and the field
// values (worked out when the site was built), and this module never names a system.
//
// A button starts disabled (without JavaScript it reads as the notation, in code type) and
// is enabled here once its roller is found on the page.

const ready = new WeakSet();

// The roller a button loads into: its data-target, else the first widget of its system on
// the page with a `notation` field.
function rollerFor(button) {
  if (button.dataset.target) return document.getElementById(button.dataset.target);
  for (const widget of document.querySelectorAll(".srd-widget[data-view]")) {
    if (widget.dataset.view === button.dataset.system && widget.querySelector("form [name='notation']")) return widget;
  }
  return null;
}

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
function fill(form, name, value) {
  const found = form.elements.namedItem(name);
  if (!found) return null;
  const controls = found instanceof RadioNodeList ? Array.from(found) : [found];
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

// Scrolls the roller's top just under the site's sticky header.
function bringIntoView(widget) {
  const header = document.querySelector(".md-header");
  const offset = (header ? header.getBoundingClientRect().height : 0) + 8;
  const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({ top: window.scrollY + widget.getBoundingClientRect().top - offset, behavior: reduce ? "auto" : "smooth" });
}

export function loadNotation(button) {
  const widget = rollerFor(button);
  const form = widget && widget.querySelector("form");
  if (!form) return false;
  let focus = null;
  for (const [name, value] of Object.entries(fieldsOf(button))) {
    const control = fill(form, name, String(value));
    if (!focus) focus = control;
  }
  bringIntoView(widget);
  // A field still disabled (the engine loading) takes no focus: the roller itself does.
  if (focus && !focus.disabled) {
    focus.focus({ preventScroll: true });
  } else {
    if (!widget.hasAttribute("tabindex")) widget.setAttribute("tabindex", "-1");
    widget.focus({ preventScroll: true });
  }
  return true;
}

export function attachNotationButtons(root = document) {
  for (const button of root.querySelectorAll("button.srd-notation")) {
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

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => attachNotationButtons()); // the first page and every instant swap
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", () => attachNotationButtons());
} else {
  attachNotationButtons();
}
