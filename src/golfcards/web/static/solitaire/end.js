// The end of a game: the window that says won or blocked, with its figures and what comes next (the
// next deal of a course, a new deal, this deal again, a text to share), and a course's next deal. Loaded when a game first ends
// (actions.js).
import { api } from "../common/api.js";
import { closeDialog, openDialog } from "../common/dialogs.js";
import { $, el } from "../common/dom.js";
import * as Feel from "../common/motion.js";
import { t } from "../common/words.js";
import { newGame, started } from "./actions.js";
import { render, showError } from "./board-view.js";
import { clockText, elapsed } from "./clock.js";
import { openCourseCard } from "./course.js";
import { placeSpot } from "./focus.js";
import { hintsUsed, loadWords as loadReviewWords, showReview, w, wordsHere } from "./review.js";
import { board, signed } from "./state.js";
import { showStatsChange } from "./stats.js";

let opening = 0; // the end window last asked for (a later ask, or a new game, cancels a wait)

/** The end window's parts made here (the page's HTML leaves them out of its first load): Share and
 * Play this deal again, the line that says the text was copied and the field to copy it by hand, and
 * the solver's review of a blocked game. */
function addSharing() {
  $("end-figures").after(el("p", { id: "end-review", class: "end-review", "aria-live": "polite", hidden: true }));
  const again = el("button", { type: "button", class: "tool", id: "end-again" });
  const shareButton = el("button", { type: "button", class: "tool", id: "end-share" });
  $("end-next").before(shareButton, again);
  $("end-course").after(el("p", { id: "share-status", class: "note share-status", role: "status" }),
    el("div", { id: "share-box", class: "share-box", hidden: true },
      el("label", { for: "share-text", id: "share-label" }), el("textarea", { id: "share-text", rows: "3", readonly: true })));
  again.addEventListener("click", playAgain);
  shareButton.addEventListener("click", share);
}

/**
 * Open the end window when the board's game has ended (the course card when a course ended), close it
 * while it is played; `previous` (the game before the last action) shows the statistics' change once.
 * A win's cascade of cards plays on the table first: the window comes when it ends, or at once when a
 * key or a touch cuts it short (and at once without motion).
 */
export async function checkEnd(previous = null) {
  const game = board.game;
  const asked = ++opening;
  if (board.replay) return;
  if (game.course && game.course.finished && game.status !== "playing") {
    closeDialog($("end-dialog"));
    return openCourseCard();
  }
  if (game.status === "playing") {
    closeDialog($("end-dialog"));
    return;
  }
  const won = game.status === "won";
  fillEnd(game, won);
  // The review's words come with the window, never hold it back (a slow network): the hints' label
  // and the solver's line follow when they are here.
  loadReviewWords().then(() => {
    if (asked !== opening || board.game !== game) return;
    $("end-hints").firstChild.textContent = w("hints_used");
    showReview(game, $("end-review"));
  });
  if (won) await cascadeEnded();
  if (asked !== opening || board.game !== game || board.replay) return;
  const course = game.course;
  openDialog($("end-dialog"), course && !course.finished ? $("end-next") : $("end-new"));
  if (previous && previous.status === "playing") showStatsChange();
}

/** Resolves once the cards that fly at a win have landed (at once when none fly: reduced motion, a reload). */
function cascadeEnded() {
  const flying = document.getAnimations().filter((animation) => {
    const target = animation.effect && animation.effect.target;
    return target && target.classList && target.classList.contains("ghost") && animation.playState !== "finished";
  });
  if (!flying.length) return Promise.resolve();
  // The copies leave the page with their animations' finish events: a task later.
  return Promise.allSettled(flying.map((animation) => animation.finished)).then(() => new Promise((done) => setTimeout(done, 0)));
}

