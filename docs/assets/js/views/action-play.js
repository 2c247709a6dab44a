// @ts-check
// Action! at the table: a scene kept on this device (play-kit.js) with its characters and
// mook groups, the Sequence's Initiative and Shots, a roll from a character's sheet with its
// exact odds, a hit written onto its target (with the Shock and Dark Times rolls it calls for),
// and what ends each state: waking, shaking off Shaken, stabilising. Every number on it comes
// from the engine (rules_engine/action/play.py): the Shot Count, Initiative, the acting order and
// the cards, what each action costs, impairment, shock and wounds, down, dying, Shaken, the odds
// and the rolls, the mooks that go down. This module only draws the scene and sends what was edited.

import {
  exactFractions, field, keepRoom, numberInput, playFrame, select, setChance, tapBoxes, tapButton, tapResult, textInput,
} from "../kit/play-kit.js";
import { el, rollMeta } from "../kit/widget-kit.js";
import { rememberChoices, showResult } from "../kit/play-focus.js";

const SYSTEM = "action";

/**
 * What the engine's replies and the scene hold, where this view reads into them.
 * @typedef {import("../kit/widget-kit.js").Reply} Reply the engine's reply
 * @typedef {{kind: string, name: string} & Record<string, any>} Combatant a character or a mook group of the scene
 * @typedef {{word: string, name: string, effect: string}} Rule an optional rule
 * @typedef {{degree: string, percent: string, ratio: string}} Degree a roll's chance of one degree
 */
/** @type {Record<string, string>} */
const ACT_NAMES = {
  action: "An Action (with a roll)", quiet: "An Action with no roll", rest: "Rest this Sequence",
  "active-defence": "Active Defense", "raise-initiative": "+5 Initiative", "out-of-sequence": "An Action out of Sequence",
};
/** @type {Record<string, string>} */
const MODES = { shots: "From the Shot pool", cards: "Initiative cards" };
// The scene's keys in the reader's words, for a refusal with no control to show it at (a file's, a link's).
const LABELS = {
  name: "Name", threshold: "Wound Threshold", rules: "Optional damage rules", initiative: "Initiative",
  sequence: "Sequence", stack: "Initiative cards", out: "Out of action", combatants: "Combatant",
  attributes: "Attributes", skills: "Skills", health: "Health", toughness: "Toughness", shock: "Shock",
  wounds: "Wounds", shots: "Shots in the pool", modifier: "Initiative modifiers", acted: "This Sequence's Action",
  rolled: "Rolled this Sequence", spent: "Spent Shots this Sequence", shaken: "Shaken", out_margin: "Shock roll margin",
  wake_due: "Wake-up roll due", life: "Life", kind: "Kind", mook: "Kind of mooks", members: "Members", left: "Standing",
  log: "Log",
};
// The most boxes drawn for one track (a Health of 999 is typed, not tapped).
const MOST_BOXES = 60;

/**
 * A number as typed ("12" → 12, "-2" → -2); anything else goes to the engine as typed, to be
 * refused there.
 * @param {string} text
 */
function numberOf(text) {
  const value = String(text).trim().replace("\u2212", "-");
  return /^-?\d{1,6}$/.test(value) ? Number(value) : value;
}

/**
 * "Agility 3, Wits 2" → {Agility: 3, Wits: 2}; a part without a number keeps its text, for the
 * engine to refuse with the name.
 * @param {string} text
 */
function ratingsOf(text) {
  /** @type {Record<string, number | string>} */
  const ratings = {};
  for (const part of text.split(",")) {
    const found = part.trim().match(/^(.*?)\s*(-?\d+)$/);
    if (found && found[1]) ratings[found[1]] = Number(found[2]);
    else if (part.trim()) ratings[part.trim()] = "";
  }
  return ratings;
}

/**
 * @param {any} ratings
 */
function ratingsText(ratings) {
  return Object.entries(ratings).map(([name, value]) => `${name} ${value}`).join(", ");
}

/**
 * @param {any} count
 */
function shots(count) {
  return `${count} Shot${count === 1 ? "" : "s"}`;
}

/**
 * What a combatant has done this Sequence, for its line ("" for nothing yet).
 * @param {any} c
 */
function actedWords(c) {
  if (!c.acted) return "";
  return c.acted === "rest" ? " · has rested" : " · has acted";
}

/**
 * A roll's or a hit's lines, and what its seed, permalink and Share show (rollMeta's arguments).
 * @typedef {{key: string, lines: string[], meta: Parameters<typeof rollMeta> | null}} Note
 */

/**
 * What one scene's tool keeps between its draws.
 * @typedef {{root: HTMLElement, frame: any, lastNote: Note | null, known: {key: string, sheet: any}, drawn: number,
 *   picked: Record<string, string>, lastOdds: Node[], remembered: any, lastTap: any, askedChances: number}} ScenePlay
 * `lastNote` ({key, lines}): the last roll's or hit's lines, shown beside the scene they left;
 * `known`: the engine's sheet of the scene last changed; `drawn`: the latest draw (an answer for
 * an older one is dropped); `picked`: the combatants (and the way of recovering) picked in the
 * panels, kept across a redraw; `lastOdds`: the odds shown last, kept on screen until the new ones
 * come (no jump); `remembered`: the roll form's choices, kept after a roll; `lastTap` ({key, index,
 * lines}): the last tap's result, shown under that combatant's taps; `askedChances`: the latest
 * request for the taps' chances.
 */

