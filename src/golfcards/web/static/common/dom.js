// The page's elements: find one by id, make one, change one only where it changes.

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
