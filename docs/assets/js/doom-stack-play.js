// Doom Stack at the table: a character sheet kept on this device (play-kit.js), rolled from,
// hit, bled and healed. Every number on it comes from the engine (rules_engine/doom_stack/play.py):
// the hit boxes, the track's state (stable too), the roll, the stack taken and the attention
// pool it leaves, other actions drawn from that pool, the defences it can make, the attack's
// damage, the hourly bleeding-out die, what can heal. This module only draws the sheet and
// sends what was edited or chosen.

import { exactFractions, field, keepRoom, numberInput, playFrame, select, textInput } from "./play-kit.js";
import { el } from "./widget-kit.js";
import { rememberChoices, showResult } from "./play-focus.js";

const SYSTEM = "doom-stack";

// The ratings as edited: {name: number} in the order shown (a row with an empty name is dropped).
function ratingsOf(rows) {
  const ratings = {};
  for (const row of rows.querySelectorAll(".srd-play__rating")) {
    const name = row.querySelector("input[data-part=name]").value.trim();
    const value = row.querySelector("input[data-part=value]").value.trim();
    if (name) ratings[name] = /^-?\d+$/.test(value) ? Number(value) : value;
  }
  return ratings;
}

function ratingRows(kind, ratings, onChange, fixed = []) {
  const list = el("div", { class: "srd-play__ratings", role: "group", "aria-label": kind });
  let rows = 0;
  const addRow = (name, value) => {
    // (Keys by row: the field typed in is found again when the sheet is drawn anew, play-focus.js.)
    const key = `${kind}-${rows++}`;
    const nameInput = textInput(name, { "data-part": "name", "data-key": `${key}-name`, "aria-label": `${kind}: name` });
    const valueInput = numberInput(value, { "data-part": "value", "data-key": `${key}-value`, "aria-label": `${name || kind}: rating` });
    nameInput.addEventListener("input", () => valueInput.setAttribute("aria-label", `${nameInput.value || kind}: rating`));
    const row = el("div", { class: "srd-play__rating" }, nameInput, valueInput);
    if (fixed.includes(name)) nameInput.readOnly = true;
    else {
      const remove = el("button", { type: "button", class: "md-button srd-play__remove", "data-key": `${key}-remove`,
        "aria-label": `Remove ${name || "this row"}` }, "×");
      remove.addEventListener("click", () => {
        row.remove();
        onChange();
      });
      row.append(remove);
    }
    for (const input of [nameInput, valueInput]) input.addEventListener("change", onChange);
    list.append(row);
    return nameInput;
  };
  for (const [name, value] of Object.entries(ratings)) addRow(name, value);
  const add = el("button", { type: "button", class: "md-button srd-play__add", "data-key": `${kind}-add` },
    `Add ${kind === "Skills" ? "a skill" : "an attribute"}`);
  add.addEventListener("click", () => addRow("", 0).focus());
  return { list, add };
}

function drawTrack(track) {
  const boxes = el("ol", { class: "srd-play__boxes", "aria-label": `Hit boxes: ${track.physical} physical, ${track.stun} stun, ${track.empty} empty` });
  for (const mark of track.marks) boxes.append(el("li", { class: `srd-play__box srd-play__box--${mark === "X" ? "physical" : "stun"}` }, mark));
  for (let i = 0; i < track.empty; i++) boxes.append(el("li", { class: "srd-play__box" }, ""));
  return boxes;
}

