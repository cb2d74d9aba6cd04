// After a game, what the solver says of it: in a blocked game's end window, the move after which it
// could no longer be won and one that would have kept it winnable, or, for a deal no play wins, the
// fewest cards any play leaves against the player's; the hints used (counted on this device, shown in
// every end window); and on a course's scorecard the fewest cards each deal could leave. The solver
// runs on the server: without the network the window says so. Loaded with end.js and course.js; its
// words come from /api/i18n?part=review.
import { api } from "../common/api.js";
import { format, language } from "../common/words.js";
import { stored } from "../common/storage.js";
import { board } from "./state.js";

/** The hints asked for in the game on the board: `{code, moves, count}` (actions.js forgets it when a game starts). */
export const HINTS_KEY = "golfcards.solitaire.hints";
let words = {};
let wordsLanguage = null;

/** A word of this part (its key while the words cannot be had), placeholders filled. */
export const w = (key, params) => format(key in words ? words[key] : key, params);

/** Whether this part's words are here in the page's language. */
export const wordsHere = () => wordsLanguage === language;

/** Fetch this part's words in the page's language (once per language; nothing when they cannot be had). */
export async function loadWords() {
  if (wordsLanguage === language) return;
  const asked = language;
  try {
    const answer = await fetch(`/api/i18n?part=review&lang=${encodeURIComponent(asked)}`);
    if (!answer.ok) return;
    words = (await answer.json()).strings;
    wordsLanguage = asked;
  } catch {
    // no network and not kept by the service worker: the keys show until they can be had
  }
}

/** The hints kept for `game`, when they are this game's (same code, asked at or before its moves). */
function keptHints(game) {
  const kept = stored(HINTS_KEY);
  return kept.code === game.code && Number.isInteger(kept.count) && kept.moves <= game.moves ? kept : null;
}

/** Count one more hint given in `game`. */
export function countHint(game) {
  const kept = keptHints(game);
  localStorage.setItem(HINTS_KEY, JSON.stringify({ code: game.code, moves: game.moves, count: (kept ? kept.count : 0) + 1 }));
}

/** How many hints were given in `game`. */
export function hintsUsed(game) {
  const kept = keptHints(game);
  return kept ? kept.count : 0;
}

const reviewKey = (game) => `${game.code} ${game.log}`;
let reviewed = { key: null, text: "" };

/**
 * Ask the solver about the blocked `game` and say what it found in `line` (hidden for a win, or when
 * it has nothing to say); the same game's review is asked once. Without the network, says that it
 * needs it.
 */
export async function showReview(game, line) {
  line.textContent = "";
  line.hidden = true;
  if (game.status !== "blocked" || typeof game.log !== "string" || !game.code) return;
  const key = reviewKey(game);
  if (reviewed.key === key) {
    line.textContent = reviewed.text;
    line.hidden = !reviewed.text;
    return;
  }
  line.textContent = w("review_looking");
  line.hidden = false;
  line.dataset.review = "asking";
  const { ok, data } = await api("GET", `/api/solitaire/review?${new URLSearchParams({ code: game.code, moves: game.log })}`);
  if (board.game !== game) return;
  if (!ok) {
    line.textContent = ["network", "offline.needs_network"].includes(data.error.key) ? w("review_network") : data.error.message;
    line.dataset.review = "failed";
    return;
  }
  reviewed = { key, text: data.review.message || "" };
  line.textContent = reviewed.text;
  line.hidden = !reviewed.text;
  line.dataset.review = data.review.lost ? "lost" : data.review.fewest_left ? "never" : "winnable";
}

/** The fewest cards each deal of the course `code` can leave (null when the solver cannot be asked). */
export async function courseFewest(code) {
  const { ok, data } = await api("GET", `/api/solitaire/fewest?${new URLSearchParams({ code })}`);
  return ok ? data.fewest : null;
}
