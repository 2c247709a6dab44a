// The Adrenaline roller: attribute + ability, difficulty and Adrenaline to spend; a standard,
// extended or opposed roll; the variants. Exact odds as you type; seeded rolls with every die
// explained (which succeeded, which 1 cancelled which success, which pair earned
// Adrenaline), the seed and a permalink. Every number comes from the engine.

import {
  afterPause, chartValues, el, engineForm, explanation, newestOnly, rollMeta,
} from "../kit/widget-kit.js";
import { attachCompare } from "../kit/compare.js";

const SYSTEM = "adrenaline";
const PREFIX = "ad";
const TEXT_FIELDS = ["attribute", "ability", "difficulty", "adrenaline", "target",
  "other-attribute", "other-ability", "other-difficulty", "other-adrenaline"];
// The fields whose errors the engine names, in the order it checks them.
const CHECKED = ["mode", "options", "attribute", "ability", "difficulty", "adrenaline", "target",
  "other-attribute", "other-ability", "other-difficulty", "other-adrenaline"];
const READY_TEXT = "Ready: the odds follow your inputs.";
const ROLE_WORDS = { success: "a success", blank: "below the difficulty", one: "a 1" };

/**
 * The roller's parts, which its handlers share.
 * @typedef {object} Roller
 * @property {HTMLElement} root
 * @property {ReturnType<typeof engineForm>} w
 * @property {HTMLInputElement[]} modeRadios
 * @property {HTMLInputElement[]} optionBoxes
 * @property {HTMLElement[]} groups the fieldsets each mode shows
 * @property {ReturnType<typeof newestOnly>} latestOdds
 * @property {ReturnType<typeof newestOnly>} latestRoll
 * @property {ReturnType<typeof afterPause>} oddsPause
 * @property {ReturnType<typeof attachCompare>} compare
 * @property {ReturnType<ReturnType<typeof engineForm>["region"]>} odds
 * @property {ReturnType<ReturnType<typeof engineForm>["region"]>} rolled
 */

/** @param {HTMLElement} root */
function attachRoller(root) {
  const w = engineForm(root, { prefix: PREFIX, fields: [...CHECKED, "seed"], readyText: READY_TEXT });
  // The regions come last (they read the inputs through `s` as they are made).
  /** @type {Roller} */
  const s = /** @type {any} */ ({
    root, w,
    modeRadios: [...root.querySelectorAll("input[name=mode]")],
    optionBoxes: [...root.querySelectorAll("input[id^=ad-option-]")],
    groups: [...root.querySelectorAll("fieldset[data-mode]")],
    latestOdds: newestOnly(),
    latestRoll: newestOnly(),
    oddsPause: afterPause((typing) => updateOdds(s, typing)),
    compare: attachCompare(root, { engine: w.engine, term: "Net successes" }),
  });
  const resultBox = root.querySelector(".srd-widget__result");
  const inputsKey = (fields = fieldValues(s)) => JSON.stringify(fields);
  s.odds = w.region(root.querySelector(".srd-widget__odds"), { words: "Odds for the last valid input" });
  s.rolled = w.region(resultBox, { words: "Roll for earlier inputs", key: inputsKey, reveal: true });

  w.onSubmit(() => roll(s));
  for (const name of TEXT_FIELDS) byId(root, name).addEventListener("input", s.oddsPause.schedule);
  for (const radio of s.modeRadios) {
    radio.addEventListener("change", () => {
      showMode(s);
      s.oddsPause.schedule();
    });
  }
  for (const box of [...s.optionBoxes, byId(root, "wastes"), byId(root, "below")]) {
    box.addEventListener("change", s.oddsPause.schedule);
  }
  w.watchSeed((seed) => ({ system: SYSTEM, action: "roll_form", fields: fieldValues(s), seed }));
  w.rollsFromPermalinks(resultBox, {
    prefill: (params) => prefill(s, params),
    update: () => {
      showMode(s);
      updateOdds(s);
    },
    roll: () => roll(s),
  });
}

/**
 * @param {HTMLElement} root
 * @param {string} name an input's name, without the widget's prefix
 * @returns {HTMLInputElement}
 */
function byId(root, name) {
  return root.querySelector(`#${PREFIX}-${name}`);
}

/**
 * The form's values as the engine reads them.
 * @param {Roller} s
 * @returns {Record<string, string>}
 */
function fieldValues(s) {
  const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, byId(s.root, name).value]));
  values.mode = (s.modeRadios.find((radio) => radio.checked) || s.modeRadios[0]).value;
  values.options = s.optionBoxes.filter((box) => box.checked).map((box) => box.value).join(",");
  values.wastes = byId(s.root, "wastes").checked ? "on" : "";
  values.below = byId(s.root, "below").checked ? "on" : "";
  return values;
}

