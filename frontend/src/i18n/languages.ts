// The languages we ship. Each is named in itself, as a reader looks for their own language.

export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "es", name: "Español" },
  { code: "fr", name: "Français" },
  { code: "de", name: "Deutsch" },
  { code: "ar", name: "العربية" },
] as const;

export type Language = (typeof LANGUAGES)[number]["code"];

export const SOURCE_LANGUAGE: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

/** Which way the language's text runs: the page's `dir`. */
export function direction(language: Language): "rtl" | "ltr" {
  return language === "ar" ? "rtl" : "ltr";
}

/** The first of the browser's languages we ship (a page shown before we know who reads it). */
export function browserLanguage(preferred: readonly string[] = navigator.languages): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return SOURCE_LANGUAGE;
}
