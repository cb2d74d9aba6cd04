// The player's own page: six-card ratings per grid size with their uncertainty, the ratings over
// time (a plot drawn here, and the same numbers as a table), recent six-card matches, Solitaire
// statistics per rule and the daily deal's results. Only the requester's data: /api/me takes no player.
import { api } from "./common/api.js";
import { $, el } from "./common/dom.js";
import { chosenLanguage, fillLanguages, language, loadStrings, setLanguage, t } from "./common/words.js";

const SVG = "http://www.w3.org/2000/svg";
const HEIGHT = 300;
const MARGIN = { left: 52, right: 16, top: 14, bottom: 44 };

const number = (value) => value.toLocaleString(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const percent = (value) => (value === null ? "–" : value.toLocaleString(language, { style: "percent" }));
const day = (iso) => new Date(iso).toLocaleDateString(language, { dateStyle: "medium", timeZone: "UTC" });

/** A new SVG element with these attributes and children. */
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  for (const child of children) if (child) node.append(child);
  return node;
}

function table(id, head, rows) {
  $(id).hidden = rows.length === 0;
  $(id).replaceChildren(
    el("thead", {}, el("tr", {}, ...head.map((key) => el("th", { scope: "col", text: t(key) })))),
    el("tbody", {}, ...rows));
}

function renderRatings(ratings) {
  $("ratings-none").hidden = ratings.length > 0;
  table("ratings", ["rule_grid", "lb_rating", "lb_range", "record_matches", "me_nearest_bot"], ratings.map((r) => el("tr", { "data-grid": r.grid },
    el("th", { scope: "row", text: r.label }),
    el("td", { class: "rating", text: number(r.mu) }),
    el("td", { text: t("rating_interval", { low: number(r.low), high: number(r.high) }) }),
    el("td", { text: String(r.matches) }),
    el("td", { text: r.bot_name }))));
}

/** Round numbers between `low` and `high` for an axis (about `count` of them). */
function ticks(low, high, count) {
  const raw = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  const values = [];
  for (let v = Math.ceil(low / step) * step; v <= high + 1e-9; v += step) values.push(Math.round(v * 1e6) / 1e6);
  return values;
}

/** The rating history as lines (one per grid, numbered by the player's rated matches at that grid),
 * each with its likely range as a band. */
