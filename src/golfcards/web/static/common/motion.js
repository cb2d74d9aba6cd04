// Motion shared by the game pages. Every motion is short (at most 200 ms), uses only transforms and
// opacity (no layout work per frame), can be cut short at any time (finishAll), and does not happen at
// all when the system asks for reduced motion.

export const DURATION = 180;
const EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)";
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
const running = new Set();
const ghosts = new Set();

export function moving() {
  return !reduced.matches && typeof Element.prototype.animate === "function";
}

function track(animation, cleanup) {
  running.add(animation);
  const done = () => {
    running.delete(animation);
    if (cleanup) cleanup();
  };
  animation.addEventListener("finish", done);
  animation.addEventListener("cancel", done);
  return animation;
}

/** Animate `node` with `frames`; nothing (null) under reduced motion. */
export function animate(node, frames, options = {}, cleanup = null) {
  if (!moving()) {
    if (cleanup) cleanup();
    return null;
  }
  const duration = Math.min(options.duration || DURATION, 200);
  return track(node.animate(frames, { easing: EASE, fill: "backwards", ...options, duration }), cleanup);
}

/** End every motion now (a new action, a key or a touch never waits for an animation). */
export function finishAll() {
  for (const animation of [...running]) {
    try {
      animation.finish();
    } catch {
      animation.cancel();
    }
  }
  for (const ghost of [...ghosts]) ghost.remove();
  ghosts.clear();
}

function offset(from, to) {
  return { x: from.left - to.left, y: from.top - to.top, sx: from.width / to.width || 1, sy: from.height / to.height || 1 };
}

/**
 * Show `node` travelling from the box `from` to where it is now (FLIP); `turn` turns it over on the way.
 * Give `to`, its box now, when it is known: reading it forces a layout.
 */
export function flyFrom(node, from, { turn = false, delay = 0, to = null } = {}) {
  if (!from || !moving()) return null;
  const d = offset(from, to || node.getBoundingClientRect());
  if (Math.abs(d.x) < 1 && Math.abs(d.y) < 1 && !turn) return null;
  const start = `translate(${d.x}px, ${d.y}px) scale(${d.sx}, ${d.sy})`;
  const frames = turn
    ? [{ transform: `${start} scaleX(0.05)` }, { transform: "none" }]
    : [{ transform: start }, { transform: "none" }];
  return animate(node, frames, { delay });
}

/**
 * A copy of `node` (a decoration hidden from screen readers) that travels from the box `from` to the
 * box `to` above the page, then disappears: for a card that leaves the board.
 */
export function ghost(node, from, to, { turn = false, delay = 0, duration = DURATION } = {}) {
  if (!from || !to || !moving()) return null;
  const copy = node.cloneNode(true);
  copy.removeAttribute("id");
  copy.setAttribute("aria-hidden", "true");
  copy.classList.add("ghost");
  copy.style.left = `${from.left}px`;
  copy.style.top = `${from.top}px`;
  copy.style.width = `${from.width}px`;
  copy.style.height = `${from.height}px`;
  document.body.append(copy);
  ghosts.add(copy);
  const d = offset(to, from);
  const end = `translate(${d.x}px, ${d.y}px) scale(${d.sx}, ${d.sy})${turn ? " scaleX(0.05)" : ""}`;
  return animate(copy, [{ transform: "none" }, { transform: end }], { delay, duration, fill: "both" }, () => {
    ghosts.delete(copy);
    copy.remove();
  });
}

/** A short pop for a card that changed in place (turned up, swapped). */
export function turnOver(node, delay = 0) {
  return animate(node, [{ transform: "scaleX(0.05)" }, { transform: "none" }], { delay });
}

/** A shake for a refused card: 160 ms. */
export function shake(node) {
  return animate(node, [
    { transform: "translateX(0)" }, { transform: "translateX(-5px)" }, { transform: "translateX(5px)" },
    { transform: "translateX(-3px)" }, { transform: "translateX(0)" },
  ], { duration: 160, easing: "linear" });
}
