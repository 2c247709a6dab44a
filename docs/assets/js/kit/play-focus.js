// @ts-check
// What a play sheet keeps for its reader when it is drawn again (play-kit.js draws an entry
// anew after every change): the field being typed in (focus, caret and the text typed since
// the last change the engine answered), the choices made in a roll's form, and a result
// brought into sight where the reader is, without the focus leaving the control used.
//
// A control is found again by its key: its `data-key`, else its `id` (an id the kit's field()
// made up is not a key: it changes with every draw).

const MADE_UP_ID = /^srd-play-f\d+$/;

/**
 * A control of a sheet (an input, a select, a textarea or a button), by what this module reads
 * of it: `checked` on a checkbox or a radio button, `options` on a select, the caret in a text box.
 * @typedef {HTMLElement & {type: string, value: string, disabled: boolean, checked?: boolean,
 *   defaultChecked?: boolean, defaultValue?: string, options?: HTMLOptionsCollection,
 *   selectionStart?: number | null, selectionEnd?: number | null, selectionDirection?: Direction | null,
 *   setSelectionRange?: (start: number | null, end: number | null, direction?: Direction) => void}} Control
 * @typedef {"forward" | "backward" | "none"} Direction
 * @typedef {string | boolean | undefined} Value a text's value or a box's tick
 * The focused control, found again by its key: the value it holds and was drawn with, its caret.
 * @typedef {{key: string, value: Value, drawn: Value, selection: [number, number, Direction] | null}} Focus
 */

/** @type {WeakMap<Control, Value>} */
const drawnValue = new WeakMap(); // a control → the value it was drawn with

// A control's stable key ("" if it has none).
/** @param {Control} node */
function keyOf(node) {
  if (node.dataset && node.dataset.key) return node.dataset.key;
  return node.id && !MADE_UP_ID.test(node.id) ? node.id : "";
}

/**
 * @param {Control} node
 * @returns {Value}
 */
function valueOf(node) {
  return node.type === "checkbox" || node.type === "radio" ? node.checked : node.value;
}

// The value a control was drawn with: a text box's value attribute, else as recorded after its draw.
/**
 * @param {Control} node
 * @returns {Value}
 */
function drawnOf(node) {
  if (drawnValue.has(node)) return drawnValue.get(node);
  if (node.type === "checkbox" || node.type === "radio") return node.defaultChecked;
  return node.tagName === "SELECT" ? node.value : node.defaultValue;
}

/**
 * @param {Element} sheet
 * @returns {NodeListOf<Control>}
 */
function controls(sheet) {
  return sheet.querySelectorAll("input, select, textarea, button");
}

/**
 * @param {Element} sheet
 * @param {string} key
 */
function findKey(sheet, key) {
  for (const node of controls(sheet)) if (keyOf(node) === key) return node;
  return null;
}

// The focused control of `sheet`, as it stands now (null if the focus is elsewhere or it has no key).
/**
 * @param {Element} sheet
 * @returns {Focus | null}
 */
function rememberFocus(sheet) {
  const node = /** @type {Control | null} */ (document.activeElement);
  if (!node || !sheet.contains(node) || !keyOf(node)) return null;
  /** @type {Focus["selection"]} */
  let selection = null;
  try {
    if (typeof node.selectionStart === "number") {
      // (a control with a caret has all three)
      selection = /** @type {[number, number, Direction]} */ ([node.selectionStart, node.selectionEnd, node.selectionDirection]);
    }
  } catch { /* a control with no caret */ }
  return { key: keyOf(node), value: valueOf(node), drawn: drawnOf(node), selection };
}

// On a blur, a control whose text was put back sends the change its own blur would have sent
// (the browser sends none for a value set by a script): what was typed is saved.
/** @param {Control} node */
function changeOnLeave(node) {
  let sent = false;
  node.addEventListener("change", () => { sent = true; }, { once: true });
  node.addEventListener("blur", () => {
    if (!sent && valueOf(node) !== drawnOf(node)) node.dispatchEvent(new Event("change", { bubbles: true }));
  }, { once: true });
}

// Give `focus` back to its control in `sheet`, if it is there: the text typed since (unless the
// engine changed that field's value meanwhile), the caret or selection. True if it was found.
/**
 * @param {Element} sheet
 * @param {Focus} focus
 */
