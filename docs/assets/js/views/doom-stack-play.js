// @ts-check
// Doom Stack at the table: a character sheet kept on this device (play-kit.js), rolled from,
// hit, bled and healed. Every number on it comes from the engine (rules_engine/doom_stack/play.py):
// the hit boxes, the track's state (stable too), the roll, the stack taken and the attention
// pool it leaves, other actions drawn from that pool, the defences it can make, the attack's
// damage, the hourly bleeding-out die, what can heal, and the odds of every tap before it is
// made. This module only draws the sheet and sends what was edited, chosen or tapped: a tap
// on a rating rolls it, on a hit box marks or heals one box, on an attention die spends it.

import { exactFractions, field, keepRoom, numberInput, playFrame, select, setChance, tapBoxes, tapButton, tapResult,
  textInput } from "../kit/play-kit.js";
import { el } from "../kit/widget-kit.js";
import { rememberChoices, showResult } from "../kit/play-focus.js";

const SYSTEM = "doom-stack";

/**
 * @typedef {import("../kit/widget-kit.js").Reply} Reply the engine's reply
 * @typedef {{attribute: string, skill: string, modifiers: string, tn: string, seed: string}} RollChoices the roll form's
 * One group of taps (attributes or skills): its buttons by rating, its hint, the roll form's
 * choices they roll with (set once the form is drawn) and the box that holds them.
 * @typedef {{group: string, buttons: Record<string, HTMLButtonElement>, hint: HTMLElement,
 *   choices: (() => RollChoices) | null, box: HTMLElement}} TapGroup
 */

/**
 * The ratings as edited: {name: number} in the order shown (a row with an empty name is dropped).
 * @param {Element} rows
 */
function ratingsOf(rows) {
  /** @type {Record<string, number | string>} */
  const ratings = {};
  for (const row of rows.querySelectorAll(".srd-play__rating")) {
    const name = /** @type {HTMLInputElement} */ (row.querySelector("input[data-part=name]")).value.trim();
    const value = /** @type {HTMLInputElement} */ (row.querySelector("input[data-part=value]")).value.trim();
    if (name) ratings[name] = /^-?\d+$/.test(value) ? Number(value) : value;
  }
  return ratings;
}

// The engine's name for a group of ratings ("character.attributes") and for one of them.
/** @type {Record<string, string>} */
const PATHS = { Attributes: "character.attributes", Skills: "character.skills" };

/**
 * A chance as the log keeps it: the percentage first, the exact fraction, and what it is of.
 * @param {any} chance
 */
function chanceWords(chance) {
  return `${chance.percent} (${chance.exact}) for ${chance.of}`;
}

/**
 * A drop-down of ratings ("Agility 3"), after the `first` [value, words] options.
 * @param {any} ratings
 * @param {any} first
 * @param {any} attrs
 */
function ratingSelect(ratings, first, attrs) {
  return select([...first, ...Object.entries(ratings).map(([name, value]) => [name, `${name} ${value}`])], undefined, attrs);
}

/**
 * @param {string} kind
 * @param {Record<string, number>} ratings
 * @param {() => void} onChange
 * @param {string[]} [fixed]
 */
function ratingRows(kind, ratings, onChange, fixed = []) {
  const list = el("div", { class: "srd-play__ratings", role: "group", "aria-label": kind });
  let rows = 0;
  /** @type {(name: string, value: number) => HTMLInputElement} */
  const addRow = (name, value) => {
    // (Keys by row: the field typed in is found again when the sheet is drawn anew, play-focus.js.)
    const key = `${kind}-${rows++}`;
    const nameInput = textInput(name, { "data-part": "name", "data-key": `${key}-name`, "aria-label": `${kind}: name` });
    const valueInput = numberInput(value, { "data-part": "value", "data-key": `${key}-value`, "aria-label": `${name || kind}: rating`,
      "data-field": name ? `${PATHS[kind]}.${name}` : null });
    nameInput.addEventListener("input", () => valueInput.setAttribute("aria-label", `${nameInput.value || kind}: rating`));
    const row = el("div", { class: "srd-play__rating" }, nameInput, valueInput);
    if (fixed.includes(name)) nameInput.readOnly = true;
    else {
      const remove = el("button", { type: "button", class: "md-button srd-play__remove", "data-key": `${key}-remove`,
        "aria-label": `Remove ${name || "this row"}` }, "×");
      remove.addEventListener("click", () => {
        row.remove();
        onChange();
      });
      row.append(remove);
    }
    for (const input of [nameInput, valueInput]) input.addEventListener("change", onChange);
    list.append(row);
    return nameInput;
  };
  for (const [name, value] of Object.entries(ratings)) addRow(name, value);
  const add = el("button", { type: "button", class: "md-button srd-play__add", "data-key": `${kind}-add` },
    `Add ${kind === "Skills" ? "a skill" : "an attribute"}`);
  add.addEventListener("click", () => addRow("", 0).focus());
  return { list, add };
}

