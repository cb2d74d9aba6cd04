// Statistics on the end window: this rule's statistics before and after the game (the statistics
// window is stats-window.js); figures as both write them. Loaded with the end window.
import { api } from "../common/api.js";
import { $, el } from "../common/dom.js";
import { language, t } from "../common/words.js";
import { board } from "./state.js";

/** Show, on the end window, how this rule's statistics changed with the game. */
export async function showStatsChange() {
  const before = board.statsBefore;
  if (!before) return;
  const { ok, data } = await api("GET", "/api/solitaire/stats");
  if (!ok || !$("end-dialog").open) return;
  const after = data.rules.find((r) => r.rules === before.rules);
  if (!after) return;
  const rows = [
    ["stats_games", number(before.games), number(after.games)],
    ["stats_wins", number(before.wins), number(after.wins)],
    ["stats_win_rate", percent(before.win_rate), percent(after.win_rate)],
    ["stats_current_streak", number(before.current_streak), number(after.current_streak)],
    ["stats_best_score", number(before.best_score), number(after.best_score)],
  ];
  $("end-stats-rows").replaceChildren(...rows.map(([key, from, to]) => el("tr", { class: from === to ? "" : "changed" },
    el("th", { scope: "row", text: t(key) }), el("td", { text: from }), el("td", { class: "arrow", "aria-hidden": "true", text: "→" }),
    el("td", { text: to }))));
  $("end-stats").hidden = false;
  board.statsBefore = after;
}

/** A share (0–1) as a whole percentage; — when there is none yet. */
export function percent(value) {
  return value === null ? "—" : `${Math.round(value * 100)} %`;
}

/** A number in the page's language; — when there is none yet. */
export function number(value, digits = 0) {
  return value === null ? "—" : value.toLocaleString(language, { maximumFractionDigits: digits });
}
