// @ts-check
// A widget whose form is a set of fields and switches: every input goes to the engine as text
// in `fields` (a text field its value, a checkbox "on" or "", a radio group its checked value),
// the odds follow the inputs, and Roll shows a seeded roll with its permalink, which names the
// widget (`w=PREFIX`) with every input and the seed. A view states only what is its own: its
// inputs, its two engine actions and how a reply is drawn.
//
//   system, prefix        the engine's system and the widget's id prefix (inputs are #PREFIX-NAME)
//   names                 every input, in the order the engine checks them (and a permalink names them)
//   texts                 those typed in (the rest are checkboxes or radio groups)
//   oddsAction, rollAction, readyText
//   renderOdds(result, formLabel), renderRoll(result, href)
//   renderReading(result) the widget's reading region (.srd-widget__canonical), if it has one
//   readingWords          that region's label once it answers other inputs
//   described(result)     the words naming the inputs a reply answers (default: its notation)
//   inactive(values)      the inputs that do not apply to these values (sent as "")
//   onChange(values)      after a switch changes or a permalink fills the form in (and at start)
//   compareTerm           what the comparison of two answers calls an outcome (a widget without
//                         a comparison panel leaves it out)
//
// What only some widgets need (each off unless given):
//   tagged: false         the page's one roller, whose links carry no `w=`: any link with its
//                         inputs fills it in, and its permalink names only the inputs and the seed
//   checked               the inputs the engine names in its errors, in the order it checks them,
//                         when that is not the order of `names` (each of them is in `names`)
//   composed              name → {read(root), write(root, value)}: an input sent as one text but
//                         shown as several controls (checkboxes joined into one list), or in
//                         words of its own (a checkbox sent as "1")
//   key(values)           what a roll is compared by, to say it is for earlier inputs (default:
//                         every value as sent)
//   linkedBy              the input an untagged widget's links always name: a link without it is
//                         another widget's, and fills in nothing
//   prefilled(params)     after a permalink filled the form in: its parameters that are the view's own,
//                         or what the view does with a link beyond the inputs it names
//   afterRoll(result, fields) after a roll is shown, with the inputs it answers (a second region)
//   switchesWait          a switch asks for the odds after the typing pause, as a keystroke does
//   keepLaterErrors       an error reply leaves the messages of the inputs checked after the bad
//                         one, as engineForm does (by default every other input's message goes)
//   oddsWords, rollWords  the odds' and the roll's labels once they answer other inputs (default:
//                         "Odds for the last valid input", "Roll for earlier inputs")
//   flat                  the engine's actions read the inputs beside `action` in the request, not
//                         under `fields`
//   onReply(result)       each reply to the inputs, before it is shown: the odds' result (null when
//                         the engine refused the inputs) or a roll's (a switch that follows the engine)
//   asRolled(result, fields) the inputs a roll answers as the engine took them: what its permalink
//                         names and its key compares (default: `fields`, as sent)

import { afterPause, engineForm, newestOnly } from "./widget-kit.js";
import { attachCompare } from "./compare.js";

/**
 * An input the form shows as several controls, or in words of its own (see the top of this file).
 * @typedef {{read: (root: HTMLElement) => string, write: (root: HTMLElement, value: string) => void}} Composed
 */

/**
 * What a view states of its fields widget (see the top of this file).
 * @typedef {object} FieldsView
 * @property {string} system
 * @property {string} prefix
 * @property {string[]} names
 * @property {string[]} texts
 * @property {string} oddsAction
 * @property {string} rollAction
 * @property {(result: any, formLabel: string | null) => Node} renderOdds
 * @property {(result: any, href: string) => Node} renderRoll
 * @property {((result: any) => Node) | null} renderReading
 * @property {string} readingWords
 * @property {(result: any) => string} described
 * @property {(values: Record<string, string>) => string[]} inactive
 * @property {(values: Record<string, string>) => void} onChange
 * @property {boolean} tagged
 * @property {string[]} checked
 * @property {Record<string, Composed>} composed
 * @property {(values: Record<string, string>) => string} key
 * @property {(params: URLSearchParams) => void} prefilled
 * @property {(result: any, fields: Record<string, string>) => void} afterRoll
 * @property {boolean} switchesWait
 * @property {boolean} keepLaterErrors
 * @property {string} linkedBy
 * @property {string} oddsWords
 * @property {string} rollWords
 * @property {boolean} flat
 * @property {(result: any) => void} onReply
 * @property {(result: any, fields: Record<string, string>) => Record<string, string>} asRolled
 */

/**
 * What a view gives `fieldsForm`: the options with no default, and any of the others.
 * @typedef {Pick<FieldsView, "system" | "prefix" | "names" | "oddsAction" | "rollAction" | "renderOdds" | "renderRoll">
 *   & Partial<Omit<FieldsView, "system" | "prefix" | "names" | "oddsAction" | "rollAction" | "renderOdds" | "renderRoll">>
 *   & {readyText: string, compareTerm?: string}} FieldsOptions
 */

