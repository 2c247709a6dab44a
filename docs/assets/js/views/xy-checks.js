// @ts-check
// The X-in-Y widgets: the check roller, the attack builder and the volley resolver.
//
// Each sends its form's values to the engine (rules_engine/xy_checks/actions.py) and shows
// what comes back: the canonical notation, the exact odds (every number written by the
// engine) and seeded rolls with every die, the engine's explanation, the seed and a
// permalink. A permalink names its widget (`w=PREFIX`), since the three share one page.

import { el, explanation, plural, ratioValue, rollMeta } from "../kit/widget-kit.js";
import { fieldsForm } from "../kit/fields-form.js";

const SYSTEM = "xy-checks";

/**
 * What the engine's replies hold, where this view reads into them.
 * @typedef {{degree: number, label: string, percent: string, ratio: string}} Bar one degree's chance
 * @typedef {{target: number, label: string, priority: number, hit_percent: string, mean_damage: string}} TargetOdds
 * An attacker's dice in a volley's roll.
 * @typedef {{dice: number[], hit: boolean[], check: string, crit_dice: number[], hits_scored: number}} Attacker
 * @typedef {{target: number, label: string, hits: number, damage: number, damage_die: number | null}} TargetHit
 * @typedef {{hits: number, full_damage: boolean, attackers: Attacker[], targets: TargetHit[]}} Side one side's roll
 */

// --- shared parts ------------------------------------------------------------------------
/**
 * @param {ParentNode} root
 * @param {string} name
 */
function radioValue(root, name) {
  /** @type {HTMLInputElement | null} */
  const checked = root.querySelector(`input[type=radio][name=${name}]:checked`);
  return checked ? checked.value : "";
}

// A widget's form, its odds kept live and its rolls (fields-form.js): `texts` the text fields
// (in the order the engine checks them), `radios` the radio groups, `crit` whether there is a
// crit box.
/**
 * @param {HTMLElement} root
 * @param {{texts: string[], radios?: string[], crit?: boolean}
 *   & Omit<Parameters<typeof fieldsForm>[1], "system" | "names" | "texts" | "compareTerm">} options
 */
function liveWidget(root, { texts, radios = [], crit = false, ...own }) {
  return fieldsForm(root, {
    system: SYSTEM, names: [...texts, ...radios, ...(crit ? ["crit"] : [])], texts, compareTerm: "Degree", ...own,
  });
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
      exact ? el("span", { class: "srd-exact", title: `exactly ${exact}` }, exact) : null));
}

// The engine's lines, folded away: everything it computed, as the command line prints it.
/** @param {string[]} lines */
function fullOdds(lines) {
  return el("details", { class: "srd-xy-lines" }, el("summary", {}, "Every number (as the command line prints it)"),
    explanation(lines));
}

/** @param {any} result the engine's odds */
function cutNote(result) {
  return result.cut_mass && result.cut_mass !== "0/1"
    ? el("p", { class: "srd-odds__note" }, `The crit die is cut off: ${result.cut_mass} of the chance is left out.`)
    : null;
}

// --- a check's odds: the chance of success, then one bar per signed degree -----------------
/**
 * @param {any} result the engine's odds of a check
 * @param {Node | null} [extra]
 */
function renderCheckOdds(result, extra = null) {
  const box = el("div", { class: "srd-xy-odds" });
  box.append(el("p", { class: "srd-reading__canonical" },
    "Rolls ", el("code", { class: "srd-xy-check" }, result.check), " as ",
    el("code", { class: "srd-reading__notation" }, result.notation), `: ${plural(result.dice, "die", "dice")}`));
  if (extra) box.append(extra);
  for (const note of result.notes) box.append(el("p", { class: "srd-odds__note" }, note));
  box.append(el("dl", { class: "srd-odds__summary srd-odds__summary--two" },
    summaryItem("success", "Success", result.success_percent, result.p_success)));
  const top = Math.max(...result.bars.map((/** @type {Bar} */ bar) => ratioValue(bar.ratio)));
  const rows = result.bars.map((/** @type {Bar} */ bar) => {
    const width = top > 0 ? (100 * ratioValue(bar.ratio)) / top : 0;
    const kind = bar.degree > 0 ? "success" : "failure";
    return el("tr", { "data-degree": String(bar.degree) },
      el("th", { scope: "row" }, bar.label),
      el("td", { class: "srd-num" }, bar.percent),
      el("td", { class: "srd-xy-bar-cell", "aria-hidden": "true" },
        el("span", { class: `srd-xy-bar srd-xy-bar--${kind}`, style: `width: ${width.toFixed(1)}%` })),
      el("td", { class: "srd-exact-cell" }, bar.ratio));
  });
  // A group, not a region: the roller and the attack builder both show one (landmarks must differ).
  box.append(el("div", { class: "srd-table-wrap", role: "group", "aria-label": "Chance of each degree", tabindex: "0" },
    el("table", { class: "srd-table srd-xy-degrees" },
      el("thead", {}, el("tr", {}, ...["Degree", "Chance", "Bar", "Exact"].map((t) => el("th", { scope: "col" },
        t === "Bar" ? el("span", { class: "srd-visually-hidden" }, t) : t)))),
      el("tbody", {}, ...rows))));
  const cut = cutNote(result);
  if (cut) box.append(cut);
  return box;
}

