// Six-card Golf page, the ends: a hole's end (each grid's columns scored, as the server's hole_scores
// say: a pair struck through with "pair: 0", each column's points, the total counted up) and the
// match's end (a window with the ranking, the scorecard and Rematch). The numbers are the engine's;
// this file only draws them. DOM calls only; no motion with prefers-reduced-motion.
import { $, el } from "../common/dom.js";
import { openDialog, closeDialog } from "../common/dialogs.js";
import * as Feel from "../common/motion.js";
import { language, t } from "../common/words.js";

const COUNT_MS = 600;

/** A number of points as the page writes it, with a plus sign when asked (a part added to a grid). */
export function pointsText(points, signed = false) {
  return signed && points > 0 ? `+${points}` : String(points);
}

// --- the hole's end ------------------------------------------------------------------------------

/** The counting of the hole's totals: which hole, when it started, each seat's points. */
let counting = null;

function holeKey(state) {
  return `${state.room.code}:${state.view.hole}:${state.view.code}`;
}

/** Start counting the totals up when a hole's end is first seen live (never with reduced motion). */
export function noteHoleEnd(state, previous) {
  const scores = state.hole_scores;
  if (!scores || !state.view) {
    counting = null;
    return;
  }
  const key = holeKey(state);
  if (counting && counting.key === key) return;
  const seenLive = previous && previous.view && !previous.hole_scores;
  if (!seenLive || !Feel.moving()) {
    counting = { key, done: true };
    return;
  }
  counting = { key, start: performance.now(), done: false, targets: scores.map((s) => s.points) };
  requestAnimationFrame(tick);
}

/** The points shown now for ``owner``'s hole: part way while counting, else all of them. */
function shownPoints(owner, points) {
  if (!counting || counting.done || !counting.targets) return points;
  const progress = Math.min(1, (performance.now() - counting.start) / COUNT_MS);
  return Math.round(points * progress);
}

function tick() {
  if (!counting || counting.done) return;
  const finished = performance.now() - counting.start >= COUNT_MS;
  if (finished) counting.done = true;
  document.querySelectorAll("#play .points[data-owner]").forEach((node) => {
    const points = counting.targets[Number(node.dataset.owner)];
    node.textContent = t("hole_points", { points: pointsText(shownPoints(Number(node.dataset.owner), points)) });
  });
  if (!finished) requestAnimationFrame(tick);
}

/** The text of a seat's points in its heading ("Points: 7"), counted up at a hole's end. */
export function holePointsText(owner, points) {
  return t("hole_points", { points: pointsText(shownPoints(owner, points)) });
}

function columnLabel(column, number) {
  const text = column.cancelled
    ? t(column.cards.length === 3 ? "column_three" : "column_pair", { points: pointsText(column.points) })
    : pointsText(column.points);
  return el("span", { class: `column-score${column.cancelled ? " cancelled" : ""}` },
    el("span", { class: "visually-hidden", text: t("column_number", { number }) }),
    el("span", { text }));
}

const PART_WORDS = {
  four_of_a_kind: "part_four_of_a_kind",
  wolfpack: "part_wolfpack",
  knock_penalty: "part_knock_penalty",
  knock_bonus: "part_knock_bonus",
  tied_shame: "part_tied_shame",
  underdog: "part_underdog",
};

/** The grid's bonuses and the hole's other parts, in words ("Four of a kind: −20"). */
function partsLine(score) {
  const items = [];
  for (const bonus of score.bonuses) items.push(t(PART_WORDS[bonus.rule], { points: pointsText(bonus.points, true) }));
  if (score.blackjack) items.push(t("part_blackjack"));
  for (const part of score.parts) {
    if (part.rule !== "grid" && PART_WORDS[part.rule]) items.push(t(PART_WORDS[part.rule], { points: pointsText(part.points, true) }));
  }
  return items.length ? el("ul", { class: "hole-parts" }, ...items.map((text) => el("li", { text }))) : null;
}

/**
 * At a hole's end: strike the cancelled columns of ``owner``'s ``grid`` (its card buttons in
 * position order), put each column's points under it (the grid's last row), and return the list of
 * the hole's other parts to show under the grid (or null).
 */
export function scoreGrid(grid, owner, state) {
  const score = state.hole_scores && state.hole_scores[owner];
  if (!score) return null;
  const cells = [...grid.children];
  const fresh = counting && !counting.done;
  score.columns.forEach((column, index) => {
    if (column.cancelled) column.positions.forEach((position) => cells[position].classList.add("cancelled"));
    const label = columnLabel(column, index + 1);
    if (fresh) {
      label.classList.add("fresh");
      label.style.setProperty("--order", index);
    }
    grid.append(label);
  });
  grid.classList.add("scored");
  return partsLine(score);
}

