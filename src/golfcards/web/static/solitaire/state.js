// What the Solitaire page's modules share: the game on the board, the replay shown instead of it,
// the keyboard's card, whether an action is on its way, what can be redone, the statistics before the
// game, the card buttons, and the player's settings.
// Everything else is kept by the one module that needs it.
import { stored } from "../common/storage.js";

const SETTINGS_KEY = "golfcards.solitaire.settings";

export const board = {
  /** What the board shows: the server's last state, or a removal drawn ahead of it (null before the first). */
  game: null,
  /** The solution being replayed ({steps, index, saved, playing, timer}), or null. */
  replay: null,
  /** The keyboard's card: column 1–7 (0 is the stock), row null = the free card. */
  spot: { column: 1, row: null },
  /** An action is on its way to the server. */
  busy: false,
  /** Actions undone, most recent last; any new action clears them (kept across a reload). */
  redo: [],
  /** This rule's statistics when the game started (the end window shows their change), or null. */
  statsBefore: null,
};

/** Card code → its button on the tableau. */
export const cardButtons = new Map();

/** The player's choices on this device (the settings window changes them). */
export const settings = { interactiveRules: true, highlightPlayable: true, autoDraw: false, ...stored(SETTINGS_KEY) };

export function saveSettings() {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
}

/** A card style chosen before the looks existed (kept in the settings then). */
export function legacyCardStyle() {
  return stored(SETTINGS_KEY).cardStyle;
}

/** The code the page shows: the course's when the game is part of one. */
export const shownCode = () => (board.game.course ? board.game.course.code : board.game.code);

/** A number with its sign (+3, 0, −2 as -2). */
export const signed = (n) => (n > 0 ? `+${n}` : String(n));
