// kit/address.js: a widget's inputs written into the page's address and read back from it.
// The controls are plain objects with the properties the module reads (Node has no DOM).
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  addressControls, addressValue, fromAddress, setFromAddress, stringValues, widgetAddress, writeControls,
} from "../../docs/assets/js/kit/address.js";

/** A text field, checkbox, radio button or hidden input, as the form's markup would give it. */
function input({ type = "text", id = "", name = "", value = "", checked = false }) {
  return { type, id, name, value, defaultValue: value, checked, defaultChecked: checked };
}

/** A form of xy-prefixed controls: two text fields, a checkbox, a radio group, the seed, a hidden field. */
function form() {
  const controls = [
    input({ id: "xy-pool", value: "3" }),
    input({ id: "xy-tn", value: "4" }),
    input({ type: "checkbox", id: "xy-wild", value: "on" }),
    input({ type: "radio", name: "xy-mode", value: "sum", checked: true }),
    input({ type: "radio", name: "xy-mode", value: "best" }),
    input({ type: "radio", name: "xy-mode", value: "worst" }),
    input({ id: "xy-seed" }),
    input({ type: "hidden", id: "xy-token", value: "x" }),
  ];
  for (const radio of controls.filter((c) => c.type === "radio")) groupRadio(radio, controls);
  return { controls, querySelectorAll: () => controls };
}

/** As in a browser: checking a radio button unchecks the others of its group. */
function groupRadio(radio, controls) {
  let checked = radio.checked;
  Object.defineProperty(radio, "checked", {
    enumerable: true,
    get: () => checked,
    set(on) {
      if (on) for (const other of controls) if (other !== radio && other.name === radio.name) other.checked = false;
      checked = on;
    },
  });
}

const OWNS = () => true;
const FULL_IDS = () => false;

function widget(owns = OWNS) {
  const page = form();
  const named = addressControls(page, "xy");
  return { page, named, address: widgetAddress(named, "xy", owns), part: (name) => named.get(name) };
}

test("every control has its name in the address, without the seed or a hidden field", () => {
  const { named } = widget();
  assert.deepEqual([...named.keys()], ["pool", "tn", "wild", "mode"]);
  assert.deepEqual([...named.values()].map((part) => part.kind), ["text", "text", "checkbox", "radio"]);
  assert.equal(named.get("mode").controls.length, 3);
});

test("controls at their defaults write nothing", () => {
  const { named, address } = widget();
  for (const part of named.values()) assert.equal(addressValue(part), null);
  assert.equal(address.controlsState(), "");
});

test("each kind of control writes what it shows", () => {
  const { part, address } = widget();
  part("pool").controls[0].value = "12";
  part("wild").controls[0].checked = true;
  part("mode").controls[0].checked = false;
  part("mode").controls[2].checked = true;
  assert.equal(addressValue(part("pool")), "12");
  assert.equal(addressValue(part("wild")), "on");
  assert.equal(addressValue(part("mode")), "worst");
  assert.equal(address.controlsState(), "pool=12&wild=on&mode=worst");
});

test("a checkbox on by default writes off once cleared; one with its own value writes that", () => {
  const on = input({ type: "checkbox", id: "xy-a", checked: true, value: "on" });
  on.checked = false;
  assert.equal(addressValue({ kind: "checkbox", controls: [on] }), "off");
  const named = input({ type: "checkbox", id: "xy-b", value: "exploding" });
  named.checked = true;
  assert.equal(addressValue({ kind: "checkbox", controls: [named] }), "exploding");
});

test("a radio group with none checked writes nothing", () => {
  const { part } = widget();
  part("mode").controls[0].checked = false;
  assert.equal(addressValue(part("mode")), null);
});

test("value → address → value: every kind of control comes back as it was", () => {
  const before = widget();
  before.part("pool").controls[0].value = "7d+2";
  before.part("tn").controls[0].value = "a b&c=d";
  before.part("wild").controls[0].checked = true;
  before.part("mode").controls[0].checked = false;
  before.part("mode").controls[1].checked = true;
  const params = new URLSearchParams("other=kept");
  writeControls(before.address, params, null);
  const text = params.toString();

  const after = widget();
  const turned = after.address.putBack(new URLSearchParams(text));
  assert.equal(after.address.controlsState(), before.address.controlsState());
  assert.equal(after.part("tn").controls[0].value, "a b&c=d");
  assert.deepEqual(turned, [after.part("wild").controls[0], after.part("mode").controls[1]]);
  assert.equal(new URLSearchParams(text).get("other"), "kept");
});

