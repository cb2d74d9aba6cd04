// What can be redone: actions undone, most recent last; any new action clears them. Kept with the
// position it belongs to across a reload of the page (this tab only).

const REDO_KEY = "golfcards.solitaire.redo";
let redo = [];

export const canRedo = () => redo.length > 0;

/** The next action to redo (taken off the list), or undefined. */
export const takeRedo = () => redo.pop();

export function pushRedo(action) {
  redo.push(action);
}

export function clearRedo() {
  redo = [];
}

/** The position on the board, in any language: the deal (and course), the move count and every card's place. */
function position(state) {
  if (!state || !state.code) return null;
  const columns = state.columns.map((column) => column.map((card) => card.code).join(",")).join("/");
  const course = state.course ? `${state.course.code}#${state.course.deal}` : "";
  return [course, state.code, state.moves, columns, state.discard ? state.discard.code : "", state.stock_count].join("|");
}

/** Keep what can be redone at `game`'s position, across a reload of the page. */
export function keepRedo(game) {
  const at = position(game);
  try {
    if (redo.length && at) sessionStorage.setItem(REDO_KEY, JSON.stringify({ at, redo }));
    else sessionStorage.removeItem(REDO_KEY);
  } catch {
    /* storage refused: what can be redone lasts as long as the page */
  }
}

/** Take up what could be redone when the page was left, if the board (`game`) is still at that position (else nothing). */
export function restoreRedo(game) {
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(REDO_KEY) || "null");
  } catch {
    kept = null;
  }
  const valid = kept && kept.at === position(game) && Array.isArray(kept.redo) && kept.redo.length <= 100
    && kept.redo.every((action) => typeof action === "string" && /^(d|[1-7])$/.test(action));
  redo = valid ? kept.redo : [];
}
