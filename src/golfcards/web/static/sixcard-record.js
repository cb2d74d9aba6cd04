// Six-card Golf record page: statistics per grid and per bot level, the match history, and the
// replay of a finished match hole by hole, every card shown (the server serves finished matches only).
import { api } from "./common/api.js";
import { cardFace } from "./common/cards.js";
import { $, el } from "./common/dom.js";
import { chosenLanguage, fillLanguages, language, loadStrings, setLanguage, t } from "./common/words.js";

let replay = null;
let hole = 0;
let step = 0;
let next = null;

// --- statistics and history ---------------------------------------------------------------

const percent = (value) => value.toLocaleString(language, { style: "percent" });
const number = (value) => value.toLocaleString(language, { maximumFractionDigits: 2 });

function renderStatistics(statistics) {
  const grids = statistics.grids;
  $("record-none").hidden = grids.length > 0;
  $("grid-stats").hidden = grids.length === 0;
  const head = el("tr", {}, ...["rule_grid", "record_matches", "stats_wins", "stats_win_rate", "record_average", "record_best_hole"]
    .map((key) => el("th", { scope: "col", text: t(key) })));
  const rows = grids.map((g) => el("tr", { "data-grid": g.grid },
    el("th", { scope: "row", text: g.label }),
    el("td", { text: String(g.matches) }),
    el("td", { text: String(g.wins) }),
    el("td", { text: percent(g.win_rate) }),
    el("td", { text: number(g.average_per_hole) }),
    el("td", { text: String(g.best_hole) })));
  $("grid-stats").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
  const bots = statistics.bots;
  $("bot-stats").hidden = bots.length === 0;
  $("bot-stats-title").hidden = bots.length === 0;
  const botHead = el("tr", {}, ...["bot_level", "record_matches", "stats_wins"].map((key) => el("th", { scope: "col", text: t(key) })));
  const botRows = bots.map((b) => el("tr", { "data-level": b.level },
    el("th", { scope: "row", text: b.name }),
    el("td", { text: String(b.matches) }),
    el("td", { text: String(b.wins) })));
  $("bot-stats").replaceChildren(el("thead", {}, botHead), el("tbody", {}, ...botRows));
}

function historyItem(line) {
  const when = new Date(line.finished).toLocaleString(language, { dateStyle: "medium", timeStyle: "short" });
  const players = line.players.map((p) => el("li", { class: `${p.winner ? "winner" : ""}${p.you ? " you" : ""}`.trim() },
    el("span", { text: p.name }), el("b", { text: String(p.total) })));
  const base = `/api/sixcard/matches/${line.id}/scorecard`;
  const lang = `?lang=${encodeURIComponent(language)}`;
  const open = el("button", { type: "button", class: "tool small primary", "data-match": line.id, text: t("record_replay") });
  open.addEventListener("click", () => openReplay(line.id));
  return el("li", { class: "match", id: `match-${line.id}` },
    el("p", { class: "match-head" }, el("b", { text: line.won ? t("stats_won") : t("stats_lost") }), el("span", { text: ` · ${when}` })),
    line.rules.length ? el("p", { class: "note", text: line.rules.join(" · ") }) : null,
    el("ol", { class: "match-players" }, ...players),
    el("p", { class: "match-actions" }, open,
      el("a", { class: "tool small", href: `${base}.csv${lang}`, download: `golfcards-sixcard-${line.id}.csv`, text: t("record_csv") }),
      el("a", { class: "tool small", href: `${base}.json${lang}`, download: `golfcards-sixcard-${line.id}.json`, text: t("record_json") })));
}

async function loadRecord(before) {
  const { ok, data } = await api("GET", before ? `/api/sixcard/record?before=${before}` : "/api/sixcard/record");
  if (!ok) {
    $("record-none").hidden = false;
    $("record-none").textContent = data.error.message;
    return;
  }
  if (!before) {
    renderStatistics(data.statistics);
    $("history").replaceChildren();
  }
  $("history").append(...data.history.map(historyItem));
  next = data.next;
  $("more").hidden = next === null;
}

// --- the replay -------------------------------------------------------------------------------

async function fetchHole(id, number) {
  const { ok, data } = await api("GET", `/api/sixcard/matches/${id}?hole=${number}`);
  if (!ok) {
    $("replay").hidden = false;
    $("replay-title").textContent = data.error.message;
    return null;
  }
  return data;
}

async function showHole(number) {
  const data = await fetchHole(replay.id, number);
  if (!data) return;
  replay = data;
  hole = number;
  step = 0;
  drawReplay();
}

