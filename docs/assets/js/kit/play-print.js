// @ts-check
// A play tool on paper: every field's value written out as text beside it. Controls do not
// print (print.css); just before the page is printed (the frame's Print button, the browser's
// own print, a PDF made of the page) each text box, number box and drop-down of the sheet gets a
// printed copy of what it holds: the box's text, the chosen option's words. A checkbox needs
// none: its label prints when it is ticked and not otherwise (print.css). After printing the
// copies are taken away, so the page on screen is as it was. It names no system and holds no
// rule: it writes out what the sheet shows.

const VALUE_CLASS = "srd-print-value";
const SHEETS = ".srd-play__sheet";
// Inputs that hold no value a reader typed or chose (ticks print by their labels).
const NOT_WRITTEN = new Set(["checkbox", "radio", "button", "submit", "reset", "file", "hidden", "image"]);

// The words a control holds, or null for a control that prints no words of its own.
/**
 * @param {Element} control
 * @returns {string | null}
 */
function shownWords(control) {
  if (control instanceof HTMLSelectElement) {
    const chosen = control.selectedOptions[0];
    return chosen ? chosen.textContent.trim() : "";
  }
  if (control instanceof HTMLTextAreaElement) return control.value.trim().split(/\n+/).join(", ");
  if (control instanceof HTMLInputElement && !NOT_WRITTEN.has(control.type)) return control.value.trim();
  return null;
}

// Write each control's words into a span just after it (a blank one as a dash: no empty box).
function writeOut(scope = document) {
  for (const control of scope.querySelectorAll(`${SHEETS} :is(input, select, textarea)`)) {
    const words = shownWords(control);
    if (words === null) continue;
    let copy = control.nextElementSibling;
    if (!copy || !copy.classList.contains(VALUE_CLASS)) {
      copy = document.createElement("span");
      copy.className = VALUE_CLASS;
      copy.setAttribute("aria-hidden", "true"); // paper only: a screen reader reads the control
      control.after(copy);
    }
    copy.textContent = words || "–";
  }
}

// Take the printed copies away again.
function clearOut(scope = document) {
  for (const copy of scope.querySelectorAll(`.${VALUE_CLASS}`)) copy.remove();
}

let installed = false;

// Once per page: write the values out before every print and clear them after it (the print
// events, and the print media query for a browser that prints without them).
export function installPrint() {
  if (installed) return;
  installed = true;
  window.addEventListener("beforeprint", () => writeOut());
  window.addEventListener("afterprint", () => clearOut());
  const paper = window.matchMedia ? window.matchMedia("print") : null;
  if (paper) paper.addEventListener("change", (event) => (event.matches ? writeOut() : clearOut()));
}