/**
 * What one character sheet keeps between its draws.
 * @typedef {{root: HTMLElement, frame: any, lastRoll: any, lastNote: any, markKind: string, remembered: any,
 *   lastTrack: Node[]}} SheetPlay
 * `lastRoll` ({where, reply}): the last roll (from the form or a tap), shown where it was asked for;
 * `lastNote` ({where, lines}): the last tap's, attack's, other action's or bleeding-out lines,
 * shown where the tap was; `markKind`: the damage a tap on an empty hit box marks; `remembered`:
 * the roll forms' choices, kept after a roll; `lastTrack`: the hit boxes as last drawn, shown
 * (inert) until the engine's answer after a change.
 */

/**
 * The character sheet in `root`: the frame, drawing each character as the engine answers.
 * @param {HTMLElement} root
 */
function attachSheet(root) {
  /** @type {SheetPlay} */
  const play = { root, frame: null, lastRoll: null, lastNote: null, markKind: "physical", remembered: rememberChoices(),
    lastTrack: [] };
  play.frame = playFrame(root, {
    system: SYSTEM, noun: "character", nouns: "characters",
    draw: (entry, shown) => draw(play, entry, shown),
    labels: { name: "Name", attributes: "Attributes", skills: "Skills", marks: "Hit boxes", overflow: "Overflow",
      stable: "Stable", attention: "Attention pool", pick: "Stack taken", kind: "From", pool: "Pool", tn: "TN",
      dice: "Dice", held: "Held back", stack: "Stack", open: "Still open" },
  });
  // Undo, Redo, a file or a link: the entry is drawn anew, without the results kept beside it.
  root.addEventListener("srd-play-reset", () => {
    play.lastRoll = null;
    play.lastNote = null;
  });
}

/**
 * @param {SheetPlay} play
 * @param {HTMLFormElement} form
 */
