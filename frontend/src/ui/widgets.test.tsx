import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Sparkline, TrendArrow, formatValue, trendGood } from "./widgets";

describe("dashboard pieces", () => {
  it("formats values by unit", () => {
    expect(formatValue(0.456, "proportion")).toBe("46%");
    expect(formatValue(1830, "ms")).toBe("1.8 s");
    expect(formatValue(420, "ms")).toBe("420 ms");
    expect(formatValue(null, "ms")).toBe("–");
    expect(formatValue(3, "slots")).toBe("3");
  });

  it("reads a trend arrow against the metric's direction", () => {
    expect(trendGood({ direction: "lower_better", trend: { arrow: "down" } as never })).toBe(true);
    expect(trendGood({ direction: "higher_better", trend: { arrow: "down" } as never })).toBe(
      false,
    );
    expect(trendGood({ direction: "neutral", trend: { arrow: "up" } as never })).toBeNull();
    render(<TrendArrow metric={{ direction: "higher_better", trend: { arrow: "up" } as never }} />);
    expect(screen.getByText(/rising \(improving\)/)).toBeInTheDocument();
  });

  it("draws a sparkline, skipping missing values", () => {
    render(<Sparkline values={[0.2, null, 0.5, 0.4]} label="recall over sessions" />);
    const svg = screen.getByRole("img", { name: "recall over sessions" });
    expect(svg.querySelector("path")?.getAttribute("d")?.match(/[ML]/g)).toHaveLength(3);
  });
});
