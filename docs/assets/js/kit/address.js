// @ts-check
// The address: every widget's inputs, as they change. Each widget writes its inputs into the
// page's address as the reader edits them (only those not at their default), so the address
// shares the odds on screen without a roll; opening it puts the inputs back. A control's name
// in the address is its id without the widget's prefix (#ds-attribute → attribute; a radio
// group: its name; the seed is left out), the names its permalinks use. Bare names belong to
// one widget of the page (which one, the caller says); any other widget writes its controls'
// full ids (xya-tn), so widgets of one page never take each other's values. Every other query
// parameter (another widget's, another feature's) is kept as it is.
//
// Pure: it reads and sets the controls it is given and the URLSearchParams it is given, and
// touches nothing else, so Node's test runner imports it (tests/js/address.test.mjs).

const CHECKED_WORDS = new Set(["on", "1", "true", "yes"]);
const UNCHECKED_WORDS = new Set(["off", "0", "false", "no", ""]);

/**
 * The controls behind one name of the address: one text field or checkbox, or a radio group.
 * @typedef {{kind: "text" | "checkbox" | "radio", controls: HTMLInputElement[]}} AddressPart
 */

/**
 * A roll's own words in the address (its permalink's: the seed and what else the view puts
 * there), which leave the address once the inputs are edited. `state`: the inputs they were
 * for; `show`: the view put them in the address itself.
 * @typedef {{params: Record<string, string>, state: string, show: boolean}} RollWords
 */

/**
 * @param {string} id
 * @param {string} prefix
 * @returns {string}
 */
const unprefixed = (id, prefix) => (id.startsWith(`${prefix}-`) ? id.slice(prefix.length + 1) : id);

/**
 * The form's controls by their address name.
 * @param {ParentNode} form
 * @param {string} prefix
 * @returns {Map<string, AddressPart>}
 */
export function addressControls(form, prefix) {
  /** @type {Map<string, AddressPart>} */
  const found = new Map();
  for (const control of /** @type {Iterable<HTMLInputElement>} */ (form.querySelectorAll("input"))) {
    if (control.type === "radio") {
      if (!control.name) continue;
      const name = unprefixed(control.name, prefix);
      if (!found.has(name)) found.set(name, { kind: "radio", controls: [] });
      /** @type {AddressPart} */ (found.get(name)).controls.push(control);
    } else if (control.id && control.type !== "hidden") {
      const name = unprefixed(control.id, prefix);
      if (name === "seed") continue; // a seed belongs to a roll, which a permalink carries
      found.set(name, { kind: control.type === "checkbox" ? "checkbox" : "text", controls: [control] });
    }
  }
  return found;
}

/**
 * The word the address gives a checkbox that is on: its own value, else "on".
 * @param {HTMLInputElement} box
 * @returns {string}
 */
const onWord = (box) => (box.value && box.value !== "on" ? box.value : "on");

/**
 * A control's value as the address writes it, or null at its default.
 * @param {AddressPart} part
 * @returns {string | null}
 */
export function addressValue({ kind, controls }) {
  if (kind === "text") return controls[0].value === controls[0].defaultValue ? null : controls[0].value;
  if (kind === "checkbox") {
    const box = controls[0];
    if (box.checked === box.defaultChecked) return null;
    return box.checked ? onWord(box) : "off";
  }
  if (controls.every((radio) => radio.checked === radio.defaultChecked)) return null;
  const chosen = controls.find((radio) => radio.checked);
  return chosen ? chosen.value : null;
}

/**
 * A value read from the address, as the controls would show it: null when it cannot be shown
 * (no such radio button, a word that is not a switch's), or when it is the default.
 * @param {AddressPart} part
 * @param {string} value
 * @returns {string | null}
 */
export function fromAddress({ kind, controls }, value) {
  if (kind === "text") return value === controls[0].defaultValue ? null : value;
  if (kind === "checkbox") {
    const box = controls[0];
    const word = value.toLowerCase();
    const on = value === box.value || CHECKED_WORDS.has(word) ? true : UNCHECKED_WORDS.has(word) ? false : null;
    if (on === null || on === box.defaultChecked) return null;
    return on ? onWord(box) : "off";
  }
  const radio = controls.find((r) => r.value === value);
  return !radio || radio.defaultChecked ? null : value;
}

/**
 * Shows a value `fromAddress` gave. Returns the switches it turned (a view hears of each
 * with a change event once it listens); a text field is not one.
 * @param {AddressPart} part
 * @param {string} value
 * @returns {HTMLInputElement[]}
 */
