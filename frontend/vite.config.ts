/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { lingui } from "@lingui/vite-plugin";
import babel from "vite-plugin-babel";

// Lingui's macros (`<Trans>`, t`...`, plural) become catalogue look-ups at build time through
// Babel; TypeScript and JSX are only parsed here, compiled by the React plugin after it. The
// Lingui plugin compiles an imported .po catalogue.
const linguiMacros = (include: RegExp, syntax: ("typescript" | "jsx")[]) =>
  babel({
    include,
    exclude: /node_modules/,
    babelConfig: {
      babelrc: false,
      configFile: false,
      parserOpts: { plugins: syntax },
      plugins: ["@lingui/babel-plugin-lingui-macro"],
    },
  });

// Django serves the built files: assets under /static/ (WhiteNoise, STATICFILES_DIRS includes
// frontend/dist) and index.html at every page route (apps/api/frontend.py).
export default defineConfig({
  base: "/static/",
  plugins: [
    linguiMacros(/\/src\/.*\.tsx$/, ["typescript", "jsx"]),
    linguiMacros(/\/src\/.*\.ts$/, ["typescript"]),
    react(),
    lingui(),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:8000",
    },
  },
  test: {
    environment: "jsdom",
    globals: true,
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    // a busy machine runs the screens' timed steps late: see src/test/setup.ts
    testTimeout: 15000,
  },
});
