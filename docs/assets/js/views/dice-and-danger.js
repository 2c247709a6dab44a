// @ts-check
// The dice & danger widgets.
//
// The notation roller: as you type, the engine's canonical form, the notes on how it read
// the notation and the exact hits chart; a damage/save switch (the engine decides what a
// save means, and a `save` or `damage` written in the notation wins: the switch follows
// it); seeded rolls with every die drawn and the engine's explanation, seed and permalink.
//
// The damage-roll builder: who acts and how, the weapon, the target's armour and shield go
// to the engine (rules_engine/dice_and_danger/builder.py), which writes the roll's notation
// term by term and answers its canonical form and exact odds (the roller's chart and table);
// seeded rolls as the roller's.
//
// The Health-save helper: conditions taken now and already had, and Health, give the save's
// notation and the exact chance of each outcome; seeded rolls name the outcome.
//
// The character generator: five attributes on 1d+2p (seeded), Luck, inventory slots and
// starting Hit Defense, with the engine's explanation, seed and permalink.

import {
  el, engineForm, explanation, newestOnly, plural, ratioValue, rollMeta,
} from "../kit/widget-kit.js";
import { fieldsForm } from "../kit/fields-form.js";

const SYSTEM = "dice-and-danger";
/** @type {Record<string, string>} */
const KIND_WORDS = { damage: "damage roll", save: "save", face: "face roll" };

/**
 * What the engine's replies hold, where this view reads into them.
 * @typedef {{value: number, percent: string, ratio: string, at_least: {percent: string}}} Bar one outcome's chance
 * @typedef {{from: number, to: number, percent: string, ratio: string, end: string}} Folded outcomes shown together
 * @typedef {{value: number, fate: string, hit: boolean | null, crit?: boolean}} Face a die as drawn
 * @typedef {Face & {role: string, why?: string, chain: {value: number, hit: boolean}[]}} Die a die of a roll
 * @typedef {{field: string, term: string, why: string, other_side: boolean}} Step a built roll's term
 * @typedef {{hits: number, to: number | null, name: string, injury: boolean, percent: string, ratio: string}} Outcome
 */

/**
 * The roller's damage/save switch. The notation's own `save`/`damage` wins: the switch shows
 * the engine's kind, and is locked while the notation names one (the hint says so).
 * @param {HTMLInputElement[]} radios the switch's radio buttons
 * @param {HTMLElement} switchBox
 */
function kindSwitch(radios, switchBox) {
  /** @param {string} value */
  function setKind(value) {
    for (const radio of radios) radio.checked = radio.value === value;
  }
  /** @param {boolean} locked */
  function lockSwitch(locked) {
    for (const radio of radios) radio.disabled = locked;
    switchBox.classList.toggle("srd-switch--locked", locked);
  }
  /** @param {{switch: string, written_kind: string | null}} result */
  function followSwitch(result) {
    setKind(result.switch);
    lockSwitch(Boolean(result.written_kind));
  }
  return { followSwitch, lockSwitch };
}

// --- the notation roller -------------------------------------------------------------------
// A form of fields (kit/fields-form.js) whose actions take the notation and the kind beside
// `action`. The kind switch follows each reply; a roll's permalink
// (?notation=…&kind=…&seed=…#dd-roller) names no widget, the notation as the engine reads it
// (trimmed) and the kind it rolled, and a roll is compared by the same two.
/** @param {HTMLElement} root */
function attachRoller(root) {
  /** @type {NodeListOf<HTMLInputElement>} */
  const kindRadios = root.querySelectorAll("input[name=kind]");
  const switchBox = /** @type {HTMLElement} */ (root.querySelector(".srd-switch"));
  const { followSwitch, lockSwitch } = kindSwitch([...kindRadios], switchBox);
  fieldsForm(root, {
    system: SYSTEM, prefix: "dd", names: ["notation", "kind"], texts: ["notation"], checked: ["notation"],
    oddsAction: "odds_kind", rollAction: "roll_kind", readyText: "Ready: the odds follow the notation.",
    renderReading, renderOdds, renderRoll, compareTerm: "Hits",
    tagged: false, linkedBy: "notation", flat: true,
    // Until the notation reads again, it names no kind: the switch is free.
    onReply: (result) => (result ? followSwitch(result) : lockSwitch(false)),
    asRolled: (result, fields) => ({ notation: fields.notation.trim(), kind: result.switch }),
    key: (fields) => JSON.stringify([fields.notation.trim(), fields.kind]),
  });
}

