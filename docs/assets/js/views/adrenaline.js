// The Adrenaline roller: attribute + ability, difficulty and Adrenaline to spend; a standard,
// extended or opposed roll; the variants. Exact odds as you type; seeded rolls with every die
// explained (which succeeded, which 1 cancelled which success, which pair earned
// Adrenaline), the seed and a permalink. Every number comes from the engine.

import {
  afterPause, chartValues, el, engineForm, explanation, newestOnly, rollMeta,
} from "../kit/widget-kit.js";
import { attachCompare } from "../kit/compare.js";

const SYSTEM = "adrenaline";
const PREFIX = "ad";
const TEXT_FIELDS = ["attribute", "ability", "difficulty", "adrenaline", "target",
  "other-attribute", "other-ability", "other-difficulty", "other-adrenaline"];
// The fields whose errors the engine names, in the order it checks them.
const CHECKED = ["mode", "options", "attribute", "ability", "difficulty", "adrenaline", "target",
  "other-attribute", "other-ability", "other-difficulty", "other-adrenaline"];
const READY_TEXT = "Ready: the odds follow your inputs.";
const ROLE_WORDS = { success: "a success", blank: "below the difficulty", one: "a 1" };

function attachRoller(root) {
  const w = engineForm(root, { prefix: PREFIX, fields: [...CHECKED, "seed"], readyText: READY_TEXT });
  const { inputs } = w;
  const byId = (name) => root.querySelector(`#${PREFIX}-${name}`);
  const modeRadios = [...root.querySelectorAll("input[name=mode]")];
  const optionBoxes = [...root.querySelectorAll("input[id^=ad-option-]")];
  const groups = [...root.querySelectorAll("fieldset[data-mode]")];
  const latestOdds = newestOnly();
  const latestRoll = newestOnly();
  const oddsPause = afterPause(updateOdds);
  const compare = attachCompare(root, { engine: w.engine, term: "Net successes" });

  const fieldValues = () => {
    const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, byId(name).value]));
    values.mode = (modeRadios.find((radio) => radio.checked) || modeRadios[0]).value;
    values.options = optionBoxes.filter((box) => box.checked).map((box) => box.value).join(",");
    values.wastes = byId("wastes").checked ? "on" : "";
    values.below = byId("below").checked ? "on" : "";
    return values;
  };
  const inputsKey = (fields = fieldValues()) => JSON.stringify(fields);
  // Regions that say when they no longer match the inputs (when the kit offers it).
  const regionOf = (box, options) => (w.region ? w.region(box, options)
    : { show: (content) => box.replaceChildren(content), stale() {}, follow() {} });
  const oddsBox = root.querySelector(".srd-widget__odds");
  const resultBox = root.querySelector(".srd-widget__result");
  const odds = regionOf(oddsBox, { words: "Odds for the last valid input" });
  const rolled = regionOf(resultBox, { words: "Roll for earlier inputs", key: inputsKey, reveal: true });

  function showMode() {
    const mode = fieldValues().mode;
    for (const group of groups) group.hidden = group.dataset.mode !== mode;
  }

  // A permalink (?attribute=…&mode=…&seed=…#ad-roller) prefills the form and rolls once ready.
  function prefill(params) {
    for (const name of TEXT_FIELDS) if (params.has(name)) byId(name).value = params.get(name);
    if (params.has("mode")) {
      for (const radio of modeRadios) radio.checked = radio.value === params.get("mode");
    }
    if (params.has("options")) {
      const chosen = params.get("options").split(",");
      for (const box of optionBoxes) box.checked = chosen.includes(box.value);
    }
    if (params.has("wastes")) byId("wastes").checked = params.get("wastes") === "on";
    if (params.has("below")) byId("below").checked = params.get("below") === "on";
    if (params.has("seed")) inputs.seed.value = params.get("seed");
    showMode();
    return (params.get("seed") || "").trim() !== "";
  }

  // --- odds, as the inputs change ---
  async function updateOdds(typing = false) {
    oddsPause.cancel();
    const reply = await latestOdds(w.engine.call({ system: SYSTEM, action: "odds_form", fields: fieldValues() }));
    if (!reply) return; // a newer request is on its way: this answer is stale
    const result = w.accept(reply, CHECKED, { typing });
    compare.offer(result); // opposed and extended rolls carry no outcomes: nothing to add
    if (result) odds.show(renderOdds(result), result.notation);
    else odds.stale(true);
  }


  // --- rolling ---
  async function roll() {
    oddsPause.flush();
    const fields = fieldValues();
    const seed = inputs.seed.value;
    const reply = await latestRoll(w.engine.call({ system: SYSTEM, action: "roll_form", fields, seed }));
    if (!reply) return;
    const result = w.accept(reply, [...CHECKED, "seed"]);
    if (result) rolled.show(renderRoll(result, fields), result.notation, inputsKey(fields));
  }

  // --- the odds ---
  function summaryList(items) {
    const list = el("dl", { class: "srd-odds__summary srd-ad-summary" });
    for (const item of items) {
      list.append(el("div", { class: `srd-odds__item srd-ad-item--${item.key}`, "data-odds": item.key },
        el("dt", {}, item.label),
        el("dd", {}, el("span", { class: "srd-pct" }, item.percent),
          item.exact ? el("span", { class: "srd-exact", title: `exactly ${item.exact}` }, item.exact) : null)));
    }
    return list;
  }

  function bars(result) {
    const box = el("div", { class: "srd-odds__bars srd-ad-bars", "aria-hidden": "true" });
    const shown = result.bars.filter((bar) => bar.height >= 0.005);
    for (const bar of shown) {
      box.append(el("span", {
        class: `srd-odds__bar srd-ad-bar--${bar.kind}`, style: `height: ${(100 * bar.height).toFixed(1)}%`,
        title: `${bar.x}: ${bar.percent}`,
      }));
    }
    const first = shown[0].x;
    const last = shown[shown.length - 1].x;
    const values = chartValues(result.bars_caption, ["Result", "Chance"],
      result.bars.map((bar) => [bar.x, bar.percent]));
    return el("figure", { class: "srd-odds__chart" }, box,
      el("figcaption", {}, `${result.bars_caption} (${first} to ${last})`), values);
  }

  function renderOdds(result) {
    const box = el("div", { class: "srd-odds srd-ad-odds" });
    box.append(el("p", { class: "srd-odds__pool" }, result.pool_lines.join("; "), " ",
      el("code", { class: "srd-ad-notation" }, result.notation)));
    box.append(summaryList(result.summary));
    if (result.kind === "extended") {
      box.append(el("p", { class: "srd-odds__note" },
        `Mean rolls when the target is reached: ${result.mean_rolls}. Left out (still rolling): ${result.cut_mass}.`));
      const head = el("tr", {}, ...["Roll", "Reached on it", "Reached by then",
        ...(result.botch_wastes ? [] : ["Lost on it"])].map((h) => el("th", { scope: "col" }, h)));
      const body = result.rows.map((row) => el("tr", {}, el("th", { scope: "row" }, String(row.roll)),
        el("td", {}, row.reached), el("td", {}, row.by_then), ...(result.botch_wastes ? [] : [el("td", {}, row.lost)])));
      box.append(el("div", { class: "srd-table-wrap srd-ad-rows", role: "region", tabindex: "0",
        "aria-label": "Rolls needed" }, el("table", { class: "srd-table" }, el("thead", {}, head), el("tbody", {}, ...body))));
    } else {
      const what = result.kind === "opposed" ? "Mean margin" : "Mean net";
      box.append(el("p", { class: "srd-odds__note" }, `${what}: ${result.mean_text}.`), bars(result));
    }
    return box;
  }

  // --- the roll ---
  function diceList(reading, label) {
    const list = el("ul", { class: "srd-dice", "aria-label": label });
    for (const die of reading.dice_detail) {
      let kind = die.role;
      if (die.role === "success" && die.cancelled_by.length) kind = "cancelled";
      if (die.role === "one" && !die.cancels.length) kind = "idle";
      let words = ROLE_WORDS[die.role];
      if (die.cancels.length) words += `, cancels die ${die.cancels[0] + 1}`;
      if (die.cancelled_by.length) words += `, cancelled by die ${die.cancelled_by.map((i) => i + 1).join(" and ")}`;
      if (die.pair) words += ", in the pair that earns Adrenaline";
      if (die.from !== null) words += `, rolled for die ${die.from + 1}'s 10`;
      const text = `Die ${die.index + 1}: ${die.value}, ${words}`;
      list.append(el("li", {}, el("span", {
        class: `srd-die srd-ad-die--${kind}${die.pair ? " srd-ad-die--pair" : ""}`,
        role: "img", "aria-label": text, title: text,
      }, String(die.value))));
    }
    return list;
  }

  function headline(text, verdict) {
    return el("p", { class: "srd-roll__headline" },
      el("span", { class: `srd-roll__verdict srd-ad-verdict--${verdict}` }, text));
  }

  function renderRoll(result, fields) {
    const box = el("div", { class: "srd-roll srd-ad-roll" });
    if (result.kind === "standard") {
      const net = result.net;
      const title = net > 0 ? `Net ${net}: success, ${result.degree}` : net === 0 ? "Net 0: failure" : `Net ${net}: botch`;
      box.append(headline(title + (result.adrenaline_earned ? " · +1 Adrenaline" : ""), result.result),
        diceList(result, "The dice, in the order rolled"));
    } else if (result.kind === "opposed") {
      const words = { win: "The roller wins", standoff: "Stand-off", lose: "The other side wins" }[result.verdict];
      box.append(headline(`${words} (margin ${result.margin})`, result.verdict),
        el("p", { class: "srd-ad-side" }, "Roller"), diceList(result.roller, "The roller's dice"),
        el("p", { class: "srd-ad-side" }, "Other side"), diceList(result.other, "The other side's dice"));
    } else {
      const words = { reached: "Target reached", botched: "Botched: the attempt is lost", "gave up": "Still short" };
      box.append(headline(`${words[result.ending]} after ${result.rolls.length} ` +
        (result.rolls.length === 1 ? "roll" : "rolls"), result.ending.replace(" ", "-")));
    }
    // The lines scroll inside their box: reachable by keyboard, named for screen readers.
    const lines = explanation(result.lines, "srd-ad-lines");
    Object.entries({ tabindex: "0", role: "region", "aria-label": "The roll explained" })
      .forEach(([name, value]) => lines.setAttribute(name, value));
    box.append(lines,
      rollMeta(result.seed, w.permalink({ ...fields, seed: String(result.seed) }), "roll",
        result.share ? result.share.text : null)); // null: an extended roll whose odds the engine refuses
    return box;
  }

  // --- wiring ---
  w.onSubmit(roll);
  for (const name of TEXT_FIELDS) byId(name).addEventListener("input", oddsPause.schedule);
  for (const radio of modeRadios) {
    radio.addEventListener("change", () => {
      showMode();
      oddsPause.schedule();
    });
  }
  for (const box of [...optionBoxes, byId("wastes"), byId("below")]) box.addEventListener("change", oddsPause.schedule);
  w.watchSeed((seed) => ({ system: SYSTEM, action: "roll_form", fields: fieldValues(), seed }));
  w.rollsFromPermalinks(resultBox, {
    prefill,
    update: () => {
      showMode();
      updateOdds();
    },
    roll,
  });
}

// The widgets this view attaches, by their markup's data-widget (macros/adrenaline.py).
export const WIDGETS = { roller: attachRoller };
