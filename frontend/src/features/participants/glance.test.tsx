import { render, screen } from "../../test/render";
import { describe, expect, it } from "vitest";
import { axisTick } from "./MetricPanel";
import { FlagList, changeFlags, missedLastWeek, participantFlags } from "./glance";
import { metricFixture } from "./metricFixture";

const metric = metricFixture;

describe("the participant list at a glance", () => {
  it("flags only the words a planned reading gives, never an exploratory trend", () => {
    const decline = metric({ role: "primary", words: ["reliable decline", "decline"] });
    expect(changeFlags(decline)).toEqual([
      { kind: "decline", text: "reliable decline: 'Stragedy hit rate" },
      { kind: "decline", text: "decline: 'Stragedy hit rate" },
    ]);
    expect(changeFlags(metric({ role: "primary", words: ["reliable improvement"] }))).toEqual([
      { kind: "improvement", text: "reliable improvement: 'Stragedy hit rate" },
    ]);
    const rising = metric({ trend: { status: "ok", points: 6, min_points: 5, arrow: "up" } });
    expect(changeFlags(rising)).toEqual([]);
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
    const flags = participantFlags(p, [metric({ role: "primary", words: ["reliable decline"] })]);
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
