import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RecordTable } from "./RecordTable";

describe("the cohort's record table", () => {
  it("shows the records of whichever list the answer holds", () => {
    render(<RecordTable data={{ participants: [{ code: "P-01", recall: 0.5, games: [1] }] }} />);
    expect(screen.getByRole("columnheader", { name: "code" })).toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: "games" })).toBeNull();
    expect(screen.getByText("0.500")).toBeInTheDocument();
  });

  it("says when there is nothing to show", () => {
    render(<RecordTable data={{}} />);
    expect(screen.getByText("Nothing to show yet.")).toBeInTheDocument();
  });
});