async function edited(play, form) {
  const entry = play.frame.entry();
  const character = {
    ...entry,
    name: /** @type {HTMLInputElement} */ (form.querySelector("[data-part=character-name]")).value,
    attributes: ratingsOf(/** @type {Element} */ (form.querySelector(".srd-play__attributes"))),
    skills: ratingsOf(/** @type {Element} */ (form.querySelector(".srd-play__skills"))),
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
  const id = play.root.id;
  const form = el("form", { class: "srd-play__form", "aria-label": `${entry.name}'s sheet` });
  form.addEventListener("submit", (event) => event.preventDefault());
  const nameInput = textInput(entry.name, { "data-part": "character-name", id: `${id}-name`, "data-field": "character.name" });
  nameInput.addEventListener("change", () => edited(play, form));
  const attributes = ratingRows("Attributes", entry.attributes, () => edited(play, form), ["Strength", "Willpower"]);
  const skills = ratingRows("Skills", entry.skills, () => edited(play, form));
  const attributeTaps = tapGroup(play, "attributes", entry.attributes);
  const skillTaps = tapGroup(play, "skills", entry.skills);
  form.append(
    field("Name", nameInput),
    el("fieldset", { class: "srd-play__attributes" }, el("legend", {}, "Attributes"), attributes.list, attributes.add,
      attributeTaps.box),
    el("fieldset", { class: "srd-play__skills" }, el("legend", {}, "Skills"), skills.list, skills.add, skillTaps.box),
  );

  // (Until the engine answers, the hit boxes drawn last keep their room: no layout jump.)
  const track = el("section", { class: "srd-play__track", "aria-label": "Hit boxes" },
    ...play.lastTrack.map((node) => node.cloneNode(true)));
  if (play.lastTrack.length) {
    track.inert = true;
    track.setAttribute("aria-busy", "true");
  }
  const roll = el("section", { class: "srd-play__roll", "aria-label": "Roll from the sheet" });
  const other = el("section", { class: "srd-play__other srd-play__screen", "aria-label": "Another action" });
  const attack = el("section", { class: "srd-play__attack", "aria-label": "An attack on this character" });
  sheet.append(form, track, roll, other, attack);

  const { picked, choices } = drawRoll(play, roll, entry, [attributeTaps, skillTaps]);
  for (const taps of [attributeTaps, skillTaps]) taps.choices = choices;
  drawOther(play, other, entry);
  const defence = drawAttack(play, attack);
  play.frame.call({ action: "play_sheet", character: entry }).then((/** @type {Reply} */ reply) => {
    track.inert = false;
    track.removeAttribute("aria-busy");
    track.replaceChildren();
    if (!reply.ok) return play.frame.fail(reply.error);
    drawTrackSection(play, track, reply.result);
    play.lastTrack = [...track.children];
    drawPick(play, picked, reply.result);
    for (const { value, dice } of reply.result.sheet.defences) {
      defence.append(el("option", { value: String(value) }, `${value} (${dice.join(" + ")})`));
    }
    defence.disabled = !reply.result.sheet.acts;
  });
}

/**
 * @param {SheetPlay} play
 * @param {HTMLElement} box
 * @param {{character: any, sheet: any}} shown the engine's reply: the character and its sheet
 */
function drawTrackSection(play, box, { character, sheet }) {
  const t = sheet.track;
  const a = character.attributes;
  const result = tapResult(`${play.root.id}-track-result`, 3, 4.5);
  if (play.lastNote && play.lastNote.where === "track") result.append(...play.lastNote.lines.map((/** @type {string} */ line) => el("p", {}, line)));
  box.append(
    el("h2", {}, "Hit boxes"),
    el("p", { class: "srd-play__boxes-count" }, `${sheet.boxes} hit boxes (4 + Strength ${a.Strength} + Willpower ${a.Willpower})`),
    markChoice(play),
    drawBoxes(play, character, sheet),
    el("p", { class: "srd-ds-hint" }, "Tap an empty box (or the overflow box) to take one box of that damage; "
      + "tap an X or a / to heal one box of it."),
    result,
    el("p", { class: "srd-play__state" }, "Overflow ", el("strong", {}, String(t.overflow)), " · ",
      el("strong", { class: `srd-play__state-word srd-play__state-word--${t.dead ? "dead" : t.stable ? "stable" : t.dying ? "dying" : t.knocked_out ? "out" : "fine"}` }, t.state)),
  );
  if (sheet.movement !== null) box.append(el("p", {}, `Moves ${sheet.movement} m per action spent moving.`));
  const actions = el("div", { class: "srd-play__actions" });
  if (sheet.bleeding) {
    const bleed = el("button", { type: "button", class: "md-button md-button--primary", id: `${play.root.id}-bleed` },
      "Roll this hour's bleeding out");
    bleed.addEventListener("click", async () => {
      const reply = await play.frame.call({ action: "play_bleed", character: character });
      if (!reply.ok) return play.frame.fail(reply.error);
      const r = reply.result;
      trackNote(play, [r.line], r.character, r.line, { dice: String(r.die), result: r.stable ? "stable" : `overflow ${r.character.overflow}`,
        chance: chanceWords(r.chance) });
    });
    actions.append(bleed);
  }
  if (sheet.heal.stun) actions.append(healButton(play, character, "stun", "Heal a stun box (an hour)"));
  if (sheet.heal.physical) {
    actions.append(healButton(play, character, "physical", "Heal a physical box (a day with medicine, a month without)"));
  }
  if (sheet.heal.all) actions.append(healButton(play, character, "all", "Clear all damage"));
  box.append(actions);
}

/**
 * A change from the hit boxes: saved with its words, its lines shown under the boxes.
 * @param {SheetPlay} play
 * @param {any} lines
 * @param {any} character
 * @param {any} words
 * @param {any} [record]
 */
function trackNote(play, lines, character, words, record = null) {
  play.lastNote = { where: "track", lines };
  play.frame.change(character, words, record);
  showResult(play.frame.sheet, () => play.root.querySelector(`#${play.root.id}-track-result`));
}

/**
 * Which damage a tap on an empty box marks: two buttons, the chosen one pressed.
 * @param {SheetPlay} play
 */
function markChoice(play) {
  const kinds = [["physical", "Physical (X)"], ["stun", "Stun (/)"]];
  const buttons = kinds.map(([kind, words]) => el("button", { type: "button", class: "md-button", "data-key": `mark-${kind}` }, words));
  const show = () => buttons.forEach((button, i) => {
    button.setAttribute("aria-pressed", String(play.markKind === kinds[i][0]));
    button.classList.toggle("md-button--primary", play.markKind === kinds[i][0]);
  });
  buttons.forEach((button, i) => button.addEventListener("click", () => {
    play.markKind = kinds[i][0];
    show();
  }));
  show();
  return el("div", { class: "srd-ds-markkind", role: "group", "aria-label": "Damage a tap marks" }, ...buttons);
}

/**
 * The hit boxes and the overflow box, each a tap: an empty one (or the overflow) takes a box of the
 * chosen damage where the rules put it, a marked one heals a box of its kind.
 * @param {SheetPlay} play
 * @param {any} character
 * @param {any} sheet the engine's sheet of the character
 */
function drawBoxes(play, character, sheet) {
  const marks = [...character.marks];
  const boxes = Array.from({ length: sheet.boxes }, (_, i) => ({
    mark: marks[i] || "", pressed: Boolean(marks[i]),
    words: `Box ${i + 1}: ${marks[i] === "X" ? "physical" : marks[i] === "/" ? "stun" : "empty"}`,
  }));
  boxes.push({ mark: String(character.overflow), pressed: character.overflow > 0, words: `Overflow box: ${character.overflow}` });
  return tapBoxes("Hit boxes", boxes, async (i) => {
    const mark = marks[i];
    const heal = i < sheet.boxes && mark ? (mark === "X" ? "physical" : "stun") : null;
    const reply = await play.frame.call(heal ? { action: "play_heal", character, kind: heal }
      : { action: "play_mark", character, kind: play.markKind });
    if (!reply.ok) return play.frame.fail(reply.error);
    const state = reply.result.sheet.track.state;
    const words = heal ? `A ${heal} box healed: now ${state}.` : `${reply.result.line}.`;
    trackNote(play, [words], reply.result.character, words);
  }, { "data-key": "hitbox", "data-field": "character.marks" });
}

/**
 * @param {SheetPlay} play
 * @param {any} character
 * @param {string} kind
 * @param {any} words
 */
function healButton(play, character, kind, words) {
  const button = el("button", { type: "button", class: "md-button", id: `${play.root.id}-heal-${kind}` }, words);
  button.addEventListener("click", async () => {
    const reply = await play.frame.call({ action: "play_heal", character, kind });
    if (!reply.ok) return play.frame.fail(reply.error);
    /** @type {Record<string, string>} */
    const words = { stun: "A stun box healed.", physical: "A physical box healed.", all: "All damage cleared." };
    trackNote(play, [words[kind]], reply.result.character, words[kind]);
  });
  return button;
}

/**
 * The roll form (its choices are the taps' too: `choices`), its odds, the stack taken and the
 * attention pool; a change of choice updates the odds of the form and of every tap.
 * @param {SheetPlay} play
 * @param {HTMLElement} box
 * @param {any} entry
 * @param {any} tapGroups
 */
function drawRoll(play, box, entry, tapGroups) {
  const id = play.root.id;
  const attribute = play.remembered(ratingSelect(entry.attributes, [], { id: `${id}-attribute`, "data-field": "attribute" }));
  const skill = play.remembered(ratingSelect(entry.skills, [["", "no skill"]], { id: `${id}-skill`, "data-field": "skill" }));
  const modifiers = play.remembered(textInput("", { id: `${id}-modifiers`, "data-field": "modifiers" }));
  const tn = play.remembered(numberInput("", { id: `${id}-tn`, "data-field": "tn" }));
  const seed = numberInput("", { id: `${id}-seed`, "data-field": "seed" });
  const choices = () => ({ attribute: attribute.value, skill: skill.value, modifiers: modifiers.value, tn: tn.value,
    seed: seed.value });
  const button = el("button", { type: "submit", class: "md-button md-button--primary", id: `${id}-roll` }, "Roll");
  // (Room for a roll's lines: 12 rem in a wide column, 13.1 at 360 px, measured in Chromium.)
  const result = keepRoom(el("div", { class: "srd-play__result", id: `${id}-result`, "aria-live": "polite" }), 13, 14);
  const form = el("form", { class: "srd-play__rollform", "aria-label": "Roll from the sheet" },
    field("Attribute", attribute), field("Skill", skill),
    field("Modifiers", modifiers, "e.g. +2 −1: capped at half of attribute + skill"),
    field("TN", tn, "blank: no TN"), field("Seed", seed, "blank: a new roll"), button);
  // The stack taken: always drawn (filled from the engine's sheet), so a roll moves nothing under its result.
  const stacks = select([["", "Nothing rolled yet"]], "", { id: `${id}-stack`, disabled: "", "data-field": "stack" });
  const picked = el("div", { class: "srd-play__picked srd-play__screen" },
    field("Stack taken", stacks, "Roll first: the stack it takes shows here."));
  // The exact odds of the roll the form would make, before it is rolled (room kept: 3 lines wide, 5 at 360 px).
  const odds = keepRoom(el("div", { class: "srd-play__odds", "aria-live": "polite" }), 4.5, 7);
  box.append(el("h2", {}, "Roll"),
    el("p", { class: "srd-ds-hint" }, "Tap an attribute or a skill on the sheet to roll it with these choices, or roll any pair here."),
    form, odds, result, picked, el("h3", {}, "Attention pool"), drawAttention(play, entry, choices));
  if (play.lastRoll && play.lastRoll.where === "form") drawRollResult(result, play.lastRoll.reply);
  let asked = 0;
  let drawn = ""; // the odds reply drawn last: the same again leaves them (and a focused summary) alone
  async function showOdds() {
    const mine = ++asked;
    const reply = await play.frame.call({ action: "play_odds", character: play.frame.entry(), attribute: attribute.value,
      skill: skill.value, modifiers: modifiers.value, tn: tn.value });
    const key = JSON.stringify(reply);
    if (mine !== asked || key === drawn) return;
    drawn = key;
    if (!reply.ok) return odds.replaceChildren(el("p", { class: "srd-play__error" }, play.frame.words(reply.error)));
    drawOdds(odds, reply.result);
  }
  let askedTaps = 0;
  async function showTapOdds() {
    const mine = ++askedTaps;
    const now = choices();
    const reply = await play.frame.call({ action: "play_taps", character: play.frame.entry(), ...now });
    if (mine !== askedTaps) return;
    for (const taps of tapGroups) tapOdds(taps, reply.ok ? reply.result[taps.group] : null, now);
  }
  for (const show of [showOdds, showTapOdds]) {
    form.addEventListener("input", show);
    form.addEventListener("change", show);
    show();
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const reply = await play.frame.call({ action: "play_roll", character: play.frame.entry(), ...choices() });
    if (!reply.ok) return play.frame.fail(reply.error);
    rolled(play, "form", reply.result, `#${id}-result`);
  });
  return { picked, choices };
}

