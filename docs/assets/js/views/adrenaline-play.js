// @ts-check
// The Adrenaline d10 pool at the table: a character sheet kept on this device (play-kit.js),
// rolled from, its pool modifiers, its Adrenaline points earned and spent, an extended roll
// followed roll by roll and an opposed roll between two saved sheets. Every number on it comes from the engine
// (rules_engine/adrenaline/play.py): the pool, the exact odds, the roll, the points, the
// progress and the chance to finish in k more rolls. This module only draws the sheet and
// sends what was edited. Each attribute and ability rolls with a tap (its chance of success
// shown on it, its result under it); the bank's boxes declare points for the next roll with a tap.

import {
  exactFractions, field, keepRoom, numberInput, playFrame, select, setChance, tapBoxes, tapButton, tapResult, textInput,
} from "../kit/play-kit.js";
import { el } from "../kit/widget-kit.js";
import { rememberChoices, showResult } from "../kit/play-focus.js";

const SYSTEM = "adrenaline";

/**
 * @typedef {import("../kit/widget-kit.js").Reply} Reply the engine's reply
 * @typedef {{exact: string}} Chance a chance as the engine gives it (its percentage, its exact fraction)
 * @typedef {{rolls: number, finish: Chance, lost: Chance}} ChanceRow an extended roll's chance to end within `rolls`
 */

// The character's keys (and the forms' fields) in the reader's words, for a refusal with no control to show it at.
const LABELS = {
  name: "Name", attributes: "Attributes", abilities: "Abilities", modifiers: "Pool modifiers",
  adrenaline: "Adrenaline points", declared: "Points declared", extended: "Extended roll", rolls: "Its rolls",
  attribute: "Attribute", ability: "Ability", difficulty: "Difficulty", target: "Successes to gather",
};

/**
 * "74.00 %": a chance as a tap shows it (the engine writes "74.00%").
 * @param {any} chance
 */
function percentText(chance) {
  return chance.percent.replace("%", " %");
}

/**
 * A refusal of a form's request fields placed at that form's own controls (`prefix`: the form's id
 * part, "ext-", "opp-"); a refusal about the sheet itself (character.…) stays where it is.
 * @param {any} error
 * @param {any} prefix
 */
function within(error, prefix) {
  const field = error.field || "";
  if (!prefix || !field || field.startsWith("character") || field.startsWith("other")) return error;
  return { ...error, field: prefix + field };
}

/**
 * The ratings (or modifiers) as edited: {name: number} in the order shown (a row with an empty name
 * is dropped; a number may be written with a sign, or a minus sign, as the sheet shows it).
 * @param {Element} rows
 */
function ratingsOf(rows) {
  /** @type {Record<string, number | string>} */
  const ratings = {};
  for (const row of rows.querySelectorAll(".srd-play__rating")) {
    const name = /** @type {HTMLInputElement} */ (row.querySelector("input[data-part=name]")).value.trim();
    const value = /** @type {HTMLInputElement} */ (row.querySelector("input[data-part=value]")).value.trim().replace("\u2212", "-");
    if (name) ratings[name] = /^[+-]?\d+$/.test(value) ? Number(value) : value;
  }
  return ratings;
}

/**
 * `word`: what a row's number is called in its label ("rating", "dice"); `shown`: how it is
 * written; `path`: the engine's name of the ratings ("character.attributes"), for a refusal at its
 * row.
 * @param {string} kind
 * @param {string} one
 * @param {Record<string, number>} ratings
 * @param {() => void} onChange
 * @param {string} path
 * @param {string} [word]
 * @param {(value: number) => string} [shown]
 */