/**
 * Only the chosen mode's fields are shown.
 * @param {Roller} s
 */
function showMode(s) {
  const mode = fieldValues(s).mode;
  for (const group of s.groups) group.hidden = group.dataset.mode !== mode;
}

/**
 * A permalink (?attribute=…&mode=…&seed=…#ad-roller) prefills the form and rolls once ready.
 * @param {Roller} s
 * @param {URLSearchParams} params
 * @returns {boolean} whether to roll
 */
function prefill(s, params) {
  for (const name of TEXT_FIELDS) if (params.has(name)) byId(s.root, name).value = params.get(name);
  if (params.has("mode")) {
    for (const radio of s.modeRadios) radio.checked = radio.value === params.get("mode");
  }
  if (params.has("options")) {
    const chosen = params.get("options").split(",");
    for (const box of s.optionBoxes) box.checked = chosen.includes(box.value);
  }
  if (params.has("wastes")) byId(s.root, "wastes").checked = params.get("wastes") === "on";
  if (params.has("below")) byId(s.root, "below").checked = params.get("below") === "on";
  if (params.has("seed")) s.w.inputs.seed.value = params.get("seed");
  showMode(s);
  return (params.get("seed") || "").trim() !== "";
}

/**
 * The odds, as the inputs change.
 * @param {Roller} s
 * @param {boolean} [typing] the reader is typing: an error waits for a pause
 */
async function updateOdds(s, typing = false) {
  s.oddsPause.cancel();
  const reply = await s.latestOdds(s.w.engine.call({ system: SYSTEM, action: "odds_form", fields: fieldValues(s) }));
  if (!reply) return; // a newer request is on its way: this answer is stale
  const result = s.w.accept(reply, CHECKED, { typing });
  s.compare.offer(result); // opposed and extended rolls carry no outcomes: nothing to add
  if (result) s.odds.show(renderOdds(result), result.notation);
  else s.odds.stale(true);
}

/**
 * A seeded roll.
 * @param {Roller} s
 */
async function roll(s) {
  s.oddsPause.flush();
  const fields = fieldValues(s);
  const seed = s.w.inputs.seed.value;
  const reply = await s.latestRoll(s.w.engine.call({ system: SYSTEM, action: "roll_form", fields, seed }));
  if (!reply) return;
  const result = s.w.accept(reply, [...CHECKED, "seed"]);
  if (!result) return;
  const href = s.w.permalink({ ...fields, seed: String(result.seed) });
  s.rolled.show(renderRoll(result, href), result.notation, JSON.stringify(fields));
}

// --- the odds ---
/**
 * @param {{key: string, label: string, percent: string, exact?: string}[]} items
 * @returns {HTMLElement}
 */
function summaryList(items) {
  const list = el("dl", { class: "srd-odds__summary srd-ad-summary" });
  for (const item of items) {
    list.append(el("div", { class: `srd-odds__item srd-ad-item--${item.key}`, "data-odds": item.key },
      el("dt", {}, item.label),
      el("dd", {}, el("span", { class: "srd-pct" }, item.percent),
        item.exact ? el("span", { class: "srd-exact", title: `exactly ${item.exact}` }, item.exact) : null)));
  }
  return list;
}

/**
 * @param {any} result the engine's odds
 * @returns {HTMLElement}
 */
function bars(result) {
  const box = el("div", { class: "srd-odds__bars srd-ad-bars", "aria-hidden": "true" });
  const shown = result.bars.filter((bar) => bar.height >= 0.005);
  for (const bar of shown) {
    box.append(el("span", {
      class: `srd-odds__bar srd-ad-bar--${bar.kind}`, style: `height: ${(100 * bar.height).toFixed(1)}%`,
      title: `${bar.x}: ${bar.percent}`,
    }));
  }
  const first = shown[0].x;
  const last = shown[shown.length - 1].x;
  const values = chartValues(result.bars_caption, ["Result", "Chance"],
    result.bars.map((bar) => [bar.x, bar.percent]));
  return el("figure", { class: "srd-odds__chart" }, box,
    el("figcaption", {}, `${result.bars_caption} (${first} to ${last})`), values);
}

/**
 * @param {any} result the engine's odds
 * @returns {HTMLElement}
 */
function renderOdds(result) {
  const box = el("div", { class: "srd-odds srd-ad-odds" });
  box.append(el("p", { class: "srd-odds__pool" }, result.pool_lines.join("; "), " ",
    el("code", { class: "srd-ad-notation" }, result.notation)));
  box.append(summaryList(result.summary));
  if (result.kind === "extended") {
    box.append(el("p", { class: "srd-odds__note" },
      `Mean rolls when the target is reached: ${result.mean_rolls}. Left out (still rolling): ${result.cut_mass}.`));
    box.append(extendedRows(result));
  } else {
    const what = result.kind === "opposed" ? "Mean margin" : "Mean net";
    box.append(el("p", { class: "srd-odds__note" }, `${what}: ${result.mean_text}.`), bars(result));
  }
  return box;
}

