import { afterEach, describe, expect, it, vi } from "vitest";
import { routedFetch } from "../../test/answers";
import { renderPage, screen, within } from "../../test/render";
import { DosePanel } from "./DosePanel";

const dose = { minutes_per_session: 20, weeks: 12, boosters: [], own: false, cleared: false };

function week(number: number, prescribed: number, prescription: number, missed: number | null) {
  return {
    week: number,
    starts_on: `2026-11-${String(2 + 7 * (number - 1)).padStart(2, "0")}`,
    current: missed === null,
    prescribed,
    prescribed_minutes: prescribed * 20,
    prescription,
    scheduled: 0,
    delivered: 3,
    active_minutes: 60,
    missed,
    missed_reason: null,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("the dose panel", () => {
  it("keeps each week's prescription of its time and lists the changes", async () => {
    routedFetch({
      "GET /api/participants/7/dose/": [
        200,
        {
          participant: 7,
          programme: { ...dose, sessions_per_week: 5, updated_at: "2026-11-16T09:00:00Z" },
          prescriptions: [
            {
              ...dose,
              id: 2,
              sessions_per_week: 5,
              effective_at: "2026-11-16T09:00:00Z",
              made_by: "rosalind",
            },
            { ...dose, id: 1, sessions_per_week: 3, effective_at: null, made_by: null },
          ],
          starts_on: "2026-11-02",
          current_week: 3,
          weeks: [week(1, 3, 1, 0), week(2, 3, 1, 0), week(3, 5, 2, null)],
          prescribed: 6,
          delivered: 6,
          held_as_prescribed: 6,
          adherence: 1,
          missed: 0,
          missed_unexplained: 0,
        },
      ],
    });
    renderPage(<DosePanel participantId={7} />);

    const first = await screen.findByTestId("dose-week-1");
    expect(within(first).getAllByRole("cell")[1]).toHaveTextContent("3");
    const third = screen.getByTestId("dose-week-3");
    expect(within(third).getAllByRole("cell")[1]).toHaveTextContent("5");
    const history = screen.getByTestId("prescription-history");
    const [newer, older] = within(history).getAllByRole("listitem");
    expect(newer).toHaveTextContent("Prescribed: 5 sessions a week");
    expect(newer).toHaveTextContent("(by rosalind)");
    expect(older).toHaveTextContent("From the beginning");
    expect(older).toHaveTextContent("Prescribed: 3 sessions a week");
  });
});
