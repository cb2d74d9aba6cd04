// What the page keeps on this device (localStorage): JSON objects read without ever breaking the
// page, and the player's looks.

/** Read a JSON object from localStorage (an empty object when missing or unreadable). */
export function stored(key) {
  try {
    const value = JSON.parse(localStorage.getItem(key) || "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

// The player's looks on this device (theme, table colour, card backs, card style). The classic
// script look.js applies the kept ones before the first paint; these read and change them.

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
