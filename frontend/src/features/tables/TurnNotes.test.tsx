import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SettingsProvider } from "../play/settings";
import type { SeatView } from "../play/types";
import { tableMemulation, twoPeople } from "./testing";
import { TurnNotes } from "./TurnNotes";

const seated = { ...twoPeople, seats: twoPeople.seats.map((s) => ({ ...s, joined: true })) };

function notes(view: SeatView) {
  return render(
    <SettingsProvider>
      <TurnNotes view={view} />
    </SettingsProvider>,
  );
}

describe("the turn's notes above the table", () => {
  it("says nothing when there is no turn timer and nobody is away", () => {
    notes(tableMemulation(seated));
    expect(screen.queryByTestId("turn-notes")).not.toBeInTheDocument();
  });

  it("counts down the server's seconds left for whoever is to act", () => {
    const view = { ...tableMemulation(seated, { to_act: [1] }), turn: { to_act: [1], seconds_left: 24.2 } };
    notes(view);
    expect(screen.getByRole("timer")).toHaveTextContent("P015's turn: 25 seconds left");
    const mine = { ...tableMemulation(seated, { to_act: [0] }), turn: { to_act: [0], seconds_left: 1 } };
    notes(mine);
    expect(screen.getAllByRole("timer")[1]).toHaveTextContent("Your turn: 1 second left");
  });

  it("marks a seat the computer plays for while its person is away", () => {
    const base = tableMemulation(seated);
    const away = {
      ...base,
      seats: [
        { seat: 0, kind: "participant", bot: null, state: "person" },
        { seat: 1, kind: "participant", bot: null, state: "taken_over" },
      ],
    };
    notes(away as SeatView);
    expect(screen.getByTestId("taken-over")).toHaveTextContent(
      "P015 is away: the computer plays for them until they come back.",
    );
    const me = { ...away, seats: away.seats.map((s) => ({ ...s, state: s.seat === 0 ? "taken_over" : "person" })) };
    notes(me as SeatView);
    expect(screen.getAllByTestId("taken-over")[1]).toHaveTextContent("Your next move takes your seat back.");
  });
});
