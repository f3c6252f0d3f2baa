import { render, screen, waitFor } from "../../../test/render";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../api/client";
import type { Transport } from "../../../game/actionQueue";
import { GameScreen } from "../PlayPage";
import { SettingsProvider } from "../../../game/settings";
import type { SeatView } from "../../../game/types";
import type { TableBlock } from "../../../game/tableTypes";
import { fakeServer, tableMemulation, tableMendikot, twoPeople } from "../../../test/tables";

afterEach(() => vi.unstubAllGlobals());

function screenWith(transport: Transport, token?: string) {
  return render(
    <SettingsProvider>
      <GameScreen transport={transport} joinToken={token} />
    </SettingsProvider>,
  );
}

const waiting = tableMemulation(twoPeople, {}, { status: "waiting", version: 2 });

describe("a device at a table", () => {
  it("shows the waiting room, takes its seat once, then the game when everyone is seated", async () => {
    const { calls } = fakeServer({
      "POST /api/play/seat-zero/join/": () => waiting,
    });
    const views: SeatView[] = [waiting];
    const transport: Transport = {
      get: vi.fn(async () => views[views.length - 1]),
      act: vi.fn(),
      examine: vi.fn(),
    };
    screenWith(transport, "seat-zero");
    expect(await screen.findByRole("heading", { name: "Waiting room: Memulation" })).toBeVisible();
    expect(screen.getByTestId("your-seat")).toHaveTextContent("You hold seat 1 (P012).");
    const seats = screen.getAllByRole("listitem");
    expect(seats.map((s) => s.dataset.joined)).toEqual(["true", "false"]);
    expect(seats[1]).toHaveTextContent("P015");
    expect(seats[1]).toHaveTextContent("not here yet");
    // Seat 0 has joined already (the view says so): no second join.
    await waitFor(() =>
      expect(screen.getByTestId("waiting-status")).toHaveTextContent("Still to come: P015"),
    );
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    // The other person sits down; the game starts and the play screen names them.
    views.push(
      tableMemulation(
        { ...twoPeople, seats: twoPeople.seats.map((s) => ({ ...s, joined: true })) },
        { to_act: [1], trick: { number: 0, leader: 1, cards: [] } },
        { status: "active", version: 5 },
      ),
    );
    expect(await screen.findByTestId("turn-line", {}, { timeout: 4000 })).toHaveTextContent(
      "Waiting for P015…",
    );
    expect(screen.queryByTestId("waiting-room")).not.toBeInTheDocument();
  });

  it("joins with its link when its seat is not taken yet, and says when the table is closed", async () => {
    const mine = { ...twoPeople, you: 1 };
    const { calls } = fakeServer({
      "POST /api/play/seat-one/join/": () => {
        throw new ApiError(409, { code: "table_closed", message: "over" });
      },
    });
    const transport: Transport = {
      get: vi.fn(async () => tableMemulation(mine, {}, { status: "waiting" })),
      act: vi.fn(),
      examine: vi.fn(),
    };
    screenWith(transport, "seat-one");
    expect(await screen.findByTestId("join-refused")).toHaveTextContent("This table is closed");
    expect(calls).toEqual([{ method: "POST", path: "/api/play/seat-one/join/", body: {} }]);
  });

  it("asks again every few seconds while waiting without a live socket", async () => {
    fakeServer({ "POST /api/play/t/join/": () => waiting });
    const transport: Transport = {
      get: vi.fn(async () => waiting),
      act: vi.fn(),
      examine: vi.fn(),
    };
    screenWith(transport, "t");
    await screen.findByTestId("waiting-room");
    await waitFor(() => expect(transport.get).toHaveBeenCalledTimes(2), { timeout: 3500 });
  });

  it("names the people of a Mendikot table and waits for a person by name", async () => {
    const table: TableBlock = {
      seats: [
        { seat: 0, kind: "participant", label: "P012", joined: true },
        { seat: 1, kind: "bot", label: "Computer", joined: true },
        { seat: 2, kind: "participant", label: "P015", joined: true },
        { seat: 3, kind: "bot", label: "Computer", joined: true },
      ],
      you: 0,
    };
    const view = tableMendikot(table, { to_act: [2], can_ask: false });
    const transport: Transport = { get: vi.fn(async () => view), act: vi.fn(), examine: vi.fn() };
    screenWith(transport);
    expect(await screen.findByTestId("turn-line")).toHaveTextContent("Waiting for P015…");
    expect(document.querySelector("[data-seat='2'] .seat-name")).toHaveTextContent(
      "Partner (P015)",
    );
    expect(document.querySelector("[data-seat='1'] .seat-name")).toHaveTextContent(
      /^Right opponent · computer \(other team\)$/,
    );
  });
});