test("reading: the words a switch understands, in any case", () => {
  const { part } = widget();
  for (const word of ["on", "1", "TRUE", "yes"]) assert.equal(fromAddress(part("wild"), word), "on");
  for (const word of ["off", "0", "false", "No", ""]) assert.equal(fromAddress(part("wild"), word), null); // its default
  const on = input({ type: "checkbox", id: "xy-a", checked: true });
  assert.equal(fromAddress({ kind: "checkbox", controls: [on] }, "no"), "off");
});

test("a garbled address gives nothing: an unknown word, radio value or name is left out", () => {
  const { page, address } = widget();
  const params = new URLSearchParams("wild=maybe&mode=sideways&colour=red&pool=3&%ZZ=1");
  assert.equal(address.stateOf(params), "");
  assert.deepEqual(address.putBack(params), []);
  assert.deepEqual(page.controls.map((c) => [c.value, c.checked]), form().controls.map((c) => [c.value, c.checked]));
});

test("a value at its default is not a change", () => {
  const { part } = widget();
  assert.equal(fromAddress(part("pool"), "3"), null);
  assert.equal(fromAddress(part("mode"), "sum"), null);
  assert.equal(fromAddress(part("pool"), "9"), "9");
});

test("setting a switch already showing the value turns nothing", () => {
  const { part } = widget();
  assert.deepEqual(setFromAddress(part("mode"), "sum"), []);
  assert.deepEqual(setFromAddress(part("mode"), "nope"), []);
  assert.deepEqual(setFromAddress(part("wild"), "off"), []);
  assert.deepEqual(setFromAddress(part("pool"), "5"), []);
  assert.equal(part("pool").controls[0].value, "5");
});

test("a widget that does not own the bare names writes and reads its full ids", () => {
  const { part, address } = widget(FULL_IDS);
  part("pool").controls[0].value = "9";
  const params = new URLSearchParams("pool=2");
  writeControls(address, params, null);
  assert.equal(params.toString(), "pool=2&xy-pool=9");
  assert.equal(address.stateOf(new URLSearchParams("pool=5")), "");
  assert.equal(address.stateOf(new URLSearchParams("xy-pool=5")), "pool=5");
});

test("the owner of the bare names reads a full id left by an earlier owner, and drops it on writing", () => {
  const { part, address } = widget();
  assert.equal(address.stateOf(new URLSearchParams("xy-pool=5")), "pool=5");
  part("pool").controls[0].value = "6";
  const params = new URLSearchParams("xy-pool=5");
  writeControls(address, params, null);
  assert.equal(params.toString(), "pool=6");
});

test("a word already saying what a control shows stays as it was written", () => {
  const { part, address } = widget();
  part("wild").controls[0].checked = true;
  const params = new URLSearchParams("wild=YES");
  writeControls(address, params, null);
  assert.equal(params.get("wild"), "YES");
});

test("a roll's own words stay while the inputs match and leave once they are edited", () => {
  const { part, address } = widget();
  const shown = { params: stringValues({ w: "xy", pool: 3, seed: 42 }), state: address.controlsState(), show: true };
  const params = new URLSearchParams();
  const still = writeControls(address, params, shown);
  assert.equal(still, shown);
  assert.equal(params.toString(), "w=xy&pool=3&seed=42");

  part("pool").controls[0].value = "4";
  assert.equal(writeControls(address, params, still), null);
  assert.equal(params.toString(), "pool=4");
});

test("a roll's words someone else has changed since are left alone", () => {
  const { part, address } = widget();
  const shown = { params: { w: "xy", seed: "42" }, state: address.controlsState(), show: false };
  part("tn").controls[0].value = "5";
  const params = new URLSearchParams("w=xy&seed=7");
  assert.equal(writeControls(address, params, shown), null);
  assert.equal(params.toString(), "w=xy&seed=7&tn=5");
});

test("a permalink's parameters are kept as strings", () => {
  assert.deepEqual(stringValues({ seed: 12, on: true, text: "a" }), { seed: "12", on: "true", text: "a" });
});
