// Six-card Golf page: the lobby, and a room over a WebSocket. The server sends this seat's view
// (built by the engine's view_for) and decides everything; the page only draws and asks.
// The page's own parts are in sixcard/ (the house rules, spectators and connection notice; the seats).
import { api, showAccount } from "./common/api.js";
import { cardFace } from "./common/cards.js";
import { $, el } from "./common/dom.js";
import * as Feel from "./common/motion.js";
import { chosenLanguage, fillLanguages, language, loadStrings, setLanguage, t } from "./common/words.js";
import * as SixEnds from "./sixcard/ends.js";
import * as SixInvite from "./sixcard/invite.js";
import * as QuickPlay from "./sixcard/quick.js";
import * as HouseRules from "./sixcard/house-rules.js";
import * as SixSeats from "./sixcard/seats.js";
import * as SixTable from "./sixcard/table.js";

(() => {
  const TOKEN_KEY = (code) => `golfcards.room.${code}`;
  const NAME_KEY = "golfcards.name";
  // How the server closes a room it will not open or a connection it ends after saying why: no such
  // room (4404), too many codes tried from this network or too many messages (4429: only a seat's
  // own link opens a room then), no room for one more spectator (4503).
  const UNOPENED = new Set([4404, 4429, 4503]);
  let socket = null;
  let state = null;
  let seat = null;
  let taking = false;
  let choosing = null; // a house rule's move waiting for one's card: "flip" or "discard_flip"
  let retry = 0;
  let lastSequence = -1;

  const roomCode = () => {
    const match = location.pathname.match(/^\/sixcard\/([A-Za-z0-9]+)/);
    return match ? match[1].toUpperCase() : null;
  };

  // --- lobby -----------------------------------------------------------------------------------

  function lobbyError(data) {
    $("lobby-message").textContent = data && data.error ? data.error.message : t("error_network");
  }

  async function createRoom(body, path = "/api/sixcard/rooms") {
    const name = body.name;
    if (name) localStorage.setItem(NAME_KEY, name);
    const { ok, data } = await api("POST", path, body);
    if (!ok) return lobbyError(data);
    localStorage.setItem(TOKEN_KEY(data.code), data.token);
    location.href = `/sixcard/${data.code}`;
  }

  function wireLobby() {
    const saved = localStorage.getItem(NAME_KEY) || "";
    document.querySelectorAll('#lobby input[name="name"]').forEach((input) => { input.value = saved; });
    for (const id of ["bots-form", "room-form"]) $(id).querySelector(".actions").before(HouseRules.houseRulesFieldset());
    $("lobby-message").before(SixTable.lobbyRecordLink());
    $("bots-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const form = event.target;
      const bots = Array(Number(form.elements.bots.value)).fill(form.elements.level.value);
      createRoom({ name: form.elements.name.value, players: bots.length + 1, bots, start: true,
        rules: HouseRules.readHouseRules(form) });
    });
    $("room-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const form = event.target;
      createRoom({ name: form.elements.name.value, players: Number(form.elements.players.value),
        rules: HouseRules.readHouseRules(form) });
    });
    QuickPlay.wireQuickPlay((path, body) => createRoom(body, path));
    $("join-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const code = event.target.elements.code.value.trim().toUpperCase();
      if (code) location.href = `/sixcard/${encodeURIComponent(code)}`;
    });
    $("lobby").hidden = false;
  }

  // --- the room's connection ---------------------------------------------------------------------

  function connect(code) {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/sixcard/${code}?lang=${language}`);
    socket.addEventListener("open", () => {
      retry = 0;
      const token = localStorage.getItem(TOKEN_KEY(code));
      if (token) send({ type: "hello", token });
      else send({ type: "watch", name: localStorage.getItem(NAME_KEY) || "" });
    });
    socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (UNOPENED.has(event.code)) return; // the server said why (an error message): retrying changes nothing
      // Any other close, the server's restart (1012) among them, is followed by a reconnection, and
      // then by more until the server answers again: the room is as last stored.
      SixTable.connectionLost();
      retry = Math.min(retry + 1, 6);
      setTimeout(() => connect(code), 300 * retry);
    });
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function act(action) {
    taking = false;
    choosing = null;
    send({ type: "act", action });
  }

  function receive(message) {
    if (message.type === "welcome") {
      seat = message.seat;
      localStorage.setItem(TOKEN_KEY(state ? state.room.code : roomCode()), message.token);
      return;
    }
    if (message.type === "error") {
      showError(message.message);
      if (message.key === "room.bad_token" || message.key === "room.removed") localStorage.removeItem(TOKEN_KEY(roomCode()));
      if (message.key === "room.removed") $("me").replaceChildren();
      if (message.key === "room.not_found" || message.key === "room.too_many_tries" || message.key === "room.too_many_spectators") {
        $("room").hidden = true;
        wireLobby();
        $("lobby-message").textContent = message.message;
      }
      return;
    }
    if (message.type === "state") {
      if (message.sequence !== lastSequence) hideError();
      lastSequence = message.sequence;
      SixTable.connectionBack();
      state = message;
      seat = message.seat;
      render();
    }
  }

  function showError(text) {
    $("error").textContent = text;
    $("error").hidden = false;
  }

  function hideError() {
    $("error").hidden = true;
  }

  // --- drawing -------------------------------------------------------------------------------------

  const card = (code) => state.cards[code];

  function render() {
    const room = state.room;
    const before = room.started && !$("play").hidden ? measure() : null;
    $("room").hidden = false;
    $("room-code").textContent = room.code;
    // Against bots only there is nobody to invite: no code, no link (back when a human seat opens).
    document.querySelector("#room .room-head").hidden = room.seats.every((s, number) => number === seat || s.kind === "bot");
    SixInvite.render(state);
    $("status").textContent = state.status;
    $("seating").hidden = room.started;
    $("play").hidden = !room.started;
    renderSeats(room);
    SixEnds.noteHoleEnd(state, previous);
    if (room.started && state.view) renderTable(state.view);
    document.body.classList.toggle("playing", Boolean(room.started));
    renderLastActions();
    renderScorecard();
    SixTable.render(state);
    SixSeats.render(state, send);
    SixEnds.renderMatchEnd(state, send);
    HouseRules.renderMoves(state, { act, choosing, choose: (type) => { choosing = type; render(); } });
    if (before && state.view) animateChange(before);
    previous = state;
  }

  // --- motion: what changed at the table moves from where it was (none with reduced motion) -------

  let previous = null;

  /** Where every card of the table is now, to move the changed ones from there. */
  function measure() {
    const cells = new Map();
    document.querySelectorAll("#play .grid .card").forEach((node) => {
      cells.set(`${node.dataset.owner}:${node.dataset.position}`, { box: node.getBoundingClientRect(), code: node.dataset.code || "" });
    });
    const discard = $("six-discard").querySelector(".card");
    const holding = $("holding-card").querySelector(".card");
    return {
      cells,
      stock: $("six-stock").getBoundingClientRect(),
      discard: $("six-discard").getBoundingClientRect(),
      discardCode: discard ? discard.dataset.code : "",
      holding: holding && !$("holding").hidden ? holding.getBoundingClientRect() : null,
    };
  }

  function animateChange(before) {
    if (!Feel.moving() || !previous || !previous.view || !state.view) return;
    Feel.finishAll();
    const view = state.view;
    const newest = new Map(state.last_actions.map((a) => [a.seat, a]));
    const old = new Map((previous.last_actions || []).map((a) => [a.seat, a.sequence]));
    let reveals = 0;
    document.querySelectorAll("#play .grid .card").forEach((node) => {
      const key = `${node.dataset.owner}:${node.dataset.position}`;
      const was = before.cells.get(key);
      const code = node.dataset.code || "";
      if (!was || was.code === code || !code) return;
      const owner = Number(node.dataset.owner);
      const action = newest.get(owner);
      const fresh = action && action.sequence !== old.get(owner) && action.position === Number(node.dataset.position);
      if (fresh && action.kind === "take") Feel.flyFrom(node, before.discard);
      else if (fresh && action.kind === "swap") Feel.flyFrom(node, owner === seat && before.holding ? before.holding : before.stock);
      else {
        Feel.turnOver(node, view.phase === "over" ? Math.min(reveals, 8) * 40 : 0);
        reveals += 1;
      }
    });
    const face = $("six-discard").querySelector(".card");
    if (face && face.dataset.code !== before.discardCode) {
      const thrower = [...newest.values()].sort((a, b) => b.sequence - a.sequence)[0];
      let from = null;
      if (thrower && thrower.thrown === face.dataset.code) {
        const cell = before.cells.get(`${thrower.seat}:${thrower.position}`);
        if (thrower.kind === "discard") from = thrower.seat === seat && before.holding ? before.holding : before.stock;
        else if (cell) from = cell.box;
      }
      if (from) Feel.flyFrom(face, from);
    }
    const held = $("holding-card").querySelector(".card");
    if (held && !before.holding) Feel.flyFrom(held, before.stock, { turn: true });
  }

  function renderSeats(room) {
    const list = $("seats");
    list.replaceChildren(...room.seats.map((s, number) => {
      const item = el("li", { class: `seat ${s.kind}${s.you ? " you" : ""}` },
        el("span", { class: "seat-name", text: s.kind === "open" ? t("open_seat") : s.name }),
        el("span", { class: "seat-state", text: s.you ? t("you") : s.kind === "human" ? (s.connected ? t("online") : t("offline")) : "" }));
      if (room.host && s.kind !== "human" && !room.started) {
        const select = el("select", { "aria-label": t("seat_for", { number: number + 1 }), "data-seat": number },
          el("option", { value: "", text: t("open_seat") }),
          ...["easy", "normal", "strong", "expert"].map((level) => el("option", { value: level, text: t(`bot_${level}`) })));
        select.value = s.level || "";
        select.addEventListener("change", () => send({ type: "bot", seat: number, level: select.value || null }));
        item.append(select);
      }
      return item;
    }));
    const open = room.seats.some((s) => s.kind === "open");
    $("take-seat").hidden = seat !== null || !open;
    $("start").hidden = !room.host || room.started;
    $("start").disabled = open;
  }

  function legal(type, position) {
    return state.view.legal.some((a) => a.type === type && (position === undefined || a.position === position));
  }

  function gridElement(view, owner, mine) {
    const { columns } = view.rules;
    const grid = el("div", { class: "grid", role: "group", "aria-label": state.room.seats[owner].name });
    grid.style.setProperty("--columns", columns);
    const recent = state.last_actions.find((a) => a.seat === owner);
    view.grids[owner].forEach((code, position) => {
      const where = { row: Math.floor(position / columns) + 1, column: (position % columns) + 1 };
      const name = code ? t("face_up_at", { card: card(code).name, ...where }) : t("face_down_at", where);
      const attrs = { type: "button", "data-owner": owner, "data-position": position, "data-code": code || "" };
      const highlight = recent && recent.position === position && recent.sequence === latestSequence(owner);
      let node;
      if (code) node = cardFace(card(code), "button", { ...attrs, class: highlight ? "recent" : "" }, name);
      else node = el("button", { ...attrs, class: `card back${highlight ? " recent" : ""}` }, el("span", { class: "visually-hidden", text: name }));
      if (mine) {
        node.addEventListener("click", () => clickOwn(position));
        node.disabled = !ownClickable(position);
      } else {
        node.tabIndex = -1;
        node.setAttribute("aria-disabled", "true");
      }
      grid.append(node);
    });
    return grid;
  }

  function latestSequence(owner) {
    const mine = state.last_actions.filter((a) => a.seat === owner);
    return mine.length ? Math.max(...mine.map((a) => a.sequence)) : -1;
  }

  function ownClickable(position) {
    if (choosing && legal(choosing, position)) return true;
    const view = state.view;
    if (legal("reveal", position)) return true;
    if (view.phase === "place") return legal("swap", position);
    if (taking) return legal("take", position);
    return false;
  }

  function clickOwn(position) {
    if (choosing && legal(choosing, position)) return act({ type: choosing, position });
    if (legal("reveal", position)) act({ type: "reveal", position });
    else if (state.view.phase === "place" && legal("swap", position)) act({ type: "swap", position });
    else if (taking && legal("take", position)) act({ type: "take", position });
  }

  function seatPanel(view, owner) {
    const s = state.room.seats[owner];
    const mine = owner === seat;
    const turn = view.to_act.includes(owner) && view.phase !== "over";
    const panel = el("div", { class: `seat-panel${mine ? " me" : ""}${turn ? " turn" : ""}` });
    const points = view.points ? view.points[owner] : null;
    const head = el("h2", {}, el("span", { text: s.name }),
      turn ? el("span", { class: "turn-badge", text: t("turn") }) : null,
      points !== null ? el("span", { class: "points", "data-owner": owner, text: SixEnds.holePointsText(owner, points) }) : null);
    const grid = gridElement(view, owner, mine);
    const parts = SixEnds.scoreGrid(grid, owner, state);
    panel.append(head, grid);
    if (parts) panel.append(parts);
    return panel;
  }

  function renderTable(view) {
    const others = view.grids.map((_, owner) => owner).filter((owner) => owner !== seat);
    $("opponents").replaceChildren(...others.map((owner) => seatPanel(view, owner)));
    $("opponents").dataset.count = others.length;
    $("opponents").style.setProperty("--seats", others.length);
    // The table's size (sixcard-table.css) counts every grid's rows and columns.
    $("play").style.setProperty("--rows", view.rules.rows);
    $("play").style.setProperty("--columns", view.rules.columns);
    $("play").style.setProperty("--seats", others.length);
    Object.assign($("play").dataset, { rows: view.rules.rows, columns: view.rules.columns, seats: others.length });
    if (seat !== null) $("me").replaceWith(Object.assign(seatPanel(view, seat), { id: "me" }));
    const stock = $("six-stock");
    $("six-stock-count").textContent = view.stock;
    // The name begins with what the button shows, the count (WCAG 2.5.3, in every language).
    stock.setAttribute("aria-label", t("stock_button", { count: view.stock }));
    stock.disabled = !legal("draw");
    const pile = $("six-discard");
    pile.replaceChildren();
    const top = view.discard[view.discard.length - 1];
    if (top) pile.append(cardFace(card(top), "span", { "aria-hidden": "true", "data-code": top }));
    // Named by a hidden text, not aria-label: the name then holds what the card shows.
    pile.append(el("span", { class: "visually-hidden", text: top ? t("take_discard", { card: card(top).name }) : t("discard") }));
    pile.disabled = !(legal("take") || legal("discard"));
    pile.classList.toggle("selected", taking);
    const holding = $("holding");
    holding.hidden = !view.holding;
    if (view.holding) {
      $("holding-card").replaceChildren(cardFace(card(view.holding), "div",
        { "aria-label": card(view.holding).name, role: "img", "data-code": view.holding }));
    } else {
      $("holding-card").replaceChildren();
    }
    const over = view.phase === "over";
    const scorecard = state.scorecard;
    $("after").hidden = !over;
    $("next-hole").hidden = !over || scorecard.over || seat === null;
    $("rematch").hidden = !scorecard.over || seat === null;
  }

  function renderLastActions() {
    const list = $("last-actions");
    const actions = [...state.last_actions].sort((a, b) => b.sequence - a.sequence);
    list.replaceChildren(...actions.map((a) => el("li", { class: a.sequence === lastActionSequence() ? "latest" : "", text: a.text })));
  }

  function lastActionSequence() {
    return state.last_actions.length ? Math.max(...state.last_actions.map((a) => a.sequence)) : -1;
  }

  function renderScorecard() {
    const scorecard = state.scorecard;
    $("scorecard-panel").hidden = !scorecard;
    if (scorecard) SixEnds.fillScorecard($("scorecard"), state);
  }

  // --- wiring ----------------------------------------------------------------------------------------

  function wireRoom(code) {
    $("room").hidden = false;
    $("room-code").textContent = code;
    $("copy-link").addEventListener("click", async () => {
      const link = SixInvite.firstLink(code);
      try { await navigator.clipboard.writeText(link); } catch { /* the link is shown beside */ }
      $("status").textContent = t("link_copied");
    });
    $("take-seat").addEventListener("submit", (event) => {
      event.preventDefault();
      const name = event.target.elements.name.value;
      if (name) localStorage.setItem(NAME_KEY, name);
      send({ type: "join", name });
    });
    $("take-seat").elements.name.value = localStorage.getItem(NAME_KEY) || "";
    $("start").addEventListener("click", () => send({ type: "start" }));
    $("six-stock").addEventListener("click", () => act({ type: "draw" }));
    $("six-discard").addEventListener("click", () => {
      if (legal("discard")) act({ type: "discard" });
      else if (legal("take")) { taking = !taking; render(); }
    });
    $("throw").addEventListener("click", () => act({ type: "discard" }));
    $("next-hole").addEventListener("click", () => send({ type: "next_hole" }));
    $("rematch").addEventListener("click", () => send({ type: "rematch" }));
    connect(code);
    SixInvite.load(code, () => { if (state) render(); });
  }

  async function start() {
    const data = await loadStrings(chosenLanguage());
    const select = $("language");
    fillLanguages(select, data.languages);
    select.addEventListener("change", async () => { await setLanguage(select.value); location.reload(); });
    $("rules-link").href = `/rules/sixcard?lang=${language}`;
    const code = roomCode();
    if (code) wireRoom(code);
    else wireLobby();
    document.body.classList.add("ready");
    showAccount($("account-link")).then((name) => { if (name && !code) QuickPlay.signedInAs(name); });
  }

  start();
})();
