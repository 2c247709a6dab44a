// @ts-check
// The design lab (docs/lab.md; markup: macros/lab.py): one roll of a system under its printed
// rule and up to three house rules, side by side, exactly. The engine's `lab` action answers
// (rules_engine/core/lab.py: columns with outcomes, rungs, the usual rung, statistics and a
// seeded roll; signed differences in percentage points; CSV; share text; the house-rule card);
// this module only draws what it says.
//
// Generic: it never names a system. Each system's settings and headline rolls come from the
// page (`data-books`, the bridge's `lab_book` for every system that has a lab).
//
// - The odds follow every edit (after a short pause while typing); a change marks what is
//   shown as the answer to earlier inputs until the new answer is drawn, and a refused house
//   rule shows its message and caret in its own fieldset, leaving the last answer marked.
// - Roll rolls once, with one seed, under every rule set (a blank seed: a new one).
// - The address holds the lab once the reader has changed something (a page opened afresh
//   keeps its address clean): `system`, `roll`, one `house` per house rule (its written form,
//   empty for one left at the printed rule) and `seed`; opening it puts the lab back.
// - Share (a chat text and the link), Download CSV and JSON, and Print house-rule card (one
//   page: each changed rule beside the printed one, with the key odds of both).

import { afterPause, el, engineForm, explanation, newestOnly, rollMeta } from "../kit/widget-kit.js";
import { axisTitles, frame, seriesGroup, svg, swatch } from "../kit/chart.js";
import { ratioValue } from "../kit/numbers.js";
import { shareButton } from "../kit/share.js";
import { downloadText, fileStem } from "../kit/table-export.js";

const PREFIX = "lab";
const ODDS_SEED = "1"; // as macros/lab.py's first request
const ERROR_PAUSE_MS = 700; // as the kit: an error in a field being typed waits for a pause
const READY_TEXT = "Change a setting: the odds follow. Roll rolls once under every rule set.";

/**
 * One setting of a system's lab book (macros/lab.py).
 * @typedef {{name: string, printed: string, printed_words: string, meaning: string, allowed: string,
 *   choices?: string[]}} Setting
 */
/** @typedef {{settings: Setting[], rolls: {notation: string, label: string}[]}} Book  a system's lab book */
/** @typedef {any} Answer  the engine's lab reply (rules_engine/core/lab.py) */
/** @typedef {any} Column  one rule set's part of an Answer: its odds, rungs, statistics and card */
/** @typedef {import("../kit/chart.js").Frame} Frame */
/** @typedef {{control: HTMLInputElement | HTMLSelectElement, start: number, end: number}} Span  a setting's words in the written form */

// --- the rule sets' form ---------------------------------------------------------------------
/**
 * One setting's control in house rule `n` (as macros/lab.py writes it).
 * @param {number} n
 * @param {Setting} setting
 * @returns {HTMLElement}
 */
function settingControl(n, setting) {
  const hintId = `${PREFIX}-h${n}-${setting.name}-hint`;
  const common = {
    "data-setting": setting.name, "data-printed": setting.printed,
    "aria-describedby": `${hintId} ${PREFIX}-house-${n}-error`,
  };
  let control;
  if (Array.isArray(setting.choices) && setting.choices.length) {
    control = el("select", common, ...setting.choices.map((choice) => el("option",
      { value: choice, selected: choice === setting.printed ? "" : null },
      choice === setting.printed ? `${choice} (printed)` : choice)));
  } else {
    control = el("input", { type: "text", ...common, value: setting.printed, spellcheck: "false", autocapitalize: "off", autocomplete: "off" });
  }
  return el("div", { class: "srd-field srd-lab__setting" },
    el("label", {}, el("span", { class: "srd-lab__name" }, setting.name),
      el("span", { class: "srd-lab__meaning" }, setting.meaning), control),
    el("span", { class: "srd-field__hint", id: hintId }, setting.allowed));
}

/**
 * @param {string} text  a house rule's written form
 * @returns {string}
 */
function writtenWords(text) {
  return text ? `with ${text}` : "(the printed rule: nothing changed)";
}

/**
 * House rule `n`'s fieldset, at the printed rule.
 * @param {number} n
 * @param {Book} book
 * @returns {HTMLFieldSetElement}
 */
function houseFieldset(n, book) {
  return /** @type {HTMLFieldSetElement} */ (el("fieldset", { class: "srd-lab__set srd-lab__house", "data-house": String(n) },
    el("legend", {}, `House rule ${n}`),
    ...book.settings.map((setting) => settingControl(n, setting)),
    el("p", { class: "srd-lab__written" }, "Written: ", el("code", {}, writtenWords(""))),
    el("div", { class: "srd-field__error", id: `${PREFIX}-house-${n}-error` }),
    el("button", { type: "button", class: "md-button srd-lab__remove" }, `Remove house rule ${n}`)));
}

/**
 * The printed rule's settings, beside the house rules.
 * @param {Book} book
 * @returns {HTMLElement}
 */
function printedColumn(book) {
  const list = el("dl", { class: "srd-lab__printed-list" });
  for (const setting of book.settings) {
    list.append(el("dt", {}, setting.name), el("dd", {}, el("code", {}, setting.printed), ` ${setting.printed_words}`));
  }
  return el("section", { class: "srd-lab__set srd-lab__printed", "aria-labelledby": `${PREFIX}-printed-title` },
    el("h3", { class: "srd-lab__set-title", id: `${PREFIX}-printed-title` }, "Printed rule"), list);
}

/**
 * A house rule's written form (`die d8, wild none`: the settings not at their printed value,
 * in the book's order) and where each setting's words sit in it, for a caret the engine puts there.
 * @param {HTMLFieldSetElement} fieldset
 * @returns {{text: string, spans: Span[]}}
 */
function written(fieldset) {
  /** @type {string[]} */
  const parts = [];
  /** @type {Span[]} */
  const spans = [];
  let at = 0;
  for (const control of /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */ (fieldset.querySelectorAll("[data-setting]"))) {
    const value = control.value.replace(/\s+/g, " ").trim();
    if (value.toLowerCase() === String(control.dataset.printed).toLowerCase()) continue;
    const words = `${control.dataset.setting} ${value}`.trim();
    if (parts.length) at += 2;
    spans.push({ control, start: at, end: at + words.length });
    parts.push(words);
    at += words.length;
  }
  return { text: parts.join(", "), spans };
}

