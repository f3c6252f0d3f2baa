import { render, screen } from "../../../test/render";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mendikotView } from "../../../test/views";
import type { Transport } from "../../../game/actionQueue";
import { GameScreen } from "../PlayPage";
import { SettingsProvider } from "../../../game/settings";

const CLUB_LED = { number: 10, leader: 1, cards: [{ seat: 1, card: "AC", trump: false }] };

function screenWith(transport: Transport) {
  return render(
    <SettingsProvider>
      <GameScreen transport={transport} />
    </SettingsProvider>,
  );
}

describe("Mendikot after an ask for trump", () => {
  it("says what may now be played, and the hint about asking goes", async () => {
    const before = mendikotView({ trick: CLUB_LED, hand: ["2S", "9D", "KH"] });
    const after = mendikotView(
      {
        trick: CLUB_LED,
        hand: ["2S", "9D", "KH"],
        legal: ["9D"],
        can_ask: false,
        trump: "D",
        trump_hidden: false,
        hidden_owner: null,
        trump_revealed: { trick: 10, seat: 0 },
      },
      { version: 21 },
    );
    const transport: Transport = {
      get: vi.fn(async () => before),
      act: vi.fn(async () => after),
      examine: vi.fn(),
    };
    screenWith(transport);
    expect(await screen.findByTestId("trump-indicator")).toHaveTextContent("may ask for it");
    await userEvent.click(screen.getByRole("button", { name: "Ask for trump" }));
    expect(await screen.findByTestId("turn-line")).toHaveTextContent(
      "Trump is diamonds: play one of your diamonds.",
    );
    expect(screen.getByTestId("trump-indicator")).not.toHaveTextContent("may ask");
    expect(screen.queryByRole("button", { name: "Ask for trump" })).not.toBeInTheDocument();
  });

  it("says any card may be played when the asker holds no trump (also after a reload)", async () => {
    const view = mendikotView({
      trick: CLUB_LED,
      hand: ["2S", "KH"],
      legal: ["2S", "KH"],
      can_ask: false,
      trump: "D",
      trump_hidden: false,
      hidden_owner: null,
      trump_revealed: { trick: 10, seat: 0 },
    });
    screenWith({ get: vi.fn(async () => view), act: vi.fn(), examine: vi.fn() });
    expect(await screen.findByTestId("turn-line")).toHaveTextContent(
      "Trump is diamonds and you hold none: play any card.",
    );
  });
});