/**
 * The scene tool in `root`: the frame, drawing each scene as the engine answers.
 * @param {HTMLElement} root
 */
function attachScene(root) {
  /** @type {ScenePlay} */
  const play = {
    root, frame: null, lastNote: null, known: { key: "", sheet: null }, drawn: 0,
    picked: { who: "0", roller: "0", target: "0", recover: "0", how: "0" }, lastOdds: [],
    remembered: rememberChoices(), lastTap: null, askedChances: 0,
  };
  play.frame = playFrame(root, {
    system: SYSTEM, noun: "scene", nouns: "scenes", labels: LABELS,
    draw: (entry, shown) => draw(play, entry, shown),
  });
  root.addEventListener("srd-play-reset", () => { play.lastNote = null; play.lastTap = null; });
}

// The place a control's refusal is shown at: `scene.combatants[0].health` for a field of the scene.
/** @type {(i: number, key: string) => string} */
const at = (i, key) => `scene.combatants[${i}].${key}`;

/**
 * A refusal of something asked for in a part of the sheet (a form, a combatant's taps: its
 * data-field is `place`): a field of the request at that field of the part, the scene's state at
 * the part itself, in the part's name and the engine's words.
 * @param {ScenePlay} play
 * @param {string} place
 * @param {any} error
 */
function failIn(play, place, error) {
  const path = error.field || "";
  if (path && !path.startsWith("scene")) return play.frame.fail({ ...error, field: `${place}.${path}` });
  play.frame.fail({ message: `${place}: ${stateWords(error)}`, field: place });
  showResult(play.frame.sheet, () => play.root.querySelector(`#${play.root.id}-refusal`));
}

/**
 * A refusal of the scene's state in the engine's words, the path it opens with left out (the words
 * name the combatant).
 * @param {any} error
 */
function stateWords(error) {
  const path = error.field || "";
  return path && error.message.startsWith(`${path}: `) ? error.message.slice(path.length + 2) : error.message;
}

/**
 * The scene as the page's fields hold it now.
 * @param {ScenePlay} play
 * @param {HTMLFormElement} form
 */
function sceneOf(play, form) {
  const entry = play.frame.entry();
  // A field by its data-part (an input or a select: read by its value).
  /** @type {(node: ParentNode, name: string) => HTMLInputElement | HTMLSelectElement} */
  const part = (node, name) => /** @type {HTMLInputElement | HTMLSelectElement} */ (node.querySelector(`[data-part=${name}]`));
  return {
    ...entry,
    name: part(form, "scene-name").value,
    threshold: numberOf(part(form, "threshold").value),
    initiative: part(form, "initiative").value,
    rules: [.../** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll("[data-part=rule]:checked"))].map((box) => box.value),
    combatants: entry.combatants.map((/** @type {Combatant} */ c, /** @type {number} */ i) => {
      const row = /** @type {Element} */ (form.querySelector(`[data-index="${i}"]`));
      if (c.kind === "mooks") {
        return { ...c, name: part(row, "name").value, mook: part(row, "mook").value,
          members: numberOf(part(row, "members").value), left: numberOf(part(row, "left").value) };
      }
      return { ...c, name: part(row, "name").value, attributes: ratingsOf(part(row, "attributes").value),
        skills: ratingsOf(part(row, "skills").value), health: numberOf(part(row, "health").value),
        toughness: numberOf(part(row, "toughness").value), shock: numberOf(part(row, "shock").value),
        wounds: numberOf(part(row, "wounds").value), shots: numberOf(part(row, "shots").value),
        modifier: numberOf(part(row, "modifier").value) };
    }),
  };
}

/**
 * @param {ScenePlay} play
 * @param {HTMLFormElement} form
 */
async function edited(play, form) {
  const reply = await play.frame.call({ action: "play_sheet", scene: sceneOf(play, form) });
  if (!reply.ok) return play.frame.fail(reply.error);
  change(play, reply.result, `Saved ${reply.result.scene.name}.`);
}

/**
 * A change the engine answered: its sheet is kept to draw the scene at once (the field that had the
 * focus keeps it, play-focus.js), and its lines, if any, are brought into sight. A roll's record
 * (dice, result, chance) goes into the log with it.
 * @param {ScenePlay} play
 * @param {any} result
 * @param {any} words
 * @param {any} [lines]
 * @param {any} [meta]
 */
function change(play, result, words, lines = null, meta = null) {
  play.known = { key: sceneKey(result.scene), sheet: result.sheet };
  play.lastNote = lines ? { key: play.known.key, lines, meta } : null;
  play.lastTap = null;
  play.frame.change(result.scene, words, result.record || null);
  if (lines) showResult(play.frame.sheet, () => play.root.querySelector(`#${play.root.id}-note`));
}

/**
 * Ask the engine for a change made in the part of the sheet `place` names (its refusal shown
 * there).
 * @param {ScenePlay} play
 * @param {string} place
 * @param {object} request
 * @param {(result: any) => string} words
 * @param {(result: any) => string[] | null} [lines]
 */
async function changeBy(play, place, request, words, lines = () => null) {
  const reply = await play.frame.call({ scene: play.frame.entry(), ...request });
  if (!reply.ok) {
    failIn(play, place, reply.error);
    return null;
  }
  change(play, reply.result, words(reply.result), lines(reply.result));
  return reply.result;
}