// --- numbers as the engine wrote them ----------------------------------------------------------
/**
 * A chance as the engine wrote it: percent, then the exact fraction.
 * @param {{percent: string, exact: string}} entry
 * @returns {HTMLElement}
 */
function chance(entry) {
  return el("span", { class: "srd-lab__chance" },
    el("span", { class: "srd-pct" }, entry.percent), " ", el("span", { class: "srd-exact" }, entry.exact));
}

/**
 * A difference in percentage points, marked up, down or same (a dash where there is none).
 * @param {{points?: string, exact?: string} | undefined} entry
 * @returns {HTMLElement}
 */
function points(entry) {
  if (!entry || entry.points === undefined) return el("span", { class: "srd-lab__none" }, "–");
  const sign = entry.points.startsWith("+") ? "up" : entry.points.startsWith("\u2212") ? "down" : "same";
  return el("span", { class: `srd-lab__points srd-lab__points--${sign}`, title: entry.exact }, `${entry.points} pp`);
}

/**
 * @param {{exact: string}} entry
 * @returns {number}  its chance as a float, for drawing only
 */
const drawn = (entry) => ratioValue(entry.exact);

// --- charts: one line per rule set, its own marker and dash (never by colour alone) -----------
/**
 * The y axis's end: 5, 10, 20, 25 or 50% at least `top`, else 100%.
 * @param {number} top
 * @returns {number}
 */
function axisTop(top) {
  if (top >= 0.5) return 1;
  for (const step of [0.05, 0.1, 0.2, 0.25, 0.5]) if (step >= top - 1e-12) return step;
  return 1;
}

/**
 * The y axis's grid lines and their percentages, in 4 steps up to `yTop`.
 * @param {SVGElement} axes
 * @param {Frame} f
 * @param {number} yTop
 * @param {(p: number) => number} yOf
 */
function yGrid(axes, f, yTop, yOf) {
  for (let step = 0; step <= 4; step++) {
    const p = (yTop * step) / 4;
    const y = yOf(p).toFixed(1);
    axes.append(svg("line", { x1: f.left, x2: f.W - f.right, y1: y, y2: y, class: step ? "srd-compare__grid" : "srd-compare__axis" }),
      svg("text", { x: f.left - 6, y: (Number(y) + 4).toFixed(1), "text-anchor": "end", class: "srd-compare__tick" }, `${+(100 * p).toFixed(1)}%`));
  }
}

/**
 * The labels under the x axis (as many as fit side by side; turned when long, cut when longer).
 * @param {SVGElement} axes
 * @param {Frame} f
 * @param {string[]} labels
 * @param {boolean} rotate
 * @param {(i: number) => number} xOf
 */
function xLabels(axes, f, labels, rotate, xOf) {
  const { top, plotW, plotH } = f;
  const room = Math.max(2, Math.floor(plotW / (rotate ? 20 : 30)));
  const every = Math.max(1, Math.ceil(labels.length / room));
  labels.forEach((label, i) => {
    if (i % every) return;
    const x = xOf(i).toFixed(1);
    const shown = label.length > 14 ? `${label.slice(0, 13)}…` : label;
    axes.append(svg("text", { x, y: top + plotH + 18, "text-anchor": rotate ? "end" : "middle", class: "srd-compare__tick",
      transform: rotate ? `rotate(-35 ${x} ${top + plotH + 14})` : null }, shown));
  });
}

/**
 * A line chart with its legend. `labels`: the x axis; `series`: [{name, values}] (a value null
 * where a rule set has none); `full`: the y axis runs to 100%.
 * @param {{labels: string[], series: {name: string, values: (number | null)[]}[], summary: string,
 *   xTitle: string, yTitle: string, full?: boolean, width?: number}} chart
 * @returns {HTMLElement}
 */
function lineChart({ labels, series, summary, xTitle, yTitle, full = false, width = 640 }) {
  const W = Math.round(width);
  const rotate = labels.some((label) => label.length > 4);
  const f = frame(W, Math.round(Math.max(220, Math.min(300, W * 0.55))), rotate ? 100 : 58);
  const highest = Math.max(1e-9, ...series.flatMap((s) => /** @type {number[]} */ (s.values.filter((v) => v !== null))));
  const yTop = full ? 1 : axisTop(highest);
  /** @param {number} i */
  const xOf = (i) => f.left + ((i + 0.5) * f.plotW) / Math.max(1, labels.length);
  /** @param {number} p */
  const yOf = (p) => f.top + f.plotH - (p / yTop) * f.plotH;
  const figure = svg("svg", { class: "srd-compare__svg srd-lab__svg", viewBox: `0 0 ${W} ${f.H}`, role: "img", "aria-label": summary });
  const axes = svg("g", { class: "srd-compare__axes" });
  yGrid(axes, f, yTop, yOf);
  xLabels(axes, f, labels, rotate, xOf);
  axes.append(...axisTitles(f, xTitle, yTitle));
  figure.append(axes);
  series.forEach((one, index) => {
    figure.append(seriesGroup(index, one.values.map((p, i) => (p === null ? null
      : { x: xOf(i), y: yOf(p), title: `${one.name}: ${labels[i]}: ${(100 * p).toFixed(2)}%` }))));
  });
  const legend = el("ul", { class: "srd-compare__legend", "aria-hidden": "true" },
    ...series.map((one, index) => el("li", {}, swatch(index), one.name)));
  return el("figure", { class: "srd-compare__figure srd-lab__figure" }, figure, legend);
}

// --- tables ------------------------------------------------------------------------------------
/**
 * @param {string} label
 * @param {HTMLElement} table
 * @returns {HTMLElement}  the table in its scrolling box
 */
function scrolling(label, table) {
  return el("div", { class: "srd-table-wrap srd-lab__wrap", role: "region", "aria-label": label, tabindex: "0" }, table);
}

/** @param {Column} column */
function columnHead(column) {
  return el("th", { scope: "col" }, column.name,
    column.rules.written ? el("code", { class: "srd-lab__col-rules" }, column.rules.written) : null);
}

/** @param {Column} column */
function diffHead(column) {
  return el("th", { scope: "col", class: "srd-lab__diff-head" }, `${column.name} − printed`);
}