/**
 * The notation roller's roll.
 * @param {any} result the engine's roll
 * @param {string} href the roll's permalink
 * @returns {HTMLElement}
 */
function renderRoll(result, href) {
  const box = el("div", { class: "srd-roll" });
  const outcome = result.hits === null ? `Face ${result.face}` : plural(result.hits, "hit", "hits");
  const against = result.dc === null ? "no DC: the kept die's face" : `vs DC ${result.dc}`;
  box.append(
    el("p", { class: "srd-roll__headline" },
      el("strong", { class: "srd-roll__outcome" }, outcome), " ",
      el("span", { class: "srd-roll__kind" }, `${KIND_WORDS[result.kind]}, ${against}`)),
    renderDice(result),
    explanation(result.lines),
    rollMeta(result.seed, href, "roll", result.share.text),
  );
  return box;
}

// How the engine read the notation: its canonical form, kind and notes.
/** @param {any} result the engine's reading */
function renderReading(result) {
  const notes = [...result.notes];
  if (result.drop_note) notes.push(result.drop_note);
  if (result.written_kind) notes.push(`“${result.written_kind}” is written in the notation: the switch follows it`);
  return el("div", { class: "srd-reading" },
    el("p", { class: "srd-reading__canonical" },
      "Reads as ", el("code", { class: "srd-reading__notation" }, result.notation),
      " ", el("span", { class: "srd-reading__kind" }, `(${KIND_WORDS[result.kind]})`)),
    notes.length
      ? el("ul", { class: "srd-reading__notes", "aria-label": "How it was read" },
        ...notes.map((/** @type {string} */ note) => el("li", {}, note)))
      : el("p", { class: "srd-reading__none" }, "Read as written."));
}

// --- the exact odds: a summary, a bar chart of every shown outcome, the exact values ---
// `owner`: the widget's name, so that its exact-chances region is named apart from another
// widget's on the same page.
/**
 * @param {any} result the engine's odds
 * @param {string | null} [owner]
 */
function renderOdds(result, owner = "") {
  const reads = result.reads; // "hits", or "face" without a DC
  const box = el("div", { class: "srd-dd-odds" });
  const summary = el("dl", { class: "srd-odds__summary srd-odds__summary--two" });
  if (result.p_any_hit) {
    summary.append(summaryItem("any-hit", "At least 1 hit", result.p_any_hit.percent, result.p_any_hit.ratio));
  }
  summary.append(summaryItem("mean", reads === "hits" ? "Average hits" : "Average face", result.mean_text, result.mean));
  box.append(summary, renderChart(result), renderTable(result, owner));
  return box;
}

/**
 * @param {string} key
 * @param {string} label
 * @param {string} shown
 * @param {string} exact
 */
function summaryItem(key, label, shown, exact) {
  return el("div", { class: "srd-odds__item", "data-odds": key },
    el("dt", {}, label),
    el("dd", {}, el("span", { class: "srd-pct" }, shown), " ",
      el("span", { class: "srd-exact", title: `exactly ${exact}` }, exact)));
}

/**
 * @param {string} reads "hits" or "face"
 * @param {number} value
 */
function outcomeWords(reads, value) {
  return reads === "hits" ? plural(value, "hit", "hits") : `face ${value}`;
}

/**
 * @param {string} reads
 * @param {Folded} folded
 */
function foldedWords(reads, folded) {
  return `${folded.from}–${folded.to} ${reads}`;
}

