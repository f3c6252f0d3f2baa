import { render, screen } from "../../../test/render";
import { describe, expect, it } from "vitest";
import { memulationView, mendikotView } from "../../../test/views";
import { MendikotSummary } from "../mendikot/MendikotSummary";
import { MatchSummary } from "./Summaries";

describe("the end of a game", () => {
  it("starts the focus at the Memulation game's result", () => {
    const view = memulationView({ phase: "finished", match_score: { "0": 3, "1": 1 } });
    render(<MatchSummary view={view} />);
    expect(screen.getByRole("heading", { name: /You won the game/ })).toHaveFocus();
  });

  it("starts the focus at the Mendikot game's result", () => {
    const view = mendikotView({ phase: "finished", match_wins: { "0": 1, "1": 0 } });
    render(<MendikotSummary view={view} />);
    expect(screen.getByRole("heading", { name: /Your team won/ })).toHaveFocus();
  });
});
