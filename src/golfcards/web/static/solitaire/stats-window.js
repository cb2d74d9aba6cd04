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

/** Bars of the recent scores (won in green, lost in grey), drawn as SVG. */
function renderChart(recent) {
  const chart = $("stats-chart");
  chart.replaceChildren();
  if (!recent.length) {
    chart.append(el("p", { class: "note", text: t("stats_none") }));
    return;
  }
  const ns = "http://www.w3.org/2000/svg";
  const width = 320, height = 120, gap = 4, top = 350;
  const bar = (width - gap * (recent.length - 1)) / Math.max(recent.length, 10);
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height + 16}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("stats_chart_label", { count: recent.length }));
  const base = document.createElementNS(ns, "line");
  Object.entries({ x1: 0, x2: width, y1: height, y2: height, class: "axis" }).forEach(([k, v]) => base.setAttribute(k, v));
  svg.append(base);
  recent.forEach((result, i) => {
    const h = Math.max(2, (result.score / top) * (height - 4));
    const rect = document.createElementNS(ns, "rect");
    Object.entries({ x: i * (bar + gap), y: height - h, width: bar, height: h, rx: 2,
      class: result.won ? "won" : "lost" }).forEach(([k, v]) => rect.setAttribute(k, v));
    const title = document.createElementNS(ns, "title");
    title.textContent = t("stats_game_row", { code: result.code, result: result.won ? t("stats_won") : t("stats_lost"),
      score: result.score });
    rect.append(title);
    svg.append(rect);
  });
  const legend = el("p", { class: "legend" },
    el("span", { class: "key won", text: t("stats_won") }), el("span", { class: "key lost", text: t("stats_lost") }));
  const list = el("ol", { class: "visually-hidden" }, ...recent.map((r) => el("li", {
    text: t("stats_game_row", { code: r.code, result: r.won ? t("stats_won") : t("stats_lost"), score: r.score }) })));
  chart.append(svg, legend, list);
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
