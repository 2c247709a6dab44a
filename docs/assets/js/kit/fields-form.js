// A widget whose form is a set of fields and switches: every input goes to the engine as text
// in `fields` (a text field its value, a checkbox "on" or "", a radio group its checked value),
// the odds follow the inputs, and Roll shows a seeded roll with its permalink, which names the
// widget (`w=PREFIX`) with every input and the seed. A view states only what is its own: its
// inputs, its two engine actions and how a reply is drawn.
//
//   system, prefix        the engine's system and the widget's id prefix (inputs are #PREFIX-NAME)
//   names                 every input, in the order the engine checks them
//   texts                 those typed in (the rest are checkboxes or radio groups)
//   oddsAction, rollAction, readyText
//   renderOdds(result, formLabel), renderRoll(result, href)
//   renderReading(result) the widget's reading region (.srd-widget__canonical), if it has one
//   described(result)     the words naming the inputs a reply answers (default: its notation)
//   inactive(values)      the inputs that do not apply to these values (sent as "")
//   onChange(values)      after a switch changes or a permalink fills the form in (and at start)
//   compareTerm           what the comparison of two answers calls an outcome

import { afterPause, engineForm, newestOnly } from "./widget-kit.js";
import { attachCompare } from "./compare.js";

export function fieldsForm(root, {
  system, prefix, names, texts = [], oddsAction, rollAction, readyText, renderOdds, renderRoll,
  renderReading = null, described = (result) => result.notation, inactive = () => [], onChange = () => {},
  compareTerm,
}) {
  const w = engineForm(root, { prefix, fields: [...names, "seed"], readyText });
  const { inputs } = w;
  const resultBox = root.querySelector(".srd-widget__result");
  const radiosOf = (name) => [...root.querySelectorAll(`input[type=radio][name=${name}]`)];
  const checkboxOf = (name) => root.querySelector(`input[type=checkbox]#${prefix}-${name}`);
  const placed = names.filter((name) => inputs[name]); // the inputs an error can be shown under

  function read(name) {
    if (texts.includes(name)) return inputs[name].value;
    const box = checkboxOf(name);
    if (box) return box.checked ? "on" : "";
    const checked = radiosOf(name).find((radio) => radio.checked);
    return checked ? checked.value : "";
  }
  function values() {
    const fields = Object.fromEntries(names.map((name) => [name, read(name)]));
    for (const name of inactive(fields)) fields[name] = "";
    return fields;
  }
  function write(name, value) {
    if (texts.includes(name)) inputs[name].value = value;
    const box = checkboxOf(name);
    if (box) box.checked = ["on", "true", "1"].includes(value);
    const radios = radiosOf(name);
    if (radios.some((radio) => radio.value === value)) for (const radio of radios) radio.checked = radio.value === value;
  }

  const inputsKey = () => JSON.stringify(values());
  const odds = w.region(root.querySelector(".srd-widget__odds"), { words: "Odds for the last valid input" });
  const readingBox = renderReading ? root.querySelector(".srd-widget__canonical") : null;
  const reading = readingBox ? w.region(readingBox, { words: "Reading of the last valid input" }) : null;
  const rolled = w.region(resultBox, { words: "Roll for earlier inputs", key: inputsKey, reveal: true });
  const latestOdds = newestOnly();
  const latestRoll = newestOnly();
  const oddsPause = afterPause(updateOdds);
  const compare = attachCompare(root, { engine: w.engine, term: compareTerm });

  // A reply's error belongs to one input: every other input's message goes.
  function accept(reply, checked, options) {
    const result = w.accept(reply, checked, options);
    if (!result) {
      const bad = String((reply.error || {}).field || "");
      for (const name of placed) if (name !== bad) w.clearFieldError(name);
    }
    return result;
  }

  // A permalink (?w=PREFIX&input=…&seed=…#widget) fills in the form and rolls once ready.
  function prefill(params) {
    if (params.get("w") !== prefix) return false;
    for (const name of names) if (params.has(name)) write(name, params.get(name));
    if (params.has("seed")) inputs.seed.value = params.get("seed");
    onChange(values());
    return (params.get("seed") || "").trim() !== "";
  }
  onChange(values());

  async function updateOdds(typing = false) {
    oddsPause.cancel();
    const reply = await latestOdds(w.engine.call({ action: oddsAction, system, fields: values() }));
    if (!reply) return; // a newer request is on its way: this answer is stale
    const result = accept(reply, placed, { typing });
    compare.offer(result);
    if (!result) {
      if (reading) reading.stale(true);
      return odds.stale(true);
    }
    if (reading) reading.show(renderReading(result), described(result));
    odds.show(renderOdds(result, root.querySelector("form").getAttribute("aria-label")), described(result));
  }

  async function roll() {
    oddsPause.flush();
    const fields = values();
    const key = inputsKey();
    const reply = await latestRoll(w.engine.call({ action: rollAction, system, fields, seed: inputs.seed.value }));
    if (!reply) return;
    const result = accept(reply, [...placed, "seed"]);
    if (!result) return;
    const href = w.permalink({ w: prefix, ...fields, seed: String(result.seed) });
    rolled.show(renderRoll(result, href), described(result), key);
  }

  w.onSubmit(roll);
  for (const name of texts) inputs[name].addEventListener("input", oddsPause.schedule);
  for (const control of root.querySelectorAll("input[type=radio], input[type=checkbox]")) {
    control.addEventListener("change", () => {
      onChange(values());
      updateOdds();
    });
  }
  w.watchSeed((seed) => ({ action: rollAction, system, fields: values(), seed }));
  w.rollsFromPermalinks(resultBox, { prefill, update: updateOdds, roll });
  return w;
}
