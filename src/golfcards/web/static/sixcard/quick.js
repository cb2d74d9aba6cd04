// Six-card Golf lobby, quick play and the public tables: the Quick play form asks the server for a
// seat at a public table (it decides which, by rating) and the lobby lists the public tables, each
// with a Watch link. The server words each table's summary; nothing here knows a card. DOM calls only.
import { api } from "../common/api.js";
import { $, el } from "../common/dom.js";
import { t } from "../common/words.js";

const REFRESH_MS = 5000;

function tableItem(table) {
  const names = table.people.join(", ");
  return el("li", { class: "seat public-table", "data-code": table.code },
    el("span", { class: "table-summary" },
      el("b", { class: "table-people", text: names }),
      el("span", { class: "table-facts", text: table.summary })),
    el("a", { class: "tool small watch", href: `/sixcard/${encodeURIComponent(table.code)}`, text: t("watch"),
      "aria-label": t("watch_table", { names }) }));
}

async function refresh() {
  const { ok, data } = await api("GET", "/api/sixcard/tables");
  if (!ok) return;
  $("public-table-list").replaceChildren(...data.tables.map(tableItem));
  $("no-public-tables").hidden = data.tables.length > 0;
}

/** Wire the Quick play form (`enter(path, body)` posts it and opens the room) and list the public tables. */
export function wireQuickPlay(enter) {
  $("quick-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.target;
    enter("/api/sixcard/quick-play", { name: form.elements.name.value, grid: Number(form.elements.grid.value),
      players: Number(form.elements.players.value) });
  });
  refresh();
  // Asked again while the lobby is on screen (a hidden tab or a room asks nothing).
  setInterval(() => { if (!$("lobby").hidden && !document.hidden) refresh(); }, REFRESH_MS);
}

/** Signed in as `name`: the Quick play form's name is the account's, as the server seats a signed-in
 * player under it (the leaderboards' name), so it is shown and not edited. */
export function signedInAs(name) {
  const input = $("quick-form").elements.name;
  input.value = name;
  input.readOnly = true;
}
