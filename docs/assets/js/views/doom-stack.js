// @ts-check
// The Doom Stack roller: attribute, skill, modifiers and TN in; exact odds as you type, and
// seeded rolls with every die, the engine's explanation, the seed and a permalink; then every
// stack the dice allow, to choose from. The attack helper: two stacks, cover, armour and the
// defender's hit boxes in; damage, the track filled and the odds of bleeding out.

import {
  afterPause, chartValues, el, engineForm, explanation, newestOnly, plural, ratioValue, rollMeta,
} from "../kit/widget-kit.js";
import { fieldsForm } from "../kit/fields-form.js";

const FIELDS = ["attribute", "skill", "modifiers", "tn"]; // the order the engine checks them in
const SYSTEM = "doom-stack";

/**
 * The roller's parts, which its handlers share.
 * @typedef {object} Roller
 * @property {HTMLElement} root
 * @property {ReturnType<typeof engineForm>} w
 * @property {HTMLElement} resultBox
 * @property {HTMLElement} stacksBox
 * @property {HTMLElement} stacksStatus
 * @property {ReturnType<ReturnType<typeof engineForm>["region"]>} stacks
 * @property {number | null} stackToPick the stack a permalink chose, picked once its roll is shown
 * @property {{fields: Record<string, string>, seed: string} | null} shownRoll the roll on screen: its permalink's words
 */

/**
 * The inputs a roll answers, as the engine reads them (spaces around a value do not count).
 * @param {Record<string, string>} fields
 * @returns {string}
 */
const inputsKey = (fields) => JSON.stringify(FIELDS.map((name) => fields[name].trim()));

/**
 * The stack chooser's radio buttons, biggest stack first.
 * @param {Roller} s
 * @returns {HTMLInputElement[]}
 */
const stackRadios = (s) => [...s.stacksBox.querySelectorAll("input[type=radio]")].map((radio) => /** @type {HTMLInputElement} */ (radio));

/**
 * @param {Roller} s
 * @returns {Record<string, string>}
 */
const fieldValues = (s) => Object.fromEntries(FIELDS.map((name) => [name, s.w.inputs[name].value]));

/**
 * The roller (kit/fields-form.js): the odds follow the inputs, and a roll shows, under it,
 * every stack its dice allow. Its permalink (?attribute=…&seed=…&stack=N#ds-roller) names
 * no widget, and may name the stack the player chose (its row, biggest first, from 0).
 * @param {HTMLElement} root
 */
function attachRoller(root) {
  const stacksBox = /** @type {HTMLElement} */ (root.querySelector(".srd-widget__stacks"));
  /** @type {Roller} */
  const s = /** @type {any} */ ({
    root, stacksBox, stackToPick: null, shownRoll: null,
    resultBox: root.querySelector(".srd-widget__result"),
    stacksStatus: root.querySelector(".srd-ds-stacks__status"),
  });
  s.w = fieldsForm(root, {
    system: SYSTEM, prefix: "ds", names: FIELDS, texts: FIELDS, oddsAction: "odds_fields", rollAction: "roll_fields",
    readyText: "Ready: the odds follow your inputs.", renderOdds, renderRoll, compareTerm: "Best stack",
    tagged: false, keepLaterErrors: true, key: inputsKey,
    prefilled: (params) => {
      s.stackToPick = /^\d{1,4}$/.test(params.get("stack") || "") ? Number(params.get("stack")) : null;
    },
    afterRoll: (result, fields) => showStacks(s, result, fields),
  });
  // A roll comes after the engine's reply, so this region is made before any roll is shown.
  s.stacks = s.w.region(stacksBox, { words: "Stacks for earlier inputs", key: () => inputsKey(fieldValues(s)), kept: true });
  stacksBox.addEventListener("change", (event) => {
    const target = /** @type {HTMLInputElement} */ (event.target);
    if (target.matches("input[type=radio]")) pickStack(s, target);
  });
  stacksBox.addEventListener("click", (event) => {
    pickForNeed(s, /** @type {HTMLElement} */ (event.target).closest("button[data-pick]"));
  });
}

