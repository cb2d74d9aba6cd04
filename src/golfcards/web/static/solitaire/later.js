// The parts of the Solitaire page loaded when first used (nothing of them is needed to play): the end
// window and the course card, how a new game starts, the keys' help, the statistics window, the solver
// and its replay, and their stylesheet and words (the words only they name: /api/i18n?part=later); the
// first deal's guide (with a stylesheet and words of its own) and offline play. Load such a module only
// through `later` here, so that its words come with it. A call runs at once when its module is loaded
// already (as it always is once used), else as soon as the module is.

import { loadLaterStrings } from "../common/words.js";

let styles = null;

/** The later parts' stylesheet, added once; resolves when it applies (or could not be had). */
function laterStyles() {
  styles = styles || new Promise((done) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = "/static/solitaire/later.css";
    link.addEventListener("load", done);
    link.addEventListener("error", done);
    document.head.append(link);
  });
  return styles;
}

/** A runner of tasks with the module `load` gives, once it is loaded with the later parts' stylesheet
 * (when `styled`) and the page's later words (when `worded`). */
function later(load, styled = true, worded = true) {
  let loaded = null;
  return (task) => {
    if (loaded) return task(loaded);
    return Promise.all([load(), styled && laterStyles(), worded && loadLaterStrings()]).then(([module]) => {
      loaded = module;
      return task(module);
    });
  };
}

/** Run `task` with end.js (the end window). */
export const withEnd = later(() => import("./end.js"));

/** Run `task` with deals.js (leaving a game under way, a new deal, the New game window, a shared link's code). */
export const withDeals = later(() => import("./deals.js"));

/** Run `task` with help.js (the keys' help window). */
export const withHelp = later(() => import("./help.js"));

/** Run `task` with course.js (the course card). */
export const withCourse = later(() => import("./course.js"));

/** Run `task` with stats-window.js (the statistics window). */
export const withStatsWindow = later(() => import("./stats-window.js"));

/** Run `task` with replay.js (the hint, still winnable, the solution's replay). */
export const withSolver = later(() => import("./replay.js"));

/** Run `task` with guide.js (the first deal's guide), due when never ended here and no code is in the address. */
export const withGuide = later(() => import("./guide.js"), false, false); // its words: ?part=guide
/** Run `task` with shared.js (a shared game's window; its words: ?part=shared). */
export const withShared = later(() => import("./shared.js"), true, false);

export const GUIDE_KEY = "golfcards.guide";
export const guideWanted = () => !localStorage.getItem(GUIDE_KEY) && !/[?&](?!lang=)|#/.test(location.href);

/** Run `task` with offline.js (offline play). */
export const withOffline = later(() => import("./offline.js"), false);