function renderPlot(history, labels) {
  $("plot-panel").hidden = history.length === 0;
  if (history.length === 0) return;
  // Drawn at the width it is shown at, so that its words keep the page's size on a phone too.
  const WIDTH = Math.max(280, Math.min(720, Math.round($("plot").clientWidth) || 640));
  const byGrid = new Map();
  for (const point of history) {
    if (!byGrid.has(point.grid)) byGrid.set(point.grid, []);
    byGrid.get(point.grid).push(point);
  }
  const count = Math.max(...[...byGrid.values()].map((points) => points.length));
  const lows = history.map((p) => p.mu - 2 * p.sigma);
  const highs = history.map((p) => p.mu + 2 * p.sigma);
  const [yLow, yHigh] = [Math.floor(Math.min(...lows) / 5) * 5, Math.ceil(Math.max(...highs) / 5) * 5];
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (n) => MARGIN.left + (count === 1 ? plotWidth / 2 : ((n - 1) / (count - 1)) * plotWidth);
  const y = (v) => MARGIN.top + (1 - (v - yLow) / Math.max(yHigh - yLow, 1)) * plotHeight;
  const title = svg("title", { id: "plot-label" });
  title.textContent = t("me_plot_label");
  const parts = [title];
  for (const v of ticks(yLow, yHigh, 5)) {
    parts.push(svg("line", { class: "gridline", x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(v), y2: y(v) }));
    const label = svg("text", { x: MARGIN.left - 6, y: y(v) + 4, "text-anchor": "end" });
    label.textContent = String(v);
    parts.push(label);
  }
  for (const n of ticks(1, count, Math.min(count, 6)).filter((v) => Number.isInteger(v))) {
    const label = svg("text", { x: x(n), y: HEIGHT - MARGIN.bottom + 16, "text-anchor": "middle" });
    label.textContent = String(n);
    parts.push(label);
  }
  parts.push(svg("line", { class: "axis", x1: MARGIN.left, x2: MARGIN.left, y1: MARGIN.top, y2: HEIGHT - MARGIN.bottom }));
  parts.push(svg("line", { class: "axis", x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: HEIGHT - MARGIN.bottom, y2: HEIGHT - MARGIN.bottom }));
  const xTitle = svg("text", { class: "axis-title", x: MARGIN.left + plotWidth / 2, y: HEIGHT - 8, "text-anchor": "middle" });
  xTitle.textContent = t("me_axis_match");
  const yTitle = svg("text", { class: "axis-title", x: -(MARGIN.top + plotHeight / 2), y: 14, "text-anchor": "middle", transform: "rotate(-90)" });
  yTitle.textContent = t("lb_rating");
  parts.push(xTitle, yTitle);
  for (const [grid, points] of byGrid) {
    const upper = points.map((p, i) => `${x(i + 1)},${y(p.mu + 2 * p.sigma)}`);
    const lower = points.map((p, i) => `${x(i + 1)},${y(p.mu - 2 * p.sigma)}`).reverse();
    parts.push(svg("polygon", { class: `band g${grid}`, points: [...upper, ...lower].join(" ") }));
    parts.push(svg("polyline", { class: `line g${grid}`, "data-grid": grid, points: points.map((p, i) => `${x(i + 1)},${y(p.mu)}`).join(" ") }));
    points.forEach((p, i) => parts.push(svg("circle", { class: `line g${grid}`, cx: x(i + 1), cy: y(p.mu), r: 3 })));
  }
  const plot = svg("svg", { class: "rating-plot", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-labelledby": "plot-label" }, ...parts);
  $("plot").replaceChildren(plot);
  $("plot-legend").replaceChildren(...[...byGrid.keys()].map((grid) => el("li", {},
    el("span", { class: `swatch g${grid}`, "aria-hidden": "true" }), el("span", { text: labels.get(grid) || String(grid) }))));
  const rows = [];
  for (const [grid, points] of byGrid) {
    points.forEach((p, i) => rows.push(el("tr", {},
      el("th", { scope: "row", text: labels.get(grid) || String(grid) }),
      el("td", { text: String(i + 1) }),
      el("td", { text: number(p.mu) }),
      el("td", { text: t("rating_interval", { low: number(p.mu - 2 * p.sigma), high: number(p.mu + 2 * p.sigma) }) }),
      el("td", { text: day(p.at) }))));
  }
  table("plot-table", ["rule_grid", "me_after_match", "lb_rating", "lb_range", "me_date"], rows);
}

function renderMatches(sixcard, matches) {
  $("recent-none").hidden = matches.length > 0;
  table("sixcard-stats", ["rule_grid", "record_matches", "stats_wins", "stats_win_rate", "record_average"], sixcard.grids.map((g) => el("tr", {},
    el("th", { scope: "row", text: g.label }),
    el("td", { text: String(g.matches) }),
    el("td", { text: String(g.wins) }),
    el("td", { text: percent(g.win_rate) }),
    el("td", { text: g.average_per_hole.toLocaleString(language, { maximumFractionDigits: 2 }) }))));
  $("recent").replaceChildren(...matches.map((m) => {
    const when = new Date(m.finished).toLocaleString(language, { dateStyle: "medium", timeStyle: "short" });
    const players = m.players.flatMap((p) => [el("span", { text: ` · ${p.name} ` }), el("b", { text: String(p.total) })]);
    return el("li", { "data-match": m.id }, el("b", { text: m.won ? t("stats_won") : t("stats_lost") }), el("span", { text: ` · ${when}` }), ...players);
  }));
}

function renderSolitaire(solitaire, daily) {
  $("solitaire-none").hidden = solitaire.length > 0;
  table("solitaire", ["rule", "stats_games", "stats_wins", "stats_win_rate", "stats_best_score", "stats_best_streak"], solitaire.map((s) => el("tr", { "data-rules": s.rules },
    el("th", { scope: "row", text: s.label }),
    el("td", { text: String(s.games) }),
    el("td", { text: String(s.wins) }),
    el("td", { text: percent(s.win_rate) }),
    el("td", { text: s.best_score === null ? "–" : String(s.best_score) }),
    el("td", { text: String(s.best_streak) }))));
  $("daily-none").hidden = daily.length > 0;
  table("daily", ["rule", "me_days_won", "stats_current_streak", "stats_best_streak", "me_last_won"], daily.map((d) => el("tr", { "data-rules": d.rules },
    el("th", { scope: "row", text: d.label }),
    el("td", { text: String(d.days_won) }),
    el("td", { text: String(d.streak) }),
    el("td", { text: String(d.best_streak) }),
    el("td", { text: day(`${d.last_won}T00:00:00Z`) }))));
}

async function load() {
  const { ok, data } = await api("GET", "/api/me");
  if (!ok) {
    $("ratings-none").hidden = false;
    $("ratings-none").textContent = data.error.message;
    return;
  }
  renderRatings(data.ratings);
  const labels = new Map(data.ratings.map((r) => [r.grid, r.label]));
  renderPlot(data.rating_history, labels);
  renderMatches(data.sixcard, data.matches);
  renderSolitaire(data.solitaire, data.daily);
  document.body.classList.add("ready");
}

const strings = await loadStrings(chosenLanguage());
fillLanguages($("language"), strings.languages);
$("language").addEventListener("change", async () => { await setLanguage($("language").value); await load(); });
await load();
