import { Link, MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "../test/render";
import { PageErrorBoundary } from "./PageErrorBoundary";

function Broken(): never {
  throw new Error("the page's code failed");
}

function app() {
  return (
    <MemoryRouter initialEntries={["/broken"]}>
      <PageErrorBoundary>
        <Routes>
          <Route path="/broken" element={<Broken />} />
          <Route path="/" element={<p>The start page</p>} />
        </Routes>
      </PageErrorBoundary>
      <Link to="/">Start</Link>
    </MemoryRouter>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("PageErrorBoundary", () => {
  it("shows a page that failed, instead of a blank screen, and clears on the next page", () => {
    vi.spyOn(console, "error").mockImplementation(() => {}); // React reports the error too
    render(app());
    expect(screen.getByRole("alert")).toHaveTextContent("This page could not be shown");
    expect(screen.getByRole("button", { name: "Load the page again" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("link", { name: "Start" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByText("The start page")).toBeInTheDocument();
  });
});