function ratingRows(kind, one, ratings, onChange, path, word = "rating", shown = String) {
  const list = el("div", { class: "srd-play__ratings", role: "group", "aria-label": kind });
  let rows = 0;
  /** @type {(name: string, value: number) => HTMLInputElement} */
  const addRow = (name, value) => {
    // (Keys by row: the field typed in is found again when the sheet is drawn anew, play-focus.js.)
    const key = `${kind}-${rows++}`;
    const nameInput = textInput(name, { "data-part": "name", "data-key": `${key}-name`, "aria-label": `${kind}: name` });
    const valueInput = numberInput(shown(value), { "data-part": "value", "data-key": `${key}-value`,
      "aria-label": `${name || kind}: ${word}`, ...(name ? { "data-field": `${path}.${name}` } : {}) });
    nameInput.addEventListener("input", () => valueInput.setAttribute("aria-label", `${nameInput.value || kind}: ${word}`));
    const remove = el("button", { type: "button", class: "md-button srd-play__remove", "data-key": `${key}-remove`,
      "aria-label": `Remove ${name || "this row"}` }, "×");
    const row = el("div", { class: "srd-play__rating" }, nameInput, valueInput, remove);
    remove.addEventListener("click", () => {
      row.remove();
      onChange();
    });
    for (const input of [nameInput, valueInput]) input.addEventListener("change", onChange);
    list.append(row);
    return nameInput;
  };
  for (const [name, value] of Object.entries(ratings)) addRow(name, value);
  const add = el("button", { type: "button", class: "md-button srd-play__add", "data-key": `${kind}-add` }, `Add ${one}`);
  add.addEventListener("click", () => addRow("", 0).focus());
  return { list, add };
}

/**
 * "4.50%": a chance as the engine gives it, the percentage (its exact fraction on demand:
 * exactFractions).
 * @param {any} chance
 */
function chanceText(chance) {
  return chance.percent;
}

/**
 * A table cell: the percent (the exact fractions are listed under the table).
 * @param {any} chance
 */
function chanceCell(chance) {
  return el("td", {}, chance.percent);
}

/**
 * What one character sheet keeps between its draws.
 * @typedef {{root: HTMLElement, id: string, frame: any, last: any, remembered: any, shownOdds: string,
 *   askedTaps: number}} SheetPlay
 * `last` ({name, kind, reply}): the last roll shown, until another character is shown;
 * `remembered`: the roll forms' choices, kept across redraws (play-focus.js); `shownOdds`: the
 * roll's odds line shown last, kept on screen until the new one comes (no jump); `askedTaps`: the
 * latest request for the taps' odds.
 */

/**
 * The character sheet in `root`: the frame, drawing each character as the engine answers.
 * @param {HTMLElement} root
 */
function attachSheet(root) {
  /** @type {SheetPlay} */
  const play = { root, id: root.id, frame: null, last: null, remembered: rememberChoices(), shownOdds: "", askedTaps: 0 };
  play.frame = playFrame(root, {
    system: SYSTEM, noun: "character", nouns: "characters", labels: LABELS,
    draw: (entry, shown) => draw(play, entry, shown),
  });
  // Undo, Redo, a file or a link: the entry is drawn anew, without the results kept beside it.
  root.addEventListener("srd-play-reset", () => {
    play.last = null;
  });
}

/**
 * @param {SheetPlay} play
 * @param {HTMLFormElement} form
 */
async function edited(play, form) {
  const { declared, ...entry } = play.frame.entry();
  const points = /** @type {HTMLInputElement} */ (form.querySelector("[data-part=adrenaline]")).value.trim();
  // (A bank typed by hand drops the points declared from it: they could be past the new bank.)
  const kept = points === String(entry.adrenaline) && declared ? { declared } : {};
  const character = {
    ...entry, ...kept,
    name: /** @type {HTMLInputElement} */ (form.querySelector("[data-part=character-name]")).value,
    attributes: ratingsOf(/** @type {Element} */ (form.querySelector(".srd-play__attributes"))),
    abilities: ratingsOf(/** @type {Element} */ (form.querySelector(".srd-play__abilities"))),
    modifiers: ratingsOf(/** @type {Element} */ (form.querySelector(".srd-play__modifiers"))),
    adrenaline: /^-?\d+$/.test(points) ? Number(points) : points,
  };
  const reply = await play.frame.call({ action: "play_sheet", character });
  if (!reply.ok) return play.frame.fail(reply.error);
  play.frame.change(reply.result.character, `Saved ${reply.result.character.name}.`);
}

/**
 * @param {SheetPlay} play
 * @param {any} entry
 * @param {{sheet: HTMLElement}} shown
 */
