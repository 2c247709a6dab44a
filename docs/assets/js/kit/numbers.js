// @ts-check
// Numbers as the engine writes them: exact ratios ("num/den") and the engine's loading share.
// Pure: nothing here touches the page, so Node's test runner imports it (tests/js/numbers.test.mjs).

/**
 * "num/den" (or a whole "num") as two exact integers as written: the sign kept, not reduced
 * (kit/exact.js's parseRatio reads a chance, and refuses a sign).
 * @param {string | number} text
 * @returns {[bigint, bigint]}
 */
export function signedRatio(text) {
  const [num, den = "1"] = String(text).split("/");
  return [BigInt(num), BigInt(den)];
}

/**
 * "num/den" as a float, for drawing only (six decimals, rounded toward zero).
 * @param {string | number} ratio
 * @returns {number}
 */
export function ratioValue(ratio) {
  const [num, den] = signedRatio(ratio);
  return Number((num * 1000000n) / den) / 1e6;
}

/**
 * Bytes as megabytes with one decimal.
 * @param {number} bytes
 * @returns {string}
 */
function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1);
}

/**
 * "37%": how much of the engine has arrived, as a share of all of it (or "2.1 MB" while the
 * total is unknown). A share, not megabytes: the files cross the network compressed, so the
 * files' own sizes would count far more than the reader waits for.
 * @param {{loaded: number, total: number}} progress
 * @returns {string}
 */
export function bytesText({ loaded, total }) {
  return total > 0 ? `${Math.floor((100 * Math.min(loaded, total)) / total)}%` : `${megabytes(loaded)} MB`;
}
