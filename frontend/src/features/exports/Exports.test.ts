import { describe, expect, it } from "vitest";
import { exportFinished, exportPercent } from "./Exports";

describe("an export's progress", () => {
  it("is followed to the end", () => {
    expect(exportPercent({ id: 1, status: "running", progress: { percent: 42 } })).toBe(42);
    expect(exportPercent({ id: 1, status: "ready" })).toBe(100);
    expect(exportFinished({ id: 1, status: "running" })).toBe(false);
    expect(exportFinished({ id: 1, status: "failed" })).toBe(true);
  });
});
