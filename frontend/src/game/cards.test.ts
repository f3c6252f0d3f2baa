// The messages speak English, the source language (the test render module activates it).
import "../test/render";
import { describe, expect, it } from "vitest";
import {
  allCards,
  cardName,
  cardShort,
  inPreferredOrder,
  moveCard,
  parseCard,
  sortHand,
  suitColour,
} from "./cards";

describe("cards", () => {
  it("reads cards as the rules write them, and 10 for a ten", () => {
    expect(parseCard("QH")).toEqual({ rank: "Q", suit: "H" });
    expect(parseCard("10s")).toEqual({ rank: "T", suit: "S" });
    expect(() => parseCard("1X")).toThrow();
  });

  it("names cards in words for messages and screen readers", () => {
    expect(cardName("TS")).toBe("ten of spades");
    expect(cardName("AH")).toBe("ace of hearts");
    expect(cardShort("TD")).toBe("10♦");
  });

  it("sorts by suit then rank, wild cards last", () => {
    expect(sortHand(["2C", "AS", "7H", "3S"])).toEqual(["3S", "AS", "7H", "2C"]);
    expect(sortHand(["7C", "AS", "7H", "3S"], "7")).toEqual(["3S", "AS", "7H", "7C"]);
  });

  it("moves a card to a new place", () => {
    expect(moveCard(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveCard(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveCard(["a", "b"], 5, 0)).toEqual(["a", "b"]);
  });

  it("keeps a preferred order for the cards still held", () => {
    expect(inPreferredOrder(["2C", "AS", "KD"], ["KD", "QH", "2C"])).toEqual(["KD", "2C", "AS"]);
    expect(inPreferredOrder(["2C"], undefined)).toEqual(["2C"]);
  });

  it("gives each suit its own colour in the four-colour deck", () => {
    const four = new Set((["S", "H", "D", "C"] as const).map((s) => suitColour(s, "four")));
    expect(four.size).toBe(4);
    const two = new Set((["S", "H", "D", "C"] as const).map((s) => suitColour(s, "two")));
    expect(two.size).toBe(2);
  });

  it("has 52 distinct cards", () => {
    expect(new Set(allCards()).size).toBe(52);
  });
});
