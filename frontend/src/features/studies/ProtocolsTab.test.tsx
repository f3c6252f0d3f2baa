import { render, screen } from "../../test/render";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { heldFetch, jsonAnswer, listOf } from "../../test/answers";
import { ProtocolsTab } from "./ProtocolsTab";

afterEach(() => vi.unstubAllGlobals());

describe("a study's protocols", () => {
  it("offer a new protocol only once the list above the button has loaded", async () => {
    const server = heldFetch();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={["/studies/4"]}>
          <Routes>
            <Route path="/studies/:id" element={<ProtocolsTab />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // While the protocols load, a button placed now would be pushed down under the pointer.
    await vi.waitFor(() => expect(server.asked()).toBe(true));
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(screen.queryByRole("button", { name: "New protocol" })).not.toBeInTheDocument();
    server.answer(jsonAnswer(listOf([])));
    expect(await screen.findByRole("button", { name: "New protocol" })).toBeInTheDocument();
  });
});
