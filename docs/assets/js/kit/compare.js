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
// Exact arithmetic: "at least" and "at most" are sums of the engine's fractions in BigInt.

import { el } from "./widget-kit.js";
import { exportControls } from "./table-export.js";

// Markers and dash patterns: each row is told apart by its shape and its line, not only its colour.
export const SHAPES = ["circle", "square", "triangle", "diamond", "down", "cross", "plus", "bar"];
export const DASHES = ["", "7 4", "2 3", "9 3 2 3", "14 4", "1 5", "5 2 1 2 1 2", "11 3 3 3"];
export const MAX_ROWS = SHAPES.length;
const PRINT_COLUMNS = 6;
const VIEWS = [
  { key: "exactly", words: "exactly", caption: "exactly each" },
  { key: "at-least", words: "at least", caption: "at least each" },
  { key: "at-most", words: "at most", caption: "at most each" },
];

// --- exact fractions in BigInt -------------------------------------------------------------
const gcd = (a, b) => {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y) [x, y] = [y, x % y];
  return x;
};

// [num, den] of "num/den" (or of a whole number), reduced.
export function parseRatio(text) {
  const match = /^\s*(\d+)\s*(?:\/\s*(\d+))?\s*$/.exec(String(text));
  if (!match) throw new Error(`not a fraction: ${text}`);
  const num = BigInt(match[1]);
  const den = BigInt(match[2] || "1");
  if (den === 0n) throw new Error(`not a fraction: ${text}`);
  const common = gcd(num, den) || 1n;
  return [num / common, den / common];
}

export function addRatios([a, b], [c, d]) {
  const num = a * d + c * b;
  const den = b * d;
  const common = gcd(num, den) || 1n;
  return [num / common, den / common];
}

export const ratioText = ([num, den]) => (den === 1n ? `${num}` : `${num}/${den}`);

// A fraction as a float, for drawing only.
const drawn = ([num, den]) => Number((num * 1_000_000_000n) / den) / 1e9;

// A chance as the engine writes it for people (core/exact.py `percent(p, 2)`): two decimals,
// halves rounded up, and "<0.01%" / ">99.99%" for what is not 0 or 1 but rounds to it.
export function percentText([num, den]) {
  if (num === 0n) return "0.00%";
  if (num === den) return "100.00%";
  if (num * 20000n < den) return "<0.01%";
  if ((den - num) * 20000n < den) return ">99.99%";
  const hundredths = (num * 20000n + den) / (2n * den); // round(p × 10 000), halves up
  const whole = hundredths / 100n;
  return `${whole}.${String(hundredths % 100n).padStart(2, "0")}%`;
}

// --- outcomes -------------------------------------------------------------------------------
// Every row's outcomes in one order: numbers ascending when every outcome is a whole number,
// else in the order the rows give them (each row's own order is the engine's, ascending).
export function outcomeOrder(rows) {
  const keys = [];
  for (const row of rows) {
    let at = 0;
    for (const key of row.keys) {
      const found = keys.indexOf(key);
      if (found === -1) keys.splice(at, 0, key);
      at = (found === -1 ? at : found) + 1;
    }
  }
  if (keys.every((key) => /^-?\d+$/.test(key))) keys.sort((a, b) => Number(a) - Number(b));
  return keys;
}

// One row's chance of each outcome of `keys`, in the view: [num, den] each.
export function viewValues(row, keys, view) {
  const exact = keys.map((key) => (row.chance.has(key) ? row.chance.get(key) : [0n, 1n]));
  if (view === "exactly") return exact;
  const out = new Array(keys.length);
  let sum = [0n, 1n];
  if (view === "at-most") {
    for (let i = 0; i < keys.length; i++) out[i] = sum = addRatios(sum, exact[i]);
  } else {
    for (let i = keys.length - 1; i >= 0; i--) out[i] = sum = addRatios(sum, exact[i]);
  }
  return out;
}

// A row from the engine's odds reply: {notation, keys, chance: Map key → [num, den], cut}.
function rowFrom(result) {
  const keys = Object.keys(result.outcomes);
  const chance = new Map(keys.map((key) => [key, parseRatio(result.outcomes[key])]));
  const cut = result.cut_mass && !/^0(\/\d+)?$/.test(String(result.cut_mass)) ? String(result.cut_mass) : "";
  return { notation: String(result.notation), keys, chance, cut, state: "ready" };
}

const canCompare = (result) => Boolean(result && typeof result.notation === "string"
  && result.outcomes && typeof result.outcomes === "object" && !Array.isArray(result.outcomes)
  && Object.keys(result.outcomes).length);