// --- the match's end -----------------------------------------------------------------------------

/** The seats ranked by total, fewest points first: ``{seat, place, tied}`` (places shared by ties). */
export function ranking(totals) {
  return totals.map((total, seat) => ({ seat, total }))
    .sort((a, b) => a.total - b.total || a.seat - b.seat)
    .map(({ seat, total }) => ({
      seat,
      total,
      place: 1 + totals.filter((other) => other < total).length,
      tied: totals.filter((other) => other === total).length > 1,
    }));
}

/** Fill ``table`` with the scorecard: a row per hole, a column per player, the totals last. */
export function fillScorecard(table, state) {
  const scorecard = state.scorecard;
  const seats = state.room.seats;
  const head = el("tr", {}, el("th", { scope: "col", text: t("hole") }), ...seats.map((s) => el("th", { scope: "col", text: s.name })));
  const rows = [];
  for (let hole = 0; hole < state.room.holes; hole += 1) {
    const points = scorecard.results[hole];
    const current = state.view && state.view.hole === hole && !points;
    rows.push(el("tr", { class: current ? "current" : "" }, el("th", { scope: "row", text: String(hole + 1) }),
      ...seats.map((_, s) => el("td", { text: points ? pointsText(points[s]) : "·" }))));
  }
  const totals = el("tr", { class: "totals" }, el("th", { scope: "row", text: t("stats_course_total") }),
    ...seats.map((_, s) => el("td", { class: scorecard.winners.includes(s) ? "winner" : "", text: pointsText(scorecard.totals[s]) })));
  table.replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows, totals));
}

let shownFor = null;

function matchKey(state) {
  return `${state.room.code}:${state.scorecard.results.length}:${state.scorecard.totals.join(",")}`;
}

function matchWindow(send) {
  let dialog = $("match-end");
  if (dialog) return dialog;
  dialog = el("dialog", { id: "match-end", class: "sheet wide end match-end", "aria-labelledby": "match-end-title" },
    el("div", { class: "sheet-body" },
      el("h2", { id: "match-end-title", text: t("match_over") }),
      el("p", { class: "end-message", id: "match-end-text" }),
      el("h3", { id: "ranking-title", text: t("ranking") }),
      el("table", { class: "course-table ranking", id: "ranking", "aria-labelledby": "ranking-title" }),
      el("h3", { id: "match-end-scorecard-title", text: t("scorecard") }),
      el("div", { class: "scroll-x match-scorecard", role: "region", tabindex: "0", "aria-labelledby": "match-end-scorecard-title" },
        el("table", { class: "course-table", id: "match-end-scorecard" }))),
    el("div", { class: "actions sheet-footer" },
      el("a", { class: "tool", id: "match-end-record", href: `/sixcard/record?lang=${encodeURIComponent(language)}`, text: t("record_after_match") }),
      el("button", { type: "button", class: "tool", "data-close": "", text: t("see_table") }),
      el("button", { type: "button", class: "tool primary", id: "match-end-rematch", text: t("rematch") })));
  document.body.append(dialog);
  $("match-end-rematch").addEventListener("click", () => {
    send({ type: "rematch" });
    closeDialog(dialog);
  });
  return dialog;
}

function fillRanking(table, state) {
  const seats = state.room.seats;
  const head = el("tr", {}, ...["place", "player", "stats_course_total"].map((key) => el("th", { scope: "col", text: t(key) })));
  const rows = ranking(state.scorecard.totals).map(({ seat, total, place, tied }) => el("tr",
    { class: `${place === 1 ? "winner-row" : ""}${seats[seat].you ? " you" : ""}`, "data-seat": seat },
    el("td", { class: "place", text: tied ? t("place_tied", { place }) : String(place) }),
    el("th", { scope: "row", text: seats[seat].name }),
    el("td", { class: "total", text: pointsText(total) })));
  table.replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
}

/** The match's end: its window, opened once per finished match (closed by the player: not again). */
export function renderMatchEnd(state, send) {
  const over = Boolean(state.scorecard && state.scorecard.over);
  const existing = $("match-end");
  if (!over) {
    shownFor = null;
    if (existing) closeDialog(existing);
    return;
  }
  const dialog = matchWindow(send);
  $("match-end-text").textContent = state.status;
  fillRanking($("ranking"), state);
  fillScorecard($("match-end-scorecard"), state);
  const seated = state.seat !== null && state.seat !== undefined;
  $("match-end-rematch").hidden = !seated;
  $("match-end-record").hidden = !seated;
  const key = matchKey(state);
  if (shownFor !== key) {
    shownFor = key;
    openDialog(dialog, seated ? $("match-end-rematch") : null);
  }
}
