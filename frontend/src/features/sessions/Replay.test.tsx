import { act, render, screen, within } from "../../test/render";
import { afterEach, describe, expect, it } from "vitest";
import { GameReplay } from "./Replay";
import type { GameReview } from "../../game/review";
import { activate } from "../../i18n/i18n";
import { isolated, leftToRight, looseSuits, seenText } from "../../test/bidi";

afterEach(async () => {
  await act(() => activate("en"));
});

const trick = (a: string, b: string, leader: number, winner: number) => ({
  cards: [a, b],
  leader,
  winner,
});

const review = (over: Partial<GameReview>): GameReview => ({
  game_id: 7,
  session_id: 3,
  game_type: "memulation",
  participant_seat: 0,
  seats: ["participant", "bot"],
  record: {
    rounds: [
      {
        round: 0,
        deals: [
          {
            dealt: { A: ["QS", "TD"], B: ["2C", "AH"] },
            hands: { "0": ["QS", "TD"], "1": ["2C", "AH"] },
            hand_a_seat: 0,
            pritticut: "6H",
            trump: "H",
            wild: "6",
            tricks: [trick("QS", "2C", 0, 0), trick("AH", "TD", 1, 1)],
            tricks_won: { "0": 1, "1": 1 },
          },
        ],
      },
    ],
  },
  examination: [
    {
      round: 0,
      deal: 1,
      hand: "A",
      planned_seconds: 30,
      actual_seconds: 21.5,
      ended_early: true,
      sorts: 2,
    },
  ],
  stragedy: [],
  analysis_status: "pending",
  analysis: null,
  ...over,
});

describe("the session replay", () => {
  it("shows the hands, Pritticut and examination without the solver until it is ready", () => {
    render(<GameReplay review={review({})} />);
    expect(screen.getByTestId("solver-status")).toHaveTextContent("not ready yet");
    expect(seenText(screen.getByTestId("pritticut"))).toBe("6♥ (trump ♥, wild 6)");
    expect(screen.getByTestId("pritticut")).toHaveTextContent("six of hearts");
    expect(screen.getByTestId("examination")).toHaveTextContent(
      "hand A: 21.5 s of 30 s (ended early), 2 sorts",
    );
    const hands = screen.getAllByRole("definition");
    expect(seenText(hands[1])).toBe("Q♠ 10♦");
    expect(screen.queryByText("best")).toBeNull();
  });

  it("keeps cards and hand letters in their order in Arabic, with its own punctuation", async () => {
    await act(() => activate("ar"));
    const twoHands = [
      { ...review({}).examination[0], hand: "A" },
      { ...review({}).examination[0], hand: "B", ended_early: false },
    ];
    const stragedy = [
      {
        round: 0,
        intended_card: "KH",
        revealed_card: "TD",
        pile: 0,
        trick: 1,
        card_index: 0,
        hit: false,
      },
    ];
    const { container } = render(
      <GameReplay review={review({ examination: twoHands, stragedy })} />,
    );
    // Every card isolated left to right, so that its suit stays after its rank.
    expect(looseSuits(container)).toEqual([]);
    expect(leftToRight(screen.getByTestId("pritticut"))).toEqual(["6♥", "♥", "6"]);
    const hands = screen.getAllByRole("definition");
    expect(leftToRight(hands[1])).toEqual(["Q♠", "10♦"]);
    const tricks = within(container.querySelector("tbody")!).getAllByRole("row");
    expect(leftToRight(tricks[1])).toEqual(["A♥", "10♦"]);
    expect(leftToRight(screen.getByTestId("replay-stragedy"))).toEqual(["K♥", "10♦"]);
    // "اليد A: 21.5 ث": the letter isolated, or the seconds after it would join its run; the
    // two hands apart with the Arabic semicolon.
    const exam = screen.getByTestId("examination");
    expect(isolated(exam)).toEqual(["A", "B"]);
    expect(seenText(exam)).toContain("؛ ");
    expect(seenText(exam)).not.toMatch(/[;,]/);
  });

  it("marks the participant's plays once the analysis is stored", () => {
    const analysis = [
      {
        round: 0,
        deal: 1,
        tricks: [
          { trick: 0, plays: [{ seat: 0, card: "QS", best: "QS", lost: 0 }] },
          { trick: 1, plays: [{ seat: 0, card: "TD", best: "QS", lost: 1 }] },
        ],
      },
    ];
    render(<GameReplay review={review({ analysis_status: "ready", analysis })} />);
    expect(screen.getByText("best")).toBeInTheDocument();
    expect(screen.getByText("cost 1")).toBeInTheDocument();
  });
});