function draw(play, entry, { sheet }) {
  if (play.last && play.last.name !== entry.name) play.last = null;
  const form = el("form", { class: "srd-play__form", "aria-label": `${entry.name}'s sheet` });
  form.addEventListener("submit", (event) => event.preventDefault());
  const nameInput = textInput(entry.name, { "data-part": "character-name", id: `${play.id}-name`, "data-field": "character.name" });
  nameInput.addEventListener("change", () => edited(play, form));
  const points = numberInput(entry.adrenaline, { "data-part": "adrenaline", id: `${play.id}-points`,
    "data-field": "character.adrenaline" });
  points.addEventListener("change", () => edited(play, form));
  const attributes = ratingRows("Attributes", "an attribute", entry.attributes, () => edited(play, form), "character.attributes");
  const abilities = ratingRows("Abilities", "an ability", entry.abilities, () => edited(play, form), "character.abilities");
  const modifiers = ratingRows("Pool modifiers", "a modifier", entry.modifiers, () => edited(play, form), "character.modifiers",
    "dice", (dice) => (dice > 0 ? `+${dice}` : String(dice)));
  // The bank's ten boxes, as the engine marks them (drawn once it answers; their room kept:
  // 6.2 rem, boxes and their line, at 360 px and wide, measured in Chromium).
  const bank = keepRoom(el("div", { class: "srd-play__bank" }), 6.4);
  form.append(
    field("Name", nameInput),
    el("fieldset", { class: "srd-play__attributes", "data-field": "character.attributes" }, el("legend", {}, "Attributes"),
      attributes.list, attributes.add, ...traitTaps(play, "attributes", "Roll an attribute", entry.attributes)),
    el("fieldset", { class: "srd-play__abilities", "data-field": "character.abilities" }, el("legend", {}, "Abilities"),
      abilities.list, abilities.add, ...traitTaps(play, "abilities", "Roll an ability with the roll form's attribute",
        entry.abilities)),
    el("fieldset", { class: "srd-play__modifiers", "data-field": "character.modifiers" }, el("legend", {}, "Pool modifiers"),
      el("p", { class: "srd-field__hint" }, "Dice added (+) or taken away (−) on every roll: an injury, a trait. "
        + "The pool stays within 0–10 dice."), modifiers.list, modifiers.add),
    el("fieldset", { class: "srd-play__adrenaline" }, el("legend", {}, "Adrenaline"),
      field("Adrenaline points", points, "0–10: a roll's doubles earn one, a roll can spend them"),
      el("p", { class: "srd-field__hint", id: `${play.id}-bank-hint` }, "Tap a banked point to declare it (and those above it) "
        + "for the next roll; tap a declared one (/) to take it back."), bank),
  );
  const roll = el("section", { class: "srd-play__roll", "aria-label": "Roll from the sheet" });
  const extended = el("section", { class: "srd-play__extended", "aria-label": "Extended roll" });
  const opposed = el("section", { class: "srd-play__opposed", "aria-label": "Opposed roll" });
  sheet.append(form, roll, extended, opposed);
  drawRoll(play, roll, entry);
  showTapOdds(play);
  play.frame.call({ action: "play_sheet", character: entry }).then((/** @type {Reply} */ reply) => {
    if (!reply.ok) return play.frame.fail(reply.error);
    drawBank(play, bank, reply.result.sheet);
    drawExtended(play, extended, reply.result);
  });
  drawOpposed(play, opposed, entry);
}

/**
 * --- taps: a trait rolled, a point declared ----------------------------------------------------
 * One tap button per trait of `group` ("attributes", "abilities"), its chance filled in by
 * showTapOdds, and the place its result appears, just under them.
 * @param {SheetPlay} play
 * @param {any} group
 * @param {string} label
 * @param {any} traits
 */
function traitTaps(play, group, label, traits) {
  const names = Object.keys(traits);
  if (!names.length) return [];
  const taps = el("div", { class: "srd-play__taps", role: "group", "aria-label": label },
    ...names.map((name) => {
      const kind = group === "attributes" ? "attribute" : "ability";
      const button = tapButton(`${name} ${traits[name]}`, "", { "data-key": `tap-${kind}-${name}`,
        "data-tap": `${kind}:${name}` });
      button.addEventListener("click", () => tapRoll(play, group, kind, name));
      return button;
    }));
  // (Room for a tap's three lines: 8.0 rem for a roll of two dice, at 360 px and in the sheet's
  // column on a wide screen, measured in Chromium; more for a longer line of dice.)
  const result = tapResult(`${play.id}-tap-${group}`, 8.6, 9.6);
  if (play.last && play.last.kind === "tap" && play.last.group === group) drawTapResult(result, play.last.reply);
  return [taps, result];
}

