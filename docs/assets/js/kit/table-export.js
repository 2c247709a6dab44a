// @ts-check
// Export for every generated table: "Download CSV", "Copy as text" and a link to the table's
// JSON (published by the build beside the page, macros/main.py). Generic: it reads any
// <table> as the reader sees it, and never names a system.
//
// The toolbar of an engine, errata or chart-values table is in the page's markup
// (macros/render.py: div.srd-table-tools right after the table's scrolling box), with its
// two buttons hidden until this module wires them, so a page without JavaScript shows no
// button that does nothing (its JSON link works without). Other modules build one for a
// table they make themselves with exportControls(table, name).
//
// CSV (csv.js: RFC 4180, every row, the header first), UTF-8 without a byte-order mark.
// "Copy as text" copies tab-separated text (csv.js), which pastes as columns into a
// spreadsheet and reads as a table in a plain-text note.

import { onEveryPage } from "../runtime/pages.js";
import { rowsCsv, rowsText } from "./csv.js";

// Every row of a table as the reader sees its cells' text: the head row(s) first, then the
// body and the foot, whitespace runs as one space. The caption is not a row.
/**
 * @param {HTMLTableElement} table
 * @returns {string[][]}
 */
function tableRows(table) {
  const rows = [];
  for (const row of table.rows) {
    rows.push(Array.from(row.cells, (cell) => cell.textContent.replace(/\s+/g, " ").trim()));
  }
  return rows;
}

/** @param {HTMLTableElement} table */
function tableCsv(table) {
  return rowsCsv(tableRows(table));
}

/** @param {HTMLTableElement} table */
function tableText(table) {
  return rowsText(tableRows(table));
}

// A file name from a table's key or caption: lower case, words joined by hyphens.
/**
 * @param {string} name
 * @returns {string}
 */
export function fileStem(name) {
  const stem = String(name || "")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return stem || "table";
}

// The reader's browser saves `text` as `filename`.
/**
 * @param {string} text
 * @param {string} filename
 * @param {string} [type]
 */
export function downloadText(text, filename, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// Copies `text`; false when the browser refuses (no permission, no secure context).
/**
 * @param {string} text
 * @returns {Promise<boolean>}
 */
async function copyText(text) {
  try {
    if (!navigator.clipboard || !navigator.clipboard.writeText) throw new Error("no clipboard API");
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * @param {HTMLElement} tools
 * @param {string} text
 */
function say(tools, text) {
  const status = tools.querySelector(".srd-table-tools__status");
  if (!status) return;
  // Emptied first, so the same words said twice are announced twice.
  status.textContent = "";
  requestAnimationFrame(() => {
    status.textContent = text;
  });
}

// Copying refused: the text goes in a read-only box under the toolbar, selected, for the
// reader to copy with the keyboard or the context menu.
/**
 * @param {HTMLElement} tools
 * @param {string} text
 * @param {string} name
 */
function showForManualCopy(tools, text, name) {
  let box = /** @type {HTMLTextAreaElement | null} */ (tools.querySelector(".srd-table-tools__manual"));
  if (!box) {
    box = document.createElement("textarea");
    box.className = "srd-table-tools__manual";
    box.readOnly = true;
    box.rows = 6;
    box.spellcheck = false;
    box.setAttribute("aria-label", `Text of ${name}, to copy`);
    tools.append(box);
  }
  box.value = text;
  box.focus();
  box.select();
}

/**
 * @param {HTMLElement} tools
 * @param {HTMLTableElement} table
 */
function wire(tools, table) {
  if (tools.dataset.tableToolsReady !== undefined) return;
  tools.dataset.tableToolsReady = "";
  const name = tools.dataset.tableName || table.caption?.textContent.trim() || "the table";
  const stem = fileStem(tools.dataset.tableFile || name);
  const buttons = /** @type {NodeListOf<HTMLButtonElement>} */ (tools.querySelectorAll("button[data-table-action]"));
  for (const button of buttons) {
    const action = button.dataset.tableAction;
    if (action === "csv") {
      button.addEventListener("click", () => {
        downloadText(tableCsv(table), `${stem}.csv`);
        say(tools, `Downloading ${stem}.csv.`);
      });
    } else if (action === "copy") {
      button.addEventListener("click", async () => {
        const text = tableText(table);
        if (await copyText(text)) {
          say(tools, `Copied ${tableRows(table).length} rows as tab-separated text.`);
        } else {
          showForManualCopy(tools, text, name);
          say(tools, "Copying was refused: the text is selected in the box below, copy it from there.");
        }
      });
    }
    button.hidden = false;
  }
}

/**
 * @param {string} action
 * @param {string} label
 * @param {string} name
 * @returns {HTMLButtonElement}
 */
function button(action, label, name) {
  const made = document.createElement("button");
  made.type = "button";
  made.className = "srd-table-tools__button";
  made.dataset.tableAction = action;
  made.setAttribute("aria-label", `${label}: ${name}`);
  made.textContent = label;
  return made;
}

// A toolbar for `table` (to be placed by the caller, e.g. right after the table): "Download
// CSV" and "Copy as text", labelled with `name` (the table's caption); `file` names the CSV
// (`<file>.csv`, default: from `name`); `json`, when given, adds a link to that address.
/**
 * @param {HTMLTableElement} table
 * @param {string} name
 * @param {{file?: string, json?: string}} [options]
 * @returns {HTMLElement}
 */
export function exportControls(table, name, { file = "", json = "" } = {}) {
  const label = name || table.caption?.textContent.trim() || "the table";
  const tools = document.createElement("div");
  tools.className = "srd-table-tools";
  tools.setAttribute("data-search-exclude", "");
  tools.dataset.tableName = label;
  if (file) tools.dataset.tableFile = file;
  tools.append(button("csv", "Download CSV", label), button("copy", "Copy as text", label));
  if (json) {
    const link = document.createElement("a");
    link.className = "srd-table-tools__button";
    link.href = json;
    link.type = "application/json";
    link.dataset.tableAction = "json";
    link.setAttribute("aria-label", `JSON: ${label}`);
    link.textContent = "JSON";
    tools.append(link);
  }
  const status = document.createElement("span");
  status.className = "srd-table-tools__status";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  tools.append(status);
  wire(tools, table);
  return tools;
}

// The toolbars in the page's markup: each follows its table's scrolling box.
/** @param {ParentNode} [root] */
function attachTableTools(root = document) {
  for (const tools of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".srd-table-tools[data-table-tools]"))) {
    const table = tools.previousElementSibling?.querySelector("table");
    if (table) wire(tools, table);
  }
}

onEveryPage(() => attachTableTools());