// One bar per outcome the engine shows, scaled to the tallest; each says its exact value in
// its title. The table after it says the same for every reader, so the bars are hidden from
// screen readers.
/** @param {{bars: Bar[], reads: string, folded: Folded[]}} result */
function renderChart(result) {
  const { bars, reads } = result;
  const top = Math.max(...bars.map((bar) => ratioValue(bar.ratio)));
  const every = Math.ceil(bars.length / 12); // label every n-th bar when there are many
  const columns = el("ol", { class: "srd-dd-hits-chart__bars", "aria-hidden": "true" });
  bars.forEach((bar, position) => {
    const title = `${outcomeWords(reads, bar.value)}: ${bar.percent} (${bar.ratio})`;
    const height = top > 0 ? (100 * ratioValue(bar.ratio)) / top : 0;
    columns.append(el("li", { class: "srd-dd-hits-chart__column", title, "data-value": bar.value },
      el("span", { class: "srd-dd-hits-chart__bar", style: `height: ${height.toFixed(1)}%` }),
      el("span", { class: "srd-dd-hits-chart__label" }, position % every === 0 ? String(bar.value) : "")));
  });
  const first = bars[0].value;
  const last = bars[bars.length - 1].value;
  let caption = `Chance of each ${reads === "hits" ? "number of hits" : "face"}, ${first} to ${last}.`;
  for (const folded of result.folded) caption += ` ${foldedWords(reads, folded)}: ${folded.percent} in all.`;
  return el("figure", { class: "srd-dd-hits-chart" }, columns, el("figcaption", {}, caption));
}

/**
 * @param {{bars: Bar[], reads: string, folded: Folded[]}} result
 * @param {string | null} [owner]
 */
function renderTable(result, owner = "") {
  const { reads } = result;
  // The exact fractions last: they can be hundreds of digits long, and scroll sideways.
  const head = el("tr", {}, ...[reads === "hits" ? "Hits" : "Face", "Chance", "At least", "Exact chance"]
    .map((text) => el("th", { scope: "col" }, text)));
  const rows = result.bars.map((bar) => el("tr", { "data-value": bar.value },
    el("th", { scope: "row" }, String(bar.value)),
    el("td", { class: "srd-num" }, bar.percent),
    el("td", { class: "srd-num" }, bar.at_least.percent),
    el("td", { class: "srd-exact-cell" }, bar.ratio)));
  for (const folded of result.folded) {
    const row = el("tr", { "data-folded": folded.end },
      el("th", { scope: "row" }, `${folded.from}–${folded.to}`),
      el("td", { class: "srd-num" }, folded.percent),
      el("td", { class: "srd-num" }, folded.end === "low" ? "" : folded.percent),
      el("td", { class: "srd-exact-cell" }, folded.ratio));
    if (folded.end === "low") rows.unshift(row);
    else rows.push(row);
  }
  return el("details", { class: "srd-hits-table" },
    el("summary", {}, "Exact values"),
    el("div", { class: "srd-table-wrap", role: "region", "aria-label": owner ? `Exact chances, ${owner}` : "Exact chances", tabindex: "0" },
      el("table", { class: "srd-table" }, el("thead", {}, head), el("tbody", {}, ...rows))));
}

