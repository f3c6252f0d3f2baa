import { renderPage, screen } from "../../test/render";
import { afterEach, describe, expect, it, vi } from "vitest";
import { heldFetch, jsonAnswer, listOf } from "../../test/answers";
import { StudiesPage } from "./StudiesPage";

afterEach(() => vi.unstubAllGlobals());

describe("the studies page", () => {
  it("offers a new study only once the list above the form has loaded", async () => {
    const server = heldFetch();
    renderPage(<StudiesPage />);
    // While the studies load, a form placed now would be pushed down under the pointer.
    await vi.waitFor(() => expect(server.asked()).toBe(true));
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(screen.queryByLabelText("Name")).not.toBeInTheDocument();
    const study = {
      id: 4,
      name: "Pilot",
      description: "",
      created_at: "2026-11-02T09:00:00Z",
    };
    server.answer(jsonAnswer(listOf([study])));
    expect(await screen.findByLabelText("Name")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Pilot" })).toBeInTheDocument();
  });
});
