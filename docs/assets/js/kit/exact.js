// @ts-check
// Exact chances: fractions in BigInt as the engine writes them ("num/den"), their sums ("at
// least" and "at most" an outcome), the text people read, and one order for the outcomes of
// several rows. Pure: no page, no engine; tests/js/exact.test.mjs runs it under Node.

/** @typedef {[bigint, bigint]} Ratio  a fraction [numerator, denominator], reduced */
/** @typedef {"exactly" | "at-least" | "at-most"} View  which chance of each outcome */
/**
 * A row of outcomes: its keys in the engine's order and the chance of each.
 * @typedef {{keys: string[], chance: Map<string, Ratio>}} Outcomes
 */

/**
 * @param {bigint} a
 * @param {bigint} b
 * @returns {bigint}
 */
function gcd(a, b) {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y) [x, y] = [y, x % y];
  return x;
}

/**
 * @param {bigint} num
 * @param {bigint} den
 * @returns {Ratio}
 */
function reduced(num, den) {
  const common = gcd(num, den) || 1n;
  return [num / common, den / common];
}

/**
 * [num, den] of "num/den" (or of a whole number), reduced.
 * @param {unknown} text
 * @returns {Ratio}
 */
export function parseRatio(text) {
  const match = /^\s*(\d+)\s*(?:\/\s*(\d+))?\s*$/.exec(String(text));
  if (!match) throw new Error(`not a fraction: ${text}`);
  const den = BigInt(match[2] || "1");
  if (den === 0n) throw new Error(`not a fraction: ${text}`);
  return reduced(BigInt(match[1]), den);
}

/**
 * @param {Ratio} first
 * @param {Ratio} second
 * @returns {Ratio}
 */
export function addRatios([a, b], [c, d]) {
  return reduced(a * d + c * b, b * d);
}

/**
 * "num/den", or the whole number when the denominator is 1.
 * @param {Ratio} ratio
 * @returns {string}
 */
export function ratioText([num, den]) {
  return den === 1n ? `${num}` : `${num}/${den}`;
}

/**
 * A fraction as a float (nine decimals), for drawing only.
 * @param {Ratio} ratio
 * @returns {number}
 */
export function ratioFloat([num, den]) {
  return Number((num * 1_000_000_000n) / den) / 1e9;
}

/**
 * A chance as the engine writes it for people (core/exact.py `percent(p, 2)`): two decimals,
 * halves rounded up, and "<0.01%" / ">99.99%" for what is not 0 or 1 but rounds to it.
 * @param {Ratio} ratio
 * @returns {string}
 */
export function percentText([num, den]) {
  if (num === 0n) return "0.00%";
  if (num === den) return "100.00%";
  if (num * 20000n < den) return "<0.01%";
  if ((den - num) * 20000n < den) return ">99.99%";
  const hundredths = (num * 20000n + den) / (2n * den); // round(p × 10 000), halves up
  const whole = hundredths / 100n;
  return `${whole}.${String(hundredths % 100n).padStart(2, "0")}%`;
}

/**
 * Every row's outcomes in one order: numbers ascending when every outcome is a whole number,
 * else in the order the rows give them (each row's own order is the engine's, ascending).
 * @param {{keys: string[]}[]} rows
 * @returns {string[]}
 */
export function outcomeOrder(rows) {
  /** @type {string[]} */
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

/**
 * One row's chance of each outcome of `keys` in the view: exactly it, at least it (it or any
 * later key) or at most it (it or any earlier key).
 * @param {Outcomes} row
 * @param {string[]} keys
 * @param {View} view
 * @returns {Ratio[]}
 */
export function viewValues(row, keys, view) {
  /** @type {Ratio} */
  const none = [0n, 1n];
  const exact = keys.map((key) => row.chance.get(key) ?? none);
  if (view === "exactly") return exact;
  /** @type {Ratio[]} */
  const out = new Array(keys.length);
  let sum = none;
  if (view === "at-most") {
    for (let i = 0; i < keys.length; i++) out[i] = sum = addRatios(sum, exact[i]);
  } else {
    for (let i = keys.length - 1; i >= 0; i--) out[i] = sum = addRatios(sum, exact[i]);
  }
  return out;
}