/**
 * A roll made (from the form or a tap): saved with its dice, result and exact chance in the log,
 * its lines shown where it was asked for (`where`, the result box `selector`).
 * @param {SheetPlay} play
 * @param {any} where
 * @param {any} result
 * @param {any} selector
 */
function rolled(play, where, result, selector) {
  play.lastRoll = { where, reply: result };
  const r = result.roll;
  play.frame.change(result.character,
    `Rolled ${result.what}: best stack ${r.best_stack.value}; attention pool ${r.attention_pool.join(" ") || "empty"}.`,
    { dice: r.dice.join(" ") || "none", result: result.sheet.pick.line.split("; attention pool")[0],
      chance: chanceWords(result.chance) });
  showResult(play.frame.sheet, () => play.root.querySelector(selector));
}

/**
 * The ratings of one group (`group`: "attributes" or "skills"), each rolled with one tap; the
 * chance lines come from the engine once it answers (tapOdds), the result under the group.
 * @param {SheetPlay} play
 * @param {any} group
 * @param {Record<string, number>} ratings
 * @returns {TapGroup}
 */
function tapGroup(play, group, ratings) {
  const id = `${play.root.id}-tap-${group}`;
  const hint = el("p", { class: "srd-ds-hint", id: `${id}-hint` },
    Object.keys(ratings).length ? "" : "Add a skill to roll it with a tap.");
  const list = el("ul", { class: "srd-ds-taps", "aria-label": group === "attributes" ? "Roll an attribute" : "Roll a skill",
    "aria-describedby": hint.id });
  /** @type {Record<string, HTMLButtonElement>} */
  const buttons = {};
  Object.entries(ratings).forEach(([name, value], i) => {
    const button = tapButton(`${name} ${value}`, "odds…", { "data-key": `tap-${group}-${i}` });
    button.addEventListener("click", () => tapRoll(group, name));
    buttons[name] = button;
    list.append(el("li", {}, button));
  });
  // (Room for three lines: 4.5 rem in a wide column, 7 at 360 px.)
  const result = tapResult(id, 4.5, 7);
  if (play.lastRoll && play.lastRoll.where === group) drawTapResult(result, play.lastRoll.reply);
  // (No ratings, nothing to tap: no room kept for a result.)
  /** @type {TapGroup} */
  const taps = { group, buttons, hint, choices: null,
    box: el("div", { class: "srd-play__tapgroup" }, hint, list, list.childNodes.length ? result : null) };
  return taps;

  /**
   * @param {string} tapped
   * @param {string} name
   */
  async function tapRoll(tapped, name) {
    const now = /** @type {() => RollChoices} */ (taps.choices)(); // (set when the roll form is drawn)
    const pair = tapped === "attributes" ? { attribute: name, skill: now.skill } : { attribute: now.attribute, skill: name };
    const reply = await play.frame.call({ action: "play_roll", character: play.frame.entry(), ...now, ...pair });
    if (!reply.ok) return play.frame.fail(reply.error);
    rolled(play, tapped, reply.result, `#${id}`);
  }
}

