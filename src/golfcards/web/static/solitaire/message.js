// The line under the Solitaire board and the screen readers' live region.
import { $, setText } from "../common/dom.js";
import { afterPaint } from "../common/frames.js";
import { t } from "../common/words.js";

let announcing = 0;

/** Show `text` under the board; screen readers hear `spoken` (the same text unless given). */
export function say(text, kind = "info", spoken = text) {
  const message = $("message");
  message.textContent = text || "";
  message.dataset.kind = kind;
  announce(spoken);
}

/** Say `text` in the live region: emptied now, filled after the next frame (so a repeated text is heard again). */
export function announce(text) {
  const region = $("announce");
  const mine = ++announcing;
  setText(region, "");
  if (text) afterPaint(() => { if (mine === announcing) region.textContent = text; });
}

/** Show the error of an API answer (or the network's). */
export function showError(data) {
  say(data && data.error ? data.error.message : t("error_network"), "error");
}
