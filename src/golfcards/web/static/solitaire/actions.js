// The action queue: the player's actions go to the server one after another, so quick taps are never
// lost. To feel immediate, a removal of a card the server marked playable is drawn at once and
// confirmed (or corrected) by the answer.
import { api } from "../common/api.js";
import { afterPaint, painted } from "../common/frames.js";
import * as Feel from "../common/motion.js";
import { play } from "../common/sound.js";
import { t } from "../common/words.js";
import { askSpares, render, renderRemoval, renderTableau } from "./board-view.js";
import { checkEnd } from "./end.js";
import { hasBoardFocus, spotColumn } from "./focus.js";
import { say, showError } from "./message.js";
import { shakeRefused } from "./motion.js";
import { canRedo, clearRedo, keepRedo, pushRedo, takeRedo } from "./redo.js";
import { board, settings } from "./state.js";

const queue = [];
let lastAction = null;
let autoDrawTimer = null;
let answered = 0; // actions the server answered (on <body data-answered>, for tests and benchmarks)

/** Queue an action of the replay notation (d, u, 1–7, C.R); `how.redo` marks a redo, `how.focus` keeps the keyboard on the board. */
export function send(action, how = {}) {
  if (!board.game || board.replay) return;
  clearTimeout(autoDrawTimer);
  Feel.finishAll();
  queue.push({ action, how });
  if (!board.busy) work();
}

/** Nothing is queued or on its way. */
export const idle = () => !board.busy && !queue.length;

/** A new game is on the board: the last action (which stops the automatic draw after an undo) is forgotten. */
export function forgetLastAction() {
  lastAction = null;
}

async function work() {
  board.busy = true;
  document.body.dataset.busy = "1";
  while (queue.length) {
    const { action, how } = queue.shift();
    await perform(action, how);
  }
  board.busy = false;
  delete document.body.dataset.busy;
  askSpares();
  maybeAutoDraw();
}

/** The board after removing the free card of `action`'s column, if the server said it may go. */
export function predict(action) {
  const game = board.game;
  const [columnText, rowText] = action.split(".");
  const column = Number(columnText);
  if (!(column >= 1 && column <= 7) || game.status !== "playing") return null;
  const cardsOf = game.columns[column - 1];
  const card = cardsOf[cardsOf.length - 1];
  if (!card || !card.playable || (rowText && Number(rowText) !== card.row)) return null;
  const columns = game.columns.map((c, i) => (i === column - 1
    ? c.slice(0, -1).map((other, j, rest) => ({ ...other, free: j === rest.length - 1, playable: false }))
    : c.map((other) => ({ ...other, playable: false }))));
  return { ...game, columns, discard: card, score: game.score + 10, moves: game.moves + 1,
    cards_left: game.cards_left - 1, removed: game.removed + 1, undo_available: game.undo_available + 1 };
}

async function perform(action, how) {
  const shown = board.game;
  const predicted = predict(action);
  if (predicted) {
    board.game = predicted;
    // A press with a pointer: its frame shows the card leaving, and the rest of the board follows in
    // the next ones. With the keyboard's focus on the board, all at once (the focus moves with it).
    const quick = !how.focus && !hasBoardFocus();
    if (quick) renderRemoval(shown);
    else render(shown, { action, focus: how.focus });
    // The removal is on screen with the next frame: the request (whose start alone costs the main
    // thread a few milliseconds) and the sound wait until that frame is painted.
    const frame = painted();
    afterPaint(() => play(predicted.cards_left === 0 ? "win" : "remove"));
    await frame;
    if (quick && board.game === predicted) {
      // The next frame turns the card under it face up and takes the highlights off; the one after
      // brings the figures, the buttons and the keyboard's card, and the request starts with it:
      // a frame each, so that none of them holds up the card's flight at a slow CPU.
      renderTableau();
      await painted();
      if (board.game === predicted) render(null, { focus: how.focus });
    }
  }
  const { ok, data } = await api("POST", "/api/solitaire/action", {
    action, request_id: Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join(""),
  });
  if (!ok) {
    if (predicted) {
      board.game = shown;
      render(predicted);
    }
    return showError(data);
  }
  answered += 1;
  document.body.dataset.answered = String(answered);
  const confirmedBefore = shown;
  const onScreen = board.game;
  const game = data.game;
  board.game = game;
  // What was drawn ahead is confirmed: no second motion, nothing to measure.
  const held = predicted && data.outcome.accepted && game.discard && game.discard.code === predicted.discard.code;
  const outcome = data.outcome;
  let tell; // what the message line says, once the board is drawn
  if (outcome.accepted) {
    lastAction = action;
    if (action === "u") {
      const undone = undoneAction(confirmedBefore, game);
      if (undone) pushRedo(undone);
    } else if (!how.redo) {
      clearRedo();
    }
    const spoken = outcome.message ? `${outcome.message} ${t("announce_state", { score: game.score, count: game.stock_count })}` : "";
    tell = () => say(outcome.message || "", "info", spoken);
    const effect = game.status === "won" ? "win" : action === "d" ? "draw" : action === "u" ? "undo" : "remove";
    if (!predicted) afterPaint(() => play(effect));
    if (/^\d/.test(action)) spotColumn(Number(action.split(".")[0]));
  } else {
    if (how.redo) clearRedo();
    afterPaint(() => play("refuse"));
    tell = settings.interactiveRules ? () => say(outcome.refusal.message, "refusal") : () => say("", "info", t("not_allowed"));
  }
  keepRedo(board.game);
  // The board first: what moves is measured before anything else on the page changes.
  render(held ? null : onScreen, { action, focus: how.focus });
  tell();
  if (!outcome.accepted) shakeRefused(action);
  if (outcome.accepted) checkEnd(confirmedBefore);
}

/** The action an accepted undo took back: a draw if the stock grew, else the column that grew. */
function undoneAction(before, after) {
  if (after.stock_count > before.stock_count) return "d";
  const index = after.columns.findIndex((column, i) => column.length > before.columns[i].length);
  return index >= 0 ? String(index + 1) : null;
}

/** Redo the last action undone, if any. */
export function doRedo() {
  if (!canRedo() || !board.game || board.game.status !== "playing") return;
  send(takeRedo(), { redo: true, focus: hasBoardFocus() });
}

/** With the automatic draw on, draw when no card can go to the discard (not right after an undo). */
export function maybeAutoDraw() {
  const game = board.game;
  if (!settings.autoDraw || !game || board.replay || game.status !== "playing" || lastAction === "u") return;
  if (!game.can_draw || game.columns.some((column) => column.some((card) => card.playable))) return;
  autoDrawTimer = setTimeout(() => { if (idle()) send("d"); }, 400);
}
