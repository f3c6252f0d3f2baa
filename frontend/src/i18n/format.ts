// Numbers, percentages and lists in the reader's locale (dates: ui/dates.ts).

import { t } from "@lingui/core/macro";
import { currentLanguage } from "./i18n";

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(currentLanguage(), options).format(value);
}

/** A fraction (0.42) as a percentage in the locale's way ("42 %", "٤٢٪"). */
export function formatPercent(fraction: number, maximumFractionDigits = 0): string {
  return new Intl.NumberFormat(currentLanguage(), {
    style: "percent",
    maximumFractionDigits,
  }).format(fraction);
}

export function formatList(items: string[], type: Intl.ListFormatType = "conjunction"): string {
  return new Intl.ListFormat(currentLanguage(), { style: "long", type }).format(items);
}

/** The reader's comma and space ("، " in Arabic), between the parts of one phrase. */
export function partSeparator(): string {
  return t({
    message: ", ",
    context: "separator",
    comment: "Between the parts of one phrase: 'n = 6, mean 6'. Arabic: the Arabic comma.",
  });
}

/** The parts of one phrase in a row ("n = 6, mean 6"), where a list's "and" would not fit. */
export function joinParts(parts: string[]): string {
  return parts.join(partSeparator());
}

/** The reader's semicolon and space ("؛ " in Arabic), between statements. */
export function clauseSeparator(): string {
  return t({
    message: "; ",
    context: "separator",
    comment:
      "Between whole statements: 'hand A: 21.5 s; hand B: 30 s'. Arabic: the Arabic semicolon.",
  });
}

/** Statements in a row ("hand A: 21.5 s; hand B: 30 s"). */
export function joinClauses(clauses: string[]): string {
  return clauses.join(clauseSeparator());
}
