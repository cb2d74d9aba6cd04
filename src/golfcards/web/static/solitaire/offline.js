// Golf Solitaire without the network. When the server cannot be reached, the page's API calls
// (common/api.js) come here: this module deals and plays the game on engine.js and answers with the
// server's JSON (the same game, outcome and error shapes, the words from the offline kit the service
// worker keeps), so the rest of the page draws it as usual. The game is kept on this device (its code
// and actions) until it is over or another is dealt; then it waits in an outbox, and each game of the
// outbox is sent once, when the network is back, to /api/solitaire/offline-games, which replays it.
// Hints, "still winnable" and the solution need the server: they say so.
//
// A game of the server cut off by the network mid-game goes on here: the first action that cannot
// reach the server takes the game on the board (its code and moves in effect) onto the engine. It is
// kept in the outbox as a continuation; when the network is back, the actions played here are sent to
// the server's game one by one (each with its own request id: sent twice, applied once), provided the
// server's game is still where the network was lost; then the game is the server's again. If it is
// not (played on meanwhile elsewhere), the game stays on this device and is sent whole, as any game
// played here.
import { format, language, t } from "../common/words.js";
import { load } from "./actions.js";
import { say } from "./board-view.js";
import { DEAL_COUNT, EngineError, Game, formatCode, parseAction, parseCode } from "./engine.js";
import { board } from "./state.js";

/** The game played on this device (solitaire.js sends the page's calls here while this key is kept). */
export const GAME_KEY = "golfcards.solitaire.offline";
const OUTBOX_KEY = "golfcards.solitaire.outbox";
const RULE_LETTERS = { easy: "E", classic: "C", strict: "S" };
const kits = new Map();
let current = null; // {id, code, actions, queued, game}; a continued game of the server also {continued, sent, extraMoves}
let sending = null;

/** The words of the page's language for a game played here, or null if they cannot be had. */
async function kit() {
  if (!kits.has(language)) {
    try {
      const response = await fetch(`/api/solitaire/offline-kit?lang=${encodeURIComponent(language)}`);
      if (!response.ok) return null;
      kits.set(language, await response.json());
    } catch {
      return null;
    }
  }
  return kits.get(language);
}

function read(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null") ?? fallback;
  } catch {
    return fallback;
  }
}

function save() {
  if (!current) return localStorage.removeItem(GAME_KEY);
  const { id, code, actions, queued, continued, sent, base, first, extraMoves } = current;
  localStorage.setItem(GAME_KEY, JSON.stringify({ id, code, actions, queued, continued, sent, base, first, extraMoves }));
  if (continued) keepContinuation();
}

/** The continued game in the outbox as it is now (its id's entry replaced). */
function keepContinuation() {
  const { id, code, actions, sent, base, first } = current;
  const others = read(OUTBOX_KEY, []).filter((kept) => kept.id !== id);
  keepOutbox([...others, { id, code, actions, sent, base, first, continued: true }]);
}

/** The game kept on this device, replayed (null if there is none, or it cannot be read). */
function restore() {
  const kept = read(GAME_KEY, null);
  if (!kept) return null;
  try {
    const game = new Game(kept.code);
    for (const action of kept.actions) if (game.apply(action).refusal) throw new Error(action);
    return { ...kept, game };
  } catch {
    localStorage.removeItem(GAME_KEY);
    return null;
  }
}

/** Keep the outbox (no key when it is empty: solitaire.js looks for the key to send it). */
function keepOutbox(games) {
  if (games.length) localStorage.setItem(OUTBOX_KEY, JSON.stringify(games));
  else localStorage.removeItem(OUTBOX_KEY);
}

/** Put the game on the board in the outbox (once), if it had a move (a continued game is there already). */
function queue() {
  if (current && current.continued) {
    current.queued = true;
    save();
    if (navigator.onLine) flush();
    return;
  }
  if (!current || current.queued || !current.actions.length) return;
  const { id, code, actions } = current;
  keepOutbox([...read(OUTBOX_KEY, []), { id, code, actions }]);
  current.queued = true;
  save();
  if (navigator.onLine) flush();
}

const post = (url, body) => fetch(`${url}?lang=${encodeURIComponent(language)}`, {
  method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
});

/**
 * Send the rest of a continued game (an outbox entry) to the server's game; resolves to true when it
 * is done with (sent, or become a game of this device), false when the network failed meanwhile.
 */
