// @ts-check
// The Adrenaline roller: attribute + ability, difficulty and Adrenaline to spend; a standard,
// extended or opposed roll; the variants. Exact odds as you type; seeded rolls with every die
// explained (which succeeded, which 1 cancelled which success, which pair earned
// Adrenaline), the seed and a permalink. Every number comes from the engine.

import { chartValues, el, explanation, rollMeta } from "../kit/widget-kit.js";
import { fieldsForm } from "../kit/fields-form.js";

const PREFIX = "ad";
const TEXT_FIELDS = ["attribute", "ability", "difficulty", "adrenaline", "target",
  "other-attribute", "other-ability", "other-difficulty", "other-adrenaline"];
// The fields whose errors the engine names, in the order it checks them.
const CHECKED = ["mode", "options", "attribute", "ability", "difficulty", "adrenaline", "target",
  "other-attribute", "other-ability", "other-difficulty", "other-adrenaline"];
/** @type {Record<string, string>} */
const ROLE_WORDS = { success: "a success", blank: "below the difficulty", one: "a 1" };

/**
 * The variants' checkboxes.
 * @param {HTMLElement} root
 * @returns {HTMLInputElement[]}
 */
const optionBoxes = (root) => [...root.querySelectorAll(`input[id^=${PREFIX}-option-]`)].map((box) => /** @type {HTMLInputElement} */ (box));

/**
 * The variants go to the engine, and into a permalink, as one list: "tens-explode,…".
 * @type {import("../kit/fields-form.js").Composed}
 */
const OPTIONS = {
  read: (root) => optionBoxes(root).filter((box) => box.checked).map((box) => box.value).join(","),
  write(root, value) {
    const chosen = value.split(",");
    for (const box of optionBoxes(root)) box.checked = chosen.includes(box.value);
  },
};

/**
 * The roller (kit/fields-form.js): its permalink (?attribute=…&mode=…&seed=…#ad-roller)
 * names no widget; a switch asks for the odds after the typing pause, like a keystroke.
 * @param {HTMLElement} root
 */
function attachRoller(root) {
  const groups = [...root.querySelectorAll("fieldset[data-mode]")].map((group) => /** @type {HTMLElement} */ (group));
  fieldsForm(root, {
    system: "adrenaline", prefix: PREFIX, names: [...TEXT_FIELDS, "mode", "options", "wastes", "below"],
    texts: TEXT_FIELDS, checked: CHECKED, oddsAction: "odds_form", rollAction: "roll_form",
    readyText: "Ready: the odds follow your inputs.", renderOdds, renderRoll, compareTerm: "Net successes",
    tagged: false, keepLaterErrors: true, switchesWait: true, composed: { options: OPTIONS },
    // Only the chosen mode's fields are shown.
    onChange: ({ mode }) => {
      for (const group of groups) group.hidden = group.dataset.mode !== mode;
    },
  });
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
  /** @type {any[]} */
  const shown = result.bars.filter((/** @type {any} */ bar) => bar.height >= 0.005);
  for (const bar of shown) {
    box.append(el("span", {
      class: `srd-odds__bar srd-ad-bar--${bar.kind}`, style: `height: ${(100 * bar.height).toFixed(1)}%`,
      title: `${bar.x}: ${bar.percent}`,
    }));
  }
  const first = shown[0].x;
  const last = shown[shown.length - 1].x;
  const values = chartValues(result.bars_caption, ["Result", "Chance"],
    result.bars.map((/** @type {any} */ bar) => [bar.x, bar.percent]));
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
  const body = result.rows.map((/** @type {any} */ row) => el("tr", {}, el("th", { scope: "row" }, String(row.roll)),
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
    if (die.cancelled_by.length) words += `, cancelled by die ${die.cancelled_by.map((/** @type {number} */ i) => i + 1).join(" and ")}`;
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
    /** @type {Record<string, string>} */
    const verdicts = { win: "The roller wins", standoff: "Stand-off", lose: "The other side wins" };
    const words = verdicts[result.verdict];
    box.append(headline(`${words} (margin ${result.margin})`, result.verdict),
      el("p", { class: "srd-ad-side" }, "Roller"), diceList(result.roller, "The roller's dice"),
      el("p", { class: "srd-ad-side" }, "Other side"), diceList(result.other, "The other side's dice"));
  } else {
    /** @type {Record<string, string>} */
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