export function setFromAddress({ kind, controls }, value) {
  if (kind === "text") {
    controls[0].value = value;
    return [];
  }
  if (kind === "checkbox") {
    const box = controls[0];
    const on = value !== "off";
    if (box.checked === on) return [];
    box.checked = on;
    return [box];
  }
  const radio = controls.find((r) => r.value === value);
  if (!radio || radio.checked) return [];
  radio.checked = true;
  return [radio];
}

/**
 * Every value as a string (a permalink's parameters, as the address will give them back).
 * @param {Record<string, unknown>} params
 * @returns {Record<string, string>}
 */
export const stringValues = (params) => Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));

/**
 * One widget's part of the address.
 * @typedef {object} WidgetAddress
 * @property {Map<string, AddressPart>} named the controls by their address name
 * @property {string} prefix the widget's id prefix
 * @property {(name: string, params: URLSearchParams) => string} keyOf the key a name is written under
 * @property {(name: string, params: URLSearchParams) => string | null} readKey the key it is read from
 * @property {(params: URLSearchParams) => string} stateOf the widget's inputs `params` carries
 * @property {() => string} controlsState the same string for the controls as they are
 * @property {(params: URLSearchParams) => HTMLInputElement[]} putBack shows what `params` carries
 */

/**
 * The address of a widget whose ids start with `prefix`, for the controls `named`;
 * `ownsBareNames(params)`: whether this widget's names go into `params` bare.
 * @param {Map<string, AddressPart>} named
 * @param {string} prefix
 * @param {(params: URLSearchParams) => boolean} ownsBareNames
 * @returns {WidgetAddress}
 */
export function widgetAddress(named, prefix, ownsBareNames) {
  /** @type {WidgetAddress["keyOf"]} */
  const keyOf = (name, params) => (ownsBareNames(params) ? name : `${prefix}-${name}`);
  // Read under its key, or under its full id (written while another widget owned the bare names).
  /** @type {WidgetAddress["readKey"]} */
  function readKey(name, params) {
    const key = keyOf(name, params);
    return params.has(key) ? key : params.has(`${prefix}-${name}`) ? `${prefix}-${name}` : null;
  }
  /** @type {(name: string, part: AddressPart, params: URLSearchParams) => string | null} */
  function carried(name, part, params) {
    const key = readKey(name, params);
    return key ? fromAddress(part, /** @type {string} */ (params.get(key))) : null;
  }
  /** @type {(valueOf: (name: string, part: AddressPart) => string | null) => string} */
  function state(valueOf) {
    /** @type {[string, string][]} */
    const pairs = [];
    for (const [name, part] of named) {
      const value = valueOf(name, part);
      if (value !== null) pairs.push([name, value]);
    }
    return new URLSearchParams(pairs).toString();
  }
  return {
    named,
    prefix,
    keyOf,
    readKey,
    // One string ("" when no input differs from its default).
    stateOf: (params) => state((name, part) => carried(name, part, params)),
    controlsState: () => state((_name, part) => addressValue(part)),
    putBack(params) {
      /** @type {HTMLInputElement[]} */
      const turned = [];
      for (const [name, part] of named) {
        const value = carried(name, part, params);
        if (value !== null) turned.push(...setFromAddress(part, value));
      }
      return turned;
    },
  };
}

/**
 * Writes the widget's controls into `params` (the page's query): each control not at its
 * default under its key, none at its default. A roll's own words (`rollShown`) leave once
 * the inputs no longer match them, or are (re)written while the view shows them. Returns the
 * roll's words still to follow (null once they left).
 * @param {WidgetAddress} address
 * @param {URLSearchParams} params
 * @param {RollWords | null} rollShown
 * @returns {RollWords | null}
 */
export function writeControls(address, params, rollShown) {
  const { named, keyOf, prefix } = address;
  let still = rollShown;
  if (rollShown && rollShown.state !== address.controlsState()) {
    // Only the roll's own words are compared: its inputs may have been written since.
    const own = Object.entries(rollShown.params).filter(([key]) => !named.has(key));
    if (own.every(([key, value]) => params.get(key) === value)) {
      for (const key of Object.keys(rollShown.params)) params.delete(key);
    }
    still = null;
  } else if (rollShown && rollShown.show) {
    for (const [key, value] of Object.entries(rollShown.params)) params.set(key, value);
  }
  for (const [name, part] of named) {
    const key = keyOf(name, params);
    const value = addressValue(part);
    if (key === name) params.delete(`${prefix}-${name}`); // written before this widget owned the bare names
    // A word already saying what the control shows stays as written (a permalink's).
    if (params.has(key) && fromAddress(part, /** @type {string} */ (params.get(key))) === value) continue;
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  return still;
}