async function sendRest(entry) {
  if (entry.sent === entry.base) {
    // Nothing sent yet: the server's game must still be where the network was lost.
    const answer = await fetch(`/api/solitaire?lang=${encodeURIComponent(language)}`);
    const game = answer.ok ? (await answer.json()).game : null;
    if (!game) return false;
    // The first action's request may have reached the server, only its answer lost: sent again with
    // the page's request id, it is applied once either way.
    const reached = entry.first && game.log === movesInEffect(entry.actions.slice(0, entry.base + 1));
    if (game.code !== entry.code || (game.log !== movesInEffect(entry.actions.slice(0, entry.base)) && !reached)) {
      return keepHere(entry);
    }
  }
  for (let index = entry.sent; index < entry.actions.length; index++) {
    const requestId = index === entry.base && entry.first ? entry.first : `${entry.id}-${index}`;
    const response = await post("/api/solitaire/action", { action: entry.actions[index], request_id: requestId });
    if (response.status >= 500 || response.status === 408 || response.status === 429) return false;
    const data = await response.json();
    if (!response.ok || !data.outcome.accepted) return keepHere(entry);
    entry.sent = index + 1;
    keepOutbox(read(OUTBOX_KEY, []).map((kept) => (kept.id === entry.id && kept.continued ? { ...kept, sent: entry.sent } : kept)));
    if (current && current.id === entry.id) {
      current.sent = entry.sent;
      save();
    }
  }
  return true;
}

/** A continued game the server's game cannot take: it stays a game of this device, sent whole when over. */
function keepHere(entry) {
  if (current && current.id === entry.id) {
    current.continued = false;
    current.queued = false;
    save();
    if (current.game.status === "won") queue(); // over: sent whole now
  } else {
    keepOutbox([...read(OUTBOX_KEY, []).filter((kept) => kept.id !== entry.id), { id: entry.id, code: entry.code, actions: entry.actions }]);
  }
  return true;
}

let retries = 0;

/** Try the outbox again a little later (at most 5 times in a row) when the device says it is online:
 * the "online" event may come before the network answers. */
function retrySoon() {
  if (!navigator.onLine || retries >= 5) return;
  retries += 1;
  setTimeout(flush, 1000 * retries);
}

/** Send the outbox's games to the server, one at a time, each once; resolves when done or offline. */
export function flush() {
  sending ||= (async () => {
    current ||= restore();
    for (let outbox = read(OUTBOX_KEY, []); outbox.length; outbox = read(OUTBOX_KEY, [])) {
      const game = outbox[0];
      if (game.continued) {
        if (current && current.id === game.id) game.actions = current.actions; // what was played since
        let done;
        try {
          done = await sendRest({ ...game });
        } catch {
          return retrySoon();
        }
        if (!done) return retrySoon();
        const rest = read(OUTBOX_KEY, []).filter((kept) => kept.id !== game.id || !kept.continued);
        keepOutbox(rest);
        if (current && current.id === game.id && current.continued) {
          current = null; // the server has it all: the game is played there again
          save();
          await load();
        }
        continue;
      }
      let response;
      try {
        response = await post("/api/solitaire/offline-games", game);
      } catch {
        return retrySoon(); // still offline: the next "online" event sends it
      }
      if (response.status >= 500 || response.status === 408 || response.status === 429) return retrySoon();
      // Recorded (or recorded before), or refused for good (a log the rules refuse): never sent again.
      keepOutbox(read(OUTBOX_KEY, []).filter((kept) => kept.id !== game.id));
    }
    retries = 0;
  })().finally(() => { sending = null; });
  return sending;
}

const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");

/** A uniformly random deal number (rejection sampling over 53 random bits). */
function randomNumber() {
  const limit = Math.floor(2 ** 53 / DEAL_COUNT) * DEAL_COUNT;
  for (;;) {
    const [high, low] = crypto.getRandomValues(new Uint32Array(2));
    const value = (high >>> 11) * 2 ** 32 + low;
    if (value < limit) return value % DEAL_COUNT;
  }
}

// --- the server's JSON, from the engine and the kit ----------------------------------------------

function boardText(view, words) {
  const b = words.board_text;
  const name = (code) => words.faces[code].name;
  const columns = view.columns.map((cards, i) => (cards.length
    ? format(b.column, { number: i + 1, cards: cards.map((c) => name(c.code)).join(b.card_separator), card: name(cards[cards.length - 1].code) })
    : format(b.column_empty, { number: i + 1 })));
  return format(b.whole, {
    stock: b.stock[view.stock_count],
    discard: view.discard ? format(b.discard, { card: name(view.discard) }) : b.discard_empty,
    columns: columns.join(b.column_separator),
  });
}

function gameJson(words) {
  const view = current.game.view();
  const end = view.status === "won" ? format(words.won, { score: view.score }) : view.status === "blocked" ? words.blocked : null;
  return {
    ...view,
    rules: { ...view.rules, label: words.rule_names[view.rules.name] },
    columns: view.columns.map((cards) => cards.map((card) => ({ ...words.faces[card.code], ...card }))),
    discard: view.discard ? words.faces[view.discard] : null,
    board_text: boardText(view, words),
    end_message: end,
    moves: view.moves + (current.extraMoves || 0),
    course: null,
    offline: true,
    log: movesInEffect(current.actions),
  };
}

/** The moves in effect one letter each (`d`, `1`–`7`), as the server's games send them: an undo
 * takes its move out, a touch is its column's. */
function movesInEffect(actions) {
  const moves = [];
  for (const action of actions) {
    if (action === "u") moves.pop();
    else moves.push(action.split(".")[0]);
  }
  return moves.join("");
}