/**
 * What the functions of one fields widget share.
 * @typedef {object} Fields
 * @property {HTMLElement} root
 * @property {ReturnType<typeof engineForm>} w the form around the engine
 * @property {FieldsView} view
 * @property {HTMLElement} resultBox
 * @property {string[]} placed the inputs an error can be shown under, in the order the engine checks them
 * @property {import("./widget-kit.js").Region} odds
 * @property {import("./widget-kit.js").Region | null} reading
 * @property {import("./widget-kit.js").Region} rolled
 * @property {ReturnType<typeof newestOnly>} latestOdds
 * @property {ReturnType<typeof newestOnly>} latestRoll
 * @property {ReturnType<typeof afterPause>} oddsPause
 * @property {ReturnType<typeof attachCompare>} compare
 */

/**
 * @param {HTMLElement} root the widget
 * @param {FieldsOptions} options
 */
export function fieldsForm(root, { readyText, compareTerm, ...options }) {
  const view = fieldsView(options);
  const w = engineForm(root, { prefix: view.prefix, fields: [...view.names, "seed"], readyText });
  const f = fieldsParts(root, w, view, compareTerm);
  view.onChange(values(f));
  wireFields(f);
  return w;
}

/**
 * The view's options, each one the view left out at its default.
 * @param {Omit<FieldsOptions, "readyText" | "compareTerm">} options
 * @returns {FieldsView}
 */
function fieldsView({ names, ...options }) {
  return {
    names, texts: [], renderReading: null, readingWords: "Reading of the last valid input",
    described: (result) => result.notation, inactive: () => [], onChange: () => {},
    tagged: true, checked: names, composed: {}, key: (values) => JSON.stringify(values), prefilled: () => {},
    afterRoll: () => {}, switchesWait: false, keepLaterErrors: false, linkedBy: "",
    oddsWords: "Odds for the last valid input", rollWords: "Roll for earlier inputs", flat: false, onReply: () => {},
    asRolled: (_result, fields) => fields,
    ...options,
  };
}

/**
 * The widget's regions, its replies in order and its comparison, in the order the page has them.
 * @param {HTMLElement} root
 * @param {ReturnType<typeof engineForm>} w
 * @param {FieldsView} view
 * @param {string | undefined} compareTerm
 * @returns {Fields}
 */
function fieldsParts(root, w, view, compareTerm) {
  const resultBox = /** @type {HTMLElement} */ (root.querySelector(".srd-widget__result"));
  const readingBox = view.renderReading ? root.querySelector(".srd-widget__canonical") : null;
  /** @type {Fields} */
  const f = /** @type {any} */ ({ root, w, view, resultBox, placed: view.checked.filter((name) => w.inputs[name]) });
  // One at a time and in this order: the rolled region reads the inputs (through `f`) as it is made.
  f.odds = w.region(/** @type {HTMLElement} */ (root.querySelector(".srd-widget__odds")), { words: view.oddsWords });
  f.reading = readingBox ? w.region(/** @type {HTMLElement} */ (readingBox), { words: view.readingWords }) : null;
  f.rolled = w.region(resultBox, { words: view.rollWords, key: () => inputsKey(f), reveal: true });
  f.latestOdds = newestOnly();
  f.latestRoll = newestOnly();
  f.oddsPause = afterPause((/** @type {boolean} */ typing) => updateOdds(f, typing));
  f.compare = attachCompare(root, { engine: w.engine, term: compareTerm });
  return f;
}

/**
 * One input as the engine takes it: a text field its value, a checkbox "on" or "", a radio
 * group its checked value (or what the view's `composed` reads).
 * @param {Fields} f
 * @param {string} name
 * @returns {string}
 */
function read(f, name) {
  const composed = f.view.composed[name];
  if (composed) return composed.read(f.root);
  if (f.view.texts.includes(name)) return f.w.inputs[name].value;
  const box = checkboxOf(f, name);
  if (box) return box.checked ? "on" : "";
  const checked = radiosOf(f, name).find((radio) => radio.checked);
  return checked ? checked.value : "";
}

/**
 * @param {Fields} f
 * @param {string} name
 * @returns {HTMLInputElement[]}
 */
const radiosOf = (f, name) => [...f.root.querySelectorAll(`input[type=radio][name=${name}]`)].map((radio) => /** @type {HTMLInputElement} */ (radio));

/**
 * @param {Fields} f
 * @param {string} name
 * @returns {HTMLInputElement | null}
 */
const checkboxOf = (f, name) => f.root.querySelector(`input[type=checkbox]#${f.view.prefix}-${name}`);

/**
 * Every input, those that do not apply sent as "".
 * @param {Fields} f
 * @returns {Record<string, string>}
 */
