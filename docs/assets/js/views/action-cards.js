// @ts-check
// The Action! card widgets (markup: macros/action_cards.py), attached through action.js's WIDGETS.
//
// The Dramatic Card Draw: the factions (names separated by commas, or a number) and the
// jokers in the deck. As they change: the exact chance of each result for one faction and
// for at least one of them. Draw: one card for each faction from one seeded deck, with
// seed, permalink and Share (the engine's chat text: the chance of this exact draw).
//
// The Action! Deck draw: how many cards, from which deck, and a card to look for. As they
// change: the exact chance that the card comes up. Draw: the cards dealt, with seed,
// permalink and Share (the engine's chat text: the chance of the card coming up or not, or of
// this exact deal).

import {
  afterPause, el, engineForm, explanation, newestOnly, rollMeta,
} from "../kit/widget-kit.js";
import { attachCompare } from "../kit/compare.js";

const SYSTEM = "action";

/**
 * A row of the card draw's odds (the engine's card_draw_odds): the exact chance of a result, or
 * of a Favoured action, for one faction and for at least one of them.
 * @typedef {{p_faction: string, percent: string, p_any: string, percent_any: string}} CardChance
 * The chance of a given plot or action in the deck's odds (deck_odds, with no card named).
 * @typedef {{half: string, copies: number, p_drawn: string, percent: string}} HalfChance
 */

// The checked radio button's value in a group.
/**
 * @param {ParentNode} root
 * @param {string} name
 */
function checkedValue(root, name) {
  /** @type {HTMLInputElement | null} */
  const box = root.querySelector(`input[name=${name}]:checked`);
  return box ? box.value : "";
}

/**
 * @param {ParentNode} root
 * @param {string} name
 * @param {string | null} value
 */
function checkRadio(root, name, value) {
  /** @type {NodeListOf<HTMLInputElement>} */
  const boxes = root.querySelectorAll(`input[name=${name}]`);
  for (const box of boxes) box.checked = box.value === value;
}

// The engine's lines (what the command line prints), folded under the cards.
/** @param {string[]} lines */
function lineByLine(lines) {
  return el("details", { class: "srd-action-card-lines" },
    el("summary", {}, "Line by line, as the command line prints it"), explanation(lines));
}

// A fraction and its percentage, on one line.
/**
 * @param {string} ratio
 * @param {string} percent
 */
function chance(ratio, percent) {
  return el("span", { class: "srd-action-card-chance" },
    el("span", { class: "srd-action-card-chance__exact" }, ratio), " ",
    el("span", { class: "srd-action-card-chance__pct" }, `(${percent})`));
}

// --- the Dramatic Card Draw ----------------------------------------------------------------
/** @param {HTMLElement} root */
function attachCardDraw(root) {
  const w = engineForm(root, {
    prefix: "acd", fields: ["factions", "seed"], readyText: "Ready: the odds follow the factions.",
  });
  const { inputs } = w;
  const resultBox = /** @type {HTMLElement} */ (root.querySelector(".srd-widget__result"));
  const formValues = () => ({ factions: inputs.factions.value, jokers: checkedValue(root, "jokers") });
  const inputsKey = (values = formValues()) => JSON.stringify(values);
  const odds = w.region(/** @type {HTMLElement} */ (root.querySelector(".srd-widget__odds")),
    { words: "Odds for the last valid input" });
  const drawn = w.region(resultBox, { words: "Draw for earlier inputs", key: inputsKey, reveal: true });
  const latestOdds = newestOnly();
  const latestDraw = newestOnly();
  const oddsPause = afterPause(updateOdds);
  const compare = attachCompare(root, { engine: w.engine, term: "Card" });

  // A permalink (?factions=…&jokers=…&seed=…#acd-draw) fills the form and draws once ready.
  /** @param {URLSearchParams} params */
  function prefill(params) {
    if (!params.has("factions")) return false;
    inputs.factions.value = /** @type {string} */ (params.get("factions"));
    if (params.has("jokers")) checkRadio(root, "jokers", params.get("jokers"));
    inputs.seed.value = params.get("seed") || "";
    return inputs.seed.value.trim() !== "";
  }

  async function updateOdds(typing = false) {
    oddsPause.cancel();
    const reply = await latestOdds(w.engine.call({ system: SYSTEM, action: "card_draw_odds", fields: formValues() }));
    if (!reply) return;
    const result = w.accept(reply, ["factions"], { typing });
    compare.offer(result);
    if (!result) return odds.stale(true);
    odds.show(renderDrawOdds(result), result.notation);
  }

  async function draw() {
    oddsPause.flush();
    const values = formValues();
    const reply = await latestDraw(w.engine.call({
      system: SYSTEM, action: "card_draw_roll", fields: values, seed: inputs.seed.value,
    }));
    if (!reply) return;
    const result = w.accept(reply, ["factions", "seed"]);
    if (!result) return;
    const href = w.permalink({ ...values, seed: String(result.seed) });
    drawn.show(renderDraw(result, href), result.notation, inputsKey(values));
  }

  w.onSubmit(draw);
  inputs.factions.addEventListener("input", oddsPause.schedule);
  for (const box of root.querySelectorAll("input[name=jokers]")) box.addEventListener("change", () => updateOdds());
  w.watchSeed((seed) => ({ system: SYSTEM, action: "card_draw_roll", fields: formValues(), seed }));
  w.rollsFromPermalinks(resultBox, { prefill, update: updateOdds, roll: draw });
}

