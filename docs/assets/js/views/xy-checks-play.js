// @ts-check
// X-in-Y at the table: a scene of two sides kept on this device (play-kit.js), a volley or a
// contested volley rolled between them and the damage written onto the targets. Every number
// on it comes from the engine (rules_engine/xy_checks/play.py): the check each combatant
// rolls and its chance to hit, health left, who is down and who is champion, the exchange's
// notation and exact odds, the seeded roll and the damage it deals. This module only draws
// the scene and sends what was edited; a tap rolls a combatant's check or marks its health.

import {
  exactFractions, field, keepRoom, numberInput, playFrame, select, setChance, tapBoxes, tapButton, tapResult, textInput,
} from "../kit/play-kit.js";
import { el } from "../kit/widget-kit.js";
import { showResult } from "../kit/play-focus.js";

const SYSTEM = "xy-checks";

/**
 * A scene as the engine keeps it (play_new, play_sheet), where this view reads it.
 * @typedef {{name: string, check: string, defence: string, form: string, health: number, damage: number}} Combatant
 * @typedef {{name: string, champion: number, combatants: Combatant[]}} Side
 * @typedef {{name: string, sides: Side[], order: string, tie: string}} Scene
 * @typedef {{percent: string, ratio: string}} Chance a chance as the engine gives it
 * @typedef {{name: string, side: number, hit: Chance, down: Chance, mean_damage: string}} TargetOdds
 * @typedef {import("../kit/widget-kit.js").Reply} Reply the engine's reply
 */

/** @type {Record<string, string>} */
const DEFENCES = { none: "Not effective", barely: "Barely", partially: "Partially", fully: "Fully" };
/** @type {Record<string, string>} */
const FORMS = { inferior: "Inferior", even: "Even", superior: "Superior" };
// A scene's keys in the reader's words, for a refusal with no field to show it at (a file's, a link's).
const LABELS = { sides: "side", combatants: "combatant", name: "Name", champion: "Champion", check: "Check",
  defence: "Defences", form: "Form", health: "Health", damage: "Damage taken", order: "A volley's extra hits go",
  tie: "A contested volley's tie" };
// The most health drawn as boxes to tap (up to three rows at 360 px); a higher health is kept
// in its fields alone.
const MAX_BOXES = 30;

/**
 * How a contested volley's tie may be settled, in the scene's own side names.
 * @param {Scene} entry
 * @returns {Record<string, string>}
 */
function ties(entry) {
  const [first, second] = entry.sides.map((/** @type {Side} */ side) => side.name);
  return { min: "1 damage per hit for both", full: "Full damage for both", first: `${first} have the initiative`,
    second: `${second} have the initiative`, more: "The side with more combatants has the initiative",
    fewer: "The side with fewer combatants has the initiative" };
}

/**
 * A number as typed ("12" → 12); anything else goes to the engine as typed, to be refused there.
 * @param {string} text
 */
function numberOf(text) {
  const value = text.trim();
  return /^\d{1,6}$/.test(value) ? Number(value) : value;
}

/**
 * "33.33%": a chance as the engine gives it, the percentage (its exact fraction on demand:
 * exactFractions).
 * @param {any} c
 */
function chance(c) {
  return c.percent;
}

/**
 * The scene without its log: what a result shown beside it belongs to.
 * @param {any} entry
 */
function sceneKey(entry) {
  const { log, ...scene } = entry;
  return JSON.stringify(scene);
}

/**
 * The engine's path of a scene's field ("scene.sides[0].combatants[1].health"), as its refusals
 * name it.
 * @param {number} s
 * @param {number | undefined} i
 * @param {string} part
 */
function path(s, i, part) {
  return i === undefined ? `scene.sides[${s}].${part}` : `scene.sides[${s}].combatants[${i}].${part}`;
}

/**
 * What one scene's tool keeps between its draws.
 * @typedef {{root: HTMLElement, frame: any, attacking: string, lastRoll: any, lastTap: any, drawn: number,
 *   known: {key: string, sheet: any}, lastOdds: Node[], oddsRoom: {combatants: number, px: number}}} ScenePlay
 * `attacking`: who attacks, kept while the reader stays on the page; `lastRoll`: the last roll's
 * reply, shown while the scene shown is the one it left; `lastTap` ({id, lines, key}): the last
 * tap's, shown under its combatant while the scene is the one it left; `drawn`: the latest draw
 * (an odds reply for an older one is dropped); `known`: the engine's sheet of the scene last
 * changed; `lastOdds`: the odds shown last, kept on screen until the new ones come (no jump);
 * `oddsRoom`: the odds' room for the largest choice of who attacks.
 */