// --- a check's roll: each die, hit or miss, then the crit dice -------------------------------
/**
 * @param {number} value
 * @param {boolean} hit
 * @param {string} label
 * @param {string} [extraClass]
 */
function dieFace(value, hit, label, extraClass = "") {
  return el("span", {
    class: `srd-die srd-die--${hit ? "hit" : "miss"} ${extraClass}`.trim(), role: "img", "aria-label": label, title: label,
  }, String(value));
}

/**
 * @param {{dice: number[], hit: boolean[], check: string, crit_dice: number[]}} roll
 * @param {string} [who]
 */
function diceList(roll, who = "Die") {
  const list = el("ul", { class: "srd-dice srd-dice--xy", "aria-label": `${who}: the dice, in the order rolled` });
  roll.dice.forEach((value, i) => {
    list.append(el("li", {}, dieFace(value, roll.hit[i], `${who} ${i + 1}: ${value}, ${roll.hit[i] ? "a hit" : "a miss"} on ${roll.check}`)));
  });
  roll.crit_dice.forEach((value, i) => {
    const hit = value <= 1;
    list.append(el("li", {}, el("span", { class: "srd-dice__arrow", "aria-hidden": "true" }, "→"),
      dieFace(value, hit, `Crit die ${i + 1}: ${value}, ${hit ? "one more degree" : "a miss: the crit ends"}`, "srd-die--crit")));
  });
  return list;
}

/** @param {number} degree */
function verdict(degree) {
  const kind = degree > 0 ? "success" : "failure";
  return el("span", { class: `srd-roll__verdict srd-roll__verdict--${kind}` },
    `${kind === "success" ? "Success" : "Failure"} of degree ${Math.abs(degree)}`);
}

/**
 * @param {any} result the engine's roll of a check
 * @param {string} href
 */
function renderCheckRoll(result, href) {
  return el("div", { class: "srd-roll" },
    el("p", { class: "srd-roll__headline" }, verdict(result.degree), " ",
      el("span", { class: "srd-roll__kind" }, `on ${result.check}`)),
    diceList(result),
    explanation(result.lines),
    rollMeta(result.seed, href, "roll", result.share.text));
}

// --- the check roller --------------------------------------------------------------------
/** @param {HTMLElement} root */
function attachCheck(root) {
  liveWidget(root, {
    prefix: "xyc", texts: ["check", "tn", "bonus", "penalty"], crit: true,
    oddsAction: "check_odds", rollAction: "check_roll", readyText: "Ready: the odds follow your inputs.",
    renderOdds: (result) => renderCheckOdds(result), renderRoll: renderCheckRoll,
  });
}

// --- the attack builder ------------------------------------------------------------------
/** @param {HTMLElement} root */
function attachAttack(root) {
  liveWidget(root, {
    prefix: "xya", texts: ["attack_bonus", "advantages", "disadvantages"], radios: ["defence", "form"], crit: true,
    oddsAction: "attack_odds", rollAction: "attack_roll", readyText: "Ready: the check follows your choices.",
    renderOdds: (result) => renderCheckOdds(result,
      el("ol", { class: "srd-xy-steps", "aria-label": "How the check was built" },
        ...result.steps.map((/** @type {string} */ step) => el("li", {}, step)))),
    renderRoll: renderCheckRoll,
  });
}

// --- the volley resolver -----------------------------------------------------------------
/** @param {HTMLElement} root */
function attachVolley(root) {
  const onlyFor = {
    volley: ["targets", "order"],
    contest: ["other", "tie"],
  };
  function showMode() {
    const mode = radioValue(root, "mode") || "volley";
    for (const [owner, names] of Object.entries(onlyFor)) {
      for (const name of names) {
        const input = /** @type {Element} */ (root.querySelector(`#xyv-${name}`));
        const box = /** @type {HTMLElement} */ (input.closest(".srd-field"));
        box.hidden = owner !== mode;
      }
    }
  }
  showMode();
  liveWidget(root, {
    prefix: "xyv", texts: ["attackers", "targets", "other"], radios: ["mode", "order", "tie"],
    oddsAction: "volley_odds", rollAction: "volley_roll", readyText: "Ready: the odds follow your inputs.",
    renderOdds: renderVolleyOdds, renderRoll: renderVolleyRoll, onChange: showMode,
  });
}

