import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "../../test/render";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client";
import { SettingsProvider } from "../../game/settings";
import { OpenTablePage } from "./OpenTable";
import { TablePage, tableRefetch } from "./TablePage";
import { fakeServer, tableBody } from "../../test/tables";

afterEach(() => vi.unstubAllGlobals());

function at(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SettingsProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/tables/new" element={<OpenTablePage />} />
            <Route path="/tables/:id" element={<TablePage />} />
            <Route path="/games/:id/watch" element={<p>the spectator page</p>} />
          </Routes>
        </MemoryRouter>
      </SettingsProvider>
    </QueryClientProvider>,
  );
}

describe("the table page", () => {
  it("shows every person seat's link as a QR code and who has joined, and no Watch before the start", async () => {
    fakeServer({ "GET /api/tables/41/": () => tableBody() });
    at("/tables/41");
    expect(
      await screen.findByRole("heading", { name: "Memulation table · game 41" }),
    ).toBeVisible();
    expect(screen.getByTestId("table-status")).toHaveTextContent("still to join Clinician");
    expect(screen.getByTestId("table-seat-0")).toHaveTextContent("✓ joined");
    expect(screen.getByTestId("table-seat-1")).toHaveTextContent("not joined yet");
    expect(document.querySelectorAll(".table-qr svg")).toHaveLength(2);
    const links = screen.getAllByTestId("seat-link").map((a) => a.getAttribute("href"));
    expect(links).toEqual(["http://testserver/play/seat-zero", "http://testserver/play/seat-one"]);
    expect(screen.getByRole("link", { name: "Session of P012" })).toHaveAttribute(
      "href",
      "/sessions/88",
    );
    expect(screen.queryByTestId("watch")).not.toBeInTheDocument();
  });

  it("offers Watch once the game has started, and issues new links on request", async () => {
    const { calls } = fakeServer({
      "GET /api/tables/41/": () => tableBody({ status: "waiting" }),
      "POST /api/tables/41/links/": () =>
        tableBody({
          status: "active",
          seats: tableBody().seats.map((s) => ({ ...s, joined: true, link: `${s.link}-new` })),
        }),
    });
    at("/tables/41");
    await userEvent.click(await screen.findByRole("button", { name: /Issue new links/ }));
    expect(await screen.findByTestId("watch")).toHaveAttribute("href", "/games/41/watch");
    expect(screen.getAllByTestId("seat-link")[0]).toHaveAttribute(
      "href",
      "http://testserver/play/seat-zero-new",
    );
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain("POST /api/tables/41/links/");
  });

  it("asks again often while people arrive, every few seconds in play, never after", () => {
    expect(tableRefetch(tableBody({ status: "waiting" }))).toBe(2000);
    expect(tableRefetch(tableBody({ status: "active" }))).toBe(4000);
    expect(tableRefetch(tableBody({ status: "paused" }))).toBe(4000);
    expect(tableRefetch(tableBody({ status: "finished" }))).toBe(false);
  });
});

describe("opening a table", () => {
  const participants = [
    { id: 12, code: "P012", study: 3, has_consent: true },
    { id: 15, code: "P015", study: 3, has_consent: true },
    { id: 16, code: "P016", study: 3, has_consent: false },
  ];
  const protocols = [
    { id: 7, name: "Pairs", version: 1, game: "memulation", opponent: "greedy" },
    { id: 9, name: "Fours", version: 2, game: "mendikot", opponent: "heuristic" },
  ];

  it("seats the participant, the clinician and the computer, and opens the table", async () => {
    const { calls } = fakeServer({
      "GET /api/participants/12/": () => participants[0],
      "GET /api/studies/?page_size=200": () => ({ count: 1, results: [{ id: 3, name: "Pilot" }] }),
      "GET /api/studies/3/protocols/?page_size=200": () => ({ count: 2, results: protocols }),
      "GET /api/participants/?study=3&page_size=500": () => ({ count: 3, results: participants }),
      "POST /api/tables/": () => tableBody({ game: 41 }),
      "GET /api/tables/41/": () => tableBody({ game: 41 }),
    });
    at("/tables/new?participant=12");
    const protocol = await screen.findByLabelText("Protocol");
    await waitFor(() =>
      expect(screen.getByRole("option", { name: /Fours v2/ })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(protocol, "9");
    // Four seats; the participant sits at seat 1, the computer at the others to begin with.
    expect(screen.getAllByRole("combobox", { name: /^Seat \d$/ })).toHaveLength(4);
    expect(screen.getByLabelText("Seat 1")).toHaveValue("p12");
    expect(screen.getByTestId("seats-problem")).toHaveTextContent("at least two people");
    // Only consenting participants can be seated.
    expect(screen.queryByRole("option", { name: "P016" })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText("Seat 2"), "p15");
    await userEvent.selectOptions(screen.getByLabelText("Seat 3"), "clinician");
    expect(screen.queryByTestId("seats-problem")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Open the table" }));
    expect(
      await screen.findByRole("heading", { name: "Memulation table · game 41" }),
    ).toBeVisible();
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toEqual({
      protocol: 9,
      seats: [
        { kind: "participant", participant: 12 },
        { kind: "participant", participant: 15 },
        { kind: "clinician" },
        { kind: "bot" },
      ],
    });
  });

  it("shows the server's refusal", async () => {
    fakeServer({
      "GET /api/studies/?page_size=200": () => ({ count: 1, results: [{ id: 3, name: "Pilot" }] }),
      "GET /api/studies/3/protocols/?page_size=200": () => ({ count: 2, results: protocols }),
      "GET /api/participants/?study=3&page_size=500": () => ({ count: 3, results: participants }),
      "POST /api/tables/": () => {
        throw new ApiError(409, {
          code: "consent_missing",
          message: "P015 has no consent on record.",
        });
      },
    });
    at("/tables/new");
    const protocol = await screen.findByLabelText("Protocol");
    await waitFor(() =>
      expect(screen.getByRole("option", { name: /Pairs v1/ })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(protocol, "7");
    // Memulation has no computer seat to offer.
    expect(screen.queryByRole("option", { name: /Computer/ })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText("Seat 1"), "p12");
    await userEvent.selectOptions(screen.getByLabelText("Seat 2"), "p15");
    await userEvent.click(screen.getByRole("button", { name: "Open the table" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("P015 has no consent on record.");
  });
});
