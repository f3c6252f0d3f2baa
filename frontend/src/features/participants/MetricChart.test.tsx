import { act, render, screen } from "../../test/render";
import { afterEach, describe, expect, it } from "vitest";
import { activate } from "../../i18n/i18n";
import { MetricPanel } from "./MetricPanel";
import { metricFixture } from "./metricFixture";

afterEach(async () => {
  await act(() => activate("en"));
});

/** Each session's dot on the chart, from its first session to its last, by x. */
function sessionDots(container: HTMLElement): number[] {
  const dots = container.querySelectorAll(".recharts-line-dots circle");
  return Array.from(dots).map((dot) => Number(dot.getAttribute("cx")));
}

describe("a measure's chart in the reader's direction", () => {
  it("runs the sessions left to right in English, the first session on the left", () => {
    const { container } = render(<MetricPanel metric={metricFixture()} />);
    const xs = sessionDots(container);
    expect(xs).toHaveLength(3);
    expect(xs[0]).toBeLessThan(xs[2]);
  });

  it("runs them right to left in Arabic, with the values' axis and the words on the reader's side", async () => {
    await act(() => activate("ar"));
    const { container } = render(<MetricPanel metric={metricFixture()} />);
    const xs = sessionDots(container);
    expect(xs).toHaveLength(3);
    // The first session's point lies to the right of the last.
    expect(xs[0]).toBeGreaterThan(xs[1]);
    expect(xs[1]).toBeGreaterThan(xs[2]);
    // The values' axis stands on the right, where the reader starts: at the first session's x.
    const yAxis = container.querySelector(".recharts-yAxis .recharts-cartesian-axis-line");
    expect(Number(yAxis?.getAttribute("x1"))).toBeGreaterThanOrEqual(xs[0]);
    expect(screen.getByText("الأعلى أفضل", { exact: false })).toBeInTheDocument();
    const legend = container.querySelector(".recharts-legend-wrapper");
    expect(legend?.textContent).toContain("كل جلسة");
  });
});
