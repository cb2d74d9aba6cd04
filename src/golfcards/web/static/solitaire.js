// Golf Solitaire page: draws the game the server sends and sends the player's actions back. This
// entry wires the page's parts (in solitaire/): the board's drawing and motion, the keyboard's card
// and keys, dragging, the action queue, the clock, statistics, courses, the windows, the solver's
// replay and the live "still winnable" line.
//
// The server decides everything. To feel immediate, a removal of a card the server marked playable is
// drawn at once and confirmed (or corrected) by the answer; actions wait in a queue, so quick taps are
// never lost. One card of the board is the keyboard's focus (a roving tabindex): arrow keys move it,
// Enter plays it, and it stays on the board after every move.
import { answerLocally, showAccount } from "./common/api.js";
import { closeDialog, openDialog } from "./common/dialogs.js";
import { $ } from "./common/dom.js";
import * as Feel from "./common/motion.js";
import { warm } from "./common/sound.js";
import { chosenLanguage, fillLanguages, loadStrings, t } from "./common/words.js";
import { doRedo, load, send } from "./solitaire/actions.js";
import { say, updateReplayButton } from "./solitaire/board-view.js";
import { linkRules, openNewGame, submitNewGame, toggleHelp, wireSettings } from "./solitaire/dialogs.js";
import { clickEndsDrag, onPointerDown, onPointerMove, onPointerUp } from "./solitaire/drag.js";
import { focusBoardAtLoad, hasBoardFocus, placeSpot, spotCard, spotColumn } from "./solitaire/focus.js";
import { onKey } from "./solitaire/keys.js";
import {
  guideWanted, withCourse, withDeals, withEnd, withGuide, withOffline, withSolver, withStatsWindow,
} from "./solitaire/later.js";
import { board, shownCode } from "./solitaire/state.js";
import "./solitaire/live.js";

const newDeal = () => withDeals((deals) => deals.newDeal());
const openStats = () => withStatsWindow((statsWindow) => statsWindow.openStats());

function onTableauClick(event) {
  const node = event.target.closest("button.card");
  if (!node || clickEndsDrag()) return;
  spotCard(node);
  send(`${node.dataset.column}.${node.dataset.row}`, { focus: hasBoardFocus() });
}

async function copyCode() {
  const code = board.game ? shownCode() : "";
  try {
    await navigator.clipboard.writeText(code);
  } catch {
    const range = document.createRange();
    range.selectNodeContents($("code"));
    const selection = getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    document.execCommand("copy");
  }
  say(t("code_copied", { code }));
}

// Offline play (docs/web.md): offline.js answers while its game is on (its GAME_KEY) or the network fails.
answerLocally((...call) => withOffline((o) => o.answerOffline(...call)), () => "golfcards.solitaire.offline" in localStorage);

const data = await loadStrings(chosenLanguage());
fillLanguages($("language"), data.languages);
updateReplayButton();
linkRules();
wireSettings();

const tableau = $("tableau");
tableau.addEventListener("click", onTableauClick);
tableau.addEventListener("pointerdown", onPointerDown);
document.addEventListener("pointermove", onPointerMove);
document.addEventListener("pointerup", onPointerUp);
document.addEventListener("pointercancel", onPointerUp);
tableau.addEventListener("focusin", (event) => {
  const node = event.target.closest("button.card");
  if (node) spotCard(node);
});
document.addEventListener("pointerdown", () => Feel.finishAll(), true);
// A press with the mouse or a finger plays a card without moving the keyboard's focus onto it.
for (const area of [tableau, $("stock")]) {
  area.addEventListener("mousedown", (event) => { if (event.target.closest(".card, #stock")) event.preventDefault(); });
}
$("stock").addEventListener("click", () => { spotColumn(0); send("d", { focus: hasBoardFocus() }); });
$("skip").addEventListener("click", (event) => { event.preventDefault(); placeSpot(true); });
$("undo").addEventListener("click", () => send("u"));
$("undo-near").addEventListener("click", () => send("u"));
$("redo").addEventListener("click", doRedo);
$("redo-near").addEventListener("click", doRedo);
$("new-game").addEventListener("click", newDeal);
$("change-rules").addEventListener("click", openNewGame);
$("new-form").addEventListener("submit", submitNewGame);
$("open-settings").addEventListener("click", () => openDialog($("settings-dialog")));
$("open-stats").addEventListener("click", openStats);
$("open-help").addEventListener("click", toggleHelp);
$("code").addEventListener("click", copyCode);
$("end-undo").addEventListener("click", () => { closeDialog($("end-dialog")); send("u", { focus: true }); });
$("end-new").addEventListener("click", newDeal);
$("end-next").addEventListener("click", () => withEnd((end) => end.nextDeal()));
$("end-stats-open").addEventListener("click", openStats);
$("course-again").addEventListener("click", () => withCourse((course) => course.newCourse()));
$("course-new-game").addEventListener("click", newDeal);
$("hint").addEventListener("click", () => withSolver((replay) => replay.showHint()));
$("winnable").addEventListener("click", () => withSolver((replay) => replay.stillWinnable()));
$("solution").addEventListener("click", () => withSolver((replay) => replay.showSolution()));
$("replay-stop").addEventListener("click", () => withSolver((replay) => replay.stopReplay()));
$("replay-play").addEventListener("click", () => withSolver((replay) => replay.togglePlay()));
$("replay-back").addEventListener("click", () => withSolver((replay) => replay.step(-1)));
$("replay-forward").addEventListener("click", () => withSolver((replay) => replay.step(1)));
$("replay-speed").addEventListener("change", () => { if (board.replay) withSolver((replay) => replay.schedule()); });
document.addEventListener("keydown", onKey);
// The keys' hints show with a fine pointer (CSS), and on any device once a key is pressed.
document.addEventListener("keydown", () => document.body.classList.add("keyboard-used"), { once: true });
await load();
focusBoardAtLoad();
document.body.classList.add("ready");
$("guide-again").addEventListener("click", () => { closeDialog($("help-dialog")); withGuide((guide) => guide.startGuide()); });
if (guideWanted()) withGuide((guide) => guide.startGuide());
if (new URLSearchParams(location.search).has("code")) withDeals((deals) => deals.dealFromLink());
warm();
showAccount($("account-link"));
for (const scope of ["/solitaire", "/daily"]) navigator.serviceWorker?.register("/sw.js", { scope }).catch(() => {});
const sendOffline = () => "golfcards.solitaire.outbox" in localStorage && withOffline((o) => o.flush());
addEventListener("online", sendOffline);
sendOffline();