/**
 * An extended roll's odds, roll by roll.
 * @param {any} result
 * @returns {HTMLElement}
 */
function extendedRows(result) {
  const head = el("tr", {}, ...["Roll", "Reached on it", "Reached by then",
    ...(result.botch_wastes ? [] : ["Lost on it"])].map((h) => el("th", { scope: "col" }, h)));
  const body = result.rows.map((row) => el("tr", {}, el("th", { scope: "row" }, String(row.roll)),
    el("td", {}, row.reached), el("td", {}, row.by_then), ...(result.botch_wastes ? [] : [el("td", {}, row.lost)])));
  return el("div", { class: "srd-table-wrap srd-ad-rows", role: "region", tabindex: "0",
    "aria-label": "Rolls needed" }, el("table", { class: "srd-table" }, el("thead", {}, head), el("tbody", {}, ...body)));
}

// --- the roll ---
/**
 * @param {any} reading one side's dice, as the engine read them
 * @param {string} label
 * @returns {HTMLElement}
 */
function diceList(reading, label) {
  const list = el("ul", { class: "srd-dice", "aria-label": label });
  for (const die of reading.dice_detail) {
    let kind = die.role;
    if (die.role === "success" && die.cancelled_by.length) kind = "cancelled";
    if (die.role === "one" && !die.cancels.length) kind = "idle";
    let words = ROLE_WORDS[die.role];
    if (die.cancels.length) words += `, cancels die ${die.cancels[0] + 1}`;
    if (die.cancelled_by.length) words += `, cancelled by die ${die.cancelled_by.map((i) => i + 1).join(" and ")}`;
    if (die.pair) words += ", in the pair that earns Adrenaline";
    if (die.from !== null) words += `, rolled for die ${die.from + 1}'s 10`;
    const text = `Die ${die.index + 1}: ${die.value}, ${words}`;
    list.append(el("li", {}, el("span", {
      class: `srd-die srd-ad-die--${kind}${die.pair ? " srd-ad-die--pair" : ""}`,
      role: "img", "aria-label": text, title: text,
    }, String(die.value))));
  }
  return list;
}

/**
 * @param {string} text
 * @param {string} verdict
 * @returns {HTMLElement}
 */
function headline(text, verdict) {
  return el("p", { class: "srd-roll__headline" },
    el("span", { class: `srd-roll__verdict srd-ad-verdict--${verdict}` }, text));
}

/**
 * @param {any} result the engine's roll
 * @param {string} href the roll's permalink
 * @returns {HTMLElement}
 */
function renderRoll(result, href) {
  const box = el("div", { class: "srd-roll srd-ad-roll" });
  if (result.kind === "standard") {
    const net = result.net;
    const title = net > 0 ? `Net ${net}: success, ${result.degree}` : net === 0 ? "Net 0: failure" : `Net ${net}: botch`;
    box.append(headline(title + (result.adrenaline_earned ? " · +1 Adrenaline" : ""), result.result),
      diceList(result, "The dice, in the order rolled"));
  } else if (result.kind === "opposed") {
    const words = { win: "The roller wins", standoff: "Stand-off", lose: "The other side wins" }[result.verdict];
    box.append(headline(`${words} (margin ${result.margin})`, result.verdict),
      el("p", { class: "srd-ad-side" }, "Roller"), diceList(result.roller, "The roller's dice"),
      el("p", { class: "srd-ad-side" }, "Other side"), diceList(result.other, "The other side's dice"));
  } else {
    const words = { reached: "Target reached", botched: "Botched: the attempt is lost", "gave up": "Still short" };
    box.append(headline(`${words[result.ending]} after ${result.rolls.length} ` +
      (result.rolls.length === 1 ? "roll" : "rolls"), result.ending.replace(" ", "-")));
  }
  // The lines scroll inside their box: reachable by keyboard, named for screen readers.
  const lines = explanation(result.lines, "srd-ad-lines");
  Object.entries({ tabindex: "0", role: "region", "aria-label": "The roll explained" })
    .forEach(([name, value]) => lines.setAttribute(name, value));
  box.append(lines,
    rollMeta(result.seed, href, "roll",
      result.share ? result.share.text : null)); // null: an extended roll whose odds the engine refuses
  return box;
}

// The widgets this view attaches, by their markup's data-widget (macros/adrenaline.py).
export const WIDGETS = { roller: attachRoller };
