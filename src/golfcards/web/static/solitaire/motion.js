// The Solitaire board's changes as motion: a removal, a draw, an undo, a step of a replay, the win.
import { $ } from "../common/dom.js";
import * as Feel from "../common/motion.js";
import { board, cardButtons } from "./state.js";

/**
 * Where things were before the change from `previous` to the board's game, to move them from there:
 * only the boxes the motion needs, read before the page is changed (one layout at most, usually none).
 */
export function measure(previous) {
  const game = board.game;
  const newTop = game.discard ? game.discard.code : null;
  const oldTop = previous.discard ? previous.discard.code : null;
  const leaving = newTop && newTop !== oldTop ? cardButtons.get(newTop) : null;
  const discardFace = $("discard").firstElementChild;
  const won = game.status === "won" && previous.status !== "won" && !board.replay;
  return { card: leaving ? leaving.getBoundingClientRect() : null, stock: $("stock").getBoundingClientRect(),
    discard: $("discard").getBoundingClientRect(), table: won ? $("tableau").getBoundingClientRect() : null,
    discardFace: oldTop && oldTop !== newTop && discardFace && discardFace.dataset.code ? discardFace : null };
}

/** The change from `previous` to the board's game as motion: removal, draw, undo, and the win's cascade. */
export function animateChange(previous, before, how) {
  if (!Feel.moving()) return;
  const game = board.game;
  const newTop = game.discard ? game.discard.code : null;
  const oldTop = previous.discard ? previous.discard.code : null;
  const face = $("discard").firstElementChild;
  const backwards = how.action === "u" || (board.replay && how.backwards);
  if (newTop !== oldTop && !backwards) {
    // The discard does not move: its box from before is where the card lands (no layout to read it).
    if (before.card) Feel.flyFrom(face, before.card, { to: before.discard });
    else if (game.stock_count < previous.stock_count) Feel.flyFrom(face, before.stock, { turn: true, to: before.discard });
  } else if (backwards && oldTop && oldTop !== newTop) {
    // The card goes back to its column: where it lands is read once, after every change is made.
    const back = cardButtons.get(oldTop);
    if (back) Feel.flyFrom(back, before.discard);
    else if (before.discardFace) Feel.ghost(before.discardFace, before.discard, before.stock, { turn: true });
  }
  if (before.table) cascade(before);
}

/** The win: copies of the last card spill from the discard across the table, one after another. */
function cascade(before) {
  const face = $("discard").firstElementChild;
  if (!face) return;
  const table = before.table;
  const from = before.discard;
  for (let i = 0; i < 12; i += 1) {
    const x = table.left + (table.width - from.width) * ((i * 5) % 12) / 11;
    const y = table.top + (i % 3) * from.height * 0.4;
    Feel.ghost(face, from, new DOMRect(x, y, from.width, from.height), { delay: i * 35, duration: 200 });
  }
}

/** A shake for the card (or button) of a refused action. */
export function shakeRefused(action) {
  const [column, row] = action.split(".");
  const target = action === "d" ? $("stock")
    : action === "u" ? $("undo-near")
      : document.querySelector(row ? `#tableau [data-column="${column}"][data-row="${row}"]`
        : `#tableau [data-column="${column}"].free`);
  if (target) Feel.shake(target);
}
