import { render, screen } from "../test/render";
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

  it("judges a trend only at a primary measure's assessment point", () => {
    const at = (arrow: string) => [{ trend: { status: "ok", arrow } }] as never;
    const primary = (direction: string, arrow: string) =>
      ({ direction, role: "primary", trend: null, assessments: at(arrow) }) as never;
    expect(trendGood(primary("lower_better", "down"))).toBe(true);
    expect(trendGood(primary("higher_better", "down"))).toBe(false);
    expect(trendGood(primary("neutral", "up"))).toBeNull();
    const exploratory = {
      direction: "higher_better",
      role: "exploratory",
      trend: { status: "ok", arrow: "up" },
      assessments: [],
    } as never;
    expect(trendGood(exploratory)).toBeNull();
    const { unmount } = render(<TrendArrow metric={primary("higher_better", "up")} />);
    expect(screen.getByText(/rising \(improvement\)/)).toBeInTheDocument();
    unmount();
    render(<TrendArrow metric={exploratory} />);
    expect(screen.getByText("rising (exploratory)")).toBeInTheDocument();
  });

  it("draws a sparkline, skipping missing values", () => {
    render(<Sparkline values={[0.2, null, 0.5, 0.4]} label="recall over sessions" />);
    const svg = screen.getByRole("img", { name: "recall over sessions" });
    expect(svg.querySelector("path")?.getAttribute("d")?.match(/[ML]/g)).toHaveLength(3);
  });
});