/**
 * Rows × rule sets, each house rule followed by its difference from the printed rule.
 * @template {{label: string}} R
 * @param {{part: string, caption: string, corner: string, rows: R[], columns: Column[],
 *   cell: (column: Column, row: R) => Node | string, diff: (n: number, row: R) => Node,
 *   rowKey: [string, (row: R) => string]}} table
 * @returns {HTMLElement}
 */
function sideBySide({ part, caption, corner, rows, columns, cell, diff, rowKey }) {
  const head = el("tr", {}, el("th", { scope: "col" }, corner));
  columns.forEach((/** @type {Column} */ column, /** @type {number} */ n) => {
    head.append(columnHead(column));
    if (n > 0) head.append(diffHead(column));
  });
  const body = rows.map((row) => {
    const tr = el("tr", { [rowKey[0]]: rowKey[1](row) }, el("th", { scope: "row" }, row.label));
    columns.forEach((/** @type {Column} */ column, /** @type {number} */ n) => {
      tr.append(el("td", { class: "srd-lab__cell", "data-col": String(n) }, cell(column, row)));
      if (n > 0) tr.append(el("td", { class: "srd-lab__cell srd-lab__diff", "data-col": String(n) }, diff(n, row)));
    });
    return tr;
  });
  return el("table", { class: "srd-table srd-lab__table", "data-part": part }, el("caption", {}, caption), el("thead", {}, head), el("tbody", {}, ...body));
}

/**
 * Every result any rule set can give, lowest first.
 * @param {Answer} answer
 * @returns {{value: number, label: string}[]}
 */
function outcomeRows(answer) {
  /** @type {Map<number, string>} */
  const byValue = new Map();
  for (const column of answer.columns) {
    for (const outcome of column.outcomes) if (!byValue.has(outcome.value)) byValue.set(outcome.value, outcome.label);
  }
  return [...byValue.entries()].sort((a, b) => a[0] - b[0]).map(([value, label]) => ({ value, label }));
}

/**
 * Every rung of the longest ladder any rule set has.
 * @param {Answer} answer
 * @returns {{step: number, label: string}[]}
 */
function rungRows(answer) {
  const longest = answer.columns.reduce((/** @type {Column} */ a, /** @type {Column} */ c) => (c.rungs.length > a.rungs.length ? c : a), answer.columns[0]);
  return longest.rungs.map((/** @type {any} */ rung) => ({ step: rung.step, label: rung.label }));
}

const STATS = [
  ["mean", "Mean"], ["sd", "Standard deviation"], ["median", "Median"], ["p10", "10th percentile"], ["p90", "90th percentile"],
];

/**
 * @param {unknown} value  a statistic: a number, or {decimal, exact}
 * @returns {string}
 */
function statText(value) {
  return value && typeof value === "object" ? /** @type {{decimal: string}} */ (value).decimal : String(value);
}

/**
 * @param {Answer} answer
 * @returns {HTMLElement}  the key odds' table
 */
function keyOdds(answer) {
  const usual = answer.columns[0].usual;
  const rows = [{ key: "usual", label: `Success at ${usual.label}` }, ...STATS.map(([key, label]) => ({ key, label }))];
  return sideBySide({
    part: "key", caption: "Key odds under each rule set", corner: "Rule set", rows, columns: answer.columns, rowKey: ["data-stat", (row) => row.key],
    cell: (column, row) => (row.key === "usual" ? chance(column.usual)
      : row.key === "mean" ? el("span", { title: column.stats.mean.exact }, column.stats.mean.decimal) : statText(column.stats[row.key])),
    diff: (n, row) => {
      const d = answer.differences[n - 1];
      if (row.key === "usual") return points(d.usual);
      if (row.key === "mean") return el("span", { class: "srd-lab__points" }, d.mean);
      return el("span", { class: "srd-lab__none" }, "");
    },
  });
}

/**
 * @param {Answer} answer
 * @returns {HTMLElement}  each result's chance, under each rule set
 */
function outcomeTable(answer) {
  const rows = outcomeRows(answer);
  return sideBySide({
    part: "outcomes", caption: `Chance of each result (${answer.result_term})`, corner: answer.result_term, rows, columns: answer.columns,
    rowKey: ["data-value", (row) => String(row.value)],
    cell: (column, row) => {
      const found = column.outcomes.find((/** @type {any} */ o) => o.value === row.value);
      return found ? chance(found) : chance({ percent: "0.00%", exact: "0" });
    },
    diff: (n, row) => points(answer.differences[n - 1].outcomes.find((/** @type {any} */ o) => o.value === row.value)),
  });
}

/**
 * @param {Answer} answer
 * @returns {HTMLElement}  the chance of success at each rung, under each rule set
 */
function rungTable(answer) {
  return sideBySide({
    part: "rungs", caption: `Chance of success at each rung (${answer.difficulty_term})`, corner: answer.difficulty_term, rows: rungRows(answer),
    columns: answer.columns, rowKey: ["data-step", (row) => String(row.step)],
    cell: (column, row) => {
      const found = column.rungs.find((/** @type {any} */ r) => r.step === row.step);
      return found ? chance(found) : el("span", { class: "srd-lab__none" }, "no such rung");
    },
    diff: (n, row) => points(answer.differences[n - 1].rungs.find((/** @type {any} */ r) => r.step === row.step)),
  });
}

// --- the house-rule card (paper only) -----------------------------------------------------------
/**
 * The card's key odds of one rule set: [label, value] rows.
 * @param {Column} column
 * @returns {[string, string][]}
 */
function cardKeyRows(column) {
  return [
    [`Success at ${column.usual.label}`, `${column.usual.percent} (${column.usual.exact})`],
    ["Mean", column.stats.mean.decimal], ["Standard deviation", column.stats.sd], ["Median", String(column.stats.median)],
  ];
}

/**
 * The house-rule card: each changed rule beside the printed one, with the key odds of both,
 * and the lab's address (`href`: relative here, in full once printed, printCard).
 * @param {Answer} answer
 * @param {string} href
 * @returns {HTMLElement}
 */
