// The page's elements: find one by id, make one, change one only where it changes; and work that
// waits for the next frame to be painted.

/** The element with this id (null when the page has none). */
export const $ = (id) => document.getElementById(id);

/** A new `tag` element: `class`, `text` and attributes from `attrs` (null, undefined and false leave one out). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

/** Set a text only when it changes: an equal text would still replace the node and cost a layout. */
export function setText(node, text) {
  const value = String(text);
  if (node.textContent !== value) node.textContent = value;
}

export function setDisabled(node, disabled) {
  if (node.disabled !== disabled) node.disabled = disabled;
}

// --- waiting for the picture: work that must never delay the next frame runs after it ---

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