const answer = (data, status = 200) => ({ ok: status === 200, status, data });
const refused = (key, message, status = 400) => answer({ error: { key, message } }, status);

/** A new game on this device, as /api/solitaire/new would deal it (a course needs the server). */
function deal(body, words) {
  let code;
  try {
    code = body.code ? parseCode(body.code)
      : { number: randomNumber(), course: Boolean(body.course),
        rules: { name: RULE_LETTERS[body.rule] || "E", jokers: [1, 2].includes(body.jokers) ? body.jokers : 0, emptyDiscard: Boolean(body.empty_discard) } };
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    return refused(error.key, format(words.code_errors[error.key] || error.message, error.params));
  }
  if (code.course) return refused("offline.course", words.offline_course);
  queue();
  current = { id: randomId(), code: formatCode({ ...code, course: false }), actions: [], queued: false, game: new Game(code) };
  save();
  return answer({ game: gameJson(words) });
}

function notation(action) {
  return { draw: "d", undo: "u", take: `${action.column}`, touch: `${action.column}.${action.row}` }[action.kind];
}

/**
 * Take the server's game on the board (cut off by the network mid-game) onto this device, with the
 * request id of the action that could not reach it (`firstRequest`: it may have, its answer lost): null when
 * there is none to take (a course, a game over, a replay shown) or the engine does not replay it to
 * the same board.
 */
function adopt(firstRequest) {
  const shown = board.game;
  if (board.replay || !shown || shown.offline || shown.course || shown.status !== "playing" || typeof shown.log !== "string") return null;
  let game;
  try {
    game = new Game(shown.code);
    for (const letter of shown.log) if (game.apply(letter).refusal) return null;
  } catch {
    return null;
  }
  const ahead = game.cardsLeft - shown.cards_left; // 1: the board shows a removal drawn ahead of the answer
  if (game.stockCount !== shown.stock_count || (ahead !== 0 && ahead !== 1)) return null;
  const actions = [...shown.log];
  current = { id: randomId(), code: formatCode(game.code), actions, queued: false, game,
    continued: true, sent: actions.length, base: actions.length, extraMoves: Math.max(0, shown.moves - ahead - game.moves),
    first: typeof firstRequest === "string" ? firstRequest.slice(0, 64) : null };
  save();
  return current;
}

/** An action on the game of this device, answered as /api/solitaire/action answers. */
function act(body, words) {
  let action;
  try {
    action = parseAction(body.action);
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    return refused(error.key, String(body.action));
  }
  const { refusal, card } = current.game.apply(action);
  const outcome = { accepted: refusal === null, action: notation(action) };
  if (refusal) {
    outcome.refusal = { key: refusal, message: words.refusals[refusal] };
  } else {
    current.actions.push(outcome.action);
    save();
    const template = action.kind === "undo" ? words.undone : action.kind === "draw" ? words.drew : words.removed;
    outcome.card = words.faces[card];
    outcome.message = format(template, { card: words.faces[card].name });
    if (current.game.status === "won") queue(); // over for good
  }
  return answer({ outcome, game: gameJson(words) });
}

/** Tell the player the game is played here (after the page has drawn it and said its own words). */
function tellOffline() {
  setTimeout(() => say(t("offline_playing")), 0);
}

/**
 * Answer an API call on this device: `unreachable` when the network failed it, else asked first
 * because a game of this device is on the board. Resolves to api()'s {ok, status, data}, or null to
 * leave the call to the network (or its failure).
 */
export async function answerOffline(method, url, body, unreachable) {
  const path = new URL(url, location.href).pathname;
  // Asked of the server with everything in the call (the network's failure says they need it).
  if (["/api/solitaire/offline-games", "/api/solitaire/check", "/api/solitaire/review", "/api/solitaire/fewest"].includes(path)) return null;
  current ||= restore();
  if (!current && !unreachable) return null;
  const words = await kit();
  if (!words) return null;
  if (method === "POST" && path === "/api/solitaire/new") {
    if (!unreachable) { // the network is back: the server deals, this game goes to it
      queue();
      current = null;
      save();
      return null;
    }
    const dealt = deal(body || {}, words);
    if (dealt.ok) tellOffline();
    return dealt;
  }
  if (!current && unreachable && method === "POST" && path === "/api/solitaire/action" && adopt((body || {}).request_id)) {
    tellOffline();
    return act(body || {}, words);
  }
  if (!current) {
    if (method !== "GET" || path !== "/api/solitaire") return null;
    const dealt = deal({}, words);
    tellOffline();
    return dealt;
  }
  if (method === "GET" && path === "/api/solitaire") {
    if (unreachable) tellOffline();
    return answer({ game: gameJson(words) });
  }
  if (method === "POST" && path === "/api/solitaire/action") return act(body || {}, words);
  if (["/api/solitaire/hint", "/api/solitaire/winnable", "/api/solitaire/solution", "/api/solitaire/live", "/api/solitaire/next"].includes(path)) {
    return refused("offline.needs_network", t("offline_needs_network"), 503);
  }
  return null;
}
