// dice & danger at the table: a character sheet kept on this device (play-kit.js): titles,
// attributes, level, gear, the slot inventory and what is stowed; a damage roll built from the
// sheet's weapon, a save against one of its attributes, the hits taken marked off Hit Defense or
// as conditions in its slots, and the Health save that follows. Every number on it comes from
// the engine (rules_engine/dice_and_danger/play.py): tier, Hit Defense, Luck, Armor, slots, the
// weight penalty, broken gear, each roll's notation and exact odds, the roll, the conditions and
// the outcome; so do the lists its choices are drawn from (play_lists: attributes, weapons,
// armours, shields, conditions, gear, outcomes). This module only draws the sheet and sends what
// was edited.

import { exactFractions, field, keepRoom, numberInput, playFrame, select, textInput } from "./play-kit.js";
import { el, rollMeta } from "./widget-kit.js";
import { rememberChoices, showResult } from "./play-focus.js";

const SYSTEM = "dice-and-danger";

function checkbox(id, label, on, attrs = {}) {
  const input = el("input", { type: "checkbox", id, checked: on ? "" : null, ...attrs });
  return { input, label: el("label", { class: "srd-check" }, input, el("span", {}, label)) };
}

function flag(input) {
  return input.checked ? "on" : "";
}

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

function attachSheet(root) {
  const id = root.id;
  let last = null; // {name, kind, reply}: the last roll shown, until another character is shown
  const remembered = rememberChoices(); // the roll forms' choices, kept across redraws (play-focus.js)
  // The engine's answers about a character, by action and character: a redraw after a change
  // finds the sheet's numbers already known and draws them at once (no line empties and refills).
  const answers = new Map();
  const shownOdds = {}; // an odds line's last words, kept while the new ones are asked for
  let lists = null; // the engine's lists (play_lists), asked for once, before the first sheet is drawn
  let asked = null;

  const frame = playFrame(root, {
    system: SYSTEM, noun: "character", nouns: "characters",
    draw: (entry, shown) => (lists ? draw(entry, shown) : drawWhenListed(entry, shown)),
  });
  // Undo, Redo, a file or a link: the entry is drawn anew, without the results kept beside it.
  root.addEventListener("srd-play-reset", () => {
    last = null;
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
      if (!reply.ok) return frame.say(reply.error.message, true);
      if (frame.entry() === entry && !shown.sheet.hasChildNodes()) draw(entry, shown);
    });
  }

  // The words of `value` in one of the engine's [value, words] lists.
  const words = (pairs, value) => (pairs.find(([key]) => key === value) || [value, value])[1];

  function answer(action, character) {
    const key = action + JSON.stringify(character);
    if (!answers.has(key)) {
      if (answers.size > 100) answers.clear();
      answers.set(key, frame.call({ action, character }).then((reply) => {
        if (!reply.ok) answers.delete(key); // only what the engine answered is kept
        return reply;
      }));
    }
    return answers.get(key);
  }

  // A reply that carries a character and its sheet is play_sheet's answer for that character.
  function known(result) {
    answers.set(`play_sheet${JSON.stringify(result.character)}`,
      Promise.resolve({ ok: true, result: { character: result.character, sheet: result.sheet } }));
  }

  const number = (text) => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : text);

  // --- the sheet: every edit goes to the engine, which checks it and gives the numbers back -----
  async function edited(form) {
    const q = (part) => form.querySelector(`[data-part="${part}"]`);
    const character = {
      ...frame.entry(),
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
    if (!reply.ok) return frame.say(`Not saved: ${reply.error.message}`, true);
    known(reply.result);
    frame.change(reply.result.character, `Saved ${reply.result.character.name}.`);
  }

  function draw(entry, { sheet }) {
    if (last && last.name !== entry.name) last = null;
    const form = el("form", { class: "srd-play__form", "aria-label": `${entry.name}'s sheet` });
    form.addEventListener("submit", (event) => event.preventDefault());
    const save = () => edited(form);
    const derived = el("p", { class: "srd-play__derived" });
    const inventory = el("p", { class: "srd-play__inventory" });
    const weight = el("p", { class: "srd-play__weight" });

    const name = textInput(entry.name, { "data-part": "name", id: `${id}-name` });
    const level = numberInput(entry.level, { "data-part": "level", id: `${id}-level` });
    const marked = numberInput(entry.hit_defense_marked, { "data-part": "hd-marked", id: `${id}-hd-marked` });
    const attributes = lists.attributes.map((attr) => field(attr,
      numberInput(entry.attributes[attr], { "data-part": `attr-${attr}`, id: `${id}-attr-${attr}` })));

    const titles = el("div", { class: "srd-play__titles" });
    const addTitle = (title) => {
      const n = titles.children.length + 1;
      const text = textInput(title.text, { "aria-label": `Title ${n}`, "data-key": `${id}-title-${n}` });
      const boosted = checkbox(`${id}-title-${n}-boosted`, "boosted", title.boosted,
        { "aria-label": `Title ${n} is boosted` });
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

    const weapon = select(lists.weapons, entry.weapon.family, { "data-part": "weapon", id: `${id}-weapon` });
    const gearChecks = lists.weapon_flags.map(([key, label]) =>
      checkbox(`${id}-gear-${key}`, label, entry.weapon[key], { "data-part": key.replace("_", "-") }));
    const armour = select(lists.armours, entry.armour, { "data-part": "armour", id: `${id}-armour` });

    // A slot: its item, its condition, and which of the sheet's gear it holds (broken, not used).
    const slots = el("ol", { class: "srd-play__slots" }, ...entry.slots.map((slot, i) => {
      const key = `${id}-slot-${i + 1}`;
      const item = textInput(slot.item, { "aria-label": `Slot ${i + 1}: item`, "data-key": `${key}-item` });
      const condition = select(lists.conditions, slot.condition,
        { "aria-label": `Slot ${i + 1}: condition`, "data-part": "condition", "data-key": `${key}-condition` });
      const gear = select(lists.gear, slot.gear, { "aria-label": `Slot ${i + 1}: gear`, "data-part": "gear", "data-key": `${key}-gear` });
      for (const input of [item, condition, gear]) input.addEventListener("change", save);
      return el("li", { class: "srd-play__slot" }, item, condition, gear);
    }));
    const stowed = el("textarea", { "data-part": "stowed", id: `${id}-stowed`, rows: "3" });
    stowed.value = entry.stowed.join("\n");
    const outcome = select([["", "none yet"], ...lists.outcomes.map((o) => [o, o])], entry.health_outcome || "",
      { "data-part": "outcome", id: `${id}-outcome` });

    for (const input of [name, level, marked, weapon, armour, stowed, outcome, ...gearChecks.map((c) => c.input),
      ...attributes.map((f) => f.querySelector("input"))]) input.addEventListener("change", save);

    // On paper the fields do not print (print.css): the sheet's words do, in these lines.
    const paper = (...words) => el("p", { class: "srd-play__print" }, ...words);
    const gearWords = [words(lists.weapons, entry.weapon.family), ...[["heavy", "heavy"], ["ranged", "ranged"],
      ["crude", "simple or crude"], ["off_hand", "a light weapon in the off hand"]]
      .filter(([key]) => entry.weapon[key]).map(([, w]) => w)].join(", ");
    form.append(
      paper(el("strong", {}, entry.name), `, level ${entry.level}; Hit Defense marked ${entry.hit_defense_marked}`),
      el("div", { class: "srd-play__fields" }, field("Name", name), field("Level", level),
        field("Hit Defense marked", marked)),
      derived,
      el("fieldset", { class: "srd-play__attributes" }, el("legend", {}, "Attributes (1–6)"),
        paper(lists.attributes.map((a) => `${a} ${entry.attributes[a]}`).join(" · ")),
        el("div", { class: "srd-play__fields" }, ...attributes)),
      el("fieldset", {}, el("legend", {}, "Titles"),
        paper(entry.titles.map((t) => t.text + (t.boosted ? " (boosted)" : "")).join("; ") || "none yet"),
        el("div", { class: "srd-play__screen" }, titles, addTitleButton)),
      el("fieldset", {}, el("legend", {}, "Weapon and armour"),
        paper(`${gearWords}; ${words(lists.armours, entry.armour)}`),
        el("div", { class: "srd-play__fields srd-play__fields--wide" }, field("Weapon", weapon), field("Armour", armour)),
        el("div", { class: "srd-play__checks srd-play__screen" }, ...gearChecks.map((c) => c.label))),
      el("fieldset", {}, el("legend", {}, "Inventory"), inventory,
        paper(entry.slots.map((slot, i) => `${i + 1}. ${slot.item || "–"}${slot.condition ? ` (${slot.condition})` : ""}`
          + `${slot.gear ? ` [${words(lists.gear, slot.gear)}]` : ""}`).join(" · ")),
        el("div", { class: "srd-play__screen" }, slots, field("Stowed items (one a line)", stowed)),
        paper(`Stowed: ${entry.stowed.join(", ") || "nothing"}`), weight),
      el("div", { class: "srd-play__screen" }, field("Last Health save", outcome)),
    );

    // (The roll forms have nothing to print: on paper the sheet and the Health save owed.)
    const damage = el("section", { class: "srd-play__damage srd-play__screen", "aria-label": "Damage roll" });
    const saveRoll = el("section", { class: "srd-play__save srd-play__screen", "aria-label": "Save" });
    const hits = el("section", { class: "srd-play__hits srd-play__screen", "aria-label": "Take hits" });
    const health = el("section", { class: "srd-play__health", id: `${id}-health`, "aria-label": "Health save" });
    sheet.append(form, el("div", {}, damage, saveRoll, hits, health));
    answer("play_sheet", entry).then((reply) => {
      if (!reply.ok) return frame.say(reply.error.message, true);
      const s = reply.result.sheet;
      derived.textContent = `Tier ${s.tier}${s.tier_name ? ` (${s.tier_name})` : ""}, ${s.boosted_titles} boosted `
        + `${s.boosted_titles === 1 ? "title" : "titles"}; Hit Defense ${s.hit_defense} (${s.hit_defense_left} left); `
        + `Luck ${s.luck} (attributes sum to ${s.attribute_sum}); Armor ${s.armor}; Faith ${s.faith}.`;
      inventory.textContent = `${s.slots} slots (6 + Health), ${s.slots_used} used, ${s.conditions} `
        + `${s.conditions === 1 ? "condition" : "conditions"}; the armour and weapons take ${s.gear_slots_total}.`
        + (s.broken_gear.length ? ` Broken, not used: ${s.broken_gear.map((g) => words(lists.gear, g)).join(", ")}.` : "");
      weight.textContent = `${s.stowed} stowed: +${s.weight_penalty}p from weight.`;
      drawHealth(health, reply.result);
      // The dead roll no more: the roll forms give way to a line saying so.
      if (s.dead) {
        for (const box of [damage, saveRoll, hits]) box.remove();
        health.before(el("p", { class: "srd-play__dead" }, `${entry.name} is ${entry.health_outcome.toLowerCase()}: `
          + "the sheet rolls no more. Change the last Health save to play on."));
      }
    });
    drawDamage(damage, entry);
    drawSave(saveRoll, entry);
    drawHits(hits, entry);
  }

  // A form's answer line: the exact odds as the engine gives them, kept up to date.
  function liveOdds(form, box, ask, words, fractions) {
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
      if (!reply.ok) return box.replaceChildren(el("span", { class: "srd-play__error" }, reply.error.message));
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

  // --- the damage roll: the builder fed the sheet's weapon --------------------------------------------
  function drawDamage(box, entry) {
    const checks = lists.damage_switches.map(([key, label]) => [key, checkbox(`${id}-dmg-${key}`, label, false)]);
    for (const [, c] of checks) remembered(c.input);
    const armour = remembered(select(lists.armours, undefined, { id: `${id}-dmg-armour` }));
    const shield = remembered(select(lists.shields, undefined, { id: `${id}-dmg-shield` }));
    const conditions = remembered(numberInput("", { id: `${id}-dmg-conditions` }));
    const seed = numberInput("", { id: `${id}-dmg-seed` });
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
    liveOdds(form, odds, () => frame.call({ action: "play_damage_odds", character: frame.entry(), fields: fields() }),
      (r) => `Exact odds of ${r.written} (${r.odds.notation}): ${oddsLine(r.odds)}.`
        + (r.unusable.length ? ` Broken, not used: ${r.unusable.map((g) => words(lists.gear, g)).join(", ")}.` : ""),
      (r) => oddsFractions(r.odds));
    if (last && last.kind === "damage") rollLines(result, last.reply, `Damage: ${last.reply.written}`);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const reply = await frame.call({ action: "play_damage_roll", character: frame.entry(), fields: fields(),
        seed: seed.value });
      if (!reply.ok) return result.replaceChildren(el("p", { class: "srd-play__error" }, reply.error.message));
      last = { name: entry.name, kind: "damage", reply: reply.result };
      rollLines(result, reply.result, `Damage: ${reply.result.written}`);
      const n = reply.result.roll.hits;
      const said = `${entry.name} rolled damage: ${n} ${n === 1 ? "hit" : "hits"}.`;
      // A roll whose roller spends a Hit Defense marks it off the sheet.
      if (!reply.result.spent.hit_defense) frame.say(said);
      else {
        known(reply.result);
        frame.change(reply.result.character, `${said} ${reply.result.spent.hit_defense} Hit Defense spent.`);
      }
      showResult(frame.sheet, () => root.querySelector(`#${id}-dmg-result`));
    });
  }

  // --- a save against one of the attributes ----------------------------------------------------------
  function drawSave(box, entry) {
    // The five attributes with their values, then Armor, Luck and Faith (their values are under the name).
    const against = remembered(select(lists.saves.map((a) => [a, a in entry.attributes ? `${a} ${entry.attributes[a]}` : a]),
      undefined, { id: `${id}-save-attribute` }));
    const weapon = remembered(select(lists.weapons, undefined, { id: `${id}-save-weapon` }));
    const dice = remembered(numberInput("", { id: `${id}-save-dice` }));
    const conditions = remembered(numberInput("", { id: `${id}-save-conditions` }));
    const weight = checkbox(`${id}-save-weight`, "Weight counts (sneaking, swimming, balancing)", false);
    remembered(weight.input);
    const seed = numberInput("", { id: `${id}-save-seed` });
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
    liveOdds(form, odds, () => frame.call({ action: "play_save_odds", character: frame.entry(), fields: fields() }),
      (r) => `Exact odds of ${r.written} (${r.odds.notation}), hits ${entry.name} takes: ${oddsLine(r.odds)}.`,
      (r) => oddsFractions(r.odds));
    if (last && last.kind === "save") rollLines(result, last.reply, `Save against ${last.reply.what}: ${last.reply.written}`);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const reply = await frame.call({ action: "play_save_roll", character: frame.entry(), fields: fields(),
        seed: seed.value });
      if (!reply.ok) return result.replaceChildren(el("p", { class: "srd-play__error" }, reply.error.message));
      last = { name: entry.name, kind: "save", reply: reply.result };
      rollLines(result, reply.result, `Save against ${reply.result.what}: ${reply.result.written}`);
      const n = reply.result.hits;
      remembered.choose(`${id}-hits`, String(n));
      const take = root.querySelector(`#${id}-hits`);
      if (take) take.value = String(n);
      frame.say(`${entry.name} rolled the save: ${n} ${n === 1 ? "hit" : "hits"} to take.`);
      showResult(frame.sheet, () => root.querySelector(`#${id}-save-result`));
    });
  }

  // --- hits taken: Hit Defense, or a condition in a slot ----------------------------------------------
  function drawHits(box, entry) {
    const count = remembered(numberInput("", { id: `${id}-hits` }));
    const onHd = numberInput("", { id: `${id}-hits-hd` });
    const slotChecks = entry.slots.map((slot, i) => checkbox(`${id}-hits-slot-${i}`,
      `Slot ${i + 1}${slot.item ? ` (${slot.item})` : ""}${slot.condition ? `: ${slot.condition}` : ""}`, false));
    const result = el("p", { class: "srd-play__result", "aria-live": "polite" });
    const form = el("form", { class: "srd-play__rollform", "aria-label": "Take hits" },
      field("Hits to take", count), field("Hit Defense to mark", onHd, "blank: none"),
      el("fieldset", { class: "srd-play__checks" }, el("legend", {}, "A condition in each slot ticked"),
        ...slotChecks.map((c) => c.label)),
      el("button", { type: "submit", class: "md-button md-button--primary", id: `${id}-hits-take` }, "Take the hits"));
    box.append(el("h2", {}, "Take hits"), form, result);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const slots = slotChecks.map((c, i) => (c.input.checked ? i : -1)).filter((i) => i >= 0);
      const reply = await frame.call({ action: "play_take_hits", character: frame.entry(), hits: count.value,
        hit_defense: onHd.value, slots });
      if (!reply.ok) return result.replaceChildren(el("span", { class: "srd-play__error" }, reply.error.message));
      const taken = reply.result.taken;
      remembered.choose(count.id, "");
      const words = [taken.hit_defense ? `${taken.hit_defense} on Hit Defense` : "",
        taken.conditions.length ? `conditions: ${taken.conditions.join(", ")}` : ""].filter(Boolean).join("; ");
      const owed = reply.result.sheet.health_save;
      known(reply.result);
      if (owed) await answer("play_health_odds", reply.result.character); // the outcomes' table, drawn at once
      frame.change(reply.result.character, `${entry.name} took the hits (${words || "none"}).`
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
    answer("play_health_odds", character).then((reply) => {
      if (!reply.ok) return frame.say(reply.error.message, true);
      const hits = (o) => (o.to === null ? `${o.hits}+` : String(o.hits));
      table.tBodies[0].replaceChildren(...reply.result.health_outcomes.map((o) => el("tr", {},
        el("th", { scope: "row" }, hits(o)), el("td", {}, o.name), el("td", {}, o.percent))));
      exact.replaceChildren(exactFractions(reply.result.health_outcomes.map((o) => [`${hits(o)} (${o.name})`, o.ratio])));
    });
    const seed = numberInput("", { id: `${id}-health-seed` });
    const error = el("p", { class: "srd-play__result", "aria-live": "polite" });
    const form = el("form", { class: "srd-play__rollform", "aria-label": "Health save" },
      field("Seed", seed, "blank: a new roll"),
      el("button", { type: "submit", class: "md-button md-button--primary", id: `${id}-health-roll` }, "Roll the Health save"));
    box.append(form, error);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const reply = await frame.call({ action: "play_health_roll", character: frame.entry(), seed: seed.value });
      if (!reply.ok) return error.replaceChildren(el("span", { class: "srd-play__error" }, reply.error.message));
      last = { name: character.name, kind: "health", reply: reply.result };
      known(reply.result);
      const { roll, outcome, injured } = reply.result;
      const standing = reply.result.character.health_outcome;
      frame.change(reply.result.character, `Health save: ${roll.hits} ${roll.hits === 1 ? "hit" : "hits"}, ${outcome}.`
        + (injured.length ? ` The mood in ${injured.length === 1 ? "slot" : "slots"} `
          + `${injured.map((i) => i + 1).join(", ")} was an injury.` : "")
        + (standing !== outcome ? ` Still ${standing}.` : ""));
      showResult(frame.sheet, () => root.querySelector(`#${id}-health-result`) || root.querySelector(`#${id}-health`));
    });
  }
}

export const WIDGETS = { sheet: attachSheet };
