// @ts-check
// The Action! widgets.
//
// The Action roller: skill, defence (active or not), Threshold, EV bonuses, extra dice and
// the action types as toggles. As they change: the engine's notation for them and the
// exact chance of each degree (fractions and percentages). Roll: a seeded roll with each
// die's chain of rerolls, AV, Outcome, PV and the degree, with seed and permalink.
//
// The value-table converter: a measure (250 m, 3 weeks, 40 kg) gives its value; a value
// gives its range, time and weight.

import {
  afterPause, el, engineForm, explanation, newestOnly, ratioValue, rollMeta,
} from "../kit/widget-kit.js";
import { fieldsForm } from "../kit/fields-form.js";
import { attachDamage } from "./action-damage.js";
import { attachCardDraw, attachDeck } from "./action-cards.js";

const SYSTEM = "action";
const FIELDS = ["skill", "defence", "threshold", "attack_ev", "defence_ev", "extra_positive", "extra_negative"];

// --- the Action roller ---------------------------------------------------------------------
/**
 * The action types' toggles.
 * @param {HTMLElement} root
 * @returns {HTMLInputElement[]}
 */
const typeToggles = (root) => [...root.querySelectorAll("input[name^=type-]")].map((toggle) => /** @type {HTMLInputElement} */ (toggle));

/**
 * The action types go to the engine, and into a permalink, as one list of words: "inspired wild".
 * @type {import("../kit/fields-form.js").Composed}
 */
const TYPES = {
  read: (root) => typeToggles(root).filter((toggle) => toggle.checked).map((toggle) => toggle.value).join(" "),
  write(root, value) {
    const words = value.split(/\s+/);
    for (const toggle of typeToggles(root)) toggle.checked = words.includes(toggle.value);
  },
};

/**
 * Active defence goes to the engine, and into a permalink, as "1" (or "").
 * @type {import("../kit/fields-form.js").Composed}
 */
const ACTIVE = {
  read: (root) => (/** @type {HTMLInputElement} */ (root.querySelector("#ac-active")).checked ? "1" : ""),
  write(root, value) {
    /** @type {HTMLInputElement} */ (root.querySelector("#ac-active")).checked = value === "1";
  },
};

/**
 * The roller (kit/fields-form.js): its permalink (?skill=…&types=…&active=…&seed=…#ac-roller)
 * names no widget.
 * @param {HTMLElement} root
 */
function attachRoller(root) {
  fieldsForm(root, {
    system: SYSTEM, prefix: "ac", names: [...FIELDS, "types", "active"], texts: FIELDS, checked: FIELDS,
    oddsAction: "odds_fields", rollAction: "roll_fields", readyText: "Ready: the odds follow your inputs.",
    renderReading, readingWords: "Notation of the last valid input", renderOdds, renderRoll, compareTerm: "Result",
    tagged: false, keepLaterErrors: true, composed: { types: TYPES, active: ACTIVE },
  });
}

/**
 * The engine's notation for the inputs, and its notes.
 * @param {any} result
 * @returns {HTMLElement}
 */
function renderReading(result) {
  const box = el("div", { class: "srd-reading" },
    el("p", {}, "Notation: ", el("code", { class: "srd-reading__notation" }, result.notation)));
  if (result.notes.length) {
    box.append(el("ul", { class: "srd-reading__notes" }, ...result.notes.map((/** @type {string} */ note) => el("li", {}, note))));
  }
  return box;
}

/**
 * The exact chance of each degree.
 * @param {any} result
 * @returns {HTMLElement}
 */
function renderOdds(result) {
  const names = Object.keys(result.outcomes);
  const top = Math.max(...names.map((name) => ratioValue(result.outcomes[name])), 1e-9);
  const rows = names.map((name, index) => el("tr", { "data-degree": name },
    el("th", { scope: "row" }, name),
    el("td", { class: "srd-num srd-pct" }, result.percent[name]),
    el("td", { class: "srd-exact" }, result.outcomes[name]),
    el("td", { class: "srd-action-odds__barcell", "aria-hidden": "true" },
      el("span", {
        class: `srd-action-odds__bar srd-action-odds__bar--${index < 3 ? "fail" : "hit"}`,
        style: `width: ${((100 * ratioValue(result.outcomes[name])) / top).toFixed(1)}%`,
      }))));
  const table = el("table", { class: "srd-action-odds__table" },
    el("caption", {}, "Exact chance of each degree"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Degree"), el("th", { scope: "col" }, "Chance"),
      el("th", { scope: "col" }, "Exact"), el("td", { "aria-hidden": "true" }))),
    el("tbody", {}, ...rows));
  const note = result.p_double0 === "0/1"
    ? "No dice, so no double-0."
    : `Double-0: ${result.p_double0}` + (result.types.includes("experimental") ? `; any pair: ${result.p_pair}` : "") +
      ". Exact: every reroll followed, nothing cut.";
  return el("div", { class: "srd-action-odds" },
    el("div", { class: "srd-table-wrap", role: "region", "aria-label": "Exact chance of each degree", tabindex: "0" },
      table),
    el("p", { class: "srd-odds__note" }, note));
}

