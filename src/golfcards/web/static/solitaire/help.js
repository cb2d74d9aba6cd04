// The keys' help window: every key of the Solitaire page. Loaded when first opened (later.js).
import { closeDialog, openDialog } from "../common/dialogs.js";
import { $, el } from "../common/dom.js";
import { t } from "../common/words.js";

const HELP_KEYS = [
  [["←", "→"], "key_columns"],
  [["↑", "↓"], "key_rows"],
  [["@keyname_enter", "@keyname_space"], "key_play"],
  [["D"], "key_draw"],
  [["1–7"], "key_take"],
  [["U", "@keyname_ctrl+Z"], "key_undo"],
  [["R", "@keyname_ctrl+Y", "@keyname_ctrl+@keyname_shift+Z"], "key_redo"],
  [["H"], "key_hint"],
  [["N"], "key_new"],
  [["?"], "key_help"],
  [["@keyname_esc"], "key_close"],
];

/** The keys' help table, in the page's language. */
function fillHelp() {
  const name = (part) => (part.startsWith("@") ? t(part.slice(1)) : part);
  const keys = (combo) => el("kbd", {}, ...combo.split("+").flatMap((part, i) => [i ? "+" : null, el("kbd", { text: name(part) })]));
  $("help-keys").replaceChildren(...HELP_KEYS.map(([combos, key]) => el("tr", {},
    el("th", { scope: "row" }, ...combos.flatMap((combo, i) => [i ? " " : null, keys(combo)])),
    el("td", { text: t(key) }))));
}

/** Show or hide the keys' help (filled in the page's language as it opens). */
export function toggleHelp() {
  const dialog = $("help-dialog");
  if (dialog.open) return closeDialog(dialog);
  fillHelp();
  openDialog(dialog, dialog.querySelector(".sheet-footer button"));
}
