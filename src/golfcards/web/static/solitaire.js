// Golf Solitaire page: draws the game the server sends and sends the player's actions back.
"use strict";

(() => {
  const { t, api, el, cardFace, openDialog, closeDialog } = Golf;
  const $ = (id) => document.getElementById(id);
  const SETTINGS_KEY = "golfcards.solitaire.settings";
  const settings = Object.assign({ interactiveRules: true, cardStyle: "classic" },
    JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}"));
  let game = null;
  let busy = false;
  let statsData = null;

  function saveSettings() {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  }

  function say(text, kind = "info") {
    const message = $("message");
    message.textContent = text || "";
    message.dataset.kind = kind;
  }

  function showError(data) {
    say(data && data.error ? data.error.message : t("error_network"), "error");
  }

  // --- drawing ---------------------------------------------------------------------------------

  function render(previous) {
    $("score").textContent = game.score;
    $("moves").textContent = game.moves;
    $("stock-count").textContent = game.stock_count;
    $("code").textContent = game.code;
    $("rule-label").textContent = game.rules.label;
    $("board-text").textContent = game.board_text;
    renderCourse();
    renderTableau(previous);
    renderPiles(previous);
    $("undo").disabled = game.undo_available === 0;
    $("undo-near").disabled = game.undo_available === 0;
    document.body.dataset.status = game.status;
  }

  function renderCourse() {
    const line = $("course-line");
    const course = game.course;
    line.hidden = !course;
    if (!course) return;
    const against = course.against_par > 0 ? `+${course.against_par}` : String(course.against_par);
    line.textContent = t("course_line", { deal: course.deal, deals: course.deals, total: course.total,
      par_so_far: course.par_so_far, against });
  }

  function renderTableau(previous) {
    const tableau = $("tableau");
    tableau.replaceChildren();
    game.columns.forEach((cards, index) => {
      const number = index + 1;
      const column = el("div", { class: "column", role: "group", "aria-label": t("column", { number }) });
      column.style.setProperty("--count", cards.length);
      if (!cards.length) column.append(el("div", { class: "slot", "aria-hidden": "true" }));
      for (const card of cards) {
        const button = cardFace(card, "button", {
          type: "button", "aria-label": card.name, "data-column": card.column, "data-row": card.row,
          "data-code": card.code, class: card.free ? "free" : "covered",
        });
        button.style.setProperty("--row", card.row - 1);
        button.addEventListener("click", () => touch(card.column, card.row));
        column.append(button);
      }
      tableau.append(column);
    });
  }

  function renderPiles(previous) {
    const stock = $("stock");
    stock.classList.toggle("empty", game.stock_count === 0);
    stock.setAttribute("aria-label", game.stock_count ? t("draw_card", { count: game.stock_count }) : t("stock_empty"));
    $("stock-badge").textContent = game.stock_count;
    const discard = $("discard");
    discard.replaceChildren();
    if (game.discard) {
      const changed = previous && (!previous.discard || previous.discard.code !== game.discard.code);
      const face = cardFace(game.discard, "div", { role: "img", "aria-label": `${t("discard")}: ${game.discard.name}`,
        class: changed ? "arrived" : "" });
      discard.append(face);
    } else {
      discard.append(el("div", { class: "slot", role: "img", "aria-label": t("discard_empty") }));
    }
  }

  // --- acting ----------------------------------------------------------------------------------

  async function send(action) {
    if (busy || !game || replay) return;
    busy = true;
    const previous = game;
    const { ok, data } = await api("POST", "/api/solitaire/action", {
      action, request_id: Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join(""),
    });
    busy = false;
    if (!ok) return showError(data);
    game = data.game;
    const outcome = data.outcome;
    if (outcome.accepted) {
      say(outcome.message || "");
    } else if (settings.interactiveRules) {
      say(outcome.refusal.message, "refusal");
      shake(action);
    } else {
      say("");
    }
    render(previous);
    if (outcome.accepted) checkEnd();
  }

  function shake(action) {
    const [column, row] = action.split(".");
    const target = action === "d" ? $("stock")
      : document.querySelector(row ? `[data-column="${column}"][data-row="${row}"]`
        : `[data-column="${column}"].free`);
    if (!target) return;
    target.classList.add("refused");
    setTimeout(() => target.classList.remove("refused"), 450);
  }

  const touch = (column, row) => send(`${column}.${row}`);

  function checkEnd() {
    if (game.status === "playing") {
      closeDialog($("end-dialog"));
      return;
    }
    const won = game.status === "won";
    $("end-title").textContent = won ? t("won_title") : t("blocked_title");
    $("end-message").textContent = game.end_message;
    $("end-detail").textContent = won ? ""
      : `${t("final_score", { score: game.score })} · ${t("cards_left", { count: game.cards_left })}`;
    $("end-detail").hidden = won;
    const course = game.course;
    $("end-next").hidden = !course || course.finished;
    const courseLine = $("end-course");
    courseLine.hidden = !course;
    if (course) courseLine.textContent = $("course-line").textContent;
    $("end-undo").hidden = game.undo_available === 0;
    $("end-dialog").classList.toggle("won", won);
    openDialog($("end-dialog"));
  }

  async function load() {
    const { ok, data } = await api("GET", "/api/solitaire");
    if (!ok) return showError(data);
    game = data.game;
    render(null);
    if (game.status !== "playing") checkEnd();
  }

  async function newGame(body) {
    const { ok, data } = await api("POST", "/api/solitaire/new", body);
    if (!ok) return data;
    game = data.game;
    say("");
    closeDialog($("end-dialog"));
    render(null);
    return null;
  }

  async function nextDeal() {
    const { ok, data } = await api("POST", "/api/solitaire/next");
    if (!ok) return showError(data);
    game = data.game;
    closeDialog($("end-dialog"));
    if (game.course && game.course.finished) {
      const c = game.course;
      say(t("course_finished", { total: c.total, par: c.par, against: c.against_par > 0 ? `+${c.against_par}` : c.against_par }));
    } else {
      say("");
    }
    render(null);
  }

  // --- new game, settings, statistics ------------------------------------------------------------

  function openNewGame() {
    $("new-error").textContent = "";
    const form = $("new-form");
    if (game) {
      form.elements.rule.value = game.rules.name;
      form.elements.jokers.value = String(game.rules.jokers);
      form.elements.empty_discard.checked = game.rules.empty_discard;
      form.elements.course.checked = Boolean(game.course) && !game.course.finished;
    }
    form.elements.code.value = "";
    openDialog($("new-dialog"));
  }

  async function submitNewGame(event) {
    event.preventDefault();
    const form = $("new-form");
    const code = form.elements.code.value.trim();
    const body = code ? { code } : {
      winnable: form.elements.winnable.checked,
      rule: form.elements.rule.value,
      jokers: Number(form.elements.jokers.value),
      empty_discard: form.elements.empty_discard.checked,
      course: form.elements.course.checked,
    };
    const error = await newGame(body);
    if (error) {
      $("new-error").textContent = error.error ? error.error.message : t("error_network");
      return;
    }
    closeDialog($("new-dialog"));
  }

  function applyCardStyle() {
    document.body.classList.remove("style-classic", "style-four", "style-large");
    document.body.classList.add(`style-${settings.cardStyle}`);
  }

  function fillLanguages(languages) {
    const select = $("language");
    select.replaceChildren(...languages.map((l) => el("option", { value: l.code, text: l.name, lang: l.code })));
    select.value = Golf.language;
  }

  async function changeLanguage() {
    const data = await Golf.setLanguage($("language").value);
    fillLanguages(data.languages);
    $("rules-link").href = `/rules/solitaire?lang=${Golf.language}`;
    await load();
  }

  function percent(value) {
    return value === null ? "—" : `${Math.round(value * 100)} %`;
  }

  function number(value, digits = 0) {
    return value === null ? "—" : value.toLocaleString(Golf.language, { maximumFractionDigits: digits });
  }

  async function openStats() {
    const { ok, data } = await api("GET", "/api/solitaire/stats");
    if (!ok) return showError(data);
    statsData = data;
    const select = $("stats-rules");
    select.replaceChildren(...data.rules.map((r) => el("option", { value: r.rules, text: r.label })));
    select.value = data.selected;
    renderStats();
    renderCourseStats();
    openDialog($("stats-dialog"));
  }

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

  function signed(n) {
    return n > 0 ? `+${n}` : String(n);
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
      table.append(head, left);
      box.append(el("h4", { text: `${t("stats_course_current")} · ${course.code}` }), el("div", { class: "scroll-x" }, table));
    }
    if (statsData.finished_courses.length) {
      box.append(el("h4", { text: t("stats_course_finished") }),
        el("ul", { class: "finished-courses" }, ...statsData.finished_courses.map((c) =>
          el("li", { text: `${c.code}: ${c.total} / ${c.par} (${signed(c.against_par)})` }))));
    } else if (!course) {
      box.append(el("p", { class: "note", text: t("stats_course_none") }));
    }
  }

  // --- the solver: hint, still winnable, solution replay ------------------------------------------

  async function showHint() {
    say(t("thinking"));
    const { ok, data } = await api("GET", "/api/solitaire/hint");
    if (!ok) return showError(data);
    say(data.hint.message, "hint");
    const move = data.hint.move;
    const target = move === "d" ? $("stock") : move ? document.querySelector(`#tableau [data-column="${move}"].free`) : null;
    if (target) {
      target.classList.add("hinted");
      setTimeout(() => target.classList.remove("hinted"), 2500);
    }
  }

  async function stillWinnable() {
    say(t("thinking"));
    const { ok, data } = await api("GET", "/api/solitaire/winnable");
    if (!ok) return showError(data);
    say(data.message, data.winnable === false ? "refusal" : "hint");
  }

  let replay = null;

  async function showSolution() {
    say(t("thinking"));
    const { ok, data } = await api("GET", "/api/solitaire/solution");
    if (!ok) return showError(data);
    say(data.message, "hint");
    if (!data.steps.length) return;
    stopReplay();
    const saved = game;
    replay = { steps: data.steps, index: 0, saved, timer: null };
    document.body.classList.add("replaying");
    $("replay-bar").hidden = false;
    const step = () => {
      const current = replay.steps[replay.index];
      const previous = replay.index ? replay.steps[replay.index - 1].game : null;
      game = current.game;
      render(previous);
      $("replay-text").textContent = t("solution_step", { number: replay.index, count: replay.steps.length - 1 })
        + (current.text ? ` · ${current.text}` : "");
      replay.index += 1;
      if (replay.index < replay.steps.length) replay.timer = setTimeout(step, 650);
    };
    step();
  }

  function stopReplay() {
    if (!replay) return;
    clearTimeout(replay.timer);
    game = replay.saved;
    replay = null;
    document.body.classList.remove("replaying");
    $("replay-bar").hidden = true;
    render(null);
  }

  async function copyCode() {
    const code = game ? game.code : "";
    try {
      await navigator.clipboard.writeText(code);
    } catch (err) {
      const range = document.createRange();
      range.selectNodeContents($("code"));
      const selection = getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      document.execCommand("copy");
    }
    say(t("code_copied", { code }));
  }

  // --- wiring ---------------------------------------------------------------------------------

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]")) return;
    if (event.target.closest("input, select, textarea")) return;
    const key = event.key.toLowerCase();
    if (key === "h") showHint();
    else if (key === "d") send("d");
    else if (key === "u") send("u");
    else if (key === "n") openNewGame();
    else if (/^[1-7]$/.test(key)) send(key);
    else return;
    event.preventDefault();
  }

  async function start() {
    applyCardStyle();
    const data = await Golf.loadStrings(Golf.chosenLanguage());
    fillLanguages(data.languages);
    $("rules-link").href = `/rules/solitaire?lang=${Golf.language}`;
    $("interactive-rules").checked = settings.interactiveRules;
    $("card-style").value = settings.cardStyle;

    $("stock").addEventListener("click", () => send("d"));
    $("undo").addEventListener("click", () => send("u"));
    $("undo-near").addEventListener("click", () => send("u"));
    $("new-game").addEventListener("click", openNewGame);
    $("new-form").addEventListener("submit", submitNewGame);
    $("open-settings").addEventListener("click", () => openDialog($("settings-dialog")));
    $("open-stats").addEventListener("click", openStats);
    $("stats-rules").addEventListener("change", renderStats);
    $("code").addEventListener("click", copyCode);
    $("interactive-rules").addEventListener("change", (e) => { settings.interactiveRules = e.target.checked; saveSettings(); });
    $("card-style").addEventListener("change", (e) => { settings.cardStyle = e.target.value; saveSettings(); applyCardStyle(); });
    $("language").addEventListener("change", changeLanguage);
    $("end-undo").addEventListener("click", () => { closeDialog($("end-dialog")); send("u"); });
    $("end-new").addEventListener("click", () => { closeDialog($("end-dialog")); openNewGame(); });
    $("end-next").addEventListener("click", nextDeal);
    $("hint").addEventListener("click", showHint);
    $("winnable").addEventListener("click", stillWinnable);
    $("solution").addEventListener("click", showSolution);
    $("replay-stop").addEventListener("click", stopReplay);
    document.addEventListener("keydown", onKey);
    await load();
    document.body.classList.add("ready");
  }

  start();
})();
