// Which language the app speaks: the catalogue of the person reading (the participant on a play
// screen, the staff member on the staff pages), loaded on demand, and the page's lang and dir.

import { i18n } from "@lingui/core";
import type { Messages } from "@lingui/core";
import { SOURCE_LANGUAGE, browserLanguage, direction, isLanguage } from "./languages";
import type { Language } from "./languages";

export { i18n };

// The last reader's language, so that the next page on this device opens in it before the
// server has said whose it is (the sign-in page, a play link loading).
const KEY = "memulation.language";

/** The language to draw the first page in: on a participant's link, theirs (the server writes
 * it into the page: `data-link-language`, beside the page's lang and dir), else this device's
 * last reader's, else the browser's. */
export function startLanguage(): Language {
  const served = document.documentElement.dataset.linkLanguage;
  if (isLanguage(served)) return served;
  try {
    const stored = window.localStorage.getItem(KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // private mode: the browser's
  }
  return browserLanguage();
}

// Every catalogue of every language, each a chunk loaded when its language is first spoken.
const CATALOGUES = import.meta.glob<{ messages: Messages }>("../locales/*/*.po");

/** A language's messages: its catalogues (one for the shared parts, one a feature) merged. */
async function catalogue(language: Language): Promise<Messages> {
  const parts = Object.entries(CATALOGUES)
    .filter(([file]) => file.startsWith(`../locales/${language}/`))
    .map(([, load]) => load());
  return Object.assign({}, ...(await Promise.all(parts)).map((part) => part.messages)) as Messages;
}

let wanted: Language | undefined;

/** Speak `language` from now on: its catalogue, the page's lang and dir, remembered here. */
export async function activate(language: Language): Promise<void> {
  wanted = language;
  if (i18n.locale !== language) {
    const messages = await catalogue(language);
    // A later choice that finished first wins.
    if (wanted !== language) return;
    i18n.loadAndActivate({ locale: language, messages });
  }
  const root = document.documentElement;
  root.lang = language;
  root.dir = direction(language);
  try {
    window.localStorage.setItem(KEY, language);
  } catch {
    // ignore
  }
}

/** The language in force (the source language until one is activated). */
export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : SOURCE_LANGUAGE;
}
