// Calls to the server's JSON API, in the page's language.
import { t, withLang } from "./words.js";

/** Call the API; resolves to {ok, status, data}; a network failure gives a localized error. */
export async function api(method, url, body) {
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
    return { ok: false, status: 0, data: { error: { key: "network", message: t("error_network") } } };
  }
}