function card(answer, href) {
  const printed = answer.columns[0];
  const box = el("section", { class: "srd-lab__card", "aria-hidden": "true" },
    el("h2", { class: "srd-lab__card-title" }, `House rules for ${answer.system}`),
    el("p", {}, `Roll: `, el("code", {}, answer.roll), `. Success: ${answer.success}.`));
  answer.columns.slice(1).forEach((/** @type {Column} */ column, /** @type {number} */ i) => {
    const changes = column.card.length
      ? el("table", { class: "srd-lab__card-table" },
        el("thead", {}, el("tr", {}, el("th", {}, "Rule"), el("th", {}, "Printed"), el("th", {}, column.name))),
        el("tbody", {}, ...column.card.map((/** @type {any} */ change) => el("tr", {},
          el("th", {}, change.setting, el("span", { class: "srd-lab__card-meaning" }, change.meaning)),
          el("td", {}, change.printed_words), el("td", {}, change.house_words)))))
      : el("p", {}, "Nothing changed: this is the printed rule.");
    const odds = el("table", { class: "srd-lab__card-table" },
      el("thead", {}, el("tr", {}, el("th", {}, "Key odds"), el("th", {}, "Printed"), el("th", {}, column.name))),
      el("tbody", {}, ...cardKeyRows(printed).map(([label, value], row) => el("tr", {},
        el("th", {}, label), el("td", {}, value), el("td", {}, cardKeyRows(column)[row][1])))));
    box.append(el("h3", {}, `${column.name}${column.rules.written ? `: with ${column.rules.written}` : ""}`), changes, odds,
      el("p", { class: "srd-lab__card-diff" }, `Chance of success moves by ${answer.differences[i].usual.points} percentage points.`));
  });
  // The address: relative here (what the build draws names no address), in full once the
  // card is printed (printCard).
  box.append(el("p", { class: "srd-lab__card-link" }, "Exact odds from the design lab: ",
    el("span", { class: "srd-lab__card-href", "data-href": href }, href)));
  return box;
}

// --- the widget: its state --------------------------------------------------------------------
/** @typedef {{system: string, roll: string, house: string[]}} Asked  what the form asks */
/** @typedef {ReturnType<typeof engineForm>} Kit */
/**
 * The lab on a page: its elements, what it shows and the kit's parts (set once the kit runs).
 * @typedef {{root: HTMLElement, books: Record<string, Book>, maxHouse: number, form: HTMLFormElement,
 *   systemSelect: HTMLSelectElement, headline: HTMLSelectElement, rollInput: HTMLInputElement,
 *   seedInput: HTMLInputElement, sets: HTMLElement, addButton: HTMLElement, moreStatus: HTMLElement,
 *   oddsBox: HTMLElement, resultBox: HTMLElement, pagePath: string, shownSeed: string, lastAnswer: any,
 *   held: {n: number, error: any, timer: number} | null, chartWidth: number,
 *   w: Kit, odds: any, rolled: any, latest: ReturnType<typeof newestOnly>,
 *   latestRoll: ReturnType<typeof newestOnly>, pause: ReturnType<typeof afterPause>}} Lab
 */

/**
 * @param {HTMLElement} root
 * @param {string} selector
 * @returns {any}  the element (the markup, macros/lab.py, has every one)
 */
const part = (root, selector) => root.querySelector(selector);

/**
 * The lab's elements and starting state; the kit's parts are added by attachLab.
 * @param {HTMLElement} root
 * @returns {Lab}
 */
function labOf(root) {
  return /** @type {Lab} */ ({
    root,
    books: JSON.parse(root.dataset.books || "{}"),
    maxHouse: Number(root.dataset.maxHouse) || 3,
    form: part(root, "form"),
    systemSelect: part(root, `#${PREFIX}-system`),
    headline: part(root, `#${PREFIX}-headline`),
    rollInput: part(root, `#${PREFIX}-roll`),
    seedInput: part(root, `#${PREFIX}-seed`),
    sets: part(root, ".srd-lab__sets"),
    addButton: part(root, ".srd-lab__add"),
    moreStatus: part(root, ".srd-lab__more-status"),
    oddsBox: part(root, ".srd-widget__odds"),
    resultBox: part(root, ".srd-widget__result"),
    pagePath: location.pathname,
    shownSeed: "", // the seed of the roll on screen, while it answers the inputs
    lastAnswer: null,
    held: null, // an error held while its house rule is typed in
    chartWidth: 640,
  });
}

/** @param {Lab} lab */
const book = (lab) => lab.books[lab.systemSelect.value];
/**
 * @param {Lab} lab
 * @returns {HTMLFieldSetElement[]}
 */
const houses = (lab) => [...lab.sets.querySelectorAll("fieldset.srd-lab__house")].map((f) => /** @type {HTMLFieldSetElement} */ (f));
/**
 * @param {Lab} lab
 * @returns {Asked}
 */
const askedOf = (lab) => ({ system: lab.systemSelect.value, roll: lab.rollInput.value, house: houses(lab).map((f) => written(f).text) });
/** @param {Lab} lab */
const inputsKey = (lab) => JSON.stringify(askedOf(lab));
// The odds are asked with one fixed seed: every lab reply rolls once under each rule set as
// well, and the odds shown must be the same reply every time (the page's built-in answer is
// the engine's own). Roll asks again with the reader's seed.
/** @param {Asked} asked */
const request = (asked) => ({ action: "lab", system: asked.system, roll: asked.roll, house: asked.house, seed: ODDS_SEED });
/** @param {Asked} asked */
const describe = (asked) => `${asked.roll.trim() || "no roll"} under ${asked.house.map((h) => h || "the printed rule").join("; ")}`;

// --- the form's parts ----------------------------------------------------------------------------
/**
 * The headline menu shows the roll written below when it is one of the book's.
 * @param {Lab} lab
 */
function syncHeadline(lab) {
  const match = book(lab).rolls.find((r) => r.notation === lab.rollInput.value.trim());
  lab.headline.value = match ? match.notation : "";
}

/**
 * Each house rule's number (legend, ids, Remove) after one is added or removed.
 * @param {Lab} lab
 */
