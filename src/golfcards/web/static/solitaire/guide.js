// The first deal's guide: four short steps on the real board, for a new player (solitaire/later.js
// loads it once the page is interactive, when `guideWanted` says so, or from the keys window's
// "Show the first-deal guide"). 1: the discard and what goes on it; 2: a card that fits, played by the
// player (the step waits for the move); 3: the stock; 4: the goal and the King–Ace rule. Skip or Esc
// ends it at any step; finished or skipped, it is never shown again on this device (GUIDE_KEY).
//
// A non-modal dialog beside the card it points at (the board stays playable): the step's words are in
// a live region, the focus goes to its button (to the fitting card in step 2, so Enter plays it) and
// comes back where it was once the guide ends. Its words come from /api/i18n?part=guide, its looks
// from guide.css: neither weighs on the page's first load for a player who has seen it.
import { $, el } from "../common/dom.js";
import { format, language } from "../common/words.js";
import { GUIDE_KEY } from "./later.js";

const STEPS = 4;
let words = {};
let shown = null; // { box, title, text, skip, next, step, target, watch, back }
const languageWatch = new MutationObserver(reword);

const say = (key, params) => format(words[key] || key, params);

async function loadLooks() {
  if (document.querySelector('link[href="/static/solitaire/guide.css"]')) return;
  const link = el("link", { rel: "stylesheet", href: "/static/solitaire/guide.css" });
  const loaded = new Promise((resolve) => { link.onload = resolve; link.onerror = resolve; });
  document.head.append(link);
  await loaded;
}

let wordsLanguage = null;

/** Fetch the guide's words in the page's language (throws when they cannot be had). */
async function loadWords() {
  const asked = language;
  const answer = await fetch(`/api/i18n?part=guide&lang=${encodeURIComponent(asked)}`);
  if (!answer.ok) throw new Error(`the guide's words: ${answer.status}`);
  words = (await answer.json()).strings;
  wordsLanguage = asked;
}

function build() {
  const title = el("h2", { id: "guide-title", class: "guide-title" });
  const text = el("p", { id: "guide-text", class: "guide-text", "aria-live": "polite" });
  const skip = el("button", { type: "button", class: "tool", id: "guide-skip" });
  const next = el("button", { type: "button", class: "tool primary", id: "guide-next" });
  const box = el(
    "section",
    { id: "guide", class: "panel guide", role: "dialog", "aria-labelledby": "guide-title", "aria-describedby": "guide-text" },
    title,
    text,
    el("div", { class: "guide-actions" }, skip, next),
  );
  skip.addEventListener("click", () => end());
  next.addEventListener("click", () => go(shown.step + 1));
  document.body.append(box);
  return { box, title, text, skip, next };
}

/** Put the guide beside `target`, its arrow towards it: above a card of the columns (the discard below
 *  stays in sight), below the piles; on the other side when there is no room, and beside the target
 *  (no arrow) when above and below would both cover a pile the player needs (the piles side by side
 *  with the board on a wide window). */
function place() {
  if (!shown) return;
  const { box, target } = shown;
  box.classList.toggle("free", !target);
  if (!target) {
    box.style.left = box.style.top = "";
    return;
  }
  const spot = target.getBoundingClientRect();
  const width = box.offsetWidth;
  const height = box.offsetHeight;
  let left = Math.min(Math.max(8, spot.left + spot.width / 2 - width / 2), innerWidth - width - 8);
  const roomBelow = spot.bottom + 14 + height <= innerHeight;
  const roomAbove = spot.top - 14 - height >= 8;
  let below = target.closest("#tableau") ? !roomAbove : roomBelow || !roomAbove;
  const covers = (top) => [$("stock"), $("discard")].some((pile) => {
    if (pile === target || target.contains(pile) || pile.contains(target)) return false;
    const r = pile.getBoundingClientRect();
    return r.left < left + width && left < r.right && r.top < top + height && top < r.bottom;
  });
  const topFor = (under) => (under ? spot.bottom + 14 : Math.max(8, spot.top - 14 - height));
  if (covers(topFor(below)) && !covers(topFor(!below)) && (below ? roomAbove : roomBelow)) below = !below;
  let top = topFor(below);
  const aside = covers(top) && (spot.left - 14 - width >= 8 || spot.right + 14 + width <= innerWidth);
  if (aside) {
    left = spot.left - 14 - width >= 8 ? spot.left - 14 - width : spot.right + 14;
    top = Math.min(Math.max(8, spot.top + spot.height / 2 - height / 2), innerHeight - height - 8);
  }
  box.style.left = `${Math.round(left)}px`;
  box.style.top = `${Math.round(top)}px`;
  box.classList.toggle("above", !below && !aside);
  box.classList.toggle("aside", aside);
  box.style.setProperty("--arrow", `${Math.round(Math.min(Math.max(16, spot.left + spot.width / 2 - left), width - 16))}px`);
}