/**
 * Each tap's chance line (`odds`: the engine's play_taps for the group, null if it refused the
 * form's choices), and the group's hint saying what a tap rolls with.
 * @param {any} taps
 * @param {any} odds
 * @param {any} now
 */
function tapOdds(taps, odds, now) {
  for (const [name, button] of Object.entries(taps.buttons)) {
    const o = odds && odds[name];
    setChance(button, !o ? "no odds: see the roll form" : o.success ? `success ${o.success.percent}` : `average ${o.mean}`);
  }
  if (!Object.keys(taps.buttons).length) return;
  const partner = taps.group === "attributes" ? (now.skill ? `the skill ${now.skill}` : "no skill")
    : `the attribute ${now.attribute}`;
  const against = now.tn.trim() ? `against TN ${now.tn.trim()}` : "with no TN (each shows its best stack's average)";
  const mods = now.modifiers.trim() ? `, modifiers ${now.modifiers.trim()}` : "";
  taps.hint.textContent = `A tap rolls it with ${partner}${mods}, ${against}: the roll form's choices.`;
}

/**
 * A tap's roll in three lines: what was rolled, the dice, the stack taken and what it left.
 * @param {HTMLElement} box
 * @param {any} reply
 */
function drawTapResult(box, reply) {
  box.replaceChildren(
    el("p", { class: "srd-play__what" }, `${reply.what}: ${reply.pool_line}`),
    el("p", { class: "srd-play__line" }, `Rolled: ${reply.roll.dice.join(" ") || "no dice"}`),
    el("p", { class: "srd-play__line" }, reply.sheet.pick.line));
}