/** Put the ended `game`'s title, figures, course line and buttons into the end window. */
function fillEnd(game, won) {
  $("end-share").textContent = t("share");
  $("end-again").textContent = t("play_again");
  $("share-label").textContent = t("share_fallback");
  $("end-title").textContent = won ? t("won_title") : t("blocked_title");
  // Blocked: the title says it ("No more moves"); the end message would only say it again.
  $("end-message").textContent = won ? game.end_message : "";
  $("end-message").hidden = !won;
  const figures = [figure(t("score"), game.score), figure(t("time"), clockText(elapsed())), figure(t("moves"), game.moves)];
  if (!won) figures.splice(1, 0, figure(t("stats_course_left"), game.cards_left));
  const hints = figure(wordsHere() ? w("hints_used") : "", hintsUsed(game));
  hints.id = "end-hints";
  figures.push(hints);
  $("end-figures").replaceChildren(...figures);
  const course = game.course;
  const lastDeal = course && course.deal === course.deals;
  $("end-next").hidden = !course || course.finished;
  $("end-next").textContent = lastDeal ? t("finish_course") : t("next_deal");
  $("end-new").classList.toggle("primary", !course);
  // This deal again: a fresh game of the same code (in a course, the next deal comes instead).
  $("end-again").hidden = Boolean(course);
  const courseLine = $("end-course");
  courseLine.hidden = !course;
  if (course) showCourseSoFar(courseLine, course, game.cards_left);
  $("end-undo").hidden = won || game.undo_available === 0;
  $("end-dialog").classList.toggle("won", won);
  $("end-stats").hidden = true;
  $("share-status").textContent = "";
  $("share-box").hidden = true;
}

/** The course's total counting the deal just ended (`left` cards left), against par for the deals played. */
function showCourseSoFar(line, course, left) {
  const played = course.results.length + 1;
  const total = course.total + left;
  const against = total - course.par_per_deal * played;
  line.textContent = t("course_line", { deal: played, deals: course.deals, total,
    par_so_far: course.par_per_deal * played, against: signed(against) });
  line.dataset.par = against < 0 ? "under" : against > 0 ? "over" : "even";
}

/** The course's next deal (or its card, when the course is over). */
export async function nextDeal() {
  const { ok, data } = await api("POST", "/api/solitaire/next");
  if (!ok) return showError(data);
  const course = data.game.course;
  if (course && course.finished) {
    board.game = data.game;
    closeDialog($("end-dialog"));
    render(null);
    return openCourseCard();
  }
  started(data.game, { focus: true });
}

/** One figure of a description list: its label and its value. */
function figure(label, value) {
  return el("div", { class: "figure" }, el("dt", { text: label }), el("dd", { text: String(value) }));
}

/** The ended deal again: a fresh game of the same code. */
export async function playAgain() {
  const game = board.game;
  if (!game || game.status === "playing" || !game.code) return;
  const error = await newGame({ code: game.code });
  if (error) return showError(error);
  placeSpot(true);
}

/** The address that deals `code` on this server. */
export const dealLink = (code) => `${location.origin}/solitaire?code=${encodeURIComponent(code)}`;

/** The address that shows `game`'s result checked by any golfcards server: its code and its moves in effect. */
export const sharedLink = (game) => `${dealLink(game.code)}&moves=${encodeURIComponent(game.log || "")}`;

/** What Share copies: the rule, cards left or score, moves, time and the link that replays the game. */
export function shareText(game) {
  const result = game.status === "won" ? t("share_won", { score: game.score }) : t("share_left", { count: game.cards_left });
  return t("share_text", { rule: game.rules.label, result, moves: game.moves, time: clockText(elapsed()),
    link: game.log === undefined ? dealLink(game.code) : sharedLink(game) });
}

/** Copy the share text; where the clipboard is refused, show it in a field to copy by hand. */
export async function share() {
  const game = board.game;
  if (!game || game.status === "playing" || !game.code) return;
  const text = shareText(game);
  Feel.finishAll();
  try {
    if (!navigator.clipboard) throw new Error("no clipboard");
    await navigator.clipboard.writeText(text);
    $("share-box").hidden = true;
    $("share-status").textContent = t("share_copied");
  } catch {
    const field = $("share-text");
    field.value = text;
    $("share-status").textContent = "";
    $("share-box").hidden = false;
    field.focus();
    field.select();
  }
}

addSharing();
