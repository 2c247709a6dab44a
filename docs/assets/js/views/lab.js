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
import { DASHES, SHAPES, marker, svg, swatch } from "../kit/compare.js";
import { shareButton } from "../kit/share.js";
import { downloadText, fileStem } from "../kit/table-export.js";

const PREFIX = "lab";
const ODDS_SEED = "1"; // as macros/lab.py's first request
const READY_TEXT = "Change a setting: the odds follow. Roll rolls once under every rule set.";
const ERROR_PAUSE_MS = 700; // as the kit: an error in a field being typed waits for a pause

// --- the rule sets' form ---------------------------------------------------------------------
// One setting's control in house rule `n` (as macros/lab.py writes it).
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

function writtenWords(text) {
  return text ? `with ${text}` : "(the printed rule: nothing changed)";
}

function houseFieldset(n, book) {
  return el("fieldset", { class: "srd-lab__set srd-lab__house", "data-house": String(n) },
    el("legend", {}, `House rule ${n}`),
    ...book.settings.map((setting) => settingControl(n, setting)),
    el("p", { class: "srd-lab__written" }, "Written: ", el("code", {}, writtenWords(""))),
    el("div", { class: "srd-field__error", id: `${PREFIX}-house-${n}-error` }),
    el("button", { type: "button", class: "md-button srd-lab__remove" }, `Remove house rule ${n}`));
}

function printedColumn(book) {
  const list = el("dl", { class: "srd-lab__printed-list" });
  for (const setting of book.settings) {
    list.append(el("dt", {}, setting.name), el("dd", {}, el("code", {}, setting.printed), ` ${setting.printed_words}`));
  }
  return el("section", { class: "srd-lab__set srd-lab__printed", "aria-labelledby": `${PREFIX}-printed-title` },
    el("h3", { class: "srd-lab__set-title", id: `${PREFIX}-printed-title` }, "Printed rule"), list);
}

// A house rule's written form (`die d8, wild none`: the settings not at their printed value,
// in the book's order) and where each setting's words sit in it, for a caret the engine puts there.
function written(fieldset) {
  const parts = [];
  const spans = [];
  let at = 0;
  for (const control of fieldset.querySelectorAll("[data-setting]")) {
    const value = control.value.replace(/\s+/g, " ").trim();
    if (value.toLowerCase() === control.dataset.printed.toLowerCase()) continue;
    const words = `${control.dataset.setting} ${value}`.trim();
    if (parts.length) at += 2;
    spans.push({ control, start: at, end: at + words.length });
    parts.push(words);
    at += words.length;
  }
  return { text: parts.join(", "), spans };
}

// --- numbers as the engine wrote them ----------------------------------------------------------
function chance(entry) {
  return el("span", { class: "srd-lab__chance" },
    el("span", { class: "srd-pct" }, entry.percent), " ", el("span", { class: "srd-exact" }, entry.exact));
}

function points(entry) {
  if (!entry || entry.points === undefined) return el("span", { class: "srd-lab__none" }, "–");
  const sign = entry.points.startsWith("+") ? "up" : entry.points.startsWith("\u2212") ? "down" : "same";
  return el("span", { class: `srd-lab__points srd-lab__points--${sign}`, title: entry.exact }, `${entry.points} pp`);
}

const drawn = (entry) => {
  const [num, den = "1"] = String(entry.exact).split("/");
  return Number((BigInt(num) * 1000000n) / BigInt(den)) / 1e6;
};

// --- charts: one line per rule set, its own marker and dash (never by colour alone) -----------
function axisTop(top) {
  if (top >= 0.5) return 1;
  for (const step of [0.05, 0.1, 0.2, 0.25, 0.5]) if (step >= top - 1e-12) return step;
  return 1;
}

