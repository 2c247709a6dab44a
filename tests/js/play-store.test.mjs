// The play frame's pure parts (docs/assets/js/kit/play-store.js): the steps Undo and Redo go
// through, the log, the engine's limits, file names, a refusal's path in words.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  LOG_LABELS, MAX_STEPS, dropFarthest, fileName, logged, namesTaken, pastLimits, pathWords, pushStep, readStored,
  readSteps, replaceByName, shownIndex, stepWords, stepsRecord, storageKey, trimLogs, writeStored,
} from "../../docs/assets/js/kit/play-store.js";

const doc = (entries) => ({ format: "dice-srd-play", version: 1, system: "x", entries });
const state = (entries, current = 0) => ({ document: doc(entries), current });
const step = (what, entries = []) => ({ state: state(entries), what });

test("storage keys name the part and the system", () => {
  assert.equal(storageKey("sys"), "srd-play:sys");
  assert.equal(storageKey("sys", "play-undo"), "srd-play-undo:sys");
});

test("readStored and writeStored go through localStorage, and survive without it", () => {
  assert.equal(readStored("k"), undefined); // no localStorage in Node
  assert.equal(writeStored("k", 1), false);
  const kept = new Map();
  globalThis.localStorage = {
    getItem: (key) => (kept.has(key) ? kept.get(key) : null),
    setItem: (key, value) => kept.set(key, value),
    removeItem: (key) => kept.delete(key),
  };
  try {
    assert.equal(readStored("k"), null);
    assert.equal(writeStored("k", { a: [1] }), true);
    assert.deepEqual(readStored("k"), { a: [1] });
    kept.set("bad", "{not json");
    assert.equal(readStored("bad"), undefined);
    assert.equal(writeStored("k", null), true);
    assert.equal(readStored("k"), null);
  } finally {
    delete globalThis.localStorage;
  }
});

test("readSteps drops garbage and keeps only whole steps", () => {
  for (const garbage of [null, undefined, 3, "text", [], {}, { format: "other" },
    { format: "srd-play-steps", version: 2, undo: [], redo: [] }, { format: "srd-play-steps", version: 1, undo: {} }]) {
    assert.deepEqual(readSteps(garbage), { undo: [], redo: [] });
  }
  const good = step("One.");
  const stored = { format: "srd-play-steps", version: 1, undo: [good, { what: "no state" }, 7, null], redo: [{ state: {} }] };
  assert.deepEqual(readSteps(stored), { undo: [good], redo: [] });
});

test("readSteps keeps at most MAX_STEPS of each, the newest", () => {
  const many = Array.from({ length: MAX_STEPS + 5 }, (_, i) => step(`Step ${i}.`));
  const read = readSteps({ format: "srd-play-steps", version: 1, undo: many, redo: many });
  assert.equal(read.undo.length, MAX_STEPS);
  assert.equal(read.undo[0].what, "Step 5.");
  assert.equal(read.redo.at(-1).what, `Step ${MAX_STEPS + 4}.`);
});

test("an older build's one saved state is one step to undo", () => {
  const old = state([{ name: "A" }]);
  assert.deepEqual(readSteps(old), { undo: [{ state: old, what: "The last change." }], redo: [] });
});

test("stepsRecord is null with no steps, and the record readSteps reads back otherwise", () => {
  assert.equal(stepsRecord({ undo: [], redo: [] }), null);
  const steps = { undo: [step("A.")], redo: [step("B.")] };
  const record = stepsRecord(steps);
  assert.deepEqual(record, { format: "srd-play-steps", version: 1, undo: steps.undo, redo: steps.redo });
  assert.deepEqual(readSteps(JSON.parse(JSON.stringify(record))), steps);
});

test("stepsRecord drops the farthest steps until the record fits", () => {
  const big = "x".repeat(700_000);
  const steps = { undo: [step("1.", [{ name: big }]), step("2.", [{ name: big }])], redo: [step("3.", [{ name: big }])] };
  const record = stepsRecord(steps);
  assert.deepEqual(record.undo.map((s) => s.what), ["2."]);
  assert.deepEqual(record.redo.map((s) => s.what), ["3."]);
  assert.ok(JSON.stringify(record).length <= 2_000_000);
});

test("dropFarthest takes Undo's oldest first, then Redo's", () => {
  const steps = { undo: [step("1."), step("2.")], redo: [step("3."), step("4.")] };
  dropFarthest(steps);
  assert.deepEqual(steps.undo.map((s) => s.what), ["2."]);
  dropFarthest(steps);
  dropFarthest(steps);
  assert.deepEqual(steps.undo, []);
  assert.deepEqual(steps.redo.map((s) => s.what), ["4."]);
});

test("pushStep copies the state before, keeps MAX_STEPS and clears Redo", () => {
  const steps = { undo: [], redo: [step("Undone.")] };
  const before = state([{ name: "A" }]);
  pushStep(steps, before, "Changed.");
  before.document.entries[0].name = "changed after";
  assert.equal(steps.undo[0].state.document.entries[0].name, "A");
  assert.deepEqual(steps.redo, []);
  for (let i = 0; i < MAX_STEPS + 3; i += 1) pushStep(steps, before, `${i}.`);
  assert.equal(steps.undo.length, MAX_STEPS);
  assert.equal(steps.undo.at(-1).what, `${MAX_STEPS + 2}.`);
});