/**
 * The exact chance of each card, for one faction and for at least one of them.
 * @param {any} result
 * @returns {HTMLElement}
 */
function renderDrawOdds(result) {
  const several = result.factions.length > 1;
  const head = [el("th", { scope: "col" }, "Card"), el("th", { scope: "col" }, "One faction")];
  if (several) head.push(el("th", { scope: "col" }, "At least one of them"));
  /** @type {(label: string, item: CardChance) => HTMLElement} */
  const row = (label, item) => el("tr", {}, el("th", { scope: "row" }, label),
    el("td", {}, chance(item.p_faction, item.percent)),
    several ? el("td", {}, chance(item.p_any, item.percent_any)) : null);
  const table = el("table", { class: "srd-action-card-odds__table" },
    el("caption", {}, `Exact chances, ${result.factions.length} faction${several ? "s" : ""}, ` +
      `${result.deck_size}-card deck`),
    el("thead", {}, el("tr", {}, ...head)),
    el("tbody", {}, ...result.results.map((/** @type {CardChance & {result: string}} */ item) => row(item.result, item)),
      ...result.favoured.map((/** @type {CardChance & {action: string}} */ item) => row(`Favoured: ${item.action}`, item))));
  return el("div", { class: "srd-action-card-odds" },
    el("p", { class: "srd-reading" }, "Notation: ", el("code", { class: "srd-reading__notation" }, result.notation)),
    el("div", { class: "srd-table-wrap", role: "region", "aria-label": "Exact chances of each card", tabindex: "0" },
      table));
}

/**
 * @param {any} result the engine's draw
 * @param {string} href the draw's permalink
 * @returns {HTMLElement}
 */
function renderDraw(result, href) {
  const list = el("ul", { class: "srd-action-card-draw", "aria-label": "Each faction's card", tabindex: "0" });
  for (const item of result.draws) {
    const red = item.suit === "hearts" || item.suit === "diamonds";
    const favoured = item.favoured === "every action" ? "every action Favoured" : `Favoured: ${item.favoured}`;
    list.append(el("li", { class: "srd-action-card-draw__item" },
      el("span", {
        class: `srd-action-playing-card${red ? " srd-action-playing-card--red" : ""}${item.suit ? "" : " srd-action-playing-card--joker"}`,
        "aria-hidden": "true",
      }, item.short),
      el("span", { class: "srd-action-card-draw__text" },
        el("strong", { class: "srd-action-card-draw__faction" }, item.faction), ": ",
        el("span", { class: "srd-action-card-draw__card" }, item.card), ", ",
        el("span", { class: "srd-action-card-draw__result" }, item.result), "; ",
        el("span", { class: "srd-action-card-draw__favoured" }, favoured))));
  }
  return el("div", { class: "srd-roll" }, list, lineByLine(result.lines),
    rollMeta(result.seed, href, "draw", result.share.text));
}

