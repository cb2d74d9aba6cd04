// Six-card Golf lobby: the house rules' part of a lobby form. The server describes every rule
// (GET /api/sixcard/house-rules: groups, labels, hints and choices in the page's language) and
// checks a combination (POST, the very checks of room creation): the page knows no rule itself, it
// draws what it is told and shows the server's sentence when the rules cannot apply together.
import { api } from "../common/api.js";
import { $, el } from "../common/dom.js";
import { t } from "../common/words.js";

let described = null;
let made = 0;

/** The form's description, asked once for every lobby form. */
function describe() {
  if (!described) described = api("GET", "/api/sixcard/house-rules");
  return described;
}

function hint(rule) {
  return el("small", { text: rule.hint });
}

function control(rule) {
  made += 1;
  const id = `house-${rule.name}-${made}`;
  if (rule.type === "switch") {
    return el("label", { class: "choice", for: id },
      el("input", { type: "checkbox", id, name: rule.name, "data-rule": rule.name, "data-kind": "switch", checked: rule.default }),
      el("span", {}, el("b", { text: rule.label }), hint(rule)));
  }
  let input;
  if (rule.type === "number") {
    input = el("input", { type: "number", id, name: rule.name, "data-rule": rule.name, "data-kind": "number", min: rule.min, max: rule.max,
      value: rule.default, inputmode: "numeric", required: true });
  } else {
    input = el("select", { id, name: rule.name, "data-rule": rule.name, "data-kind": "choice" },
      ...rule.choices.map((choice) => el("option", { value: choice.value === null ? "" : String(choice.value),
        "data-value": JSON.stringify(choice.value), text: choice.text,
        selected: choice.value === rule.default })));
  }
  return el("label", { class: "field", for: id }, el("span", {}, el("b", { text: rule.label }), hint(rule)), input);
}

function group(description) {
  return el("details", { class: "house-group", "data-group": description.name, open: description.open },
    el("summary", { text: description.title }), ...description.rules.map(control));
}

function playersOf(form) {
  const fields = form.elements;
  return fields.players ? Number(fields.players.value) : Number(fields.bots.value) + 1;
}

/** Ask the server whether these rules can apply together; say why not next to the form. */
function watch(fieldset) {
  let asked = 0;
  let timer = null;
  const problem = fieldset.querySelector(".house-rules-problem");
  const check = async () => {
    const number = ++asked;
    const { ok, data } = await api("POST", "/api/sixcard/house-rules",
      { players: playersOf(fieldset.form), rules: readHouseRules(fieldset.form) });
    if (number !== asked) return;
    problem.textContent = ok ? "" : data.error.message;
    problem.hidden = ok;
  };
  fieldset.form.addEventListener("change", () => {
    clearTimeout(timer);
    timer = setTimeout(check, 150);
  });
}

/** The house rules' controls for a lobby form (the guide's game selected), filled in once the server
 * has described them; the fieldset must be in its form by then. */
export function houseRulesFieldset() {
  const fieldset = el("fieldset", { class: "house-rules", "aria-busy": "true" },
    el("legend", { text: t("house_rules") }),
    el("p", { class: "note", text: t("house_rules_help") }),
    el("p", { class: "message house-rules-problem", role: "alert", hidden: true }));
  describe().then(({ ok, data }) => {
    fieldset.removeAttribute("aria-busy");
    const problem = fieldset.querySelector(".house-rules-problem");
    if (!ok) {
      problem.textContent = data.error.message;
      problem.hidden = false;
      return;
    }
    problem.before(...data.groups.map(group));
    if (fieldset.form) watch(fieldset);
  });
  return fieldset;
}

/** The form's house rules as the room-creation request carries them (a rule left to the engine is
 * not sent; none before the server has described them). */
export function readHouseRules(form) {
  const rules = {};
  form.querySelectorAll(".house-rules [data-rule]").forEach((input) => {
    let value;
    if (input.dataset.kind === "switch") value = input.checked;
    else if (input.dataset.kind === "number") value = Number(input.value);
    else value = JSON.parse(input.selectedOptions[0].dataset.value);
    if (value !== null) rules[input.dataset.rule] = value;
  });
  return rules;
}

// --- at the table: the moves some house rules add ---------------------------------------------------

const MOVES = [
  ["flip", "house_flip"],
  ["discard_flip", "house_discard_flip"],
  ["knock", "house_knock"],
];

/** Buttons for the moves the engine offers this seat under the house rules (turn a card up as a turn,
 * throw the drawn card away and turn one up, knock early): ``act`` plays a move at once, ``choose``
 * waits for one of one's face-down cards (``choosing``: the move waiting, or null). */
export function renderMoves(state, { act, choosing, choose }) {
  let bar = $("house-moves");
  if (!bar) {
    bar = el("div", { id: "house-moves", class: "house-moves" });
    $("after").before(bar);
  }
  const legal = state.view && state.room.started ? state.view.legal : [];
  const offered = MOVES.filter(([type]) => legal.some((action) => action.type === type));
  bar.hidden = offered.length === 0;
  bar.replaceChildren(...offered.map(([type, key]) => {
    const button = el("button", { type: "button", class: "tool", "data-move": type, text: t(key),
      "aria-pressed": type === "knock" ? null : String(choosing === type) });
    button.addEventListener("click", () => (type === "knock" ? act({ type }) : choose(choosing === type ? null : type)));
    return button;
  }), choosing ? el("p", { class: "note", role: "status", text: t("house_choose") }) : null);
}