function restoreFocus(sheet, focus) {
  const node = findKey(sheet, focus.key);
  if (!node || node.disabled) return false;
  const isBox = node.type === "checkbox" || node.type === "radio";
  const typed = focus.value !== focus.drawn;
  if (typed && drawnOf(node) === focus.drawn && node.tagName !== "BUTTON") {
    const value = focus.value;
    if (isBox) node.checked = /** @type {boolean} */ (value);
    else if (node.tagName !== "SELECT" || [.../** @type {HTMLOptionsCollection} */ (node.options)].some((o) => o.value === value)) {
      node.value = /** @type {string} */ (value);
    }
    if (valueOf(node) === focus.value) changeOnLeave(node);
  }
  node.focus({ preventScroll: true });
  if (focus.selection && typeof node.setSelectionRange === "function") {
    try {
      node.setSelectionRange(...focus.selection);
    } catch { /* a control with no caret */ }
  }
  return true;
}

// What every control of `sheet` holds as drawn (before anyone types in it).
/** @param {Element} sheet */
function recordDrawn(sheet) {
  for (const node of controls(sheet)) {
    if (node.tagName !== "BUTTON" && !drawnValue.has(node)) drawnValue.set(node, valueOf(node));
  }
}

/** @type {WeakMap<Element, MutationObserver>} */
const waiting = new WeakMap(); // a sheet → the observer still waiting for its focused control

// Draw `sheet` again with `draw()` (which empties and fills it) and keep the reader's place:
// the focused control (found by its key) has its focus, caret and typed text back. A view that
// fills part of its sheet later (after the engine answers) gets it back when that part comes.
/**
 * @param {Element} sheet
 * @param {() => void} draw
 */
export function redrawKeepingFocus(sheet, draw) {
  waiting.get(sheet)?.disconnect();
  waiting.delete(sheet);
  const focus = rememberFocus(sheet);
  draw();
  recordDrawn(sheet);
  if (!focus || restoreFocus(sheet, focus)) return;
  const observer = new MutationObserver(() => {
    recordDrawn(sheet);
    // (The reader went on elsewhere meanwhile: their new place is left alone.)
    if (document.activeElement && document.activeElement !== document.body && !sheet.contains(document.activeElement)) {
      observer.disconnect();
    } else if (restoreFocus(sheet, focus)) observer.disconnect();
  });
  observer.observe(sheet, { childList: true, subtree: true });
  waiting.set(sheet, observer);
}

// The choices made in a view's forms (which attribute, skill, modifiers, TN…), kept across
// every draw: `remembered(control)` puts back what that control (by its key) last held, if it
// can still hold it (a select's option may be gone), and keeps what is chosen from now on;
// `remembered.choose(key, value)` sets what the control of that key shows at its next draw.
export function rememberChoices() {
  /** @type {Map<string, Value>} */
  const chosen = new Map();
  /** @type {(key: string, value: Value) => void} */
  remembered.choose = (key, value) => chosen.set(key, value);
  return remembered;
  /**
   * @template {Control} T
   * @param {T} node
   * @returns {T}
   */
  function remembered(node) {
    const key = keyOf(node);
    const isBox = node.type === "checkbox";
    if (chosen.has(key)) {
      const value = chosen.get(key);
      if (isBox) node.checked = /** @type {boolean} */ (value);
      else if (node.tagName !== "SELECT" || [.../** @type {HTMLOptionsCollection} */ (node.options)].some((o) => o.value === value)) {
        node.value = /** @type {string} */ (value);
      }
    }
    const keep = () => chosen.set(key, isBox ? node.checked : node.value);
    node.addEventListener("change", keep);
    node.addEventListener("input", keep);
    return node;
  }
}

// Bring a result into sight (the least scrolling that shows it) without moving the focus:
// `find()` gives the result's node, now or once a later part of the draw brings it.
/**
 * @param {Element} sheet
 * @param {() => Element | null} find
 */
export function showResult(sheet, find) {
  /** @param {Element} node */
  const scroll = (node) => node.scrollIntoView({ block: "nearest" });
  const now = find();
  if (now && now.childNodes.length) return scroll(now);
  const observer = new MutationObserver(() => {
    const node = find();
    if (node && node.childNodes.length) {
      observer.disconnect();
      scroll(node);
    }
  });
  observer.observe(sheet, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), 30_000); // (a result that never comes: stop looking)
}
