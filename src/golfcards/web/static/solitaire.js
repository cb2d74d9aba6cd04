// Golf Solitaire page: draws the game the server sends and sends the player's actions back.
//
// The server decides everything. To feel immediate, a removal of a card the server marked playable is
// drawn at once and confirmed (or corrected) by the answer; actions wait in a queue, so quick taps are
// never lost. One card of the board is the keyboard's focus (a roving tabindex): arrow keys move it,
// Enter plays it, and it stays on the board after every move.
"use strict";

(() => {
  const { t, api, el, cardFace, openDialog, closeDialog } = Golf;
  const $ = (id) => document.getElementById(id);
  const SETTINGS_KEY = "golfcards.solitaire.settings";
  const TIMER_KEY = "golfcards.solitaire.timer";
  const REDO_KEY = "golfcards.solitaire.redo";
  const settings = { interactiveRules: true, highlightPlayable: true, autoDraw: false, ...Golf.stored(SETTINGS_KEY) };

  let game = null; // what the board shows: the server's last state, or a removal drawn ahead of it
  let busy = false; // an action is on its way to the server
  const queue = [];
  let redo = []; // actions undone, most recent last; any new action clears them (kept across a reload)
  let lastAction = null;
  let replay = null;
  let statsData = null;
  let statsBefore = null; // statistics of this game's rule when it started: the win screen shows the change
  let spot = { column: 1, row: null }; // the keyboard's card: column 1–7 (0 is the stock), row null = the free card
  let drag = null;
  let roving = null; // the one element of the board in the Tab order
  let autoDrawTimer = null;
  let answered = 0; // actions the server answered (on <body data-answered>, for tests and benchmarks)
  const cards = new Map(); // card code → its button on the tableau

  function saveSettings() {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  }

  /** Show `text` under the board; screen readers hear `spoken` (the same text unless given). */
  function say(text, kind = "info", spoken = text) {
    const message = $("message");
    message.textContent = text || "";
    message.dataset.kind = kind;
    announce(spoken);
  }

  /** Say `text` in the live region: emptied now, filled after the next frame (so a repeated text is heard again). */
  let announcing = 0;
  function announce(text) {
    const region = $("announce");
    const mine = ++announcing;
    setText(region, "");
    if (text) afterPaint(() => { if (mine === announcing) region.textContent = text; });
  }

  function showError(data) {
    say(data && data.error ? data.error.message : t("error_network"), "error");
  }

  const shownCode = () => (game.course ? game.course.code : game.code);
  const signed = (n) => (n > 0 ? `+${n}` : String(n));

  // --- drawing ---------------------------------------------------------------------------------

  /** Set a text only when it changes: an equal text would still replace the node and cost a layout. */
  function setText(node, text) {
    const value = String(text);
    if (node.textContent !== value) node.textContent = value;
  }

  function setDisabled(node, disabled) {
    if (node.disabled !== disabled) node.disabled = disabled;
  }

  /**
   * Draw `game`; `previous` (what was on screen) lets the changes move into place. Layout is read once,
   * before the first change, and only for the boxes the motion needs; only what changed is touched.
   */
  function render(previous = null, how = {}) {
    const before = previous && Feel.moving() ? measure(previous) : null;
    const boardFocused = how.focus || hasBoardFocus();
    setText($("score"), game.score);
    setText($("moves"), game.moves);
    setText($("stock-count"), game.stock_count);
    setText($("code"), shownCode());
    setText($("rule-label"), game.rules.label);
    setText($("board-text"), game.board_text);
    if (document.body.dataset.status !== game.status) document.body.dataset.status = game.status;
    document.body.classList.toggle("highlight", settings.highlightPlayable);
    renderCourse();
    renderTableau();
    renderPiles();
    renderTools();
    placeSpot(boardFocused);
    clock.update();
    if (before) animateChange(previous, before, how);
    announceGame();
    askSpares();
  }

  /**
   * The first frame of a removal drawn ahead of the server: only what the eye sees in it, the played
   * card leaving its column and starting its flight to the discard. The rest (the card under it
   * turning face up, which the flying card hides in that frame, the score, the names, the buttons,
   * the keyboard's card) comes in the next two frames (`perform`): each change costs style, layout
   * and paint work, and the input's paint waits for all of it.
   */
  function renderRemoval(previous) {
    const before = Feel.moving() ? measure(previous) : null;
    const code = game.discard.code;
    const leaving = cards.get(code);
    if (leaving) {
      leaving.remove();
      cards.delete(code);
    }
    renderPiles();
    if (before) animateChange(previous, before, {});
  }

  /** Tell the page's other parts (the live line) what is on the board, once the frame is painted. */
  let announced = null;
  function announceGame() {
    const first = announced === null;
    announced = { game, replay: Boolean(replay) };
    if (!first) return;
    afterPaint(() => {
      const detail = announced;
      announced = null;
      document.dispatchEvent(new CustomEvent("golfcards:game", { detail }));
    });
  }

  function renderTools() {
    const playing = game.status === "playing" && !replay;
    const canUndo = game.undo_available > 0 && !replay;
    for (const id of ["undo", "undo-near"]) setDisabled($(id), !canUndo);
    for (const id of ["redo", "redo-near"]) setDisabled($(id), !(playing && redo.length));
  }

  function renderCourse() {
    const line = $("course-line");
    const course = game.course;
    if (line.hidden !== !course) line.hidden = !course;
    if (!course) return;
    setText(line, course.results.length
      ? t("course_line", { deal: course.deal, deals: course.deals, total: course.total,
        par_so_far: course.par_so_far, against: signed(course.against_par) })
      : t("course_line_first", { deal: course.deal, deals: course.deals, par: course.par }));
  }

  function cardName(card) {
    if (!card.free) return t("card_covered", { card: card.name, column: card.column, row: card.row });
    if (card.playable) return t("card_playable", { card: card.name, column: card.column });
    return t("card_free", { card: card.name, column: card.column });
  }

  function renderTableau() {
    const tableau = $("tableau");
    if (tableau.children.length !== 7) {
      tableau.replaceChildren(...Array.from({ length: 7 }, (_, i) => el("div", { class: "column", "data-number": i + 1 })));
    }
    const seen = new Set();
    game.columns.forEach((column, index) => {
      const box = tableau.children[index];
      const nodes = column.map((card) => {
        seen.add(card.code);
        let node = cards.get(card.code);
        if (!node || node.dataset.lang !== Golf.language) {
          if (node) node.remove();
          node = cardFace(card, "button", { type: "button", "data-code": card.code, "data-lang": Golf.language, tabindex: "-1" }, "");
          cards.set(card.code, node);
        }
        updateCard(node, card);
        return node;
      });
      if (!column.length) {
        nodes.push(box.querySelector(".slot") || el("div", { class: "slot", role: "img", "aria-label": t("column_empty", { number: index + 1 }) }));
      }
      nodes.forEach((node, i) => { if (box.children[i] !== node) box.insertBefore(node, box.children[i] || null); });
      while (box.children.length > nodes.length) box.lastElementChild.remove();
    });
    for (const [code, node] of cards) {
      if (!seen.has(code)) {
        node.remove();
        cards.delete(code);
      }
    }
  }

  const shownAs = new WeakMap(); // a card's button → where and how it was last drawn

  /**
   * Bring a card's button up to date, touching the page only where something changed. Its name (which
   * the place and state decide, in the page's language: a new language makes new buttons) is only
   * worked out when one of them changed.
   */
  function updateCard(node, card) {
    const key = `${card.column}.${card.row}.${card.free}.${Boolean(card.playable)}`;
    const was = shownAs.get(node);
    if (was === key) return;
    shownAs.set(node, key);
    const [column, row, free, playable] = was ? was.split(".") : [];
    if (column !== String(card.column)) node.dataset.column = card.column;
    if (row !== String(card.row)) {
      node.dataset.row = card.row;
      node.style.setProperty("--row", card.row - 1);
    }
    if (free !== String(card.free)) {
      node.classList.toggle("free", card.free);
      node.classList.toggle("covered", !card.free);
    }
    if (playable !== String(Boolean(card.playable))) node.classList.toggle("playable", Boolean(card.playable));
    node.querySelector(".card-name").textContent = cardName(card);
  }

  function renderPiles() {
    const stock = $("stock");
    stock.classList.toggle("empty", game.stock_count === 0);
    setText($("stock-name"), game.stock_count ? t("draw_card", { count: game.stock_count }) : t("stock_empty"));
    setText($("stock-badge"), game.stock_count);
    const discard = $("discard");
    const top = discard.firstElementChild;
    const code = game.discard ? game.discard.code : "";
    if (top && top.dataset.code === code && top.dataset.lang === Golf.language) return;
    const spare = game.discard && [...discard.children].find((node) => node.classList.contains("spare")
      && node.dataset.code === code && node.dataset.lang === Golf.language);
    if (spare) {
      // Made ahead and laid out already: shown by a class change. What was before it goes (the old
      // top, as before); the spares after it stay hidden until the next idle moment.
      while (discard.firstElementChild !== spare) discard.firstElementChild.remove();
      spare.classList.remove("spare");
    } else if (game.discard) {
      discard.replaceChildren(discardFace(game.discard));
    } else {
      discard.replaceChildren(el("div", { class: "slot", role: "img", "data-code": "", "data-lang": Golf.language,
        "aria-label": t("discard_empty") }));
    }
  }

  /** The discard's face for `card` (a `spare` one is hidden: see `prepareSpares`). */
  function discardFace(card, spare = false) {
    return cardFace(card, "div", { role: "img", "data-code": card.code, "data-lang": Golf.language,
      "aria-label": `${t("discard")}: ${card.name}`, class: spare ? "spare" : "" });
  }

  /**
   * The discard's faces of the cards that fit it now, made while the page is idle and kept in it after
   * its top face, hidden (`.spare`: styled and laid out, not painted, not in the accessibility tree).
   * A removal then shows one by a class change instead of making a face in its press's frame (nine new
   * elements to style and lay out, their text shaped: a third of that frame's layout at 1×).
   */
  let sparesAsked = false;
  function askSpares() {
    if (sparesAsked) return;
    sparesAsked = true;
    const idle = window.requestIdleCallback || ((task) => setTimeout(task, 50));
    idle(() => {
      sparesAsked = false;
      prepareSpares();
    }, { timeout: 1000 });
  }

  function prepareSpares() {
    const discard = $("discard");
    const top = discard.firstElementChild;
    if (!game || busy || !top) return;
    const fitting = new Map();
    if (game.status === "playing" && !replay) {
      for (const column of game.columns) {
        const card = column[column.length - 1];
        if (card && card.playable) fitting.set(card.code, card);
      }
    }
    for (const node of [...discard.children].slice(1)) {
      if (fitting.has(node.dataset.code) && node.dataset.lang === Golf.language) fitting.delete(node.dataset.code);
      else node.remove();
    }
    for (const card of fitting.values()) discard.append(discardFace(card, true));
  }

  /**
   * Where things were before the change from `previous` to `game`, to move them from there: only the
   * boxes the motion needs, read before the page is changed (one layout at most, usually none).
   */
  function measure(previous) {
    const newTop = game.discard ? game.discard.code : null;
    const oldTop = previous.discard ? previous.discard.code : null;
    const leaving = newTop && newTop !== oldTop ? cards.get(newTop) : null;
    const discardFace = $("discard").firstElementChild;
    const won = game.status === "won" && previous.status !== "won" && !replay;
    return { card: leaving ? leaving.getBoundingClientRect() : null, stock: $("stock").getBoundingClientRect(),
      discard: $("discard").getBoundingClientRect(), table: won ? $("tableau").getBoundingClientRect() : null,
      discardFace: oldTop && oldTop !== newTop && discardFace && discardFace.dataset.code ? discardFace : null };
  }

  /** The change from `previous` to `game` as motion: removal, draw, undo, and the win's cascade. */
  function animateChange(previous, before, how) {
    if (!Feel.moving()) return;
    const newTop = game.discard ? game.discard.code : null;
    const oldTop = previous.discard ? previous.discard.code : null;
    const face = $("discard").firstElementChild;
    const backwards = how.action === "u" || (replay && how.backwards);
    if (newTop !== oldTop && !backwards) {
      // The discard does not move: its box from before is where the card lands (no layout to read it).
      if (before.card) Feel.flyFrom(face, before.card, { to: before.discard });
      else if (game.stock_count < previous.stock_count) Feel.flyFrom(face, before.stock, { turn: true, to: before.discard });
    } else if (backwards && oldTop && oldTop !== newTop) {
      // The card goes back to its column: where it lands is read once, after every change is made.
      const back = cards.get(oldTop);
      if (back) Feel.flyFrom(back, before.discard);
      else if (before.discardFace) Feel.ghost(before.discardFace, before.discard, before.stock, { turn: true });
    }
    if (before.table) cascade(before);
  }

  /** The win: copies of the last card spill from the discard across the table, one after another. */
  function cascade(before) {
    const face = $("discard").firstElementChild;
    if (!face) return;
    const table = before.table;
    const from = before.discard;
    for (let i = 0; i < 12; i += 1) {
      const x = table.left + (table.width - from.width) * ((i * 5) % 12) / 11;
      const y = table.top + (i % 3) * from.height * 0.4;
      Feel.ghost(face, from, new DOMRect(x, y, from.width, from.height), { delay: i * 35, duration: 200 });
    }
  }

  // --- the keyboard's card ---------------------------------------------------------------------------

  /** The keyboard is on the board (a card or the stock has focus and shows it): keep it there. */
  function hasBoardFocus() {
    const active = document.activeElement;
    return Boolean(active && (active.closest("#tableau") || active.id === "stock") && active.matches(":focus-visible"));
  }

  function columnCards(column) {
    return column >= 1 && column <= 7 ? game.columns[column - 1] : [];
  }

  function spotNode() {
    if (spot.column === 0) return $("stock");
    const column = columnCards(spot.column);
    if (!column.length) return null;
    const row = spot.row && spot.row < column.length ? spot.row : column.length;
    return cards.get(column[row - 1].code) || null;
  }

  /** Keep the keyboard's card on the board: an emptied column hands it to the next one that has cards. */
  function placeSpot(focus) {
    if (spot.column !== 0 && !columnCards(spot.column).length) {
      const order = [0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6].map((d) => spot.column + d);
      const next = order.find((c) => columnCards(c).length);
      spot = { column: next || 0, row: null };
    }
    const node = spotNode() || $("stock");
    if (roving !== node) {
      if (roving) roving.tabIndex = -1;
      node.tabIndex = 0;
      roving = node;
    }
    if (focus && document.activeElement !== node && !document.querySelector("dialog[open]")) node.focus({ preventScroll: true });
  }

  /**
   * Put the keyboard on the board once the first game is drawn, so the arrow keys work at once (as
   * the line under the board says) — unless a window is open (it keeps its focus), the visitor has
   * already put the focus somewhere else, or the device has only a touch screen (no ring on a card
   * nobody chose).
   */
  function focusBoardAtLoad() {
    if (!game || document.querySelector("dialog[open]") || !matchMedia("(any-pointer: fine)").matches) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    placeSpot(true);
  }

  function moveSpot(key) {
    const filled = [1, 2, 3, 4, 5, 6, 7].filter((c) => columnCards(c).length);
    const ring = [...filled, 0];
    const at = Math.max(0, ring.indexOf(spot.column));
    const column = columnCards(spot.column);
    const row = spot.row && spot.row < column.length ? spot.row : column.length;
    if (key === "ArrowRight") spot = { column: ring[(at + 1) % ring.length], row: null };
    else if (key === "ArrowLeft") spot = { column: ring[(at - 1 + ring.length) % ring.length], row: null };
    else if (key === "Home") spot = { column: ring[0], row: null };
    else if (key === "End") spot = { column: 0, row: null };
    else if (key === "ArrowUp" && spot.column && row > 1) spot = { column: spot.column, row: row - 1 };
    else if (key === "ArrowDown" && spot.column && row < column.length) {
      spot = { column: spot.column, row: row + 1 < column.length ? row + 1 : null };
    } else return false;
    placeSpot(true);
    return true;
  }

  // --- acting ----------------------------------------------------------------------------------

  /** Queue an action of the replay notation (d, u, 1–7, C.R); `how.redo` marks a redo. */
  function send(action, how = {}) {
    if (!game || replay) return;
    clearTimeout(autoDrawTimer);
    Feel.finishAll();
    queue.push({ action, how });
    if (!busy) work();
  }

  async function work() {
    busy = true;
    document.body.dataset.busy = "1";
    while (queue.length) {
      const { action, how } = queue.shift();
      await perform(action, how);
    }
    busy = false;
    delete document.body.dataset.busy;
    askSpares();
    maybeAutoDraw();
  }

  /** The board after removing the free card of `action`'s column, if the server said it may go. */
  function predict(action) {
    const [columnText, rowText] = action.split(".");
    const column = Number(columnText);
    if (!(column >= 1 && column <= 7) || game.status !== "playing") return null;
    const cardsOf = game.columns[column - 1];
    const card = cardsOf[cardsOf.length - 1];
    if (!card || !card.playable || (rowText && Number(rowText) !== card.row)) return null;
    const columns = game.columns.map((c, i) => (i === column - 1
      ? c.slice(0, -1).map((other, j, rest) => ({ ...other, free: j === rest.length - 1, playable: false }))
      : c.map((other) => ({ ...other, playable: false }))));
    return { ...game, columns, discard: card, score: game.score + 10, moves: game.moves + 1,
      cards_left: game.cards_left - 1, removed: game.removed + 1, undo_available: game.undo_available + 1 };
  }

  async function perform(action, how) {
    const shown = game;
    const predicted = predict(action);
    if (predicted) {
      game = predicted;
      // A press with a pointer: its frame shows the card leaving, and the rest of the board follows in
      // the next ones. With the keyboard's focus on the board, all at once (the focus moves with it).
      const quick = !how.focus && !hasBoardFocus();
      if (quick) renderRemoval(shown);
      else render(shown, { action, focus: how.focus });
      // The removal is on screen with the next frame: the request (whose start alone costs the main
      // thread a few milliseconds) and the sound wait until that frame is painted.
      const frame = painted();
      afterPaint(() => Feel.play(predicted.cards_left === 0 ? "win" : "remove"));
      await frame;
      if (quick && game === predicted) {
        // The next frame turns the card under it face up and takes the highlights off; the one after
        // brings the figures, the buttons and the keyboard's card, and the request starts with it:
        // a frame each, so that none of them holds up the card's flight at a slow CPU.
        renderTableau();
        await painted();
        if (game === predicted) render(null, { focus: how.focus });
      }
    }
    const { ok, data } = await api("POST", "/api/solitaire/action", {
      action, request_id: Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join(""),
    });
    if (!ok) {
      if (predicted) {
        game = shown;
        render(predicted);
      }
      return showError(data);
    }
    answered += 1;
    document.body.dataset.answered = String(answered);
    const confirmedBefore = shown;
    const onScreen = game;
    game = data.game;
    // What was drawn ahead is confirmed: no second motion, nothing to measure.
    const held = predicted && data.outcome.accepted && game.discard && game.discard.code === predicted.discard.code;
    const outcome = data.outcome;
    let tell; // what the message line says, once the board is drawn
    if (outcome.accepted) {
      lastAction = action;
      if (action === "u") {
        const undone = undoneAction(confirmedBefore, game);
        if (undone) redo.push(undone);
      } else if (!how.redo) {
        redo = [];
      }
      const spoken = outcome.message ? `${outcome.message} ${t("announce_state", { score: game.score, count: game.stock_count })}` : "";
      tell = () => say(outcome.message || "", "info", spoken);
      const effect = game.status === "won" ? "win" : action === "d" ? "draw" : action === "u" ? "undo" : "remove";
      if (!predicted) afterPaint(() => Feel.play(effect));
      if (/^\d/.test(action)) spot = { column: Number(action.split(".")[0]), row: null };
    } else {
      if (how.redo) redo = [];
      afterPaint(() => Feel.play("refuse"));
      tell = settings.interactiveRules ? () => say(outcome.refusal.message, "refusal") : () => say("", "info", t("not_allowed"));
    }
    keepRedo();
    // The board first: what moves is measured before anything else on the page changes.
    render(held ? null : onScreen, { action, focus: how.focus });
    tell();
    if (!outcome.accepted) shake(action);
    if (outcome.accepted) checkEnd(confirmedBefore);
  }

  /** Run `task` once the next frame is on screen (sounds never delay the picture). */
  function afterPaint(task) {
    requestAnimationFrame(() => setTimeout(task, 0));
  }

  /** Resolves once the next frame is painted (at once in a hidden page, which paints none; at most 1 s). */
  function painted() {
    if (document.hidden) return Promise.resolve();
    return new Promise((resolve) => {
      afterPaint(resolve);
      setTimeout(resolve, 1000);
    });
  }

  /** The action an accepted undo took back: a draw if the stock grew, else the column that grew. */
  function undoneAction(before, after) {
    if (after.stock_count > before.stock_count) return "d";
    const index = after.columns.findIndex((column, i) => column.length > before.columns[i].length);
    return index >= 0 ? String(index + 1) : null;
  }

  /** The position on the board, in any language: the deal (and course), the move count and every card's place. */
  function position(state) {
    if (!state || !state.code) return null;
    const columns = state.columns.map((column) => column.map((card) => card.code).join(",")).join("/");
    const course = state.course ? `${state.course.code}#${state.course.deal}` : "";
    return [course, state.code, state.moves, columns, state.discard ? state.discard.code : "", state.stock_count].join("|");
  }

  /** Keep what can be redone, with the position it belongs to, across a reload of the page (this tab only). */
  function keepRedo() {
    const at = position(game);
    try {
      if (redo.length && at) sessionStorage.setItem(REDO_KEY, JSON.stringify({ at, redo }));
      else sessionStorage.removeItem(REDO_KEY);
    } catch (err) {
      /* storage refused: what can be redone lasts as long as the page */
    }
  }

  /** What could be redone when the page was left, if the board is still at that position (else nothing). */
  function keptRedo() {
    let kept = null;
    try {
      kept = JSON.parse(sessionStorage.getItem(REDO_KEY) || "null");
    } catch (err) {
      kept = null;
    }
    const valid = kept && kept.at === position(game) && Array.isArray(kept.redo) && kept.redo.length <= 100
      && kept.redo.every((action) => typeof action === "string" && /^(d|[1-7])$/.test(action));
    return valid ? kept.redo : [];
  }

  function doRedo() {
    if (!redo.length || !game || game.status !== "playing") return;
    send(redo.pop(), { redo: true, focus: hasBoardFocus() });
  }

  function maybeAutoDraw() {
    if (!settings.autoDraw || !game || replay || game.status !== "playing" || lastAction === "u") return;
    if (!game.can_draw || game.columns.some((column) => column.some((card) => card.playable))) return;
    autoDrawTimer = setTimeout(() => { if (!busy && !queue.length) send("d"); }, 400);
  }

  function shake(action) {
    const [column, row] = action.split(".");
    const target = action === "d" ? $("stock")
      : action === "u" ? $("undo-near")
        : document.querySelector(row ? `#tableau [data-column="${column}"][data-row="${row}"]`
          : `#tableau [data-column="${column}"].free`);
    if (target) Feel.shake(target);
  }

  function onTableauClick(event) {
    const node = event.target.closest("button.card");
    if (!node) return;
    if (drag && drag.suppressClick) {
      drag = null;
      return;
    }
    spot = { column: Number(node.dataset.column), row: node.classList.contains("free") ? null : Number(node.dataset.row) };
    send(`${node.dataset.column}.${node.dataset.row}`, { focus: hasBoardFocus() });
  }

  // --- dragging a free card onto the discard (pointer events: mouse, pen and touch) ------------------

  function onPointerDown(event) {
    const node = event.target.closest("#tableau button.card.free");
    if (!node || event.button !== 0 || replay) return;
    // The pointer is captured only once the card really moves: a tap, the usual way to play, costs no
    // capture and no hit test on its release (the move and release listeners are on the document).
    drag = { node, id: event.pointerId, x: event.clientX, y: event.clientY, moved: false, suppressClick: false };
  }

  /** The pointer is over the discard (its box is read once per drag: it does not move meanwhile). */
  function overDiscard(event) {
    if (!drag.target) drag.target = $("discard").getBoundingClientRect();
    const box = drag.target;
    const pad = 12;
    return event.clientX >= box.left - pad && event.clientX <= box.right + pad
      && event.clientY >= box.top - pad && event.clientY <= box.bottom + pad;
  }

  function onPointerMove(event) {
    if (!drag || event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 6) return;
    if (!drag.moved) {
      Feel.finishAll();
      drag.moved = true;
      drag.node.classList.add("dragging");
      try {
        drag.node.setPointerCapture(drag.id);
      } catch (err) {
        /* the pointer is already gone: its release ends the drag */
      }
    }
    drag.dx = dx;
    drag.dy = dy;
    drag.node.style.transform = `translate(${dx}px, ${dy}px)`;
    $("discard").classList.toggle("drop-here", overDiscard(event));
  }

  function onPointerUp(event) {
    if (!drag || event.pointerId !== drag.id) return;
    const { node, moved } = drag;
    if (!moved) {
      drag = null;
      return;
    }
    $("discard").classList.remove("drop-here");
    const dropped = event.type === "pointerup" && overDiscard(event);
    drag.suppressClick = true;
    setTimeout(() => { if (drag && drag.node === node) drag = null; }, 0);
    node.classList.remove("dragging");
    const action = node.dataset.column;
    if (dropped && !busy && predict(action)) {
      // Drawn at once from where the card was let go: the card leaves the tableau on this call.
      spot = { column: Number(action), row: null };
      send(action);
      return;
    }
    // Back to its place from where it was let go: both boxes come from one read, before the change.
    const from = node.getBoundingClientRect();
    const home = new DOMRect(from.left - (drag.dx || 0), from.top - (drag.dy || 0), from.width, from.height);
    node.style.transform = "";
    Feel.flyFrom(node, from, { to: home });
    if (dropped) send(action);
  }

  // --- the end of a game, the course --------------------------------------------------------------

  function clockText(ms) {
    const seconds = Math.floor(ms / 1000);
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = String(seconds % 60).padStart(2, "0");
    return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
  }

  function figure(label, value) {
    return el("div", { class: "figure" }, el("dt", { text: label }), el("dd", { text: String(value) }));
  }

  function checkEnd(previous = null) {
    if (replay) return;
    if (game.course && game.course.finished && game.status !== "playing") {
      closeDialog($("end-dialog"));
      return openCourseCard();
    }
    if (game.status === "playing") {
      closeDialog($("end-dialog"));
      return;
    }
    const won = game.status === "won";
    $("end-title").textContent = won ? t("won_title") : t("blocked_title");
    // Blocked: the title says it ("No more moves"); the end message would only say it again.
    $("end-message").textContent = won ? game.end_message : "";
    $("end-message").hidden = !won;
    const figures = [figure(t("score"), game.score), figure(t("time"), clockText(clock.elapsed())), figure(t("moves"), game.moves)];
    if (!won) figures.splice(1, 0, figure(t("stats_course_left"), game.cards_left));
    $("end-figures").replaceChildren(...figures);
    const course = game.course;
    const lastDeal = course && course.deal === course.deals;
    $("end-next").hidden = !course || course.finished;
    $("end-next").textContent = lastDeal ? t("finish_course") : t("next_deal");
    $("end-new").classList.toggle("primary", !course);
    const courseLine = $("end-course");
    courseLine.hidden = !course;
    if (course) courseLine.textContent = $("course-line").textContent;
    $("end-undo").hidden = won || game.undo_available === 0;
    $("end-dialog").classList.toggle("won", won);
    $("end-stats").hidden = true;
    openDialog($("end-dialog"), course && !course.finished ? $("end-next") : $("end-new"));
    if (previous && previous.status === "playing") showStatsChange();
  }

  async function showStatsChange() {
    const before = statsBefore;
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
    statsBefore = after;
  }

  /** Remember this rule's statistics as the game starts, for the win screen's "before → after". */
  async function rememberStats() {
    statsBefore = null;
    if (!game || game.status !== "playing") return;
    const key = game.rules.key;
    const { ok, data } = await api("GET", "/api/solitaire/stats");
    if (ok && game && game.rules.key === key) statsBefore = data.rules.find((r) => r.rules === key) || null;
  }

  function openCourseCard() {
    const course = game.course;
    const head = el("tr", {}, ...["stats_course_deal", "stats_course_left", "course_par", "stats_course_total", "course_against"]
      .map((key) => el("th", { scope: "col", text: t(key) })));
    let total = 0;
    const rows = course.results.map((left, i) => {
      total += left;
      const par = course.par_per_deal * (i + 1);
      return el("tr", {}, el("th", { scope: "row", text: String(i + 1), title: course.deal_codes[i] }),
        el("td", { text: String(left) }), el("td", { text: String(course.par_per_deal) }),
        el("td", { text: String(total) }), el("td", { class: total - par < 0 ? "under" : total - par > 0 ? "over" : "", text: signed(total - par) }));
    });
    const foot = el("tr", { class: "totals" }, el("th", { scope: "row", text: t("stats_course_total") }),
      el("td", { text: String(course.total) }), el("td", { text: String(course.par) }), el("td", { text: String(course.total) }),
      el("td", { text: signed(course.against_par) }));
    $("course-table").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows), el("tfoot", {}, foot));
    $("course-summary").textContent = t("course_finished", { total: course.total, par: course.par, against: signed(course.against_par) });
    $("course-code").textContent = course.code;
    openDialog($("course-dialog"), $("course-again"));
  }

  async function newCourse() {
    const form = $("new-form");
    const error = await newGame({ rule: game.rules.name, jokers: game.rules.jokers, empty_discard: game.rules.empty_discard,
      course: true, winnable: form.elements.winnable.checked });
    if (error) return showError(error);
    closeDialog($("course-dialog"));
  }

  async function load() {
    const { ok, data } = await api("GET", "/api/solitaire");
    if (!ok) return showError(data);
    game = data.game;
    redo = keptRedo();
    keepRedo();
    clock.restore();
    render(null);
    if (game.status !== "playing") checkEnd();
    else rememberStats();
  }

  async function newGame(body) {
    const { ok, data } = await api("POST", "/api/solitaire/new", body);
    if (!ok) return data;
    game = data.game;
    redo = [];
    keepRedo();
    lastAction = null;
    clock.reset();
    say("");
    closeDialog($("end-dialog"));
    render(null);
    rememberStats();
    return null;
  }

  async function nextDeal() {
    const { ok, data } = await api("POST", "/api/solitaire/next");
    if (!ok) return showError(data);
    game = data.game;
    redo = [];
    keepRedo();
    lastAction = null;
    closeDialog($("end-dialog"));
    say("");
    if (game.course && game.course.finished) {
      render(null);
      openCourseCard();
      return;
    }
    clock.reset();
    render(null, { focus: true });
    rememberStats();
  }

  // --- the game timer -----------------------------------------------------------------------------

  /** Time spent on this game while the page is shown, from its first move to its end; kept across reloads. */
  const clock = (() => {
    let spent = 0;
    let since = null;
    let ticker = null;
    const running = () => game && game.status === "playing" && game.moves > 0 && !replay && !document.hidden;
    const elapsed = () => spent + (since === null ? 0 : performance.now() - since);
    function save() {
      if (game) localStorage.setItem(TIMER_KEY, JSON.stringify({ code: game.code, moves: game.moves, spent: elapsed() }));
    }
    function show() {
      setText($("clock"), clockText(elapsed()));
    }
    let savedKey = "";
    function update() {
      const run = running();
      if (run && since === null) {
        since = performance.now();
        ticker = setInterval(show, 1000);
      } else if (!run && since !== null) {
        spent = elapsed();
        since = null;
        clearInterval(ticker);
      }
      show();
      const key = `${game.code} ${game.moves} ${run}`;
      if (key !== savedKey) {
        savedKey = key;
        afterPaint(save);
      }
    }
    function restore() {
      const saved = Golf.stored(TIMER_KEY);
      spent = saved.code === game.code && saved.moves <= game.moves && Number.isFinite(saved.spent) ? saved.spent : 0;
      since = null;
      clearInterval(ticker);
    }
    function reset() {
      spent = 0;
      since = null;
      clearInterval(ticker);
    }
    document.addEventListener("visibilitychange", () => { if (game) update(); });
    window.addEventListener("pagehide", save);
    return { update, restore, reset, elapsed };
  })();

  // --- new game, settings, statistics, help ---------------------------------------------------------

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
    closeDialog($("end-dialog"));
    closeDialog($("course-dialog"));
    openDialog($("new-dialog"));
  }

  // The difficulty of a new random deal: "any", or a grade the server draws uniformly within
  // (a graded deal is always winnable).
  function newGameGrade(form) {
    const grade = form.elements.grade;
    return grade ? grade.value : "any";
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
      grade: newGameGrade(form),
    };
    const error = await newGame(body);
    if (error) {
      $("new-error").textContent = error.error ? error.error.message : t("error_network");
      return;
    }
    closeDialog($("new-dialog"));
    placeSpot(true);
  }

  async function changeLanguage() {
    const data = await Golf.setLanguage($("language").value);
    Golf.fillLanguages($("language"), data.languages);
    $("rules-link").href = `/rules/solitaire?lang=${Golf.language}`;
    fillHelp();
    updateReplayButton();
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
    closeDialog($("end-dialog"));
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

  const HELP_KEYS = [
    [["←", "→"], "key_columns"],
    [["↑", "↓"], "key_rows"],
    [["@keyname_enter", "@keyname_space"], "key_play"],
    [["D"], "key_draw"],
    [["1–7"], "key_take"],
    [["U", "@keyname_ctrl+Z"], "key_undo"],
    [["R", "@keyname_ctrl+Y", "@keyname_ctrl+@keyname_shift+Z"], "key_redo"],
    [["H"], "key_hint"],
    [["N"], "key_new"],
    [["?"], "key_help"],
    [["@keyname_esc"], "key_close"],
  ];

  function fillHelp() {
    const name = (part) => (part.startsWith("@") ? t(part.slice(1)) : part);
    const keys = (combo) => el("kbd", {}, ...combo.split("+").flatMap((part, i) => [i ? "+" : null, el("kbd", { text: name(part) })]));
    $("help-keys").replaceChildren(...HELP_KEYS.map(([combos, key]) => el("tr", {},
      el("th", { scope: "row" }, ...combos.flatMap((combo, i) => [i ? " " : null, keys(combo)])),
      el("td", { text: t(key) }))));
  }

  function toggleHelp() {
    const dialog = $("help-dialog");
    if (dialog.open) closeDialog(dialog);
    else openDialog(dialog, dialog.querySelector(".sheet-footer button"));
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

  async function showSolution() {
    say(t("thinking"));
    const { ok, data } = await api("GET", "/api/solitaire/solution");
    if (!ok) return showError(data);
    say(data.message, "hint");
    if (!data.steps.length) return;
    stopReplay();
    replay = { steps: data.steps, index: -1, saved: game, playing: true, timer: null };
    document.body.classList.add("replaying");
    $("replay-bar").hidden = false;
    clock.update();
    showStep(0);
    schedule();
  }

  function showStep(index) {
    const backwards = index < replay.index;
    const previous = game;
    replay.index = index;
    const current = replay.steps[index];
    game = current.game;
    render(replay.index === 0 && !backwards ? null : previous, { backwards });
    const text = t("solution_step", { number: index, count: replay.steps.length - 1 }) + (current.text ? ` · ${current.text}` : "");
    $("replay-text").textContent = text;
    $("replay-back").disabled = index === 0;
    $("replay-forward").disabled = index === replay.steps.length - 1;
    if (index === replay.steps.length - 1) replay.playing = false;
    updateReplayButton();
  }

  function schedule() {
    clearTimeout(replay.timer);
    if (!replay.playing) return;
    replay.timer = setTimeout(() => {
      if (!replay || !replay.playing) return;
      showStep(replay.index + 1);
      schedule();
    }, Number($("replay-speed").value));
  }

  function updateReplayButton() {
    const playing = Boolean(replay && replay.playing);
    $("replay-play-icon").textContent = playing ? "⏸" : "▶";
    $("replay-play-name").textContent = playing ? t("replay_pause") : t("replay_play");
  }

  function togglePlay() {
    if (!replay) return;
    replay.playing = !replay.playing;
    if (replay.playing && replay.index === replay.steps.length - 1) showStep(0);
    updateReplayButton();
    schedule();
  }

  function step(delta) {
    if (!replay) return;
    replay.playing = false;
    clearTimeout(replay.timer);
    const index = Math.min(Math.max(replay.index + delta, 0), replay.steps.length - 1);
    if (index !== replay.index) showStep(index);
    updateReplayButton();
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
    const code = game ? shownCode() : "";
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
    Feel.finishAll();
    const key = event.key;
    if (document.querySelector("dialog[open]")) {
      if (key === "?" && $("help-dialog").open) {
        toggleHelp();
        event.preventDefault();
      }
      return;
    }
    if (event.target.closest("input, select, textarea")) return;
    const ctrl = event.ctrlKey || event.metaKey;
    if (ctrl && !event.altKey) {
      const lower = key.toLowerCase();
      if (lower === "y" || (lower === "z" && event.shiftKey)) doRedo();
      else if (lower === "z") send("u", { focus: hasBoardFocus() });
      else return;
      event.preventDefault();
      return;
    }
    if (event.altKey || ctrl) return;
    if (replay) {
      if (key === "ArrowLeft") step(-1);
      else if (key === "ArrowRight") step(1);
      else if (key === "Escape") stopReplay();
      else return;
      event.preventDefault();
      return;
    }
    if (hasBoardFocus() && moveSpot(key)) {
      event.preventDefault();
      return;
    }
    const lower = key.toLowerCase();
    const focus = hasBoardFocus();
    if (key === "?") toggleHelp();
    else if (lower === "h") showHint();
    else if (lower === "d") send("d", { focus });
    else if (lower === "u") send("u", { focus });
    else if (lower === "r") doRedo();
    else if (lower === "n") openNewGame();
    else if (/^[1-7]$/.test(key)) {
      spot = { column: Number(key), row: null };
      send(key, { focus });
    } else return;
    event.preventDefault();
  }

  function wireSettings() {
    const look = Golf.look();
    const legacy = Golf.stored(SETTINGS_KEY).cardStyle;
    if (legacy && !localStorage.getItem("golfcards.look")) Golf.setLook({ cards: legacy });
    $("interactive-rules").checked = settings.interactiveRules;
    $("highlight-playable").checked = settings.highlightPlayable;
    $("auto-draw").checked = settings.autoDraw;
    $("sound").checked = Feel.soundOn();
    $("theme").value = look.theme;
    $("felt").value = look.felt;
    $("back").value = look.back;
    $("card-style").value = Golf.look().cards;
    const toggle = (id, name, after) => $(id).addEventListener("change", (e) => {
      settings[name] = e.target.checked;
      saveSettings();
      if (after) after();
    });
    toggle("interactive-rules", "interactiveRules");
    toggle("highlight-playable", "highlightPlayable", () => render(null));
    toggle("auto-draw", "autoDraw", maybeAutoDraw);
    $("sound").addEventListener("change", (e) => Feel.setSound(e.target.checked));
    for (const [id, name] of [["theme", "theme"], ["felt", "felt"], ["back", "back"], ["card-style", "cards"]]) {
      $(id).addEventListener("change", (e) => Golf.setLook({ [name]: e.target.value }));
    }
    $("language").addEventListener("change", changeLanguage);
  }

  async function start() {
    const data = await Golf.loadStrings(Golf.chosenLanguage());
    Golf.fillLanguages($("language"), data.languages);
    fillHelp();
    updateReplayButton();
    $("rules-link").href = `/rules/solitaire?lang=${Golf.language}`;
    wireSettings();

    const tableau = $("tableau");
    tableau.addEventListener("click", onTableauClick);
    tableau.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("pointermove", onPointerMove);
    document.addEventListener("pointerup", onPointerUp);
    document.addEventListener("pointercancel", onPointerUp);
    tableau.addEventListener("focusin", (event) => {
      const node = event.target.closest("button.card");
      if (node) spot = { column: Number(node.dataset.column), row: node.classList.contains("free") ? null : Number(node.dataset.row) };
    });
    document.addEventListener("pointerdown", () => Feel.finishAll(), true);
    // A press with the mouse or a finger plays a card without moving the keyboard's focus onto it.
    for (const board of [tableau, $("stock")]) {
      board.addEventListener("mousedown", (event) => { if (event.target.closest(".card, #stock")) event.preventDefault(); });
    }
    $("stock").addEventListener("click", () => { spot = { column: 0, row: null }; send("d", { focus: hasBoardFocus() }); });
    $("skip").addEventListener("click", (event) => { event.preventDefault(); placeSpot(true); });
    $("undo").addEventListener("click", () => send("u"));
    $("undo-near").addEventListener("click", () => send("u"));
    $("redo").addEventListener("click", doRedo);
    $("redo-near").addEventListener("click", doRedo);
    $("new-game").addEventListener("click", openNewGame);
    $("new-form").addEventListener("submit", submitNewGame);
    $("open-settings").addEventListener("click", () => openDialog($("settings-dialog")));
    $("open-stats").addEventListener("click", openStats);
    $("open-help").addEventListener("click", toggleHelp);
    $("stats-rules").addEventListener("change", renderStats);
    $("code").addEventListener("click", copyCode);
    $("end-undo").addEventListener("click", () => { closeDialog($("end-dialog")); send("u", { focus: true }); });
    $("end-new").addEventListener("click", openNewGame);
    $("end-next").addEventListener("click", nextDeal);
    $("end-stats-open").addEventListener("click", openStats);
    $("course-again").addEventListener("click", newCourse);
    $("course-new-game").addEventListener("click", openNewGame);
    $("hint").addEventListener("click", showHint);
    $("winnable").addEventListener("click", stillWinnable);
    $("solution").addEventListener("click", showSolution);
    $("replay-stop").addEventListener("click", stopReplay);
    $("replay-play").addEventListener("click", togglePlay);
    $("replay-back").addEventListener("click", () => step(-1));
    $("replay-forward").addEventListener("click", () => step(1));
    $("replay-speed").addEventListener("change", () => { if (replay) schedule(); });
    document.addEventListener("keydown", onKey);
    await load();
    focusBoardAtLoad();
    document.body.classList.add("ready");
    Feel.warm();
  }

  start();
})();
