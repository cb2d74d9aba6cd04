// The leaderboards: six-card players by cautious rating per grid size, Solitaire players by wins
// and by daily deals won, each filtered by rule (and period); the viewer's own row is marked.
import { api } from "./common/api.js";
import { $, el } from "./common/dom.js";
import { chosenLanguage, fillLanguages, language, loadStrings, setLanguage, t } from "./common/words.js";

const number = (value) => value.toLocaleString(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const TITLES = { sixcard: "lb_sixcard", solitaire: "lb_solitaire", daily: "lb_daily" };

/** The query the controls describe (only the parameters that board reads). */
function query() {
  const board = $("board").value;
  const params = new URLSearchParams({ board });
  if (board === "sixcard") params.set("grid", $("grid").value || "6");
  else params.set("rules", $("rules").value || "E");
  if (board === "daily") params.set("period", $("period").value);
  return params;
}

function nameCell(row) {
  const cell = el("th", { scope: "row", text: row.you ? t("daily_you_named", { name: row.name }) : row.name });
  return cell;
}

function sixcardTable(data) {
  const head = ["daily_rank", "daily_player", "lb_rating", "lb_range", "lb_cautious", "record_matches"];
  const rows = data.rows.map((row) => el("tr", { class: row.you ? "you" : null, "aria-current": row.you ? "true" : null },
    el("td", { text: String(row.rank) }),
    nameCell(row),
    el("td", { text: number(row.mu) }),
    el("td", { text: t("rating_interval", { low: number(row.low), high: number(row.high) }) }),
    el("td", { text: number(row.ordinal) }),
    el("td", { text: String(row.matches) })));
  return [head, rows];
}

function solitaireTable(data) {
  const head = ["daily_rank", "daily_player", "stats_wins", "stats_games", "score"];
  const rows = data.rows.map((row) => el("tr", { class: row.you ? "you" : null, "aria-current": row.you ? "true" : null },
    el("td", { text: String(row.rank) }),
    nameCell(row),
    el("td", { text: String(row.wins) }),
    el("td", { text: String(row.games) }),
    el("td", { text: String(row.score) })));
  return [head, rows];
}

function fillSelect(select, options, chosen) {
  select.replaceChildren(...options.map((o) => el("option", { value: o.value, text: o.label })));
  select.value = chosen;
}

function render(data) {
  const board = data.board;
  $("grid-field").hidden = board !== "sixcard";
  $("rules-field").hidden = board === "sixcard";
  $("period-field").hidden = board !== "daily";
  if (data.grids) fillSelect($("grid"), data.grids.map((g) => ({ value: String(g.grid), label: g.label })), String(data.grid));
  if (data.rules_options) fillSelect($("rules"), data.rules_options.map((r) => ({ value: r.key, label: r.label })), data.rules);
  $("board-title").textContent = t(TITLES[board]);
  $("board-help").textContent = board === "sixcard" ? t("lb_sixcard_help", { count: data.min_matches })
    : t(board === "solitaire" ? "lb_solitaire_help" : "lb_daily_help");
  const [head, rows] = board === "sixcard" ? sixcardTable(data) : solitaireTable(data);
  $("board-empty").hidden = rows.length > 0;
  $("board-table").hidden = rows.length === 0;
  $("board-table").replaceChildren(
    el("thead", {}, el("tr", {}, ...head.map((key) => el("th", { scope: "col", text: t(key) })))),
    el("tbody", {}, ...rows));
}

async function load() {
  const params = query();
  const shown = new URLSearchParams(params);
  const lang = new URLSearchParams(location.search).get("lang");
  if (lang) shown.set("lang", lang);
  history.replaceState(null, "", `?${shown}`);
  const { ok, data } = await api("GET", `/api/leaderboards?${params}`);
  $("board-error").hidden = ok;
  if (!ok) {
    $("board-error").textContent = data.error.message;
    return;
  }
  render(data);
  document.body.classList.add("ready");
}

const start = new URLSearchParams(location.search);
const data = await loadStrings(chosenLanguage());
fillLanguages($("language"), data.languages);
$("board").value = ["sixcard", "solitaire", "daily"].includes(start.get("board")) ? start.get("board") : "sixcard";
$("period").value = ["today", "week", "all"].includes(start.get("period")) ? start.get("period") : "today";
$("grid").append(el("option", { value: start.get("grid") || "6" }));
$("rules").append(el("option", { value: start.get("rules") || "E" }));
for (const id of ["board", "grid", "rules", "period"]) $(id).addEventListener("change", load);
$("language").addEventListener("change", async () => { await setLanguage($("language").value); await load(); });
await load();
