/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// Django serves the built files: assets under /static/ (WhiteNoise, STATICFILES_DIRS includes
// frontend/dist) and index.html at every page route (apps/api/frontend.py).
export default defineConfig({
  base: "/static/",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
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