/**
 * A tap's change: drawn at once, its result under combatant `index`'s taps, brought into sight.
 * @param {ScenePlay} play
 * @param {number} index
 * @param {object} request
 * @param {(result: any) => string[]} lines
 */
async function tapped(play, index, request, lines) {
  const reply = await play.frame.call({ scene: play.frame.entry(), index, ...request });
  if (!reply.ok) return failIn(play, `tap-${index}`, reply.error);
  const r = reply.result;
  play.known = { key: sceneKey(r.scene), sheet: r.sheet };
  play.lastNote = null;
  play.lastTap = { key: play.known.key, index, lines: lines(r) };
  play.frame.change(r.scene, r.line, r.record || null);
  showResult(play.frame.sheet, () => play.root.querySelector(`#${play.root.id}-c${index}-tap`));
}

/**
 * The scene into its own part of the sheet (the frame puts the log after it).
 * @param {ScenePlay} play
 * @param {any} entry
 * @param {{sheet: HTMLElement}} shown
 */
function draw(play, entry, { sheet }) {
  const token = ++play.drawn;
  const key = sceneKey(entry);
  const view = el("div", { class: "srd-action-play__view srd-play__wide" });
  sheet.append(view);
  /** @param {any} facts the engine's sheet of the scene */
  const show = (facts) => {
    if (token !== play.drawn) return;
    view.replaceChildren(...drawScene(play, entry, facts));
    showChances(play, entry);
  };
  if (play.known.key === key) show(play.known.sheet);
  else {
    view.append(el("p", { class: "srd-play__empty" }, "Reading the scene…"));
    play.frame.call({ action: "play_sheet", scene: entry }).then((/** @type {Reply} */ reply) => {
      if (!reply.ok) return play.frame.fail(reply.error);
      play.known = { key, sheet: reply.result.sheet };
      show(reply.result.sheet);
    });
  }
}

/**
 * What tells one scene from another, its log left out (the frame adds the log to what the engine
 * gave back).
 * @param {any} entry
 */
function sceneKey(entry) {
  const scene = { ...entry };
  delete scene.log;
  return JSON.stringify(scene);
}

/**
 * The roll form's choices the taps roll with (Defense 5, the source's normal one, until changed).
 * @param {ScenePlay} play
 */
function rollChoices(play) {
  /** @type {(name: string) => HTMLInputElement | null} */
  const input = (name) => play.root.querySelector(`#${play.root.id}-${name}`);
  /** @type {(name: string, blank: string) => string} */
  const value = (name, blank) => input(name)?.value ?? blank;
  return { modifiers: value("modifiers", ""), defence: value("defence", "5"), defence_ev: value("defence-ev", ""),
    active: Boolean(input("active")?.checked) };
}

/**
 * Each trait's chance on its tap, as the engine gives it for the roll form's choices now.
 * @param {ScenePlay} play
 * @param {any} entry
 */
async function showChances(play, entry) {
  const mine = ++play.askedChances;
  const reply = await play.frame.call({ action: "play_taps", scene: entry, ...rollChoices(play) });
  if (mine !== play.askedChances) return;
  if (!reply.ok) return failIn(play, "roll", reply.error);
  reply.result.combatants.forEach((/** @type {any} */ c, /** @type {number} */ i) => {
    for (const trait of c.traits) {
      /** @type {HTMLButtonElement | null} */
      const button = play.root.querySelector(`[data-key="${play.root.id}-c${i}-tap-${trait.kind}-${CSS.escape(trait.name)}"]`);
      if (!button) continue;
      button.disabled = Boolean(c.unable);
      setChance(button, c.unable || `success ${trait.success.percent.replace("%", " %")}`);
      button.dataset.chance = trait.success.ratio;
    }
  });
}

/**
 * @param {ScenePlay} play
 * @param {any} entry
 * @param {any} facts
 */
