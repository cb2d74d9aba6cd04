// Modal windows: open, close, and what every page's windows share (a [data-close] button closes its
// window; a closing window takes its text caret with it). Importing this module wires the page.

/** Open a modal window; `focus` is the button Enter should press (never a destructive one). */
export function openDialog(dialog, focus = null) {
  if (!dialog.open) dialog.showModal();
  if (focus) focus.focus();
}

export function closeDialog(dialog) {
  if (dialog.open) dialog.close();
}

document.addEventListener("click", (event) => {
  const closer = event.target.closest("[data-close]");
  if (closer) closeDialog(closer.closest("dialog"));
});

/**
 * A window that closes takes its text caret with it. The caret of a field typed in (a game code)
 * would otherwise move to the nearest text of the page, unseen, and stay there: every later layout
 * (each move of a game) then works out where it stands, a tenth of the work of a frame.
 */
document.addEventListener("close", (event) => {
  if (!(event.target instanceof HTMLDialogElement)) return;
  const selection = getSelection();
  const active = document.activeElement;
  const editing = active && active.matches("input, textarea, [contenteditable]");
  if (selection && selection.type === "Caret" && !editing) selection.removeAllRanges();
}, true);
