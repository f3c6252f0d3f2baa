import { render, screen } from "../../test/render";
import { describe, expect, it } from "vitest";
import type { MetricSummary } from "../../api/types";
import { CHART_METRICS, IntervalReading } from "./MetricPanel";
import { metricFixture } from "./metricFixture";

const fidelity: MetricSummary = metricFixture({
  key: "memory_fidelity",
  label: "Memory fidelity (model estimate)",
  interval: { low: 0.5, high: 0.75, informative: 12 },
});

describe("memory fidelity on the participant page", () => {
  it("is charted, so its panel shows the latest session's interval", () => {
    expect(CHART_METRICS).toContain("memory_fidelity");
  });

  it("prints the interval and how many decisions carried information", () => {
    render(<IntervalReading metric={fidelity} />);
    expect(screen.getByText("50% to 75% (12 informative decisions)")).toBeTruthy();
  });

  it("says how often such an interval was measured to cover the truth", () => {
    const labelled = { low: 0.5, high: 0.75, label: "covers the true value 60% of the time" };
    render(<IntervalReading metric={{ ...fidelity, interval: labelled }} />);
    expect(screen.getByText("50% to 75% (covers the true value 60% of the time)")).toBeTruthy();
  });

  it("prints a dash when there is no interval", () => {
    render(<IntervalReading metric={{ ...fidelity, interval: null }} />);
    expect(screen.getByText("–")).toBeTruthy();
  });
});
