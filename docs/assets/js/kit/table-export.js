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
// CSV: RFC 4180 (every row, the header first; a field with a comma, a double quote or a line
// break is quoted, quotes doubled; lines end in CRLF), UTF-8 without a byte-order mark.
// "Copy as text" copies tab-separated text (one line per row, \n), which pastes as columns
// into a spreadsheet and reads as a table in a plain-text note.

import { onEveryPage } from "../runtime/pages.js";

// Every row of a table as the reader sees its cells' text: the head row(s) first, then the
// body and the foot, whitespace runs as one space. The caption is not a row.
export function tableRows(table) {
  const rows = [];
  for (const row of table.rows) {
    rows.push(Array.from(row.cells, (cell) => cell.textContent.replace(/\s+/g, " ").trim()));
  }
  return rows;
}

// One CSV field (RFC 4180).
export function csvField(text) {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function rowsCsv(rows) {
  return rows.map((row) => row.map(csvField).join(",") + "\r\n").join("");
}

export function rowsText(rows) {
  return rows.map((row) => row.map((text) => text.replace(/[\t\r\n]+/g, " ")).join("\t")).join("\n") + "\n";
}

export function tableCsv(table) {
  return rowsCsv(tableRows(table));
}

export function tableText(table) {
  return rowsText(tableRows(table));
}

// A file name from a table's key or caption: lower case, words joined by hyphens.
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
export async function copyText(text) {
  try {
    if (!navigator.clipboard || !navigator.clipboard.writeText) throw new Error("no clipboard API");
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

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
function showForManualCopy(tools, text, name) {
  let box = tools.querySelector(".srd-table-tools__manual");
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

function wire(tools, table) {
  if (tools.dataset.tableToolsReady !== undefined) return;
  tools.dataset.tableToolsReady = "";
  const name = tools.dataset.tableName || table.caption?.textContent.trim() || "the table";
  const stem = fileStem(tools.dataset.tableFile || name);
  for (const button of tools.querySelectorAll("button[data-table-action]")) {
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
export function attachTableTools(root = document) {
  for (const tools of root.querySelectorAll(".srd-table-tools[data-table-tools]")) {
    const table = tools.previousElementSibling?.querySelector("table");
    if (table) wire(tools, table);
  }
}

onEveryPage(() => attachTableTools());
