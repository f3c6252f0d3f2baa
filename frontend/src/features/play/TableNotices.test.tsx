import { act, render, screen, waitFor } from "../../test/render";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tableMemulation, twoPeople } from "../../test/tables";
import type { Transport } from "../../game/actionQueue";
import { LiveSocket } from "../../game/liveSocket";
import { GameScreen } from "./PlayPage";
import { SettingsProvider } from "../../game/settings";
import type { SeatView } from "../../game/types";

afterEach(() => vi.unstubAllGlobals());

const seated = { ...twoPeople, seats: twoPeople.seats.map((s) => ({ ...s, joined: true })) };

/** A view of seat 0 at a two-person table (P012 here, P015 there), with seat states. */
function atTable(
  state: Parameters<typeof tableMemulation>[1] = {},
  top: Partial<SeatView> = {},
  mine: { state?: "person" | "taken_over"; taken_over_by?: "silent" | "clinician" | null } = {},
) {
  const view = tableMemulation(seated, state, top as never);
  view.seats = [
    { seat: 0, kind: "participant", bot: null, state: "person", taken_over_by: null, ...mine },
    { seat: 1, kind: "participant", bot: null, state: "person", taken_over_by: null },
  ];
  return view;
}

function fixed(views: SeatView[], live?: LiveSocket): Transport {
  return {
    get: vi.fn(async () => views[views.length - 1]),
    act: vi.fn(),
    examine: vi.fn(),
    live,
  };
}

function screenWith(transport: Transport) {
  return render(
    <SettingsProvider>
      <GameScreen transport={transport} />
    </SettingsProvider>,
  );
}

const examining = {
  phase: "examination" as const,
  to_act: [0, 1],
  hand: null,
  hand_label: null,
  legal: [],
  trick: null,
  examination: { done: true, hand: null, cards: null },
};
const clock = {
  round: 0,
  deal: 1,
  hand: "B" as const,
  planned_seconds: 5,
  seconds_left: 0,
  waiting: false,
  starts_in_seconds: 0,
  ready: true,
};

