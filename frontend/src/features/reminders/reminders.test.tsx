import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { routedFetch } from "../../test/answers";
import { renderPage, screen, waitFor, within } from "../../test/render";
import { OpenPage } from "./OpenPage";
import { OwnReminders } from "./OwnReminders";
import { ParticipantReminders } from "./ParticipantReminders";
import { StopPage } from "./StopPage";

function at(path: string, route: string, element: ReactElement) {
  const progress = <p data-testid="progress">progress</p>;
  return renderPage(element, { at: path, path: route, others: { "/progress/:token": progress } });
}

const PLAN = {
  email: "reader@example.org",
  time_zone: "Europe/Madrid",
  times: ["08:30", "18:00"],
  weekdays: [],
  quiet_start: null,
  quiet_end: null,
  active: true,
  opted_out_at: null,
  chosen_by: "participant",
  agreed_how: "own_device",
  updated_at: "2026-03-02T10:00:00Z",
};

afterEach(() => vi.unstubAllGlobals());

describe("a participant's own reminders", () => {
  it("offers the choice, and sends what they chose", async () => {
    const calls = routedFetch({
      "GET /api/progress/tok/reminders/": [200, { plan: null }],
      "PUT /api/progress/tok/reminders/": [200, { plan: { ...PLAN, times: ["07:45"] } }],
    });
    at("/progress/tok", "/progress/:token", <OwnReminders />);
    await userEvent.type(await screen.findByLabelText(/E-mail address/), "reader@example.org");
    const time = screen.getByLabelText("Reminder time 1");
    await userEvent.clear(time);
    await userEvent.type(time, "07:45");
    await userEvent.click(screen.getByLabelText(/Monday/));
    await userEvent.click(screen.getByRole("button", { name: "Save the reminders" }));
    expect(await screen.findByTestId("own-reminders-saved")).toHaveTextContent("Saved.");
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toMatchObject({
      email: "reader@example.org",
      times: ["07:45"],
      weekdays: [0],
      quiet_start: null,
      active: true,
    });
    expect(screen.getByTestId("own-reminders-state")).toHaveTextContent("07:45 (Europe/Madrid)");
  });

  it("shows the server's refusal in words", async () => {
    routedFetch({
      "GET /api/progress/tok/reminders/": [200, { plan: null }],
      "PUT /api/progress/tok/reminders/": [
        409,
        {
          error: { code: "consent_missing", message: "Reminders are for consenting participants." },
        },
      ],
    });
    at("/progress/tok", "/progress/:token", <OwnReminders />);
    await userEvent.type(await screen.findByLabelText(/E-mail address/), "reader@example.org");
    await userEvent.click(screen.getByRole("button", { name: "Save the reminders" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/consenting participants/);
  });
});

describe("the staff panel", () => {
  it("says what was chosen and lists each reminder that fell due", async () => {
    routedFetch({
      "GET /api/participants/7/reminders/": [
        200,
        {
          plan: { ...PLAN, chosen_by: "staff", agreed_how: "phone" },
          log: [
            {
              due_at: "2026-03-03T07:30:00Z",
              local_time: "2026-03-03 08:30 Europe/Madrid",
              outcome: "skipped",
              why: "quiet_hours",
              link_used_at: null,
            },
          ],
        },
      ],
    });
    at("/participants/7", "/participants/:id", <ParticipantReminders />);
    expect(await screen.findByTestId("reminders-state")).toHaveTextContent(
      /08:30 and 18:00 \(Europe\/Madrid\); chosen By phone/,
    );
    const row = within(screen.getByTestId("reminder-log")).getAllByRole("row")[1];
    expect(row).toHaveTextContent("Skipped");
    expect(row).toHaveTextContent("In the participant's quiet hours");
  });

  it("sends how the participant agreed with their choice", async () => {
    const calls = routedFetch({
      "GET /api/participants/7/reminders/": [200, { plan: null, log: [] }],
      "PUT /api/participants/7/reminders/": [200, { plan: PLAN, log: [] }],
    });
    at("/participants/7", "/participants/:id", <ParticipantReminders />);
    await userEvent.click(await screen.findByText("Choose reminders"));
    await userEvent.type(screen.getByLabelText(/E-mail address/), "reader@example.org");
    await userEvent.selectOptions(screen.getByLabelText(/How the participant chose/), "in_writing");
    await userEvent.click(screen.getByRole("button", { name: "Save the reminders" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
      agreed_how: "in_writing",
      times: ["09:00"],
    });
  });
});

describe("the e-mail's links", () => {
  it("stops the reminders at one press", async () => {
    const calls = routedFetch({
      "GET /api/reminders/stop/st/": [200, { active: true }],
      "POST /api/reminders/stop/st/": [200, { active: false }],
    });
    at("/reminders/stop/st", "/reminders/stop/:token", <StopPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Stop the reminders" }));
    expect(await screen.findByTestId("reminders-stopped")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("says reminders are already stopped", async () => {
    routedFetch({ "GET /api/reminders/stop/st/": [200, { active: false }] });
    at("/reminders/stop/st", "/reminders/stop/:token", <StopPage />);
    expect(await screen.findByTestId("reminders-stopped")).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("spends the open link once and goes on to the progress page", async () => {
    const calls = routedFetch({
      "POST /api/reminders/open/op/": [200, { path: "/progress/pr" }],
    });
    at("/r/op", "/r/:token", <OpenPage />);
    expect(await screen.findByTestId("progress")).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it("says when the open link was used before", async () => {
    routedFetch({
      "POST /api/reminders/open/op/": [
        409,
        { error: { code: "link_used", message: "This link has been used: it works once." } },
      ],
    });
    at("/r/op", "/r/:token", <OpenPage />);
    expect(await screen.findByRole("alert")).toHaveTextContent(/works once/);
  });
});