function values(f) {
  const fields = Object.fromEntries(f.view.names.map((name) => [name, read(f, name)]));
  for (const name of f.view.inactive(fields)) fields[name] = "";
  return fields;
}

/** @param {Fields} f */
const inputsKey = (f) => f.view.key(values(f));

/**
 * @param {Fields} f
 * @param {string} name
 * @param {string} value
 */
function write(f, name, value) {
  const composed = f.view.composed[name];
  if (composed) return composed.write(f.root, value);
  if (f.view.texts.includes(name)) f.w.inputs[name].value = value;
  const box = checkboxOf(f, name);
  if (box) box.checked = ["on", "true", "1"].includes(value);
  const radios = radiosOf(f, name);
  if (radios.some((radio) => radio.value === value)) for (const radio of radios) radio.checked = radio.value === value;
}

/**
 * A reply's error belongs to one input: every other input's message goes (unless the view
 * keeps those the engine did not reach).
 * @param {Fields} f
 * @param {{ok: boolean, result?: any, error?: any}} reply
 * @param {string[]} checked
 * @param {{typing?: boolean}} [options]
 */
function accept(f, reply, checked, options) {
  const result = f.w.accept(reply, checked, options);
  if (!result && !f.view.keepLaterErrors) {
    const bad = String((reply.error || {}).field || "");
    for (const name of f.placed) if (name !== bad) f.w.clearFieldError(name);
  }
  return result;
}

/**
 * A permalink (?w=PREFIX&input=…&seed=…#widget; without `w=` for an untagged widget) fills
 * in the form and rolls once ready.
 * @param {Fields} f
 * @param {URLSearchParams} params
 * @returns {boolean} whether to roll
 */
function prefill(f, params) {
  if (f.view.tagged && params.get("w") !== f.view.prefix) return false;
  if (f.view.linkedBy && !params.has(f.view.linkedBy)) return false;
  for (const name of f.view.names) if (params.has(name)) write(f, name, /** @type {string} */ (params.get(name)));
  if (params.has("seed")) f.w.inputs.seed.value = /** @type {string} */ (params.get("seed"));
  f.view.onChange(values(f));
  f.view.prefilled(params);
  return (params.get("seed") || "").trim() !== "";
}

/**
 * A request to the engine for these inputs (a roll adds its seed).
 * @param {Fields} f
 * @param {string} action
 * @param {Record<string, string>} fields
 */
function request(f, action, fields) {
  const { system, flat } = f.view;
  return flat ? { action, system, ...fields } : { action, system, fields };
}

/**
 * @param {Fields} f
 * @param {boolean} [typing] the reader is typing
 */
async function updateOdds(f, typing = false) {
  const { w, view } = f;
  f.oddsPause.cancel();
  const reply = await f.latestOdds(w.engine.call(request(f, view.oddsAction, values(f))));
  if (!reply) return; // a newer request is on its way: this answer is stale
  const result = accept(f, reply, f.placed, { typing });
  f.compare.offer(result);
  view.onReply(result);
  if (!result) {
    if (f.reading) f.reading.stale(true);
    return f.odds.stale(true);
  }
  if (f.reading) f.reading.show(/** @type {NonNullable<FieldsView["renderReading"]>} */ (view.renderReading)(result), view.described(result));
  f.odds.show(view.renderOdds(result, f.root.querySelector("form")?.getAttribute("aria-label") ?? null), view.described(result));
}

/** @param {Fields} f */
async function roll(f) {
  const { w, view } = f;
  f.oddsPause.flush();
  const fields = values(f);
  const reply = await f.latestRoll(w.engine.call({ ...request(f, view.rollAction, fields), seed: w.inputs.seed.value }));
  if (!reply) return;
  const result = accept(f, reply, [...f.placed, "seed"]);
  if (!result) return;
  view.onReply(result);
  const rolled = view.asRolled(result, fields);
  const words = { ...rolled, seed: String(result.seed) };
  const href = w.permalink(view.tagged ? { w: view.prefix, ...words } : words);
  f.rolled.show(view.renderRoll(result, href), view.described(result), view.key(rolled));
  view.afterRoll(result, fields);
}

/** @param {Fields} f */
function wireFields(f) {
  const { w, view } = f;
  w.onSubmit(() => roll(f));
  for (const name of view.texts) w.inputs[name].addEventListener("input", f.oddsPause.schedule);
  // The form's own switches (not a chooser or a comparison drawn in a region).
  for (const control of w.form.querySelectorAll("input[type=radio], input[type=checkbox]")) {
    control.addEventListener("change", () => {
      view.onChange(values(f));
      if (view.switchesWait) f.oddsPause.schedule();
      else updateOdds(f);
    });
  }
  w.watchSeed((seed) => ({ ...request(f, view.rollAction, values(f)), seed }));
  w.rollsFromPermalinks(f.resultBox, { prefill: (params) => prefill(f, params), update: () => updateOdds(f), roll: () => roll(f) });
}