/**
 * The form's roll choices a tap takes: the attribute an ability is rolled with, the difficulty, the
 * points.
 * @param {SheetPlay} play
 */
function tapChoices(play) {
  /** @type {(name: string) => HTMLInputElement | HTMLSelectElement | null} */
  const form = (name) => play.root.querySelector(`#${play.id}-${name}`);
  return { attribute: form("attribute")?.value ?? "", difficulty: form("difficulty")?.value ?? "",
    spend: form("spend")?.value ?? "" };
}

/**
 * @param {SheetPlay} play
 */
async function showTapOdds(play) {
  const mine = ++play.askedTaps;
  const reply = await play.frame.call({ action: "play_tap_odds", character: play.frame.entry(), ...tapChoices(play) });
  if (mine !== play.askedTaps) return;
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (play.root.querySelectorAll("[data-tap]"))) {
    const tap = reply.ok && reply.result.taps.find((/** @type {{key: string}} */ t) => t.key === button.dataset.tap);
    setChance(button, tap ? `${tap.notation}: success ${percentText(tap.success)}` : "no odds: see the roll form");
  }
}

/**
 * @param {SheetPlay} play
 * @param {any} group
 * @param {string} kind
 * @param {string} name
 */
async function tapRoll(play, group, kind, name) {
  const choices = tapChoices(play);
  const attribute = kind === "attribute" ? name : choices.attribute;
  const ability = kind === "attribute" ? "" : name;
  const reply = await play.frame.call({ action: "play_roll", character: play.frame.entry(), attribute, ability,
    difficulty: choices.difficulty, spend: choices.spend });
  if (!reply.ok) return play.frame.fail(reply.error);
  const r = reply.result;
  play.last = { name: r.character.name, kind: "tap", group, reply: r };
  play.remembered.choose(`${play.id}-spend`, "");
  play.frame.change(r.character, `Rolled ${r.what}: net ${r.roll.net}, ${r.roll.degree}. ${r.points}.`, r.record);
  showResult(play.frame.sheet, () => play.root.querySelector(`#${play.id}-tap-${group}`));
}

/**
 * @param {HTMLElement} box
 * @param {any} r
 */
function drawTapResult(box, r) {
  box.replaceChildren(
    el("p", { class: "srd-play__what" }, `${r.what}: ${r.record.dice}`),
    el("p", { class: "srd-play__line" }, `Net ${r.roll.net}, ${r.roll.degree} (${r.record.chance} before the roll).`),
    el("p", { class: "srd-play__points" }, `${r.points}.`));
}

/**
 * @param {SheetPlay} play
 * @param {HTMLElement} box
 * @param {any} sheetShown
 */
function drawBank(play, box, sheetShown) {
  const boxes = tapBoxes("Adrenaline bank", sheetShown.points, async (index) => {
    const reply = await play.frame.call({ action: "play_declare", character: play.frame.entry(), box: String(index + 1) });
    if (!reply.ok) return play.frame.fail(reply.error);
    play.frame.change(reply.result.character, reply.result.words);
  }, { "data-key": "bank", "data-field": "box", "aria-describedby": `${play.id}-bank-hint` });
  const declared = sheetShown.declared;
  box.replaceChildren(boxes, el("p", { class: "srd-play__line srd-play__declared" },
    declared ? `${declared} declared for the next roll: each an automatic success.` : "None declared for the next roll."));
}

/**
 * @param {SheetPlay} play
 * @param {any} entry
 * @param {any} prefix
 * @param {string} [label]
 */
function poolChoices(play, entry, prefix, label = "") {
  const attribute = play.remembered(select(
    Object.entries(entry.attributes).map(([name, value]) => [name, `${name} ${value}`]), undefined,
    { id: `${play.id}-${prefix}attribute`, "data-field": `${prefix}attribute` }));
  const ability = play.remembered(select(
    [["", "no ability"], ...Object.entries(entry.abilities).map(([name, value]) => [name, `${name} ${value}`])], undefined,
    { id: `${play.id}-${prefix}ability`, "data-field": `${prefix}ability` }));
  /** @param {string} word */
  const lower = (word) => (label ? word.toLowerCase() : word);
  return [field(`${label}${lower("Attribute")}`, attribute), field(`${label}${lower("Ability")}`, ability)];
}

