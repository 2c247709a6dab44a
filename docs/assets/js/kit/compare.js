// @ts-check
// Compare: the reader adds a widget's current inputs as a row, changes them, adds again, and
// sees every row's exact odds side by side: one chart with every row overlaid and one exact
// table, in three views (the chance of exactly, at least or at most each outcome).
//
// Generic: it never names a system. A widget whose odds carry `outcomes` (outcome → "num/den",
// ascending, as every system's `odds` by notation answers) and a `notation` gets the panel in
// its markup (macros/widget_html.py: details.srd-compare); its view calls
// `attachCompare(root, {engine, term})` once and `compare.offer(result)` with each odds reply
// (null when its inputs cannot be read). A row is the notation; the engine's `odds` by notation
// ({action: "odds", notation, and the widget's data-view as its system}) answers it again when the
// comparison is opened from an address.
//
// The address: `compare=<notation>` once per row (in order) and `compare-view=at-least|at-most`
// (no word: exactly), for the page's first Compare panel; another panel of the same page uses
// `<widget id>-compare` and `<widget id>-compare-view`. Every other parameter is kept.
//
// Exact arithmetic: "at least" and "at most" are sums of the engine's fractions in BigInt
// (exact.js); the chart's parts are chart.js's.

import { el } from "./widget-kit.js";
import { exportControls } from "./table-export.js";
import { SHAPES, axisTitles, frame, seriesGroup, svg, swatch } from "./chart.js";
import { outcomeOrder, parseRatio, percentText, ratioFloat, ratioText, viewValues } from "./exact.js";

/** @typedef {import("./exact.js").Ratio} Ratio */
/** @typedef {import("./exact.js").View} View */
/** @typedef {import("./chart.js").Frame} Frame */
/**
 * A row of the comparison: a notation and its exact odds once the engine has answered them.
 * @typedef {{notation: string, keys: string[], chance: Map<string, Ratio>, cut: string,
 *   state: "ready" | "loading" | "error", message?: string}} Row
 */
/**
 * The engine as the page's runtime gives it (runtime/engine.js), the parts Compare uses.
 * @typedef {{call(request: object): Promise<any>, status: string,
 *   whenRestarted(callback: () => void): void, whenSettled(callback: () => void): void}} Engine
 */
/** @typedef {{rows: string, view: string}} AddressKeys  the address's parameter names */

const MAX_ROWS = SHAPES.length;
const PRINT_COLUMNS = 6;
/** @type {{key: View, words: string, caption: string}[]} */
const VIEWS = [
  { key: "exactly", words: "exactly", caption: "exactly each" },
  { key: "at-least", words: "at least", caption: "at least each" },
  { key: "at-most", words: "at most", caption: "at most each" },
];

/**
 * @param {View} view
 * @returns {{key: View, words: string, caption: string}}
 */
const viewOf = (view) => VIEWS.find((v) => v.key === view) || VIEWS[0];

/**
 * @param {number} count
 * @returns {string}  "1 row", "2 rows"
 */
const rowCount = (count) => `${count} ${count === 1 ? "row" : "rows"}`;

// --- outcomes -------------------------------------------------------------------------------
/**
 * A row from the engine's odds reply.
 * @param {any} result
 * @returns {Row}
 */
function rowFrom(result) {
  const keys = Object.keys(result.outcomes);
  const chance = new Map(keys.map((key) => [key, parseRatio(result.outcomes[key])]));
  const cut = result.cut_mass && !/^0(\/\d+)?$/.test(String(result.cut_mass)) ? String(result.cut_mass) : "";
  return { notation: String(result.notation), keys, chance, cut, state: "ready" };
}

/**
 * @param {any} result
 * @returns {boolean}  whether an odds reply's result has outcomes to compare
 */
const canCompare = (result) => Boolean(result && typeof result.notation === "string"
  && result.outcomes && typeof result.outcomes === "object" && !Array.isArray(result.outcomes)
  && Object.keys(result.outcomes).length);