async function openReplay(id) {
  const data = await fetchHole(id, 0);
  if (!data) return;
  replay = data;
  hole = 0;
  step = 0;
  $("replay").hidden = false;
  $("replay-title").textContent = t("replay_title", { id: data.id });
  $("replay-rules").replaceChildren(...data.house_rules.map((rule) => el("li", { class: rule.default ? "" : "changed", text: `${rule.label}: ${rule.text}` })));
  $("replay-holes").replaceChildren(...data.holes.map((h, number) => {
    const button = el("button", { type: "button", class: "tool small", "data-hole": number, text: String(number + 1),
      "aria-label": t("replay_hole", { hole: number + 1, holes: data.holes.length }) });
    button.addEventListener("click", () => showHole(number));
    return button;
  }));
  renderReplayScorecard();
  drawReplay();
  history.replaceState(null, "", `#match-${id}`);
  $("replay").scrollIntoView({ block: "start" });
}

function renderReplayScorecard() {
  const head = el("tr", {}, el("th", { scope: "col", text: t("hole") }), ...replay.names.map((name) => el("th", { scope: "col", text: name })));
  const rows = replay.results.map((points, number) => el("tr", {}, el("th", { scope: "row", text: String(number + 1) }),
    ...points.map((p) => el("td", { text: String(p) }))));
  const totals = el("tr", { class: "totals" }, el("th", { scope: "row", text: t("stats_course_total") }),
    ...replay.totals.map((total, seat) => el("td", { class: replay.winners.includes(seat) ? "winner" : "", text: String(total) })));
  $("replay-scorecard").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows, totals));
}

function faceOf(code, attrs = {}) {
  return cardFace(replay.cards[code], "div", { role: "img", "aria-label": replay.cards[code].name, ...attrs });
}

function drawReplay() {
  const steps = replay.hole.steps;
  step = Math.max(0, Math.min(step, steps.length - 1));
  const now = steps[step];
  document.querySelectorAll("#replay-holes button").forEach((button) => {
    if (Number(button.dataset.hole) === hole) button.setAttribute("aria-current", "true");
    else button.removeAttribute("aria-current");
  });
  const slider = $("replay-step");
  slider.max = String(steps.length - 1);
  slider.value = String(step);
  $("replay-position").textContent = `${t("replay_hole", { hole: hole + 1, holes: replay.holes.length })} · ${t("replay_step", { step: step + 1, steps: steps.length })}`;
  $("replay-text").textContent = now.text;
  const seats = now.grids.map((grid, seat) => {
    const cells = grid.map((code, position) => faceOf(code, {
      class: now.face_up[seat][position] ? "" : "was-face-down", "data-position": position }));
    const gridNode = el("div", { class: "grid" }, ...cells);
    gridNode.style.setProperty("--columns", replay.columns);
    const points = now.points ? el("span", { class: "points", text: t("hole_points", { points: now.points[seat] }) }) : null;
    return el("section", { class: `seat-panel${now.seat === seat ? " turn" : ""}${replay.you === seat ? " you" : ""}`, "data-seat": seat },
      el("h3", {}, el("span", { text: replay.names[seat] }), points), gridNode);
  });
  const middle = el("div", { class: "middle" },
    el("span", { class: "pile stock replay-stock", text: String(now.stock) }),
    now.discard ? faceOf(now.discard, { class: "replay-discard" }) : null,
    now.holding ? el("div", { class: "holding" }, el("span", { class: "holding-label", text: replay.names[now.holder] }), faceOf(now.holding)) : null);
  $("replay-table").replaceChildren(el("div", { class: "opponents replay-seats" }, ...seats), middle);
  $("replay-first").disabled = step === 0;
  $("replay-previous").disabled = step === 0;
  $("replay-next").disabled = step === steps.length - 1;
  $("replay-last").disabled = step === steps.length - 1;
}

function go(delta) {
  if (!replay) return;
  step += delta;
  drawReplay();
}

function wireReplay() {
  $("replay-first").addEventListener("click", () => { step = 0; drawReplay(); });
  $("replay-previous").addEventListener("click", () => go(-1));
  $("replay-next").addEventListener("click", () => go(1));
  $("replay-last").addEventListener("click", () => { step = Infinity; drawReplay(); });
  $("replay-step").addEventListener("input", (event) => { step = Number(event.target.value); drawReplay(); });
  $("more").addEventListener("click", () => loadRecord(next));
  document.addEventListener("keydown", (event) => {
    if (!replay || event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowRight") go(1);
    else if (event.key === "ArrowLeft") go(-1);
  });
}

async function start() {
  const data = await loadStrings(chosenLanguage());
  const select = $("language");
  fillLanguages(select, data.languages);
  select.addEventListener("change", async () => { await setLanguage(select.value); location.reload(); });
  $("rules-link").href = `/rules/sixcard?lang=${language}`;
  document.title = `${t("record_title")} · golfcards`;
  wireReplay();
  await loadRecord(null);
  const wanted = location.hash.match(/^#match-(\d+)$/);
  if (wanted) await openReplay(Number(wanted[1]));
  document.body.classList.add("ready");
}

start();