/**
 * Every stack a roll's dice allow, then the stack a permalink chose, if any.
 * @param {Roller} s
 * @param {any} result the engine's roll
 * @param {Record<string, string>} fields the inputs it answers
 */
function showStacks(s, result, fields) {
  s.shownRoll = { fields, seed: String(result.seed) };
  s.stacks.show(renderStacks(result, s.root.id), result.notation, inputsKey(fields));
  s.stacksStatus.textContent = stacksSummary(result);
  const radio = s.stackToPick === null ? null : stackRadios(s)[s.stackToPick];
  s.stackToPick = null;
  if (radio) {
    radio.checked = true;
    pickStack(s, radio);
  }
}

/** @type {Record<string, string>} */
const DIE_WORDS = { stacked: "in the stack", wildcard: "in the stack as a wildcard", kept: "attention pool" };

/**
 * @param {any} result the engine's roll
 * @param {string} href the roll's permalink
 * @returns {HTMLElement}
 */
function renderRoll(result, href) {
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
  // The engine's lines down to the list of stacks, which the chooser below shows.
  const rollLines = result.lines.slice(0, result.lines.length - result.stacks.length - 1);
  box.append(renderDice(result), explanation(rollLines), rollMeta(result.seed, href, "roll", result.share.text));
  return box;
}

/**
 * The dice, each as what finally happened to it: the last "stacked"/"kept" entry of the log.
 * @param {any} result
 * @returns {HTMLElement}
 */
function renderDice(result) {
  const fate = new Map();
  for (const entry of result.log) if (entry.fate !== "rolled") fate.set(entry.index, entry);
  const dice = el("ul", { class: "srd-dice", "aria-label": "The dice, in the order rolled" });
  result.dice.forEach((/** @type {number} */ value, /** @type {number} */ index) => {
    const entry = fate.get(index) || { fate: "kept", note: "attention pool" };
    const kind = entry.fate === "stacked" ? (entry.note === "wildcard" ? "wildcard" : "stacked") : "kept";
    const label = `Die ${index + 1}: ${value}, ${DIE_WORDS[kind]}`;
    dice.append(el("li", {},
      el("span", { class: `srd-die srd-die--${kind}`, role: "img", "aria-label": label, title: label }, String(value))));
  });
  return dice;
}

// --- the stack chooser ---
/**
 * @param {any} result
 * @returns {string} the chooser's status line
 */
function stacksSummary(result) {
  if (!result.stacks.length) return "No dice, so no stack to choose.";
  const listed = result.stacks.length === result.stacks_total
    ? `${plural(result.stacks_total, "stack", "stacks")} to choose from`
    : `${result.stacks_total} stacks; the ${result.stacks.length} biggest listed`;
  return `${listed}. The roller took ${stackWords(result.stacks[0], result.tn)}.`;
}

/**
 * Every stack, one row each: a radio button to pick it, its dice, its result against the
 * TN and the attention pool it leaves. Arrow keys move between the radio buttons.
 * @param {any} result
 * @param {string} rootId the widget's id, which names the radio group
 * @returns {HTMLElement}
 */
function renderStacks(result, rootId) {
  const box = el("div", { class: "srd-ds-stacks__scroll", tabindex: "0", role: "region",
    "aria-label": "Every stack these dice allow, biggest first" });
  if (!result.stacks.length) {
    box.append(el("p", { class: "srd-ds-stacks__none" }, result.stacks_heading));
    return box;
  }
  const table = el("table", { class: "srd-ds-stacks__table" },
    el("caption", { class: "srd-visually-hidden" }, result.stacks_heading),
    el("thead", {}, el("tr", {},
      el("th", { scope: "col" }, "Stack"),
      el("th", { scope: "col" }, result.tn == null ? "Result" : `Against TN ${result.tn}`),
      el("th", { scope: "col" }, "Attention pool left"))));
  const body = el("tbody");
  result.stacks.forEach((/** @type {any} */ stack, /** @type {number} */ index) => body.append(stackRow(stack, index, `${rootId}-stack`, result.tn)));
  table.append(body);
  box.append(table);
  return el("div", { class: "srd-ds-stacks__body" }, keepButtons(result, rootId), box);
}

