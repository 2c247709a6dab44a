// @ts-check
// dice & danger at the table: a character sheet kept on this device (play-kit.js): titles,
// attributes, level, gear, the slot inventory and what is stowed; a save rolled with one tap on
// an attribute (or Armor, Luck, Faith) and the damage roll with one tap on the weapon, each
// showing its exact chance first; Hit Defense and the slots marked by a tap each (a hit taken on
// it), the Health save that follows, and the roll forms for every choice. Every number on it
// comes from the engine (rules_engine/dice_and_danger/play.py): tier, Hit Defense, Luck, Armor,
// slots, the weight penalty, broken gear, each roll's notation, exact odds and chance of its
// result, the roll, the conditions and the outcome; so do the lists its choices are drawn from
// (play_lists). This module only draws the sheet and sends what was edited or tapped.

import {
  exactFractions, field, keepRoom, numberInput, playFrame, select, setChance, tapBoxes, tapButton, tapResult, textInput,
} from "../kit/play-kit.js";
import { el, rollMeta } from "../kit/widget-kit.js";
import { rememberChoices, showResult } from "../kit/play-focus.js";

const SYSTEM = "dice-and-danger";

/**
 * What the engine's replies hold, where this view reads into them.
 * @typedef {import("../kit/widget-kit.js").Reply} Reply the engine's reply
 * @typedef {{hits: number, or_more: boolean, percent: string, ratio: string}} OddsRow a roll's chance of so many hits
 * @typedef {{rows: OddsRow[], mean_text: string}} Odds a roll's exact odds
 * @typedef {{hits: number, to: number | null, name: string, percent: string}} Outcome a Health save's outcome
 * @typedef {{item: string, condition: string, gear: string}} Slot an inventory slot
 * @typedef {{text: string, boosted: boolean}} Title
 * @typedef {ReturnType<typeof checkbox>} Check a checkbox and its label
 */

// The saved character's keys in the reader's words (a refusal with no control to show it at:
// a file's, a link's).
const LABELS = {
  name: "Name", level: "Level", attributes: "Attributes", titles: "Titles", text: "text", boosted: "boosted",
  hit_defense_marked: "Hit Defense marked", weapon: "Weapon", family: "kind", heavy: "heavy", ranged: "ranged",
  crude: "simple or crude", off_hand: "light weapon in the off hand", armour: "Armour", slots: "Slots", item: "item",
  condition: "condition", gear: "gear", stowed: "Stowed items", health_save: "Health save owed",
  now: "conditions taken", had: "conditions had", moods: "moods", health_outcome: "Last Health save", log: "Log",
};

/**
 * @param {string} id
 * @param {string} label
 * @param {boolean} on
 * @param {Record<string, any>} [attrs]
 */
function checkbox(id, label, on, attrs = {}) {
  const input = el("input", { type: "checkbox", id, checked: on ? "" : null, ...attrs });
  return { input, label: el("label", { class: "srd-check" }, input, el("span", {}, label)) };
}

/** @param {HTMLInputElement} input */
function flag(input) {
  return input.checked ? "on" : "";
}

/** @type {(n: number, one: string, many?: string) => string} */
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// "0 hits", "1+ hits": a row of a roll's odds.
/** @param {OddsRow} row */
function hitsWords(row) {
  return `${row.or_more ? `${row.hits}+` : row.hits} ${row.hits === 1 && !row.or_more ? "hit" : "hits"}`;
}

// A roll's exact odds in one line, percentages first: no hits, then k or more hits, and the average.
/** @param {Odds} odds */
function oddsLine(odds) {
  return `${odds.rows.map((row) => `${hitsWords(row)} ${row.percent}`).join(", ")}; average ${odds.mean_text}`;
}

// The same rows' exact fractions, shown on demand (exactFractions).
/**
 * @param {Odds} odds
 * @returns {[string, string][]}
 */
function oddsFractions(odds) {
  return odds.rows.map((row) => [hitsWords(row), row.ratio]);
}

// A chance as the log writes it: the percentage, then the exact fraction.
/** @param {{percent: string, ratio: string}} chance */
const chanceWords = (chance) => `${chance.percent} (${chance.ratio})`;

// The dice of a roll as rolled: every die, the kept ones when some were dropped, the crits' dice.
/** @param {{notation: string, seed: number, dice: number[], dropped: number[], kept: number[], explosions: {value: number}[]}} roll */
function diceWords(roll) {
  return `${roll.notation}, seed ${roll.seed}: rolled ${roll.dice.join(" ")}`
    + (roll.dropped.length ? `, kept ${roll.kept.join(" ")}` : "")
    + (roll.explosions.length ? `, crits rolled ${roll.explosions.map((e) => e.value).join(" ")}` : "");
}

// A roll's record for the log: its dice, its result and the exact chance of that result.
/**
 * @param {any} reply the engine's roll
 * @param {string} result
 */
function rollRecord(reply, result) {
  return { dice: diceWords(reply.roll), result, chance: chanceWords(reply.chance) };
}

// The character as the engine plays it: its log is the frame's.
/** @param {any} entry */
function bare(entry) {
  const { log, ...character } = entry;
  return character;
}

// The words of `value` in one of the engine's [value, words] lists.
/** @type {(pairs: [string, string][], value: string) => string} */
const words = (pairs, value) => (pairs.find(([key]) => key === value) || [value, value])[1];

// A whole number as typed goes to the engine as a number; anything else as typed, to be refused there.
/** @param {string} text */
const number = (text) => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : text);

// A roll form's controls keyed by the engine's field names (their errors are shown there).
/**
 * @param {string} form
 * @param {string} name
 */
const formField = (form, name) => ({ "data-field": `${form}.${name}` });

/**
 * What one sheet keeps between its draws.
 * @typedef {{root: HTMLElement, id: string, frame: any, last: any, tapped: any, remembered: any,
 *   answers: Map<string, Promise<any>>, shownOdds: Record<string, string>, lists: any, asked: Promise<any> | null}} Sheet
 * `last` ({name, kind, reply}): the last roll from a form, until another character is shown;
 * `tapped` ({name, where, lines}): the last tap's result, shown under the group tapped;
 * `remembered`: the roll forms' choices, kept across redraws (play-focus.js);
 * `answers`: the engine's answers about a character, by action and character (a redraw after a
 * change finds the sheet's numbers already known and draws them at once: no line empties and
 * refills); `shownOdds`: an odds line's last words, kept while the new ones are asked for;
 * `lists`: the engine's lists (play_lists), asked for once (`asked`), before the first sheet is drawn.
 */

/**
 * The character sheet in `root`: the frame, drawing each character as the engine answers.
 * @param {HTMLElement} root
 */