function renumber(lab) {
  houses(lab).forEach((fieldset, i) => {
    const n = i + 1;
    const old = fieldset.dataset.house;
    fieldset.dataset.house = String(n);
    part(fieldset, "legend").textContent = `House rule ${n}`;
    part(fieldset, ".srd-field__error").id = `${PREFIX}-house-${n}-error`;
    part(fieldset, ".srd-lab__remove").textContent = `Remove house rule ${n}`;
    for (const control of fieldset.querySelectorAll("[data-setting]")) {
      const hint = `${PREFIX}-h${n}-${/** @type {HTMLElement} */ (control).dataset.setting}-hint`;
      part(/** @type {HTMLElement} */ (control.closest(".srd-lab__setting")), ".srd-field__hint").id = hint;
      control.setAttribute("aria-describedby", `${hint} ${PREFIX}-house-${n}-error`);
    }
    if (old !== String(n)) clearHouseError(fieldset);
  });
  const count = houses(lab).length;
  for (const button of lab.sets.querySelectorAll(".srd-lab__remove")) /** @type {HTMLElement} */ (button).hidden = count <= 1;
  const full = count >= lab.maxHouse;
  lab.addButton.setAttribute("aria-disabled", String(full));
  lab.addButton.title = full ? `At most ${lab.maxHouse} house rules.` : "";
}

/**
 * The written form under a house rule, and each setting it changes marked beside its control.
 * @param {HTMLFieldSetElement} fieldset
 */
function showWritten(fieldset) {
  const { text, spans } = written(fieldset);
  part(fieldset, ".srd-lab__written code").textContent = writtenWords(text);
  /** @type {Set<Element>} */
  const changed = new Set(spans.map((span) => span.control));
  for (const control of fieldset.querySelectorAll("[data-setting]")) {
    /** @type {HTMLElement} */ (control.closest(".srd-lab__setting")).toggleAttribute("data-changed", changed.has(control));
  }
}

/**
 * The form for the chosen system: its rolls, the printed rule and `house` house rules (their
 * written forms; a setting they name is set, the rest stay printed).
 * @param {Lab} lab
 * @param {string[]} [house]
 */
function drawSystem(lab, house = [""]) {
  const b = book(lab);
  lab.headline.replaceChildren(...b.rolls.map((r) => el("option", { value: r.notation }, r.label)),
    el("option", { value: "" }, "Another roll (write it below)"));
  lab.sets.replaceChildren(printedColumn(b), ...house.slice(0, lab.maxHouse).map((text, i) => {
    const fieldset = houseFieldset(i + 1, b);
    fill(fieldset, text);
    return fieldset;
  }));
  if (!house.length) lab.sets.append(houseFieldset(1, b));
  disableWithRoll(lab, lab.sets);
  for (const fieldset of houses(lab)) showWritten(fieldset);
  renumber(lab);
}

/**
 * Every control in `where` enabled or disabled as the roll field is (the kit's loading, failure and Retry).
 * @param {Lab} lab
 * @param {Element} where
 */
function disableWithRoll(lab, where) {
  const off = lab.rollInput.disabled;
  for (const control of where.querySelectorAll("input, select, button")) /** @type {HTMLInputElement} */ (control).disabled = off;
}

/**
 * A written house rule put into its fieldset: each `name value` whose name is a setting (a
 * choice the menu does not list, or a word that names no setting, cannot be shown and is
 * left at the printed rule).
 * @param {HTMLFieldSetElement} fieldset
 * @param {string} text
 */
function fill(fieldset, text) {
  for (const piece of String(text || "").split(",")) {
    const [name, ...rest] = piece.trim().split(/\s+/);
    const control = fieldset.querySelector(`[data-setting="${CSS.escape((name || "").toLowerCase())}"]`);
    if (!control || !rest.length) continue;
    const value = rest.join(" ");
    if (control instanceof HTMLSelectElement) {
      const option = [...control.options].find((o) => o.value.toLowerCase() === value.toLowerCase());
      if (option) control.value = option.value;
    } else {
      /** @type {HTMLInputElement} */ (control).value = value;
    }
  }
}

/**
 * What an address (or a permalink) says, put into the form.
 * @param {Lab} lab
 * @param {URLSearchParams} params
 * @returns {boolean}  whether it carries a seed
 */
function apply(lab, params) {
  const key = params.get("system");
  if (key && lab.books[key]) lab.systemSelect.value = key;
  const house = params.getAll("house");
  drawSystem(lab, house.length ? house : [""]);
  lab.rollInput.value = params.get("roll") ?? book(lab).rolls[0].notation;
  lab.seedInput.value = params.get("seed") || "";
  syncHeadline(lab);
  return (params.get("seed") || "").trim() !== "";
}

// --- the address ---------------------------------------------------------------------------------
/**
 * The address follows the lab (only while the page is the lab's).
 * @param {Lab} lab
 */
function writeAddress(lab) {
  if (!lab.root.isConnected || location.pathname !== lab.pagePath) return;
  const url = new URL(location.href);
  const params = url.searchParams;
  const asked = askedOf(lab);
  params.set("system", asked.system);
  params.set("roll", asked.roll);
  params.delete("house");
  for (const text of asked.house) params.append("house", text);
  const seed = lab.seedInput.value.trim() || (lab.resultBox.hasAttribute("data-stale") ? "" : lab.shownSeed);
  if (seed) params.set("seed", seed);
  else params.delete("seed");
  if (url.href === location.href) return;
  try {
    history.replaceState(history.state, "", url.href);
  } catch (error) {
    console.warn("the address could not follow the lab:", error);
  }
}

/**
 * The lab's address for these inputs, relative to the page (`?system=…#lab`): a link drawn
 * when the site was built never names the address it was built at.
 * @param {Asked} asked
 * @param {string} seed
 * @param {string} id  the lab's element id
 * @returns {string}
 */
function permalinkFor(asked, seed, id) {
  const params = new URLSearchParams();
  params.set("system", asked.system);
  params.set("roll", asked.roll);
  for (const text of asked.house) params.append("house", text);
  if (seed) params.set("seed", seed);
  return `?${params}#${id}`;
}

// --- a refused house rule: its message and caret in its fieldset ---------------------------------
/** @param {HTMLFieldSetElement} fieldset */
function clearHouseError(fieldset) {
  for (const control of fieldset.querySelectorAll("[aria-invalid]")) control.removeAttribute("aria-invalid");
  fieldset.removeAttribute("data-invalid");
  const box = fieldset.querySelector(".srd-field__error");
  if (box) box.replaceChildren();
}

/**
 * @param {Lab} lab
 */
function dropHeld(lab) {
  if (lab.held) clearTimeout(lab.held.timer);
  lab.held = null;
}

