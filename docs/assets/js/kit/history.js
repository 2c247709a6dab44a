// @ts-check
// The last rolls on this device, from every system: each with its permalink and one line
// (the widget, the inputs, the result), kept in localStorage (the newest HISTORY_SIZE), shown
// in the closed "Your recent rolls" panel of every page with a roller (overrides/main.html),
// and cleared by its button. Storage that is full or refused loses the history, never a roll.
// widget-kit.js records each roll a widget shows (`recordRoll`).

import { onEveryPage } from "../runtime/pages.js";

const HISTORY_KEY = "srd-roll-history";
const HISTORY_SIZE = 20;
const PANEL = ".srd-history";

/** @typedef {{title: string, inputs: string, result: string, href: string, at: number}} Roll */

// The rolls kept, newest first; [] when there are none or storage cannot be read.
/** @returns {Roll[]} */
function readHistory() {
  try {
    const rolls = JSON.parse(localStorage.getItem(HISTORY_KEY) || "[]");
    return Array.isArray(rolls) ? rolls.filter(isRoll) : [];
  } catch {
    return [];
  }
}

/**
 * @param {any} roll a value read from storage
 * @returns {roll is Roll}
 */
function isRoll(roll) {
  return Boolean(roll) && typeof roll.href === "string" && typeof roll.title === "string";
}

/** @param {Roll[]} rolls */
function writeHistory(rolls) {
  try {
    if (rolls.length) localStorage.setItem(HISTORY_KEY, JSON.stringify(rolls));
    else localStorage.removeItem(HISTORY_KEY);
    return true;
  } catch {
    return false; // full or refused: the page goes on without it
  }
}

// A roll just shown: {title, inputs, result, href}. The same permalink again (a permalink
// opened, a page shown again) moves its roll to the top instead of listing it twice.
/** @param {{title: unknown, inputs?: unknown, result?: unknown, href: unknown}} roll */
export function recordRoll({ title, inputs = "", result = "", href }) {
  if (!href) return;
  const roll = { title: String(title), inputs: String(inputs), result: String(result), href: String(href), at: Date.now() };
  const rolls = [roll, ...readHistory().filter((old) => old.href !== roll.href)].slice(0, HISTORY_SIZE);
  writeHistory(rolls);
  renderPanels();
}

// "<widget>: <inputs> → <the roll's headline>".
/** @param {Roll} roll */
function summaryLine(roll) {
  const inputs = roll.inputs ? `: ${roll.inputs}` : "";
  const result = roll.result ? ` → ${roll.result}` : "";
  return `${roll.title}${inputs}${result}`;
}

/** @param {number} at */
function timeWords(at) {
  if (!Number.isFinite(at)) return "";
  try {
    return new Date(at).toLocaleString(undefined, { dateStyle: "short", timeStyle: "short" });
  } catch {
    return "";
  }
}

/**
 * @param {string} tag
 * @param {Record<string, string | null | undefined>} [attrs]
 * @param {...(Node | string)} children
 */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== null && value !== undefined) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

// One panel's list, from storage.
/** @param {Element} panel */
function renderPanel(panel) {
  /** @type {HTMLElement | null} */
  const list = panel.querySelector(".srd-history__list");
  /** @type {HTMLElement | null} */
  const empty = panel.querySelector(".srd-history__empty");
  /** @type {HTMLButtonElement | null} */
  const clear = panel.querySelector(".srd-history__clear");
  const count = panel.querySelector(".srd-history__count");
  if (!list || !empty || !clear) return;
  const rolls = readHistory();
  list.replaceChildren(...rolls.map((roll) => {
    const when = timeWords(roll.at);
    return el("li", { class: "srd-history__item" },
      el("a", { class: "srd-history__link", href: roll.href }, summaryLine(roll)),
      when ? el("span", { class: "srd-history__when" }, ` · ${when}`) : "");
  }));
  list.hidden = rolls.length === 0;
  empty.hidden = rolls.length > 0;
  clear.disabled = rolls.length === 0;
  if (count) count.textContent = rolls.length ? ` (${rolls.length})` : "";
}

function renderPanels() {
  for (const panel of document.querySelectorAll(PANEL)) {
    wirePanel(panel);
    renderPanel(panel);
  }
}

const wired = new WeakSet();
/** @param {Element} panel */
function wirePanel(panel) {
  if (wired.has(panel)) return;
  wired.add(panel);
  /** @type {HTMLButtonElement | null} */
  const clear = panel.querySelector(".srd-history__clear");
  const status = panel.querySelector(".srd-history__status");
  if (!clear) return;
  clear.hidden = false;
  clear.addEventListener("click", () => {
    const cleared = writeHistory([]);
    renderPanels();
    if (status) status.textContent = cleared ? "Roll history cleared." : "This browser keeps no roll history.";
  });
}

// Every page Material swaps in gets its panel filled; another tab's rolls show here too.
onEveryPage(renderPanels);
window.addEventListener("storage", (event) => {
  if (event.key === HISTORY_KEY || event.key === null) renderPanels();
});