// --- the chart ------------------------------------------------------------------------------
const SVG = "http://www.w3.org/2000/svg";
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== null && value !== undefined) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

// A marker of `shape` centred on (x, y).
export function marker(shape, x, y, r = 4.5) {
  const at = (points) => points.map(([dx, dy]) => `${(x + dx * r).toFixed(1)},${(y + dy * r).toFixed(1)}`).join(" ");
  switch (shape) {
    case "circle": return svg("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r });
    case "square": return svg("rect", { x: (x - r * 0.85).toFixed(1), y: (y - r * 0.85).toFixed(1), width: (1.7 * r).toFixed(1), height: (1.7 * r).toFixed(1) });
    case "triangle": return svg("polygon", { points: at([[0, -1.1], [1, 0.75], [-1, 0.75]]) });
    case "diamond": return svg("polygon", { points: at([[0, -1.2], [1.1, 0], [0, 1.2], [-1.1, 0]]) });
    case "down": return svg("polygon", { points: at([[0, 1.1], [1, -0.75], [-1, -0.75]]) });
    case "cross": return svg("path", { d: `M${at([[-1, -1]])}L${at([[1, 1]])}M${at([[1, -1]])}L${at([[-1, 1]])}`, class: "srd-compare__stroke" });
    case "plus": return svg("path", { d: `M${at([[-1.2, 0]])}L${at([[1.2, 0]])}M${at([[0, -1.2]])}L${at([[0, 1.2]])}`, class: "srd-compare__stroke" });
    default: return svg("rect", { x: (x - r * 0.45).toFixed(1), y: (y - r * 1.2).toFixed(1), width: (0.9 * r).toFixed(1), height: (2.4 * r).toFixed(1) });
  }
}

// A small sample of a row's line and marker, for the legend.
export function swatch(index) {
  return svg("svg", { class: `srd-compare__swatch srd-compare__series--${index}`, viewBox: "0 0 36 14", width: "36", height: "14", "aria-hidden": "true", focusable: "false" },
    svg("line", { x1: "1", y1: "7", x2: "35", y2: "7", "stroke-dasharray": DASHES[index] || null, class: "srd-compare__line" }),
    svg("g", { class: "srd-compare__marks" }, marker(SHAPES[index], 18, 7, 4)));
}

// The smallest of 1, 2, 2.5, 5 × 10^k at least `top` (the y axis's end), with 4 steps.
function axisTop(top) {
  if (top >= 1) return 1;
  let scale = 1;
  while (scale / 10 >= top && scale > 1e-9) scale /= 10;
  for (const step of [0.1, 0.2, 0.25, 0.5, 1]) if (scale * step >= top - 1e-12) return scale * step;
  return scale;
}

// `W`: the chart's width in CSS pixels (it is drawn at the width it is shown at, so its text
// stays the page's size on a phone).
function chart(rows, keys, view, term, W = 640) {
  const H = Math.round(Math.max(240, Math.min(320, W * 0.6)));
  const left = 58;
  const right = 14;
  const top = 14;
  const rotate = keys.some((key) => key.length > 3);
  const bottom = rotate ? 96 : 58;
  const plotW = W - left - right;
  const plotH = H - top - bottom;
  const values = rows.map((row) => viewValues(row, keys, view).map(drawn));
  const yTop = view === "exactly" ? axisTop(Math.max(1e-9, ...values.flat())) : 1;
  const xOf = (i) => left + ((i + 0.5) * plotW) / keys.length;
  const yOf = (p) => top + plotH - (p / yTop) * plotH;
  const words = VIEWS.find((v) => v.key === view).words;
  const figure = svg("svg", { class: "srd-compare__svg", viewBox: `0 0 ${W} ${H}`, role: "img", preserveAspectRatio: "xMidYMid meet",
    "aria-label": `Chart: the chance of ${words} each ${term.toLowerCase()}, one line per row (${rows.map((r) => r.notation).join("; ")}); the exact values are in the table below.` });
  const axes = svg("g", { class: "srd-compare__axes" });
  for (let step = 0; step <= 4; step++) {
    const p = (yTop * step) / 4;
    const y = yOf(p);
    axes.append(svg("line", { x1: left, x2: W - right, y1: y.toFixed(1), y2: y.toFixed(1), class: step ? "srd-compare__grid" : "srd-compare__axis" }),
      svg("text", { x: left - 6, y: (y + 4).toFixed(1), "text-anchor": "end", class: "srd-compare__tick" }, `${+(100 * p).toFixed(2)}%`));
  }
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
  axes.append(svg("line", { x1: left, x2: left, y1: top, y2: top + plotH, class: "srd-compare__axis" }),
    svg("text", { x: left + plotW / 2, y: H - 8, "text-anchor": "middle", class: "srd-compare__title" }, term),
    svg("text", { x: 14, y: top + plotH / 2, "text-anchor": "middle", class: "srd-compare__title",
      transform: `rotate(-90 14 ${top + plotH / 2})` }, `Chance (${words})`));
  figure.append(axes);
  rows.forEach((row, index) => {
    const points = values[index].map((p, i) => `${xOf(i).toFixed(1)},${yOf(p).toFixed(1)}`).join(" ");
    const series = svg("g", { class: `srd-compare__series srd-compare__series--${index}`, "data-series": row.notation });
    series.append(svg("polyline", { points, class: "srd-compare__line", "stroke-dasharray": DASHES[index] || null }));
    const marks = svg("g", { class: "srd-compare__marks" });
    values[index].forEach((p, i) => {
      const shape = marker(SHAPES[index], xOf(i), yOf(p));
      shape.append(svg("title", {}, `${row.notation}: ${words} ${keys[i]}: ${(100 * p).toFixed(2)}%`));
      marks.append(shape);
    });
    series.append(marks);
    figure.append(series);
  });
  return figure;
}

// --- the panel ------------------------------------------------------------------------------
const NOOP = { offer() {} };

// The address's parameter names for the panel of `root`.
function addressKeys(root) {
  const first = document.querySelector(".srd-compare[data-compare]");
  const prefix = first && root.contains(first) ? "" : `${root.id}-`;
  return { rows: `${prefix}compare`, view: `${prefix}compare-view` };
}

export function attachCompare(root, { engine, term = "Outcome" } = {}) {
  const panel = root.querySelector(":scope > .srd-compare");
  if (!panel || panel.dataset.compareReady !== undefined) return NOOP;
  panel.dataset.compareReady = "";
  const system = root.dataset.view;
  const id = root.id || "widget";
  const keys = addressKeys(root);
  let rows = []; // {notation, keys, chance, cut, state: "ready"|"loading"|"error", message}
  let view = "exactly";
  let current = null; // the widget's odds now on screen, if they can be compared

  // --- markup ---
  const count = panel.querySelector(".srd-compare__count");
  const body = panel.querySelector(".srd-compare__body");
  // Add says when it cannot add (aria-disabled, not disabled: a keyboard user who just added
  // a row keeps the focus on it).
  const addButton = el("button", { type: "button", class: "md-button md-button--primary srd-compare__add", "aria-disabled": "true" }, "Add to comparison");
  const cannotAdd = () => addButton.getAttribute("aria-disabled") === "true";
  const clearButton = el("button", { type: "button", class: "md-button srd-compare__clear", disabled: "" }, "Clear all");
  const status = el("p", { class: "srd-compare__status", role: "status", "aria-live": "polite" });
  const viewName = `${id}-compare-view`;
  const viewBox = el("fieldset", { class: "srd-compare__view" }, el("legend", {}, "Chance of"),
    ...VIEWS.map((v) => el("label", { class: "srd-compare__choice" },
      el("input", { type: "radio", name: viewName, value: v.key, checked: v.key === view ? "" : null }), ` ${v.words}`)));
  const legend = el("ul", { class: "srd-compare__legend", "aria-label": "Rows of the comparison" });
  const chartBox = el("div", { class: "srd-compare__chart" });
  const caption = el("caption", {});
  const table = el("table", { class: "srd-table srd-compare__table" }, caption, el("thead"), el("tbody"));
  // On paper a table wider than A4 prints as parts of PRINT_COLUMNS outcomes, each with the rows' names.
  const printParts = el("div", { class: "srd-compare__print", "aria-hidden": "true" });
  const tableWrap = el("div", { class: "srd-table-wrap srd-compare__wrap", role: "region", tabindex: "0", "aria-label": "Comparison, exact values" }, table);
  const notes = el("div", { class: "srd-compare__notes" });
  const tools = exportControls(table, "Comparison", { file: `${id}-comparison` });
  const shown = el("div", { class: "srd-compare__shown" }, viewBox,
    el("figure", { class: "srd-compare__figure" }, chartBox, legend), tableWrap, printParts, tools, notes);
  body.replaceChildren(
    el("p", { class: "srd-compare__intro" }, "Add the inputs above as a row, change them and add again: every row's exact odds, side by side."),
    el("div", { class: "srd-compare__actions" }, addButton, clearButton), status);

  function say(text) {
    status.textContent = text;
  }

  // --- the address ---
  function writeAddress() {
    const url = new URL(location.href);
    const params = url.searchParams;
    params.delete(keys.rows);
    params.delete(keys.view);
    for (const row of rows) params.append(keys.rows, row.notation);
    if (rows.length && view !== "exactly") params.set(keys.view, view);
    if (url.href === location.href) return;
    try {
      history.replaceState(history.state, "", url.href);
    } catch (error) {
      console.warn("the address could not hold the comparison:", error);
    }
  }

  // --- showing ---
  function addLabel() {
    addButton.textContent = current ? `Add ${current.notation}` : "Add to comparison";
    addButton.setAttribute("aria-label", current ? `Add ${current.notation} to the comparison` : "Add to comparison");
    const already = current && rows.some((row) => row.notation === current.notation);
    addButton.setAttribute("aria-disabled", String(!current || already || rows.length >= MAX_ROWS));
    addButton.title = !current ? "These inputs have no odds to compare." : already ? "Already in the comparison."
      : rows.length >= MAX_ROWS ? `At most ${MAX_ROWS} rows.` : "";
  }

  function render() {
    count.textContent = rows.length ? ` (${rows.length} ${rows.length === 1 ? "row" : "rows"})` : "";
    panel.dataset.rows = String(rows.length);
    clearButton.disabled = rows.length === 0;
    addLabel();
    // The view, chart and table are in the page only while there are rows.
    if (rows.length && !shown.isConnected) body.append(shown);
    else if (!rows.length) shown.remove();
    for (const radio of viewBox.querySelectorAll("input")) radio.checked = radio.value === view;
    const ready = rows.filter((row) => row.state === "ready");
    const order = outcomeOrder(ready);
    const words = VIEWS.find((v) => v.key === view);

    legend.replaceChildren(...rows.map((row, index) => {
      const remove = el("button", { type: "button", class: "srd-compare__remove", "aria-label": `Remove ${row.notation}` }, "Remove");
      remove.addEventListener("click", () => removeRow(row.notation));
      const state = row.state === "loading" ? el("span", { class: "srd-compare__row-note" }, " loading…")
        : row.state === "error" ? el("span", { class: "srd-compare__row-note srd-compare__row-note--error" }, ` ${row.message}`) : null;
      return el("li", { class: "srd-compare__item", "data-row": row.notation },
        row.state === "ready" ? swatch(ready.indexOf(row)) : null, el("code", {}, row.notation), state, remove);
    }));

    drawChart(ready, order);

    caption.textContent = `Chance of ${words.caption} ${term.toLowerCase()}`;
    const head = el("tr", {}, el("th", { scope: "col" }, `Row \\ ${term}`),
      ...order.map((key) => el("th", { scope: "col", class: "srd-num" }, key.replace(/^-/, "−"))));
    table.tHead.replaceChildren(head);
    const bodyRows = rows.map((row) => {
      const cells = row.state !== "ready"
        ? [el("td", { colspan: String(Math.max(order.length, 1)), class: "srd-compare__pending" }, row.state === "loading" ? "Loading…" : row.message)]
        : viewValues(row, order, view).map((value, i) => el("td", { class: "srd-compare__cell", "data-outcome": order[i], "data-ratio": ratioText(value) },
          el("span", { class: "srd-exact" }, ratioText(value)), " ", el("span", { class: "srd-pct" }, percentText(value))));
      return el("tr", { "data-row": row.notation }, el("th", { scope: "row" }, row.notation), ...cells);
    });
    table.tBodies[0].replaceChildren(...bodyRows);
    printParts.replaceChildren();
    const partCount = Math.ceil(order.length / PRINT_COLUMNS);
    shown.classList.toggle("srd-compare__shown--split", partCount > 1);
    for (let part = 0; partCount > 1 && part < partCount; part++) {
      const columns = new Set(order.slice(part * PRINT_COLUMNS, (part + 1) * PRINT_COLUMNS));
      const copy = table.cloneNode(true);
      copy.className = "srd-table srd-compare__part";
      copy.caption.textContent += ` (part ${part + 1} of ${partCount})`;
      for (const cell of copy.querySelectorAll("td[data-outcome]")) if (!columns.has(cell.dataset.outcome)) cell.remove();
      copy.tHead.rows[0].querySelectorAll("th").forEach((th, i) => {
        if (i > 0 && !columns.has(order[i - 1])) th.remove();
      });
      printParts.append(copy);
    }
    notes.replaceChildren(...ready.filter((row) => row.cut).map((row) => el("p", { class: "srd-odds__note" },
      `${row.notation}: open-ended dice were followed until ${row.cut} of the chance was left; that tail is left out, so its values are short by at most that much.`)));
  }

  // The chart at the width it has (again when that changes: a turned phone, an opened panel).
  let drawnWidth = 0;
  function chartWidth() {
    return Math.round(Math.min(640, Math.max(300, shown.clientWidth || 640)));
  }
  function drawChart(ready = rows.filter((row) => row.state === "ready"), order = outcomeOrder(ready)) {
    drawnWidth = chartWidth();
    chartBox.replaceChildren(ready.length ? chart(ready, order, view, term, drawnWidth)
      : el("p", { class: "srd-compare__waiting" }, rows.some((row) => row.state === "loading")
        ? "Loading the dice engine: the chart appears once it has answered." : "No row has odds to draw."));
  }
  if (window.ResizeObserver) {
    new ResizeObserver(() => {
      if (rows.length && shown.clientWidth && Math.abs(chartWidth() - drawnWidth) > 8) drawChart();
    }).observe(shown);
  }

  function update() {
    render();
    writeAddress();
  }

  function removeRow(notation) {
    const index = rows.findIndex((row) => row.notation === notation);
    if (index === -1) return;
    rows.splice(index, 1);
    update();
    say(`Removed ${notation}. ${rows.length ? `${rows.length} left.` : "The comparison is empty."}`);
    // Focus stays in the list: on the next row's Remove (the last one's when the last went).
    const next = legend.querySelectorAll(".srd-compare__remove")[Math.min(index, rows.length - 1)];
    (next || focusAfterEmpty()).focus();
  }

  // Where focus goes once the comparison is empty: Add, or the panel's summary.
  const focusAfterEmpty = () => addButton;

  addButton.addEventListener("click", () => {
    if (cannotAdd() || !current) return say(addButton.title || "Nothing to add.");
    rows.push(current);
    update();
    say(`Added ${current.notation}: ${rows.length} ${rows.length === 1 ? "row" : "rows"}.`);
  });
  clearButton.addEventListener("click", () => {
    rows = [];
    update();
    say("The comparison is empty.");
    focusAfterEmpty().focus();
  });
  viewBox.addEventListener("change", (event) => {
    if (!event.target.matches("input[type=radio]")) return;
    view = event.target.value;
    update();
  });
  // Printed (or saved as PDF) with its rows, the panel prints open (print.css opens details).

  // --- a comparison from the address: each row asked again by its notation ---
  async function ask(row) {
    const reply = await engine.call({ action: "odds", system, notation: row.notation });
    if (!rows.includes(row)) return;
    if (reply && reply.ok && canCompare(reply.result)) {
      Object.assign(row, rowFrom(reply.result), { notation: row.notation });
    } else {
      row.state = "error";
      row.message = reply && reply.ok ? "these odds have no outcomes to compare" : String((reply && reply.error && reply.error.message) || "the engine could not answer");
    }
  }

  async function restore() {
    const params = new URLSearchParams(location.search);
    const asked = [...new Set(params.getAll(keys.rows).map((text) => text.trim()).filter(Boolean))].slice(0, MAX_ROWS);
    const wanted = params.get(keys.view);
    if (VIEWS.some((v) => v.key === wanted)) view = wanted;
    if (!asked.length) return;
    rows = asked.map((notation) => ({ notation, keys: [], chance: new Map(), cut: "", state: "loading" }));
    panel.open = true;
    render();
    if (engine.status === "loading") say(`Loading the dice engine: ${rows.length} ${rows.length === 1 ? "row" : "rows"} to compare.`);
    const mine = rows;
    await Promise.all(mine.map(ask));
    if (rows !== mine && !mine.some((row) => rows.includes(row))) return;
    render();
    const failed = rows.filter((row) => row.state === "error").length;
    say(failed ? `${failed} of the ${rows.length} rows could not be read.` : `Comparing ${rows.length} ${rows.length === 1 ? "row" : "rows"}.`);
    // The engine could not load: once a Retry (the widget's) has loaded it, ask again.
    if (engine.status === "failed") {
      engine.whenRestarted(() => engine.whenSettled(async () => {
        const again = rows.filter((row) => row.state === "error");
        for (const row of again) row.state = "loading";
        render();
        await Promise.all(again.map(ask));
        render();
      }));
    }
  }

  render();
  restore();

  return {
    // The widget's odds now on screen (an engine reply's result), or null when its inputs
    // cannot be read: what Add adds.
    offer(result) {
      current = canCompare(result) ? rowFrom(result) : null;
      addLabel();
    },
  };
}
