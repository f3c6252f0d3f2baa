import { render, screen } from "../../../test/render";
import { describe, expect, it } from "vitest";
import { mendikotView } from "../../../test/views";
import { TurnClock, waitingWords } from "./TurnClock";

const name = (seat: number) => ["You", "Right opponent", "Partner", "Left opponent"][seat];
const turn = {
  to_act: [0],
  started_at: "2026-12-01T10:00:00+00:00",
  thinking: [],
  thinking_until: null,
  deadline: "2026-12-01T10:00:30+00:00",
  seconds_left: 12,
  next_due_in_seconds: 12,
};

describe("TurnClock", () => {
  it("counts the turn timer down from the server's seconds left", () => {
    render(<TurnClock view={mendikotView({}, { turn })} name={name} />);
    expect(screen.getByTestId("countdown").textContent).toBe("12");
    expect(screen.getByRole("timer").getAttribute("aria-label")).toBe(
      "12 seconds left for your move",
    );
  });

  it("shows nothing without a timer, and names a seat the computer plays meanwhile", () => {
    const seats = [0, 1, 2, 3].map((seat) => ({
      seat,
      kind: seat === 2 ? "person" : seat ? "bot" : "participant",
      bot: null,
      state: seat === 2 ? ("taken_over" as const) : seat ? ("bot" as const) : ("person" as const),
    }));
    render(
      <TurnClock
        view={mendikotView({}, { turn: { ...turn, deadline: null, seconds_left: null }, seats })}
        name={name}
      />,
    );
    expect(screen.queryByRole("timer")).toBeNull();
    expect(screen.getByTestId("taken-over").textContent).toContain("Partner");
  });

  it("says who is thinking", () => {
    const thinking = { ...turn, to_act: [1], thinking: [1], deadline: null, seconds_left: null };
    expect(waitingWords(mendikotView({}, { turn: thinking }), name, "…")).toBe(
      "Right opponent is thinking…",
    );
    expect(waitingWords(mendikotView({}, { turn: null }), name, "The others are playing…")).toBe(
      "The others are playing…",
    );
  });
});