// --- the chart ------------------------------------------------------------------------------
/**
 * The smallest of 1, 2, 2.5, 5 × 10^k at least `top` (the y axis's end), with 4 steps.
 * @param {number} top
 * @returns {number}
 */
function axisTop(top) {
  if (top >= 1) return 1;
  let scale = 1;
  while (scale / 10 >= top && scale > 1e-9) scale /= 10;
  for (const step of [0.1, 0.2, 0.25, 0.5, 1]) if (scale * step >= top - 1e-12) return scale * step;
  return scale;
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
    const y = yOf(p);
    axes.append(svg("line", { x1: f.left, x2: f.W - f.right, y1: y.toFixed(1), y2: y.toFixed(1), class: step ? "srd-compare__grid" : "srd-compare__axis" }),
      svg("text", { x: f.left - 6, y: (y + 4).toFixed(1), "text-anchor": "end", class: "srd-compare__tick" }, `${+(100 * p).toFixed(2)}%`));
  }
}

/**
 * The outcomes under the x axis, each with a tick (as many as fit side by side; turned when long).
 * @param {SVGElement} axes
 * @param {Frame} f
 * @param {string[]} keys
 * @param {boolean} rotate
 * @param {(i: number) => number} xOf
 */
function xLabels(axes, f, keys, rotate, xOf) {
  const { top, plotW, plotH } = f;
  const room = Math.max(2, Math.floor(plotW / (rotate ? 20 : 30))); // labels that fit side by side
  const every = Math.max(1, Math.ceil(keys.length / room));
  keys.forEach((key, i) => {
    if (i % every) return;
    const x = xOf(i);
    axes.append(svg("line", { x1: x.toFixed(1), x2: x.toFixed(1), y1: top + plotH, y2: top + plotH + 5, class: "srd-compare__axis" }));
    const label = svg("text", { x: x.toFixed(1), y: top + plotH + 18, "text-anchor": rotate ? "end" : "middle", class: "srd-compare__tick",
      transform: rotate ? `rotate(-35 ${x.toFixed(1)} ${top + plotH + 14})` : null }, key.replace(/^-/, "−"));
    axes.append(label);
  });
}

/**
 * Every ready row's chance of each outcome in the view, one line each. `W`: the chart's
 * width in CSS pixels (it is drawn at the width it is shown at, so its text stays the page's
 * size on a phone).
 * @param {Row[]} rows
 * @param {string[]} keys
 * @param {View} view
 * @param {string} term
 * @param {number} [W]
 * @returns {SVGElement}
 */
function chart(rows, keys, view, term, W = 640) {
  const rotate = keys.some((key) => key.length > 3);
  const f = frame(W, Math.round(Math.max(240, Math.min(320, W * 0.6))), rotate ? 96 : 58);
  const values = rows.map((row) => viewValues(row, keys, view).map(ratioFloat));
  const yTop = view === "exactly" ? axisTop(Math.max(1e-9, ...values.flat())) : 1;
  /** @param {number} i */
  const xOf = (i) => f.left + ((i + 0.5) * f.plotW) / keys.length;
  /** @param {number} p */
  const yOf = (p) => f.top + f.plotH - (p / yTop) * f.plotH;
  const words = viewOf(view).words;
  const figure = svg("svg", { class: "srd-compare__svg", viewBox: `0 0 ${W} ${f.H}`, role: "img", preserveAspectRatio: "xMidYMid meet",
    "aria-label": `Chart: the chance of ${words} each ${term.toLowerCase()}, one line per row (${rows.map((r) => r.notation).join("; ")}); the exact values are in the table below.` });
  const axes = svg("g", { class: "srd-compare__axes" });
  yGrid(axes, f, yTop, yOf);
  xLabels(axes, f, keys, rotate, xOf);
  axes.append(...axisTitles(f, term, `Chance (${words})`));
  figure.append(axes);
  rows.forEach((row, index) => {
    const points = values[index].map((p, i) => ({ x: xOf(i), y: yOf(p), title: `${row.notation}: ${words} ${keys[i]}: ${(100 * p).toFixed(2)}%` }));
    figure.append(seriesGroup(index, points, row.notation));
  });
  return figure;
}

