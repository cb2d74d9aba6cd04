// The page's language and its translated strings (from /api/i18n).
import { el } from "./dom.js";

const LANG_KEY = "golfcards.lang";
let strings = {};
let laterStrings = null; // the page's later words once asked for: a promise of their answer

/** The language the page is shown in (a live binding: it changes when the player picks another). */
export let language = "en";

/** The language the player chose on this device, or null to let the browser decide. */
export function chosenLanguage() {
  const fromUrl = new URLSearchParams(location.search).get("lang");
  if (fromUrl) localStorage.setItem(LANG_KEY, fromUrl);
  return localStorage.getItem(LANG_KEY);
}

/** `url` with the page's language as its `lang` parameter. */
export function withLang(url) {
  const sep = url.includes("?") ? "&" : "?";
  return `${url}${sep}lang=${encodeURIComponent(language)}`;
}

/** Fill {name} placeholders. */
export function format(text, params = {}) {
  return String(text).replace(/\{(\w+)\}/g, (m, name) => (name in params ? params[name] : m));
}

/** The translation of `key` (the key itself when there is none), placeholders filled from `params`. */
export function t(key, params) {
  return format(key in strings ? strings[key] : key, params);
}

/** Put the strings into every element that names a key, and the page's name into the tab title. */
export function applyStrings(root = document) {
  root.querySelectorAll("[data-i18n]").forEach((node) => { node.textContent = t(node.dataset.i18n); });
  root.querySelectorAll("[data-i18n-label]").forEach((node) => node.setAttribute("aria-label", t(node.dataset.i18nLabel)));
  root.querySelectorAll("[data-i18n-title]").forEach((node) => node.setAttribute("title", t(node.dataset.i18nTitle)));
  document.documentElement.lang = language;
  const title = document.body.dataset.title;
  if (title) document.title = `${t(title)} · ${t("app_name")}`;
}

/** Fetch the strings of this page (its `<body data-page>`) in `lang` (or the browser's language) and
 * put them into the page; resolves to /api/i18n's answer. */
export async function loadStrings(lang) {
  const page = `/api/i18n?page=${encodeURIComponent(document.body.dataset.page)}`;
  const url = lang ? `${page}&lang=${encodeURIComponent(lang)}` : page;
  const data = await (await fetch(url)).json();
  const more = laterStrings && (laterStrings = fetchLater(data.language));
  strings = { ...data.strings, ...(more && (await more).strings) };
  language = data.language;
  applyStrings();
  return data;
}

/** The words only the page's modules loaded later name, in `lang` ({} when they cannot be had). */
const fetchLater = (lang) => fetch(`/api/i18n?page=${document.body.dataset.page}&part=later&lang=${lang}`)
  .then((answer) => answer.json()).catch(() => ({}));

/** Add those words, once (again with each new language); resolves once `t` knows them or they failed. */
export function loadLaterStrings() {
  const asked = language;
  return laterStrings || (laterStrings = fetchLater(asked).then((data) => {
    if (language === asked) strings = { ...strings, ...data.strings };
    return data;
  }));
}

/** Offer ``languages`` (from /api/i18n) in the language picker ``select``, the page's language chosen. */
export function fillLanguages(select, languages) {
  select.replaceChildren(...languages.map((l) => el("option", { value: l.code, text: l.name, lang: l.code })));
  select.value = language;
}

/** Choose ``lang`` on this device; an address that names a language (``?lang=``, as the home page's
 * links give) names this one from now on, so that a reload keeps the choice. */
export function setLanguage(lang) {
  localStorage.setItem(LANG_KEY, lang);
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.set("lang", lang);
    history.replaceState(history.state, "", url);
  }
  return loadStrings(lang);
}
