// The home page: the two games, in the chosen language.
"use strict";

(async () => {
  const data = await Golf.loadStrings(Golf.chosenLanguage());
  const select = document.getElementById("language");
  select.replaceChildren(...data.languages.map((l) => Golf.el("option", { value: l.code, text: l.name, lang: l.code })));
  select.value = Golf.language;
  const links = () => document.querySelectorAll("[data-lang-link]").forEach((a) => {
    a.href = `${a.getAttribute("href").split("?")[0]}?lang=${Golf.language}`;
  });
  links();
  select.addEventListener("change", async () => { await Golf.setLanguage(select.value); links(); });
  document.body.classList.add("ready");
})();
