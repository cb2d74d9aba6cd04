// Drawing the Solitaire board: the tableau's card buttons, the stock and the discard, the figures,
// the course line, the tool buttons, and the message line under the board (with the screen readers'
// live region). Only what changed is touched; layout is read once, before
// the first change, and only for the boxes the motion needs.
import { cardFace } from "../common/cards.js";
import { $, afterPaint, el, setDisabled, setText } from "../common/dom.js";
import * as Feel from "../common/motion.js";
import { language, t } from "../common/words.js";
import * as clock from "./clock.js";
import { hasBoardFocus, placeSpot } from "./focus.js";
import { animateChange, measure } from "./motion.js";
import { board, cardButtons, settings, shownCode, signed } from "./state.js";

const shownAs = new WeakMap(); // a card's button → where and how it was last drawn
let announced = null;
let sparesAsked = false;

/**
 * Draw the board's game; `previous` (what was on screen) lets the changes move into place.
 * `how.action` is the action drawn, `how.focus` keeps the keyboard on the board, `how.backwards` a replay going back.
 */
export function render(previous = null, how = {}) {
  const game = board.game;
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
 * the keyboard's card) comes in the next two frames (the action queue's `perform`): each change
 * costs style, layout and paint work, and the input's paint waits for all of it.
 */
export function renderRemoval(previous) {
  const before = Feel.moving() ? measure(previous) : null;
  const code = board.game.discard.code;
  const leaving = cardButtons.get(code);
  if (leaving) {
    leaving.remove();
    cardButtons.delete(code);
  }
  renderPiles();
  if (before) animateChange(previous, before, {});
}

/** Tell the page's other parts (the live line) what is on the board, once the frame is painted. */
function announceGame() {
  const first = announced === null;
  announced = { game: board.game, replay: Boolean(board.replay) };
  if (!first) return;
  afterPaint(() => {
    const detail = announced;
    announced = null;
    document.dispatchEvent(new CustomEvent("golfcards:game", { detail }));
  });
}

function renderTools() {
  const game = board.game;
  const playing = game.status === "playing" && !board.replay;
  const canUndo = game.undo_available > 0 && !board.replay;
  for (const id of ["undo", "undo-near"]) setDisabled($(id), !canUndo);
  for (const id of ["redo", "redo-near"]) setDisabled($(id), !(playing && board.redo.length));
}