function attachSheet(root) {
  /** @type {Sheet} */
  const view = {
    root, id: root.id, frame: null, last: null, tapped: null, remembered: rememberChoices(), answers: new Map(),
    shownOdds: {}, lists: null, asked: null,
  };
  view.frame = playFrame(root, {
    system: SYSTEM, noun: "character", nouns: "characters", labels: LABELS,
    draw: (entry, shown) => (view.lists ? draw(view, entry, shown) : drawWhenListed(view, entry, shown)),
  });
  // Undo, Redo, a file or a link: the entry is drawn anew, without the results kept beside it.
  root.addEventListener("srd-play-reset", () => {
    view.last = null;
    view.tapped = null;
  });
}

/**
 * The first sheet waits for the engine's lists; a refusal is said, and the next draw asks again.
 * @param {Sheet} view
 * @param {any} entry
 * @param {{sheet: HTMLElement}} shown
 */
function drawWhenListed(view, entry, shown) {
  const { frame } = view;
  if (!view.asked) {
    view.asked = frame.call({ action: "play_lists" }).then((/** @type {Reply} */ reply) => {
      if (reply.ok) view.lists = reply.result.lists;
      else view.asked = null;
      return reply;
    });
  }
  /** @type {Promise<Reply>} */ (view.asked).then((reply) => {
    if (!reply.ok) return frame.fail(reply.error);
    if (frame.entry() === entry && !shown.sheet.querySelector("form")) {
      const log = shown.sheet.querySelector(".srd-play__log");
      draw(view, entry, shown);
      if (log) shown.sheet.append(log); // the frame's log stays under the sheet
    }
  });
}

/**
 * The engine's answer to `action` about `character` (and `more`), asked once while it stays the same.
 * @param {Sheet} view
 * @param {string} action
 * @param {any} character
 * @param {object} [more]
 * @returns {Promise<any>}
 */
function answer(view, action, character, more = {}) {
  const { answers } = view;
  const request = { action, character: bare(character), ...more };
  const key = JSON.stringify(request);
  if (!answers.has(key)) {
    if (answers.size > 100) answers.clear();
    answers.set(key, view.frame.call(request).then((/** @type {Reply} */ reply) => {
      if (!reply.ok) answers.delete(key); // only what the engine answered is kept
      return reply;
    }));
  }
  return /** @type {Promise<any>} */ (answers.get(key));
}

/**
 * A reply that carries a character and its sheet is play_sheet's answer for that character.
 * @param {Sheet} view
 * @param {any} result
 */
function known(view, result) {
  view.answers.set(JSON.stringify({ action: "play_sheet", character: bare(result.character) }),
    Promise.resolve({ ok: true, result: { character: result.character, sheet: result.sheet } }));
}

/**
 * A refusal from a roll form (its fields named without a place): shown at that form's field
 * (`form`: damage, save, hits, health), else where the engine placed it.
 * @param {Sheet} view
 * @param {string} form
 * @param {any} error
 * @param {string[]} names
 */
function failIn(view, form, error, names) {
  const inForm = error && error.field && names.includes(error.field);
  view.frame.fail(inForm ? { ...error, field: `${form}.${error.field}` } : error);
}

/**
 * A roll form's odds refused: marked at the form's field if it is one of them (a refusal of
 * the sheet itself, a dead character's, is the sheet's to say: the odds line says it here).
 * @param {Sheet} view
 * @param {string} form
 * @param {string[]} names
 * @returns {(error: any) => void}
 */
const markIn = (view, form, names) => (error) => {
  if (error && names.includes(error.field)) failIn(view, form, error, names);
};

// --- the sheet: every edit goes to the engine, which checks it and gives the numbers back -----

/**
 * The character as the sheet's form now holds it, checked by the engine and saved.
 * @param {Sheet} view
 * @param {HTMLFormElement} form
 */
async function edited(view, form) {
  const { frame, lists } = view;
  // A field by its data-part (a select or a textarea is read by its value as an input is).
  /** @type {(part: string) => HTMLInputElement} */
  const q = (part) => /** @type {HTMLInputElement} */ (form.querySelector(`[data-part="${part}"]`));
  /** @type {(row: Element, selector: string) => HTMLInputElement} */
  const inRow = (row, selector) => /** @type {HTMLInputElement} */ (row.querySelector(selector));
  const character = {
    ...bare(frame.entry()),
    name: q("name").value,
    level: number(q("level").value),
    hit_defense_marked: number(q("hd-marked").value),
    attributes: Object.fromEntries(lists.attributes.map((/** @type {string} */ name) => [name, number(q(`attr-${name}`).value)])),
    titles: [...form.querySelectorAll(".srd-play__title")].map((row) => ({
      text: inRow(row, "input[type=text]").value, boosted: inRow(row, "input[type=checkbox]").checked,
    })).filter((title) => title.text.trim()),
    weapon: {
      family: q("weapon").value, heavy: q("heavy").checked, ranged: q("ranged").checked, crude: q("crude").checked,
      off_hand: q("off-hand").checked,
    },
    armour: q("armour").value,
    slots: [...form.querySelectorAll(".srd-play__slot")].map((row) => ({
      item: inRow(row, "input").value, condition: inRow(row, "[data-part=condition]").value,
      gear: inRow(row, "[data-part=gear]").value,
    })),
    stowed: q("stowed").value.split("\n").map((line) => line.trim()).filter(Boolean),
    health_outcome: q("outcome").value || null,
  };
  const reply = await frame.call({ action: "play_sheet", character });
  if (!reply.ok) return frame.fail(reply.error);
  known(view, reply.result);
  frame.change(reply.result.character, `Saved ${reply.result.character.name}.`);
}

/**
 * A tap's change: the words in the tap's result (under the group tapped) and on the status
 * line, the change saved (one step of Undo, one line of the log with `record`), its result in sight.
 * @param {Sheet} view
 * @param {string} where
 * @param {any} character
 * @param {string[]} lines
 * @param {any} [record]
 */
function tapChange(view, where, character, lines, record = null) {
  view.tapped = { name: character.name, where, lines };
  if (view.frame.change(character, lines.join(" "), record)) {
    showResult(view.frame.sheet, () => view.root.querySelector(`#${view.id}-tap-${where}`));
  }
}

/**
 * A tap refused: said at the field it concerns (or on the status line) and under the group tapped.
 * @param {Sheet} view
 * @param {string} where
 * @param {any} error
 * @param {string | null} [form]
 * @param {string[]} [names]
 */
function tapRefused(view, where, error, form = null, names = []) {
  if (form) failIn(view, form, error, names);
  else view.frame.fail(error);
  const box = view.root.querySelector(`#${view.id}-tap-${where}`);
  if (box) box.replaceChildren(el("p", { class: "srd-play__error" }, view.frame.words(error)));
}

/**
 * The result region of a tapped group: the last tap's lines, when they were this group's.
 * @param {Sheet} view
 * @param {string} where
 * @param {any} entry
 * @param {number} wide
 * @param {number} phone
 * @returns {HTMLElement}
 */
