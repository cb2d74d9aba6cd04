// Golf Solitaire in the browser, for play without the network: the game codes, the deal and the
// rules of golfcards.solitaire (codes.py, deal.py, rules.py, board.py) and golfcards/shuffle.py
// (SplitMix64 + Fisher–Yates), line for line. No DOM, no words: refusals are the engine's message
// keys. tests/test_solitaire_engine_js.py plays thousands of random games through both engines and
// compares every state, score and refusal.

export const COLUMNS = 7;
export const ROWS = 5;
export const TABLEAU_SIZE = COLUMNS * ROWS;
export const UNDO_LIMIT = 100;
export const POINTS_PER_CARD = 10;
export const DEAL_LETTERS = 7;
export const DEAL_COUNT = 26 ** DEAL_LETTERS;
const PREFIX = "GO1";
const SOLITAIRE_STREAM = 0x5017n;
const MASK64 = (1n << 64n) - 1n;
const RANKS = "A23456789TJQK";
const RULE_BY_LETTER = { E: "E", N: "E", C: "C", S: "S" };
const RULE_WORDS = { E: "easy", C: "classic", S: "strict" };
const STARTING_ORDER = (
  "QD 9C 9S KH KC 7H JD 8C 9H 5S 5D 6S 9D 5H 2C AC QH 6C 2S 4H 7S 8S 3S KS 3D JH "
  + "6D KD 3H AH 2H 2D TS 4D 5C TH 4C 8H 4S JC TD 7D 6H TC JS QS AD 7C AS 8D QC 3C"
).split(" ");
const JOKERS = ["X1", "X2"];

/** A code or an action that cannot be read: `key` is the engine's message key (code.bad_rule…), `params` its values. */
export class EngineError extends Error {
  constructor(key, message, params = {}) {
    super(message);
    this.key = key;
    this.params = params;
  }
}

// --- the shuffle (shuffle.py) --------------------------------------------------------------------

/** SplitMix64 on BigInt: `next64()` and the unbiased `below(bound)`. */
function splitMix64(seed) {
  let state = BigInt(seed) & MASK64;
  const next64 = () => {
    state = (state + 0x9e3779b97f4a7c15n) & MASK64;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    return z ^ (z >> 31n);
  };
  const below = (bound) => {
    const big = BigInt(bound);
    const limit = (1n << 64n) - ((1n << 64n) % big);
    for (;;) {
      const value = next64();
      if (value < limit) return Number(value % big);
    }
  };
  return { next64, below };
}

