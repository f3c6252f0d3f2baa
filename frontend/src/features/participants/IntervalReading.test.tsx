import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MetricSummary } from "../../api/types";
import { CHART_METRICS, IntervalReading } from "./ParticipantPage";

const fidelity: MetricSummary = {
  key: "memory_fidelity",
  label: "Memory fidelity (model estimate)",
  unit: "proportion",
  direction: "higher_better",
  latest: 0.62,
  baseline: 0.5,
  series: [0.5, 0.55, 0.62],
  trend: null,
  rci: null,
  z_cohort: null,
  z_norm: null,
  z_reading: null,
  interval: { low: 0.5, high: 0.75, informative: 12 },
};

describe("memory fidelity on the participant page", () => {
  it("is charted, so its panel shows the latest session's interval", () => {
    expect(CHART_METRICS).toContain("memory_fidelity");
  });

  it("prints the interval and how many decisions carried information", () => {
    render(<IntervalReading metric={fidelity} />);
    expect(screen.getByText("50% to 75% (12 informative decisions)")).toBeTruthy();
  });

  it("prints a dash when there is no interval", () => {
    render(<IntervalReading metric={{ ...fidelity, interval: null }} />);
    expect(screen.getByText("–")).toBeTruthy();
  });
});
