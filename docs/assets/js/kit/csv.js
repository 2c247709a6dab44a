// @ts-check
// Rows of cell text as a file: CSV (RFC 4180: a field with a comma, a double quote or a line
// break is quoted, quotes doubled; every line ends in CRLF) and tab-separated text (one line a
// row, \n; tabs and line breaks in a cell become one space), which pastes as columns into a
// spreadsheet. Pure: tests/js/csv.test.mjs runs it under Node.

/**
 * One CSV field.
 * @param {string} text
 * @returns {string}
 */
export function csvField(text) {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * @param {string[][]} rows
 * @returns {string}
 */
export function rowsCsv(rows) {
  return rows.map((row) => row.map(csvField).join(",") + "\r\n").join("");
}

/**
 * @param {string[][]} rows
 * @returns {string}
 */
export function rowsText(rows) {
  return rows.map((row) => row.map((text) => text.replace(/[\t\r\n]+/g, " ")).join("\t")).join("\n") + "\n";
}
