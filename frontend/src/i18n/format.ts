// Numbers, percentages and lists in the reader's locale (dates: ui/dates.ts).

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
