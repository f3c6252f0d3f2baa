import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MetricSummary } from "../../api/types";
import { RciReading } from "./ParticipantPage";

const base: MetricSummary = {
  key: "recall_hit",
  label: "'Stragedy hit rate",
  unit: "proportion",
  direction: "higher_better",
  latest: 0.6,
  baseline: 0.4,
  series: [0.35, 0.4, 0.45, 0.55, 0.6, 0.65],
  trend: null,
  rci: null,
  z_cohort: null,
  z_norm: null,
  z_reading: null,
};

describe("reliable change on the participant page", () => {
  it("prints the RCI with its r, SD, k, source and practice correction", () => {
    const metric: MetricSummary = {
      ...base,
      rci: {
        value: 2.449,
        corrected: 1.837,
        reliable: false,
        status: "ok",
        reading:
          "No reliable change (RCI 1.84 after a practice correction of 0.05; 2.45 uncorrected)",
        k: 3,
        sd: 0.2,
        reliability: 0.75,
        source: "norms file: Example, Table 5",
        practice_gain: 0.05,
        practice_source: "the study's control arm (n = 6)",
      },
    };
    render(<RciReading metric={metric} full />);
    const inputs = screen.getByTestId("rci-inputs-recall_hit").textContent ?? "";
    expect(inputs).toContain("RCI 2.45, corrected 1.84");
    expect(inputs).toContain("r = 0.75");
    expect(inputs).toContain("SD = 20%");
    expect(inputs).toContain("k = 3 sessions");
    expect(inputs).toContain("from norms file: Example, Table 5");
    expect(inputs).toContain("practice 5% from the study's control arm (n = 6)");
    expect(screen.queryByText("reliable")).toBeNull();
  });

  it("says not enough data yet below the minimum trials", () => {
    const metric: MetricSummary = {
      ...base,
      rci: {
        value: null,
        corrected: null,
        reliable: false,
        status: "not_enough_trials",
        reading:
          "Not enough data yet: the baseline rests on 3 observations and the latest on 3 observations; a reliable change needs 10 in each.",
      },
    };
    const { unmount } = render(<RciReading metric={metric} />);
    expect(screen.getByTestId("rci-recall_hit").textContent).toBe("Not enough data yet");
    unmount();
    render(<RciReading metric={metric} full />);
    expect(screen.getByTestId("rci-recall_hit").textContent).toMatch(/needs 10 in each/);
  });
});
