// A card drawn as an element: its face, as both games show it. Court cards and jokers show a figure
// drawn by the project (SVG symbols made once per page, then shared by every face through <use>).
import { el } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";
const GOLD = "#e3b341";
const INK = "#1b1d1f";
const SKIN = "#f7dec4";
const line = (d, stroke = INK, width = 1.2) => ["path", { d, fill: "none", stroke, "stroke-width": width }];
const shape = (d, fill, stroke = INK) => ["path", { d, fill, stroke, "stroke-width": 1 }];
const ROBE = [shape("M4 60c0-14 8-21 20-21s20 7 20 21z", "currentColor"), line("M15 41l9 11 9-11", GOLD, 2.5)];
const FACE = [["circle", { cx: 24, cy: 28, r: 9, fill: SKIN, stroke: INK, "stroke-width": 1.2 }], line("M20.5 27h2m3 0h2", INK, 1.8)];
const SMILE = line("M21 32q3 2.5 6 0");
/** Each figure in a 48×60 box, as [tag, attributes] in painting order; the robe takes the suit's colour. */
const FIGURES = {
  K: [...ROBE, line("M41 58l2-42", GOLD, 2.5), ["circle", { cx: 43, cy: 14, r: 3, fill: GOLD, stroke: INK }], ...FACE,
    shape("M15.5 30q8.5 17 17 0q-8.5 5-17 0z", "#8a6239"), shape("M14 21V9l5 5 5-8 5 8 5-5v12z", GOLD)],
  Q: [shape("M13 40Q10 16 24 16T35 40Q31 30 24 23Q17 30 13 40z", "#6b3f1f"), ...ROBE, ...FACE, SMILE,
    shape("M16 20l2-8 3 5 3-7 3 7 3-5 2 8q-8-3-16 0z", GOLD), line("M38 51v9", "#2f7d52", 2),
    ["circle", { cx: 38, cy: 47, r: 3.5, fill: GOLD, stroke: INK }]],
  J: [...ROBE, line("M7 60l2-48", GOLD, 2.5), shape("M9 13l-6 4 6 4z", GOLD), ...FACE, SMILE,
    shape("M13 25q1-13 13-12 9 1 10 9l2 3z", "currentColor"), shape("M32 15q10-12 15-7-7 2-13 10z", GOLD)],
  X: [...ROBE, ...FACE, SMILE, shape("M13 23L4 9l11 4 9-11 9 11 11-4-9 14z", "#c62d34"),
    ...[[4, 9], [24, 2], [44, 9]].map(([cx, cy]) => ["circle", { cx, cy, r: 2.6, fill: GOLD, stroke: INK }])],
};

function svgElement(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

/** The figures' symbols, added to the page the first time a face needs one. */
function defineFigures() {
  if (document.getElementById("figure-K")) return;
  const sprite = svgElement("svg", { class: "card-figures", "aria-hidden": "true", width: 0, height: 0 });
  for (const [name, shapes] of Object.entries(FIGURES)) {
    const symbol = svgElement("symbol", { id: `figure-${name}`, viewBox: "0 0 48 60" });
    symbol.append(...shapes.map(([tag, attrs]) => svgElement(tag, attrs)));
    sprite.append(symbol);
  }
  document.body.append(sprite);
}

/** A figure (`K`, `Q`, `J`, or `X` for the joker) as an image hidden from screen readers. */
export function figure(name, className = "card-figure") {
  defineFigures();
  const image = svgElement("svg", { class: className, viewBox: "0 0 48 60", "aria-hidden": "true", focusable: "false" });
  image.append(svgElement("use", { href: `#figure-${name}` }));
  return image;
}

/**
 * A card face (rank and suit in two corners, a pip or a figure in the middle) inside `tag`, hidden from
 * screen readers: name it with `name` (a visually hidden text) or an aria-label on an image.
 */
export function cardFace(card, tag = "div", attrs = {}, name = null) {
  const classes = ["card", card.red ? "red" : "black", card.joker ? "joker" : "", `suit-${card.code.slice(-1)}`];
  const face = el(tag, { ...attrs, class: `${classes.join(" ")} ${attrs.class || ""}`.trim() });
  const court = card.joker ? "X" : "JQK".includes(card.code[0]) ? card.code[0] : null;
  const corner = (where) => el("span", { class: `corner ${where}`, "aria-hidden": "true" },
    card.joker ? figure("X", "rank card-figure") : el("span", { class: "rank", text: card.rank }),
    el("span", { class: "suit", text: card.suit }));
  const pip = el("span", { class: court ? "pip court" : "pip", "aria-hidden": "true", text: court ? "" : card.suit });
  if (court) pip.append(figure(court));
  face.append(corner("top"), pip, corner("bottom"));
  if (name !== null) face.append(el("span", { class: "visually-hidden card-name", text: name }));
  return face;
}
