// ESLint (flat config): JavaScript's and typescript-eslint's recommended rules, type-aware, and
// the React hooks rules. Formatting is Prettier's (`npm run format`), not ESLint's.

import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "src/api/schema.ts"] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
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
    files: ["eslint.config.js"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
);