/** @param {Lab} lab */
function clearHouseErrors(lab) {
  dropHeld(lab);
  for (const fieldset of houses(lab)) clearHouseError(fieldset);
}

/**
 * The engine's caret under the written form (and, read aloud, where it points), with the
 * setting it points into marked invalid.
 * @param {HTMLFieldSetElement} fieldset
 * @param {any} error
 * @returns {HTMLElement[]}
 */
function caretParts(fieldset, error) {
  const caret = error.caret || [];
  if (!(caret.length === 2 && Number.isInteger(error.position))) return [];
  const [text, marks] = caret;
  const start = marks.indexOf("^");
  const spot = start >= text.length ? "at the end" : `at “${text.slice(start, marks.length)}”`;
  const span = written(fieldset).spans.find((s) => error.position >= s.start && error.position <= s.end) || null;
  if (span) span.control.setAttribute("aria-invalid", "true");
  return [el("span", { class: "srd-visually-hidden" }, ` (${spot})`),
    el("pre", { class: "srd-caret", "aria-hidden": "true", tabindex: "-1" }, `${text}\n${marks}`)];
}

/**
 * House rule `n`'s refusal shown in its fieldset (every other one cleared).
 * @param {Lab} lab
 * @param {number} n
 * @param {any} error
 */
function showHouseError(lab, n, error) {
  dropHeld(lab);
  const fieldset = houses(lab)[n - 1];
  if (!fieldset) return;
  for (const other of houses(lab)) if (other !== fieldset) clearHouseError(other);
  clearHouseError(fieldset);
  fieldset.dataset.invalid = "";
  const message = String(error.message || "This house rule is refused.");
  const box = part(fieldset, ".srd-field__error");
  box.replaceChildren(el("span", { class: "srd-field__message" }, message), ...caretParts(fieldset, error));
  lab.w.setStatus(`House rule ${n} is refused: what is shown is for the last valid input.`);
}

/**
 * As showHouseError, after a pause while the reader is typing in that house rule.
 * @param {Lab} lab
 * @param {number} n
 * @param {any} error
 */
function holdHouseError(lab, n, error) {
  const fieldset = houses(lab)[n - 1];
  const active = document.activeElement;
  const typing = fieldset && active && fieldset.contains(active) && active.matches("input");
  if (!typing) return showHouseError(lab, n, error);
  dropHeld(lab);
  lab.held = { n, error, timer: window.setTimeout(() => showHouseError(lab, n, error), ERROR_PAUSE_MS) };
}

/**
 * A reply: its result, or null once its error is shown where it belongs.
 * @param {Lab} lab
 * @param {any} reply
 * @param {string[]} checked
 * @param {boolean} typing
 * @returns {any}
 */
function accept(lab, reply, checked, typing) {
  const field = String((reply.error || {}).field || "");
  const house = /^house-(\d+)$/.exec(field);
  if (!reply.ok && house) {
    if (typing) holdHouseError(lab, Number(house[1]), reply.error);
    else showHouseError(lab, Number(house[1]), reply.error);
    return null;
  }
  if (reply.ok) clearHouseErrors(lab);
  return lab.w.accept(reply, checked, { typing });
}

// --- drawing -------------------------------------------------------------------------------------
/**
 * The two charts: how the results spread, and success at each rung.
 * @param {any} answer
 * @param {string[]} names  each rule set's name, with its written form
 * @param {number} width
 * @returns {{distribution: HTMLElement, ladder: HTMLElement}}
 */
function labCharts(answer, names, width) {
  const outcomes = outcomeRows(answer);
  const rungs = rungRows(answer);
  const distribution = lineChart({
    labels: outcomes.map((o) => o.label),
    series: answer.columns.map((/** @type {any} */ c, /** @type {number} */ n) => ({ name: names[n], values: outcomes.map((o) => {
      const found = c.outcomes.find((/** @type {any} */ x) => x.value === o.value);
      return found ? drawn(found) : 0;
    }) })),
    summary: `Chart: the chance of each result (${answer.result_term}), one line per rule set (${names.join("; ")}); the exact values are in the table below.`,
    xTitle: answer.result_term, yTitle: "Chance", width,
  });
  const ladder = lineChart({
    labels: rungs.map((r) => r.label),
    series: answer.columns.map((/** @type {any} */ c, /** @type {number} */ n) => ({ name: names[n], values: rungs.map((r) => {
      const found = c.rungs.find((/** @type {any} */ x) => x.step === r.step);
      return found ? drawn(found) : null;
    }) })),
    summary: `Chart: the chance of success at each rung (${answer.difficulty_term}), one line per rule set (${names.join("; ")}); the exact values are in the table below.`,
    xTitle: answer.difficulty_term, yTitle: "Chance of success", full: true, width,
  });
  return { distribution, ladder };
}

/**
 * Share, Download CSV and JSON, Print house-rule card and the link, with their status line.
 * @param {Lab} lab
 * @param {any} answer
 * @param {Asked} asked
 * @param {string} link
 * @returns {HTMLElement}
 */
function labTools(lab, answer, asked, link) {
  const json = JSON.stringify(answer, null, 2);
  const stem = fileStem(`lab ${asked.system} ${answer.roll}`);
  const status = el("span", { class: "srd-lab__tools-status", role: "status", "aria-live": "polite" });
  const csvButton = el("button", { type: "button", class: "md-button srd-lab__tool" }, "Download CSV");
  csvButton.addEventListener("click", () => {
    downloadText(answer.csv, `${stem}.csv`);
    status.textContent = `Downloading ${stem}.csv.`;
  });
  const jsonButton = el("button", { type: "button", class: "md-button srd-lab__tool" }, "Download JSON");
  jsonButton.addEventListener("click", () => {
    downloadText(json, `${stem}.json`, "application/json;charset=utf-8");
    status.textContent = `Downloading ${stem}.json.`;
  });
  const printButton = el("button", { type: "button", class: "md-button srd-lab__tool srd-lab__print" }, "Print house-rule card");
  printButton.addEventListener("click", () => printCard(lab));
  return el("div", { class: "srd-lab__tools" },
    shareButton(answer.share, link, "comparison"), csvButton, jsonButton, printButton,
    el("a", { class: "srd-lab__link", href: link }, "Link to this comparison"), status);
}

