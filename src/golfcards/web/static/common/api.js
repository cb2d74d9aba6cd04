// Calls to the server's JSON API, in the page's language.
import { t, withLang } from "./words.js";

let local = null;

/** Let a page answer calls itself (Solitaire offline): `handler(method, url, body, unreachable)`, asked
 * first while `kept()` and when the network fails, resolves to an answer or null. */
export const answerLocally = (handler, kept) => { local = { handler, kept }; };
const ask = (call, unreachable) => local && local.handler(...call, unreachable).catch(() => null);

/** Call the API; resolves to {ok, status, data}; a network failure gives a localized error. */
export async function api(method, url, body) {
  const mine = local?.kept() && (await ask([method, url, body], false));
  if (mine) return mine;
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  try {
    const response = await fetch(withLang(url), options);
    const data = await response.json();
    return { ok: response.ok, status: response.status, data };
  } catch {
    return (await ask([method, url, body], true)) || { ok: false, status: 0, data: { error: { key: "network", message: t("error_network") } } };
  }
}

/** Show the signed-in name in the top bar's account `link` (as text), once the page is drawn; resolves
 * to it, or null (signed out, or offline: a plain fetch, which the offline kit never answers). */
export async function showAccount(link) {
  if (!link) return null;
  try {
    const answer = await fetch("/api/account", { credentials: "same-origin" });
    const data = await answer.json();
    if (!answer.ok || !data.signed_in) return null;
    link.removeAttribute("data-i18n");
    link.textContent = data.name;
    link.classList.add("signed-in");
    return data.name;
  } catch {
    return null;
  }
}
