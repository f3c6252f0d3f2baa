import { afterEach, describe, expect, it, vi } from "vitest";
import { routedFetch } from "../../test/answers";
import { renderPage, screen, within } from "../../test/render";
import { ProgrammeTab } from "./ProgrammeTab";

/** The server answering each of ``routes`` with its body. */
function server(routes: Record<string, unknown>) {
  routedFetch(
    Object.fromEntries(Object.entries(routes).map(([route, body]) => [route, [200, body]])),
  );
}

function point(over: Record<string, unknown> = {}) {
  return {
    point: 11,
    kind: "baseline",
    label: "Baseline",
    assessed: 0,
    missed: 0,
    missed_reasons: {},
    ...over,
  };
}

function arm(name: string, assessed: ReturnType<typeof point>[]) {
  return {
    arm: name,
    allocated: 4,
    received: 4,
    not_received: 0,
    withdrew: 0,
    lost: 0,
    lost_reasons: {},
    analysed: 4,
    prescribed: 36,
    delivered: 30,
    adherence: 30 / 36,
    assessed,
  };
}

function flow(arms: ReturnType<typeof arm>[]) {
  return {
    enrolled: 8,
    not_allocated: { no_consent: 0, withdrew_before_allocation: 0, awaiting_allocation: 0 },
    allocated: 8,
    arms,
    lost_after_weeks: 4,
  };
}

function showTab() {
  renderPage(<ProgrammeTab />, { at: "/studies/5/programme", path: "/studies/:id/programme" });
}

afterEach(() => vi.unstubAllGlobals());

describe("the study's flow", () => {
  it("counts who was assessed and who missed each point, in each arm, with the reasons", async () => {
    server({
      "GET /api/studies/5/programme/": { programme: null },
      "GET /api/studies/5/flow/": flow([
        arm("Training", [
          point({ assessed: 4 }),
          point({
            point: 12,
            kind: "follow_up",
            label: "One-month follow-up",
            assessed: 2,
            missed: 2,
            missed_reasons: { illness: 1, unreachable: 1 },
          }),
        ]),
        arm("Control", [
          point({ assessed: 3, missed: 1, missed_reasons: { declined: 1 } }),
          point({ point: 12, label: "One-month follow-up" }),
        ]),
      ]),
    });
    showTab();
    const table = await screen.findByTestId("flow-assessed");
    const heads = within(table)
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    expect(heads).toEqual(["Arm", "Baseline", "One-month follow-up"]);
    const training = within(screen.getByTestId("flow-assessed-Training")).getAllByRole("cell");
    expect(training.map((td) => td.textContent)).toEqual([
      "assessed 4",
      "assessed 2; missed 2 (illness: 1, could not be reached: 1)",
    ]);
    const control = within(screen.getByTestId("flow-assessed-Control")).getAllByRole("cell");
    expect(control.map((td) => td.textContent)).toEqual([
      "assessed 3; missed 1 (declined the visit: 1)",
      "assessed 0",
    ]);
  });

  it("says after how many weeks without a session someone is lost to follow-up", async () => {
    server({
      "GET /api/studies/5/programme/": { programme: null },
      "GET /api/studies/5/flow/": { ...flow([arm("all", [])]), lost_after_weeks: 1 },
    });
    showTab();
    expect(
      await screen.findByText(/still consenting, no session held for 1 week\./),
    ).toBeInTheDocument();
  });

  it("leaves the assessments out of a study without assessment points", async () => {
    server({
      "GET /api/studies/5/programme/": { programme: null },
      "GET /api/studies/5/flow/": flow([arm("all", [])]),
    });
    showTab();
    expect(await screen.findByTestId("flow-arm-all")).toHaveTextContent("all arms");
    expect(screen.queryByTestId("flow-assessed")).toBeNull();
  });
});
