// The home page: the two games, in the chosen language.
"use strict";

(async () => {
  const data = await Golf.loadStrings(Golf.chosenLanguage());
  const select = document.getElementById("language");
  Golf.fillLanguages(select, data.languages);
  const links = () => document.querySelectorAll("[data-lang-link]").forEach((a) => {
    a.href = `${a.getAttribute("href").split("?")[0]}?lang=${Golf.language}`;
  });
  links();
  select.addEventListener("change", async () => { await Golf.setLanguage(select.value); links(); });
  document.body.classList.add("ready");
})();
