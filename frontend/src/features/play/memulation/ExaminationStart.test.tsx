import { act, render, screen, waitFor } from "../../../test/render";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activate } from "../../../i18n/i18n";
import type { Language } from "../../../i18n/languages";
import { ExaminationWaiting } from "./Examination";
import { memulationView } from "../../../test/views";
import type { Transport } from "../../../game/actionQueue";
import { GameScreen } from "../PlayPage";
import { SettingsProvider } from "../../../game/settings";
import type { MemulationView } from "../../../game/types";

const HAND_A = ["2S", "9S", "KH", "3D", "7C", "AS", "4H", "5D", "6C", "8S", "TH", "JD", "QC"];

function examining(deal: number, waiting: boolean, round = 0): MemulationView {
  return memulationView(
    {
      phase: "examination",
      deal,
      round,
      to_act: [0, 1],
      hand: null,
      trick: null,
      pritticut: deal === 2 ? "7D" : null,
      examination: { done: false, hand: waiting ? null : "A", cards: waiting ? null : HAND_A },
    },
    {
      examination: {
        round,
        deal,
        hand: "A",
        planned_seconds: 20,
        seconds_left: 20,
        waiting,
        starts_in_seconds: waiting ? null : 0,
        ready: false,
      },
    },
  );
}

function screenWith(transport: Transport) {
  return render(
    <SettingsProvider>
      <GameScreen transport={transport} />
    </SettingsProvider>,
  );
}

describe("the examination's start", () => {
  it("waits for the participant's Start on the game's first hand, showing no cards", async () => {
    const transport: Transport = {
      get: vi.fn(async () => examining(1, true)),
      act: vi.fn(),
      examine: vi.fn(async () => examining(1, false)),
    };
    screenWith(transport);
    const start = await screen.findByRole("button", { name: "Start" });
    expect(await screen.findByText(/you will see hand A for 20 seconds/)).toBeInTheDocument();
    expect(screen.queryByTestId("countdown")).not.toBeInTheDocument();
    expect(screen.queryByTestId("exam-hand")).not.toBeInTheDocument();
    expect(start).toHaveFocus();
    // Nothing is sent until the participant presses Start.
    await new Promise((r) => setTimeout(r, 50));
    expect(transport.examine).not.toHaveBeenCalled();

    await userEvent.click(start);
    expect(vi.mocked(transport.examine).mock.calls[0][0]).toMatchObject({ type: "start" });
    expect(vi.mocked(transport.examine).mock.calls[0][0].event_id).toBeTruthy();
    expect(await screen.findByTestId("exam-hand")).toBeInTheDocument();
    // The countdown appears with the hand (it may render a moment after it on a busy machine).
    expect(await screen.findByTestId("countdown")).toHaveTextContent(/20|19/);
    // The keyboard carries on in the hand on show.
    expect(screen.getByRole("button", { name: "two of spades" })).toHaveFocus();
  });

  it("starts a New Deal's hand A by itself, saying that hand A comes next", async () => {
    const transport: Transport = {
      get: vi.fn(async () => examining(2, true)),
      act: vi.fn(),
      examine: vi.fn(async () => examining(2, false)),
    };
    screenWith(transport);
    expect(await screen.findByTestId("exam-next")).toHaveTextContent(
      "New Deal: hand A comes next…",
    );
    await waitFor(() => expect(transport.examine).toHaveBeenCalledTimes(1));
    expect(vi.mocked(transport.examine).mock.calls[0][0]).toMatchObject({ type: "start" });
    expect(await screen.findByTestId("exam-hand")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Start" })).not.toBeInTheDocument();
  });
});

describe("hand B's start", () => {
  it("follows hand A on its own: the device says start as hand B is shown", async () => {
    const waitingB = examining(1, true);
    waitingB.examination = { ...waitingB.examination!, hand: "B" };
    const shownB = examining(1, false);
    shownB.examination = { ...shownB.examination!, hand: "B" };
    shownB.state.examination = { done: false, hand: "B", cards: HAND_A };
    const transport: Transport = {
      get: vi.fn(async () => waitingB),
      act: vi.fn(),
      examine: vi.fn(async () => shownB),
    };
    screenWith(transport);
    expect(await screen.findByTestId("exam-next")).toHaveTextContent("Hand B comes next…");
    await waitFor(() => expect(transport.examine).toHaveBeenCalledTimes(1));
    expect(vi.mocked(transport.examine).mock.calls[0][0]).toMatchObject({ type: "start" });
    expect(screen.queryByRole("button", { name: "Start" })).not.toBeInTheDocument();
    expect(await screen.findByTestId("exam-hand")).toBeInTheDocument();
  });
});

describe("the examination's time, before it starts", () => {
  afterEach(async () => {
    await act(() => activate("en"));
  });

  async function promised(language: Language, planned: number): Promise<string> {
    await act(() => activate(language));
    const { unmount } = render(
      <ExaminationWaiting
        hand="A"
        deal={1}
        planned={planned}
        explicit
        pending={false}
        onStart={() => undefined}
      />,
    );
    const hint = document.querySelector(".hint")?.textContent ?? "";
    unmount();
    return hint;
  }

  it("counts the seconds in each language's plural forms", async () => {
    expect(await promised("en", 1)).toContain("hand A for 1 second, then");
    expect(await promised("de", 1)).toContain("Hand A 1 Sekunde lang");
    expect(await promised("ar", 1)).toContain("لمدة ثانية واحدة");
    expect(await promised("ar", 2)).toContain("لمدة ثانيتين");
    expect(await promised("ar", 10)).toContain("لمدة 10 ثوانٍ");
    expect(await promised("ar", 30)).toContain("لمدة 30 ثانية");
  });
});
