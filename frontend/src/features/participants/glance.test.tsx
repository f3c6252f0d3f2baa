import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MetricSummary } from "../../api/types";
import { axisTick } from "./ParticipantPage";
import { FlagList, lastWeekStart, missedLastWeek, participantFlags, reliableChange } from "./glance";

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

// A Wednesday: last week began on Monday 16 November.
const NOW = new Date(2026, 10, 25, 12, 0);

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

  it("counts last week's missed sessions against the plan, from the week after enrolment", () => {
    expect(lastWeekStart(NOW)).toEqual(new Date(2026, 10, 16));
    const enrolled = { created_at: "2026-10-01T09:00:00Z", sessions_per_week_planned: 3 };
    expect(missedLastWeek({ ...enrolled, sessions_last_week: 1 }, NOW)).toBe(2);
    expect(missedLastWeek({ ...enrolled, sessions_last_week: 4 }, NOW)).toBe(0);
    const noPlan = { ...enrolled, sessions_per_week_planned: null, sessions_last_week: 0 };
    expect(missedLastWeek(noPlan, NOW)).toBe(0);
    const justEnrolled = { ...enrolled, created_at: "2026-11-18T09:00:00", sessions_last_week: 0 };
    expect(missedLastWeek(justEnrolled, NOW)).toBe(0);
  });

  it("lists the flags in words, or says none", () => {
    const p = { created_at: "2026-10-01T09:00:00Z", sessions_per_week_planned: 3, sessions_last_week: 1 };
    const flags = participantFlags(p, [metric({ rci: reliable(0.7, 0.4) })], NOW);
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
