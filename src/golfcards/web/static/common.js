// golfcards pages: language, translated strings, JSON calls, cards drawn as buttons.
"use strict";

const Golf = (() => {
  const LANG_KEY = "golfcards.lang";
  let strings = {};
  let language = "en";

  /** The language the player chose on this device, or null to let the browser decide. */
  function chosenLanguage() {
    const fromUrl = new URLSearchParams(location.search).get("lang");
    if (fromUrl) localStorage.setItem(LANG_KEY, fromUrl);
    return localStorage.getItem(LANG_KEY);
  }

  function withLang(url) {
    const sep = url.includes("?") ? "&" : "?";
    return `${url}${sep}lang=${encodeURIComponent(language)}`;
  }

  /** Fill {name} placeholders. */
  function format(text, params = {}) {
    return String(text).replace(/\{(\w+)\}/g, (m, name) => (name in params ? params[name] : m));
  }

  function t(key, params) {
    return format(key in strings ? strings[key] : key, params);
  }

  /** Put the strings into every element that names a key, and the page's name into the tab title. */
  function applyStrings(root = document) {
    root.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
    root.querySelectorAll("[data-i18n-label]").forEach((el) => el.setAttribute("aria-label", t(el.dataset.i18nLabel)));
    root.querySelectorAll("[data-i18n-title]").forEach((el) => el.setAttribute("title", t(el.dataset.i18nTitle)));
    document.documentElement.lang = language;
    const title = document.body.dataset.title;
    if (title) document.title = `${t(title)} · ${t("app_name")}`;
  }

  const LOOK_KEY = "golfcards.look";

  /** The player's looks on this device (theme, table colour, card backs, card style); look.js applies them. */
  function look() {
    const root = document.documentElement.dataset;
    return { theme: root.theme, felt: root.felt, back: root.back, cards: root.cards };
  }

  function setLook(changes) {
    const next = { ...look(), ...changes };
    Object.assign(document.documentElement.dataset, next);
    localStorage.setItem(LOOK_KEY, JSON.stringify(next));
  }

  async function loadStrings(lang) {
    const url = lang ? `/api/i18n?lang=${encodeURIComponent(lang)}` : "/api/i18n";
    const data = await (await fetch(url)).json();
    strings = data.strings;
    language = data.language;
    applyStrings();
    return data;
  }

  /** Offer ``languages`` (from /api/i18n) in the language picker ``select``, the page's language chosen. */
  function fillLanguages(select, languages) {
    select.replaceChildren(...languages.map((l) => el("option", { value: l.code, text: l.name, lang: l.code })));
    select.value = language;
  }

  /** Choose ``lang`` on this device; an address that names a language (``?lang=``, as the home page's
   * links give) names this one from now on, so that a reload keeps the choice. */
  function setLanguage(lang) {
    localStorage.setItem(LANG_KEY, lang);
    const url = new URL(location.href);
    if (url.searchParams.has("lang")) {
      url.searchParams.set("lang", lang);
      history.replaceState(history.state, "", url);
    }
    return loadStrings(lang);
  }

  /** Call the API; resolves to {ok, status, data}; a network failure gives a localized error. */
  async function api(method, url, body) {
    const options = { method, headers: {} };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    try {
      const response = await fetch(withLang(url), options);
      const data = await response.json();
      return { ok: response.ok, status: response.status, data };
    } catch (err) {
      return { ok: false, status: 0, data: { error: { key: "network", message: t("error_network") } } };
    }
  }

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "class") node.className = value;
      else if (name === "text") node.textContent = value;
      else node.setAttribute(name, value === true ? "" : value);
    }
    for (const child of children) if (child) node.append(child);
    return node;
  }

  /**
   * A card face (rank and suit in two corners, a big pip in the middle) inside `tag`. The corners and
   * the pip are hidden from screen readers: give the element its name with `name` (a visually hidden
   * text, so that buttons are named by their content) or an aria-label on an image.
   */
  function cardFace(card, tag = "div", attrs = {}, name = null) {
    const classes = ["card", card.red ? "red" : "black", card.joker ? "joker" : "", `suit-${card.code.slice(-1)}`];
    const face = el(tag, { ...attrs, class: `${classes.join(" ")} ${attrs.class || ""}`.trim() });
    const corner = (where) => el("span", { class: `corner ${where}`, "aria-hidden": "true" },
      el("span", { class: "rank", text: card.rank }), el("span", { class: "suit", text: card.suit }));
    const court = !card.joker && isNaN(Number(card.rank)) && card.code[0] !== "A";
    const pip = el("span", { class: court ? "pip court" : "pip", "aria-hidden": "true",
      text: card.joker ? "🃏" : court ? card.rank : card.suit });
    if (court) pip.append(el("small", { text: card.suit }));
    face.append(corner("top"), pip, corner("bottom"));
    if (name !== null) face.append(el("span", { class: "visually-hidden card-name", text: name }));
    return face;
  }

  /** Open a modal window; `focus` is the button Enter should press (never a destructive one). */
  function openDialog(dialog, focus = null) {
    if (!dialog.open) dialog.showModal();
    if (focus) focus.focus();
  }

  function closeDialog(dialog) {
    if (dialog.open) dialog.close();
  }

  document.addEventListener("click", (event) => {
    const closer = event.target.closest("[data-close]");
    if (closer) closeDialog(closer.closest("dialog"));
  });

  /**
   * A window that closes takes its text caret with it. The caret of a field typed in (a game code)
   * would otherwise move to the nearest text of the page, unseen, and stay there: every later layout
   * (each move of a game) then works out where it stands, a tenth of the work of a frame.
   */
  document.addEventListener("close", (event) => {
    if (!(event.target instanceof HTMLDialogElement)) return;
    const selection = getSelection();
    const active = document.activeElement;
    const editing = active && active.matches("input, textarea, [contenteditable]");
    if (selection && selection.type === "Caret" && !editing) selection.removeAllRanges();
  }, true);

  /** Read a JSON object from localStorage (an empty object when missing or unreadable). */
  function stored(key) {
    try {
      const value = JSON.parse(localStorage.getItem(key) || "{}");
      return value && typeof value === "object" ? value : {};
    } catch (err) {
      return {};
    }
  }

  return { chosenLanguage, loadStrings, setLanguage, fillLanguages, t, format, api, el, cardFace, openDialog, closeDialog,
    applyStrings, withLang, look, setLook, stored, get language() { return language; } };
})();
