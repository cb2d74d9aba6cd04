// Six-card Golf page, seat additions: who is away and who has a bot playing for them, the host's
// "a bot plays now" and "remove" buttons, and the absent player's "take my seat back". The server
// decides everything (seat_states, stand_in_notice); this file only draws and asks. DOM calls only.
import { $, el } from "../common/dom.js";
import { t } from "../common/words.js";

function placed(id, make) {
  let node = $(id);
  if (!node) {
    node = make();
    $("error").after(node);
  }
  return node;
}

/** The "a bot is playing for you" notice and its button, shown only to that seat's player. */
function renderNotice(state, send) {
  const box = placed("stand-in", () => el("div", { id: "stand-in", class: "message stand-in", role: "status", hidden: "" },
    el("span", { id: "stand-in-text" }),
    el("button", { type: "button", class: "tool primary small", id: "take-back", text: t("take_back") })));
  if (!box.dataset.wired) {
    $("take-back").addEventListener("click", () => send({ type: "take_back" }));
    box.dataset.wired = "1";
  }
  box.hidden = !state.stand_in_notice;
  // A bot's seat taken during a hole is played by its bot until the next hole: nothing to take back yet.
  $("take-back").hidden = Boolean(state.joins_next_hole);
  $("stand-in-text").textContent = state.stand_in_notice || "";
}

function button(kind, text, label, action) {
  const node = el("button", { type: "button", class: `tool small ${kind}`, text, "aria-label": label });
  node.addEventListener("click", action);
  return node;
}

function seatWord(seat, extra) {
  if (extra.stand_in) return t("bot_plays_for");
  if (extra.away) return t("away");
  return seat.connected ? t("online") : t("offline");
}

/** Every player's seat with its state; the host's buttons beside the others' seats. */
function renderPlayers(state, send) {
  const panel = placed("seat-tools", () => el("section", { id: "seat-tools", class: "panel seat-tools", hidden: "" },
    el("h2", { text: t("players") }), el("ul", { id: "seat-tools-list", class: "seats" })));
  const extras = state.seat_states || [];
  const rows = [];
  state.room.seats.forEach((seat, number) => {
    const extra = extras[number];
    if (!extra || seat.kind !== "human") return;
    const row = el("li", { class: `seat human${extra.away ? " away" : ""}${extra.stand_in ? " stand-in" : ""}`, "data-seat": number },
      el("span", { class: "seat-name", text: seat.name }),
      el("span", { class: "seat-state", text: seat.you ? t("you") : seatWord(seat, extra) }));
    if (extra.can_stand_in) {
      row.append(button("stand-in-now", t("stand_in_now"), t("stand_in_now_named", { name: seat.name }),
        () => send({ type: "stand_in", seat: number })));
    }
    if (extra.can_remove) {
      row.append(button("remove-player", t("remove_player"), t("remove_player_named", { name: seat.name }),
        () => send({ type: "remove", seat: number })));
    }
    rows.push(row);
  });
  $("seat-tools-list").replaceChildren(...rows);
  panel.hidden = !extras.some((e) => e.away || e.stand_in || e.can_remove);
}

/** Called with every state message. */
export function render(state, send) {
  renderNotice(state, send);
  renderPlayers(state, send);
}
