// The daily deal's page: today's code per rule, the player's streak, and the day's table on this server.
import { api } from "./common/api.js";
import { $, el } from "./common/dom.js";
import { chosenLanguage, fillLanguages, language, loadStrings, setLanguage, t } from "./common/words.js";

const RULE_KEY = "golfcards.daily.rule";

function say(text, kind = "info") {
  $("daily-message").textContent = text || "";
  $("daily-message").dataset.kind = kind;
}

function duration(seconds) {
  const minutes = Math.floor(seconds / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return `${minutes}:${rest}`;
}

function result(status) {
  return { won: t("stats_won"), blocked: t("daily_blocked"), playing: t("daily_playing"),
    abandoned: t("daily_abandoned") }[status] || status;
}

/** A row's player: a pseudonym from its tag ("Player 4F2A9C"), the asking player's marked as theirs. */
function playerName(row) {
  const name = t("daily_pseudonym", { tag: row.tag });
  return row.you ? t("daily_you_named", { name }) : name;
}

function renderTable(rows) {
  const table = $("daily-table");
  $("daily-none").hidden = rows.length > 0;
  table.hidden = rows.length === 0;
  const head = el("tr", {}, ...["daily_rank", "daily_player", "daily_result", "score", "moves", "daily_time"]
    .map((key) => el("th", { scope: "col", text: t(key) })));
  const body = rows.map((row) => el("tr", { class: row.you ? "you" : null, "data-status": row.status },
    el("td", { text: row.rank === null ? "–" : String(row.rank) }),
    el("td", { text: playerName(row) }),
    el("td", { text: result(row.status) }),
    el("td", { text: String(row.score) }),
    el("td", { text: String(row.moves) }),
    el("td", { text: duration(row.seconds) })));
  table.replaceChildren(el("thead", {}, head), el("tbody", {}, ...body));
}

async function show() {
  const rule = $("daily-rule").value;
  const { ok, data } = await api("GET", `/api/solitaire/daily?rule=${encodeURIComponent(rule)}`);
  if (!ok) return say(data.error ? data.error.message : t("error_network"), "error");
  $("daily-date").textContent = t("daily_of", { date: data.date });
  $("daily-code").textContent = data.code;
  $("daily-streak").textContent = t("daily_streak", { count: data.streak, best: data.best_streak });
  renderTable(data.table);
  say(data.note || "");
}

async function play() {
  const { ok, data } = await api("POST", "/api/solitaire/daily", { rule: $("daily-rule").value });
  const code = $("daily-code").textContent;
  // Without the network, the Solitaire page deals the day's code on this device; the game goes to the
  // server when the network is back, and counts as the day's if it replays.
  if (!ok && data.error && data.error.key === "network" && code) {
    location.href = `/solitaire?code=${encodeURIComponent(code)}&lang=${encodeURIComponent(language)}`;
    return;
  }
  if (!ok) return say(data.error ? data.error.message : t("error_network"), "error");
  location.href = `/solitaire?lang=${encodeURIComponent(language)}`;
}

async function start() {
  const data = await loadStrings(chosenLanguage());
  const select = $("language");
  fillLanguages(select, data.languages);
  $("rules-link").href = `/rules/solitaire?lang=${language}`;
  const saved = localStorage.getItem(RULE_KEY);
  if (["easy", "classic", "strict"].includes(saved)) $("daily-rule").value = saved;
  select.addEventListener("change", async () => {
    await setLanguage(select.value);
    $("rules-link").href = `/rules/solitaire?lang=${language}`;
    await show();
  });
  $("daily-rule").addEventListener("change", () => { localStorage.setItem(RULE_KEY, $("daily-rule").value); show(); });
  $("daily-play").addEventListener("click", play);
  await show();
  document.body.classList.add("ready");
}

start();
// The worker that keeps this page and the Solitaire page for offline play (solitaire.js registers both too).
for (const scope of ["/daily", "/solitaire"]) navigator.serviceWorker?.register("/sw.js", { scope }).catch(() => {});
