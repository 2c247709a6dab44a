// dice & danger at the table: a character sheet kept on this device (play-kit.js): titles,
// attributes, level, gear, the slot inventory and what is stowed; a save rolled with one tap on
// an attribute (or Armor, Luck, Faith) and the damage roll with one tap on the weapon, each
// showing its exact chance first; Hit Defense and the slots marked by a tap each (a hit taken on
// it), the Health save that follows, and the roll forms for every choice. Every number on it
// comes from the engine (rules_engine/dice_and_danger/play.py): tier, Hit Defense, Luck, Armor,
// slots, the weight penalty, broken gear, each roll's notation, exact odds and chance of its
// result, the roll, the conditions and the outcome; so do the lists its choices are drawn from
// (play_lists). This module only draws the sheet and sends what was edited or tapped.

import {
  exactFractions, field, keepRoom, numberInput, playFrame, select, setChance, tapBoxes, tapButton, tapResult, textInput,
} from "../kit/play-kit.js";
import { el, rollMeta } from "../kit/widget-kit.js";
import { rememberChoices, showResult } from "../kit/play-focus.js";

const SYSTEM = "dice-and-danger";

// The saved character's keys in the reader's words (a refusal with no control to show it at:
// a file's, a link's).
const LABELS = {
  name: "Name", level: "Level", attributes: "Attributes", titles: "Titles", text: "text", boosted: "boosted",
  hit_defense_marked: "Hit Defense marked", weapon: "Weapon", family: "kind", heavy: "heavy", ranged: "ranged",
  crude: "simple or crude", off_hand: "light weapon in the off hand", armour: "Armour", slots: "Slots", item: "item",
  condition: "condition", gear: "gear", stowed: "Stowed items", health_save: "Health save owed",
  now: "conditions taken", had: "conditions had", moods: "moods", health_outcome: "Last Health save", log: "Log",
};

// What a slot's box shows for its condition (its words say it in full).
const MARKS = { "": "", mar: "/", mood: "M", injury: "I", break: "X" };

function checkbox(id, label, on, attrs = {}) {
  const input = el("input", { type: "checkbox", id, checked: on ? "" : null, ...attrs });
  return { input, label: el("label", { class: "srd-check" }, input, el("span", {}, label)) };
}

function flag(input) {
  return input.checked ? "on" : "";
}

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// "0 hits", "1+ hits": a row of a roll's odds.
function hitsWords(row) {
  return `${row.or_more ? `${row.hits}+` : row.hits} ${row.hits === 1 && !row.or_more ? "hit" : "hits"}`;
}

// A roll's exact odds in one line, percentages first: no hits, then k or more hits, and the average.
function oddsLine(odds) {
  return `${odds.rows.map((row) => `${hitsWords(row)} ${row.percent}`).join(", ")}; average ${odds.mean_text}`;
}

// The same rows' exact fractions, shown on demand (exactFractions).
function oddsFractions(odds) {
  return odds.rows.map((row) => [hitsWords(row), row.ratio]);
}

// A chance as the log writes it: the percentage, then the exact fraction.
const chanceWords = (chance) => `${chance.percent} (${chance.ratio})`;

// The dice of a roll as rolled: every die, the kept ones when some were dropped, the crits' dice.
function diceWords(roll) {
  return `${roll.notation}, seed ${roll.seed}: rolled ${roll.dice.join(" ")}`
    + (roll.dropped.length ? `, kept ${roll.kept.join(" ")}` : "")
    + (roll.explosions.length ? `, crits rolled ${roll.explosions.map((e) => e.value).join(" ")}` : "");
}

// A roll's record for the log: its dice, its result and the exact chance of that result.
function rollRecord(reply, result) {
  return { dice: diceWords(reply.roll), result, chance: chanceWords(reply.chance) };
}

// The character as the engine plays it: its log is the frame's.
function bare(entry) {
  const { log, ...character } = entry;
  return character;
}

