import { render, screen } from "../../test/render";
import { describe, expect, it } from "vitest";
import { GameReplay, cardName } from "./Replay";
import type { GameReview } from "../../game/review";

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
  it("names cards as printed", () => {
    expect(cardName("QS")).toBe("Q♠");
    expect(cardName("TD")).toBe("10♦");
  });

  it("shows the hands, Pritticut and examination without the solver until it is ready", () => {
    render(<GameReplay review={review({})} />);
    expect(screen.getByTestId("solver-status")).toHaveTextContent("not ready yet");
    expect(screen.getByTestId("pritticut")).toHaveTextContent("6♥ (trump ♥, wild 6)");
    expect(screen.getByTestId("examination")).toHaveTextContent(
      "hand A: 21.5 s of 30 s (ended early), 2 sorts",
    );
    expect(screen.getByText("Q♠ 10♦")).toBeInTheDocument();
    expect(screen.queryByText("best")).toBeNull();
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
