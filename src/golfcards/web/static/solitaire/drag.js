// Dragging a free card onto the discard (pointer events). The dragged card is a copy above the whole
// page (fixed, on <body>: nothing clips it), moved once a frame, with a ghost in its place. Let go over
// the discard, the move is played as a tap plays it; elsewhere the card flies back.
import { $ } from "../common/dom.js";
import * as Feel from "../common/motion.js";
import { predict, send } from "./actions.js";
import { spotColumn } from "./focus.js";
import { board } from "./state.js";

let drag = null;

/** A click that ends a drag is not a tap: true (once) when the tableau's click should be ignored. */
export function clickEndsDrag() {
  if (drag && drag.suppressClick) {
    drag = null;
    return true;
  }
  return false;
}

export function onPointerDown(event) {
  const node = event.target.closest("#tableau button.card.free");
  if (!node || event.button !== 0 || board.replay) return;
  // The pointer is captured only once the card really moves: a tap, the usual way to play, costs no
  // capture and no hit test on its release (the move and release listeners are on the document).
  drag = { node, id: event.pointerId, x: event.clientX, y: event.clientY, moved: false, suppressClick: false };
}

/** The pointer is over the discard (its box is read once per drag: it does not move meanwhile). */
function overDiscard(event) {
  if (!drag.target) drag.target = $("discard").getBoundingClientRect();
  const box = drag.target;
  const pad = 12;
  return event.clientX >= box.left - pad && event.clientX <= box.right + pad
    && event.clientY >= box.top - pad && event.clientY <= box.bottom + pad;
}

/** The copy of `node` that follows the pointer: above everything, hidden from screen readers. */
function lift(node) {
  const home = node.getBoundingClientRect();
  const copy = node.cloneNode(true);
  copy.removeAttribute("data-code");
  copy.tabIndex = -1;
  copy.setAttribute("aria-hidden", "true");
  copy.classList.add("dragging");
  copy.classList.remove("playable", "hinted");
  for (const badge of copy.querySelectorAll(".hint-badge")) badge.remove();
  copy.style.left = `${home.left}px`;
  copy.style.top = `${home.top}px`;
  copy.style.setProperty("--card-w", `${home.width}px`);
  document.body.append(copy);
  node.classList.add("drag-ghost");
  return copy;
}

/** Move the copy to the pointer's last place, once a frame. */
function follow() {
  if (!drag || drag.frame) return;
  drag.frame = requestAnimationFrame(() => {
    if (!drag || !drag.copy) return;
    drag.frame = 0;
    drag.copy.style.transform = `translate(${drag.dx}px, ${drag.dy}px)`;
  });
}

export function onPointerMove(event) {
  if (!drag || event.pointerId !== drag.id) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.moved && Math.hypot(dx, dy) < 6) return;
  if (!drag.moved) {
    Feel.finishAll();
    drag.moved = true;
    drag.copy = lift(drag.node);
    try {
      drag.node.setPointerCapture(drag.id);
    } catch {
      /* the pointer is already gone: its release ends the drag */
    }
  }
  drag.dx = dx;
  drag.dy = dy;
  follow();
  $("discard").classList.toggle("drop-here", overDiscard(event));
}

/** The copy flies back to the card's place (no flight with reduced motion). */
function flyBack(node, copy, dx, dy) {
  cancelAnimationFrame(drag.frame);
  copy.style.transform = "";
  const settle = () => {
    copy.remove();
    node.classList.remove("drag-ghost");
  };
  if (!node.isConnected) return settle();
  Feel.animate(copy, [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {}, settle);
}

export function onPointerUp(event) {
  if (!drag || event.pointerId !== drag.id) return;
  const { node, moved, copy } = drag;
  if (!moved) {
    drag = null;
    return;
  }
  $("discard").classList.remove("drop-here");
  const dx = event.type === "pointerup" ? event.clientX - drag.x : drag.dx;
  const dy = event.type === "pointerup" ? event.clientY - drag.y : drag.dy;
  const dropped = event.type === "pointerup" && overDiscard(event);
  drag.suppressClick = true;
  setTimeout(() => { if (drag && drag.node === node) drag = null; }, 0);
  const action = node.dataset.column;
  if (dropped && !board.busy && predict(action)) {
    // The board's card stands where it was let go for the removal's motion, then leaves the tableau.
    cancelAnimationFrame(drag.frame);
    copy.remove();
    node.classList.remove("drag-ghost");
    node.style.transform = `translate(${dx}px, ${dy}px)`;
    spotColumn(Number(action));
    send(action);
    return;
  }
  flyBack(node, copy, dx, dy);
  if (dropped) send(action);
}
