// kit/numbers.js: the exact ratios the engine sends and the loading share the status line shows.
import { test } from "node:test";
import assert from "node:assert/strict";

import { bytesText, signedRatio, ratioValue } from "../../docs/assets/js/kit/numbers.js";

test("a ratio is read as two exact integers", () => {
  assert.deepEqual(signedRatio("3/8"), [3n, 8n]);
  assert.deepEqual(signedRatio("0/1"), [0n, 1n]);
  assert.deepEqual(signedRatio("-5/6"), [-5n, 6n]);
});

test("a whole number is a ratio over one", () => {
  assert.deepEqual(signedRatio("7"), [7n, 1n]);
  assert.deepEqual(signedRatio(1), [1n, 1n]);
});

test("numerators and denominators past a float's precision stay exact", () => {
  const big = "123456789012345678901234567890";
  assert.deepEqual(signedRatio(`${big}/${big}1`), [BigInt(big), BigInt(`${big}1`)]);
  assert.equal(ratioValue(`${big}/${big}`), 1);
});

test("a ratio drawn as a float keeps six decimals, cut toward zero", () => {
  assert.equal(ratioValue("1/2"), 0.5);
  assert.equal(ratioValue("1/1"), 1);
  assert.equal(ratioValue("0/5"), 0);
  assert.equal(ratioValue("2/3"), 0.666666);
  assert.equal(ratioValue("1/3000000"), 0);
  assert.equal(ratioValue("5"), 5);
});

test("text that is not a ratio is refused", () => {
  assert.throws(() => signedRatio("one half"), SyntaxError);
  assert.throws(() => signedRatio("1.5/2"), SyntaxError);
  assert.throws(() => ratioValue("1/0"), RangeError);
});

test("the engine's loading is a whole percentage of its total", () => {
  assert.equal(bytesText({ loaded: 0, total: 1000 }), "0%");
  assert.equal(bytesText({ loaded: 371, total: 1000 }), "37%");
  assert.equal(bytesText({ loaded: 999, total: 1000 }), "99%");
  assert.equal(bytesText({ loaded: 1000, total: 1000 }), "100%");
});

test("more bytes than the total still says 100%", () => {
  assert.equal(bytesText({ loaded: 5000, total: 1000 }), "100%");
});

test("while the total is unknown the bytes are megabytes", () => {
  assert.equal(bytesText({ loaded: 2_149_999, total: 0 }), "2.1 MB");
  assert.equal(bytesText({ loaded: 0, total: 0 }), "0.0 MB");
});