function tapLines(view, where, entry, wide, phone) {
  const { tapped } = view;
  const box = tapResult(`${view.id}-tap-${where}`, wide, phone);
  if (tapped && tapped.name === entry.name && tapped.where === where) {
    box.append(...tapped.lines.map((/** @type {string} */ line) => el("p", { class: "srd-play__line" }, line)));
  }
  return box;
}

/**
 * One character's sheet, its roll forms and taps, into `sheet`; the numbers as the engine answers.
 * @param {Sheet} view
 * @param {any} entry
 * @param {{sheet: HTMLElement}} shown
 */
function draw(view, entry, { sheet }) {
  if (view.last && view.last.name !== entry.name) view.last = null;
  if (view.tapped && view.tapped.name !== entry.name) view.tapped = null;
  const form = el("form", { class: "srd-play__form", "aria-label": `${entry.name}'s sheet` });
  form.addEventListener("submit", (event) => event.preventDefault());
  const controls = sheetControls(view, entry, () => edited(view, form));
  const lines = {
    derived: el("p", { class: "srd-play__derived" }),
    inventory: el("p", { class: "srd-play__inventory" }),
    weight: el("p", { class: "srd-play__weight" }),
  };
  const rolls = drawRollForms(view, entry);
  form.append(...sheetParts(view, entry, controls, lines, rolls.taps));
  sheet.append(form, el("div", {}, rolls.damage, rolls.saveRoll, rolls.hits, rolls.health));
  answer(view, "play_sheet", entry).then((reply) => {
    if (!reply.ok) return view.frame.fail(reply.error);
    fillSheet(view, entry, reply.result, lines, rolls);
  });
}

/**
 * @param {string} path
 * @returns {{"data-field": string}} a sheet control's key in the engine's refusals
 */
const at = (path) => ({ "data-field": `character.${path}` });

/**
 * The sheet's own controls as the entry holds them, each saving the sheet (`save`) when changed.
 * @param {Sheet} view
 * @param {any} entry
 * @param {() => void} save
 * @returns {Record<string, any>}
 */
function sheetControls(view, entry, save) {
  const { id, lists } = view;
  const name = textInput(entry.name, { "data-part": "name", id: `${id}-name`, ...at("name") });
  const level = numberInput(entry.level, { "data-part": "level", id: `${id}-level`, ...at("level") });
  const marked = numberInput(entry.hit_defense_marked,
    { "data-part": "hd-marked", id: `${id}-hd-marked`, ...at("hit_defense_marked") });
  /** @type {HTMLDivElement[]} */
  const attributes = lists.attributes.map((/** @type {string} */ attr) => field(attr,
    numberInput(entry.attributes[attr], { "data-part": `attr-${attr}`, id: `${id}-attr-${attr}`, ...at(`attributes.${attr}`) })));
  const { titles, addTitleButton } = drawTitles(view, entry, save);
  const weapon = select(lists.weapons, entry.weapon.family, { "data-part": "weapon", id: `${id}-weapon`, ...at("weapon.family") });
  /** @type {Check[]} */
  const gearChecks = lists.weapon_flags.map((/** @type {[string, string]} */ [key, label]) =>
    checkbox(`${id}-gear-${key}`, label, entry.weapon[key], { "data-part": key.replace("_", "-"), ...at(`weapon.${key}`) }));
  const armour = select(lists.armours, entry.armour, { "data-part": "armour", id: `${id}-armour`, ...at("armour") });
  const slots = drawSlots(view, entry, save);
  const stowed = el("textarea", { "data-part": "stowed", id: `${id}-stowed`, rows: "3", ...at("stowed") });
  stowed.value = entry.stowed.join("\n");
  const outcome = select([["", "none yet"], ...lists.outcomes.map((/** @type {string} */ o) => [o, o])], entry.health_outcome || "",
    { "data-part": "outcome", id: `${id}-outcome`, ...at("health_outcome") });

  for (const input of [name, level, marked, weapon, armour, stowed, outcome, ...gearChecks.map((c) => c.input),
    ...attributes.map((f) => /** @type {HTMLInputElement} */ (f.querySelector("input")))]) input.addEventListener("change", save);
  return { name, level, marked, attributes, titles, addTitleButton, weapon, gearChecks, armour, slots, stowed, outcome };
}

/**
 * The titles, each a text, a boosted tick and a remove button, and the button adding one.
 * @param {Sheet} view
 * @param {any} entry
 * @param {() => void} save
 * @returns {{titles: HTMLElement, addTitleButton: HTMLElement}}
 */
function drawTitles(view, entry, save) {
  const { id } = view;
  const titles = el("div", { class: "srd-play__titles" });
  /** @param {Title} title */
  const addTitle = (title) => {
    const n = titles.children.length + 1;
    const text = textInput(title.text, { "aria-label": `Title ${n}`, "data-key": `${id}-title-${n}`, ...at(`titles[${n - 1}].text`) });
    const boosted = checkbox(`${id}-title-${n}-boosted`, "boosted", title.boosted,
      { "aria-label": `Title ${n} is boosted`, ...at(`titles[${n - 1}].boosted`) });
    const remove = el("button", { type: "button", class: "md-button srd-play__remove", "data-key": `${id}-title-${n}-remove`,
      "aria-label": `Remove title ${n}` }, "×");
    const row = el("div", { class: "srd-play__title srd-play__rating" }, text, boosted.label, remove);
    remove.addEventListener("click", () => { row.remove(); save(); });
    text.addEventListener("change", save);
    boosted.input.addEventListener("change", save);
    titles.append(row);
    return text;
  };
  entry.titles.forEach(addTitle);
  const addTitleButton = el("button", { type: "button", class: "md-button srd-play__add", id: `${id}-add-title` }, "Add a title");
  addTitleButton.addEventListener("click", () => addTitle({ text: "", boosted: false }).focus());
  return { titles, addTitleButton };
}

/**
 * The slots: each its item, its condition, and which of the sheet's gear it holds (broken, not used).
 * @param {Sheet} view
 * @param {any} entry
 * @param {() => void} save
 * @returns {HTMLElement}
 */
function drawSlots(view, entry, save) {
  const { id, lists } = view;
  return el("ol", { class: "srd-play__slots" }, ...entry.slots.map((/** @type {Slot} */ slot, /** @type {number} */ i) => {
    const key = `${id}-slot-${i + 1}`;
    const item = textInput(slot.item, { "aria-label": `Slot ${i + 1}: item`, "data-key": `${key}-item`, ...at(`slots[${i}].item`) });
    const condition = select(lists.conditions, slot.condition, { "aria-label": `Slot ${i + 1}: condition`,
      "data-part": "condition", "data-key": `${key}-condition`, ...at(`slots[${i}].condition`) });
    const gear = select(lists.gear, slot.gear, { "aria-label": `Slot ${i + 1}: gear`, "data-part": "gear",
      "data-key": `${key}-gear`, ...at(`slots[${i}].gear`) });
    for (const input of [item, condition, gear]) input.addEventListener("change", save);
    return el("li", { class: "srd-play__slot" }, item, condition, gear);
  }));
}

