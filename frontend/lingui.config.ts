// Lingui's catalogues: gettext .po files (src/locales/<lang>/<catalogue>.po), the format Weblate
// and Crowdin take as they are. One catalogue for the app's shared parts ("common") and one for
// each feature folder and each folder within a feature ("play-memulation"), so that a
// translator's batch and a change to one screen touch one file. `npm run extract` adds new
// strings to every one; `npm run check:messages` fails on a string missing from them or left
// untranslated or fuzzy. The app loads every catalogue of the reader's language (src/i18n).

import { readdirSync } from "node:fs";
import path from "node:path";
import type { LinguiConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

const SRC = path.join(__dirname, "src");
const NEVER = [
  "**/*.test.ts",
  "**/*.test.tsx",
  "<rootDir>/src/test/**",
  "<rootDir>/src/api/schema.ts",
];

function folders(dir: string): string[] {
  return readdirSync(path.join(SRC, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}`)
    .sort();
}

// features/play and features/play/memulation: each catalogue holds its folder's own files only.
const features = folders("features").flatMap((feature) => [feature, ...folders(feature)]);

const config: LinguiConfig = {
  sourceLocale: "en",
  locales: ["en", "es", "fr", "de", "ar"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}/common",
      include: ["<rootDir>/src"],
      exclude: [...NEVER, "<rootDir>/src/features/**"],
    },
    ...features.map((folder) => ({
      path: `<rootDir>/src/locales/{locale}/${folder.replace(/^features\//, "").replace(/\//g, "-")}`,
      include: [`<rootDir>/src/${folder}`],
      exclude: [...NEVER, `<rootDir>/src/${folder}/*/**/*`],
    })),
  ],
  // Origins without line numbers: a line moved is no change to hand translators.
  format: formatter({ lineNumbers: false }),
  orderBy: "message",
};

export default config;
