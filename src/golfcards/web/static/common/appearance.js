// The player's looks on this device (theme, table colour, card backs, card style). The classic
// script look.js applies the kept ones before the first paint; this module reads and changes them.

const LOOK_KEY = "golfcards.look";

/** The looks the page shows now (as look.js or a change put them on <html>). */
export function look() {
  const root = document.documentElement.dataset;
  return { theme: root.theme, felt: root.felt, back: root.back, cards: root.cards };
}

/** Show `changes` at once and keep them on this device. */
export function setLook(changes) {
  const next = { ...look(), ...changes };
  Object.assign(document.documentElement.dataset, next);
  localStorage.setItem(LOOK_KEY, JSON.stringify(next));
}