test("shownIndex keeps the entry shown within the list", () => {
  assert.equal(shownIndex(2, 5), 2);
  assert.equal(shownIndex(9, 5), 4);
  assert.equal(shownIndex(-3, 5), 0);
  assert.equal(shownIndex("junk", 5), 0);
  assert.equal(shownIndex(3, 0), 0);
});

test("stepWords is the first sentence, else the fallback", () => {
  assert.equal(stepWords("Rolled 3. Then more!", "x"), "Rolled 3.");
  assert.equal(stepWords("  Hit? Yes.", "x"), "Hit?");
  assert.equal(stepWords("", "Fallback."), "Fallback.");
  assert.equal(stepWords(null, "Fallback."), "Fallback.");
});

test("file names keep letters, digits and dashes", () => {
  assert.equal(fileName("sys", "Ada Lovelace"), "sys-ada-lovelace.json");
  assert.equal(fileName("sys", "  ¡Zoë & co. 2!  "), "sys-zo-co-2.json");
  assert.equal(fileName("sys", "!!!"), "sys-sheets.json");
  assert.equal(fileName("sys", undefined), "sys-sheets.json");
});

test("a path in words: labels, indices from 1, the entry itself left out", () => {
  assert.equal(pathWords("entries[2].hit_defense_marked", {}, "character"), "character 3, hit defense marked");
  assert.equal(pathWords("scene.combatants[0].health", { health: "Health" }, "scene"), "combatants 1, Health");
  assert.equal(pathWords("[4]"), "item 5");
  assert.equal(pathWords("log[0].what", LOG_LABELS), "log item 1, what happened");
});

test("logged puts the change at the top of the log, cut to the limits", () => {
  const limits = { max_document_chars: 1000, max_entries: 5, max_log: 2, max_log_text: 8 };
  const before = { name: "A", log: [{ what: "old." }, { what: "older." }] };
  const after = logged(before, { name: "A" }, "A long first sentence. More.", { dice: "4, 5", result: "", chance: "50 %" },
    limits, "character");
  assert.deepEqual(after.log, [{ what: "A long f", dice: "4, 5", chance: "50 %" }, { what: "old." }]);
  const own = logged(before, { name: "A", log: [] }, "", null, null, "scene");
  assert.deepEqual(own.log, [{ what: "A change to this scene." }]);
});

test("pastLimits names the limit passed, else says nothing", () => {
  const limits = { max_document_chars: 200, max_entries: 2, max_log: 20, max_log_text: 300 };
  assert.equal(pastLimits(state([{ name: "A" }]), null, "characters"), "");
  assert.equal(pastLimits(state([{ name: "A" }]), limits, "characters"), "");
  assert.match(pastLimits(state([{}, {}, {}]), limits, "characters"), /at most 2 characters are kept on this device, and this would make 3/);
  assert.match(pastLimits(state([{ name: "x".repeat(300) }]), limits, "scenes"), /^Not saved: your scenes would take 3\d\d characters/);
});

test("trimLogs drops the oldest log items of the longest logs, never an entry", () => {
  const entries = [{ name: "A", log: [{ what: "a1" }, { what: "a2" }, { what: "a3" }] }, { name: "B", log: [{ what: "b1" }] }];
  const next = state(entries);
  const size = JSON.stringify(next.document).length;
  assert.equal(trimLogs(next, null), next);
  assert.equal(trimLogs(next, { max_document_chars: size }), next);
  const trimmed = trimLogs(next, { max_document_chars: size - 1 });
  assert.deepEqual(trimmed.document.entries[0].log, [{ what: "a1" }, { what: "a2" }]);
  assert.equal(entries[0].log.length, 3); // the state given is left as it was
  const bare = trimLogs(next, { max_document_chars: 10 });
  assert.deepEqual(bare.document.entries.map((e) => [e.name, e.log.length]), [["A", 0], ["B", 0]]);
});

test("names already saved, and each entry replacing the first saved one of its name", () => {
  const saved = [{ name: "A", n: 1 }, { name: "B", n: 2 }, { name: "A", n: 3 }];
  const more = [{ name: "A", n: 4 }, { name: "C", n: 5 }, { name: "A", n: 6 }, { name: "A", n: 7 }];
  assert.deepEqual(namesTaken(saved, more), ["A"]);
  assert.deepEqual(namesTaken(saved, [{ name: "Z" }]), []);
  const { list, places, replaced, added } = replaceByName(saved, more);
  assert.deepEqual(list.map((e) => e.n), [4, 2, 6, 5, 7]);
  assert.deepEqual(places, [0, 3, 2, 4]);
  assert.deepEqual(replaced, ["A", "A"]);
  assert.deepEqual(added, ["C", "A"]);
  assert.equal(saved[0].n, 1);
});