// --- the panel's parts ----------------------------------------------------------------------
/**
 * The address's parameter names for the panel of `root`.
 * @param {HTMLElement} root
 * @returns {AddressKeys}
 */
function addressKeys(root) {
  const first = document.querySelector(".srd-compare[data-compare]");
  const prefix = first && root.contains(first) ? "" : `${root.id}-`;
  return { rows: `${prefix}compare`, view: `${prefix}compare-view` };
}

/**
 * The panel's elements; `shown` (view, chart, table, notes) is in the page only while there are rows.
 * @param {string} id  the widget's id
 * @param {View} view
 */
function panelParts(id, view) {
  // Add says when it cannot add (aria-disabled, not disabled: a keyboard user who just added
  // a row keeps the focus on it).
  const addButton = el("button", { type: "button", class: "md-button md-button--primary srd-compare__add", "aria-disabled": "true" }, "Add to comparison");
  const clearButton = /** @type {HTMLButtonElement} */ (el("button", { type: "button", class: "md-button srd-compare__clear", disabled: "" }, "Clear all"));
  const status = el("p", { class: "srd-compare__status", role: "status", "aria-live": "polite" });
  const viewBox = el("fieldset", { class: "srd-compare__view" }, el("legend", {}, "Chance of"),
    ...VIEWS.map((v) => el("label", { class: "srd-compare__choice" },
      el("input", { type: "radio", name: `${id}-compare-view`, value: v.key, checked: v.key === view ? "" : null }), ` ${v.words}`)));
  const legend = el("ul", { class: "srd-compare__legend", "aria-label": "Rows of the comparison" });
  const chartBox = el("div", { class: "srd-compare__chart" });
  const caption = el("caption", {});
  const table = /** @type {HTMLTableElement} */ (el("table", { class: "srd-table srd-compare__table" }, caption, el("thead"), el("tbody")));
  // On paper a table wider than A4 prints as parts of PRINT_COLUMNS outcomes, each with the rows' names.
  const printParts = el("div", { class: "srd-compare__print", "aria-hidden": "true" });
  const tableWrap = el("div", { class: "srd-table-wrap srd-compare__wrap", role: "region", tabindex: "0", "aria-label": "Comparison, exact values" }, table);
  const notes = el("div", { class: "srd-compare__notes" });
  const tools = exportControls(table, "Comparison", { file: `${id}-comparison` });
  const shown = el("div", { class: "srd-compare__shown" }, viewBox,
    el("figure", { class: "srd-compare__figure" }, chartBox, legend), tableWrap, printParts, tools, notes);
  return { addButton, clearButton, status, viewBox, legend, chartBox, caption, table, printParts, notes, shown };
}

/**
 * One Compare panel's state: its rows, its view, the widget's odds now on screen and its parts.
 * @typedef {{panel: HTMLDetailsElement, engine: Engine, term: string, system: string | undefined,
 *   keys: AddressKeys, rows: Row[], view: View, current: Row | null, drawnWidth: number,
 *   count: Element | null, body: Element, parts: ReturnType<typeof panelParts>}} Compare
 */

/**
 * @param {Compare} c
 * @param {string} text
 */
function say(c, text) {
  c.parts.status.textContent = text;
}

/**
 * The address follows the rows and the view.
 * @param {Compare} c
 */
function writeAddress(c) {
  const url = new URL(location.href);
  const params = url.searchParams;
  params.delete(c.keys.rows);
  params.delete(c.keys.view);
  for (const row of c.rows) params.append(c.keys.rows, row.notation);
  if (c.rows.length && c.view !== "exactly") params.set(c.keys.view, c.view);
  if (url.href === location.href) return;
  try {
    history.replaceState(history.state, "", url.href);
  } catch (error) {
    console.warn("the address could not hold the comparison:", error);
  }
}

// --- showing --------------------------------------------------------------------------------
/**
 * Add's words, and whether (and why not) it can add what is on screen.
 * @param {Compare} c
 */
