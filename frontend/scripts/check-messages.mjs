// Fails when a catalogue is not what the code shows people: a message in the code missing from a
// language's catalogue (run `npm run extract`), an entry no code uses any more, or, in a
// language we ship, an entry left untranslated or marked fuzzy. Lingui's own extractor reads
// the code, so what it finds is what `npm run extract` would write.

import { getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";

const config = getConfig({ cwd: process.cwd() });
const problems = [];
for (const catalog of await getCatalogs(config)) {
  const inCode = (await catalog.collect()) ?? {};
  const catalogues = await catalog.readAll();
  for (const locale of config.locales) {
    const entries = catalogues[locale] ?? {};
    const where = catalog.getFilename(locale).replace(`${process.cwd()}/`, "");
    const said = (id) => JSON.stringify(inCode[id]?.message ?? entries[id]?.message ?? id);
    for (const id of Object.keys(inCode)) {
      if (!(id in entries)) problems.push(`${where}: missing ${said(id)} (npm run extract)`);
    }
    for (const [id, entry] of Object.entries(entries)) {
      if (!(id in inCode)) {
        problems.push(`${where}: ${said(id)} is no longer in the code (npm run extract)`);
        continue;
      }
      if (locale === config.sourceLocale) continue;
      if (!entry.translation) problems.push(`${where}: ${said(id)} is not translated`);
      if (entry.extra?.flags?.includes("fuzzy")) problems.push(`${where}: ${said(id)} is fuzzy`);
    }
  }
}
if (problems.length) {
  console.error(problems.join("\n"));
  console.error(`${problems.length} catalogue problem(s).`);
  process.exit(1);
}
console.log("The catalogues hold every message, translated in every language.");
