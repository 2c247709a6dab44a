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

import { el, explanation, rollMeta } from "../kit/widget-kit.js";
import { fieldsForm } from "../kit/fields-form.js";

const SYSTEM = "action";

/**
 * A row of the card draw's odds (the engine's card_draw_odds): the exact chance of a result, or
 * of a Favoured action, for one faction and for at least one of them.
 * @typedef {{p_faction: string, percent: string, p_any: string, percent_any: string}} CardChance
 * The chance of a given plot or action in the deck's odds (deck_odds, with no card named).
 * @typedef {{half: string, copies: number, p_drawn: string, percent: string}} HalfChance
 */

// A link leaves empty those of `names` it does not name (a draw's seed, say), as the draws always have.
/**
 * @param {HTMLElement} root
 * @param {string} prefix
 * @param {URLSearchParams} params
 * @param {string[]} names
 */
function emptyUnnamed(root, prefix, params, names) {
  for (const name of names) {
    if (!params.has(name)) /** @type {HTMLInputElement} */ (root.querySelector(`#${prefix}-${name}`)).value = "";
  }
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
// A form of fields (kit/fields-form.js). Its permalink (?factions=…&jokers=…&seed=…#acd-draw)
// names no widget; a link without factions is the deck draw's.
/** @param {HTMLElement} root */
function attachCardDraw(root) {
  fieldsForm(root, {
    system: SYSTEM, prefix: "acd", names: ["factions", "jokers"], texts: ["factions"], checked: ["factions"],
    oddsAction: "card_draw_odds", rollAction: "card_draw_roll", readyText: "Ready: the odds follow the factions.",
    renderOdds: renderDrawOdds, renderRoll: renderDraw, compareTerm: "Card",
    tagged: false, linkedBy: "factions", rollWords: "Draw for earlier inputs",
    prefilled: (params) => emptyUnnamed(root, "acd", params, ["seed"]),
  });
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
// A form of fields (kit/fields-form.js), with no comparison. Its permalink
// (?draws=…&deck=…&card=…&seed=…#adk-deck-draw) names no widget; a link without draws is the
// card draw's.
/** @param {HTMLElement} root */
function attachDeck(root) {
  fieldsForm(root, {
    system: SYSTEM, prefix: "adk", names: ["draws", "deck", "card"], texts: ["draws", "card"],
    checked: ["draws", "card"], oddsAction: "deck_odds", rollAction: "deck_roll",
    readyText: "Ready: the chance follows your inputs.",
    renderOdds: renderDeckOdds, renderRoll: renderDeal,
    tagged: false, linkedBy: "draws", keepLaterErrors: true,
    oddsWords: "Chance for the last valid input", rollWords: "Cards for earlier inputs",
    prefilled: (params) => emptyUnnamed(root, "adk", params, ["card", "seed"]),
  });
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
