// The exact sums behind Compare's three views (docs/assets/js/kit/exact.js), checked by hand.
import assert from "node:assert/strict";
import { test } from "node:test";

import { addRatios, outcomeOrder, parseRatio, percentText, ratioFloat, ratioText, viewValues } from "../../docs/assets/js/kit/exact.js";

/** One row of a fair die with `sides` faces, each "1/sides" as the engine writes it. */
function die(sides) {
  const keys = Array.from({ length: sides }, (_, i) => String(i + 1));
  return { keys, chance: new Map(keys.map((key) => [key, parseRatio(`1/${sides}`)])) };
}

test("parseRatio reads num/den and whole numbers, reduced", () => {
  assert.deepEqual(parseRatio("2/12"), [1n, 6n]);
  assert.deepEqual(parseRatio(" 3 / 9 "), [1n, 3n]);
  assert.deepEqual(parseRatio("4"), [4n, 1n]);
  assert.deepEqual(parseRatio("0/5"), [0n, 1n]);
  assert.deepEqual(parseRatio(7), [7n, 1n]);
});

test("parseRatio refuses what is not a fraction", () => {
  for (const text of ["", "1/0", "-1/2", "0.5", "1/2/3", "a/b"]) assert.throws(() => parseRatio(text), /not a fraction/);
});

test("1/6 + 1/6 = 1/3, and sums stay reduced", () => {
  assert.deepEqual(addRatios([1n, 6n], [1n, 6n]), [1n, 3n]);
  assert.deepEqual(addRatios([1n, 2n], [1n, 2n]), [1n, 1n]);
  assert.deepEqual(addRatios([0n, 1n], [3n, 8n]), [3n, 8n]);
  assert.deepEqual(addRatios([1n, 4n], [1n, 12n]), [1n, 3n]);
});

test("ratioText writes whole numbers bare", () => {
  assert.equal(ratioText([1n, 3n]), "1/3");
  assert.equal(ratioText([1n, 1n]), "1");
  assert.equal(ratioText([0n, 1n]), "0");
});

test("ratioFloat is the fraction to nine decimals", () => {
  assert.equal(ratioFloat([1n, 3n]), 0.333333333);
  assert.equal(ratioFloat([1n, 1n]), 1);
});

test("a distribution's chances sum to exactly 1", () => {
  const row = { keys: ["2", "3", "4"], chance: new Map([["2", parseRatio("1/4")], ["3", parseRatio("1/2")], ["4", parseRatio("1/4")]]) };
  const total = viewValues(row, row.keys, "exactly").reduce(addRatios, [0n, 1n]);
  assert.deepEqual(total, [1n, 1n]);
  const d6 = die(6);
  assert.deepEqual(viewValues(d6, d6.keys, "exactly").reduce(addRatios, [0n, 1n]), [1n, 1n]);
});

test("at least the lowest outcome and at most the highest are 1", () => {
  const d6 = die(6);
  const atLeast = viewValues(d6, d6.keys, "at-least");
  const atMost = viewValues(d6, d6.keys, "at-most");
  assert.deepEqual(atLeast[0], [1n, 1n]);
  assert.deepEqual(atMost[5], [1n, 1n]);
  assert.deepEqual(atLeast.map(ratioText), ["1", "5/6", "2/3", "1/2", "1/3", "1/6"]);
  assert.deepEqual(atMost.map(ratioText), ["1/6", "1/3", "1/2", "2/3", "5/6", "1"]);
});

test("an outcome a row lacks counts as 0 in every view", () => {
  const row = { keys: ["1", "3"], chance: new Map([["1", parseRatio("1/3")], ["3", parseRatio("2/3")]]) };
  const keys = ["1", "2", "3"];
  assert.deepEqual(viewValues(row, keys, "exactly").map(ratioText), ["1/3", "0", "2/3"]);
  assert.deepEqual(viewValues(row, keys, "at-least").map(ratioText), ["1", "2/3", "2/3"]);
  assert.deepEqual(viewValues(row, keys, "at-most").map(ratioText), ["1/3", "1/3", "1"]);
});

test("percentText: two decimals, halves up, and the ends kept apart from 0 and 1", () => {
  assert.equal(percentText([0n, 1n]), "0.00%");
  assert.equal(percentText([1n, 1n]), "100.00%");
  assert.equal(percentText([1n, 6n]), "16.67%"); // 16.666…
  assert.equal(percentText([1n, 3n]), "33.33%");
  assert.equal(percentText([1n, 8n]), "12.50%");
  assert.equal(percentText([1n, 16n]), "6.25%");
  assert.equal(percentText([1n, 32n]), "3.13%"); // 3.125: the half goes up
  assert.equal(percentText([1n, 20000n]), "0.01%"); // exactly half a hundredth: up
  assert.equal(percentText([1n, 20001n]), "<0.01%");
  assert.equal(percentText([1999n, 2000n]), "99.95%");
  assert.equal(percentText([19999n, 20000n]), "100.00%"); // 99.995, half up, as core/exact.py writes it
  assert.equal(percentText([20000n, 20001n]), ">99.99%");
});

test("outcomeOrder: whole numbers ascending across rows, else the rows' own order merged", () => {
  assert.deepEqual(outcomeOrder([{ keys: ["2", "4"] }, { keys: ["-1", "3", "10"] }]), ["-1", "2", "3", "4", "10"]);
  assert.deepEqual(outcomeOrder([{ keys: ["miss", "hit"] }, { keys: ["miss", "graze", "hit", "crit"] }]), ["miss", "graze", "hit", "crit"]);
  assert.deepEqual(outcomeOrder([]), []);
});
