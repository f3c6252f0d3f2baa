// A refused sign-in in plain words: what happened and, for a lockout, for how long.

import { ApiError } from "../api/client";
import { refusalMessage } from "../game/errors";

/** "15 minutes", "1 minute", "40 seconds": the wait rounded up to whole minutes past one. */
export function waitWords(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

export function signInRefusal(error: unknown, now: Date = new Date()): string {
  if (!(error instanceof ApiError)) return "The server cannot be reached. Please try again.";
  if (error.code === "validation_error") return "Please enter your user name and password.";
  if (error.code === "account_locked") {
    const details = error.details as { retry_after_seconds?: number } | null;
    const wait = details?.retry_after_seconds;
    if (typeof wait === "number" && wait > 0) {
      const until = new Date(now.getTime() + wait * 1000).toLocaleTimeString([], {
        hour: "2-digit",
        minute: "2-digit",
      });
      return `This account is locked for ${waitWords(wait)} after too many wrong passwords (until about ${until}). Please try again then.`;
    }
    return "This account is locked for a while after too many wrong passwords. Please try again later.";
  }
  return refusalMessage(error.code);
}
