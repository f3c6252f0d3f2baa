import { currentLanguage } from "../i18n/i18n";

// Dates are the clinic's: a stored date ("2026-03-01") is that calendar day wherever the
// browser is, and "today" and times of day are the clinic's time zone's (/api/me says which).

let clinicZone: string | undefined;

/** The clinic's time zone, from /api/me; unset (or unknown to the browser), the browser's. */
export function setClinicTimeZone(zone: string | null | undefined): void {
  try {
    if (zone) new Intl.DateTimeFormat(undefined, { timeZone: zone });
    clinicZone = zone || undefined;
  } catch {
    clinicZone = undefined;
  }
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today in the clinic, as YYYY-MM-DD (the value of a date input). */
export function clinicToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: clinicZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** A date or a moment for people, in the reader's language: a date alone as its own day; a
 * moment in the clinic's zone. */
export function formatDate(value: string | null | undefined, withTime = false): string {
  if (!value) return "–";
  const day = DATE_ONLY.exec(value);
  if (day) {
    const [, y, m, d] = day;
    return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))).toLocaleDateString(
      currentLanguage(),
      {
        dateStyle: "medium",
        timeZone: "UTC",
      },
    );
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return withTime
    ? date.toLocaleString(currentLanguage(), {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: clinicZone,
      })
    : date.toLocaleDateString(currentLanguage(), { dateStyle: "medium", timeZone: clinicZone });
}