/**
 * Everything the lab's answer says: key odds, both charts and their tables, the tools and the card.
 * @param {Lab} lab
 * @param {any} answer
 * @param {Asked} asked
 * @returns {HTMLElement}
 */
function drawOdds(lab, answer, asked) {
  lab.chartWidth = Math.round(Math.min(640, Math.max(280, lab.oddsBox.clientWidth || 640)));
  const names = answer.columns.map((/** @type {any} */ c) => (c.rules.written ? `${c.name} (${c.rules.written})` : c.name));
  const { distribution, ladder } = labCharts(answer, names, lab.chartWidth);
  const link = permalinkFor(asked, "", lab.root.id);
  return el("div", { class: "srd-lab__answer", "data-system": asked.system },
    el("p", { class: "srd-lab__headline" }, `${answer.system}: `, el("code", {}, answer.roll),
      `. Success: ${answer.success}; usually against ${answer.columns[0].usual.label}.`),
    el("h3", { class: "srd-lab__title" }, "Key odds"),
    scrolling("Key odds under each rule set", keyOdds(answer)),
    el("h3", { class: "srd-lab__title" }, `How the results spread (${answer.result_term})`),
    distribution,
    scrolling(`Chance of each result, under each rule set`, outcomeTable(answer)),
    el("h3", { class: "srd-lab__title" }, `Success at each rung (${answer.difficulty_term})`),
    ladder,
    scrolling(`Chance of success at each rung, under each rule set`, rungTable(answer)),
    labTools(lab, answer, asked, link),
    card(answer, link));
}

/**
 * One roll under each rule set, side by side.
 * @param {any} answer
 * @param {string} href
 * @param {string} seed
 * @returns {HTMLElement}
 */
function drawRoll(answer, href, seed) {
  const columns = answer.columns.map((/** @type {any} */ column) => el("section", { class: "srd-lab__rolled", "data-col": column.name },
    el("h4", { class: "srd-lab__rolled-title" }, column.name),
    el("p", { class: "srd-lab__rolled-rules" }, el("code", {}, column.notation)),
    explanation(column.roll)));
  return el("div", { class: "srd-lab__rolls" },
    el("p", { class: "srd-roll__headline" }, `${answer.roll}: one roll under each rule set, same seed`),
    el("div", { class: "srd-lab__rolled-grid" }, ...columns),
    rollMeta(seed, href, "roll"));
}

// --- asking --------------------------------------------------------------------------------------
/**
 * The odds for the inputs now, asked of the engine and drawn.
 * @param {Lab} lab
 * @param {boolean} [typing]
 */
async function update(lab, typing = false) {
  lab.pause.cancel();
  const asked = askedOf(lab);
  const key = JSON.stringify(asked);
  const reply = await lab.latest(lab.w.engine.call(request(asked)));
  if (!reply) return; // a newer request is on its way
  const answer = accept(lab, reply, ["roll"], typing);
  if (!answer) return lab.odds.stale(true);
  lab.lastAnswer = answer;
  lab.odds.show(drawOdds(lab, answer, asked), describe(asked), key);
}

const randomSeed = () => String(Math.floor(Math.random() * 1_000_000_000));

/**
 * One roll, with one seed, under every rule set (a blank seed: a new one).
 * @param {Lab} lab
 */
async function roll(lab) {
  lab.pause.flush();
  const asked = askedOf(lab);
  const key = JSON.stringify(asked);
  const seed = lab.seedInput.value.trim() || randomSeed();
  const reply = await lab.latestRoll(lab.w.engine.call({ ...request(asked), seed }));
  if (!reply) return;
  const answer = accept(lab, reply, ["roll", "seed"], false);
  if (!answer) return;
  lab.lastAnswer = answer;
  lab.shownSeed = String(answer.seed ?? seed);
  lab.odds.show(drawOdds(lab, answer, asked), describe(asked), key);
  lab.rolled.show(drawRoll(answer, permalinkFor(asked, lab.shownSeed, lab.root.id), lab.shownSeed), describe(asked), key);
  writeAddress(lab);
}

/**
 * Prints the house-rule card: the page prints only the card, once, with its link in full.
 * @param {Lab} lab
 */
function printCard(lab) {
  for (const where of lab.oddsBox.querySelectorAll(".srd-lab__card-href")) {
    where.textContent = new URL(/** @type {HTMLElement} */ (where).dataset.href || "", location.href).href;
  }
  const html = document.documentElement;
  html.dataset.labPrint = "card";
  const done = () => {
    delete html.dataset.labPrint;
    window.removeEventListener("afterprint", done);
  };
  window.addEventListener("afterprint", done);
  window.print();
}

/**
 * What is shown answers earlier inputs until the engine answers these: both regions follow, and the odds are asked.
 * @param {Lab} lab
 */
function followAndUpdate(lab) {
  lab.odds.follow();
  lab.rolled.follow();
  update(lab);
}

// --- events --------------------------------------------------------------------------------------
/**
 * The system menu, the headline menu and the roll field.
 * @param {Lab} lab
 */
function wireRoll(lab) {
  const { systemSelect, headline, rollInput, w } = lab;
  systemSelect.addEventListener("change", () => {
    drawSystem(lab, [""]);
    rollInput.value = book(lab).rolls[0].notation;
    syncHeadline(lab);
    clearHouseErrors(lab);
    w.clearFieldError("roll");
    followAndUpdate(lab);
  });
  headline.addEventListener("change", () => {
    if (!headline.value) {
      rollInput.focus();
      return;
    }
    rollInput.value = headline.value;
    w.clearFieldError("roll");
    followAndUpdate(lab);
  });
  rollInput.addEventListener("input", () => {
    syncHeadline(lab);
    lab.pause.schedule();
  });
}

/**
 * A house rule's removal: focus on the next one's first setting (or Add).
 * @param {Lab} lab
 * @param {HTMLButtonElement} button
 */
function removeHouse(lab, button) {
  const fieldset = /** @type {HTMLFieldSetElement} */ (button.closest("fieldset"));
  const index = houses(lab).indexOf(fieldset);
  fieldset.remove();
  renumber(lab);
  clearHouseErrors(lab);
  lab.moreStatus.textContent = `House rule ${index + 1} removed.`;
  const next = houses(lab)[Math.min(index, houses(lab).length - 1)];
  /** @type {HTMLElement} */ (next.querySelector("[data-setting]") || lab.addButton).focus();
  followAndUpdate(lab);
}

