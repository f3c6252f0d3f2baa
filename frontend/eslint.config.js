// ESLint (flat config): JavaScript's and typescript-eslint's recommended rules, type-aware, and
// the React hooks rules, and Lingui's: every string a person reads comes from the catalogues. Formatting is Prettier's (`npm run format`), not ESLint's.

import js from "@eslint/js";
import lingui from "eslint-plugin-lingui";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The code whose every visible string is in the catalogues (grows feature by feature).
const LOCALIZED = [
  "src/App.tsx",
  "src/main.tsx",
  "src/i18n/**",
  "src/features/account/LanguageSetting.tsx",
  "src/features/play/seatLanguage.ts",
];

const UNLOCALIZED_OK = {
  ignore: [
    // A word without a capital or a space is a key, a code, a class or a path, not a sentence.
    "^(?![A-Z])\\S+$",
    // UPPERCASE constants, CSS values and the like.
    "^[A-Z0-9_-]+$",
    "^[^A-Za-z]*$",
  ],
  ignoreNames: [
    { regex: { pattern: "className", flags: "i" } },
    { regex: { pattern: "^[A-Z0-9_]+$" } },
    { regex: { pattern: "^data-", flags: "i" } },
    { regex: { pattern: "(Key|Url|Path|Id|Code|Type|Kind|Mode)$" } },
    "key",
    "to",
    "href",
    "src",
    "type",
    "id",
    "htmlFor",
    "role",
    "name",
    "value",
    "method",
    "autoComplete",
    "inputMode",
    "pattern",
    "accept",
    "rel",
    "target",
    "lang",
    "dir",
    "style",
    "width",
    "height",
    "code",
    "status",
    "kind",
    "game_type",
    "queryKey",
  ],
  ignoreFunctions: [
    "Error",
    "console.*",
    "*.getItem",
    "*.setItem",
    "*.removeItem",
    "*.getElementById",
    "*.querySelector",
    "*.querySelectorAll",
    "*.addEventListener",
    "*.removeEventListener",
    "*.includes",
    "*.startsWith",
    "*.endsWith",
    "*.split",
    "*.join",
    "*.get",
    "*.set",
    "*.has",
    "*.toggle",
    "*.matches",
    "new URL",
    "URLSearchParams",
    "encodeURIComponent",
    "fetch",
    "*.GET",
    "*.POST",
    "*.PUT",
    "*.PATCH",
    "*.DELETE",
    "Intl.*",
    "*.toLocaleDateString",
    "*.toLocaleString",
  ],
  useTsTypes: true,
};

export default tseslint.config(
  { ignores: ["dist/", "src/api/schema.ts"] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  reactHooks.configs.flat.recommended,
  lingui.configs["flat/recommended"],
  {
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // A string a person reads is a message (<Trans>, t`...`, msg`...`); what stays is code: class
    // names, test ids, keys, codes the server sends, URLs. Checked in the features swept so far.
    files: LOCALIZED,
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "lingui/no-unlocalized-strings": ["error", UNLOCALIZED_OK] },
  },
  {
    files: ["**/*.test.{ts,tsx}", "src/test/**"],
    languageOptions: { globals: { ...globals.vitest } },
    rules: {
      // A fake server or transport is written as an async function even when it answers at
      // once: it stands in for a call that awaits.
      "@typescript-eslint/require-await": "off",
      // `expect(transport.act).toHaveBeenCalled…` hands the mock itself to expect, never calls
      // it unbound.
      "@typescript-eslint/unbound-method": "off",
    },
  },
  {
    files: ["eslint.config.js", "scripts/**"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
);
