// kit/share.js: the message a Share button sends (the engine's chat text, then the permalink).
import { test } from "node:test";
import assert from "node:assert/strict";

import { shareMessage } from "../../docs/assets/js/kit/share.js";

const PAGE = "https://example.org/srd/systems/some-system/";

test("the engine's text comes first, the permalink on the line under it", () => {
  const href = `${PAGE}?w=ds&seed=7#roller`;
  assert.equal(shareMessage("**3 hits** on 5d6", href, PAGE), `**3 hits** on 5d6\n${href}`);
});

test("a relative permalink is made absolute against the page", () => {
  assert.equal(shareMessage("roll", "?w=xy&seed=1#xy", PAGE), `roll\n${PAGE}?w=xy&seed=1#xy`);
  assert.equal(shareMessage("roll", "../other/?seed=2", PAGE), "roll\nhttps://example.org/srd/systems/other/?seed=2");
});

test("a text of several lines is sent as it is, Markdown and all", () => {
  const text = "Roll: `4d6`\nDice: 6 5 2 1\n> a success";
  const lines = shareMessage(text, `${PAGE}?seed=3`, PAGE).split("\n");
  assert.deepEqual(lines, ["Roll: `4d6`", "Dice: 6 5 2 1", "> a success", `${PAGE}?seed=3`]);
});

test("the permalink is written as a URL writes it", () => {
  assert.equal(shareMessage("x", "https://EXAMPLE.org/a b?q=ü", PAGE), "x\nhttps://example.org/a%20b?q=%C3%BC");
});

test("an address that cannot be a URL is refused, not sent half made", () => {
  assert.throws(() => shareMessage("x", "https://", PAGE), TypeError);
});
