import { act, render, screen, waitFor } from "../../../test/render";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { NetworkError } from "../../../api/client";
import { memulationView } from "../../../test/views";
import type { Transport } from "../../../game/actionQueue";
import { PlayHand } from "./Hand";
import { GameScreen } from "../PlayPage";
import { SettingsProvider } from "../../../game/settings";

describe("the hand in play", () => {
  it("takes the focus back on the next turn after a card was played", () => {
    const props = { legal: ["9S", "7C"], onPlay: () => undefined, label: "Your hand" };
    const { rerender } = render(
      <PlayHand {...props} cards={["2S", "9S", "KH", "7C"]} yourTurn={true} />,
    );
    screen.getByRole("button", { name: /two of spades/ }).focus();
    // The card is played: it leaves the hand (the focus falls to the page), the opponent plays.
    rerender(<PlayHand {...props} cards={["9S", "KH", "7C"]} yourTurn={false} disabled />);
    expect(document.activeElement).toBe(document.body);
    rerender(<PlayHand {...props} cards={["9S", "KH", "7C"]} yourTurn={true} />);
    expect(screen.getByRole("button", { name: /nine of spades/ })).toHaveFocus();
  });

  it("brings the card it focuses on screen, at once and no further than it takes", () => {
    const scrolled = vi.spyOn(Element.prototype, "scrollIntoView");
    const props = { legal: ["9S"], onPlay: () => undefined, label: "Your hand" };
    const { rerender } = render(<PlayHand {...props} cards={["9S", "KH"]} yourTurn={false} />);
    expect(scrolled).not.toHaveBeenCalled();
    rerender(<PlayHand {...props} cards={["9S", "KH"]} yourTurn={true} />);
    const nine = screen.getByRole("button", { name: /nine of spades/ });
    expect(nine).toHaveFocus();
    expect(scrolled.mock.contexts).toEqual([nine]);
    expect(scrolled).toHaveBeenCalledWith({
      block: "nearest",
      inline: "nearest",
      behavior: "instant",
    });
    scrolled.mockRestore();
  });

  it("leaves the focus alone when the player has put it elsewhere", () => {
    const props = { legal: ["9S"], onPlay: () => undefined, label: "Your hand" };
    const { rerender } = render(
      <>
        <button type="button">Elsewhere</button>
        <PlayHand {...props} cards={["9S", "KH"]} yourTurn={false} disabled />
      </>,
    );
    screen.getByRole("button", { name: "Elsewhere" }).focus();
    rerender(
      <>
        <button type="button">Elsewhere</button>
        <PlayHand {...props} cards={["9S", "KH"]} yourTurn={true} />
      </>,
    );
    expect(screen.getByRole("button", { name: "Elsewhere" })).toHaveFocus();
  });

  it("shows the chosen card as sent and waiting during an outage, not in the hand", async () => {
    let release: (() => void) | null = null;
    let attempts = 0;
    const after = memulationView({ to_act: [1], hand: ["9S", "KH", "3D", "7C"] }, { version: 11 });
    const transport: Transport = {
      get: vi.fn(async () => memulationView()),
      act: vi.fn(async () => {
        attempts += 1;
        if (attempts === 1) throw new NetworkError();
        await new Promise<void>((resolve) => (release = resolve));
        return after;
      }),
      examine: vi.fn(),
    };
    render(
      <SettingsProvider>
        <GameScreen transport={transport} />
      </SettingsProvider>,
    );
    await userEvent.click(await screen.findByRole("button", { name: /two of spades/ }));
    const sent = await screen.findByTestId("sending-card");
    await waitFor(() =>
      expect(sent).toHaveTextContent("Your two of spades is sent and waiting for the connection."),
    );
    expect(screen.queryByRole("button", { name: /two of spades/ })).not.toBeInTheDocument();
    await waitFor(() => expect(release).not.toBeNull(), { timeout: 3000 });
    await act(async () => release?.());
    await waitFor(() => expect(screen.queryByTestId("sending-card")).not.toBeInTheDocument());
    expect(screen.queryByRole("button", { name: /two of spades/ })).not.toBeInTheDocument();
  });
});