function drawScene(play, entry, facts) {
  const id = play.root.id;
  const form = el("form", { class: "srd-play__columns srd-play__wide srd-action-play__scene", "aria-label": `The scene ${entry.name}` });
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("change", (event) => {
    if (/** @type {Element} */ (event.target).closest("[data-part]")) edited(play, form);
  });
  const rules = facts.rules.map((/** @type {Rule} */ rule) => {
    const box = el("input", { type: "checkbox", value: rule.word, "data-part": "rule", id: `${id}-rule-${rule.word}` });
    box.checked = entry.rules.includes(rule.word);
    return el("label", { for: box.id, title: rule.effect }, box, ` ${rule.name}`);
  });
  const inForce = facts.rules.filter((/** @type {Rule} */ rule) => entry.rules.includes(rule.word)).map((/** @type {Rule} */ rule) => rule.name);
  form.append(
    el("div", { class: "srd-play__fields srd-play__fields--wide srd-play__wide" },
      field("Scene", textInput(entry.name, { "data-part": "scene-name", id: `${id}-name`, "data-field": "scene.name" })),
      field("Wound Threshold", numberInput(entry.threshold,
        { "data-part": "threshold", id: `${id}-threshold`, "data-field": "scene.threshold" })),
      field("Initiative", select(MODES, entry.initiative,
        { "data-part": "initiative", id: `${id}-initiative`, "data-field": "scene.initiative" }))),
    el("fieldset", { class: "srd-play__wide srd-action-play__rules", "data-field": "scene.rules" },
      el("legend", {}, "Optional damage rules in force"),
      el("div", { class: "srd-play__checks" }, ...rules)),
    el("p", { class: "srd-play__print srd-play__wide" }, el("strong", {}, entry.name),
      ` · Sequence ${entry.sequence} · Wound Threshold ${entry.threshold} · Initiative ${MODES[entry.initiative].toLowerCase()}`
      + ` · rules: ${inForce.join(", ") || "none"}`),
  );
  const list = el("ol", { class: "srd-play__items srd-play__wide srd-action-play__combatants", "aria-label": "Combatants" },
    ...entry.combatants.map((/** @type {Combatant} */ c, /** @type {number} */ i) => drawCombatant(play, c, i, facts.combatants[i], facts)));
  const adds = el("div", { class: "srd-play__wide srd-play__actions", "data-field": "add", role: "group",
    "aria-label": "Add to the scene" },
    addButton(play, "character", "Add a character"), addButton(play, "mooks", "Add a mook group"));
  form.append(list, adds);
  const blocks = [drawSequence(play, entry, facts), form, drawRoll(play, entry), drawDamage(play, entry, facts), drawRecover(play, entry, facts)];
  // (Room for a roll's lines, its seed and Share: 9.5 rem in a wide column, 12.8 at 360 px,
  // measured in Chromium.)
  const note = keepRoom(el("div", { class: "srd-play__result srd-play__wide srd-action-play__note", id: `${play.root.id}-note`,
    "aria-live": "polite" }), 10, 13.5);
  if (play.lastNote && play.lastNote.key === sceneKey(entry)) {
    note.append(...play.lastNote.lines.map((line) => el("p", { class: "srd-play__line" }, line)));
    if (play.lastNote.meta) note.append(rollMeta(...play.lastNote.meta));
  }
  blocks.splice(1, 0, note);
  return blocks;
}

/**
 * @param {ScenePlay} play
 * @param {string} kind
 * @param {any} words
 */
function addButton(play, kind, words) {
  const button = el("button", { type: "button", class: "md-button srd-play__add", id: `${play.root.id}-add-${kind}` }, words);
  button.addEventListener("click", () => changeBy(play, "add", { action: "play_add", kind },
    (result) => `Added ${result.scene.combatants.at(-1).name}.`));
  return button;
}

/**
 * @param {ScenePlay} play
 * @param {any} c
 * @param {number} i
 * @param {any} fact
 * @param {any} facts
 */
function drawCombatant(play, c, i, fact, facts) {
  const id = `${play.root.id}-c${i}`;
  const remove = el("button", { type: "button", class: "md-button srd-play__remove", id: `${id}-remove`,
    "aria-label": `Remove ${c.name}` }, "×");
  remove.addEventListener("click", async () => {
    await changeBy(play, "add", { action: "play_remove", index: i }, () => `${c.name} taken out of the scene. Undo brings them back.`);
    document.getElementById(`${play.root.id}-add-character`)?.focus();
  });
  // A field of this combatant: its key names the part, the id and the engine's path.
  /** @type {(make: (value: any, attrs: Record<string, any>) => HTMLElement, value: any, key: string, attrs?: Record<string, any>) => HTMLElement} */
  const input = (make, value, key, attrs = {}) => make(value, { "data-part": key, id: `${id}-${key}`,
    "data-field": at(i, key), ...attrs });
  const state = el("p", { class: "srd-play__item-state srd-action-play__state" });
  let fields;
  let print;
  if (c.kind === "mooks") {
    state.textContent = `${fact.name} · ${fact.left} of ${c.members} standing`
      + `${fact.shaken ? ` · ${fact.shaken} Shaken` : ""}${fact.down ? " · wiped out" : ""}${c.acted ? " · has acted" : ""}`;
    fields = el("div", { class: "srd-play__fields" },
      field("Name", input(textInput, c.name, "name")),
      field("Kind", input((value, attrs) => select(facts.mook_kinds, value, attrs), c.mook, "mook")),
      field("Members", input(numberInput, c.members, "members")),
      field("Standing", input(numberInput, c.left, "left")));
    print = `${fact.name} · ${fact.left} of ${c.members} standing${fact.shaken ? `, ${fact.shaken} Shaken` : ""}`;
  } else {
    state.textContent = `${fact.state} · Shot Count ${fact.shot_count}, ${shots(c.shots)} in the pool · `
      + `Initiative ${fact.initiative} · impairment ${fact.impairment}`
      + ` · ${fact.shock_to_go} shock and ${fact.wounds_to_go} wounds to go${actedWords(c)}`
      + (fact.stabilise !== null ? ` · stabilising at ${fact.stabilise}` : "");
    fields = el("div", {},
      el("div", { class: "srd-play__fields srd-play__fields--wide" },
        field("Name", input(textInput, c.name, "name")),
        field("Attributes", input(textInput, ratingsText(c.attributes), "attributes"), "e.g. Agility 3, Wits 3, Luck 3"),
        field("Skills", input(textInput, ratingsText(c.skills), "skills"), "e.g. Guns 5, Dodge 4")),
      el("div", { class: "srd-play__fields" },
        field("Health", input(numberInput, c.health, "health")),
        field("Toughness", input(numberInput, c.toughness, "toughness")),
        field("Shock", input(numberInput, c.shock, "shock")),
        field("Wounds", input(numberInput, c.wounds, "wounds")),
        field("Shots in the pool", input(numberInput, c.shots, "shots")),
        field("Initiative modifiers", input(numberInput, c.modifier, "modifier"))));
    print = `${ratingsText(c.attributes)} · skills: ${ratingsText(c.skills) || "none"} · Health ${c.health}, `
      + `Toughness ${c.toughness} · shock ${c.shock}, wounds ${c.wounds} · ${shots(c.shots)} of ${fact.shot_count}`
      + ` · ${fact.state}`;
  }
  const item = el("li", { class: "srd-play__item srd-action-play__combatant", "data-index": String(i), "aria-label": c.name },
    el("div", { class: "srd-play__item-head" }, el("strong", {}, c.name), remove), state,
    el("p", { class: "srd-play__print" }, print), drawTaps(play, c, i, fact), drawTapped(play, c, i), fields);
  item.classList.toggle("srd-play__item--out", fact.down);
  item.classList.toggle("srd-action-play__combatant--mooks", c.kind === "mooks");
  return item;
}