/**
 * One stack's row.
 * @param {any} stack
 * @param {number} index its place, biggest first
 * @param {string} name the radio group's name
 * @param {number | null} tn
 * @returns {HTMLElement}
 */
function stackRow(stack, index, name, tn) {
  const id = `${name}-${index}`;
  const radio = el("input", {
    type: "radio", name, id, value: String(index), checked: stack.best ? "" : null,
    "data-positions": stack.positions.join(" "), "data-wildcards": String(stack.wildcards),
    "data-words": stackWords(stack, tn), "aria-label": stack.line, // the engine's line: the whole row in words
  });
  const left = stack.attention_pool.length
    ? `${stack.attention_pool.join(" ")} (best stack ${stack.attention_best})` : "empty";
  return el("tr", { class: stack.best ? "srd-ds-stacks__row srd-ds-stacks__row--best" : "srd-ds-stacks__row" },
    el("td", {}, el("label", { for: id, class: "srd-ds-stacks__pick" }, radio, " ",
      el("span", { class: "srd-ds-stacks__value" }, stackSum(stack)))),
    el("td", {}, resultWords(stack, tn) || "no TN given"),
    el("td", {}, left));
}

/**
 * "Keep the most for defence, needing: Any success · Fair · …": each button picks the
 * stack the engine names for that need (rules_engine/doom_stack/roll.py).
 * @param {any} result
 * @param {string} rootId
 * @returns {HTMLElement | null}
 */
function keepButtons(result, rootId) {
  const needs = result.keep_most_for_defence;
  if (!needs.length) return null;
  const words = ["Any success", "Fair", "Solid", "Flashy", "Impressive"];
  const group = el("div", { class: "srd-ds-stacks__keep", role: "group", "aria-labelledby": `${rootId}-keep` },
    el("span", { id: `${rootId}-keep`, class: "srd-ds-stacks__keep-label" }, "Keep the most for defence, needing:"));
  needs.forEach((/** @type {any} */ need, /** @type {number} */ i) => {
    const none = need.index === null;
    group.append(el("button", {
      type: "button", class: "md-button srd-ds-stacks__need", "data-pick": none ? null : String(need.index),
      disabled: none ? "" : null, title: none ? "No stack reaches it" : null,
    }, words[i] || need.name));
  });
  return group;
}

/** @param {any} stack */
function stackSum(stack) {
  return stack.dice.length > 1 ? `${stack.dice.join(" + ")} = ${stack.value}` : String(stack.value);
}

/**
 * @param {any} stack
 * @param {number | null} tn
 */
function resultWords(stack, tn) {
  if (stack.success === null) return "";
  if (!stack.success) return `Failure, ${Number(tn) - stack.value} short`;
  if (stack.glitch) return "Glitch (success with a complication)";
  return `Success, performance ${stack.performance} (${stack.performance_name})`;
}

/**
 * @param {any} stack
 * @param {number | null} tn
 */
function stackWords(stack, tn) {
  const verdict = resultWords(stack, tn);
  const left = stack.attention_pool.length ? `attention pool ${stack.attention_pool.join(" ")}` : "no attention pool";
  return `${stackSum(stack)}${verdict ? `: ${verdict.toLowerCase()}` : ""}; ${left}`;
}

/**
 * A stack picked: the dice above show it, and the status line says it. The choice goes into
 * the roll's permalink and the address (until the inputs change).
 * @param {Roller} s
 * @param {HTMLInputElement} radio the stack's radio button
 */
