// The Solitaire page's windows: the settings (and the page's language); the new game form (deals.js)
// and the keys' help (help.js) load when first opened.
import { $ } from "../common/dom.js";
import { setSound, soundOn } from "../common/sound.js";
import { look, setLook } from "../common/storage.js";
import { fillLanguages, language, setLanguage } from "../common/words.js";
import { load, maybeAutoDraw } from "./actions.js";
import { render, updateReplayButton } from "./board-view.js";
import { withDeals, withHelp } from "./later.js";
import { legacyCardStyle, saveSettings, settings } from "./state.js";

/** Open the new game window (to change the rules; deals.js). */
export const openNewGame = () => withDeals((deals) => deals.openNewGame());

/** The new game window's form sent (deals.js). */
export function submitNewGame(event) {
  event.preventDefault();
  withDeals((deals) => deals.submitNewGame());
}

/** The rules page's link, in the page's language. */
export function linkRules() {
  $("rules-link").href = `/rules/solitaire?lang=${language}`;
}

async function changeLanguage() {
  const data = await setLanguage($("language").value);
  fillLanguages($("language"), data.languages);
  linkRules();
  updateReplayButton();
  await load();
}

/** The settings window shows the settings and looks, and changes them. */
export function wireSettings() {
  const looks = look();
  const legacy = legacyCardStyle();
  if (legacy && !localStorage.getItem("golfcards.look")) setLook({ cards: legacy });
  $("interactive-rules").checked = settings.interactiveRules;
  $("highlight-playable").checked = settings.highlightPlayable;
  $("auto-draw").checked = settings.autoDraw;
  $("sound").checked = soundOn();
  $("theme").value = looks.theme;
  $("felt").value = looks.felt;
  $("back").value = looks.back;
  $("card-style").value = look().cards;
  const toggle = (id, name, after) => $(id).addEventListener("change", (e) => {
    settings[name] = e.target.checked;
    saveSettings();
    if (after) after();
  });
  toggle("interactive-rules", "interactiveRules");
  toggle("highlight-playable", "highlightPlayable", () => render(null));
  toggle("auto-draw", "autoDraw", maybeAutoDraw);
  $("sound").addEventListener("change", (e) => setSound(e.target.checked));
  for (const [id, name] of [["theme", "theme"], ["felt", "felt"], ["back", "back"], ["card-style", "cards"]]) {
    $(id).addEventListener("change", (e) => setLook({ [name]: e.target.value }));
  }
  $("language").addEventListener("change", changeLanguage);
}

/** Show or hide the keys' help (help.js). */
export const toggleHelp = () => withHelp((help) => help.toggleHelp());