/**
 * A combatant's taps: each trait rolled with one tap (its chance filled in by showChances), and the
 * boxes a tap marks: shock, wounds and the Shots in the pool, or the mooks down.
 * @param {ScenePlay} play
 * @param {any} c
 * @param {number} i
 * @param {any} fact
 */
function drawTaps(play, c, i, fact) {
  const id = `${play.root.id}-c${i}`;
  const group = el("div", { class: "srd-action-play__taps", role: "group", "aria-label": c.name, "data-field": `tap-${i}` });
  /** @type {(label: string, track: string, count: number, marked: number, mark: string, words: (n: number) => string) => HTMLElement} */
  const boxes = (label, track, count, marked, mark, words) => tapBoxes(label,
    Array.from({ length: Math.min(count, MOST_BOXES) }, (_, k) => ({ mark: k < marked ? mark : "", pressed: k < marked,
      words: words(k + 1) })),
    (k) => tapped(play, i, { action: "play_mark", track, box: k + 1 }, (r) => [r.line]), { "data-key": `${id}-${track}` });
  if (c.kind === "mooks") {
    group.append(el("p", { class: "srd-action-play__tap-title" }, "Tap a mook to put them down"),
      boxes("Mooks down", "down", c.members, c.members - c.left, "X", (n) => `Mook ${n}`));
    return group;
  }
  const traits = [...Object.entries(c.attributes).map(([name, value]) => ["attribute", name, value]),
    ...Object.entries(c.skills).map(([name, value]) => ["skill", name, value])];
  const buttons = traits.map(([kind, name, value]) => {
    const button = tapButton(`${name} ${value}`, "", { "data-key": `${id}-tap-${kind}-${name}` });
    button.addEventListener("click", () => tapRoll(play, i, kind, name));
    return button;
  });
  group.append(
    el("p", { class: "srd-action-play__tap-title" }, "Tap to roll (against the Defense in “Roll from a sheet”)"),
    el("div", { class: "srd-action-play__traits" }, ...buttons),
    el("p", { class: "srd-action-play__tap-title" }, `Shock (Health ${c.health})`),
    boxes("Shock boxes", "shock", Math.max(c.health, c.shock + 1), c.shock, "/", (n) => `Shock ${n}`),
    el("p", { class: "srd-action-play__tap-title" }, `Wounds (Toughness ${c.toughness})`),
    boxes("Wound boxes", "wounds", Math.max(c.toughness, c.wounds + 1), c.wounds, "X", (n) => `Wound ${n}`),
    el("p", { class: "srd-action-play__tap-title" }, `Shots in the pool (Shot Count ${fact.shot_count}): tap one lost`),
    boxes("Shot boxes", "shots", Math.max(fact.shot_count, c.shots), c.shots, "●", (n) => `Shot ${n}`));
  return group;
}

/**
 * Where combatant `i`'s last tap says what it did (its room kept: a roll's three lines, or a mark's
 * one).
 * @param {ScenePlay} play
 * @param {any} c
 * @param {number} i
 */
function drawTapped(play, c, i) {
  const region = c.kind === "mooks" ? tapResult(`${play.root.id}-c${i}-tap`, 2, 3) : tapResult(`${play.root.id}-c${i}-tap`, 4.5, 7.5);
  if (play.lastTap && play.lastTap.index === i && play.lastTap.key === sceneKey(play.frame.entry())) {
    region.append(...play.lastTap.lines.map((/** @type {string} */ line) => el("p", { class: "srd-play__line" }, line)));
  }
  return region;
}

/**
 * A trait rolled with one tap, with the roll form's choices (and its seed, if one is typed).
 * @param {ScenePlay} play
 * @param {number} i
 * @param {string} kind
 * @param {string} name
 */
function tapRoll(play, i, kind, name) {
  tapped(play, i, { action: "play_roll", skill: kind === "skill" ? name : "", attribute: kind === "attribute" ? name : "",
    ...rollChoices(play), seed: /** @type {HTMLInputElement | null} */ (play.root.querySelector(`#${play.root.id}-seed`))?.value ?? "" },
  (r) => [r.line, `Dice: ${r.record.dice}`, `Chance: ${r.record.chance}`]);
}

