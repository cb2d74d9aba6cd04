// The live "still winnable" line of the Solitaire page: a setting (off by default, kept on this
// device) and, while it is on, one line under the message saying after every action whether the
// game can still be won. The board (board-view.js) announces every game it draws with a "golfcards:game" event,
// once the frame that shows it is painted (the question never delays the picture).
import { api } from "../common/api.js";
import { el } from "../common/dom.js";
import { t } from "../common/words.js";

const KEY = "golfcards.solitaire.live";
let on = localStorage.getItem(KEY) === "on";
let asked = 0;
let shown = null;  // the move count of the game on screen
let line = null;
let box = null;

function build() {
  line = el("p", { id: "live-winnable", class: "live-line", role: "status", "aria-live": "polite" });
  line.hidden = true;
  const message = document.getElementById("message");
  if (message) message.after(line); else document.querySelector("main").append(line);
  box = el("input", { type: "checkbox", id: "live-setting" });
  box.checked = on;
  const label = el("label", { class: "choice" }, box,
    el("span", {}, el("b", { "data-i18n": "live_setting", text: t("live_setting") }),
      el("small", { "data-i18n": "live_setting_help", text: t("live_setting_help") })));
  const rules = document.getElementById("interactive-rules");
  const group = rules && rules.closest("fieldset, form");
  if (group) group.append(label); else document.querySelector("#settings-dialog form").append(label);
  box.addEventListener("change", () => {
    on = box.checked;
    localStorage.setItem(KEY, on ? "on" : "off");
    if (on) ask(); else { asked += 1; line.hidden = true; line.textContent = ""; }
  });
}

async function ask() {
  if (!on) return;
  const mine = ++asked;
  const { ok, data } = await api("GET", "/api/solitaire/live");
  // An answer about an older position (a newer action was drawn meanwhile), or the line was turned off.
  if (mine !== asked || !on || (ok && data.moves !== shown)) return;
  line.hidden = !ok || !data.message;
  line.textContent = ok ? data.message : "";
  line.dataset.winnable = ok ? String(data.winnable) : "";
}

// Built as soon as the page is parsed (its words come with the page's strings), so the line and the
// setting are there before the first game is drawn.
build();
document.addEventListener("golfcards:game", (event) => {
  if (!event.detail || event.detail.replay) return;
  shown = event.detail.game.moves;
  ask();
});
