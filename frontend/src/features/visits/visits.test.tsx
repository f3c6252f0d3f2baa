import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { routedFetch, type Answer } from "../../test/answers";
import { renderPage, screen, waitFor, within } from "../../test/render";
import { clinicToday } from "../../ui/dates";
import { ParticipantVisits } from "./ParticipantVisits";
import { VisitSettings } from "./VisitSettings";
import { VisitsPage } from "./VisitsPage";

/** Signed in as a blinded assessor unless a test answers /api/me itself. */
const ME: Answer = [200, { id: 9, username: "ann", role: "assessor", language: "en" }];

/** The server, signed in as ``ME`` unless ``routes`` answer /api/me themselves. */
function server(routes: Record<string, Answer | (() => Answer)>) {
  return routedFetch({ "GET /api/me": ME, ...routes });
}

function visit(over: Record<string, unknown> = {}) {
  return {
    participant: 3,
    code: "P0042",
    study: 1,
    study_name: "Memory clinic pilot",
    point: 11,
    kind: "baseline",
    label: "Baseline",
    when: "session 1",
    anchor: "enrolment",
    opens_on: "2026-03-01",
    closes_on: "2026-03-08",
    status: "due",
    held_on: null,
    in_window: null,
    measures: {},
    missed_reason: null,
    recorded_at: null,
    ...over,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("the assessor's visits", () => {
  it("lists the visits to do, overdue first, and leaves the recorded ones out", async () => {
    server({
      "GET /api/visits/": [
        200,
        [
          visit(),
          visit({ participant: 4, code: "P0043", status: "overdue" }),
          visit({ point: 12, kind: "follow_up", label: "Follow-up", status: "done" }),
        ],
      ],
    });
    renderPage(<VisitsPage />, { at: "/visits", path: "/visits" });
    const table = await screen.findByTestId("visit-list");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.querySelector("th")?.textContent)).toEqual(["P0043", "P0042"]);
    expect(rows[0]).toHaveTextContent("Overdue");
    await userEvent.selectOptions(screen.getByLabelText("Show"), "all");
    expect(screen.getByTestId("visit-P0042-follow_up")).toHaveTextContent("Done");
    expect(document.body).not.toHaveTextContent(/arm|metric|note/i);
  });

  it("records a visit held today with its measures", async () => {
    const calls = server({
      "GET /api/visits/": [200, [visit()]],
      "POST /api/participants/3/visits/11/": [201, visit({ status: "done" })],
    });
    renderPage(<VisitsPage />, { at: "/visits", path: "/visits" });
    await userEvent.click(await screen.findByRole("button", { name: /Record/ }));
    const form = screen.getByTestId("record-visit");
    await userEvent.type(within(form).getByLabelText("Measure code"), "moca");
    await userEvent.type(within(form).getByLabelText("Value"), "26");
    await userEvent.click(within(form).getByRole("button", { name: "Record the visit" }));
    await waitFor(() => expect(screen.queryByTestId("record-visit")).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      status: "done",
      held_on: clinicToday(),
      measures: { moca: 26 },
    });
  });

  it("records a missed visit with its reason, and a correction needs a reason", async () => {
    const calls = server({
      "GET /api/visits/": [200, [visit({ status: "missed", missed_reason: "illness" })]],
      "POST /api/participants/3/visits/11/": [201, visit({ status: "missed" })],
    });
    renderPage(<VisitsPage />, { at: "/visits", path: "/visits" });
    await userEvent.selectOptions(await screen.findByLabelText("Show"), "all");
    await userEvent.click(await screen.findByRole("button", { name: /Correct/ }));
    await userEvent.selectOptions(screen.getByLabelText("Why it was missed"), "unreachable");
    await userEvent.type(screen.getByLabelText("Reason for the correction"), "called back");
    await userEvent.click(screen.getByRole("button", { name: "Record the visit" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      status: "missed",
      missed_reason: "unreachable",
      reason: "called back",
    });
  });

  it("shows a refusal in words and keeps the form", async () => {
    server({
      "GET /api/visits/": [200, [visit()]],
      "POST /api/participants/3/visits/11/": [
        409,
        { error: { code: "not_allocated", message: "The participant is not allocated yet." } },
      ],
    });
    renderPage(<VisitsPage />, { at: "/visits", path: "/visits" });
    await userEvent.click(await screen.findByRole("button", { name: /Record/ }));
    await userEvent.click(screen.getByRole("radio", { name: "Missed" }));
    await userEvent.click(screen.getByRole("button", { name: "Record the visit" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("not allocated yet");
    expect(screen.getByTestId("record-visit")).toBeInTheDocument();
  });

  it("lets the other roles read the visits but not record them", async () => {
    const calls = server({
      "GET /api/me": [200, { id: 2, username: "carla", role: "clinician", language: "en" }],
      "GET /api/visits/": [200, [visit()]],
    });
    renderPage(<VisitsPage />, { at: "/visits", path: "/visits" });
    expect(await screen.findByTestId("visit-P0042-baseline")).toHaveTextContent("Due");
    await waitFor(() => expect(calls.some((c) => c.path === "/api/me")).toBe(true));
    await new Promise((settled) => setTimeout(settled, 50)); // the answer rendered
    expect(screen.queryByRole("button", { name: /Record/ })).toBeNull();
  });
});

describe("a participant's visits on their page", () => {
  it("shows each point's window and whether it is due, held or missed", async () => {
    server({
      "GET /api/participants/3/visits/": [
        200,
        [
          visit({ status: "done", held_on: "2026-03-03", in_window: true, measures: { moca: 26 } }),
          visit({
            point: 12,
            kind: "follow_up",
            label: "One-month follow-up",
            opens_on: "2026-03-29",
            closes_on: "2026-04-05",
            status: "missed",
            missed_reason: "illness",
          }),
          visit({ point: 13, kind: "follow_up", label: "Three-month follow-up" }),
          visit({
            point: 14,
            kind: "other",
            label: "Exit",
            opens_on: null,
            closes_on: null,
            status: "not_scheduled",
          }),
        ],
      ],
    });
    renderPage(<ParticipantVisits />, { at: "/participants/3", path: "/participants/:id" });
    const held = await screen.findByTestId("p-visit-baseline-11");
    expect(held).toHaveTextContent("Done");
    expect(held).toHaveTextContent(/held .*3/);
    expect(held).toHaveTextContent("moca 26");
    expect(held).not.toHaveTextContent("outside the window");
    const missed = screen.getByTestId("p-visit-follow_up-12");
    expect(missed).toHaveTextContent("Missed");
    expect(missed).toHaveTextContent("Illness");
    expect(missed).toHaveTextContent(/Mar.* to .*Apr/);
    expect(screen.getByTestId("p-visit-follow_up-13")).toHaveTextContent("Due");
    expect(screen.getByTestId("p-visit-other-14")).toHaveTextContent("No visit window");
    expect(screen.queryByRole("button")).toBeNull(); // recording is the assessor's
  });

  it("shows nothing for a study without assessment points or a participant out of reach", async () => {
    const calls = server({ "GET /api/participants/3/visits/": [200, []] });
    const { container } = renderPage(<ParticipantVisits />, {
      at: "/participants/3",
      path: "/participants/:id",
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((settled) => setTimeout(settled, 50)); // the answer rendered
    expect(container).toBeEmptyDOMElement();
  });
});

describe("the study's visit settings", () => {
  it("places an assessor and sets a window", async () => {
    const calls = server({
      "GET /api/studies/5/assessors/": [200, []],
      "GET /api/staff/": [
        200,
        [{ id: 9, username: "ann", name: "Ann Assessor", role: "assessor" }],
      ],
      "PUT /api/studies/5/assessors/": [200, [{ id: 9, username: "ann", name: "Ann Assessor" }]],
      "GET /api/studies/5/visit-windows/": [
        200,
        [
          {
            point: 11,
            kind: "follow_up",
            label: "Follow-up",
            when: "days 28-35 after enrolment",
            anchor: "enrolment",
            opens_day: 28,
            closes_day: 35,
            default: true,
          },
        ],
      ],
      "PUT /api/studies/5/visit-windows/": [200, []],
    });
    renderPage(<VisitSettings />, { at: "/studies/5/visits", path: "/studies/:id/visits" });
    await userEvent.click(await screen.findByLabelText("Ann Assessor"));
    await userEvent.click(screen.getByRole("button", { name: "Save the assessors" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ assessors: [9] }),
    );
    await userEvent.selectOptions(screen.getByLabelText("Follow-up: counted from"), "allocation");
    const closes = screen.getByLabelText("Follow-up: closes on day");
    await userEvent.clear(closes);
    await userEvent.type(closes, "42");
    await userEvent.click(screen.getByRole("button", { name: "Save the windows" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "PUT")[1]?.body).toEqual({
        windows: [{ point: 11, anchor: "allocation", opens_day: 28, closes_day: 42 }],
      }),
    );
  });
});