function attachSheet(root) {
  let lastRoll = null; // the last roll's reply, shown until the next change of character
  let lastNote = null; // {where, lines}: the last attack's, other action's or bleeding-out lines, shown where the tap was
  const remembered = rememberChoices(); // the roll forms' choices, kept after a roll
  let lastTrack = []; // the hit boxes as last drawn: shown (inert) until the engine's answer after a change

  const frame = playFrame(root, {
    system: SYSTEM, noun: "character", nouns: "characters",
    draw,
  });
  // Undo, Redo, a file or a link: the entry is drawn anew, without the results kept beside it.
  root.addEventListener("srd-play-reset", () => {
    lastRoll = null;
    lastNote = null;
  });

  async function edited(form) {
    const entry = frame.entry();
    const character = {
      ...entry,
      name: form.querySelector("[data-part=character-name]").value,
      attributes: ratingsOf(form.querySelector(".srd-play__attributes")),
      skills: ratingsOf(form.querySelector(".srd-play__skills")),
    };
    const reply = await frame.call({ action: "play_sheet", character });
    if (!reply.ok) return frame.say(`Not saved: ${reply.error.message}`, true);
    frame.change(reply.result.character, `Saved ${reply.result.character.name}.`);
  }

  function draw(entry, { sheet }) {
    const id = root.id;
    const form = el("form", { class: "srd-play__form", "aria-label": `${entry.name}'s sheet` });
    form.addEventListener("submit", (event) => event.preventDefault());
    const nameInput = textInput(entry.name, { "data-part": "character-name", id: `${id}-name` });
    nameInput.addEventListener("change", () => edited(form));
    const attributes = ratingRows("Attributes", entry.attributes, () => edited(form), ["Strength", "Willpower"]);
    const skills = ratingRows("Skills", entry.skills, () => edited(form));
    form.append(
      field("Name", nameInput),
      el("fieldset", { class: "srd-play__attributes" }, el("legend", {}, "Attributes"), attributes.list, attributes.add),
      el("fieldset", { class: "srd-play__skills" }, el("legend", {}, "Skills"), skills.list, skills.add),
    );

    // (Until the engine answers, the hit boxes drawn last keep their room: no layout jump.)
    const track = el("section", { class: "srd-play__track", "aria-label": "Hit boxes" },
      ...lastTrack.map((node) => node.cloneNode(true)));
    if (lastTrack.length) {
      track.inert = true;
      track.setAttribute("aria-busy", "true");
    }
    const roll = el("section", { class: "srd-play__roll", "aria-label": "Roll from the sheet" });
    const other = el("section", { class: "srd-play__other srd-play__screen", "aria-label": "Another action" });
    const attack = el("section", { class: "srd-play__attack", "aria-label": "An attack on this character" });
    sheet.append(form, track, roll, other, attack);

    const picked = drawRoll(roll, entry);
    drawOther(other, entry);
    const defence = drawAttack(attack);
    frame.call({ action: "play_sheet", character: entry }).then((reply) => {
      track.inert = false;
      track.removeAttribute("aria-busy");
      track.replaceChildren();
      if (!reply.ok) return frame.say(reply.error.message, true);
      drawTrackSection(track, reply.result);
      lastTrack = [...track.children];
      drawPick(picked, reply.result);
      for (const { value, dice } of reply.result.sheet.defences) {
        defence.append(el("option", { value: String(value) }, `${value} (${dice.join(" + ")})`));
      }
      defence.disabled = !reply.result.sheet.acts;
    });
  }

  function drawTrackSection(box, { character, sheet }) {
    const t = sheet.track;
    const a = character.attributes;
    box.append(
      el("h2", {}, "Hit boxes"),
      el("p", { class: "srd-play__boxes-count" }, `${sheet.boxes} hit boxes (4 + Strength ${a.Strength} + Willpower ${a.Willpower})`),
      drawTrack(t),
      el("p", { class: "srd-play__state" }, "Overflow ", el("strong", {}, String(t.overflow)), " · ",
        el("strong", { class: `srd-play__state-word srd-play__state-word--${t.dead ? "dead" : t.stable ? "stable" : t.dying ? "dying" : t.knocked_out ? "out" : "fine"}` }, t.state)),
    );
    if (sheet.movement !== null) box.append(el("p", {}, `Moves ${sheet.movement} m per action spent moving.`));
    const actions = el("div", { class: "srd-play__actions" });
    if (sheet.bleeding) {
      const bleed = el("button", { type: "button", class: "md-button md-button--primary", id: `${root.id}-bleed` },
        "Roll this hour's bleeding out");
      bleed.addEventListener("click", async () => {
        const reply = await frame.call({ action: "play_bleed", character: character });
        if (!reply.ok) return frame.say(reply.error.message, true);
        lastNote = { where: "track", lines: [reply.result.line] };
        frame.change(reply.result.character, reply.result.line);
        showResult(frame.sheet, () => root.querySelector(`#${root.id}-bleed-note`));
      });
      actions.append(bleed);
    }
    if (sheet.heal.stun) actions.append(healButton(character, "stun", "Heal a stun box (an hour)"));
    if (sheet.heal.physical) {
      actions.append(healButton(character, "physical", "Heal a physical box (a day with medicine, a month without)"));
    }
    if (sheet.heal.all) actions.append(healButton(character, "all", "Clear all damage"));
    box.append(actions);
    if (lastNote && lastNote.where === "track") {
      box.append(el("div", { class: "srd-play__note", id: `${root.id}-bleed-note` }, ...lastNote.lines.map((line) => el("p", {}, line))));
    }
  }

  function healButton(character, kind, words) {
    const button = el("button", { type: "button", class: "md-button", id: `${root.id}-heal-${kind}` }, words);
    button.addEventListener("click", async () => {
      const reply = await frame.call({ action: "play_heal", character, kind });
      if (!reply.ok) return frame.say(reply.error.message, true);
      lastNote = null;
      const words = { stun: "A stun box healed.", physical: "A physical box healed.", all: "All damage cleared." };
      frame.change(reply.result.character, words[kind]);
    });
    return button;
  }

  function drawRoll(box, entry) {
    const id = root.id;
    const attribute = remembered(el("select", { id: `${id}-attribute` },
      ...Object.entries(entry.attributes).map(([name, value]) => el("option", { value: name }, `${name} ${value}`))));
    const skill = remembered(el("select", { id: `${id}-skill` }, el("option", { value: "" }, "no skill"),
      ...Object.entries(entry.skills).map(([name, value]) => el("option", { value: name }, `${name} ${value}`))));
    const modifiers = remembered(textInput("", { id: `${id}-modifiers` }));
    const tn = remembered(numberInput("", { id: `${id}-tn` }));
    const seed = numberInput("", { id: `${id}-seed` });
    const button = el("button", { type: "submit", class: "md-button md-button--primary", id: `${id}-roll` }, "Roll");
    // (Room for a roll's lines: 12 rem in a wide column, 13.1 at 360 px, measured in Chromium.)
    const result = keepRoom(el("div", { class: "srd-play__result", id: `${id}-result`, "aria-live": "polite" }), 13, 14);
    const form = el("form", { class: "srd-play__rollform", "aria-label": "Roll from the sheet" },
      field("Attribute", attribute), field("Skill", skill),
      field("Modifiers", modifiers, "e.g. +2 −1: capped at half of attribute + skill"),
      field("TN", tn, "blank: no TN"), field("Seed", seed, "blank: a new roll"), button);
    // The stack taken: always drawn (filled from the engine's sheet), so a roll moves nothing under its result.
    const choices = select([["", "Nothing rolled yet"]], "", { id: `${id}-stack`, disabled: "" });
    const picked = el("div", { class: "srd-play__picked srd-play__screen" },
      field("Stack taken", choices, "Roll first: the stack it takes shows here."));
    // The exact odds of the roll the form would make, before it is rolled (room kept: 3 lines wide, 5 at 360 px).
    const odds = keepRoom(el("div", { class: "srd-play__odds", "aria-live": "polite" }), 4.5, 7);
    box.append(el("h2", {}, "Roll"), form, odds, result, picked,
      el("h3", {}, "Attention pool"),
      el("p", { class: "srd-play__attention" }, entry.attention.length
        ? `${entry.attention.join(" ")}: left by the last roll, for defence, other actions and noticing`
        : "Empty: roll to fill it."));
    if (lastRoll) drawRollResult(result, lastRoll);
    let asked = 0;
    async function showOdds() {
      const mine = ++asked;
      const reply = await frame.call({ action: "play_odds", character: frame.entry(), attribute: attribute.value,
        skill: skill.value, modifiers: modifiers.value, tn: tn.value });
      if (mine !== asked) return;
      if (!reply.ok) return odds.replaceChildren(el("p", { class: "srd-play__error" }, reply.error.message));
      drawOdds(odds, reply.result);
    }
    form.addEventListener("input", showOdds);
    form.addEventListener("change", showOdds);
    showOdds();
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const reply = await frame.call({ action: "play_roll", character: frame.entry(), attribute: attribute.value,
        skill: skill.value, modifiers: modifiers.value, tn: tn.value, seed: seed.value });
      if (!reply.ok) {
        result.replaceChildren(el("p", { class: "srd-play__error" }, reply.error.message));
        return;
      }
      lastRoll = reply.result;
      const r = reply.result.roll;
      frame.change(reply.result.character,
        `Rolled ${reply.result.what}: best stack ${r.best_stack.value}; attention pool ${r.attention_pool.join(" ") || "empty"}.`);
      showResult(frame.sheet, () => root.querySelector(`#${id}-result`));
    });
    return picked;
  }

  // The stack last taken (from the roll or for another action) and the others its dice allow:
  // it can be changed until anything else happens to the character.
  function drawPick(box, { character, sheet }) {
    const pick = sheet.pick;
    if (!pick) return;
    const choices = box.querySelector("select");
    const hint = box.querySelector(".srd-field__hint");
    choices.replaceChildren(...pick.stacks.map((stack, i) => el("option", { value: String(i) }, stack.line)));
    if (pick.chosen === null) choices.prepend(el("option", { value: "" }, pick.line));
    choices.value = pick.chosen === null ? "" : String(pick.chosen);
    choices.disabled = !(pick.open && sheet.acts);
    const from = pick.kind === "roll" ? "From the roll" : "For another action";
    hint.textContent = `${from}: ${choices.disabled ? "it stands, something has happened since" : "change it until anything else happens"}.`;
    choices.addEventListener("change", async () => {
      const reply = await frame.call({ action: "play_choose", character, stack: choices.value });
      if (!reply.ok) return frame.say(reply.error.message, true);
      const taken = reply.result.sheet.pick;
      frame.change(reply.result.character,
        `Stack taken: ${taken.value}; attention pool ${reply.result.character.attention.join(" ") || "empty"}.`);
    });
  }

  // Multitasking: another action's pool, its stack taken from the attention pool.
  function drawOther(box, entry) {
    const id = root.id;
    const attribute = remembered(el("select", { id: `${id}-other-attribute` },
      ...Object.entries(entry.attributes).map(([name, value]) => el("option", { value: name }, `${name} ${value}`))));
    const skill = remembered(el("select", { id: `${id}-other-skill` }, el("option", { value: "" }, "no skill"),
      ...Object.entries(entry.skills).map(([name, value]) => el("option", { value: name }, `${name} ${value}`))));
    const modifiers = remembered(textInput("", { id: `${id}-other-modifiers` }));
    const tn = remembered(numberInput("", { id: `${id}-other-tn` }));
    const seed = numberInput("", { id: `${id}-other-seed` });
    const button = el("button", { type: "submit", class: "md-button", id: `${id}-other-go` }, "Take it from the attention pool");
    const result = noteBox("other", `${id}-other-result`);
    const form = el("form", { class: "srd-play__rollform", "aria-label": "Another action" },
      field("Other attribute", attribute), field("Other skill", skill), field("Other modifiers", modifiers),
      field("Other TN", tn, "blank: no TN"), field("Other seed", seed, "blank: new dice, if any are rolled"), button);
    box.append(el("h2", {}, "Another action"),
      el("p", {}, entry.pick ? `Measured against the ${entry.pick.pool} dice rolled for the first action.`
        : "Roll for the first action, then take other actions from its attention pool."), form, result);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const reply = await frame.call({ action: "play_multitask", character: frame.entry(), attribute: attribute.value,
        skill: skill.value, modifiers: modifiers.value, tn: tn.value, seed: seed.value });
      if (!reply.ok) {
        result.replaceChildren(el("p", { class: "srd-play__error" }, reply.error.message));
        return;
      }
      lastNote = { where: "other", lines: [reply.result.multitask.line] };
      const taken = reply.result.sheet.pick;
      frame.change(reply.result.character, `Another action (${reply.result.what}): stack ${taken.value}; `
        + `attention pool ${reply.result.character.attention.join(" ") || "empty"}.`);
      showResult(frame.sheet, () => root.querySelector(`#${id}-other-result`));
    });
  }

  // Before a roll: the pool and its chances, percentages first, the exact fractions on demand.
  function drawOdds(box, reply) {
    const o = reply.odds;
    const words = o ? `success ${o.success.percent}, glitch ${o.glitch.percent} (a success too), failure ${o.failure.percent}`
      : `no TN: the best stack averages ${reply.mean}`;
    box.replaceChildren(
      el("p", { class: "srd-play__chance" }, `Odds of ${reply.what} (${reply.pool_line}): ${words}.`),
      exactFractions(o ? [["Success", o.success.exact], ["Glitch", o.glitch.exact], ["Failure", o.failure.exact]] : []));
  }

  // A section's result box: the last note, if it came from this section (`where`), is shown in it.
  function noteBox(where, id) {
    const box = el("div", { class: "srd-play__result", id, "aria-live": "polite" });
    if (lastNote && lastNote.where === where) {
      box.append(el("div", { class: "srd-play__note" }, ...lastNote.lines.map((line) => el("p", {}, line))));
    }
    return box;
  }

  function drawRollResult(box, reply) {
    const r = reply.roll;
    const fields = new URLSearchParams({ ...reply.fields, seed: String(r.seed) });
    const chapter = new URL(`../?${fields}#ds-roller`, location.href);
    // (The roll's own lines up to its dice: the stack taken is drawn below, as chosen.)
    const lines = r.lines.filter((line) => /^(Doom Stack |Pool: |Rolled: )/.test(line));
    box.replaceChildren(
      el("p", { class: "srd-play__what" }, `${reply.what}: ${reply.pool_line}`),
      ...lines.map((line) => el("p", { class: "srd-play__line" }, line)),
      el("p", {}, el("a", { href: chapter.href }, "Open this roll in the chapter's roller (its exact odds and every stack)")));
  }

  function drawAttack(box) {
    const id = root.id;
    const inputs = {
      attack: numberInput("", { id: `${id}-attack` }),
      defence: el("select", { id: `${id}-defence` }, el("option", { value: "" }, "none (0)")),
      body: remembered(numberInput("", { id: `${id}-body` })),
      hard: remembered(numberInput("", { id: `${id}-hard` })),
    };
    const cover = remembered(el("input", { type: "checkbox", id: `${id}-cover` }));
    const antitank = remembered(el("input", { type: "checkbox", id: `${id}-antitank` }));
    const button = el("button", { type: "submit", class: "md-button md-button--primary", id: `${id}-hit` }, "Apply the hit");
    const result = noteBox("attack", `${id}-hit-result`);
    const form = el("form", { class: "srd-play__attackform", "aria-label": "An attack on this character" },
      field("Attacker's stack", inputs.attack),
      field("Defender's stack", inputs.defence, "from the attention pool: its dice leave it (in cover, one pip)"),
      field("Body armour", inputs.body), field("Hard armour", inputs.hard),
      el("div", { class: "srd-play__checks" },
        el("label", { for: cover.id }, cover, " In cover"), el("label", { for: antitank.id }, antitank, " Antitank attack")),
      button);
    box.append(el("h2", {}, "Take a hit"), form, result);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const fields = Object.fromEntries(Object.entries(inputs).map(([name, input]) => [name, input.value]));
      fields.cover = cover.checked ? "on" : "";
      fields.antitank = antitank.checked ? "on" : "";
      const reply = await frame.call({ action: "play_attack", character: frame.entry(), fields });
      if (!reply.ok) {
        result.replaceChildren(el("p", { class: "srd-play__error" }, reply.error.message));
        return;
      }
      const report = reply.result.attack;
      lastNote = { where: "attack", lines: reply.result.lines };
      frame.change(reply.result.character,
        `Hit: ${report.physical} physical, ${report.stun} stun; now ${reply.result.sheet.track.state}.`);
      showResult(frame.sheet, () => root.querySelector(`#${id}-hit-result`));
    });
    return inputs.defence;
  }
}

export const WIDGETS = { sheet: attachSheet };