/**
 * The roll forms first (the taps roll with their choices), drawn below the sheet; then the taps:
 * a save against each attribute (and Armor, Luck, Faith), the damage roll, a hit on Hit Defense
 * or in a slot. (Screen only: on paper the sheet's words stand.)
 * @param {Sheet} view
 * @param {any} entry
 * @returns {Record<string, any>}
 */
function drawRollForms(view, entry) {
  const damage = el("section", { class: "srd-play__damage srd-play__screen", "aria-label": "Damage roll" });
  const saveRoll = el("section", { class: "srd-play__save srd-play__screen", "aria-label": "Save" });
  const hits = el("section", { class: "srd-play__hits srd-play__screen", "aria-label": "Take hits" });
  const health = el("section", { class: "srd-play__health", id: `${view.id}-health`, "aria-label": "Health save" });
  const damageFields = drawDamage(view, damage, entry);
  const saveFields = drawSave(view, saveRoll, entry);
  drawHits(view, hits, entry);
  const saveTaps = drawSaveTaps(view, entry, saveRoll, saveFields);
  const damageTap = drawDamageTap(view, entry, damage, damageFields);
  // (Room for its line, a row of boxes and a tap's line: 6.4 rem wide, 8.8 at 360 px, where the taps test holds it.)
  const hdBoxes = keepRoom(el("div", { class: "srd-play__screen srd-play__hd" }), 6.4, 8.8);
  const slotBoxes = drawSlotBoxes(view, entry);
  return { damage, saveRoll, hits, health, taps: { saveTaps, damageTap, hdBoxes, slotBoxes },
    tapGroups: [saveTaps, damageTap, hdBoxes, slotBoxes] };
}

/**
 * The sheet form's parts, each with its words for paper (the fields do not print: print.css).
 * @param {Sheet} view
 * @param {any} entry
 * @param {Record<string, any>} c the sheet's controls (sheetControls)
 * @param {Record<string, HTMLElement>} lines the lines the engine's numbers fill
 * @param {Record<string, HTMLElement>} taps
 * @returns {HTMLElement[]}
 */
function sheetParts(view, entry, c, lines, taps) {
  const { lists } = view;
  /** @param {...(string | Node)} text */
  const paper = (...text) => el("p", { class: "srd-play__print" }, ...text);
  const gearWords = [words(lists.weapons, entry.weapon.family), ...[["heavy", "heavy"], ["ranged", "ranged"],
    ["crude", "simple or crude"], ["off_hand", "a light weapon in the off hand"]]
    .filter(([key]) => entry.weapon[key]).map(([, w]) => w)].join(", ");
  return [
    paper(el("strong", {}, entry.name), `, level ${entry.level}; Hit Defense marked ${entry.hit_defense_marked}`),
    el("div", { class: "srd-play__fields" }, field("Name", c.name), field("Level", c.level),
      field("Hit Defense marked", c.marked)),
    lines.derived, taps.hdBoxes,
    el("fieldset", { class: "srd-play__attributes" }, el("legend", {}, "Attributes (1–6)"),
      paper(lists.attributes.map((/** @type {string} */ a) => `${a} ${entry.attributes[a]}`).join(" · ")),
      el("div", { class: "srd-play__fields" }, ...c.attributes), taps.saveTaps),
    el("fieldset", at("titles"), el("legend", {}, "Titles"),
      paper(entry.titles.map((/** @type {Title} */ t) => t.text + (t.boosted ? " (boosted)" : "")).join("; ") || "none yet"),
      el("div", { class: "srd-play__screen" }, c.titles, c.addTitleButton)),
    el("fieldset", at("weapon"), el("legend", {}, "Weapon and armour"),
      paper(`${gearWords}; ${words(lists.armours, entry.armour)}`),
      el("div", { class: "srd-play__fields srd-play__fields--wide" }, field("Weapon", c.weapon), field("Armour", c.armour)),
      el("div", { class: "srd-play__checks srd-play__screen" }, ...c.gearChecks.map((/** @type {{label: HTMLElement}} */ g) => g.label)), taps.damageTap),
    el("fieldset", at("slots"), el("legend", {}, "Inventory"), lines.inventory, taps.slotBoxes,
      paper(entry.slots.map((/** @type {Slot} */ slot, /** @type {number} */ i) => `${i + 1}. ${slot.item || "–"}${slot.condition ? ` (${slot.condition})` : ""}`
        + `${slot.gear ? ` [${words(lists.gear, slot.gear)}]` : ""}`).join(" · ")),
      el("div", { class: "srd-play__screen" }, c.slots, field("Stowed items (one a line)", c.stowed)),
      paper(`Stowed: ${entry.stowed.join(", ") || "nothing"}`), lines.weight),
    el("div", { class: "srd-play__screen" }, field("Last Health save", c.outcome)),
  ];
}

/**
 * The engine's numbers for the sheet written in; the Health save drawn; a dead character's forms
 * and taps give way to a line saying so.
 * @param {Sheet} view
 * @param {any} entry
 * @param {{character: any, sheet: any}} result play_sheet's answer
 * @param {Record<string, HTMLElement>} lines
 * @param {Record<string, any>} rolls (drawRollForms)
 */
function fillSheet(view, entry, result, lines, rolls) {
  const { lists } = view;
  const s = result.sheet;
  lines.derived.textContent = `Tier ${s.tier}${s.tier_name ? ` (${s.tier_name})` : ""}, ${s.boosted_titles} boosted `
    + `${s.boosted_titles === 1 ? "title" : "titles"}; Hit Defense ${s.hit_defense} (${s.hit_defense_left} left); `
    + `Luck ${s.luck} (attributes sum to ${s.attribute_sum}); Armor ${s.armor}; Faith ${s.faith}.`;
  lines.inventory.textContent = `${s.slots} slots (6 + Health), ${s.slots_used} used, ${s.conditions} `
    + `${s.conditions === 1 ? "condition" : "conditions"}; the armour and weapons take ${s.gear_slots_total}.`
    + (s.broken_gear.length ? ` Broken, not used: ${s.broken_gear.map((/** @type {string} */ g) => words(lists.gear, g)).join(", ")}.` : "");
  lines.weight.textContent = `${s.stowed} stowed: +${s.weight_penalty}p from weight.`;
  drawHealth(view, rolls.health, result);
  // The dead roll no more and take no more hits: the forms and taps give way to a line saying so.
  if (s.dead) {
    for (const box of [rolls.damage, rolls.saveRoll, rolls.hits, ...rolls.tapGroups]) box.remove();
    rolls.health.before(el("p", { class: "srd-play__dead" }, `${entry.name} is ${entry.health_outcome.toLowerCase()}: `
      + "the sheet rolls no more. Change the last Health save to play on."));
  } else fillHitDefense(view, rolls.taps.hdBoxes, entry, s);
}

