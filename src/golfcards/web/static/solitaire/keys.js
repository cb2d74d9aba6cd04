// The Solitaire page's keys: the arrows move the keyboard's card, letters and digits act, Ctrl+Z/Y
// undo and redo, and during a replay the arrows step through it.
import { $ } from "../common/dom.js";
import * as Feel from "../common/motion.js";
import { doRedo, send } from "./actions.js";
import { openNewGame, toggleHelp } from "./dialogs.js";
import { hasBoardFocus, moveSpot, spotColumn } from "./focus.js";
import { withSolver } from "./later.js";
import { board } from "./state.js";

/** The page's keydown handler. */
export function onKey(event) {
  Feel.finishAll();
  const key = event.key;
  if (document.querySelector("dialog[open]")) {
    if (key === "?" && $("help-dialog").open) {
      toggleHelp();
      event.preventDefault();
    }
    return;
  }
  if (event.target.closest("input, select, textarea")) return;
  const ctrl = event.ctrlKey || event.metaKey;
  if (ctrl && !event.altKey) {
    const lower = key.toLowerCase();
    if (lower === "y" || (lower === "z" && event.shiftKey)) doRedo();
    else if (lower === "z") send("u", { focus: hasBoardFocus() });
    else return;
    event.preventDefault();
    return;
  }
  if (event.altKey || ctrl) return;
  if (board.replay) {
    if (key === "ArrowLeft") withSolver((replay) => replay.step(-1));
    else if (key === "ArrowRight") withSolver((replay) => replay.step(1));
    else if (key === "Escape") withSolver((replay) => replay.stopReplay());
    else return;
    event.preventDefault();
    return;
  }
  if (hasBoardFocus() && moveSpot(key)) {
    event.preventDefault();
    return;
  }
  const lower = key.toLowerCase();
  const focus = hasBoardFocus();
  if (key === "?") toggleHelp();
  else if (lower === "h") withSolver((replay) => replay.showHint());
  else if (lower === "d") send("d", { focus });
  else if (lower === "u") send("u", { focus });
  else if (lower === "r") doRedo();
  else if (lower === "n") openNewGame();
  else if (/^[1-7]$/.test(key)) {
    spotColumn(Number(key));
    send(key, { focus });
  } else return;
  event.preventDefault();
}
