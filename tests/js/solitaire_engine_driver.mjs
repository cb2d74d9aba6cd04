// Plays games given as JSON lines on stdin through static/solitaire/engine.js and writes, for each,
// one JSON line: the list of its steps in the compact form of tests/test_solitaire_engine_js.py
// (`trace`), for the test to compare with the Python engine's.
//   input:  {"code": "GO1-E-AAAAAAB", "undo_limit": 100, "actions": ["d", "3", "u", "redo", "9", …]}
//   output: ["start <code> <rules…> | <state>", "<action> <refusal> <card> | <state>", …]
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const { Game, EngineError, parseAction } = await import(pathToFileURL(process.argv[2]).href);

function state(game) {
  const v = game.view();
  const columns = v.columns.map((cards) => cards.map((c) => `${c.code}${c.free ? "!" : ""}${c.playable ? "*" : ""}@${c.column}.${c.row}`).join(","));
  return [v.status, v.score, v.moves, v.removed, v.cards_left, v.stock_count, v.can_draw ? 1 : 0, v.undo_available,
    v.discard ?? "-", columns.join("/")].join(" ");
}

function trace({ code, undo_limit: undoLimit, actions }) {
  let game;
  try {
    game = new Game(code, { undoLimit });
  } catch (error) {
    if (error instanceof EngineError) {
      const params = Object.fromEntries(Object.entries(error.params).sort(([a], [b]) => (a < b ? -1 : 1)));
      return [`refused ${error.key} ${JSON.stringify(params)}`];
    }
    throw error;
  }
  const v = game.view();
  const steps = [`start ${v.code} ${v.rules.key} ${v.rules.name} ${v.rules.jokers} ${v.rules.empty_discard ? 1 : 0} | ${state(game)}`];
  for (const action of actions) {
    let outcome;
    if (action === "redo") outcome = game.redo();
    else {
      try {
        outcome = game.apply(parseAction(action));
      } catch (error) {
        if (!(error instanceof EngineError)) throw error;
        outcome = { refusal: error.key };
      }
    }
    steps.push(`${JSON.stringify(action)} ${outcome.refusal ?? "-"} ${outcome.card ?? "-"} | ${state(game)}`);
  }
  return steps;
}

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim()) process.stdout.write(`${JSON.stringify(trace(JSON.parse(line)))}\n`);
}
