// A refused sign-in in plain words: what happened and, for a lockout, for how long.

import { plural, t } from "@lingui/core/macro";
import { ApiError } from "../api/client";
import { refusalMessage } from "../game/errors";
import { currentLanguage } from "../i18n/i18n";

/** "15 minutes", "1 minute", "40 seconds": the wait rounded up to whole minutes past one. */
export function waitWords(seconds: number): string {
  if (seconds < 60) return plural(seconds, { one: "# second", other: "# seconds" });
  const minutes = Math.ceil(seconds / 60);
  return plural(minutes, { one: "# minute", other: "# minutes" });
}

export function signInRefusal(error: unknown, now: Date = new Date()): string {
  if (!(error instanceof ApiError)) return t`The server cannot be reached. Please try again.`;
  if (error.code === "validation_error") return t`Please enter your user name and password.`;
  if (error.code === "account_locked") {
    const details = error.details as { retry_after_seconds?: number } | null;
    const seconds = details?.retry_after_seconds;
    if (typeof seconds === "number" && seconds > 0) {
      const until = new Date(now.getTime() + seconds * 1000).toLocaleTimeString(currentLanguage(), {
        hour: "2-digit",
        minute: "2-digit",
      });
      const wait = waitWords(seconds);
      return t`This account is locked for ${wait} after too many wrong passwords (until about ${until}). Please try again then.`;
    }
    return t`This account is locked for a while after too many wrong passwords. Please try again later.`;
  }
  return refusalMessage(error.code);
}
