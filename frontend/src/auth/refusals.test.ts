// The messages speak English, the source language (the test render module activates it).
import "../test/render";
import { describe, expect, it } from "vitest";
import { ApiError } from "../api/client";
import { signInRefusal, waitWords } from "./refusals";

describe("a refused sign-in in words", () => {
  it("says an account is locked, for how long and until when", () => {
    const locked = new ApiError(429, {
      code: "account_locked",
      message: "Too many failed sign-ins for this account; try again in 894 seconds.",
      details: { retry_after_seconds: 894 },
    });
    const now = new Date(2026, 2, 1, 10, 0, 0);
    const words = signInRefusal(locked, now);
    expect(words).toContain("locked for 15 minutes after too many wrong passwords");
    const until = new Date(2026, 2, 1, 10, 14, 54).toLocaleTimeString([], {
      hour: "2-digit",
      minute: "2-digit",
    });
    expect(words).toContain(`until about ${until}`);
    expect(words).not.toContain("move");
  });

  it("words a wait in seconds or whole minutes", () => {
    expect([waitWords(1), waitWords(40), waitWords(60), waitWords(61)]).toEqual([
      "1 second",
      "40 seconds",
      "1 minute",
      "2 minutes",
    ]);
  });

  it("says a wrong password and an unreachable server plainly", () => {
    const wrong = new ApiError(400, { code: "invalid_credentials", message: "", details: null });
    expect(signInRefusal(wrong)).toBe("The user name or the password is not right.");
    expect(signInRefusal(new TypeError("fetch failed"))).toContain("cannot be reached");
  });
});
