// ESLint (flat config): JavaScript's and typescript-eslint's recommended rules, type-aware, the
// React hooks rules, Lingui's (every string a person reads comes from the catalogues), and the
// arrows allowed between the app's folders (below). Formatting is Prettier's (`npm run format`),
// not ESLint's.

import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import lingui from "eslint-plugin-lingui";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// A feature (src/features/<feature>/: a page or a few pages) imports the shared folders (api/,
// auth/, game/, i18n/, ui/, test/) and itself, never another feature: what two features need
// moves to a shared folder, and App.tsx puts the pages together. The shared folders import no
// feature, and the API's calls (api/) nothing of auth/ or ui/.
const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const zones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: "./src/features",
    except: [`./${feature}`],
    message: "A feature imports no other feature: move what both need to a shared folder.",
  })),
  {
    target: ["./src/api", "./src/auth", "./src/game", "./src/i18n", "./src/ui", "./src/test"],
    from: ["./src/features", "./src/App.tsx"],
    message: "The shared folders import no feature.",
  },
  {
    target: "./src/api",
    from: ["./src/auth", "./src/ui"],
    message: "The API's calls import only the API's and the games' types.",
  },
];

// Code not yet swept into the catalogues: every other file's visible strings are messages. Each
// line goes when its folder is swept; the list ends empty.
const NOT_YET_LOCALIZED = [];

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
    // names, test ids, keys, codes the server sends, URLs.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "src/test/**", "src/api/schema.ts", ...NOT_YET_LOCALIZED],
    rules: {
      "lingui/no-unlocalized-strings": ["error", UNLOCALIZED_OK],
      // The rule above lets native elements' attributes pass but for a few; these are read too
      // (a tooltip, a screen reader's words), so words in them are messages as well.
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "JSXAttribute[name.name=/^(title|aria-description|aria-roledescription|aria-valuetext|aria-placeholder)$/] > Literal[value=/[A-Za-z]{2,}/]",
          message: "Words a person reads are a message: use t`...` from useLingui().",
        },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones }],
      "import-x/no-cycle": "error",
    },
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
