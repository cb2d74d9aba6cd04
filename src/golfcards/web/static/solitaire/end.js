// The end of a game: the window that says won or blocked, with its figures and what comes next.
// Loaded when a game first ends (actions.js).
import { closeDialog, openDialog } from "../common/dialogs.js";
import { $, el } from "../common/dom.js";
import { t } from "../common/words.js";
import { clockText, elapsed } from "./clock.js";
import { openCourseCard } from "./course.js";
import { board } from "./state.js";
import { showStatsChange } from "./stats.js";

/**
 * Open the end window when the board's game has ended (the course card when a course ended), close it
 * while it is played; `previous` (the game before the last action) shows the statistics' change once.
 */
export function checkEnd(previous = null) {
  const game = board.game;
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
  $("end-title").textContent = won ? t("won_title") : t("blocked_title");
  // Blocked: the title says it ("No more moves"); the end message would only say it again.
  $("end-message").textContent = won ? game.end_message : "";
  $("end-message").hidden = !won;
  const figures = [figure(t("score"), game.score), figure(t("time"), clockText(elapsed())), figure(t("moves"), game.moves)];
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

/** One figure of a description list: its label and its value. */
function figure(label, value) {
  return el("div", { class: "figure" }, el("dt", { text: label }), el("dd", { text: String(value) }));
}