/**
 * @param {SheetPlay} play
 * @param {any} prefix
 * @param {string} name
 */
function value(play, prefix, name) {
  return /** @type {HTMLInputElement | HTMLSelectElement} */ (play.root.querySelector(`#${play.id}-${prefix}${name}`)).value;
}

/**
 * --- a roll from the sheet, with its exact odds before it is rolled ---------------------------
 * @param {SheetPlay} play
 * @param {HTMLElement} box
 * @param {any} entry
 */
function drawRoll(play, box, entry) {
  const difficulty = play.remembered(textInput("", { id: `${play.id}-difficulty`, "data-field": "difficulty" }));
  const spend = play.remembered(numberInput("", { id: `${play.id}-spend`, "data-field": "spend" }));
  const seed = numberInput("", { id: `${play.id}-seed`, "data-field": "seed" });
  // (Room for the odds line and a roll's lines: 3.9 and 19 rem in a wide column, 5 and 20.2 at
  // 360 px, measured in Chromium, and the pool line a result now opens with: 22.6 at 360 px.)
  const odds = keepRoom(el("p", { class: "srd-play__odds srd-play__screen", "aria-live": "polite" }, play.shownOdds), 5.5, 7);
  const result = keepRoom(el("div", { class: "srd-play__result", id: `${play.id}-result`, "aria-live": "polite" }), 22, 24);
  const form = el("form", { class: "srd-play__rollform", "aria-label": "Roll from the sheet" },
    ...poolChoices(play, entry, ""),
    field("Difficulty", difficulty, "2–10 or a name; blank: 6"),
    field("Adrenaline to spend", spend, `blank: the points declared (${entry.declared || 0}); ${entry.name} has ${entry.adrenaline}`),
    field("Seed", seed, "blank: a new roll"),
    el("button", { type: "submit", class: "md-button md-button--primary", id: `${play.id}-roll` }, "Roll"));
  const exact = keepRoom(el("div", { class: "srd-play__screen" }), 1.8); // the odds' exact fractions on demand
  box.append(el("h2", {}, "Roll"), form, odds, exact, result);
  if (play.last && play.last.kind === "roll") drawRollResult(result, play.last.reply);

  let asked = 0;
  // `edited`: the reader changed the form (a refusal goes to its field); else the sheet was
  // drawn anew after a change, whose words the status line keeps (the refusal goes in the odds line).
  async function showOdds(edited = false) {
    const mine = ++asked;
    const reply = await play.frame.call({ action: "play_odds", character: play.frame.entry(), attribute: value(play, "", "attribute"),
      ability: value(play, "", "ability"), difficulty: difficulty.value, spend: spend.value });
    if (mine !== asked) return;
    exact.replaceChildren();
    if (!reply.ok) {
      if (!edited) return odds.replaceChildren(`No odds: ${play.frame.words(reply.error)}`);
      odds.replaceChildren("No odds until the roll can be made.");
      return play.frame.fail(reply.error);
    }
    play.frame.clear(form);
    const o = reply.result.odds;
    exact.replaceChildren(exactFractions([["Success", o.success.exact], ["Botch", o.botch.exact],
      ["Earns a point", o.adrenaline.exact]]));
    odds.replaceChildren(`Pool: ${reply.result.pool_line}. `
      + `Exact odds of ${reply.result.what} (${reply.result.notation}): success ${chanceText(o.success)}, `
      + `botch ${chanceText(o.botch)}, earns a point ${chanceText(o.adrenaline)}.`);
    play.shownOdds = odds.textContent;
  }
  form.addEventListener("change", () => showOdds(true));
  form.addEventListener("change", () => showTapOdds(play));
  showOdds();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const reply = await play.frame.call({ action: "play_roll", character: play.frame.entry(), attribute: value(play, "", "attribute"),
      ability: value(play, "", "ability"), difficulty: difficulty.value, spend: spend.value, seed: seed.value });
    if (!reply.ok) return play.frame.fail(reply.error);
    const r = reply.result;
    play.last = { name: r.character.name, kind: "roll", reply: r };
    play.remembered.choose(spend.id, "");
    play.frame.change(r.character, `Rolled ${r.what}: net ${r.roll.net}, ${r.roll.degree}. ${r.points}.`, r.record);
    showResult(play.frame.sheet, () => play.root.querySelector(`#${play.id}-result`));
  });
}