describe("a person at a table", () => {
  it("is told whom the table waits for once done with the hands", async () => {
    screenWith(fixed([atTable(examining, { examination: clock, waiting_for: [1] })]));
    expect(await screen.findByTestId("exam-next")).toHaveTextContent(
      "Waiting for P015 to be ready…",
    );
  });

  it("is told before Start that their own clock starts with their own Start", async () => {
    const waiting = { ...clock, hand: "A" as const, seconds_left: 5, waiting: true, ready: false };
    const view = atTable(
      { ...examining, examination: { done: false, hand: null, cards: null } },
      { examination: waiting, waiting_for: [0, 1] },
    );
    screenWith(fixed([view]));
    expect(await screen.findByTestId("exam-start")).toBeVisible();
    expect(screen.getByTestId("own-clock")).toHaveTextContent(
      "yours starts when you press Start, not when P015 does",
    );
  });

  it("sees no card while the clinician has paused the table, and is told the clock stopped", async () => {
    screenWith(fixed([atTable({}, { status: "paused", waiting_for: [0] })]));
    expect(
      await screen.findByRole("heading", { name: "The clinician has paused the game" }),
    ).toBeVisible();
    expect(screen.getByTestId("table-paused")).toHaveTextContent("Every clock is stopped");
    expect(screen.queryByTestId("hand")).not.toBeInTheDocument();
    expect(document.querySelectorAll("[data-card]")).toHaveLength(0);
  });

  it("names the other person the computer plays for", async () => {
    const view = atTable({ to_act: [1] }, { waiting_for: [] });
    view.seats[1] = { ...view.seats[1], state: "taken_over", taken_over_by: "silent" };
    view.turn = {
      to_act: [1],
      started_at: "2026-01-01T00:00:00Z",
      thinking: [1],
      thinking_until: null,
      deadline: null,
      seconds_left: null,
      next_due_in_seconds: 2,
    };
    screenWith(fixed([view]));
    expect(await screen.findByTestId("turn-line")).toHaveTextContent(
      "The computer is playing for P015…",
    );
  });

  it("is told the computer plays for them while they are away, and comes back with I'm back", async () => {
    class FakeSocket {
      static made: FakeSocket[] = [];
      sent: unknown[] = [];
      onopen: (() => void) | null = null;
      onmessage: ((event: { data: string }) => void) | null = null;
      onclose: (() => void) | null = null;
      constructor() {
        FakeSocket.made.push(this);
      }
      send(text: string) {
        this.sent.push(JSON.parse(text));
      }
      close() {}
    }
    const live = new LiveSocket("ws://host/ws/play/t/", {
      WebSocket: FakeSocket as unknown as typeof WebSocket,
    });
    const away = atTable({ to_act: [1] }, { version: 20 }, { state: "taken_over" });
    away.seats[0].taken_over_by = "silent";
    screenWith(fixed([away], live));
    const notice = await screen.findByTestId("taken-over-me");
    expect(notice).toHaveTextContent("The computer is playing for you.");
    expect(screen.getByTestId("turn-line")).toHaveTextContent("The computer is playing for you…");
    // Until the live connection is up, the next move is what brings the person back.
    expect(screen.queryByTestId("im-back")).not.toBeInTheDocument();
    expect(notice).toHaveTextContent("Play a card when it is your turn");

    const socket = FakeSocket.made[0];
    act(() => socket.onopen?.());
    await userEvent.click(await screen.findByTestId("im-back"));
    expect(socket.sent).toEqual([{ type: "view" }]);
    // The server gives the seat back and pushes the view.
    const back = atTable({ to_act: [1] }, { version: 21 });
    act(() => socket.onmessage?.({ data: JSON.stringify({ type: "view", view: back }) }));
    await waitFor(() => expect(screen.queryByTestId("taken-over-me")).not.toBeInTheDocument());
  });

  it("has no I'm back while the clinician has the computer play the seat", async () => {
    const held = atTable({}, {}, { state: "taken_over", taken_over_by: "clinician" });
    screenWith(fixed([held]));
    const notice = await screen.findByTestId("taken-over-me");
    expect(notice).toHaveTextContent("It comes back to you when the clinician gives it back");
    expect(screen.queryByTestId("im-back")).not.toBeInTheDocument();
  });

  it("says a table was cancelled when it closes while waiting, and ended when closed in play", async () => {
    const views: SeatView[] = [atTable({}, { status: "waiting", version: 2 })];
    const transport = fixed(views);
    const { unmount } = screenWith(transport);
    await screen.findByTestId("waiting-room");
    views.push(atTable({}, { status: "abandoned", version: 3 }));
    expect(
      await screen.findByRole(
        "heading",
        { name: "The clinician cancelled this table" },
        { timeout: 4000 },
      ),
    ).toBeVisible();
    unmount();

    screenWith(fixed([atTable({}, { status: "abandoned", version: 40 })]));
    expect(
      await screen.findByRole("heading", { name: "The clinician ended this game" }),
    ).toBeVisible();
    expect(screen.queryByTestId("hand")).not.toBeInTheDocument();
  });

  it("says the clinician ended a game it saw in play, though it once saw the waiting room", async () => {
    const views: SeatView[] = [atTable({}, { status: "waiting", version: 2 })];
    screenWith(fixed(views));
    await screen.findByTestId("waiting-room");
    views.push(atTable({ to_act: [1] }, { version: 30 }));
    await screen.findByTestId("turn-line", {}, { timeout: 4000 });
    views.push(atTable({}, { status: "abandoned", version: 40 }));
    expect(
      await screen.findByRole(
        "heading",
        { name: "The clinician ended this game" },
        { timeout: 4000 },
      ),
    ).toBeVisible();
  }, 10_000);
});
