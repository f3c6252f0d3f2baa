import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonAnswer } from "../../test/answers";
import { renderPage, screen } from "../../test/render";
import type { Me } from "../../api/types";
import { Notes, onClinicalTeam } from "./Notes";

function answering(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => jsonAnswer(body, status)),
  );
}

function screenFor(id: number, onTeam = true) {
  return renderPage(<Notes participantId={id} onTeam={onTeam} />);
}

afterEach(() => vi.unstubAllGlobals());

describe("the participant's notes", () => {
  it("tell a study owner outside the clinical team that the notes are the team's, not that they failed", async () => {
    answering(403, {
      error: {
        code: "permission_denied",
        message: "Clinician notes are for the participant's clinical team only.",
        details: null,
      },
    });
    screenFor(7);
    expect(await screen.findByTestId("notes-team-only")).toHaveTextContent(
      "Only the participant's clinical team",
    );
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText("New note")).not.toBeInTheDocument();
  });

  it("still say so when the notes could not be loaded", async () => {
    answering(500, { error: { code: "server_error", message: "Something broke.", details: null } });
    screenFor(7);
    expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
  });

  it("are not asked for by someone outside the clinical team, who is told whose they are", async () => {
    const fetched = vi.fn(async () => jsonAnswer([], 200));
    vi.stubGlobal("fetch", fetched);
    screenFor(7, false);
    expect(await screen.findByTestId("notes-team-only")).toBeInTheDocument();
    expect(screen.queryByLabelText("New note")).not.toBeInTheDocument();
    expect(fetched).not.toHaveBeenCalled();
  });

  it("follow the API's rule for the team: admins and the clinicians assigned", () => {
    const as = (role: Me["role"], id = 3) => ({ id, role }) as Me;
    expect(onClinicalTeam(as("admin"), [])).toBe(true);
    expect(onClinicalTeam(as("clinician"), [3, 9])).toBe(true);
    expect(onClinicalTeam(as("clinician"), [9])).toBe(false);
    expect(onClinicalTeam(as("researcher"), [3])).toBe(false);
    expect(onClinicalTeam(null, [3])).toBe(false);
  });
});