/**
 * @param {HTMLElement} box
 * @param {any} reply
 */
function drawRollResult(box, reply) {
  const r = reply.roll;
  const fields = new URLSearchParams({ ...reply.fields, seed: String(r.seed) });
  const chapter = new URL(`../?${fields}#ad-roller`, location.href);
  box.replaceChildren(
    el("p", { class: "srd-play__what" }, `${reply.what}: ${reply.notation} (${reply.pool_line})`),
    ...r.lines.map((/** @type {string} */ line) => el("p", { class: "srd-play__line" }, line)),
    el("p", { class: "srd-play__points" }, `${reply.points}.`),
    el("p", { class: "srd-play__line" }, `Before the roll: success ${chanceText(reply.odds.success)}, botch `
      + `${chanceText(reply.odds.botch)}, a point earned ${chanceText(reply.odds.adrenaline)}.`),
    exactFractions([["Success", reply.odds.success.exact], ["Botch", reply.odds.botch.exact],
      ["A point earned", reply.odds.adrenaline.exact]]),
    el("p", {}, el("a", { href: chapter.href }, "Open this roll in the chapter's roller")));
}

/**
 * --- the extended roll: progress and the chance to finish in k more rolls ---------------------
 * @param {SheetPlay} play
 * @param {HTMLElement} box
 * @param {{character: any, sheet: any}} shown the engine's reply: the character and its sheet
 */
function drawExtended(play, box, { character, sheet }) {
  box.replaceChildren(el("h2", {}, "Extended roll"));
  const ext = sheet.extended;
  if (!ext) return drawExtendedStart(play, box, character, sheet);
  const rolls = character.extended.rolls;
  box.append(el("p", { class: "srd-play__ext-what" },
    `${ext.what}: ${ext.notation} (${ext.difficulty_name})`),
  el("p", { class: "srd-play__line srd-play__ext-pool" }, `Pool now: ${ext.pool_line}.`));
  const progress = el("p", { class: "srd-play__progress", id: `${play.id}-ext-progress` });
  if (ext.ending === "reached") progress.append(`Reached: ${ext.gathered} of ${character.extended.target} on roll ${rolls.length}.`);
  else if (ext.ending === "lost") progress.append(`A botch on roll ${rolls.length} ends the attempt: all is lost.`);
  else progress.append(`Gathered ${ext.gathered} of ${character.extended.target}: ${ext.needed} to go after ${rolls.length} ${rolls.length === 1 ? "roll" : "rolls"}.`);
  box.append(progress);
  if (rolls.length) {
    box.append(el("p", { class: "srd-play__line" }, "Each roll's net: ",
      rolls.map((/** @type {number} */ net, /** @type {number} */ i) => `${net} (total ${ext.totals[i]})`).join(", ")));
  }
  if (ext.chances && ext.chances.length) {
    const table = el("table", { class: "srd-play__chances" },
      el("caption", {}, `Exact chance to finish in k more rolls (a botch ends the attempt)`),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Within"), el("th", { scope: "col" }, "Finishes"),
        el("th", { scope: "col" }, "Lost to a botch"))),
      el("tbody", {}, ...ext.chances.map((/** @type {ChanceRow} */ row) => el("tr", {},
        el("th", { scope: "row" }, `${row.rolls} ${row.rolls === 1 ? "roll" : "rolls"}`),
        chanceCell(row.finish), chanceCell(row.lost)))));
    box.append(el("div", { class: "srd-play__scroll", role: "region", tabindex: "0",
      "aria-label": "Chance to finish, by rolls" }, table),
    exactFractions(ext.chances.flatMap((/** @type {ChanceRow} */ row) => [[`Finishes within ${row.rolls}`, row.finish.exact],
      [`Lost within ${row.rolls}`, row.lost.exact]])));
  }
  const actions = el("div", { class: "srd-play__actions" });
  if (!ext.ending) {
    const next = el("button", { type: "button", class: "md-button md-button--primary", id: `${play.id}-ext-next` }, "Roll the next one");
    next.addEventListener("click", async () => {
      const reply = await play.frame.call({ action: "play_extended_roll", character: play.frame.entry() });
      if (!reply.ok) return play.frame.fail(reply.error);
      const after = reply.result.sheet.extended;
      play.last = { name: reply.result.character.name, kind: "extended", reply: reply.result };
      const words = after.ending === "reached" ? "target reached" : after.ending === "lost" ? "a botch: all is lost"
        : `${after.gathered} gathered, ${after.needed} to go`;
      play.frame.change(reply.result.character, `Extended roll: net ${reply.result.roll.net}; ${words}. ${reply.result.points}.`,
        reply.result.record);
      showResult(play.frame.sheet, () => play.root.querySelector(`#${play.id}-ext-result`));
    });
    actions.append(next);
  }
  const clear = el("button", { type: "button", class: "md-button", id: `${play.id}-ext-clear` },
    ext.ending ? "Clear it" : "Stop this extended roll");
  clear.addEventListener("click", async () => {
    const reply = await play.frame.call({ action: "play_extended_clear", character: play.frame.entry() });
    if (!reply.ok) return play.frame.fail(reply.error);
    play.frame.change(reply.result.character, "Extended roll cleared.");
  });
  actions.append(clear);
  box.append(actions);
  if (play.last && play.last.kind === "extended") {
    box.append(el("div", { class: "srd-play__result", id: `${play.id}-ext-result` },
      ...play.last.reply.roll.lines.map((/** @type {string} */ line) => el("p", { class: "srd-play__line" }, line)),
      el("p", { class: "srd-play__points" }, `${play.last.reply.points}.`)));
  }
}

