import { renderPage, screen } from "../../test/render";
import { describe, expect, it } from "vitest";
import { listOf, routedFetch } from "../../test/answers";
import { SessionList } from "./SessionList";

const session = {
  id: 41,
  number: 3,
  status: "completed",
  protocol: 7,
  protocol_snapshot: { name: "Short Memulation", version: 2 },
  started_at: "2026-03-02T10:00:00Z",
  completed_at: "2026-03-02T10:20:00Z",
};

describe("a participant's sessions", () => {
  it("names each Replay link by its visible word first, then the session", async () => {
    routedFetch({ "GET /api/sessions/": [200, listOf([session])] });
    renderPage(<SessionList participantId={5} />);
    const link = await screen.findByRole("link", { name: "Replay Session 3" });
    expect(link).toHaveAttribute("href", "/sessions/41/replay");
    expect(link).not.toHaveAttribute("aria-label");
    expect(link.textContent?.startsWith("Replay")).toBe(true);
  });
});
