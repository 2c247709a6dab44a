// The Doom Stack roller: attribute, skill, modifiers and TN in; exact odds as you type, and
// seeded rolls with every die, the engine's explanation, the seed and a permalink.

import {
  afterPause, el, engineForm, explanation, newestOnly, ratioValue, rollMeta,
} from "./widget-kit.js";

const FIELDS = ["attribute", "skill", "modifiers", "tn"]; // the order the engine checks them in
const READY_TEXT = "Ready: the odds follow your inputs.";
const SYSTEM = "doom-stack";

function attachRoller(root) {
  const w = engineForm(root, { prefix: "ds", fields: [...FIELDS, "seed"], readyText: READY_TEXT });
  const { inputs } = w;
  const resultBox = root.querySelector(".srd-widget__result");
  const inputsKey = (fields = fieldValues()) => JSON.stringify(FIELDS.map((name) => fields[name].trim()));
  const odds = w.region(root.querySelector(".srd-widget__odds"), { words: "Odds for the last valid input" });
  const rolled = w.region(resultBox, { words: "Roll for earlier inputs", key: inputsKey, reveal: true });
  const latestOdds = newestOnly();
  const latestRoll = newestOnly();
  const oddsPause = afterPause(updateOdds);

  // A permalink (?attribute=…&seed=…#ds-roller) prefills the form and rolls once ready.
  function prefill(params) {
    for (const [name, input] of Object.entries(inputs)) {
      if (params.has(name)) input.value = params.get(name);
    }
    return (params.get("seed") || "").trim() !== "";
  }
  let rollOnReady = prefill(new URLSearchParams(location.search));

  function fieldValues() {
    return Object.fromEntries(FIELDS.map((name) => [name, inputs[name].value]));
  }

  // --- odds, as the inputs change ---
  async function updateOdds(typing = false) {
    oddsPause.cancel();
    const reply = await latestOdds(w.engine.call({ system: SYSTEM, action: "odds_fields", fields: fieldValues() }));
    if (!reply) return; // a newer request is on its way: this answer is stale
    const result = w.accept(reply, FIELDS, { typing });
    if (result) odds.show(renderOdds(result), result.notation);
    else odds.stale(true); // what is shown answers other inputs
  }


  // --- rolling ---
  async function roll() {
    oddsPause.flush(); // the odds catch up with what was just typed
    const fields = fieldValues();
    const seed = inputs.seed.value;
    const reply = await latestRoll(w.engine.call({ system: SYSTEM, action: "roll_fields", fields, seed }));
    if (!reply) return;
    const result = w.accept(reply, [...FIELDS, "seed"]);
    if (result) rolled.show(renderRoll(result, fields), result.notation, inputsKey(fields));
  }

  function renderRoll(result, fields) {
    const box = el("div", { class: "srd-roll" });

    const headline = el("p", { class: "srd-roll__headline" },
      el("span", { class: "srd-roll__stack" }, "Best stack ", el("strong", {}, String(result.best_stack.value))));
    if (result.success !== null) {
      const verdict = !result.success ? "failure" : result.glitch ? "glitch" : "success";
      headline.append(" ", el("span", { class: `srd-roll__verdict srd-roll__verdict--${verdict}` },
        verdict[0].toUpperCase() + verdict.slice(1)));
      if (result.success && !result.glitch) headline.append(" ", el("span", {}, result.performance_name));
    }
    box.append(headline);

    // What finally happened to each die: the last "stacked"/"kept" entry of the log.
    const fate = new Map();
    for (const entry of result.log) if (entry.fate !== "rolled") fate.set(entry.index, entry);
    const dice = el("ul", { class: "srd-dice", "aria-label": "The dice, in the order rolled" });
    result.dice.forEach((value, index) => {
      const entry = fate.get(index) || { fate: "kept", note: "attention pool" };
      const kind = entry.fate === "stacked" ? (entry.note === "wildcard" ? "wildcard" : "stacked") : "kept";
      const words = { stacked: "in the stack", wildcard: "in the stack as a wildcard", kept: "attention pool" }[kind];
      const label = `Die ${index + 1}: ${value}, ${words}`;
      dice.append(el("li", {},
        el("span", { class: `srd-die srd-die--${kind}`, role: "img", "aria-label": label, title: label }, String(value))));
    });
    box.append(dice, explanation(result.lines),
      rollMeta(result.seed, w.permalink({ ...fields, seed: String(result.seed) })));
    return box;
  }

  function renderOdds(result) {
    const box = el("div", { class: "srd-odds" });
    box.append(el("p", { class: "srd-odds__pool" }, result.pool_line + (result.tn ? ` vs TN ${result.tn}` : "")));

    if (result.p_success) {
      const list = el("dl", { class: "srd-odds__summary" });
      for (const [key, label] of [["success", "Success"], ["glitch", "Glitch"], ["failure", "Failure"]]) {
        const ratio = result[`p_${key}`];
        list.append(el("div", { class: `srd-odds__item srd-odds__item--${key}`, "data-odds": key },
          el("dt", {}, label),
          el("dd", {}, el("span", { class: "srd-pct" }, result.percent[key]), " ",
            el("span", { class: "srd-exact", title: "exact chance" }, ratio))));
      }
      box.append(list, el("p", { class: "srd-odds__note" }, "A glitch (a stack equal to the TN) counts as a success."));
    } else {
      box.append(el("p", { class: "srd-odds__note" }, "Give a TN to see the chance of success."));
    }
    box.append(renderBars(result));
    return box;
  }

  // A compact bar view of the best-stack distribution; the numbers above say it in words,
  // so the bars are hidden from screen readers.
  function renderBars(result) {
    const points = Object.entries(result.outcomes).map(([stack, ratio]) => [Number(stack), ratioValue(ratio)]);
    const top = Math.max(...points.map(([, p]) => p));
    // Trim the long thin tails of big pools: they would be invisible anyway.
    const shown = points.filter(([, p]) => p >= top / 200);
    const first = shown[0][0];
    const last = shown[shown.length - 1][0];
    const chance = new Map(points);
    const bars = el("div", { class: "srd-odds__bars", "aria-hidden": "true" });
    for (let stack = first; stack <= last; stack++) {
      const p = chance.get(stack) || 0;
      const kind = result.tn == null ? "plain" : stack < result.tn ? "below" : stack === result.tn ? "glitch" : "above";
      bars.append(el("span", {
        class: `srd-odds__bar srd-odds__bar--${kind}`, style: `height: ${((100 * p) / top).toFixed(1)}%`,
        title: `best stack ${stack}: ${(100 * p).toFixed(2)}%`,
      }));
    }
    return el("figure", { class: "srd-odds__chart" }, bars,
      el("figcaption", {}, `Chance of each best stack, ${first} to ${last}` +
        (result.tn == null ? "" : `; bars from TN ${result.tn} up are successes`)));
  }

  // --- wiring ---
  w.onSubmit(roll);
  w.onPermalinkClick(resultBox, (params) => {
    prefill(params);
    updateOdds();
    roll();
  });
  for (const name of FIELDS) inputs[name].addEventListener("input", oddsPause.schedule);
  w.watchSeed((seed) => ({ system: SYSTEM, action: "roll_fields", fields: fieldValues(), seed }));

  w.whenReady(() => {
    updateOdds();
    if (rollOnReady) {
      rollOnReady = false;
      roll();
    }
  });
}

// The widgets this view attaches, by their markup's data-widget (macros/doom_stack.py).
export const WIDGETS = { roller: attachRoller };
