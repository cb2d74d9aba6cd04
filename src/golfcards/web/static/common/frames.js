// Waiting for the picture: work that must never delay the next frame runs after it.

/** Run `task` once the next frame is on screen (sounds and requests never delay the picture). */
export function afterPaint(task) {
  requestAnimationFrame(() => setTimeout(task, 0));
}

/** Resolves once the next frame is painted (at once in a hidden page, which paints none; at most 1 s). */
export function painted() {
  if (document.hidden) return Promise.resolve();
  return new Promise((resolve) => {
    afterPaint(resolve);
    setTimeout(resolve, 1000);
  });
}