function addLabel(c) {
  const { current, rows } = c;
  const addButton = c.parts.addButton;
  addButton.textContent = current ? `Add ${current.notation}` : "Add to comparison";
  addButton.setAttribute("aria-label", current ? `Add ${current.notation} to the comparison` : "Add to comparison");
  const already = current && rows.some((row) => row.notation === current.notation);
  addButton.setAttribute("aria-disabled", String(!current || already || rows.length >= MAX_ROWS));
  addButton.title = !current ? "These inputs have no odds to compare." : already ? "Already in the comparison."
    : rows.length >= MAX_ROWS ? `At most ${MAX_ROWS} rows.` : "";
}

/**
 * The legend: each row with its swatch (once ready), its state and its Remove.
 * @param {Compare} c
 * @param {Row[]} ready
 */
function drawLegend(c, ready) {
  c.parts.legend.replaceChildren(...c.rows.map((row) => {
    const remove = el("button", { type: "button", class: "srd-compare__remove", "aria-label": `Remove ${row.notation}` }, "Remove");
    remove.addEventListener("click", () => removeRow(c, row.notation));
    const state = row.state === "loading" ? el("span", { class: "srd-compare__row-note" }, " loading…")
      : row.state === "error" ? el("span", { class: "srd-compare__row-note srd-compare__row-note--error" }, ` ${row.message}`) : null;
    return el("li", { class: "srd-compare__item", "data-row": row.notation },
      row.state === "ready" ? swatch(ready.indexOf(row)) : null, el("code", {}, row.notation), state, remove);
  }));
}

/**
 * The exact table: a row a notation, a column an outcome, in the view.
 * @param {Compare} c
 * @param {string[]} order
 */
function drawTable(c, order) {
  const { caption, table } = c.parts;
  caption.textContent = `Chance of ${viewOf(c.view).caption} ${c.term.toLowerCase()}`;
  const head = el("tr", {}, el("th", { scope: "col" }, `Row \\ ${c.term}`),
    ...order.map((key) => el("th", { scope: "col", class: "srd-num" }, key.replace(/^-/, "−"))));
  /** @type {HTMLTableSectionElement} */ (table.tHead).replaceChildren(head);
  const bodyRows = c.rows.map((row) => {
    const cells = row.state !== "ready"
      ? [el("td", { colspan: String(Math.max(order.length, 1)), class: "srd-compare__pending" }, row.state === "loading" ? "Loading…" : row.message)]
      : viewValues(row, order, c.view).map((value, i) => el("td", { class: "srd-compare__cell", "data-outcome": order[i], "data-ratio": ratioText(value) },
        el("span", { class: "srd-exact" }, ratioText(value)), " ", el("span", { class: "srd-pct" }, percentText(value))));
    return el("tr", { "data-row": row.notation }, el("th", { scope: "row" }, row.notation), ...cells);
  });
  table.tBodies[0].replaceChildren(...bodyRows);
}

/**
 * The table again for paper, in parts of PRINT_COLUMNS outcomes when it has more.
 * @param {Compare} c
 * @param {string[]} order
 */
function drawPrintParts(c, order) {
  const { printParts, shown, table } = c.parts;
  printParts.replaceChildren();
  const partCount = Math.ceil(order.length / PRINT_COLUMNS);
  shown.classList.toggle("srd-compare__shown--split", partCount > 1);
  for (let part = 0; partCount > 1 && part < partCount; part++) {
    const columns = new Set(order.slice(part * PRINT_COLUMNS, (part + 1) * PRINT_COLUMNS));
    const copy = /** @type {HTMLTableElement} */ (table.cloneNode(true));
    copy.className = "srd-table srd-compare__part";
    /** @type {HTMLTableCaptionElement} */ (copy.caption).textContent += ` (part ${part + 1} of ${partCount})`;
    for (const cell of copy.querySelectorAll("td[data-outcome]")) if (!columns.has(/** @type {HTMLElement} */ (cell).dataset.outcome || "")) cell.remove();
    /** @type {HTMLTableSectionElement} */ (copy.tHead).rows[0].querySelectorAll("th").forEach((th, i) => {
      if (i > 0 && !columns.has(order[i - 1])) th.remove();
    });
    printParts.append(copy);
  }
}