/**
 * @param {ScenePlay} play
 * @param {any} entry
 * @param {any} facts
 */
function drawSequence(play, entry, facts) {
  const id = play.root.id;
  const names = entry.combatants.map((/** @type {Combatant} */ c) => c.name);
  const box = el("section", { class: "srd-play__wide srd-action-play__sequence", "aria-labelledby": `${id}-sequence`,
    "data-field": "sequence", "aria-label": "The Sequence" },
    el("h2", { id: `${id}-sequence` }, entry.sequence ? `Sequence ${entry.sequence}` : "No Sequence yet"));
  const order = el("ol", { class: "srd-action-play__order", "aria-label": "Acting order" });
  if (entry.initiative === "cards" && entry.sequence) {
    entry.stack.forEach((/** @type {string} */ card, /** @type {number} */ place) => {
      if (typeof card === "string") {
        const up = el("button", { type: "button", class: "md-button", id: `${id}-padding` }, `${card} comes up`);
        up.disabled = place !== 0;
        up.addEventListener("click", () => changeBy(play, "sequence", { action: "play_padding", card }, (result) => result.line));
        order.append(el("li", {}, `${card} (padding card) `, place === 0 ? up : ""));
      } else order.append(el("li", {}, names[card]));
    });
    if (entry.out.length) box.append(el("p", {}, `Out of action: ${entry.out.map((/** @type {number} */ i) => names[i]).join(", ")}`));
  } else {
    for (const i of facts.order) {
      const c = entry.combatants[i];
      const words = c.kind === "mooks" ? `${c.name} (mooks, last)` : `${c.name}: Initiative ${facts.combatants[i].initiative}, ${shots(c.shots)}`;
      order.append(el("li", {}, words + (c.acted ? (c.acted === "rest" ? " · rested" : " · acted") : "")));
    }
  }
  const begin = el("button", { type: "button", class: "md-button md-button--primary", id: `${id}-begin` },
    `Begin Sequence ${entry.sequence + 1}`);
  const padding = el("input", { type: "checkbox", id: `${id}-padding-cards` });
  begin.addEventListener("click", () => changeBy(play, "sequence", { action: "play_sequence", padding: padding.checked },
    (result) => result.line));
  const who = select(entry.combatants.map((/** @type {Combatant} */ c, /** @type {number} */ i) => [String(i), c.name]), play.picked.who, { id: `${id}-actor` });
  who.addEventListener("change", () => { play.picked.who = who.value; });
  const act = select(Object.entries(facts.acts).map(([word, fact]) => [word, `${ACT_NAMES[word]}: ${shots(fact.shots)}`]),
    undefined, { id: `${id}-act` });
  const does = el("p", { class: "srd-field__hint", id: `${id}-act-does` }, facts.acts[act.value].does);
  act.setAttribute("aria-describedby", does.id);
  act.addEventListener("change", () => { does.textContent = facts.acts[act.value].does; });
  const go = el("button", { type: "submit", class: "md-button md-button--primary", id: `${id}-go` }, "Take the action");
  const actForm = el("form", { class: "srd-play__fields srd-play__fields--wide", "aria-label": "Take an action",
    "data-field": "act" },
    field("Who", who), el("div", { class: "srd-field" }, el("label", { for: act.id }, "Action"), act, does), go);
  actForm.addEventListener("submit", (event) => {
    event.preventDefault();
    changeBy(play, "act", { action: "play_act", index: Number(who.value), act: act.value }, (result) => result.line);
  });
  const controls = el("div", { class: "srd-play__actions" }, begin);
  if (entry.initiative === "cards" && entry.sequence === 0) {
    controls.append(el("label", { for: padding.id, class: "srd-action-play__check" }, padding, " Add the padding cards (d10, Setback, Random Event)"));
  }
  box.append(order, controls);
  if (entry.sequence && entry.combatants.length) box.append(el("div", { class: "srd-play__actions" }, actForm));
  return box;
}

/**
 * @param {ScenePlay} play
 * @param {any} entry
 */
function drawRoll(play, entry) {
  const id = play.root.id;
  const box = el("section", { class: "srd-play__actions srd-action-play__roll", "aria-labelledby": `${id}-roll-title` });
  fillRoll(play, box, entry);
  return box;
}

/**
 * The roll panel for the character picked (drawn anew when another is picked: its skills).
 * @param {ScenePlay} play
 * @param {HTMLElement} box
 * @param {any} entry
 */