// `labels`: the x axis; `series`: [{name, values}] (a value null where a rule set has none).
function lineChart({ labels, series, summary, xTitle, yTitle, full = false, width = 640 }) {
  const W = Math.round(width);
  const H = Math.round(Math.max(220, Math.min(300, W * 0.55)));
  const left = 58;
  const right = 14;
  const top = 14;
  const rotate = labels.some((label) => label.length > 4);
  const bottom = rotate ? 100 : 58;
  const plotW = W - left - right;
  const plotH = H - top - bottom;
  const highest = Math.max(1e-9, ...series.flatMap((s) => s.values.filter((v) => v !== null)));
  const yTop = full ? 1 : axisTop(highest);
  const xOf = (i) => left + ((i + 0.5) * plotW) / Math.max(1, labels.length);
  const yOf = (p) => top + plotH - (p / yTop) * plotH;
  const figure = svg("svg", { class: "srd-compare__svg srd-lab__svg", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": summary });
  const axes = svg("g", { class: "srd-compare__axes" });
  for (let step = 0; step <= 4; step++) {
    const p = (yTop * step) / 4;
    const y = yOf(p).toFixed(1);
    axes.append(svg("line", { x1: left, x2: W - right, y1: y, y2: y, class: step ? "srd-compare__grid" : "srd-compare__axis" }),
      svg("text", { x: left - 6, y: (Number(y) + 4).toFixed(1), "text-anchor": "end", class: "srd-compare__tick" }, `${+(100 * p).toFixed(1)}%`));
  }
  const room = Math.max(2, Math.floor(plotW / (rotate ? 20 : 30)));
  const every = Math.max(1, Math.ceil(labels.length / room));
  labels.forEach((label, i) => {
    if (i % every) return;
    const x = xOf(i).toFixed(1);
    const shown = label.length > 14 ? `${label.slice(0, 13)}…` : label;
    axes.append(svg("text", { x, y: top + plotH + 18, "text-anchor": rotate ? "end" : "middle", class: "srd-compare__tick",
      transform: rotate ? `rotate(-35 ${x} ${top + plotH + 14})` : null }, shown));
  });
  axes.append(svg("line", { x1: left, x2: left, y1: top, y2: top + plotH, class: "srd-compare__axis" }),
    svg("text", { x: left + plotW / 2, y: H - 8, "text-anchor": "middle", class: "srd-compare__title" }, xTitle),
    svg("text", { x: 14, y: top + plotH / 2, "text-anchor": "middle", class: "srd-compare__title", transform: `rotate(-90 14 ${top + plotH / 2})` }, yTitle));
  figure.append(axes);
  series.forEach((one, index) => {
    const group = svg("g", { class: `srd-compare__series srd-compare__series--${index}` });
    const pointsOf = one.values.map((p, i) => (p === null ? null : `${xOf(i).toFixed(1)},${yOf(p).toFixed(1)}`)).filter(Boolean);
    group.append(svg("polyline", { points: pointsOf.join(" "), class: "srd-compare__line", "stroke-dasharray": DASHES[index] || null }));
    const marks = svg("g", { class: "srd-compare__marks" });
    one.values.forEach((p, i) => {
      if (p === null) return;
      const shape = marker(SHAPES[index], xOf(i), yOf(p));
      shape.append(svg("title", {}, `${one.name}: ${labels[i]}: ${(100 * p).toFixed(2)}%`));
      marks.append(shape);
    });
    group.append(marks);
    figure.append(group);
  });
  const legend = el("ul", { class: "srd-compare__legend", "aria-hidden": "true" },
    ...series.map((one, index) => el("li", {}, swatch(index), one.name)));
  return el("figure", { class: "srd-compare__figure srd-lab__figure" }, figure, legend);
}

// --- tables ------------------------------------------------------------------------------------
function scrolling(label, table) {
  return el("div", { class: "srd-table-wrap srd-lab__wrap", role: "region", "aria-label": label, tabindex: "0" }, table);
}

function columnHead(column) {
  return el("th", { scope: "col" }, column.name,
    column.rules.written ? el("code", { class: "srd-lab__col-rules" }, column.rules.written) : null);
}

function diffHead(column) {
  return el("th", { scope: "col", class: "srd-lab__diff-head" }, `${column.name} − printed`);
}

// Rows × rule sets, each house rule followed by its difference from the printed rule.
function sideBySide({ part, caption, corner, rows, columns, cell, diff, rowKey }) {
  const head = el("tr", {}, el("th", { scope: "col" }, corner));
  columns.forEach((column, n) => {
    head.append(columnHead(column));
    if (n > 0) head.append(diffHead(column));
  });
  const body = rows.map((row) => {
    const tr = el("tr", { [rowKey[0]]: rowKey[1](row) }, el("th", { scope: "row" }, row.label));
    columns.forEach((column, n) => {
      tr.append(el("td", { class: "srd-lab__cell", "data-col": String(n) }, cell(column, row)));
      if (n > 0) tr.append(el("td", { class: "srd-lab__cell srd-lab__diff", "data-col": String(n) }, diff(n, row)));
    });
    return tr;
  });
  return el("table", { class: "srd-table srd-lab__table", "data-part": part }, el("caption", {}, caption), el("thead", {}, head), el("tbody", {}, ...body));
}

// Every result any rule set can give, lowest first.
function outcomeRows(answer) {
  const byValue = new Map();
  for (const column of answer.columns) {
    for (const outcome of column.outcomes) if (!byValue.has(outcome.value)) byValue.set(outcome.value, outcome.label);
  }
  return [...byValue.entries()].sort((a, b) => a[0] - b[0]).map(([value, label]) => ({ value, label }));
}

function rungRows(answer) {
  const longest = answer.columns.reduce((a, c) => (c.rungs.length > a.rungs.length ? c : a), answer.columns[0]);
  return longest.rungs.map((rung) => ({ step: rung.step, label: rung.label }));
}

const STATS = [
  ["mean", "Mean"], ["sd", "Standard deviation"], ["median", "Median"], ["p10", "10th percentile"], ["p90", "90th percentile"],
];

function statText(value) {
  return value && typeof value === "object" ? value.decimal : String(value);
}

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

function outcomeTable(answer) {
  const rows = outcomeRows(answer);
  return sideBySide({
    part: "outcomes", caption: `Chance of each result (${answer.result_term})`, corner: answer.result_term, rows, columns: answer.columns,
    rowKey: ["data-value", (row) => String(row.value)],
    cell: (column, row) => {
      const found = column.outcomes.find((o) => o.value === row.value);
      return found ? chance(found) : chance({ percent: "0.00%", exact: "0" });
    },
    diff: (n, row) => points(answer.differences[n - 1].outcomes.find((o) => o.value === row.value)),
  });
}

function rungTable(answer) {
  return sideBySide({
    part: "rungs", caption: `Chance of success at each rung (${answer.difficulty_term})`, corner: answer.difficulty_term, rows: rungRows(answer),
    columns: answer.columns, rowKey: ["data-step", (row) => String(row.step)],
    cell: (column, row) => {
      const found = column.rungs.find((r) => r.step === row.step);
      return found ? chance(found) : el("span", { class: "srd-lab__none" }, "no such rung");
    },
    diff: (n, row) => points(answer.differences[n - 1].rungs.find((r) => r.step === row.step)),
  });
}

// --- the house-rule card (paper only) -----------------------------------------------------------
function card(answer, href) {
  const printed = answer.columns[0];
  const keyRows = (column) => [
    [`Success at ${column.usual.label}`, `${column.usual.percent} (${column.usual.exact})`],
    ["Mean", column.stats.mean.decimal], ["Standard deviation", column.stats.sd], ["Median", String(column.stats.median)],
  ];
  const box = el("section", { class: "srd-lab__card", "aria-hidden": "true" },
    el("h2", { class: "srd-lab__card-title" }, `House rules for ${answer.system}`),
    el("p", {}, `Roll: `, el("code", {}, answer.roll), `. Success: ${answer.success}.`));
  answer.columns.slice(1).forEach((column, i) => {
    const changes = column.card.length
      ? el("table", { class: "srd-lab__card-table" },
        el("thead", {}, el("tr", {}, el("th", {}, "Rule"), el("th", {}, "Printed"), el("th", {}, column.name))),
        el("tbody", {}, ...column.card.map((change) => el("tr", {},
          el("th", {}, change.setting, el("span", { class: "srd-lab__card-meaning" }, change.meaning)),
          el("td", {}, change.printed_words), el("td", {}, change.house_words)))))
      : el("p", {}, "Nothing changed: this is the printed rule.");
    const odds = el("table", { class: "srd-lab__card-table" },
      el("thead", {}, el("tr", {}, el("th", {}, "Key odds"), el("th", {}, "Printed"), el("th", {}, column.name))),
      el("tbody", {}, ...keyRows(printed).map(([label, value], row) => el("tr", {},
        el("th", {}, label), el("td", {}, value), el("td", {}, keyRows(column)[row][1])))));
    box.append(el("h3", {}, `${column.name}${column.rules.written ? `: with ${column.rules.written}` : ""}`), changes, odds,
      el("p", { class: "srd-lab__card-diff" }, `Chance of success moves by ${answer.differences[i].usual.points} percentage points.`));
  });
  // The address: relative here (what the build draws names no address), in full once the
  // card is printed (printCard).
  box.append(el("p", { class: "srd-lab__card-link" }, "Exact odds from the design lab: ",
    el("span", { class: "srd-lab__card-href", "data-href": href }, href)));
  return box;
}

// --- the widget --------------------------------------------------------------------------------
function attachLab(root) {
  const books = JSON.parse(root.dataset.books || "{}");
  const maxHouse = Number(root.dataset.maxHouse) || 3;
  const form = root.querySelector("form");
  const systemSelect = root.querySelector(`#${PREFIX}-system`);
  const headline = root.querySelector(`#${PREFIX}-headline`);
  const rollInput = root.querySelector(`#${PREFIX}-roll`);
  const seedInput = root.querySelector(`#${PREFIX}-seed`);
  const sets = root.querySelector(".srd-lab__sets");
  const addButton = root.querySelector(".srd-lab__add");
  const moreStatus = root.querySelector(".srd-lab__more-status");
  const oddsBox = root.querySelector(".srd-widget__odds");
  const resultBox = root.querySelector(".srd-widget__result");
  const pagePath = location.pathname;
  let shownSeed = ""; // the seed of the roll on screen, while it answers the inputs
  let lastAnswer = null;

  const book = () => books[systemSelect.value];
  const houses = () => [...sets.querySelectorAll("fieldset.srd-lab__house")];
  const state = () => ({ system: systemSelect.value, roll: rollInput.value, house: houses().map((f) => written(f).text) });
  const inputsKey = () => JSON.stringify(state());
  // The odds are asked with one fixed seed: every lab reply rolls once under each rule set as
  // well, and the odds shown must be the same reply every time (the page's built-in answer is
  // the engine's own). Roll asks again with the reader's seed.
  const request = (asked) => ({ action: "lab", system: asked.system, roll: asked.roll, house: asked.house, seed: ODDS_SEED });
  const describe = (asked) => `${asked.roll.trim() || "no roll"} under ${asked.house.map((h) => h || "the printed rule").join("; ")}`;

  // --- the form's parts ---
  function syncHeadline() {
    const rolls = book().rolls;
    const match = rolls.find((r) => r.notation === rollInput.value.trim());
    headline.value = match ? match.notation : "";
  }

  function renumber() {
    houses().forEach((fieldset, i) => {
      const n = i + 1;
      const old = fieldset.dataset.house;
      fieldset.dataset.house = String(n);
      fieldset.querySelector("legend").textContent = `House rule ${n}`;
      fieldset.querySelector(".srd-field__error").id = `${PREFIX}-house-${n}-error`;
      fieldset.querySelector(".srd-lab__remove").textContent = `Remove house rule ${n}`;
      for (const control of fieldset.querySelectorAll("[data-setting]")) {
        const hint = `${PREFIX}-h${n}-${control.dataset.setting}-hint`;
        control.closest(".srd-lab__setting").querySelector(".srd-field__hint").id = hint;
        control.setAttribute("aria-describedby", `${hint} ${PREFIX}-house-${n}-error`);
      }
      if (old !== String(n)) clearHouseError(fieldset);
    });
    const count = houses().length;
    for (const button of sets.querySelectorAll(".srd-lab__remove")) button.hidden = count <= 1;
    const full = count >= maxHouse;
    addButton.setAttribute("aria-disabled", String(full));
    addButton.title = full ? `At most ${maxHouse} house rules.` : "";
  }

  // The written form under a house rule, and each setting it changes marked beside its control.
  function showWritten(fieldset) {
    const { text, spans } = written(fieldset);
    fieldset.querySelector(".srd-lab__written code").textContent = writtenWords(text);
    const changed = new Set(spans.map((span) => span.control));
    for (const control of fieldset.querySelectorAll("[data-setting]")) {
      control.closest(".srd-lab__setting").toggleAttribute("data-changed", changed.has(control));
    }
  }

  // The form for the chosen system: its rolls, the printed rule and `house` house rules (their
  // written forms; a setting they name is set, the rest stay printed).
  function drawSystem(house = [""]) {
    const b = book();
    headline.replaceChildren(...b.rolls.map((r) => el("option", { value: r.notation }, r.label)),
      el("option", { value: "" }, "Another roll (write it below)"));
    sets.replaceChildren(printedColumn(b), ...house.slice(0, maxHouse).map((text, i) => {
      const fieldset = houseFieldset(i + 1, b);
      fill(fieldset, text);
      return fieldset;
    }));
    if (!house.length) sets.append(houseFieldset(1, b));
    const off = rollInput.disabled;
    for (const control of sets.querySelectorAll("input, select, button")) control.disabled = off;
    for (const fieldset of houses()) showWritten(fieldset);
    renumber();
  }

  // A written house rule put into its fieldset: each `name value` whose name is a setting (a
  // choice the menu does not list, or a word that names no setting, cannot be shown and is
  // left at the printed rule).
  function fill(fieldset, text) {
    for (const part of String(text || "").split(",")) {
      const [name, ...rest] = part.trim().split(/\s+/);
      const control = fieldset.querySelector(`[data-setting="${CSS.escape((name || "").toLowerCase())}"]`);
      if (!control || !rest.length) continue;
      const value = rest.join(" ");
      if (control instanceof HTMLSelectElement) {
        const option = [...control.options].find((o) => o.value.toLowerCase() === value.toLowerCase());
        if (option) control.value = option.value;
      } else {
        control.value = value;
      }
    }
  }

  // What an address (or a permalink) says, put into the form; true when it carries a seed.
  function apply(params) {
    const key = params.get("system");
    if (key && books[key]) systemSelect.value = key;
    const house = params.getAll("house");
    drawSystem(house.length ? house : [""]);
    rollInput.value = params.has("roll") ? params.get("roll") : book().rolls[0].notation;
    seedInput.value = params.get("seed") || "";
    syncHeadline();
    return (params.get("seed") || "").trim() !== "";
  }

  // --- the address ---
  function writeAddress() {
    if (!root.isConnected || location.pathname !== pagePath) return;
    const url = new URL(location.href);
    const params = url.searchParams;
    const asked = state();
    params.set("system", asked.system);
    params.set("roll", asked.roll);
    params.delete("house");
    for (const text of asked.house) params.append("house", text);
    const seed = seedInput.value.trim() || (resultBox.hasAttribute("data-stale") ? "" : shownSeed);
    if (seed) params.set("seed", seed);
    else params.delete("seed");
    if (url.href === location.href) return;
    try {
      history.replaceState(history.state, "", url.href);
    } catch (error) {
      console.warn("the address could not follow the lab:", error);
    }
  }

  // The lab's address for these inputs, relative to the page (`?system=…#lab`): a link drawn
  // when the site was built never names the address it was built at.
  function permalinkFor(asked, seed) {
    const params = new URLSearchParams();
    params.set("system", asked.system);
    params.set("roll", asked.roll);
    for (const text of asked.house) params.append("house", text);
    if (seed) params.set("seed", seed);
    return `?${params}#${root.id}`;
  }

  // The start: the address first (before the kit reads the fields), then the kit.
  const startParams = new URLSearchParams(location.search);
  if (["system", "house", "roll", "seed"].some((name) => startParams.has(name))) apply(startParams);
  const w = engineForm(root, { prefix: PREFIX, fields: ["roll", "seed"], readyText: READY_TEXT });
  syncHeadline();
  const odds = w.region(oddsBox, { words: "Odds for the last valid input", key: inputsKey });
  const rolled = w.region(resultBox, { words: "Roll for earlier inputs", key: inputsKey, reveal: true });
  const latest = newestOnly();
  const latestRoll = newestOnly();
  const pause = afterPause(update);

  // The menus follow the text fields: enabled and disabled with them (the kit's loading,
  // failure and Retry).
  const selects = () => form.querySelectorAll("select");
  function syncControls() {
    for (const control of selects()) control.disabled = rollInput.disabled;
    for (const control of sets.querySelectorAll("button")) control.disabled = rollInput.disabled;
    addButton.disabled = rollInput.disabled;
  }
  new MutationObserver(syncControls).observe(root, { attributes: true, attributeFilter: ["data-state"] });

  // --- a refused house rule: its message and caret in its fieldset ---
  let held = null; // {n, error, timer}: an error held while its house rule is typed in
  function clearHouseError(fieldset) {
    for (const control of fieldset.querySelectorAll("[aria-invalid]")) control.removeAttribute("aria-invalid");
    fieldset.removeAttribute("data-invalid");
    const box = fieldset.querySelector(".srd-field__error");
    if (box) box.replaceChildren();
  }
  function clearHouseErrors() {
    if (held) clearTimeout(held.timer);
    held = null;
    for (const fieldset of houses()) clearHouseError(fieldset);
  }
  function showHouseError(n, error) {
    if (held) clearTimeout(held.timer);
    held = null;
    const fieldset = houses()[n - 1];
    if (!fieldset) return;
    for (const other of houses()) if (other !== fieldset) clearHouseError(other);
    clearHouseError(fieldset);
    fieldset.dataset.invalid = "";
    const message = String(error.message || "This house rule is refused.");
    const box = fieldset.querySelector(".srd-field__error");
    const parts = [el("span", { class: "srd-field__message" }, message)];
    const caret = error.caret || [];
    const { spans } = written(fieldset);
    if (caret.length === 2 && Number.isInteger(error.position)) {
      const [text, marks] = caret;
      const start = marks.indexOf("^");
      const spot = start >= text.length ? "at the end" : `at “${text.slice(start, marks.length)}”`;
      parts.push(el("span", { class: "srd-visually-hidden" }, ` (${spot})`),
        el("pre", { class: "srd-caret", "aria-hidden": "true", tabindex: "-1" }, `${text}\n${marks}`));
      const span = spans.find((s) => error.position >= s.start && error.position <= s.end) || null;
      if (span) span.control.setAttribute("aria-invalid", "true");
    }
    box.replaceChildren(...parts);
    w.setStatus(`House rule ${n} is refused: what is shown is for the last valid input.`);
  }
  function holdHouseError(n, error) {
    const fieldset = houses()[n - 1];
    const typing = fieldset && fieldset.contains(document.activeElement) && document.activeElement.matches("input");
    if (!typing) return showHouseError(n, error);
    if (held) clearTimeout(held.timer);
    held = { n, error, timer: setTimeout(() => showHouseError(n, error), ERROR_PAUSE_MS) };
  }
  sets.addEventListener("focusout", () => {
    if (held) showHouseError(held.n, held.error);
  });

  // A reply: its result, or null once its error is shown where it belongs.
  function accept(reply, checked, typing) {
    const field = String((reply.error || {}).field || "");
    const house = /^house-(\d+)$/.exec(field);
    if (!reply.ok && house) {
      if (typing) holdHouseError(Number(house[1]), reply.error);
      else showHouseError(Number(house[1]), reply.error);
      return null;
    }
    if (reply.ok) clearHouseErrors();
    return w.accept(reply, checked, { typing });
  }

  // --- drawing ---
  let chartWidth = 640;
  function measure() {
    chartWidth = Math.round(Math.min(640, Math.max(280, oddsBox.clientWidth || 640)));
  }

  function drawOdds(answer, asked) {
    measure();
    const names = answer.columns.map((c) => (c.rules.written ? `${c.name} (${c.rules.written})` : c.name));
    const outcomes = outcomeRows(answer);
    const rungs = rungRows(answer);
    const distribution = lineChart({
      labels: outcomes.map((o) => o.label),
      series: answer.columns.map((c, n) => ({ name: names[n], values: outcomes.map((o) => {
        const found = c.outcomes.find((x) => x.value === o.value);
        return found ? drawn(found) : 0;
      }) })),
      summary: `Chart: the chance of each result (${answer.result_term}), one line per rule set (${names.join("; ")}); the exact values are in the table below.`,
      xTitle: answer.result_term, yTitle: "Chance", width: chartWidth,
    });
    const ladder = lineChart({
      labels: rungs.map((r) => r.label),
      series: answer.columns.map((c, n) => ({ name: names[n], values: rungs.map((r) => {
        const found = c.rungs.find((x) => x.step === r.step);
        return found ? drawn(found) : null;
      }) })),
      summary: `Chart: the chance of success at each rung (${answer.difficulty_term}), one line per rule set (${names.join("; ")}); the exact values are in the table below.`,
      xTitle: answer.difficulty_term, yTitle: "Chance of success", full: true, width: chartWidth,
    });
    const link = permalinkFor(asked, "");
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
    printButton.addEventListener("click", () => printCard());
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
      el("div", { class: "srd-lab__tools" },
        shareButton(answer.share, link, "comparison"), csvButton, jsonButton, printButton,
        el("a", { class: "srd-lab__link", href: link }, "Link to this comparison"), status),
      card(answer, link));
  }

  function drawRoll(answer, href, seed) {
    const columns = answer.columns.map((column) => el("section", { class: "srd-lab__rolled", "data-col": column.name },
      el("h4", { class: "srd-lab__rolled-title" }, column.name),
      el("p", { class: "srd-lab__rolled-rules" }, el("code", {}, column.notation)),
      explanation(column.roll)));
    return el("div", { class: "srd-lab__rolls" },
      el("p", { class: "srd-roll__headline" }, `${answer.roll}: one roll under each rule set, same seed`),
      el("div", { class: "srd-lab__rolled-grid" }, ...columns),
      rollMeta(seed, href, "roll"));
  }

  // --- asking ---
  async function update(typing = false) {
    pause.cancel();
    const asked = state();
    const key = JSON.stringify(asked);
    const reply = await latest(w.engine.call(request(asked)));
    if (!reply) return; // a newer request is on its way
    const answer = accept(reply, ["roll"], typing);
    if (!answer) return odds.stale(true);
    lastAnswer = answer;
    odds.show(drawOdds(answer, asked), describe(asked), key);
  }

  const randomSeed = () => String(Math.floor(Math.random() * 1_000_000_000));

  async function roll() {
    pause.flush();
    const asked = state();
    const key = JSON.stringify(asked);
    const seed = seedInput.value.trim() || randomSeed();
    const reply = await latestRoll(w.engine.call({ ...request(asked), seed }));
    if (!reply) return;
    const answer = accept(reply, ["roll", "seed"], false);
    if (!answer) return;
    lastAnswer = answer;
    shownSeed = String(answer.seed ?? seed);
    odds.show(drawOdds(answer, asked), describe(asked), key);
    rolled.show(drawRoll(answer, permalinkFor(asked, shownSeed), shownSeed), describe(asked), key);
    writeAddress();
  }

  // --- printing the card: the page prints only the card, once ---
  function printCard() {
    for (const where of oddsBox.querySelectorAll(".srd-lab__card-href")) {
      where.textContent = new URL(where.dataset.href, location.href).href;
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

  // --- events ---
  systemSelect.addEventListener("change", () => {
    drawSystem([""]);
    rollInput.value = book().rolls[0].notation;
    syncHeadline();
    clearHouseErrors();
    w.clearFieldError("roll");
    odds.follow();
    rolled.follow();
    update();
  });
  headline.addEventListener("change", () => {
    if (!headline.value) {
      rollInput.focus();
      return;
    }
    rollInput.value = headline.value;
    w.clearFieldError("roll");
    odds.follow();
    rolled.follow();
    update();
  });
  rollInput.addEventListener("input", () => {
    syncHeadline();
    pause.schedule();
  });
  sets.addEventListener("input", (event) => {
    const fieldset = event.target.closest("fieldset.srd-lab__house");
    if (!fieldset) return;
    showWritten(fieldset);
    if (event.target.matches("input")) pause.schedule();
  });
  sets.addEventListener("change", (event) => {
    const fieldset = event.target.closest("fieldset.srd-lab__house");
    if (!fieldset || !event.target.matches("select")) return;
    showWritten(fieldset);
    update();
  });
  sets.addEventListener("click", (event) => {
    const button = event.target.closest(".srd-lab__remove");
    if (!button || button.disabled) return;
    const fieldset = button.closest("fieldset");
    const index = houses().indexOf(fieldset);
    fieldset.remove();
    renumber();
    clearHouseErrors();
    moreStatus.textContent = `House rule ${index + 1} removed.`;
    const next = houses()[Math.min(index, houses().length - 1)];
    (next.querySelector("[data-setting]") || addButton).focus();
    odds.follow();
    rolled.follow();
    update();
  });
  addButton.addEventListener("click", () => {
    if (addButton.getAttribute("aria-disabled") === "true") {
      moreStatus.textContent = `At most ${maxHouse} house rules.`;
      return;
    }
    const n = houses().length + 1;
    const fieldset = houseFieldset(n, book());
    sets.append(fieldset);
    for (const control of fieldset.querySelectorAll("input, select, button")) control.disabled = rollInput.disabled;
    renumber();
    moreStatus.textContent = `House rule ${n} added, at the printed rule.`;
    fieldset.querySelector("[data-setting]").focus();
    odds.follow();
    rolled.follow();
    update();
  });
  // Every edit: the address follows (the kit's own listeners have marked what is shown).
  for (const type of ["input", "change"]) form.addEventListener(type, () => writeAddress());
  form.addEventListener("click", (event) => {
    if (event.target.closest(".srd-lab__add, .srd-lab__remove")) writeAddress();
  });
  if (window.ResizeObserver) {
    let width = oddsBox.clientWidth;
    new ResizeObserver(() => {
      if (!lastAnswer || Math.abs(oddsBox.clientWidth - width) < 24) return;
      if (document.documentElement.dataset.labPrint || window.matchMedia("print").matches) return; // paper, not a screen
      width = oddsBox.clientWidth;
      if (!oddsBox.hasAttribute("data-stale")) odds.show(drawOdds(lastAnswer, state()), describe(state()), inputsKey());
    }).observe(oddsBox);
  }

  w.onSubmit(roll);
  w.watchSeed((seed) => ({ ...request(state()), seed }));
  let started = false;
  w.rollsFromPermalinks(resultBox, {
    prefill(params) {
      if (!started) {
        started = true;
        return (params.get("seed") || "").trim() !== "";
      }
      return apply(params);
    },
    update,
    roll,
  });
  syncControls();
  // Inputs from the address other than the page's own: what is shown (the page's own answer)
  // is marked until the engine answers them.
  const first = root.dataset.first ? JSON.parse(root.dataset.first).request : null;
  if (first && JSON.stringify(request(state())) !== JSON.stringify({ action: "lab", system: first.system, roll: first.roll, house: first.house, seed: first.seed })) {
    odds.stale(true);
  }
  renumber();
}

export const WIDGETS = { lab: attachLab };
