// Lingui's catalogues: one gettext .po file per language (src/locales/<lang>/messages.po), the
// format Weblate and Crowdin take as it is. `npm run extract` adds new strings to every one;
// `npm run check:messages` fails on a string missing from them or left untranslated or fuzzy.

import type { LinguiConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

const config: LinguiConfig = {
  sourceLocale: "en",
  locales: ["en", "es", "fr", "de", "ar"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}/messages",
      include: ["<rootDir>/src"],
      exclude: [
        "**/*.test.ts",
        "**/*.test.tsx",
        "<rootDir>/src/test/**",
        "<rootDir>/src/api/schema.ts",
      ],
    },
  ],
  // Origins without line numbers: a line moved is no change to hand translators.
  format: formatter({ lineNumbers: false }),
  orderBy: "message",
};

export default config;