// --- the taps ---------------------------------------------------------------------------------------

/**
 * A save against each attribute (then Armor, Luck, Faith) with one tap each, its chance of no
 * hits first; the Save form's dice, conditions, weight and weapon are the tap's too.
 * @param {Sheet} view
 * @param {any} entry
 * @param {HTMLElement} saveBox
 * @param {() => object} saveFields
 * @returns {HTMLElement}
 */
function drawSaveTaps(view, entry, saveBox, saveFields) {
  const { id, lists } = view;
  /** @type {HTMLButtonElement[]} */
  const buttons = lists.saves.map((/** @type {string} */ against) => {
    const rated = against in entry.attributes ? `${against} ${entry.attributes[against]}` : against;
    const button = tapButton(rated, "", { "data-key": `${id}-tap-save-${against}` });
    button.addEventListener("click", () => tapSave(view, against, saveFields));
    return button;
  });
  const chances = async () => {
    const reply = await answer(view, "play_save_chances", entry, { fields: saveFields() });
    buttons.forEach((button, i) => {
      const s = reply.ok ? reply.result.saves[i] : null;
      if (s) /** @type {Element} */ (button.querySelector(".srd-play__tap-words")).textContent = s.what;
      setChance(button, s ? `no hits ${s.clean.percent}` : "");
    });
  };
  /** @type {HTMLFormElement} */ (saveBox.querySelector("form")).addEventListener("change", chances);
  chances();
  return el("div", { class: "srd-play__tapgroup srd-play__screen" },
    el("p", { class: "srd-play__taplabel", id: `${id}-tap-save-label` },
      "Tap to roll a save (with the dice, conditions and weight chosen under Save):"),
    el("div", { class: "srd-play__taps", role: "group", "aria-labelledby": `${id}-tap-save-label` }, ...buttons),
    tapLines(view, "save", entry, 4.4, 6.6));
}

/**
 * @param {Sheet} view
 * @param {string} against
 * @param {() => object} saveFields
 */
async function tapSave(view, against, saveFields) {
  const now = view.frame.entry();
  const reply = await view.frame.call({ action: "play_save_roll", character: bare(now),
    fields: { ...saveFields(), attribute: against } });
  if (!reply.ok) return tapRefused(view, "save", reply.error, "save", SAVE_NAMES);
  const r = reply.result;
  const taken = plural(r.hits, "hit");
  view.remembered.choose(`${view.id}-hits`, String(r.hits)); // the Take hits form waits with them
  tapChange(view, "save", now, [`${now.name} saved against ${r.what} (${r.written}): ${taken} to take.`,
    `Dice: ${diceWords(r.roll)}. Chance of exactly ${taken}: ${chanceWords(r.chance)}.`], rollRecord(r, `${taken} to take`));
}

/**
 * The damage roll with one tap, its chance of at least one hit first; the Damage roll form's
 * choices are the tap's too.
 * @param {Sheet} view
 * @param {any} entry
 * @param {HTMLElement} damageBox
 * @param {() => object} damageFields
 * @returns {HTMLElement}
 */
function drawDamageTap(view, entry, damageBox, damageFields) {
  const button = tapButton(`Damage: ${words(view.lists.weapons, entry.weapon.family)}`, "", { "data-key": `${view.id}-tap-damage` });
  button.addEventListener("click", () => tapDamage(view, damageFields));
  const chance = async () => {
    const reply = await answer(view, "play_damage_odds", entry, { fields: damageFields() });
    const row = reply.ok ? reply.result.odds.rows.find((/** @type {OddsRow} */ r) => r.hits === 1) : null;
    setChance(button, row ? `1+ hits ${row.percent}` : "");
  };
  /** @type {HTMLFormElement} */ (damageBox.querySelector("form")).addEventListener("change", chance);
  chance();
  return el("div", { class: "srd-play__tapgroup srd-play__screen" },
    el("p", { class: "srd-play__taplabel" }, "Tap to roll damage (with the choices under Damage roll):"),
    el("div", { class: "srd-play__taps" }, button), tapLines(view, "damage", entry, 4.4, 6.6));
}

/**
 * @param {Sheet} view
 * @param {() => object} damageFields
 */
async function tapDamage(view, damageFields) {
  const now = view.frame.entry();
  const reply = await view.frame.call({ action: "play_damage_roll", character: bare(now), fields: damageFields() });
  if (!reply.ok) return tapRefused(view, "damage", reply.error, "damage", DAMAGE_NAMES);
  const r = reply.result;
  const n = plural(r.roll.hits, "hit");
  known(view, r);
  tapChange(view, "damage", r.character, [`${now.name} rolled damage (${r.written}): ${n}.`
    + (r.spent.hit_defense ? ` ${r.spent.hit_defense} Hit Defense spent.` : ""),
  `Dice: ${diceWords(r.roll)}. Chance of exactly ${n}: ${chanceWords(r.chance)}.`], rollRecord(r, n));
}

/**
 * Hit Defense as boxes: a tap on a free one takes a hit on it, on a marked one clears a mark
 * (by hand: how Hit Defense comes back is not in the chapter).
 * @param {Sheet} view
 * @param {HTMLElement} box
 * @param {any} entry
 * @param {any} s the engine's sheet
 */
function fillHitDefense(view, box, entry, s) {
  const label = `Hit Defense, ${s.hit_defense_left} of ${s.hit_defense} left: tap a free box to take a hit on it, `
    + "a marked one to clear it";
  const boxes = Array.from({ length: s.hit_defense }, (_, i) => {
    const on = i < entry.hit_defense_marked;
    return { mark: on ? "X" : "", words: `Hit Defense ${i + 1}: ${on ? "marked" : "free"}`, pressed: on };
  });
  box.replaceChildren(el("p", { class: "srd-play__taplabel" }, s.hit_defense ? `${label}:` : "No Hit Defense at this level."),
    tapBoxes(label, boxes, (i) => tapHitDefense(view, i < entry.hit_defense_marked), { "data-key": `${view.id}-hd` }),
    tapLines(view, "hd", entry, 2.2, 3.3));
}

/**
 * @param {Sheet} view
 * @param {boolean} clear a mark cleared (else a hit taken)
 */
