// A card drawn as an element: its face, as both games show it.
import { el } from "./dom.js";

/**
 * A card face (rank and suit in two corners, a big pip in the middle) inside `tag`. The corners and
 * the pip are hidden from screen readers: give the element its name with `name` (a visually hidden
 * text, so that buttons are named by their content) or an aria-label on an image.
 */
export function cardFace(card, tag = "div", attrs = {}, name = null) {
  const classes = ["card", card.red ? "red" : "black", card.joker ? "joker" : "", `suit-${card.code.slice(-1)}`];
  const face = el(tag, { ...attrs, class: `${classes.join(" ")} ${attrs.class || ""}`.trim() });
  const corner = (where) => el("span", { class: `corner ${where}`, "aria-hidden": "true" },
    el("span", { class: "rank", text: card.rank }), el("span", { class: "suit", text: card.suit }));
  const court = !card.joker && isNaN(Number(card.rank)) && card.code[0] !== "A";
  const pip = el("span", { class: court ? "pip court" : "pip", "aria-hidden": "true",
    text: card.joker ? "🃏" : court ? card.rank : card.suit });
  if (court) pip.append(el("small", { text: card.suit }));
  face.append(corner("top"), pip, corner("bottom"));
  if (name !== null) face.append(el("span", { class: "visually-hidden card-name", text: name }));
  return face;
}