// --- the Action! Deck draw -----------------------------------------------------------------
/** @param {HTMLElement} root */
function attachDeck(root) {
  const FIELDS = ["draws", "card"];
  const w = engineForm(root, {
    prefix: "adk", fields: [...FIELDS, "seed"], readyText: "Ready: the chance follows your inputs.",
  });
  const { inputs } = w;
  const resultBox = /** @type {HTMLElement} */ (root.querySelector(".srd-widget__result"));
  const formValues = () => ({ draws: inputs.draws.value, deck: checkedValue(root, "deck"), card: inputs.card.value });
  const inputsKey = (values = formValues()) => JSON.stringify(values);
  const odds = w.region(/** @type {HTMLElement} */ (root.querySelector(".srd-widget__odds")),
    { words: "Chance for the last valid input" });
  const dealt = w.region(resultBox, { words: "Cards for earlier inputs", key: inputsKey, reveal: true });
  const latestOdds = newestOnly();
  const latestDeal = newestOnly();
  const oddsPause = afterPause(updateOdds);

  // A permalink (?draws=…&deck=…&card=…&seed=…#adk-deck-draw) fills the form and deals once ready.
  /** @param {URLSearchParams} params */
  function prefill(params) {
    if (!params.has("draws")) return false;
    inputs.draws.value = /** @type {string} */ (params.get("draws"));
    inputs.card.value = params.get("card") || "";
    if (params.has("deck")) checkRadio(root, "deck", params.get("deck"));
    inputs.seed.value = params.get("seed") || "";
    return inputs.seed.value.trim() !== "";
  }

  async function updateOdds(typing = false) {
    oddsPause.cancel();
    const reply = await latestOdds(w.engine.call({ system: SYSTEM, action: "deck_odds", fields: formValues() }));
    if (!reply) return;
    const result = w.accept(reply, FIELDS, { typing });
    if (!result) return odds.stale(true);
    odds.show(renderDeckOdds(result), result.notation);
  }

  async function deal() {
    oddsPause.flush();
    const values = formValues();
    const reply = await latestDeal(w.engine.call({
      system: SYSTEM, action: "deck_roll", fields: values, seed: inputs.seed.value,
    }));
    if (!reply) return;
    const result = w.accept(reply, [...FIELDS, "seed"]);
    if (!result) return;
    const href = w.permalink({ ...values, seed: String(result.seed) });
    dealt.show(renderDeal(result, href), result.notation, inputsKey(values));
  }

  w.onSubmit(deal);
  for (const name of FIELDS) inputs[name].addEventListener("input", oddsPause.schedule);
  for (const box of root.querySelectorAll("input[name=deck]")) box.addEventListener("change", () => updateOdds());
  w.watchSeed((seed) => ({ system: SYSTEM, action: "deck_roll", fields: formValues(), seed }));
  w.rollsFromPermalinks(resultBox, { prefill, update: updateOdds, roll: deal });
}

/**
 * The exact chance that the card looked for (or any given plot or action) comes up.
 * @param {any} result
 * @returns {HTMLElement}
 */
function renderDeckOdds(result) {
  const draws = `${result.draws} draw${result.draws === 1 ? "" : "s"}`;
  const box = el("div", { class: "srd-action-card-odds" },
    el("p", { class: "srd-reading" }, "Notation: ", el("code", { class: "srd-reading__notation" }, result.notation)));
  if (result.card) {
    box.append(el("p", { class: "srd-action-card-odds__headline" },
      el("strong", {}, result.card), ` is on ${result.copies} of the ${result.deck_size} cards. Chance in ${draws}: `,
      chance(result.p_drawn, result.percent)));
  } else {
    const plot = result.cards.find((/** @type {HalfChance} */ c) => c.half === "plot");
    const action = result.cards.find((/** @type {HalfChance} */ c) => c.half === "action");
    const lines = [];
    if (plot) lines.push(el("li", {}, `A given plot (on ${plot.copies} of ${result.deck_size}): `,
      chance(plot.p_drawn, plot.percent)));
    if (action) lines.push(el("li", {}, `A given action (on ${action.copies} of ${result.deck_size}): `,
      chance(action.p_drawn, action.percent)));
    box.append(el("p", { class: "srd-action-card-odds__headline" }, `Chance in ${draws}:`), el("ul", {}, ...lines));
  }
  return box;
}

/**
 * @param {any} result the engine's deal
 * @param {string} href the deal's permalink
 * @returns {HTMLElement}
 */
function renderDeal(result, href) {
  const list = el("ol", { class: "srd-action-deck-draw", "aria-label": "The cards drawn, in order", tabindex: "0" });
  for (const card of result.cards) {
    const halves = [];
    if (card.plot) halves.push(el("span", { class: "srd-action-deck-card__plot" }, el("strong", {}, card.plot),
      ` (plot): ${card.plot_effect}`));
    if (card.action) halves.push(el("span", { class: "srd-action-deck-card__action" }, el("strong", {}, card.action),
      ` (action): ${card.action_effect}`));
    list.append(el("li", { class: "srd-action-deck-card" }, ...halves));
  }
  const box = el("div", { class: "srd-roll" });
  if (result.card) {
    box.append(el("p", { class: "srd-roll__headline" }, el("strong", { class: "srd-action-deck-draw__found" },
      result.found_at ? `${result.card} came up as card ${result.found_at}` : `${result.card} did not come up`)));
  }
  box.append(list, lineByLine(result.lines),
    rollMeta(result.seed, href, "draw", result.share.text));
  return box;
}

export { attachCardDraw, attachDeck };