/**
 * Everything the panel shows, from its rows and view.
 * @param {Compare} c
 */
function render(c) {
  const { rows, parts } = c;
  if (c.count) c.count.textContent = rows.length ? ` (${rowCount(rows.length)})` : "";
  c.panel.dataset.rows = String(rows.length);
  parts.clearButton.disabled = rows.length === 0;
  addLabel(c);
  if (rows.length && !parts.shown.isConnected) c.body.append(parts.shown);
  else if (!rows.length) parts.shown.remove();
  for (const radio of parts.viewBox.querySelectorAll("input")) radio.checked = radio.value === c.view;
  const ready = rows.filter((row) => row.state === "ready");
  const order = outcomeOrder(ready);
  drawLegend(c, ready);
  drawChart(c, ready, order);
  drawTable(c, order);
  drawPrintParts(c, order);
  parts.notes.replaceChildren(...ready.filter((row) => row.cut).map((row) => el("p", { class: "srd-odds__note" },
    `${row.notation}: open-ended dice were followed until ${row.cut} of the chance was left; that tail is left out, so its values are short by at most that much.`)));
}

/**
 * The chart's width: the width it has, between 300 and 640 CSS pixels.
 * @param {Compare} c
 * @returns {number}
 */
function chartWidth(c) {
  return Math.round(Math.min(640, Math.max(300, c.parts.shown.clientWidth || 640)));
}

/**
 * The chart at the width it has (again when that changes: a turned phone, an opened panel).
 * @param {Compare} c
 * @param {Row[]} [ready]
 * @param {string[]} [order]
 */
function drawChart(c, ready = c.rows.filter((row) => row.state === "ready"), order = outcomeOrder(ready)) {
  c.drawnWidth = chartWidth(c);
  c.parts.chartBox.replaceChildren(ready.length ? chart(ready, order, c.view, c.term, c.drawnWidth)
    : el("p", { class: "srd-compare__waiting" }, c.rows.some((row) => row.state === "loading")
      ? "Loading the dice engine: the chart appears once it has answered." : "No row has odds to draw."));
}

/**
 * @param {Compare} c
 */
function update(c) {
  render(c);
  writeAddress(c);
}

// --- the reader's actions -------------------------------------------------------------------
/**
 * @param {Compare} c
 * @param {string} notation
 */
function removeRow(c, notation) {
  const index = c.rows.findIndex((row) => row.notation === notation);
  if (index === -1) return;
  c.rows.splice(index, 1);
  update(c);
  say(c, `Removed ${notation}. ${c.rows.length ? `${c.rows.length} left.` : "The comparison is empty."}`);
  // Focus stays in the list: on the next row's Remove (the last one's when the last went);
  // once the comparison is empty, on Add.
  const next = c.parts.legend.querySelectorAll(".srd-compare__remove")[Math.min(index, c.rows.length - 1)];
  /** @type {HTMLElement} */ (next || c.parts.addButton).focus();
}

/**
 * Add, Clear all, the view's choice and the chart's width.
 * @param {Compare} c
 */
function wire(c) {
  const { addButton, clearButton, viewBox, shown } = c.parts;
  addButton.addEventListener("click", () => {
    const current = c.current;
    if (addButton.getAttribute("aria-disabled") === "true" || !current) return say(c, addButton.title || "Nothing to add.");
    c.rows.push(current);
    update(c);
    say(c, `Added ${current.notation}: ${rowCount(c.rows.length)}.`);
  });
  clearButton.addEventListener("click", () => {
    c.rows = [];
    update(c);
    say(c, "The comparison is empty.");
    addButton.focus();
  });
  viewBox.addEventListener("change", (/** @type {Event} */ event) => {
    const target = /** @type {HTMLInputElement} */ (event.target);
    if (!target.matches("input[type=radio]")) return;
    c.view = /** @type {View} */ (target.value);
    update(c);
  });
  // Printed (or saved as PDF) with its rows, the panel prints open (print.css opens details).
  if (window.ResizeObserver) {
    new ResizeObserver(() => {
      if (c.rows.length && shown.clientWidth && Math.abs(chartWidth(c) - c.drawnWidth) > 8) drawChart(c);
    }).observe(shown);
  }
}

