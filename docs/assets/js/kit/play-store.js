// @ts-check
// The play frame's pure parts (play-kit.js): the keys it stores under, the steps Undo and Redo
// go through, the entry's log, the engine's limits on a document, file names and a refusal's
// path in words. Nothing here touches the page when imported; readStored and writeStored reach
// localStorage only when called. Node's own test runner checks it (tests/js/play-store.test.mjs).

// How many changes Undo (and Redo) can go back through.
export const MAX_STEPS = 30;
// The stored steps' length at most, in characters of JSON: with the saved document (at most
// the engine's 200,000) well within the 5,000,000 or so a browser keeps for a site.
const MAX_STEPS_CHARS = 2_000_000;
const STEPS_FORMAT = "srd-play-steps";
const STEPS_VERSION = 1;

/**
 * @typedef {{document: {format?: string, version?: number, system?: string, entries: Array<any>}, current: number}} PlayState
 * @typedef {{state: PlayState, what: string}} Step
 * @typedef {{undo: Step[], redo: Step[]}} Steps
 * @typedef {{max_document_chars: number, max_entries: number, max_file_chars?: number, max_log: number,
 *   max_log_text: number}} Limits
 */

/**
 * The localStorage key of a system's play document ("play"), its steps ("play-undo") or a copy
 * the engine refused ("play-unreadable").
 * @param {string} system
 * @param {string} [part]
 * @returns {string}
 */
export function storageKey(system, part = "play") {
  return `srd-${part}:${system}`;
}

/**
 * What is stored under `key`: null if nothing, undefined if it is not JSON (or there is no storage).
 * @param {string} key
 * @returns {any}
 */
export function readStored(key) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return undefined; // unreadable JSON (or no storage): the engine never sees it
  }
}

/**
 * Store `value` as JSON under `key` (null removes it); false if the browser would not.
 * @param {string} key
 * @param {any} value
 * @returns {boolean}
 */
