import { renderPage, screen } from "../../test/render";
import { afterEach, describe, expect, it, vi } from "vitest";
import { heldFetch, jsonAnswer, listOf } from "../../test/answers";
import { ProtocolsTab } from "./ProtocolsTab";

afterEach(() => vi.unstubAllGlobals());

describe("a study's protocols", () => {
  it("offer a new protocol only once the list above the button has loaded", async () => {
    const server = heldFetch();
    renderPage(<ProtocolsTab />, { at: "/studies/4", path: "/studies/:id" });
    // While the protocols load, a button placed now would be pushed down under the pointer.
    await vi.waitFor(() => expect(server.asked()).toBe(true));
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(screen.queryByRole("button", { name: "New protocol" })).not.toBeInTheDocument();
    server.answer(jsonAnswer(listOf([])));
    expect(await screen.findByRole("button", { name: "New protocol" })).toBeInTheDocument();
  });
});
