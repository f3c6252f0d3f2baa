// The Arabic catalogues as translators write them: what a right-to-left line needs of the game's
// Latin names.

import { describe, expect, it } from "vitest";

const CATALOGUES = import.meta.glob<string>("../locales/ar/*.po", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** Each translation of a catalogue (the msgstr lines, continuations joined). */
function translations(po: string): string[] {
  const found: string[] = [];
  let current: string[] | null = null;
  for (const line of po.split("\n")) {
    if (line.startsWith("msgstr")) {
      current = [line.slice(line.indexOf('"'))];
      found.push("");
    } else if (current && line.startsWith('"')) {
      current.push(line);
    } else {
      current = null;
    }
    if (current) found[found.length - 1] = current.join("");
  }
  return found;
}

describe("the Arabic catalogues", () => {
  it("isolate the name 'Stragedy left to right wherever it is written", () => {
    // Its apostrophe, a neutral, would otherwise take the Arabic line's direction and stand
    // after the name ("Stragedy'"): U+2066 (left-to-right isolate) ... U+2069 (its end).
    const loose = Object.entries(CATALOGUES).flatMap(([file, po]) =>
      translations(po)
        .filter((text) => /(?<!\u2066)'Stragedy|'Stragedy(?!\u2069)/.test(text))
        .map((text) => `${file}: ${text}`),
    );
    expect(Object.keys(CATALOGUES).length).toBeGreaterThan(10);
    expect(loose).toEqual([]);
  });
});