export function writeStored(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/**
 * @param {any} step
 * @returns {boolean}
 */
const isStep = (step) => Boolean(step && step.state && step.state.document && typeof step.what === "string");

/**
 * The steps as read from the device: the stored format as it is; the one state an older build
 * kept (before Redo) as one step to undo; anything else dropped. (Each step's document is
 * still checked by the engine when it is reached.)
 * @param {any} stored
 * @returns {Steps}
 */
export function readSteps(stored) {
  if (stored && stored.format === STEPS_FORMAT && stored.version === STEPS_VERSION
      && Array.isArray(stored.undo) && Array.isArray(stored.redo)) {
    return { undo: stored.undo.filter(isStep).slice(-MAX_STEPS), redo: stored.redo.filter(isStep).slice(-MAX_STEPS) };
  }
  if (stored && !stored.format && stored.document) return { undo: [{ state: stored, what: "The last change." }], redo: [] };
  return { undo: [], redo: [] };
}

/**
 * The steps as stored (null when there are none), the farthest dropped first (Undo's oldest,
 * then Redo's last) until they are within MAX_STEPS_CHARS; `steps` loses what is dropped.
 * @param {Steps} steps
 * @returns {{format: string, version: number, undo: Step[], redo: Step[]} | null}
 */
export function stepsRecord(steps) {
  for (;;) {
    if (!steps.undo.length && !steps.redo.length) return null;
    const record = { format: STEPS_FORMAT, version: STEPS_VERSION, undo: steps.undo, redo: steps.redo };
    if (JSON.stringify(record).length <= MAX_STEPS_CHARS) return record;
    dropFarthest(steps);
  }
}

/**
 * Drop the farthest step: Undo's oldest, else Redo's last.
 * @param {Steps} steps
 */
export function dropFarthest(steps) {
  if (steps.undo.length) steps.undo.shift();
  else steps.redo.shift();
}

/**
 * A change made: `before` (copied) becomes the step Undo gives back, said in `what`; at most
 * MAX_STEPS are kept, and what was undone before it can no longer be redone.
 * @param {Steps} steps
 * @param {PlayState} before
 * @param {string} what
 */
export function pushStep(steps, before, what) {
  steps.undo.push({ state: JSON.parse(JSON.stringify(before)), what });
  steps.undo.splice(0, steps.undo.length - MAX_STEPS);
  steps.redo.length = 0;
}

/**
 * The index of the entry to show: `current` as a whole number within the `count` entries.
 * @param {any} current
 * @param {number} count
 * @returns {number}
 */
export function shownIndex(current, count) {
  return Math.min(Math.max(0, Number(current) || 0), Math.max(0, count - 1));
}

/**
 * What a step says it changed: the first sentence of the change's words (or `fallback`).
 * @param {any} words
 * @param {string} fallback
 * @returns {string}
 */
export function stepWords(words, fallback) {
  const first = String(words || "").trim().split(/(?<=[.!?])\s+/)[0];
  return first || fallback;
}

/**
 * A file name from an entry's name: letters, digits and dashes.
 * @param {string} system
 * @param {any} name
 * @returns {string}
 */
export function fileName(system, name) {
  const slug = String(name || "sheets").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "sheets";
  return `${system}-${slug}.json`;
}

/**
 * The parts of an engine path: names and [indices] ("scene.combatants[0].health").
 * @param {any} path
 * @returns {Array<string | number>}
 */
function pathParts(path) {
  return [...String(path).matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map(([, name, index]) => (index === undefined ? name : Number(index)));
}

/**
 * A path in words: each key as `labels` names it (else its words: "hit_defense_marked" is
 * "hit defense marked"), an index as a number counted from 1 ("combatants[0]" is "combatants 1",
 * "entries[2]" "character 3"); the entry itself (its noun) goes without saying.
 * @param {any} path
 * @param {Record<string, string>} [labels]
 * @param {string} [noun]
 * @returns {string}
 */
export function pathWords(path, labels = {}, noun = "entry") {
  /** @type {string[]} */
  const words = [];
  /** @type {string | number} */
  let last = "";
  for (const part of pathParts(path)) {
    if (typeof part === "number") {
      const named = last === "entries" ? noun : words.pop() || "item";
      words.push(`${named} ${part + 1}`);
    } else if (part !== noun && part !== "entries") {
      words.push(labels[part] || part.replace(/_/g, " "));
    }
    last = part;
  }
  return words.join(", ");
}

// The log's keys in words, for a refusal of a saved log (every entry may have one).
export const LOG_LABELS = { log: "log item", what: "what happened", dice: "dice", result: "result", chance: "chance" };

/**
 * Why `next` cannot be saved ("" if it can): past the limits the engine reads a document
 * back within, it would be refused on the next load. Measured as the engine measures it
 * (core/play.py document_chars), a UTF-16 unit per character: never under the engine's count.
 * @param {PlayState} next
 * @param {Limits | null} limits
 * @param {string} nouns
 * @returns {string}
 */
export function pastLimits(next, limits, nouns) {
  if (!limits) return "";
  const count = next.document.entries.length;
  if (count > limits.max_entries) {
    return `Not saved: at most ${limits.max_entries} ${nouns} are kept on this device, and this would make ${count}. `
      + "Nothing was changed.";
  }
  const size = JSON.stringify(next.document).length;
  if (size > limits.max_document_chars) {
    const words = (/** @type {number} */ n) => n.toLocaleString("en");
    return `Not saved: your ${nouns} would take ${words(size)} characters, and at most `
      + `${words(limits.max_document_chars)} characters are kept on this device. Nothing was changed.`;
  }
  return "";
}

/**
 * `next` with the oldest log items dropped (from the longest logs first) until it is within
 * the engine's length, if that is what it takes (the entries themselves are never cut).
 * @param {PlayState} next
 * @param {Limits | null} limits
 * @returns {PlayState}
 */
export function trimLogs(next, limits) {
  if (!limits || JSON.stringify(next.document).length <= limits.max_document_chars) return next;
  const list = next.document.entries.map((entry) => (Array.isArray(entry.log) ? { ...entry, log: entry.log.slice() } : entry));
  const trimmed = { ...next, document: { ...next.document, entries: list } };
  for (;;) {
    const longest = list.reduce((best, entry) => ((entry.log || []).length > (best?.log || []).length ? entry : best), null);
    if (!longest || !(longest.log || []).length) return trimmed;
    longest.log.pop();
    if (JSON.stringify(trimmed.document).length <= limits.max_document_chars) return trimmed;
  }
}

/**
 * `entry` (as the engine gave it back after a change to `before`) with the change at the top
 * of its log: the log it carries, else the one `before` had, kept to the engine's max_log items.
 * @param {any} before
 * @param {any} entry
 * @param {any} words
 * @param {Record<string, any> | null} record a roll's {dice, result, chance}, as words
 * @param {Limits | null} limits
 * @param {string} noun
 * @returns {any}
 */
export function logged(before, entry, words, record, limits, noun) {
  const most = limits ? limits.max_log : 20;
  const cut = (/** @type {any} */ text) => String(text).slice(0, limits ? limits.max_log_text : 300);
  /** @type {Record<string, string>} */
  const item = { what: cut(stepWords(words, `A change to this ${noun}.`)) };
  for (const part of ["dice", "result", "chance"]) if (record && record[part]) item[part] = cut(record[part]);
  const log = Array.isArray(entry.log) ? entry.log : (before && Array.isArray(before.log) ? before.log : []);
  return { ...entry, log: [item, ...log].slice(0, most) };
}

/**
 * The names of `more` already among `saved`, each once.
 * @param {Array<{name: string}>} saved
 * @param {Array<{name: string}>} more
 * @returns {string[]}
 */
export function namesTaken(saved, more) {
  const names = new Set(saved.map((e) => e.name));
  return [...new Set(more.filter((e) => names.has(e.name)).map((e) => e.name))];
}

/**
 * Each entry of `more` in the place of the first of `saved` of its name not yet replaced (one
 * with no such name is added at the end): the new list, each one's place, and the names
 * replaced and added.
 * @param {Array<{name: string}>} saved
 * @param {Array<{name: string}>} more
 * @returns {{list: Array<any>, places: number[], replaced: string[], added: string[]}}
 */
export function replaceByName(saved, more) {
  const list = saved.slice();
  const taken = new Set();
  const places = more.map((entry) => {
    const at = list.findIndex((e, i) => i < saved.length && !taken.has(i) && e.name === entry.name);
    const place = at >= 0 ? at : list.length;
    list[place] = entry;
    taken.add(place);
    return place;
  });
  const replaced = more.filter((_, k) => places[k] < saved.length).map((e) => e.name);
  const added = more.filter((_, k) => places[k] >= saved.length).map((e) => e.name);
  return { list, places, replaced, added };
}