function pickStack(s, radio) {
  const positions = new Set(String(radio.dataset.positions).split(" ").filter(Boolean).map(Number));
  s.resultBox.querySelectorAll(".srd-dice .srd-die").forEach((/** @type {any} */ die, index) => {
    const value = die.textContent;
    const kind = !positions.has(index) ? "kept" : value === "1" ? "wildcard" : "stacked";
    die.className = `srd-die srd-die--${kind}`;
    die.setAttribute("aria-label", `Die ${index + 1}: ${value}, ${DIE_WORDS[kind]}`);
    die.title = die.getAttribute("aria-label");
  });
  s.stacksStatus.textContent = `Chosen: ${radio.dataset.words}.`;
  if (!s.shownRoll) return;
  const words = { ...s.shownRoll.fields, seed: s.shownRoll.seed, stack: radio.value };
  const link = /** @type {HTMLAnchorElement | null} */ (s.resultBox.querySelector("a.srd-roll__permalink"));
  if (link) link.href = s.w.permalink(words);
  if (inputsKey(fieldValues(s)) === inputsKey(s.shownRoll.fields)) s.w.showInAddress(words); // not for a roll of earlier inputs
}

/**
 * A "keep the most for defence" button: its stack is picked, and its row brought into view
 * inside the list's own box (the page itself does not move).
 * @param {Roller} s
 * @param {HTMLElement | null} button
 */
function pickForNeed(s, button) {
  if (!button) return;
  const radio = stackRadios(s)[Number(button.dataset.pick)];
  if (!radio) return;
  radio.checked = true;
  pickStack(s, radio);
  const scroller = /** @type {HTMLElement} */ (s.stacksBox.querySelector(".srd-ds-stacks__scroll"));
  const row = /** @type {HTMLTableRowElement} */ (radio.closest("tr"));
  const head = /** @type {HTMLElement} */ (scroller.querySelector("thead")).offsetHeight;
  if (row.offsetTop < scroller.scrollTop + head || row.offsetTop + row.offsetHeight > scroller.scrollTop + scroller.clientHeight) {
    scroller.scrollTop = row.offsetTop - head;
  }
}

/**
 * @param {any} result the engine's odds
 * @returns {HTMLElement}
 */
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

/**
 * A compact bar view of the best-stack distribution; the numbers above say it in words,
 * so the bars are hidden from screen readers.
 * @param {any} result
 * @returns {HTMLElement}
 */
function renderBars(result) {
  /** @type {[number, number][]} */
  const points = Object.entries(result.outcomes).map(([stack, ratio]) => [Number(stack), ratioValue(/** @type {string} */ (ratio))]);
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
  const values = chartValues("Chance of each best stack", ["Best stack", "Chance", "Exact chance"],
    Object.entries(result.outcomes).map(([stack, ratio]) =>
      [stack, `${(100 * ratioValue(ratio)).toFixed(2)}%`, ratio]));
  return el("figure", { class: "srd-odds__chart" }, bars,
    el("figcaption", {}, `Chance of each best stack, ${first} to ${last}` +
      (result.tn == null ? "" : `; bars from TN ${result.tn} up are successes`)), values);
}

// --- the attack helper ---------------------------------------------------------------------
const ATTACK_TEXTS = ["attack", "defence", "body", "hard", "boxes", "physical", "stun", "overflow"];
const ATTACK_SWITCHES = ["cover", "antitank"];
// Every field, in the order the engine checks them (rules_engine/doom_stack/attack.py).
const ATTACK_FIELDS = ["attack", "defence", "cover", "body", "hard", "antitank", "boxes", "physical", "stun", "overflow"];
const ATTACK_READY = "Ready: the result follows your inputs.";

