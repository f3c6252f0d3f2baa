import { act, render, renderHook, screen, waitFor } from "../../test/render";
import { describe, expect, it, vi } from "vitest";
import { SettingsProvider } from "../../game/settings";
import type { LiveSocket } from "../../game/liveSocket";
import type { SeatView } from "../../game/types";
import { memulationView, mendikotView } from "../../test/views";
import type { WatchSeat, WatchView } from "../../game/tableTypes";
import { activate } from "../../i18n/i18n";
import { isolated } from "../../test/bidi";
import { useWatch } from "./useWatch";
import { Watch } from "./WatchPage";

const PRESENT = {
  state: "person" as const,
  taken_over_by: null,
  presence: { connected: true, last_heard_at: null, idle_seconds: 3 },
};
const COMPUTER = { state: "bot" as const, taken_over_by: null, presence: null };
const people: WatchSeat[] = [
  { seat: 0, kind: "participant", label: "P012", joined: true, ...PRESENT },
  { seat: 1, kind: "clinician", label: "Clinician", joined: true, ...PRESENT },
];

function publicMemulation(over: Partial<WatchView> = {}, state = {}): WatchView {
  const seat = memulationView({
    hand: null,
    legal: [],
    examination: null,
    hand_label: null,
    to_act: [1],
    trick: { number: 4, leader: 0, cards: ["4S"] },
    deal_scores: [{ "0": 3, "1": 1 }],
    ...state,
  });
  return {
    id: 41,
    game_type: "memulation",
    status: "active",
    version: 30,
    seats: people,
    waiting_for: [],
    next_change_in_seconds: null,
    examination: null,
    state: { ...seat.state, seat: null },
    recent: [],
    record: null,
    ...over,
  };
}

function watching(view: WatchView, liveUp = false) {
  return render(
    <SettingsProvider>
      <Watch view={view} liveUp={liveUp} />
    </SettingsProvider>,
  );
}

/** Both people examining hand A: one with 12 s of 20 left, the other yet to start. */
function examining(): WatchView {
  return publicMemulation(
    {
      examination: {
        round: 0,
        deal: 1,
        seats: [
          {
            seat: 0,
            hand: "A",
            planned_seconds: 20,
            seconds_left: 12,
            waiting: false,
            done: false,
          },
          {
            seat: 1,
            hand: "A",
            planned_seconds: 20,
            seconds_left: 20,
            waiting: true,
            done: false,
          },
        ],
      },
    },
    { phase: "examination", to_act: [0, 1] },
  );
}