/** The Fisher–Yates shuffle of 0…size−1 driven by SplitMix64(seed). */
export function permutation(size, seed) {
  const order = Array.from({ length: size }, (_, i) => i);
  const generator = splitMix64(seed);
  for (let i = size - 1; i > 0; i--) {
    const j = generator.below(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

// --- game codes (codes.py) -----------------------------------------------------------------------

// Python's str.strip() removes these (str.isspace), not quite JavaScript's trim().
const PY_SPACE = "[\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const EDGES = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, "gu");
const strip = (text) => text.replace(EDGES, "");
// eslint-disable-next-line no-control-regex
const isAscii = (text) => /^[\x00-\x7f]*$/.test(text);
const asciiUpper = (text) => (isAscii(text) ? text.toUpperCase() : text);

/** `AAAAAAB` → 1: exactly 7 ASCII letters (any case), after surrounding spaces. */
function lettersToNumber(letters) {
  const text = strip(letters);
  if (!/^[A-Za-z]{7}$/.test(text)) {
    throw new EngineError("code.bad_deal_letters", `${letters}: a deal is 7 letters A to Z`, { letters: letters.slice(0, 40) });
  }
  let number = 0;
  for (const ch of text.toUpperCase()) number = number * 26 + (ch.charCodeAt(0) - 65);
  return number;
}

/** 1 → `AAAAAAB`. */
export function numberToLetters(number) {
  let rest = number;
  let letters = "";
  for (let i = 0; i < DEAL_LETTERS; i++) {
    letters = String.fromCharCode(65 + (rest % 26)) + letters;
    rest = Math.floor(rest / 26);
  }
  return letters;
}

/** The rule part of a code, the name of a rule set: `E`, `C-J1`, `E-J2-ND`. */
export function rulesKey(rules) {
  return [rules.name, ...(rules.jokers ? [`J${rules.jokers}`] : []), ...(rules.emptyDiscard ? ["ND"] : [])].join("-");
}

/** Read a game code as GameCode.parse does: {number, rules: {name, jokers, emptyDiscard}, course}. */
export function parseCode(text) {
  if (typeof text !== "string" || !strip(text)) throw new EngineError("code.empty", "no game code given");
  const whole = strip(text);
  const parts = whole.split("-").map(asciiUpper);
  if (parts[0] !== PREFIX) throw new EngineError("code.bad_prefix", `${whole}: a game code starts with ${PREFIX}-`, { code: whole });
  if (parts.length < 3) throw new EngineError("code.too_short", `${whole}: expected ${PREFIX}-E-AAAAAAB`, { code: whole });
  const name = Object.hasOwn(RULE_BY_LETTER, parts[1]) ? RULE_BY_LETTER[parts[1]] : null;
  if (!name) throw new EngineError("code.bad_rule", `${whole}: the rule letter is E, C or S`, { code: whole, rule: parts[1] });
  const number = lettersToNumber(parts[2]);
  let jokers = 0;
  let emptyDiscard = false;
  let course = false;
  for (const option of parts.slice(3)) {
    if ((option === "J1" || option === "J2") && !jokers) jokers = Number(option[1]);
    else if (option === "ND" && !emptyDiscard) emptyDiscard = true;
    else if (option === "T" && !course) course = true;
    else throw new EngineError("code.bad_option", `${whole}: unknown or repeated option ${option}`, { code: whole, option });
  }
  return { number, rules: { name, jokers, emptyDiscard }, course };
}

/** The code's text, as str(GameCode) writes it (`GO1-C-AAAAAAB-J1`). */
export function formatCode(code) {
  const [rule, ...options] = rulesKey(code.rules).split("-");
  return [PREFIX, rule, numberToLetters(code.number), ...options, ...(code.course ? ["T"] : [])].join("-");
}

// --- the deal (deal.py) --------------------------------------------------------------------------

/** Deal `number` with `jokers` in the deck: {columns (top to bottom), discard (or null), stock (draw order)}. */
export function dealOf(number, jokers = 0, emptyDiscard = false) {
  const deck = [...STARTING_ORDER, ...JOKERS.slice(0, jokers)];
  const seed = (SOLITAIRE_STREAM << 40n) ^ BigInt(number);
  const cards = permutation(deck.length, seed).map((i) => deck[i]);
  const columns = Array.from({ length: COLUMNS }, (_, c) => cards.slice(c * ROWS, (c + 1) * ROWS));
  const rest = cards.slice(TABLEAU_SIZE);
  return emptyDiscard ? { columns, discard: null, stock: rest } : { columns, discard: rest[0], stock: rest.slice(1) };
}

// --- the rules (rules.py) ------------------------------------------------------------------------

const rankOf = (card) => RANKS.indexOf(card[0]) + 1;
const isJoker = (card) => card[0] === "X";

/** Why `card` cannot go on `discard` under `rules` (a refusal key), or null if it can. */
export function placeRefusal(rules, card, discard) {
  if (discard === null) return null;
  if (rules.name === "S" && !isJoker(discard) && rankOf(discard) === 13) return "nothing_on_king";
  if (isJoker(card) || isJoker(discard)) return null;
  const gap = Math.abs(rankOf(card) - rankOf(discard));
  return gap === 1 || (rules.name === "E" && gap === 12) ? null : "not_consecutive";
}

// --- actions (actions.py) ------------------------------------------------------------------------

/** Read the replay notation as parse_action does: {kind: "draw" | "undo" | "take" | "touch", column, row}. */
export function parseAction(text) {
  const cleaned = typeof text === "string" ? strip(text) : "";
  if (cleaned === "d" || cleaned === "D") return { kind: "draw" };
  if (cleaned === "u" || cleaned === "U") return { kind: "undo" };
  if (/^[1-7]$/.test(cleaned)) return { kind: "take", column: Number(cleaned) };
  const touch = /^([1-7])\.([1-9][0-9]?)$/.exec(cleaned);
  if (touch) return { kind: "touch", column: Number(touch[1]), row: Number(touch[2]) };
  throw new EngineError("action.bad", `${String(text).slice(0, 80)}: an action is d, u, 1-7 or COLUMN.ROW`);
}

// --- the game (board.py) -------------------------------------------------------------------------

/** A game of Golf Solitaire in progress, as golfcards.solitaire.Board plays it, plus the page's redo. */
export class Game {
  /** The game of `code` (its text or parseCode's value): one deal, the course marker dropped. */
  constructor(code, { undoLimit = UNDO_LIMIT } = {}) {
    const parsed = typeof code === "string" ? parseCode(code) : code;
    this.code = { ...parsed, course: false };
    this.rules = parsed.rules;
    this.deal = dealOf(parsed.number, parsed.rules.jokers, parsed.rules.emptyDiscard);
    this.heights = this.deal.columns.map((column) => column.length);
    this.drawn = 0;
    this.discard = this.deal.discard;
    this.moves = 0;
    this.undoLimit = undoLimit;
    this.history = []; // {column (null for a draw), previousDiscard}, at most undoLimit
    this.depth = 0; // actions applied, including those too old to undo
    this.redoable = []; // actions undone, most recent last: what redo() plays again
  }

  get stockCount() { return this.deal.stock.length - this.drawn; }
  get cardsLeft() { return this.heights.reduce((sum, height) => sum + height, 0); }
  get removed() { return TABLEAU_SIZE - this.cardsLeft; }

  /** The bottom card of `column` (1–7), or null. */
  freeCard(column) {
    const height = this.heights[column - 1];
    return height ? this.deal.columns[column - 1][height - 1] : null;
  }

  takeRefusal(column) {
    const card = this.freeCard(column);
    return card === null ? "no_card" : placeRefusal(this.rules, card, this.discard);
  }

  removalPossible() {
    for (let column = 1; column <= COLUMNS; column++) if (this.takeRefusal(column) === null) return true;
    return false;
  }

  drawRefusal() {
    if (this.stockCount === 0) return "stock_empty";
    if (this.rules.name === "S" && this.removalPossible()) return "must_remove_first";
    return null;
  }

  /** "playing", "won" or "blocked". */
  get status() {
    if (this.cardsLeft === 0) return "won";
    if (this.stockCount === 0 && !this.removalPossible()) return "blocked";
    return "playing";
  }

  /** +10 per card removed; when blocked, −10 per card left; never below 0. */
  get score() {
    const penalty = this.status === "blocked" ? this.cardsLeft : 0;
    return Math.max(0, POINTS_PER_CARD * (this.removed - penalty));
  }

  /** How many undos in a row are possible now (none once the game is won). */
  get undoAvailable() { return this.cardsLeft === 0 ? 0 : this.history.length; }

  /** Why `action` (parseAction's value) would be refused now (a refusal key), or null. */
  whyNot(action) {
    if (this.cardsLeft === 0) return "game_won";
    if (action.kind === "undo") return this.history.length ? null : this.depth ? "undo_limit" : "nothing_to_undo";
    if (this.status !== "playing") return "game_over";
    if (action.kind === "draw") return this.drawRefusal();
    if (!(action.column >= 1 && action.column <= COLUMNS)) return "no_such_column";
    if (action.kind === "take") return this.takeRefusal(action.column);
    if (!(action.row >= 1 && action.row <= ROWS)) return "no_such_column";
    const height = this.heights[action.column - 1];
    if (action.row > height) return "no_card";
    if (action.row < height) return "card_blocked";
    return this.takeRefusal(action.column);
  }

  /**
   * Perform `action` (the replay notation, or parseAction's value) if the rules allow it: resolves
   * to {refusal: null, card} (the card moved; for an undo the discard taken back) or {refusal: key}
   * with nothing changed. Any accepted action but an undo or a redo forgets what could be redone.
   */
  apply(action, { redo = false } = {}) {
    const parsed = typeof action === "string" ? parseAction(action) : action;
    const refusal = this.whyNot(parsed);
    if (refusal !== null) {
      if (redo) this.redoable = [];
      return { refusal };
    }
    if (parsed.kind === "undo") {
      const card = this.discard;
      const entry = this.history.pop();
      this.depth -= 1;
      if (entry.column === null) this.drawn -= 1;
      else this.heights[entry.column - 1] += 1;
      this.discard = entry.previousDiscard;
      this.redoable.push(entry.column === null ? "d" : String(entry.column));
      return { refusal: null, card };
    }
    const column = parsed.kind === "draw" ? null : parsed.column;
    const card = column === null ? this.deal.stock[this.drawn] : this.freeCard(column);
    this.history.push({ column, previousDiscard: this.discard });
    if (this.history.length > this.undoLimit) this.history.shift();
    this.depth += 1;
    if (column === null) this.drawn += 1;
    else this.heights[column - 1] -= 1;
    this.discard = card;
    this.moves += 1;
    if (!redo) this.redoable = [];
    return { refusal: null, card };
  }

  /** Play again the last action undone: {refusal: "nothing_to_redo"} when there is none. */
  redo() {
    if (!this.redoable.length) return { refusal: "nothing_to_redo" };
    return this.apply(this.redoable.pop(), { redo: true });
  }

  /** The player's view, with the fields of the page's game (state_json.board_json), cards by code. */
  view() {
    const status = this.status;
    const playing = status === "playing";
    const columns = this.deal.columns.map((cards, i) => {
      const height = this.heights[i];
      const playable = playing && this.takeRefusal(i + 1) === null;
      return cards.slice(0, height).map((code, j) => ({
        code, column: i + 1, row: j + 1, free: j === height - 1, playable: playable && j === height - 1,
      }));
    });
    return {
      code: formatCode(this.code),
      rules: { key: rulesKey(this.rules), name: RULE_WORDS[this.rules.name], jokers: this.rules.jokers,
        empty_discard: this.rules.emptyDiscard },
      status,
      score: this.score,
      moves: this.moves,
      removed: this.removed,
      cards_left: this.cardsLeft,
      stock_count: this.stockCount,
      can_draw: playing && this.drawRefusal() === null,
      undo_available: this.undoAvailable,
      columns,
      discard: this.discard,
    };
  }
}