// --- the dice of a roll ---
// Every die in roll order (base dice, then the bonus or penalty dice): kept dice that hit
// are filled, misses outlined, dropped dice struck through (their title says why); a kept
// 6 is followed by the chain of dice its crit rolled.
/** @param {{dice_detail: Die[], dc: number | null}} result */
function renderDice(result) {
  const list = el("ul", { class: "srd-dice srd-dice--dd", "aria-label": "The dice, in the order rolled" });
  let role = "base";
  result.dice_detail.forEach((die, position) => {
    const number = position + 1;
    const item = el("li", { class: "srd-dice__group" });
    if (die.role !== role) { // the bonus or penalty dice, after the base dice
      role = die.role;
      item.append(el("span", { class: "srd-dice__divider", "aria-hidden": "true" }, `${role}:`));
    }
    item.append(dieFace(die, dieLabel(die, number)));
    let from = `die ${number}`;
    die.chain.forEach((link, step) => {
      const label = `Crit die ${step + 1} of die ${number} (rolled by ${from}): ${link.value}, ${link.hit ? "a hit" : "a miss"}`;
      item.append(el("span", { class: "srd-dice__arrow", "aria-hidden": "true" }, "→"),
        dieFace({ ...link, fate: "kept", crit: true }, label));
      from = `crit die ${step + 1}`;
    });
    list.append(item);
  });
  if (!result.dice_detail.length) list.append(el("li", { class: "srd-dice__none" }, "No dice rolled."));
  const legend = el("p", { class: "srd-dice__legend" },
    el("span", {}, el("span", { class: "srd-die srd-die--mini srd-die--hit", "aria-hidden": "true" }), " hit"),
    el("span", {}, el("span", { class: "srd-die srd-die--mini srd-die--miss", "aria-hidden": "true" }), " miss"),
    el("span", {}, el("span", { class: "srd-die srd-die--mini srd-die--dropped", "aria-hidden": "true" }), " dropped"),
    el("span", {}, "→ crit dice of a kept 6"));
  const box = el("div", { class: "srd-dice-box" }, list);
  if (result.dc !== null) box.append(legend);
  return box;
}

/**
 * @param {Die} die
 * @param {number} number
 */
function dieLabel(die, number) {
  const what = die.role === "base" ? "base die" : `${die.role} die`;
  if (die.fate === "dropped") return `Die ${number}: ${die.value}, ${what}, dropped: ${die.why}`;
  const verdict = die.hit === null ? "its face is the result" : die.hit ? "a hit" : "a miss";
  const crit = die.chain.length ? ", a crit" : "";
  return `Die ${number}: ${die.value}, ${what}, kept, ${verdict}${crit}`;
}

/**
 * @param {Face} die
 * @param {string} label
 */
function dieFace(die, label) {
  const state = die.fate === "dropped" ? "dropped" : die.hit === null ? "face" : die.hit ? "hit" : "miss";
  const classes = `srd-die srd-die--${state}${die.crit ? " srd-die--crit" : ""}`;
  return el("span", { class: classes, role: "img", "aria-label": label, title: label }, String(die.value));
}

// --- the builder and the helper: forms of switches and fields (fields-form.js) -------------
/**
 * @param {HTMLElement} root
 * @param {Omit<Parameters<typeof fieldsForm>[1], "system" | "compareTerm">} options
 */
function fieldsWidget(root, options) {
  return fieldsForm(root, {
    system: SYSTEM, compareTerm: "Hits", renderReading: renderBuilt, described: (result) => result.written, ...options,
  });
}

// The built roll: every term written out with the rule that gave it, then the canonical form.
/** @param {any} result the engine's built roll */
function renderBuilt(result) {
  const steps = el("ol", { class: "srd-dd-steps", "aria-label": "Each term and why" },
    ...result.steps.map((/** @type {Step} */ step) => el("li", { "data-field": step.field },
      el("code", {}, step.other_side ? `& ${step.term}` : step.term), ` ${step.why}`)));
  if (!result.steps.length) steps.append(el("li", {}, "No term: nothing adds a die"));
  return el("div", { class: "srd-reading" },
    el("p", { class: "srd-dd-written" }, "Written out: ", el("code", { class: "srd-dd-written__notation" }, result.written)),
    steps,
    renderReading(result));
}

// A roll's box: the hits (and, for a Health save, the outcome), the dice, the engine's
// explanation, the seed and the permalink.
/**
 * @param {any} result the engine's roll
 * @param {string} href
 * @param {string | null} [outcome]
 */
