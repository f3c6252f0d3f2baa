import { act } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activate } from "../../i18n/i18n";
import { practiceWords, rciWords, valuesWords } from "./CohortTab";

const point = {
  point: 2,
  kind: "post_training",
  label: "",
  when: "session 6",
  control_n: 3,
  practice_gain: 0.05,
  practice_sd: 0.1,
  control_rci_n: 3,
  control_rci_sd: 1.2,
  control_rci_sd_low: 0.62,
  control_rci_sd_high: 7.54,
};

describe("the cohort's control-arm figures", () => {
  it("give a proportion's practice gain as signed points, with its SD", () => {
    expect(practiceWords(0.05, 0.1, "proportion")).toBe("practice +5 points (SD 10 points)");
    expect(practiceWords(-1.5, null, "tricks")).toBe("practice −1.50");
  });

  it("give the SD of the controls' RCIs with its interval", () => {
    expect(rciWords(point)).toBe("SD of their RCIs 1.20 (95% CI 0.62 to 7.54; n = 3)");
    const bare = { ...point, control_rci_sd_low: null, control_rci_sd_high: null };
    expect(rciWords(bare)).toBe("SD of their RCIs 1.20 (n = 3)");
  });
});

describe("a measure's values across the cohort", () => {
  afterEach(async () => {
    await act(() => activate("en"));
  });

  it("are parted with the reader's comma", async () => {
    const values = { n: 6, mean: 6, sd: 1.5, unit: "tricks" };
    expect(valuesWords(values)).toBe("n = 6, mean 6, SD 1.50");
    await act(() => activate("ar"));
    const arabic = valuesWords(values);
    expect(arabic.split("، ")).toHaveLength(3);
    expect(arabic).not.toContain(",");
  });
});