// --- a comparison from the address: each row asked again by its notation ---------------------
/**
 * @param {Compare} c
 * @param {Row} row
 */
async function ask(c, row) {
  const reply = await c.engine.call({ action: "odds", system: c.system, notation: row.notation });
  if (!c.rows.includes(row)) return;
  if (reply && reply.ok && canCompare(reply.result)) {
    Object.assign(row, rowFrom(reply.result), { notation: row.notation });
  } else {
    row.state = "error";
    row.message = reply && reply.ok ? "these odds have no outcomes to compare" : String((reply && reply.error && reply.error.message) || "the engine could not answer");
  }
}

/**
 * The engine could not load: once a Retry (the widget's) has loaded it, the rows it could
 * not answer are asked again.
 * @param {Compare} c
 */
function askAgainAfterRetry(c) {
  c.engine.whenRestarted(() => c.engine.whenSettled(async () => {
    const again = c.rows.filter((row) => row.state === "error");
    for (const row of again) row.state = "loading";
    render(c);
    await Promise.all(again.map((row) => ask(c, row)));
    render(c);
  }));
}

/**
 * The rows and view the address holds, asked of the engine.
 * @param {Compare} c
 */
async function restore(c) {
  const params = new URLSearchParams(location.search);
  const asked = [...new Set(params.getAll(c.keys.rows).map((text) => text.trim()).filter(Boolean))].slice(0, MAX_ROWS);
  const wanted = params.get(c.keys.view);
  const known = VIEWS.find((v) => v.key === wanted);
  if (known) c.view = known.key;
  if (!asked.length) return;
  c.rows = asked.map((notation) => ({ notation, keys: [], chance: new Map(), cut: "", state: "loading" }));
  c.panel.open = true;
  render(c);
  if (c.engine.status === "loading") say(c, `Loading the dice engine: ${rowCount(c.rows.length)} to compare.`);
  const mine = c.rows;
  await Promise.all(mine.map((row) => ask(c, row)));
  if (c.rows !== mine && !mine.some((row) => c.rows.includes(row))) return;
  render(c);
  const failed = c.rows.filter((row) => row.state === "error").length;
  say(c, failed ? `${failed} of the ${c.rows.length} rows could not be read.` : `Comparing ${rowCount(c.rows.length)}.`);
  if (c.engine.status === "failed") askAgainAfterRetry(c);
}

const NOOP = { offer() {} };

/**
 * Fills the Compare panel of widget `root` (once) and returns what its view tells it: `offer`
 * with each odds reply's result (null when the widget's inputs cannot be read).
 * @param {HTMLElement} root
 * @param {{engine: Engine, term?: string}} options
 * @returns {{offer(result: any): void}}
 */
export function attachCompare(root, { engine, term = "Outcome" }) {
  const panel = /** @type {HTMLDetailsElement | null} */ (root.querySelector(":scope > .srd-compare"));
  if (!panel || panel.dataset.compareReady !== undefined) return NOOP;
  panel.dataset.compareReady = "";
  const id = root.id || "widget";
  /** @type {View} */
  const view = "exactly";
  /** @type {Compare} */
  const c = {
    panel, engine, term, system: root.dataset.view, keys: addressKeys(root), rows: [], view, current: null, drawnWidth: 0,
    count: panel.querySelector(".srd-compare__count"), body: /** @type {Element} */ (panel.querySelector(".srd-compare__body")),
    parts: panelParts(id, view),
  };
  c.body.replaceChildren(
    el("p", { class: "srd-compare__intro" }, "Add the inputs above as a row, change them and add again: every row's exact odds, side by side."),
    el("div", { class: "srd-compare__actions" }, c.parts.addButton, c.parts.clearButton), c.parts.status);
  wire(c);
  render(c);
  restore(c);
  return {
    offer(result) {
      c.current = canCompare(result) ? rowFrom(result) : null;
      addLabel(c);
    },
  };
}
