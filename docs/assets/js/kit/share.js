// @ts-check
// Share a roll with the group: a button under a roll that sends the engine's chat text (the
// notation, the dice, the result in the system's words, the exact chance of this result or
// better: rules_engine/core/share.py) followed by the roll's permalink.
//
// Where the browser can share (navigator.share, most phones) it opens the system's share
// sheet; elsewhere it copies the text to the clipboard, ready to paste into a chat (Discord
// renders its Markdown); when the clipboard refuses, the text appears in a box, selected,
// to copy by hand. The status line under the button says which happened.

/**
 * The message sent: the engine's text, then the permalink (absolute, so it opens anywhere),
 * `href` read against `base` (the page's address). Pure: tests/js/share.test.mjs.
 * @param {string} text
 * @param {string} href
 * @param {string} [base]
 * @returns {string}
 */
export function shareMessage(text, href, base = document.baseURI) {
  return `${text}\n${new URL(href, base).href}`;
}

/**
 * The browser's share sheet, when it has one that takes this text.
 * @param {ShareData} data
 * @returns {boolean}
 */
function canShareNatively(data) {
  if (typeof navigator.share !== "function") return false;
  try {
    return typeof navigator.canShare !== "function" || navigator.canShare(data);
  } catch {
    return false;
  }
}

/**
 * @param {string} message
 * @returns {Promise<boolean>} whether the clipboard took it
 */
async function copied(message) {
  if (!navigator.clipboard || typeof navigator.clipboard.writeText !== "function") return false;
  try {
    await navigator.clipboard.writeText(message);
    return true;
  } catch {
    return false;
  }
}

/**
 * `<span class="srd-share">` with the Share button, its status line and (when needed) the
 * box to copy from. `text`: the engine's share text; `href`: the roll's permalink.
 * @param {string} text
 * @param {string} href
 * @param {string} [what]
 * @returns {HTMLElement}
 */
export function shareButton(text, href, what = "roll") {
  const wrap = document.createElement("span");
  wrap.className = "srd-share";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "md-button srd-share__button";
  button.textContent = `Share this ${what}`;
  const status = document.createElement("span");
  status.className = "srd-share__status";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  wrap.append(button, status);

  button.addEventListener("click", async () => {
    const message = shareMessage(text, href);
    wrap.querySelector(".srd-share__box")?.remove();
    status.textContent = "";
    const data = { title: document.title, text: message };
    if (canShareNatively(data)) {
      try {
        await navigator.share(data);
        status.textContent = "Shared.";
        return;
      } catch (error) {
        if (error && /** @type {{name?: string}} */ (error).name === "AbortError") return; // the reader closed the sheet
      }
    }
    if (await copied(message)) {
      status.textContent = "Copied: paste it into your group's chat.";
      return;
    }
    const box = document.createElement("textarea");
    box.className = "srd-share__box";
    box.readOnly = true;
    box.rows = message.split("\n").length;
    box.value = message;
    box.setAttribute("aria-label", `This ${what}, to copy into a chat`);
    wrap.append(box);
    box.focus();
    box.select();
    status.textContent = "The clipboard is not available here: copy the selected text (Ctrl+C or ⌘C).";
  });
  return wrap;
}
