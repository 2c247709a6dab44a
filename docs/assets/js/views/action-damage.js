// @ts-check
// Action!'s damage calculator (docs/action-combat.md, markup: macros/action_combat.py).
//
// A hit's PV, the Wound Threshold, what is known of the target (Health, Toughness, Mass,
// shock and wounds taken before, the values it rolls with) and the optional rules in; as
// they change, the engine's answer: what happens, shock, wounds, knockback, impairment,
// the exact chance of each roll the options call for, and what the damage does to each
// kind of mook. Attached through the WIDGETS map of action.js.

import { afterPause, el, engineForm, newestOnly } from "../kit/widget-kit.js";

const SYSTEM = "action";
const FIELDS = ["damage", "threshold", "health", "toughness", "mass", "wall", "wounds", "shock", "focus", "luck"];
/** @type {Record<string, string>} */
const ROLL_NAMES = { shock: "Shock roll", dark_times: "Dark Times roll", cinematic: "Luck rolls", wake: "Waking up" };

// "5, 10, 15" or, for many, "5, 10, …, 100 (20 rolls)", as the engine's lines write it.
/** @param {number[]} list */
function difficulties(list) {
  if (list.length <= 6) return list.join(", ");
  return `${list[0]}, ${list[1]}, …, ${list[list.length - 1]} (${list.length} rolls)`;
}

/**
 * @param {string} label
 * @param {string | number} value
 * @param {string} key
 */
function item(label, value, key) {
  return el("div", { class: "srd-action-damage__item", "data-key": key }, el("dt", {}, label), el("dd", {}, String(value)));
}

/** @param {boolean | null} value */
function yesNo(value) {
  return value === null ? "not given" : value ? "yes" : "no";
}

/** @param {any} r the engine's answer (damage_fields) */
function render(r) {
  const numbers = [
    item("Shock", r.total_shock === r.shock ? r.shock : `${r.shock} (${r.total_shock} in all)`, "shock"),
    item("Wounds", r.total_wounds === r.wounds ? r.wounds : `${r.wounds} (${r.total_wounds} in all)`, "wounds"),
    item("Falls down", yesNo(r.falls_down), "falls_down"),
    item("Dying", yesNo(r.dying), "dying"),
    item("Knockback", r.knockback_m === null ? "not given" : `${r.knockback_m} m` +
      (r.knocked_down ? ", knocked down" : ""), "knockback"),
    item("Massive Damage", r.massive ? "yes" : "no", "massive"),
  ];
  if (r.wall_damage !== null) numbers.push(item("Solid object", `${r.wall_damage} damage to each`, "wall"));
  if (r.impairment !== null) numbers.push(item("Impairment", r.impairment, "impairment"));
  if (r.options.includes("stun")) numbers.push(item("Shots lost", r.shots_lost, "shots_lost"));
  if (r.cinematic_wound !== null) numbers.push(item("Cinematic Wound", r.cinematic_wound ? "yes" : "no", "cinematic"));
  const box = el("div", { class: "srd-action-damage" },
    el("p", { class: "srd-action-damage__happens" }, el("strong", {}, "What happens: "), r.happens.join("; ")),
    el("dl", { class: "srd-action-damage__numbers" }, ...numbers));
  const rolls = Object.entries(r.rolls);
  if (rolls.length) {
    box.append(el("ul", { class: "srd-action-damage__rolls", "aria-label": "Rolls the options call for" },
      ...rolls.map(([name, roll]) => el("li", { "data-roll": name },
        el("span", { class: "srd-action-damage__roll" }, `${ROLL_NAMES[name] || name} at ${difficulties(roll.difficulty)}: `,
          roll.pass_all
            ? `passes ${roll.difficulty.length > 1 ? "all " : ""}with ${roll.percent_pass_all}`
            : el("span", { class: "srd-action-damage__hint" }, "give the value rolled for its chance"),
          `; failing: ${roll.on_failure}`),
        roll.pass_all ? el("span", { class: "srd-action-damage__exact", tabindex: "0", role: "note",
          "aria-label": `exactly ${roll.pass_all}` }, roll.pass_all) : null))));
  }
  const mooks = r.mooks;
  box.append(el("dl", { class: "srd-action-damage__mooks", "aria-label": "What this damage does to mooks" },
    item("Glass-jaw mook", mooks["glass-jaw"].effect, "glass-jaw"),
    item("Advanced mook", mooks.advanced.effect, "advanced"),
    item(`Speed-bump mooks (WT ${mooks["speed-bump"].threshold})`, `${mooks["speed-bump"].down} down`, "speed-bump")));
  box.append(el("p", { class: "srd-action-damage__notation" }, "Notation: ",
    el("code", { tabindex: "0", "aria-label": `Notation: ${r.notation}` }, r.notation)));
  return box;
}

/** @param {HTMLElement} root */
export function attachDamage(root) {
  const w = engineForm(root, {
    prefix: "ad", fields: [...FIELDS, "options"], readyText: "Ready: the result follows your inputs.",
  });
  const { inputs } = w;
  /** @type {NodeListOf<HTMLInputElement>} */
  const switchBoxes = root.querySelectorAll("input[type=checkbox], input[type=radio]");
  const switches = [...switchBoxes];
  const formValues = () => ({
    ...Object.fromEntries(FIELDS.map((name) => [name, inputs[name].value])),
    options: switches.filter((box) => box.checked && box.value).map((box) => box.value).join(" "),
  });
  const resultBox = /** @type {HTMLElement} */ (root.querySelector(".srd-widget__result"));
  const shown = w.region(resultBox, { words: "Result for the last valid input" });
  const latest = newestOnly();
  const pause = afterPause(update);

  async function update(typing = false) {
    pause.cancel();
    const reply = await latest(w.engine.call({ system: SYSTEM, action: "damage_fields", fields: formValues() }));
    if (!reply) return; // a newer request is on its way
    const result = w.accept(reply, [...FIELDS, "options"], { typing });
    if (!result) return shown.stale(true);
    shown.show(render(result), result.notation);
  }

  w.onSubmit(() => update());
  for (const name of FIELDS) inputs[name].addEventListener("input", pause.schedule);
  for (const box of switches) box.addEventListener("change", () => update());
  w.whenReady(() => update());
}