async function tapHitDefense(view, clear) {
  const { frame } = view;
  const now = frame.entry();
  const reply = clear
    ? await frame.call({ action: "play_sheet", character: { ...bare(now), hit_defense_marked: now.hit_defense_marked - 1 } })
    : await frame.call({ action: "play_take_hits", character: bare(now), hits: "1", hit_defense: "1", slots: [] });
  if (!reply.ok) return tapRefused(view, "hd", reply.error);
  known(view, reply.result);
  const left = `${reply.result.sheet.hit_defense_left} left`;
  tapChange(view, "hd", reply.result.character,
    [clear ? `${now.name} cleared a Hit Defense mark by hand: ${left}.` : `${now.name} took a hit on Hit Defense: ${left}.`]);
}

/**
 * The slots as boxes: a tap takes a hit in that slot (the condition it leaves is the engine's).
 * @param {Sheet} view
 * @param {any} entry
 * @returns {HTMLElement}
 */
function drawSlotBoxes(view, entry) {
  const { lists } = view;
  const boxes = entry.slots.map((/** @type {Slot} */ slot, /** @type {number} */ i) => ({
    mark: words(lists.condition_marks, slot.condition), pressed: Boolean(slot.condition),
    words: `Slot ${i + 1}: ${slot.item || (slot.gear ? words(lists.gear, slot.gear) : "empty")}, `
      + `${words(lists.conditions, slot.condition)}`,
  }));
  return el("div", { class: "srd-play__tapgroup srd-play__screen" },
    el("p", { class: "srd-play__taplabel" }, "Tap a slot to take a hit in it:"),
    tapBoxes("Take a hit in a slot", boxes, (i) => tapSlot(view, i), { "data-key": `${view.id}-slots` }),
    tapLines(view, "slots", entry, 4.4, 6.6));
}

/**
 * @param {Sheet} view
 * @param {number} i the slot tapped
 */
async function tapSlot(view, i) {
  const now = view.frame.entry();
  const reply = await view.frame.call({ action: "play_take_hits", character: bare(now), hits: "1", slots: [i] });
  if (!reply.ok) return tapRefused(view, "slots", reply.error, "hits", HIT_NAMES);
  known(view, reply.result);
  const owed = reply.result.sheet.health_save;
  if (owed) await answer(view, "play_health_odds", reply.result.character); // the outcomes' table, drawn at once
  tapChange(view, "slots", reply.result.character, [
    `${now.name} took a hit in slot ${i + 1}: ${words(view.lists.conditions, reply.result.taken.conditions[0])}.`,
    ...(owed ? [`A Health save is owed: ${owed}.`] : [])]);
}

// --- the roll forms ----------------------------------------------------------------------------------

/**
 * A form's answer line: the exact odds as the engine gives them, kept up to date; a refusal is
 * shown at the form's field it concerns, and in the line.
 * @param {Sheet} view
 * @param {HTMLFormElement} form
 * @param {HTMLElement} box
 * @param {() => Promise<any>} ask
 * @param {(result: any) => string} words
 * @param {(result: any) => Array<[string, string]>} fractions
 * @param {(error: any) => void} failed
 */
function liveOdds(view, form, box, ask, words, fractions, failed) {
  const { frame, shownOdds } = view;
  let asked = 0;
  if (shownOdds[box.id]) box.textContent = shownOdds[box.id];
  // The exact fractions on demand, under the line (its room kept: the closed summary's line).
  const exact = keepRoom(el("div", { class: "srd-play__screen" }), 1.8);
  box.after(exact);
  async function show() {
    const mine = ++asked;
    const reply = await ask();
    if (mine !== asked) return;
    exact.replaceChildren();
    if (!reply.ok) {
      if (form.isConnected) failed(reply.error);
      return box.replaceChildren(el("span", { class: "srd-play__error" }, frame.words(reply.error)));
    }
    frame.clear(form);
    exact.replaceChildren(exactFractions(fractions(reply.result)));
    box.replaceChildren(words(reply.result));
    shownOdds[box.id] = box.textContent;
  }
  form.addEventListener("change", show);
  show();
}

/**
 * A roll's lines as the engine explains it, then its seed, the permalink that rolls it again in
 * the chapter's roller (the same canonical notation and seed give the same dice) and Share.
 * @param {HTMLElement} box
 * @param {any} reply
 * @param {string} head
 */
function rollLines(box, reply, head) {
  const r = reply.roll;
  const href = new URL(`../?${new URLSearchParams({ notation: r.notation, kind: r.kind, seed: String(r.seed) })}#dd-roller`,
    location.href).href;
  box.replaceChildren(el("p", { class: "srd-play__what" }, head),
    ...r.lines.map((/** @type {string} */ line) => el("p", { class: "srd-play__line" }, line)),
    rollMeta(r.seed, href, "roll", reply.share ? reply.share.text : null));
}

/**
 * A roll form's Roll: the roll asked for with the form's `fields` and `seed`; a refusal shown at
 * its field and in `result`; else `done(entry, reply)` makes the change, and `result` is in sight.
 * @param {Sheet} view
 * @param {HTMLFormElement} form
 * @param {{action: string, kind: string, names: string[], fields: () => object, seed: HTMLInputElement,
 *   result: HTMLElement}} roll
 * @param {(entry: any, result: any) => void} done
 */
function rollOnSubmit(view, form, { action, kind, names, fields, seed, result }, done) {
  const { frame } = view;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const now = frame.entry();
    const reply = await frame.call({ action, character: bare(now), fields: fields(), seed: seed.value });
    if (!reply.ok) {
      failIn(view, kind, reply.error, names);
      return result.replaceChildren(el("p", { class: "srd-play__error" }, frame.words(reply.error)));
    }
    view.last = { name: now.name, kind, reply: reply.result };
    done(now, reply.result);
    showResult(frame.sheet, () => view.root.querySelector(`#${result.id}`));
  });
}

/**
 * The damage roll: the builder fed the sheet's weapon. Draws the form into `box`; returns what
 * its fields hold (the damage tap rolls with them too).
 * @param {Sheet} view
 * @param {HTMLElement} box
 * @param {any} entry
 * @returns {() => object}
 */