describe("the spectator page", () => {
  it("shows the trick on the table, the scores and whose turn, and no hand", () => {
    watching(publicMemulation(), true);
    expect(screen.getByTestId("watch-status")).toHaveTextContent("In play · Clinician to play");
    expect(screen.getByTestId("watch-trick")).toHaveTextContent("Trick 5");
    expect(screen.getByRole("img", { name: "four of spades" })).toBeVisible();
    expect(screen.getByTestId("watch-trick")).toHaveTextContent("P012 led");
    expect(screen.getByTestId("watch-score")).toHaveTextContent("P012 3, Clinician 1");
    // One card face up (the trick's) and none face down: a spectator sees no hand at all.
    expect(document.querySelectorAll("[data-card]")).toHaveLength(1);
    expect(screen.queryByTestId("hand")).not.toBeInTheDocument();
    expect(screen.getByTestId("watch-live")).toHaveTextContent("live");
    expect(screen.queryByTestId("game-record")).not.toBeInTheDocument();
  });

  it("shows an examination's timing but never its cards", () => {
    const view = examining();
    watching(view);
    expect(screen.getByTestId("watch-exam")).toHaveTextContent("hand A");
    expect(screen.getByTestId("watch-exam-0")).toHaveTextContent("hand A, 12 s of 20 s left");
    expect(screen.getByTestId("watch-exam-1")).toHaveTextContent("waiting for them to start");
    expect(screen.getByTestId("watch-status")).toHaveTextContent("P012 and Clinician examining");
    expect(document.querySelectorAll("[data-card]")).toHaveLength(0);
  });

  it("keeps the hand letter apart from the seconds after it in Arabic", async () => {
    await act(() => activate("ar"));
    try {
      watching(examining());
      // "اليد A، 12 ث": without the isolation the seconds would join the letter's run.
      expect(isolated(screen.getByTestId("watch-exam-0"))).toEqual(["A"]);
    } finally {
      await act(() => activate("en"));
    }
  });

  it("parts each seat's count with the Arabic comma, each isolated", async () => {
    await act(() => activate("ar"));
    try {
      watching(publicMemulation());
      const score = screen.getByTestId("watch-score");
      expect(score.textContent).toBe("P012 3، Clinician 1");
      // Each name with its count in its own run: in Arabic the first seat on the right.
      expect(isolated(score)).toEqual(["P012 3", "Clinician 1"]);
    } finally {
      await act(() => activate("en"));
    }
  });

  it("keeps the name 'Stragedy in its order in Arabic", async () => {
    await act(() => activate("ar"));
    try {
      // Isolated left to right: its apostrophe would otherwise stand after it ("Stragedy'").
      const { unmount } = watching(publicMemulation({}, { phase: "stragedy", to_act: [0] }));
      expect(screen.getByTestId("whose-turn").textContent).toContain("\u2066'Stragedy\u2069");
      unmount();
      const stragedy = { pile: 1, trick: 0, card: 0, revealed: "KH" };
      watching(publicMemulation({}, { stragedy }));
      expect(screen.getByTestId("watch-stragedy").textContent).toMatch(/^\u2066'Stragedy\u2069: /);
    } finally {
      await act(() => activate("en"));
    }
  });

  it("shows each person's presence, counting the idle seconds on, and a seat taken over", () => {
    vi.useFakeTimers();
    try {
      const seats: WatchSeat[] = [
        {
          ...people[0],
          presence: { connected: true, last_heard_at: null, idle_seconds: 3.4 },
        },
        {
          ...people[1],
          state: "taken_over",
          taken_over_by: "silent",
          presence: { connected: false, last_heard_at: null, idle_seconds: 21 },
        },
      ];
      watching(publicMemulation({ seats, waiting_for: [] }));
      expect(screen.getByTestId("presence-0")).toHaveTextContent(
        "device connected · last heard from 3 s ago",
      );
      expect(screen.getByTestId("presence-1")).toHaveTextContent(
        "no device connected · last heard from 21 s ago",
      );
      expect(screen.getByTestId("watch-taken-over-1")).toHaveTextContent(
        "the computer plays it until they are back",
      );
      act(() => {
        vi.advanceTimersByTime(5000);
      });
      expect(screen.getByTestId("presence-1")).toHaveTextContent("last heard from 26 s ago");
    } finally {
      vi.useRealTimers();
    }
  });

  it("says the clinician paused the table", () => {
    watching(publicMemulation({ status: "paused" }));
    expect(screen.getByTestId("watch-status")).toHaveTextContent(
      "Paused by the clinician: every clock is stopped",
    );
  });

  it("shows Mendikot's teams, trump as far as it is known and the tricks taken", () => {
    const seat = mendikotView({ hand: [], legal: [], to_act: [2], tens: { "0": 1, "1": 0 } });
    const view: WatchView = {
      id: 42,
      game_type: "mendikot",
      status: "active",
      version: 9,
      waiting_for: [],
      next_change_in_seconds: null,
      seats: [
        { seat: 0, kind: "participant", label: "P012", joined: true, ...PRESENT },
        { seat: 1, kind: "bot", label: "Computer", joined: true, ...COMPUTER },
        { seat: 2, kind: "participant", label: "P015", joined: true, ...PRESENT },
        { seat: 3, kind: "bot", label: "Computer", joined: true, ...COMPUTER },
      ],
      examination: null,
      state: { ...seat.state, seat: null, hidden_trump: null },
      recent: [],
      record: null,
    };
    watching(view);
    expect(screen.getByTestId("watch-trump")).toHaveTextContent("hidden (Computer holds it)");
    expect(screen.getByTestId("watch-team-0")).toHaveTextContent("tricks 4, tens 1");
    expect(screen.getByTestId("watch-team-1")).toHaveTextContent("tricks 6, tens 0");
    expect(screen.getByText("Team A (P012 and P015)")).toBeVisible();
    expect(screen.getByTestId("whose-turn")).toHaveTextContent("P015 to play");
  });

  it("shows the whole record once the game is over", () => {
    const record = {
      game: "memulation",
      finished: true,
      match_score: { "0": 9, "1": 17 },
      rounds: [
        {
          round: 0,
          deals: [
            {
              hands: { "0": ["AS", "KS"], "1": ["2H", "3H"] },
              pritticut: "7D",
              tricks: [{ leader: 0, winner: 1, cards: ["AS", "2H"] }],
            },
          ],
        },
      ],
    };
    watching(
      publicMemulation(
        { status: "finished", record },
        { phase: "finished", to_act: [], match_score: { "0": 9, "1": 17 } },
      ),
    );
    const shown = screen.getByTestId("game-record");
    expect(shown).toHaveTextContent("Old Deal · Pritticut 7♦");
    const trick = screen.getByRole("row", { name: /^1 P012/ });
    expect(trick).toHaveTextContent("A♠ace of spades, 2♥two of hearts");
    expect(trick).toHaveTextContent("Clinician");
    expect(shown).toHaveTextContent("A♠ace of spades, K♠king of spades");
    expect(screen.getByTestId("watch-status")).toHaveTextContent("Finished");
    expect(screen.getByTestId("final-score")).toHaveTextContent(
      "Final score: P012 9, Clinician 17.",
    );
    expect(screen.queryByTestId("watch-live")).not.toBeInTheDocument();
  });
});

describe("keeping the spectator's view fresh", () => {
  it("asks over HTTP every few seconds while the socket is down", async () => {
    const get = vi.fn(async () => publicMemulation());
    const source = { get };
    renderHook(() => useWatch(source));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2), { timeout: 3500 });
  });

  it("does not ask while the socket pushes, and keeps the newest view", async () => {
    let push: (view: SeatView) => void = () => {};
    const live = {
      start: (onView: (view: SeatView) => void, onUp: (up: boolean) => void) => {
        push = onView;
        onUp(true);
      },
      stop: vi.fn(),
    } as unknown as LiveSocket;
    const get = vi.fn(async () => publicMemulation({ version: 30 }));
    const source = { get, live };
    const { result } = renderHook(() => useWatch(source));
    await waitFor(() => expect(result.current.view?.version).toBe(30));
    act(() => push(publicMemulation({ version: 31 }) as unknown as SeatView));
    await waitFor(() => expect(result.current.view?.version).toBe(31));
    act(() => push(publicMemulation({ version: 29 }) as unknown as SeatView));
    await new Promise((r) => setTimeout(r, 2300));
    expect(result.current.view?.version).toBe(31);
    expect(get).toHaveBeenCalledTimes(1);
    expect(result.current.liveUp).toBe(true);
  });
});
