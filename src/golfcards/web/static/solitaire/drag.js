// Dragging a free card onto the discard (pointer events: mouse, pen and touch).
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

export function onPointerMove(event) {
  if (!drag || event.pointerId !== drag.id) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.moved && Math.hypot(dx, dy) < 6) return;
  if (!drag.moved) {
    Feel.finishAll();
    drag.moved = true;
    drag.node.classList.add("dragging");
    try {
      drag.node.setPointerCapture(drag.id);
    } catch {
      /* the pointer is already gone: its release ends the drag */
    }
  }
  drag.dx = dx;
  drag.dy = dy;
  drag.node.style.transform = `translate(${dx}px, ${dy}px)`;
  $("discard").classList.toggle("drop-here", overDiscard(event));
}

export function onPointerUp(event) {
  if (!drag || event.pointerId !== drag.id) return;
  const { node, moved } = drag;
  if (!moved) {
    drag = null;
    return;
  }
  $("discard").classList.remove("drop-here");
  const dropped = event.type === "pointerup" && overDiscard(event);
  drag.suppressClick = true;
  setTimeout(() => { if (drag && drag.node === node) drag = null; }, 0);
  node.classList.remove("dragging");
  const action = node.dataset.column;
  if (dropped && !board.busy && predict(action)) {
    // Drawn at once from where the card was let go: the card leaves the tableau on this call.
    spotColumn(Number(action));
    send(action);
    return;
  }
  // Back to its place from where it was let go: both boxes come from one read, before the change.
  const from = node.getBoundingClientRect();
  const home = new DOMRect(from.left - (drag.dx || 0), from.top - (drag.dy || 0), from.width, from.height);
  node.style.transform = "";
  Feel.flyFrom(node, from, { to: home });
  if (dropped) send(action);
}
