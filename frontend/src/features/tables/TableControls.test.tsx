import { renderPage, screen } from "../../test/render";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client";
import { TablePage } from "./TablePage";
import { fakeServer, tableBody } from "../../test/tables";
import type { TableBody } from "../../game/tableTypes";

afterEach(() => vi.unstubAllGlobals());

function at(path: string) {
  return renderPage(<TablePage />, { at: path, path: "/tables/:id" });
}

const CONTROL = "POST /api/tables/41/control/";

/** Two participants in play. */
function inPlay(over: Partial<TableBody> = {}): TableBody {
  const seats = tableBody().seats.map((s) => ({ ...s, joined: true }));
  seats[1] = { ...seats[1], kind: "participant", label: "P015", session: 89 };
  return tableBody({ status: "active", seats, ...over });
}

describe("running a table", () => {
  it("shows each seat's join code beside its link", async () => {
    fakeServer({ "GET /api/tables/41/": () => tableBody() });
    at("/tables/41");
    const codes = await screen.findAllByTestId("seat-code");
    expect(codes.map((c) => c.textContent)).toEqual(["KX4M7P", "7HQ3RT"]);
    expect(screen.getByTestId("table-seat-0")).toHaveTextContent("Type the code KX4M7P at");
  });

  it("cancels a waiting table after a second press, and says why when it cannot", async () => {
    let started = false;
    const { calls } = fakeServer({
      "GET /api/tables/41/": () => tableBody(),
      [CONTROL]: () => {
        if (started) {
          throw new ApiError(409, {
            code: "table_not_waiting",
            message: "Only a table still waiting can be cancelled.",
          });
        }
        return tableBody({ status: "abandoned", seats: [] });
      },
    });
    at("/tables/41");
    await userEvent.click(await screen.findByTestId("table-cancel"));
    // Nothing is sent before the confirmation; "Keep the table" takes the question away.
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    await userEvent.click(screen.getByRole("button", { name: "Keep the table" }));
    expect(screen.queryByTestId("table-confirm")).not.toBeInTheDocument();

    started = true; // meanwhile the last person joined
    await userEvent.click(screen.getByTestId("table-cancel"));
    await userEvent.click(screen.getByRole("button", { name: "Yes, cancel the table" }));
    expect(await screen.findByTestId("control-refused")).toHaveTextContent(
      "The table has started (or closed) meanwhile, so it can no longer be cancelled.",
    );
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ action: "cancel" });

    started = false;
    await userEvent.click(screen.getByTestId("table-cancel"));
    await userEvent.click(screen.getByTestId("table-confirm"));
    expect(await screen.findByTestId("table-status")).toHaveTextContent("Abandoned");
    expect(screen.queryByTestId("table-cancel")).not.toBeInTheDocument();
  });

  it("pauses and resumes a table in play, and ends it after a confirmation", async () => {
    const { calls } = fakeServer({
      "GET /api/tables/41/": () => inPlay(),
      [CONTROL]: (body) => {
        const action = (body as { action: string }).action;
        const status = { pause: "paused", resume: "active", end: "abandoned" }[action];
        return inPlay({ status: status as TableBody["status"] });
      },
    });
    at("/tables/41");
    await userEvent.click(await screen.findByTestId("table-pause"));
    expect(await screen.findByTestId("table-status")).toHaveTextContent(
      "Paused: every clock is stopped",
    );
    await userEvent.click(screen.getByTestId("table-resume"));
    expect(await screen.findByTestId("table-pause")).toBeVisible();
    expect(screen.queryByTestId("table-cancel")).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId("table-end"));
    expect(screen.getByRole("alertdialog")).toHaveTextContent("End this game now?");
    await userEvent.click(screen.getByRole("button", { name: "Yes, end the game" }));
    expect(await screen.findByTestId("table-status")).toHaveTextContent("Abandoned");
    const sent = calls.filter((c) => c.method === "POST").map((c) => c.body);
    expect(sent).toEqual([{ action: "pause" }, { action: "resume" }, { action: "end" }]);
  });

  it("puts the computer in a person's seat and gives it back", async () => {
    const { calls } = fakeServer({
      "GET /api/tables/41/": () => inPlay(),
      [CONTROL]: (body) => {
        const { action, seat } = body as { action: string; seat: number };
        const table = inPlay();
        if (action === "seat_computer") table.seats[seat].taken_over_by = "clinician";
        return table;
      },
    });
    at("/tables/41");
    const seat = await screen.findByTestId("table-seat-1");
    await userEvent.click(seat.querySelector("[data-testid=seat-computer]") as HTMLElement);
    expect(await screen.findByTestId("seat-taken-over")).toHaveTextContent(
      "The computer plays this seat, as you asked.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Give the seat back to P015" }));
    expect(await screen.findAllByTestId("seat-computer")).toHaveLength(2);
    const sent = calls.filter((c) => c.method === "POST").map((c) => c.body);
    expect(sent).toEqual([
      { action: "seat_computer", seat: 1 },
      { action: "seat_person", seat: 1 },
    ]);
  });

  it("shows a seat the computer took over for silence, and a refusal in words", async () => {
    const table = inPlay();
    table.seats[0].taken_over_by = "silent";
    fakeServer({
      "GET /api/tables/41/": () => table,
      [CONTROL]: () => {
        throw new ApiError(409, {
          code: "seat_not_taken_over",
          message: "The person plays that seat already.",
        });
      },
    });
    at("/tables/41");
    expect(await screen.findByTestId("seat-taken-over")).toHaveTextContent("P012 fell silent");
    await userEvent.click(screen.getByTestId("seat-give-back"));
    expect(await screen.findByTestId("control-refused")).toHaveTextContent(
      "The person already plays that seat themselves.",
    );
  });
});