function drawDamage(view, box, entry) {
  const { id, lists, remembered, frame, last } = view;
  /** @type {[string, Check][]} */
  const checks = lists.damage_switches.map((/** @type {[string, string]} */ [key, label]) =>
    [key, checkbox(`${id}-dmg-${key}`, label, false, formField("damage", key))]);
  for (const [, c] of checks) remembered(c.input);
  const armour = remembered(select(lists.armours, undefined, { id: `${id}-dmg-armour`, ...formField("damage", "armour") }));
  const shield = remembered(select(lists.shields, undefined, { id: `${id}-dmg-shield`, ...formField("damage", "shield") }));
  const conditions = remembered(numberInput("", { id: `${id}-dmg-conditions`, ...formField("damage", "conditions") }));
  const seed = numberInput("", { id: `${id}-dmg-seed`, ...formField("damage", "seed") });
  // (Room for the odds line and a roll's lines, its seed and Share: 7.7 and 11.1 rem, measured
  // in Chromium at 360 px and in a wide column.)
  const odds = keepRoom(el("p", { class: "srd-play__odds srd-play__screen", id: `${id}-dmg-odds`, "aria-live": "polite" }), 9.5, 8.5);
  const result = keepRoom(el("div", { class: "srd-play__result", id: `${id}-dmg-result`, "aria-live": "polite" }), 12);
  const form = el("form", { class: "srd-play__rollform", "aria-label": "Damage roll" },
    el("div", { class: "srd-play__checks" }, ...checks.map(([, c]) => c.label)),
    field("Their armour", armour), field("Their shield", shield),
    field("Relevant conditions", conditions, "blank: none"),
    field("Seed", seed, "blank: a new roll"),
    el("button", { type: "submit", class: "md-button md-button--primary", id: `${id}-dmg-roll` }, "Roll damage"));
  box.append(el("h2", {}, "Damage roll"), form, odds, result);
  const fields = () => ({ ...Object.fromEntries(checks.map(([key, c]) => [key, flag(c.input)])),
    armour: armour.value, shield: shield.value, conditions: conditions.value });
  liveOdds(view, form, odds, () => answer(view, "play_damage_odds", entry, { fields: fields() }),
    (r) => `Exact odds of ${r.written} (${r.odds.notation}): ${oddsLine(r.odds)}.`
      + (r.unusable.length ? ` Broken, not used: ${r.unusable.map((/** @type {string} */ g) => words(lists.gear, g)).join(", ")}.` : ""),
    (r) => oddsFractions(r.odds), markIn(view, "damage", DAMAGE_NAMES));
  if (last && last.kind === "damage") rollLines(result, last.reply, `Damage: ${last.reply.written}`);
  rollOnSubmit(view, form, { action: "play_damage_roll", kind: "damage", names: DAMAGE_NAMES, fields, seed, result },
    (now, r) => {
      const n = plural(r.roll.hits, "hit");
      known(view, r);
      frame.change(r.character, `${now.name} rolled damage: ${n}.`
        + (r.spent.hit_defense ? ` ${r.spent.hit_defense} Hit Defense spent.` : ""), rollRecord(r, n));
    });
  return fields;
}

/**
 * A save against one of the attributes. Draws the form into `box`; returns what its fields hold
 * (the save taps roll with them too).
 * @param {Sheet} view
 * @param {HTMLElement} box
 * @param {any} entry
 * @returns {() => object}
 */
function drawSave(view, box, entry) {
  const { id, lists, remembered, frame, last } = view;
  // The five attributes with their values, then Armor, Luck and Faith (their values are under the name).
  const against = remembered(select(lists.saves.map((/** @type {string} */ a) => [a, a in entry.attributes ? `${a} ${entry.attributes[a]}` : a]),
    undefined, { id: `${id}-save-attribute`, ...formField("save", "attribute") }));
  const weapon = remembered(select(lists.weapons, undefined, { id: `${id}-save-weapon`, ...formField("save", "weapon") }));
  const dice = remembered(numberInput("", { id: `${id}-save-dice`, ...formField("save", "dice") }));
  const conditions = remembered(numberInput("", { id: `${id}-save-conditions`, ...formField("save", "conditions") }));
  const weight = checkbox(`${id}-save-weight`, "Weight counts (sneaking, swimming, balancing)", false,
    formField("save", "weight"));
  remembered(weight.input);
  const seed = numberInput("", { id: `${id}-save-seed`, ...formField("save", "seed") });
  // (Room for a save's odds line up to three dice: 10.3 rem in a wide column, 9.8 at 360 px.)
  const odds = keepRoom(el("p", { class: "srd-play__odds srd-play__screen", id: `${id}-save-odds`, "aria-live": "polite" }), 10.5);
  const result = keepRoom(el("div", { class: "srd-play__result", id: `${id}-save-result`, "aria-live": "polite" }), 12);
  const form = el("form", { class: "srd-play__rollform", "aria-label": "Save" },
    field("Against", against), field("Their weapon", weapon, "on a save against Armor"),
    field("The danger's dice", dice, "blank: 1"),
    field("Relevant conditions", conditions, "blank: none"),
    el("div", { class: "srd-play__checks" }, weight.label),
    field("Seed", seed, "blank: a new roll"),
    el("button", { type: "submit", class: "md-button md-button--primary", id: `${id}-save-roll` }, "Roll the save"));
  box.append(el("h2", {}, "Save"), form, odds, result);
  const fields = () => ({ attribute: against.value, dice: dice.value, conditions: conditions.value,
    weight: flag(weight.input), weapon: weapon.value });
  liveOdds(view, form, odds, () => answer(view, "play_save_odds", entry, { fields: fields() }),
    (r) => `Exact odds of ${r.written} (${r.odds.notation}), hits ${entry.name} takes: ${oddsLine(r.odds)}.`,
    (r) => oddsFractions(r.odds), markIn(view, "save", SAVE_NAMES));
  if (last && last.kind === "save") rollLines(result, last.reply, `Save against ${last.reply.what}: ${last.reply.written}`);
  rollOnSubmit(view, form, { action: "play_save_roll", kind: "save", names: SAVE_NAMES, fields, seed, result }, (now, r) => {
    const taken = plural(r.hits, "hit");
    remembered.choose(`${id}-hits`, String(r.hits));
    frame.change(now, `${now.name} rolled the save: ${taken} to take.`, rollRecord(r, `${taken} to take`));
  });
  return fields;
}

/**
 * Hits taken: on Hit Defense, or a condition in each slot ticked.
 * @param {Sheet} view
 * @param {HTMLElement} box
 * @param {any} entry
 */
function drawHits(view, box, entry) {
  const { id, remembered } = view;
  const count = remembered(numberInput("", { id: `${id}-hits`, ...formField("hits", "hits") }));
  const onHd = numberInput("", { id: `${id}-hits-hd`, ...formField("hits", "hit_defense") });
  /** @type {Check[]} */
  const slotChecks = entry.slots.map((/** @type {Slot} */ slot, /** @type {number} */ i) => checkbox(`${id}-hits-slot-${i}`,
    `Slot ${i + 1}${slot.item ? ` (${slot.item})` : ""}${slot.condition ? `: ${slot.condition}` : ""}`, false));
  const result = el("p", { class: "srd-play__result", "aria-live": "polite" });
  const form = el("form", { class: "srd-play__rollform", "aria-label": "Take hits" },
    field("Hits to take", count), field("Hit Defense to mark", onHd, "blank: none"),
    el("fieldset", { class: "srd-play__checks", ...formField("hits", "slots") },
      el("legend", {}, "A condition in each slot ticked"), ...slotChecks.map((c) => c.label)),
    el("button", { type: "submit", class: "md-button md-button--primary", id: `${id}-hits-take` }, "Take the hits"));
  box.append(el("h2", {}, "Take hits"), form, result);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const slots = slotChecks.map((c, i) => (c.input.checked ? i : -1)).filter((i) => i >= 0);
    takeHits(view, { count, onHd, slots, result });
  });
}