/**
 * The attention pool, each die spent with a tap (on noticing; a 1 on a gear tag or a maneuver).
 * @param {SheetPlay} play
 * @param {any} entry
 * @param {any} choices
 */
function drawAttention(play, entry, choices) {
  const id = `${play.root.id}-attention-result`;
  const result = tapResult(id, 2, 3);
  if (play.lastNote && play.lastNote.where === "attention") result.append(...play.lastNote.lines.map((/** @type {string} */ line) => el("p", {}, line)));
  const box = el("div", { class: "srd-play__attention" },
    el("p", {}, entry.attention.length
      ? "Left by the last roll, for defence, other actions and noticing: tap a die to spend it."
      : "Empty: roll to fill it."));
  if (entry.attention.length) {
    box.append(el("ul", { class: "srd-ds-taps", "aria-label": "Attention dice", "data-field": "character.attention" },
      ...entry.attention.map((/** @type {number} */ die, /** @type {number} */ i) => {
        const button = tapButton(String(die), die === 1 ? "wildcard: spend" : "spend", { "data-key": `attention-${i}` });
        button.addEventListener("click", async () => {
          const reply = await play.frame.call({ action: "play_spend", character: play.frame.entry(), die: String(i), tn: choices().tn });
          if (!reply.ok) return play.frame.fail(reply.error);
          const r = reply.result;
          play.lastNote = { where: "attention", lines: [r.line] };
          play.frame.change(r.character, `${r.line}.`, { dice: String(r.die),
            result: r.success === null ? "spent" : r.line.split(" vs ")[1].split(";")[0] });
          showResult(play.frame.sheet, () => play.root.querySelector(`#${id}`));
        });
        return el("li", {}, button);
      })));
  }
  box.append(result);
  return box;
}