function fillRoll(play, box, entry) {
  const id = play.root.id;
  box.replaceChildren(el("h2", { id: `${id}-roll-title` }, "Roll from a sheet"));
  /** @type {[number, Combatant][]} */
  const numbered = entry.combatants.map((/** @type {Combatant} */ c, /** @type {number} */ i) => [i, c]);
  const characters = numbered.filter(([, c]) => c.kind === "character");
  if (!characters.length) return box.append(el("p", {}, "No character in the scene."));
  if (!characters.some(([i]) => String(i) === play.picked.roller)) play.picked.roller = String(characters[0][0]);
  const c = entry.combatants[Number(play.picked.roller)];
  const who = select(characters.map(([i, ch]) => [String(i), ch.name]), play.picked.roller, { id: `${id}-roller` });
  const skill = play.remembered(select([["", "no skill"], ...Object.entries(c.skills).map(([n, v]) => [n, `${n} ${v}`])], undefined,
    { id: `${id}-skill` }));
  const attribute = play.remembered(select([["", "no attribute"], ...Object.entries(c.attributes).map(([n, v]) => [n, `${n} ${v}`])],
    undefined, { id: `${id}-attribute` }));
  const inputs = {
    modifiers: play.remembered(numberInput("", { id: `${id}-modifiers`, "data-field": "roll.modifiers" })),
    defence: play.remembered(numberInput("5", { id: `${id}-defence`, "data-field": "roll.defence" })),
    defence_ev: play.remembered(numberInput("", { id: `${id}-defence-ev`, "data-field": "roll.defence_ev" })),
    seed: numberInput("", { id: `${id}-seed`, "data-field": "roll.seed" }),
  };
  const active = play.remembered(el("input", { type: "checkbox", id: `${id}-active` }));
  // (Room for the chance, the degrees' table and the fractions' summary: 16.2 rem, measured in
  // Chromium, and a line for the summary.)
  const odds = keepRoom(el("div", { class: "srd-play__odds srd-action-play__odds", "aria-live": "polite", "aria-busy": "true" },
    ...play.lastOdds.map((node) => node.cloneNode(true))), 18.5);
  const button = el("button", { type: "submit", class: "md-button md-button--primary", id: `${id}-roll` }, "Roll");
  const form = el("form", { class: "srd-play__rollform", "aria-label": "Roll from a sheet", "data-field": "roll" },
    field("Who rolls", who), field("Skill", skill), field("Attribute (EV)", attribute),
    field("Modifiers", inputs.modifiers, "blank: none; impairment is added"),
    field("Defense", inputs.defence), field("Their attribute (EV)", inputs.defence_ev, "blank: 0"),
    el("div", { class: "srd-play__checks" }, el("label", { for: active.id }, active, " Active Defense (+5)")),
    field("Seed", inputs.seed, "blank: a new roll (the taps roll with it too)"), button);
  box.append(form, odds);
  const request = () => ({ scene: play.frame.entry(), index: Number(who.value), skill: skill.value, attribute: attribute.value,
    modifiers: inputs.modifiers.value, defence: inputs.defence.value, defence_ev: inputs.defence_ev.value,
    active: active.checked });
  let asked = 0;
  async function showOdds() {
    const mine = ++asked;
    const reply = await play.frame.call({ action: "play_odds", ...request() });
    if (mine !== asked) return;
    odds.removeAttribute("aria-busy");
    if (!reply.ok) {
      const field = reply.error.field || "";
      // The roll asked for is refused at its field; a roller who cannot roll now is said here.
      if (field && !field.startsWith("scene")) {
        odds.replaceChildren(el("p", {}, "No odds until the roll is one the sheet can make."));
        return failIn(play, "roll", reply.error);
      }
      play.frame.clear(box);
      return odds.replaceChildren(el("p", {}, `No odds: ${stateWords(reply.error)}.`));
    }
    play.frame.clear(box);
    play.lastOdds = oddsNodes(reply.result);
    odds.replaceChildren(...play.lastOdds);
  }
  who.addEventListener("change", () => {
    play.picked.roller = who.value;
    fillRoll(play, box, play.frame.entry());
    document.getElementById(`${id}-roller`)?.focus();
  });
  form.addEventListener("change", (event) => {
    if (event.target === who) return;
    showOdds();
    showChances(play, play.frame.entry());
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    rollFromSheet(play, request(), inputs.seed.value);
  });
  showOdds();
}

/**
 * A roll's odds as the panel shows them: percentages first; the exact fractions on demand, under the table.
 * @param {any} o the engine's odds (play_odds)
 * @returns {Node[]}
 */
function oddsNodes(o) {
  const rows = o.degrees.map((/** @type {Degree} */ d) => el("tr", {}, el("th", { scope: "row" }, d.degree), el("td", {}, d.percent)));
  return [
    el("p", { class: "srd-action-play__chance" }, `${o.what}: `, el("code", {}, o.notation), ` · Success or better ${o.success.percent}`),
    el("div", { class: "srd-table-wrap", tabindex: "0", role: "region", "aria-label": "Each degree's exact chance" },
      el("table", { class: "srd-table" }, el("caption", {}, "Each degree: its exact chance"), el("tbody", {}, ...rows))),
    exactFractions([["Success or better", o.success.ratio], ...o.degrees.map((/** @type {Degree} */ d) => [d.degree, d.ratio])])];
}

/**
 * The roll panel's Roll: the roll written into the scene with its lines, its seed, the permalink
 * that rolls the same dice in the chapter's roller, and Share.
 * @param {ScenePlay} play
 * @param {object} request the panel's choices
 * @param {string} seed
 */
async function rollFromSheet(play, request, seed) {
  const reply = await play.frame.call({ action: "play_roll", ...request, seed });
  if (!reply.ok) return failIn(play, "roll", reply.error);
  const r = reply.result;
  const href = new URL(`../?${new URLSearchParams({ ...r.fields, seed: String(r.roll.seed) })}#ac-roller`, location.href).href;
  change(play, r, r.line, [r.line, ...r.roll.lines.slice(1)], [r.roll.seed, href, "roll", r.share.text]);
}

