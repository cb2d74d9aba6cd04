// Applies the player's looks (theme, table colour, card backs, card style) before the first paint.
"use strict";
(() => {
  let look = {};
  try { look = JSON.parse(localStorage.getItem("golfcards.look") || "{}") || {}; } catch { look = {}; }
  const root = document.documentElement;
  const pick = (value, allowed) => (allowed.includes(value) ? value : allowed[0]);
  root.dataset.theme = pick(look.theme, ["auto", "light", "dark"]);
  root.dataset.felt = pick(look.felt, ["green", "blue", "wine", "grey"]);
  root.dataset.back = pick(look.back, ["red", "blue", "green"]);
  root.dataset.cards = pick(look.cards, ["classic", "four", "large"]);
})();