/**
 * The scene tool in `root`: the frame, drawing each scene as the engine answers.
 * @param {HTMLElement} root
 */
function attachScene(root) {
  /** @type {ScenePlay} */
  const play = { root, frame: null, attacking: "first", lastRoll: null, lastTap: null, drawn: 0,
    known: { key: "", sheet: null }, lastOdds: [], oddsRoom: { combatants: 0, px: 0 } };
  play.frame = playFrame(root, {
    system: SYSTEM, noun: "scene", nouns: "scenes", labels: LABELS,
    draw: (entry, shown) => draw(play, entry, shown),
  });
  // Undo, Redo, a file or a link: the results shown belong to a scene no longer shown.
  root.addEventListener("srd-play-reset", () => {
    play.lastRoll = null;
    play.lastTap = null;
  });
}

/**
 * The scene as the page's fields hold it now.
 * @param {ScenePlay} play
 * @param {HTMLFormElement} form
 */
function sceneOf(play, form) {
  /** @type {Scene} */
  const entry = play.frame.entry();
  // A field by its data-part (an input or a select: read by its value).
  /** @type {(within: ParentNode, name: string) => HTMLInputElement | HTMLSelectElement} */
  const part = (within, name) => /** @type {HTMLInputElement | HTMLSelectElement} */ (within.querySelector(`[data-part=${name}]`));
  return {
    name: part(form, "scene-name").value,
    sides: entry.sides.map((side, s) => {
      const box = /** @type {Element} */ (form.querySelector(`[data-side="${s}"]`));
      return {
        name: part(box, "side-name").value,
        champion: Number(part(box, "champion").value),
        combatants: [...box.querySelectorAll(".srd-xy-play__combatant")].map((row) => ({
          name: part(row, "name").value,
          check: part(row, "check").value,
          defence: part(row, "defence").value,
          form: part(row, "form").value,
          health: numberOf(part(row, "health").value),
          damage: numberOf(part(row, "damage").value),
        })),
      };
    }),
    order: part(form, "order").value,
    tie: part(form, "tie").value,
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
 * A change the engine answered: its sheet is kept, to draw the scene with it at once (the field
 * that had the focus keeps it as the scene is drawn anew: play-focus.js).
 * @param {ScenePlay} play
 * @param {any} result
 * @param {any} words
 * @param {any} [record]
 */
function change(play, result, words, record = null) {
  play.known = { key: sceneKey(result.scene), sheet: result.sheet };
  play.frame.change(result.scene, words, record);
}

/**
 * @param {ScenePlay} play
 * @param {object} request
 * @param {(scene: Scene) => string} words
 */
async function changeBy(play, request, words) {
  const reply = await play.frame.call({ scene: play.frame.entry(), ...request });
  if (!reply.ok) return play.frame.fail(reply.error);
  change(play, reply.result, words(reply.result.scene));
}

/**
 * A tap on a combatant (its check rolled, or one of its health boxes): one change (the roll's dice,
 * result and chance in the log), its words shown under that combatant and brought into sight; the
 * focus stays on the control tapped.
 * @param {ScenePlay} play
 * @param {string} id
 * @param {object} request
 */
async function tap(play, id, request) {
  const reply = await play.frame.call({ scene: play.frame.entry(), ...request });
  if (!reply.ok) return play.frame.fail(reply.error);
  const { summary, record } = reply.result;
  play.lastTap = { id, key: sceneKey(reply.result.scene),
    lines: [summary, ...(record ? [`Dice: ${record.dice}`, `Chance: ${record.chance}`] : [])] };
  change(play, reply.result, summary, record || null);
  showResult(play.frame.sheet, () => play.root.querySelector(`#${id}-result`));
}

/**
 * @param {ScenePlay} play
 * @param {Scene} entry
 * @param {{sheet: HTMLElement}} shown
 */
function draw(play, entry, { sheet }) {
  const id = play.root.id;
  const form = el("form", { class: "srd-play__columns srd-play__wide srd-xy-play__scene", "aria-label": `The scene ${entry.name}` });
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("change", (event) => {
    if (/** @type {Element} */ (event.target).closest("[data-part]")) edited(play, form);
  });
  const name = textInput(entry.name, { "data-part": "scene-name", "data-field": "scene.name", id: `${id}-name` });
  const order = entry.order === "written" ? "in the order listed" : "to the lightest targets first";
  form.append(el("div", { class: "srd-play__wide" }, field("Scene", name),
    el("p", { class: "srd-play__print" }, el("strong", {}, entry.name),
      ` · a volley's extra hits go ${order} · a contested volley's tie: ${ties(entry)[entry.tie]}`)));
  const sides = entry.sides.map((side, s) => drawSide(play, entry, side, s));
  form.append(...sides.map((side) => side.box));
  const exchange = drawExchange(play, entry);
  form.append(exchange.settings);
  sheet.append(form, exchange.box);

  const token = ++play.drawn;
  /** @param {any} facts the engine's sheet of the scene */
  const fill = (facts) => {
    sides.forEach((side, s) => side.fill(facts.sides[s]));
    exchange.end(facts.over);
  };
  if (play.known.key === sceneKey(entry)) fill(play.known.sheet);
  else {
    play.frame.call({ action: "play_sheet", scene: entry }).then((/** @type {Reply} */ reply) => {
      if (token !== play.drawn) return;
      if (!reply.ok) return play.frame.fail(reply.error);
      play.known = { key: sceneKey(entry), sheet: reply.result.sheet };
      fill(reply.result.sheet);
    });
  }
  exchange.showOdds(token);
}

/**
 * @param {ScenePlay} play
 * @param {Scene} entry
 * @param {Side} side
 * @param {number} s
 */
function drawSide(play, entry, side, s) {
  const id = `${play.root.id}-s${s}`;
  const box = el("fieldset", { class: "srd-xy-play__side", "data-side": String(s) },
    el("legend", {}, side.name));
  const sideName = textInput(side.name, { "data-part": "side-name", "data-field": path(s, undefined, "name"), id: `${id}-name` });
  const champion = select(Object.fromEntries(side.combatants.map((c, i) => [String(i), c.name])),
    String(side.champion), { "data-part": "champion", "data-field": path(s, undefined, "champion"), id: `${id}-champion` });
  champion.disabled = side.combatants.length === 0;
  const settings = el("div", { class: "srd-play__fields" }, field("Side's name", sideName),
    field("Champion", champion, "rolls the full check; the others one die each"));
  box.append(settings);
  const rows = side.combatants.map((c, i) => drawCombatant(play, entry, s, c, i, `${id}-c${i}`));
  const list = el("ol", { class: "srd-play__items srd-xy-play__combatants" }, ...rows.map((row) => row.item));
  box.append(list);
  if (!side.combatants.length) box.append(el("p", { class: "srd-play__empty" }, "Nobody on this side yet."));
  const add = el("button", { type: "button", class: "md-button srd-play__add", id: `${id}-add` },
    `Add a combatant to ${side.name}`);
  add.addEventListener("click", () => changeBy(play, { action: "play_add", side: s },
    (scene) => `Added ${/** @type {Combatant} */ (scene.sides[s].combatants.at(-1)).name} to ${scene.sides[s].name}.`));
  box.append(add);
  /** @param {number} i */
  const remove = async (i) => {
    await changeBy(play, { action: "play_remove", side: s, index: i },
      () => `${side.combatants[i].name} taken off ${side.name}. Undo brings them back.`);
    document.getElementById(`${id}-add`)?.focus(); // the row and its button are gone: focus stays on the side
  };
  rows.forEach((row, i) => row.remove.addEventListener("click", () => remove(i)));
  return {
    box,
    /** @param {any} facts the engine's sheet of this side */
    fill(facts) {
      /** @type {HTMLLegendElement} */ (box.querySelector("legend")).textContent = `${side.name}: ${facts.standing} of ${side.combatants.length} standing`;
      facts.combatants.forEach((/** @type {any} */ fact, /** @type {number} */ i) => rows[i].fill(fact));
    },
  };
}

/**
 * @param {ScenePlay} play
 * @param {Scene} entry
 * @param {number} s
 * @param {Combatant} c
 * @param {number} i
 * @param {string} id
 */
function drawCombatant(play, entry, s, c, i, id) {
  const side = entry.sides[s];
  /** @param {string} part */
  const at = (part) => ({ "data-part": part, "data-field": path(s, i, part), id: `${id}-${part}` });
  const inputs = {
    name: textInput(c.name, at("name")),
    check: textInput(c.check, { ...at("check"), spellcheck: "false" }),
    defence: select(DEFENCES, c.defence, at("defence")),
    form: select(FORMS, c.form, at("form")),
    health: numberInput(c.health, at("health")),
    damage: numberInput(c.damage, at("damage")),
  };
  const state = el("p", { class: "srd-play__item-state srd-xy-play__state", id: `${id}-state` }, "\u00a0");
  const remove = el("button", { type: "button", class: "md-button srd-play__remove", id: `${id}-remove`,
    "aria-label": `Remove ${c.name}` }, "×");
  const fields = el("div", { class: "srd-play__fields" },
    field("Name", inputs.name), field("Check", inputs.check, "its attack on the other side, e.g. 5/6 +1b"),
    field("Defences", inputs.defence), field("Form", inputs.form),
    field("Health", inputs.health), field("Damage taken", inputs.damage));
  const taps = drawTaps(play, s, c, i, id);
  const item = el("li", { class: "srd-play__item srd-xy-play__combatant", "aria-label": `${c.name} (${side.name})` },
    el("div", { class: "srd-play__item-head" }, el("strong", { class: "srd-xy-play__name" }, c.name), remove), state,
    el("p", { class: "srd-play__print" }, `Check ${c.check} · defences ${DEFENCES[c.defence].toLowerCase()} · `
      + `form ${c.form} · health ${c.health} · damage taken ${c.damage}`), taps.box, fields);
  return {
    item, remove,
    /** @param {any} fact the engine's facts of this combatant */
    fill(fact) {
      const words = [fact.down ? "down" : `${fact.left} of ${c.health} health left`];
      if (fact.champion) words.push("champion");
      words.push(`rolls ${fact.rolls}${fact.dice > 1 ? ` (${fact.dice} dice as champion)` : ""}, hits ${chance(fact.hit)}`);
      state.textContent = words.join(" · ");
      item.classList.toggle("srd-play__item--out", fact.down);
      taps.fill(fact);
    },
  };
}

/**
 * A combatant's taps: its check, rolled alone (its chance of success on it, from the engine's
 * sheet), and its health as boxes, the damage taken marked from the first; the last tap's result
 * just under them.
 * @param {ScenePlay} play
 * @param {number} s
 * @param {Combatant} c
 * @param {number} i
 * @param {string} id
 */
function drawTaps(play, s, c, i, id) {
  const roll = tapButton(`${c.name}: ${c.check}`, "\u00a0", { id: `${id}-tap` });
  roll.disabled = true; // (until the sheet says whether the combatant is standing)
  roll.addEventListener("click", () => tap(play, id, { action: "play_roll_check", side: s, index: i }));
  const box = el("div", { class: "srd-xy-play__taps" }, roll);
  if (c.health <= MAX_BOXES) {
    const boxes = Array.from({ length: c.health }, (_, k) => ({ mark: k < c.damage ? "X" : "", pressed: k < c.damage,
      words: `${c.name}: health box ${k + 1} of ${c.health}, ${k < c.damage ? "damage taken" : "clear"}` }));
    box.append(tapBoxes(`${c.name}'s health: ${c.damage} of ${c.health} boxes marked as damage taken`, boxes,
      (k) => tap(play, id, { action: "play_mark", side: s, index: i, box: k }), { "data-key": `${id}-box` }));
  } else {
    box.append(el("p", { class: "srd-xy-play__no-boxes" },
      `Health over ${MAX_BOXES}: no boxes to tap; change Damage taken in its field.`));
  }
  const result = tapResult(`${id}-result`, 4.2, 6);
  if (play.lastTap && play.lastTap.id === id && play.lastTap.key === sceneKey(play.frame.entry())) {
    const [what, ...more] = play.lastTap.lines;
    result.append(el("p", { class: "srd-play__what" }, what), ...more.map((/** @type {string} */ line) => el("p", { class: "srd-play__line" }, line)));
  }
  box.append(result);
  return {
    box,
    /** @param {any} fact the engine's facts of this combatant */
    fill(fact) {
      roll.disabled = fact.down;
      setChance(roll, fact.down ? "down: no attack" : `success ${chance(fact.hit)}`);
    },
  };
}

/**
 * @param {ScenePlay} play
 * @param {any} entry
 */
function drawExchange(play, entry) {
  const id = play.root.id;
  const [first, second] = entry.sides.map((/** @type {Side} */ side) => side.name);
  const who = select({ first: `${first} attack ${second}`, second: `${second} attack ${first}`,
    both: "Both at once: a contested volley" }, play.attacking, { id: `${id}-attacking`, "data-field": "attacking" });
  const order = select({ lightest: "To the lightest targets first", written: "In the order listed" }, entry.order,
    { "data-part": "order", "data-field": "scene.order", id: `${id}-order` });
  const tie = select(ties(entry), entry.tie, { "data-part": "tie", "data-field": "scene.tie", id: `${id}-tie` });
  const settings = el("div", { class: "srd-play__fields srd-play__fields--wide srd-play__wide srd-xy-play__rules" },
    field("A volley's extra hits go", order), field("A contested volley's tie", tie));
  const seed = numberInput("", { id: `${id}-seed`, "data-field": "seed" });
  const button = el("button", { type: "submit", class: "md-button md-button--primary", id: `${id}-roll` },
    "Roll the exchange");
  // (Room for the odds and a roll's lines, a side of one against one: 11.5 and 6.6 rem in a
  // wide column, 13.7 and 9.4 at 360 px with the combatants' names, measured in Chromium; the
  // roll's room at 360 px is 13.5 rem, for a new roll's seed of up to 16 digits.)
  const odds = keepRoom(el("div", { class: "srd-play__odds srd-xy-play__odds", "aria-live": "polite", "aria-busy": "true" },
    ...play.lastOdds.map((node) => node.cloneNode(true))), 12.5, 14.5);
  if (play.oddsRoom.combatants === combatantsIn(entry)) odds.style.minHeight = `${play.oddsRoom.px}px`;
  const result = keepRoom(el("div", { class: "srd-play__result srd-xy-play__result", id: `${id}-result`, "aria-live": "polite" }),
    8, 13.5);
  const rollForm = el("form", { class: "srd-play__fields srd-play__fields--wide", "aria-label": "Roll the exchange" },
    field("Who attacks", who), field("Seed", seed, "blank: a new roll"), button);
  // (Print leaves the exchange out, like every sheet's actions: the scene alone fills the page.)
  const box = el("section", { class: "srd-play__wide srd-play__actions srd-xy-play__exchange", "aria-labelledby": `${id}-exchange` },
    el("h2", { id: `${id}-exchange` }, "The exchange"), rollForm, odds, result);
  if (play.lastRoll && sceneKey(play.lastRoll.scene) === sceneKey(entry)) drawRollResult(result, play.lastRoll);
  /** @type {string | null} */
  let over = null; // the engine's words once a side is out of the fight (its sheet's "over")

  // A side out of the fight: the exchange says so in place of its odds, and no roll is left.
  /** @param {string | null} words */
  function end(words) {
    over = words;
    if (!words) return;
    odds.removeAttribute("aria-busy");
    odds.replaceChildren(el("p", { class: "srd-xy-play__over" }, el("strong", {}, words)));
    button.disabled = true;
  }

  /** @param {number} token */
  async function showOdds(token) {
    odds.setAttribute("aria-busy", "true");
    const reply = await play.frame.call({ action: "play_odds", scene: play.frame.entry(), attacking: play.attacking });
    if (token !== play.drawn) return;
    odds.removeAttribute("aria-busy");
    if (over) return; // (the odds are refused: the end stays shown, not the refusal)
    if (!reply.ok) {
      odds.replaceChildren(el("p", { class: "srd-play__error" }, play.frame.words(reply.error)));
      button.disabled = true;
      return;
    }
    button.disabled = false;
    drawOdds(play, odds, reply.result);
  }
  who.addEventListener("change", () => {
    play.attacking = who.value;
    showOdds(++play.drawn);
  });
  rollForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    play.frame.clear(rollForm); // (a seed refused before and fixed since: refused again below if it is not)
    const reply = await play.frame.call({ action: "play_roll", scene: play.frame.entry(), attacking: play.attacking, seed: seed.value });
    if (!reply.ok) return play.frame.fail(reply.error);
    play.lastRoll = reply.result;
    change(play, reply.result, reply.result.summary, reply.result.record);
    showResult(play.frame.sheet, () => play.root.querySelector(`#${id}-result`));
  });
  return { box, settings, showOdds, end };
}

