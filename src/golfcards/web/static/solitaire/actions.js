// The action queue and the server's games: the player's actions go to the server one after another,
// so quick taps are never lost. To feel immediate, a removal of a card the server marked playable is
// drawn at once and confirmed (or corrected) by the answer. What can be redone is kept with its
// position across a reload. Loading the visitor's game, a new game.
import { api } from "../common/api.js";
import { closeDialog } from "../common/dialogs.js";
import { $, afterPaint, painted } from "../common/dom.js";
import * as Feel from "../common/motion.js";
import { play } from "../common/sound.js";
import { t } from "../common/words.js";
import { askSpares, render, renderRemoval, renderTableau, say, showError } from "./board-view.js";
import * as clock from "./clock.js";
import { hasBoardFocus, spotColumn } from "./focus.js";
import { shakeRefused } from "./motion.js";
import { withEnd, withSolver } from "./later.js";
import { board, settings } from "./state.js";

const REDO_KEY = "golfcards.solitaire.redo";
const queue = [];
let lastAction = null;
let autoDrawTimer = null;
let answered = 0; // actions the server answered (on <body data-answered>, for tests and benchmarks)

/**
 * Open the end window when the game on the board has ended (the course card when a course ended),
 * close it while the game is played (end.js, loaded when a game first ends).
 */
function checkEnd(previous = null) {
  if (board.replay) return;
  if (board.game.status === "playing" && !$("end-dialog").open) return;
  return withEnd((end) => end.checkEnd(previous));
}

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
      if (undone) board.redo.push(undone);
    } else if (!how.redo) {
      board.redo = [];
    }
    const spoken = outcome.message ? `${outcome.message} ${t("announce_state", { score: game.score, count: game.stock_count })}` : "";
    tell = () => say(outcome.message || "", "info", spoken);
    const effect = game.status === "won" ? "win" : action === "d" ? "draw" : action === "u" ? "undo" : "remove";
    if (!predicted) afterPaint(() => play(effect));
    if (/^\d/.test(action)) spotColumn(Number(action.split(".")[0]));
  } else {
    if (how.redo) board.redo = [];
    afterPaint(() => play("refuse"));
    tell = settings.interactiveRules ? () => say(outcome.refusal.message, "refusal") : () => say("", "info", t("not_allowed"));
  }
  keepRedo(board.game);
  // The board first: what moves is measured before anything else on the page changes.
  // A win drawn ahead moves nothing more but the win's cascade (from the board drawn ahead).
  render(held && game.status !== "won" ? null : onScreen, { action, focus: how.focus });
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
  if (!board.redo.length || !board.game || board.game.status !== "playing") return;
  send(board.redo.pop(), { redo: true, focus: hasBoardFocus() });
}

/** With the automatic draw on, draw when no card can go to the discard (not right after an undo). */
export function maybeAutoDraw() {
  const game = board.game;
  if (!settings.autoDraw || !game || board.replay || game.status !== "playing" || lastAction === "u") return;
  if (!game.can_draw || game.columns.some((column) => column.some((card) => card.playable))) return;
  autoDrawTimer = setTimeout(() => { if (idle()) send("d"); }, 400);
}

// --- what can be redone, across a reload ---------------------------------------------------------

/** The position on the board, in any language: the deal (and course), the move count and every card's place. */
function position(state) {
  if (!state || !state.code) return null;
  const columns = state.columns.map((column) => column.map((card) => card.code).join(",")).join("/");
  const course = state.course ? `${state.course.code}#${state.course.deal}` : "";
  return [course, state.code, state.moves, columns, state.discard ? state.discard.code : "", state.stock_count].join("|");
}

/** Keep what can be redone at `game`'s position, across a reload of the page. */
function keepRedo(game) {
  const at = position(game);
  try {
    if (board.redo.length && at) sessionStorage.setItem(REDO_KEY, JSON.stringify({ at, redo: board.redo }));
    else sessionStorage.removeItem(REDO_KEY);
  } catch {
    /* storage refused: what can be redone lasts as long as the page */
  }
}

/** Take up what could be redone when the page was left, if the board (`game`) is still at that position (else nothing). */
function restoreRedo(game) {
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(REDO_KEY) || "null");
  } catch {
    kept = null;
  }
  const valid = kept && kept.at === position(game) && Array.isArray(kept.redo) && kept.redo.length <= 100
    && kept.redo.every((action) => typeof action === "string" && /^(d|[1-7])$/.test(action));
  board.redo = valid ? kept.redo : [];
}

// --- the server's games -------------------------------------------------------------------------

/** Draw the visitor's game as the server keeps it (and what could be redone before a reload). */
export async function load() {
  const { ok, data } = await api("GET", "/api/solitaire");
  if (!ok) return showError(data);
  board.game = data.game;
  restoreRedo(board.game);
  keepRedo(board.game);
  clock.restore();
  render(null);
  if (board.game.status !== "playing") await checkEnd();
  else rememberStats();
}

/** Start a new game as `body` asks (/api/solitaire/new); resolves to the error's data, or null. */
export async function newGame(body) {
  const { ok, data } = await api("POST", "/api/solitaire/new", body);
  if (!ok) return data;
  started(data.game);
  return null;
}

/** Put a game the server just started on the board (a new game, a course's next deal), fresh: nothing to redo, the clock at zero. */
export function started(game, how = {}) {
  if (board.replay) withSolver((replay) => replay.stopReplay()); // loaded: at once
  board.game = game;
  board.redo = [];
  keepRedo(game);
  lastAction = null;
  clock.reset();
  localStorage.removeItem("golfcards.solitaire.hints");
  say("");
  closeDialog($("end-dialog"));
  render(null, how);
  rememberStats();
}

/** Remember this rule's statistics as the game starts, for the win screen's "before → after". */
export async function rememberStats() {
  board.statsBefore = null;
  if (!board.game || board.game.status !== "playing") return;
  const key = board.game.rules.key;
  const { ok, data } = await api("GET", "/api/solitaire/stats");
  if (ok && board.game && board.game.rules.key === key) board.statsBefore = data.rules.find((r) => r.rules === key) || null;
}
