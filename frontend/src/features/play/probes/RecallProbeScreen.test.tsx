import { render, screen, waitFor } from "../../../test/render";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { memulationView } from "../../../test/views";
import type { Transport } from "../../../game/actionQueue";
import { GameScreen } from "../PlayPage";
import { SettingsProvider } from "../../../game/settings";

const piles: Record<string, [boolean, boolean][]> = {
  "0": [
    [true, true],
    [true, true],
  ],
  "1": [[true, true]],
};

function screenWith(transport: Transport) {
  return render(
    <SettingsProvider>
      <GameScreen transport={transport} />
    </SettingsProvider>,
  );
}

describe("recall probes", () => {
  it("asks where a card lies with the 'Stragedy's picker, and sends the position", async () => {
    const view = memulationView(
      { phase: "examination", deal: 2, old_piles: piles, hand: null, trick: null, to_act: [] },
      { probe: { kind: "where", card: "QH", round: 0, deal: 1, number: 1, of: 2 } },
    );
    const after = memulationView({}, { version: 11, probe: null });
    const transport: Transport = {
      get: vi.fn(async () => view),
      act: vi.fn(),
      examine: vi.fn(),
      probe: vi.fn(async () => after),
    };
    screenWith(transport);
    expect(await screen.findByRole("heading", { name: /queen of hearts lie/ })).toBeInTheDocument();
    expect(screen.getByTestId("probe-answer")).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: /your trick 2, card that followed/ }));
    await userEvent.click(screen.getByTestId("probe-answer"));
    await waitFor(() => expect(transport.probe).toHaveBeenCalledTimes(1));
    expect(vi.mocked(transport.probe!).mock.calls[0][0]).toMatchObject({
      pile: 0,
      trick: 1,
      card: 1,
      version: 10,
    });
    expect(transport.examine).not.toHaveBeenCalled(); // the examination waits for the probes
  });

  it("asks whether a card was in the other hand, yes or no from the keyboard", async () => {
    const view = memulationView(
      { phase: "play" },
      { probe: { kind: "which_hand", card: "7C", round: 0, deal: 1, number: 2, of: 2 } },
    );
    const transport: Transport = {
      get: vi.fn(async () => view),
      act: vi.fn(),
      examine: vi.fn(),
      probe: vi.fn(async () => memulationView({}, { version: 11, probe: null })),
    };
    screenWith(transport);
    const question = await screen.findByRole("heading", {
      name: /seven of clubs in the other hand/,
    });
    // The heading takes focus in an effect, just after it is shown.
    await waitFor(() => expect(question).toHaveFocus());
    expect(screen.queryByRole("button", { name: /king of hearts/ })).not.toBeInTheDocument();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByTestId("probe-no")).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(transport.probe).toHaveBeenCalledTimes(1));
    expect(vi.mocked(transport.probe!).mock.calls[0][0]).toMatchObject({ in_other_hand: false });
    expect(transport.act).not.toHaveBeenCalled();
  });
});
