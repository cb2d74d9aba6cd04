// A course: the card of a finished course (every deal against par, and the fewest cards the solver
// finds each deal could leave), and a new course. Loaded when a course first ends.
import { closeDialog, openDialog } from "../common/dialogs.js";
import { $, el } from "../common/dom.js";
import { t } from "../common/words.js";
import { newGame } from "./actions.js";
import { showError } from "./board-view.js";
import { courseFewest, loadWords, w } from "./review.js";
import { board, signed } from "./state.js";

/** Open the course card of the board's finished course; the fewest cards each deal could leave come
 * from the solver when it answers ("…" until then, "–" without the network). */
export async function openCourseCard() {
  const course = board.game.course;
  await loadWords();
  const head = el("tr", {}, ...["stats_course_deal", "stats_course_left", "course_par", "stats_course_total", "course_against"]
    .map((key) => el("th", { scope: "col", text: t(key) })), el("th", { scope: "col", text: w("course_fewest") }));
  let total = 0;
  const fewestCells = course.results.map(() => el("td", { class: "fewest", text: "…" }));
  const rows = course.results.map((left, i) => {
    total += left;
    const par = course.par_per_deal * (i + 1);
    return el("tr", {}, el("th", { scope: "row", text: String(i + 1), title: course.deal_codes[i] }),
      el("td", { text: String(left) }), el("td", { text: String(course.par_per_deal) }),
      el("td", { text: String(total) }), el("td", { class: total - par < 0 ? "under" : total - par > 0 ? "over" : "", text: signed(total - par) }),
      fewestCells[i]);
  });
  const fewestTotal = el("td", { class: "fewest", text: "…" });
  const foot = el("tr", { class: "totals" }, el("th", { scope: "row", text: t("stats_course_total") }),
    el("td", { text: String(course.total) }), el("td", { text: String(course.par) }), el("td", { text: String(course.total) }),
    el("td", { text: signed(course.against_par) }), fewestTotal);
  $("course-table").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows), el("tfoot", {}, foot));
  const summary = $("course-summary");
  summary.textContent = t("course_finished", { total: course.total, par: course.par, against: signed(course.against_par) });
  // Under par is the good side (as in golf): it reads as a success, over par never does.
  summary.dataset.par = course.against_par < 0 ? "under" : course.against_par > 0 ? "over" : "even";
  $("course-code").textContent = course.code;
  openDialog($("course-dialog"), $("course-again"));
  const fewest = await courseFewest(course.code);
  fewestCells.forEach((cell, i) => { cell.textContent = fewest ? String(fewest[i]) : "–"; });
  fewestTotal.textContent = fewest ? String(fewest.reduce((sum, n) => sum + n, 0)) : "–";
  $("course-table").dataset.fewest = fewest ? "shown" : "unknown";
}

/** A new course with the rules of the one just finished. */
export async function newCourse() {
  const rules = board.game.rules;
  const error = await newGame({ rule: rules.name, jokers: rules.jokers, empty_discard: rules.empty_discard,
    course: true, winnable: $("new-form").elements.winnable.checked });
  if (error) return showError(error);
  closeDialog($("course-dialog"));
}