function rollBox(result, href, outcome = null) {
  const box = el("div", { class: "srd-roll" });
  box.append(
    el("p", { class: "srd-roll__headline" },
      el("strong", { class: "srd-roll__outcome" }, outcome ? `${outcome}: ${plural(result.hits, "hit", "hits")}`
        : plural(result.hits, "hit", "hits")), " ",
      el("span", { class: "srd-roll__kind" }, `${result.notation}`)),
    renderDice(result),
    explanation(result.lines),
    rollMeta(result.seed, href, "roll", result.share.text));
  return box;
}

// Heavy, ranged, crude, unsuited and the off hand describe a weapon: with none they are out of
// use (and not sent); the Hit Defense's reading matters only when one is spent.
const WEAPON_QUALITIES = ["unsuited", "heavy", "ranged", "crude", "off_hand"];

/** @param {HTMLElement} root */
function attachDamage(root) {
  const qualities = /** @type {HTMLFieldSetElement} */ (root.querySelector("#dg-qualities"));
  const reading = /** @type {HTMLFieldSetElement} */ (root.querySelector("#dg-hd_reading"));
  fieldsWidget(root, {
    prefix: "dg",
    names: ["acting", "expert", "prepared", "friend", "hit_defense", "hd_reading", "weapon", "unsuited", "heavy",
      "ranged", "crude", "off_hand", "shield", "armour"],
    oddsAction: "damage_odds",
    rollAction: "damage_roll",
    readyText: "Ready: the damage roll follows your choices.",
    inactive: (fields) => (fields.weapon === "none" ? WEAPON_QUALITIES : []),
    onChange(fields) {
      setInactive(qualities, fields.weapon === "none");
      setInactive(reading, fields.hit_defense !== "on");
    },
    renderOdds,
    renderRoll: (result, href) => rollBox(result, href),
  });
}

// A group of inputs that does not apply: a disabled fieldset keeps its controls out of use,
// whatever the engine's loading does to each control.
/**
 * @param {HTMLFieldSetElement} fieldset
 * @param {boolean} off
 */
function setInactive(fieldset, off) {
  fieldset.disabled = off;
}

// --- the Health-save helper ------------------------------------------------------------------
/** @param {HTMLElement} root */
function attachHealth(root) {
  fieldsWidget(root, {
    prefix: "dh",
    names: ["conditions_now", "conditions_had", "health"],
    texts: ["conditions_now", "conditions_had", "health"],
    oddsAction: "health_odds",
    rollAction: "health_roll",
    readyText: "Ready: the save's odds follow the conditions.",
    renderOdds: renderOutcomes,
    renderRoll: (result, href) => rollBox(result, href, result.outcome),
  });
}

// The save as written and as read, then one row per outcome with its exact chance.
/** @param {any} result the engine's odds of a Health save */
function renderOutcomes(result) {
  const box = el("div", { class: "srd-dd-save-odds" });
  box.append(el("p", { class: "srd-reading__canonical" },
    "The save: ", el("code", { class: "srd-dd-save-written" }, result.written), " reads as ",
    el("code", { class: "srd-reading__notation" }, result.notation)));
  const notes = [...result.notes];
  if (result.drop_note) notes.push(result.drop_note);
  if (notes.length) box.append(el("ul", { class: "srd-reading__notes", "aria-label": "How it was read" },
    ...notes.map((/** @type {string} */ note) => el("li", {}, note))));
  const top = Math.max(...result.health_outcomes.map((/** @type {Outcome} */ o) => ratioValue(o.ratio)));
  const head = el("tr", {}, ...["Hits", "Outcome", "Chance", "", "Exact chance"]
    .map((text, i) => el("th", { scope: "col", ...(i === 3 ? { "aria-hidden": "true" } : {}) }, text)));
  const rows = result.health_outcomes.map((/** @type {Outcome} */ o) => {
    const width = top > 0 ? (100 * ratioValue(o.ratio)) / top : 0;
    return el("tr", { "data-hits": String(o.hits) },
      el("th", { scope: "row" }, o.to === null ? `${o.hits}+` : String(o.hits)),
      el("td", {}, o.name + (o.injury ? " (the mood was an injury)" : "")),
      el("td", { class: "srd-num" }, o.percent),
      el("td", { class: "srd-dd-save-bar-cell", "aria-hidden": "true" },
        el("span", { class: "srd-dd-save-bar", style: `width: ${width.toFixed(1)}%` })),
      el("td", { class: "srd-exact-cell" }, o.ratio));
  });
  box.append(el("div", { class: "srd-table-wrap", role: "region", "aria-label": "Chance of each outcome", tabindex: "0" },
    el("table", { class: "srd-table srd-dd-save-outcomes" }, el("thead", {}, head), el("tbody", {}, ...rows))));
  return box;
}

