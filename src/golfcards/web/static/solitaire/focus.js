// The keyboard's card: one card of the board (or the stock) is in the Tab order (a roving tabindex);
// arrow keys move it, and it stays on the board after every move.
import { $ } from "../common/dom.js";
import { board, cardButtons } from "./state.js";

let roving = null; // the one element of the board in the Tab order

/** The keyboard is on the board (a card or the stock has focus and shows it): keep it there. */
export function hasBoardFocus() {
  const active = document.activeElement;
  return Boolean(active && (active.closest("#tableau") || active.id === "stock") && active.matches(":focus-visible"));
}

function columnCards(column) {
  return column >= 1 && column <= 7 ? board.game.columns[column - 1] : [];
}

function spotNode() {
  const spot = board.spot;
  if (spot.column === 0) return $("stock");
  const column = columnCards(spot.column);
  if (!column.length) return null;
  const row = spot.row && spot.row < column.length ? spot.row : column.length;
  return cardButtons.get(column[row - 1].code) || null;
}

/** Make the card button `node` the keyboard's card (row null when it is its column's free card). */
export function spotCard(node) {
  board.spot = { column: Number(node.dataset.column), row: node.classList.contains("free") ? null : Number(node.dataset.row) };
}

/** Make column `column`'s free card (0: the stock) the keyboard's card. */
export function spotColumn(column) {
  board.spot = { column, row: null };
}

/** Keep the keyboard's card on the board: an emptied column hands it to the next one that has cards. */
export function placeSpot(focus) {
  const spot = board.spot;
  if (spot.column !== 0 && !columnCards(spot.column).length) {
    const order = [0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6].map((d) => spot.column + d);
    const next = order.find((c) => columnCards(c).length);
    board.spot = { column: next || 0, row: null };
  }
  const node = spotNode() || $("stock");
  if (roving !== node) {
    if (roving) roving.tabIndex = -1;
    node.tabIndex = 0;
    roving = node;
  }
  if (focus && document.activeElement !== node && !document.querySelector("dialog[open]")) node.focus({ preventScroll: true });
}

/**
 * Put the keyboard on the board once the first game is drawn, so the arrow keys work at once (as
 * the line under the board says) — unless a window is open (it keeps its focus), the visitor has
 * already put the focus somewhere else, or the device has only a touch screen (no ring on a card
 * nobody chose).
 */
export function focusBoardAtLoad() {
  if (!board.game || document.querySelector("dialog[open]") || !matchMedia("(any-pointer: fine)").matches) return;
  const active = document.activeElement;
  if (active && active !== document.body) return;
  placeSpot(true);
}

/** Move the keyboard's card for an arrow key, Home or End; false for any other key. */
export function moveSpot(key) {
  const spot = board.spot;
  const filled = [1, 2, 3, 4, 5, 6, 7].filter((c) => columnCards(c).length);
  const ring = [...filled, 0];
  const at = Math.max(0, ring.indexOf(spot.column));
  const column = columnCards(spot.column);
  const row = spot.row && spot.row < column.length ? spot.row : column.length;
  if (key === "ArrowRight") board.spot = { column: ring[(at + 1) % ring.length], row: null };
  else if (key === "ArrowLeft") board.spot = { column: ring[(at - 1 + ring.length) % ring.length], row: null };
  else if (key === "Home") board.spot = { column: ring[0], row: null };
  else if (key === "End") board.spot = { column: 0, row: null };
  else if (key === "ArrowUp" && spot.column && row > 1) board.spot = { column: spot.column, row: row - 1 };
  else if (key === "ArrowDown" && spot.column && row < column.length) {
    board.spot = { column: spot.column, row: row + 1 < column.length ? row + 1 : null };
  } else return false;
  placeSpot(true);
  return true;
}