/**
 * The stack last taken (from the roll or for another action) and the others its dice allow: it can
 * be changed until anything else happens to the character.
 * @param {SheetPlay} play
 * @param {HTMLElement} box
 * @param {{character: any, sheet: any}} shown the engine's reply: the character and its sheet
 */
function drawPick(play, box, { character, sheet }) {
  const pick = sheet.pick;
  if (!pick) return;
  const choices = /** @type {HTMLSelectElement} */ (box.querySelector("select"));
  const hint = /** @type {HTMLElement} */ (box.querySelector(".srd-field__hint"));
  // (The hint says what the choice is; a refusal shown at the select is read after it.)
  choices.replaceChildren(...pick.stacks.map((/** @type {{line: string}} */ stack, /** @type {number} */ i) => el("option", { value: String(i) }, stack.line)));
  if (pick.chosen === null) choices.prepend(el("option", { value: "" }, pick.line));
  choices.value = pick.chosen === null ? "" : String(pick.chosen);
  choices.disabled = !(pick.open && sheet.acts);
  const from = pick.kind === "roll" ? "From the roll" : "For another action";
  hint.textContent = `${from}: ${choices.disabled ? "it stands, something has happened since" : "change it until anything else happens"}.`;
  choices.addEventListener("change", async () => {
    const reply = await play.frame.call({ action: "play_choose", character, stack: choices.value });
    if (!reply.ok) return play.frame.fail(reply.error);
    const taken = reply.result.sheet.pick;
    play.frame.change(reply.result.character,
      `Stack taken: ${taken.value}; attention pool ${reply.result.character.attention.join(" ") || "empty"}.`);
  });
}

/**
 * Multitasking: another action's pool, its stack taken from the attention pool.
 * @param {SheetPlay} play
 * @param {HTMLElement} box
 * @param {any} entry
 */
function drawOther(play, box, entry) {
  const id = play.root.id;
  // (Its fields share the roll form's request names: a refusal's field is placed under "other.".)
  const attribute = play.remembered(ratingSelect(entry.attributes, [], { id: `${id}-other-attribute`, "data-field": "other.attribute" }));
  const skill = play.remembered(ratingSelect(entry.skills, [["", "no skill"]], { id: `${id}-other-skill`, "data-field": "other.skill" }));
  const modifiers = play.remembered(textInput("", { id: `${id}-other-modifiers`, "data-field": "other.modifiers" }));
  const tn = play.remembered(numberInput("", { id: `${id}-other-tn`, "data-field": "other.tn" }));
  const seed = numberInput("", { id: `${id}-other-seed`, "data-field": "other.seed" });
  const button = el("button", { type: "submit", class: "md-button", id: `${id}-other-go` }, "Take it from the attention pool");
  const result = noteBox(play, "other", `${id}-other-result`);
  const form = el("form", { class: "srd-play__rollform", "aria-label": "Another action" },
    field("Other attribute", attribute), field("Other skill", skill), field("Other modifiers", modifiers),
    field("Other TN", tn, "blank: no TN"), field("Other seed", seed, "blank: new dice, if any are rolled"), button);
  box.append(el("h2", {}, "Another action"),
    el("p", {}, entry.pick ? `Measured against the ${entry.pick.pool} dice rolled for the first action.`
      : "Roll for the first action, then take other actions from its attention pool."), form, result);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const reply = await play.frame.call({ action: "play_multitask", character: play.frame.entry(), attribute: attribute.value,
      skill: skill.value, modifiers: modifiers.value, tn: tn.value, seed: seed.value });
    if (!reply.ok) {
      const where = reply.error.field;
      return play.frame.fail(where && !where.startsWith("character") ? { ...reply.error, field: `other.${where}` } : reply.error);
    }
    play.lastNote = { where: "other", lines: [reply.result.multitask.line] };
    const taken = reply.result.sheet.pick;
    play.frame.change(reply.result.character, `Another action (${reply.result.what}): stack ${taken.value}; `
      + `attention pool ${reply.result.character.attention.join(" ") || "empty"}.`,
    { dice: taken.dice.join(" ") || "none", result: taken.line.split("; attention pool")[0] });
    showResult(play.frame.sheet, () => play.root.querySelector(`#${id}-other-result`));
  });
}

/**
 * Before a roll: the pool and its chances, percentages first, the exact fractions on demand.
 * @param {HTMLElement} box
 * @param {any} reply
 */