function point(target) {
  if (shown.target) shown.target.classList.remove("guide-target");
  shown.target = target;
  if (target) {
    target.classList.add("guide-target");
    target.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
  place();
}

const movesNow = () => Number($("moves").textContent) || 0;

/** The words of the step shown, in the page's language (again when the language changes). */
function word() {
  const { step, title, text, next, skip } = shown;
  title.textContent = say("guide_step", { step, steps: STEPS });
  next.textContent = say(step === STEPS ? "guide_finish" : "guide_next");
  skip.textContent = say("guide_skip");
  const play = shown.target && shown.target.id !== "stock" ? "guide_play" : "guide_play_none";
  text.textContent = say(["guide_discard", play, "guide_stock", "guide_goal"][step - 1]);
  place();
}

/** Show step `step` (1–4); past the last, the guide is done. */
function go(step) {
  if (!shown) return;
  if (shown.watch) shown.watch.disconnect();
  shown.watch = null;
  if (step > STEPS) return end();
  shown.step = step;
  shown.next.hidden = step === 2;
  if (step === 2) {
    const target = document.querySelector("#tableau .card.free.playable") || $("stock");
    point(target);
    word();
    const before = movesNow();
    shown.watch = new MutationObserver(() => { if (movesNow() > before) go(3); });
    shown.watch.observe($("moves"), { childList: true, characterData: true, subtree: true });
    target.focus();
    return;
  }
  point([$("discard"), null, $("stock"), null][step - 1]);
  word();
  shown.next.focus();
}

/** The page's language changed: the guide's words follow. */
async function reword() {
  if (language === wordsLanguage) return;
  try {
    await loadWords();
  } catch {
    return; // the words of the language before stay
  }
  if (shown) word();
}

/** End the guide (done or skipped): never shown again on this device; the focus goes back. */
function end() {
  if (!shown) return;
  localStorage.setItem(GUIDE_KEY, JSON.stringify({ done: true }));
  if (shown.watch) shown.watch.disconnect();
  if (shown.target) shown.target.classList.remove("guide-target");
  const { box, back } = shown;
  shown = null;
  box.remove();
  removeEventListener("resize", place);
  removeEventListener("scroll", place, true);
  document.removeEventListener("keydown", onEscape, true);
  languageWatch.disconnect();
  const fallback = document.querySelector("#tableau .card[tabindex='0']") || $("tableau");
  (back && back.isConnected && back !== document.body ? back : fallback).focus();
}

function onEscape(event) {
  if (event.key !== "Escape" || document.querySelector("dialog[open]")) return;
  event.preventDefault();
  event.stopPropagation();
  end();
}

/** Show the guide from its first step (again, if it was shown before). */
export async function startGuide() {
  if (shown) return go(1);
  const back = document.activeElement;
  try {
    await Promise.all([loadLooks(), loadWords()]);
  } catch {
    return; // no words, no guide: it stays due for the next visit
  }
  if (shown) return go(1);
  shown = { ...build(), step: 0, target: null, watch: null, back };
  addEventListener("resize", place);
  addEventListener("scroll", place, true);
  document.addEventListener("keydown", onEscape, true);
  languageWatch.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  go(1);
}
