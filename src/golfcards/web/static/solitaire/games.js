// Starting games: the game kept for this visitor, a new one, the next deal of a course, a new course.
import { api } from "../common/api.js";
import { $ } from "../common/dom.js";
import { closeDialog } from "../common/dialogs.js";
import { forgetLastAction } from "./actions.js";
import { render } from "./board-view.js";
import * as clock from "./clock.js";
import { openCourseCard } from "./course.js";
import { checkEnd } from "./end.js";
import { say, showError } from "./message.js";
import { clearRedo, keepRedo, restoreRedo } from "./redo.js";
import { board } from "./state.js";
import { rememberStats } from "./stats.js";

/** Draw the visitor's game as the server keeps it (and what could be redone before a reload). */
export async function load() {
  const { ok, data } = await api("GET", "/api/solitaire");
  if (!ok) return showError(data);
  board.game = data.game;
  restoreRedo(board.game);
  keepRedo(board.game);
  clock.restore();
  render(null);
  if (board.game.status !== "playing") checkEnd();
  else rememberStats();
}

/** Start a new game as `body` asks (/api/solitaire/new); resolves to the error's data, or null. */
export async function newGame(body) {
  const { ok, data } = await api("POST", "/api/solitaire/new", body);
  if (!ok) return data;
  board.game = data.game;
  clearRedo();
  keepRedo(board.game);
  forgetLastAction();
  clock.reset();
  say("");
  closeDialog($("end-dialog"));
  render(null);
  rememberStats();
  return null;
}

/** The course's next deal (or its card, when the course is over). */
export async function nextDeal() {
  const { ok, data } = await api("POST", "/api/solitaire/next");
  if (!ok) return showError(data);
  board.game = data.game;
  clearRedo();
  keepRedo(board.game);
  forgetLastAction();
  closeDialog($("end-dialog"));
  say("");
  if (board.game.course && board.game.course.finished) {
    render(null);
    openCourseCard();
    return;
  }
  clock.reset();
  render(null, { focus: true });
  rememberStats();
}

/** A new course with the rules of the one just finished. */
export async function newCourse() {
  const form = $("new-form");
  const rules = board.game.rules;
  const error = await newGame({ rule: rules.name, jokers: rules.jokers, empty_discard: rules.empty_discard,
    course: true, winnable: form.elements.winnable.checked });
  if (error) return showError(error);
  closeDialog($("course-dialog"));
}