/**
 * No extended roll under way: the form that starts one.
 * @param {SheetPlay} play
 * @param {HTMLElement} box
 * @param {any} character
 * @param {any} sheet
 */
function drawExtendedStart(play, box, character, sheet) {
  const difficulty = play.remembered(textInput("", { id: `${play.id}-ext-difficulty`, "data-field": "ext-difficulty" }));
  const target = play.remembered(numberInput("", { id: `${play.id}-ext-target`, "data-field": "ext-target" }));
  const form = el("form", { class: "srd-play__rollform", "aria-label": "Start an extended roll" },
    ...poolChoices(play, character, "ext-"),
    field("Difficulty", difficulty, "2–10 or a name; blank: 6"),
    field("Successes to gather", target, "the target, 1–100"),
    el("button", { type: "submit", class: "md-button md-button--primary", id: `${play.id}-ext-start` }, "Start the extended roll"));
  box.append(form, el("p", { class: "srd-play__line" },
    `Pool modifiers on every roll: ${sheet.modifiers}.`));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const reply = await play.frame.call({ action: "play_extended_start", character: play.frame.entry(),
      attribute: value(play, "ext-", "attribute"), ability: value(play, "ext-", "ability"), difficulty: difficulty.value,
      target: target.value });
    if (!reply.ok) return play.frame.fail(within(reply.error, "ext-"));
    const e = reply.result.sheet.extended;
    play.frame.change(reply.result.character, `Extended roll started: ${e.what}, ${e.notation}.`);
    showResult(play.frame.sheet, () => play.root.querySelector(`#${play.id}-ext-progress`));
  });
}

/**
 * --- an opposed roll against another saved character ------------------------------------------
 * @param {SheetPlay} play
 * @param {HTMLElement} box
 * @param {any} entry
 */
