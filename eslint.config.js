// ESLint's settings for the web pages' JavaScript (src/golfcards/web/static): ES modules in the
// browser, except look.js, a classic script that runs before the first paint.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["src/golfcards/web/static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
      "no-var": "error",
      "no-unused-vars": ["error", { args: "none" }],
      "no-undef": "error",
      "no-implicit-globals": "error",
      "no-duplicate-imports": "error",
      "no-console": "error",
    },
  },
  {
    files: ["src/golfcards/web/static/look.js"],
    languageOptions: { sourceType: "script" },
  },
];
