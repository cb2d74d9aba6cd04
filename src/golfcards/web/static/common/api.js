// Calls to the server's JSON API, in the page's language.
import { t, withLang } from "./words.js";

let local = null;

/**
 * Let a page answer its own API calls (Solitaire without the network): `handler(method, url, body,
 * unreachable)` is asked first while `kept()` says a game of this device is on (unreachable false),
 * and whenever the network fails a call (true); it resolves to the answer, or null to leave the call
 * to the network (or its failure).
 */
export function answerLocally(handler, kept) {
  local = { handler, kept };
}

async function localAnswer(method, url, body, unreachable) {
  try {
    return await local.handler(method, url, body, unreachable);
  } catch {
    return null;
  }
}

/** Call the API; resolves to {ok, status, data}; a network failure gives a localized error. */
export async function api(method, url, body) {
  const mine = local && local.kept() ? await localAnswer(method, url, body, false) : null;
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
    const answer = local ? await localAnswer(method, url, body, true) : null;
    if (answer) return answer;
    return { ok: false, status: 0, data: { error: { key: "network", message: t("error_network") } } };
  }
}
