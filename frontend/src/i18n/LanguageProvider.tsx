import { I18nProvider } from "@lingui/react";
import { useEffect } from "react";
import type { ReactNode } from "react";
import { activate, i18n } from "./i18n";
import { isLanguage } from "./languages";

/** Lingui's provider: every `Trans` and `useLingui` below re-renders when the language changes. */
export function LanguageProvider({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/** The page follows this person's language once it is known (a seat's participant, the staff
 * member signed in); until then it keeps the device's last one. */
export function useReaderLanguage(language: string | null | undefined): void {
  useEffect(() => {
    if (isLanguage(language)) void activate(language);
  }, [language]);
}