/**
 * The Take hits form's hits written onto the character; a Health save owed comes into sight.
 * @param {Sheet} view
 * @param {{count: HTMLInputElement, onHd: HTMLInputElement, slots: number[], result: HTMLElement}} taking
 */
async function takeHits(view, { count, onHd, slots, result }) {
  const { frame } = view;
  const now = frame.entry();
  const reply = await frame.call({ action: "play_take_hits", character: bare(now), hits: count.value,
    hit_defense: onHd.value, slots });
  if (!reply.ok) {
    failIn(view, "hits", reply.error, HIT_NAMES);
    return result.replaceChildren(el("span", { class: "srd-play__error" }, frame.words(reply.error)));
  }
  const taken = reply.result.taken;
  view.remembered.choose(count.id, "");
  const said = [taken.hit_defense ? `${taken.hit_defense} on Hit Defense` : "",
    taken.conditions.length ? `conditions: ${taken.conditions.join(", ")}` : ""].filter(Boolean).join("; ");
  const owed = reply.result.sheet.health_save;
  known(view, reply.result);
  if (owed) await answer(view, "play_health_odds", reply.result.character); // the outcomes' table, drawn at once
  frame.change(reply.result.character, `${now.name} took the hits (${said || "none"}).`
    + (owed ? ` A Health save is owed: ${owed}.` : ""));
  if (owed) showResult(frame.sheet, () => view.root.querySelector(`#${view.id}-health`));
}

/**
 * The Health save: the helper fed the sheet, its outcome written back.
 * @param {Sheet} view
 * @param {HTMLElement} box
 * @param {{character: any, sheet: any}} result play_sheet's answer
 */
function drawHealth(view, box, { character, sheet }) {
  const { id, last } = view;
  box.replaceChildren(el("h2", {}, "Health save"));
  const shownOutcome = el("p", { class: "srd-play__outcome" },
    `Last Health save: ${character.health_outcome || "none yet"}.`);
  if (!sheet.health_save) {
    box.append(el("p", {}, "No Health save owed: taking a condition calls for one."), shownOutcome);
    if (last && last.kind === "health") {
      rollLines(box.appendChild(el("div", { class: "srd-play__result", id: `${id}-health-result` })), last.reply,
        `Health save: ${last.reply.written}`);
    }
    return;
  }
  box.append(el("p", { class: "srd-play__owed" }, `Owed: ${sheet.health_save}.`), shownOutcome);
  const table = el("table", { class: "srd-play__chances" },
    el("caption", {}, `Exact chance of each outcome of ${sheet.health_save}`),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Hits"), el("th", { scope: "col" }, "Outcome"),
      el("th", { scope: "col" }, "Chance"))),
    el("tbody"));
  const exact = keepRoom(el("div", { class: "srd-play__screen" }), 1.8); // the exact fractions on demand
  box.append(el("div", { class: "srd-play__scroll", role: "region", tabindex: "0", "aria-label": "Health save outcomes" }, table), exact);
  const seed = numberInput("", { id: `${id}-health-seed`, "data-field": "seed" });
  const roll = tapButton("Roll the Health save", "", { id: `${id}-health-roll`, "data-key": `${id}-health-roll` });
  answer(view, "play_health_odds", character).then((reply) => {
    if (!reply.ok) return view.frame.fail(reply.error);
    fillHealthOdds(reply.result.health_outcomes, table, exact, roll);
  });
  const error = el("p", { class: "srd-play__result", "aria-live": "polite" });
  const form = el("form", { class: "srd-play__rollform srd-play__screen", "aria-label": "Health save" },
    field("Seed", seed, "blank: a new roll"), roll);
  box.append(form, error);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    rollHealth(view, seed, error);
  });
  roll.addEventListener("click", () => rollHealth(view, seed, error));
}

/**
 * The Health save's outcomes in its table, their exact fractions, the first one's chance on the tap.
 * @param {Array<any>} outcomes
 * @param {HTMLTableElement} table
 * @param {HTMLElement} exact
 * @param {HTMLElement} roll
 */
function fillHealthOdds(outcomes, table, exact, roll) {
  /** @param {Outcome} o */
  const hits = (o) => (o.to === null ? `${o.hits}+` : String(o.hits));
  table.tBodies[0].replaceChildren(...outcomes.map((o) => el("tr", {},
    el("th", { scope: "row" }, hits(o)), el("td", {}, o.name), el("td", {}, o.percent))));
  exact.replaceChildren(exactFractions(outcomes.map((o) => [`${hits(o)} (${o.name})`, o.ratio])));
  const first = outcomes[0];
  setChance(roll, `${first.name.toLowerCase()} ${first.percent}`);
}

/**
 * The Health save rolled, its outcome written onto the character.
 * @param {Sheet} view
 * @param {HTMLInputElement} seed
 * @param {HTMLElement} error where a refusal is said
 */
async function rollHealth(view, seed, error) {
  const { frame, id, root } = view;
  const now = frame.entry();
  const reply = await frame.call({ action: "play_health_roll", character: bare(now), seed: seed.value });
  if (!reply.ok) {
    frame.fail(reply.error);
    return error.replaceChildren(el("span", { class: "srd-play__error" }, frame.words(reply.error)));
  }
  const r = reply.result;
  view.last = { name: now.name, kind: "health", reply: r };
  known(view, r);
  const n = plural(r.roll.hits, "hit");
  const standing = r.character.health_outcome;
  frame.change(r.character, `Health save: ${n}, ${r.outcome}.`
    + (r.injured.length ? ` The mood in ${r.injured.length === 1 ? "slot" : "slots"} `
      + `${r.injured.map((/** @type {number} */ i) => i + 1).join(", ")} was an injury.` : "")
    + (standing !== r.outcome ? ` Still ${standing}.` : ""), rollRecord(r, `${n}: ${r.outcome}`));
  showResult(frame.sheet, () => root.querySelector(`#${id}-health-result`) || root.querySelector(`#${id}-health`));
}

// The roll forms' fields, as the engine names them in a refusal.
const DAMAGE_NAMES = ["expert", "boosted", "prepared", "friend", "hit_defense", "hd_reading", "unsuited", "shield",
  "armour", "conditions", "seed"];
const SAVE_NAMES = ["attribute", "dice", "conditions", "weight", "weapon", "seed"];
const HIT_NAMES = ["hits", "hit_defense", "slots"];

export const WIDGETS = { sheet: attachSheet };
