// The link to the account page in a page's top bar: "Sign in", or the signed-in player's name (as
// text). Asked once the page is drawn (the Solitaire page also loads this module only then, through
// later.js): it never delays a first paint. A plain fetch, not the API
// helper: an offline page must not answer it for the server.

/** Show the signed-in player's name in `link` (the `#account-link` of the top bar), if signed in;
 * resolves to that name, or null (signed out, or no answer). */
export async function showAccount(link) {
  if (!link) return null;
  try {
    const answer = await fetch("/api/account", { credentials: "same-origin" });
    const data = await answer.json();
    if (answer.ok && data.signed_in) {
      link.removeAttribute("data-i18n");
      link.textContent = data.name;
      link.classList.add("signed-in");
      return data.name;
    }
  } catch {
    // No network: the link keeps saying "Sign in", and the account page says why when opened.
  }
  return null;
}
