// How a new game starts: the leave window (built when first needed) that says a game under way counts
// as lost, the one-tap new deal with the last game's rules, the New game window (Change rules…), and
// a shared link's code. Loaded when first used (later.js).
import { closeDialog, openDialog } from "../common/dialogs.js";
import { $, el } from "../common/dom.js";
import { t } from "../common/words.js";
import { newGame } from "./actions.js";
import { say, showError } from "./board-view.js";
import { focusBoardAtLoad, placeSpot } from "./focus.js";
import { withShared } from "./later.js";
import { board } from "./state.js";

let leaving = null; // what to do once the player agrees to leave the game under way, and if they keep playing

/** The player's own game (the one a replay stands in for while it is shown). */
const ownGame = () => (board.replay ? board.replay.saved : board.game);

/** A game is under way: at least one move made and not ended (leaving it counts it as lost). */
export function underWay() {
  const game = ownGame();
  return Boolean(game && game.status === "playing" && game.moves > 0);
}

/** The leave window: made once, in the page's language; Keep playing (its form's submit, the default) only closes it. */
function leaveWindow() {
  let dialog = $("leave-dialog");
  if (dialog) return dialog;
  dialog = el("dialog", { id: "leave-dialog", class: "sheet", "aria-labelledby": "leave-title", "aria-describedby": "leave-text" },
    el("form", { method: "dialog", class: "sheet-form" },
      el("div", { class: "sheet-body" }, el("h2", { id: "leave-title", text: t("leave_title") }),
        el("p", { id: "leave-text", text: t("leave_text") })),
      el("div", { class: "actions sheet-footer" },
        el("button", { type: "button", class: "tool", id: "leave-confirm", text: t("deal_anyway") }),
        el("button", { type: "submit", class: "tool primary", id: "leave-cancel", text: t("keep_playing") }))));
  document.body.append(dialog);
  $("leave-confirm").addEventListener("click", () => {
    const choice = leaving;
    leaving = null;
    closeDialog(dialog);
    if (choice) choice.then();
  });
  dialog.addEventListener("close", () => {
    const choice = leaving;
    leaving = null;
    if (choice && choice.keep) choice.keep();
  });
  return dialog;
}

/**
 * Run `then` once leaving the game on the board costs nothing, or once the player agreed to leave it:
 * with a game under way, the leave window says first that it counts as lost (nothing is recorded until
 * they choose Deal anyway); Keep playing (or Esc) changes nothing and runs `keep`.
 */
export function leaveThen(then, keep = null) {
  if (!underWay()) return then();
  const dialog = leaveWindow();
  $("leave-title").textContent = t("leave_title");
  $("leave-text").textContent = t("leave_text");
  $("leave-confirm").textContent = t("deal_anyway");
  $("leave-cancel").textContent = t("keep_playing");
  leaving = { then, keep };
  openDialog(dialog, $("leave-cancel"));
}

/** Open the new game window (to change the rules), its choices those of the game on the board. */
export function openNewGame() {
  showNewError("");
  const form = $("new-form");
  const game = ownGame();
  if (game) {
    form.elements.rule.value = game.rules.name;
    form.elements.jokers.value = String(game.rules.jokers);
    form.elements.empty_discard.checked = game.rules.empty_discard;
    form.elements.course.checked = Boolean(game.course) && !game.course.finished;
  }
  form.elements.code.value = "";
  closeDialog($("end-dialog"));
  closeDialog($("course-dialog"));
  openDialog($("new-dialog"));
}

/** The new game window's error line (empty: none); it stays in view above the window's buttons. */
function showNewError(text) {
  const line = $("new-error");
  line.textContent = text;
  line.hidden = !text;
}

// The difficulty of a new random deal: "any", or a grade the server draws uniformly within
// (a graded deal is always winnable).
function newGameGrade(form) {
  const grade = form.elements.grade;
  return grade ? grade.value : "any";
}

/** The new game window's form sent: the game it asks for (after the leave window when a game is under way), or its error in the window. */
export function submitNewGame() {
  const form = $("new-form");
  const code = form.elements.code.value.trim();
  const body = code ? { code } : {
    winnable: form.elements.winnable.checked,
    rule: form.elements.rule.value,
    jokers: Number(form.elements.jokers.value),
    empty_discard: form.elements.empty_discard.checked,
    course: form.elements.course.checked,
    grade: newGameGrade(form),
  };
  leaveThen(async () => {
    const error = await newGame(body);
    if (error) {
      showNewError(error.error ? error.error.message : t("error_network"));
      return;
    }
    closeDialog($("new-dialog"));
    placeSpot(true);
  });
}

/** The last game's choices: its rule, jokers and empty discard (winnable and grade as the New game window has them). */
function lastChoices() {
  const game = ownGame();
  const form = $("new-form");
  const grade = newGameGrade(form);
  const rules = game ? game.rules : { name: "easy", jokers: 0, empty_discard: false };
  return { rule: rules.name, jokers: rules.jokers, empty_discard: rules.empty_discard,
    winnable: form.elements.winnable.checked, grade };
}

/** Deal at once with the last choices (after the leave window when a game is under way). */
export function newDeal() {
  leaveThen(async () => {
    closeDialog($("end-dialog"));
    closeDialog($("course-dialog"));
    const error = await newGame(lastChoices());
    if (error) return showError(error);
    placeSpot(true);
  });
}

/**
 * The address's `?code=` (a shared link): with `&moves=`, a shared game to check (shared.js); else deal that code (after the leave window when a game is
 * under way), and take it out of the address, so a reload keeps the game. A code that is not one
 * says why under the board, and the deal on the board stays.
 */
export async function dealFromLink() {
  const params = new URLSearchParams(location.search);
  const text = (params.get("code") || "").trim().slice(0, 40);
  const moves = params.get("moves");
  params.delete("code");
  params.delete("moves");
  const rest = params.toString();
  history.replaceState(history.state, "", `${location.pathname}${rest ? `?${rest}` : ""}${location.hash}`);
  // A shared game (its moves with its code): checked in its own window, nothing dealt.
  if (moves !== null) return withShared((shared) => shared.openCheck(text, moves.slice(0, 80)));
  if (!text) return;
  const error = await new Promise((resolve) => {
    leaveThen(async () => resolve(await newGame({ code: text })), () => resolve(null));
  });
  if (error) say(t("link_code_bad", { reason: error.error ? error.error.message : t("error_network") }), "error");
  else focusBoardAtLoad();
}