function renderCourse() {
  const line = $("course-line");
  const course = board.game.course;
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

/** Draw the seven columns: a button per card, made once and kept while the card stays on the tableau. */
export function renderTableau() {
  const tableau = $("tableau");
  if (tableau.children.length !== 7) {
    tableau.replaceChildren(...Array.from({ length: 7 }, (_, i) => el("div", { class: "column", "data-number": i + 1 })));
  }
  const seen = new Set();
  board.game.columns.forEach((column, index) => {
    const box = tableau.children[index];
    const nodes = column.map((card) => {
      seen.add(card.code);
      let node = cardButtons.get(card.code);
      if (!node || node.dataset.lang !== language) {
        if (node) node.remove();
        node = cardFace(card, "button", { type: "button", "data-code": card.code, "data-lang": language, tabindex: "-1" }, "");
        cardButtons.set(card.code, node);
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
  for (const [code, node] of cardButtons) {
    if (!seen.has(code)) {
      node.remove();
      cardButtons.delete(code);
    }
  }
}

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
  const game = board.game;
  const stock = $("stock");
  stock.classList.toggle("empty", game.stock_count === 0);
  setText($("stock-name"), game.stock_count ? t("draw_card", { count: game.stock_count }) : t("stock_empty"));
  setText($("stock-badge"), game.stock_count);
  const discard = $("discard");
  const top = discard.firstElementChild;
  const code = game.discard ? game.discard.code : "";
  if (top && top.dataset.code === code && top.dataset.lang === language) return;
  const spare = game.discard && [...discard.children].find((node) => node.classList.contains("spare")
    && node.dataset.code === code && node.dataset.lang === language);
  if (spare) {
    // Made ahead and laid out already: shown by a class change. What was before it goes (the old
    // top, as before); the spares after it stay hidden until the next idle moment.
    while (discard.firstElementChild !== spare) discard.firstElementChild.remove();
    spare.classList.remove("spare");
  } else if (game.discard) {
    discard.replaceChildren(discardFace(game.discard));
  } else {
    discard.replaceChildren(el("div", { class: "slot", role: "img", "data-code": "", "data-lang": language,
      "aria-label": t("discard_empty") }));
  }
}

/** The discard's face for `card` (a `spare` one is hidden: see `prepareSpares`). */
function discardFace(card, spare = false) {
  return cardFace(card, "div", { role: "img", "data-code": card.code, "data-lang": language,
    "aria-label": `${t("discard")}: ${card.name}`, class: spare ? "spare" : "" });
}

/**
 * The discard's faces of the cards that fit it now, made while the page is idle and kept in it after
 * its top face, hidden (`.spare`: styled and laid out, not painted, not in the accessibility tree).
 * A removal then shows one by a class change instead of making a face in its press's frame (nine new
 * elements to style and lay out, their text shaped: a third of that frame's layout at 1×).
 */
export function askSpares() {
  if (sparesAsked) return;
  sparesAsked = true;
  const idle = window.requestIdleCallback || ((task) => setTimeout(task, 50));
  idle(() => {
    sparesAsked = false;
    prepareSpares();
  }, { timeout: 1000 });
}

function prepareSpares() {
  const game = board.game;
  const discard = $("discard");
  const top = discard.firstElementChild;
  if (!game || board.busy || !top) return;
  const fitting = new Map();
  if (game.status === "playing" && !board.replay) {
    for (const column of game.columns) {
      const card = column[column.length - 1];
      if (card && card.playable) fitting.set(card.code, card);
    }
  }
  for (const node of [...discard.children].slice(1)) {
    if (fitting.has(node.dataset.code) && node.dataset.lang === language) fitting.delete(node.dataset.code);
    else node.remove();
  }
  for (const card of fitting.values()) discard.append(discardFace(card, true));
}

/**
 * Point at the solver's hint for a moment: `target` (a card of the board or the stock) gets a dashed ring
 * and a "Hint" label, part of its name, so that screen readers hear it too.
 */
export function markHint(target, duration = 2500) {
  for (const old of document.querySelectorAll(".hint-badge")) old.remove();
  target.classList.add("hinted");
  const badge = el("span", { class: "hint-badge", text: t("hint") });
  target.append(badge);
  setTimeout(() => {
    target.classList.remove("hinted");
    badge.remove();
  }, duration);
}

/** The play/pause button says what it does now. */
export function updateReplayButton() {
  const playing = Boolean(board.replay && board.replay.playing);
  $("replay-play-icon").setAttribute("d", playing ? "M6.5 5h4v14h-4zm7 0h4v14h-4z" : "M7 4.5v15l12.5-7.5z"); // pause, play
  $("replay-play-name").textContent = playing ? t("replay_pause") : t("replay_play");
}

// --- the message line ----------------------------------------------------------------------------

let announcing = 0;

/** Show `text` under the board; screen readers hear `spoken` (the same text unless given). */
export function say(text, kind = "info", spoken = text) {
  const message = $("message");
  message.textContent = text || "";
  message.dataset.kind = kind;
  announce(spoken);
}

/** Say `text` in the live region: emptied now, filled after the next frame (so a repeated text is heard again). */
export function announce(text) {
  const region = $("announce");
  const mine = ++announcing;
  setText(region, "");
  if (text) afterPaint(() => { if (mine === announcing) region.textContent = text; });
}

/** Show the error of an API answer (or the network's). */
export function showError(data) {
  say(data && data.error ? data.error.message : t("error_network"), "error");
}
