// The service worker of Golf Solitaire: keeps what the page (and the daily deal's) needs to be played
// without the network.
// The server serves it at /sw.js after one line, `const OFFLINE = {version, files, extras}`: the files
// to keep (the page, its modules, styles, icons, the words of every language) and the answers kept
// when they can be had (the daily deal's codes). A new version (any of them changed) fills a new cache
// and drops the old ones.
//
// Kept files are answered from the cache, then refreshed from the network by the next version. The
// API goes to the network first; a kept answer (words, kit, daily codes) is the offline fallback, and
// an API call that cannot be answered offline fails as it would without the worker: the page then
// plays on its own engine (solitaire/offline.js).
/* global OFFLINE */

const CACHE = `golfcards-${OFFLINE.version}`;
const PAGES = ["/solitaire", "/daily"];

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(OFFLINE.files);
    await Promise.allSettled(OFFLINE.extras.map((url) => cache.add(url)));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("golfcards-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

/** The network's answer, kept in the cache when it is good; the kept one when the network fails. */
async function networkFirst(request, keep) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && keep) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) return kept;
    const url = new URL(request.url);
    if (url.pathname === "/api/solitaire/daily") {
      // The day's code as kept at install (asked without a language) when none was kept in this one.
      const code = await cache.match(`/api/solitaire/daily?rule=${url.searchParams.get("rule") || "easy"}`);
      if (code) return code;
    }
    if (url.pathname === "/api/i18n") {
      // A page's first words without a chosen language: the browser's, else English.
      const language = (self.navigator.language || "en").slice(0, 2).toLowerCase();
      const name = url.searchParams.get("page") === "daily" ? "daily" : "solitaire";
      const words = (await cache.match(`/api/i18n?page=${name}&lang=${language}`))
        || (await cache.match(`/api/i18n?page=${name}&lang=en`));
      if (words) return words;
    }
    throw error;
  }
}

/** A page itself: the network's, else the kept one (whatever its query: ?lang=…, ?code=…). */
async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(new URL(request.url).pathname, { cacheName: CACHE });
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && PAGES.includes(url.pathname)) {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith("/api/")) {
    const keep = url.pathname === "/api/i18n" || url.pathname === "/api/solitaire/offline-kit"
      || url.pathname === "/api/solitaire/daily";
    event.respondWith(networkFirst(request, keep));
  } else if (OFFLINE.files.includes(url.pathname)) {
    event.respondWith(caches.match(url.pathname, { cacheName: CACHE }).then((kept) => kept || fetch(request)));
  }
});