/**
 * @param {ScenePlay} play
 * @param {HTMLElement} box
 * @param {any} reply
 */
function drawOdds(play, box, reply) {
  const rows = reply.targets.map((/** @type {TargetOdds} */ t) => el("tr", {},
    el("th", { scope: "row" }, t.name),
    el("td", {}, play.frame.entry().sides[t.side].name),
    el("td", {}, chance(t.hit)), el("td", {}, t.mean_damage), el("td", {}, chance(t.down))));
  const table = el("table", { class: "srd-table srd-xy-play__targets" },
    el("caption", {}, "Each target: the exact chance it is hit, its average damage, and the chance it goes down"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Target"), el("th", { scope: "col" }, "Side"),
      el("th", { scope: "col" }, "Hit"), el("th", { scope: "col" }, "Average damage"),
      el("th", { scope: "col" }, "Goes down"))),
    el("tbody", {}, ...rows));
  // (The notation keeps the room of a contested volley's, the longest: two lines at 360 px.)
  const head = [keepRoom(el("p", { class: "srd-xy-play__notation" }, "Exact odds of ", el("code", {}, reply.notation)),
    1.3, 2.6)];
  if (reply.attacking === "both") {
    const [first, second] = play.frame.entry().sides.map((/** @type {Side} */ side) => side.name);
    head.push(contest(`${first} out-hit ${second}: ${chance(reply.first_more)}; ${second} out-hit ${first}: `
      + `${chance(reply.second_more)}; a tie: ${chance(reply.tie)}`));
  } else {
    head.push(contest(`Average hits: ${reply.mean_hits}`));
  }
  /** @type {[string, string][]} */
  const fractions = reply.targets.flatMap((/** @type {TargetOdds} */ t) => [[`${t.name}: hit`, t.hit.ratio], [`${t.name}: goes down`, t.down.ratio]]);
  if (reply.attacking === "both") {
    const [first, second] = play.frame.entry().sides.map((/** @type {Side} */ side) => side.name);
    fractions.push([`${first} out-hit ${second}`, reply.first_more.ratio],
      [`${second} out-hit ${first}`, reply.second_more.ratio], ["A tie", reply.tie.ratio]);
  }
  const lines = el("details", { class: "srd-xy-play__lines" }, el("summary", {}, "Every line of the engine's odds"),
    el("pre", {}, reply.lines.join("\n")));
  // (A wide table scrolls in its own box, which the keyboard can reach.)
  const wrap = el("div", { class: "srd-table-wrap", tabindex: "0", role: "region", "aria-label": "Each target's odds" },
    table);
  play.lastOdds = [...head, wrap, exactFractions(fractions), lines];
  box.replaceChildren(...play.lastOdds);
  keepRoomForEveryTarget(play, box, table, rows.length);
}

