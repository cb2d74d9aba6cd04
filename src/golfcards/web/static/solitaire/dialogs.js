// The Solitaire page's windows: leaving a game under way, a new deal and the new game form, the
// settings (and the page's language), the keys' help.
import { closeDialog, openDialog } from "../common/dialogs.js";
import { $, el } from "../common/dom.js";
import { setSound, soundOn } from "../common/sound.js";
import { look, setLook } from "../common/storage.js";
import { fillLanguages, language, setLanguage, t } from "../common/words.js";
import { load, maybeAutoDraw, newGame } from "./actions.js";
import { render, showError, updateReplayButton } from "./board-view.js";
import { placeSpot } from "./focus.js";
import { board, legacyCardStyle, saveSettings, settings } from "./state.js";

let leaving = null; // what to do once the player agrees to leave the game under way, and if they keep playing

/** The player's own game (the one a replay stands in for while it is shown). */
const ownGame = () => (board.replay ? board.replay.saved : board.game);

/** A game is under way: at least one move made and not ended (leaving it counts it as lost). */
export function underWay() {
  const game = ownGame();
  return Boolean(game && game.status === "playing" && game.moves > 0);
}

/**
 * Run `then` once leaving the game on the board costs nothing, or once the player agreed to leave it:
 * with a game under way, the leave window says first that it counts as lost (nothing is recorded until
 * they choose Deal anyway); Keep playing (or Esc) changes nothing and runs `keep`.
 */
export function leaveThen(then, keep = null) {
  if (!underWay()) return then();
  leaving = { then, keep };
  openDialog($("leave-dialog"), $("leave-cancel"));
}

function confirmLeave() {
  const choice = leaving;
  leaving = null;
  closeDialog($("leave-dialog"));
  if (choice) choice.then();
}

/** Wire the leave window's buttons (Keep playing is its form's submit: it only closes the window). */
export function wireLeave() {
  $("leave-confirm").addEventListener("click", confirmLeave);
  $("leave-dialog").addEventListener("close", () => {
    const choice = leaving;
    leaving = null;
    if (choice && choice.keep) choice.keep();
  });
}

/** The choices of the last deal (the game on the board's): rule, jokers, empty discard, course. */
function lastChoices() {
  const game = ownGame();
  const form = $("new-form");
  if (!game) return { rule: "easy", jokers: 0, empty_discard: false, winnable: form.elements.winnable.checked };
  const rules = game.rules;
  return { rule: rules.name, jokers: rules.jokers, empty_discard: rules.empty_discard,
    winnable: form.elements.winnable.checked, grade: newGameGrade(form) };
}

/** Deal at once with the last choices (after the leave window when a game is under way). */
export function newDeal() {
  leaveThen(async () => {
    closeDialog($("end-dialog"));
    closeDialog($("course-dialog"));
    const error = await newGame(lastChoices());
    if (error) return showError(error);
    placeSpot(true);
  });
}

/** Deal `code` as a fresh game (after the leave window when a game is under way); resolves to the
 * error's data, or null (also when the player kept their game). */
export function dealCode(code) {
  return new Promise((resolve) => {
    leaveThen(async () => resolve(await newGame({ code })), () => resolve(null));
  });
}

/** Open the new game window (to change the rules), its choices those of the game on the board. */
export function openNewGame() {
  showNewError("");
  const form = $("new-form");
  const game = ownGame();
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

/** The new game window's error line (empty: none); it stays in view above the window's buttons. */
function showNewError(text) {
  const line = $("new-error");
  line.textContent = text;
  line.hidden = !text;
}

// The difficulty of a new random deal: "any", or a grade the server draws uniformly within
// (a graded deal is always winnable).
function newGameGrade(form) {
  const grade = form.elements.grade;
  return grade ? grade.value : "any";
}

/** The new game window's form sent: the game it asks for (after the leave window when a game is under way), or its error in the window. */
export function submitNewGame(event) {
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
  leaveThen(async () => {
    const error = await newGame(body);
    if (error) {
      showNewError(error.error ? error.error.message : t("error_network"));
      return;
    }
    closeDialog($("new-dialog"));
    placeSpot(true);
  });
}

/** The rules page's link, in the page's language. */
export function linkRules() {
  $("rules-link").href = `/rules/solitaire?lang=${language}`;
}

async function changeLanguage() {
  const data = await setLanguage($("language").value);
  fillLanguages($("language"), data.languages);
  linkRules();
  fillHelp();
  updateReplayButton();
  await load();
}

/** The settings window shows the settings and looks, and changes them. */
export function wireSettings() {
  const looks = look();
  const legacy = legacyCardStyle();
  if (legacy && !localStorage.getItem("golfcards.look")) setLook({ cards: legacy });
  $("interactive-rules").checked = settings.interactiveRules;
  $("highlight-playable").checked = settings.highlightPlayable;
  $("auto-draw").checked = settings.autoDraw;
  $("sound").checked = soundOn();
  $("theme").value = looks.theme;
  $("felt").value = looks.felt;
  $("back").value = looks.back;
  $("card-style").value = look().cards;
  const toggle = (id, name, after) => $(id).addEventListener("change", (e) => {
    settings[name] = e.target.checked;
    saveSettings();
    if (after) after();
  });
  toggle("interactive-rules", "interactiveRules");
  toggle("highlight-playable", "highlightPlayable", () => render(null));
  toggle("auto-draw", "autoDraw", maybeAutoDraw);
  $("sound").addEventListener("change", (e) => setSound(e.target.checked));
  for (const [id, name] of [["theme", "theme"], ["felt", "felt"], ["back", "back"], ["card-style", "cards"]]) {
    $(id).addEventListener("change", (e) => setLook({ [name]: e.target.value }));
  }
  $("language").addEventListener("change", changeLanguage);
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

/** The keys' help table, in the page's language. */
export function fillHelp() {
  const name = (part) => (part.startsWith("@") ? t(part.slice(1)) : part);
  const keys = (combo) => el("kbd", {}, ...combo.split("+").flatMap((part, i) => [i ? "+" : null, el("kbd", { text: name(part) })]));
  $("help-keys").replaceChildren(...HELP_KEYS.map(([combos, key]) => el("tr", {},
    el("th", { scope: "row" }, ...combos.flatMap((combo, i) => [i ? " " : null, keys(combo)])),
    el("td", { text: t(key) }))));
}

export function toggleHelp() {
  const dialog = $("help-dialog");
  if (dialog.open) closeDialog(dialog);
  else openDialog(dialog, dialog.querySelector(".sheet-footer button"));
}
