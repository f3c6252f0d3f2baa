import { render, screen, within } from "../../../test/render";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { memulationView } from "../../../test/views";
import type { Transport } from "../../../game/actionQueue";
import { GameScreen } from "../PlayPage";
import { SettingsProvider } from "../../../game/settings";
import type { SeatView } from "../../../game/types";

function screenWith(view: SeatView) {
  const transport: Transport = { get: vi.fn(async () => view), act: vi.fn(), examine: vi.fn() };
  return render(
    <SettingsProvider>
      <GameScreen transport={transport} />
    </SettingsProvider>,
  );
}

beforeEach(() => {
  window.localStorage.setItem("memulation.display", JSON.stringify({ trickPauseMs: 600 }));
});

describe("what the table shows of the cut and the tricks", () => {
  it("shows the cards cut for the roles, a tie cut again", async () => {
    const view = memulationView(
      {
        phase: "examination",
        roles_method: "cut",
        roles_cut: [
          ["7S", "7H"],
          ["3C", "KD"],
        ],
        lucky_duck: 1,
        lame_duck: 0,
        hand: null,
        trick: null,
        examination: { done: false, hand: null, cards: null },
      },
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
    screenWith(view);
    const cut = within(await screen.findByRole("group", { name: "The cut" }));
    expect(cut.getByRole("img", { name: "three of clubs" })).toBeInTheDocument();
    expect(cut.getByRole("img", { name: "king of diamonds" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "A cut of equal ranks" })).toHaveTextContent(
      "equal: cut again",
    );
    expect(screen.getByTestId("roles")).toHaveTextContent("your opponent's card was higher");
  });

  it("says who led and who followed, and keeps the last trick for a second look", async () => {
    const view = memulationView(
      { trick: { number: 9, leader: 0, cards: [] }, to_act: [0] },
      {
        recent: [
          { type: "trick_won", deal: 1, trick: 8, leader: 1, winner: 0, cards: ["4S", "9S"] },
        ],
      },
    );
    screenWith(view);
    const shown = await screen.findByTestId("trick-shown");
    expect(shown).toHaveTextContent("Opponent led");
    expect(shown).toHaveTextContent("You followed");
    await userEvent.click(await screen.findByRole("button", { name: "Last trick" }));
    const last = screen.getByRole("group", { name: "The last trick" });
    expect(last).toHaveTextContent("Your opponent led");
    expect(last).toHaveTextContent("You followed");
    expect(last).toHaveTextContent("You won it (four of spades, nine of spades).");
  });

  it("shows the last trick after a reload, from the server's view", async () => {
    // A fresh page: no answer with the trick being won has been seen on this device.
    const view = memulationView({
      trick: { number: 5, leader: 1, cards: [] },
      to_act: [1],
      last_trick: { number: 4, leader: 0, cards: ["QH", "2H"], winner: 1 },
    });
    screenWith(view);
    await userEvent.click(await screen.findByRole("button", { name: "Last trick" }));
    const last = screen.getByRole("group", { name: "The last trick" });
    expect(last).toHaveTextContent("You led");
    expect(last).toHaveTextContent("Your opponent followed");
    expect(last).toHaveTextContent("Your opponent won it (queen of hearts, two of hearts).");
  });

  it("names the leader of the trick on the table", async () => {
    screenWith(memulationView());
    expect(await screen.findByRole("group", { name: "Cards on the table" })).toHaveTextContent(
      "Opponent led",
    );
  });

  it("clears old news when the next thing happens", async () => {
    const chosen = memulationView(
      { trick: { number: 0, leader: 0, cards: [] }, lucky_duck: 0, lame_duck: 1 },
      { recent: [{ type: "hand_chosen", seat: 0, hand: "A" }] },
    );
    const played = memulationView(
      {
        to_act: [1],
        hand: ["9S", "KH", "3D", "7C"],
        trick: { number: 0, leader: 0, cards: ["2S"] },
      },
      { version: 11, recent: [] },
    );
    const transport: Transport = {
      get: vi.fn(async () => chosen),
      act: vi.fn(async () => played),
      examine: vi.fn(),
    };
    render(
      <SettingsProvider>
        <GameScreen transport={transport} />
      </SettingsProvider>,
    );
    expect(await screen.findByText("You chose hand A.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: /two of spades/ }));
    await screen.findByText("Your opponent is playing…");
    expect(screen.getByTestId("news")).not.toHaveTextContent("You chose hand A.");
  });
});