/** @param {any} result the engine's odds of a volley or a contest */
function renderVolleyOdds(result) {
  const box = el("div", { class: "srd-xy-odds" });
  box.append(el("p", { class: "srd-reading__canonical" }, "Reads as ",
    el("code", { class: "srd-reading__notation" }, result.notation)));
  for (const note of result.notes) box.append(el("p", { class: "srd-odds__note" }, note));
  if (result.kind === "volley") {
    box.append(el("dl", { class: "srd-odds__summary srd-odds__summary--two" },
      summaryItem("mean-hits", "Average hits", result.mean_hits, ""),
      summaryItem("mean-damage", "Average damage", result.mean_damage, "")));
    const rows = result.targets.map((/** @type {TargetOdds} */ t) => el("tr", { "data-target": String(t.target) },
      el("th", { scope: "row" }, `${t.target}: ${t.label}`),
      el("td", { class: "srd-num" }, String(t.priority)),
      el("td", { class: "srd-num" }, t.hit_percent),
      el("td", { class: "srd-num" }, t.mean_damage)));
    box.append(el("div", { class: "srd-table-wrap", role: "region", "aria-label": "Each target", tabindex: "0" },
      el("table", { class: "srd-table srd-xy-targets" },
        el("thead", {}, el("tr", {}, ...["Target", "Priority", "Hit", "Average damage"].map((t) => el("th", { scope: "col" }, t)))),
        el("tbody", {}, ...rows))));
  } else {
    box.append(el("dl", { class: "srd-odds__summary" },
      summaryItem("first-more", "Attackers out-hit", result.percent.first_more, result.p_first_more),
      summaryItem("second-more", "The other side out-hits", result.percent.second_more, result.p_second_more),
      summaryItem("tie", "A tie", result.percent.tie, result.p_tie)));
    box.append(el("dl", { class: "srd-odds__summary srd-odds__summary--two" },
      summaryItem("first-damage", "Attackers deal on average", result.sides[0].mean_damage, ""),
      summaryItem("second-damage", "The other side deals on average", result.sides[1].mean_damage, "")));
  }
  const cut = cutNote(result);
  if (cut) box.append(cut);
  box.append(fullOdds(result.lines));
  return box;
}

/**
 * @param {Side} side
 * @param {string} name
 */
function renderSide(side, name) {
  const box = el("div", { class: "srd-xy-side" });
  box.append(el("p", { class: "srd-xy-side__title" }, `${name}: ${plural(side.hits, "hit", "hits")}`,
    side.full_damage ? ", full damage" : ", 1 damage per hit"));
  const attackers = el("ul", { class: "srd-xy-attackers", "aria-label": `${name}: each attacker` });
  side.attackers.forEach((a, i) => {
    const who = i === 0 ? "Champion" : `Attacker ${i + 1}`;
    attackers.append(el("li", {}, el("span", { class: "srd-xy-who" }, `${who} (${a.check})`), diceList(a, who),
      el("span", { class: "srd-xy-scored" }, plural(a.hits_scored, "hit", "hits"))));
  });
  const targets = el("ul", { class: "srd-xy-hit-targets", "aria-label": `${name}: each target` });
  for (const t of side.targets) {
    let text = `Target ${t.target} (${t.label}): `;
    if (!t.hits) text += "no hits";
    else if (t.damage_die === null) text += `${plural(t.hits, "hit", "hits")}, ${t.damage} damage`;
    else text += `${plural(t.hits, "hit", "hits")}, 1d6 (${t.damage_die})${t.hits > 1 ? ` + ${t.hits - 1}` : ""} = ${t.damage} damage`;
    targets.append(el("li", { "data-target": String(t.target) }, text));
  }
  box.append(attackers, targets);
  return box;
}

/**
 * @param {any} result the engine's roll of a volley or a contest
 * @param {string} href
 */
function renderVolleyRoll(result, href) {
  const box = el("div", { class: "srd-roll" });
  if (result.kind === "volley") {
    box.append(el("p", { class: "srd-roll__headline" },
      el("strong", { class: "srd-roll__outcome" }, plural(result.hits, "hit", "hits")), " ",
      el("span", { class: "srd-roll__kind" }, `${result.total_damage} damage in all`)));
    box.append(renderSide(result, "The volley"));
  } else {
    /** @type {Record<string, string>} */
    const words = { first: "The attackers out-hit the other side", second: "The other side out-hits the attackers", tie: "A tie" };
    box.append(el("p", { class: "srd-roll__headline" }, el("strong", { class: "srd-roll__outcome" }, words[result.winner])));
    box.append(renderSide(result.sides[0], "Attackers"), renderSide(result.sides[1], "The other side"));
  }
  box.append(explanation(result.lines), rollMeta(result.seed, href, "roll", result.share.text));
  return box;
}

// The widgets this view attaches, by their markup's data-widget (macros/xy_checks.py).
export const WIDGETS = { check: attachCheck, attack: attachAttack, volley: attachVolley };
