import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { routedFetch, type Answer } from "../../test/answers";
import { renderPage, screen, waitFor, within } from "../../test/render";
import { ParticipantRights } from "./ParticipantRights";

const CLINICIAN = { id: 4, username: "claude", role: "clinician", language: "en" };
const OWNER = { id: 7, username: "rosalind", role: "researcher", language: "en" };
const STUDY: Answer = [200, { id: 1, name: "Memory clinic pilot", owners: [7] }];

function participant(over: Record<string, unknown> = {}) {
  return {
    id: 3,
    study: 1,
    study_name: "Memory clinic pilot",
    code: "P0042",
    group: "A",
    consent_withdrawn_at: null,
    has_consent: true,
    ...over,
  };
}

const ERASURE = {
  participant: "P0042",
  erased_at: "2026-03-04T10:00:00Z",
  erased: { clinician_notes: 2, group: true, withdrawn_now: true, reminder_address: 1 },
  kept: [
    { what: "the consent record and its withdrawal", why: "proof of what was agreed" },
    { what: "the audit trail", why: "the record of who did what" },
  ],
};

/** The server, signed in as ``me`` unless ``routes`` answer /api/me themselves. */
function server(me: object, routes: Record<string, Answer | (() => Answer)>) {
  return routedFetch({ "GET /api/me": [200, me], ...routes });
}

function page() {
  return renderPage(<ParticipantRights />, { at: "/participants/3", path: "/participants/:id" });
}

// jsdom has no modal dialogs: open and close as the browser would, without the focus trap.
beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event("close"));
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the participant's data", () => {
  it("downloads the access request as a file named after the participant", async () => {
    const calls = server(CLINICIAN, {
      "GET /api/participants/3/": [200, participant()],
      "GET /api/participants/3/access-request/": [200, { participant: { code: "P0042" } }],
    });
    const saved: Blob[] = [];
    // jsdom keeps no files: the one the page hands the browser is kept here.
    URL.createObjectURL = (file: Blob) => {
      saved.push(file);
      return "blob:access-request";
    };
    URL.revokeObjectURL = () => undefined;
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    page();
    await userEvent.click(
      await screen.findByRole("button", { name: "Download the participant's data" }),
    );
    await waitFor(() => expect(names).toEqual(["access-request-P0042.json"]));
    expect(JSON.parse(await saved[0].text())).toEqual({ participant: { code: "P0042" } });
    expect(calls.some((c) => c.path === "/api/participants/3/access-request/")).toBe(true);
    // The clinical team downloads; erasure is the study's owners'.
    expect(screen.queryByRole("button", { name: /Erase/ })).not.toBeInTheDocument();
  });

  it("says the server's refusal when the copy is refused", async () => {
    server(CLINICIAN, {
      "GET /api/participants/3/": [200, participant()],
      "GET /api/participants/3/access-request/": [
        403,
        { error: { code: "forbidden", message: "Only the clinical team and the owners." } },
      ],
    });
    page();
    await userEvent.click(
      await screen.findByRole("button", { name: "Download the participant's data" }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The data could not be downloaded: Only the clinical team and the owners.",
    );
  });
});

describe("erasure", () => {
  it("is offered only to the study's owners", async () => {
    server(
      { ...OWNER, id: 8 },
      { "GET /api/participants/3/": [200, participant()], "GET /api/studies/1/": STUDY },
    );
    page();
    await screen.findByRole("button", { name: "Download the participant's data" });
    await waitFor(() =>
      expect(
        screen.queryByRole("button", { name: "Erase the participant's data…" }),
      ).not.toBeInTheDocument(),
    );
  });

  it("asks why and for the code typed out, then says what was erased and what is kept", async () => {
    let erased = false;
    const calls = server(OWNER, {
      "GET /api/participants/3/": () => [
        200,
        participant(erased ? { group: "", consent_withdrawn_at: "2026-03-04T10:00:00Z" } : {}),
      ],
      "GET /api/studies/1/": STUDY,
      "POST /api/participants/3/erase/": () => {
        erased = true;
        return [200, ERASURE];
      },
    });
    page();
    await userEvent.click(
      await screen.findByRole("button", { name: "Erase the participant's data…" }),
    );
    const dialog = screen.getByRole("dialog", { name: "Erase participant P0042's data" });
    expect(dialog).toHaveAccessibleDescription(/the clinical team's notes/);
    expect(within(dialog).getByText(/What is kept, and why/)).toBeInTheDocument();
    const erase = within(dialog).getByRole("button", { name: "Erase" });

    await userEvent.click(erase);
    expect(within(dialog).getByRole("alert")).toHaveTextContent(
      "Say why the participant's data are erased.",
    );
    await userEvent.type(
      within(dialog).getByLabelText("Why are the data erased?"),
      "The participant asked for erasure.",
    );
    const code = within(dialog).getByLabelText("To confirm, type the participant's code (P0042)");
    await userEvent.type(code, "P0024");
    await userEvent.click(erase);
    expect(within(dialog).getByRole("alert")).toHaveTextContent("The code typed is not P0042.");
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await userEvent.clear(code);
    await userEvent.type(code, "p0042");
    await userEvent.click(erase);
    const outcome = await screen.findByTestId("erasure-outcome");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      reason: "The participant asked for erasure.",
    });
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(outcome).toHaveTextContent("Participant P0042's data were erased on");
    const what = within(screen.getByTestId("erasure-erased")).getAllByRole("listitem");
    expect(what.map((item) => item.textContent)).toEqual([
      "2 notes of the clinical team deleted",
      "the group label cleared",
      "the reminders and their e-mail address deleted",
      "the participant withdrawn from the study now",
    ]);
    expect(screen.getByTestId("erasure-kept")).toHaveTextContent(
      "the audit trail: the record of who did what",
    );
    await waitFor(() => expect(screen.getByRole("heading", { name: /were erased/ })).toHaveFocus());
  });

  it("keeps the dialog open with the server's refusal", async () => {
    server(OWNER, {
      "GET /api/participants/3/": [200, participant()],
      "GET /api/studies/1/": STUDY,
      "POST /api/participants/3/erase/": [
        403,
        {
          error: {
            code: "forbidden",
            message: "Only the study's owners erase a participant's data.",
          },
        },
      ],
    });
    page();
    await userEvent.click(
      await screen.findByRole("button", { name: "Erase the participant's data…" }),
    );
    const dialog = screen.getByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("Why are the data erased?"), "Asked.");
    await userEvent.type(within(dialog).getByLabelText(/type the participant's code/), "P0042");
    await userEvent.click(within(dialog).getByRole("button", { name: "Erase" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Only the study's owners erase a participant's data.",
    );
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(screen.queryByTestId("erasure-outcome")).not.toBeInTheDocument();
  });
});
