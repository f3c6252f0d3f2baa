// ESLint (flat config): JavaScript's and typescript-eslint's recommended rules, type-aware, the
// React hooks rules, and the arrows allowed between the app's folders (below). Formatting is
// Prettier's (`npm run format`), not ESLint's.

import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// A feature (src/features/<feature>/: a page or a few pages) imports the shared folders (api/,
// auth/, game/, ui/, test/) and itself, never another feature: what two features need moves to
// a shared folder, and App.tsx puts the pages together. The shared folders import no feature,
// and the API's calls (api/) nothing of auth/ or ui/.
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
    target: ["./src/api", "./src/auth", "./src/game", "./src/ui", "./src/test"],
    from: ["./src/features", "./src/App.tsx"],
    message: "The shared folders import no feature.",
  },
  {
    target: "./src/api",
    from: ["./src/auth", "./src/ui"],
    message: "The API's calls import only the API's and the games' types.",
  },
];

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
    files: ["eslint.config.js"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
);
