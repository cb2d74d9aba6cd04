// The home page: the two games, in the chosen language.
import { showAccount } from "./common/api.js";
import { chosenLanguage, fillLanguages, language, loadStrings, setLanguage } from "./common/words.js";

const data = await loadStrings(chosenLanguage());
const select = document.getElementById("language");
fillLanguages(select, data.languages);
const links = () => document.querySelectorAll("[data-lang-link]").forEach((a) => {
  a.href = `${a.getAttribute("href").split("?")[0]}?lang=${language}`;
});
links();
select.addEventListener("change", async () => { await setLanguage(select.value); links(); });
document.body.classList.add("ready");
showAccount(document.getElementById("account-link"));
