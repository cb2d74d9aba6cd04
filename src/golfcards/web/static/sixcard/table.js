// Six-card Golf page, table additions: the house rules (shown at the table; chosen in house-rules.js),
// the spectators (how many, the first names) and the "watching" line, and the "reconnecting…" notice while the link is down.
// Everything is drawn with DOM calls (no HTML strings); the server validates every rule.
import { $, el } from "../common/dom.js";
import { language, t } from "../common/words.js";

// --- the room: rules, spectators, connection ---------------------------------------------------

function placed(id, make, where) {
  let node = $(id);
  if (!node) {
    node = make();
    where(node);
  }
  return node;
}

function renderHouseRules(message) {
  const panel = placed("house-rules-panel",
    () => el("section", { id: "house-rules-panel", class: "panel house-rules-panel" },
      el("h2", { text: t("house_rules") }), el("dl", { id: "house-rules-list", class: "house-rules-list" })),
    (node) => document.querySelector("#room .room-head").after(node));
  panel.hidden = !message.house_rules;
  if (!message.house_rules) return;
  $("house-rules-list").replaceChildren(...message.house_rules.map((rule) => el("div",
    { class: rule.default ? "house-rule" : "house-rule changed", "data-rule": rule.name },
    el("dt", { text: rule.label }), el("dd", { text: rule.text }))));
}

function renderSpectators(message) {
  const watching = placed("watching",
    () => el("p", { id: "watching", class: "message watching", role: "status", text: t("watching") }),
    (node) => $("status").after(node));
  // A visitor without a seat watches only when no seat is free for them; else they are told to take it.
  const free = !message.room.started && message.room.seats.some((seat) => seat.kind === "open");
  watching.hidden = !message.watching;
  watching.textContent = free ? t("seat_free") : t("watching");
  const panel = placed("spectators-panel",
    () => el("section", { id: "spectators-panel", class: "spectators" },
      el("h2", { text: t("spectators") }), el("span", { id: "spectator-count", class: "spectator-count" }),
      el("ul", { id: "spectators" })),
    (node) => $("last-actions").after(node));
  // The server names the first spectators only and counts them all.
  const names = message.spectators || [];
  const count = Number.isInteger(message.spectator_count) ? message.spectator_count : names.length;
  panel.hidden = count === 0;
  $("spectator-count").textContent = t("spectator_count", { count });
  $("spectators").replaceChildren(...names.map((name) => el("li", { text: name })));
}

function reconnectingNotice() {
  return placed("reconnecting",
    () => el("p", { id: "reconnecting", class: "message reconnecting", role: "status", "aria-live": "polite", hidden: true, text: t("reconnecting") }),
    (node) => $("room").prepend(node));
}

/** The link to the room dropped: say so until the next state message arrives. */
export function connectionLost() {
  reconnectingNotice().hidden = false;
}

export function connectionBack() {
  reconnectingNotice().hidden = true;
}

/** After a match a player took part in: a link to its replay in the player's record. */
function renderRecordLink(message) {
  const link = placed("record-after-match",
    () => el("p", { id: "record-after-match", class: "record-after-match" },
      el("a", { class: "tool", href: `/sixcard/record?lang=${encodeURIComponent(language)}`, text: t("record_after_match") })),
    (node) => $("scorecard-panel").before(node));
  link.hidden = !(message.scorecard && message.scorecard.over && message.seat !== null);
}

/** The lobby's way to the player's record. */
export function lobbyRecordLink() {
  return el("p", { class: "record-link" },
    el("a", { class: "tool", id: "record-link", href: `/sixcard/record?lang=${encodeURIComponent(language)}`, text: t("record_link") }));
}

export function render(message) {
  renderHouseRules(message);
  renderSpectators(message);
  renderRecordLink(message);
}
