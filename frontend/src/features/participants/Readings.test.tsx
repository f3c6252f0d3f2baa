import { render, screen } from "../../test/render";
import { describe, expect, it } from "vitest";
import { LatestValue } from "./glance";
import { chartRows, testId } from "./MetricPanel";
import { metricFixture } from "./metricFixture";

describe("a measure's readings on the participant page", () => {
  it("writes the latest value with its n and its session", () => {
    render(<LatestValue metric={metricFixture()} />);
    expect(screen.getByText("40%")).toBeInTheDocument();
    expect(screen.getByText("(n = 12, session 3)")).toBeInTheDocument();
  });

  it("charts sessions by their own numbers, with gaps, and the fitted trend's two ends", () => {
    const metric = metricFixture({
      series: [
        { session: 2, session_id: 1, date: null, value: 0.5, n: 12, counted: true },
        { session: 4, session_id: 2, date: null, value: null, n: 0, counted: false },
        { session: 5, session_id: 3, date: null, value: 0.7, n: 12, counted: true },
      ],
      trend: {
        status: "ok",
        points: 5,
        min_points: 5,
        first_session: 2,
        last_session: 5,
        fitted_first: 0.52,
        fitted_last: 0.69,
        arrow: "flat",
      },
    });
    expect(chartRows(metric)).toEqual([
      { name: "#2", value: 0.5, trend: 0.52 },
      { name: "#4", value: null, trend: null },
      { name: "#5", value: 0.7, trend: 0.69 },
    ]);
  });

  it("names a game's measure apart from the other game's", () => {
    expect(testId(metricFixture({ key: "tricks_won" }))).toBe("tricks_won");
    expect(testId(metricFixture({ key: "tricks_won", game: "mendikot" }))).toBe(
      "tricks_won-mendikot",
    );
  });
});
