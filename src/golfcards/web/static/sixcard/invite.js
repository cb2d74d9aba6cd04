// Six-card Golf page, the invitation: the room's links as the server says others reach it (this
// machine's network addresses, the public host behind a proxy), or that only this computer can open
// them and how to open the server to the network; and a QR code of the first link while seats are
// open. A link is the room's address only, never a seat's token. DOM calls only.
import { api } from "../common/api.js";
import { $, el } from "../common/dom.js";
import { t } from "../common/words.js";

let invite = null;

/** Ask the server how others reach room ``code``; ``done`` is called once it has answered. */
export async function load(code, done) {
  const { ok, data } = await api("GET", `/api/sixcard/rooms/${encodeURIComponent(code)}/invite`);
  if (ok && Array.isArray(data.links) && data.links.length) {
    invite = data;
    done();
  }
}

/** The link to copy and show first: the server's best, else this page's own address. */
export function firstLink(code) {
  return invite ? invite.links[0] : `${location.origin}/sixcard/${code}`;
}

/** The sentence (and the list of links) under the room's code, and the QR code before the match. */
export function render(state) {
  const box = $("room-link");
  const code = state.room.code;
  if (!invite) {
    box.replaceChildren(t("room_link_help", { link: firstLink(code) }));
    return;
  }
  const links = invite.links;
  if (invite.reach === "loopback") {
    box.replaceChildren(el("span", { text: t("link_loopback", { address: invite.address }) }));
  } else if (links.length === 1) {
    box.replaceChildren(t("room_link_help", { link: links[0] }));
  } else {
    box.replaceChildren(el("span", { text: t("link_others") }),
      el("ul", { class: "room-links" }, ...links.map((link) => el("li", {}, el("code", { text: link })))));
  }
  if (invite.reach === "loopback") return; // no other device can open the link: no code to scan
  let figure = $("room-qr");
  if (!figure) {
    figure = el("figure", { id: "room-qr", class: "room-qr" },
      el("img", { src: `/sixcard/${encodeURIComponent(code)}/qr.svg?link=0`, width: 168, height: 168, alt: t("qr_code", { link: links[0] }) }));
    box.after(figure);
  }
  // The code for phones while seats are being taken; a table under way keeps its space.
  figure.hidden = state.room.started;
}
