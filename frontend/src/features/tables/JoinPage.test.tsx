import { render, screen, waitFor } from "../../test/render";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { JoinPage } from "./JoinPage";

function page() {
  return render(
    <MemoryRouter initialEntries={["/join"]}>
      <Routes>
        <Route path="/join" element={<JoinPage />} />
        <Route path="/play/:token" element={<p data-testid="played">the game</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

afterEach(() => vi.unstubAllGlobals());

describe("joining with a typed code", () => {
  it("opens the game the code stands for", async () => {
    const fetch = answer(200, { token: "tok", path: "/play/tok" });
    vi.stubGlobal("fetch", fetch);
    page();
    await userEvent.type(screen.getByLabelText(/code you were given/), "kx4-m7p");
    await userEvent.click(screen.getByRole("button", { name: "Open the game" }));
    await waitFor(() => expect(screen.getByTestId("played")).toBeInTheDocument());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/join/");
    expect(JSON.parse(init.body as string)).toEqual({ code: "kx4-m7p" });
  });

  it("says so, in words, when the code is unknown or expired", async () => {
    vi.stubGlobal(
      "fetch",
      answer(404, {
        error: {
          code: "join_code_unknown",
          message: "There is no such code, or it has expired.",
          details: null,
        },
      }),
    );
    page();
    await userEvent.type(screen.getByLabelText(/code you were given/), "ZZZZZZ");
    await userEvent.click(screen.getByRole("button", { name: "Open the game" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/no such code/i);
  });
});