/**
 * @param {any} result the engine's roll
 * @param {string} href the roll's permalink
 * @returns {HTMLElement}
 */
function renderRoll(result, href) {
  const box = el("div", { class: "srd-roll" });
  box.append(el("p", { class: "srd-roll__headline" },
    el("strong", { class: "srd-roll__degree" }, result.degree),
    " ", el("span", { class: "srd-roll__numbers" }, `AV ${result.av}, Outcome ${result.outcome}` +
      (result.pv === null ? "" : `, PV ${result.pv}`))));
  const dice = el("ul", { class: "srd-action-dice", "aria-label": "The dice, each with its rerolls" });
  result.dice.forEach((/** @type {any} */ die, /** @type {number} */ index) => {
    const sign = die.sign === "+" ? "positive" : "negative";
    const label = `Die ${index + 1}, ${sign}: ${die.faces.join(", then ")}` +
      (die.faces.length > 1 ? `, ${die.total} in all` : "") + (die.closed ? " (closed)" : "");
    const faces = die.faces.map((/** @type {number} */ face) => el("span", { class: `srd-die srd-die--${sign}`, "aria-hidden": "true" },
      String(face)));
    // A list item holds the picture (an item itself may not be an image: invalid list markup).
    dice.append(el("li", { class: "srd-action-dice__chain", title: label },
      el("span", { class: "srd-action-dice__faces", role: "img", "aria-label": label },
        el("span", { class: "srd-action-dice__sign", "aria-hidden": "true" }, die.sign === "+" ? "+" : "−"),
        ...faces)));
  });
  if (result.dice.length) box.append(dice);
  box.append(explanation(result.lines),
    rollMeta(result.seed, href, "roll", result.share.text));
  return box;
}

// --- the value-table converter -------------------------------------------------------------
/** @param {HTMLElement} root */
function attachConverter(root) {
  const w = engineForm(root, { prefix: "av", fields: ["measure"], readyText: "Ready: type a measure or a value." });
  const { inputs } = w;
  const shown = w.region(/** @type {HTMLElement} */ (root.querySelector(".srd-widget__result")), { words: "Conversion of the last valid input" });
  const latest = newestOnly();
  const convertPause = afterPause(convert);

  async function convert(typing = false) {
    convertPause.cancel();
    const reply = await latest(w.engine.call({ system: SYSTEM, action: "convert", fields: { measure: inputs.measure.value } }));
    if (!reply) return;
    const result = w.accept(reply, ["measure"], { typing });
    if (!result) return shown.stale(true);
    shown.show(renderConversion(result), result.measure.trim());
  }

  /**
   * @param {any} result the engine's conversion
   * @returns {HTMLElement}
   */
  function renderConversion(result) {
    const rows = [["Range", result.range], ["Time", result.time], ["Weight", result.weight]];
    return el("div", { class: "srd-action-conversion" },
      el("p", { class: "srd-action-conversion__value" }, "Value ", el("strong", {}, String(result.value))),
      el("dl", { class: "srd-action-conversion__measures" },
        ...rows.map(([label, text]) => el("div", { class: "srd-action-conversion__item" }, el("dt", {}, label),
          el("dd", {}, text)))),
      explanation(result.lines));
  }

  w.onSubmit(() => convert());
  inputs.measure.addEventListener("input", convertPause.schedule);
  w.whenReady(() => convert());
}

// --- the combat calculator -----------------------------------------------------------------
// One combat notation (mook, fall, heroic, shots, cover, conflict, damage): the engine's exact
// working out, line by line, as the command line prints it.
/** @param {HTMLElement} root */
function attachCombat(root) {
  const w = engineForm(root, { prefix: "acc", fields: ["notation"], readyText: "Ready: type a combat notation." });
  const { inputs } = w;
  const shown = w.region(/** @type {HTMLElement} */ (root.querySelector(".srd-widget__result")), { words: "Worked out for the last valid input" });
  const latest = newestOnly();
  const pause = afterPause(work);

  async function work(typing = false) {
    pause.cancel();
    const reply = await latest(w.engine.call({ system: SYSTEM, action: "combat_odds", fields: { notation: inputs.notation.value } }));
    if (!reply) return;
    const result = w.accept(reply, ["notation"], { typing });
    if (!result) return shown.stale(true);
    shown.show(el("div", { class: "srd-combat", "data-kind": result.kind },
      el("p", { class: "srd-combat__notation" }, el("code", {}, result.notation)), explanation(result.lines)),
    result.notation);
  }

  w.onSubmit(() => work());
  inputs.notation.addEventListener("input", pause.schedule);
  w.whenReady(() => work());
}

// The widgets this view attaches, by their markup's data-widget (macros/action.py).
export const WIDGETS = {
  roller: attachRoller, converter: attachConverter, damage: attachDamage, combat: attachCombat,
  cards: attachCardDraw,
  deck: attachDeck,
};