/** @param {HTMLElement} root */
function attachAttack(root) {
  const w = engineForm(root, { prefix: "dsa", fields: ATTACK_FIELDS, readyText: ATTACK_READY });
  const { inputs } = w;
  const shown = w.region(/** @type {HTMLElement} */ (root.querySelector(".srd-widget__odds")), { words: "Result for the last valid input" });
  const latest = newestOnly();
  const pause = afterPause(update);

  /** @returns {Record<string, string>} */
  function fieldValues() {
    const values = Object.fromEntries(ATTACK_TEXTS.map((name) => [name, inputs[name].value]));
    for (const name of ATTACK_SWITCHES) values[name] = inputs[name].checked ? "on" : "";
    return values;
  }

  async function update(typing = false) {
    pause.cancel();
    const reply = await latest(w.engine.call({ system: SYSTEM, action: "attack_fields", fields: fieldValues() }));
    if (!reply) return;
    const result = w.accept(reply, ATTACK_FIELDS, { typing });
    if (result) shown.show(renderAttack(result), result.notation);
    else shown.stale(true);
  }

  /**
   * @param {any} result the engine's answer
   * @returns {HTMLElement}
   */
  function renderAttack(result) {
    const box = el("div", { class: "srd-ds-attack" });
    const verdict = result.clean_miss ? "Clean miss" : result.glitch ? "Glitch: no damage"
      : `${result.damage} damage: ${result.physical} physical, ${result.stun} stun`;
    box.append(el("p", { class: "srd-ds-attack__headline" }, el("strong", {}, verdict),
      result.defence_left === null ? "" : ` · the defender keeps a stack of ${result.defence_left}`));
    box.append(drawTrack(result.after), el("p", { class: "srd-ds-attack__state" }, stateWords(result.after)));
    const bleed = result.bleeding_out;
    const bleedLine = el("p", { class: "srd-ds-attack__bleed", "data-bleed": bleed ? "dying" : "none" });
    if (bleed) {
      bleedLine.append(`Bleeding out (${plural(bleed.hours_to_death, "hour", "hours")} without a 1 is death): dies `,
        el("span", { class: "srd-pct", "data-bleed-odds": "death" }, bleed.percent_death), " ",
        el("span", { class: "srd-exact", "data-bleed-odds": "death" }, bleed.p_death), "; stabilises ",
        el("span", { class: "srd-pct", "data-bleed-odds": "stabilise" }, bleed.percent_stabilise), " ",
        el("span", { class: "srd-exact", "data-bleed-odds": "stabilise" }, bleed.p_stabilise));
    } else {
      bleedLine.append("Not bleeding out: nothing in overflow, or already dead.");
    }
    box.append(bleedLine);
    const lines = explanation(result.lines, "srd-ds-attack__lines");
    lines.setAttribute("tabindex", "0");
    lines.setAttribute("role", "region");
    lines.setAttribute("aria-label", "The engine's working, line by line");
    box.append(lines);
    return box;
  }

  /** @param {any} track the defender's hit boxes, as the engine filled them */
  function drawTrack(track) {
    const words = `Hit boxes: ${track.physical} physical, ${track.stun} stun, ${track.empty} empty; overflow ${track.overflow}`;
    const row = el("div", { class: "srd-ds-track", role: "img", "aria-label": words, title: words });
    for (const mark of track.marks) {
      row.append(el("span", { class: `srd-ds-box srd-ds-box--${mark === "X" ? "physical" : "stun"}` }, mark));
    }
    for (let i = 0; i < track.empty; i++) row.append(el("span", { class: "srd-ds-box" }, ""));
    row.append(el("span", { class: "srd-ds-box srd-ds-box--overflow" }, `+${track.overflow}`));
    return el("div", { class: "srd-ds-track__scroll", tabindex: "-1" }, row);
  }

  /** @param {any} track */
  function stateWords(track) {
    /** @type {Record<string, string>} */
    const words = { "still in action": "Still in action", "knocked out": "Knocked out",
      "dying, conscious": "Dying, but conscious", "dying and knocked out": "Dying and knocked out",
      dead: "Dead: overflow has reached the hit boxes" };
    return words[track.state] || track.state;
  }

  w.onSubmit(() => update(false));
  for (const name of ATTACK_TEXTS) inputs[name].addEventListener("input", pause.schedule);
  for (const name of ATTACK_SWITCHES) inputs[name].addEventListener("change", () => update(false));
  w.whenReady(() => update(false));
}

// The widgets this view attaches, by their markup's data-widget (macros/doom_stack.py).
export const WIDGETS = { roller: attachRoller, attack: attachAttack };