function drawOdds(box, reply) {
  const o = reply.odds;
  const words = o ? `success ${o.success.percent}, glitch ${o.glitch.percent} (a success too), failure ${o.failure.percent}`
    : `no TN: the best stack averages ${reply.mean}`;
  box.replaceChildren(
    el("p", { class: "srd-play__chance" }, `Odds of ${reply.what} (${reply.pool_line}): ${words}.`),
    exactFractions(o ? [["Success", o.success.exact], ["Glitch", o.glitch.exact], ["Failure", o.failure.exact]] : []));
}

/**
 * A section's result box: the last note, if it came from this section (`where`), is shown in it.
 * @param {SheetPlay} play
 * @param {any} where
 * @param {string} id
 */
function noteBox(play, where, id) {
  const box = el("div", { class: "srd-play__result", id, "aria-live": "polite" });
  if (play.lastNote && play.lastNote.where === where) {
    box.append(el("div", { class: "srd-play__note" }, ...play.lastNote.lines.map((/** @type {string} */ line) => el("p", {}, line))));
  }
  return box;
}

/**
 * @param {HTMLElement} box
 * @param {any} reply
 */
function drawRollResult(box, reply) {
  const r = reply.roll;
  const fields = new URLSearchParams({ ...reply.fields, seed: String(r.seed) });
  const chapter = new URL(`../?${fields}#ds-roller`, location.href);
  // (The roll's own lines up to its dice: the stack taken is drawn below, as chosen.)
  const lines = r.lines.filter((/** @type {string} */ line) => /^(Doom Stack |Pool: |Rolled: )/.test(line));
  box.replaceChildren(
    el("p", { class: "srd-play__what" }, `${reply.what}: ${reply.pool_line}`),
    ...lines.map((/** @type {string} */ line) => el("p", { class: "srd-play__line" }, line)),
    el("p", {}, el("a", { href: chapter.href }, "Open this roll in the chapter's roller (its exact odds and every stack)")));
}

/**
 * @param {SheetPlay} play
 * @param {HTMLElement} box
 */
function drawAttack(play, box) {
  const id = play.root.id;
  const inputs = {
    attack: numberInput("", { id: `${id}-attack`, "data-field": "attack" }),
    defence: el("select", { id: `${id}-defence`, "data-field": "defence" }, el("option", { value: "" }, "none (0)")),
    body: play.remembered(numberInput("", { id: `${id}-body`, "data-field": "body" })),
    hard: play.remembered(numberInput("", { id: `${id}-hard`, "data-field": "hard" })),
  };
  const cover = play.remembered(el("input", { type: "checkbox", id: `${id}-cover`, "data-field": "cover" }));
  const antitank = play.remembered(el("input", { type: "checkbox", id: `${id}-antitank`, "data-field": "antitank" }));
  const button = el("button", { type: "submit", class: "md-button md-button--primary", id: `${id}-hit` }, "Apply the hit");
  const result = noteBox(play, "attack", `${id}-hit-result`);
  const form = el("form", { class: "srd-play__attackform", "aria-label": "An attack on this character" },
    field("Attacker's stack", inputs.attack),
    field("Defender's stack", inputs.defence, "from the attention pool: its dice leave it (in cover, one pip)"),
    field("Body armour", inputs.body), field("Hard armour", inputs.hard),
    el("div", { class: "srd-play__checks" },
      el("label", { for: cover.id }, cover, " In cover"), el("label", { for: antitank.id }, antitank, " Antitank attack")),
    button);
  box.append(el("h2", {}, "Take a hit"), form, result);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const fields = Object.fromEntries(Object.entries(inputs).map(([name, input]) => [name, input.value]));
    fields.cover = cover.checked ? "on" : "";
    fields.antitank = antitank.checked ? "on" : "";
    const reply = await play.frame.call({ action: "play_attack", character: play.frame.entry(), fields });
    if (!reply.ok) return play.frame.fail(reply.error);
    const report = reply.result.attack;
    play.lastNote = { where: "attack", lines: reply.result.lines };
    play.frame.change(reply.result.character,
      `Hit: ${report.physical} physical, ${report.stun} stun; now ${reply.result.sheet.track.state}.`,
      { result: `${report.physical} physical, ${report.stun} stun` });
    showResult(play.frame.sheet, () => play.root.querySelector(`#${id}-hit-result`));
  });
  return inputs.defence;
}

export const WIDGETS = { sheet: attachSheet };