/**
 * Who attacks decides how many targets the table lists (the other side, or both sides): the odds
 * keep the room of the longest list, a row for every combatant, measured as drawn, so picking
 * another attacker moves nothing under them. (The room is kept for this many combatants; a
 * combatant added or removed is a change the reader made.)
 * @param {ScenePlay} play
 * @param {HTMLElement} box
 * @param {any} table
 * @param {any} shown
 */
function keepRoomForEveryTarget(play, box, table, shown) {
  const combatants = combatantsIn(play.frame.entry());
  const rowHeight = Math.max(0, ...[...table.tBodies[0].rows].map((row) => row.getBoundingClientRect().height));
  const spare = (combatants - shown) * rowHeight;
  box.style.minHeight = "0px"; // the height as play.drawn (measured and set again before the next paint)
  const px = Math.ceil(box.getBoundingClientRect().height + spare);
  if (play.oddsRoom.combatants !== combatants) play.oddsRoom = { combatants, px: 0 };
  play.oddsRoom.px = Math.max(play.oddsRoom.px, px);
  box.style.minHeight = `${play.oddsRoom.px}px`;
}

/**
 * @param {Scene} entry
 */
function combatantsIn(entry) {
  return entry.sides.reduce((count, side) => count + side.combatants.length, 0);
}

/**
 * The line under the notation, in the room of the longest one (a contested volley's three chances:
 * 3.8 rem in a wide column, 6 at 360 px): picking who attacks changes it in place (the table still
 * gains the rows of the targets added).
 * @param {string} words
 */
function contest(words) {
  return keepRoom(el("p", { class: "srd-xy-play__contest" }, words), 4, 6);
}

/**
 * @param {HTMLElement} box
 * @param {any} reply
 */
function drawRollResult(box, reply) {
  box.replaceChildren(
    el("p", { class: "srd-play__what" }, reply.summary),
    ...reply.roll.lines.slice(1).map((/** @type {string} */ line) => el("p", { class: "srd-play__line" }, line)));
}

export const WIDGETS = { scene: attachScene };