// --- the character generator ---------------------------------------------------------------
/** @param {HTMLElement} root */
function attachCharacter(root) {
  const w = engineForm(root, { prefix: "dc", fields: ["seed"], readyText: "Ready to roll a character." });
  const resultBox = /** @type {HTMLElement} */ (root.querySelector(".srd-widget__result"));
  const character = w.region(resultBox, { words: "Character", reveal: true });
  const latestRoll = newestOnly();

  // A permalink (?character=SEED#dc-character) fills in the seed and rolls once ready.
  /** @param {URLSearchParams} params */
  function prefill(params) {
    if (!params.has("character")) return false;
    w.inputs.seed.value = /** @type {string} */ (params.get("character"));
    return true;
  }

  async function roll() {
    const reply = await latestRoll(w.engine.call({ system: SYSTEM, action: "character", seed: w.inputs.seed.value }));
    if (!reply) return;
    const result = w.accept(reply, ["seed"]);
    if (result) character.show(renderCharacter(result, w.permalink({ character: String(result.seed) })), String(result.seed));
  }

  w.onSubmit(roll);
  w.watchSeed((seed) => ({ system: SYSTEM, action: "character", seed }));
  w.rollsFromPermalinks(resultBox, { prefill, roll });
}

/**
 * @param {any} result the engine's character
 * @param {string} href
 */
function renderCharacter(result, href) {
  const attributes = el("dl", { class: "srd-dd-character__attributes" });
  for (const [name, value] of Object.entries(result.attributes)) {
    const kept = result.attribute_kept[name];
    const dice = el("span", { class: "srd-dd-character__dice" },
      ...result.attribute_dice[name].map((/** @type {number} */ face, /** @type {number} */ position) => {
        const isKept = position === kept;
        const label = `${name} die ${position + 1}: ${face}, ${isKept ? "kept (the lowest)" : "dropped"}`;
        return el("span", {
          class: `srd-die srd-die--small srd-die--${isKept ? "chosen" : "dropped"}`, role: "img", "aria-label": label, title: label,
        }, String(face));
      }));
    attributes.append(el("div", { class: "srd-dd-character__attribute", "data-attribute": name },
      el("dt", {}, name),
      el("dd", {}, el("strong", { class: "srd-dd-character__value" }, String(value)), dice)));
  }
  const derived = el("dl", { class: "srd-dd-character__derived" });
  for (const [key, label, value] of [
    ["luck", "Luck", result.luck.text],
    ["inventory", "Inventory", plural(result.inventory_slots, "slot", "slots")],
    ["hit-defense", "Hit Defense", String(result.hit_defense)],
    ["armor", "Armor", String(result.armor)],
    ["faith", "Faith", String(result.faith)],
    ["level", "Level", `${result.level} (${result.tier_name})`],
  ]) {
    derived.append(el("div", { class: "srd-dd-character__item", "data-derived": key }, el("dt", {}, label), el("dd", {}, value)));
  }
  return el("div", { class: "srd-dd-character" }, attributes, derived,
    explanation(result.lines, "srd-widget__explain--columns"), rollMeta(result.seed, href, "character", result.share.text));
}

// The widgets this view attaches, by their markup's data-widget (macros/dice_and_danger.py).
export const WIDGETS = {
  roller: attachRoller, damage: attachDamage, health: attachHealth, character: attachCharacter,
};
