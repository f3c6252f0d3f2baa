// The sentences and card names are messages: the test reads them in English, the source
// language every test speaks (src/test/setup.ts).
import { act } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activate } from "../../i18n/i18n";
import type { Language } from "../../i18n/languages";
import { memulationView, mendikotView } from "../../test/views";
import { describeRecent, finishedTricks } from "./recent";
import { pollDelay } from "./useGame";

const opponent = () => "Your opponent";

describe("what just happened, in words", () => {
  it("tells the Lame Duck which hand the opponent chose", () => {
    const view = memulationView(
      {},
      { recent: [{ type: "hand_chosen", seat: 1, hand: "B", deal: 1 }] },
    );
    expect(describeRecent(view, opponent)).toEqual([
      "Your opponent chose hand B, so you play hand A.",
    ]);
  });

  it("says whether the 'Stragedy found the intended card", () => {
    const hit = memulationView(
      {},
      {
        recent: [
          {
            type: "stragedy",
            seat: 0,
            position: { pile: 1, trick: 2, card: 0 },
            revealed: "QH",
            intended: "QH",
            hit: true,
          },
        ],
      },
    );
    expect(describeRecent(hit, opponent)[0]).toBe(
      "You turned up the queen of hearts: it was the card you were looking for!",
    );
    const miss = memulationView(
      {},
      {
        recent: [
          {
            type: "stragedy",
            seat: 0,
            position: { pile: 1, trick: 2, card: 0 },
            revealed: "4H",
            intended: "QH",
            hit: false,
          },
        ],
      },
    );
    expect(describeRecent(miss, opponent)[0]).toBe(
      "You turned up the four of hearts. It was not the queen of hearts you were looking for.",
    );
  });

  it("numbers rounds from 1 and reports round scores", () => {
    const view = memulationView(
      {},
      {
        recent: [{ type: "round_ended", round: 0, score: { "0": 14, "1": 12 } }],
      },
    );
    expect(describeRecent(view, opponent)).toEqual(["Round 1 is over: you 14, your opponent 12."]);
  });

  it("announces a revealed trump in Mendikot", () => {
    const view = mendikotView(
      {},
      {
        recent: [
          {
            type: "trump_revealed",
            cause: "ask",
            seat: 0,
            owner: 2,
            card: "9D",
            trump: "D",
            trick: 3,
          },
        ],
      },
    );
    expect(describeRecent(view, () => "Partner")).toEqual([
      "Trump is diamonds: Partner's hidden card was the nine of diamonds.",
    ]);
  });
});

describe("finished tricks to show", () => {
  it("reads both games' trick shapes", () => {
    const m = memulationView(
      {},
      {
        recent: [
          { type: "trick_won", deal: 1, trick: 4, leader: 1, cards: ["4S", "9S"], winner: 0 },
        ],
      },
    );
    expect(finishedTricks(m)[0]).toMatchObject({
      leader: 1,
      winner: 0,
      cards: [
        { seat: 1, card: "4S" },
        { seat: 0, card: "9S" },
      ],
    });
    const k = mendikotView(
      {},
      {
        recent: [
          {
            type: "trick_won",
            trick: 0,
            leader: 3,
            winner: 1,
            cards: [
              { seat: 3, card: "2C" },
              { seat: 0, card: "TC" },
              { seat: 1, card: "AC" },
              { seat: 2, card: "3C" },
            ],
          },
        ],
      },
    );
    expect(finishedTricks(k)[0].cards[1]).toEqual({ seat: 0, card: "TC" });
  });
});

describe("when to ask the server again", () => {
  it("asks just after the examination hand's time and grace are up", () => {
    const view = memulationView(
      { phase: "examination", examination: { done: false, hand: "A", cards: ["2S"] } },
      {
        examination: {
          round: 0,
          deal: 1,
          hand: "A",
          planned_seconds: 30,
          seconds_left: 10,
          ready: false,
        },
      },
    );
    expect(pollDelay(view, "ok")).toBe(12_100);
  });

  it("asks while others are to act, not while the player is", () => {
    expect(pollDelay(memulationView({ to_act: [1] }), "ok")).toBe(1500);
    expect(pollDelay(memulationView({ to_act: [0] }), "ok")).toBeNull();
  });

  it("leaves it to the retry loop while the connection is lost, and stops when finished", () => {
    expect(pollDelay(memulationView({ to_act: [1] }), "lost")).toBeNull();
    expect(pollDelay(memulationView({}, { status: "finished" }), "ok")).toBeNull();
  });
});

describe("asking the server again while a hand waits to be shown", () => {
  it("asks rarely: nothing runs until this device starts the clock", () => {
    const view = memulationView(
      { phase: "examination", examination: { done: false, hand: null, cards: null } },
      {
        examination: {
          round: 0,
          deal: 1,
          hand: "A",
          planned_seconds: 20,
          seconds_left: 20,
          waiting: true,
          starts_in_seconds: null,
          ready: false,
        },
      },
    );
    expect(pollDelay(view, "ok")).toBe(3000);
  });
});

describe("the tricks a deal gave, counted in each language", () => {
  afterEach(async () => {
    await act(() => activate("en"));
  });

  async function dealEnded(language: Language, mine: number): Promise<string> {
    await act(() => activate(language));
    const view = memulationView(
      {},
      { recent: [{ type: "deal_ended", deal: 1, tricks_won: { "0": mine, "1": 13 - mine } }] },
    );
    return describeRecent(view, opponent)[0];
  }

  it("says one trick in the singular", async () => {
    expect(await dealEnded("en", 1)).toBe(
      "The Old Deal is over: you took 1 trick, your opponent 12.",
    );
    expect(await dealEnded("de", 1)).toContain("Sie haben 1 Stich gemacht");
    expect(await dealEnded("fr", 1)).toContain("vous avez remporté 1 pli,");
    expect(await dealEnded("es", 1)).toContain("usted ha ganado 1 baza;");
    expect(await dealEnded("de", 3)).toContain("Sie haben 3 Stiche gemacht");
  });

  it("in Arabic, with the noun's form for none, one, two, three to ten and eleven on", async () => {
    expect(await dealEnded("ar", 0)).toContain("لم تأخذ أي لمّة");
    expect(await dealEnded("ar", 1)).toContain("أخذت لمّة واحدة");
    expect(await dealEnded("ar", 2)).toContain("أخذت لمّتين");
    expect(await dealEnded("ar", 5)).toContain("أخذت 5 لمّات");
    expect(await dealEnded("ar", 11)).toContain("أخذت 11 لمّة");
  });
});