/**
 * A panel of the scene acting on one combatant: its section (`className`), titled, and, when the
 * scene has combatants, the drop-down of them, the one last picked (`play.picked[picked]`) chosen.
 * @param {ScenePlay} play
 * @param {any} entry
 * @param {{className: string, part: string, title: string, picked: string, pickId: string}} panel
 * @returns {{box: HTMLElement, pick: HTMLSelectElement | null}}
 */
function combatantPanel(play, entry, { className, part, title, picked, pickId }) {
  const id = play.root.id;
  const box = el("section", { class: className, "aria-labelledby": `${id}-${part}-title` },
    el("h2", { id: `${id}-${part}-title` }, title));
  if (!entry.combatants.length) return { box, pick: null };
  if (!entry.combatants[Number(play.picked[picked])]) play.picked[picked] = "0";
  const pick = select(entry.combatants.map((/** @type {Combatant} */ c, /** @type {number} */ i) => [String(i), c.name]), play.picked[picked], { id: `${id}-${pickId}` });
  return { box, pick };
}

/**
 * The Willpower + Focus a roll the rules call for is made of: blank takes the sheet's (its hint
 * says how much).
 * @param {any} facts
 * @param {number} index
 */
function nerveHint(facts, index) {
  const fact = facts.combatants[index];
  return fact && fact.kind === "character" ? `blank: the sheet's, ${fact.nerve}` : "the mooks' (the GM's number)";
}

/**
 * @param {ScenePlay} play
 * @param {any} entry
 * @param {any} facts
 */
function drawDamage(play, entry, facts) {
  const id = play.root.id;
  const { box, pick: target } = combatantPanel(play, entry, { className: "srd-play__actions srd-action-play__damage",
    part: "damage", title: "Apply a hit", picked: "target", pickId: "target" });
  if (!target) return box;
  const damage = numberInput("", { id: `${id}-damage`, "data-field": "hit.damage" });
  const focus = numberInput("", { id: `${id}-focus`, "data-field": "hit.focus" });
  const seed = numberInput("", { id: `${id}-hit-seed`, "data-field": "hit.seed" });
  const focusField = field("Their Willpower + Focus", focus, nerveHint(facts, Number(play.picked.target)));
  target.addEventListener("change", () => {
    play.picked.target = target.value;
    /** @type {HTMLElement} */ (document.getElementById(`${focus.id}-hint`)).textContent = nerveHint(facts, Number(target.value));
  });
  const button = el("button", { type: "submit", class: "md-button md-button--primary", id: `${id}-hit` }, "Apply the hit");
  const form = el("form", { class: "srd-play__attackform", "aria-label": "Apply a hit", "data-field": "hit" },
    field("Target", target), field("Damage (PV)", damage, "the attack's PV"), focusField,
    field("Seed of its rolls", seed, "Shock, Dark Times; blank: new rolls"), button);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    changeBy(play, "hit", { action: "play_damage", index: Number(target.value), damage: damage.value, focus: focus.value, seed: seed.value },
      (result) => result.line, (result) => result.lines);
  });
  box.append(form);
  return box;
}

/**
 * What ends a state (the engine's list): a wake-up roll, a Physician's roll or ten minutes for
 * someone down, the Shaken roll, stabilising or the hour for someone dying.
 * @param {ScenePlay} play
 * @param {any} entry
 * @param {any} facts
 */
function drawRecover(play, entry, facts) {
  const id = play.root.id;
  const { box, pick: who } = combatantPanel(play, entry, { className: "srd-play__actions srd-action-play__recover",
    part: "recover", title: "Come round, steady, stabilise", picked: "recover", pickId: "recover-who" });
  if (!who) return box;
  const what = select(facts.recoveries.map((/** @type {{label: string}} */ r, /** @type {number} */ i) => [String(i), r.label]), play.picked.how, { id: `${id}-recover-what` });
  const value = numberInput("", { id: `${id}-recover-value`, "data-field": "recover.value" });
  const seed = numberInput("", { id: `${id}-recover-seed`, "data-field": "recover.seed" });
  const valueLabel = el("label", { for: value.id });
  const valueHint = el("span", { class: "srd-field__hint", id: `${value.id}-hint` });
  value.setAttribute("aria-describedby", valueHint.id);
  const valueField = el("div", { class: "srd-field" }, valueLabel, value, valueHint);
  const show = () => {
    const recovery = facts.recoveries[Number(what.value)];
    valueField.hidden = !recovery.value;
    valueLabel.textContent = recovery.value || "Value";
    valueHint.textContent = recovery.value === "Willpower + Focus" ? nerveHint(facts, Number(who.value)) : "the roller's";
  };
  who.addEventListener("change", () => { play.picked.recover = who.value; show(); });
  what.addEventListener("change", () => { play.picked.how = what.value; show(); });
  show();
  const button = el("button", { type: "submit", class: "md-button md-button--primary", id: `${id}-recover` }, "Roll or apply");
  const form = el("form", { class: "srd-play__attackform", "aria-label": "Come round, steady, stabilise",
    "data-field": "recover" },
    field("For", who), field("What", what), valueField, field("Its seed", seed, "blank: a new roll"), button);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const recovery = facts.recoveries[Number(what.value)];
    changeBy(play, "recover", { action: recovery.action, how: recovery.how, index: Number(who.value), value: value.value, seed: seed.value },
      (result) => result.line, (result) => result.lines || [result.line]);
  });
  box.append(form);
  return box;
}

export const WIDGETS = { scene: attachScene };

