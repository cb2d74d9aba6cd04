// The statistics window: per rule, the recent scores, the courses. Loaded when it is first opened
// (nothing of it is needed to play).
import { api } from "../common/api.js";
import { closeDialog, openDialog } from "../common/dialogs.js";
import { $, el } from "../common/dom.js";
import { t } from "../common/words.js";
import { showError } from "./board-view.js";
import { signed } from "./state.js";
import { number, percent } from "./stats.js";

let statsData = null; // the statistics window's data

/** Open the statistics window. */
export async function openStats() {
  const { ok, data } = await api("GET", "/api/solitaire/stats");
  if (!ok) return showError(data);
  statsData = data;
  const select = $("stats-rules");
  select.replaceChildren(...data.rules.map((r) => el("option", { value: r.rules, text: r.label })));
  select.value = data.selected;
  renderStats();
  renderCourseStats();
  closeDialog($("end-dialog"));
  openDialog($("stats-dialog"));
}

/** Show the statistics of the rule chosen in the window. */
function renderStats() {
  const stats = statsData.rules.find((r) => r.rules === $("stats-rules").value);
  const grid = $("stats-grid");
  const rows = [
    ["stats_games", number(stats.games)], ["stats_wins", number(stats.wins)],
    ["stats_win_rate", percent(stats.win_rate)], ["stats_current_streak", number(stats.current_streak)],
    ["stats_best_streak", number(stats.best_streak)], ["stats_best_score", number(stats.best_score)],
    ["stats_average_left", number(stats.average_cards_left, 1)],
  ];
  grid.replaceChildren(...rows.map(([key, value]) =>
    el("div", { class: "stat" }, el("dt", { text: t(key) }), el("dd", { text: value }))));
  renderChart(stats.recent);
}

const SVG = "http://www.w3.org/2000/svg";

/** A new SVG `tag` with `attrs`, and `text` if given. */
function svgNode(tag, attrs, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text !== null) node.textContent = text;
  return node;
}

/**
 * Bars of the recent scores (won in green, lost in grey), drawn as SVG with labelled axes (the score
 * up the side, the games along the bottom, oldest first); screen readers read the same figures as a
 * table.
 */
function renderChart(recent) {
  const chart = $("stats-chart");
  chart.replaceChildren();
  if (!recent.length) {
    chart.append(el("p", { class: "note", text: t("stats_none") }));
    return;
  }
  const left = 44, bottom = 34, plot = 280, height = 120, gap = 4;
  const width = left + plot + 8;
  const top = Math.max(350, ...recent.map((r) => r.score));
  const bar = (plot - gap * (Math.max(recent.length, 10) - 1)) / Math.max(recent.length, 10);
  const y = (score) => 6 + (height - 6) * (1 - score / top);
  const svg = svgNode("svg", { viewBox: `0 0 ${width} ${height + bottom}`, role: "img",
    "aria-label": t("stats_chart_label", { count: recent.length }) });
  for (const tick of [0, Math.round(top / 2), top]) {
    svg.append(svgNode("line", { x1: left - 4, x2: left + plot, y1: y(tick), y2: y(tick), class: tick ? "grid" : "axis" }),
      svgNode("text", { x: left - 7, y: y(tick) + 4, "text-anchor": "end", class: "tick" }, String(tick)));
  }
  svg.append(svgNode("line", { x1: left, x2: left, y1: 6, y2: height, class: "axis" }),
    svgNode("text", { x: 10, y: height / 2, "text-anchor": "middle", class: "axis-title",
      transform: `rotate(-90 10 ${height / 2})` }, t("score")));
  recent.forEach((result, i) => {
    const h = Math.max(2, height - y(result.score));
    const rect = svgNode("rect", { x: left + 2 + i * (bar + gap), y: height - h, width: bar, height: h, rx: 2,
      class: result.won ? "won" : "lost" });
    rect.append(svgNode("title", {}, t("stats_game_row", { code: result.code,
      result: result.won ? t("stats_won") : t("stats_lost"), score: result.score })));
    svg.append(rect);
  });
  const lastX = left + 2 + (recent.length - 1) * (bar + gap) + bar / 2;
  svg.append(svgNode("text", { x: left + 2 + bar / 2, y: height + 13, "text-anchor": "middle", class: "tick" }, "1"));
  if (recent.length > 1) {
    svg.append(svgNode("text", { x: lastX, y: height + 13, "text-anchor": "middle", class: "tick" }, String(recent.length)));
  }
  svg.append(svgNode("text", { x: left + plot / 2, y: height + 29, "text-anchor": "middle", class: "axis-title" },
    t("chart_games")));
  const legend = el("p", { class: "legend" },
    el("span", { class: "key won", text: t("stats_won") }), el("span", { class: "key lost", text: t("stats_lost") }));
  const head = el("tr", {}, ...[t("chart_game"), t("game_code"), t("daily_result"), t("score")]
    .map((text) => el("th", { scope: "col", text })));
  const rows = recent.map((r, i) => el("tr", {}, el("th", { scope: "row", text: String(i + 1) }), el("td", { text: r.code }),
    el("td", { text: r.won ? t("stats_won") : t("stats_lost") }), el("td", { text: String(r.score) })));
  const table = el("table", { class: "visually-hidden", id: "stats-chart-table" },
    el("caption", { text: t("stats_chart_label", { count: recent.length }) }), el("thead", {}, head), el("tbody", {}, ...rows));
  chart.append(svg, legend, table);
}

function renderCourseStats() {
  const box = $("stats-course");
  box.replaceChildren();
  const course = statsData.course;
  if (course) {
    const table = el("table", { class: "course-table" });
    const head = el("tr", {}, el("th", { scope: "row", text: t("stats_course_deal") }));
    const left = el("tr", {}, el("th", { scope: "row", text: t("stats_course_left") }));
    for (let i = 0; i < course.deals; i += 1) {
      head.append(el("td", { text: String(i + 1) }));
      left.append(el("td", { text: i < course.results.length ? String(course.results[i]) : "·" }));
    }
    head.append(el("td", { text: t("stats_course_total") }));
    left.append(el("td", { class: "total", text: `${course.total} (${signed(course.against_par)})` }));
    table.append(el("tbody", {}, head, left));
    const title = `${t("stats_course_current")} · ${course.code}`;
    box.append(el("h4", { text: title }),
      el("div", { class: "scroll-x", role: "region", tabindex: "0", "aria-label": title }, table));
  }
  if (statsData.finished_courses.length) {
    box.append(el("h4", { text: t("stats_course_finished") }),
      el("ul", { class: "finished-courses" }, ...statsData.finished_courses.map((c) =>
        el("li", { text: `${c.code}: ${c.total} / ${c.par} (${signed(c.against_par)})` }))));
  } else if (!course) {
    box.append(el("p", { class: "note", text: t("stats_course_none") }));
  }
}

$("stats-rules").addEventListener("change", renderStats);