/**
 * A house rule added at the printed rule (at most maxHouse).
 * @param {Lab} lab
 */
function addHouse(lab) {
  if (lab.addButton.getAttribute("aria-disabled") === "true") {
    lab.moreStatus.textContent = `At most ${lab.maxHouse} house rules.`;
    return;
  }
  const n = houses(lab).length + 1;
  const fieldset = houseFieldset(n, book(lab));
  lab.sets.append(fieldset);
  disableWithRoll(lab, fieldset);
  renumber(lab);
  lab.moreStatus.textContent = `House rule ${n} added, at the printed rule.`;
  part(fieldset, "[data-setting]").focus();
  followAndUpdate(lab);
}

/**
 * The house rules' settings, Remove and Add.
 * @param {Lab} lab
 */
function wireHouses(lab) {
  const { sets } = lab;
  sets.addEventListener("input", (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    const fieldset = /** @type {HTMLFieldSetElement | null} */ (target.closest("fieldset.srd-lab__house"));
    if (!fieldset) return;
    showWritten(fieldset);
    if (target.matches("input")) lab.pause.schedule();
  });
  sets.addEventListener("change", (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    const fieldset = /** @type {HTMLFieldSetElement | null} */ (target.closest("fieldset.srd-lab__house"));
    if (!fieldset || !target.matches("select")) return;
    showWritten(fieldset);
    update(lab);
  });
  sets.addEventListener("click", (event) => {
    const button = /** @type {HTMLButtonElement | null} */ (/** @type {HTMLElement} */ (event.target).closest(".srd-lab__remove"));
    if (!button || button.disabled) return;
    removeHouse(lab, button);
  });
  lab.addButton.addEventListener("click", () => addHouse(lab));
}

/**
 * Every edit: the address follows (the kit's own listeners have marked what is shown).
 * @param {Lab} lab
 */
function wireAddress(lab) {
  for (const type of ["input", "change"]) lab.form.addEventListener(type, () => writeAddress(lab));
  lab.form.addEventListener("click", (event) => {
    if (/** @type {HTMLElement} */ (event.target).closest(".srd-lab__add, .srd-lab__remove")) writeAddress(lab);
  });
}

/**
 * The odds drawn again at the width they have, when it changes on screen (not on paper).
 * @param {Lab} lab
 */
function watchWidth(lab) {
  if (!window.ResizeObserver) return;
  const { oddsBox } = lab;
  let width = oddsBox.clientWidth;
  new ResizeObserver(() => {
    if (!lab.lastAnswer || Math.abs(oddsBox.clientWidth - width) < 24) return;
    if (document.documentElement.dataset.labPrint || window.matchMedia("print").matches) return; // paper, not a screen
    width = oddsBox.clientWidth;
    if (!oddsBox.hasAttribute("data-stale")) lab.odds.show(drawOdds(lab, lab.lastAnswer, askedOf(lab)), describe(askedOf(lab)), inputsKey(lab));
  }).observe(oddsBox);
}

/**
 * The menus and buttons follow the text fields: enabled and disabled with them (the kit's
 * loading, failure and Retry).
 * @param {Lab} lab
 */
function syncControls(lab) {
  for (const control of lab.form.querySelectorAll("select")) control.disabled = lab.rollInput.disabled;
  for (const control of lab.sets.querySelectorAll("button")) control.disabled = lab.rollInput.disabled;
  /** @type {HTMLButtonElement} */ (lab.addButton).disabled = lab.rollInput.disabled;
}

/**
 * The kit's permalinks: the page's address fills in the form (the first time only when it has
 * a seed: the address was already applied), a clicked one fills in and rolls.
 * @param {Lab} lab
 */
function followPermalinks(lab) {
  let started = false;
  lab.w.rollsFromPermalinks(lab.resultBox, {
    /** @param {URLSearchParams} params */
    prefill(params) {
      if (!started) {
        started = true;
        return (params.get("seed") || "").trim() !== "";
      }
      return apply(lab, params);
    },
    update: () => update(lab),
    roll: () => roll(lab),
  });
}

/**
 * Inputs from the address other than the page's own: what is shown (the page's own answer)
 * is marked until the engine answers them.
 * @param {Lab} lab
 */
function markForeignStart(lab) {
  const first = lab.root.dataset.first ? JSON.parse(lab.root.dataset.first).request : null;
  if (first && JSON.stringify(request(askedOf(lab))) !== JSON.stringify({ action: "lab", system: first.system, roll: first.roll, house: first.house, seed: first.seed })) {
    lab.odds.stale(true);
  }
}

// --- the widget ----------------------------------------------------------------------------------
/**
 * The lab in `root`: the address first (before the kit reads the fields), then the kit, then
 * the lab's own wiring.
 * @param {HTMLElement} root
 */
function attachLab(root) {
  const lab = labOf(root);
  const startParams = new URLSearchParams(location.search);
  if (["system", "house", "roll", "seed"].some((name) => startParams.has(name))) apply(lab, startParams);
  const w = engineForm(root, { prefix: PREFIX, fields: ["roll", "seed"], readyText: READY_TEXT });
  lab.w = w;
  syncHeadline(lab);
  lab.odds = w.region(lab.oddsBox, { words: "Odds for the last valid input", key: () => inputsKey(lab) });
  lab.rolled = w.region(lab.resultBox, { words: "Roll for earlier inputs", key: () => inputsKey(lab), reveal: true });
  lab.latest = newestOnly();
  lab.latestRoll = newestOnly();
  lab.pause = afterPause((/** @type {boolean} */ typing) => update(lab, typing));
  new MutationObserver(() => syncControls(lab)).observe(root, { attributes: true, attributeFilter: ["data-state"] });
  lab.sets.addEventListener("focusout", () => {
    if (lab.held) showHouseError(lab, lab.held.n, lab.held.error);
  });
  wireRoll(lab);
  wireHouses(lab);
  wireAddress(lab);
  watchWidth(lab);
  w.onSubmit(() => roll(lab));
  w.watchSeed((/** @type {string} */ seed) => ({ ...request(askedOf(lab)), seed }));
  followPermalinks(lab);
  syncControls(lab);
  markForeignStart(lab);
  renumber(lab);
}

export const WIDGETS = { lab: attachLab };
