// Figures as the Solitaire page's windows write them, in the page's language.
import { el } from "../common/dom.js";
import { language } from "../common/words.js";

/** A share (0–1) as a whole percentage; — when there is none yet. */
export function percent(value) {
  return value === null ? "—" : `${Math.round(value * 100)} %`;
}

/** A number in the page's language; — when there is none yet. */
export function number(value, digits = 0) {
  return value === null ? "—" : value.toLocaleString(language, { maximumFractionDigits: digits });
}

/** One figure of a description list: its label and its value. */
export function figure(label, value) {
  return el("div", { class: "figure" }, el("dt", { text: label }), el("dd", { text: String(value) }));
}