function drawOpposed(play, box, entry) {
  box.append(el("h2", {}, "Opposed roll"));
  /** @type {any[]} */
  const everyone = play.frame.entries();
  const current = everyone.indexOf(play.frame.entry());
  /** @type {[number, any][]} */
  const numbered = everyone.map((character, i) => [i, character]);
  const others = numbered.filter(([i]) => i !== current);
  if (!others.length) {
    box.append(el("p", {}, "Save a second character to roll one against the other."));
    return;
  }
  const other = play.remembered(select(others.map(([i, c]) => [String(i), c.name]), undefined, { id: `${play.id}-other` }));
  const theirs = el("div", { class: "srd-play__theirs" });
  const drawTheirs = () => {
    theirs.replaceChildren(...poolChoices(play, everyone[Number(other.value)], "other-", "Their "));
  };
  other.addEventListener("change", drawTheirs);
  drawTheirs();
  const mine = {
    difficulty: play.remembered(textInput("", { id: `${play.id}-opp-difficulty`, "data-field": "opp-difficulty" })),
    spend: play.remembered(numberInput("", { id: `${play.id}-opp-spend`, "data-field": "opp-spend" })),
  };
  const their = {
    difficulty: play.remembered(textInput("", { id: `${play.id}-other-difficulty`, "data-field": "other-difficulty" })),
    spend: play.remembered(numberInput("", { id: `${play.id}-other-spend`, "data-field": "other-spend" })),
  };
  const seed = numberInput("", { id: `${play.id}-opp-seed`, "data-field": "opp-seed" });
  const result = el("div", { class: "srd-play__result", id: `${play.id}-opp-result`, "aria-live": "polite" });
  const form = el("form", { class: "srd-play__rollform srd-play__opposedform", "aria-label": "Opposed roll" },
    ...poolChoices(play, entry, "opp-", "Your "),
    field("Your difficulty", mine.difficulty, "blank: 6"),
    field("Your Adrenaline to spend", mine.spend, `blank: the points declared; ${entry.name} has ${entry.adrenaline}`),
    field("Against", other), theirs,
    field("Their difficulty", their.difficulty, "blank: 6"),
    field("Their Adrenaline to spend", their.spend, "blank: the points they declared"),
    field("Seed", seed, "blank: a new roll"),
    el("button", { type: "submit", class: "md-button md-button--primary", id: `${play.id}-opp-roll` }, "Roll opposed"));
  box.append(form, result);
  if (play.last && play.last.kind === "opposed") drawOpposedResult(result, play.last.reply);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const index = Number(other.value);
    const reply = await play.frame.call({ action: "play_opposed", character: play.frame.entry(), other: everyone[index],
      attribute: value(play, "opp-", "attribute"), ability: value(play, "opp-", "ability"), difficulty: mine.difficulty.value,
      spend: mine.spend.value, "other-attribute": value(play, "other-", "attribute"),
      "other-ability": value(play, "other-", "ability"), "other-difficulty": their.difficulty.value,
      "other-spend": their.spend.value, seed: seed.value });
    if (!reply.ok) return play.frame.fail(within(reply.error, "opp-"));
    const r = reply.result;
    play.last = { name: r.character.name, kind: "opposed", reply: r };
    play.remembered.choose(mine.spend.id, "");
    play.remembered.choose(their.spend.id, "");
    const verdict = r.roll.verdict === "win" ? `${r.character.name} wins by ${r.roll.margin}`
      : r.roll.verdict === "lose" ? `${r.other.name} wins by ${-r.roll.margin}` : "a stand-off";
    play.frame.changeMany({ [current]: r.character, [index]: r.other }, `Opposed roll: ${verdict}.`, r.record);
    showResult(play.frame.sheet, () => play.root.querySelector(`#${play.id}-opp-result`));
  });
}

/**
 * @param {HTMLElement} box
 * @param {any} r
 */
function drawOpposedResult(box, r) {
  box.replaceChildren(
    el("p", { class: "srd-play__what" }, `${r.character.name} (${r.what}) against ${r.other.name} (${r.other_what}): ${r.notation}`),
    el("p", { class: "srd-play__line" }, `Pools: ${r.character.name}: ${r.pool_lines[0]}; ${r.other.name}: ${r.pool_lines[1]}.`),
    el("p", { class: "srd-play__line" }, `Before the roll: ${r.character.name} wins ${chanceText(r.odds.win)}, `
      + `stand-off ${chanceText(r.odds.standoff)}, ${r.other.name} wins ${chanceText(r.odds.lose)}.`),
    exactFractions([[`${r.character.name} wins`, r.odds.win.exact], ["Stand-off", r.odds.standoff.exact],
      [`${r.other.name} wins`, r.odds.lose.exact]]),
    ...r.roll.lines.slice(1).map((/** @type {string} */ line) => el("p", { class: "srd-play__line" }, line)),
    el("p", { class: "srd-play__points" }, `${r.character.name}: ${r.points[0]}. ${r.other.name}: ${r.points[1]}.`));
}

export const WIDGETS = { sheet: attachSheet };