function attachSheet(root) {
  const id = root.id;
  let last = null; // {name, kind, reply}: the last roll from a form, until another character is shown
  let tapped = null; // {name, where, lines}: the last tap's result, shown under the group tapped
  const remembered = rememberChoices(); // the roll forms' choices, kept across redraws (play-focus.js)
  // The engine's answers about a character, by action and character: a redraw after a change
  // finds the sheet's numbers already known and draws them at once (no line empties and refills).
  const answers = new Map();
  const shownOdds = {}; // an odds line's last words, kept while the new ones are asked for
  let lists = null; // the engine's lists (play_lists), asked for once, before the first sheet is drawn
  let asked = null;

  const frame = playFrame(root, {
    system: SYSTEM, noun: "character", nouns: "characters", labels: LABELS,
    draw: (entry, shown) => (lists ? draw(entry, shown) : drawWhenListed(entry, shown)),
  });
  // Undo, Redo, a file or a link: the entry is drawn anew, without the results kept beside it.
  root.addEventListener("srd-play-reset", () => {
    last = null;
    tapped = null;
  });

  // The first sheet waits for the engine's lists; a refusal is said, and the next draw asks again.
  function drawWhenListed(entry, shown) {
    if (!asked) {
      asked = frame.call({ action: "play_lists" }).then((reply) => {
        if (reply.ok) lists = reply.result.lists;
        else asked = null;
        return reply;
      });
    }
    asked.then((reply) => {
      if (!reply.ok) return frame.fail(reply.error);
      if (frame.entry() === entry && !shown.sheet.querySelector("form")) {
        const log = shown.sheet.querySelector(".srd-play__log");
        draw(entry, shown);
        if (log) shown.sheet.append(log); // the frame's log stays under the sheet
      }
    });
  }

  // The words of `value` in one of the engine's [value, words] lists.
  const words = (pairs, value) => (pairs.find(([key]) => key === value) || [value, value])[1];

  // The engine's answer to `action` about `character` (and `more`), asked once while it stays the same.
  function answer(action, character, more = {}) {
    const request = { action, character: bare(character), ...more };
    const key = JSON.stringify(request);
    if (!answers.has(key)) {
      if (answers.size > 100) answers.clear();
      answers.set(key, frame.call(request).then((reply) => {
        if (!reply.ok) answers.delete(key); // only what the engine answered is kept
        return reply;
      }));
    }
    return answers.get(key);
  }

  // A reply that carries a character and its sheet is play_sheet's answer for that character.
  function known(result) {
    answers.set(JSON.stringify({ action: "play_sheet", character: bare(result.character) }),
      Promise.resolve({ ok: true, result: { character: result.character, sheet: result.sheet } }));
  }

  // A refusal from a roll form (its fields named without a place): shown at that form's field
  // (`form`: damage, save, hits, health), else where the engine placed it.
  function failIn(form, error, names) {
    const inForm = error && error.field && names.includes(error.field);
    frame.fail(inForm ? { ...error, field: `${form}.${error.field}` } : error);
  }

  // A roll form's odds refused: marked at the form's field if it is one of them (a refusal of
  // the sheet itself, a dead character's, is the sheet's to say: the odds line says it here).
  const markIn = (form, names) => (error) => {
    if (error && names.includes(error.field)) failIn(form, error, names);
  };

  const number = (text) => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : text);

  // --- the sheet: every edit goes to the engine, which checks it and gives the numbers back -----
  async function edited(form) {
    const q = (part) => form.querySelector(`[data-part="${part}"]`);
    const character = {
      ...bare(frame.entry()),
      name: q("name").value,
      level: number(q("level").value),
      hit_defense_marked: number(q("hd-marked").value),
      attributes: Object.fromEntries(lists.attributes.map((name) => [name, number(q(`attr-${name}`).value)])),
      titles: [...form.querySelectorAll(".srd-play__title")].map((row) => ({
        text: row.querySelector("input[type=text]").value, boosted: row.querySelector("input[type=checkbox]").checked,
      })).filter((title) => title.text.trim()),
      weapon: {
        family: q("weapon").value, heavy: q("heavy").checked, ranged: q("ranged").checked, crude: q("crude").checked,
        off_hand: q("off-hand").checked,
      },
      armour: q("armour").value,
      slots: [...form.querySelectorAll(".srd-play__slot")].map((row) => ({
        item: row.querySelector("input").value, condition: row.querySelector("[data-part=condition]").value,
        gear: row.querySelector("[data-part=gear]").value,
      })),
      stowed: q("stowed").value.split("\n").map((line) => line.trim()).filter(Boolean),
      health_outcome: q("outcome").value || null,
    };
    const reply = await frame.call({ action: "play_sheet", character });
    if (!reply.ok) return frame.fail(reply.error);
    known(reply.result);
    frame.change(reply.result.character, `Saved ${reply.result.character.name}.`);
  }

  // A tap's change: the words in the tap's result (under the group tapped) and on the status
  // line, the change saved (one step of Undo, one line of the log with `record`), its result in sight.
  function tapChange(where, character, lines, record = null) {
    tapped = { name: character.name, where, lines };
    if (frame.change(character, lines.join(" "), record)) {
      showResult(frame.sheet, () => root.querySelector(`#${id}-tap-${where}`));
    }
  }

  // A tap refused: said at the field it concerns (or on the status line) and under the group tapped.
  function tapRefused(where, error, form = null, names = []) {
    if (form) failIn(form, error, names);
    else frame.fail(error);
    const box = root.querySelector(`#${id}-tap-${where}`);
    if (box) box.replaceChildren(el("p", { class: "srd-play__error" }, frame.words(error)));
  }

  // The result region of a tapped group: the last tap's lines, when they were this group's.
  function tapLines(where, entry, wide, phone) {
    const box = tapResult(`${id}-tap-${where}`, wide, phone);
    if (tapped && tapped.name === entry.name && tapped.where === where) {
      box.append(...tapped.lines.map((line) => el("p", { class: "srd-play__line" }, line)));
    }
    return box;
  }

  function draw(entry, { sheet }) {
    if (last && last.name !== entry.name) last = null;
    if (tapped && tapped.name !== entry.name) tapped = null;
    const form = el("form", { class: "srd-play__form", "aria-label": `${entry.name}'s sheet` });
    form.addEventListener("submit", (event) => event.preventDefault());
    const save = () => edited(form);
    const derived = el("p", { class: "srd-play__derived" });
    const inventory = el("p", { class: "srd-play__inventory" });
    const weight = el("p", { class: "srd-play__weight" });
    const at = (path) => ({ "data-field": `character.${path}` });

    const name = textInput(entry.name, { "data-part": "name", id: `${id}-name`, ...at("name") });
    const level = numberInput(entry.level, { "data-part": "level", id: `${id}-level`, ...at("level") });
    const marked = numberInput(entry.hit_defense_marked,
      { "data-part": "hd-marked", id: `${id}-hd-marked`, ...at("hit_defense_marked") });
    const attributes = lists.attributes.map((attr) => field(attr,
      numberInput(entry.attributes[attr], { "data-part": `attr-${attr}`, id: `${id}-attr-${attr}`, ...at(`attributes.${attr}`) })));

    const titles = el("div", { class: "srd-play__titles" });
    const addTitle = (title) => {
      const n = titles.children.length + 1;
      const text = textInput(title.text, { "aria-label": `Title ${n}`, "data-key": `${id}-title-${n}`, ...at(`titles[${n - 1}].text`) });
      const boosted = checkbox(`${id}-title-${n}-boosted`, "boosted", title.boosted,
        { "aria-label": `Title ${n} is boosted`, ...at(`titles[${n - 1}].boosted`) });
      const remove = el("button", { type: "button", class: "md-button srd-play__remove", "data-key": `${id}-title-${n}-remove`,
        "aria-label": `Remove title ${n}` }, "×");
      const row = el("div", { class: "srd-play__title srd-play__rating" }, text, boosted.label, remove);
      remove.addEventListener("click", () => { row.remove(); save(); });
      text.addEventListener("change", save);
      boosted.input.addEventListener("change", save);
      titles.append(row);
      return text;
    };
    entry.titles.forEach(addTitle);
    const addTitleButton = el("button", { type: "button", class: "md-button srd-play__add", id: `${id}-add-title` }, "Add a title");
    addTitleButton.addEventListener("click", () => addTitle({ text: "", boosted: false }).focus());

    const weapon = select(lists.weapons, entry.weapon.family, { "data-part": "weapon", id: `${id}-weapon`, ...at("weapon.family") });
    const gearChecks = lists.weapon_flags.map(([key, label]) =>
      checkbox(`${id}-gear-${key}`, label, entry.weapon[key], { "data-part": key.replace("_", "-"), ...at(`weapon.${key}`) }));
    const armour = select(lists.armours, entry.armour, { "data-part": "armour", id: `${id}-armour`, ...at("armour") });

    // A slot: its item, its condition, and which of the sheet's gear it holds (broken, not used).
    const slots = el("ol", { class: "srd-play__slots" }, ...entry.slots.map((slot, i) => {
      const key = `${id}-slot-${i + 1}`;
      const item = textInput(slot.item, { "aria-label": `Slot ${i + 1}: item`, "data-key": `${key}-item`, ...at(`slots[${i}].item`) });
      const condition = select(lists.conditions, slot.condition, { "aria-label": `Slot ${i + 1}: condition`,
        "data-part": "condition", "data-key": `${key}-condition`, ...at(`slots[${i}].condition`) });
      const gear = select(lists.gear, slot.gear, { "aria-label": `Slot ${i + 1}: gear`, "data-part": "gear",
        "data-key": `${key}-gear`, ...at(`slots[${i}].gear`) });
      for (const input of [item, condition, gear]) input.addEventListener("change", save);
      return el("li", { class: "srd-play__slot" }, item, condition, gear);
    }));
    const stowed = el("textarea", { "data-part": "stowed", id: `${id}-stowed`, rows: "3", ...at("stowed") });
    stowed.value = entry.stowed.join("\n");
    const outcome = select([["", "none yet"], ...lists.outcomes.map((o) => [o, o])], entry.health_outcome || "",
      { "data-part": "outcome", id: `${id}-outcome`, ...at("health_outcome") });

    for (const input of [name, level, marked, weapon, armour, stowed, outcome, ...gearChecks.map((c) => c.input),
      ...attributes.map((f) => f.querySelector("input"))]) input.addEventListener("change", save);

    // The roll forms first (the taps roll with their choices), drawn below the sheet.
    const damage = el("section", { class: "srd-play__damage srd-play__screen", "aria-label": "Damage roll" });
    const saveRoll = el("section", { class: "srd-play__save srd-play__screen", "aria-label": "Save" });
    const hits = el("section", { class: "srd-play__hits srd-play__screen", "aria-label": "Take hits" });
    const health = el("section", { class: "srd-play__health", id: `${id}-health`, "aria-label": "Health save" });
    const damageFields = drawDamage(damage, entry);
    const saveFields = drawSave(saveRoll, entry);
    drawHits(hits, entry);

    // The taps: a save against each attribute (and Armor, Luck, Faith), the damage roll, a hit
    // on Hit Defense or in a slot. (Screen only: on paper the sheet's words stand.)
    const saveTaps = drawSaveTaps(entry, saveRoll, saveFields);
    const damageTap = drawDamageTap(entry, damage, damageFields);
    // (Room for its line, a row of boxes and a tap's line: 6.4 rem wide, 8.8 at 360 px, where the taps test holds it.)
    const hdBoxes = keepRoom(el("div", { class: "srd-play__screen srd-play__hd" }), 6.4, 8.8);
    const slotBoxes = drawSlotBoxes(entry);
    const tapGroups = [saveTaps, damageTap, hdBoxes, slotBoxes];

    // On paper the fields do not print (print.css): the sheet's words do, in these lines.
    const paper = (...text) => el("p", { class: "srd-play__print" }, ...text);
    const gearWords = [words(lists.weapons, entry.weapon.family), ...[["heavy", "heavy"], ["ranged", "ranged"],
      ["crude", "simple or crude"], ["off_hand", "a light weapon in the off hand"]]
      .filter(([key]) => entry.weapon[key]).map(([, w]) => w)].join(", ");
    form.append(
      paper(el("strong", {}, entry.name), `, level ${entry.level}; Hit Defense marked ${entry.hit_defense_marked}`),
      el("div", { class: "srd-play__fields" }, field("Name", name), field("Level", level),
        field("Hit Defense marked", marked)),
      derived, hdBoxes,
      el("fieldset", { class: "srd-play__attributes" }, el("legend", {}, "Attributes (1–6)"),
        paper(lists.attributes.map((a) => `${a} ${entry.attributes[a]}`).join(" · ")),
        el("div", { class: "srd-play__fields" }, ...attributes), saveTaps),
      el("fieldset", at("titles"), el("legend", {}, "Titles"),
        paper(entry.titles.map((t) => t.text + (t.boosted ? " (boosted)" : "")).join("; ") || "none yet"),
        el("div", { class: "srd-play__screen" }, titles, addTitleButton)),
      el("fieldset", at("weapon"), el("legend", {}, "Weapon and armour"),
        paper(`${gearWords}; ${words(lists.armours, entry.armour)}`),
        el("div", { class: "srd-play__fields srd-play__fields--wide" }, field("Weapon", weapon), field("Armour", armour)),
        el("div", { class: "srd-play__checks srd-play__screen" }, ...gearChecks.map((c) => c.label)), damageTap),
      el("fieldset", at("slots"), el("legend", {}, "Inventory"), inventory, slotBoxes,
        paper(entry.slots.map((slot, i) => `${i + 1}. ${slot.item || "–"}${slot.condition ? ` (${slot.condition})` : ""}`
          + `${slot.gear ? ` [${words(lists.gear, slot.gear)}]` : ""}`).join(" · ")),
        el("div", { class: "srd-play__screen" }, slots, field("Stowed items (one a line)", stowed)),
        paper(`Stowed: ${entry.stowed.join(", ") || "nothing"}`), weight),
      el("div", { class: "srd-play__screen" }, field("Last Health save", outcome)),
    );
    sheet.append(form, el("div", {}, damage, saveRoll, hits, health));
    answer("play_sheet", entry).then((reply) => {
      if (!reply.ok) return frame.fail(reply.error);
      const s = reply.result.sheet;
      derived.textContent = `Tier ${s.tier}${s.tier_name ? ` (${s.tier_name})` : ""}, ${s.boosted_titles} boosted `
        + `${s.boosted_titles === 1 ? "title" : "titles"}; Hit Defense ${s.hit_defense} (${s.hit_defense_left} left); `
        + `Luck ${s.luck} (attributes sum to ${s.attribute_sum}); Armor ${s.armor}; Faith ${s.faith}.`;
      inventory.textContent = `${s.slots} slots (6 + Health), ${s.slots_used} used, ${s.conditions} `
        + `${s.conditions === 1 ? "condition" : "conditions"}; the armour and weapons take ${s.gear_slots_total}.`
        + (s.broken_gear.length ? ` Broken, not used: ${s.broken_gear.map((g) => words(lists.gear, g)).join(", ")}.` : "");
      weight.textContent = `${s.stowed} stowed: +${s.weight_penalty}p from weight.`;
      drawHealth(health, reply.result);
      // The dead roll no more and take no more hits: the forms and taps give way to a line saying so.
      if (s.dead) {
        for (const box of [damage, saveRoll, hits, ...tapGroups]) box.remove();
        health.before(el("p", { class: "srd-play__dead" }, `${entry.name} is ${entry.health_outcome.toLowerCase()}: `
          + "the sheet rolls no more. Change the last Health save to play on."));
      } else fillHitDefense(hdBoxes, entry, s);
    });
  }

  // --- the taps ---------------------------------------------------------------------------------------
  // A save against each attribute (then Armor, Luck, Faith) with one tap each, its chance of no
  // hits first; the Save form's dice, conditions, weight and weapon are the tap's too.
  function drawSaveTaps(entry, saveBox, saveFields) {
    const buttons = lists.saves.map((against) => {
      const rated = against in entry.attributes ? `${against} ${entry.attributes[against]}` : against;
      const button = tapButton(rated, "", { "data-key": `${id}-tap-save-${against}` });
      button.addEventListener("click", () => tapSave(against, saveFields));
      return button;
    });
    const chances = async () => {
      const reply = await answer("play_save_chances", entry, { fields: saveFields() });
      buttons.forEach((button, i) => {
        const s = reply.ok ? reply.result.saves[i] : null;
        if (s) button.querySelector(".srd-play__tap-words").textContent = s.what;
        setChance(button, s ? `no hits ${s.clean.percent}` : "");
      });
    };
    saveBox.querySelector("form").addEventListener("change", chances);
    chances();
    return el("div", { class: "srd-play__tapgroup srd-play__screen" },
      el("p", { class: "srd-play__taplabel", id: `${id}-tap-save-label` },
        "Tap to roll a save (with the dice, conditions and weight chosen under Save):"),
      el("div", { class: "srd-play__taps", role: "group", "aria-labelledby": `${id}-tap-save-label` }, ...buttons),
      tapLines("save", entry, 4.4, 6.6));
  }

  async function tapSave(against, saveFields) {
    const now = frame.entry();
    const reply = await frame.call({ action: "play_save_roll", character: bare(now),
      fields: { ...saveFields(), attribute: against } });
    if (!reply.ok) return tapRefused("save", reply.error, "save", SAVE_NAMES);
    const r = reply.result;
    const taken = plural(r.hits, "hit");
    remembered.choose(`${id}-hits`, String(r.hits)); // the Take hits form waits with them
    tapChange("save", now, [`${now.name} saved against ${r.what} (${r.written}): ${taken} to take.`,
      `Dice: ${diceWords(r.roll)}. Chance of exactly ${taken}: ${chanceWords(r.chance)}.`], rollRecord(r, `${taken} to take`));
  }

  // The damage roll with one tap, its chance of at least one hit first; the Damage roll form's
  // choices are the tap's too.
  function drawDamageTap(entry, damageBox, damageFields) {
    const button = tapButton(`Damage: ${words(lists.weapons, entry.weapon.family)}`, "", { "data-key": `${id}-tap-damage` });
    button.addEventListener("click", () => tapDamage(damageFields));
    const chance = async () => {
      const reply = await answer("play_damage_odds", entry, { fields: damageFields() });
      const row = reply.ok ? reply.result.odds.rows.find((r) => r.hits === 1) : null;
      setChance(button, row ? `1+ hits ${row.percent}` : "");
    };
    damageBox.querySelector("form").addEventListener("change", chance);
    chance();
    return el("div", { class: "srd-play__tapgroup srd-play__screen" },
      el("p", { class: "srd-play__taplabel" }, "Tap to roll damage (with the choices under Damage roll):"),
      el("div", { class: "srd-play__taps" }, button), tapLines("damage", entry, 4.4, 6.6));
  }

  async function tapDamage(damageFields) {
    const now = frame.entry();
    const reply = await frame.call({ action: "play_damage_roll", character: bare(now), fields: damageFields() });
    if (!reply.ok) return tapRefused("damage", reply.error, "damage", DAMAGE_NAMES);
    const r = reply.result;
    const n = plural(r.roll.hits, "hit");
    known(r);
    tapChange("damage", r.character, [`${now.name} rolled damage (${r.written}): ${n}.`
      + (r.spent.hit_defense ? ` ${r.spent.hit_defense} Hit Defense spent.` : ""),
    `Dice: ${diceWords(r.roll)}. Chance of exactly ${n}: ${chanceWords(r.chance)}.`], rollRecord(r, n));
  }

  // Hit Defense as boxes: a tap on a free one takes a hit on it, on a marked one clears a mark
  // (by hand: how Hit Defense comes back is not in the chapter).
  function fillHitDefense(box, entry, s) {
    const label = `Hit Defense, ${s.hit_defense_left} of ${s.hit_defense} left: tap a free box to take a hit on it, `
      + "a marked one to clear it";
    const boxes = Array.from({ length: s.hit_defense }, (_, i) => {
      const on = i < entry.hit_defense_marked;
      return { mark: on ? "X" : "", words: `Hit Defense ${i + 1}: ${on ? "marked" : "free"}`, pressed: on };
    });
    box.replaceChildren(el("p", { class: "srd-play__taplabel" }, s.hit_defense ? `${label}:` : "No Hit Defense at this level."),
      tapBoxes(label, boxes, (i) => tapHitDefense(i < entry.hit_defense_marked), { "data-key": `${id}-hd` }),
      tapLines("hd", entry, 2.2, 3.3));
  }

  async function tapHitDefense(clear) {
    const now = frame.entry();
    const reply = clear
      ? await frame.call({ action: "play_sheet", character: { ...bare(now), hit_defense_marked: now.hit_defense_marked - 1 } })
      : await frame.call({ action: "play_take_hits", character: bare(now), hits: "1", hit_defense: "1", slots: [] });
    if (!reply.ok) return tapRefused("hd", reply.error);
    known(reply.result);
    const left = `${reply.result.sheet.hit_defense_left} left`;
    tapChange("hd", reply.result.character,
      [clear ? `${now.name} cleared a Hit Defense mark by hand: ${left}.` : `${now.name} took a hit on Hit Defense: ${left}.`]);
  }

  // The slots as boxes: a tap takes a hit in that slot (the condition it leaves is the engine's).
  function drawSlotBoxes(entry) {
    const boxes = entry.slots.map((slot, i) => ({
      mark: words(lists.condition_marks, slot.condition), pressed: Boolean(slot.condition),
      words: `Slot ${i + 1}: ${slot.item || (slot.gear ? words(lists.gear, slot.gear) : "empty")}, `
        + `${words(lists.conditions, slot.condition)}`,
    }));
    return el("div", { class: "srd-play__tapgroup srd-play__screen" },
      el("p", { class: "srd-play__taplabel" }, "Tap a slot to take a hit in it:"),
      tapBoxes("Take a hit in a slot", boxes, tapSlot, { "data-key": `${id}-slots` }), tapLines("slots", entry, 4.4, 6.6));
  }

  async function tapSlot(i) {
    const now = frame.entry();
    const reply = await frame.call({ action: "play_take_hits", character: bare(now), hits: "1", slots: [i] });
    if (!reply.ok) return tapRefused("slots", reply.error, "hits", HIT_NAMES);
    known(reply.result);
    const owed = reply.result.sheet.health_save;
    if (owed) await answer("play_health_odds", reply.result.character); // the outcomes' table, drawn at once
    tapChange("slots", reply.result.character, [
      `${now.name} took a hit in slot ${i + 1}: ${words(lists.conditions, reply.result.taken.conditions[0])}.`,
      ...(owed ? [`A Health save is owed: ${owed}.`] : [])]);
  }

  // --- the roll forms ----------------------------------------------------------------------------------
  // A form's answer line: the exact odds as the engine gives them, kept up to date; a refusal is
  // shown at the form's field it concerns, and in the line.
  function liveOdds(form, box, ask, words, fractions, failed) {
    let asked = 0;
    if (shownOdds[box.id]) box.textContent = shownOdds[box.id];
    // The exact fractions on demand, under the line (its room kept: the closed summary's line).
    const exact = keepRoom(el("div", { class: "srd-play__screen" }), 1.8);
    box.after(exact);
    async function show() {
      const mine = ++asked;
      const reply = await ask();
      if (mine !== asked) return;
      exact.replaceChildren();
      if (!reply.ok) {
        if (form.isConnected) failed(reply.error);
        return box.replaceChildren(el("span", { class: "srd-play__error" }, frame.words(reply.error)));
      }
      frame.clear(form);
      exact.replaceChildren(exactFractions(fractions(reply.result)));
      box.replaceChildren(words(reply.result));
      shownOdds[box.id] = box.textContent;
    }
    form.addEventListener("change", show);
    show();
  }

  // A roll's lines as the engine explains it, then its seed, the permalink that rolls it again in
  // the chapter's roller (the same canonical notation and seed give the same dice) and Share.
  function rollLines(box, reply, head) {
    const r = reply.roll;
    const href = new URL(`../?${new URLSearchParams({ notation: r.notation, kind: r.kind, seed: String(r.seed) })}#dd-roller`,
      location.href).href;
    box.replaceChildren(el("p", { class: "srd-play__what" }, head),
      ...r.lines.map((line) => el("p", { class: "srd-play__line" }, line)),
      rollMeta(r.seed, href, "roll", reply.share ? reply.share.text : null));
  }

  // A roll form's Roll: the roll asked for with the form's `fields` and `seed`; a refusal shown at
  // its field and in `result`; else `done(entry, reply)` makes the change, and `result` is in sight.
  function rollOnSubmit(form, { action, kind, names, fields, seed, result }, done) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const now = frame.entry();
      const reply = await frame.call({ action, character: bare(now), fields: fields(), seed: seed.value });
      if (!reply.ok) {
        failIn(kind, reply.error, names);
        return result.replaceChildren(el("p", { class: "srd-play__error" }, frame.words(reply.error)));
      }
      last = { name: now.name, kind, reply: reply.result };
      done(now, reply.result);
      showResult(frame.sheet, () => root.querySelector(`#${result.id}`));
    });
  }

  // A roll form's controls keyed by the engine's field names (their errors are shown there).
  const formField = (form, name) => ({ "data-field": `${form}.${name}` });

  // --- the damage roll: the builder fed the sheet's weapon --------------------------------------------
  // Draws the form into `box`; returns what its fields hold (the damage tap rolls with them too).
  function drawDamage(box, entry) {
    const checks = lists.damage_switches.map(([key, label]) =>
      [key, checkbox(`${id}-dmg-${key}`, label, false, formField("damage", key))]);
    for (const [, c] of checks) remembered(c.input);
    const armour = remembered(select(lists.armours, undefined, { id: `${id}-dmg-armour`, ...formField("damage", "armour") }));
    const shield = remembered(select(lists.shields, undefined, { id: `${id}-dmg-shield`, ...formField("damage", "shield") }));
    const conditions = remembered(numberInput("", { id: `${id}-dmg-conditions`, ...formField("damage", "conditions") }));
    const seed = numberInput("", { id: `${id}-dmg-seed`, ...formField("damage", "seed") });
    // (Room for the odds line and a roll's lines, its seed and Share: 7.7 and 11.1 rem, measured
    // in Chromium at 360 px and in a wide column.)
    const odds = keepRoom(el("p", { class: "srd-play__odds srd-play__screen", id: `${id}-dmg-odds`, "aria-live": "polite" }), 9.5, 8.5);
    const result = keepRoom(el("div", { class: "srd-play__result", id: `${id}-dmg-result`, "aria-live": "polite" }), 12);
    const form = el("form", { class: "srd-play__rollform", "aria-label": "Damage roll" },
      el("div", { class: "srd-play__checks" }, ...checks.map(([, c]) => c.label)),
      field("Their armour", armour), field("Their shield", shield),
      field("Relevant conditions", conditions, "blank: none"),
      field("Seed", seed, "blank: a new roll"),
      el("button", { type: "submit", class: "md-button md-button--primary", id: `${id}-dmg-roll` }, "Roll damage"));
    box.append(el("h2", {}, "Damage roll"), form, odds, result);
    const fields = () => ({ ...Object.fromEntries(checks.map(([key, c]) => [key, flag(c.input)])),
      armour: armour.value, shield: shield.value, conditions: conditions.value });
    liveOdds(form, odds, () => answer("play_damage_odds", entry, { fields: fields() }),
      (r) => `Exact odds of ${r.written} (${r.odds.notation}): ${oddsLine(r.odds)}.`
        + (r.unusable.length ? ` Broken, not used: ${r.unusable.map((g) => words(lists.gear, g)).join(", ")}.` : ""),
      (r) => oddsFractions(r.odds), markIn("damage", DAMAGE_NAMES));
    if (last && last.kind === "damage") rollLines(result, last.reply, `Damage: ${last.reply.written}`);
    rollOnSubmit(form, { action: "play_damage_roll", kind: "damage", names: DAMAGE_NAMES, fields, seed, result },
      (now, r) => {
        const n = plural(r.roll.hits, "hit");
        known(r);
        frame.change(r.character, `${now.name} rolled damage: ${n}.`
          + (r.spent.hit_defense ? ` ${r.spent.hit_defense} Hit Defense spent.` : ""), rollRecord(r, n));
      });
    return fields;
  }

  // --- a save against one of the attributes ----------------------------------------------------------
  // Draws the form into `box`; returns what its fields hold (the save taps roll with them too).
  function drawSave(box, entry) {
    // The five attributes with their values, then Armor, Luck and Faith (their values are under the name).
    const against = remembered(select(lists.saves.map((a) => [a, a in entry.attributes ? `${a} ${entry.attributes[a]}` : a]),
      undefined, { id: `${id}-save-attribute`, ...formField("save", "attribute") }));
    const weapon = remembered(select(lists.weapons, undefined, { id: `${id}-save-weapon`, ...formField("save", "weapon") }));
    const dice = remembered(numberInput("", { id: `${id}-save-dice`, ...formField("save", "dice") }));
    const conditions = remembered(numberInput("", { id: `${id}-save-conditions`, ...formField("save", "conditions") }));
    const weight = checkbox(`${id}-save-weight`, "Weight counts (sneaking, swimming, balancing)", false,
      formField("save", "weight"));
    remembered(weight.input);
    const seed = numberInput("", { id: `${id}-save-seed`, ...formField("save", "seed") });
    // (Room for a save's odds line up to three dice: 10.3 rem in a wide column, 9.8 at 360 px.)
    const odds = keepRoom(el("p", { class: "srd-play__odds srd-play__screen", id: `${id}-save-odds`, "aria-live": "polite" }), 10.5);
    const result = keepRoom(el("div", { class: "srd-play__result", id: `${id}-save-result`, "aria-live": "polite" }), 12);
    const form = el("form", { class: "srd-play__rollform", "aria-label": "Save" },
      field("Against", against), field("Their weapon", weapon, "on a save against Armor"),
      field("The danger's dice", dice, "blank: 1"),
      field("Relevant conditions", conditions, "blank: none"),
      el("div", { class: "srd-play__checks" }, weight.label),
      field("Seed", seed, "blank: a new roll"),
      el("button", { type: "submit", class: "md-button md-button--primary", id: `${id}-save-roll` }, "Roll the save"));
    box.append(el("h2", {}, "Save"), form, odds, result);
    const fields = () => ({ attribute: against.value, dice: dice.value, conditions: conditions.value,
      weight: flag(weight.input), weapon: weapon.value });
    liveOdds(form, odds, () => answer("play_save_odds", entry, { fields: fields() }),
      (r) => `Exact odds of ${r.written} (${r.odds.notation}), hits ${entry.name} takes: ${oddsLine(r.odds)}.`,
      (r) => oddsFractions(r.odds), markIn("save", SAVE_NAMES));
    if (last && last.kind === "save") rollLines(result, last.reply, `Save against ${last.reply.what}: ${last.reply.written}`);
    rollOnSubmit(form, { action: "play_save_roll", kind: "save", names: SAVE_NAMES, fields, seed, result }, (now, r) => {
      const taken = plural(r.hits, "hit");
      remembered.choose(`${id}-hits`, String(r.hits));
      frame.change(now, `${now.name} rolled the save: ${taken} to take.`, rollRecord(r, `${taken} to take`));
    });
    return fields;
  }

  // --- hits taken: Hit Defense, or a condition in a slot ----------------------------------------------
  function drawHits(box, entry) {
    const count = remembered(numberInput("", { id: `${id}-hits`, ...formField("hits", "hits") }));
    const onHd = numberInput("", { id: `${id}-hits-hd`, ...formField("hits", "hit_defense") });
    const slotChecks = entry.slots.map((slot, i) => checkbox(`${id}-hits-slot-${i}`,
      `Slot ${i + 1}${slot.item ? ` (${slot.item})` : ""}${slot.condition ? `: ${slot.condition}` : ""}`, false));
    const result = el("p", { class: "srd-play__result", "aria-live": "polite" });
    const form = el("form", { class: "srd-play__rollform", "aria-label": "Take hits" },
      field("Hits to take", count), field("Hit Defense to mark", onHd, "blank: none"),
      el("fieldset", { class: "srd-play__checks", ...formField("hits", "slots") },
        el("legend", {}, "A condition in each slot ticked"), ...slotChecks.map((c) => c.label)),
      el("button", { type: "submit", class: "md-button md-button--primary", id: `${id}-hits-take` }, "Take the hits"));
    box.append(el("h2", {}, "Take hits"), form, result);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const now = frame.entry();
      const slots = slotChecks.map((c, i) => (c.input.checked ? i : -1)).filter((i) => i >= 0);
      const reply = await frame.call({ action: "play_take_hits", character: bare(now), hits: count.value,
        hit_defense: onHd.value, slots });
      if (!reply.ok) {
        failIn("hits", reply.error, HIT_NAMES);
        return result.replaceChildren(el("span", { class: "srd-play__error" }, frame.words(reply.error)));
      }
      const taken = reply.result.taken;
      remembered.choose(count.id, "");
      const said = [taken.hit_defense ? `${taken.hit_defense} on Hit Defense` : "",
        taken.conditions.length ? `conditions: ${taken.conditions.join(", ")}` : ""].filter(Boolean).join("; ");
      const owed = reply.result.sheet.health_save;
      known(reply.result);
      if (owed) await answer("play_health_odds", reply.result.character); // the outcomes' table, drawn at once
      frame.change(reply.result.character, `${now.name} took the hits (${said || "none"}).`
        + (owed ? ` A Health save is owed: ${owed}.` : ""));
      if (owed) showResult(frame.sheet, () => root.querySelector(`#${id}-health`));
    });
  }

  // --- the Health save: the helper fed the sheet, its outcome written back ------------------------------
  function drawHealth(box, { character, sheet }) {
    box.replaceChildren(el("h2", {}, "Health save"));
    const shownOutcome = el("p", { class: "srd-play__outcome" },
      `Last Health save: ${character.health_outcome || "none yet"}.`);
    if (!sheet.health_save) {
      box.append(el("p", {}, "No Health save owed: taking a condition calls for one."), shownOutcome);
      if (last && last.kind === "health") {
        rollLines(box.appendChild(el("div", { class: "srd-play__result", id: `${id}-health-result` })), last.reply,
          `Health save: ${last.reply.written}`);
      }
      return;
    }
    box.append(el("p", { class: "srd-play__owed" }, `Owed: ${sheet.health_save}.`), shownOutcome);
    const table = el("table", { class: "srd-play__chances" },
      el("caption", {}, `Exact chance of each outcome of ${sheet.health_save}`),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Hits"), el("th", { scope: "col" }, "Outcome"),
        el("th", { scope: "col" }, "Chance"))),
      el("tbody"));
    const exact = keepRoom(el("div", { class: "srd-play__screen" }), 1.8); // the exact fractions on demand
    box.append(el("div", { class: "srd-play__scroll", role: "region", tabindex: "0", "aria-label": "Health save outcomes" }, table), exact);
    const seed = numberInput("", { id: `${id}-health-seed`, "data-field": "seed" });
    const roll = tapButton("Roll the Health save", "", { id: `${id}-health-roll`, "data-key": `${id}-health-roll` });
    answer("play_health_odds", character).then((reply) => {
      if (!reply.ok) return frame.fail(reply.error);
      const hits = (o) => (o.to === null ? `${o.hits}+` : String(o.hits));
      table.tBodies[0].replaceChildren(...reply.result.health_outcomes.map((o) => el("tr", {},
        el("th", { scope: "row" }, hits(o)), el("td", {}, o.name), el("td", {}, o.percent))));
      exact.replaceChildren(exactFractions(reply.result.health_outcomes.map((o) => [`${hits(o)} (${o.name})`, o.ratio])));
      const first = reply.result.health_outcomes[0];
      setChance(roll, `${first.name.toLowerCase()} ${first.percent}`);
    });
    const error = el("p", { class: "srd-play__result", "aria-live": "polite" });
    const form = el("form", { class: "srd-play__rollform srd-play__screen", "aria-label": "Health save" },
      field("Seed", seed, "blank: a new roll"), roll);
    box.append(form, error);
    const rollIt = async () => {
      const now = frame.entry();
      const reply = await frame.call({ action: "play_health_roll", character: bare(now), seed: seed.value });
      if (!reply.ok) {
        frame.fail(reply.error);
        return error.replaceChildren(el("span", { class: "srd-play__error" }, frame.words(reply.error)));
      }
      const r = reply.result;
      last = { name: now.name, kind: "health", reply: r };
      known(r);
      const n = plural(r.roll.hits, "hit");
      const standing = r.character.health_outcome;
      frame.change(r.character, `Health save: ${n}, ${r.outcome}.`
        + (r.injured.length ? ` The mood in ${r.injured.length === 1 ? "slot" : "slots"} `
          + `${r.injured.map((i) => i + 1).join(", ")} was an injury.` : "")
        + (standing !== r.outcome ? ` Still ${standing}.` : ""), rollRecord(r, `${n}: ${r.outcome}`));
      showResult(frame.sheet, () => root.querySelector(`#${id}-health-result`) || root.querySelector(`#${id}-health`));
    };
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      rollIt();
    });
    roll.addEventListener("click", rollIt);
  }
}

// The roll forms' fields, as the engine names them in a refusal.
const DAMAGE_NAMES = ["expert", "boosted", "prepared", "friend", "hit_defense", "hd_reading", "unsuited", "shield",
  "armour", "conditions", "seed"];
const SAVE_NAMES = ["attribute", "dice", "conditions", "weight", "weapon", "seed"];
const HIT_NAMES = ["hits", "hit_defense", "slots"];

export const WIDGETS = { sheet: attachSheet };
