import { useLingui } from "@lingui/react/macro";
import { LANGUAGES, isLanguage } from "./languages";
import type { Language } from "./languages";
import { currentLanguage } from "./i18n";

/** A choice among the languages we ship, each written in itself. */
export function LanguagePicker({
  onChange,
  disabled,
  compact,
}: {
  onChange: (language: Language) => void;
  disabled?: boolean;
  /** Only the languages' own names on screen (the label is read out), as in the play header. */
  compact?: boolean;
}) {
  const { t } = useLingui();
  return (
    <label className="toggle language-picker">
      <span className={compact ? "sr-only" : undefined}>{t`Language`}</span>
      <select
        value={currentLanguage()}
        disabled={disabled}
        data-testid="language"
        onChange={(e) => {
          if (isLanguage(e.target.value)) onChange(e.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </label>
  );
}
