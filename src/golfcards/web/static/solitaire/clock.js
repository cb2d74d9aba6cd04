// The game timer: time spent on this game while the page is shown, from its first move to its end;
// kept across reloads.
import { $, afterPaint, setText } from "../common/dom.js";
import { stored } from "../common/storage.js";
import { board } from "./state.js";

const TIMER_KEY = "golfcards.solitaire.timer";
let spent = 0;
let since = null;
let ticker = null;
let savedKey = "";

/** `ms` as the clock shows it (m:ss, or h:mm:ss). */
export function clockText(ms) {
  const seconds = Math.floor(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

const running = () => {
  const game = board.game;
  return game && game.status === "playing" && game.moves > 0 && !board.replay && !document.hidden;
};

/** The time spent on this game so far, in milliseconds. */
export const elapsed = () => spent + (since === null ? 0 : performance.now() - since);

function save() {
  const game = board.game;
  if (game) localStorage.setItem(TIMER_KEY, JSON.stringify({ code: game.code, moves: game.moves, spent: elapsed() }));
}

function show() {
  setText($("clock"), clockText(elapsed()));
}

/** Start or stop the clock as the game on the board asks, and show it. */
export function update() {
  const run = running();
  if (run && since === null) {
    since = performance.now();
    ticker = setInterval(show, 1000);
  } else if (!run && since !== null) {
    spent = elapsed();
    since = null;
    clearInterval(ticker);
  }
  show();
  const key = `${board.game.code} ${board.game.moves} ${run}`;
  if (key !== savedKey) {
    savedKey = key;
    afterPaint(save);
  }
}

/** Take up the time kept for the game on the board (none if another game was kept). */
export function restore() {
  const saved = stored(TIMER_KEY);
  const game = board.game;
  spent = saved.code === game.code && saved.moves <= game.moves && Number.isFinite(saved.spent) ? saved.spent : 0;
  since = null;
  clearInterval(ticker);
}

/** A new game: no time spent yet. */
export function reset() {
  spent = 0;
  since = null;
  clearInterval(ticker);
}

document.addEventListener("visibilitychange", () => { if (board.game) update(); });
window.addEventListener("pagehide", save);
