import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonAnswer } from "../../test/answers";
import { renderPage, screen } from "../../test/render";
import { Notes } from "./Notes";

function answering(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => jsonAnswer(body, status)),
  );
}

function screenFor(id: number) {
  return renderPage(<Notes participantId={id} />);
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
});
