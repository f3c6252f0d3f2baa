import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MetricSummary } from "../../api/types";
import { axisTick } from "./ParticipantPage";
import { FlagList, missedLastWeek, participantFlags, reliableChange } from "./glance";

const metric = (over: Partial<MetricSummary>): MetricSummary => ({
  key: "recall_hit",
  label: "'Stragedy hit rate",
  unit: "proportion",
  direction: "higher_better",
  latest: 0.4,
  baseline: 0.7,
  series: [0.7, 0.6, 0.4],
  trend: null,
  rci: null,
  z_cohort: null,
  z_norm: null,
  z_reading: null,
  ...over,
});

const reliable = (baseline: number, latest: number, yes = true) =>
  ({
    value: 2.5,
    corrected: null,
    reliable: yes,
    status: "ok",
    reading: yes ? "Reliable change" : "No reliable change",
    baseline,
    latest,
  }) as MetricSummary["rci"];

describe("the participant list at a glance", () => {
  it("flags a reliable change only when the inference says it holds, by direction", () => {
    expect(reliableChange(metric({ rci: reliable(0.7, 0.4) }))).toBe("decline");
    expect(reliableChange(metric({ rci: reliable(0.4, 0.7) }))).toBe("improvement");
    const slower = metric({ direction: "lower_better", unit: "ms", rci: reliable(900, 1400) });
    expect(reliableChange(slower)).toBe("decline");
    expect(reliableChange(metric({ rci: reliable(0.7, 0.4, false) }))).toBeNull();
    expect(reliableChange(metric({ direction: "neutral", rci: reliable(0.7, 0.4) }))).toBeNull();
    expect(reliableChange(metric({ rci: null }))).toBeNull();
  });

  it("takes last week's missed sessions from the server's count (the clinic's weeks)", () => {
    expect(missedLastWeek({ sessions_per_week_planned: 3, sessions_missed_last_week: 2 })).toBe(2);
    expect(missedLastWeek({ sessions_per_week_planned: 3, sessions_missed_last_week: 0 })).toBe(0);
    // No plan, or enrolled since last week began: nothing to miss.
    expect(
      missedLastWeek({ sessions_per_week_planned: null, sessions_missed_last_week: null }),
    ).toBe(0);
    expect(missedLastWeek({ sessions_per_week_planned: 3, sessions_missed_last_week: null })).toBe(
      0,
    );
  });

  it("lists the flags in words, or says none", () => {
    const p = { sessions_per_week_planned: 3, sessions_missed_last_week: 2 };
    const flags = participantFlags(p, [metric({ rci: reliable(0.7, 0.4) })]);
    expect(flags.map((f) => f.text)).toEqual([
      "missed 2 of 3 last week",
      "reliable decline: 'Stragedy hit rate",
    ]);
    const { unmount } = render(<FlagList flags={flags} />);
    expect(screen.getByText("missed 2 of 3 last week")).toHaveAttribute("data-flag", "missed");
    unmount();
    render(<FlagList flags={[]} />);
    expect(screen.getByText("none")).toBeInTheDocument();
  });

  it("writes whole axis ticks: 100% and 2.2 s, not clipped", () => {
    expect(axisTick(1, "proportion")).toBe("100%");
    expect(axisTick(2200, "ms")).toBe("2.2 s");
    expect(axisTick(450, "ms")).toBe("0.5 s");
    expect(axisTick(0, "ms")).toBe("0 s");
    expect(axisTick(12.345, "tricks")).toBe("12.35");
  });
});
