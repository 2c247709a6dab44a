// CSV and tab-separated text of a table's rows (docs/assets/js/kit/csv.js), read back by a
// small RFC 4180 parser written here.
import assert from "node:assert/strict";
import { test } from "node:test";

import { csvField, rowsCsv, rowsText } from "../../docs/assets/js/kit/csv.js";

/**
 * Rows of fields from CSV text whose lines end in CRLF (quoted fields may hold anything).
 * @param {string} text
 * @returns {string[][]}
 */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else {
      field += char;
    }
  }
  assert.equal(field + row.length, "0", "the text ends with a line end");
  return rows;
}

test("a plain field is written as it is", () => {
  assert.equal(csvField("3d6"), "3d6");
  assert.equal(csvField(""), "");
  assert.equal(csvField("16.67% 1/6"), "16.67% 1/6");
});

test("commas, quotes and line breaks are quoted, quotes doubled", () => {
  assert.equal(csvField("a,b"), '"a,b"');
  assert.equal(csvField('say "hit"'), '"say ""hit"""');
  assert.equal(csvField("two\nlines"), '"two\nlines"');
  assert.equal(csvField("cr\rhere"), '"cr\rhere"');
});

test("rows end in CRLF, the header first", () => {
  assert.equal(rowsCsv([["Roll", "Chance"], ["2d6", "1/36"]]), "Roll,Chance\r\n2d6,1/36\r\n");
  assert.equal(rowsCsv([]), "");
});

test("CSV reads back to the same rows", () => {
  const rows = [
    ["Row \\ Hits", "0", "1, or more"],
    ['the "printed" rule', "1/3 33.33%", "line one\r\nline two"],
    ["", "−1", "tab\there"],
  ];
  assert.deepEqual(parseCsv(rowsCsv(rows)), rows);
});

test("tab-separated text: one line a row, tabs and line breaks in a cell as one space", () => {
  assert.equal(rowsText([["a", "b"], ["c", "d"]]), "a\tb\nc\td\n");
  assert.equal(rowsText([["x\ty", "two\r\nlines"]]), "x y\ttwo lines\n");
});
