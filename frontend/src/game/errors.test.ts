// The messages speak English, the source language (the test render module activates it).
import "../test/render";
import { describe, expect, it } from "vitest";
import { refusalMessage } from "./errors";

describe("refusals in plain words", () => {
  it("explains following suit with the suit that was led and the card tried", () => {
    expect(refusalMessage("must_follow_suit", { led: "2S", card: "5H", game: "mendikot" })).toBe(
      "You have a spade, so you must play a spade. The five of hearts cannot be played now.",
    );
  });

  it("mentions wild cards in Memulation", () => {
    const text = refusalMessage("must_follow_suit", {
      led: "9D",
      card: "KC",
      wild: "7",
      game: "memulation",
    });
    expect(text).toContain("you must play a diamond (or a wild card)");
  });

  it("explains the duty to trump after an ask", () => {
    expect(refusalMessage("must_play_trump", { trump: "C" })).toBe(
      "You asked for trump and you hold clubs: you must play a club.",
    );
  });

  it.each([
    ["not_your_turn", "not your turn"],
    ["card_not_in_hand", "not in your hand"],
    ["invalid_position", "no face-down card there"],
    ["cannot_ask", "ask for trump only"],
    ["game_over", "game is over"],
    ["stale_version", "try again"],
    ["link_expired", "new one"],
    ["wrong_phase", "cannot be done at this moment"],
    ["invalid_choice", "hand A or hand B"],
  ])("%s", (code, words) => {
    expect(refusalMessage(code)).toContain(words);
  });

  it("never shows a raw code", () => {
    expect(refusalMessage("something_new")).toBe("That move was not accepted. Please try again.");
  });
});
