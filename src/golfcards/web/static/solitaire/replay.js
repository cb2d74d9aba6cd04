// The solver on the page: a hint, "still winnable?", and the replay of a solution step by step
// (shown instead of the game, which comes back when the replay stops). Loaded when first asked for
// (nothing of it is needed to play).
import { api } from "../common/api.js";
import { $ } from "../common/dom.js";
import { t } from "../common/words.js";
import { markHint, render, say, showError, updateReplayButton } from "./board-view.js";
import * as clock from "./clock.js";
import { countHint } from "./review.js";
import { board } from "./state.js";

/** Ask the solver for a move and point at its card for a moment. */
export async function showHint() {
  say(t("thinking"));
  const game = board.game;
  const { ok, data } = await api("GET", "/api/solitaire/hint");
  if (!ok) return showError(data);
  if (game) countHint(game);
  say(data.hint.message, "hint");
  const move = data.hint.move;
  const target = move === "d" ? $("stock") : move ? document.querySelector(`#tableau [data-column="${move}"].free`) : null;
  if (target) markHint(target);
}

/** Ask whether the game can still be won. */
export async function stillWinnable() {
  say(t("thinking"));
  const { ok, data } = await api("GET", "/api/solitaire/winnable");
  if (!ok) return showError(data);
  say(data.message, data.winnable === false ? "refusal" : "hint");
}

/** Replay a solution from the position on the board. */
export async function showSolution() {
  say(t("thinking"));
  const { ok, data } = await api("GET", "/api/solitaire/solution");
  if (!ok) return showError(data);
  say(data.message, "hint");
  playSteps(data.steps);
}

/**
 * Show `steps` (positions from the server, the first the start) one after the other instead of the
 * game, which comes back when the replay stops; `label(number, count)` says which move is shown (by
 * default, as a solution's).
 */
export function playSteps(steps, label = (number, count) => t("solution_step", { number, count })) {
  if (!steps.length) return;
  stopReplay();
  board.replay = { steps, index: -1, saved: board.game, playing: true, timer: null, label };
  document.body.classList.add("replaying");
  $("replay-bar").hidden = false;
  clock.update();
  showStep(0);
  schedule();
}

function showStep(index) {
  const replay = board.replay;
  const backwards = index < replay.index;
  const previous = board.game;
  replay.index = index;
  const current = replay.steps[index];
  board.game = current.game;
  render(replay.index === 0 && !backwards ? null : previous, { backwards });
  const text = replay.label(index, replay.steps.length - 1) + (current.text ? ` · ${current.text}` : "");
  $("replay-text").textContent = text;
  $("replay-back").disabled = index === 0;
  $("replay-forward").disabled = index === replay.steps.length - 1;
  if (index === replay.steps.length - 1) replay.playing = false;
  updateReplayButton();
}

/** Show the next step after the chosen pause while the replay plays. */
export function schedule() {
  const replay = board.replay;
  clearTimeout(replay.timer);
  if (!replay.playing) return;
  replay.timer = setTimeout(() => {
    if (!board.replay || !board.replay.playing) return;
    showStep(board.replay.index + 1);
    schedule();
  }, Number($("replay-speed").value));
}

export function togglePlay() {
  const replay = board.replay;
  if (!replay) return;
  replay.playing = !replay.playing;
  if (replay.playing && replay.index === replay.steps.length - 1) showStep(0);
  updateReplayButton();
  schedule();
}

/** Go `delta` steps forward (or back), pausing the replay. */
export function step(delta) {
  const replay = board.replay;
  if (!replay) return;
  replay.playing = false;
  clearTimeout(replay.timer);
  const index = Math.min(Math.max(replay.index + delta, 0), replay.steps.length - 1);
  if (index !== replay.index) showStep(index);
  updateReplayButton();
}

/** End the replay: the game comes back on the board. */
export function stopReplay() {
  const replay = board.replay;
  if (!replay) return;
  clearTimeout(replay.timer);
  board.game = replay.saved;
  board.replay = null;
  document.body.classList.remove("replaying");
  $("replay-bar").hidden = true;
  render(null);
}
