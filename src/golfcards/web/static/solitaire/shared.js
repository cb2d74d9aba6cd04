// A shared game opened from its link (`/solitaire?code=…&moves=…`): this server replays it
// (GET /api/solitaire/check) and a window says whether it replays and its result. Nothing in that
// answer names a card; the moves one by one (which show the stock's cards in order) are asked for
// only after the window has said so and the player chose to see them. Loaded when such a link is
// opened (deals.js); its words come from /api/i18n?part=shared.
import { api } from "../common/api.js";
import { closeDialog, openDialog } from "../common/dialogs.js";
import { $, el } from "../common/dom.js";
import { format, language, t } from "../common/words.js";
import { newGame } from "./actions.js";
import { showError } from "./board-view.js";
import { leaveThen } from "./deals.js";
import { focusBoardAtLoad } from "./focus.js";
import { playSteps } from "./replay.js";

let words = {};
let shown = null; // {code, moves} of the game in the window

/** A word of this part (its key when the words could not be had), placeholders filled. */
const w = (key, params) => format(key in words ? words[key] : key, params);

async function loadWords() {
  try {
    const answer = await fetch(`/api/i18n?part=shared&lang=${encodeURIComponent(language)}`);
    if (answer.ok) words = (await answer.json()).strings;
  } catch {
    // no network: the check cannot be made either, and says so in the page's own words
  }
}

function build() {
  const dialog = el("dialog", { id: "check-dialog", class: "sheet end", "aria-labelledby": "check-title", "aria-describedby": "check-message" },
    el("form", { method: "dialog", class: "sheet-form" },
      el("div", { class: "sheet-body" },
        el("h2", { id: "check-title" }),
        el("p", { id: "check-deal", class: "note" }),
        el("p", { id: "check-message", class: "end-message", role: "status" }),
        el("p", { id: "check-warning", class: "note", hidden: true })),
      el("div", { class: "actions sheet-footer" },
        el("button", { type: "button", class: "tool", id: "check-watch", hidden: true }),
        el("button", { type: "button", class: "tool", id: "check-show", hidden: true }),
        el("button", { type: "button", class: "tool primary", id: "check-play", hidden: true }),
        el("button", { type: "submit", class: "tool", id: "check-close", text: t("close") }))));
  document.body.append(dialog);
  $("check-watch").addEventListener("click", warn);
  $("check-show").addEventListener("click", watch);
  $("check-play").addEventListener("click", play);
  return dialog;
}

/** Replay the game `moves` of `code` on this server and say what it gives, in the shared game's window. */
export async function openCheck(code, moves) {
  await loadWords();
  const dialog = $("check-dialog") || build();
  shown = { code, moves };
  dialog.classList.remove("won"); // the result in the success colour once it replays, in red when it does not
  $("check-title").textContent = w("shared_title");
  $("check-deal").textContent = code;
  $("check-message").textContent = w("shared_checking");
  $("check-message").dataset.result = "";
  for (const id of ["check-warning", "check-watch", "check-show", "check-play"]) $(id).hidden = true;
  $("check-watch").textContent = w("shared_watch");
  $("check-show").textContent = w("shared_show");
  $("check-play").textContent = w("shared_play");
  $("check-close").textContent = t("close");
  openDialog(dialog, $("check-close"));
  const { ok, data } = await api("GET", `/api/solitaire/check?${new URLSearchParams({ code, moves })}`);
  if (shown.code !== code || shown.moves !== moves) return;
  if (!ok) {
    $("check-message").textContent = data.error && data.error.key !== "network" ? data.error.message : w("shared_network");
    $("check-message").dataset.result = "bad";
    $("check-play").hidden = !data.error || data.error.key.startsWith("code.") || data.error.key === "shared.course";
    return;
  }
  $("check-deal").textContent = `${data.check.code} · ${data.check.rule}`;
  $("check-message").textContent = data.check.message;
  $("check-message").dataset.result = data.check.status;
  dialog.classList.add("won");
  $("check-watch").hidden = false;
  $("check-play").hidden = false;
}

/** Say what the moves one by one show before showing them. */
function warn() {
  $("check-warning").textContent = w("shared_warning");
  $("check-warning").hidden = false;
  $("check-watch").hidden = true;
  $("check-show").hidden = false;
  $("check-show").focus();
}

/** The moves one by one, on the board (the player's own game comes back when the replay stops). */
async function watch() {
  const { code, moves } = shown;
  const { ok, data } = await api("GET", `/api/solitaire/check?${new URLSearchParams({ code, moves, steps: "1" })}`);
  if (!ok) {
    $("check-message").textContent = data.error && data.error.key !== "network" ? data.error.message : w("shared_network");
    return;
  }
  closeDialog($("check-dialog"));
  playSteps(data.steps, (number, count) => w("shared_step", { number, count }));
}

/** Deal the shared game's code (after the leave window when a game is under way). */
function play() {
  const { code } = shown;
  closeDialog($("check-dialog"));
  leaveThen(async () => {
    const error = await newGame({ code });
    if (error) return showError(error);
    focusBoardAtLoad();
  });
}
