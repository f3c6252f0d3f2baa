import { render, screen } from "../../test/render";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ProtocolsTab } from "./ProtocolsTab";

afterEach(() => vi.unstubAllGlobals());

describe("a study's protocols", () => {
  it("offer a new protocol only once the list above the button has loaded", async () => {
    let answer: ((response: Response) => void) | null = null;
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
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
    await vi.waitFor(() => expect(answer).not.toBeNull());
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(screen.queryByRole("button", { name: "New protocol" })).not.toBeInTheDocument();
    answer!(
      new Response(JSON.stringify({ count: 0, next: null, previous: null, results: [] }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      }),
    );
    expect(await screen.findByRole("button", { name: "New protocol" })).toBeInTheDocument();
  });
});
